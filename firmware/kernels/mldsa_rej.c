/* ML-DSA RejBoundedPoly's coefficient extraction for eta = 2 (FIPS 204 Algorithm 15 with
 * CoeffFromHalfByte, Algorithm 20): each byte of the stream gives two candidates (low half-byte
 * first); b < 15 is accepted as 2 - (b mod 5), 15 is rejected; the first NCOEF accepted ones are
 * the output.
 * Input STREAM: 136 bytes (one SHAKE256 block, the reference's buffer for eta = 2), NCOEF (100, as
 * HORCRUX's mldsa-rej-eta test). Output: NCOEF int32 in [-2, 2].
 * Measured region: from the stream bytes in memory (copied before the region) to the coefficients
 * in memory, stopping when NCOEF are accepted (checked once per 32-bit word: up to 7 candidates
 * past the last one are sampled into the buffer's slack and dropped).
 *   baseline  the pq-crystals reference rej_eta (eta = 2: t < 15, then 2 - (t - (205 t >> 10) 5),
 *             the mod 5 without a division), per byte the two half-bytes.
 *   PQX       REJ_ETA2 (rs2 = 0 low, 1 high half-byte of rs1[7:0]) returns {valid, value}. Per
 *             32-bit word: one load, the eight REJ_ETA2 first (bytes selected by shifts; a PQX
 *             result read by the next instruction would stall), then for each the core stores the
 *             value (bit 30 sign-extended) and advances the output by 4 * valid: no branch per
 *             candidate (a branch version measured slower). */
#include "kernel.h"
#include "kernel_input.h"

static uint32_t buf[STREAM_LEN / 4];
static int32_t coef[NCOEF + 8];

#if PQX_KERNEL
#include "mldsa_pqx.h"

static void rej_eta2(int32_t *o, const uint32_t *w)
{
    int32_t *end = o + NCOEF;
    while (o < end) {
        REJ_ETA_WORD(o, *w++, pqx_rej_eta2, 0);
    }
}

#else
static void rej_eta2(int32_t *r, const uint32_t *w)
{
    const uint8_t *b = (const uint8_t *)w;
    unsigned ctr = 0;
    while (ctr < NCOEF) {
        uint32_t t0 = *b & 0x0F, t1 = *b++ >> 4;
        if (t0 < 15) {
            t0 = t0 - ((205 * t0) >> 10) * 5;
            r[ctr++] = 2 - (int32_t)t0;
        }
        if (t1 < 15 && ctr < NCOEF) {
            t1 = t1 - ((205 * t1) >> 10) * 5;
            r[ctr++] = 2 - (int32_t)t1;
        }
    }
}
#endif

int main(void)
{
    memcpy(buf, STREAM, sizeof buf);
    kernel_opaque(buf);
    KERNEL_BEGIN();
    rej_eta2(coef, buf);
    KERNEL_END();
    kernel_out(coef, 4 * NCOEF);
    return 0;
}
