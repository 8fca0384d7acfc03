/* Classic McEliece key generation, Irreducible step: the minimal polynomial g (monic, degree
 * t = 2) over GF(2^12) of beta = BETA[0] + BETA[1] y in GF(2^12)[y]/(y^2 + y + z^9), by Gaussian
 * elimination on sum_{i<t} g_i beta^i = beta^t (the McEliece seed's reduced parameters).
 * Input BETA: 2 coefficients. Output: g_0, g_1, g_2 (= 1) and 1, one per word (0 0 0 0 singular).
 * Measured region: from beta in memory to g in memory -- the McEliece seed's minimal-polynomial
 * generation (297 cycles in software, 38 with its Gaussian-elimination engine).
 *   baseline  the reference's genpoly_gen for t = 2: the powers 1, beta, beta^2 mod F, then
 *             Gauss-Jordan elimination with the constant-time pivot search (masked row
 *             additions), GF(2^12) products by shift-and-xor, inverses by square and multiply.
 *   PQX       MCE_MINPOLY (7 cycles), MCE_LOC_RD x 3. */
#include "kernel.h"
#include "kernel_input.h"

#define T 2

static uint32_t beta[T], out[T + 2];

#if !PQX_KERNEL
#include "mce_sw.h"
#define gf_mul mce_gf_mul_sw
#define gf_inv mce_gf_inv_sw

static int minpoly_sw(uint32_t *g, const uint32_t *f)
{
    uint32_t mat[T + 1][T];                     /* mat[j][r]: coefficient r of beta^j */
    mat[0][0] = 1; mat[0][1] = 0;
    mat[1][0] = f[0]; mat[1][1] = f[1];
    {                                           /* beta^2 mod y^2 + y + z^9 */
        uint32_t p0 = gf_mul(f[0], f[0]), p1 = gf_mul(f[0], f[1]) ^ gf_mul(f[1], f[0]);
        uint32_t p2 = gf_mul(f[1], f[1]);
        mat[2][0] = p0 ^ gf_mul(p2, 0x200);
        mat[2][1] = p1 ^ p2;
    }
    for (unsigned j = 0; j < T; j++) {
        for (unsigned k = j + 1; k < T; k++) {
            uint32_t mask = -(uint32_t)(mat[j][j] == 0);
            for (unsigned c = j; c <= T; c++) mat[c][j] ^= mat[c][k] & mask;
        }
        if (mat[j][j] == 0) return 0;
        uint32_t inv = gf_inv(mat[j][j]);
        for (unsigned c = j; c <= T; c++) mat[c][j] = gf_mul(mat[c][j], inv);
        for (unsigned k = 0; k < T; k++) {
            if (k == j) continue;
            uint32_t t = mat[j][k];
            for (unsigned c = j; c <= T; c++) mat[c][k] ^= gf_mul(mat[c][j], t);
        }
    }
    for (unsigned i = 0; i < T; i++) g[i] = mat[T][i];
    g[T] = 1;
    return 1;
}
#endif

int main(void)
{
    memcpy(beta, BETA, sizeof beta);
    kernel_opaque(beta);
    KERNEL_BEGIN();
#if PQX_KERNEL
    out[T + 1] = pqx_mce_minpoly(beta[0], beta[1]);
    for (uint32_t i = 0; i <= T; i++) out[i] = pqx_mce_loc_rd(i);
#else
    out[T + 1] = (uint32_t)minpoly_sw(out, beta);
    if (!out[T + 1]) out[0] = out[1] = out[2] = 0;
#endif
    KERNEL_END();
    kernel_out_words(out, T + 2);
    return 0;
}
