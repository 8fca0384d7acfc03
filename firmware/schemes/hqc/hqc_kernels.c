/* The HQC kernels (hqc_kernels.h): in plain C (PQX_KERNEL=0, the baseline) and on PQX
 * (PQX_KERNEL=1): the sponge on the Keccak unit (KINIT, KABSORB, KPERM, STORE), the vector
 * product as a Karatsuba product of dense vectors on KARATS1-4, GFMUL8, GF_REDUCE and
 * BARRETT_HQC1/3/5 (docs/isa.md). Both builds compute the same bits (the scheme checks compare
 * each against the model). */
#include "hqc_kernels.h"

#ifndef PQX_KERNEL
#error "compile with -DPQX_KERNEL=0 (baseline) or -DPQX_KERNEL=1 (PQX)"
#endif

#define W HQC_N_WORDS

#if PQX_KERNEL
#include "pqx.h"

void hqc_kernels_init(void)
{
}

/* ------------------------------------------------------------------ sponge
 * S and O live in the state unit: KINIT clears them, KABSORB xors a 64-bit lane (two words) into
 * S at an even word index, KPERM sets O = S = Keccak-f[1600](S), STORE k reads O[k]. The bytes
 * are gathered into a lane (lane_lo, lane_hi) and absorbed when it is full; the output is read
 * a word at a time. The byte order is Keccak's: byte j of the rate is bits 8 (j mod 4) of word
 * j / 4, as keccak_sw.h. */
static unsigned sp_rate, sp_pos;         /* bytes per block; position in the block */
static uint32_t lane_lo, lane_hi, out_word;

void hqc_sponge_start(unsigned rate)
{
    pqx_kinit();
    sp_rate = rate;
    sp_pos = 0;
    lane_lo = lane_hi = 0;
}

static inline void lane_add(unsigned pos, uint32_t byte)
{
    if (pos % 8 < 4)
        lane_lo ^= byte << (8 * (pos % 4));
    else
        lane_hi ^= byte << (8 * (pos % 4));
}

static inline void lane_flush(unsigned pos)   /* the lane holding byte pos, into S */
{
    pqx_kabsorb(lane_lo, lane_hi, (pos / 8) * 2);
    lane_lo = lane_hi = 0;
}

void hqc_sponge_absorb(const uint8_t *in, uint32_t len)
{
    for (uint32_t i = 0; i < len; i++) {
        lane_add(sp_pos, in[i]);
        if (sp_pos % 8 == 7)
            lane_flush(sp_pos);
        if (++sp_pos == sp_rate) {
            pqx_kperm();
            sp_pos = 0;
        }
    }
}

void hqc_sponge_finish(uint8_t suffix)
{
    lane_add(sp_pos, suffix);
    if (sp_pos / 8 != (sp_rate - 1) / 8)       /* the last lane of the rate holds only 0x80 */
        lane_flush(sp_pos);
    lane_add(sp_rate - 1, 0x80);
    lane_flush(sp_rate - 1);
    pqx_kperm();
    sp_pos = 0;
}

void hqc_sponge_squeeze(uint8_t *out, uint32_t len)
{
    for (uint32_t i = 0; i < len; i++) {
        if (sp_pos == sp_rate) {
            pqx_kperm();
            sp_pos = 0;
        }
        if (sp_pos % 4 == 0)
            out_word = pqx_store(sp_pos / 4);
        out[i] = (uint8_t)(out_word >> (8 * (sp_pos % 4)));
        sp_pos++;
    }
}

/* ------------------------------------------------------------------ vector product
 * Dense times dense: the support becomes a dense vector (every word visited for every position:
 * no address depends on it), then a Karatsuba product over 64-bit limbs (a limb is two words, low
 * first) down to KARATS_BASE limbs, whose schoolbook products are KARATS1-4: the 128-bit
 * carry-less product of two limbs in four one-cycle instructions (KARATS1 and KARATS2 take the
 * low and the high words and give bits 31:0 and 127:96, KARATS3 and KARATS4 bits 63:32 and
 * 95:64). Over GF(2) the middle term is (a0 + a1)(b0 + b1) + a0 b0 + a1 b1. Nothing branches on
 * the data. The product is folded modulo X^n - 1 as in the baseline. */
#define KPIN2(x, y) __asm__ volatile("" : "+r"(x), "+r"(y))   /* computed before this point */
#define LIMBS ((W + 1) / 2)
/* measured on HQC-1's product: of 8, 9, 12, 18 and 35 limbs, 18 took the fewest cycles (583 k) */
#define KARATS_BASE 18
/* scratch of kmul for n limbs: 8 ceil(n / 2) words at this level, the same for the half below */
#define KMUL_SCRATCH (8 * (LIMBS + 1) + 16 * 16)

static uint32_t vm_a[2 * LIMBS], vm_y[2 * LIMBS];
static uint32_t vm_acc[4 * LIMBS];
static uint32_t vm_tmp[KMUL_SCRATCH];

/* r (2n limbs) = a b (n limbs each), schoolbook by columns: the products of column k (limbs i
 * and k - i) go into four registers that hold words 2k .. 2k + 3, of which 2k and 2k + 1 are
 * final after the column (no load or store of the product per partial product) */
static void kmul_base(uint32_t *r, const uint32_t *a, const uint32_t *b, unsigned n)
{
    uint32_t c0 = 0, c1 = 0, c2 = 0, c3 = 0;
    for (unsigned k = 0; k + 1 < 2 * n; k++) {
        const unsigned lo = k < n ? 0 : k - n + 1, hi = k < n ? k : n - 1;
        const uint32_t *x = a + 2 * lo, *y = b + 2 * (k - lo), *end = a + 2 * hi + 2;
        /* two partial products per step: the next pair's words are loaded while this one's
         * products are taken, and no offloaded result is used by the instruction after it */
        for (; x + 2 < end; x += 4, y -= 4) {
            uint32_t x0 = x[0], y0 = y[0], x1 = x[1], y1 = y[1];
            uint32_t u0 = x[2], v0 = y[-2], u1 = x[3], v1 = y[-1];
            KPIN2(x0, y0);
            uint32_t p0 = pqx_karats1(x0, y0), p3 = pqx_karats2(x1, y1);
            uint32_t p1 = pqx_karats3(), p2 = pqx_karats4();
            KPIN2(u0, v0);
            uint32_t q0 = pqx_karats1(u0, v0), q3 = pqx_karats2(u1, v1);
            c0 ^= p0 ^ q0;
            c3 ^= p3 ^ q3;
            uint32_t q1 = pqx_karats3(), q2 = pqx_karats4();
            c1 ^= p1 ^ q1;
            c2 ^= p2 ^ q2;
        }
        if (x < end) {
            c0 ^= pqx_karats1(x[0], y[0]);
            c3 ^= pqx_karats2(x[1], y[1]);
            c1 ^= pqx_karats3();
            c2 ^= pqx_karats4();
        }
        r[2 * k] = c0;
        r[2 * k + 1] = c1;
        c0 = c2;
        c1 = c3;
        c2 = c3 = 0;
    }
    r[4 * n - 2] = c0;
    r[4 * n - 1] = c1;
}

/* r (2n limbs) = a b (n limbs each); tmp: scratch (KMUL_SCRATCH words at the top level).
 * With a = a0 + X^(64 h) a1 (h limbs and m = n - h <= h), b likewise, z0 = a0 b0 in r's
 * limbs 0 .. 2h, z2 = a1 b1 in limbs 2h .. 2n and z1 = (a0 + a1)(b0 + b1): the product is
 * z0 + X^(64 h) (z1 + z0 + z2) + X^(128 h) z2. In words, with the halves L and H of 2h words:
 * r[2h + w] = z0H ^ z2L ^ z1L ^ z0L and r[4h + w] = z0H ^ z2L ^ z1H ^ z2H, one pass. */
static void kmul(uint32_t *r, const uint32_t *a, const uint32_t *b, unsigned n, uint32_t *tmp)
{
    if (n <= KARATS_BASE) {
        kmul_base(r, a, b, n);
        return;
    }
    const unsigned h = (n + 1) / 2, m = n - h;
    uint32_t *sa = tmp, *sb = tmp + 2 * h, *z1 = tmp + 4 * h, *next = tmp + 8 * h;
    unsigned w = 0;
    for (; w < 2 * m; w++) {
        sa[w] = a[w] ^ a[2 * h + w];
        sb[w] = b[w] ^ b[2 * h + w];
    }
    for (; w < 2 * h; w++) {
        sa[w] = a[w];
        sb[w] = b[w];
    }
    kmul(z1, sa, sb, h, next);
    kmul(r, a, b, h, next);
    kmul(r + 4 * h, a + 2 * h, b + 2 * h, m, next);
    const unsigned z2h = 4 * m - 2 * h;           /* words of z2's upper half (2h or 2h - 4) */
    uint32_t *z0l = r, *z0h = r + 2 * h, *z2l = r + 4 * h, *z2hi = r + 6 * h, *z1h = z1 + 2 * h;
    for (w = 0; w < z2h; w++) {
        uint32_t t = z0h[w] ^ z2l[w];
        z0h[w] = t ^ z1[w] ^ z0l[w];
        z2l[w] = t ^ z1h[w] ^ z2hi[w];
    }
    for (; w < 2 * h; w++) {
        uint32_t t = z0h[w] ^ z2l[w];
        z0h[w] = t ^ z1[w] ^ z0l[w];
        z2l[w] = t ^ z1h[w];
    }
}

/* v (dense) = sum X^support[j] (hqc.c's hqc_vec_add_support on a cleared vector) */
static void dense_from_support(uint32_t *v, const uint32_t *support, unsigned weight)
{
    for (unsigned i = 0; i < 2 * LIMBS; i++)
        v[i] = 0;
    hqc_vec_add_support(v, support, weight);
}

/* out = vm_a * vm_y mod (X^n - 1), a from `a` (its W words; the limb padding cleared) */
static void product_folded(uint32_t out[W], const uint32_t a[W])
{
    for (unsigned i = 0; i < W; i++)
        vm_a[i] = a[i];
    for (unsigned i = W; i < 2 * LIMBS; i++)
        vm_a[i] = 0;
    kmul(vm_acc, vm_a, vm_y, LIMBS, vm_tmp);
    const unsigned rn = HQC_N % 32;           /* n is prime: rn != 0 */
    for (unsigned i = 0; i < W; i++)
        out[i] = vm_acc[i] ^ (vm_acc[W - 1 + i] >> rn) ^ (vm_acc[W + i] << (32 - rn));
    out[W - 1] &= (1u << rn) - 1u;
}

void hqc_vec_mul(uint32_t out[W], const uint32_t a[W], const uint32_t *support, unsigned weight)
{
    dense_from_support(vm_y, support, weight);
    product_folded(out, a);
}

void hqc_vec_mul2(uint32_t out1[W], const uint32_t a1[W], uint32_t out2[W], const uint32_t a2[W],
                  const uint32_t *support, unsigned weight)
{
    dense_from_support(vm_y, support, weight);
    product_folded(out1, a1);
    product_folded(out2, a2);
}

/* ------------------------------------------------------------------ GF(2^8), x mod n */
uint32_t hqc_gf_clmul(uint32_t a, uint32_t b)
{
    return pqx_gfmul8(a, b);
}

uint32_t hqc_gf_reduce(uint32_t x)
{
    return pqx_gf_reduce(x);
}

uint32_t hqc_mod_n(uint32_t x)
{
#if HQC_N == 17669
    return pqx_barrett_hqc1(x);
#elif HQC_N == 35851
    return pqx_barrett_hqc3(x);
#else
    return pqx_barrett_hqc5(x);
#endif
}

#else
#include "keccak_sw.h"

void hqc_kernels_init(void)
{
    keccak_sw_init();
}

/* ------------------------------------------------------------------ sponge
 * An incremental front end to the project's Keccak-f[1600] (firmware/lib/keccak_sw.h): the same
 * little-endian byte-to-lane order and padding as its keccak_absorb_sw / keccak_squeeze_sw, with
 * the input and the output split over calls (HQC hashes ek || domain and H(ek) || sigma || ct ||
 * domain without copying them, and draws its samplers' bytes a few at a time). */
static uint64_t sp_state[25];
static unsigned sp_rate, sp_pos;

void hqc_sponge_start(unsigned rate)
{
    for (int i = 0; i < 25; i++)
        sp_state[i] = 0;
    sp_rate = rate;
    sp_pos = 0;
}

void hqc_sponge_absorb(const uint8_t *in, uint32_t len)
{
    for (uint32_t i = 0; i < len; i++) {
        sp_state[sp_pos / 8] ^= (uint64_t)in[i] << (8 * (sp_pos % 8));
        if (++sp_pos == sp_rate) {
            keccak_f1600_sw(sp_state);
            sp_pos = 0;
        }
    }
}

void hqc_sponge_finish(uint8_t suffix)
{
    sp_state[sp_pos / 8] ^= (uint64_t)suffix << (8 * (sp_pos % 8));
    sp_state[(sp_rate - 1) / 8] ^= 0x80ull << (8 * ((sp_rate - 1) % 8));
    keccak_f1600_sw(sp_state);
    sp_pos = 0;
}

void hqc_sponge_squeeze(uint8_t *out, uint32_t len)
{
    for (uint32_t i = 0; i < len; i++) {
        if (sp_pos == sp_rate) {
            keccak_f1600_sw(sp_state);
            sp_pos = 0;
        }
        out[i] = (uint8_t)(sp_state[sp_pos / 8] >> (8 * (sp_pos % 8)));
        sp_pos++;
    }
}

/* ------------------------------------------------------------------ vector product
 * Sparse times dense, constant time. For each position p = 32 q + r of the (secret) support:
 * the dense a shifted left by r bits (W + 1 words; the shift amount is a register operand, one
 * cycle on the core), then moved up by q words with a barrel shifter: one pass per bit of q,
 * each pass a masked select between every word and the word 2^k below it (public addresses),
 * then XORed into the 2W-word product. The product is folded once at the end. Cost per position
 * about (log2 W + 3) passes over W words: no address and no branch depends on p. */
static uint32_t vm_acc[2 * W];       /* the unreduced product a * sum X^p (below X^(2n + 32)) */
static uint32_t vm_sh[2 * W];        /* a X^p */

void hqc_vec_mul(uint32_t out[W], const uint32_t a[W], const uint32_t *support, unsigned weight)
{
    for (unsigned i = 0; i < 2 * W; i++)
        vm_acc[i] = 0;
    for (unsigned j = 0; j < weight; j++) {
        uint32_t p = support[j];
        uint32_t r = p & 31u, q = p >> 5;
        uint32_t prev = 0;
        for (unsigned i = 0; i < W; i++) {      /* a << r; (x >> 1) >> (31 - r) is x >> (32 - r), 0 for r = 0 */
            uint32_t x = a[i];
            vm_sh[i] = (x << r) | ((prev >> 1) >> (31u - r));
            prev = x;
        }
        vm_sh[W] = (prev >> 1) >> (31u - r);
        for (unsigned i = W + 1; i < 2 * W; i++)
            vm_sh[i] = 0;
        unsigned len = W + 1;                   /* words that may be non-zero */
        for (unsigned k = 0; (1u << k) < W; k++) {  /* q <= W - 1: its bits below log2 W */
            unsigned s = 1u << k;
            uint32_t m = 0u - ((q >> k) & 1u);
            HQC_BARRIER(m);
            unsigned top = len + s < 2 * W ? len + s : 2 * W;
            for (unsigned i = top; i-- > s;)
                vm_sh[i] ^= (vm_sh[i] ^ vm_sh[i - s]) & m;
            for (unsigned i = 0; i < s; i++)
                vm_sh[i] &= ~m;
            len = top;
        }
        for (unsigned i = 0; i < len; i++)
            vm_acc[i] ^= vm_sh[i];
    }
    /* out = (acc mod X^n) + (acc div X^n mod X^n): bit i of out is acc bit i ^ acc bit n + i */
    const unsigned rn = HQC_N % 32;           /* n is prime: rn != 0 */
    for (unsigned i = 0; i < W; i++)
        out[i] = vm_acc[i] ^ (vm_acc[W - 1 + i] >> rn) ^ (vm_acc[W + i] << (32 - rn));
    out[W - 1] &= (1u << rn) - 1u;
}

void hqc_vec_mul2(uint32_t out1[W], const uint32_t a1[W], uint32_t out2[W], const uint32_t a2[W],
                  const uint32_t *support, unsigned weight)
{
    hqc_vec_mul(out1, a1, support, weight);
    hqc_vec_mul(out2, a2, support, weight);
}

/* ------------------------------------------------------------------ GF(2^8) */
uint32_t hqc_gf_clmul(uint32_t a, uint32_t b)
{
    uint32_t r = 0;
    a &= 0xFFu;
    for (unsigned i = 0; i < 8; i++)
        r ^= (a << i) & (0u - ((b >> i) & 1u));
    return r;
}

uint32_t hqc_gf_reduce(uint32_t x)
{
    x &= 0xFFFFu;
    for (unsigned i = 15; i >= 8; i--)
        x ^= (0x11Du << (i - 8)) & (0u - ((x >> i) & 1u));
    return x;
}

/* ------------------------------------------------------------------ x mod n
 * Barrett with a 32 x 32 -> 64-bit product (mulhu on RV32; no division, whose time on the core
 * depends on the operands): t = floor(x M / 2^32) with M = floor(2^32 / n) is floor(x / n) or
 * one less, for every 32-bit x; one masked subtraction corrects it. */
uint32_t hqc_mod_n(uint32_t x)
{
    const uint32_t m = (uint32_t)(0x100000000ull / HQC_N);
    uint32_t t = (uint32_t)(((uint64_t)x * m) >> 32);
    uint32_t r = x - t * HQC_N;                 /* in [0, 2n) */
    uint32_t d = r - HQC_N;
    return d + (HQC_N & (0u - (d >> 31)));      /* r - n, plus n back if that went negative */
}
#endif
