/* ML-KEM (FIPS 203): K-PKE and the internal ML-KEM algorithms, written from the standard.
 * The same C in the baseline and the PQX build; the kernels (hashes, sampling, NTT) are in
 * mlkem_kernels.c.
 *
 * Constant time. Nothing here branches on or indexes by secret data, and there is no division:
 * Compress divides by q with a multiply-high (the core's `divu` takes a data-dependent number of
 * cycles, its `mulhu` does not). The ciphertext compare in Decaps accumulates every byte and the
 * key is selected with a mask. The only data-dependent time is the matrix expansion (rejection
 * sampling on the public rho); it is timed separately in mlkem_public_cycles.
 *
 * Ranges: every polynomial is in [0, q) between steps (the kernels' outputs are); a sum of two
 * is brought back with one conditional subtraction (addq). */
#include "mlkem.h"
#include "mlkem_kernels.h"
#include "bitpack.h"
#include "pqx_rt.h"

#define K MLKEM_K
#define Q MLKEM_Q

typedef struct {
    int16_t c[MLKEM_N];
} poly;

/* Static working storage (the stack stays small). A has one spare polynomial: the PQX sampler
 * writes up to 112 coefficients past the one it fills (mlkem_sample_ntt). */
static poly A[K * K + 1];
static poly pv1[K], pv2[K], p1, p2;

uint32_t mlkem_public_cycles;

static inline uint32_t mcycle(void)
{
    uint32_t v;
    __asm__ volatile("csrr %0, mcycle" : "=r"(v) : : "memory");
    return v;
}

/* ------------------------------------------------------------------ coefficient arithmetic */
#define FORCE_INLINE static inline __attribute__((always_inline))
#define UNROLL _Pragma("clang loop unroll(full)")

/* [0, 2q) -> [0, q) */
FORCE_INLINE uint32_t addq(uint32_t x)
{
    int32_t t = (int32_t)x - Q;
    return (uint32_t)(t + ((t >> 31) & Q));
}

/* Compress_d (section 4.2.1): round(2^d x / q) mod 2^d for x in [0, q), as (x M + C) >> 20 with
 * a 32-bit product (no division, no multiply-high); M and C per d make it exact for every x < q
 * (checked exhaustively by scripts/test_schemes.py). */
FORCE_INLINE uint32_t compress(uint32_t x, unsigned d)
{
    const uint32_t m = d == 1 ? 630u : d == 4 ? 5040u : d == 5 ? 10080u : d == 10 ? 322542u : 645084u;
    const uint32_t c = (d == 1 || d == 5) ? 524288u : 523930u;
    return ((x * m + c) >> 20) & ((1u << d) - 1u);
}

/* Decompress_d: round(q y / 2^d) */
FORCE_INLINE uint32_t decompress(uint32_t y, unsigned d)
{
    return (y * Q + (1u << (d - 1))) >> d;
}


/* ------------------------------------------------------------------ polynomial passes
 * Each pass reads and writes every coefficient once; the steps of FIPS 203 that follow each
 * other on the same polynomial are fused into one pass. */

/* r = sum_j a[j stride] o b[j] (MultiplyNTTs), in [0, q) */
static void poly_dot(poly *r, const poly *a, unsigned stride, const poly *b)
{
    for (unsigned j = 0; j < K; j++)
        mlkem_basemul(r->c, a[j * stride].c, b[j].c, j > 0);
}

/* ByteEncode12(a + b mod q); b may be 0 */
FORCE_INLINE void encode12_sum(uint8_t *out, const poly *a, const poly *b)
{
    for (unsigned i = 0; i < MLKEM_N; i += 8, out += 12) {
        uint32_t v[8];
        UNROLL for (unsigned k = 0; k < 8; k++)
            v[k] = b ? addq((uint32_t)(a->c[i + k] + b->c[i + k])) : (uint32_t)a->c[i + k];
        pack8(out, v, 12);
    }
}

/* ByteDecode12, each value mod q */
FORCE_INLINE void decode12(poly *r, const uint8_t *in)
{
    for (unsigned i = 0; i < MLKEM_N; i += 8, in += 12) {
        uint32_t v[8];
        unpack8(v, in, 12);
        UNROLL for (unsigned k = 0; k < 8; k++)
            r->c[i + k] = (int16_t)addq(v[k]);
    }
}

/* ByteEncode_d(Compress_d(a + b + mu)): b in [0, q); mu = Decompress1 of the message bits m (or
 * none if m is 0) */
FORCE_INLINE void encode_sum_compressed(uint8_t *out, const poly *a, const poly *b, const uint8_t *m,
                                        unsigned d)
{
    for (unsigned i = 0; i < MLKEM_N; i += 8, out += d) {
        uint32_t v[8], bits = m ? m[i / 8] : 0;
        UNROLL for (unsigned k = 0; k < 8; k++) {
            uint32_t x = addq((uint32_t)(a->c[i + k] + b->c[i + k]));
            if (m)
                x = addq(x + (-((bits >> k) & 1u) & ((Q + 1) / 2)));
            v[k] = compress(x, d);
        }
        pack8(out, v, d);
    }
}

/* Decompress_d(ByteDecode_d(in)) */
FORCE_INLINE void decode_decompress(poly *r, const uint8_t *in, unsigned d)
{
    for (unsigned i = 0; i < MLKEM_N; i += 8, in += d) {
        uint32_t v[8];
        unpack8(v, in, d);
        UNROLL for (unsigned k = 0; k < 8; k++)
            r->c[i + k] = (int16_t)decompress(v[k], d);
    }
}

/* m = ByteEncode1(Compress1(v - w)) */
FORCE_INLINE void message_from(uint8_t m[32], const poly *v, const poly *w)
{
    for (unsigned i = 0; i < MLKEM_N; i += 8) {
        uint32_t byte = 0;
        UNROLL for (unsigned k = 0; k < 8; k++)
            byte |= compress(addq((uint32_t)(v->c[i + k] - w->c[i + k] + Q)), 1) << k;
        m[i / 8] = (uint8_t)byte;
    }
}

/* A[i][j] = SampleNTT(rho || j || i), or its transpose; row by row, so that the sampler's slack
 * after a polynomial is always one not sampled yet (or the spare one). */
static void gen_matrix(const uint8_t rho[32], int transposed)
{
    uint32_t t0 = mcycle();
    for (unsigned i = 0; i < K; i++)
        for (unsigned j = 0; j < K; j++)
            mlkem_sample_ntt(A[i * K + j].c, rho, transposed ? i : j, transposed ? j : i);
    mlkem_public_cycles += mcycle() - t0;
}

/* ------------------------------------------------------------------ K-PKE (section 5) */
/* K-PKE.KeyGen (Algorithm 13): ek_pke = ByteEncode12(t) || rho, dk_pke = ByteEncode12(s) */
static void kpke_keygen(uint8_t *ek, uint8_t *dk_pke, const uint8_t d[32])
{
    uint32_t buf[16];              /* d || k, then rho || sigma */
    uint8_t *b = (uint8_t *)buf;
    memcpy(b, d, 32);
    b[32] = K;
    mlkem_hash_g(b, b, 33);
    const uint8_t *rho = b, *sigma = b + 32;
    gen_matrix(rho, 0);
    poly *s = pv1, *e = pv2;
    for (unsigned i = 0; i < K; i++)
        mlkem_prf_cbd(s[i].c, sigma, (uint8_t)i, MLKEM_ETA1);
    for (unsigned i = 0; i < K; i++)
        mlkem_prf_cbd(e[i].c, sigma, (uint8_t)(K + i), MLKEM_ETA1);
    for (unsigned i = 0; i < K; i++) {
        mlkem_ntt(s[i].c);
        mlkem_ntt(e[i].c);
    }
    for (unsigned i = 0; i < K; i++) {            /* t = A s + e */
        poly_dot(&p1, &A[i * K], 1, s);
        encode12_sum(ek + 384 * i, &p1, &e[i]);
        encode12_sum(dk_pke + 384 * i, &s[i], 0);
    }
    memcpy(ek + 384 * K, rho, 32);
}

/* K-PKE.Encrypt (Algorithm 14) */
static void kpke_encrypt(uint8_t *c, const uint8_t *ek, const uint8_t m[32], const uint8_t r[32])
{
    poly *t = pv1, *y = pv2, *u = &p1, *e = &p2;
    for (unsigned i = 0; i < K; i++)
        decode12(&t[i], ek + 384 * i);
    gen_matrix(ek + 384 * K, 1);                  /* A^T: (i, j) holds A[j][i] */
    for (unsigned i = 0; i < K; i++)
        mlkem_prf_cbd(y[i].c, r, (uint8_t)i, MLKEM_ETA1);
    for (unsigned i = 0; i < K; i++)
        mlkem_ntt(y[i].c);
    for (unsigned i = 0; i < K; i++) {            /* u = NTT^-1(A^T y) + e1 */
        poly_dot(u, &A[i * K], 1, y);
        mlkem_invntt(u->c);
        mlkem_prf_cbd(e->c, r, (uint8_t)(K + i), MLKEM_ETA2);
        encode_sum_compressed(c + 32 * MLKEM_DU * i, u, e, 0, MLKEM_DU);
    }
    poly_dot(u, t, 1, y);                         /* v = NTT^-1(t^T y) + e2 + mu */
    mlkem_invntt(u->c);
    mlkem_prf_cbd(e->c, r, (uint8_t)(2 * K), MLKEM_ETA2);
    encode_sum_compressed(c + 32 * MLKEM_DU * K, u, e, m, MLKEM_DV);
}

/* K-PKE.Decrypt (Algorithm 15) */
static void kpke_decrypt(uint8_t m[32], const uint8_t *dk_pke, const uint8_t *c)
{
    poly *u = pv1, *s = pv2, *w = &p1, *v = &p2;
    for (unsigned i = 0; i < K; i++) {
        decode_decompress(&u[i], c + 32 * MLKEM_DU * i, MLKEM_DU);
        mlkem_ntt(u[i].c);
        decode12(&s[i], dk_pke + 384 * i);
    }
    poly_dot(w, s, 1, u);                         /* w = v - NTT^-1(s^T u) */
    mlkem_invntt(w->c);
    decode_decompress(v, c + 32 * MLKEM_DU * K, MLKEM_DV);
    message_from(m, v, w);
}

/* ------------------------------------------------------------------ ML-KEM (section 6) */
void mlkem_keygen_internal(uint8_t *ek, uint8_t *dk, const uint8_t d[32], const uint8_t z[32])
{
    mlkem_kernels_init();
    kpke_keygen(ek, dk, d);
    memcpy(dk + 384 * K, ek, MLKEM_EK_BYTES);
    mlkem_hash_h(dk + 768 * K + 32, ek, MLKEM_EK_BYTES);
    memcpy(dk + 768 * K + 64, z, 32);
}

void mlkem_encaps_internal(uint8_t key[32], uint8_t *c, const uint8_t *ek, const uint8_t m[32])
{
    uint32_t buf[16];              /* m || H(ek), then K || r */
    uint8_t *b = (uint8_t *)buf;
    mlkem_kernels_init();
    memcpy(b, m, 32);
    mlkem_hash_h(b + 32, ek, MLKEM_EK_BYTES);
    mlkem_hash_g(b, b, 64);
    memcpy(key, b, 32);
    kpke_encrypt(c, ek, m, b + 32);
}

/* z || c for J, and the re-encryption c' */
static uint32_t zc_buf[(32 + MLKEM_CT_BYTES) / 4];
static uint32_t c2_buf[MLKEM_CT_BYTES / 4];

void mlkem_decaps_internal(uint8_t key[32], const uint8_t *dk, const uint8_t *c)
{
    const uint8_t *dk_pke = dk, *ek_pke = dk + 384 * K, *h = dk + 768 * K + 32,
                  *z = dk + 768 * K + 64;
    uint32_t mh[16], kr[16], kbar[8];            /* m' || h, K' || r', K-bar */
    uint8_t *zc = (uint8_t *)zc_buf;
    mlkem_kernels_init();
    kpke_decrypt((uint8_t *)mh, dk_pke, c);
    memcpy(mh + 8, h, 32);
    mlkem_hash_g((uint8_t *)kr, (const uint8_t *)mh, 64);
    memcpy(zc, z, 32);
    memcpy(zc + 32, c, MLKEM_CT_BYTES);
    mlkem_hash_j((uint8_t *)kbar, zc, 32 + MLKEM_CT_BYTES);
    kpke_encrypt((uint8_t *)c2_buf, ek_pke, (const uint8_t *)mh, (const uint8_t *)(kr + 8));
    uint32_t diff = 0;                           /* c != c', without an early exit */
    for (unsigned i = 0; i < MLKEM_CT_BYTES / 4; i++)
        diff |= zc_buf[8 + i] ^ c2_buf[i];
    uint32_t mask = (uint32_t)-(int32_t)((diff | (0u - diff)) >> 31);   /* all ones if c != c' */
    /* Hidden from the compiler: knowing that mask is 0 or ~0, clang turns the masked select
     * below into a branch per word (measured: Decaps of an invalid ciphertext took 1 cycle
     * more than of a valid one). */
    __asm__ volatile("" : "+r"(mask));
    for (unsigned i = 0; i < 8; i++)
        kr[i] ^= (kr[i] ^ kbar[i]) & mask;
    memcpy(key, kr, 32);
}

/* ------------------------------------------------------------------ input checks (section 7) */
int mlkem_check_ek(const uint8_t *ek)
{
    uint32_t bad = 0;
    for (unsigned i = 0; i < 384 * K; i += 3) {  /* two 12-bit values per 3 bytes */
        uint32_t a = ek[i] | (uint32_t)(ek[i + 1] & 15) << 8;
        uint32_t b = (uint32_t)(ek[i + 1] >> 4) | (uint32_t)ek[i + 2] << 4;
        bad |= (Q - 1 - a) | (Q - 1 - b);       /* bit 31 set if a or b >= q */
    }
    return !(bad >> 31);
}

int mlkem_check_dk(const uint8_t *dk)
{
    uint32_t h[8];
    mlkem_kernels_init();
    mlkem_hash_h((uint8_t *)h, dk + 384 * K, MLKEM_EK_BYTES);
    return memcmp(h, dk + 768 * K + 32, 32) == 0;
}
