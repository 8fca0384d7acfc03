/* Crypto-RV hash of one block: SHA-256 (ALG 0), SHA-512 (ALG 1) or SM3 (ALG 2) of a message that
 * fits one padded block (64 bytes, 128 for SHA-512), the block already padded in memory.
 * Input BLOCK: the padded block. Output: the digest (32 or 64 bytes).
 * Measured region: from the first instruction of the block to its digest in memory, the way the
 * Crypto-RV seed counts its per-block figures (SHA-256 146, SHA-512 263, SM3 144 cycles).
 *   baseline  the standards' compression function in plain C (firmware/lib/crv_sw.h), then the
 *             digest stored big-endian.
 *   PQX       INIT, CRV_BPTR 0, CRV_BWR of each pair of words (8, or 16 for SHA-512), the block
 *             instruction (71 / 87 / 71 cycles), HASH_RD and sw of each digest word. */
#include "kernel.h"
#include "kernel_input.h"

#define BLOCK_BYTES (ALG == 1 ? 128 : 64)
#define DIGEST_WORDS (ALG == 1 ? 16 : 8)

static uint32_t blk[BLOCK_BYTES / 4], out[DIGEST_WORDS];

#if !PQX_KERNEL
#include "crv_sw.h"

static const uint32_t sm3_iv[8] = {0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600,
                                   0xa96f30bc, 0x163138aa, 0xe38dee4d, 0xb0fb0e4e};

static inline uint32_t bswap(uint32_t x)
{
    return x >> 24 | (x >> 8 & 0xff00u) | (x << 8 & 0xff0000u) | x << 24;
}
#endif

int main(void)
{
    memcpy(blk, BLOCK, sizeof blk);
    kernel_opaque(blk);
    KERNEL_BEGIN();
#if PQX_KERNEL
    if (ALG == 0) pqx_sha256_init();
    else if (ALG == 1) pqx_sha512_init();
    else pqx_sm3_init();
    pqx_crv_bptr(0);
    for (uint32_t k = 0; k < BLOCK_BYTES / 4; k += 2) pqx_crv_bwr(blk[k], blk[k + 1]);
    if (ALG == 0) pqx_sha256_blk(0);
    else if (ALG == 1) pqx_sha512_blk(0);
    else pqx_sm3_blk(0);
    for (uint32_t k = 0; k < DIGEST_WORDS; k++) out[k] = pqx_hash_rd(k);
#else
    if (ALG == 1) {
        uint64_t h[8];
        memcpy(h, crv_sha512_iv, sizeof h);
        sha512_compress_sw(h, (const uint8_t *)blk);
        for (int i = 0; i < 8; i++) {
            out[2 * i] = bswap((uint32_t)(h[i] >> 32));
            out[2 * i + 1] = bswap((uint32_t)h[i]);
        }
    } else {
        uint32_t h[8];
        memcpy(h, ALG == 0 ? crv_sha256_iv : sm3_iv, sizeof h);
        if (ALG == 0) sha256_compress_sw(h, (const uint8_t *)blk);
        else sm3_compress_sw(h, (const uint8_t *)blk);
        for (int i = 0; i < 8; i++) out[i] = bswap(h[i]);
    }
#endif
    KERNEL_END();
    kernel_out_words(out, DIGEST_WORDS);
    return 0;
}
