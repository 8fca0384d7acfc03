/* HQC-KEM (the 2025 HQC, FIPS 207 draft) on the PQX SoC: parameters and the KEM algorithms.
 *
 * One build per parameter set: -DHQC_SET=1 (HQC-1), 3 (HQC-3) or 5 (HQC-5); and per kernel set:
 * -DPQX_KERNEL=0 (plain C, the baseline) or 1 (PQX instructions). hqc.c is the
 * same C for both; only the kernels of hqc_kernels.c differ. Written from the specification and
 * the project's model (verif/models/hqc.py, docs/hqc-model.md); the names follow the model.
 *
 * Byte strings (ek, dk, ct, seeds) may have any alignment here (the baseline reads bytes).
 * Vectors of GF(2)[X]/(X^n - 1) are HQC_N_WORDS little-endian 32-bit words: bit i of the vector is
 * bit i % 32 of word i / 32, as the byte string's bit i % 8 of byte i / 8. */
#ifndef HQC_H
#define HQC_H

#include <stdint.h>

#ifndef HQC_SET
#error "compile with -DHQC_SET=1 (HQC-1), 3 (HQC-3) or 5 (HQC-5)"
#endif

/* The parameter table of the specification (the model's PARAMS). */
#if HQC_SET == 1
#define HQC_NAME "HQC-1"
#define HQC_N 17669
#define HQC_N1 46
#define HQC_N2 384
#define HQC_K 16
#define HQC_DELTA 15
#define HQC_OMEGA 66
#define HQC_OMEGA_R 75
#define HQC_OMEGA_E 75
#elif HQC_SET == 3
#define HQC_NAME "HQC-3"
#define HQC_N 35851
#define HQC_N1 56
#define HQC_N2 640
#define HQC_K 24
#define HQC_DELTA 16
#define HQC_OMEGA 100
#define HQC_OMEGA_R 114
#define HQC_OMEGA_E 114
#elif HQC_SET == 5
#define HQC_NAME "HQC-5"
#define HQC_N 57637
#define HQC_N1 90
#define HQC_N2 640
#define HQC_K 32
#define HQC_DELTA 29
#define HQC_OMEGA 131
#define HQC_OMEGA_R 149
#define HQC_OMEGA_E 149
#else
#error "HQC_SET must be 1, 3 or 5"
#endif

#define HQC_SEED_BYTES 32
#define HQC_SALT_BYTES 16
#define HQC_SS_BYTES 32
#define HQC_N_BYTES ((HQC_N + 7) / 8)                /* u, s: ceil(n / 8) bytes */
#define HQC_N_WORDS ((HQC_N + 31) / 32)
#define HQC_N1N2 (HQC_N1 * HQC_N2)                   /* v: n1 n2 bits, a multiple of 128 */
#define HQC_N1N2_BYTES (HQC_N1N2 / 8)
#define HQC_N1N2_WORDS (HQC_N1N2 / 32)
#define HQC_MULT (HQC_N2 / 128)                      /* copies of each RM(1,7) codeword */
#define HQC_RS_PARITY (2 * HQC_DELTA)                /* n1 - k */
/* Largest multiple of n not above 2^24: 24-bit draws below it are uniform mod n. */
#define HQC_REJECT_THRESHOLD ((1u << 24) / HQC_N * HQC_N)

#define HQC_EK_BYTES (HQC_SEED_BYTES + HQC_N_BYTES)                          /* seed_ek || s */
#define HQC_DK_BYTES (HQC_EK_BYTES + HQC_SEED_BYTES + HQC_K + HQC_SEED_BYTES) /* ek || seed_dk || sigma || seed_KEM */
#define HQC_CT_BYTES (HQC_N_BYTES + HQC_N1N2_BYTES + HQC_SALT_BYTES)         /* u || v || salt */

#if (HQC_N1N2 % 128) != 0 || HQC_N1N2 > HQC_N || HQC_N1 - HQC_K != HQC_RS_PARITY
#error "inconsistent HQC parameters"
#endif

/* ------------------------------------------------------------------ HQC-KEM
 * Each takes its randomness explicitly (the host draws it): seed_KEM for KeyGen, m and salt for
 * Encaps. The outputs are the specification's byte strings. */
void hqc_keygen(uint8_t *ek, uint8_t *dk, const uint8_t seed_kem[HQC_SEED_BYTES]);
void hqc_encaps(uint8_t *ct, uint8_t ss[HQC_SS_BYTES], const uint8_t *ek, const uint8_t m[HQC_K],
                const uint8_t salt[HQC_SALT_BYTES]);
/* With implicit rejection: the same work for a valid and an invalid ciphertext; the key is
 * K' if the re-encryption equals ct (every byte, u's padding bits included), else
 * K-bar = J(H(ek), sigma, ct), selected with a mask. */
void hqc_decaps(uint8_t ss[HQC_SS_BYTES], const uint8_t *dk, const uint8_t *ct);
/* The same, also giving the decrypted m' (for tests; the model's decaps_trace). */
void hqc_decaps_trace(uint8_t ss[HQC_SS_BYTES], uint8_t m_prime[HQC_K], const uint8_t *dk,
                      const uint8_t *ct);

/* Cycles spent in the rejection sampler (x, y) since the last reset: the only part whose time
 * depends on data (the number of draws, fixed by seed_dk: see hqc.c), so that the rest can be
 * checked for constant time on the SoC. Counted with mcycle on RISC-V; 0 in a native build. */
extern uint32_t hqc_sampler_cycles;

/* ------------------------------------------------------------------ the stages
 * Public so that the host harness can check each against the model, and so that their cycles
 * can be attributed on the SoC. */
void hqc_init(void);      /* GF(2^8) tables and the RS generator (public constants); idempotent */

/* Samplers on the current XOF stream (hqc_kernels.h): SampleFixedWeightVect$ (rejection, for
 * x and y; support in drawing order) and SampleFixedWeightVect (biased, for r2, e, r1). */
void hqc_sample_rejection(uint32_t *support, unsigned weight);
void hqc_sample_biased(uint32_t *support, unsigned weight);
/* v ^= the vector with the given support (distinct positions < n) */
void hqc_vec_add_support(uint32_t v[HQC_N_WORDS], const uint32_t *support, unsigned weight);

/* Reed-Solomon over GF(2^8): systematic encoding (parity || msg) and decoding of n1 bytes. */
void hqc_rs_encode(uint8_t cw[HQC_N1], const uint8_t msg[HQC_K]);
void hqc_rs_decode(uint8_t msg[HQC_K], const uint8_t cw[HQC_N1]);
/* Duplicated RM(1,7): n1 bytes <-> n1 n2 bits */
void hqc_rm_encode(uint32_t v[HQC_N1N2_WORDS], const uint8_t cw[HQC_N1]);
void hqc_rm_decode(uint8_t cw[HQC_N1], const uint32_t v[HQC_N1N2_WORDS]);
/* The concatenated code C */
void hqc_code_encode(uint32_t v[HQC_N1N2_WORDS], const uint8_t m[HQC_K]);
void hqc_code_decode(uint8_t m[HQC_K], const uint32_t v[HQC_N1N2_WORDS]);

/* GF(2^8) with 0x11D (constant time; on the kernels' carry-less product and reduction) */
uint32_t hqc_gf_mul(uint32_t a, uint32_t b);
uint32_t hqc_gf_inv(uint32_t a);      /* a^254: 0 for 0 */

#endif /* HQC_H */
