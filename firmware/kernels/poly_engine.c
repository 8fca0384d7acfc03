/* The polynomial unit's engine (pqx_top's default build: two butterfly units, one step a cycle).
 * Inputs MODQ (0: ML-KEM, q = 3329, slots 0/1; 1: ML-DSA, q = 8380417, slots 4/5), OP, and F, G:
 * 256 coefficients in [0, q) each (uint32). Output: 256 coefficients in [0, q) (uint32).
 *   OP 0  NTT of F (FIPS 203 Alg. 9 / FIPS 204 Alg. 41)
 *   OP 1  NTT^-1 of F (FIPS 203 Alg. 10 / FIPS 204 Alg. 42)
 *   OP 2  F o G in the NTT domain (FIPS 203 MultiplyNTTs / FIPS 204's point-wise product)
 *   OP 3  the whole product F G in R_q: NTT, NTT, MultiplyNTTs, NTT^-1 (ML-KEM)
 *   OP 4  the same, the polynomials moved by the unit's DMA (POLY_LD / POLY_ST)
 *   OP 5  NTT of F, moved in and out by the DMA (the RoCC seed's count with data movement)
 *   OP 6  NTT^-1 of F, the same
 * Measured region:
 *   OP 0-2, PQX   the engine's run alone, the polynomials already in the slots (the PCU's
 *                 count): POLY_NTT / POLY_INTT / POLY_PWM, then POLY_CNT, which waits at the
 *                 issue port until the engine is done;
 *   OP 3, PQX     everything from the coefficients in memory to the product in memory: 512
 *                 POLY_WR, the four engine runs, 256 POLY_RD (the engine's data movement by
 *                 instructions);
 *   OP 4, PQX     the same with POLY_LD of F and G (uint16 copies made before the region, the
 *                 DMA's ML-KEM word layout, as the baseline's int16 copies), the four runs,
 *                 POLY_ST, and a POLY_CNT that waits until the store has ended;
 *   OP 5-6, PQX   POLY_LD of F, the run, POLY_ST, the POLY_CNT that waits for the store;
 *   baseline      the same computation in plain C (OP 5-6: as OP 0-1) (ntt_sw.h, the pq-crystals reference made
 *                 exact), on int16 / int32 copies made before the region. */
#include "kernel.h"
#include "kernel_input.h"
#include "ntt_sw.h"

#define SLOT_A (MODQ ? 4u : 0u)
#define SLOT_B (MODQ ? 5u : 1u)
#define TRANSFORM (OP == 5 ? 0 : OP == 6 ? 1 : OP)   /* OP 5-6: the transform of OP 0-1 */

static uint32_t f[256], g[256], out[256];

#if PQX_KERNEL
static void poly_load(uint32_t slot, const uint32_t *p)
{
    for (uint32_t i = 0; i < 256; i++)
        pqx_poly_wr(p[i], 256 * slot + i);
}

static void poly_store(uint32_t slot, uint32_t *p)
{
    for (uint32_t i = 0; i < 256; i++)
        p[i] = pqx_poly_rd(256 * slot + i);
}
static uint16_t f16[256], g16[256], out16[256];
#else
static int16_t fk[256], gk[256], rk[256];
static int32_t fd[256], gd[256];
#endif

int main(void)
{
    memcpy(f, F, sizeof f);
    memcpy(g, G, sizeof g);
    kernel_opaque(f);
    kernel_opaque(g);
#if PQX_KERNEL
    for (unsigned i = 0; i < 256; i++) {
        f16[i] = (uint16_t)f[i];
        g16[i] = (uint16_t)g[i];
    }
    if (OP < 3) {
        poly_load(SLOT_A, f);
        if (OP == 2)
            poly_load(SLOT_B, g);
        (void)pqx_poly_cnt(0);      /* the clear after reset is over */
    }
    KERNEL_BEGIN();
    if (OP == 0) {
        pqx_poly_ntt(SLOT_A);
    } else if (OP == 1) {
        pqx_poly_intt(SLOT_A);
    } else if (OP == 2) {
        pqx_poly_pwm(SLOT_A, SLOT_B);
    } else if (OP >= 5) {
        pqx_poly_ld((uint32_t)f16, SLOT_A);
        if (OP == 5)
            pqx_poly_ntt(SLOT_A);
        else
            pqx_poly_intt(SLOT_A);
        pqx_poly_st((uint32_t)out16, SLOT_A);
        (void)pqx_poly_cnt(0);      /* waits until the store has ended */
    } else if (OP == 4) {
        pqx_poly_ld((uint32_t)f16, SLOT_A);
        pqx_poly_ld((uint32_t)g16, SLOT_B);
        pqx_poly_ntt(SLOT_A);
        pqx_poly_ntt(SLOT_B);
        pqx_poly_pwm(SLOT_A, SLOT_B);
        pqx_poly_intt(SLOT_A);
        pqx_poly_st((uint32_t)out16, SLOT_A);
        (void)pqx_poly_cnt(0);      /* waits until the store has ended */
    } else {
        poly_load(SLOT_A, f);
        poly_load(SLOT_B, g);
        pqx_poly_ntt(SLOT_A);
        pqx_poly_ntt(SLOT_B);
        pqx_poly_pwm(SLOT_A, SLOT_B);
        pqx_poly_intt(SLOT_A);
        poly_store(SLOT_A, out);
    }
    if (OP < 3)
        (void)pqx_poly_cnt(0);      /* waits until the engine is done */
    KERNEL_END();
    if (OP < 3)
        poly_store(SLOT_A, out);
    if (OP >= 4)
        for (unsigned i = 0; i < 256; i++)
            out[i] = out16[i];
#else
    for (unsigned i = 0; i < 256; i++) {
        fk[i] = (int16_t)f[i];
        gk[i] = (int16_t)g[i];
        fd[i] = (int32_t)f[i];
        gd[i] = (int32_t)g[i];
    }
    KERNEL_BEGIN();
    if (MODQ == 0) {
        if (TRANSFORM == 0) {
            k_ntt_sw(fk);
        } else if (TRANSFORM == 1) {
            k_invntt_sw(fk);
        } else if (TRANSFORM == 2) {
            k_basemul_sw(rk, fk, gk);
            memcpy(fk, rk, sizeof fk);
        } else {            /* OP 3 and 4: the whole product */
            k_ntt_sw(fk);
            k_ntt_sw(gk);
            k_basemul_sw(rk, fk, gk);
            k_invntt_sw(rk);
            memcpy(fk, rk, sizeof fk);
        }
    } else {
        if (TRANSFORM == 0) {
            d_ntt_sw(fd);
        } else if (TRANSFORM == 1) {
            d_invntt_sw(fd);
        } else {
            /* a b R^-1, then times R^2 R^-1: a b mod q */
            for (unsigned i = 0; i < 256; i++)
                fd[i] = d_caddq(d_montgomery_reduce(
                    (int64_t)D_R2 * d_montgomery_reduce((int64_t)fd[i] * gd[i])));
        }
    }
    KERNEL_END();
    for (unsigned i = 0; i < 256; i++)
        out[i] = MODQ ? (uint32_t)fd[i] : (uint32_t)(uint16_t)fk[i];
#endif
    kernel_out_words(out, 256);
    return 0;
}
