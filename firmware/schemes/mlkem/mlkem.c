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
 * Ranges: polynomials are kept in [0, q) between steps. Sums of up to K + 1 such values (< 5q)
 * fit an int16 and are brought back by poly_reduce before the next kernel. */
#include "mlkem.h"
#include "mlkem_kernels.h"
#include "ntt_sw.h"
#include "pqx_rt.h"

#define K MLKEM_K
#define Q MLKEM_Q

typedef struct {
    int16_t c[MLKEM_N];
} poly;

/* Static working storage (the stack stays small). A has one spare polynomial: the PQX sampler
 * writes up to 112 coefficients past the one it fills (mlkem_sample_ntt). */
static poly A[K * K + 1];
static poly pv1[K], pv2[K], pv3[K], p1, p2, p3;

uint32_t mlkem_public_cycles;

static inline uint32_t mcycle(void)
{
    uint32_t v;
    __asm__ volatile("csrr %0, mcycle" : "=r"(v) : : "memory");
    return v;
}

/* ------------------------------------------------------------------ polynomial helpers */
static void poly_add(poly *r, const poly *a)
{
    for (unsigned i = 0; i < MLKEM_N; i++)
        r->c[i] = (int16_t)(r->c[i] + a->c[i]);
}

/* |x| < 2^15 -> [0, q) (Barrett, then a masked add) */
static void poly_reduce(poly *r)
{
    for (unsigned i = 0; i < MLKEM_N; i++)
        r->c[i] = k_caddq(k_barrett_reduce(r->c[i]));
}

/* r = sum_j a[j] o b[j] (MultiplyNTTs), reduced into [0, q) */
static void poly_dot(poly *r, const poly *a, unsigned stride, const poly *b)
{
    mlkem_basemul(r->c, a[0].c, b[0].c);
    for (unsigned j = 1; j < K; j++) {
        mlkem_basemul(p3.c, a[j * stride].c, b[j].c);
        poly_add(r, &p3);
    }
    poly_reduce(r);
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

/* ------------------------------------------------------------------ encoding (section 4.2.1) */
/* ByteEncode_d (Algorithm 5): 256 d-bit values, least significant bit first */
static void byte_encode(uint8_t *out, const poly *f, unsigned d)
{
    uint32_t acc = 0;
    unsigned bits = 0;
    for (unsigned i = 0; i < MLKEM_N; i++) {
        acc |= (uint32_t)(uint16_t)f->c[i] << bits;
        for (bits += d; bits >= 8; bits -= 8) {
            *out++ = (uint8_t)acc;
            acc >>= 8;
        }
    }
}

/* ByteDecode_d (Algorithm 6); for d = 12 each value is reduced mod q */
static void byte_decode(poly *f, const uint8_t *in, unsigned d)
{
    uint32_t acc = 0, mask = (1u << d) - 1u;
    unsigned bits = 0;
    for (unsigned i = 0; i < MLKEM_N; i++) {
        for (; bits < d; bits += 8)
            acc |= (uint32_t)*in++ << bits;
        int32_t x = (int32_t)(acc & mask);
        acc >>= d;
        bits -= d;
        if (d == 12) {
            x -= Q;
            x += (x >> 31) & Q;
        }
        f->c[i] = (int16_t)x;
    }
}

/* Compress_d (section 4.2.1): round(2^d x / q) mod 2^d for x in [0, q). (x 2^d + q/2) / q by a
 * multiply-high: (y 2580335) >> 33 = y / 3329 for every y < 2^24 (checked exhaustively). */
static void poly_compress(poly *r, unsigned d)
{
    for (unsigned i = 0; i < MLKEM_N; i++) {
        uint32_t y = ((uint32_t)r->c[i] << d) + Q / 2;
        uint32_t t = (uint32_t)(((uint64_t)y * 2580335u) >> 33);
        r->c[i] = (int16_t)(t & ((1u << d) - 1u));
    }
}

/* Decompress_d: round(q y / 2^d) */
static void poly_decompress(poly *r, unsigned d)
{
    for (unsigned i = 0; i < MLKEM_N; i++)
        r->c[i] = (int16_t)(((uint32_t)r->c[i] * Q + (1u << (d - 1))) >> d);
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
    poly *s = pv1, *e = pv2, *t = pv3;
    for (unsigned i = 0; i < K; i++)
        mlkem_prf_cbd(s[i].c, sigma, (uint8_t)i, MLKEM_ETA1);
    for (unsigned i = 0; i < K; i++)
        mlkem_prf_cbd(e[i].c, sigma, (uint8_t)(K + i), MLKEM_ETA1);
    for (unsigned i = 0; i < K; i++) {
        mlkem_ntt(s[i].c);
        mlkem_ntt(e[i].c);
    }
    for (unsigned i = 0; i < K; i++) {
        poly_dot(&t[i], &A[i * K], 1, s);
        poly_add(&t[i], &e[i]);
        poly_reduce(&t[i]);
        byte_encode(ek + 384 * i, &t[i], 12);
        byte_encode(dk_pke + 384 * i, &s[i], 12);
    }
    memcpy(ek + 384 * K, rho, 32);
}

/* K-PKE.Encrypt (Algorithm 14) */
static void kpke_encrypt(uint8_t *c, const uint8_t *ek, const uint8_t m[32], const uint8_t r[32])
{
    poly *t = pv1, *y = pv2, *u = pv3, *v = &p1, *e2 = &p2;
    for (unsigned i = 0; i < K; i++)
        byte_decode(&t[i], ek + 384 * i, 12);
    gen_matrix(ek + 384 * K, 1);                  /* A^T: (i, j) holds A[j][i] */
    for (unsigned i = 0; i < K; i++)
        mlkem_prf_cbd(y[i].c, r, (uint8_t)i, MLKEM_ETA1);
    for (unsigned i = 0; i < K; i++)
        mlkem_ntt(y[i].c);
    for (unsigned i = 0; i < K; i++) {            /* u = NTT^-1(A^T y) + e1 */
        poly_dot(&u[i], &A[i * K], 1, y);
        mlkem_invntt(u[i].c);
        mlkem_prf_cbd(e2->c, r, (uint8_t)(K + i), MLKEM_ETA2);
        poly_add(&u[i], e2);
        poly_reduce(&u[i]);
        poly_compress(&u[i], MLKEM_DU);
        byte_encode(c + 32 * MLKEM_DU * i, &u[i], MLKEM_DU);
    }
    poly_dot(v, t, 1, y);                         /* v = NTT^-1(t^T y) + e2 + mu */
    mlkem_invntt(v->c);
    mlkem_prf_cbd(e2->c, r, (uint8_t)(2 * K), MLKEM_ETA2);
    poly_add(v, e2);
    byte_decode(e2, m, 1);                        /* mu = Decompress1(ByteDecode1(m)) */
    poly_decompress(e2, 1);
    poly_add(v, e2);
    poly_reduce(v);
    poly_compress(v, MLKEM_DV);
    byte_encode(c + 32 * MLKEM_DU * K, v, MLKEM_DV);
}

/* K-PKE.Decrypt (Algorithm 15) */
static void kpke_decrypt(uint8_t m[32], const uint8_t *dk_pke, const uint8_t *c)
{
    poly *u = pv1, *s = pv2, *w = &p1, *v = &p2;
    for (unsigned i = 0; i < K; i++) {
        byte_decode(&u[i], c + 32 * MLKEM_DU * i, MLKEM_DU);
        poly_decompress(&u[i], MLKEM_DU);
        mlkem_ntt(u[i].c);
        byte_decode(&s[i], dk_pke + 384 * i, 12);
    }
    byte_decode(v, c + 32 * MLKEM_DU * K, MLKEM_DV);
    poly_decompress(v, MLKEM_DV);
    poly_dot(w, s, 1, u);
    mlkem_invntt(w->c);
    for (unsigned i = 0; i < MLKEM_N; i++)         /* w = v - NTT^-1(s^T u), in (0, 2q) */
        w->c[i] = (int16_t)(v->c[i] - w->c[i] + Q);
    poly_reduce(w);
    poly_compress(w, 1);
    byte_encode(m, w, 1);
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
    __asm__ volatile("" : "+r"(diff));           /* the compiler may not branch on it */
    uint32_t mask = (uint32_t)-(int32_t)((diff | (0u - diff)) >> 31);   /* all ones if c != c' */
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
