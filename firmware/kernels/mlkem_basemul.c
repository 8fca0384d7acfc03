/* ML-KEM MultiplyNTTs (FIPS 203 Algorithm 11): the product of two polynomials in the NTT domain,
 * 128 degree-1 products mod (X^2 - gamma_i), output in [0, q) (== kyber-py PolynomialNTT *).
 * Inputs F, G: 256 int16 each (little-endian bytes), any representatives in (-q, q).
 * Output: the 256 int16 coefficients of the product in [0, q).
 * Measured region: all 128 base multiplications from the input arrays (copied before the region)
 * to the output array, with the tomont (the Montgomery products leave a factor 1/R) and caddq.
 *   baseline  k_basemul_sw() (ntt_sw.h): the pq-crystals reference basemul, tomont, caddq.
 *   PQX       the same dataflow with MQMULK for each Montgomery product (MontK(rs1 rs2), one
 *             cycle each, 7 per pair: a1 b1, a0 b0, a0 b1, a1 b0, (a1 b1) gamma, and two times
 *             R^2 for tomont, whose constant goes in rs1 since the sums may exceed q); the pair
 *             with -gamma subtracts (a3 b3) gamma instead. Adds and caddq on the core; two pairs
 *             per iteration, interleaved. No R4 instruction: no errata nops. */
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
        r[0] = caddq_k((int32_t)y0);
        r[1] = caddq_k((int32_t)y1);
        r[2] = caddq_k((int32_t)y2);
        r[3] = caddq_k((int32_t)y3);
    }
}
#endif

int main(void)
{
    memcpy(fa, F, sizeof fa);
    memcpy(gb, G, sizeof gb);
    kernel_opaque(fa);
    kernel_opaque(gb);
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
