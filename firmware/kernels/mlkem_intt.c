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
static inline int16_t caddq_k(uint32_t x)
{
    int32_t v = (int32_t)x;
    return (int16_t)(v + ((v >> 31) & KQ));
}

#define HI(r) ((uint32_t)(r) >> 16)        /* high half as rs1/rs2 (bits 15:0 read) */

/* Three layers on the 8 coefficients c[s m], m = 0..7: pairs (2i, 2i+1) with z[i], then (0,2),
 * (1,3) with z[4] and (4,6), (5,7) with z[5], then (m, m+4) with z[6]. */
static inline __attribute__((always_inline)) void ibf3(int16_t *c, unsigned s, const uint32_t *z)
{
    uint32_t r01 = pqx_bfinttk((uint16_t)c[0], (uint16_t)c[s], z[0]);
    uint32_t r23 = pqx_bfinttk((uint16_t)c[2 * s], (uint16_t)c[3 * s], z[1]);
    uint32_t r45 = pqx_bfinttk((uint16_t)c[4 * s], (uint16_t)c[5 * s], z[2]);
    uint32_t r67 = pqx_bfinttk((uint16_t)c[6 * s], (uint16_t)c[7 * s], z[3]);
    uint32_t s02 = pqx_bfinttk(r01, r23, z[4]);
    uint32_t s46 = pqx_bfinttk(r45, r67, z[5]);
    uint32_t s13 = pqx_bfinttk(HI(r01), HI(r23), z[4]);
    uint32_t s57 = pqx_bfinttk(HI(r45), HI(r67), z[5]);
    uint32_t t04 = pqx_bfinttk(s02, s46, z[6]);
    uint32_t t15 = pqx_bfinttk(s13, s57, z[6]);
    uint32_t t26 = pqx_bfinttk(HI(s02), HI(s46), z[6]);
    uint32_t t37 = pqx_bfinttk(HI(s13), HI(s57), z[6]);
    c[0] = (int16_t)t04;
    c[4 * s] = (int16_t)(t04 >> 16);
    c[s] = (int16_t)t15;
    c[5 * s] = (int16_t)(t15 >> 16);
    c[2 * s] = (int16_t)t26;
    c[6 * s] = (int16_t)(t26 >> 16);
    c[3 * s] = (int16_t)t37;
    c[7 * s] = (int16_t)(t37 >> 16);
}

static void k_invntt_pqx(int16_t r[256])
{
    uint32_t z[7];
    /* layers 1-3 (len 2, 4, 8): per 16-coefficient block b, zetas 127 - 4b - i (i = 0..3),
     * 63 - 2b, 62 - 2b, 31 - b; two groups of stride 2 */
    for (unsigned b = 0; b < 16; b++) {
        for (unsigned i = 0; i < 4; i++)
            z[i] = (uint32_t)(int32_t)zetas_k[127 - 4 * b - i];
        z[4] = (uint32_t)(int32_t)zetas_k[63 - 2 * b];
        z[5] = (uint32_t)(int32_t)zetas_k[62 - 2 * b];
        z[6] = (uint32_t)(int32_t)zetas_k[31 - b];
        ibf3(r + 16 * b, 2, z);
        ibf3(r + 16 * b + 1, 2, z);
    }
    /* layers 4-6 (len 16, 32, 64): per 128-coefficient half h, zetas 15 - 4h - i (i = 0..3),
     * 7 - 2h, 6 - 2h, 3 - h; sixteen groups of stride 16 */
    for (unsigned h = 0; h < 2; h++) {
        for (unsigned i = 0; i < 4; i++)
            z[i] = (uint32_t)(int32_t)zetas_k[15 - 4 * h - i];
        z[4] = (uint32_t)(int32_t)zetas_k[7 - 2 * h];
        z[5] = (uint32_t)(int32_t)zetas_k[6 - 2 * h];
        z[6] = (uint32_t)(int32_t)zetas_k[3 - h];
        for (int16_t *c = r + 128 * h; c < r + 128 * h + 16; c++)
            ibf3(c, 16, z);
    }
    /* layer 7 (len 128, zeta 1) with the scaling by 1/128 and caddq; the chains are written
     * interleaved (a PQX result read by the next instruction costs a stall cycle) */
    uint32_t z1 = (uint32_t)(int32_t)zetas_k[1];
    const uint32_t f = K_F_INTT;
    for (int16_t *c = r; c < r + 128; c += 2) {
        uint32_t r0 = pqx_bfinttk((uint16_t)c[0], (uint16_t)c[128], z1);
        uint32_t r1 = pqx_bfinttk((uint16_t)c[1], (uint16_t)c[129], z1);
        uint32_t x0 = (uint32_t)(int32_t)(int16_t)r0, x2 = (uint32_t)((int32_t)r0 >> 16);
        uint32_t x1 = (uint32_t)(int32_t)(int16_t)r1, x3 = (uint32_t)((int32_t)r1 >> 16);
        uint32_t y0 = pqx_mqmulk(x0, f);
        uint32_t y2 = pqx_mqmulk(x2, f);
        uint32_t y1 = pqx_mqmulk(x1, f);
        uint32_t y3 = pqx_mqmulk(x3, f);
        c[0] = caddq_k(y0);
        c[128] = caddq_k(y2);
        c[1] = caddq_k(y1);
        c[129] = caddq_k(y3);
    }
}
#endif

int main(void)
{
    memcpy(poly, COEFFS, sizeof poly);
    kernel_opaque(poly);
    KERNEL_BEGIN();
#if PQX_KERNEL
    k_invntt_pqx(poly);
#else
    k_invntt_sw(poly);
#endif
    KERNEL_END();
    kernel_out(poly, sizeof poly);
    return 0;
}
