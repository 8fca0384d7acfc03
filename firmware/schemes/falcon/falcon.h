/* Falcon-512 / Falcon-1024 signature verification (round 3, specification v1.2), plain C.
 *
 * One build per parameter set: -DFALCON_LOGN=9 (Falcon-512) or 10 (Falcon-1024), and
 * -DPQX_KERNEL=0 (the plain-C kernels of falcon_kernels.c) or 1 (the same kernels on PQX).
 * FIPS 206 (FN-DSA) is not final: the points where its draft differs (the hash-to-point input,
 * the header bytes) are behind FALCON_* names here and listed in docs/falcon-model.md.
 *
 * Verification is integers only: decode the public key h (14-bit coefficients), decompress s2,
 * c = HashToPoint(r || m) (SHAKE256, 16-bit values < 5q kept, reduced mod q), s1 = c - s2 h mod
 * (q, X^n + 1) (NTT), centred; accept iff ||(s1, s2)||^2 <= floor(beta^2). All inputs are public:
 * nothing here needs to be constant time, and the decoders stop at the first malformed field.
 *
 * Two signature layouts (verif/models/falcon.py has the same rules, and the reasons below):
 *   falcon_verify  the detached signature of spec 3.11.3: 0x30 + logn || r (40) || compressed s2
 *                  zero-padded to FALCON_SIG_BYTES in all (666 / 1280)
 *   falcon_open    the NIST API signed message of the KAT files: sig_len (2, big-endian) || r ||
 *                  m || 0x20 + logn || compressed s2 (sig_len bytes with the header, all used)
 * Later steps (issue 37): Sign and KeyGen (FPR_* helpers, MODP_MONTYMUL) add falcon_sign /
 * falcon_keygen next to these; the PQX kernels replace falcon_kernels.c. */
#ifndef FALCON_H
#define FALCON_H

#include <stddef.h>
#include <stdint.h>

#ifndef FALCON_LOGN
#error "compile with -DFALCON_LOGN=9 (Falcon-512) or -DFALCON_LOGN=10 (Falcon-1024)"
#endif

#if FALCON_LOGN == 9
#define FALCON_NAME "Falcon-512"
#define FALCON_L2_BOUND 34034726u        /* floor(beta^2), Table 3.3 */
#define FALCON_SIG_BYTES 666             /* sbytelen */
#elif FALCON_LOGN == 10
#define FALCON_NAME "Falcon-1024"
#define FALCON_L2_BOUND 70265242u
#define FALCON_SIG_BYTES 1280
#else
#error "FALCON_LOGN must be 9 or 10"
#endif

#define FALCON_N (1u << FALCON_LOGN)
#define FALCON_Q 12289u
#define FALCON_NONCE_BYTES 40
#define FALCON_PK_BYTES (1 + 14 * FALCON_N / 8)          /* 897 / 1793 */
#define FALCON_PK_HEADER (0x00 + FALCON_LOGN)
#define FALCON_SIG_HEADER (0x30 + FALCON_LOGN)           /* 0cc1nnnn, cc = 01: compressed */
#define FALCON_SM_HEADER (0x20 + FALCON_LOGN)            /* the NIST API's esig header */
#define FALCON_HASH_BOUND (5u * FALCON_Q)                /* 61445 = floor(2^16 / q) q */
#define FALCON_COEF_MAX 2047                             /* |s2_i| (round-3 reference decoder) */

/* Verdicts, in the order the checks are made (the model's reasons, same spelling). */
enum falcon_result {
    FALCON_OK = 0,
    FALCON_ERR_PK_LENGTH,       /* pk_length */
    FALCON_ERR_PK_HEADER,       /* pk_header */
    FALCON_ERR_PK_COEF,         /* pk_coef: a coefficient of h >= q */
    FALCON_ERR_SIG_LENGTH,      /* sig_length */
    FALCON_ERR_SIG_HEADER,      /* sig_header */
    FALCON_ERR_ENC_TRUNCATED,   /* enc_truncated: s2 ran out of bits */
    FALCON_ERR_ENC_RANGE,       /* enc_range: |s2_i| > 2047 */
    FALCON_ERR_ENC_MINUS_ZERO,  /* enc_minus_zero: "-0" */
    FALCON_ERR_ENC_TRAILING,    /* enc_trailing: a non-zero bit after the last coefficient */
    FALCON_ERR_ENC_LENGTH,      /* enc_length: bytes left over (signed message) */
    FALCON_ERR_NORM,            /* norm: ||(s1, s2)||^2 > floor(beta^2) */
};

extern const char *const falcon_result_names[];

void falcon_init(void);          /* the kernels' tables (outside a measured region) */

int falcon_verify(const uint8_t *pk, size_t pklen, const uint8_t *msg, size_t mlen,
                  const uint8_t *sig, size_t siglen);
/* On FALCON_OK, *msg / *mlen (if not NULL) give the message inside sm. */
int falcon_open(const uint8_t *pk, size_t pklen, const uint8_t *sm, size_t smlen,
                const uint8_t **msg, size_t *mlen);

/* The stages (host_test.c checks each against the model). */
int falcon_decode_pk(uint16_t h[FALCON_N], const uint8_t *pk, size_t pklen);
/* padded: the bytes after s2 must be zero (detached); otherwise all bytes must be used. */
int falcon_decompress(int16_t s2[FALCON_N], const uint8_t *in, size_t len, int padded);
void falcon_hash_to_point(uint16_t c[FALCON_N], const uint8_t nonce[FALCON_NONCE_BYTES],
                          const uint8_t *msg, size_t mlen);
/* ||(s1, s2)||^2 (saturated at 2^32 - 1) for h (decoded), nonce, msg and s2. */
uint32_t falcon_norm(const uint16_t h[FALCON_N], const uint8_t nonce[FALCON_NONCE_BYTES],
                     const uint8_t *msg, size_t mlen, const int16_t s2[FALCON_N]);

#endif /* FALCON_H */
