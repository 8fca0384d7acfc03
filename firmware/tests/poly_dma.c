/* Directed test of the polynomial unit's DMA behind the host core (POLY_LD / POLY_ST through the
 * SoC's arbiter, which shares the RAM's data port with the core's loads and stores):
 *   - a POLY_LD right behind the stores that fill its buffer (they are granted before it
 *     commits, so it reads them), of an ML-KEM slot (uint16 words) and an ML-DSA slot (uint32);
 *   - field values >= q are reduced: 0xFFFF -> 0xFFFF mod 3329, 0xFFFFFFFF mod 8380417;
 *   - a POLY_ST while the core loads and stores other words (contention on the data port), then
 *     POLY_CNT as the fence, and the stored buffer compared word by word;
 *   - COMPARE_U32 results right behind core stores that contend with a transfer for the RAM's
 *     data port (the arbiter must never make the core wait: erratum 2);
 *   - a misaligned base raises PQX's exception (counted in PQX_EXC) and moves nothing.
 * Under `make run CHECK=1` the lockstep replays the transfers in the ISS (a missing fence would
 * diverge). Exit code = number of failed checks. */
#include <stdint.h>
#include "pqx.h"
#include "pqx_rt.h"

static uint16_t fk[256], outk[256];
static uint32_t fd[256], outd[256];
static volatile uint32_t scratch[64];

int main(void)
{
    for (uint32_t i = 0; i < 256; i++) {
        fk[i] = (uint16_t)(i == 7 ? 0xFFFF : (13 * i + 5) % 3329);
        fd[i] = i == 9 ? 0xFFFFFFFFu : (65537 * i + 17) % 8380417;
    }
    pqx_poly_ld((uint32_t)fk, 1);
    pqx_poly_ld((uint32_t)fd, 6);
    pqx_check("kem [0]", pqx_poly_rd(256 + 0), 5);
    pqx_check("kem [7] reduced", pqx_poly_rd(256 + 7), 0xFFFF % 3329);
    pqx_check("kem [255]", pqx_poly_rd(256 + 255), (13 * 255 + 5) % 3329);
    pqx_check("dsa [9] reduced", pqx_poly_rd(1536 + 9), 0xFFFFFFFFu % 8380417);
    pqx_check("dsa [200]", pqx_poly_rd(1536 + 200), (65537 * 200 + 17) % 8380417);
    /* stores while the core hammers other words of the RAM */
    pqx_poly_st((uint32_t)outk, 1);
    for (uint32_t i = 0; i < 64; i++)
        scratch[i] = scratch[(i + 7) % 64] + i;
    pqx_poly_st((uint32_t)outd, 6);
    for (uint32_t i = 0; i < 64; i++)
        scratch[i] ^= scratch[(i + 3) % 64];
    (void)pqx_poly_cnt(7);       /* the fence: waits until the last store has ended */
    uint32_t diff = 0;
    for (uint32_t i = 0; i < 256; i++) {
        diff += outk[i] != (i == 7 ? 0xFFFF % 3329 : fk[i]);
        diff += outd[i] != (i == 9 ? 0xFFFFFFFFu % 8380417 : fd[i]);
    }
    pqx_check("stored words differing", diff, 0);
    /* PQX results right behind core stores that meet the DMA at the RAM's data port: the core
     * must never wait for a grant (erratum 2 would drop the result; the SoC's arbiter serves
     * the core first). A sentinel in the result register shows a dropped write. */
    pqx_poly_ld((uint32_t)fd, 5);       /* 256 words: a DMA request in every cycle */
    uint32_t lost = 0;
    for (uint32_t i = 0; i < 48; i++) {
        uint32_t r = 0xBADu;
        __asm__ volatile("sw %[v], 0(%[p])\n\t"
                         ".insn r 0x3b, 7, 0x79, %[r], %[v], %[v]"      /* COMPARE_U32 */
                         : [r] "+r"(r) : [v] "r"(i), [p] "r"(&scratch[i % 64]) : "memory");
        lost += r != 1;
    }
    pqx_check("results lost behind contended stores", lost, 0);
    /* a misaligned base: an exception, nothing moved, nothing counted */
    pqx_exc_clear();
    pqx_poly_ld((uint32_t)fk + 2, 0);
    uint32_t untouched = pqx_poly_rd(3);     /* its result comes after the POLY_LD's */
    pqx_check("misaligned: PQX_EXC", pqx_exc_count(), 1);
    pqx_check("misaligned: slot 0 untouched", untouched, 0);
    pqx_check("coefficients written", pqx_poly_cnt(6), 768);
    pqx_check("coefficients read", pqx_poly_cnt(7), 5 + 512 + 1);
    if (!pqx_check_failures())
        pqx_puts("poly_dma: all passed\n");
    return pqx_check_failures();
}
