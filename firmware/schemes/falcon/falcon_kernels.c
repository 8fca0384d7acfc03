/* The Falcon kernels (falcon_kernels.h), two builds of one interface:
 *   PQX_KERNEL=0  plain C (the baseline): Keccak-f in software (keccak_sw.h), mq_montymul in C;
 *   PQX_KERNEL=1  the PQX sponge (KINIT / KABSORB / KPERM / STORE through keccak_pqx.h),
 *                 BFNTTF / BFINTTF for the butterflies and MQMULF for the products (docs/isa.md),
 *                 on the same twiddle tables (Montgomery form, so the instructions drop in).
 * The twiddle tables and the reduction of 16-bit values are shared. */
#include "falcon_kernels.h"

#ifndef PQX_KERNEL
#error "compile with -DPQX_KERNEL=0 (baseline) or -DPQX_KERNEL=1 (PQX)"
#endif

#define Q FALCON_Q
#define N FALCON_N
#define MQ_Q0I 12287u          /* -1/q mod 2^16 */
#define MQ_R2 10952u           /* 2^32 mod q: montymul(x, R2) = x 2^16 mod q */
#define MQ_GEN 11u             /* a generator of Z_q^* (q - 1 = 2^12 3; the model finds it) */

#define SHAKE_RATE 136u

#if PQX_KERNEL
#include "keccak_pqx.h"

/* ------------------------------------------------------------------ SHAKE256 on PQX
 * One block buffer in RAM: absorbed bytes collect there and go to S as 17 KABSORB pairs per
 * block. Squeezing: O holds the next output block (sh_fresh: not read yet, else a KPERM makes the
 * next one); whole blocks go from O (34 STOREs) straight into a word-aligned output, partial ones
 * through the buffer. */
static uint32_t sh_blk[SHAKE_RATE / 4];
static unsigned sh_pos, sh_fresh;

void falcon_shake_start(void)
{
    pqx_kinit();
    sh_pos = 0;
}

void falcon_shake_absorb(const uint8_t *in, size_t len)
{
    uint8_t *b = (uint8_t *)sh_blk;
    for (size_t i = 0; i < len; i++) {
        b[sh_pos] = in[i];
        if (++sh_pos == SHAKE_RATE) {
            kpqx_absorb_pairs(sh_blk, SHAKE_RATE / 8);
            pqx_kperm();
            sh_pos = 0;
        }
    }
}

void falcon_shake_finish(void)
{
    uint8_t *b = (uint8_t *)sh_blk;
    for (unsigned i = sh_pos; i < SHAKE_RATE; i++)
        b[i] = 0;
    b[sh_pos] = 0x1F;
    b[SHAKE_RATE - 1] |= 0x80;
    kpqx_absorb_pairs(sh_blk, SHAKE_RATE / 8);
    pqx_kperm();
    sh_pos = SHAKE_RATE;            /* the buffer is used up; O holds the first output block */
    sh_fresh = 1;
}

static void next_block(uint32_t *to)
{
    if (!sh_fresh)
        pqx_kperm();
    sh_fresh = 0;
    kpqx_store_words(to, SHAKE_RATE / 4);
}

void falcon_shake_squeeze(uint8_t *out, size_t len)
{
    const uint8_t *b = (const uint8_t *)sh_blk;
    size_t i = 0;
    for (; i < len && sh_pos < SHAKE_RATE; i++)
        out[i] = b[sh_pos++];
    for (; len - i >= SHAKE_RATE && ((uintptr_t)(out + i) & 3u) == 0; i += SHAKE_RATE)
        next_block((uint32_t *)(out + i));
    for (; i < len; i++) {
        if (sh_pos == SHAKE_RATE) {
            next_block(sh_blk);
            sh_pos = 0;
        }
        out[i] = b[sh_pos++];
    }
}

/* ------------------------------------------------------------------ mod q on PQX */

uint32_t falcon_mq_montymul(uint32_t a, uint32_t b)
{
    return pqx_mqmulf(a, b);
}

#else
#include "keccak_sw.h"

/* ------------------------------------------------------------------ SHAKE256
 * An incremental front end to the project's Keccak-f[1600] (firmware/lib/keccak_sw.h): rate 136,
 * little-endian lanes, pad10*1 after the SHAKE domain bits 0x1F. */
static uint64_t sh_state[25];
static unsigned sh_pos;

void falcon_shake_start(void)
{
    for (int i = 0; i < 25; i++)
        sh_state[i] = 0;
    sh_pos = 0;
}

void falcon_shake_absorb(const uint8_t *in, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        sh_state[sh_pos / 8] ^= (uint64_t)in[i] << (8 * (sh_pos % 8));
        if (++sh_pos == SHAKE_RATE) {
            keccak_f1600_sw(sh_state);
            sh_pos = 0;
        }
    }
}

void falcon_shake_finish(void)
{
    sh_state[sh_pos / 8] ^= (uint64_t)0x1F << (8 * (sh_pos % 8));
    sh_state[(SHAKE_RATE - 1) / 8] ^= 0x80ull << (8 * ((SHAKE_RATE - 1) % 8));
    keccak_f1600_sw(sh_state);
    sh_pos = 0;
}

void falcon_shake_squeeze(uint8_t *out, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        if (sh_pos == SHAKE_RATE) {
            keccak_f1600_sw(sh_state);
            sh_pos = 0;
        }
        out[i] = (uint8_t)(sh_state[sh_pos / 8] >> (8 * (sh_pos % 8)));
        sh_pos++;
    }
}

/* ------------------------------------------------------------------ mod q */

uint32_t falcon_mq_montymul(uint32_t a, uint32_t b)
{
    uint32_t z = a * b;                                   /* < q^2 < 2^28 */
    uint32_t w = ((z * MQ_Q0I) & 0xFFFFu) * Q;            /* z + w = 0 mod 2^16 */
    z = (z + w) >> 16;                                    /* < 2q */
    z -= Q;
    z += Q & -(z >> 31);
    return z;
}

#endif /* PQX_KERNEL */

/* ------------------------------------------------------------------ both builds */

/* ------------------------------------------------------------------ NTT
 * zeta[k] = psi^brv(k) 2^16 mod q and izeta[k] = psi^-brv(k) 2^16 mod q for k = 1 .. n-1 (brv:
 * bit reversal over logn bits, psi = MQ_GEN^((q-1)/2n) a primitive 2n-th root of unity). The
 * forward transform's stage with half-size len uses k = n/(2 len) .. n/len - 1, one per group. */
static uint16_t zeta[N], izeta[N];

static uint32_t mq_pow(uint32_t b, uint32_t e)       /* init only (uses %) */
{
    uint32_t r = 1;
    for (; e; e >>= 1, b = b * b % Q)
        if (e & 1)
            r = r * b % Q;
    return r;
}

static unsigned brv(unsigned k)
{
    unsigned r = 0;
    for (unsigned i = 0; i < FALCON_LOGN; i++)
        r |= ((k >> i) & 1u) << (FALCON_LOGN - 1 - i);
    return r;
}

void falcon_kernels_init(void)
{
#if !PQX_KERNEL
    keccak_sw_init();
#endif
    uint32_t psi = mq_pow(MQ_GEN, (Q - 1) / (2 * N));
    uint32_t ipsi = mq_pow(psi, 2 * N - 1);
    for (unsigned k = 1; k < N; k++) {
        unsigned e = brv(k);
        zeta[k] = (uint16_t)((mq_pow(psi, e) << 16) % Q);
        izeta[k] = (uint16_t)((mq_pow(ipsi, e) << 16) % Q);
    }
}

#if PQX_KERNEL
/* BFNTTF: {a - z b, a + z b} (high, low halves), BFINTTF: {(a - b) z', a + b}; z in Montgomery
 * form as in the baseline, so the instructions compute the same values. Two butterflies per
 * step, their loads first and their stores last: an offloaded result read at once, or a loaded
 * value used at once, stalls the core a cycle. The last forward stage (and the first inverse
 * one) has one butterfly per twiddle: two groups per step there, the twiddles loaded early
 * (erratum E1: an R4 instruction's rs3 must not come from the two instructions before it). */
#define BF2(OP, x, y, z)                                                          \
    do {                                                                          \
        uint32_t a0 = (x)[0], b0 = (y)[0], a1 = (x)[1], b1 = (y)[1];              \
        uint32_t r0 = OP(a0, b0, z), r1 = OP(a1, b1, z);                          \
        (x)[0] = (uint16_t)r0;                                                    \
        (x)[1] = (uint16_t)r1;                                                    \
        (y)[0] = (uint16_t)(r0 >> 16);                                            \
        (y)[1] = (uint16_t)(r1 >> 16);                                            \
    } while (0)

/* one butterfly each on (p[0], p[1]) with z0 and (p[2], p[3]) with z1 */
#define BF_PAIRS(OP, p, z0, z1)                                                   \
    do {                                                                          \
        uint32_t a0 = (p)[0], b0 = (p)[1], a1 = (p)[2], b1 = (p)[3];              \
        uint32_t r0 = OP(a0, b0, z0), r1 = OP(a1, b1, z1);                        \
        (p)[0] = (uint16_t)r0;                                                    \
        (p)[1] = (uint16_t)(r0 >> 16);                                            \
        (p)[2] = (uint16_t)r1;                                                    \
        (p)[3] = (uint16_t)(r1 >> 16);                                            \
    } while (0)

void falcon_ntt(uint16_t a[N])
{
    unsigned k = 1;
    for (unsigned len = N / 2; len >= 2; len >>= 1) {
        for (unsigned start = 0; start < N; start += 2 * len) {
            uint32_t z = zeta[k++];
            uint16_t *x = a + start, *y = x + len, *end = y;
            for (; x < end; x += 2, y += 2)
                BF2(pqx_bfnttf, x, y, z);
        }
    }
    for (uint16_t *p = a; p < a + N; p += 4, k += 2) {          /* len = 1 */
        uint32_t z0 = zeta[k], z1 = zeta[k + 1];
        BF_PAIRS(pqx_bfnttf, p, z0, z1);
    }
}

void falcon_intt(uint16_t a[N])
{
    unsigned k = N / 2;
    for (uint16_t *p = a; p < a + N; p += 4, k += 2) {          /* len = 1 */
        uint32_t z0 = izeta[k], z1 = izeta[k + 1];
        BF_PAIRS(pqx_bfinttf, p, z0, z1);
    }
    for (unsigned len = 2; len < N; len <<= 1) {
        k = N / (2 * len);
        for (unsigned start = 0; start < N; start += 2 * len) {
            uint32_t z = izeta[k++];
            uint16_t *x = a + start, *y = x + len, *end = y;
            for (; x < end; x += 2, y += 2)
                BF2(pqx_bfinttf, x, y, z);
        }
    }
    uint32_t ninv = 1u << (16 - FALCON_LOGN);
    for (unsigned i = 0; i < N; i += 2) {
        uint32_t x0 = a[i], x1 = a[i + 1];
        uint32_t y0 = pqx_mqmulf(x0, ninv), y1 = pqx_mqmulf(x1, ninv);
        a[i] = (uint16_t)y0;
        a[i + 1] = (uint16_t)y1;
    }
}

void falcon_ntt_mul(uint16_t c[N], const uint16_t a[N], const uint16_t b[N])
{
    for (unsigned i = 0; i < N; i += 2) {
        uint32_t a0 = a[i], b0 = b[i], a1 = a[i + 1], b1 = b[i + 1];
        uint32_t p0 = pqx_mqmulf(a0, b0), p1 = pqx_mqmulf(a1, b1);
        uint32_t r0 = pqx_mqmulf(p0, MQ_R2), r1 = pqx_mqmulf(p1, MQ_R2);
        c[i] = (uint16_t)r0;
        c[i + 1] = (uint16_t)r1;
    }
}

#else
static uint32_t mq_add(uint32_t a, uint32_t b)
{
    uint32_t d = a + b - Q;
    return d + (Q & -(d >> 31));
}

static uint32_t mq_sub(uint32_t a, uint32_t b)
{
    uint32_t d = a - b;
    return d + (Q & -(d >> 31));
}

void falcon_ntt(uint16_t a[N])
{
    unsigned k = 1;
    for (unsigned len = N / 2; len >= 1; len >>= 1) {
        for (unsigned start = 0; start < N; start += 2 * len) {
            uint32_t z = zeta[k++];
            for (unsigned j = start; j < start + len; j++) {
                uint32_t t = falcon_mq_montymul(z, a[j + len]);
                a[j + len] = (uint16_t)mq_sub(a[j], t);
                a[j] = (uint16_t)mq_add(a[j], t);
            }
        }
    }
}

void falcon_intt(uint16_t a[N])
{
    for (unsigned len = 1; len < N; len <<= 1) {
        unsigned k = N / (2 * len);
        for (unsigned start = 0; start < N; start += 2 * len) {
            uint32_t z = izeta[k++];
            for (unsigned j = start; j < start + len; j++) {
                uint32_t x = a[j], y = a[j + len];
                a[j] = (uint16_t)mq_add(x, y);
                a[j + len] = (uint16_t)falcon_mq_montymul(mq_sub(x, y), z);
            }
        }
    }
    /* 1/n: montymul by (1/n) 2^16 mod q = 2^(16 - logn) */
    uint32_t ninv = 1u << (16 - FALCON_LOGN);
    for (unsigned i = 0; i < N; i++)
        a[i] = (uint16_t)falcon_mq_montymul(a[i], ninv);
}

void falcon_ntt_mul(uint16_t c[N], const uint16_t a[N], const uint16_t b[N])
{
    for (unsigned i = 0; i < N; i++)
        c[i] = (uint16_t)falcon_mq_montymul(falcon_mq_montymul(a[i], b[i]), MQ_R2);
}

#endif /* PQX_KERNEL */
