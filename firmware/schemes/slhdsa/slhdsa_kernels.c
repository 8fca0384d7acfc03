/* The SLH-DSA-SHAKE hashes (slhdsa_kernels.h) in plain C (PQX_KERNEL=0) or with PQX instructions
 * (PQX_KERNEL=1). PQX: F, H and PRF are one THASH1_n / THASH2_n (the FIPS 205 simple form,
 * rs2 = 1) on PK.seed, ADRS and the payload LOADed into S (docs/isa.md), the output STOREd from O;
 * T_l and the message hashes go through the PQX sponge (keccak_pqx.h). */
#include "slhdsa_kernels.h"
#include "slhdsa.h"
#include "pqx_rt.h"

#ifndef PQX_KERNEL
#error "compile with -DPQX_KERNEL=0 (baseline) or -DPQX_KERNEL=1 (PQX)"
#endif

#define N SLH_N
#define NW (N / 4)
#define TMAX (SLH_LEN > SLH_K ? SLH_LEN : SLH_K)

/* PK.seed || ADRS || in for T_l (l > 2) */
static uint32_t cat_buf[(N + 32 + TMAX * N) / 4];

static uint32_t concat(const uint8_t *pk_seed, const uint32_t adrs[8], const uint8_t *in,
                       unsigned blocks)
{
    uint8_t *b = (uint8_t *)cat_buf;
    memcpy(b, pk_seed, N);
    memcpy(b + N, adrs, 32);
    memcpy(b + N + 32, in, blocks * N);
    return N + 32 + blocks * N;
}

#if PQX_KERNEL
#include "keccak_pqx.h"

#if N == 16
#define THASH1 pqx_thash1_128
#define THASH2 pqx_thash2_128
#elif N == 24
#define THASH1 pqx_thash1_192
#define THASH2 pqx_thash2_192
#else
#define THASH1 pqx_thash1_256
#define THASH2 pqx_thash2_256
#endif

void slh_kernels_init(void)
{
}

void slh_thash(uint8_t *out, const uint8_t *pk_seed, const uint32_t adrs[8], const uint8_t *in,
               unsigned blocks)
{
    uint32_t *o = (uint32_t *)out;
    if (blocks > 2) {
        kpqx_absorb(cat_buf, concat(pk_seed, adrs, in, blocks), 136, 0x1F);
        kpqx_store_words(o, NW);
        return;
    }
    const uint32_t *s = (const uint32_t *)pk_seed, *p = (const uint32_t *)in;
#pragma clang loop unroll(full)
    for (unsigned i = 0; i < NW; i += 2)
        pqx_load(s[i], s[i + 1], i);
#pragma clang loop unroll(full)
    for (unsigned i = 0; i < 8; i += 2)
        pqx_load(adrs[i], adrs[i + 1], NW + i);
#pragma clang loop unroll(full)
    for (unsigned i = 0; i < NW; i += 2)
        pqx_load(p[i], p[i + 1], NW + 8 + i);
    if (blocks == 2) {
#pragma clang loop unroll(full)
        for (unsigned i = 0; i < NW; i += 2)
            pqx_load(p[NW + i], p[NW + i + 1], 2 * NW + 8 + i);
        THASH2(1);
    } else {
        THASH1(1);
    }
    kpqx_store_words(o, NW);
}

void slh_shake256(uint8_t *out, uint32_t outlen, const uint8_t *in, uint32_t inlen)
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

void slh_kernels_init(void)
{
    keccak_sw_init();
}

void slh_thash(uint8_t *out, const uint8_t *pk_seed, const uint32_t adrs[8], const uint8_t *in,
               unsigned blocks)
{
    keccak_sponge_sw(136, 0x1F, (const uint8_t *)cat_buf, concat(pk_seed, adrs, in, blocks), out, N);
}

void slh_shake256(uint8_t *out, uint32_t outlen, const uint8_t *in, uint32_t inlen)
{
    keccak_sponge_sw(136, 0x1F, in, inlen, out, outlen);
}
#endif
