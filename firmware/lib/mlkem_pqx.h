/* ML-KEM polynomial kernels on PQX: the PQX builds of the arithmetic and sampling kernels
 * (firmware/kernels/mlkem_*.c, gen_matrix.c, cbd_eta2.c) and of the ML-KEM firmware
 * (firmware/schemes/mlkem/). The kernels' headers say how each one is scheduled and why.
 *
 * Coefficients are int16; every function leaves them in [0, q) (FIPS 203's representatives).
 *   mlkem_ntt_pqx       FIPS 203 NTT (Algorithm 9), in place, any input in (-q, q)
 *   mlkem_invntt_pqx    NTT^-1 (Algorithm 10), in place, any input in (-q, q)
 *   mlkem_basemul_pqx   MultiplyNTTs (Algorithm 11), inputs in (-q, q); mlkem_basemul_acc_pqx
 *                       adds the product to r (r in [0, q)): a matrix-vector product's sums
 *   mlkem_sample_ntt_pqx  SampleNTT (Algorithm 7) of rho || j || i, branch-free rejection
 *   mlkem_cbd2_pqx, mlkem_cbd3_pqx  SamplePolyCBD_2 / _3 (Algorithm 8) on PRF bytes */
#ifndef MLKEM_PQX_H
#define MLKEM_PQX_H

#include <stdint.h>
#include "pqx.h"
#include "keccak_pqx.h"
#include "ntt_sw.h"

static inline int16_t caddq_k(uint32_t x)
{
    int32_t v = (int32_t)x;
    return (int16_t)(v + ((v >> 31) & KQ));
}

#define LO_B(r) ((uint32_t)(int32_t)(int16_t)(r))     /* low half as rs2: sign-extended */
#define HI_B(r) ((uint32_t)((int32_t)(r) >> 16))         /* high half as rs2 */
#define HI_A(r) ((uint32_t)(r) >> 16)                    /* high half as rs1 (bits 15:0 read) */

/* Three layers on the 8 coefficients c[s m], m = 0..7: pairs (m, m+4) with z[0], then (0,2),
 * (1,3) with z[1] and (4,6), (5,7) with z[2], then (2i, 2i+1) with z[3 + i]. */
static inline __attribute__((always_inline)) void bf3(int16_t *c, unsigned s, const uint32_t *z)
{
    uint32_t r04 = pqx_bfnttk((uint16_t)c[0], (uint32_t)(int32_t)c[4 * s], z[0]);
    uint32_t r15 = pqx_bfnttk((uint16_t)c[s], (uint32_t)(int32_t)c[5 * s], z[0]);
    uint32_t r26 = pqx_bfnttk((uint16_t)c[2 * s], (uint32_t)(int32_t)c[6 * s], z[0]);
    uint32_t r37 = pqx_bfnttk((uint16_t)c[3 * s], (uint32_t)(int32_t)c[7 * s], z[0]);
    uint32_t s02 = pqx_bfnttk(r04, LO_B(r26), z[1]);
    uint32_t s13 = pqx_bfnttk(r15, LO_B(r37), z[1]);
    uint32_t s46 = pqx_bfnttk(HI_A(r04), HI_B(r26), z[2]);
    uint32_t s57 = pqx_bfnttk(HI_A(r15), HI_B(r37), z[2]);
    uint32_t t01 = pqx_bfnttk(s02, LO_B(s13), z[3]);
    uint32_t t23 = pqx_bfnttk(HI_A(s02), HI_B(s13), z[4]);
    uint32_t t45 = pqx_bfnttk(s46, LO_B(s57), z[5]);
    uint32_t t67 = pqx_bfnttk(HI_A(s46), HI_B(s57), z[6]);
    c[0] = (int16_t)t01;
    c[s] = (int16_t)(t01 >> 16);
    c[2 * s] = (int16_t)t23;
    c[3 * s] = (int16_t)(t23 >> 16);
    c[4 * s] = (int16_t)t45;
    c[5 * s] = (int16_t)(t45 >> 16);
    c[6 * s] = (int16_t)t67;
    c[7 * s] = (int16_t)(t67 >> 16);
}

static __attribute__((unused)) void mlkem_ntt_pqx(int16_t r[256])
{
    uint32_t z[7];
    /* layers 1-3 (len 128, 64, 32): zetas 1..7 for every group */
    for (unsigned i = 0; i < 7; i++)
        z[i] = (uint32_t)(int32_t)zetas_k[1 + i];
    for (int16_t *c = r; c < r + 32; c++)
        bf3(c, 32, z);
    /* layers 4-6 (len 16, 8, 4): per 32-coefficient block b, zetas 8 + b, 16 + 2b (2),
     * 32 + 4b (4); four groups of stride 4 */
    for (unsigned b = 0; b < 8; b++) {
        z[0] = (uint32_t)(int32_t)zetas_k[8 + b];
        z[1] = (uint32_t)(int32_t)zetas_k[16 + 2 * b];
        z[2] = (uint32_t)(int32_t)zetas_k[17 + 2 * b];
        for (unsigned i = 0; i < 4; i++)
            z[3 + i] = (uint32_t)(int32_t)zetas_k[32 + 4 * b + i];
        for (int16_t *c = r + 32 * b; c < r + 32 * b + 4; c++)
            bf3(c, 4, z);
    }
    /* layer 7 (len 2, zeta 64 + i for block i) with the final Barrett reduction and caddq.
     * A PQX result read by the next instruction costs a stall cycle, so the four chains
     * (extract, BARRETT, caddq, store) are written interleaved. */
    const int16_t *zp = &zetas_k[64];
    for (int16_t *c = r; c < r + 256; c += 4) {
        uint32_t z0 = (uint32_t)(int32_t)*zp++;
        uint32_t r0 = pqx_bfnttk((uint16_t)c[0], (uint32_t)(int32_t)c[2], z0);
        uint32_t r1 = pqx_bfnttk((uint16_t)c[1], (uint32_t)(int32_t)c[3], z0);
        uint32_t x0 = LO_B(r0), x2 = HI_B(r0), x1 = LO_B(r1), x3 = HI_B(r1);
        uint32_t y0 = pqx_barrett(x0);
        uint32_t y2 = pqx_barrett(x2);
        uint32_t y1 = pqx_barrett(x1);
        uint32_t y3 = pqx_barrett(x3);
        c[0] = caddq_k(y0);
        c[2] = caddq_k(y2);
        c[1] = caddq_k(y1);
        c[3] = caddq_k(y3);
    }
}

#define HI(r) ((uint32_t)(r) >> 16)        /* high half as rs1/rs2 (bits 15:0 read) */

/* Three layers on the 8 coefficients c[s m], m = 0..7: pairs (2i, 2i+1) with z[i], then (0,2),
 * (1,3) with z[4] and (4,6), (5,7) with z[5], then (m, m+4) with z[6]. */
static inline __attribute__((always_inline)) void ibf3(int16_t *c, unsigned s, const uint32_t *z)
{
    uint32_t r01 = pqx_bfinttk((uint16_t)c[0], (uint16_t)c[s], z[0]);
    uint32_t r23 = pqx_bfinttk((uint16_t)c[2 * s], (uint16_t)c[3 * s], z[1]);
    uint32_t r45 = pqx_bfinttk((uint16_t)c[4 * s], (uint16_t)c[5 * s], z[2]);
    uint32_t r67 = pqx_bfinttk((uint16_t)c[6 * s], (uint16_t)c[7 * s], z[3]);
    uint32_t s02 = pqx_bfinttk(r01, r23, z[4]);
    uint32_t s46 = pqx_bfinttk(r45, r67, z[5]);
    uint32_t s13 = pqx_bfinttk(HI(r01), HI(r23), z[4]);
    uint32_t s57 = pqx_bfinttk(HI(r45), HI(r67), z[5]);
    uint32_t t04 = pqx_bfinttk(s02, s46, z[6]);
    uint32_t t15 = pqx_bfinttk(s13, s57, z[6]);
    uint32_t t26 = pqx_bfinttk(HI(s02), HI(s46), z[6]);
    uint32_t t37 = pqx_bfinttk(HI(s13), HI(s57), z[6]);
    c[0] = (int16_t)t04;
    c[4 * s] = (int16_t)(t04 >> 16);
    c[s] = (int16_t)t15;
    c[5 * s] = (int16_t)(t15 >> 16);
    c[2 * s] = (int16_t)t26;
    c[6 * s] = (int16_t)(t26 >> 16);
    c[3 * s] = (int16_t)t37;
    c[7 * s] = (int16_t)(t37 >> 16);
}

static __attribute__((unused)) void mlkem_invntt_pqx(int16_t r[256])
{
    uint32_t z[7];
    /* layers 1-3 (len 2, 4, 8): per 16-coefficient block b, zetas 127 - 4b - i (i = 0..3),
     * 63 - 2b, 62 - 2b, 31 - b; two groups of stride 2 */
    for (unsigned b = 0; b < 16; b++) {
        for (unsigned i = 0; i < 4; i++)
            z[i] = (uint32_t)(int32_t)zetas_k[127 - 4 * b - i];
        z[4] = (uint32_t)(int32_t)zetas_k[63 - 2 * b];
        z[5] = (uint32_t)(int32_t)zetas_k[62 - 2 * b];
        z[6] = (uint32_t)(int32_t)zetas_k[31 - b];
        ibf3(r + 16 * b, 2, z);
        ibf3(r + 16 * b + 1, 2, z);
    }
    /* layers 4-6 (len 16, 32, 64): per 128-coefficient half h, zetas 15 - 4h - i (i = 0..3),
     * 7 - 2h, 6 - 2h, 3 - h; sixteen groups of stride 16 */
    for (unsigned h = 0; h < 2; h++) {
        for (unsigned i = 0; i < 4; i++)
            z[i] = (uint32_t)(int32_t)zetas_k[15 - 4 * h - i];
        z[4] = (uint32_t)(int32_t)zetas_k[7 - 2 * h];
        z[5] = (uint32_t)(int32_t)zetas_k[6 - 2 * h];
        z[6] = (uint32_t)(int32_t)zetas_k[3 - h];
        for (int16_t *c = r + 128 * h; c < r + 128 * h + 16; c++)
            ibf3(c, 16, z);
    }
    /* layer 7 (len 128, zeta 1) with the scaling by 1/128 and caddq; the chains are written
     * interleaved (a PQX result read by the next instruction costs a stall cycle) */
    uint32_t z1 = (uint32_t)(int32_t)zetas_k[1];
    const uint32_t f = K_F_INTT;
    for (int16_t *c = r; c < r + 128; c += 2) {
        uint32_t r0 = pqx_bfinttk((uint16_t)c[0], (uint16_t)c[128], z1);
        uint32_t r1 = pqx_bfinttk((uint16_t)c[1], (uint16_t)c[129], z1);
        uint32_t x0 = (uint32_t)(int32_t)(int16_t)r0, x2 = (uint32_t)((int32_t)r0 >> 16);
        uint32_t x1 = (uint32_t)(int32_t)(int16_t)r1, x3 = (uint32_t)((int32_t)r1 >> 16);
        uint32_t y0 = pqx_mqmulk(x0, f);
        uint32_t y2 = pqx_mqmulk(x2, f);
        uint32_t y1 = pqx_mqmulk(x1, f);
        uint32_t y3 = pqx_mqmulk(x3, f);
        c[0] = caddq_k(y0);
        c[128] = caddq_k(y2);
        c[1] = caddq_k(y1);
        c[129] = caddq_k(y3);
    }
}

/* [0, 2q) -> [0, q) */
static inline int16_t addq_k(int32_t x)
{
    x -= KQ;
    return (int16_t)(x + ((x >> 31) & KQ));
}

KPQX_INLINE void mlkem_basemul_pqx_(int16_t *r, const int16_t *a, const int16_t *b, int acc)
{
    const int16_t *zp = &zetas_k[64];
    const uint32_t r2 = K_R2;
    /* two pairs per iteration (gamma, -gamma), written interleaved: a PQX result read by the
     * next instruction costs a stall cycle, so independent products go between */
    for (int16_t *end = r + 256; r < end; r += 4, a += 4, b += 4) {
        uint32_t g = (uint32_t)(int32_t)*zp++;
        uint32_t a0 = (uint32_t)(int32_t)a[0], a1 = (uint32_t)(int32_t)a[1];
        uint32_t a2 = (uint32_t)(int32_t)a[2], a3 = (uint32_t)(int32_t)a[3];
        uint32_t b0 = (uint32_t)(int32_t)b[0], b1 = (uint32_t)(int32_t)b[1];
        uint32_t b2 = (uint32_t)(int32_t)b[2], b3 = (uint32_t)(int32_t)b[3];
        int32_t p11 = (int32_t)pqx_mqmulk(a1, b1);
        int32_t p33 = (int32_t)pqx_mqmulk(a3, b3);
        int32_t p00 = (int32_t)pqx_mqmulk(a0, b0);
        int32_t h0 = (int32_t)pqx_mqmulk((uint32_t)p11, g);
        int32_t h1 = (int32_t)pqx_mqmulk((uint32_t)p33, g);      /* times -gamma below */
        int32_t p22 = (int32_t)pqx_mqmulk(a2, b2);
        int32_t p01 = (int32_t)pqx_mqmulk(a0, b1);
        int32_t p10 = (int32_t)pqx_mqmulk(a1, b0);
        int32_t p23 = (int32_t)pqx_mqmulk(a2, b3);
        int32_t p32 = (int32_t)pqx_mqmulk(a3, b2);
        uint32_t y0 = pqx_mqmulk(r2, (uint32_t)(h0 + p00));
        uint32_t y1 = pqx_mqmulk(r2, (uint32_t)(p01 + p10));
        uint32_t y2 = pqx_mqmulk(r2, (uint32_t)(p22 - h1));
        uint32_t y3 = pqx_mqmulk(r2, (uint32_t)(p23 + p32));
        if (acc) {
            r[0] = addq_k(r[0] + caddq_k(y0));
            r[1] = addq_k(r[1] + caddq_k(y1));
            r[2] = addq_k(r[2] + caddq_k(y2));
            r[3] = addq_k(r[3] + caddq_k(y3));
        } else {
            r[0] = caddq_k(y0);
            r[1] = caddq_k(y1);
            r[2] = caddq_k(y2);
            r[3] = caddq_k(y3);
        }
    }
}

static __attribute__((unused)) void mlkem_basemul_pqx(int16_t *r, const int16_t *a, const int16_t *b)
{
    mlkem_basemul_pqx_(r, a, b, 0);
}

static __attribute__((unused)) void mlkem_basemul_acc_pqx(int16_t *r, const int16_t *a,
                                                          const int16_t *b)
{
    mlkem_basemul_pqx_(r, a, b, 1);
}

/* The 56 candidate pairs of the SHAKE128 block in O, appended at p; returns the new p.
 * KREAD3, addi (next offset), then the use: the result is one instruction old. A candidate is
 * stored at p, and p advances when it is accepted (sltu, add): no branch on the data. */
KPQX_INLINE uint16_t *mlkem_sample_block_pqx(uint16_t *p, uint32_t mask, uint32_t q)
{
    uint32_t off = 0;
    KPQX_PIN(off);
#pragma clang loop unroll(full)
    for (int t = 0; t < 56; t++) {
        uint32_t r = pqx_kread3(off);
        off += 3;
        KPQX_PIN2(off, r);
        uint32_t d1 = r & mask, d2 = r >> 12;
        p[0] = (uint16_t)d1;
        p += d1 < q;
        p[0] = (uint16_t)d2;
        p += d2 < q;
    }
    return p;
}

/* SampleNTT(rho || j || i) into a[0..255] (FIPS 203 Algorithm 7), as the reference C code does it:
 * 3 SHAKE128 blocks checked in full, then one more while fewer than 256 were accepted. Up to 111
 * candidates past a[255] are written too: a needs MLKEM_SAMPLE_SLACK more entries (callers sample
 * a matrix in order, so the slack of one polynomial is the next one, sampled after it). rho: 8
 * little-endian words. */
#define MLKEM_SAMPLE_SLACK 112
static __attribute__((unused)) void mlkem_sample_ntt_pqx(uint16_t *a, const uint32_t *rho,
                                                          unsigned j, unsigned i)
{
    uint32_t mask = 0xFFF, q = KQ;
    uint16_t *p = a;
    KPQX_PIN2(mask, q);
    kpqx_shake128_seed34(rho, j, i);
    for (int b = 0; b < 3; b++) {
        if (b)
            pqx_kperm();
        p = mlkem_sample_block_pqx(p, mask, q);
    }
    while (p < a + 256) {
        pqx_kperm();
        p = mlkem_sample_block_pqx(p, mask, q);
    }
}

/* SamplePolyCBD_2 of the first ncoef coefficients: the bytes as little-endian words w; per word
 * its eight CBD2 first (a PQX result read at once would stall), then caddq and the stores. */
KPQX_INLINE void mlkem_cbd2_pqx(int16_t *r, const uint32_t *w, unsigned ncoef)
{
    unsigned i;
    for (i = 0; i < ncoef / 8; i++, r += 8) {
        uint32_t t = w[i];
        uint32_t c0 = pqx_cbd2(t, 0), c1 = pqx_cbd2(t, 1);
        uint32_t c2 = pqx_cbd2(t, 2), c3 = pqx_cbd2(t, 3);
        uint32_t c4 = pqx_cbd2(t, 4), c5 = pqx_cbd2(t, 5);
        uint32_t c6 = pqx_cbd2(t, 6), c7 = pqx_cbd2(t, 7);
        r[0] = caddq_k(c0);
        r[1] = caddq_k(c1);
        r[2] = caddq_k(c2);
        r[3] = caddq_k(c3);
        r[4] = caddq_k(c4);
        r[5] = caddq_k(c5);
        r[6] = caddq_k(c6);
        r[7] = caddq_k(c7);
    }
    for (unsigned j = 0; j < ncoef % 8; j++)     /* the last, partial word */
        r[j] = caddq_k(pqx_cbd2(w[i], j));
}

/* SamplePolyCBD_3 of 256 coefficients from 192 bytes (48 words): four coefficients per 3 bytes,
 * so each 12-byte run of 3 words is cut into four 24-bit pieces, each CBD3 j = 0..3. */
static __attribute__((unused)) void mlkem_cbd3_pqx(int16_t *r, const uint32_t *w)
{
    for (unsigned i = 0; i < 16; i++, w += 3, r += 16) {
        uint32_t w0 = w[0], w1 = w[1], w2 = w[2];
        uint32_t p[4] = {w0, w0 >> 24 | w1 << 8, w1 >> 16 | w2 << 16, w2 >> 8};
#pragma clang loop unroll(full)
        for (unsigned k = 0; k < 4; k++) {
            uint32_t c0 = pqx_cbd3(p[k], 0), c1 = pqx_cbd3(p[k], 1);
            uint32_t c2 = pqx_cbd3(p[k], 2), c3 = pqx_cbd3(p[k], 3);
            r[4 * k] = caddq_k(c0);
            r[4 * k + 1] = caddq_k(c1);
            r[4 * k + 2] = caddq_k(c2);
            r[4 * k + 3] = caddq_k(c3);
        }
    }
}

#endif /* MLKEM_PQX_H */
