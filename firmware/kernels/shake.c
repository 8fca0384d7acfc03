/* SHAKE (HORCRUX Table VII shake256: 27,286 / 3,260 cycles; multi_squeeze, SHAKE128 squeezed
 * over several blocks: 78,580 / 4,796). One program for both kernels: RATE (136: SHAKE256, 168:
 * SHAKE128) and the lengths come from kernel_input.h. Input MSG: MSG_BYTES bytes as little-endian
 * words; output: OUT_BYTES bytes.
 *   baseline  keccak_sponge_sw(RATE, suffix 0x1F) (keccak_sw.h)
 *   PQX       KINIT; KABSORB per 8 input bytes (padding 0x1F .. 0x80 built in registers), KPERM
 *             per block; per output block RATE/4 STOREs, then KPERM for the next block: the
 *             state never leaves PQX, only the output words do (keccak_pqx.h)
 * Measured region: from the input in memory to the output in memory. HORCRUX gives no lengths;
 * the ones of the table (ML-KEM's PRF and matrix XOF shapes) are in the kernels' notes. */
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
    kpqx_absorb(msg, MSG_BYTES, RATE, 0x1F);
    kpqx_squeeze(out, (OUT_BYTES + 3) / 4, RATE);
#else
    keccak_sponge_sw(RATE, 0x1F, (const uint8_t *)msg, MSG_BYTES, (uint8_t *)out, OUT_BYTES);
#endif
    KERNEL_END();
    kernel_out(out, OUT_BYTES);
    return 0;
}
