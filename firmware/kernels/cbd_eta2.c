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

#define KQ 3329
#define NWORDS ((NCOEF + 7) / 8)

static uint32_t buf[NWORDS];
static int16_t coef[NCOEF];

static inline int16_t caddq_k(int32_t v)
{
    return (int16_t)(v + ((v >> 31) & KQ));
}

#if PQX_KERNEL
static void cbd2(int16_t *r, const uint32_t *w)
{
    unsigned i;
    for (i = 0; i < NCOEF / 8; i++, r += 8) {
        /* the word's eight CBD2 first (a PQX result read at once would stall), then caddq and
         * the stores */
        uint32_t t = w[i];
        int32_t c0 = (int32_t)pqx_cbd2(t, 0), c1 = (int32_t)pqx_cbd2(t, 1);
        int32_t c2 = (int32_t)pqx_cbd2(t, 2), c3 = (int32_t)pqx_cbd2(t, 3);
        int32_t c4 = (int32_t)pqx_cbd2(t, 4), c5 = (int32_t)pqx_cbd2(t, 5);
        int32_t c6 = (int32_t)pqx_cbd2(t, 6), c7 = (int32_t)pqx_cbd2(t, 7);
        r[0] = caddq_k(c0);
        r[1] = caddq_k(c1);
        r[2] = caddq_k(c2);
        r[3] = caddq_k(c3);
        r[4] = caddq_k(c4);
        r[5] = caddq_k(c5);
        r[6] = caddq_k(c6);
        r[7] = caddq_k(c7);
    }
    for (unsigned j = 0; j < NCOEF % 8; j++)     /* the last, partial word */
        r[j] = caddq_k((int32_t)pqx_cbd2(w[i], j));
}
#else
static void cbd2(int16_t *r, const uint32_t *w)
{
    for (unsigned i = 0; i < NWORDS; i++) {
        uint32_t t = w[i];
        uint32_t d = (t & 0x55555555u) + ((t >> 1) & 0x55555555u);
        unsigned n = NCOEF - 8 * i < 8 ? NCOEF - 8 * i : 8;
        for (unsigned j = 0; j < n; j++) {
            int32_t a = (int32_t)((d >> (4 * j)) & 3u);
            int32_t b = (int32_t)((d >> (4 * j + 2)) & 3u);
            r[8 * i + j] = caddq_k(a - b);
        }
    }
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
