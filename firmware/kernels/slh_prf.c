/* SLH-DSA PRF, SHAKE, n = 16 (FIPS 205 section 11.2): PRF(PK.seed, SK.seed, ADRS) =
 * SHAKE256(PK.seed || ADRS || SK.seed, 128). Inputs PK_SEED (4 words), ADRS (8 words, the 32
 * ADRS bytes), SK_SEED (4 words); output: the 16-byte value.
 *   baseline  keccak_sponge_sw(rate 136, suffix 0x1F) on the 64-byte concatenation (keccak_sw.h)
 *   PQX       8 LOADs (PK.seed into S[0..3], ADRS into S[4..11], SK.seed into S[12..15]: the
 *             layout of docs/isa.md), PRF_128 (the hardware builds the padded block and
 *             permutes), 4 STOREs of O[0..3] (keccak_pqx.h)
 * No KINIT: PRF reads only the words of its layout.
 * Measured region: from the three inputs in memory to the output in memory, as HORCRUX's
 * prf-addr (24,540 / 382: one SHAKE256 call of seed and address). */
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
    const uint32_t *seed = PK_SEED, *adrs = ADRS, *pay = SK_SEED;
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
    pqx_prf_128();
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
