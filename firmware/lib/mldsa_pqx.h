/* ML-DSA polynomial kernels on PQX: the PQX builds of the ML-DSA kernels (firmware/kernels/
 * mldsa_ntt.c) and of the ML-DSA firmware (firmware/schemes/mldsa/). Coefficients are int32;
 * every function leaves them in [0, q).
 *   mldsa_ntt_pqx        FIPS 204 NTT (Algorithm 41), in place, input in (-q, q)
 *   mldsa_invntt_pqx     NTT^-1 (Algorithm 42), exact (scaled by R/256 with MQMULD)
 *   mldsa_pointwise_pqx  MultiplyNTT, exact (two MQMULD: a b / R, then times R^2 / R), with acc:
 *                        r = r + a o b
 *   mldsa_rej_ntt_pqx    RejNTTPoly (Algorithm 30): KREAD3 + REJ_UNIFORM, branch-free */
#ifndef MLDSA_PQX_H
#define MLDSA_PQX_H

#include <stdint.h>
#include "pqx.h"
#include "keccak_pqx.h"
#include "ntt_sw.h"

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

static __attribute__((unused)) void mldsa_ntt_pqx(int32_t a[256])
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
        uint32_t y0 = pqx_red32(v0), y1 = pqx_red32(v1), y2 = pqx_red32(v2), y3 = pqx_red32(v3);
        c[0] = caddq_d(y0);
        c[1] = caddq_d(y1);
        c[2] = caddq_d(y2);
        c[3] = caddq_d(y3);
    }
}

static __attribute__((unused)) void mldsa_invntt_pqx(int32_t a[256])
{
    unsigned k = 256;
    for (unsigned len = 1; len < 256; len <<= 1) {
        for (unsigned start = 0; start < 256; start += 2 * len) {
            uint32_t z = (uint32_t)-zetas_d[--k];
            KPQX_PIN(z);
            for (unsigned j = start; j < start + len; j++) {
                uint32_t s = pqx_bfinttd((uint32_t)a[j], (uint32_t)a[j + len], z);
                a[j + len] = (int32_t)pqx_bfinttdh();
                a[j] = (int32_t)s;
            }
        }
    }
    const uint32_t f = D_F_INTT;
    for (unsigned j = 0; j < 256; j++)
        a[j] = caddq_d(pqx_mqmuld(f, (uint32_t)a[j]));
}

KPQX_INLINE void mldsa_pointwise_pqx_(int32_t *r, const int32_t *a, const int32_t *b, int acc)
{
    const uint32_t r2 = D_R2;
    for (unsigned j = 0; j < 256; j += 2) {
        uint32_t t0 = pqx_mqmuld((uint32_t)a[j], (uint32_t)b[j]);
        uint32_t t1 = pqx_mqmuld((uint32_t)a[j + 1], (uint32_t)b[j + 1]);
        int32_t y0 = caddq_d(pqx_mqmuld(r2, t0));
        int32_t y1 = caddq_d(pqx_mqmuld(r2, t1));
        if (acc) {
            y0 += r[j] - DQ;
            y1 += r[j + 1] - DQ;
            y0 += (y0 >> 31) & DQ;
            y1 += (y1 >> 31) & DQ;
        }
        r[j] = y0;
        r[j + 1] = y1;
    }
}

static __attribute__((unused)) void mldsa_pointwise_pqx(int32_t *r, const int32_t *a,
                                                        const int32_t *b, int acc)
{
    if (acc)
        mldsa_pointwise_pqx_(r, a, b, 1);
    else
        mldsa_pointwise_pqx_(r, a, b, 0);
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
    uint32_t sr = s | r << 8 | 0x1Fu << 16, i2 = 2, i4 = 4, i6 = 6, i8 = 8, i40 = 40;
    KPQX_PIN2(i2, i4);
    KPQX_PIN2(i6, i8);
    KPQX_PIN2(i40, sr);
    pqx_kinit();
    pqx_load(rho[0], rho[1], 0);
    pqx_load(rho[2], rho[3], i2);
    pqx_load(rho[4], rho[5], i4);
    pqx_load(rho[6], rho[7], i6);
    pqx_load(sr, 0, i8);                    /* rho || s || r, then 0x1F */
    pqx_load(0, 0x80000000u, i40);          /* the rate's last byte */
    pqx_kperm();
    p = mldsa_rej_block_pqx(p);
    while (p < a + 256) {
        pqx_kperm();
        p = mldsa_rej_block_pqx(p);
    }
}

#endif /* MLDSA_PQX_H */
