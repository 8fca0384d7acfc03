/* SHAKE256 (HORCRUX Table VII shake256: 27,286 / 3,260 cycles).
 * Input MSG: MSG_BYTES bytes as little-endian words; output: OUT_BYTES bytes.
 *   baseline  keccak_sponge_sw(rate 136, suffix 0x1F) (keccak_sw.h)
 *   PQX       KINIT; KABSORB per 8 input bytes (padding 0x1F .. 0x80 built in registers), KPERM
 *             per block; the output by STORE, 136 bytes per block, KPERM between blocks
 *             (keccak_pqx.h)
 * Measured region: from the input in memory to the output in memory. HORCRUX gives no lengths;
 * its software figure is one permutation plus ~2,700 cycles of byte handling, so one block in and
 * one out. The cycle table uses ML-KEM's PRF shape: 33 bytes in (seed || nonce), 128 bytes out
 * (SamplePolyCBD_2's input). */
#include "kernel.h"
#include "kernel_input.h"
#if PQX_KERNEL
#include "keccak_pqx.h"
#else
#include "keccak_sw.h"
#endif

static uint32_t out[(OUT_BYTES + 3) / 4];

int main(void)
{
    const uint32_t *msg = MSG;
    KERNEL_HIDE(msg);
#if !PQX_KERNEL
    keccak_sw_init();
#endif
    KERNEL_BEGIN();
#if PQX_KERNEL
    kpqx_absorb(msg, MSG_BYTES, 136, 0x1F);
    kpqx_squeeze(out, (OUT_BYTES + 3) / 4, 136);
#else
    keccak_sponge_sw(136, 0x1F, (const uint8_t *)msg, MSG_BYTES, (uint8_t *)out, OUT_BYTES);
#endif
    KERNEL_END();
    kernel_out(out, OUT_BYTES);
    return 0;
}
