/* Classic McEliece encapsulation and decapsulation (non-pc KEM) at the McEliece seed's reduced
 * parameters (m = 12, n = 48, t = 2, mt = 24), with a host-generated key as in the seed's FPGA
 * runs. DECAP (kernel_input.h) picks the operation.
 *   Encap  inputs TPK (the public key T: 24 rows of 24 bits, bit j = column 24 + j) and RND (the
 *          random bytes FixedWeight consumes). e = FixedWeight (8 bytes per try: four 16-bit
 *          chunks, low 12 bits, the first two below n, distinct), C = H e = (I | T) e,
 *          K = SHAKE256(1 || e || C, 32 bytes). Output C (3 bytes) then K.
 *   Decap  inputs G, SUPPORT, S (the rejection bits), C. e = Decode((C, 0)) (mce_dec.h);
 *          K = SHAKE256(1 || e || C) or, when decoding fails, SHAKE256(0 || s || C), selected
 *          without a branch. Output K.
 * Measured region: from the inputs in memory to the outputs in memory; `stage` lines give the
 * cycles of each step (FixedWeight, Encode, hash / Decode, hash).
 *   baseline  plain C, SHAKE256 by keccak_sw.h
 *   PQX       the McEliece unit for Decode (mce_dec.h), the Keccak unit for SHAKE256
 *             (keccak_pqx.h); FixedWeight and Encode are bit operations on the core in both. */
#include "kernel.h"
#include "kernel_input.h"
#include "mce_dec.h"
#if PQX_KERNEL
#include "keccak_pqx.h"
#else
#include "keccak_sw.h"
#endif

#define MT 24

/* Step timing inside the measured region: mcycle at each step's end, printed after it. */
static uint32_t stage_t_[4], stage_n_;
static const char *stage_name_[4];

static inline void stage(const char *name)
{
    stage_name_[stage_n_] = name;
    stage_t_[++stage_n_] = kernel_mcycle_();
}

static void print_stages(void)
{
    for (uint32_t k = 0; k < stage_n_; k++) {
        pqx_puts("stage ");
        pqx_puts(stage_name_[k]);
        pqx_putc(' ');
        pqx_putdec(stage_t_[k + 1] - stage_t_[k] - kernel_empty_);
        pqx_putc('\n');
    }
}

/* K = SHAKE256(b || x (6 bytes) || c (3 bytes)) */
static void session_key(uint32_t key[8], uint32_t b, const uint32_t x[2], uint32_t c)
{
    uint32_t msg[3];
    msg[0] = b | (x[0] << 8);
    msg[1] = (x[0] >> 24) | (x[1] << 8);          /* bytes 4..7: x bytes 3..5, c byte 0 */
    msg[1] = (msg[1] & 0x00FFFFFFu) | (c << 24);
    msg[2] = (c >> 8) & 0xFFFFu;                  /* bytes 8..9: c bytes 1..2 */
#if PQX_KERNEL
    kpqx_absorb(msg, 10, 136, 0x1F);
    kpqx_squeeze(key, 8, 136);
#else
    keccak_sponge_sw(136, 0x1F, (const uint8_t *)msg, 10, (uint8_t *)key, 32);
#endif
}

#if DECAP
static uint32_t g[MCE_T + 1], sup[48], s[2], c, key[8], dec[3];

int main(void)
{
    memcpy(g, G, sizeof g);
    memcpy(sup, SUPPORT, sizeof sup);
    memcpy(s, S, sizeof s);
    c = C[0];
    kernel_opaque(g);
    kernel_opaque(sup);
    kernel_opaque(s);
#if !PQX_KERNEL
    keccak_sw_init();
#endif
    KERNEL_BEGIN();
    stage_t_[0] = kernel_mcycle_();
    uint32_t v[2] = {c, 0};
    mce_decode(dec, g, sup, v);
    stage("decode");
    uint32_t ok = -dec[2], x[2];
    x[0] = (dec[0] & ok) | (s[0] & ~ok);
    x[1] = (dec[1] & ok) | (s[1] & ~ok);
    session_key(key, dec[2], x, c);
    stage("hash");
    KERNEL_END();
    print_stages();
    kernel_out(key, 32);
    return 0;
}
#else
static uint32_t tpk[MT], rnd[(RND_LEN + 3) / 4], key[8];

int main(void)
{
    memcpy(tpk, TPK, sizeof tpk);
    memcpy(rnd, RND, sizeof rnd);
    kernel_opaque(tpk);
    kernel_opaque(rnd);
#if !PQX_KERNEL
    keccak_sw_init();
#endif
    KERNEL_BEGIN();
    stage_t_[0] = kernel_mcycle_();
    uint32_t e[2] = {0, 0};
    const uint8_t *r = (const uint8_t *)rnd;
    for (uint32_t pos = 0; pos + 8 <= RND_LEN; pos += 8) {     /* FixedWeight */
        uint32_t a[2], na = 0;
        for (unsigned j = 0; j < 4; j++) {
            uint32_t d = (r[pos + 2 * j] | (uint32_t)r[pos + 2 * j + 1] << 8) & 0xFFFu;
            if (d < 48 && na < 2) a[na++] = d;
        }
        if (na == 2 && a[0] != a[1]) {
            e[a[0] >> 5] |= 1u << (a[0] & 31);
            e[a[1] >> 5] |= 1u << (a[1] & 31);
            break;
        }
    }
    stage("fixed_weight");
    uint32_t ehi = (e[0] >> MT) | (e[1] << (32 - MT)), cw = 0;  /* e bits 24..47 */
    for (unsigned i = 0; i < MT; i++)                           /* Encode: C = (I | T) e */
        cw |= (((e[0] >> i) ^ (uint32_t)__builtin_parity(tpk[i] & ehi)) & 1u) << i;
    stage("encode");
    session_key(key, 1, e, cw);
    stage("hash");
    KERNEL_END();
    print_stages();
    uint8_t cb[3] = {(uint8_t)cw, (uint8_t)(cw >> 8), (uint8_t)(cw >> 16)};
    kernel_out(cb, 3);
    kernel_out(key, 32);
    return 0;
}
#endif
