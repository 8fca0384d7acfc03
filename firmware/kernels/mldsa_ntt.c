/* ML-DSA polynomial NTT (FIPS 204 Algorithm 41) of 256 coefficients, output in [0, q) in the
 * order of FIPS 204 (== dilithium-py to_ntt()).
 * Input COEFFS: 256 int32 words, any representatives in (-q, q).
 * Output: the 256 int32 NTT coefficients in [0, q).
 * Measured region: the whole transform in place (the array is copied from the input before the
 * region) and the final reduce32 + caddq into [0, q) -- HORCRUX's mldsa-poly-ntt is the reference
 * poly_ntt (the 8 layers, no reduction), so the region does that work and the reduction on top.
 *   baseline  d_ntt_sw() (ntt_sw.h): the pq-crystals reference ntt, then reduce32 + caddq.
 *   PQX       per butterfly BFNTTD (rd = a + t, t = MontD(zeta b); the latch H = a - t) and
 *             BFNTTDH (rd = H), in that order with no PQX instruction between (only the
 *             butterflies touch H). Both outputs are whole 32-bit values, so layers merge for
 *             free: layers 1-3 and 4-6 run on groups of 8 coefficients in registers (12
 *             butterflies per 8 loads and 8 stores), layers 7-8 on groups of 4 fused with RED32
 *             and caddq. The zetas (rs3) are loaded ahead of the butterflies that use them (once
 *             per run of groups in layers 1-6), so the errata pass has no rs3 hazard to pad. */
#include "kernel.h"
#include "kernel_input.h"
#include "ntt_sw.h"

static int32_t poly[256];

#if PQX_KERNEL
#include "mldsa_pqx.h"
#endif

int main(void)
{
    memcpy(poly, COEFFS, sizeof poly);
    kernel_opaque(poly);
    KERNEL_BEGIN();
#if PQX_KERNEL
    mldsa_ntt_pqx(poly);
#else
    d_ntt_sw(poly);
#endif
    KERNEL_END();
    kernel_out(poly, sizeof poly);
    return 0;
}
