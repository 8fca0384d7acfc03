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
#include "mce_dec.h"

static uint32_t g[MCE_T + 1], sup[48], v[2], out[3];

int main(void)
{
    memcpy(g, G, sizeof g);
    memcpy(sup, SUPPORT, sizeof sup);
    memcpy(v, V, sizeof v);
    kernel_opaque(g);
    kernel_opaque(sup);
    kernel_opaque(v);
    KERNEL_BEGIN();
    mce_decode(out, g, sup, v);
    KERNEL_END();
    kernel_out_words(out, 3);
    return 0;
}
