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

static void d_ntt_pqx(int32_t a[256])
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
#endif

int main(void)
{
    memcpy(poly, COEFFS, sizeof poly);
    kernel_opaque(poly);
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
