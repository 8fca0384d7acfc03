/* ML-KEM (FIPS 203) on the PQX SoC: parameters and the internal algorithms.
 *
 * One build per parameter set: -DMLKEM_K=2 (ML-KEM-512), 3 (768), 4 (1024); and per kernel set:
 * -DPQX_KERNEL=0 (plain C) or 1 (PQX instructions). mlkem.c is the same C for both; only the
 * kernels of mlkem_kernels.c differ. Byte strings are 4-byte aligned (the PQX sponge reads words). */
#ifndef MLKEM_H
#define MLKEM_H

#include <stdint.h>

#ifndef MLKEM_K
#error "compile with -DMLKEM_K=2 (ML-KEM-512), 3 (ML-KEM-768) or 4 (ML-KEM-1024)"
#endif

#define MLKEM_N 256
#define MLKEM_Q 3329
#if MLKEM_K == 2
#define MLKEM_ETA1 3
#define MLKEM_DU 10
#define MLKEM_DV 4
#elif MLKEM_K == 3
#define MLKEM_ETA1 2
#define MLKEM_DU 10
#define MLKEM_DV 4
#elif MLKEM_K == 4
#define MLKEM_ETA1 2
#define MLKEM_DU 11
#define MLKEM_DV 5
#else
#error "MLKEM_K must be 2, 3 or 4"
#endif
#define MLKEM_ETA2 2

#define MLKEM_EK_BYTES (384 * MLKEM_K + 32)
#define MLKEM_DK_BYTES (768 * MLKEM_K + 96)
#define MLKEM_CT_BYTES (32 * (MLKEM_DU * MLKEM_K + MLKEM_DV))

/* Algorithm 16, ML-KEM.KeyGen_internal(d, z). */
void mlkem_keygen_internal(uint8_t *ek, uint8_t *dk, const uint8_t d[32], const uint8_t z[32]);
/* Algorithm 17, ML-KEM.Encaps_internal(ek, m): the shared key and the ciphertext. */
void mlkem_encaps_internal(uint8_t key[32], uint8_t *c, const uint8_t *ek, const uint8_t m[32]);
/* Algorithm 18, ML-KEM.Decaps_internal(dk, c), with implicit rejection: the same work and the
 * same cycles for a valid and an invalid ciphertext. */
void mlkem_decaps_internal(uint8_t key[32], const uint8_t *dk, const uint8_t *c);
/* The input checks of FIPS 203 section 7: 1 if the key passes, 0 if not. Encapsulation key: the
 * modulus check (every 12-bit value < q). Decapsulation key: the hash check (H(ek) stored in dk
 * matches its ek). The type checks (lengths) are the caller's: the lengths are fixed here. */
int mlkem_check_ek(const uint8_t *ek);
int mlkem_check_dk(const uint8_t *dk);

/* Cycles spent in the matrix expansion since the last reset: the only part whose time depends on
 * data (the public seed rho: rejection sampling), so the rest can be checked for constant time. */
extern uint32_t mlkem_public_cycles;

#endif /* MLKEM_H */
