/* The kernels of the Falcon firmware, the part the PQX build replaces. falcon_kernels.c
 * implements them in plain C (PQX_KERNEL=0, the baseline) and on PQX (PQX_KERNEL=1: the PQX
 * sponge, BFNTTF / BFINTTF for the butterflies, MQMULF for the products).
 *
 * Arithmetic mod q = 12289 on uint16_t values in [0, q). The products are Falcon's mq_montymul
 * (MontF in docs/isa.md: a b 2^-16 mod q), so that the PQX instructions drop in: the twiddles
 * are stored in Montgomery form (z 2^16 mod q), the forward NTT is Cooley-Tukey with
 * (a, b) -> (a + z b, a - z b) (BFNTTF), the inverse Gentleman-Sande with
 * (a, b) -> (a + b, (a - b) z') (BFINTTF).
 *
 * Nothing here handles secrets (verification only): Sign will add constant-time requirements. */
#ifndef FALCON_KERNELS_H
#define FALCON_KERNELS_H

#include <stdint.h>
#include "falcon.h"

void falcon_kernels_init(void);              /* twiddle tables, Keccak tables */

/* SHAKE256, incremental (one sponge at a time, like the PQX unit): start, absorb (any number of
 * calls), finish (pad), squeeze (successive calls continue the stream). */
void falcon_shake_start(void);
void falcon_shake_absorb(const uint8_t *in, size_t len);
void falcon_shake_finish(void);
void falcon_shake_squeeze(uint8_t *out, size_t len);

/* a b 2^-16 mod q, for a, b in [0, q) (MQMULF). */
uint32_t falcon_mq_montymul(uint32_t a, uint32_t b);
/* t mod q for t < 2^16 (hash-to-point's reduction; inline: it runs once per sample). 5460 / 2^26
 * is just under 1/q, so the quotient is floor(t / q) or one less for every t < 2^16. */
static inline uint32_t falcon_mq_reduce16(uint32_t t)
{
    uint32_t r = t - ((t * 5460u) >> 26) * FALCON_Q;      /* in [0, 2q) */
    r -= FALCON_Q;
    r += FALCON_Q & -(r >> 31);
    return r;
}

/* In place, coefficients in [0, q). falcon_ntt: the negacyclic NTT (output in bit-reversed
 * order); falcon_intt: its inverse, including the factor 1/n; falcon_ntt_mul: c_i = a_i b_i mod q
 * (the NTT-domain product; c may be a or b). */
void falcon_ntt(uint16_t a[FALCON_N]);
void falcon_intt(uint16_t a[FALCON_N]);
void falcon_ntt_mul(uint16_t c[FALCON_N], const uint16_t a[FALCON_N], const uint16_t b[FALCON_N]);

#endif /* FALCON_KERNELS_H */
