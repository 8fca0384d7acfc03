/* Directed test of the SoC bridge against the host core's erratum 2 (docs/soc.md): a PQX
 * instruction with a result (COMPARE_U32 of equal words: rd = 1) right after a multi-cycle PQX
 * instruction (KPERM, KSTART, MODP_MONTYMUL) at distance 0..2, back to back, and after a CSR read
 * with one instruction between. rd starts as a sentinel; a lost register write leaves it there.
 * The bridge's hold (no issue handshake while a multi-cycle result is outstanding) makes every case
 * pass; without it 5 of the 13 lose their write. The case `csrr` directly followed by a PQX
 * instruction is the same erratum through a CSR stall, which no bridge can fix: it is printed as
 * information, not checked. Exit code = number of failed cases.
 */
#include <stdint.h>
#include "pqx.h"
#include "pqx_rt.h"

#define CMP_A0 ".insn r 0x3b, 7, 0x79, a0, a1, a1\n\t"
#define KPERM  ".insn r4 0x6b, 1, 2, zero, zero, zero, zero\n\t"
#define KSTART ".insn r4 0x6b, 1, 0, zero, zero, zero, zero\n\t"
#define MONTY  ".insn r4 0x6b, 6, 2, t0, a1, a1, a1\n\t"
#define SENT   "li a0, 0x5a5a\n\tli a1, 7\n\tnop\n\tnop\n\t"

#define T(name, body) do { uint32_t r; __asm__ volatile(SENT body "mv %0, a0" : "=r"(r) : : "a0","a1","t0","memory"); pqx_check(name, r, 1); } while (0)

int main(void) {
    pqx_kinit();
    T("kperm+cmp",          KPERM CMP_A0);
    T("kperm+nop+cmp",      KPERM "nop\n\t" CMP_A0);
    T("kperm+2nop+cmp",     KPERM "nop\n\tnop\n\t" CMP_A0);
    T("kperm+add+cmp",      KPERM "addi t0, t0, 1\n\t" CMP_A0);
    T("kstart+cmp",         KSTART CMP_A0);
    T("kperm+kperm+cmp",    KPERM KPERM CMP_A0);
    T("monty+cmp",          MONTY CMP_A0);
    T("monty+nop+cmp",      MONTY "nop\n\t" CMP_A0);
    T("monty+monty+cmp",    MONTY MONTY CMP_A0);
    T("cmp+kperm+cmp",      CMP_A0 KPERM CMP_A0);
    T("csrr+nop+cmp",       "csrr t0, mcycle\n\tnop\n\t" CMP_A0);
    T("csrr+nop+cmp+cmp",   "csrr t0, mcycle\n\tnop\n\t" CMP_A0 CMP_A0);
    T("kperm+csrr+nop+cmp", KPERM "csrr t0, mcycle\n\tnop\n\t" CMP_A0);
    /* known core erratum (not fixed by the bridge): csrr right before */
    uint32_t r;
    __asm__ volatile(SENT "csrr t0, mcycle\n\t" CMP_A0 "mv %0, a0" : "=r"(r) : : "a0","a1","t0","memory");
    pqx_puts("info csrr+cmp (erratum 2 via CSR stall): "); pqx_puthex(r); pqx_putc('\n');
    /* cycle cost */
    uint32_t c0 = pqx_cycles();
    __asm__ volatile("nop\n\tnop\n\t" KPERM "nop\n\tnop\n\t" ::: "memory");
    uint32_t c1 = pqx_cycles();
    pqx_puts("kperm block cycles: "); pqx_putdec(c1 - c0); pqx_putc('\n');
    if (!pqx_check_failures()) pqx_puts("bridge_dir: all passed\n");
    return pqx_check_failures();
}
