/* The hashes of the SLH-DSA-SHAKE firmware (FIPS 205 section 11.1), in plain C (PQX_KERNEL=0) or
 * with PQX instructions (PQX_KERNEL=1). */
#ifndef SLHDSA_KERNELS_H
#define SLHDSA_KERNELS_H

#include <stdint.h>

void slh_kernels_init(void);
/* SHAKE256(PK.seed || ADRS || in, 8n): F (blocks = 1), H (2), T_l (l), PRF (1, in = SK.seed).
 * adrs: the 32 ADRS bytes as 8 words (each word's bytes in ADRS order). */
void slh_thash(uint8_t *out, const uint8_t *pk_seed, const uint32_t adrs[8], const uint8_t *in,
               unsigned blocks);
/* outlen bytes of SHAKE256(in) (H_msg, PRF_msg) */
void slh_shake256(uint8_t *out, uint32_t outlen, const uint8_t *in, uint32_t inlen);

#endif /* SLHDSA_KERNELS_H */
