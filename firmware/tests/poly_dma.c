/* Directed test of the polynomial unit's DMA behind the host core (POLY_LD / POLY_ST through the
 * SoC's arbiter, which shares the RAM's data port with the core's loads and stores):
 *   - a POLY_LD right behind the stores that fill its buffer (they are granted before it
 *     commits, so it reads them), of an ML-KEM slot (uint16 words) and an ML-DSA slot (uint32);
 *   - field values >= q are reduced: 0xFFFF -> 0xFFFF mod 3329, 0xFFFFFFFF mod 8380417;
 *   - a POLY_ST while the core loads and stores other words (contention on the data port), then
 *     POLY_CNT as the fence, and the stored buffer compared word by word;
 *   - a misaligned base raises PQX's exception (counted in PQX_EXC) and moves nothing.
 * Under `make run CHECK=1` the lockstep replays the transfers in the ISS (a missing fence would
 * diverge). Exit code = number of failed checks. */
#include <stdint.h>
#include "pqx.h"
#include "pqx_rt.h"

static int bad;
static void chk(const char *n, uint32_t got, uint32_t want)
{
    if (got != want) {
        pqx_puts(n);
        pqx_puts(": got ");
        pqx_puthex(got);
        pqx_puts(", want ");
        pqx_puthex(want);
        pqx_putc('\n');
        bad++;
    }
}

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
    chk("kem [0]", pqx_poly_rd(256 + 0), 5);
    chk("kem [7] reduced", pqx_poly_rd(256 + 7), 0xFFFF % 3329);
    chk("kem [255]", pqx_poly_rd(256 + 255), (13 * 255 + 5) % 3329);
    chk("dsa [9] reduced", pqx_poly_rd(1536 + 9), 0xFFFFFFFFu % 8380417);
    chk("dsa [200]", pqx_poly_rd(1536 + 200), (65537 * 200 + 17) % 8380417);
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
    chk("stored words differing", diff, 0);
    /* a misaligned base: an exception, nothing moved, nothing counted */
    pqx_exc_clear();
    pqx_poly_ld((uint32_t)fk + 2, 0);
    uint32_t untouched = pqx_poly_rd(3);     /* its result comes after the POLY_LD's */
    chk("misaligned: PQX_EXC", pqx_exc_count(), 1);
    chk("misaligned: slot 0 untouched", untouched, 0);
    chk("coefficients written", pqx_poly_cnt(6), 512);
    chk("coefficients read", pqx_poly_cnt(7), 5 + 512 + 1);
    if (!bad)
        pqx_puts("poly_dma: all passed\n");
    return bad;
}
