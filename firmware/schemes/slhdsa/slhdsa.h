/* SLH-DSA (FIPS 205) on the PQX SoC: parameters and the internal algorithms.
 *
 * One build per parameter set: -DSLH_SET=1..6 (128s, 128f, 192s, 192f, 256s, 256f; FIPS 205
 * Table 2) and -DSLH_SHA2=0 (SLH-DSA-SHAKE-*, section 11.1) or 1 (SLH-DSA-SHA2-*, section 11.2),
 * and per kernel set: -DPQX_KERNEL=0 (plain C) or 1 (PQX). slhdsa.c is the same C in every build;
 * the hashes are slhdsa_kernels.c. Byte strings are 4-byte aligned. */
#ifndef SLHDSA_H
#define SLHDSA_H

#include <stdint.h>

#ifndef SLH_SET
#error "compile with -DSLH_SET=1..6 (SLH-DSA-*-128s, 128f, 192s, 192f, 256s, 256f)"
#endif
#ifndef SLH_SHA2
#error "compile with -DSLH_SHA2=0 (SLH-DSA-SHAKE) or 1 (SLH-DSA-SHA2)"
#endif
/* FIPS 205 Table 2: n, h, d, h' (SLH_HP), a, k, m */
#if SLH_SET == 1
#define SLH_N 16
#define SLH_H 63
#define SLH_D 7
#define SLH_HP 9
#define SLH_A 12
#define SLH_K 14
#define SLH_M 30
#elif SLH_SET == 2
#define SLH_N 16
#define SLH_H 66
#define SLH_D 22
#define SLH_HP 3
#define SLH_A 6
#define SLH_K 33
#define SLH_M 34
#elif SLH_SET == 3
#define SLH_N 24
#define SLH_H 63
#define SLH_D 7
#define SLH_HP 9
#define SLH_A 14
#define SLH_K 17
#define SLH_M 39
#elif SLH_SET == 4
#define SLH_N 24
#define SLH_H 66
#define SLH_D 22
#define SLH_HP 3
#define SLH_A 8
#define SLH_K 33
#define SLH_M 42
#elif SLH_SET == 5
#define SLH_N 32
#define SLH_H 64
#define SLH_D 8
#define SLH_HP 8
#define SLH_A 14
#define SLH_K 22
#define SLH_M 47
#elif SLH_SET == 6
#define SLH_N 32
#define SLH_H 68
#define SLH_D 17
#define SLH_HP 4
#define SLH_A 9
#define SLH_K 35
#define SLH_M 49
#else
#error "SLH_SET must be 1..6"
#endif
#define SLH_LEN (2 * SLH_N + 3)          /* lg_w = 4: len1 = 2n, len2 = 3 */

#define SLH_PK_BYTES (2 * SLH_N)
#define SLH_SK_BYTES (4 * SLH_N)
#define SLH_SIG_BYTES (SLH_N * (1 + SLH_K * (1 + SLH_A) + SLH_H + SLH_D * SLH_LEN))

/* Algorithm 18, slh_keygen_internal(SK.seed, SK.prf, PK.seed): sk, pk */
void slh_keygen_internal(uint8_t *sk, uint8_t *pk, const uint8_t *sk_seed, const uint8_t *sk_prf,
                         const uint8_t *pk_seed);
/* Algorithm 19, slh_sign_internal(M, SK, addrnd): addrnd 0 for the deterministic variant
 * (opt_rand = PK.seed) */
void slh_sign_internal(uint8_t *sig, const uint8_t *m, uint32_t mlen, const uint8_t *sk,
                       const uint8_t *addrnd);
/* Algorithm 20, slh_verify_internal(M, SIG, PK): 1 valid, 0 not */
int slh_verify_internal(const uint8_t *m, uint32_t mlen, const uint8_t *sig, const uint8_t *pk);

#endif /* SLHDSA_H */
