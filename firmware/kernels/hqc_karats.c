/* HQC's 64 x 64-bit carry-less product (the base case of its Karatsuba vector product): the
 * 128-bit product of a = AB[0] | AB[1] << 32 and b = AB[2] | AB[3] << 32 over GF(2)[x].
 * Output: the product as four 32-bit words, least significant first.
 * Measured region: from the operands in memory (copied from the input before the region, so the
 * compiler cannot fold them) to the product in memory -- HORCRUX's karats figure is the four
 * KARATS instructions' sequence; the region adds the four operand loads and four stores.
 *   baseline  Karatsuba over 32-bit halves: three 32 x 32 carry-less products, each a
 *             constant-time shift-and-xor over the 32 bits of one operand (mask, no branch).
 *   PQX       KARATS1 (a_lo, b_lo) -> c[31:0], KARATS2 (a_hi, b_hi) -> c[127:96], KARATS3 ->
 *             c[63:32], KARATS4 -> c[95:64]: PQX's one-cycle Karatsuba (no R4: no nops). */
#include "kernel.h"
#include "kernel_input.h"

static uint32_t ab[4], c[4];

#if !PQX_KERNEL
/* 32 x 32 -> 64-bit carry-less product, constant time. */
static inline uint64_t clmul32(uint32_t a, uint32_t b)
{
    uint32_t lo = 0, hi = 0;
    for (unsigned i = 0; i < 32; i++) {
        uint32_t m = -((b >> i) & 1u);
        lo ^= (a << i) & m;
        hi ^= ((a >> 1) >> (31 - i)) & m;    /* a >> (32 - i) without the i = 0 shift by 32 */
    }
    return (uint64_t)hi << 32 | lo;
}

static void karats_sw(uint32_t out[4], const uint32_t in[4])
{
    uint64_t p0 = clmul32(in[0], in[2]);
    uint64_t p2 = clmul32(in[1], in[3]);
    uint64_t pm = clmul32(in[0] ^ in[1], in[2] ^ in[3]) ^ p0 ^ p2;
    out[0] = (uint32_t)p0;
    out[1] = (uint32_t)(p0 >> 32) ^ (uint32_t)pm;
    out[2] = (uint32_t)p2 ^ (uint32_t)(pm >> 32);
    out[3] = (uint32_t)(p2 >> 32);
}
#endif

int main(void)
{
    memcpy(ab, AB, sizeof ab);
    kernel_opaque(ab);
    KERNEL_BEGIN();
#if PQX_KERNEL
    c[0] = pqx_karats1(ab[0], ab[2]);
    c[3] = pqx_karats2(ab[1], ab[3]);
    c[1] = pqx_karats3();
    c[2] = pqx_karats4();
#else
    karats_sw(c, ab);
#endif
    KERNEL_END();
    kernel_out_words(c, 4);
    return 0;
}
