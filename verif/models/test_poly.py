"""The polynomial unit's model (verif/models/poly.py) against kyber-py and dilithium-py, and its
instruction semantics: slots, exceptions, counters.

The transforms are written from FIPS 203 / FIPS 204; these tests compare them with the two PyPI
references on random polynomials, all-zero, all q - 1 and impulses, and show that a planted
wrong constant is caught.
"""

from __future__ import annotations

import random

import pytest
from dilithium_py.polynomials.polynomials import PolynomialRing as DilithiumRing
from kyber_py.polynomials.polynomials import PolynomialRing as KyberRing

from verif.models import PqxModel, encode, poly
from verif.models.consts import POLY_N, Q_D, Q_K, poly_run_cycles
from verif.models.pqx_model import HostMemory

KYBER = KyberRing()
DILITHIUM = DilithiumRing()


def inputs(q: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    impulse = [0] * POLY_N
    impulse[rng.randrange(POLY_N)] = rng.randrange(1, q)
    return ([[rng.randrange(q) for _ in range(POLY_N)] for _ in range(4)]
            + [[0] * POLY_N, [q - 1] * POLY_N, impulse, [1] + [0] * (POLY_N - 1)])


@pytest.mark.parametrize("seed", range(3))
def test_mlkem_transforms_match_kyber_py(seed: int) -> None:
    cases = inputs(Q_K, seed)
    for f, g in zip(cases, cases[1:] + cases[:1]):
        assert poly.ntt_k(f) == KYBER(list(f)).to_ntt().coeffs
        assert poly.intt_k(f) == KYBER(list(f), is_ntt=True).from_ntt().coeffs
        assert poly.multiply_ntts_k(f, g) == (KYBER(list(f), is_ntt=True)
                                              * KYBER(list(g), is_ntt=True)).coeffs
        assert poly.intt_k(poly.ntt_k(f)) == f


@pytest.mark.parametrize("seed", range(3))
def test_mldsa_transforms_match_dilithium_py(seed: int) -> None:
    cases = inputs(Q_D, seed)
    for f, g in zip(cases, cases[1:] + cases[:1]):
        assert poly.ntt_d(f) == DILITHIUM(list(f)).to_ntt().coeffs
        assert poly.intt_d(f) == DILITHIUM(list(f), is_ntt=True).from_ntt().coeffs
        assert poly.pointwise_d(f, g) == (DILITHIUM(list(f), is_ntt=True)
                                          * DILITHIUM(list(g), is_ntt=True)).coeffs


def test_cbd2_matches_kyber_py() -> None:
    rng = random.Random(11)
    for b in [bytes(128), b"\xff" * 128, bytes([0x0F] * 128)] + [rng.randbytes(128) for _ in range(20)]:
        assert poly.cbd2_k(b) == KYBER.cbd(b, 2).coeffs
    m = PqxModel()
    o = rng.randbytes(200)
    m.set_o_bytes(o)
    assert not run(m, "POLY_CBD", 3).exc
    assert poly.get_slot(m, 3) == KYBER.cbd(o[:128], 2).coeffs
    assert run(m, "POLY_CBD", 4).exc           # ML-DSA slots take no CBD


def test_a_wrong_constant_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    f = inputs(Q_K, 9)[0]
    good = KYBER(list(f)).to_ntt().coeffs
    zetas = list(poly.ZETAS_K)
    zetas[5] = (zetas[5] + 1) % Q_K
    monkeypatch.setattr(poly, "ZETAS_K", zetas)
    assert poly.ntt_k(f) != good
    monkeypatch.setattr(poly, "N_INV_D", poly.N_INV_D - 1)
    g = inputs(Q_D, 9)[0]
    assert poly.intt_d(g) != DILITHIUM(list(g), is_ntt=True).from_ntt().coeffs


def run(m: PqxModel, name: str, rs1: int = 0, rs2: int = 0):
    return m.execute(encode(name, rd=1, rs1=1, rs2=2), rs1, rs2, 0)


def test_instructions_transform_slots_and_count() -> None:
    rng = random.Random(5)
    m = PqxModel()
    f = [rng.randrange(Q_K) for _ in range(POLY_N)]
    g = [rng.randrange(Q_K) for _ in range(POLY_N)]
    w = [rng.randrange(Q_D) for _ in range(POLY_N)]
    for i in range(POLY_N):
        assert not run(m, "POLY_WR", f[i], i).exc
        assert not run(m, "POLY_WR", g[i], 256 + i).exc
        assert not run(m, "POLY_WR", w[i], 7 * 256 + i).exc
    run(m, "POLY_NTT", 0)
    run(m, "POLY_NTT", 1)
    run(m, "POLY_PWM", 0, 1)
    run(m, "POLY_INTT", 0)
    run(m, "POLY_NTT", 7)
    want = KYBER(list(f)).to_ntt() * KYBER(list(g)).to_ntt()
    assert [run(m, "POLY_RD", i).data for i in range(POLY_N)] == want.from_ntt().coeffs
    assert poly.get_slot(m, 7) == DILITHIUM(list(w)).to_ntt().coeffs
    cycles = (2 * poly_run_cycles("NTT", 0) + poly_run_cycles("PWM", 0)
              + poly_run_cycles("INTT", 0) + poly_run_cycles("NTT", 7))
    counts = [run(m, "POLY_CNT", k).data for k in range(8)]
    assert counts == [3, 1, 1, cycles, 2 * 7 * 128 + 7 * 128 + 8 * 128,
                      2 * 7 * 128 + 7 * 128 + 256 + 5 * 128 + 8 * 128, 3 * POLY_N, POLY_N]
    assert (poly_run_cycles("NTT", 4, 1), poly_run_cycles("INTT", 4, 1), poly_run_cycles("PWM", 4, 1)) \
        == (1026, 1154, 130)    # the Vortex PCU, two cycles a step: 2,049, 2,305, 257
    assert (poly_run_cycles("NTT", 0, 2), poly_run_cycles("INTT", 0, 2)) == (450, 514)  # RoCC: 448
    assert poly_run_cycles("NTT", 0, 4) == 226


@pytest.mark.parametrize("name, rs1, rs2", [
    ("POLY_WR", 0, 2048), ("POLY_WR", Q_K, 3), ("POLY_WR", Q_D, 1024), ("POLY_WR", 1 << 31, 5),
    ("POLY_RD", 2048, 0), ("POLY_NTT", 8, 0), ("POLY_INTT", 1 << 31, 0), ("POLY_PWM", 0, 4),
    ("POLY_PWM", 5, 3), ("POLY_PWM", 8, 8), ("POLY_CNT", 8, 0), ("POLY_CBD", 4, 0),
    ("POLY_CBD", 1 << 31, 0), ("POLY_LD", 2, 0), ("POLY_LD", 0, 8), ("POLY_ST", 0x1001, 1),
    ("POLY_ST", 0, 1 << 31)])
def test_bad_operands_raise_and_change_nothing(name: str, rs1: int, rs2: int) -> None:
    m = PqxModel()
    run(m, "POLY_WR", 7, 3)
    before = dict(m.latches)
    r = run(m, name, rs1, rs2)
    assert r.exc and r.exccode == 2 and r.data == 0
    assert m.latches == before
    assert m.host.words == {}


def test_kem_slot_boundary_uses_each_modulus() -> None:
    m = PqxModel()
    assert not run(m, "POLY_WR", Q_K - 1, 1023).exc
    assert run(m, "POLY_WR", Q_K, 1023).exc
    assert not run(m, "POLY_WR", Q_K, 1024).exc
    assert not run(m, "POLY_WR", Q_D - 1, 2047).exc
    assert run(m, "POLY_RD", 2047).data == Q_D - 1


def test_dma_round_trip_and_reduction() -> None:
    """POLY_ST writes the documented word layout; POLY_LD reduces every field mod q."""
    m = PqxModel(host=HostMemory(seed=5))
    kem = [(7 * i + 1) % Q_K for i in range(POLY_N)]
    dsa = [(i * 65537 + 3) % Q_D for i in range(POLY_N)]
    poly.set_slot(m, 1, kem)
    poly.set_slot(m, 6, dsa)
    assert not run(m, "POLY_ST", 0x100, 1).exc and not run(m, "POLY_ST", 0x400, 6).exc
    assert [m.host.read(0x100 + 4 * k) for k in range(2)] == [kem[0] | kem[1] << 16,
                                                              kem[2] | kem[3] << 16]
    assert m.host.read(0x400 + 4 * 255) == dsa[255]
    run(m, "POLY_LD", 0x100, 2)
    run(m, "POLY_LD", 0x400, 7)
    assert poly.get_slot(m, 2) == kem and poly.get_slot(m, 7) == dsa
    m.host.write(0x800, 0xFFFF_FFFF)
    run(m, "POLY_LD", 0x800, 0)
    run(m, "POLY_LD", 0x800, 4)
    assert poly.get_slot(m, 0)[:2] == [0xFFFF % Q_K] * 2
    assert poly.get_slot(m, 4)[0] == 0xFFFF_FFFF % Q_D
    loaded = poly.get_slot(m, 4)[1:]            # words never written: the seed's, reduced
    assert loaded == [m.host.read(0x800 + 4 * k) % Q_D for k in range(1, POLY_N)]
    assert [poly.counter(m, k) for k in (6, 7)] == [4 * POLY_N, 2 * POLY_N]
