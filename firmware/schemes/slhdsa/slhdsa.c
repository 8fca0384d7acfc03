/* SLH-DSA (FIPS 205): WOTS+, XMSS, the hypertree, FORS and the internal key generation,
 * signing and verification, written from the standard. The same C in every build (SHAKE or SHA2,
 * baseline or PQX); the hashes are slhdsa_kernels.c. lg_w = 4 for every parameter set (w = 16).
 *
 * ADRS (section 4.2) is 8 words; word i holds bytes 4i..4i+3 in ADRS order (big-endian fields),
 * so it can go to the hash as it is. */
#include "slhdsa.h"
#include "slhdsa_kernels.h"
#include "pqx_rt.h"

#define N SLH_N
#define HP SLH_HP
#define A SLH_A
#define K SLH_K
#define LEN SLH_LEN

enum { WOTS_HASH = 0, WOTS_PK = 1, TREE = 2, FORS_TREE = 3, FORS_ROOTS = 4, WOTS_PRF = 5, FORS_PRF = 6 };

typedef struct {
    uint32_t w[8];
} adrs_t;

static inline uint32_t be32(uint32_t v)
{
    return __builtin_bswap32(v);
}

static inline void set_layer(adrs_t *a, uint32_t l) { a->w[0] = be32(l); }
static inline void set_tree(adrs_t *a, uint64_t t)
{
    a->w[1] = 0;
    a->w[2] = be32((uint32_t)(t >> 32));
    a->w[3] = be32((uint32_t)t);
}
static inline void set_type_clear(adrs_t *a, uint32_t y)
{
    a->w[4] = be32(y);
    a->w[5] = a->w[6] = a->w[7] = 0;
}
static inline void set_keypair(adrs_t *a, uint32_t i) { a->w[5] = be32(i); }
static inline uint32_t get_keypair(const adrs_t *a) { return be32(a->w[5]); }
static inline void set_chain(adrs_t *a, uint32_t i) { a->w[6] = be32(i); }   /* = tree height */
static inline void set_hash(adrs_t *a, uint32_t i) { a->w[7] = be32(i); }    /* = tree index */
static inline uint32_t get_tree_index(const adrs_t *a) { return be32(a->w[7]); }

/* The secret seed (section 9.1), for the functions below; PK.seed is the hashes' own
 * (slh_kernels_init) */
static uint32_t sk_seed_w[N / 4];
#define SK_SEED ((const uint8_t *)sk_seed_w)

static void thash(uint8_t *out, const adrs_t *a, const uint8_t *in, unsigned blocks)
{
    slh_thash(out, a->w, in, blocks);
}

/* ------------------------------------------------------------------ WOTS+ (section 5) */
/* base_2^b (Algorithm 4) with b = 4 of the n-byte message and its checksum: len digits */
static void wots_digits(uint8_t d[LEN], const uint8_t *msg)
{
    uint32_t csum = 0;
    for (unsigned i = 0; i < N; i++) {
        d[2 * i] = msg[i] >> 4;
        d[2 * i + 1] = msg[i] & 15;
        csum += 30u - d[2 * i] - d[2 * i + 1];
    }
    csum <<= 4;                                  /* (8 - len2 lg_w mod 8) mod 8 = 4 */
    d[2 * N] = (uint8_t)((csum >> 12) & 15);
    d[2 * N + 1] = (uint8_t)((csum >> 8) & 15);
    d[2 * N + 2] = (uint8_t)((csum >> 4) & 15);
}

/* chain (Algorithm 5): s steps of F from step i; in place */
static void chain(uint8_t *x, unsigned i, unsigned s, const adrs_t *a)
{
    slh_chain(x, a->w, i, s);
}

static uint32_t wots_tmp[LEN * N / 4];

/* T_len of the chain ends in wots_tmp (the last step of Algorithms 6 and 8) */
static void wots_compress(uint8_t *pk, const adrs_t *a)
{
    adrs_t p = *a;
    set_type_clear(&p, WOTS_PK);
    set_keypair(&p, get_keypair(a));
    thash(pk, &p, (const uint8_t *)wots_tmp, LEN);
}

/* wots_pkGen (Algorithm 6) */
static void wots_pkgen(uint8_t *pk, adrs_t *a)
{
    adrs_t sk = *a;
    uint8_t *tmp = (uint8_t *)wots_tmp;
    set_type_clear(&sk, WOTS_PRF);
    set_keypair(&sk, get_keypair(a));
    for (unsigned i = 0; i < LEN; i++) {
        set_chain(&sk, i);
        thash(tmp + N * i, &sk, SK_SEED, 1);     /* PRF(PK.seed, SK.seed, skADRS) */
        set_chain(a, i);
        chain(tmp + N * i, 0, 15, a);
    }
    wots_compress(pk, a);
}

/* wots_sign (Algorithm 7) */
static void wots_sign(uint8_t *sig, const uint8_t *msg, adrs_t *a)
{
    uint8_t d[LEN];
    adrs_t sk = *a;
    wots_digits(d, msg);
    set_type_clear(&sk, WOTS_PRF);
    set_keypair(&sk, get_keypair(a));
    for (unsigned i = 0; i < LEN; i++) {
        set_chain(&sk, i);
        thash(sig + N * i, &sk, SK_SEED, 1);
        set_chain(a, i);
        chain(sig + N * i, 0, d[i], a);
    }
}

/* wots_pkFromSig (Algorithm 8) */
static void wots_pk_from_sig(uint8_t *pk, const uint8_t *sig, const uint8_t *msg, adrs_t *a)
{
    uint8_t d[LEN];
    uint8_t *tmp = (uint8_t *)wots_tmp;
    wots_digits(d, msg);
    for (unsigned i = 0; i < LEN; i++) {
        memcpy(tmp + N * i, sig + N * i, N);
        set_chain(a, i);
        chain(tmp + N * i, d[i], 15u - d[i], a);
    }
    wots_compress(pk, a);
}

/* ------------------------------------------------------------------ XMSS (section 6) */
/* xmss_node (Algorithm 9) */
static void xmss_node(uint8_t *node, uint32_t i, unsigned z, adrs_t *a)
{
    if (z == 0) {
        set_type_clear(a, WOTS_HASH);
        set_keypair(a, i);
        wots_pkgen(node, a);
        return;
    }
    uint32_t lr[2 * N / 4];
    xmss_node((uint8_t *)lr, 2 * i, z - 1, a);
    xmss_node((uint8_t *)lr + N, 2 * i + 1, z - 1, a);
    set_type_clear(a, TREE);
    set_chain(a, z);
    set_hash(a, i);
    thash(node, a, (const uint8_t *)lr, 2);
}

/* xmss_sign (Algorithm 10): WOTS+ signature, then the authentication path */
static void xmss_sign(uint8_t *sig, const uint8_t *msg, uint32_t idx, adrs_t *a)
{
    for (unsigned j = 0; j < HP; j++)
        xmss_node(sig + N * (LEN + j), (idx >> j) ^ 1u, j, a);
    set_type_clear(a, WOTS_HASH);
    set_keypair(a, idx);
    wots_sign(sig, msg, a);
}

/* One step up an authentication path (Algorithm 11 lines 6-17, Algorithm 17 lines 10-21): to
 * height z, node = H(node || auth) if the index bit is 0, else H(auth || node). */
static void auth_step(uint8_t *node, const uint8_t *auth, unsigned z, uint32_t bit, adrs_t *a)
{
    uint32_t buf[2 * N / 4];
    uint8_t *b = (uint8_t *)buf;
    set_chain(a, z);
    set_hash(a, (get_tree_index(a) - bit) / 2);
    memcpy(b + N * bit, node, N);
    memcpy(b + N * (1 - bit), auth, N);
    thash(node, a, b, 2);
}

/* xmss_pkFromSig (Algorithm 11) */
static void xmss_pk_from_sig(uint8_t *root, uint32_t idx, const uint8_t *sig, const uint8_t *msg,
                             adrs_t *a)
{
    set_type_clear(a, WOTS_HASH);
    set_keypair(a, idx);
    wots_pk_from_sig(root, sig, msg, a);
    set_type_clear(a, TREE);
    set_hash(a, idx);
    for (unsigned k = 0; k < HP; k++)
        auth_step(root, sig + N * (LEN + k), k + 1, (idx >> k) & 1u, a);
}

/* ------------------------------------------------------------------ hypertree (section 7) */
#define XMSS_SIG_BYTES (N * (LEN + HP))

static void ht_sign(uint8_t *sig, const uint8_t *msg, uint64_t idx_tree, uint32_t idx_leaf)
{
    uint32_t rootw[N / 4];
    uint8_t *root = (uint8_t *)rootw;
    adrs_t a = {{0}};
    set_tree(&a, idx_tree);
    xmss_sign(sig, msg, idx_leaf, &a);
    xmss_pk_from_sig(root, idx_leaf, sig, msg, &a);
    for (unsigned j = 1; j < SLH_D; j++) {
        idx_leaf = (uint32_t)(idx_tree & ((1u << HP) - 1u));
        idx_tree >>= HP;
        sig += XMSS_SIG_BYTES;
        memset(&a, 0, sizeof a);
        set_layer(&a, j);
        set_tree(&a, idx_tree);
        xmss_sign(sig, root, idx_leaf, &a);
        if (j < SLH_D - 1)
            xmss_pk_from_sig(root, idx_leaf, sig, root, &a);
    }
}

static int ht_verify(const uint8_t *msg, const uint8_t *sig, uint64_t idx_tree, uint32_t idx_leaf,
                     const uint8_t *pk_root)
{
    uint32_t nodew[N / 4];
    uint8_t *node = (uint8_t *)nodew;
    adrs_t a = {{0}};
    set_tree(&a, idx_tree);
    xmss_pk_from_sig(node, idx_leaf, sig, msg, &a);
    for (unsigned j = 1; j < SLH_D; j++) {
        idx_leaf = (uint32_t)(idx_tree & ((1u << HP) - 1u));
        idx_tree >>= HP;
        sig += XMSS_SIG_BYTES;
        memset(&a, 0, sizeof a);
        set_layer(&a, j);
        set_tree(&a, idx_tree);
        xmss_pk_from_sig(node, idx_leaf, sig, node, &a);
    }
    return memcmp(node, pk_root, N) == 0;
}

/* ------------------------------------------------------------------ FORS (section 8) */
/* base_2^b (Algorithm 4) with b = a: k indices from the message digest md */
static void fors_indices(uint32_t idx[K], const uint8_t *md)
{
    uint32_t total = 0, bits = 0, in = 0;
    for (unsigned i = 0; i < K; i++) {
        while (bits < A) {
            total = (total << 8) | md[in++];
            bits += 8;
        }
        bits -= A;
        idx[i] = (total >> bits) & ((1u << A) - 1u);
    }
}

/* fors_skGen (Algorithm 14) */
static void fors_skgen(uint8_t *sk, const adrs_t *a, uint32_t idx)
{
    adrs_t s = *a;
    set_type_clear(&s, FORS_PRF);
    set_keypair(&s, get_keypair(a));
    set_hash(&s, idx);
    thash(sk, &s, SK_SEED, 1);
}

/* fors_node (Algorithm 15) */
static void fors_node(uint8_t *node, uint32_t i, unsigned z, adrs_t *a)
{
    if (z == 0) {
        uint32_t skw[N / 4];
        fors_skgen((uint8_t *)skw, a, i);
        set_chain(a, 0);
        set_hash(a, i);
        thash(node, a, (const uint8_t *)skw, 1);
        return;
    }
    uint32_t lr[2 * N / 4];
    fors_node((uint8_t *)lr, 2 * i, z - 1, a);
    fors_node((uint8_t *)lr + N, 2 * i + 1, z - 1, a);
    set_chain(a, z);
    set_hash(a, i);
    thash(node, a, (const uint8_t *)lr, 2);
}

/* fors_sign (Algorithm 16) */
static void fors_sign(uint8_t *sig, const uint8_t *md, adrs_t *a)
{
    uint32_t idx[K];
    fors_indices(idx, md);
    for (unsigned i = 0; i < K; i++, sig += N * (A + 1)) {
        fors_skgen(sig, a, (i << A) + idx[i]);
        for (unsigned j = 0; j < A; j++)
            fors_node(sig + N * (1 + j), (i << (A - j)) + ((idx[i] >> j) ^ 1u), j, a);
    }
}

static uint32_t fors_roots[K * N / 4];

/* fors_pkFromSig (Algorithm 17) */
static void fors_pk_from_sig(uint8_t *pk, const uint8_t *sig, const uint8_t *md, adrs_t *a)
{
    uint32_t idx[K];
    uint8_t *roots = (uint8_t *)fors_roots;
    fors_indices(idx, md);
    for (unsigned i = 0; i < K; i++, sig += N * (A + 1)) {
        uint8_t *node = roots + N * i;
        set_chain(a, 0);
        set_hash(a, (i << A) + idx[i]);
        thash(node, a, sig, 1);
        for (unsigned j = 0; j < A; j++)
            auth_step(node, sig + N * (1 + j), j + 1, (idx[i] >> j) & 1u, a);
    }
    adrs_t p = *a;
    set_type_clear(&p, FORS_ROOTS);
    set_keypair(&p, get_keypair(a));
    thash(pk, &p, roots, K);
}

/* ------------------------------------------------------------------ SLH-DSA (section 9) */
void slh_keygen_internal(uint8_t *sk, uint8_t *pk, const uint8_t *sk_seed, const uint8_t *sk_prf,
                         const uint8_t *pk_seed)
{
    adrs_t a = {{0}};
    slh_kernels_init(pk_seed);
    memcpy(sk_seed_w, sk_seed, N);
    set_layer(&a, SLH_D - 1);
    memcpy(sk, sk_seed, N);
    memcpy(sk + N, sk_prf, N);
    memcpy(sk + 2 * N, pk_seed, N);
    xmss_node(sk + 3 * N, 0, HP, &a);
    memcpy(pk, sk + 2 * N, 2 * N);
}

#define MD_BYTES ((K * A + 7) / 8)
#define TREE_BYTES ((SLH_H - SLH_H / SLH_D + 7) / 8)
#define LEAF_BYTES ((SLH_H / SLH_D + 7) / 8)

/* the digest's split (Algorithm 19 lines 7-12, Algorithm 20 lines 9-14) */
static void split_digest(const uint8_t *digest, uint64_t *idx_tree, uint32_t *idx_leaf)
{
    uint64_t t = 0;
    uint32_t l = 0;
    for (unsigned i = 0; i < TREE_BYTES; i++)
        t = t << 8 | digest[MD_BYTES + i];
    for (unsigned i = 0; i < LEAF_BYTES; i++)
        l = l << 8 | digest[MD_BYTES + TREE_BYTES + i];
    *idx_tree = t & (SLH_H - SLH_H / SLH_D == 64 ? ~0ull : (1ull << (SLH_H - SLH_H / SLH_D)) - 1);
    *idx_leaf = l & ((1u << (SLH_H / SLH_D)) - 1u);
}

void slh_sign_internal(uint8_t *sig, const uint8_t *m, uint32_t mlen, const uint8_t *sk,
                       const uint8_t *addrnd)
{
    uint32_t digestw[(SLH_M + 3) / 4], pkforsw[N / 4];
    uint8_t *digest = (uint8_t *)digestw, *pk_fors = (uint8_t *)pkforsw;
    const uint8_t *sk_prf = sk + N, *pk_seed = sk + 2 * N, *pk_root = sk + 3 * N;
    adrs_t a = {{0}};
    slh_kernels_init(pk_seed);
    memcpy(sk_seed_w, sk, N);
    slh_prf_msg(sig, sk_prf, addrnd ? addrnd : pk_seed, m, mlen);               /* R */
    slh_h_msg(digest, sig, pk_seed, pk_root, m, mlen);
    uint64_t idx_tree;
    uint32_t idx_leaf;
    split_digest(digest, &idx_tree, &idx_leaf);
    set_tree(&a, idx_tree);
    set_type_clear(&a, FORS_TREE);
    set_keypair(&a, idx_leaf);
    fors_sign(sig + N, digest, &a);
    fors_pk_from_sig(pk_fors, sig + N, digest, &a);
    ht_sign(sig + N * (1 + K * (1 + A)), pk_fors, idx_tree, idx_leaf);
}

int slh_verify_internal(const uint8_t *m, uint32_t mlen, const uint8_t *sig, const uint8_t *pk)
{
    uint32_t digestw[(SLH_M + 3) / 4], pkforsw[N / 4];
    uint8_t *digest = (uint8_t *)digestw, *pk_fors = (uint8_t *)pkforsw;
    adrs_t a = {{0}};
    slh_kernels_init(pk);
    slh_h_msg(digest, sig, pk, pk + N, m, mlen);
    uint64_t idx_tree;
    uint32_t idx_leaf;
    split_digest(digest, &idx_tree, &idx_leaf);
    set_tree(&a, idx_tree);
    set_type_clear(&a, FORS_TREE);
    set_keypair(&a, idx_leaf);
    fors_pk_from_sig(pk_fors, sig + N, digest, &a);
    return ht_verify(pk_fors, sig + N * (1 + K * (1 + A)), idx_tree, idx_leaf, pk + N);
}
