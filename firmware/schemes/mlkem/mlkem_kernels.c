/* The ML-KEM kernels (mlkem_kernels.h) in plain C (PQX_KERNEL=0) or with PQX instructions
 * (PQX_KERNEL=1). Both builds share firmware/lib: the PQX code is the cycle table's kernels
 * (firmware/kernels/, docs/soc.md), the plain C the pq-crystals reference's algorithms. */
#include "mlkem_kernels.h"
#include "pqx_rt.h"

#ifndef PQX_KERNEL
#error "compile with -DPQX_KERNEL=0 (baseline) or -DPQX_KERNEL=1 (PQX)"
#endif

#if PQX_KERNEL
#include "mlkem_pqx.h"

void mlkem_kernels_init(void)
{
}

void mlkem_hash_h(uint8_t out[32], const uint8_t *in, uint32_t len)
{
    kpqx_absorb((const uint32_t *)in, len, 136, 0x06);
    kpqx_store_words((uint32_t *)out, 8);
}

void mlkem_hash_g(uint8_t out[64], const uint8_t *in, uint32_t len)
{
    kpqx_absorb((const uint32_t *)in, len, 72, 0x06);
    kpqx_store_words((uint32_t *)out, 16);
}

void mlkem_hash_j(uint8_t out[32], const uint8_t *in, uint32_t len)
{
    kpqx_absorb((const uint32_t *)in, len, 136, 0x1F);
    kpqx_store_words((uint32_t *)out, 8);
}

void mlkem_prf_cbd(int16_t r[256], const uint8_t s[32], uint8_t b, unsigned eta)
{
    uint32_t in[9], buf[48];
    memcpy(in, s, 32);
    in[8] = b;
    kpqx_absorb(in, 33, 136, 0x1F);
    if (eta == 2) {
        kpqx_squeeze(buf, 32, 136);
        mlkem_cbd2_pqx(r, buf, 256);
    } else {
        kpqx_squeeze(buf, 48, 136);
        mlkem_cbd3_pqx(r, buf);
    }
}

void mlkem_sample_ntt(int16_t *a, const uint8_t rho[32], unsigned j, unsigned i)
{
    mlkem_sample_ntt_pqx((uint16_t *)a, (const uint32_t *)rho, j, i);
}

void mlkem_ntt(int16_t r[256])
{
    mlkem_ntt_pqx(r);
}

void mlkem_invntt(int16_t r[256])
{
    mlkem_invntt_pqx(r);
}

void mlkem_basemul(int16_t r[256], const int16_t a[256], const int16_t b[256], int acc)
{
    if (acc)
        mlkem_basemul_acc_pqx(r, a, b);
    else
        mlkem_basemul_pqx(r, a, b);
}

#else
#include "mlkem_sw.h"

void mlkem_kernels_init(void)
{
    keccak_sw_init();
}

void mlkem_hash_h(uint8_t out[32], const uint8_t *in, uint32_t len)
{
    keccak_sponge_sw(136, 0x06, in, len, out, 32);
}

void mlkem_hash_g(uint8_t out[64], const uint8_t *in, uint32_t len)
{
    keccak_sponge_sw(72, 0x06, in, len, out, 64);
}

void mlkem_hash_j(uint8_t out[32], const uint8_t *in, uint32_t len)
{
    keccak_sponge_sw(136, 0x1F, in, len, out, 32);
}

void mlkem_prf_cbd(int16_t r[256], const uint8_t s[32], uint8_t b, unsigned eta)
{
    uint8_t in[33];
    uint32_t buf[48];
    memcpy(in, s, 32);
    in[32] = b;
    keccak_sponge_sw(136, 0x1F, in, 33, (uint8_t *)buf, 64 * eta);
    if (eta == 2)
        mlkem_cbd2_sw(r, buf, 256);
    else
        mlkem_cbd3_sw(r, (const uint8_t *)buf);
}

void mlkem_sample_ntt(int16_t *a, const uint8_t rho[32], unsigned j, unsigned i)
{
    mlkem_sample_ntt_sw((uint16_t *)a, rho, j, i);
}

void mlkem_ntt(int16_t r[256])
{
    k_ntt_sw(r);
}

void mlkem_invntt(int16_t r[256])
{
    k_invntt_sw(r);
}

void mlkem_basemul(int16_t r[256], const int16_t a[256], const int16_t b[256], int acc)
{
    static int16_t t[256];
    if (!acc) {
        k_basemul_sw(r, a, b);
        return;
    }
    k_basemul_sw(t, a, b);
    for (unsigned i = 0; i < 256; i++) {
        int32_t x = r[i] + t[i] - KQ;
        r[i] = (int16_t)(x + ((x >> 31) & KQ));
    }
}
#endif
