/* SLH-DSA F, SHAKE, n = 16 (FIPS 205 section 11.2): F(PK.seed, ADRS, M1) =
 * SHAKE256(PK.seed || ADRS || M1, 128). Inputs PK_SEED (4 words), ADRS (8 words, the 32 ADRS
 * bytes), M1 (4 words); output: the 16-byte hash.
 *   baseline  keccak_sponge_sw(rate 136, suffix 0x1F) on the 64-byte concatenation (keccak_sw.h)
 *   PQX       8 LOADs (PK.seed into S[0..3], ADRS into S[4..11], M1 into S[12..15]: the layout
 *             of docs/isa.md), THASH1_128 with rs2 = 1 (the FIPS 205 simple form; the hardware
 *             builds the padded block and permutes), 4 STOREs of O[0..3] (keccak_pqx.h)
 * No KINIT: THASH reads only the words of its layout.
 * Measured region: from the three inputs in memory to the hash in memory. HORCRUX's thash
 * (49,666 / 408) is the robust SPHINCS+ form (two SHAKE256 calls), not this one. */
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
    const uint32_t *seed = PK_SEED, *adrs = ADRS, *pay = M1;
    KERNEL_HIDE(seed);
    KERNEL_HIDE(adrs);
    KERNEL_HIDE(pay);
#if !PQX_KERNEL
    uint32_t buf[16];
    keccak_sw_init();
#endif
    KERNEL_BEGIN();
#if PQX_KERNEL
    const uint32_t *const src[8] = {seed, seed + 2, adrs, adrs + 2, adrs + 4, adrs + 6,
                                    pay, pay + 2};
    kpqx_load_list(src, 8);
    pqx_thash1_128(1);
    kpqx_store_words(out, 4);
#else
    for (int k = 0; k < 4; k++) {
        buf[k] = seed[k];
        buf[12 + k] = pay[k];
    }
    for (int k = 0; k < 8; k++)
        buf[4 + k] = adrs[k];
    keccak_sponge_sw(136, 0x1F, (const uint8_t *)buf, 64, (uint8_t *)out, 16);
#endif
    KERNEL_END();
    kernel_out(out, 16);
    return 0;
}
