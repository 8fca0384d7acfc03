/* The Falcon kernels (falcon_kernels.h) in plain C (PQX_KERNEL=0). The PQX build (PQX_KERNEL=1)
 * is a later step of issue 37: the PQX sponge (keccak_pqx.h), BFNTTF / BFINTTF / MQMULF
 * (docs/isa.md) on the same tables. */
#include "falcon_kernels.h"

#ifndef PQX_KERNEL
#error "compile with -DPQX_KERNEL=0 (baseline) or -DPQX_KERNEL=1 (PQX)"
#endif

#if PQX_KERNEL
#error "the PQX build of the Falcon kernels is not written yet (issue 37): build with -DPQX_KERNEL=0"
#else
#include "keccak_sw.h"

#define Q FALCON_Q
#define N FALCON_N
#define MQ_Q0I 12287u          /* -1/q mod 2^16 */
#define MQ_R2 10952u           /* 2^32 mod q: montymul(x, R2) = x 2^16 mod q */
#define MQ_GEN 11u             /* a generator of Z_q^* (q - 1 = 2^12 3; the model finds it) */

/* ------------------------------------------------------------------ SHAKE256
 * An incremental front end to the project's Keccak-f[1600] (firmware/lib/keccak_sw.h): rate 136,
 * little-endian lanes, pad10*1 after the SHAKE domain bits 0x1F. */
#define SHAKE_RATE 136u
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

uint32_t falcon_mq_reduce16(uint32_t t)
{
    /* 5460 / 2^26 is just under 1/q: k is floor(t / q) or one less for every t < 2^16 */
    uint32_t r = t - ((t * 5460u) >> 26) * Q;             /* in [0, 2q) */
    r -= Q;
    r += Q & -(r >> 31);
    return r;
}

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
    keccak_sw_init();
    uint32_t psi = mq_pow(MQ_GEN, (Q - 1) / (2 * N));
    uint32_t ipsi = mq_pow(psi, 2 * N - 1);
    for (unsigned k = 1; k < N; k++) {
        unsigned e = brv(k);
        zeta[k] = (uint16_t)((mq_pow(psi, e) << 16) % Q);
        izeta[k] = (uint16_t)((mq_pow(ipsi, e) << 16) % Q);
    }
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
