/* The kernels of the ML-DSA firmware: what PQX accelerates. mldsa_kernels.c implements them in
 * plain C (PQX_KERNEL=0) or with PQX instructions (PQX_KERNEL=1). Polynomials are 256 int32
 * coefficients in [0, q) unless said otherwise; byte inputs are 4-byte aligned. */
#ifndef MLDSA_KERNELS_H
#define MLDSA_KERNELS_H

#include <stdint.h>

void mldsa_kernels_init(void);
/* H = SHAKE256 (FIPS 204 section 3.7): outlen bytes of SHAKE256(in) */
void mldsa_shake256(uint8_t *out, uint32_t outlen, const uint8_t *in, uint32_t inlen);
/* RejNTTPoly(rho || s || r) (Algorithm 30); writes up to MLDSA_SAMPLE_SLACK entries past a[255] */
#define MLDSA_SAMPLE_SLACK 64
void mldsa_rej_ntt_poly(int32_t *a, const uint8_t rho[32], unsigned s, unsigned r);
/* RejBoundedPoly(rho' || r as 2 bytes) (Algorithm 31), eta = MLDSA_ETA; coefficients in [0, q) */
void mldsa_rej_bounded_poly(int32_t a[256], const uint8_t rho[64], unsigned r);
/* y = BitUnpack(H(rho'' || r as 2 bytes), gamma1 - 1, gamma1) of ExpandMask (Algorithm 34), in
 * [0, q) */
void mldsa_mask_poly(int32_t a[256], const uint8_t rho[64], unsigned r);
/* NTT (Algorithm 41); mldsa_ntt_mont: the output times R mod q (Montgomery form); NTT^-1
 * (Algorithm 42); inputs in (-q, q) */
void mldsa_ntt(int32_t a[256]);
void mldsa_ntt_mont(int32_t a[256]);
void mldsa_invntt(int32_t a[256]);
/* r = sum_{j < n} a[j] o b[j] (MultiplyNTT and AddNTT, n consecutive polynomials each), b from
 * mldsa_ntt_mont; one pass over r: a matrix row times a vector (n = l), or one product (n = 1) */
void mldsa_dot(int32_t r[256], const int32_t *a, const int32_t *b, unsigned n);

#endif /* MLDSA_KERNELS_H */
