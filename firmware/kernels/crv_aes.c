/* AES-128 encryption of one block with on-the-fly key expansion (FIPS 197).
 * Input KEY, PT: 16 bytes each. Output: the ciphertext (16 bytes).
 * Measured region: from the first instruction of the block to its ciphertext in memory, key and
 * plaintext already in memory, the way the Crypto-RV seed counts its AES-128 figure (98 cycles).
 *   baseline  plain C (firmware/lib/aes_sw.h): S-box table, the round key computed per round.
 *   PQX       CRV_BPTR 0, 4 CRV_BWR (key, plaintext), AES128_ENC (16 cycles), 4 HASH_RD and sw. */
#include "kernel.h"
#include "kernel_input.h"

static uint32_t key[4], pt[4], out[4];

#if !PQX_KERNEL
#include "aes_sw.h"
#endif

int main(void)
{
    memcpy(key, KEY, sizeof key);
    memcpy(pt, PT, sizeof pt);
    kernel_opaque(key);
    kernel_opaque(pt);
    KERNEL_BEGIN();
#if PQX_KERNEL
    pqx_crv_bptr(0);
    pqx_crv_bwr(key[0], key[1]);
    pqx_crv_bwr(key[2], key[3]);
    pqx_crv_bwr(pt[0], pt[1]);
    pqx_crv_bwr(pt[2], pt[3]);
    pqx_aes128_enc(0);
    for (uint32_t k = 0; k < 4; k++) out[k] = pqx_hash_rd(k);
#else
    aes128_encrypt_sw((uint8_t *)out, (const uint8_t *)key, (const uint8_t *)pt);
#endif
    KERNEL_END();
    kernel_out_words(out, 4);
    return 0;
}
