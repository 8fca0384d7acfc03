/* Fixed-versus-random leakage campaign of ML-KEM Decaps (scripts/tvla.py, docs/leakage.md).
 *
 * One key pair from a seed; the fixed input is a valid ciphertext of that key, the random inputs
 * are random byte strings of a ciphertext's length (Decaps takes them through its implicit
 * rejection, constant time like a valid one). TVLA_TRACES traces, each class chosen at random:
 * the input is prepared first, then pqx_mark(1) (fixed) or pqx_mark(2) (random), Decaps, and
 * pqx_mark(0): the bench's leakage build records the power proxy in between. The inputs' PRNG
 * (xorshift64*, seeded with TVLA_SEED) only makes test inputs; it is not a cryptographic one. */
#include "mlkem.h"
#include "pqx_rt.h"

#ifndef TVLA_TRACES
#define TVLA_TRACES 20
#endif
#ifndef TVLA_SEED
#define TVLA_SEED 1
#endif

static uint64_t rng_state = 0x9E3779B97F4A7C15ull ^ (uint64_t)TVLA_SEED;

static uint32_t rng32(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 0x2545F4914F6CDD1Dull) >> 32);
}

static void rng_fill(uint8_t *p, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        p[i] = (uint8_t)rng32();
}

static uint32_t ek[MLKEM_EK_BYTES / 4], dk[MLKEM_DK_BYTES / 4];
static uint32_t fixed_ct[MLKEM_CT_BYTES / 4], ct[MLKEM_CT_BYTES / 4], key[8];

int main(void)
{
    uint8_t d[32], z[32], m[32];
    rng_fill(d, 32);
    rng_fill(z, 32);
    rng_fill(m, 32);
    mlkem_keygen_internal((uint8_t *)ek, (uint8_t *)dk, d, z);
    mlkem_encaps_internal((uint8_t *)key, (uint8_t *)fixed_ct, (const uint8_t *)ek, m);
    for (uint32_t t = 0; t < TVLA_TRACES; t++) {
        uint32_t random = rng32() & 1u;
        if (random)
            rng_fill((uint8_t *)ct, MLKEM_CT_BYTES);
        else
            for (uint32_t i = 0; i < MLKEM_CT_BYTES / 4; i++)
                ct[i] = fixed_ct[i];
        pqx_mark(1u + random);
        mlkem_decaps_internal((uint8_t *)key, (const uint8_t *)dk, (const uint8_t *)ct);
        pqx_mark(0u);
    }
    return 0;
}
