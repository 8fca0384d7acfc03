/* ML-KEM MultiplyNTTs (FIPS 203 Algorithm 11): the product of two polynomials in the NTT domain,
 * 128 degree-1 products mod (X^2 - gamma_i), output in [0, q) (== kyber-py PolynomialNTT *).
 * Inputs F, G: 256 int16 each (little-endian bytes), any representatives in (-q, q).
 * Output: the 256 int16 coefficients of the product in [0, q).
 * Measured region: all 128 base multiplications from the input arrays (copied before the region)
 * to the output array, with the tomont (the Montgomery products leave a factor 1/R) and caddq.
 *   baseline  k_basemul_sw() (ntt_sw.h): the pq-crystals reference basemul, tomont, caddq.
 *   PQX       the same dataflow with MQMULK for each Montgomery product (MontK(rs1 rs2), one
 *             cycle each, 7 per pair: a1 b1, a0 b0, a0 b1, a1 b0, (a1 b1) gamma, and two times
 *             R^2 for tomont, whose constant goes in rs1 since the sums may exceed q); the adds and
 *             the caddq on the core. No R4 instruction: no errata nops. */
#include "kernel.h"
#include "kernel_input.h"
#include "ntt_sw.h"

static int16_t fa[256], gb[256], prod[256];

#if PQX_KERNEL
static inline int16_t caddq_k(int32_t v)
{
    return (int16_t)(v + ((v >> 31) & KQ));
}

static void k_basemul_pqx(int16_t *r, const int16_t *a, const int16_t *b)
{
    const int16_t *zp = &zetas_k[64];
    const uint32_t r2 = K_R2;
    for (unsigned i = 0; i < 64; i++) {
        int32_t g = zp[i];
        for (unsigned h = 0; h < 2; h++) {    /* pair 2i: +gamma, pair 2i + 1: -gamma */
            uint32_t a0 = (uint32_t)(int32_t)a[0], a1 = (uint32_t)(int32_t)a[1];
            uint32_t b0 = (uint32_t)(int32_t)b[0], b1 = (uint32_t)(int32_t)b[1];
            int32_t p11 = (int32_t)pqx_mqmulk(a1, b1);
            int32_t p00 = (int32_t)pqx_mqmulk(a0, b0);
            int32_t p01 = (int32_t)pqx_mqmulk(a0, b1);
            int32_t p10 = (int32_t)pqx_mqmulk(a1, b0);
            int32_t hi = (int32_t)pqx_mqmulk((uint32_t)p11, (uint32_t)g);
            r[0] = caddq_k((int32_t)pqx_mqmulk(r2, (uint32_t)(hi + p00)));
            r[1] = caddq_k((int32_t)pqx_mqmulk(r2, (uint32_t)(p01 + p10)));
            g = -g;
            a += 2;
            b += 2;
            r += 2;
        }
    }
}
#endif

int main(void)
{
    memcpy(fa, F, sizeof fa);
    memcpy(gb, G, sizeof gb);
    KERNEL_BEGIN();
#if PQX_KERNEL
    k_basemul_pqx(prod, fa, gb);
#else
    k_basemul_sw(prod, fa, gb);
#endif
    KERNEL_END();
    kernel_out(prod, sizeof prod);
    return 0;
}
