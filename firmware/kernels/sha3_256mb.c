/* SHA3-256 of a multi-block message (HORCRUX Table VII sha3_256mb: 50,253 / 3,132 cycles).
 * Input MSG: MSG_BYTES bytes as little-endian words; output: the 32-byte digest.
 *   baseline  keccak_sponge_sw() (keccak_sw.h): byte-wise absorb, keccak_f1600_sw, byte-wise out
 *   PQX       KINIT; per full 136-byte block 17 KABSORBs and a KPERM (the multi-block absorb
 *             HORCRUX names: the state stays in PQX, only the message words move); the last block
 *             KABSORB per 8 bytes with the padding built in registers; KPERM; 8 STOREs
 * Measured region: from the message in memory to the digest in memory. HORCRUX does not give the
 * length; its software figure is twice its one-block one plus ~1,200 cycles, i.e. two
 * permutations: the cycle table uses 271 bytes, the longest two-block message. */
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
