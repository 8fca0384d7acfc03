/* The SLH-DSA hashes (slhdsa_kernels.h).
 *
 * SHAKE (FIPS 205 section 11.1), plain C (PQX_KERNEL=0) or PQX (PQX_KERNEL=1): F, H and PRF are
 * one THASH1_n / THASH2_n (the FIPS 205 simple form, rs2 = 1) on PK.seed, ADRS and the payload
 * LOADed into S (docs/isa.md), the output STOREd from O; a WOTS+ chain is one such set-up and
 * one CHAIN_n per step (it leaves PK.seed in S, moves its output to in1 and steps the hash
 * address); T_l and the message hashes go through the PQX sponge (keccak_pqx.h).
 *
 * SHA2 (section 11.2) on firmware/lib/sha2.h, plain C or the Crypto-RV engine: every tweakable
 * hash starts with the block PK.seed || toByte(0, 64 - n) (SHA-256) or 128 - n (SHA-512), the
 * same for the whole operation, so it is saved once (sha2_prefix) and each hash compresses only
 * ADRS^c (the 22-byte compressed address) || payload: one more block for F, PRF and H, built in
 * words and padded in place (one_block), more for T_l (the running hash). F and PRF use SHA-256
 * in every set, H, T_l, H_msg and PRF_msg SHA-512 when n > 16 (categories 3 and 5). */
#include "slhdsa_kernels.h"
#include "slhdsa.h"
#include "pqx_rt.h"

#ifndef PQX_KERNEL
#error "compile with -DPQX_KERNEL=0 (baseline) or -DPQX_KERNEL=1 (PQX)"
#endif

#define N SLH_N
#define NW (N / 4)
#define TMAX (SLH_LEN > SLH_K ? SLH_LEN : SLH_K)

#if SLH_SHA2
#include "sha2.h"

#define WIDE (N > 16 ? SHA2_512 : SHA2_256)     /* H, T_l and the message hashes */
enum { SLOT_256 = 0, SLOT_512 = 8 };             /* the saved PK.seed blocks in the engine's B */

static sha2_prefix seed_256, seed_512;

void slh_kernels_init(const uint8_t *pk_seed)
{
    uint32_t blk[32] = {0};
    memcpy(blk, pk_seed, N);
    sha2_prefix_set(&seed_256, SHA2_256, blk, SLOT_256);
    if (WIDE == SHA2_512)
        sha2_prefix_set(&seed_512, SHA2_512, blk, SLOT_512);
}

/* ADRS^c (section 11.2): bytes 3, 8..15, 19 and 20..31 of ADRS, 22 bytes, as words in memory
 * order (adrs[i] holds bytes 4i..4i+3, the first in its low byte); w[5] holds the last 2 bytes */
static void adrs_c(uint32_t w[6], const uint32_t adrs[8])
{
    w[0] = adrs[0] >> 24 | adrs[2] << 8;
    w[1] = adrs[2] >> 24 | adrs[3] << 8;
    w[2] = adrs[3] >> 24 | (adrs[4] >> 24) << 8 | adrs[5] << 16;
    w[3] = adrs[5] >> 16 | adrs[6] << 16;
    w[4] = adrs[6] >> 16 | adrs[7] << 16;
    w[5] = adrs[7] >> 16;
}

/* ADRS^c || in (words of 4 bytes) || padding: the block after the PK.seed block. The payload
 * starts 2 bytes into word 5, so each of its words is split over two block words. Fits one block
 * for F, PRF (SHA-256: 22 + n <= 55 bytes) and H (SHA-256 for n = 16: 54; SHA-512: 22 + 2n <= 111). */
static void one_block(uint32_t *blk, const uint32_t adrs[8], const uint32_t *in, unsigned words,
                      uint32_t wide)
{
    uint32_t bw = SHA2_BLOCK(wide) / 4, carry;
    adrs_c(blk, adrs);
    carry = blk[5];
    for (unsigned i = 0; i < words; i++) {
        blk[5 + i] = carry | in[i] << 16;
        carry = in[i] >> 16;
    }
    blk[5 + words] = carry | 0x80u << 16;
    for (unsigned i = 6 + words; i < bw - 1; i++)
        blk[i] = 0;
    blk[bw - 1] = __builtin_bswap32((SHA2_BLOCK(wide) + 22 + 4 * words) * 8);   /* length in bits */
}

void slh_thash(uint8_t *out, const uint32_t adrs[8], const uint8_t *in, unsigned blocks)
{
    const sha2_prefix *seed = blocks == 1 || WIDE == SHA2_256 ? &seed_256 : &seed_512;
    if (blocks <= 2) {
        uint32_t blk[32];
        one_block(blk, adrs, (const uint32_t *)in, blocks * NW, seed->wide);
        sha2_prefix_block(out, N, seed, blk);
        return;
    }
    uint32_t ac[6];
    sha2_ctx c;
    adrs_c(ac, adrs);
    sha2_resume(&c, seed);
    sha2_update(&c, (const uint8_t *)ac, 22);
    sha2_update(&c, in, blocks * N);
    sha2_final(&c, out, N);
}

void slh_prf_msg(uint8_t *out, const uint8_t *sk_prf, const uint8_t *opt_rand, const uint8_t *m,
                 uint32_t mlen)
{
    sha2_hmac(out, N, WIDE, sk_prf, N, opt_rand, N, m, mlen);
}

void slh_h_msg(uint8_t *out, const uint8_t *r, const uint8_t *pk_seed, const uint8_t *pk_root,
               const uint8_t *m, uint32_t mlen)
{
    uint8_t seed[2 * N + 64];                   /* R || PK.seed || SHA-x(R || PK.seed || PK.root || M) */
    sha2_ctx c;
    memcpy(seed, r, N);
    memcpy(seed + N, pk_seed, N);
    sha2_init(&c, WIDE);
    sha2_update(&c, seed, 2 * N);
    sha2_update(&c, pk_root, N);
    sha2_update(&c, m, mlen);
    sha2_final(&c, seed + 2 * N, SHA2_DIGEST(WIDE));
    sha2_mgf1(out, SLH_M, WIDE, seed, 2 * N + SHA2_DIGEST(WIDE));
}
#else
static uint32_t pk_seed_w[NW];               /* PK.seed, for every hash's input */
/* PK.seed || ADRS || in for T_l (l > 2); a prefix and M for the message hashes */
static uint32_t cat_buf[(N + 32 + TMAX * N) / 4];
static uint32_t msg_buf[(3 * 32 + 8704) / 4];

static uint32_t concat(const uint32_t adrs[8], const uint8_t *in, unsigned blocks)
{
    uint8_t *b = (uint8_t *)cat_buf;
    memcpy(b, pk_seed_w, N);
    memcpy(b + N, adrs, 32);
    memcpy(b + N + 32, in, blocks * N);
    return N + 32 + blocks * N;
}

static void shake256(uint8_t *out, uint32_t outlen, const uint8_t *in, uint32_t inlen);

/* SHAKE256(p0 || .. || p_{nparts-1} || M, 8 outlen), each part n bytes */
static void hash_with_message(uint8_t *out, uint32_t outlen, const uint8_t *p0, const uint8_t *p1,
                              const uint8_t *p2, unsigned nparts, const uint8_t *m, uint32_t mlen)
{
    uint8_t *b = (uint8_t *)msg_buf;
    const uint8_t *parts[3] = {p0, p1, p2};
    for (unsigned i = 0; i < nparts; i++)
        memcpy(b + N * i, parts[i], N);
    memcpy(b + N * nparts, m, mlen);
    shake256(out, outlen, b, N * nparts + mlen);
}

void slh_prf_msg(uint8_t *out, const uint8_t *sk_prf, const uint8_t *opt_rand, const uint8_t *m,
                 uint32_t mlen)
{
    hash_with_message(out, N, sk_prf, opt_rand, 0, 2, m, mlen);
}

void slh_h_msg(uint8_t *out, const uint8_t *r, const uint8_t *pk_seed, const uint8_t *pk_root,
               const uint8_t *m, uint32_t mlen)
{
    hash_with_message(out, SLH_M, r, pk_seed, pk_root, 3, m, mlen);
}

#if PQX_KERNEL
#include "keccak_pqx.h"

#if N == 16
#define THASH1 pqx_thash1_128
#define THASH2 pqx_thash2_128
#define CHAIN pqx_chain_128
#elif N == 24
#define THASH1 pqx_thash1_192
#define THASH2 pqx_thash2_192
#define CHAIN pqx_chain_192
#else
#define THASH1 pqx_thash1_256
#define THASH2 pqx_thash2_256
#define CHAIN pqx_chain_256
#endif

void slh_kernels_init(const uint8_t *pk_seed)
{
    memcpy(pk_seed_w, pk_seed, N);
}

/* PK.seed, ADRS (words 0..5, then the pair adrs67) and in_words payload words into S by the
 * ISA's layout, as one scheduled list of LOADs (keccak_pqx.h: no index right before its use) */
KPQX_INLINE void load_input(const uint32_t adrs[8], const uint32_t adrs67[2], const uint32_t *in,
                            unsigned in_words)
{
    const uint32_t *src[NW / 2 + 4 + NW];
    unsigned n = 0;
#pragma clang loop unroll(full)
    for (unsigned k = 0; k < NW; k += 2)
        src[n++] = pk_seed_w + k;
    src[n++] = adrs;
    src[n++] = adrs + 2;
    src[n++] = adrs + 4;
    src[n++] = adrs67;
#pragma clang loop unroll(full)
    for (unsigned k = 0; k < in_words; k += 2)
        src[n++] = in + k;
    kpqx_load_list(src, n);
}

void slh_thash(uint8_t *out, const uint32_t adrs[8], const uint8_t *in, unsigned blocks)
{
    uint32_t *o = (uint32_t *)out;
    const uint32_t *p = (const uint32_t *)in;
    if (blocks > 2) {
        kpqx_absorb(cat_buf, concat(adrs, in, blocks), 136, 0x1F);
    } else if (blocks == 2) {
        load_input(adrs, adrs + 6, p, 2 * NW);
        THASH2(1);
    } else {
        load_input(adrs, adrs + 6, p, NW);
        THASH1(1);
    }
    kpqx_store_words(o, NW);
}

void slh_chain(uint8_t *x, const uint32_t adrs[8], unsigned i, unsigned s)
{
    uint32_t *p = (uint32_t *)x;
    const uint32_t adrs67[2] = {adrs[6], __builtin_bswap32(i)};
    if (!s)
        return;
    load_input(adrs, adrs67, p, NW);
    /* straight-line steps, entered at the count: no loop branch between steps (measured: 0.5 %
     * of SLH-DSA-SHAKE-128f Sign, half of its margin under SLotH's figure) */
    switch (s) {
    default: for (; s > 15; s--) CHAIN(1);    /* not in SLH-DSA (w = 16): s <= 15 */
             /* fall through */
    case 15: CHAIN(1); /* fall through */
    case 14: CHAIN(1); /* fall through */
    case 13: CHAIN(1); /* fall through */
    case 12: CHAIN(1); /* fall through */
    case 11: CHAIN(1); /* fall through */
    case 10: CHAIN(1); /* fall through */
    case 9: CHAIN(1);  /* fall through */
    case 8: CHAIN(1);  /* fall through */
    case 7: CHAIN(1);  /* fall through */
    case 6: CHAIN(1);  /* fall through */
    case 5: CHAIN(1);  /* fall through */
    case 4: CHAIN(1);  /* fall through */
    case 3: CHAIN(1);  /* fall through */
    case 2: CHAIN(1);  /* fall through */
    case 1: CHAIN(1);
    }
    kpqx_store_words(p, NW);
}

static void shake256(uint8_t *out, uint32_t outlen, const uint8_t *in, uint32_t inlen)
{
    uint32_t *o = (uint32_t *)out, n = (outlen + 3) / 4;    /* whole words: room for them */
    kpqx_absorb((const uint32_t *)in, inlen, 136, 0x1F);
    for (; n > 34; n -= 34, o += 34) {
        kpqx_store_words(o, 34);
        pqx_kperm();
    }
    kpqx_store_words_n(o, n);
}
#else
#include "keccak_sw.h"

void slh_kernels_init(const uint8_t *pk_seed)
{
    memcpy(pk_seed_w, pk_seed, N);
    keccak_sw_init();
}

void slh_thash(uint8_t *out, const uint32_t adrs[8], const uint8_t *in, unsigned blocks)
{
    keccak_sponge_sw(136, 0x1F, (const uint8_t *)cat_buf, concat(adrs, in, blocks), out, N);
}

static void shake256(uint8_t *out, uint32_t outlen, const uint8_t *in, uint32_t inlen)
{
    keccak_sponge_sw(136, 0x1F, in, inlen, out, outlen);
}
#endif
#endif

#if SLH_SHA2 || !PQX_KERNEL       /* no CHAIN_n: F step by step */
void slh_chain(uint8_t *x, const uint32_t adrs[8], unsigned i, unsigned s)
{
    uint32_t a[8];
    memcpy(a, adrs, sizeof a);
    for (unsigned j = i; j < i + s; j++) {
        a[7] = __builtin_bswap32(j);
        slh_thash(x, a, x, 1);
    }
}
#endif
