/* Kills from taken branches before PQX instructions, as real programs make them: the core offers
 * the instruction after a branch over the eXtension interface before the branch is resolved in
 * EX, then kills it when the branch is taken. Each case here is a taken branch directly over a
 * PQX instruction with a result (COMPARE_U32, MQMULK) or with state effects (LOAD, KABSORB),
 * inside a loop; the program checks that none of the skipped instructions had an effect (rd and
 * S/O unchanged) and that the ones not skipped did.
 *
 * With `make run CHECK=1` the scoreboard counts the killed instructions (the summary line's
 * "killed"): a bridge that dropped those kills (forwarded them as commits) executes them in PQX,
 * and the core then takes their results for the next instructions; the lockstep reports it. */
#include <stdint.h>
#include "pqx.h"
#include "pqx_rt.h"

/* rd = COMPARE_U32(a, a) = 1 unless the branch (taken when skip != 0) jumps over it. */
static uint32_t maybe_compare(uint32_t skip, uint32_t a)
{
    uint32_t rd = 7;
    __asm__ volatile("bnez %1, 1f\n\t"
                     ".insn r 0x3b, 7, 0x79, %0, %2, %2\n"
                     "1:"
                     : "+r"(rd) : "r"(skip), "r"(a));
    return rd;
}

/* KABSORB S[i] ^= x, S[i+1] ^= y unless skipped (R4: rs3 = i, kept two instructions away). */
static void maybe_absorb(uint32_t skip, uint32_t x, uint32_t y, uint32_t i)
{
    __asm__ volatile("nop\n\tnop\n\t"
                     "bnez %0, 1f\n\t"
                     ".insn r4 0x6b, 1, 1, zero, %1, %2, %3\n"
                     "1:"
                     : : "r"(skip), "r"(x), "r"(y), "r"(i) : "memory");
}

int main(void)
{
    int bad = 0;
    uint32_t ones = 0;
    pqx_kinit();
    for (uint32_t k = 0; k < 16; k++) {
        uint32_t skip = k & 1u;
        uint32_t rd = maybe_compare(skip, 0x1000u + k);
        ones += rd == 1u;
        if (rd != (skip ? 7u : 1u))
            bad++;
        maybe_absorb(skip, 0x11111111u * (k & 7u), k, (k & 7u) * 2u);
    }
    /* S[2j] = XOR of 0x11111111*j over the even k with k&7 == j (absorbed, skip = 0) */
    pqx_kstart();                 /* O = f(S): compare through a full permutation */
    uint32_t o0 = pqx_store(0);
    pqx_puts("branch_kill: ");
    pqx_putdec(ones);
    pqx_puts(" of 16 compares executed, O[0] = ");
    pqx_puthex(o0);
    pqx_putc('\n');
    return bad + (ones != 8u);
}
