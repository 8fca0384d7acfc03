/* SHA-256 and SHA-512 (FIPS 180-4) as running hashes, HMAC (FIPS 198-1) and MGF1 (RFC 8017
 * B.2.1) on them: what the schemes' SHA-2 functions are built from (SLH-DSA-SHA2, FIPS 205
 * section 11.2). Written from the standards.
 *
 * The compression function is plain C (crv_sw.h) with PQX_KERNEL=0 and the Crypto-RV engine
 * with PQX_KERNEL=1 (docs/isa.md, Crypto-RV): the block goes into the engine's buffer B with
 * CRV_BPTR and CRV_BWR, SHA256_BLK / SHA512_BLK compress it into the engine's chaining value H,
 * HASH_RD reads the digest. H lives in the engine, so on the PQX build one hash runs at a time
 * (every user here finishes a hash before it starts the next).
 *
 * A saved prefix (sha2_prefix) is the state after one whole first block that many hashes share
 * (SLH-DSA's PK.seed block): plain C keeps the chaining value; the PQX build keeps the block in
 * B at its own slot and compresses it again when a hash resumes from it (71 / 87 cycles, less
 * than moving a chaining value in: the engine has no instruction that writes H).
 *
 * SHA-224, SHA-384 and SHA-512/t (sha2_init_iv) run in plain C in every build: the engine has
 * no INIT for their initial values.
 *
 * Lengths: a message here is shorter than 2^29 bytes (the length field's high words are 0). */
#ifndef PQX_SHA2_H
#define PQX_SHA2_H

#include <stdint.h>
#include "pqx_rt.h"

#ifndef PQX_KERNEL
#error "compile with -DPQX_KERNEL=0 (plain C) or -DPQX_KERNEL=1 (Crypto-RV engine)"
#endif

#define SHA2_256 0
#define SHA2_512 1
#define SHA2_BLOCK(wide) ((wide) ? 128u : 64u)
#define SHA2_DIGEST(wide) ((wide) ? 64u : 32u)
#define SHA2_FN __attribute__((unused)) static   /* a user needs only some of them */

typedef struct {
    uint32_t blk[32];        /* the block being filled (word-aligned for CRV_BWR) */
    uint32_t fill;           /* bytes in blk */
    uint32_t total;          /* bytes hashed, blk included */
    uint32_t wide;           /* SHA2_256 or SHA2_512 */
    uint32_t engine;         /* the chaining value is in the Crypto-RV engine (PQX build) */
    uint32_t h32[8];         /* plain C: SHA-256's chaining value */
    uint64_t h64[8];         /* plain C: SHA-512's */
} sha2_ctx;

typedef struct {
    uint32_t wide;
#if PQX_KERNEL
    uint32_t slot;           /* the block's first entry in B */
#else
    uint32_t h32[8];
    uint64_t h64[8];
#endif
} sha2_prefix;

#include "crv_sw.h"

#if PQX_KERNEL
#include "pqx.h"

/* B (128 entries of 8 bytes) holds the saved prefixes at the slots their users choose, below
 * SHA2_WORK_SLOT; the block being compressed goes to SHA2_WORK_SLOT .. +15. */
#define SHA2_WORK_SLOT 96u

static inline void sha2_start_(uint32_t wide)
{
    if (wide)
        pqx_sha512_init();
    else
        pqx_sha256_init();
}

static inline void sha2_put_(const uint32_t *w, uint32_t wide, uint32_t slot)
{
    pqx_crv_bptr(slot);
    for (uint32_t k = 0; k < SHA2_BLOCK(wide) / 4; k += 2)
        pqx_crv_bwr(w[k], w[k + 1]);
}

static inline void sha2_blk_(uint32_t wide, uint32_t slot)
{
    if (wide)
        pqx_sha512_blk(slot);
    else
        pqx_sha256_blk(slot);
}
#define SHA2_ON_ENGINE(c) ((c)->engine)
#else
#define SHA2_ON_ENGINE(c) 0
#endif

SHA2_FN void sha2_compress_(sha2_ctx *c)
{
#if PQX_KERNEL
    if (SHA2_ON_ENGINE(c)) {
        sha2_put_(c->blk, c->wide, SHA2_WORK_SLOT);
        sha2_blk_(c->wide, SHA2_WORK_SLOT);
        return;
    }
#endif
    if (c->wide)
        sha512_compress_sw(c->h64, (const uint8_t *)c->blk);
    else
        sha256_compress_sw(c->h32, (const uint8_t *)c->blk);
}

SHA2_FN void sha2_digest_(const sha2_ctx *c, uint8_t *out, uint32_t outlen)
{
    uint8_t d[64];
#if PQX_KERNEL
    if (SHA2_ON_ENGINE(c)) {
        uint32_t w[16];
        if (outlen % 4 == 0 && ((uintptr_t)out & 3) == 0) {      /* straight into place */
            for (uint32_t k = 0; k < outlen / 4; k++)
                ((uint32_t *)out)[k] = pqx_hash_rd(k);
            return;
        }
        for (uint32_t k = 0; k < (outlen + 3) / 4; k++)
            w[k] = pqx_hash_rd(k);
        memcpy(out, w, outlen);
        return;
    }
#endif
    for (unsigned i = 0; i < 8; i++) {
        if (c->wide) {
            for (unsigned j = 0; j < 8; j++)
                d[8 * i + j] = (uint8_t)(c->h64[i] >> (56 - 8 * j));
        } else {
            for (unsigned j = 0; j < 4; j++)
                d[4 * i + j] = (uint8_t)(c->h32[i] >> (24 - 8 * j));
        }
    }
    memcpy(out, d, outlen);
}

/* SHA-256 or SHA-512 from the standard's initial value: on the engine in the PQX build */
SHA2_FN void sha2_init(sha2_ctx *c, uint32_t wide)
{
    c->wide = wide;
    c->fill = c->total = 0;
    c->engine = PQX_KERNEL;
#if PQX_KERNEL
    sha2_start_(wide);
#else
    memcpy(c->h32, crv_sha256_iv, sizeof c->h32);
    memcpy(c->h64, crv_sha512_iv, sizeof c->h64);
#endif
}

/* a hash of the family with its own initial value (SHA-224: iv32; SHA-384, SHA-512/t: iv64), in
 * plain C in every build: the engine has an INIT for SHA-256 and SHA-512 only and no way to load
 * a chaining value */
SHA2_FN void sha2_init_iv(sha2_ctx *c, uint32_t wide, const uint32_t *iv32, const uint64_t *iv64)
{
    c->wide = wide;
    c->fill = c->total = 0;
    c->engine = 0;
    if (wide)
        memcpy(c->h64, iv64, sizeof c->h64);
    else
        memcpy(c->h32, iv32, sizeof c->h32);
}

SHA2_FN void sha2_update(sha2_ctx *c, const uint8_t *p, uint32_t n)
{
    uint32_t bs = SHA2_BLOCK(c->wide);
    c->total += n;
    while (n) {
        uint32_t take = bs - c->fill < n ? bs - c->fill : n;
        memcpy((uint8_t *)c->blk + c->fill, p, take);
        c->fill += take;
        p += take;
        n -= take;
        if (c->fill == bs) {
            sha2_compress_(c);
            c->fill = 0;
        }
    }
}

/* the first outlen (<= the digest's size) bytes of the digest */
SHA2_FN void sha2_final(sha2_ctx *c, uint8_t *out, uint32_t outlen)
{
    uint32_t bs = SHA2_BLOCK(c->wide), lenbytes = c->wide ? 16 : 8;
    uint8_t *b = (uint8_t *)c->blk;
    uint32_t bits_hi = c->total >> 29, bits_lo = c->total << 3;
    b[c->fill++] = 0x80;
    if (c->fill > bs - lenbytes) {
        memset(b + c->fill, 0, bs - c->fill);
        sha2_compress_(c);
        c->fill = 0;
    }
    memset(b + c->fill, 0, bs - c->fill);
    for (unsigned j = 0; j < 4; j++) {
        b[bs - 8 + j] = (uint8_t)(bits_hi >> (24 - 8 * j));
        b[bs - 4 + j] = (uint8_t)(bits_lo >> (24 - 8 * j));
    }
    sha2_compress_(c);
    sha2_digest_(c, out, outlen);
}

/* the state after the whole first block `block` (SHA2_BLOCK(wide) bytes, word-aligned); the
 * PQX build stores the block in B at `slot` (< SHA2_WORK_SLOT) */
SHA2_FN void sha2_prefix_set(sha2_prefix *s, uint32_t wide, const uint32_t *block, uint32_t slot)
{
    s->wide = wide;
#if PQX_KERNEL
    s->slot = slot;
    sha2_put_(block, wide, slot);
#else
    sha2_ctx c;
    sha2_init(&c, wide);
    sha2_update(&c, (const uint8_t *)block, SHA2_BLOCK(wide));
    memcpy(s->h32, c.h32, sizeof s->h32);
    memcpy(s->h64, c.h64, sizeof s->h64);
    (void)slot;
#endif
}

/* a hash that continues after the saved first block */
SHA2_FN void sha2_resume(sha2_ctx *c, const sha2_prefix *s)
{
    c->wide = s->wide;
    c->fill = 0;
    c->total = SHA2_BLOCK(s->wide);
    c->engine = PQX_KERNEL;
#if PQX_KERNEL
    sha2_start_(s->wide);
    sha2_blk_(s->wide, s->slot);
#else
    if (s->wide)
        memcpy(c->h64, s->h64, sizeof c->h64);
    else
        memcpy(c->h32, s->h32, sizeof c->h32);
#endif
}

/* the digest (first outlen bytes) of the saved first block followed by one more block `blk`,
 * which the caller has padded (the 0x80 byte, zeros, the message length in bits) */
SHA2_FN void sha2_prefix_block(uint8_t *out, uint32_t outlen, const sha2_prefix *s, const uint32_t *blk)
{
    sha2_ctx c;
    sha2_resume(&c, s);
#if PQX_KERNEL
    sha2_put_(blk, s->wide, SHA2_WORK_SLOT);
    sha2_blk_(s->wide, SHA2_WORK_SLOT);
#else
    memcpy(c.blk, blk, SHA2_BLOCK(s->wide));
    sha2_compress_(&c);
#endif
    sha2_digest_(&c, out, outlen);
}

/* HMAC-SHA-x(key, a || b) (FIPS 198-1; key no longer than a block), first outlen bytes */
SHA2_FN void sha2_hmac(uint8_t *out, uint32_t outlen, uint32_t wide, const uint8_t *key, uint32_t keylen,
                      const uint8_t *a, uint32_t alen, const uint8_t *b, uint32_t blen)
{
    uint32_t bs = SHA2_BLOCK(wide), pad[32];
    uint8_t inner[64], *p = (uint8_t *)pad;
    sha2_ctx c;
    memset(pad, 0x36, bs);
    for (uint32_t i = 0; i < keylen; i++)
        p[i] ^= key[i];
    sha2_init(&c, wide);
    sha2_update(&c, p, bs);
    sha2_update(&c, a, alen);
    sha2_update(&c, b, blen);
    sha2_final(&c, inner, SHA2_DIGEST(wide));
    for (uint32_t i = 0; i < bs; i++)
        p[i] ^= 0x36 ^ 0x5c;
    sha2_init(&c, wide);
    sha2_update(&c, p, bs);
    sha2_update(&c, inner, SHA2_DIGEST(wide));
    sha2_final(&c, out, outlen);
}

/* MGF1-SHA-x(seed, outlen) (RFC 8017 B.2.1): SHA-x(seed || counter) for counter 0, 1, ...
 * (4 bytes, big-endian), concatenated, first outlen bytes */
SHA2_FN void sha2_mgf1(uint8_t *out, uint32_t outlen, uint32_t wide, const uint8_t *seed, uint32_t seedlen)
{
    uint32_t dl = SHA2_DIGEST(wide);
    for (uint32_t ctr = 0; outlen; ctr++) {
        uint8_t cb[4] = {(uint8_t)(ctr >> 24), (uint8_t)(ctr >> 16), (uint8_t)(ctr >> 8), (uint8_t)ctr};
        uint32_t take = outlen < dl ? outlen : dl;
        sha2_ctx c;
        sha2_init(&c, wide);
        sha2_update(&c, seed, seedlen);
        sha2_update(&c, cb, 4);
        sha2_final(&c, out, take);
        out += take;
        outlen -= take;
    }
}

#endif /* PQX_SHA2_H */
