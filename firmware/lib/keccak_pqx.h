/* Helpers of the Keccak-family kernels' PQX builds (keccak_f.c, sha3_256.c, shake.c,
 * gen_matrix.c, slh_hash.c, wots_chain.c).
 *
 * Scheduling. The compiler treats a pqx.h statement as a one-cycle instruction whose result is
 * ready at once and knows nothing of the core's rs3 erratum, so left alone it puts an index
 * constant right before the R4 instruction that reads it (verif/soc/errata.py then pads two nops)
 * and an offloaded result or a loaded word right before its use (a one-cycle stall on the
 * CV32E40X). KPQX_PIN(x) is an empty volatile statement that claims to modify x: x is computed
 * before it and cannot be recomputed after it, and it keeps its place among the pqx.h statements
 * (all volatile). Pinning an index one PQX instruction ahead of its use, or a loaded word one
 * instruction ahead, fixes the schedule without writing assembly.
 *
 * Sponge on PQX (docs/isa.md): KINIT (S = O = 0); KABSORB per 8 input bytes (S[i..i+1] ^= two
 * words); KPERM per block (O = Keccak-f(S), S = O); STORE i reads O[i]. The padding is built in
 * registers from the message's last word; the padding's zero words are not absorbed. */
#ifndef KECCAK_PQX_H
#define KECCAK_PQX_H

#include <stdint.h>
#include "pqx.h"

#define KPQX_PIN(x) __asm__ volatile("" : "+r"(x))
#define KPQX_PIN2(x, y) __asm__ volatile("" : "+r"(x), "+r"(y))
#define KPQX_INLINE static inline __attribute__((always_inline))


/* n <= 21 word pairs into S[0 .. 2n-1], KABSORB (xor = 1) or LOAD (xor = 0); pair k is
 * w[2k], w[2k+1], or src[k][0], src[k][1] when src is given (separate buffers, e.g. PK.seed,
 * ADRS and a message for the SLH-DSA hashes). Per pair: the PQX instruction, lw, lw (next pair),
 * addi (index of the pair after next): four instructions, the words one instruction old at their
 * use, two index registers used alternately so that each rs3 is four instructions old (erratum 1);
 * pair 0 uses x0. Straight-line code (n is a constant in every caller; the steps past n fold
 * away): the compiler's loop unroller gave up on a loop form inside a block loop. */
#define KPQX_PAIR_A_(k) (src ? src[k][0] : w[2 * (k)])
#define KPQX_PAIR_B_(k) (src ? src[k][1] : w[2 * (k) + 1])
#define KPQX_STEP_(k, ix)                                              \
    if ((k) < n) {                                                     \
        if (xor)                                                       \
            pqx_kabsorb(a, b, ix);                                     \
        else                                                           \
            pqx_load(a, b, ix);                                        \
        if ((k) + 1 < n) {                                             \
            a = KPQX_PAIR_A_((k) + 1);                                 \
            b = KPQX_PAIR_B_((k) + 1);                                 \
            KPQX_PIN2(a, b);                                           \
        }                                                              \
        if ((k) + 2 < n) {                                             \
            ix += 4;                                                   \
            KPQX_PIN(ix);                                              \
        }                                                              \
    }
KPQX_INLINE void kpqx_pairs(const uint32_t *w, const uint32_t *const *src, unsigned n, int xor)
{
    if (n == 0)
        return;
    uint32_t ia = 0, ib = 2, a = KPQX_PAIR_A_(0), b = KPQX_PAIR_B_(0);
    if (n > 1)
        KPQX_PIN(ib);
    KPQX_PIN2(a, b);
    if (xor)                                  /* pair 0 */
        pqx_kabsorb(a, b, 0);
    else
        pqx_load(a, b, 0);
    if (n > 1) {
        a = KPQX_PAIR_A_(1);
        b = KPQX_PAIR_B_(1);
        KPQX_PIN2(a, b);
    }
    if (n > 2) {
        ia = 4;
        KPQX_PIN(ia);
    }
    KPQX_STEP_(1, ib)  KPQX_STEP_(2, ia)  KPQX_STEP_(3, ib)  KPQX_STEP_(4, ia)
    KPQX_STEP_(5, ib)  KPQX_STEP_(6, ia)  KPQX_STEP_(7, ib)  KPQX_STEP_(8, ia)
    KPQX_STEP_(9, ib)  KPQX_STEP_(10, ia) KPQX_STEP_(11, ib) KPQX_STEP_(12, ia)
    KPQX_STEP_(13, ib) KPQX_STEP_(14, ia) KPQX_STEP_(15, ib) KPQX_STEP_(16, ia)
    KPQX_STEP_(17, ib) KPQX_STEP_(18, ia) KPQX_STEP_(19, ib) KPQX_STEP_(20, ia)
}

KPQX_INLINE void kpqx_absorb_pairs(const uint32_t *w, unsigned n)
{
    kpqx_pairs(w, 0, n, 1);
}

KPQX_INLINE void kpqx_load_list(const uint32_t *const *src, unsigned n)
{
    kpqx_pairs(0, src, n, 0);
}

/* The last (partial) block of a sponge input: len < rate bytes at w, then the domain bits
 * (suffix) and pad10*1. Only the data pairs, the pair holding the suffix byte and the pair
 * holding the block's last byte (0x80) are absorbed; the bytes of w past len are masked off. */
KPQX_INLINE void kpqx_absorb_last(const uint32_t *w, uint32_t len, unsigned rate, uint32_t suffix)
{
    const unsigned full = len / 8, r = len % 8, endp = rate / 4 - 2;
    uint32_t lo, hi;
    if (r < 4) {
        lo = (r ? w[2 * full] & ((1u << (8 * r)) - 1) : 0) | suffix << (8 * r);
        hi = 0;
    } else {
        lo = w[2 * full];
        hi = (r > 4 ? w[2 * full + 1] & ((1u << (8 * (r - 4))) - 1) : 0) | suffix << (8 * (r - 4));
    }
    if (2 * full == endp)
        hi |= 0x80000000u;
    uint32_t it = 2 * full, ie = endp;
    KPQX_PIN2(lo, hi);
    KPQX_PIN2(it, ie);      /* rs3 of the last two KABSORBs, written long before them */
    kpqx_absorb_pairs(w, full);
    pqx_kabsorb(lo, hi, it);
    if (2 * full != endp)
        pqx_kabsorb(0, 0x80000000u, ie);
}

/* The whole input (len bytes at w) absorbed, the last permutation done: O (and S) hold the first
 * output block. */
KPQX_INLINE void kpqx_absorb(const uint32_t *w, uint32_t len, unsigned rate, uint32_t suffix)
{
    const uint32_t blocks = len / rate;     /* a constant when len is: every loop unrolls */
    pqx_kinit();
    for (uint32_t b = 0; b < blocks; b++) {
        kpqx_absorb_pairs(w + b * (rate / 4), rate / 8);
        pqx_kperm();
    }
    kpqx_absorb_last(w + blocks * (rate / 4), len % rate, rate, suffix);
    pqx_kperm();
}

/* out[0 .. n-1] = O[0 .. n-1]: STORE k+1 issues before the sw of word k (an offloaded result is
 * one cycle late); three instructions per word (STORE, index addi, sw). */
KPQX_INLINE void kpqx_store_words(uint32_t *out, unsigned n)
{
    uint32_t ix = 1, r0, r1;
    KPQX_PIN(ix);
    r0 = pqx_store(0);
#pragma clang loop unroll(full)
    for (unsigned k = 0; k + 1 < n; k++) {
        r1 = pqx_store(ix);
        if (k + 2 < n) {
            ix += 1;
            KPQX_PIN(ix);
        }
        KPQX_PIN(r0);
        out[k] = r0;
        r0 = r1;
    }
    out[n - 1] = r0;
}

/* KINIT, then SHAKE128 of rho (8 words) || b0 || b1 padded, permuted: the matrix samplers' XOF
 * (FIPS 203 SampleNTT, FIPS 204 RejNTTPoly). The first output block is in O. */
KPQX_INLINE void kpqx_shake128_seed34(const uint32_t *rho, unsigned b0, unsigned b1)
{
    uint32_t bb = b0 | b1 << 8 | 0x1Fu << 16, i2 = 2, i4 = 4, i6 = 6, i8 = 8, i40 = 40;
    KPQX_PIN2(i2, i4);
    KPQX_PIN2(i6, i8);
    KPQX_PIN2(i40, bb);
    pqx_kinit();
    pqx_load(rho[0], rho[1], 0);
    pqx_load(rho[2], rho[3], i2);
    pqx_load(rho[4], rho[5], i4);
    pqx_load(rho[6], rho[7], i6);
    pqx_load(bb, 0, i8);                    /* rho || b0 || b1, then 0x1F */
    pqx_load(0, 0x80000000u, i40);          /* the rate's last byte (168 = 4 * 42) */
    pqx_kperm();
}

/* out[0 .. n-1] = O[0 .. n-1] for an n known only at run time (a plain loop) */
static inline void kpqx_store_words_n(uint32_t *out, unsigned n)
{
    for (unsigned k = 0; k < n; k++)
        out[k] = pqx_store(k);
}

/* nwords output words of a sponge whose first output block is in O (after kpqx_absorb): the
 * rate's words by STORE, a KPERM before every further block. */
KPQX_INLINE void kpqx_squeeze(uint32_t *out, uint32_t nwords, unsigned rate)
{
    while (nwords > rate / 4) {
        kpqx_store_words(out, rate / 4);
        pqx_kperm();
        out += rate / 4;
        nwords -= rate / 4;
    }
    kpqx_store_words(out, nwords);
}

#endif /* KECCAK_PQX_H */
