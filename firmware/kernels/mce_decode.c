/* Classic McEliece Decode at the McEliece seed's reduced parameters (m = 12, n = 48, t = 2):
 * decapsulation's decoder on the received word v = (C, 0, ..., 0) of a ciphertext C, with the
 * secret Goppa polynomial g and support alpha (host-generated key, as in the seed's FPGA runs).
 * Inputs G (g_0, g_1, g_2), SUPPORT (48 elements), V (bits 0..31, 32..47 of v).
 * Output: the error vector e (two words) and ok = 1, or 0 0 0 when decoding fails (the found
 * weight is not t, or e's syndrome is not v's: the reference's check).
 * Measured region: from the inputs in memory to e and ok in memory.
 *   baseline  plain C: for each position j the syndrome terms alpha_j^i / g(alpha_j)^2 (i < 2t),
 *             accumulated under the mask of bit j of v (constant time); the reference's bm();
 *             the roots by evaluating the locator at every support element; the check.
 *   PQX       the same terms with GF12MUL/GF12SQ/GF12INV, the support written with MCE_SUP_WR,
 *             4 MCE_SYN, MCE_BM, MCE_CHIEN, 2 MCE_ERR_RD; the check from the same terms. */
#include "kernel.h"
#include "kernel_input.h"
#include "mce_sw.h"

#define N 48
#define T MCE_T

static uint32_t g[T + 1], sup[N], v[2], out[3];
static uint32_t term[N][2 * T];

#if PQX_KERNEL
#define GF_MUL(a, b) pqx_gf12mul((a), (b))
#define GF_SQ(a) pqx_gf12sq(a)
#define GF_INV(a) pqx_gf12inv(a)
#else
#define GF_MUL(a, b) mce_gf_mul_sw((a), (b))
#define GF_SQ(a) mce_gf_mul_sw((a), (a))
#define GF_INV(a) mce_gf_inv_sw(a)
#endif

static inline uint32_t bit(const uint32_t *w, unsigned j)
{
    return (w[j >> 5] >> (j & 31)) & 1u;
}

static void decode(void)
{
    uint32_t s[2 * T] = {0}, se[2 * T] = {0}, e[2] = {0, 0}, roots;
    for (unsigned j = 0; j < N; j++) {               /* terms alpha^i / g(alpha)^2 */
        uint32_t a = sup[j];
        uint32_t ga = GF_MUL(GF_MUL(g[2], a) ^ g[1], a) ^ g[0];
        uint32_t x = GF_INV(GF_SQ(ga));
        for (unsigned i = 0; i < 2 * T; i++) {
            term[j][i] = x;
            s[i] ^= x & -bit(v, j);
            x = GF_MUL(x, a);
        }
    }
#if PQX_KERNEL
    for (uint32_t j = 0; j < N; j++) pqx_mce_sup_wr(sup[j], j);
    for (uint32_t i = 0; i < 2 * T; i++) pqx_mce_syn(s[i], i);
    uint32_t length = pqx_mce_bm();
    roots = pqx_mce_chien();
    e[0] = pqx_mce_err_rd(0);
    e[1] = pqx_mce_err_rd(1);
    (void)length;
#else
    uint32_t loc[T + 2];
    mce_bm_sw(loc, s);
    roots = 0;
    for (unsigned j = 0; j < N; j++) {
        uint32_t a = sup[j];
        uint32_t y = mce_gf_mul_sw(mce_gf_mul_sw(loc[2], a) ^ loc[1], a) ^ loc[0];
        uint32_t z = (uint32_t)(y == 0);
        e[j >> 5] |= z << (j & 31);
        roots += z;
    }
#endif
    uint32_t diff = 0;                               /* the reference's check: syndrome of e */
    for (unsigned j = 0; j < N; j++)
        for (unsigned i = 0; i < 2 * T; i++) se[i] ^= term[j][i] & -bit(e, j);
    for (unsigned i = 0; i < 2 * T; i++) diff |= se[i] ^ s[i];
    uint32_t ok = (uint32_t)(roots == T) & (uint32_t)(diff == 0);
    out[0] = e[0] & -ok;
    out[1] = e[1] & -ok;
    out[2] = ok;
}

int main(void)
{
    memcpy(g, G, sizeof g);
    memcpy(sup, SUPPORT, sizeof sup);
    memcpy(v, V, sizeof v);
    kernel_opaque(g);
    kernel_opaque(sup);
    kernel_opaque(v);
    KERNEL_BEGIN();
    decode();
    KERNEL_END();
    kernel_out_words(out, 3);
    return 0;
}
