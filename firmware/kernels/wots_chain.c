/* SLH-DSA WOTS+ chain, SHAKE, n = 16 (FIPS 205 Algorithm 5): chain(X, i, s, PK.seed, ADRS) = F
 * applied s times, step j = i .. i+s-1 with ADRS's hash address set to j. Inputs X, PK_SEED
 * (4 words each), ADRS (8 words; its hash address is overwritten), START = i and STEPS = s
 * (#defines); output: the 16-byte chain value.
 *   baseline  per step the 64-byte PK.seed || ADRS || tmp in a buffer, keccak_sponge_sw
 *   PQX       PK.seed, ADRS with hash address i and X LOADed once (the layout of docs/isa.md),
 *             then s CHAIN_128 (simple, rs2 = 1): each is one F that writes its output into in1
 *             and steps the hash address, keeping PK.seed, so the steps follow each other with
 *             nothing in between; 4 STOREs of O[0..3] (the chain's end).
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
    const uint32_t adrs67[2] = {adrs[6], __builtin_bswap32(START)};
    const uint32_t *const src[8] = {seed, seed + 2, adrs, adrs + 2, adrs + 4, adrs67, x, x + 2};
    kpqx_load_list(src, 8);
#pragma clang loop unroll(full)
    for (uint32_t j = 0; j < STEPS; j++)
        pqx_chain_128(1);
    kpqx_store_words(out, 4);
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
