/* Classic McEliece Decode at the McEliece seed's reduced parameters (m = 12, n = 48, t = 2), for
 * the kernels that decode (mce_decode.c, mce_kem.c): the syndrome terms alpha_j^i / g(alpha_j)^2,
 * Berlekamp-Massey, the roots on the support, the reference's check (e's syndrome is v's).
 *   PQX_KERNEL=0  plain C (mce_sw.h): masks, no branch on data
 *   PQX_KERNEL=1  GF12MUL/SQ/INV, MCE_SUP_WR, MCE_SYN, MCE_BM, MCE_CHIEN, MCE_ERR_RD */
#ifndef MCE_DEC_H
#define MCE_DEC_H

#include <stdint.h>
#include "mce_sw.h"
#if PQX_KERNEL
#include "pqx.h"
#endif

#define N 48
#define T MCE_T

static uint32_t mce_term_[N][2 * T];

#if PQX_KERNEL
#define GF_MUL(a, b) pqx_gf12mul((a), (b))
#define GF_SQ(a) pqx_gf12sq(a)
#define GF_INV(a) pqx_gf12inv(a)
#else
#define GF_MUL(a, b) mce_gf_mul_sw((a), (b))
#define GF_SQ(a) mce_gf_mul_sw((a), (a))
#define GF_INV(a) mce_gf_inv_sw(a)
#endif

static inline uint32_t bit(const uint32_t *w, unsigned j)
{
    return (w[j >> 5] >> (j & 31)) & 1u;
}

/* Decode v (two words, bits 0..47) with Goppa polynomial g and support sup: out[0..1] = e and
 * out[2] = 1, or 0 0 0 when decoding fails. */
static void mce_decode(uint32_t out[3], const uint32_t g[T + 1], const uint32_t sup[N],
                       const uint32_t v[2])
{
    uint32_t s[2 * T] = {0}, se[2 * T] = {0}, e[2] = {0, 0}, roots;
    for (unsigned j = 0; j < N; j++) {               /* terms alpha^i / g(alpha)^2 */
        uint32_t a = sup[j];
        uint32_t ga = GF_MUL(GF_MUL(g[2], a) ^ g[1], a) ^ g[0];
        uint32_t x = GF_INV(GF_SQ(ga));
        for (unsigned i = 0; i < 2 * T; i++) {
            mce_term_[j][i] = x;
            s[i] ^= x & -bit(v, j);
            x = GF_MUL(x, a);
        }
    }
#if PQX_KERNEL
    for (uint32_t j = 0; j < N; j++) pqx_mce_sup_wr(sup[j], j);
    for (uint32_t i = 0; i < 2 * T; i++) pqx_mce_syn(s[i], i);
    uint32_t length = pqx_mce_bm();
    roots = pqx_mce_chien();
    e[0] = pqx_mce_err_rd(0);
    e[1] = pqx_mce_err_rd(1);
    (void)length;
#else
    uint32_t loc[T + 2];
    mce_bm_sw(loc, s);
    roots = 0;
    for (unsigned j = 0; j < N; j++) {
        uint32_t a = sup[j];
        uint32_t y = mce_gf_mul_sw(mce_gf_mul_sw(loc[2], a) ^ loc[1], a) ^ loc[0];
        uint32_t z = (uint32_t)(y == 0);
        e[j >> 5] |= z << (j & 31);
        roots += z;
    }
#endif
    uint32_t diff = 0;                               /* the reference's check: syndrome of e */
    for (unsigned j = 0; j < N; j++)
        for (unsigned i = 0; i < 2 * T; i++) se[i] ^= mce_term_[j][i] & -bit(e, j);
    for (unsigned i = 0; i < 2 * T; i++) diff |= se[i] ^ s[i];
    uint32_t ok = (uint32_t)(roots == T) & (uint32_t)(diff == 0);
    out[0] = e[0] & -ok;
    out[1] = e[1] & -ok;
    out[2] = ok;
}

#endif /* MCE_DEC_H */
