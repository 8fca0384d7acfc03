/* The ML-DSA kernels (mldsa_kernels.h) in plain C (PQX_KERNEL=0) or with PQX instructions
 * (PQX_KERNEL=1). Both builds share firmware/lib. The PQX build uses PQX for SHAKE, NTT and NTT^-1
 * (the polynomial unit's engine and DMA), the NTT-domain dot products (MQMULD), RejNTTPoly
 * (REJ_UNIFORM) and RejBoundedPoly (REJ_ETA2/4); ExpandMask takes its SHAKE256 stream from PQX
 * and unpacks it in C (UNPACK_Z17/19 are not used yet). */
#include "mldsa_kernels.h"
#include "mldsa.h"
#include "pqx_rt.h"

#ifndef PQX_KERNEL
#error "compile with -DPQX_KERNEL=0 (baseline) or -DPQX_KERNEL=1 (PQX)"
#endif

#define Q MLDSA_Q
#define Z_BYTES (32 * MLDSA_Z_BITS)

#if PQX_KERNEL
#include "mldsa_pqx.h"

/* The transforms run on the polynomial unit (docs/isa.md): the DMA loads a polynomial
 * (coefficients in [0, q), one per word) into an ML-DSA slot, the engine runs FIPS 204
 * Algorithm 41 or 42, the DMA stores the slot back; POLY_CNT returns once the store has reached
 * memory (the fence). About 1,100 cycles a transform against 4,000 to 5,000 for the butterfly
 * instructions (mldsa_pqx.h); fixed time. The Montgomery form (times R = 2^32 mod q) of an NTT
 * is one more POLY_PWM with a slot that holds R in every coefficient. Every polynomial is in
 * [0, q) between steps (mldsa.c), as the DMA needs (it reads a word as unsigned). */
#define ENGINE_SLOT 4u                      /* the first ML-DSA slot */
#define R_SLOT 5u
#define MONT_R 4193792u                     /* 2^32 mod q */

void mldsa_kernels_init(void)
{
    for (uint32_t i = 0; i < 256; i++)      /* ZEROIZE after the last operation cleared it */
        pqx_poly_wr(MONT_R, 256 * R_SLOT + i);
}

static void engine_run(int32_t a[256], int inverse, int mont)
{
    pqx_poly_ld((uint32_t)a, ENGINE_SLOT);
    if (inverse)
        pqx_poly_intt(ENGINE_SLOT);
    else
        pqx_poly_ntt(ENGINE_SLOT);
    if (mont)
        pqx_poly_pwm(ENGINE_SLOT, R_SLOT);
    pqx_poly_st((uint32_t)a, ENGINE_SLOT);
    (void)pqx_poly_cnt(0);
}


/* outlen a multiple of 4 (every caller's is) */
void mldsa_shake256(uint8_t *out, uint32_t outlen, const uint8_t *in, uint32_t inlen)
{
    uint32_t *o = (uint32_t *)out, n = outlen / 4;
    kpqx_absorb((const uint32_t *)in, inlen, 136, 0x1F);
    for (; n > 34; n -= 34, o += 34) {
        kpqx_store_words(o, 34);
        pqx_kperm();
    }
    kpqx_store_words_n(o, n);
}

void mldsa_rej_ntt_poly(int32_t *a, const uint8_t rho[32], unsigned s, unsigned r)
{
    mldsa_rej_ntt_pqx(a, (const uint32_t *)rho, s, r);
}

void mldsa_ntt(int32_t a[256])
{
    engine_run(a, 0, 0);
}

void mldsa_ntt_mont(int32_t a[256])
{
    engine_run(a, 0, 1);
}

void mldsa_invntt(int32_t a[256])
{
    engine_run(a, 1, 0);
}

void mldsa_dot(int32_t r[256], const int32_t *a, const int32_t *b, unsigned n)
{
    mldsa_dot_pqx(r, a, b, n);
}

/* a SHAKE256 stream of seed (66 bytes) with the sponge kept in PQX: one block at a time */
static void stream_first(uint32_t blk[34], const uint8_t *seed)
{
    kpqx_absorb((const uint32_t *)seed, 66, 136, 0x1F);
    kpqx_store_words(blk, 34);
}

static void stream_next(uint32_t blk[34])
{
    pqx_kperm();
    kpqx_store_words(blk, 34);
}

/* RejBoundedPoly (Algorithm 31): REJ_ETA_WORD (mldsa_pqx.h) per stream word, values mod q. Up
 * to 7 candidates past the 256th go to the slack of a local buffer. */
#if MLDSA_ETA == 2
#define REJ_ETA pqx_rej_eta2
#else
#define REJ_ETA pqx_rej_eta4
#endif
void mldsa_rej_bounded_poly(int32_t a[256], const uint8_t rho[64], unsigned r)
{
    static int32_t out[256 + 8];
    uint32_t seedw[68 / 4], blk[34];
    uint8_t *seed = (uint8_t *)seedw;
    int32_t *o = out;
    memcpy(seed, rho, 64);
    seed[64] = (uint8_t)r;
    seed[65] = (uint8_t)(r >> 8);
    stream_first(blk, seed);
    for (;;) {
        for (unsigned i = 0; i < 34 && o < out + 256; i++) {
            REJ_ETA_WORD(o, blk[i], REJ_ETA, Q);
        }
        if (o >= out + 256)
            break;
        stream_next(blk);
    }
    memcpy(a, out, 256 * sizeof(int32_t));
}
#else
#include "keccak_sw.h"
#include "ntt_sw.h"

void mldsa_kernels_init(void)
{
    keccak_sw_init();
}

void mldsa_shake256(uint8_t *out, uint32_t outlen, const uint8_t *in, uint32_t inlen)
{
    keccak_sponge_sw(136, 0x1F, in, inlen, out, outlen);
}

void mldsa_rej_ntt_poly(int32_t *a, const uint8_t rho[32], unsigned s, unsigned r)
{
    uint8_t seed[34], buf[168];
    uint64_t st[25];
    unsigned ctr = 0;
    memcpy(seed, rho, 32);
    seed[32] = (uint8_t)s;
    seed[33] = (uint8_t)r;
    keccak_absorb_sw(st, 168, 0x1F, seed, 34);
    for (int first = 1; ctr < 256; first = 0) {
        if (!first)
            keccak_f1600_sw(st);
        keccak_squeeze_sw(st, 168, buf, 168);
        for (unsigned pos = 0; pos + 3 <= 168 && ctr < 256; pos += 3) {
            uint32_t t = buf[pos] | (uint32_t)buf[pos + 1] << 8 | (uint32_t)(buf[pos + 2] & 0x7F) << 16;
            if (t < Q)
                a[ctr++] = (int32_t)t;
        }
    }
}

void mldsa_ntt(int32_t a[256])
{
    d_ntt_sw(a);
}

void mldsa_ntt_mont(int32_t a[256])
{
    d_ntt_mont_sw(a);
}

void mldsa_invntt(int32_t a[256])
{
    d_invntt_sw(a);
}

void mldsa_dot(int32_t r[256], const int32_t *a, const int32_t *b, unsigned n)
{
    d_dot_sw(r, a, b, n);
}

static uint64_t stream_st[25];

static void stream_first(uint32_t blk[34], const uint8_t *seed)
{
    keccak_absorb_sw(stream_st, 136, 0x1F, seed, 66);
    keccak_squeeze_sw(stream_st, 136, (uint8_t *)blk, 136);
}

static void stream_next(uint32_t blk[34])
{
    keccak_f1600_sw(stream_st);
    keccak_squeeze_sw(stream_st, 136, (uint8_t *)blk, 136);
}

/* RejBoundedPoly (Algorithm 31) with CoeffFromHalfByte (Algorithm 15): per byte the low half,
 * then the high one. */
void mldsa_rej_bounded_poly(int32_t a[256], const uint8_t rho[64], unsigned r)
{
    uint32_t seedw[68 / 4], blk[34];
    uint8_t *seed = (uint8_t *)seedw;
    const uint8_t *b = (const uint8_t *)blk;
    unsigned ctr = 0;
    memcpy(seed, rho, 64);
    seed[64] = (uint8_t)r;
    seed[65] = (uint8_t)(r >> 8);
    stream_first(blk, seed);
    for (;;) {
        for (unsigned pos = 0; pos < 136 && ctr < 256; pos++) {
            uint32_t z[2] = {b[pos] & 15u, (uint32_t)b[pos] >> 4};
            for (unsigned h = 0; h < 2 && ctr < 256; h++) {
#if MLDSA_ETA == 2
                uint32_t ok = z[h] < 15;                       /* 2 - (z mod 5), no division */
                int32_t v = 2 - (int32_t)(z[h] - ((205 * z[h]) >> 10) * 5);
#else
                uint32_t ok = z[h] < 9;
                int32_t v = 4 - (int32_t)z[h];
#endif
                if (ok)
                    a[ctr++] = v + ((v >> 31) & Q);
            }
        }
        if (ctr >= 256)
            break;
        stream_next(blk);
    }
}
#endif

/* ---------------------------------------------------------------- shared by both builds */
/* ExpandMask's polynomial: BitUnpack(H(rho'' || r as 2 bytes, 32 c), gamma1 - 1, gamma1) */
void mldsa_mask_poly(int32_t a[256], const uint8_t rho[64], unsigned r)
{
    static uint32_t bufw[Z_BYTES / 4];
    uint32_t seedw[68 / 4];
    uint8_t *seed = (uint8_t *)seedw, *buf = (uint8_t *)bufw;
    memcpy(seed, rho, 64);
    seed[64] = (uint8_t)r;
    seed[65] = (uint8_t)(r >> 8);
    mldsa_shake256(buf, Z_BYTES, seed, 66);
    for (unsigned i = 0; i < 256; i += 4) {
#if MLDSA_Z_BITS == 18
        const uint8_t *p = buf + 9 * (i / 4);
        uint32_t v[4] = {
            (p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16) & 0x3FFFF,
            (p[2] >> 2 | (uint32_t)p[3] << 6 | (uint32_t)p[4] << 14) & 0x3FFFF,
            (p[4] >> 4 | (uint32_t)p[5] << 4 | (uint32_t)p[6] << 12) & 0x3FFFF,
            (p[6] >> 6 | (uint32_t)p[7] << 2 | (uint32_t)p[8] << 10) & 0x3FFFF,
        };
#else
        const uint8_t *p = buf + 10 * (i / 4);
        uint32_t v[4] = {
            (p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16) & 0xFFFFF,
            (p[2] >> 4 | (uint32_t)p[3] << 4 | (uint32_t)p[4] << 12) & 0xFFFFF,
            (p[5] | (uint32_t)p[6] << 8 | (uint32_t)p[7] << 16) & 0xFFFFF,
            (p[7] >> 4 | (uint32_t)p[8] << 4 | (uint32_t)p[9] << 12) & 0xFFFFF,
        };
#endif
        for (unsigned k = 0; k < 4; k++) {
            int32_t y = MLDSA_GAMMA1 - (int32_t)v[k];
            a[i + k] = y + ((y >> 31) & Q);
        }
    }
}
