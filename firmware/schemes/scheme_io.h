/* What the scheme firmware programs share (firmware/schemes/<scheme>/<scheme>_kat.c), driven by
 * scripts/schemes.py.
 *
 * Protocol. The program's inputs are a global struct named `scheme_in` with a non-zero
 * initializer (so it is in .data, loaded with the image, not in .bss, which crt0 clears); the host
 * writes one case into it with a second image (+in=, verif/soc/pqx_soc_tb.sv). Its first word is
 * the operation. The program runs the operation once and prints:
 *   <name> <hex bytes>    each output (pqx_out; a long one over several lines)
 *   cycles <n>            mcycle of the operation (the call alone; no I/O)
 *   public <n>            of which spent on public data only (e.g. ML-KEM's matrix expansion)
 *   stack <n>             stack high-water mark of the operation, bytes
 * and returns 0, or 2 for an unknown operation.
 *
 * After the operation the program clears what held its secrets (docs/isa.md, "Zeroization"):
 * PQX's registers (ZEROIZE, in the PQX build; the plain-C build runs no PQX instruction) and the
 * stack the operation used (scheme_zeroize), then, once the outputs are printed, its buffers and
 * the inputs (scheme_wipe). */
#ifndef SCHEME_IO_H
#define SCHEME_IO_H

#include <stddef.h>
#include <stdint.h>
#include "pqx.h"
#include "pqx_rt.h"

#define SCHEME_PAINT 0xA5A5A5A5u
#define SCHEME_PAINT_BYTES (96u * 1024u)

extern char __heap_start[];

static uint32_t *scheme_paint_lo_, *scheme_paint_hi_;

static inline uint32_t scheme_mcycle(void)
{
    uint32_t v;
    __asm__ volatile("csrr %0, mcycle" : "=r"(v) : : "memory");
    return v;
}

/* Hides where p points from the compiler (the inputs are written by the host, not by C). */
#define SCHEME_HIDE(p) __asm__ volatile("" : "+r"(p))

/* Fills the stack below the caller's frame (at most SCHEME_PAINT_BYTES, not below the end of
 * .bss) with a pattern; scheme_stack_used() then finds the deepest word an operation changed. */
static inline __attribute__((always_inline)) void scheme_stack_paint(void)
{
    uintptr_t sp;
    __asm__ volatile("mv %0, sp" : "=r"(sp));
    uintptr_t hi = (sp - 64u) & ~(uintptr_t)3u, lo = hi - SCHEME_PAINT_BYTES;
    if (lo < (uintptr_t)__heap_start)
        lo = ((uintptr_t)__heap_start + 3u) & ~(uintptr_t)3u;
    scheme_paint_lo_ = (uint32_t *)lo;
    scheme_paint_hi_ = (uint32_t *)hi;
    for (volatile uint32_t *p = scheme_paint_lo_; p < scheme_paint_hi_; p++)
        *p = SCHEME_PAINT;
}

/* Bytes between the top of the painted area and the deepest changed word (0 if none). */
static inline uint32_t scheme_stack_used(void)
{
    volatile uint32_t *p = scheme_paint_lo_;
    while (p < scheme_paint_hi_ && *p == SCHEME_PAINT)
        p++;
    return (uint32_t)((uintptr_t)scheme_paint_hi_ - (uintptr_t)p);
}

/* Zeroes n bytes (a multiple of 4, 4-byte aligned) with writes the compiler keeps. */
static inline void scheme_wipe(void *p, size_t n)
{
    for (volatile uint32_t *w = (volatile uint32_t *)p; n >= 4; n -= 4)
        *w++ = 0;
}

/* The end of an operation: PQX's registers back to their reset values (ZEROIZE) and the stack
 * the operation used (`used` bytes below the painted top, from scheme_stack_used) zeroed. */
static inline __attribute__((always_inline)) void scheme_zeroize(uint32_t used)
{
#if PQX_KERNEL
    pqx_zeroize();
#endif
    scheme_wipe((char *)scheme_paint_hi_ - used, used);
}

static inline void scheme_report(const char *name, uint32_t v)
{
    pqx_puts(name);
    pqx_putc(' ');
    pqx_putdec(v);
    pqx_putc('\n');
}

#endif /* SCHEME_IO_H */
