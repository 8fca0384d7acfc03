/* Keccak-f[1600] with the state loaded from and stored to memory (HORCRUX Table VII: 385 cycles
 * with its custom instructions, state I/O included). Input STATE: 50 words (lane i = words 2i,
 * 2i+1, low first); output: the permuted 50 words.
 *   baseline  keccak_f1600_sw() on 25 64-bit lanes (keccak_sw.h)
 *   PQX       25 LOADs into S, KSTART (O = Keccak-f(S)), 50 STOREs from O
 * Measured region: from the state in memory (st) to the permuted state back in st, as HORCRUX's
 * figure (its KSTART alone is 24 cycles; the rest is state I/O).
 *
 * The PQX build is scheduled by hand (the compiler does not know that an offloaded result, like a
 * load, is one cycle late, nor the rs3 erratum), fully unrolled, one instruction per cycle:
 *   LOAD phase  lw, lw (next pair), addi (index), LOAD: the two lw results are one instruction
 *               old at the LOAD (no load-use stall), and each LOAD's rs3 (two index registers used
 *               alternately, +4 per use) was written four instructions before (erratum 1: two).
 *   STORE phase STORE, addi (index), sw of the previous STORE's result (no result-use stall).
 *               Pairs 4..24 got fresh index registers in the LOAD phase (li instead of addi, same
 *               cost) that stay live across KSTART: their STOREs need only the odd index (addi),
 *               5 instructions per two words instead of 6 (254 cycles; the bound with one
 *               instruction per distinct index, lw, sw, LOAD, STORE and the 24-cycle KSTART is
 *               about 249).
 * KPQX_PIN (keccak_pqx.h) forces a value into a register at that point of the program order: it is
 * what fixes the schedule, since the compiler may move plain C loads and arithmetic but not the
 * volatile pqx.h statements and pins relative to each other. */
#include "kernel.h"
#include "kernel_input.h"
#if PQX_KERNEL
#include "keccak_pqx.h"
#else
#include "keccak_sw.h"
#endif

static uint32_t st[50];

#if PQX_KERNEL
/* LOAD pair k with index register ix; preload pair k+1 */
#define LD(k, ix)                                                      \
    pqx_load(a, b, ix);                                                \
    a = st[2 * (k) + 2];                                               \
    b = st[2 * (k) + 3];                                               \
    KPQX_PIN2(a, b)
/* the index of a later LOAD: a running register, or a fresh one kept for the STORE phase */
#define RUN(ix) ix += 4; KPQX_PIN(ix)
#define NEW(k) uint32_t e##k = 2 * (k); KPQX_PIN(e##k)
/* STORE word k+1 (running index), then write word k (read by the previous STORE) */
#define SSTEP(k)                                                       \
    r1 = pqx_store(ix);                                                \
    ix += 1;                                                           \
    KPQX_PIN(ix);                                                      \
    KPQX_PIN(r0);                                                      \
    st[k] = r0;                                                        \
    r0 = r1
/* STORE words 2k, 2k+1 with the LOAD phase's index register e<k>; write words 2k-1, 2k */
#define SPAIR(k)                                                       \
    r1 = pqx_store(e##k);                                              \
    KPQX_PIN(r0);                                                      \
    st[2 * (k) - 1] = r0;                                              \
    r0 = pqx_store(e##k + 1);                                          \
    KPQX_PIN(r1);                                                      \
    st[2 * (k)] = r1
#endif

int main(void)
{
    for (unsigned i = 0; i < 50; i++)
        st[i] = STATE[i];
#if !PQX_KERNEL
    keccak_f1600_sw((uint64_t *)st);   /* warm the round-constant tables outside the region */
    for (unsigned i = 0; i < 50; i++)
        st[i] = STATE[i];
#endif
    KERNEL_BEGIN();
#if PQX_KERNEL
    uint32_t ia = 4, ib = 2, a = st[0], b = st[1];
    KPQX_PIN(ib);
    KPQX_PIN2(a, b);
    LD(0, 0);    KPQX_PIN(ia);    /* pair 0: index 0 is x0 */
    LD(1, ib);   RUN(ib);
    LD(2, ia);   NEW(4);         /* pairs 4..24 keep their index registers for the STOREs */
    LD(3, ib);   NEW(5);
    LD(4, e4);   NEW(6);
    LD(5, e5);   NEW(7);
    LD(6, e6);   NEW(8);
    LD(7, e7);   NEW(9);
    LD(8, e8);   NEW(10);
    LD(9, e9);   NEW(11);
    LD(10, e10); NEW(12);
    LD(11, e11); NEW(13);
    LD(12, e12); NEW(14);
    LD(13, e13); NEW(15);
    LD(14, e14); NEW(16);
    LD(15, e15); NEW(17);
    LD(16, e16); NEW(18);
    LD(17, e17); NEW(19);
    LD(18, e18); NEW(20);
    LD(19, e19); NEW(21);
    LD(20, e20); NEW(22);
    LD(21, e21); NEW(23);
    LD(22, e22); NEW(24);
    LD(23, e23);
    pqx_load(a, b, e24);
    pqx_kstart();
    uint32_t ix = 1, r0, r1;
    KPQX_PIN(ix);
    r0 = pqx_store(0);
    SSTEP(0);  SSTEP(1);  SSTEP(2);  SSTEP(3);  SSTEP(4);  SSTEP(5);  SSTEP(6);
    SPAIR(4);  SPAIR(5);  SPAIR(6);  SPAIR(7);  SPAIR(8);  SPAIR(9);  SPAIR(10); SPAIR(11);
    SPAIR(12); SPAIR(13); SPAIR(14); SPAIR(15); SPAIR(16); SPAIR(17); SPAIR(18); SPAIR(19);
    SPAIR(20); SPAIR(21); SPAIR(22); SPAIR(23); SPAIR(24);
    st[49] = r0;
#else
    keccak_f1600_sw((uint64_t *)st);
#endif
    KERNEL_END();
    kernel_out_words(st, 50);
    return 0;
}
