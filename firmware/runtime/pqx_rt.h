/* PQX firmware runtime: console output, cycle counters, exit, and the C library functions the
 * compiler may call in a freestanding (-nostdlib) build.
 *
 * System registers of the SoC at 0x8000_0000 (see firmware/crt0.S for the trap ones). */
#ifndef PQX_RT_H
#define PQX_RT_H

#include <stddef.h>
#include <stdint.h>

#define PQX_SYSREG_BASE    0x80000000u
#define PQX_SYSREG_EXIT    (PQX_SYSREG_BASE + 0x00u) /* a write ends the simulation, code = value */
#define PQX_SYSREG_PUTC    (PQX_SYSREG_BASE + 0x04u) /* a write prints the low 8 bits */
#define PQX_SYSREG_CYCLES  (PQX_SYSREG_BASE + 0x08u) /* mcycle, written just before EXIT */
#define PQX_SYSREG_INSTRET (PQX_SYSREG_BASE + 0x0Cu) /* minstret, written just before EXIT */
#define PQX_SYSREG_PQX_EXC (PQX_SYSREG_BASE + 0x20u) /* PQX exceptions taken (read; write sets) */
#define PQX_SYSREG_MARK    (PQX_SYSREG_BASE + 0x24u) /* the bench's trace mark (the SoC ignores it) */

/* Brackets a leakage trace (scripts/tvla.py): pqx_mark(class) before the operation, with a
 * non-zero class of the trace's input, pqx_mark(0) after it. The SoC ignores the address; the
 * bench's leakage build records the power proxy while the mark is non-zero. */
static inline void pqx_mark(uint32_t v)
{
    *(volatile uint32_t *)PQX_SYSREG_MARK = v;
}

void pqx_putc(char c);
void pqx_puts(const char *s);          /* no newline added */
void pqx_puthex(uint32_t v);           /* "0x" and 8 hex digits */
void pqx_putdec(uint32_t v);           /* unsigned decimal */
/* n bytes as lines "<tag> <hex>", 64 bytes per line (the scripts join a tag's lines): how
 * kernels and schemes hand their outputs to the host (scripts/cycles.py, scripts/schemes.py). */
void pqx_out(const char *tag, const void *p, size_t n);

/* PQX's exceptions (out-of-range operands, docs/isa.md): this core does not trap on them; the
 * instruction writes no register and the SoC counts it in PQX_EXC (docs/soc.md). Like a sticky
 * floating-point flag: clear, run a sequence, read the count. */
uint32_t pqx_exc_count(void);
void pqx_exc_clear(void);

/* Self-checking programs (firmware/tests): a mismatch prints "<what>: got <got>, want <want>"
 * and is counted; pqx_check_failures() is the count (the program's exit code). */
void pqx_check(const char *what, uint32_t got, uint32_t want);
int pqx_check_failures(void);

uint32_t pqx_cycles(void);             /* mcycle, low word */
uint32_t pqx_instret(void);            /* minstret, low word */

/* Writes mcycle to CYCLES, minstret to INSTRET, then `code` to EXIT; never returns. */
__attribute__((noreturn)) void pqx_exit(int code);

void *memcpy(void *restrict dst, const void *restrict src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);

#endif /* PQX_RT_H */
