/* Falcon signature verification (falcon.h): decoding, hash-to-point, the norm check. The same C
 * in every build; the arithmetic and SHAKE256 are the kernels' (falcon_kernels.h). */
#include "falcon.h"
#include "falcon_kernels.h"

#define N FALCON_N
#define Q FALCON_Q

const char *const falcon_result_names[] = {
    "ok", "pk_length", "pk_header", "pk_coef", "sig_length", "sig_header", "enc_truncated",
    "enc_range", "enc_minus_zero", "enc_trailing", "enc_length", "norm",
};

/* the operands: h, c, s2 and two work polynomials (RAM: 5 x 2n bytes) */
static uint16_t poly_h[N], poly_c[N], poly_t[N], poly_w[N];
static int16_t poly_s2[N];

void falcon_init(void)
{
    falcon_kernels_init();
}

/* ------------------------------------------------------------------ public key (3.11.4)
 * header 0x00 + logn, then the n coefficients of h, 14 bits each, first bit = most significant;
 * 14 n / 8 bytes exactly (no padding bits). */
int falcon_decode_pk(uint16_t h[N], const uint8_t *pk, size_t pklen)
{
    if (pklen != FALCON_PK_BYTES)
        return FALCON_ERR_PK_LENGTH;
    if (pk[0] != FALCON_PK_HEADER)
        return FALCON_ERR_PK_HEADER;
    /* 7 bytes hold 4 coefficients: the first 4 bytes give x0, x1 and the top 4 bits of x2, the
     * last 3 the rest of x2 and x3. A coefficient >= q sets the sign bit of `bad`. */
    const uint8_t *p = pk + 1;
    uint32_t bad = 0;
    for (unsigned i = 0; i < N; i += 4, p += 7) {
        uint32_t w0 = ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
        uint32_t w1 = ((uint32_t)p[4] << 16) | ((uint32_t)p[5] << 8) | p[6];
        uint32_t x0 = w0 >> 18, x1 = (w0 >> 4) & 0x3FFFu;
        uint32_t x2 = ((w0 & 0xFu) << 10) | (w1 >> 14), x3 = w1 & 0x3FFFu;
        bad |= (Q - 1 - x0) | (Q - 1 - x1) | (Q - 1 - x2) | (Q - 1 - x3);
        h[i] = (uint16_t)x0;
        h[i + 1] = (uint16_t)x1;
        h[i + 2] = (uint16_t)x2;
        h[i + 3] = (uint16_t)x3;
    }
    return (bad >> 31) ? FALCON_ERR_PK_COEF : FALCON_OK;
}

/* ------------------------------------------------------------------ s2 (Algorithm 18; 3.11.2)
 * Per coefficient: sign, 7 low bits of |s| (MSB first), |s| >> 7 zeros, a one. acc holds the
 * acc_len bits of the loaded bytes not read yet (the bits above are cleared). */
int falcon_decompress(int16_t s2[N], const uint8_t *in, size_t len, int padded)
{
    size_t v = 0;
    uint32_t acc = 0;
    unsigned acc_len = 0;
    for (unsigned i = 0; i < N; i++) {
        if (v >= len)
            return FALCON_ERR_ENC_TRUNCATED;
        acc = (acc << 8) | in[v++];                   /* acc_len + 8 unread bits */
        unsigned b = (acc >> acc_len) & 0xFFu;        /* sign, low 7 bits */
        acc &= (1u << acc_len) - 1u;
        unsigned m = b & 0x7Fu;
        for (;;) {
            if (acc_len == 0) {
                if (v >= len)
                    return FALCON_ERR_ENC_TRUNCATED;
                acc = in[v++];
                acc_len = 8;
            }
            acc_len--;
            unsigned bit = (acc >> acc_len) & 1u;
            acc &= (1u << acc_len) - 1u;
            if (bit)
                break;
            m += 128;
            if (m > FALCON_COEF_MAX)
                return FALCON_ERR_ENC_RANGE;
        }
        if ((b & 0x80u) && m == 0)
            return FALCON_ERR_ENC_MINUS_ZERO;
        s2[i] = (int16_t)((b & 0x80u) ? -(int)m : (int)m);
    }
    if (acc != 0)                                     /* the rest of the last byte */
        return FALCON_ERR_ENC_TRAILING;
    if (padded) {
        for (; v < len; v++)
            if (in[v] != 0)
                return FALCON_ERR_ENC_TRAILING;
    } else if (v != len) {
        return FALCON_ERR_ENC_LENGTH;
    }
    return FALCON_OK;
}

/* ------------------------------------------------------------------ HashToPoint (Algorithm 3)
 * SHAKE256(r || m); 16-bit big-endian values t, kept when t < 5q, c_i = t mod q.
 * FIPS 206: the draft hashes more than r || m (the public key's hash, a domain byte, a context):
 * only the absorbed data changes (here). */
void falcon_hash_to_point(uint16_t c[N], const uint8_t nonce[FALCON_NONCE_BYTES],
                          const uint8_t *msg, size_t mlen)
{
    falcon_shake_start();
    falcon_shake_absorb(nonce, FALCON_NONCE_BYTES);
    falcon_shake_absorb(msg, mlen);
    falcon_shake_finish();
    /* a block of the stream at a time (136 bytes: no value straddles two); what is left of the
     * last block is never read */
    uint32_t blk[34];
    const uint8_t *b = (const uint8_t *)blk;
    unsigned i = 0;
    while (i < N) {
        falcon_shake_squeeze((uint8_t *)blk, sizeof blk);
        for (unsigned k = 0; k < sizeof blk && i < N; k += 2) {
            uint32_t t = ((uint32_t)b[k] << 8) | b[k + 1];
            if (t < FALCON_HASH_BOUND)
                c[i++] = (uint16_t)falcon_mq_reduce16(t);
        }
    }
}

/* ------------------------------------------------------------------ the norm */

static uint32_t add_sat(uint32_t s, uint32_t x)
{
    return s > 0xFFFFFFFFu - x ? 0xFFFFFFFFu : s + x;
}

uint32_t falcon_norm(const uint16_t h[N], const uint8_t nonce[FALCON_NONCE_BYTES],
                     const uint8_t *msg, size_t mlen, const int16_t s2[N])
{
    falcon_hash_to_point(poly_c, nonce, msg, mlen);
    for (unsigned i = 0; i < N; i++) {
        poly_t[i] = (uint16_t)(s2[i] < 0 ? s2[i] + (int)Q : s2[i]);
        poly_w[i] = h[i];
    }
    falcon_ntt(poly_t);
    falcon_ntt(poly_w);
    falcon_ntt_mul(poly_t, poly_t, poly_w);
    falcon_intt(poly_t);                              /* s2 h mod (q, X^n + 1) */
    uint32_t sum = 0;
    for (unsigned i = 0; i < N; i++) {
        int32_t s1 = (int32_t)poly_c[i] - (int32_t)poly_t[i];    /* (-q, q) */
        if (s1 < 0)
            s1 += (int32_t)Q;
        if (s1 > (int32_t)(Q / 2))                    /* centre: [-(q-1)/2, (q-1)/2] */
            s1 -= (int32_t)Q;
        sum = add_sat(sum, (uint32_t)(s1 * s1));
        sum = add_sat(sum, (uint32_t)((int32_t)s2[i] * s2[i]));
    }
    return sum;
}

/* ------------------------------------------------------------------ verification */

static int verify_core(const uint8_t *nonce, const uint8_t *msg, size_t mlen,
                       const uint8_t *comp, size_t clen, int padded)
{
    int r = falcon_decompress(poly_s2, comp, clen, padded);
    if (r != FALCON_OK)
        return r;
    return falcon_norm(poly_h, nonce, msg, mlen, poly_s2) <= FALCON_L2_BOUND ? FALCON_OK
                                                                           : FALCON_ERR_NORM;
}

int falcon_verify(const uint8_t *pk, size_t pklen, const uint8_t *msg, size_t mlen,
                  const uint8_t *sig, size_t siglen)
{
    int r = falcon_decode_pk(poly_h, pk, pklen);
    if (r != FALCON_OK)
        return r;
    if (siglen <= 1 + FALCON_NONCE_BYTES || siglen > FALCON_SIG_BYTES)
        return FALCON_ERR_SIG_LENGTH;
    if (sig[0] != FALCON_SIG_HEADER)
        return FALCON_ERR_SIG_HEADER;
    /* sbytelen bytes: the padded format; fewer: the compressed format, every byte used */
    return verify_core(sig + 1, msg, mlen, sig + 1 + FALCON_NONCE_BYTES,
                       siglen - 1 - FALCON_NONCE_BYTES, siglen == FALCON_SIG_BYTES);
}

int falcon_open(const uint8_t *pk, size_t pklen, const uint8_t *sm, size_t smlen,
                const uint8_t **msg, size_t *mlen)
{
    int r = falcon_decode_pk(poly_h, pk, pklen);
    if (r != FALCON_OK)
        return r;
    if (smlen < 2 + FALCON_NONCE_BYTES)
        return FALCON_ERR_SIG_LENGTH;
    size_t sig_len = ((size_t)sm[0] << 8) | sm[1];
    if (sig_len > smlen - 2 - FALCON_NONCE_BYTES)
        return FALCON_ERR_SIG_LENGTH;
    size_t m_len = smlen - 2 - FALCON_NONCE_BYTES - sig_len;
    const uint8_t *m = sm + 2 + FALCON_NONCE_BYTES, *esig = m + m_len;
    if (sig_len < 1 || esig[0] != FALCON_SM_HEADER)
        return FALCON_ERR_SIG_HEADER;
    r = verify_core(sm + 2, m, m_len, esig + 1, sig_len - 1, 0);
    if (r == FALCON_OK) {
        if (msg)
            *msg = m;
        if (mlen)
            *mlen = m_len;
    }
    return r;
}
