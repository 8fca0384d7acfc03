/* Bit packing of 8 values of `bits` bits into `bits` bytes, least significant bit first: FIPS 203
 * ByteEncode_d / ByteDecode_d (Algorithms 5, 6) and FIPS 204 SimpleBitPack / BitUnpack
 * (Algorithms 16-19) work in such groups. `bits` is a constant at every call (always inlined), so
 * the unrolled loops become straight shifts. */
#ifndef BITPACK_H
#define BITPACK_H

#include <stdint.h>

static inline __attribute__((always_inline)) void pack8(uint8_t *out, const uint32_t v[8],
                                                        unsigned bits)
{
    uint32_t acc = 0;
    unsigned n = 0;
#pragma clang loop unroll(full)
    for (unsigned k = 0; k < 8; k++) {
        acc |= v[k] << n;
        for (n += bits; n >= 8; n -= 8) {
            *out++ = (uint8_t)acc;
            acc >>= 8;
        }
    }
}

static inline __attribute__((always_inline)) void unpack8(uint32_t v[8], const uint8_t *in,
                                                          unsigned bits)
{
    uint32_t acc = 0;
    unsigned n = 0;
#pragma clang loop unroll(full)
    for (unsigned k = 0; k < 8; k++) {
        for (; n < bits; n += 8)
            acc |= (uint32_t)*in++ << n;
        v[k] = acc & ((1u << bits) - 1u);
        acc >>= bits;
        n -= bits;
    }
}

#endif /* BITPACK_H */
