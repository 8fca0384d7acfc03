/* ML-DSA polynomial kernels on PQX: the PQX builds of the ML-DSA kernels (firmware/kernels/
 * mldsa_ntt.c) and of the ML-DSA firmware (firmware/schemes/mldsa/). Coefficients are int32;
 * every function leaves them in [0, q).
 *   mldsa_ntt_pqx        FIPS 204 NTT (Algorithm 41), in place, input in (-q, q)
 *   mldsa_invntt_pqx     NTT^-1 (Algorithm 42), exact (scaled by R/256 with MQMULD)
 *   mldsa_ntt_mont_pqx   the same, output times R (Montgomery form)
 *   mldsa_dot_pqx        sum of n MultiplyNTTs with b in Montgomery form: one MQMULD each
 *   mldsa_rej_ntt_pqx    RejNTTPoly (Algorithm 30): KREAD3 + REJ_UNIFORM, branch-free
 *   REJ_ETA_WORD         RejBoundedPoly's (Algorithm 31) step on one stream word */
#ifndef MLDSA_PQX_H
#define MLDSA_PQX_H

#include <stdint.h>
#include "pqx.h"
#include "keccak_pqx.h"
#include "ntt_sw.h"

/* RejBoundedPoly's step on one 32-bit stream word (FIPS 204 Algorithm 31, CoeffFromHalfByte): its
 * eight half-bytes, low first, through REJ (pqx_rej_eta2 or pqx_rej_eta4: {valid, value}), all
 * eight first (a PQX result read by the next instruction stalls); then per candidate a store of
 * its value (bit 30 sign-extended, plus QNEG when negative: 0 keeps [-eta, eta], Q gives mod q)
 * and an advance of the int32 pointer o by its valid bit. No branch per candidate, so the time
 * depends only on the number of words read. o needs 7 entries of slack past the last wanted. */
#define REJ_ETA_PUT_(o, r, QNEG)                                           \
    do {                                                                   \
        uint32_t r_ = (r);                                                 \
        int32_t v_ = (int32_t)(r_ << 1) >> 1;                              \
        *(o) = v_ + ((v_ >> 31) & (QNEG));                                 \
        (o) = (int32_t *)((uintptr_t)(o) + ((r_ >> 31) << 2));             \
    } while (0)
#define REJ_ETA_WORD(o, t, REJ, QNEG)                                      \
    do {                                                                   \
        uint32_t t_ = (t);                                                 \
        uint32_t c0_ = REJ(t_, 0), c1_ = REJ(t_, 1);                       \
        uint32_t c2_ = REJ(t_ >> 8, 0), c3_ = REJ(t_ >> 8, 1);             \
        uint32_t c4_ = REJ(t_ >> 16, 0), c5_ = REJ(t_ >> 16, 1);           \
        uint32_t c6_ = REJ(t_ >> 24, 0), c7_ = REJ(t_ >> 24, 1);           \
        REJ_ETA_PUT_(o, c0_, QNEG);                                        \
        REJ_ETA_PUT_(o, c1_, QNEG);                                        \
        REJ_ETA_PUT_(o, c2_, QNEG);                                        \
        REJ_ETA_PUT_(o, c3_, QNEG);                                        \
        REJ_ETA_PUT_(o, c4_, QNEG);                                        \
        REJ_ETA_PUT_(o, c5_, QNEG);                                        \
        REJ_ETA_PUT_(o, c6_, QNEG);                                        \
        REJ_ETA_PUT_(o, c7_, QNEG);                                        \
    } while (0)

static inline int32_t caddq_d(uint32_t x)
{
    int32_t v = (int32_t)x;
    return v + ((v >> 31) & DQ);
}

/* One butterfly: a' = a + zeta b (rd), b' = a - zeta b (H). */
#define BF(a, b, z)                              \
    do {                                         \
        uint32_t s_ = pqx_bfnttd(a, b, z);       \
        b = pqx_bfnttdh();                       \
        a = s_;                                  \
    } while (0)

/* Three layers on the 8 coefficients c[s m], m = 0..7: pairs (m, m+4) with z[0], then (0,2),
 * (1,3) with z[1] and (4,6), (5,7) with z[2], then (2i, 2i+1) with z[3 + i]. */
static inline __attribute__((always_inline)) void bf3(int32_t *c, unsigned s, const uint32_t *z)
{
    uint32_t v0 = (uint32_t)c[0], v1 = (uint32_t)c[s], v2 = (uint32_t)c[2 * s];
    uint32_t v3 = (uint32_t)c[3 * s], v4 = (uint32_t)c[4 * s], v5 = (uint32_t)c[5 * s];
    uint32_t v6 = (uint32_t)c[6 * s], v7 = (uint32_t)c[7 * s];
    BF(v0, v4, z[0]);
    BF(v1, v5, z[0]);
    BF(v2, v6, z[0]);
    BF(v3, v7, z[0]);
    BF(v0, v2, z[1]);
    BF(v1, v3, z[1]);
    BF(v4, v6, z[2]);
    BF(v5, v7, z[2]);
    BF(v0, v1, z[3]);
    BF(v2, v3, z[4]);
    BF(v4, v5, z[5]);
    BF(v6, v7, z[6]);
    c[0] = (int32_t)v0;
    c[s] = (int32_t)v1;
    c[2 * s] = (int32_t)v2;
    c[3 * s] = (int32_t)v3;
    c[4 * s] = (int32_t)v4;
    c[5 * s] = (int32_t)v5;
    c[6 * s] = (int32_t)v6;
    c[7 * s] = (int32_t)v7;
}

KPQX_INLINE void mldsa_ntt_pqx_(int32_t a[256], int mont)
{
    uint32_t z[7];
    /* layers 1-3 (len 128, 64, 32): zetas 1..7 for every group */
    for (unsigned i = 0; i < 7; i++)
        z[i] = (uint32_t)zetas_d[1 + i];
    for (int32_t *c = a; c < a + 32; c++)
        bf3(c, 32, z);
    /* layers 4-6 (len 16, 8, 4): per 32-coefficient block b, zetas 8 + b, 16 + 2b (2),
     * 32 + 4b (4); four groups of stride 4 */
    for (unsigned b = 0; b < 8; b++) {
        z[0] = (uint32_t)zetas_d[8 + b];
        z[1] = (uint32_t)zetas_d[16 + 2 * b];
        z[2] = (uint32_t)zetas_d[17 + 2 * b];
        for (unsigned i = 0; i < 4; i++)
            z[3 + i] = (uint32_t)zetas_d[32 + 4 * b + i];
        for (int32_t *c = a + 32 * b; c < a + 32 * b + 4; c++)
            bf3(c, 4, z);
    }
    /* layers 7-8 (len 2, 1: zetas 64 + i, 128 + 2i, 129 + 2i for block i) with reduce32 +
     * caddq */
    const int32_t *z7 = &zetas_d[64], *z8 = &zetas_d[128];
    for (int32_t *c = a; c < a + 256; c += 4) {
        uint32_t za = (uint32_t)z7[0], zb = (uint32_t)z8[0], zc = (uint32_t)z8[1];
        z7 += 1;
        z8 += 2;
        uint32_t v0 = (uint32_t)c[0], v1 = (uint32_t)c[1], v2 = (uint32_t)c[2], v3 = (uint32_t)c[3];
        BF(v0, v2, za);
        BF(v1, v3, za);
        BF(v0, v1, zb);
        BF(v2, v3, zc);
        uint32_t y0, y1, y2, y3;
        if (mont) {           /* times R: MontD(R^2 v) */
            y0 = pqx_mqmuld(D_R2, v0);
            y1 = pqx_mqmuld(D_R2, v1);
            y2 = pqx_mqmuld(D_R2, v2);
            y3 = pqx_mqmuld(D_R2, v3);
        } else {
            y0 = pqx_red32(v0);
            y1 = pqx_red32(v1);
            y2 = pqx_red32(v2);
            y3 = pqx_red32(v3);
        }
        c[0] = caddq_d(y0);
        c[1] = caddq_d(y1);
        c[2] = caddq_d(y2);
        c[3] = caddq_d(y3);
    }
}

static __attribute__((unused)) void mldsa_ntt_pqx(int32_t a[256])
{
    mldsa_ntt_pqx_(a, 0);
}

/* NTT with the output times R mod q (Montgomery form): the b operand of mldsa_dot_pqx */
static __attribute__((unused)) void mldsa_ntt_mont_pqx(int32_t a[256])
{
    mldsa_ntt_pqx_(a, 1);
}

/* One inverse butterfly: a' = a + b (rd), b' = MontD(z (a - b)) (H). */
#define IBF(a, b, z)                             \
    do {                                         \
        uint32_t s_ = pqx_bfinttd(a, b, z);      \
        b = pqx_bfinttdh();                      \
        a = s_;                                  \
    } while (0)

/* Three inverse layers on the 8 coefficients c[s m], m = 0..7: pairs (2i, 2i+1) with z[i], then
 * (0,2), (1,3) with z[4] and (4,6), (5,7) with z[5], then (m, m+4) with z[6]. */
static inline __attribute__((always_inline)) void ibf3_d(int32_t *c, unsigned s, const uint32_t *z)
{
    uint32_t v0 = (uint32_t)c[0], v1 = (uint32_t)c[s], v2 = (uint32_t)c[2 * s];
    uint32_t v3 = (uint32_t)c[3 * s], v4 = (uint32_t)c[4 * s], v5 = (uint32_t)c[5 * s];
    uint32_t v6 = (uint32_t)c[6 * s], v7 = (uint32_t)c[7 * s];
    IBF(v0, v1, z[0]);
    IBF(v2, v3, z[1]);
    IBF(v4, v5, z[2]);
    IBF(v6, v7, z[3]);
    IBF(v0, v2, z[4]);
    IBF(v1, v3, z[4]);
    IBF(v4, v6, z[5]);
    IBF(v5, v7, z[5]);
    IBF(v0, v4, z[6]);
    IBF(v1, v5, z[6]);
    IBF(v2, v6, z[6]);
    IBF(v3, v7, z[6]);
    c[0] = (int32_t)v0;
    c[s] = (int32_t)v1;
    c[2 * s] = (int32_t)v2;
    c[3 * s] = (int32_t)v3;
    c[4 * s] = (int32_t)v4;
    c[5 * s] = (int32_t)v5;
    c[6 * s] = (int32_t)v6;
    c[7 * s] = (int32_t)v7;
}

#define ZM(k) ((uint32_t)-zetas_d[k])           /* the inverse transform's twiddle */

/* FIPS 204 NTT^-1: layers 1-3 (len 1, 2, 4) on blocks of 8 consecutive coefficients, layers 4-6
 * (len 8, 16, 32) on groups of 8 with stride 8 inside 64-coefficient blocks, layers 7-8 (len 64,
 * 128) on groups of 4 with stride 64 fused with the scaling by R/256 (MQMULD) and caddq. The
 * twiddles of a group are loaded ahead of its butterflies (no rs3 hazard for the errata pass). */
static __attribute__((unused)) void mldsa_invntt_pqx(int32_t a[256])
{
    uint32_t z[7];
    for (unsigned b = 0; b < 32; b++) {
        for (unsigned i = 0; i < 4; i++)
            z[i] = ZM(255 - 4 * b - i);
        z[4] = ZM(127 - 2 * b);
        z[5] = ZM(126 - 2 * b);
        z[6] = ZM(63 - b);
        ibf3_d(a + 8 * b, 1, z);
    }
    for (unsigned B = 0; B < 4; B++) {
        for (unsigned g = 0; g < 4; g++)
            z[g] = ZM(31 - 4 * B - g);
        z[4] = ZM(15 - 2 * B);
        z[5] = ZM(14 - 2 * B);
        z[6] = ZM(7 - B);
        for (int32_t *c = a + 64 * B; c < a + 64 * B + 8; c++)
            ibf3_d(c, 8, z);
    }
    const uint32_t z3 = ZM(3), z2 = ZM(2), z1 = ZM(1), f = D_F_INTT;
    for (int32_t *c = a; c < a + 64; c++) {
        uint32_t v0 = (uint32_t)c[0], v1 = (uint32_t)c[64], v2 = (uint32_t)c[128], v3 = (uint32_t)c[192];
        IBF(v0, v1, z3);
        IBF(v2, v3, z2);
        IBF(v0, v2, z1);
        IBF(v1, v3, z1);
        uint32_t y0 = pqx_mqmuld(f, v0), y1 = pqx_mqmuld(f, v1);
        uint32_t y2 = pqx_mqmuld(f, v2), y3 = pqx_mqmuld(f, v3);
        c[0] = caddq_d(y0);
        c[64] = caddq_d(y1);
        c[128] = caddq_d(y2);
        c[192] = caddq_d(y3);
    }
}

/* r = sum_{j < n} a[j] o b[j] mod q for b in Montgomery form (mldsa_ntt_mont_pqx), n <= 8
 * consecutive polynomials each: per coefficient n MQMULD (MontD(a b R) = a b, each in (-q, q)),
 * summed (|sum| < 8q < 2^26), one RED32 and caddq; one store per coefficient. */
KPQX_INLINE void mldsa_dot_pqx_(int32_t *r, const int32_t *a, const int32_t *b, unsigned n)
{
    for (unsigned i = 0; i < 256; i += 2) {
        uint32_t s0 = pqx_mqmuld((uint32_t)a[i], (uint32_t)b[i]);
        uint32_t s1 = pqx_mqmuld((uint32_t)a[i + 1], (uint32_t)b[i + 1]);
        for (unsigned j = 1; j < n; j++) {
            uint32_t t0 = pqx_mqmuld((uint32_t)a[256 * j + i], (uint32_t)b[256 * j + i]);
            uint32_t t1 = pqx_mqmuld((uint32_t)a[256 * j + i + 1], (uint32_t)b[256 * j + i + 1]);
            s0 += t0;
            s1 += t1;
        }
        uint32_t y0 = pqx_red32(s0), y1 = pqx_red32(s1);
        r[i] = caddq_d(y0);
        r[i + 1] = caddq_d(y1);
    }
}

/* n is a constant in each instance: the inner loop unrolls */
static __attribute__((unused)) void mldsa_dot_pqx(int32_t *r, const int32_t *a, const int32_t *b,
                                                  unsigned n)
{
    switch (n) {
    case 1: mldsa_dot_pqx_(r, a, b, 1); break;
    case 4: mldsa_dot_pqx_(r, a, b, 4); break;
    case 5: mldsa_dot_pqx_(r, a, b, 5); break;
    case 7: mldsa_dot_pqx_(r, a, b, 7); break;
    default: mldsa_dot_pqx_(r, a, b, n); break;
    }
}

/* The 56 candidates of the SHAKE128 block in O appended at p (value stored, p advanced by the
 * valid bit: no branch on the data). */
KPQX_INLINE int32_t *mldsa_rej_block_pqx(int32_t *p)
{
    uint32_t off = 0;
    KPQX_PIN(off);
#pragma clang loop unroll(full)
    for (int t = 0; t < 56; t++) {
        uint32_t r = pqx_kread3(off);
        off += 3;
        KPQX_PIN2(off, r);
        uint32_t v = pqx_rej_uniform(r);
        KPQX_PIN(v);
        *p = (int32_t)(v & 0x7FFFFFu);
        p += v >> 31;
    }
    return p;
}

/* RejNTTPoly(rho || s || r) into a[0..255], up to 55 entries past a[255] written too. */
static __attribute__((unused)) void mldsa_rej_ntt_pqx(int32_t *a, const uint32_t *rho, unsigned s,
                                                      unsigned r)
{
    int32_t *p = a;
    kpqx_shake128_seed34(rho, s, r);
    p = mldsa_rej_block_pqx(p);
    while (p < a + 256) {
        pqx_kperm();
        p = mldsa_rej_block_pqx(p);
    }
}

#endif /* MLDSA_PQX_H */
