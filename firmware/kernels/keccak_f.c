/* Keccak-f[1600] with the state loaded from and stored to memory (HORCRUX Table VII: 385 cycles
 * with its custom instructions). Input STATE: 50 words (lane i = words 2i, 2i+1, low first);
 * output: the permuted 50 words.
 *   baseline  keccak_f1600_sw() on 25 64-bit lanes (keccak_sw.h)
 *   PQX       25 LOADs into S, KSTART (O = Keccak-f(S)), 50 STOREs from O */
#include "kernel.h"
#include "kernel_input.h"
#if !PQX_KERNEL
#include "keccak_sw.h"
#endif

static uint32_t st[50];

int main(void)
{
    for (unsigned i = 0; i < 50; i++)
        st[i] = STATE[i];
#if !PQX_KERNEL
    keccak_f1600_sw((uint64_t *)st);   /* warm the round-constant tables outside the region */
    for (unsigned i = 0; i < 50; i++)
        st[i] = STATE[i];
#endif
    KERNEL_BEGIN();
#if PQX_KERNEL
    for (uint32_t i = 0; i < 50; i += 2)
        pqx_load(st[i], st[i + 1], i);
    pqx_kstart();
    for (uint32_t i = 0; i < 50; i++)
        st[i] = pqx_store(i);
#else
    keccak_f1600_sw((uint64_t *)st);
#endif
    KERNEL_END();
    kernel_out_words(st, 50);
    return 0;
}
