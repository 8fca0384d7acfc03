/* Kills of accepted PQX instructions by the core. This core issues an offloaded instruction in
 * ID and commits it in EX; a taken branch resolves in EX and removes the instruction behind it
 * from ID before its issue handshake, so branches make no kills of accepted instructions here.
 * Exceptions do: a PQX instruction accepted while an older instruction raises an exception is
 * killed (commit_kill = 1) when the exception is taken in WB.
 *
 * Each case: an illegal instruction (a word PQX rejects: illegal-instruction exception) directly
 * followed by COMPARE_U32 rd, a, a. A trap handler of this program skips the illegal instruction
 * (mepc += 4, mret), so the COMPARE_U32 is issued again and must give rd = 1 exactly once. With
 * `make run CHECK=1` the scoreboard's summary counts the killed instructions; a bridge that
 * dropped the kill (forwarded a plain commit) leaves PQX a result the core never takes, and the
 * core then takes it for the next PQX instruction (the lockstep reports the wrong value). */
#include <stdint.h>
#include "pqx_rt.h"

__asm__(".p2align 7\n"
        "skip_trap:\n\t"
        "csrw mscratch, t0\n\t"
        "csrr t0, mepc\n\t"
        "addi t0, t0, 4\n\t"
        "csrw mepc, t0\n\t"
        "csrr t0, mscratch\n\t"
        "mret\n");
extern char skip_trap[];

static uint32_t illegal_then_compare(uint32_t a)
{
    uint32_t rd = 7;
    __asm__ volatile(".insn r 0x3b, 7, 0x7f, zero, zero, zero\n\t"
                     ".insn r 0x3b, 7, 0x79, %0, %1, %1"
                     : "+r"(rd) : "r"(a));
    return rd;
}

int main(void)
{
    uint32_t saved, bad = 0;
    __asm__ volatile("csrr %0, mtvec" : "=r"(saved));
    __asm__ volatile("csrw mtvec, %0" : : "r"(skip_trap));
    for (uint32_t k = 0; k < 8; k++)
        bad += illegal_then_compare(0x2000u + k) != 1u;
    __asm__ volatile("csrw mtvec, %0" : : "r"(saved));
    pqx_puts("trap_kill: ");
    pqx_putdec(8 - bad);
    pqx_puts(" of 8 right\n");
    return (int)bad;
}
