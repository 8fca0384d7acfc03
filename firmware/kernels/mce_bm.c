/* Classic McEliece decoder step: Berlekamp-Massey on the 2t = 4 syndromes of a binary Goppa code
 * (m = 12, t = 2: the McEliece seed's reduced parameters), giving the error locator sigma (t + 1
 * coefficients, the reference decoder's reversed form: its roots are the support elements of the
 * error positions) and the register length L.
 * Input SYN: 4 syndromes (one per word). Output: sigma_0..sigma_2 and L, one per word.
 * Measured region: from the syndromes in memory to sigma and L in memory -- the McEliece seed's
 * BM sub-operation (5,832 cycles in software, 40 with its ISE).
 *   baseline  the reference decoder's bm(): constant time (masks, no branch on data), GF(2^12)
 *             products by shift-and-xor over 12 bits with the reduction folded in, the field
 *             fraction d / b by b^(2^12 - 2) (square and multiply).
 *   PQX       MCE_SYN x 4, MCE_BM (10 cycles), MCE_LOC_RD x 3. */
#include "kernel.h"
#include "kernel_input.h"

#define T 2

static uint32_t syn[2 * T], out[T + 2];

#if !PQX_KERNEL
static inline uint32_t gf_mul(uint32_t a, uint32_t b)
{
    uint32_t r = 0;
    for (unsigned i = 0; i < 12; i++) {
        r ^= a & -((b >> i) & 1u);
        a = (a << 1) ^ (0x009u & -((a >> 11) & 1u));   /* times z, z^12 = z^3 + 1 */
        a &= 0xFFFu;
    }
    return r;
}

static inline uint32_t gf_inv(uint32_t a)   /* a^4094; 0 gives 0 */
{
    uint32_t r = 1, x = a;
    for (unsigned i = 1; i < 12; i++) {
        x = gf_mul(x, x);                      /* a^(2^i) */
        r = gf_mul(r, x);
    }
    return r;
}

static void bm_sw(uint32_t *res, const uint32_t *s)
{
    uint32_t C[T + 1] = {1, 0, 0}, B[T + 1] = {0, 1, 0}, Tm[T + 1];
    uint32_t L = 0, b = 1;
    for (uint32_t n = 0; n < 2 * T; n++) {
        uint32_t d = 0;
        for (uint32_t i = 0; i <= T && i <= n; i++) d ^= gf_mul(C[i], s[n - i]);
        uint32_t mne = -(uint32_t)(d != 0);
        uint32_t mle = mne & -(uint32_t)(2 * L <= n);
        uint32_t f = gf_mul(d, gf_inv(b));
        for (unsigned i = 0; i <= T; i++) {
            Tm[i] = C[i];
            C[i] ^= gf_mul(f, B[i]) & mne;
        }
        L = (L & ~mle) | ((n + 1 - L) & mle);
        b = (b & ~mle) | (d & mle);
        for (unsigned i = 0; i <= T; i++) B[i] = (B[i] & ~mle) | (Tm[i] & mle);
        for (unsigned i = T; i >= 1; i--) B[i] = B[i - 1];
        B[0] = 0;
    }
    for (unsigned i = 0; i <= T; i++) res[i] = C[T - i];
    res[T + 1] = L;
}
#endif

int main(void)
{
    memcpy(syn, SYN, sizeof syn);
    kernel_opaque(syn);
    KERNEL_BEGIN();
#if PQX_KERNEL
    for (uint32_t i = 0; i < 2 * T; i++) pqx_mce_syn(syn[i], i);
    out[T + 1] = pqx_mce_bm();
    for (uint32_t i = 0; i <= T; i++) out[i] = pqx_mce_loc_rd(i);
#else
    bm_sw(out, syn);
#endif
    KERNEL_END();
    kernel_out_words(out, T + 2);
    return 0;
}
