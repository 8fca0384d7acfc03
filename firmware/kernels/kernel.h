/* What every kernel program of the cycle table shares (scripts/cycles.py builds and checks them).
 *
 * A kernel file is compiled twice: with PQX_KERNEL=0 (the baseline: plain C, no PQX instruction)
 * and PQX_KERNEL=1 (with PQX instructions from pqx.h). Its inputs come from "kernel_input.h",
 * which scripts/cycles.py writes for each run from a seeded generator (arrays and #defines named
 * by the kernel's Python entry in verif/soc/kernels_*.py). The program
 *   1. calls KERNEL_BEGIN(), runs the kernel once, calls KERNEL_END();
 *   2. prints its outputs with kernel_out(), in the order of the Python reference's bytes;
 *   3. returns 0.
 * Output protocol (parsed by scripts/cycles.py):
 *   out <hex bytes>        any number of lines; concatenated, they are the kernel's output
 *   cycles <n>             mcycle between KERNEL_BEGIN and KERNEL_END, minus the cost of an empty
 *                          measurement (measured in the same program)
 */
#ifndef PQX_KERNEL_H
#define PQX_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#include "pqx_rt.h"

#ifndef PQX_KERNEL
#error "compile with -DPQX_KERNEL=0 (baseline) or -DPQX_KERNEL=1 (PQX)"
#endif
#if PQX_KERNEL
#include "pqx.h"
#endif

static uint32_t kernel_t0_, kernel_empty_;

static inline uint32_t kernel_mcycle_(void)
{
    uint32_t v;
    __asm__ volatile("csrr %0, mcycle" : "=r"(v) : : "memory");
    return v;
}

#define KERNEL_BEGIN()                                                 \
    do {                                                               \
        uint32_t e0_ = kernel_mcycle_();                               \
        kernel_empty_ = kernel_mcycle_() - e0_;                        \
        kernel_t0_ = kernel_mcycle_();                                 \
    } while (0)

#define KERNEL_END()                                                   \
    do {                                                               \
        uint32_t t1_ = kernel_mcycle_();                               \
        pqx_puts("cycles ");                                           \
        pqx_putdec(t1_ - kernel_t0_ - kernel_empty_);                  \
        pqx_putc('\n');                                                \
    } while (0)

/* Makes the array at p opaque to the compiler from here on: call it after filling a kernel's
 * working copy of its inputs, before KERNEL_BEGIN(). The inputs are compile-time constants, and a
 * static array whose address never escapes is not covered by the "memory" clobbers, so the
 * compiler could otherwise fold the input values into the measured code. */
static inline void kernel_opaque(void *p)
{
    __asm__ volatile("" : : "r"(p) : "memory");
}

/* The same for a kernel that reads its `static const` inputs in place: passing the pointer
 * variable through an empty asm hides where it points, so the region loads the input from
 * memory (a const object cannot change, so kernel_opaque() would not be enough there). */
#define KERNEL_HIDE(p) __asm__ volatile("" : "+r"(p))

/* Prints n bytes as one or more `out` lines (64 bytes per line). */
static inline void kernel_out(const void *p, size_t n)
{
    pqx_out("out", p, n);
}

/* Prints n 32-bit words as little-endian bytes (what the Python side's words_le() gives). */
static inline void kernel_out_words(const uint32_t *w, size_t n)
{
    kernel_out(w, 4 * n);   /* RV32 is little-endian */
}

#endif /* PQX_KERNEL_H */
