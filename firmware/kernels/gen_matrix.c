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
#include "mlkem_pqx.h"
#else
#include "mlkem_sw.h"
#endif

#define N 256
/* one block can add 112 coefficients to a polynomial that still lacks some */
static uint16_t A[K * K * N + 112];   /* MLKEM_SAMPLE_SLACK */

int main(void)
{
    const uint32_t *rho = RHO;
    KERNEL_HIDE(rho);
#if !PQX_KERNEL
    keccak_sw_init();
#endif
    KERNEL_BEGIN();
#if PQX_KERNEL
    for (unsigned i = 0; i < K; i++)
        for (unsigned j = 0; j < K; j++)
            mlkem_sample_ntt_pqx(&A[(i * K + j) * N], rho, j, i);
#else
    for (unsigned i = 0; i < K; i++)
        for (unsigned j = 0; j < K; j++)
            mlkem_sample_ntt_sw(&A[(i * K + j) * N], (const uint8_t *)rho, j, i);
#endif
    KERNEL_END();
    kernel_out(A, K * K * N * 2);
    return 0;
}
