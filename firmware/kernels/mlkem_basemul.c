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
#include "mlkem_pqx.h"
#endif

int main(void)
{
    memcpy(fa, F, sizeof fa);
    memcpy(gb, G, sizeof gb);
    kernel_opaque(fa);
    kernel_opaque(gb);
    KERNEL_BEGIN();
#if PQX_KERNEL
    mlkem_basemul_pqx(prod, fa, gb);
#else
    k_basemul_sw(prod, fa, gb);
#endif
    KERNEL_END();
    kernel_out(prod, sizeof prod);
    return 0;
}
