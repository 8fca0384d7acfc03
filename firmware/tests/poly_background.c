/* Directed test of the polynomial engine behind the host core: instructions of the unit right
 * after an engine start (which answers in one cycle and leaves the engine running), other units'
 * instructions while it runs, and the register write of every result (erratum 2 drops the write
 * of an offloaded instruction that handshakes while EX is stalled; PQX holds the unit's
 * instructions at the issue port while a start is queued or the engine runs, so no result is
 * ever delayed inside PQX). Checked here: INTT(NTT(f)) = f per modulus, PWM by the constant 1,
 * CBD of a permutation's output in range, the counters; under `make run CHECK=1` the lockstep compares every result with the model.
 * Exit code = number of failed checks.
 */
#include <stdint.h>
#include "pqx.h"
#include "pqx_rt.h"

int main(void)
{
    /* ML-KEM slot 0: f[i] = 7 i + 3 mod q; ML-DSA slot 4: f[i] = 65537 i + 11 mod q */
    for (uint32_t i = 0; i < 256; i++) {
        pqx_poly_wr((7 * i + 3) % 3329, i);
        pqx_poly_wr((65537 * i + 11) % 8380417, 1024 + i);
    }
    /* a read right behind each start: waits at the issue port, must get its register */
    pqx_poly_ntt(0);
    uint32_t n0 = pqx_poly_rd(0);
    uint32_t n1 = pqx_poly_rd(1);
    pqx_check("ntt k [0] != [1]", n0 != n1, 1);
    /* Keccak and arithmetic work while the engine runs */
    pqx_poly_ntt(4);
    pqx_kinit();
    pqx_kperm();
    uint32_t o = pqx_store(0);
    uint32_t cmp = pqx_compare_u32(o, o);
    pqx_check("compare while the engine runs", cmp, 1);
    uint32_t d0 = pqx_poly_rd(1024);
    pqx_poly_intt(0);
    pqx_poly_intt(4);
    for (uint32_t i = 0; i < 256; i++) {
        pqx_check("intt(ntt(f)) k", pqx_poly_rd(i), (7 * i + 3) % 3329);
        pqx_check("intt(ntt(f)) d", pqx_poly_rd(1024 + i), (65537 * i + 11) % 8380417);
    }
    /* the NTT of the constant 1 is all ones: PWM by it changes nothing (ML-DSA) */
    for (uint32_t i = 0; i < 256; i++)
        pqx_poly_wr(i == 0, 1280 + i);
    pqx_poly_ntt(5);
    pqx_poly_ntt(4);
    pqx_poly_pwm(4, 5);
    uint32_t d1 = pqx_poly_rd(1024);
    pqx_check("pwm by ntt(1)", d1, d0);
    /* CBD of a permutation's output (O = Keccak-f of the zero state): coefficients in
     * {0, 1, 2, q - 2, q - 1}; the lockstep checks each value against the model */
    pqx_kinit();
    pqx_kperm();
    pqx_poly_cbd(2);
    uint32_t small = 0;
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = pqx_poly_rd(512 + i);
        small += c <= 2 || c >= 3327;
    }
    pqx_check("cbd range", small, 256);
    pqx_check("NTT runs", pqx_poly_cnt(0), 4);
    pqx_check("NTT^-1 runs", pqx_poly_cnt(1), 2);
    pqx_check("PWM and CBD runs", pqx_poly_cnt(2), 2);
    pqx_check("coefficients written", pqx_poly_cnt(6), 768);

    /* The engine runs on while the core runs plain code and nothing else of PQX's is in flight
     * (the SoC gates PQX's clock only while PQX is idle, and a running engine is not idle): after
     * a spin much longer than an NTT (450 cycles), the next instruction of the unit finds the
     * engine done and answers at once; a stopped engine would hold it for the whole run. */
    pqx_poly_ntt(0);
    for (volatile uint32_t spin = 0; spin < 300; spin++)
        ;
    uint32_t t0 = pqx_cycles();
    uint32_t f0 = pqx_poly_rd(0);
    uint32_t waited = pqx_cycles() - t0;
    pqx_check("engine ran while the core spun (cycles < 50)", waited < 50, 1);
    pqx_check("engine ran while the core spun (a result)", f0 < 3329, 1);
    if (!pqx_check_failures())
        pqx_puts("poly_background: all passed\n");
    return pqx_check_failures();
}
