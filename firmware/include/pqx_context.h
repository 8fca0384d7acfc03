/* Context switch of PQX for an operating system (docs/isa.md, "Context switch"): the state a
 * task keeps in the coprocessor between its instructions is S and O (the Keccak state and
 * output buffer, 50 words each) and the eight polynomial slots. pqx_context_save() copies them
 * to memory, pqx_context_restore() puts them back, bit for bit:
 *   S  SREAD (save) and LOAD (restore), two words an instruction;
 *   O  STORE (save) and OWRITE (restore);
 *   slots  POLY_ST / POLY_LD by the unit's DMA (coefficients are always below q, so the
 *          reduction of POLY_LD leaves them as they were).
 * Each instruction waits for whatever it depends on (SREAD/STORE for a running permutation,
 * POLY_ST for a running engine), so a switch may come at any point of a task's instruction
 * stream; the closing POLY_CNT is the fence after which the saved slots are in memory. The
 * counters (POLY_CNT) are performance counters of the machine, not of a task, and the other
 * units' latches (the arithmetic unit's H/K, FPR, Crypto-RV B/H, McEliece registers) are not
 * part of this context: a task that keeps values there across a switch must save them itself.
 * Cost on the SoC (firmware/tests/context_switch.c): a save about 2,100 cycles, a restore about
 * 2,000, most of it the DMA moving the slots (4 x 129 + 4 x 257 cycles). */
#ifndef PQX_CONTEXT_H
#define PQX_CONTEXT_H

#include <stdint.h>
#include "pqx.h"

typedef struct {
    uint32_t s[50];
    uint32_t o[50];
    uint16_t kem[4][256];       /* slots 0..3, the DMA's ML-KEM layout */
    uint32_t dsa[4][256];       /* slots 4..7 */
} pqx_context_t;

static inline void pqx_context_save(pqx_context_t *c)
{
    for (uint32_t i = 0; i < 50; i++) {
        c->s[i] = pqx_sread(i);
        c->o[i] = pqx_store(i);
    }
    for (uint32_t k = 0; k < 4; k++) {
        pqx_poly_st((uint32_t)c->kem[k], k);
        pqx_poly_st((uint32_t)c->dsa[k], 4 + k);
    }
    (void)pqx_poly_cnt(0);      /* the fence: the last store has ended */
}

static inline void pqx_context_restore(const pqx_context_t *c)
{
    for (uint32_t i = 0; i < 50; i += 2)
        pqx_load(c->s[i], c->s[i + 1], i);
    for (uint32_t i = 0; i < 50; i++)
        pqx_owrite(c->o[i], i);
    for (uint32_t k = 0; k < 4; k++) {
        pqx_poly_ld((uint32_t)c->kem[k], k);
        pqx_poly_ld((uint32_t)c->dsa[k], 4 + k);
    }
}

#endif /* PQX_CONTEXT_H */
