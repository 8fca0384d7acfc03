/* Reproduction of the host core's erratum 2 (docs/errata.md): an offloaded instruction whose issue
 * handshake happens while EX is stalled (here by a `div`, then by a `csrr`) loses its register
 * write.
 *
 * Each case puts COMPARE_U32 rd, a, a (rd = 1) directly after the stalling instruction, with rd
 * preset to a sentinel 0x5a5a5a5a, and prints what rd holds afterwards: 1 (right) or the sentinel
 * (the write was lost: erratum 2). Built as is, the project's errata pass (verif/soc/errata.py)
 * puts a nop between the two and both cases are right; built with ERRATA=0 they show the
 * erratum. Exit code: the number of cases with a lost write. */
#include <stdint.h>
#include "pqx_rt.h"

/* COMPARE_U32 rd, rs1, rs2: .insn r 0x3b, 7, 0x79 */
static uint32_t after_div(uint32_t a, uint32_t n, uint32_t d)
{
    uint32_t rd = 0x5a5a5a5au, q;
    __asm__ volatile("div %1, %2, %3\n\t"
                     ".insn r 0x3b, 7, 0x79, %0, %4, %4"
                     : "+r"(rd), "=&r"(q) : "r"(n), "r"(d), "r"(a));
    (void)q;
    return rd;
}

static uint32_t after_csrr(uint32_t a)
{
    uint32_t rd = 0x5a5a5a5au, c;
    __asm__ volatile("csrr %1, mcycle\n\t"
                     ".insn r 0x3b, 7, 0x79, %0, %2, %2"
                     : "+r"(rd), "=&r"(c) : "r"(a));
    (void)c;
    return rd;
}

static int report(const char *what, uint32_t rd)
{
    pqx_puts(what);
    pqx_puthex(rd);
    pqx_puts(rd == 1u ? " (right)\n" : rd == 0x5a5a5a5au ? " (write lost: erratum 2)\n"
                                                          : " (neither)\n");
    return rd != 1u;
}

int main(void)
{
    int lost = report("after div: ", after_div(0x1234u, 1000000u, 7u));
    lost += report("after csrr: ", after_csrr(0x1234u));
    return lost;
}
