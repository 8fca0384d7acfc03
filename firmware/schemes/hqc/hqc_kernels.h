/* The kernels of the HQC firmware: what the PQX build replaces. hqc_kernels.c implements them
 * in plain C (PQX_KERNEL=0, the baseline) and on PQX (PQX_KERNEL=1: the sponge on the Keccak
 * unit, a Karatsuba ring product on KARATS1-4, GFMUL8, GF_REDUCE, BARRETT_HQC1/3/5).
 *
 * Every kernel is constant time with respect to its secret operands: no branch and no memory
 * index depends on them (hqc.c's header comment lists what is secret). */
#ifndef HQC_KERNELS_H
#define HQC_KERNELS_H

#include <stdint.h>
#include "hqc.h"

/* Constant-time helpers. HQC_BARRIER hides a value from the compiler, so that a mask it knows
 * to be 0 or ~0 is not turned back into a branch (clang did that to ML-KEM's key selection). */
#define HQC_BARRIER(x) __asm__ volatile("" : "+r"(x))

/* The native constant-time check (host_test.c built with -DHQC_CTGRIND, run under valgrind's
 * memcheck) marks the secret inputs undefined; memcheck then reports every branch and every
 * address that depends on them. HQC_DECLASSIFY marks the few values that are allowed to steer
 * the control flow (the rejection sampler's accept bit: see hqc.c). No code on the SoC. */
#ifdef HQC_CTGRIND
#include <valgrind/memcheck.h>
#define HQC_DECLASSIFY(p, len) VALGRIND_MAKE_MEM_DEFINED((p), (len))
#else
#define HQC_DECLASSIFY(p, len) ((void)0)
#endif

void hqc_kernels_init(void);               /* the baseline's tables (Keccak); PQX: nothing */

/* The sponge: one at a time (the PQX build has one sponge unit), used incrementally.
 * start(rate): an empty state, 136 (SHAKE256, SHA3-256) or 72 (SHA3-512) bytes per block;
 * absorb: any number of calls; finish(suffix): pad10*1 after the domain bits (0x06 SHA-3,
 * 0x1F SHAKE), permute; squeeze: the output stream, successive calls continue it. */
void hqc_sponge_start(unsigned rate);
void hqc_sponge_absorb(const uint8_t *in, uint32_t len);
void hqc_sponge_finish(uint8_t suffix);
void hqc_sponge_squeeze(uint8_t *out, uint32_t len);

/* out = a * sum_j X^support[j] mod (X^n - 1), the n-bit result in HQC_N_WORDS words (the bits
 * above n of the last word cleared). a's last word may have bits at n and above (a malformed u
 * or s): the result is then the reference's, one fold of the 2n-bit product (bits of the product
 * at 2n and above dropped), as the model's vec_mul. The support is secret, a is public. */
void hqc_vec_mul(uint32_t out[HQC_N_WORDS], const uint32_t a[HQC_N_WORDS],
                 const uint32_t *support, unsigned weight);

/* out1 = a1 * y and out2 = a2 * y for the same support (Encrypt's h r2 and s r2): the PQX
 * build makes the dense y once. */
void hqc_vec_mul2(uint32_t out1[HQC_N_WORDS], const uint32_t a1[HQC_N_WORDS],
                  uint32_t out2[HQC_N_WORDS], const uint32_t a2[HQC_N_WORDS],
                  const uint32_t *support, unsigned weight);

/* GF(2^8): the carry-less product of two bytes (15 bits; PQX GFMUL8) and the reduction of a
 * 16-bit carry-less value modulo x^8 + x^4 + x^3 + x^2 + 1 (PQX GF_REDUCE). Reduction is linear,
 * so a sum of products can be reduced once. */
uint32_t hqc_gf_clmul(uint32_t a, uint32_t b);
uint32_t hqc_gf_reduce(uint32_t x);

/* x mod n for every 32-bit x (PQX BARRETT_HQC1/3/5); the rejection sampler's reduction. */
uint32_t hqc_mod_n(uint32_t x);

#endif /* HQC_KERNELS_H */
