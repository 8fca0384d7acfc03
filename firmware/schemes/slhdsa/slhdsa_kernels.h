/* The hashes of the SLH-DSA firmware: FIPS 205 section 11.1 (SHAKE, SLH_SHA2=0) or 11.2 (SHA2,
 * SLH_SHA2=1), in plain C (PQX_KERNEL=0) or with PQX instructions (PQX_KERNEL=1). */
#ifndef SLHDSA_KERNELS_H
#define SLHDSA_KERNELS_H

#include <stdint.h>

/* before the first hash of an operation, with the key's PK.seed (n bytes) */
void slh_kernels_init(const uint8_t *pk_seed);
/* F (blocks = 1), H (2), T_l (l), PRF (1, in = SK.seed) of PK.seed (as given to
 * slh_kernels_init), ADRS and in: n bytes.
 * adrs: the 32 ADRS bytes as 8 words (each word's bytes in ADRS order). */
void slh_thash(uint8_t *out, const uint32_t adrs[8], const uint8_t *in, unsigned blocks);
/* chain (FIPS 205 Algorithm 5): s steps of F on x (n bytes, in place) from hash address i;
 * adrs: the chain's address (its hash address word is not read) */
void slh_chain(uint8_t *x, const uint32_t adrs[8], unsigned i, unsigned s);
/* PRF_msg(SK.prf, opt_rand, M): n bytes */
void slh_prf_msg(uint8_t *out, const uint8_t *sk_prf, const uint8_t *opt_rand, const uint8_t *m,
                 uint32_t mlen);
/* H_msg(R, PK.seed, PK.root, M): m bytes (SLH_M) */
void slh_h_msg(uint8_t *out, const uint8_t *r, const uint8_t *pk_seed, const uint8_t *pk_root,
               const uint8_t *m, uint32_t mlen);

#endif /* SLHDSA_KERNELS_H */
