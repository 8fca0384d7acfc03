/* Classic McEliece in plain C at the McEliece seed's reduced parameters (m = 12, t = 2): GF(2^12)
 * arithmetic and the reference decoder's Berlekamp-Massey, the baselines of the McEliece kernels
 * (firmware/kernels/mce_*.c). Constant time: masks, no branch on data. GF(2^12) =
 * GF(2)[z]/(z^12 + z^3 + 1). */
#ifndef MCE_SW_H
#define MCE_SW_H

#include <stdint.h>

#define MCE_T 2

static inline uint32_t mce_gf_mul_sw(uint32_t a, uint32_t b)
{
    uint32_t r = 0;
    for (unsigned i = 0; i < 12; i++) {
        r ^= a & -((b >> i) & 1u);
        a = (a << 1) ^ (0x009u & -((a >> 11) & 1u));   /* times z, z^12 = z^3 + 1 */
        a &= 0xFFFu;
    }
    return r;
}

static inline uint32_t mce_gf_inv_sw(uint32_t a)   /* a^4094 by square and multiply; 0 gives 0 */
{
    uint32_t r = 1, x = a;
    for (unsigned i = 1; i < 12; i++) {
        x = mce_gf_mul_sw(x, x);                     /* a^(2^i) */
        r = mce_gf_mul_sw(r, x);
    }
    return r;
}

/* The reference decoder's bm() on 2t syndromes s: res[0..t] = the locator (C reversed), res[t+1]
 * = L. */
static __attribute__((unused)) void mce_bm_sw(uint32_t *res, const uint32_t *s)
{
    uint32_t C[MCE_T + 1] = {1, 0, 0}, B[MCE_T + 1] = {0, 1, 0}, Tm[MCE_T + 1];
    uint32_t L = 0, b = 1;
    for (uint32_t n = 0; n < 2 * MCE_T; n++) {
        uint32_t d = 0;
        for (uint32_t i = 0; i <= MCE_T && i <= n; i++) d ^= mce_gf_mul_sw(C[i], s[n - i]);
        uint32_t mne = -(uint32_t)(d != 0);
        uint32_t mle = mne & -(uint32_t)(2 * L <= n);
        uint32_t f = mce_gf_mul_sw(d, mce_gf_inv_sw(b));
        for (unsigned i = 0; i <= MCE_T; i++) {
            Tm[i] = C[i];
            C[i] ^= mce_gf_mul_sw(f, B[i]) & mne;
        }
        L = (L & ~mle) | ((n + 1 - L) & mle);
        b = (b & ~mle) | (d & mle);
        for (unsigned i = 0; i <= MCE_T; i++) B[i] = (B[i] & ~mle) | (Tm[i] & mle);
        for (unsigned i = MCE_T; i >= 1; i--) B[i] = B[i - 1];
        B[0] = 0;
    }
    for (unsigned i = 0; i <= MCE_T; i++) res[i] = C[MCE_T - i];
    res[MCE_T + 1] = L;
}

#endif /* MCE_SW_H */
