/* The HQC kernels (hqc_kernels.h) in plain C (PQX_KERNEL=0). The PQX build (PQX_KERNEL=1) is the
 * next step of issue 36: the PQX sponge (keccak_pqx.h), the vector product on KARATS1-4, GFMUL8,
 * GF_REDUCE and BARRETT_HQC1/3/5 (docs/isa.md). */
#include "hqc_kernels.h"

#ifndef PQX_KERNEL
#error "compile with -DPQX_KERNEL=0 (baseline) or -DPQX_KERNEL=1 (PQX)"
#endif

#if PQX_KERNEL
#error "the PQX build of the HQC kernels is not written yet (issue 36): build with -DPQX_KERNEL=0"
#else
#include "keccak_sw.h"

#define W HQC_N_WORDS

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
