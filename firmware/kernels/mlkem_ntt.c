/* ML-KEM polynomial NTT (FIPS 203 Algorithm 9) of 256 coefficients, output in [0, q), in the
 * bit-reversed order of FIPS 203 (== kyber-py to_ntt()).
 * Input COEFFS: 256 int16 (little-endian bytes), any representatives in (-q, q).
 * Output: the 256 int16 NTT coefficients in [0, q).
 * Measured region: the whole transform in place on the array (copied from the input before the
 * region) plus the final reduction into [0, q) -- HORCRUX's mlkem-poly-ntt is the reference
 * poly_ntt (ntt + Barrett poly_reduce), so the region does that work and the caddq on top.
 *   baseline  k_ntt_sw() (ntt_sw.h): the pq-crystals reference ntt, then Barrett + caddq.
 *   PQX       one BFNTTK per butterfly (rd = {a - t, a + t}, t = MontK(zeta b)). Loads and
 *             stores, not the butterflies, dominate, so layers are merged: layers 1-3 and 4-6
 *             each run on groups of 8 coefficients held in registers (12 butterflies per 8 loads
 *             and 8 stores instead of 4). Inside a group a result feeds the next layer as it is:
 *             rs1 (a) is read from its low 16 bits, so a low half costs nothing and a high half a
 *             shift; rs2 (b) must be a sign-extended int16 (low half: two shifts, high: one).
 *             The zetas (rs3) are loaded once per run of groups that share them, ahead of the
 *             butterflies, so the errata pass has no rs3 hazard to pad. Layer 7 (len 2) is fused
 *             with the final reduction: BARRETT on each half of rd, caddq, store. */
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
    mlkem_ntt_pqx(poly);
#else
    k_ntt_sw(poly);
#endif
    KERNEL_END();
    kernel_out(poly, sizeof poly);
    return 0;
}
