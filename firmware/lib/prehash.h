/* The pre-hash signatures' message: HashML-DSA (FIPS 204 Algorithms 4 and 5) and HashSLH-DSA
 * (FIPS 205 Algorithms 23 and 25) sign and verify M' = 1 || |ctx| || ctx || OID(PH) || PH(M)
 * with the internal functions. Written from the standards; the OIDs are NIST's hash algorithm
 * identifiers (2.16.840.1.101.3.4.2.x, DER-encoded: 11 bytes).
 *
 * PH on PQX's engines in the PQX build: SHA-256 and SHA-512 on the Crypto-RV engine, SHA3-* and
 * SHAKE* on the Keccak unit (the sponge of keccak_pqx.h); SHA-224, SHA-384 and SHA-512/224, /256
 * in plain C (the engine has no INIT for their initial values: sha2.h). Plain C everywhere in the
 * baseline. M must be word-aligned (the PQX sponge reads words). */
#ifndef PQX_PREHASH_H
#define PQX_PREHASH_H

#include <stdint.h>
#include "pqx_rt.h"
#include "sha2.h"
#if PQX_KERNEL
#include "keccak_pqx.h"
#else
#include "keccak_sw.h"
#endif

/* PH: the last byte of its OID */
enum {
    PH_SHA2_256 = 1, PH_SHA2_384, PH_SHA2_512, PH_SHA2_224, PH_SHA2_512_224, PH_SHA2_512_256,
    PH_SHA3_224, PH_SHA3_256, PH_SHA3_384, PH_SHA3_512, PH_SHAKE_128, PH_SHAKE_256
};
#define PREHASH_MPRIME_MAX (2 + 255 + 11 + 64)

/* FIPS 180-4 5.3.2, 5.3.4, 5.3.6 */
static const uint32_t prehash_iv224_[8] = {0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
                                           0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4};
static const uint64_t prehash_iv384_[8] = {
    0xcbbb9d5dc1059ed8ull, 0x629a292a367cd507ull, 0x9159015a3070dd17ull, 0x152fecd8f70e5939ull,
    0x67332667ffc00b31ull, 0x8eb44a8768581511ull, 0xdb0c2e0d64f98fa7ull, 0x47b5481dbefa4fa4ull};
static const uint64_t prehash_iv512_224_[8] = {
    0x8c3d37c819544da2ull, 0x73e1996689dcd4d6ull, 0x1dfab7ae32ff9c82ull, 0x679dd514582f9fcfull,
    0x0f6d2b697bd44da8ull, 0x77e36f7304c48942ull, 0x3f9d85a86a1d36c8ull, 0x1112e6ad91d692a1ull};
static const uint64_t prehash_iv512_256_[8] = {
    0x22312194fc2bf72cull, 0x9f555fa3c84c64c2ull, 0x2393b86b6f53b151ull, 0x963877195940eabdull,
    0x96283ee2a88effe3ull, 0xbe5e1e2553863992ull, 0x2b0199fc2c85b8aaull, 0x0eb72ddc81c52ca2ull};

/* PH(M)'s length in bytes (FIPS 204 Algorithm 4: SHAKE128 256 bits, SHAKE256 512 bits) */
static const uint8_t prehash_len_[13] = {0, 32, 48, 64, 28, 28, 32, 28, 32, 48, 64, 32, 64};

/* SHA3-* and SHAKE*: rate (bytes) and domain bits */
static void prehash_keccak_(uint8_t *out, uint32_t outlen, unsigned rate, uint32_t suffix,
                            const uint8_t *m, uint32_t mlen)
{
#if PQX_KERNEL
    uint32_t w[16];
    const uint32_t *mw = (const uint32_t *)m;
    switch (rate) {                 /* a constant rate per call: the sponge's loops unroll */
    case 72: kpqx_absorb(mw, mlen, 72, suffix); break;
    case 104: kpqx_absorb(mw, mlen, 104, suffix); break;
    case 136: kpqx_absorb(mw, mlen, 136, suffix); break;
    case 144: kpqx_absorb(mw, mlen, 144, suffix); break;
    default: kpqx_absorb(mw, mlen, 168, suffix); break;
    }
    kpqx_store_words_n(w, (outlen + 3) / 4);     /* outlen < rate: one block of output */
    memcpy(out, w, outlen);
#else
    keccak_sponge_sw(rate, (uint8_t)suffix, m, mlen, out, outlen);
#endif
}

/* M' of a pre-hash signature into out (PREHASH_MPRIME_MAX bytes); its length, or 0 for an
 * unknown PH or a context longer than 255 bytes */
__attribute__((unused)) static uint32_t prehash_mprime(uint8_t *out, uint32_t ph, const uint8_t *ctx,
                                                       uint32_t ctxlen, const uint8_t *m, uint32_t mlen)
{
    static const uint8_t oid[10] = {0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02};
    if (ph < PH_SHA2_256 || ph > PH_SHAKE_256 || ctxlen > 255)
        return 0;
    uint8_t *d = out + 2 + ctxlen + 11;
    uint32_t dlen = prehash_len_[ph];
    out[0] = 1;
    out[1] = (uint8_t)ctxlen;
    memcpy(out + 2, ctx, ctxlen);
    memcpy(out + 2 + ctxlen, oid, sizeof oid);
    out[2 + ctxlen + 10] = (uint8_t)ph;
    if (ph <= PH_SHA2_512_256) {
        sha2_ctx c;
        if (ph == PH_SHA2_256 || ph == PH_SHA2_512)
            sha2_init(&c, ph == PH_SHA2_512);
        else if (ph == PH_SHA2_224)
            sha2_init_iv(&c, SHA2_256, prehash_iv224_, 0);
        else
            sha2_init_iv(&c, SHA2_512, 0, ph == PH_SHA2_384 ? prehash_iv384_
                                          : ph == PH_SHA2_512_224 ? prehash_iv512_224_ : prehash_iv512_256_);
        sha2_update(&c, m, mlen);
        sha2_final(&c, d, dlen);
    } else {
        static const uint8_t rate[6] = {144, 136, 104, 72, 168, 136};
        unsigned k = ph - PH_SHA3_224;
        prehash_keccak_(d, dlen, rate[k], k < 4 ? 0x06 : 0x1F, m, mlen);
    }
    return 2 + ctxlen + 11 + dlen;
}

#endif /* PQX_PREHASH_H */
