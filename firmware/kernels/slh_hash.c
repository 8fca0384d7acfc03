/* SLH-DSA F, H and PRF, SHAKE, n = 16 (FIPS 205 section 11.2): SHAKE256(PK.seed || ADRS ||
 * payload, 128) with payload M1 (F), M2 (H) or SK.seed (PRF). One program for the three kernels:
 * SLH_FN (1 F, 2 H, 3 PRF) and PAY (4 or 8 words) come from kernel_input.h, with PK_SEED (4
 * words) and ADRS (8 words, the 32 ADRS bytes); output: the 16-byte hash.
 *   baseline  keccak_sponge_sw(rate 136, suffix 0x1F) on the concatenation (keccak_sw.h)
 *   PQX       LOADs of PK.seed into S[0..3], ADRS into S[4..11], the payload into S[12..]
 *             (the layout of docs/isa.md), then THASH1_128 / THASH2_128 with rs2 = 1 (the FIPS
 *             205 simple form) or PRF_128: the hardware builds the padded block and permutes;
 *             4 STOREs of O[0..3] (keccak_pqx.h). No KINIT: they read only their layout's words.
 * Measured region: from the three inputs in memory to the hash in memory. HORCRUX's thash
 * (49,666 / 408) is the robust SPHINCS+ form (two SHAKE256 calls), not F or H; its prf-addr
 * (24,540 / 382) is one SHAKE256 call of seed and address, as PRF. */
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
    const uint32_t *seed = PK_SEED, *adrs = ADRS, *pay = PAY;
    KERNEL_HIDE(seed);
    KERNEL_HIDE(adrs);
    KERNEL_HIDE(pay);
#if !PQX_KERNEL
    uint32_t buf[12 + PAY_LEN];
    keccak_sw_init();
#endif
    KERNEL_BEGIN();
#if PQX_KERNEL
    const uint32_t *const src[6 + PAY_LEN / 2] = {seed, seed + 2, adrs, adrs + 2, adrs + 4,
                                                  adrs + 6, pay, pay + 2,
#if PAY_LEN == 8
                                                  pay + 4, pay + 6
#endif
    };
    kpqx_load_list(src, 6 + PAY_LEN / 2);
#if SLH_FN == 1
    pqx_thash1_128(1);
#elif SLH_FN == 2
    pqx_thash2_128(1);
#else
    pqx_prf_128();
#endif
    kpqx_store_words(out, 4);
#else
    for (int k = 0; k < 4; k++)
        buf[k] = seed[k];
    for (int k = 0; k < 8; k++)
        buf[4 + k] = adrs[k];
    for (unsigned k = 0; k < PAY_LEN; k++)
        buf[12 + k] = pay[k];
    keccak_sponge_sw(136, 0x1F, (const uint8_t *)buf, 4 * (12 + PAY_LEN), (uint8_t *)out, 16);
#endif
    KERNEL_END();
    kernel_out(out, 16);
    return 0;
}
