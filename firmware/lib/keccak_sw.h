/* Keccak-f[1600] in plain C (FIPS 202, section 3): the baseline of the Keccak-based kernels.
 *
 * The state is 25 64-bit lanes A[x + 5y]. The step mappings theta, rho, pi, chi, iota are applied
 * in that order for 24 rounds; rho offsets and the pi lane order are computed here from the
 * standard's definitions (t-walk over (x, y) -> (y, 2x + 3y)), and the round constants from the
 * rc(t) LFSR of Algorithm 5, once, at the first call. */
#ifndef KECCAK_SW_H
#define KECCAK_SW_H

#include <stdint.h>


static uint64_t keccak_rc_[24];
static uint8_t keccak_rho_[25];
static uint8_t keccak_pi_[25];   /* lane that moves to position i */
static int keccak_ready_;

static inline uint64_t keccak_rotl_(uint64_t v, unsigned n)
{
    n &= 63u;
    return n ? (v << n) | (v >> (64u - n)) : v;
}

static __attribute__((unused)) void keccak_tables_(void)
{
    /* rc(t): LFSR x^8 + x^6 + x^5 + x^4 + 1 (Algorithm 5) */
    uint8_t r = 1;
    for (int ir = 0; ir < 24; ir++) {
        uint64_t c = 0;
        for (int j = 0; j < 7; j++) {
            if (r & 1u)
                c |= 1ull << ((1u << j) - 1u);
            r = (uint8_t)((r << 1) ^ ((r & 0x80u) ? 0x71u : 0u));
        }
        keccak_rc_[ir] = c;
    }
    /* rho offsets: (t+1)(t+2)/2 along (x, y) -> (y, 2x + 3y), starting at (1, 0) */
    unsigned x = 1, y = 0;
    keccak_rho_[0] = 0;
    for (unsigned t = 0; t < 24; t++) {
        keccak_rho_[x + 5 * y] = (uint8_t)(((t + 1) * (t + 2) / 2) % 64);
        unsigned nx = y, ny = (2 * x + 3 * y) % 5;
        x = nx;
        y = ny;
    }
    /* pi: A'[x, y] = A[(x + 3y) mod 5, x] */
    for (unsigned yy = 0; yy < 5; yy++)
        for (unsigned xx = 0; xx < 5; xx++)
            keccak_pi_[xx + 5 * yy] = (uint8_t)(((xx + 3 * yy) % 5) + 5 * xx);
    keccak_ready_ = 1;
}

static __attribute__((unused)) void keccak_f1600_sw(uint64_t a[25])
{
    if (!keccak_ready_)
        keccak_tables_();
    uint64_t b[25], c[5], d[5];
    for (int ir = 0; ir < 24; ir++) {
        for (int x = 0; x < 5; x++)
            c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
        for (int x = 0; x < 5; x++)
            d[x] = c[(x + 4) % 5] ^ keccak_rotl_(c[(x + 1) % 5], 1);
        for (int i = 0; i < 25; i++)
            b[i] = keccak_rotl_(a[i] ^ d[i % 5], keccak_rho_[i]);
        for (int i = 0; i < 25; i++)
            a[i] = b[keccak_pi_[i]];
        for (int y = 0; y < 25; y += 5) {
            for (int x = 0; x < 5; x++)
                c[x] = a[y + x];
            for (int x = 0; x < 5; x++)
                a[y + x] = c[x] ^ (~c[(x + 1) % 5] & c[(x + 2) % 5]);
        }
        a[0] ^= keccak_rc_[ir];
    }
}

/* The round constants and offsets, computed before a measured region (the tables are the
 * baseline's data, not its work). */
static inline void keccak_sw_init(void)
{
    if (!keccak_ready_)
        keccak_tables_();
}

/* Absorbing of a Keccak[c] sponge, c = 1600 - 8 rate (FIPS 202 Algorithm 8): a = 0, inlen bytes
 * of in absorbed with pad10*1 after the domain bits (suffix: 0x06 SHA-3, 0x1F SHAKE; 0x80 in the
 * block's last byte), the last permutation done: the first output block is in a. Byte-wise into
 * little-endian lanes, as a portable C library does on a 32-bit core. */
static __attribute__((unused)) void keccak_absorb_sw(uint64_t a[25], unsigned rate, uint8_t suffix, const uint8_t *in,
                             uint32_t inlen)
{
    for (int i = 0; i < 25; i++)
        a[i] = 0;
    while (inlen >= rate) {
        for (unsigned i = 0; i < rate; i++)
            a[i / 8] ^= (uint64_t)in[i] << (8 * (i % 8));
        keccak_f1600_sw(a);
        in += rate;
        inlen -= rate;
    }
    for (unsigned i = 0; i < inlen; i++)
        a[i / 8] ^= (uint64_t)in[i] << (8 * (i % 8));
    a[inlen / 8] ^= (uint64_t)suffix << (8 * (inlen % 8));
    a[(rate - 1) / 8] ^= 0x80ull << (8 * ((rate - 1) % 8));
    keccak_f1600_sw(a);
}

/* Squeezing: outlen bytes from a state left by keccak_absorb_sw, permuting between blocks (not
 * after the last one). */
static __attribute__((unused)) void keccak_squeeze_sw(uint64_t a[25], unsigned rate, uint8_t *out, uint32_t outlen)
{
    for (;;) {
        unsigned n = outlen < rate ? outlen : rate;
        for (unsigned i = 0; i < n; i++)
            out[i] = (uint8_t)(a[i / 8] >> (8 * (i % 8)));
        out += n;
        outlen -= n;
        if (!outlen)
            break;
        keccak_f1600_sw(a);
    }
}

__attribute__((unused)) static void keccak_sponge_sw(unsigned rate, uint8_t suffix,
                                                     const uint8_t *in, uint32_t inlen,
                                                     uint8_t *out, uint32_t outlen)
{
    uint64_t a[25];
    keccak_absorb_sw(a, rate, suffix, in, inlen);
    keccak_squeeze_sw(a, rate, out, outlen);
}

#endif /* KECCAK_SW_H */
