/* ML-DSA (FIPS 204) on the PQX SoC: parameters and the internal algorithms.
 *
 * One build per parameter set: -DMLDSA_MODE=44, 65 or 87; and per kernel set: -DPQX_KERNEL=0
 * (plain C) or 1 (PQX). mldsa.c is the same C in both builds; the kernels are mldsa_kernels.c.
 * Byte strings are 4-byte aligned. */
#ifndef MLDSA_H
#define MLDSA_H

#include <stdint.h>

#ifndef MLDSA_MODE
#error "compile with -DMLDSA_MODE=44, 65 or 87"
#endif

#define MLDSA_N 256
#define MLDSA_Q 8380417
#define MLDSA_D 13
#if MLDSA_MODE == 44
#define MLDSA_K 4
#define MLDSA_L 4
#define MLDSA_ETA 2
#define MLDSA_TAU 39
#define MLDSA_LAMBDA 128
#define MLDSA_GAMMA1 (1 << 17)
#define MLDSA_GAMMA2 ((MLDSA_Q - 1) / 88)
#define MLDSA_OMEGA 80
#elif MLDSA_MODE == 65
#define MLDSA_K 6
#define MLDSA_L 5
#define MLDSA_ETA 4
#define MLDSA_TAU 49
#define MLDSA_LAMBDA 192
#define MLDSA_GAMMA1 (1 << 19)
#define MLDSA_GAMMA2 ((MLDSA_Q - 1) / 32)
#define MLDSA_OMEGA 55
#elif MLDSA_MODE == 87
#define MLDSA_K 8
#define MLDSA_L 7
#define MLDSA_ETA 2
#define MLDSA_TAU 60
#define MLDSA_LAMBDA 256
#define MLDSA_GAMMA1 (1 << 19)
#define MLDSA_GAMMA2 ((MLDSA_Q - 1) / 32)
#define MLDSA_OMEGA 75
#else
#error "MLDSA_MODE must be 44, 65 or 87"
#endif
#define MLDSA_BETA (MLDSA_TAU * MLDSA_ETA)
#define MLDSA_CTILDE_BYTES (MLDSA_LAMBDA / 4)
#define MLDSA_Z_BITS (MLDSA_GAMMA1 == (1 << 17) ? 18 : 20)
#define MLDSA_W1_BITS (MLDSA_GAMMA2 == (MLDSA_Q - 1) / 88 ? 6 : 4)
#define MLDSA_ETA_BITS (MLDSA_ETA == 2 ? 3 : 4)

#define MLDSA_PK_BYTES (32 + 320 * MLDSA_K)
#define MLDSA_SK_BYTES (128 + 32 * ((MLDSA_K + MLDSA_L) * MLDSA_ETA_BITS + 13 * MLDSA_K))
#define MLDSA_SIG_BYTES (MLDSA_CTILDE_BYTES + 32 * MLDSA_L * MLDSA_Z_BITS + MLDSA_OMEGA + MLDSA_K)

/* Algorithm 6, ML-DSA.KeyGen_internal(xi). */
void mldsa_keygen_internal(uint8_t *pk, uint8_t *sk, const uint8_t xi[32]);
/* Algorithm 7, ML-DSA.Sign_internal(sk, M', rnd); with mu != 0 the message representative mu is
 * given (the external-mu form) and M' is not used. */
void mldsa_sign_internal(uint8_t *sig, const uint8_t *sk, const uint8_t *m, uint32_t mlen,
                         const uint8_t *mu, const uint8_t rnd[32]);
/* Algorithm 8, ML-DSA.Verify_internal(pk, M', sigma): 1 valid, 0 not (a malformed signature
 * included); mu as for signing. */
int mldsa_verify_internal(const uint8_t *pk, const uint8_t *m, uint32_t mlen, const uint8_t *mu,
                          const uint8_t *sig);

/* Signing attempts of the last mldsa_sign_internal (the rejection loop's iterations), and the
 * mcycle values at the loop's start (the set-up before it: skDecode, the NTTs, ExpandA, mu,
 * rho'') and at the start of the last attempt (the one that succeeded). */
extern uint32_t mldsa_sign_attempts, mldsa_loop_start, mldsa_last_attempt_start;
/* Cycles on public data (ExpandA, SampleInBall) since the last reset. */
extern uint32_t mldsa_public_cycles;
/* Cycles of the last signing's secret-dependent steps that must not depend on the secrets: the
 * set-up (skDecode, the NTTs of s1, s2, t0) and the first attempt's ExpandMask and NTT(y). */
extern uint32_t mldsa_ct_setup, mldsa_ct_mask;

#endif /* MLDSA_H */
