/* ML-KEM and ML-DSA polynomial arithmetic in plain C: the baselines of the arithmetic kernels, and
 * the twiddle tables both builds use.
 *
 * The code is the pq-crystals reference (kyber/ref reduce.c, ntt.c; dilithium/ref reduce.c,
 * ntt.c), with two changes so that every result is exact and canonical (what FIPS 203/204 and the
 * Python references compute):
 *   - NTT^-1 scales by R/n (ML-KEM 512, ML-DSA 2^24) instead of the reference's mont^2/n, so the
 *     result is f, not f R (the reference leaves the R for a later product);
 *   - the outputs are brought into [0, q) (caddq), as kyber-py / dilithium-py give them.
 * Tables: zetas_k[k] = R 17^brv7(k) mod 3329, zetas_d[k] = R 1753^brv8(k) mod 8380417, centred
 * (R = 2^16, 2^32); generated from verif/kernels/ntt.py (ZETAS_K, ZETAS_D), whose test checks them
 * against the reference tables. */
#ifndef NTT_SW_H
#define NTT_SW_H

#include <stdint.h>

/* Each kernel uses some of these; the others are not an error. */
#define NTT_SW_FN static __attribute__((unused))

/* ---------------------------------------------------------------- ML-KEM, q = 3329 */
#define KQ 3329
#define KQINV (-3327)          /* q^-1 mod 2^16 */
#define K_F_INTT 512           /* R / 128 mod q: NTT^-1 exactly */
#define K_R2 1353              /* R^2 mod q: MontK(x R^2) = x R */

static const int16_t zetas_k[128] __attribute__((unused)) = {
    -1044, -758, -359, -1517, 1493, 1422, 287, 202, -171, 622, 1577, 182, 962, -1202, -1474, 1468,
    573, -1325, 264, 383, -829, 1458, -1602, -130, -681, 1017, 732, 608, -1542, 411, -205, -1571,
    1223, 652, -552, 1015, -1293, 1491, -282, -1544, 516, -8, -320, -666, -1618, -1162, 126, 1469,
    -853, -90, -271, 830, 107, -1421, -247, -951, -398, 961, -1508, -725, 448, -1065, 677, -1275,
    -1103, 430, 555, 843, -1251, 871, 1550, 105, 422, 587, 177, -235, -291, -460, 1574, 1653,
    -246, 778, 1159, -147, -777, 1483, -602, 1119, -1590, 644, -872, 349, 418, 329, -156, -75,
    817, 1097, 603, 610, 1322, -1285, -1465, 384, -1215, -136, 1218, -1335, -874, 220, -1187, -1659,
    -1185, -1530, -1278, 794, -1510, -854, -870, 478, -108, -308, 996, 991, 958, -1460, 1522, 1628,
};

static inline int16_t k_montgomery_reduce(int32_t a)
{
    int16_t t = (int16_t)((int16_t)a * KQINV);
    return (int16_t)((a - (int32_t)t * KQ) >> 16);
}

static inline int16_t k_fqmul(int16_t a, int16_t b)
{
    return k_montgomery_reduce((int32_t)a * b);
}

static inline int16_t k_barrett_reduce(int16_t a)
{
    const int16_t v = ((1 << 26) + KQ / 2) / KQ;   /* 20159, folded by the compiler */
    int16_t t = (int16_t)(((int32_t)v * a + (1 << 25)) >> 26);
    return (int16_t)(a - t * KQ);
}

static inline int16_t k_caddq(int16_t a)
{
    return (int16_t)(a + ((a >> 15) & KQ));
}

/* FIPS 203 NTT (Algorithm 9), in place; input |r| < q, output in [0, q), bit-reversed order. */
NTT_SW_FN void k_ntt_sw(int16_t r[256])
{
    unsigned len, start, j, k = 1;
    for (len = 128; len >= 2; len >>= 1) {
        for (start = 0; start < 256; start = j + len) {
            int16_t zeta = zetas_k[k++];
            for (j = start; j < start + len; j++) {
                int16_t t = k_fqmul(zeta, r[j + len]);
                r[j + len] = (int16_t)(r[j] - t);
                r[j] = (int16_t)(r[j] + t);
            }
        }
    }
    for (j = 0; j < 256; j++)
        r[j] = k_caddq(k_barrett_reduce(r[j]));
}

/* FIPS 203 NTT^-1 (Algorithm 10), in place; input |r| < q, output in [0, q). */
NTT_SW_FN void k_invntt_sw(int16_t r[256])
{
    unsigned len, start, j, k = 127;
    for (len = 2; len <= 128; len <<= 1) {
        for (start = 0; start < 256; start = j + len) {
            int16_t zeta = zetas_k[k--];
            for (j = start; j < start + len; j++) {
                int16_t t = r[j];
                r[j] = k_barrett_reduce((int16_t)(t + r[j + len]));
                r[j + len] = (int16_t)(r[j + len] - t);
                r[j + len] = k_fqmul(zeta, r[j + len]);
            }
        }
    }
    for (j = 0; j < 256; j++)
        r[j] = k_caddq(k_fqmul(r[j], K_F_INTT));
}

/* FIPS 203 MultiplyNTTs (Algorithm 11): the reference basemul per pair, then tomont (the
 * basemul leaves a factor 1/R) and caddq; inputs |a|, |b| < q, output in [0, q). */
NTT_SW_FN void k_basemul_sw(int16_t r[256], const int16_t a[256], const int16_t b[256])
{
    for (unsigned i = 0; i < 128; i++) {
        int16_t zeta = (i & 1) ? (int16_t)-zetas_k[64 + i / 2] : zetas_k[64 + i / 2];
        const int16_t *x = &a[2 * i], *y = &b[2 * i];
        int16_t r0 = k_fqmul(k_fqmul(x[1], y[1]), zeta);
        r0 = (int16_t)(r0 + k_fqmul(x[0], y[0]));
        int16_t r1 = (int16_t)(k_fqmul(x[0], y[1]) + k_fqmul(x[1], y[0]));
        r[2 * i] = k_caddq(k_fqmul(r0, K_R2));
        r[2 * i + 1] = k_caddq(k_fqmul(r1, K_R2));
    }
}

/* ---------------------------------------------------------------- ML-DSA, q = 8380417 */
#define DQ 8380417
#define DQINV 58728449         /* q^-1 mod 2^32 */

static const int32_t zetas_d[256] __attribute__((unused)) = {
    -4186625, 25847, -2608894, -518909, 237124, -777960, -876248, 466468,
    1826347, 2353451, -359251, -2091905, 3119733, -2884855, 3111497, 2680103,
    2725464, 1024112, -1079900, 3585928, -549488, -1119584, 2619752, -2108549,
    -2118186, -3859737, -1399561, -3277672, 1757237, -19422, 4010497, 280005,
    2706023, 95776, 3077325, 3530437, -1661693, -3592148, -2537516, 3915439,
    -3861115, -3043716, 3574422, -2867647, 3539968, -300467, 2348700, -539299,
    -1699267, -1643818, 3505694, -3821735, 3507263, -2140649, -1600420, 3699596,
    811944, 531354, 954230, 3881043, 3900724, -2556880, 2071892, -2797779,
    -3930395, -1528703, -3677745, -3041255, -1452451, 3475950, 2176455, -1585221,
    -1257611, 1939314, -4083598, -1000202, -3190144, -3157330, -3632928, 126922,
    3412210, -983419, 2147896, 2715295, -2967645, -3693493, -411027, -2477047,
    -671102, -1228525, -22981, -1308169, -381987, 1349076, 1852771, -1430430,
    -3343383, 264944, 508951, 3097992, 44288, -1100098, 904516, 3958618,
    -3724342, -8578, 1653064, -3249728, 2389356, -210977, 759969, -1316856,
    189548, -3553272, 3159746, -1851402, -2409325, -177440, 1315589, 1341330,
    1285669, -1584928, -812732, -1439742, -3019102, -3881060, -3628969, 3839961,
    2091667, 3407706, 2316500, 3817976, -3342478, 2244091, -2446433, -3562462,
    266997, 2434439, -1235728, 3513181, -3520352, -3759364, -1197226, -3193378,
    900702, 1859098, 909542, 819034, 495491, -1613174, -43260, -522500,
    -655327, -3122442, 2031748, 3207046, -3556995, -525098, -768622, -3595838,
    342297, 286988, -2437823, 4108315, 3437287, -3342277, 1735879, 203044,
    2842341, 2691481, -2590150, 1265009, 4055324, 1247620, 2486353, 1595974,
    -3767016, 1250494, 2635921, -3548272, -2994039, 1869119, 1903435, -1050970,
    -1333058, 1237275, -3318210, -1430225, -451100, 1312455, 3306115, -1962642,
    -1279661, 1917081, -2546312, -1374803, 1500165, 777191, 2235880, 3406031,
    -542412, -2831860, -1671176, -1846953, -2584293, -3724270, 594136, -3776993,
    -2013608, 2432395, 2454455, -164721, 1957272, 3369112, 185531, -1207385,
    -3183426, 162844, 1616392, 3014001, 810149, 1652634, -3694233, -1799107,
    -3038916, 3523897, 3866901, 269760, 2213111, -975884, 1717735, 472078,
    -426683, 1723600, -1803090, 1910376, -1667432, -1104333, -260646, -3833893,
    -2939036, -2235985, -420899, -2286327, 183443, -976891, 1612842, -3545687,
    -554416, 3919660, -48306, -1362209, 3937738, 1400424, -846154, 1976782,
};

static inline int32_t d_montgomery_reduce(int64_t a)
{
    int32_t t = (int32_t)((int64_t)(int32_t)a * DQINV);
    return (int32_t)((a - (int64_t)t * DQ) >> 32);
}

static inline int32_t d_reduce32(int32_t a)
{
    int32_t t = (a + (1 << 22)) >> 23;
    return a - t * DQ;
}

static inline int32_t d_caddq(int32_t a)
{
    return a + ((a >> 31) & DQ);
}

/* FIPS 204 NTT (Algorithm 41), in place; input |a| < q, output in [0, q). */
NTT_SW_FN void d_ntt_sw(int32_t a[256])
{
    unsigned len, start, j, k = 0;
    for (len = 128; len > 0; len >>= 1) {
        for (start = 0; start < 256; start = j + len) {
            int32_t zeta = zetas_d[++k];
            for (j = start; j < start + len; j++) {
                int32_t t = d_montgomery_reduce((int64_t)zeta * a[j + len]);
                a[j + len] = a[j] - t;
                a[j] = a[j] + t;
            }
        }
    }
    for (j = 0; j < 256; j++)
        a[j] = d_caddq(d_reduce32(a[j]));
}

/* FIPS 204 NTT^-1 (Algorithm 42), in place; input |a| < q, output in [0, q). The final scaling
 * by D_F_INTT = R/256 mod q makes the result exact (the reference's mont^2/256 leaves a factor R). */
#define D_F_INTT 16382
#define D_R2 2365951           /* R^2 mod q: MontD(x R^2) = x R */
NTT_SW_FN void d_invntt_sw(int32_t a[256])
{
    unsigned len, start, j, k = 256;
    for (len = 1; len < 256; len <<= 1) {
        for (start = 0; start < 256; start = j + len) {
            int32_t zeta = -zetas_d[--k];
            for (j = start; j < start + len; j++) {
                int32_t t = a[j];
                a[j] = t + a[j + len];
                a[j + len] = d_montgomery_reduce((int64_t)zeta * (t - a[j + len]));
            }
        }
    }
    for (j = 0; j < 256; j++)
        a[j] = d_caddq(d_montgomery_reduce((int64_t)D_F_INTT * a[j]));
}

/* The FIPS 204 NTT with the output times R mod q (Montgomery form), in [0, q): the b operand of
 * d_dot_sw. */
NTT_SW_FN void d_ntt_mont_sw(int32_t a[256])
{
    d_ntt_sw(a);
    for (unsigned j = 0; j < 256; j++)
        a[j] = d_caddq(d_montgomery_reduce((int64_t)D_R2 * a[j]));
}

/* r = sum_{j < n} a[j] o b[j] mod q in [0, q) (FIPS 204 MultiplyNTT and AddNTT) for b in
 * Montgomery form (d_ntt_mont_sw), n consecutive polynomials each (n <= 8), |a| < q: the
 * Montgomery products (each in (-q, q)) are summed, then reduce32 and caddq. */
NTT_SW_FN void d_dot_sw(int32_t r[256], const int32_t *a, const int32_t *b, unsigned n)
{
    for (unsigned i = 0; i < 256; i++) {
        int32_t t = 0;
        for (unsigned j = 0; j < n; j++)
            t += d_montgomery_reduce((int64_t)a[256 * j + i] * b[256 * j + i]);
        r[i] = d_caddq(d_reduce32(t));
    }
}

#endif /* NTT_SW_H */
