/* SLH-DSA WOTS+ chain, SHAKE, n = 16 (FIPS 205 Algorithm 5): chain(X, i, s, PK.seed, ADRS) = F
 * applied s times, step j = i .. i+s-1 with ADRS's hash address set to j. Inputs X, PK_SEED
 * (4 words each), ADRS (8 words; its hash address is overwritten), START = i and STEPS = s
 * (#defines); output: the 16-byte chain value.
 *   baseline  per step the 64-byte PK.seed || ADRS || tmp in a buffer, keccak_sponge_sw
 *   PQX       ADRS and X loaded once; per step LOAD PK.seed back (THASH wrote its output over it),
 *             LOAD {chain address, hash address} (ADRS words 6 and 7: one LOAD), LOAD the chain
 *             value into in1, THASH1_128 (simple), STORE the 4 output words into registers. The
 *             output cannot go from O to in1 inside PQX, so every step is a STORE/LOAD round trip
 *             through registers (no memory); the steps are unrolled (s is a constant), the LOAD
 *             indices and PK.seed stay in registers, and the STOREs come first after THASH, so
 *             each STORE result is several instructions old at its LOAD.
 * Measured region: from X, PK.seed and ADRS in memory to the chain's end in memory. HORCRUX's
 * gen_chain (745,008 / 6,183) uses the robust tweakable hash (two permutations per step). */
#include "kernel.h"
#include "kernel_input.h"
#if PQX_KERNEL
#include "keccak_pqx.h"
#else
#include "keccak_sw.h"
#endif

static uint32_t out[4];

int main(void)
{
    const uint32_t *seed = PK_SEED, *adrs = ADRS, *x = X;
    KERNEL_HIDE(seed);
    KERNEL_HIDE(adrs);
    KERNEL_HIDE(x);
#if !PQX_KERNEL
    uint32_t buf[16];
    keccak_sw_init();
#endif
    KERNEL_BEGIN();
#if PQX_KERNEL
    uint32_t s0 = seed[0], s1 = seed[1], s2 = seed[2], s3 = seed[3];
    uint32_t x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3], a6 = adrs[6];
    uint32_t i1 = 1, i2 = 2, i3 = 3, i4 = 4, i6 = 6, i8 = 8, i10 = 10, i12 = 12, i14 = 14;
    KPQX_PIN2(i4, i6);
    KPQX_PIN2(i8, i10);
    KPQX_PIN2(i12, i14);
    KPQX_PIN2(i1, i2);
    KPQX_PIN(i3);
    pqx_load(adrs[0], adrs[1], i4);          /* ADRS words 0..5 stay for the whole chain */
    pqx_load(adrs[2], adrs[3], i6);
    pqx_load(adrs[4], adrs[5], i8);
#pragma clang loop unroll(full)
    for (uint32_t j = START; j < START + STEPS; j++) {
        uint32_t h = j << 24;                /* the hash address, big-endian in ADRS */
        pqx_load(s0, s1, 0);
        pqx_load(s2, s3, i2);
        pqx_load(a6, h, i10);
        pqx_load(x0, x1, i12);
        pqx_load(x2, x3, i14);
        pqx_thash1_128(i1);
        x0 = pqx_store(0);
        x1 = pqx_store(i1);
        x2 = pqx_store(i2);
        x3 = pqx_store(i3);
    }
    out[0] = x0;
    out[1] = x1;
    out[2] = x2;
    out[3] = x3;
#else
    for (int k = 0; k < 4; k++) {
        buf[k] = seed[k];
        buf[12 + k] = x[k];
    }
    for (int k = 0; k < 8; k++)
        buf[4 + k] = adrs[k];
    for (uint32_t j = START; j < START + STEPS; j++) {
        buf[11] = j << 24;
        keccak_sponge_sw(136, 0x1F, (const uint8_t *)buf, 64, (uint8_t *)(buf + 12), 16);
    }
    for (int k = 0; k < 4; k++)
        out[k] = buf[12 + k];
#endif
    KERNEL_END();
    kernel_out(out, 16);
    return 0;
}
