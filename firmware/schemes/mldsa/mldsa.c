/* ML-DSA (FIPS 204): the internal algorithms, written from the standard. The same C in the
 * baseline and the PQX build; the kernels (SHAKE, the samplers, NTT) are in mldsa_kernels.c.
 *
 * Representation: every polynomial is in [0, q) between steps (the kernels' outputs are); the
 * second operand of each MultiplyNTT comes from mldsa_ntt_mont (times R: one Montgomery
 * product per coefficient gives the exact product);
 * centred values are formed where FIPS 204 needs them (norms, encodings). Constant time: the
 * secret-dependent passes (Decompose, the norm and hint checks, the encodings) have no branch on
 * the data; what FIPS 204 lets vary is the number of signing attempts (mldsa_sign_attempts) and
 * the samplers' rejection on public or per-attempt random data. */
#include "mldsa.h"
#include "mldsa_kernels.h"
#include "bitpack.h"
#include "pqx_rt.h"

#define K MLDSA_K
#define L MLDSA_L
#define Q MLDSA_Q
#define FORCE_INLINE static inline __attribute__((always_inline))
#define UNROLL _Pragma("clang loop unroll(full)")
#define UNROLL4 _Pragma("clang loop unroll_count(4)")

typedef struct {
    int32_t c[MLDSA_N];
} poly;

/* A has a spare polynomial: the sampler writes past the one it fills (MLDSA_SAMPLE_SLACK). */
static poly A[K * L + 1];
static poly s1h[L], s2h[K], t0h[K], yv[L], zv[L], wv[K], ch, tmp;
static uint8_t hint[K][MLDSA_N];

uint32_t mldsa_sign_attempts, mldsa_loop_start, mldsa_last_attempt_start, mldsa_public_cycles, mldsa_ct_setup,
    mldsa_ct_mask;

/* The leakage campaign (firmware/leakage/tvla_mldsa.c, docs/leakage.md) marks the first
 * attempt's constant-time start (ExpandMask, NTT(y), w = NTT^-1(A y), HighBits) as a trace of
 * class mldsa_tvla_class (SampleInBall, next, rejects on c-tilde: its length varies by design);
 * other builds compile no mark. */
#ifdef TVLA_MARKS
uint32_t mldsa_tvla_class;
#define TVLA_MARK(v) pqx_mark(v)
#else
#define TVLA_MARK(v) ((void)0)
#endif

static inline uint32_t mcycle(void)
{
    uint32_t v;
    __asm__ volatile("csrr %0, mcycle" : "=r"(v) : : "memory");
    return v;
}

/* ------------------------------------------------------------------ coefficient helpers */
FORCE_INLINE int32_t center(int32_t x)          /* [0, q) -> (-q/2, q/2] */
{
    return x - ((((Q - 1) / 2) - x) >> 31 & Q);
}

FORCE_INLINE int32_t modq(int32_t x)            /* (-q, q) -> [0, q) */
{
    return x + ((x >> 31) & Q);
}

FORCE_INLINE int32_t addq(int32_t a, int32_t b) /* [0, q) + [0, q) -> [0, q) */
{
    return modq(a + b - Q);
}

FORCE_INLINE uint32_t absv(int32_t x)
{
    int32_t m = x >> 31;
    return (uint32_t)((x ^ m) - m);
}

/* 1 if |centre(x)| >= bound, without a branch */
FORCE_INLINE uint32_t over(int32_t x, uint32_t bound)
{
    return (bound - 1u - absv(center(x))) >> 31;
}

/* Decompose (Algorithm 36) of x in [0, q): returns r1, sets r0 (centred). The divisions by
 * 2 gamma2 are multiply-shift sequences exact on [0, q) (the pq-crystals reference's constants). */
FORCE_INLINE int32_t decompose(int32_t *r0, int32_t a)
{
    int32_t a1 = (a + 127) >> 7;
#if MLDSA_GAMMA2 == (MLDSA_Q - 1) / 32
    a1 = (a1 * 1025 + (1 << 21)) >> 22;
    a1 &= 15;
#else
    a1 = (a1 * 11275 + (1 << 23)) >> 24;
    a1 ^= ((43 - a1) >> 31) & a1;
#endif
    int32_t a0 = a - a1 * 2 * MLDSA_GAMMA2;
    a0 -= (((Q - 1) / 2 - a0) >> 31) & Q;
    *r0 = a0;
    return a1;
}

FORCE_INLINE int32_t highbits(int32_t a)
{
    int32_t r0;
    return decompose(&r0, a);
}

/* UseHint (Algorithm 40); public data (verification) */
static int32_t use_hint(int32_t a, unsigned h)
{
    int32_t r0, r1 = decompose(&r0, a);
    if (!h)
        return r1;
#if MLDSA_GAMMA2 == (MLDSA_Q - 1) / 32
    return r0 > 0 ? (r1 + 1) & 15 : (r1 - 1) & 15;
#else
    if (r0 > 0)
        return r1 == 43 ? 0 : r1 + 1;
    return r1 == 0 ? 43 : r1 - 1;
#endif
}

/* ------------------------------------------------------------------ bit packing (section 7.1)
 * pack8 / unpack8: firmware/lib/bitpack.h */

/* BitPack(w, a, b) with values b - w (Algorithm 17): `b` minus the centred coefficient */
FORCE_INLINE void pack_offset(uint8_t *out, const poly *p, int32_t b, unsigned bits)
{
    for (unsigned i = 0; i < MLDSA_N; i += 8, out += bits) {
        uint32_t v[8];
        UNROLL for (unsigned k = 0; k < 8; k++)
            v[k] = (uint32_t)(b - center(p->c[i + k]));
        pack8(out, v, bits);
    }
}

/* BitUnpack: b - value, into [0, q) */
FORCE_INLINE void unpack_offset(poly *p, const uint8_t *in, int32_t b, unsigned bits)
{
    for (unsigned i = 0; i < MLDSA_N; i += 8, in += bits) {
        uint32_t v[8];
        unpack8(v, in, bits);
        UNROLL for (unsigned k = 0; k < 8; k++)
            p->c[i + k] = modq(b - (int32_t)v[k]);
    }
}

/* SimpleBitPack of values already in [0, 2^bits) */
FORCE_INLINE void pack_plain(uint8_t *out, const poly *p, unsigned bits)
{
    for (unsigned i = 0; i < MLDSA_N; i += 8, out += bits)
        pack8(out, (const uint32_t *)&p->c[i], bits);
}

/* ------------------------------------------------------------------ sampling (section 7.3) */
static void expand_a(const uint8_t rho[32])
{
    uint32_t t0 = mcycle();
    for (unsigned r = 0; r < K; r++)
        for (unsigned s = 0; s < L; s++)
            mldsa_rej_ntt_poly(A[r * L + s].c, rho, s, r);
    mldsa_public_cycles += mcycle() - t0;
}

/* SampleInBall (Algorithm 29) of c-tilde, in [0, q); public data. The stream is read from a
 * buffer of SHAKE256 output, made longer in the (rare) case it runs out. */
static void sample_in_ball(poly *c, const uint8_t *ctilde)
{
    static uint32_t bufw[4 * 136 / 4];
    static uint32_t inw[MLDSA_CTILDE_BYTES / 4];
    uint8_t *buf = (uint8_t *)bufw;
    uint32_t t0 = mcycle(), len = 2 * 136;
    memcpy(inw, ctilde, MLDSA_CTILDE_BYTES);
    for (;;) {
        mldsa_shake256(buf, len, (const uint8_t *)inw, MLDSA_CTILDE_BYTES);
        uint64_t signs = 0;
        for (unsigned i = 0; i < 8; i++)
            signs |= (uint64_t)buf[i] << (8 * i);
        unsigned pos = 8, ok = 1;
        for (unsigned i = 0; i < MLDSA_N; i++)
            c->c[i] = 0;
        for (unsigned i = MLDSA_N - MLDSA_TAU; i < MLDSA_N && ok; i++) {
            unsigned j;
            do {
                if (pos >= len) {
                    ok = 0;
                    break;
                }
                j = buf[pos++];
            } while (j > i);
            if (!ok)
                break;
            c->c[i] = c->c[j];
            c->c[j] = (signs & 1) ? Q - 1 : 1;
            signs >>= 1;
        }
        if (ok)
            break;
        len *= 2;                  /* 2 blocks ran out: start again with 4 */
    }
    mldsa_public_cycles += mcycle() - t0;
}

/* ------------------------------------------------------------------ KeyGen (Algorithm 6) */
void mldsa_keygen_internal(uint8_t *pk, uint8_t *sk, const uint8_t xi[32])
{
    uint32_t seedw[128 / 4], inw[36 / 4];
    uint8_t *seed = (uint8_t *)seedw, *in = (uint8_t *)inw;
    mldsa_kernels_init();
    memcpy(in, xi, 32);
    in[32] = K;
    in[33] = L;
    mldsa_shake256(seed, 128, in, 34);
    const uint8_t *rho = seed, *rhop = seed + 32, *key = seed + 96;
    expand_a(rho);
    poly *s1 = yv, *s2 = wv;
    for (unsigned r = 0; r < L; r++)
        mldsa_rej_bounded_poly(s1[r].c, rhop, r);
    for (unsigned r = 0; r < K; r++)
        mldsa_rej_bounded_poly(s2[r].c, rhop, L + r);
    for (unsigned j = 0; j < L; j++) {
        s1h[j] = s1[j];
        mldsa_ntt_mont(s1h[j].c);
    }
    memcpy(pk, rho, 32);
    memcpy(sk, rho, 32);
    memcpy(sk + 32, key, 32);
    uint8_t *p_eta = sk + 128, *p_t0 = sk + 128 + 32 * MLDSA_ETA_BITS * (K + L);
    for (unsigned j = 0; j < L; j++)
        pack_offset(p_eta + 32 * MLDSA_ETA_BITS * j, &s1[j], MLDSA_ETA, MLDSA_ETA_BITS);
    for (unsigned i = 0; i < K; i++) {
        pack_offset(p_eta + 32 * MLDSA_ETA_BITS * (L + i), &s2[i], MLDSA_ETA, MLDSA_ETA_BITS);
        mldsa_dot(tmp.c, A[i * L].c, s1h[0].c, L);   /* t = NTT^-1(A s1) + s2 */
        mldsa_invntt(tmp.c);
        poly t1, t0;
        for (unsigned n = 0; n < MLDSA_N; n++) {  /* Power2Round (Algorithm 35) */
            int32_t t = addq(tmp.c[n], s2[i].c[n]);
            int32_t hi = (t + (1 << (MLDSA_D - 1)) - 1) >> MLDSA_D;
            t1.c[n] = hi;
            t0.c[n] = modq(t - (hi << MLDSA_D));
        }
        pack_plain(pk + 32 + 320 * i, &t1, 10);
        pack_offset(p_t0 + 416 * i, &t0, 1 << (MLDSA_D - 1), 13);
    }
    mldsa_shake256(sk + 64, 64, pk, MLDSA_PK_BYTES);   /* tr = H(pk, 64) */
}

/* ------------------------------------------------------------------ Sign (Algorithm 7) */
static uint32_t mu_buf[(64 + 8704) / 4];          /* tr || M' (messages up to 8704 bytes) */

/* mu = H(tr || M', 64) */
static void message_representative(uint8_t mu[64], const uint8_t tr[64], const uint8_t *m,
                                   uint32_t mlen)
{
    uint8_t *b = (uint8_t *)mu_buf;
    memcpy(b, tr, 64);
    memcpy(b + 64, m, mlen);
    mldsa_shake256(mu, 64, b, 64 + mlen);
}

void mldsa_sign_internal(uint8_t *sig, const uint8_t *sk, const uint8_t *m, uint32_t mlen,
                         const uint8_t *mu_in, const uint8_t rnd[32])
{
    static uint32_t w1buf[(64 + K * 32 * MLDSA_W1_BITS) / 4];   /* mu || w1Encode(w1) */
    uint32_t rhoppw[16], krmw[32], ctw[MLDSA_CTILDE_BYTES / 4];
    uint8_t *mu = (uint8_t *)w1buf, *w1enc = mu + 64, *rhopp = (uint8_t *)rhoppw,
            *krm = (uint8_t *)krmw, *ctilde = (uint8_t *)ctw;
    mldsa_kernels_init();
    uint32_t t_setup = mcycle();
    const uint8_t *p_eta = sk + 128, *p_t0 = sk + 128 + 32 * MLDSA_ETA_BITS * (K + L);
    for (unsigned j = 0; j < L; j++) {
        unpack_offset(&s1h[j], p_eta + 32 * MLDSA_ETA_BITS * j, MLDSA_ETA, MLDSA_ETA_BITS);
        mldsa_ntt_mont(s1h[j].c);
    }
    for (unsigned i = 0; i < K; i++) {
        unpack_offset(&s2h[i], p_eta + 32 * MLDSA_ETA_BITS * (L + i), MLDSA_ETA, MLDSA_ETA_BITS);
        mldsa_ntt_mont(s2h[i].c);
        unpack_offset(&t0h[i], p_t0 + 416 * i, 1 << (MLDSA_D - 1), 13);
        mldsa_ntt_mont(t0h[i].c);
    }
    mldsa_ct_setup = mcycle() - t_setup;          /* skDecode and the NTTs of s1, s2, t0 */
    expand_a(sk);
    if (mu_in)
        memcpy(mu, mu_in, 64);
    else
        message_representative(mu, sk + 64, m, mlen);
    memcpy(krm, sk + 32, 32);                      /* rho'' = H(K || rnd || mu, 64) */
    memcpy(krm + 32, rnd, 32);
    memcpy(krm + 64, mu, 64);
    mldsa_shake256(rhopp, 64, krm, 128);
    mldsa_loop_start = mcycle();
    for (unsigned kappa = 0, attempt = 1;; kappa += L, attempt++) {
        mldsa_sign_attempts = attempt;
        if (attempt == 1)
            TVLA_MARK(mldsa_tvla_class);
        uint32_t t_mask = mcycle();
        mldsa_last_attempt_start = t_mask;
        for (unsigned j = 0; j < L; j++) {         /* y = ExpandMask(rho'', kappa) */
            mldsa_mask_poly(yv[j].c, rhopp, kappa + j);
            zv[j] = yv[j];
            mldsa_ntt_mont(zv[j].c);
        }
        if (attempt == 1)                          /* the first attempt's ExpandMask and NTT(y) */
            mldsa_ct_mask = mcycle() - t_mask;
        for (unsigned i = 0; i < K; i++) {         /* w = NTT^-1(A y), w1 = HighBits(w) */
            mldsa_dot(wv[i].c, A[i * L].c, zv[0].c, L);
            mldsa_invntt(wv[i].c);
            uint8_t *out = w1enc + 32 * MLDSA_W1_BITS * i;
            for (unsigned n = 0; n < MLDSA_N; n += 8, out += MLDSA_W1_BITS) {
                uint32_t v[8];
                UNROLL for (unsigned k = 0; k < 8; k++)
                    v[k] = (uint32_t)highbits(wv[i].c[n + k]);
                pack8(out, v, MLDSA_W1_BITS);
            }
        }
        if (attempt == 1)
            TVLA_MARK(0);
        mldsa_shake256(ctilde, MLDSA_CTILDE_BYTES, mu, 64 + K * 32 * MLDSA_W1_BITS);
        sample_in_ball(&ch, ctilde);
        mldsa_ntt(ch.c);
        uint32_t bad = 0;
        for (unsigned j = 0; j < L; j++) {         /* z = y + <<c s1>> */
            mldsa_dot(tmp.c, ch.c, s1h[j].c, 1);
            mldsa_invntt(tmp.c);
            UNROLL4 for (unsigned n = 0; n < MLDSA_N; n++) {
                int32_t z = addq(yv[j].c[n], tmp.c[n]);
                zv[j].c[n] = z;
                bad |= over(z, MLDSA_GAMMA1 - MLDSA_BETA);
            }
        }
        if (bad)
            continue;
        for (unsigned i = 0; i < K; i++) {         /* r0 = LowBits(w - <<c s2>>) */
            mldsa_dot(tmp.c, ch.c, s2h[i].c, 1);
            mldsa_invntt(tmp.c);
            UNROLL4 for (unsigned n = 0; n < MLDSA_N; n++) {
                int32_t r0, r = modq(wv[i].c[n] - tmp.c[n]);
                decompose(&r0, r);
                wv[i].c[n] = r;                    /* w - <<c s2>> from here on */
                bad |= (uint32_t)(MLDSA_GAMMA2 - MLDSA_BETA - 1 - (int32_t)absv(r0)) >> 31;
            }
        }
        if (bad)
            continue;
        uint32_t ones = 0;
        for (unsigned i = 0; i < K; i++) {         /* h = MakeHint(-<<c t0>>, w - <<c s2>> + <<c t0>>) */
            mldsa_dot(tmp.c, ch.c, t0h[i].c, 1);
            mldsa_invntt(tmp.c);
            UNROLL4 for (unsigned n = 0; n < MLDSA_N; n++) {
                int32_t ct0 = tmp.c[n], r = wv[i].c[n];
                bad |= over(ct0, MLDSA_GAMMA2);
                uint32_t h = (uint32_t)(highbits(addq(r, ct0)) != highbits(r));
                hint[i][n] = (uint8_t)h;
                ones += h;
            }
        }
        if (bad || ones > MLDSA_OMEGA)
            continue;
        break;
    }
    /* sigEncode (Algorithm 26): c-tilde || BitPack(z, gamma1 - 1, gamma1) || HintBitPack(h) */
    memcpy(sig, ctilde, MLDSA_CTILDE_BYTES);
    uint8_t *p = sig + MLDSA_CTILDE_BYTES;
    for (unsigned j = 0; j < L; j++, p += 32 * MLDSA_Z_BITS)
        pack_offset(p, &zv[j], MLDSA_GAMMA1, MLDSA_Z_BITS);
    memset(p, 0, MLDSA_OMEGA + K);
    unsigned idx = 0;
    for (unsigned i = 0; i < K; i++) {
        for (unsigned n = 0; n < MLDSA_N; n++)
            if (hint[i][n])
                p[idx++] = (uint8_t)n;
        p[MLDSA_OMEGA + i] = (uint8_t)idx;
    }
}

/* ------------------------------------------------------------------ Verify (Algorithm 8) */
/* HintBitUnpack (Algorithm 21): 0 if malformed */
static int hint_unpack(const uint8_t *y)
{
    unsigned idx = 0;
    memset(hint, 0, sizeof hint);
    for (unsigned i = 0; i < K; i++) {
        unsigned end = y[MLDSA_OMEGA + i];
        if (end < idx || end > MLDSA_OMEGA)
            return 0;
        unsigned first = idx;
        for (; idx < end; idx++) {
            if (idx > first && y[idx - 1] >= y[idx])
                return 0;
            hint[i][y[idx]] = 1;
        }
    }
    for (; idx < MLDSA_OMEGA; idx++)
        if (y[idx])
            return 0;
    return 1;
}

int mldsa_verify_internal(const uint8_t *pk, const uint8_t *m, uint32_t mlen, const uint8_t *mu_in,
                          const uint8_t *sig)
{
    static uint32_t w1buf[(64 + K * 32 * MLDSA_W1_BITS) / 4];
    uint32_t trw[16], ctw[MLDSA_CTILDE_BYTES / 4];
    uint8_t *mu = (uint8_t *)w1buf, *w1enc = mu + 64, *tr = (uint8_t *)trw, *ct2 = (uint8_t *)ctw;
    mldsa_kernels_init();
    if (!hint_unpack(sig + MLDSA_CTILDE_BYTES + 32 * L * MLDSA_Z_BITS))
        return 0;
    uint32_t bad = 0;
    const uint8_t *p = sig + MLDSA_CTILDE_BYTES;
    for (unsigned j = 0; j < L; j++, p += 32 * MLDSA_Z_BITS) {
        unpack_offset(&zv[j], p, MLDSA_GAMMA1, MLDSA_Z_BITS);
        for (unsigned n = 0; n < MLDSA_N; n++)
            bad |= over(zv[j].c[n], MLDSA_GAMMA1 - MLDSA_BETA);
        mldsa_ntt_mont(zv[j].c);
    }
    if (bad)
        return 0;
    expand_a(pk);
    if (mu_in) {
        memcpy(mu, mu_in, 64);
    } else {
        mldsa_shake256(tr, 64, pk, MLDSA_PK_BYTES);
        message_representative(mu, tr, m, mlen);
    }
    sample_in_ball(&ch, sig);
    mldsa_ntt(ch.c);
    for (unsigned i = 0; i < K; i++) {             /* w' = NTT^-1(A z - c t1 2^d) */
        const uint8_t *pt = pk + 32 + 320 * i;
        for (unsigned n = 0; n < MLDSA_N; n += 8, pt += 10) {
            uint32_t v[8];
            unpack8(v, pt, 10);
            for (unsigned k = 0; k < 8; k++)
                tmp.c[n + k] = (int32_t)(v[k] << MLDSA_D);
        }
        mldsa_ntt_mont(tmp.c);
        mldsa_dot(tmp.c, ch.c, tmp.c, 1);
        mldsa_dot(wv[i].c, A[i * L].c, zv[0].c, L);
        for (unsigned n = 0; n < MLDSA_N; n++)
            wv[i].c[n] = modq(wv[i].c[n] - tmp.c[n]);
        mldsa_invntt(wv[i].c);
        for (unsigned n = 0; n < MLDSA_N; n++)
            tmp.c[n] = use_hint(wv[i].c[n], hint[i][n]);
        pack_plain(w1enc + 32 * MLDSA_W1_BITS * i, &tmp, MLDSA_W1_BITS);
    }
    mldsa_shake256(ct2, MLDSA_CTILDE_BYTES, mu, 64 + K * 32 * MLDSA_W1_BITS);
    return memcmp(ct2, sig, MLDSA_CTILDE_BYTES) == 0;
}
