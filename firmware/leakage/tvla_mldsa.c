/* Fixed-versus-random leakage campaign of ML-DSA Sign (scripts/tvla.py, docs/leakage.md).
 *
 * One key pair from a seed; deterministic signing (rnd = 0) of a fixed 32-byte message or of a
 * random one, the class of each trace drawn at random. A trace is the first signing attempt's
 * constant-time start (ExpandMask, NTT(y), w = NTT^-1(A y), HighBits: mldsa.c marks it, compiled
 * with TVLA_MARKS): the number of attempts, and SampleInBall's rejection on c-tilde, vary with the
 * message by design, so whole signatures differ in length; this part does not. The inputs' PRNG (xorshift64*,
 * seeded with TVLA_SEED) only makes test inputs. */
#include "mldsa.h"
#include "pqx_rt.h"

#ifndef TVLA_TRACES
#define TVLA_TRACES 20
#endif
#ifndef TVLA_SEED
#define TVLA_SEED 1
#endif

extern uint32_t mldsa_tvla_class;

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

static uint32_t pk[MLDSA_PK_BYTES / 4 + 1], sk[MLDSA_SK_BYTES / 4 + 1], sig[MLDSA_SIG_BYTES / 4 + 1];

int main(void)
{
    uint8_t xi[32], fixed[32], msg[32], rnd[32] = {0};
    rng_fill(xi, 32);
    rng_fill(fixed, 32);
    mldsa_keygen_internal((uint8_t *)pk, (uint8_t *)sk, xi);
    for (uint32_t t = 0; t < TVLA_TRACES; t++) {
        uint32_t random = rng32() & 1u;
        if (random)
            rng_fill(msg, 32);
        else
            for (uint32_t i = 0; i < 32; i++)
                msg[i] = fixed[i];
        mldsa_tvla_class = 1u + random;
        mldsa_sign_internal((uint8_t *)sig, (const uint8_t *)sk, msg, 32, 0, rnd);
    }
    return 0;
}
