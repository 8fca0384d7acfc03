/* ML-KEM polynomial NTT^-1 (FIPS 203 Algorithm 10) of 256 coefficients given in the bit-reversed
 * NTT order, output f in [0, q) (== kyber-py from_ntt()).
 * Input COEFFS: 256 int16 (little-endian bytes), any representatives in (-q, q).
 * Output: the 256 int16 coefficients in [0, q).
 * Measured region: the whole transform in place (the array is copied from the input before the
 * region) and the final scaling by 1/128 and caddq -- HORCRUX's mlkem-poly-intt is the reference
 * poly_invntt_tomont (invntt with its final scaling), so the region does that work and the caddq
 * on top.
 *   baseline  k_invntt_sw() (ntt_sw.h): the pq-crystals reference invntt, scaling by R/128 so the
 *             result is exact (not times R), then caddq.
 *   PQX       one BFINTTK per butterfly (rd = {MontK(zeta (b - a)), Barrett(a + b)}). Loads and
 *             stores dominate, so layers 1-3 (len 2, 4, 8) and 4-6 (len 16, 32, 64) each run on
 *             groups of 8 coefficients held in registers: 12 butterflies per 8 loads and 8
 *             stores. Both a and b are read as the low 16 bits of rs1/rs2, so a result's low half
 *             feeds the next layer as it is and its high half after one shift. The zetas (rs3)
 *             are loaded once per run of groups that share them, ahead of the butterflies (no
 *             errata nops). Layer 7 (len 128, one zeta) is fused with the scaling: MQMULK(x,
 *             R/128) on each sign-extended half, caddq, store. */
#include "kernel.h"
#include "kernel_input.h"
#include "ntt_sw.h"

static int16_t poly[256];

#if PQX_KERNEL
#include "mlkem_pqx.h"
#endif

int main(void)
{
    memcpy(poly, COEFFS, sizeof poly);
    kernel_opaque(poly);
    KERNEL_BEGIN();
#if PQX_KERNEL
    mlkem_invntt_pqx(poly);
#else
    k_invntt_sw(poly);
#endif
    KERNEL_END();
    kernel_out(poly, sizeof poly);
    return 0;
}
