/* Reproduction of the host core's erratum 1 (docs/soc.md): with X_NUM_RS = 3 the CV32E40X does not
 * forward rs3 into the eXtension interface; an R4 instruction whose rs3 was written by one of the
 * two instructions just before it gets the register's old value.
 *
 * BFNTTK a, b, z with a = 0x123, b = 0x456: z is first 1 in t0, then `li t0, 0x5a5` is placed
 * 0, 1 or 2 instructions before the BFNTTK. Expected results (verif/models, BFNTTK): z = 0x5a5 gives
 * 0xff9702af, the stale z = 1 gives 0xfc9505b1. The program prints what each distance gave; it
 * fails (exit 1) only if distance 2, which the core handles, is wrong. Distances 0 and 1 show the
 * erratum: no check of this SoC catches that yet (CHECK=1, lockstep, is issue 10's next step).
 */
#include <stdint.h>
#include "pqx_rt.h"

#define BFNTTK_T0 ".insn r4 0x6b, 7, 0, %0, %1, %2, t0\n\t"

static uint32_t at_distance(int d, uint32_t a, uint32_t b)
{
    uint32_t r;
    switch (d) {
    case 0:
        __asm__ volatile("li t0, 1\n\tnop\n\tnop\n\tnop\n\tli t0, 0x5a5\n\t" BFNTTK_T0
                         : "=&r"(r) : "r"(a), "r"(b) : "t0");
        break;
    case 1:
        __asm__ volatile("li t0, 1\n\tnop\n\tnop\n\tnop\n\tli t0, 0x5a5\n\tnop\n\t" BFNTTK_T0
                         : "=&r"(r) : "r"(a), "r"(b) : "t0");
        break;
    default:
        __asm__ volatile("li t0, 1\n\tnop\n\tnop\n\tnop\n\tli t0, 0x5a5\n\tnop\n\tnop\n\t" BFNTTK_T0
                         : "=&r"(r) : "r"(a), "r"(b) : "t0");
        break;
    }
    return r;
}

int main(void)
{
    const uint32_t want = 0xff9702afu, stale = 0xfc9505b1u;
    uint32_t got[3];
    for (int d = 0; d < 3; ++d) {
        got[d] = at_distance(d, 0x123, 0x456);
        pqx_puts("distance ");
        pqx_putdec((uint32_t)d);
        pqx_puts(": ");
        pqx_puthex(got[d]);
        pqx_puts(got[d] == want ? " (right)\n" : got[d] == stale ? " (stale rs3: erratum 1)\n"
                                                                 : " (neither)\n");
    }
    return got[2] == want ? 0 : 1;
}
