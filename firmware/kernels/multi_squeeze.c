/* SHAKE128 squeezed over several blocks (HORCRUX Table VII multi_squeeze: 78,580 / 4,796 cycles).
 * Input MSG: MSG_BYTES bytes as little-endian words; output: OUT_BYTES bytes.
 *   baseline  keccak_sponge_sw(rate 168, suffix 0x1F) (keccak_sw.h)
 *   PQX       KINIT; KABSORB per 8 input bytes (padding built in registers); KPERM; per output
 *             block 42 STOREs of O[0..41], then KPERM for the next block: the state never
 *             leaves PQX, only the output words do (keccak_pqx.h)
 * Measured region: from the input in memory to the output in memory. HORCRUX gives no lengths;
 * its software figure is about three permutations (3 x 24,548) plus byte handling. The cycle
 * table uses ML-KEM's matrix XOF: 34 bytes in (rho || j || i), 3 blocks = 504 bytes out
 * (the reference code's GEN_MATRIX_NBLOCKS squeeze). */
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
    kpqx_absorb(msg, MSG_BYTES, 168, 0x1F);
    kpqx_squeeze(out, (OUT_BYTES + 3) / 4, 168);
#else
    keccak_sponge_sw(168, 0x1F, (const uint8_t *)msg, MSG_BYTES, (uint8_t *)out, OUT_BYTES);
#endif
    KERNEL_END();
    kernel_out(out, OUT_BYTES);
    return 0;
}
