"""The arithmetic kernels (`verif/kernels/ntt.py`) run on the PQX model only (no simulator), against
the same references as the simulation tests (`verif/tests/test_kernels_ntt.py`):

1. The derived tables and constants: the first entries of the Kyber, Dilithium and Falcon reference
   tables, the orders of the roots of unity, the final-scaling constants.
2. ML-KEM NTT, NTT^-1, MultiplyNTTs against kyber-py; ML-DSA NTT, NTT^-1 against dilithium-py;
   random polynomials given as random representatives in (-q, q), and the extreme inputs +-(q - 1).
3. Falcon mq_NTT / mq_iNTT for every n = 2^1 .. 2^10 against the evaluation at the roots of x^n + 1
   (bit-reversed order), whose points are checked to be exactly those roots.
4. Carry-less products of 64 .. 1024-bit polynomials (KARATS1..4 per block) against shift-and-xor.
"""

from __future__ import annotations

import random

import pytest
from dilithium_py.polynomials.polynomials import PolynomialRing as DilithiumRing
from kyber_py.polynomials.polynomials import PolynomialRing as KyberRing

from verif.kernels import ntt as kern

KYBER = KyberRing()
DILITHIUM = DilithiumRing()
SEEDS = range(3)


def reps(f: list[int], q: int, rng: random.Random) -> list[int]:
    return [x - q if x and rng.random() < 0.5 else x for x in f]


def polys(q: int, seed: int, n: int = 256) -> list[int]:
    rng = random.Random(seed)
    return [rng.randrange(q) for _ in range(n)]


def extreme(q: int, n: int = 256) -> list[int]:
    return [q - 1] * n


def run(kernel, expect_batches: int | None = None, expect_instructions: int | None = None):
    stats: dict[str, int] = {}
    out = kern.run_on_model(kernel, stats=stats)
    if expect_batches is not None:
        assert stats["batches"] == expect_batches
    if expect_instructions is not None:
        assert stats["instructions"] == expect_instructions
    return out


# ----------------------------------------------------------------------------- 1. tables
def test_tables_match_the_references() -> None:
    # first entries of the reference tables (pq-crystals kyber/ref, dilithium/ref, Falcon vrfy.c)
    assert kern.ZETAS_K[:8] == [-1044, -758, -359, -1517, 1493, 1422, 287, 202]
    assert kern.ZETAS_D[1:8] == [25847, -2608894, -518909, 237124, -777960, -876248, 466468]
    assert kern.GMB[:8] == [4091, 7888, 11060, 11208, 6960, 4342, 6275, 9759]
    assert kern.IGMB[:8] == [4091, 4401, 1081, 1229, 2530, 6014, 7947, 5329]
    assert (kern.F_INTT_K, kern.R2_K, kern.F_INTT_D, kern.falcon_ni(9)) == (512, 1353, 16382, 128)


def test_roots_of_unity() -> None:
    assert pow(kern.ZETA_K, 128, kern.Q_K) == kern.Q_K - 1          # order 256
    assert pow(kern.ZETA_D, 256, kern.Q_D) == kern.Q_D - 1          # order 512
    assert pow(kern.G_F, 1024, kern.Q_F) == kern.Q_F - 1            # order 2048
    for logn in range(1, 11):
        assert pow(kern.falcon_psi(logn), 1 << logn, kern.Q_F) == kern.Q_F - 1


# ----------------------------------------------------------------------------- 2. ML-KEM, ML-DSA
@pytest.mark.parametrize("seed", [*SEEDS, "extreme"])
def test_mlkem_kernels(seed) -> None:
    q = kern.Q_K
    rng = random.Random(f"mlkem{seed}")
    f, g = (extreme(q), extreme(q)) if seed == "extreme" else (polys(q, seed), polys(q, seed + 100))
    assert run(kern.mlkem_ntt(reps(f, q, rng)), 8, 7 * 128 + 256) == KYBER(list(f)).to_ntt().coeffs
    assert run(kern.mlkem_intt(reps(f, q, rng)), 8, 7 * 128 + 256) == \
        KYBER(list(f), is_ntt=True).from_ntt().coeffs
    want = (KYBER(list(f), is_ntt=True) * KYBER(list(g), is_ntt=True)).coeffs
    assert run(kern.mlkem_multiply_ntts(reps(f, q, rng), reps(g, q, rng)), 3, 7 * 128) == want


@pytest.mark.parametrize("seed", [*SEEDS, "extreme"])
def test_mldsa_kernels(seed) -> None:
    q = kern.Q_D
    rng = random.Random(f"mldsa{seed}")
    f = extreme(q) if seed == "extreme" else polys(q, seed)
    assert run(kern.mldsa_ntt(reps(f, q, rng)), 9, 8 * 256 + 256) == DILITHIUM(list(f)).to_ntt().coeffs
    assert run(kern.mldsa_intt(reps(f, q, rng)), 9, 8 * 256 + 256) == \
        DILITHIUM(list(f), is_ntt=True).from_ntt().coeffs


def test_round_trips() -> None:
    rng = random.Random(7)
    for q, fwd, inv in ((kern.Q_K, kern.mlkem_ntt, kern.mlkem_intt),
                        (kern.Q_D, kern.mldsa_ntt, kern.mldsa_intt)):
        f = polys(q, 42)
        assert run(inv(reps(run(fwd(reps(f, q, rng))), q, rng))) == f


def test_reference_scaling_constants_are_not_exact() -> None:
    """The references' invntt_tomont constants (mont^2/n) leave the result times R; the kernels'
    R/n constants do not. Guards against copying the reference constant."""
    f = polys(kern.Q_K, 5)
    want = KYBER(list(f), is_ntt=True).from_ntt().coeffs
    saved = kern.F_INTT_K
    try:
        kern.F_INTT_K = 1441
        got = run(kern.mlkem_intt(f))
    finally:
        kern.F_INTT_K = saved
    assert got == [x * kern.R_K % kern.Q_K for x in want]


# ----------------------------------------------------------------------------- 3. Falcon
def test_falcon_points_are_the_roots_of_x_n_plus_1() -> None:
    for logn in (1, 5, 9, 10):
        n, psi = 1 << logn, kern.falcon_psi(logn)
        points = [pow(psi, 2 * kern.brv(k, logn) + 1, kern.Q_F) for k in range(n)]
        assert len(set(points)) == n
        assert all(pow(x, n, kern.Q_F) == kern.Q_F - 1 for x in points)


@pytest.mark.parametrize("logn", range(1, 11))
def test_falcon_kernels(logn: int) -> None:
    n = 1 << logn
    for f in (polys(kern.Q_F, logn, n), extreme(kern.Q_F, n)):
        f_hat = kern.falcon_ntt_reference(f, logn)
        assert run(kern.falcon_ntt(f, logn), logn, logn * n // 2) == f_hat
        assert run(kern.falcon_intt(f_hat, logn), logn + 1, logn * n // 2 + n) == f


# ----------------------------------------------------------------------------- 4. HQC
@pytest.mark.parametrize("bits_a,bits_b", [(64, 64), (256, 256), (256, 257), (1024, 1024), (333, 901)])
def test_clmul_kernel(bits_a: int, bits_b: int) -> None:
    rng = random.Random(bits_a * 10_000 + bits_b)
    for a, b in ((rng.getrandbits(bits_a), rng.getrandbits(bits_b)),
                 ((1 << bits_a) - 1, (1 << bits_b) - 1)):
        wa, wb = kern.int_to_words(a, -(-bits_a // 64)), kern.int_to_words(b, -(-bits_b // 64))
        got = run(kern.clmul_poly(wa, wb), 1, 4 * len(wa) * len(wb))
        assert len(got) == len(wa) + len(wb)
        assert kern.words_to_int(got) == kern.clmul(a, b)
