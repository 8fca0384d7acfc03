/* Smoke test of a few PQX instructions with known operands, through the host core.
 *
 * Returns 0 when every value is right, else the number of the first wrong check (1..6); each
 * wrong value is also printed. `make run FW=firmware/examples/pqx_smoke.c`
 *
 * Host-core errata (docs/soc.md, CV32E40X 0.6.0 on the eXtension interface):
 *  1. rs3 is not forwarded: an R4 instruction (LOAD, KABSORB, the butterflies) reads rs3 straight
 *     from the register file, so the instruction that writes rs3 must be at least two instructions
 *     earlier. PQX_R4_GAP() below makes the three operands register values before two `nop`s
 *     (the "+r" constraints stop the compiler from materialising or moving them after the nops),
 *     then the R4 instruction follows.
 *  2. A PQX instruction with a result that is issued while EX is stalled (right after a div,
 *     mulhu or csrr) loses its register write. This file therefore has no division and no CSR
 *     access, and nothing multi-cycle is placed just before a PQX instruction.
 */
#include <stdint.h>

#include "pqx.h"
#include "pqx_rt.h"

#define PQX_R4_GAP(a, b, c) __asm__ volatile("nop\n\tnop" : "+r"(a), "+r"(b), "+r"(c))

/* Keccak-f[1600] of S = {0x01234567, 0x89abcdef, 0, ..., 0} (50 words, lane i = words 2i, 2i+1,
 * low word first), computed in Python with a textbook Keccak-f (FIPS 202; its all-zero-state
 * output lane 0 is 0xf1258f7940e1dde7) and cross-checked with verif/models/keccak.py. */
#define LOAD_W0 0x01234567u
#define LOAD_W1 0x89abcdefu
#define KF_O0   0xd986f245u
#define KF_O1   0x49aba530u
#define KF_O2   0x61b23fa7u
#define KF_O49  0xbd497fe5u

static int first_bad;

static void check(int id, const char *what, uint32_t got, uint32_t want)
{
    if (got == want)
        return;
    pqx_puts("pqx_smoke: check ");
    pqx_putdec((uint32_t)id);
    pqx_puts(" (");
    pqx_puts(what);
    pqx_puts("): got ");
    pqx_puthex(got);
    pqx_puts(", expected ");
    pqx_puthex(want);
    pqx_putc('\n');
    if (!first_bad)
        first_bad = id;
}

int main(void)
{
    uint32_t x = 0xcafef00du, y = 0xcafef00cu;
    check(1, "COMPARE_U32 equal", pqx_compare_u32(x, x), 1);
    check(2, "COMPARE_U32 unequal", pqx_compare_u32(x, y), 0);

    uint32_t w0 = LOAD_W0, w1 = LOAD_W1, pair = 0;
    pqx_kinit();                           /* S = O = 0 */
    PQX_R4_GAP(w0, w1, pair);
    pqx_load(w0, w1, pair);                /* S[0] = w0, S[1] = w1 */
    pqx_kstart();                          /* O = Keccak-f[1600](S) */
    uint32_t o0 = pqx_store(0);
    uint32_t o1 = pqx_store(1);
    uint32_t o2 = pqx_store(2);
    uint32_t o49 = pqx_store(49);
    check(3, "STORE O[0]", o0, KF_O0);
    check(4, "STORE O[1]", o1, KF_O1);
    check(5, "STORE O[2]", o2, KF_O2);
    check(6, "STORE O[49]", o49, KF_O49);

    if (!first_bad)
        pqx_puts("pqx_smoke: all 6 checks passed\n");
    return first_bad;
}
