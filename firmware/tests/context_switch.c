/* Directed test of the context switch (firmware/include/pqx_context.h: SREAD, STORE, POLY_ST to
 * save; LOAD, OWRITE, POLY_LD to restore) behind the host core. Two tasks each use S, O and the
 * polynomial slots in three phases; they run once alone (the reference) and once interleaved,
 * switched after each phase, with an engine run still going at the first switch (the save waits
 * for it). Checked: each task's results equal its uninterrupted run, a restored context reads
 * back exactly as saved (S, O, every slot coefficient), and SREAD / OWRITE out of range raise
 * PQX's exception and change nothing. Under `make run CHECK=1` the lockstep also compares every
 * result with the model. Exit code = number of failed checks. */
#include <stdint.h>
#include "pqx.h"
#include "pqx_context.h"
#include "pqx_rt.h"

#define PHASES 3

static pqx_context_t saved[2];
static pqx_context_t check;
static uint32_t result[2][2][PHASES][4];      /* [alone, switched][task][phase] */

/* One phase of task t: absorb into S, permute, take words of O; transform slot data. */
static void phase(uint32_t t, uint32_t p, uint32_t *out)
{
    uint32_t kem = t, dsa = 4 + 2 * t;          /* task 0: slots 0, 4; task 1: slots 1, 6 */
    if (p == 0) {               /* fill the task's slots from the program's code: fixed words */
        pqx_kinit();
        pqx_poly_ld(0x400u * t, kem);
        pqx_poly_ld(0x400u * t + 0x200u, dsa);
    }
    pqx_kabsorb(0x01020304u * (t + 1) + p, 0xA5A5A5A5u ^ p, 2 * p);
    pqx_kperm();
    pqx_load(pqx_store(3), 0x5EED0000u + 16 * t + p, 10);    /* S differs from O again */
    if (p == 0) {
        pqx_poly_ntt(kem);          /* still running at the switch after this phase */
        pqx_poly_ntt(dsa);
    } else if (p == 1) {
        pqx_poly_pwm(kem, kem);
        pqx_poly_intt(dsa);
    } else {
        pqx_poly_intt(kem);
    }
    out[0] = pqx_store(0);
    out[1] = pqx_sread(10);
    out[2] = pqx_poly_rd(256 * kem + 17 * p + 5);
    out[3] = pqx_poly_rd(256 * dsa + 33 * p + 9);
}

int main(void)
{
    /* 1. each task alone */
    for (uint32_t t = 0; t < 2; t++)
        for (uint32_t p = 0; p < PHASES; p++)
            phase(t, p, result[0][t][p]);

    /* 2. interleaved: task 0 phase 0, switch, task 1 phase 0, switch, ... */
    for (uint32_t p = 0; p < PHASES; p++) {
        for (uint32_t t = 0; t < 2; t++) {
            if (p > 0)
                pqx_context_restore(&saved[t]);
            phase(t, p, result[1][t][p]);
            if (t == 0 && p == 0) {
                uint32_t c0 = pqx_cycles();
                pqx_context_save(&saved[t]);    /* waits for task 0's engine runs */
                pqx_puts("save (engine running) cycles: ");
                pqx_putdec(pqx_cycles() - c0);
                pqx_putc('\n');
            } else {
                pqx_context_save(&saved[t]);
            }
            if (p == 0 && t == 1) {     /* a restore reads back exactly as saved */
                uint32_t c0 = pqx_cycles();
                pqx_context_restore(&saved[0]);
                uint32_t c1 = pqx_cycles();
                pqx_context_save(&check);
                uint32_t c2 = pqx_cycles();
                pqx_puts("restore cycles: "); pqx_putdec(c1 - c0);
                pqx_puts(", save cycles: "); pqx_putdec(c2 - c1); pqx_putc('\n');
                const uint32_t *got = (const uint32_t *)&check, *want = (const uint32_t *)&saved[0];
                for (uint32_t i = 0; i < sizeof check / 4; i++)
                    if (got[i] != want[i]) {
                        pqx_puts("context word ");
                        pqx_putdec(i);
                        pqx_check(" restored", got[i], want[i]);
                    }
            }
        }
    }
    for (uint32_t t = 0; t < 2; t++)
        for (uint32_t p = 0; p < PHASES; p++)
            for (uint32_t k = 0; k < 4; k++)
                pqx_check(t ? "task 1 switched vs alone" : "task 0 switched vs alone",
                          result[1][t][p][k], result[0][t][p][k]);

    /* 3. out of range: exception, nothing changed */
    pqx_context_save(&check);
    pqx_exc_clear();
    (void)pqx_sread(50);
    pqx_owrite(0xDEADBEEFu, 50);
    pqx_owrite(0xDEADBEEFu, 0xFFFFFFFFu);
    pqx_check("SREAD/OWRITE out of range: PQX_EXC", pqx_exc_count(), 3);
    pqx_check("O[0] untouched", pqx_store(0), check.o[0]);
    pqx_check("O[49] untouched", pqx_store(49), check.o[49]);
    pqx_check("S[49] untouched", pqx_sread(49), check.s[49]);

    if (!pqx_check_failures())
        pqx_puts("context_switch: all passed\n");
    return pqx_check_failures();
}
