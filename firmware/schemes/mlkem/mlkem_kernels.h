/* The kernels of the ML-KEM firmware: everything PQX accelerates. mlkem_kernels.c implements
 * them in plain C (PQX_KERNEL=0, the baseline) or with PQX instructions (PQX_KERNEL=1).
 * Polynomials are 256 int16 coefficients; the outputs are in [0, q). Byte inputs are 4-byte
 * aligned. */
#ifndef MLKEM_KERNELS_H
#define MLKEM_KERNELS_H

#include <stdint.h>

void mlkem_kernels_init(void);                     /* tables of the baseline; PQX: nothing */
/* H = SHA3-256, G = SHA3-512, J = SHAKE256 with 32 output bytes (FIPS 203 section 4.1) */
void mlkem_hash_h(uint8_t out[32], const uint8_t *in, uint32_t len);
void mlkem_hash_g(uint8_t out[64], const uint8_t *in, uint32_t len);
void mlkem_hash_j(uint8_t out[32], const uint8_t *in, uint32_t len);
/* SamplePolyCBD_eta(PRF_eta(s, b)), eta = 2 or 3 */
void mlkem_prf_cbd(int16_t r[256], const uint8_t s[32], uint8_t b, unsigned eta);
/* SampleNTT(rho || j || i); writes up to MLKEM_SAMPLE_SLACK (112) entries past a[255] */
void mlkem_sample_ntt(int16_t *a, const uint8_t rho[32], unsigned j, unsigned i);
/* NTT, NTT^-1 (inputs in (-q, q)), MultiplyNTTs (inputs in (-q, q)): r = a o b, or with acc
 * r = r + a o b (r in [0, q)) */
void mlkem_ntt(int16_t r[256]);
void mlkem_invntt(int16_t r[256]);
void mlkem_basemul(int16_t r[256], const int16_t a[256], const int16_t b[256], int acc);

#endif /* MLKEM_KERNELS_H */
