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
static inline int16_t caddq_k(uint32_t x)
{
    int32_t v = (int32_t)x;
    return (int16_t)(v + ((v >> 31) & KQ));
}

#define LO_B(r) ((uint32_t)(int32_t)(int16_t)(r))     /* low half as rs2: sign-extended */
#define HI_B(r) ((uint32_t)((int32_t)(r) >> 16))         /* high half as rs2 */
#define HI_A(r) ((uint32_t)(r) >> 16)                    /* high half as rs1 (bits 15:0 read) */

/* Three layers on the 8 coefficients c[s m], m = 0..7: pairs (m, m+4) with z[0], then (0,2),
 * (1,3) with z[1] and (4,6), (5,7) with z[2], then (2i, 2i+1) with z[3 + i]. */
static inline __attribute__((always_inline)) void bf3(int16_t *c, unsigned s, const uint32_t *z)
{
    uint32_t r04 = pqx_bfnttk((uint16_t)c[0], (uint32_t)(int32_t)c[4 * s], z[0]);
    uint32_t r15 = pqx_bfnttk((uint16_t)c[s], (uint32_t)(int32_t)c[5 * s], z[0]);
    uint32_t r26 = pqx_bfnttk((uint16_t)c[2 * s], (uint32_t)(int32_t)c[6 * s], z[0]);
    uint32_t r37 = pqx_bfnttk((uint16_t)c[3 * s], (uint32_t)(int32_t)c[7 * s], z[0]);
    uint32_t s02 = pqx_bfnttk(r04, LO_B(r26), z[1]);
    uint32_t s13 = pqx_bfnttk(r15, LO_B(r37), z[1]);
    uint32_t s46 = pqx_bfnttk(HI_A(r04), HI_B(r26), z[2]);
    uint32_t s57 = pqx_bfnttk(HI_A(r15), HI_B(r37), z[2]);
    uint32_t t01 = pqx_bfnttk(s02, LO_B(s13), z[3]);
    uint32_t t23 = pqx_bfnttk(HI_A(s02), HI_B(s13), z[4]);
    uint32_t t45 = pqx_bfnttk(s46, LO_B(s57), z[5]);
    uint32_t t67 = pqx_bfnttk(HI_A(s46), HI_B(s57), z[6]);
    c[0] = (int16_t)t01;
    c[s] = (int16_t)(t01 >> 16);
    c[2 * s] = (int16_t)t23;
    c[3 * s] = (int16_t)(t23 >> 16);
    c[4 * s] = (int16_t)t45;
    c[5 * s] = (int16_t)(t45 >> 16);
    c[6 * s] = (int16_t)t67;
    c[7 * s] = (int16_t)(t67 >> 16);
}

static void k_ntt_pqx(int16_t r[256])
{
    uint32_t z[7];
    /* layers 1-3 (len 128, 64, 32): zetas 1..7 for every group */
    for (unsigned i = 0; i < 7; i++)
        z[i] = (uint32_t)(int32_t)zetas_k[1 + i];
    for (int16_t *c = r; c < r + 32; c++)
        bf3(c, 32, z);
    /* layers 4-6 (len 16, 8, 4): per 32-coefficient block b, zetas 8 + b, 16 + 2b (2),
     * 32 + 4b (4); four groups of stride 4 */
    for (unsigned b = 0; b < 8; b++) {
        z[0] = (uint32_t)(int32_t)zetas_k[8 + b];
        z[1] = (uint32_t)(int32_t)zetas_k[16 + 2 * b];
        z[2] = (uint32_t)(int32_t)zetas_k[17 + 2 * b];
        for (unsigned i = 0; i < 4; i++)
            z[3 + i] = (uint32_t)(int32_t)zetas_k[32 + 4 * b + i];
        for (int16_t *c = r + 32 * b; c < r + 32 * b + 4; c++)
            bf3(c, 4, z);
    }
    /* layer 7 (len 2, zeta 64 + i for block i) with the final Barrett reduction and caddq.
     * A PQX result read by the next instruction costs a stall cycle, so the four chains
     * (extract, BARRETT, caddq, store) are written interleaved. */
    const int16_t *zp = &zetas_k[64];
    for (int16_t *c = r; c < r + 256; c += 4) {
        uint32_t z0 = (uint32_t)(int32_t)*zp++;
        uint32_t r0 = pqx_bfnttk((uint16_t)c[0], (uint32_t)(int32_t)c[2], z0);
        uint32_t r1 = pqx_bfnttk((uint16_t)c[1], (uint32_t)(int32_t)c[3], z0);
        uint32_t x0 = LO_B(r0), x2 = HI_B(r0), x1 = LO_B(r1), x3 = HI_B(r1);
        uint32_t y0 = pqx_barrett(x0);
        uint32_t y2 = pqx_barrett(x2);
        uint32_t y1 = pqx_barrett(x1);
        uint32_t y3 = pqx_barrett(x3);
        c[0] = caddq_k(y0);
        c[2] = caddq_k(y2);
        c[1] = caddq_k(y1);
        c[3] = caddq_k(y3);
    }
}
#endif

int main(void)
{
    memcpy(poly, COEFFS, sizeof poly);
    kernel_opaque(poly);
    KERNEL_BEGIN();
#if PQX_KERNEL
    k_ntt_pqx(poly);
#else
    k_ntt_sw(poly);
#endif
    KERNEL_END();
    kernel_out(poly, sizeof poly);
    return 0;
}
