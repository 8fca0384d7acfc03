/* ML-DSA polynomial NTT (FIPS 204 Algorithm 41) of 256 coefficients, output in [0, q) in the
 * order of FIPS 204 (== dilithium-py to_ntt()).
 * Input COEFFS: 256 int32 words, any representatives in (-q, q).
 * Output: the 256 int32 NTT coefficients in [0, q).
 * Measured region: the whole transform in place (the array is copied from the input before the
 * region) and the final reduce32 + caddq into [0, q) -- HORCRUX's mldsa-poly-ntt is the reference
 * poly_ntt (the 8 layers, no reduction), so the region does that work and the reduction on top.
 *   baseline  d_ntt_sw() (ntt_sw.h): the pq-crystals reference ntt, then reduce32 + caddq.
 *   PQX       per butterfly BFNTTD (rd = a + t, t = MontD(zeta b); the latch H = a - t) and
 *             BFNTTDH (rd = H), adjacent so nothing else touches H. The zeta (rs3) is loaded once
 *             per block ahead of its butterflies; the inner loop is unrolled by two. The last
 *             layer (len 1, a new zeta per butterfly) is unrolled by two so each zeta load sits
 *             two instructions before its BFNTTD, and is fused with RED32 + caddq. */
#include "kernel.h"
#include "kernel_input.h"
#include "ntt_sw.h"

static int32_t poly[256];

#if PQX_KERNEL
static inline int32_t caddq_d(uint32_t x)
{
    int32_t v = (int32_t)x;
    return v + ((v >> 31) & DQ);
}

static void d_ntt_pqx(int32_t a[256])
{
    const int32_t *zp = &zetas_d[1];
    for (unsigned len = 128; len >= 2; len >>= 1) {
        for (int32_t *p = a; p < a + 256; p += 2 * len) {
            uint32_t z = (uint32_t)*zp++;
            for (int32_t *c = p; c < p + len; c += 2) {
                uint32_t x0 = (uint32_t)c[0], y0 = (uint32_t)c[len];
                uint32_t x1 = (uint32_t)c[1], y1 = (uint32_t)c[len + 1];
                c[0] = (int32_t)pqx_bfnttd(x0, y0, z);
                c[len] = (int32_t)pqx_bfnttdh();
                c[1] = (int32_t)pqx_bfnttd(x1, y1, z);
                c[len + 1] = (int32_t)pqx_bfnttdh();
            }
        }
    }
    /* layer len = 1 with reduce32 + caddq */
    for (int32_t *c = a; c < a + 256; c += 4) {
        uint32_t z0 = (uint32_t)zp[0], z1 = (uint32_t)zp[1];
        zp += 2;
        uint32_t x0 = (uint32_t)c[0], y0 = (uint32_t)c[1];
        uint32_t x1 = (uint32_t)c[2], y1 = (uint32_t)c[3];
        uint32_t s0 = pqx_bfnttd(x0, y0, z0);
        uint32_t d0 = pqx_bfnttdh();
        uint32_t s1 = pqx_bfnttd(x1, y1, z1);
        uint32_t d1 = pqx_bfnttdh();
        c[0] = caddq_d(pqx_red32(s0));
        c[1] = caddq_d(pqx_red32(d0));
        c[2] = caddq_d(pqx_red32(s1));
        c[3] = caddq_d(pqx_red32(d1));
    }
}
#endif

int main(void)
{
    memcpy(poly, COEFFS, sizeof poly);
    KERNEL_BEGIN();
#if PQX_KERNEL
    d_ntt_pqx(poly);
#else
    d_ntt_sw(poly);
#endif
    KERNEL_END();
    kernel_out(poly, sizeof poly);
    return 0;
}
