"""Kernels of the polynomial unit's engine (verif/soc/kernels.py), next to the Vortex PCU's NTT
sub-unit figures (NTT 2,049, INTT 2,305, PWM 257 cycles for q = 8380417, data in the engine's
memory) and the RoCC seed's dual-butterfly ML-KEM figures (448 compute cycles for an NTT, the
limit of two butterfly units; 1,514 / 1,413 cycles for NTT / NTT^-1 with data movement).

The SoC runs pqx_top's default build, two butterfly units (PolyButterflies = 2): the RoCC
seed's configuration. The PCU rows are that build too; the one-butterfly build's engine runs
are 1,026 / 1,154 / 130 cycles (poly:engine_b1 proves them, make sim UNIT=poly_b1 measures
them).

The references are kyber-py (ML-KEM NTT, NTT^-1), dilithium-py (ML-DSA NTT, NTT^-1, the
NTT-domain product) and a schoolbook negacyclic product mod (x^256 + 1, 3329) for the whole
ML-KEM multiplication (no transform in the reference at all); PQX's instruction models are not
used.
"""

from __future__ import annotations

import random

from dilithium_py.polynomials.polynomials import PolynomialRing as DilithiumRing
from kyber_py.polynomials.polynomials import PolynomialRing as KyberRing

from .kernel import Kernel, Value, words_le

KQ = 3329
DQ = 8380417
SEED = "Vortex PCU"


def _inputs(modq: int, op: int):
    q = DQ if modq else KQ

    def inputs(rng: random.Random, full: bool) -> dict[str, Value]:
        return {"MODQ": modq, "OP": op, "F": [rng.randrange(q) for _ in range(256)],
                "G": [rng.randrange(q) for _ in range(256)]}
    return inputs


def _dilithium_ref(v: dict[str, Value]) -> bytes:
    ring = DilithiumRing()
    f, g, op = v["F"], v["G"], v["OP"]
    assert isinstance(f, list) and isinstance(g, list)
    if op == 0:
        return words_le(ring(list(f)).to_ntt().coeffs)
    if op == 1:
        return words_le(ring(list(f), is_ntt=True).from_ntt().coeffs)
    return words_le((ring(list(f), is_ntt=True) * ring(list(g), is_ntt=True)).coeffs)


def _kyber_ref(v: dict[str, Value]) -> bytes:
    """kyber-py: to_ntt() (FIPS 203 Algorithm 9) for OP 0 and 5, from_ntt() (Algorithm 10) for
    OP 1 and 6; coefficients in [0, q) as words."""
    ring, f = KyberRing(), v["F"]
    assert isinstance(f, list)
    if v["OP"] in (0, 5):
        return words_le(ring(list(f)).to_ntt().coeffs)
    return words_le(ring(list(f), is_ntt=True).from_ntt().coeffs)


def _negacyclic_ref(v: dict[str, Value]) -> bytes:
    """f g mod (x^256 + 1, q), schoolbook."""
    f, g = v["F"], v["G"]
    assert isinstance(f, list) and isinstance(g, list)
    h = [0] * 256
    for i, a in enumerate(f):
        for j, b in enumerate(g):
            k = i + j
            if k < 256:
                h[k] += a * b
            else:
                h[k - 256] -= a * b
    return words_le([x % KQ for x in h])


_NOTE = "the engine's run alone, the polynomial already in its slot (the PCU's count)"
ROCC = "RoCC NTT"
_NOTE_ROCC = ("the engine's run alone (two butterfly units), the polynomial already in its slot "
              "(the seed's compute-only count)")
_NOTE_ROCC_DMA = ("from uint16 coefficients in memory to the result in memory: POLY_LD, the run, "
                  "POLY_ST and the wait for its end (the seed's count with its memory fetches)")

KERNELS = [
    Kernel("pcu_ntt", "firmware/kernels/poly_engine.c", "ML-DSA NTT on the polynomial engine",
           _inputs(1, 0), _dilithium_ref, other_seed=(SEED, None, 2049), note=_NOTE),
    Kernel("pcu_intt", "firmware/kernels/poly_engine.c", "ML-DSA NTT^-1 on the polynomial engine",
           _inputs(1, 1), _dilithium_ref, other_seed=(SEED, None, 2305), note=_NOTE),
    Kernel("pcu_pwm", "firmware/kernels/poly_engine.c",
           "ML-DSA point-wise product on the polynomial engine",
           _inputs(1, 2), _dilithium_ref, other_seed=(SEED, None, 257), note=_NOTE),
    Kernel("mlkem_polymul_engine", "firmware/kernels/poly_engine.c",
           "ML-KEM f g: NTT, NTT, MultiplyNTTs, NTT^-1 on the engine, data moved by instructions",
           _inputs(0, 3), _negacyclic_ref, other_seed=(SEED, None, None),
           note="from the coefficients in memory to the product in memory: 512 POLY_WR, four "
                "engine runs, 256 POLY_RD (mlkem_polymul_dma moves them by DMA); the seed gives no whole-product figure"),
    Kernel("mlkem_polymul_dma", "firmware/kernels/poly_engine.c",
           "ML-KEM f g: NTT, NTT, MultiplyNTTs, NTT^-1 on the engine, data moved by the DMA",
           _inputs(0, 4), _negacyclic_ref, other_seed=(SEED, None, None),
           note="from the coefficients in memory (uint16) to the product in memory: two POLY_LD, "
                "four engine runs, one POLY_ST, and the wait for its end"),
    Kernel("rocc_ntt", "firmware/kernels/poly_engine.c",
           "ML-KEM NTT on the dual-butterfly engine, compute only",
           _inputs(0, 0), _kyber_ref, other_seed=(ROCC, None, 448), note=_NOTE_ROCC),
    Kernel("rocc_intt", "firmware/kernels/poly_engine.c",
           "ML-KEM NTT^-1 on the dual-butterfly engine, compute only",
           _inputs(0, 1), _kyber_ref, other_seed=(ROCC, None, None),
           note=_NOTE_ROCC + "; the seed gives the compute count of the forward transform only (448), "
                "its NTT^-1 has the same 896 butterflies plus the scaling"),
    Kernel("rocc_ntt_dma", "firmware/kernels/poly_engine.c",
           "ML-KEM NTT on the dual-butterfly engine with data movement (POLY_LD, run, POLY_ST)",
           _inputs(0, 5), _kyber_ref, other_seed=(ROCC, None, 1514), note=_NOTE_ROCC_DMA),
    Kernel("rocc_intt_dma", "firmware/kernels/poly_engine.c",
           "ML-KEM NTT^-1 on the dual-butterfly engine with data movement (POLY_LD, run, POLY_ST)",
           _inputs(0, 6), _kyber_ref, other_seed=(ROCC, None, 1413), note=_NOTE_ROCC_DMA),
]
