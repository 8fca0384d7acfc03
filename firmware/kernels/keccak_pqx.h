/* Helpers of the Keccak-family kernels' PQX builds (firmware/kernels/keccak_*.c, sha3_*.c, ...).
 *
 * Scheduling: the compiler treats a pqx.h statement as a one-cycle instruction whose result is
 * ready at once and knows nothing of the core's rs3 erratum, so left alone it puts an index
 * constant right before the R4 instruction that uses it (scripts/errata.py then pads two nops) and
 * an offloaded result right before its use (a one-cycle stall, as after a load). KPQX_PIN(x) is an
 * empty volatile statement that claims to modify x: x must be computed before it and cannot be
 * recomputed after it, and it keeps its place among the pqx.h statements (all volatile). Pinning
 * an index one PQX instruction ahead of its use, or a loaded word one instruction ahead, fixes the
 * schedule without writing assembly. */
#ifndef KECCAK_PQX_H
#define KECCAK_PQX_H

#include <stdint.h>
#include "pqx.h"

#define KPQX_PIN(x) __asm__ volatile("" : "+r"(x))
#define KPQX_PIN2(x, y) __asm__ volatile("" : "+r"(x), "+r"(y))

#endif /* KECCAK_PQX_H */
