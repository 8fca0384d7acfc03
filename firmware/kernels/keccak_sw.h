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

static void keccak_tables_(void)
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

static void keccak_f1600_sw(uint64_t a[25])
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

#endif /* KECCAK_SW_H */
