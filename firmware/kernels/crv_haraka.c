/* Haraka v2 of one input: Haraka-256 (LANES 2: 32 bytes) or Haraka-512 (LANES 4: 64 bytes).
 * Input X: the input. Output: the 32-byte hash.
 * Measured region: from the first instruction of the block to its hash in memory, the input
 * already in memory, the way the Crypto-RV seed counts its figures (Haraka-256 110, Haraka-512
 * 205 cycles).
 *   baseline  plain C (firmware/lib/haraka_sw.h) on the AES round of firmware/lib/aes_sw.h.
 *   PQX       CRV_BPTR 0, CRV_BWR of each pair of words (4 or 8), HARAKA256 / HARAKA512 (30 / 54
 *             cycles), HASH_RD and sw of the eight output words. */
#include "kernel.h"
#include "kernel_input.h"

static uint32_t x[4 * LANES], out[8];

#if !PQX_KERNEL
#include "haraka_sw.h"
#endif

int main(void)
{
    memcpy(x, X, sizeof x);
    kernel_opaque(x);
    KERNEL_BEGIN();
#if PQX_KERNEL
    pqx_crv_bptr(0);
    for (uint32_t k = 0; k < 4 * LANES; k += 2) pqx_crv_bwr(x[k], x[k + 1]);
    if (LANES == 2) pqx_haraka256(0);
    else pqx_haraka512(0);
    for (uint32_t k = 0; k < 8; k++) out[k] = pqx_hash_rd(k);
#else
    haraka_sw((uint8_t *)out, (const uint8_t *)x, LANES);
#endif
    KERNEL_END();
    kernel_out_words(out, 8);
    return 0;
}
