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
#include "mce_sw.h"
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
    mce_bm_sw(out, syn);
#endif
    KERNEL_END();
    kernel_out_words(out, T + 2);
    return 0;
}
