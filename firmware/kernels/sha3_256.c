/* SHA3-256 (HORCRUX Table VII sha3_256sb: 24,548 / 1,637 cycles for one block, sha3_256mb:
 * 50,253 / 3,132 for several). One program for both kernels: the message length (MSG_BYTES, from
 * kernel_input.h) decides how many blocks. Input MSG: MSG_BYTES bytes as little-endian words;
 * output: the 32-byte digest.
 *   baseline  keccak_sponge_sw() (keccak_sw.h): byte-wise absorb, keccak_f1600_sw, byte-wise out
 *   PQX       KINIT; per full 136-byte block 17 KABSORBs and a KPERM (the state stays in PQX,
 *             only the message words move); the last block KABSORB per 8 bytes with the padding
 *             0x06 .. 0x80 built in registers (its zero pairs skipped); KPERM; 8 STOREs of
 *             O[0..7] (keccak_pqx.h)
 * Measured region: from the message in memory to the digest in memory (HORCRUX's one-shot hash:
 * absorb, padding, permutations, squeeze). The length is a compile-time constant of the program,
 * as for the fixed-size hashes of the PQC schemes; the lengths of the table are in the kernels'
 * notes (verif/soc/kernels_keccak.py). */
#include "kernel.h"
#include "kernel_input.h"
#if PQX_KERNEL
#include "keccak_pqx.h"
#else
#include "keccak_sw.h"
#endif

static uint32_t digest[8];

int main(void)
{
    const uint32_t *msg = MSG;
    KERNEL_HIDE(msg);
#if !PQX_KERNEL
    keccak_sw_init();
#endif
    KERNEL_BEGIN();
#if PQX_KERNEL
    kpqx_absorb(msg, MSG_BYTES, 136, 0x06);
    kpqx_store_words(digest, 8);
#else
    keccak_sponge_sw(136, 0x06, (const uint8_t *)msg, MSG_BYTES, (uint8_t *)digest, 32);
#endif
    KERNEL_END();
    kernel_out(digest, 32);
    return 0;
}
