/* ML-KEM SamplePolyCBD_2 (FIPS 203 Algorithm 8) on the PRF bytes of NCOEF coefficients (HORCRUX's
 * cbd_eta2 test: N = 100): coefficient i = popcount of bits 4i, 4i+1 minus popcount of bits 4i+2,
 * 4i+3 of the byte string, mod q.
 * Input BYTES: NCOEF / 2 bytes. Output: NCOEF int16 in [0, q) (FIPS 203 / kyber-py's form).
 * Measured region: from the bytes in memory (copied before the region into a word buffer, so the
 * compiler cannot fold them) to the coefficients in memory, with the caddq into [0, q) on top of
 * what the reference cbd2 does (its coefficients stay in [-2, 2]).
 *   baseline  the pq-crystals reference cbd2 (per 32-bit word: the bit-pair sums by masks and
 *             shifts, 8 coefficients by shift and mask), then caddq.
 *   PQX       one load per 32-bit word, CBD2(word, j) for its 8 coefficients (popcount difference
 *             in hardware; all eight first, unrolled), then caddq on the core and the stores. */
#include "kernel.h"
#include "kernel_input.h"

#define NWORDS ((NCOEF + 7) / 8)

static uint32_t buf[NWORDS];
static int16_t coef[NCOEF];

#if PQX_KERNEL
#include "mlkem_pqx.h"
static void cbd2(int16_t *r, const uint32_t *w)
{
    mlkem_cbd2_pqx(r, w, NCOEF);
}
#else
#include "mlkem_sw.h"
static void cbd2(int16_t *r, const uint32_t *w)
{
    mlkem_cbd2_sw(r, w, NCOEF);
}
#endif

int main(void)
{
    memcpy(buf, BYTES, BYTES_LEN);
    kernel_opaque(buf);
    KERNEL_BEGIN();
    cbd2(coef, buf);
    KERNEL_END();
    kernel_out(coef, sizeof coef);
    return 0;
}
