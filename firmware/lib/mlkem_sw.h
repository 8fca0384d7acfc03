/* ML-KEM sampling in plain C: the baselines of the sampling kernels (gen_matrix.c, cbd_eta2.c)
 * and of the ML-KEM firmware's baseline build. Written after the pq-crystals reference (cbd.c,
 * indcpa.c rej_uniform / gen_matrix) and FIPS 203 Algorithms 7 and 8; every coefficient is left
 * in [0, q). */
#ifndef MLKEM_SW_H
#define MLKEM_SW_H

#include <stdint.h>
#include "keccak_sw.h"
#include "ntt_sw.h"

static inline int16_t mlkem_caddq_sw(int32_t v)
{
    return (int16_t)(v + ((v >> 31) & KQ));
}

/* The reference's rej_uniform on len bytes: appends to a[*ctr .. 255]. */
static __attribute__((unused)) void mlkem_rej_uniform_sw(uint16_t *a, unsigned *ctr, const uint8_t *buf, unsigned len)
{
    unsigned c = *ctr;
    for (unsigned pos = 0; pos + 3 <= len && c < 256; pos += 3) {
        uint32_t d1 = (buf[pos] | (uint32_t)buf[pos + 1] << 8) & 0xFFF;
        uint32_t d2 = (buf[pos + 1] >> 4) | (uint32_t)buf[pos + 2] << 4;
        if (d1 < KQ)
            a[c++] = (uint16_t)d1;
        if (d2 < KQ && c < 256)
            a[c++] = (uint16_t)d2;
    }
    *ctr = c;
}

/* SampleNTT(rho || j || i) into a[0..255]: 3 SHAKE128 blocks, then one more at a time while
 * fewer than 256 coefficients were accepted (the reference's GEN_MATRIX_NBLOCKS). */
static __attribute__((unused)) void mlkem_sample_ntt_sw(uint16_t *a, const uint8_t rho[32],
                                                         unsigned j, unsigned i)
{
    uint8_t seed[34], buf[3 * 168];
    uint64_t st[25];
    unsigned ctr = 0;
    for (int k = 0; k < 32; k++)
        seed[k] = rho[k];
    seed[32] = (uint8_t)j;
    seed[33] = (uint8_t)i;
    keccak_absorb_sw(st, 168, 0x1F, seed, 34);
    keccak_squeeze_sw(st, 168, buf, sizeof buf);
    mlkem_rej_uniform_sw(a, &ctr, buf, sizeof buf);
    while (ctr < 256) {
        keccak_f1600_sw(st);
        keccak_squeeze_sw(st, 168, buf, 168);
        mlkem_rej_uniform_sw(a, &ctr, buf, 168);
    }
}

/* SamplePolyCBD_2 of ncoef coefficients, the bytes as little-endian words: the reference cbd2
 * (bit-pair sums by masks and shifts), then caddq. */
static __attribute__((unused)) void mlkem_cbd2_sw(int16_t *r, const uint32_t *w, unsigned ncoef)
{
    for (unsigned i = 0; 8 * i < ncoef; i++) {
        uint32_t t = w[i];
        uint32_t d = (t & 0x55555555u) + ((t >> 1) & 0x55555555u);
        unsigned n = ncoef - 8 * i < 8 ? ncoef - 8 * i : 8;
        for (unsigned j = 0; j < n; j++) {
            int32_t a = (int32_t)((d >> (4 * j)) & 3u);
            int32_t b = (int32_t)((d >> (4 * j + 2)) & 3u);
            r[8 * i + j] = mlkem_caddq_sw(a - b);
        }
    }
}

/* SamplePolyCBD_3 of 256 coefficients from 192 bytes: the reference cbd3 (24-bit pieces). */
static __attribute__((unused)) void mlkem_cbd3_sw(int16_t *r, const uint8_t *buf)
{
    for (unsigned i = 0; i < 64; i++) {
        uint32_t t = buf[3 * i] | (uint32_t)buf[3 * i + 1] << 8 | (uint32_t)buf[3 * i + 2] << 16;
        uint32_t d = (t & 0x00249249u) + ((t >> 1) & 0x00249249u) + ((t >> 2) & 0x00249249u);
        for (unsigned j = 0; j < 4; j++) {
            int32_t a = (int32_t)((d >> (6 * j)) & 7u);
            int32_t b = (int32_t)((d >> (6 * j + 3)) & 7u);
            r[4 * i + j] = mlkem_caddq_sw(a - b);
        }
    }
}

#endif /* MLKEM_SW_H */
