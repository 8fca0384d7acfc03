/* HQC-KEM (the 2025 HQC, FIPS 207 draft): HQC-PKE and HQC-KEM KeyGen / Encaps / Decaps with
 * their code layers, written from the specification and the project's model
 * (verif/models/hqc.py: the names, the byte layouts, the domain bytes and the order of
 * operations are the model's). The same C in the baseline and the PQX build; the kernels (sponge,
 * vector product, GF(2^8) product and reduction, x mod n) are in hqc_kernels.c.
 *
 * Constant time. Secret: seed_KEM, seed_PKE, seed_dk, sigma (KeyGen, dk); x, y and their
 * supports; m, theta and r1, r2, e (Encaps; m' and theta' in Decaps); v - u y and everything the
 * decoder computes from it (RM counts and transforms, the RS word, its syndromes, locator, roots
 * and error values); the re-encryption c' and the comparison result; K, K'. Public: ek (seed_ek,
 * h, s), the ciphertext (u, v, salt), the parameters and the code's constants. No branch and no
 * memory index depends on a secret value: every selection is a mask (HQC_BARRIER keeps the
 * compiler from turning it back into a branch), every loop bound and every table index is a
 * parameter or a loop counter, and there is no division. The one data-dependent time is the
 * number of draws of the rejection sampler (x, y: rejected 24-bit values and repeated
 * positions), which depends on seed_dk only: fixed per key, the same for every ciphertext that
 * key decapsulates. docs/schemes.md (HQC) has the stage-by-stage list. */
#include "hqc.h"
#include "hqc_kernels.h"

#define W HQC_N_WORDS
#define V HQC_N1N2_WORDS
#define DELTA HQC_DELTA
#define PARITY HQC_RS_PARITY

/* Domain bytes of the specification's hashes and XOF (appended to their input). */
enum { DOM_G = 0, DOM_H = 1, DOM_I = 2, DOM_J = 3, DOM_XOF = 1 };

/* ------------------------------------------------------------------ constant-time helpers */
static inline uint32_t ct_nonzero(uint32_t x)       /* ~0 if x != 0, else 0 */
{
    uint32_t m = 0u - ((x | (0u - x)) >> 31);
    HQC_BARRIER(m);
    return m;
}

static inline uint32_t ct_eq(uint32_t a, uint32_t b)  /* ~0 if a == b */
{
    return ~ct_nonzero(a ^ b);
}

static inline uint32_t ct_lt(uint32_t a, uint32_t b)  /* ~0 if a < b; a, b below 2^31 (or as
                                                         signed values within +-2^30) */
{
    uint32_t m = 0u - ((a - b) >> 31);
    HQC_BARRIER(m);
    return m;
}

static inline uint32_t ct_sel(uint32_t m, uint32_t a, uint32_t b)   /* m ? a : b */
{
    return b ^ ((a ^ b) & m);
}

/* ------------------------------------------------------------------ bytes and words */
static inline uint32_t le32(const uint8_t *b)
{
    return b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* nwords words from nbytes bytes, zeros past the end */
static void words_from_bytes(uint32_t *w, unsigned nwords, const uint8_t *b, unsigned nbytes)
{
    for (unsigned i = 0; i < nwords; i++) {
        uint32_t x = 0;
        for (unsigned k = 0; k < 4; k++)
            if (4 * i + k < nbytes)
                x |= (uint32_t)b[4 * i + k] << (8 * k);
        w[i] = x;
    }
}

static void bytes_from_words(uint8_t *b, const uint32_t *w, unsigned nbytes)
{
    for (unsigned i = 0; i < nbytes; i++)
        b[i] = (uint8_t)(w[i / 4] >> (8 * (i % 4)));
}

static void copy_bytes(uint8_t *dst, const uint8_t *src, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        dst[i] = src[i];
}

/* ------------------------------------------------------------------ XOF and hashes
 * XOF(seed) = SHAKE256(seed || 0x01); G = SHA3-512(. || 0), H = SHA3-256(. || 1),
 * I = SHA3-512(. || 2), J = SHA3-256(. || 3). One sponge at a time: each XOF stream is read to
 * the end of its use before the next hash starts. */
static void absorb_byte(uint8_t b)
{
    hqc_sponge_absorb(&b, 1);
}

static void xof_start(const uint8_t seed[HQC_SEED_BYTES])
{
    hqc_sponge_start(136);
    hqc_sponge_absorb(seed, HQC_SEED_BYTES);
    absorb_byte(DOM_XOF);
    hqc_sponge_finish(0x1F);
}

static void hash_h(uint8_t out[32], const uint8_t *ek)
{
    hqc_sponge_start(136);
    hqc_sponge_absorb(ek, HQC_EK_BYTES);
    absorb_byte(DOM_H);
    hqc_sponge_finish(0x06);
    hqc_sponge_squeeze(out, 32);
}

/* G(H(ek) || m || salt): K (32 bytes) || theta (32 bytes) */
static void hash_g(uint8_t out[64], const uint8_t h_ek[32], const uint8_t m[HQC_K],
                   const uint8_t salt[HQC_SALT_BYTES])
{
    hqc_sponge_start(72);
    hqc_sponge_absorb(h_ek, 32);
    hqc_sponge_absorb(m, HQC_K);
    hqc_sponge_absorb(salt, HQC_SALT_BYTES);
    absorb_byte(DOM_G);
    hqc_sponge_finish(0x06);
    hqc_sponge_squeeze(out, 64);
}

/* I(seed_PKE): seed_dk (32 bytes) || seed_ek (32 bytes) */
static void hash_i(uint8_t out[64], const uint8_t seed[HQC_SEED_BYTES])
{
    hqc_sponge_start(72);
    hqc_sponge_absorb(seed, HQC_SEED_BYTES);
    absorb_byte(DOM_I);
    hqc_sponge_finish(0x06);
    hqc_sponge_squeeze(out, 64);
}

/* J(H(ek) || sigma || c): the implicit-rejection key, over c as received */
static void hash_j(uint8_t out[32], const uint8_t h_ek[32], const uint8_t sigma[HQC_K],
                   const uint8_t *ct)
{
    hqc_sponge_start(136);
    hqc_sponge_absorb(h_ek, 32);
    hqc_sponge_absorb(sigma, HQC_K);
    hqc_sponge_absorb(ct, HQC_CT_BYTES);
    absorb_byte(DOM_J);
    hqc_sponge_finish(0x06);
    hqc_sponge_squeeze(out, 32);
}

/* ------------------------------------------------------------------ GF(2^8) and constants */
static uint8_t gf_exp[255];                  /* alpha^i, alpha = x (public constants) */
static uint8_t rs_gen[PARITY + 1];           /* g(x) = prod_{i=1..2 delta} (x - alpha^i), x^0 first */
static int hqc_ready;

uint32_t hqc_gf_mul(uint32_t a, uint32_t b)
{
    return hqc_gf_reduce(hqc_gf_clmul(a, b));
}

/* a^254 = a^-1 (0 for 0): a fixed chain of squarings and products */
uint32_t hqc_gf_inv(uint32_t a)
{
    uint32_t sq = hqc_gf_mul(a, a), r = sq;          /* a^2 */
    for (unsigned i = 0; i < 6; i++) {               /* times a^4, a^8, ..., a^128 */
        sq = hqc_gf_mul(sq, sq);
        r = hqc_gf_mul(r, sq);
    }
    return r;
}

void hqc_init(void)
{
    if (hqc_ready)
        return;
    hqc_kernels_init();
    uint32_t a = 1;
    for (unsigned i = 0; i < 255; i++) {
        gf_exp[i] = (uint8_t)a;
        a <<= 1;
        if (a & 0x100u)
            a ^= 0x11Du;
    }
    for (unsigned j = 0; j <= PARITY; j++)
        rs_gen[j] = j == 0;
    for (unsigned i = 1; i <= PARITY; i++)           /* times (x + alpha^i): degree i */
        for (unsigned j = i + 1; j-- > 0;)
            rs_gen[j] = (uint8_t)((j ? rs_gen[j - 1] : 0) ^ hqc_gf_mul(gf_exp[i], rs_gen[j]));
    hqc_ready = 1;
}

/* ------------------------------------------------------------------ Reed-Solomon */
/* Systematic: c(x) = x^(2 delta) m(x) + (x^(2 delta) m(x) mod g(x)); cw = parity || msg */
void hqc_rs_encode(uint8_t cw[HQC_N1], const uint8_t msg[HQC_K])
{
    uint8_t rem[PARITY];
    for (unsigned j = 0; j < PARITY; j++)
        rem[j] = 0;
    for (unsigned i = HQC_K; i-- > 0;) {             /* long division, highest coefficient first */
        uint32_t fb = msg[i] ^ rem[PARITY - 1];
        for (unsigned j = PARITY - 1; j > 0; j--)
            rem[j] = (uint8_t)(rem[j - 1] ^ hqc_gf_mul(fb, rs_gen[j]));
        rem[0] = (uint8_t)hqc_gf_mul(fb, rs_gen[0]);
    }
    copy_bytes(cw, rem, PARITY);
    copy_bytes(cw + PARITY, msg, HQC_K);
}

/* S_i = c(alpha^i), i = 1..2 delta (s[i - 1]): sums of carry-less products, one reduction each */
static void rs_syndromes(uint32_t s[PARITY], const uint8_t cw[HQC_N1])
{
    for (unsigned i = 1; i <= PARITY; i++) {
        uint32_t acc = 0;
        unsigned e = 0;                              /* i j mod 255 */
        for (unsigned j = 0; j < HQC_N1; j++) {
            acc ^= hqc_gf_clmul(cw[j], gf_exp[e]);
            e += i;
            if (e >= 255)
                e -= 255;
        }
        s[i - 1] = hqc_gf_reduce(acc);
    }
}

/* Berlekamp's iteration for sigma(x) = prod (1 - X_j x), as the model (and the reference)
 * formulate it: 2 delta steps, sigma and x^(mu - rho) sigma_rho kept to delta + 1 coefficients,
 * the degree that of the last length change. Every step does the same work; the length change
 * is a mask. Returns deg. */
static uint32_t rs_error_locator(uint32_t sigma[DELTA + 1], const uint32_t s[PARITY])
{
    uint32_t xsp[DELTA + 1], copy[DELTA + 1];        /* x^(mu - rho) sigma_rho(x) */
    for (unsigned i = 0; i <= DELTA; i++) {
        sigma[i] = i == 0;
        xsp[i] = i == 1;
    }
    uint32_t deg = 0, deg_sp = 0, rho = (uint32_t)-1, d_p = 1, d = s[0];
    for (unsigned mu = 0; mu < PARITY; mu++) {
        unsigned lim = mu + 1 < DELTA ? mu + 1 : DELTA;
        for (unsigned i = 0; i <= DELTA; i++)
            copy[i] = sigma[i];
        uint32_t deg_copy = deg;
        uint32_t dd = hqc_gf_mul(d, hqc_gf_inv(d_p));
        for (unsigned i = 1; i <= lim; i++)
            sigma[i] ^= hqc_gf_mul(dd, xsp[i]);
        uint32_t cand = (mu - rho) + deg_sp;         /* small: signed values as uint32 */
        uint32_t grows = ct_nonzero(d) & ct_lt(deg, cand);
        deg = ct_sel(grows, cand, deg);
        if (mu == PARITY - 1)
            break;
        rho = ct_sel(grows, mu, rho);
        d_p = ct_sel(grows, d, d_p);
        deg_sp = ct_sel(grows, deg_copy, deg_sp);
        for (unsigned i = DELTA; i > 0; i--)         /* [0] + (sigma_copy or xsp)[:delta] */
            xsp[i] = ct_sel(grows, copy[i - 1], xsp[i - 1]);
        xsp[0] = 0;
        uint32_t acc = s[mu + 1];                    /* next discrepancy */
        for (unsigned i = 1; i <= lim; i++)
            acc ^= hqc_gf_clmul(sigma[i], s[mu + 1 - i]);
        d = hqc_gf_reduce(acc);
    }
    return deg;
}

/* Roots, z(x) and error values, applied to cw: every position i < n1 is a candidate root
 * alpha^-i; a root mask per position, and the value is added under its mask.
 * z(x) = 1 + sum_{i=1..deg} (S_i + sigma_i + sum_{j=1..i-1} sigma_j S_{i-j}) x^i, with the S_1
 * term of z_1 added whatever deg is (the model's rs_z_poly); e_i = z(alpha^-i) /
 * prod_{k root, k != i} (1 + alpha^(k - i)) (the model's rs_error_values). */
static void rs_correct(uint8_t cw[HQC_N1], const uint32_t sigma[DELTA + 1], uint32_t deg,
                       const uint32_t s[PARITY])
{
    uint32_t z[DELTA + 1], root[HQC_N1];
    z[0] = 1;
    for (unsigned i = 1; i <= DELTA; i++)
        z[i] = sigma[i] & ~ct_lt(deg, i);            /* i <= deg */
    z[1] ^= s[0];
    for (unsigned i = 2; i <= DELTA; i++) {
        uint32_t acc = s[i - 1];
        for (unsigned j = 1; j < i; j++)
            acc ^= hqc_gf_clmul(sigma[j], s[i - j - 1]);
        z[i] ^= hqc_gf_reduce(acc) & ~ct_lt(deg, i);
    }
    for (unsigned i = 0; i < HQC_N1; i++) {          /* sigma(alpha^-i) == 0 */
        uint32_t acc = 0;
        unsigned e = 0, step = (255 - i) % 255;      /* -i k mod 255 */
        for (unsigned k = 0; k <= DELTA; k++) {
            acc ^= hqc_gf_clmul(sigma[k], gf_exp[e]);
            e += step;
            if (e >= 255)
                e -= 255;
        }
        root[i] = ~ct_nonzero(hqc_gf_reduce(acc));
    }
    for (unsigned i = 0; i < HQC_N1; i++) {
        uint32_t acc = 0;
        unsigned e = 0, step = (255 - i) % 255;
        for (unsigned k = 0; k <= DELTA; k++) {      /* z(alpha^-i) */
            acc ^= hqc_gf_clmul(z[k], gf_exp[e]);
            e += step;
            if (e >= 255)
                e -= 255;
        }
        uint32_t num = hqc_gf_reduce(acc), den = 1;
        for (unsigned k = 0; k < HQC_N1; k++) {
            if (k == i)
                continue;
            uint32_t f = 1u ^ gf_exp[k > i ? k - i : k + 255 - i];
            den = hqc_gf_mul(den, ct_sel(root[k], f, 1));
        }
        cw[i] ^= (uint8_t)(hqc_gf_mul(num, hqc_gf_inv(den)) & root[i]);
    }
}

void hqc_rs_decode(uint8_t msg[HQC_K], const uint8_t cw_in[HQC_N1])
{
    uint8_t cw[HQC_N1];
    uint32_t s[PARITY], sigma[DELTA + 1];
    copy_bytes(cw, cw_in, HQC_N1);
    rs_syndromes(s, cw);
    uint32_t deg = rs_error_locator(sigma, s);
    rs_correct(cw, sigma, deg, s);
    copy_bytes(msg, cw + PARITY, HQC_K);
}

/* ------------------------------------------------------------------ Reed-Muller */
/* RM(1,7) codeword of the byte m: bit j = m7 ^ parity(m[0..6] & j), as four words: the rows of
 * m0..m4 repeat in every word, m5 and m6 select words 1, 3 and 2, 3. */
static void rm_codeword(uint32_t cw[4], uint32_t m)
{
    uint32_t base = ((0u - (m & 1u)) & 0xAAAAAAAAu) ^ ((0u - ((m >> 1) & 1u)) & 0xCCCCCCCCu) ^
                    ((0u - ((m >> 2) & 1u)) & 0xF0F0F0F0u) ^ ((0u - ((m >> 3) & 1u)) & 0xFF00FF00u) ^
                    ((0u - ((m >> 4) & 1u)) & 0xFFFF0000u) ^ (0u - ((m >> 7) & 1u));
    uint32_t m5 = 0u - ((m >> 5) & 1u), m6 = 0u - ((m >> 6) & 1u);
    cw[0] = base;
    cw[1] = base ^ m5;
    cw[2] = base ^ m6;
    cw[3] = base ^ m5 ^ m6;
}

/* byte i -> bits [i n2, (i + 1) n2): its codeword repeated mult times */
void hqc_rm_encode(uint32_t v[V], const uint8_t cw[HQC_N1])
{
    for (unsigned i = 0; i < HQC_N1; i++) {
        uint32_t c[4];
        rm_codeword(c, cw[i]);
        for (unsigned copy = 0; copy < HQC_MULT; copy++)
            for (unsigned k = 0; k < 4; k++)
                v[i * (HQC_N2 / 32) + 4 * copy + k] = c[k];
    }
}

/* One duplicated block (mult x 128 bits): the number of ones at each position, the Hadamard
 * transform, t[0] -= 64 mult; the first position of largest magnitude gives m[0..6], its sign
 * (> 0) m7. The peak search keeps its best with masks. */
static uint32_t rm_decode_block(const uint32_t *blk)
{
    int32_t t[128];
    for (unsigned j = 0; j < 128; j++)
        t[j] = 0;
    for (unsigned copy = 0; copy < HQC_MULT; copy++)
        for (unsigned k = 0; k < 4; k++) {
            uint32_t x = blk[4 * copy + k];
            for (unsigned b = 0; b < 32; b++)
                t[32 * k + b] += (int32_t)((x >> b) & 1u);
        }
    for (unsigned h = 1; h < 128; h <<= 1)
        for (unsigned start = 0; start < 128; start += 2 * h)
            for (unsigned i = start; i < start + h; i++) {
                int32_t a = t[i], b = t[i + h];
                t[i] = a + b;
                t[i + h] = a - b;
            }
    t[0] -= 64 * HQC_MULT;
    uint32_t best_abs = 0, best_pos = 0, best_val = 0;
    for (unsigned i = 0; i < 128; i++) {
        uint32_t v = (uint32_t)t[i], sgn = 0u - (v >> 31);
        uint32_t a = (v ^ sgn) - sgn;                /* |t[i]| */
        uint32_t m = ct_lt(best_abs, a);             /* strictly larger: the first peak wins */
        best_abs = ct_sel(m, a, best_abs);
        best_pos = ct_sel(m, i, best_pos);
        best_val = ct_sel(m, v, best_val);
    }
    return best_pos | (((0u - best_val) >> 31) << 7); /* best_val > 0 */
}

void hqc_rm_decode(uint8_t cw[HQC_N1], const uint32_t v[V])
{
    for (unsigned i = 0; i < HQC_N1; i++)
        cw[i] = (uint8_t)rm_decode_block(v + i * (HQC_N2 / 32));
}

void hqc_code_encode(uint32_t v[V], const uint8_t m[HQC_K])
{
    uint8_t cw[HQC_N1];
    hqc_rs_encode(cw, m);
    hqc_rm_encode(v, cw);
}

void hqc_code_decode(uint8_t m[HQC_K], const uint32_t v[V])
{
    uint8_t cw[HQC_N1];
    hqc_rm_decode(cw, v);
    hqc_rs_decode(m, cw);
}

/* ------------------------------------------------------------------ samplers */
uint32_t hqc_sampler_cycles;

static inline uint32_t cycles_now(void)
{
#if defined(__riscv)
    uint32_t v;
    __asm__ volatile("csrr %0, mcycle" : "=r"(v) : : "memory");
    return v;
#else
    return 0;
#endif
}

/* SampleFixedWeightVect$: 3 XOF bytes per draw (little-endian), rejected if >= floor(2^24 / n) n,
 * else taken mod n, and drawn again if already in the support. Each draw does the same work: the
 * duplicate test compares with every slot (unfilled slots hold ~0, never a position) and the
 * accepted position is written into slot `count` by a masked pass over all slots. Only the
 * accept bit steers the loop (the number of draws: the sampler's time depends on the seed). */
void hqc_sample_rejection(uint32_t *support, unsigned weight)
{
    uint32_t t0 = cycles_now();
    for (unsigned j = 0; j < weight; j++)
        support[j] = 0xFFFFFFFFu;
    uint32_t count = 0;
    while (count < weight) {
        uint8_t b[3];
        hqc_sponge_squeeze(b, 3);
        uint32_t r = b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16;
        uint32_t pos = hqc_mod_n(r);
        uint32_t ok = ct_lt(r, HQC_REJECT_THRESHOLD);
        for (unsigned j = 0; j < weight; j++)
            ok &= ~ct_eq(support[j], pos);
        for (unsigned j = 0; j < weight; j++)
            support[j] = ct_sel(ok & ct_eq(j, count), pos, support[j]);
        uint32_t accept = ok & 1u;
        HQC_DECLASSIFY(&accept, sizeof accept);
        count += accept;
    }
    hqc_sampler_cycles += cycles_now() - t0;
}

/* SampleFixedWeightVect: r_i from 4 XOF bytes (little-endian), pos_i = i + floor(r_i (n - i) /
 * 2^32) (a multiply-high); then from i = weight - 2 down to 0, a pos_i equal to a later pos_j is
 * replaced by i (a masked compare with every later position). */
void hqc_sample_biased(uint32_t *support, unsigned weight)
{
    for (unsigned i = 0; i < weight; i++) {
        uint8_t b[4];
        hqc_sponge_squeeze(b, 4);
        support[i] = i + (uint32_t)(((uint64_t)le32(b) * (HQC_N - i)) >> 32);
    }
    for (unsigned i = weight - 1; i-- > 0;) {
        uint32_t dup = 0;
        for (unsigned j = i + 1; j < weight; j++)
            dup |= ct_eq(support[i], support[j]);
        support[i] = ct_sel(dup, i, support[i]);
    }
}

/* v ^= 1 at each support position: a masked pass over all words per position */
void hqc_vec_add_support(uint32_t v[W], const uint32_t *support, unsigned weight)
{
    /* Four positions per pass over the words (one load and store of each word for four). The
     * bit goes in as bit * (i == q): the 0/1 of the comparison behind a barrier, so that the
     * compiler cannot turn the product into a branch (mul takes one cycle whatever the values). */
    unsigned j = 0;
    for (; j + 4 <= weight; j += 4) {
        const uint32_t q0 = support[j] >> 5, q1 = support[j + 1] >> 5, q2 = support[j + 2] >> 5,
                       q3 = support[j + 3] >> 5;
        const uint32_t b0 = 1u << (support[j] & 31u), b1 = 1u << (support[j + 1] & 31u),
                       b2 = 1u << (support[j + 2] & 31u), b3 = 1u << (support[j + 3] & 31u);
        for (uint32_t i = 0; i < W; i++) {
            uint32_t e0 = i == q0, e1 = i == q1, e2 = i == q2, e3 = i == q3;
            HQC_BARRIER(e0);
            HQC_BARRIER(e1);
            HQC_BARRIER(e2);
            HQC_BARRIER(e3);
            v[i] ^= b0 * e0 ^ b1 * e1 ^ b2 * e2 ^ b3 * e3;
        }
    }
    for (; j < weight; j++) {
        uint32_t p = support[j], q = p >> 5, bit = 1u << (p & 31u);
        for (unsigned i = 0; i < W; i++)
            v[i] ^= bit & ct_eq(i, q);
    }
}

/* h: n bits of XOF(seed_ek), the padding bits cleared */
static void sample_h(uint32_t h[W], const uint8_t seed_ek[HQC_SEED_BYTES])
{
    xof_start(seed_ek);
    for (unsigned i = 0; i < W; i++) {
        uint8_t b[4] = {0, 0, 0, 0};
        unsigned k = HQC_N_BYTES - 4 * i < 4 ? HQC_N_BYTES - 4 * i : 4;
        hqc_sponge_squeeze(b, k);
        h[i] = le32(b);
    }
    h[W - 1] &= (1u << (HQC_N % 32)) - 1u;
}

/* ------------------------------------------------------------------ HQC-PKE
 * Static working storage (the stack stays small): h, s, u and the second product/v. */
static uint32_t vec_h[W], vec_s[W], vec_u[W], vec_t[W];
static uint32_t sup_x[HQC_OMEGA], sup_y[HQC_OMEGA];
static uint32_t sup_r1[HQC_OMEGA_R], sup_r2[HQC_OMEGA_R], sup_e[HQC_OMEGA_E];

/* KeyGen: (seed_dk, seed_ek) = I(seed_PKE); y, then x, from XOF(seed_dk) by rejection; h from
 * XOF(seed_ek); s = x + y h; ek = seed_ek || s. */
static void pke_keygen(uint8_t *ek, uint8_t seed_dk[HQC_SEED_BYTES],
                       const uint8_t seed_pke[HQC_SEED_BYTES])
{
    uint8_t seeds[64];
    hash_i(seeds, seed_pke);
    copy_bytes(seed_dk, seeds, HQC_SEED_BYTES);
    xof_start(seeds);
    hqc_sample_rejection(sup_y, HQC_OMEGA);
    hqc_sample_rejection(sup_x, HQC_OMEGA);
    sample_h(vec_h, seeds + 32);
    hqc_vec_mul(vec_t, vec_h, sup_y, HQC_OMEGA);
    hqc_vec_add_support(vec_t, sup_x, HQC_OMEGA);
    copy_bytes(ek, seeds + 32, HQC_SEED_BYTES);
    bytes_from_words(ek + HQC_SEED_BYTES, vec_t, HQC_N_BYTES);
}

/* Encrypt: r2, e, r1 from XOF(theta) by the biased sampler; u = r1 + r2 h -> vec_u;
 * v = C(m) + Truncate(s r2 + e) -> vec_t[0 .. V). s is taken from ek as it is (padding bits
 * included, as the model does). */
static void pke_encrypt(const uint8_t *ek, const uint8_t m[HQC_K], const uint8_t theta[32])
{
    sample_h(vec_h, ek);
    words_from_bytes(vec_s, W, ek + HQC_SEED_BYTES, HQC_N_BYTES);
    xof_start(theta);
    hqc_sample_biased(sup_r2, HQC_OMEGA_R);
    hqc_sample_biased(sup_e, HQC_OMEGA_E);
    hqc_sample_biased(sup_r1, HQC_OMEGA_R);
    hqc_vec_mul2(vec_u, vec_h, vec_t, vec_s, sup_r2, HQC_OMEGA_R);     /* h r2, s r2 */
    hqc_vec_add_support(vec_u, sup_r1, HQC_OMEGA_R);
    hqc_vec_add_support(vec_t, sup_e, HQC_OMEGA_E);
    hqc_code_encode(vec_h, m);                       /* h is no longer needed */
    for (unsigned i = 0; i < V; i++)
        vec_t[i] ^= vec_h[i];
}

/* Decrypt: y again from XOF(seed_dk); m = C.Decode(v - Truncate(u y)) */
static void pke_decrypt(uint8_t m[HQC_K], const uint8_t seed_dk[HQC_SEED_BYTES], const uint8_t *ct)
{
    words_from_bytes(vec_u, W, ct, HQC_N_BYTES);
    xof_start(seed_dk);
    hqc_sample_rejection(sup_y, HQC_OMEGA);
    hqc_vec_mul(vec_t, vec_u, sup_y, HQC_OMEGA);
    for (unsigned i = 0; i < V; i++)
        vec_t[i] ^= le32(ct + HQC_N_BYTES + 4 * i);
    hqc_code_decode(m, vec_t);
}

/* ------------------------------------------------------------------ HQC-KEM */
void hqc_keygen(uint8_t *ek, uint8_t *dk, const uint8_t seed_kem[HQC_SEED_BYTES])
{
    uint8_t seed_pke[HQC_SEED_BYTES], sigma[HQC_K];
    hqc_init();
    xof_start(seed_kem);
    hqc_sponge_squeeze(seed_pke, HQC_SEED_BYTES);
    hqc_sponge_squeeze(sigma, HQC_K);
    pke_keygen(ek, dk + HQC_EK_BYTES, seed_pke);
    copy_bytes(dk, ek, HQC_EK_BYTES);
    copy_bytes(dk + HQC_EK_BYTES + HQC_SEED_BYTES, sigma, HQC_K);
    copy_bytes(dk + HQC_EK_BYTES + HQC_SEED_BYTES + HQC_K, seed_kem, HQC_SEED_BYTES);
}

void hqc_encaps(uint8_t *ct, uint8_t ss[HQC_SS_BYTES], const uint8_t *ek, const uint8_t m[HQC_K],
                const uint8_t salt[HQC_SALT_BYTES])
{
    uint8_t h_ek[32], k_theta[64];
    hqc_init();
    hash_h(h_ek, ek);
    hash_g(k_theta, h_ek, m, salt);
    pke_encrypt(ek, m, k_theta + 32);
    bytes_from_words(ct, vec_u, HQC_N_BYTES);
    bytes_from_words(ct + HQC_N_BYTES, vec_t, HQC_N1N2_BYTES);
    copy_bytes(ct + HQC_N_BYTES + HQC_N1N2_BYTES, salt, HQC_SALT_BYTES);
    copy_bytes(ss, k_theta, HQC_SS_BYTES);
}

/* c' = (u', v', salt) differs from c: every byte of u (padding bits included) and v is compared,
 * without an early exit; the salt of c' is the salt of c. */
static uint32_t ct_differs(const uint8_t *ct)
{
    uint32_t diff = 0;
    for (unsigned i = 0; i < HQC_N_BYTES; i++)
        diff |= ((vec_u[i / 4] >> (8 * (i % 4))) & 0xFFu) ^ ct[i];
    for (unsigned i = 0; i < HQC_N1N2_BYTES; i++)
        diff |= ((vec_t[i / 4] >> (8 * (i % 4))) & 0xFFu) ^ ct[HQC_N_BYTES + i];
    return ct_nonzero(diff);
}

void hqc_decaps_trace(uint8_t ss[HQC_SS_BYTES], uint8_t m_prime[HQC_K], const uint8_t *dk,
                      const uint8_t *ct)
{
    const uint8_t *ek = dk, *seed_dk = dk + HQC_EK_BYTES, *sigma = dk + HQC_EK_BYTES + HQC_SEED_BYTES;
    const uint8_t *salt = ct + HQC_N_BYTES + HQC_N1N2_BYTES;
    uint8_t h_ek[32], k_theta[64], k_bar[32];
    hqc_init();
    pke_decrypt(m_prime, seed_dk, ct);
    hash_h(h_ek, ek);
    hash_g(k_theta, h_ek, m_prime, salt);
    pke_encrypt(ek, m_prime, k_theta + 32);
    hash_j(k_bar, h_ek, sigma, ct);
    uint32_t reject = ct_differs(ct);
    for (unsigned i = 0; i < HQC_SS_BYTES; i++)
        ss[i] = (uint8_t)ct_sel(reject, k_bar[i], k_theta[i]);
}

void hqc_decaps(uint8_t ss[HQC_SS_BYTES], const uint8_t *dk, const uint8_t *ct)
{
    uint8_t m_prime[HQC_K];
    hqc_decaps_trace(ss, m_prime, dk, ct);
}
