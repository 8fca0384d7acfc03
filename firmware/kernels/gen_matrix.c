/* ML-KEM GenMatrix: A[i][j] = SampleNTT(rho || j || i) for i, j < K (FIPS 203 Algorithm 7 and
 * the matrix expansion of K-PKE.KeyGen; HORCRUX Table VII gen-matrix: 418,060 / 24,763 cycles).
 * Input RHO: 32 bytes as 8 little-endian words; output: the K*K polynomials, row-major, 256
 * coefficients in [0, q) each as uint16 little-endian. K = 2 (ML-KEM-512) in the cycle table:
 * HORCRUX's software figure is ~17 permutation costs, i.e. the 4 polynomials x 3 blocks of
 * ML-KEM-512 (k = 3 would be 27).
 *
 * Both builds follow the reference C code (Kyber gen_matrix / rej_uniform): per polynomial
 * SHAKE128(rho || j || i), 3 blocks (GEN_MATRIX_NBLOCKS) checked in full, then one more block at a
 * time while fewer than 256 coefficients were accepted. Every 3 bytes give d1 = bits 11..0 and
 * d2 = bits 23..12, kept when < q.
 *   baseline  keccak_absorb_sw / keccak_f1600_sw (keccak_sw.h), bytes read from the lanes
 *   PQX       KINIT, 6 LOADs (rho, the j || i || 0x1F word, the 0x80 word), KPERM; per block 56
 *             KREAD3 (three output bytes each, straight from O) and KPERM between blocks.
 * The sampler is branch-free: each candidate is stored at p and p advances by 2 bytes when it is
 * accepted (sltu, add, add), so a block costs 56 x 12 instructions; candidates past the 256th
 * are written into the next polynomial (overwritten later) or the slack after A.
 * Measured region: from rho in memory to the whole matrix in memory (the absorb, all
 * permutations and the sampling: HORCRUX's gen-matrix, 4 polynomials of ML-KEM-512). */
#include "kernel.h"
#include "kernel_input.h"
#if PQX_KERNEL
#include "keccak_pqx.h"
#else
#include "keccak_sw.h"
#endif

#define Q 3329u
#define N 256
#define NBLOCKS 3           /* Kyber GEN_MATRIX_NBLOCKS */
/* one block can add 112 coefficients to a polynomial that still lacks some */
static uint16_t A[K * K * N + 112];

#if PQX_KERNEL
/* The 56 candidate pairs of the SHAKE128 block in O, appended at p; returns the new p.
 * KREAD3, addi (next offset), then the use: the result is one instruction old. */
KPQX_INLINE uint16_t *sample_block(uint16_t *p, uint32_t mask, uint32_t q)
{
    uint32_t off = 0;
    KPQX_PIN(off);
#pragma clang loop unroll(full)
    for (int t = 0; t < 56; t++) {
        uint32_t r = pqx_kread3(off);
        off += 3;
        KPQX_PIN2(off, r);
        uint32_t d1 = r & mask, d2 = r >> 12;
        p[0] = (uint16_t)d1;
        p += d1 < q;
        p[0] = (uint16_t)d2;
        p += d2 < q;
    }
    return p;
}
#else
/* The reference's rej_uniform on len bytes: appends to a[*ctr .. N-1]. */
static void rej_uniform(uint16_t *a, unsigned *ctr, const uint8_t *buf, unsigned len)
{
    unsigned c = *ctr;
    for (unsigned pos = 0; pos + 3 <= len && c < N; pos += 3) {
        uint32_t d1 = (buf[pos] | (uint32_t)buf[pos + 1] << 8) & 0xFFF;
        uint32_t d2 = (buf[pos + 1] >> 4) | (uint32_t)buf[pos + 2] << 4;
        if (d1 < Q)
            a[c++] = (uint16_t)d1;
        if (d2 < Q && c < N)
            a[c++] = (uint16_t)d2;
    }
    *ctr = c;
}
#endif

int main(void)
{
    const uint32_t *rho = RHO;
    KERNEL_HIDE(rho);
#if !PQX_KERNEL
    keccak_sw_init();
#endif
    KERNEL_BEGIN();
#if PQX_KERNEL
    uint32_t mask = 0xFFF, q = Q;
    KPQX_PIN2(mask, q);
    for (unsigned i = 0; i < K; i++) {
        for (unsigned j = 0; j < K; j++) {
            uint16_t *a = &A[(i * K + j) * N], *p = a;
            uint32_t ji = j | i << 8 | 0x1Fu << 16, i2 = 2, i4 = 4, i6 = 6, i8 = 8, i40 = 40;
            KPQX_PIN2(i2, i4);
            KPQX_PIN2(i6, i8);
            KPQX_PIN2(i40, ji);
            pqx_kinit();
            pqx_load(rho[0], rho[1], 0);
            pqx_load(rho[2], rho[3], i2);
            pqx_load(rho[4], rho[5], i4);
            pqx_load(rho[6], rho[7], i6);
            pqx_load(ji, 0, i8);                    /* rho || j || i, then 0x1F */
            pqx_load(0, 0x80000000u, i40);          /* the rate's last byte (168 = 4 * 42) */
            pqx_kperm();
            for (int b = 0; b < NBLOCKS; b++) {
                if (b)
                    pqx_kperm();
                p = sample_block(p, mask, q);
            }
            while (p < a + N) {
                pqx_kperm();
                p = sample_block(p, mask, q);
            }
        }
    }
#else
    for (unsigned i = 0; i < K; i++) {
        for (unsigned j = 0; j < K; j++) {
            uint8_t seed[34], buf[NBLOCKS * 168];
            uint64_t st[25];
            unsigned ctr = 0;
            for (int k = 0; k < 32; k++)
                seed[k] = ((const uint8_t *)rho)[k];
            seed[32] = (uint8_t)j;
            seed[33] = (uint8_t)i;
            keccak_absorb_sw(st, 168, 0x1F, seed, 34);
            keccak_squeeze_sw(st, 168, buf, sizeof buf);
            rej_uniform(&A[(i * K + j) * N], &ctr, buf, sizeof buf);
            while (ctr < N) {
                keccak_f1600_sw(st);
                keccak_squeeze_sw(st, 168, buf, 168);
                rej_uniform(&A[(i * K + j) * N], &ctr, buf, 168);
            }
        }
    }
#endif
    KERNEL_END();
    kernel_out(A, K * K * N * 2);
    return 0;
}
