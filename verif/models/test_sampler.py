"""Tests of the sampling unit's model (verif/models/sampler.py) against the FIPS definitions and
against kyber-py / dilithium-py.

The expected values are computed here independently of the model's code: popcounts of shifted
integers (`int.bit_count`), the FIPS 204 tables written out as integer formulas, `(x >> s) & mask`
slices of the little-endian integer of a byte string (dilithium-py's bit unpacking), and whole
polynomials from the reference packages.

  CBDeta      every pattern of the 2 eta bits of the slice at every j (three backgrounds of the other
              bits), random rs1 at every j with junk in rs2[31:5] and rs3, the exception for every
              out-of-range j
  REJ_ETA*    every byte, both nibble selects, junk in rs1[31:8] and rs2[31:1]; the value distribution
              (uniform on [-eta, eta]); nibble 8 of REJ_ETA4 gives -4 (the ISA's fix)
  REJ_UNIFORM every 23-bit value against c < q; 200k random words with bit 23 and junk in 31:24 set;
              the edges through PqxModel.execute
  UNPACK_Z*   every rs2 shift on corner and random rs1; the coefficients of random byte strings
              through the firmware's slices against bit-unpacking of the whole string
  references  whole polynomials from these per-instruction semantics on SHAKE output for random seeds:
              SamplePolyCBD eta = 1..4 == kyber-py `cbd`; RejNTTPoly, RejBoundedPoly eta = 2, 4 and
              ExpandMask gamma1 = 2^17, 2^19 == dilithium-py
"""

from __future__ import annotations

import hashlib
import random

import pytest
from dilithium_py.polynomials.polynomials import PolynomialRing as DilithiumRing
from kyber_py.ml_kem.ml_kem import ML_KEM
from kyber_py.polynomials.polynomials import PolynomialRing as KyberRing

import verif.models.sampler as smp
from verif.models import pqx_model
from verif.models.isa import INSTRUCTIONS, encode
from verif.models.consts import M32, Q_D as QD, Q_K as QK
from verif.models.pqx_model import EXCCODE_ILLEGAL, PqxModel, Result, has_semantics

VALID = 1 << 31
ETAS = (1, 2, 3, 4)
KYBER = KyberRing()
DILITHIUM = DilithiumRing()
SAMPLER_OPS = [n for n, i in INSTRUCTIONS.items() if i.unit == "sampler"]


@pytest.fixture
def model() -> PqxModel:
    return PqxModel()


def execute(m: PqxModel, name: str, rs1: int, rs2: int = 0, rs3: int = 0) -> Result:
    res = m.execute(encode(name, rd=1, rs1=2, rs2=3), rs1 & M32, rs2 & M32, rs3 & M32)
    assert res.we, (name, res)
    return res


def run(m: PqxModel, name: str, rs1: int, rs2: int = 0, rs3: int = 0) -> int:
    res = execute(m, name, rs1, rs2, rs3)
    assert not res.exc, (name, hex(rs1), hex(rs2), res)
    return res.data


def sx(v: int, bits: int) -> int:
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def valid(value: int) -> int:
    """Expected rd of an accepted candidate: bit 31 and the value in 31-bit two's complement."""
    return VALID | (value & 0x7FFFFFFF)


def cbd_expected(rs1: int, eta: int, j: int) -> int:
    mask = (1 << eta) - 1
    x = (rs1 >> (2 * eta * j)) & mask
    y = (rs1 >> (2 * eta * j + eta)) & mask
    return (x.bit_count() - y.bit_count()) & M32


def max_j(eta: int) -> int:
    """Largest j with 2 eta (j + 1) <= 32."""
    return 32 // (2 * eta) - 1


def test_every_sampler_instruction_has_semantics() -> None:
    assert sorted(SAMPLER_OPS) == sorted(["CBD1", "CBD2", "CBD3", "CBD4", "REJ_UNIFORM", "REJ_ETA2",
                                          "REJ_ETA4", "UNPACK_Z17", "UNPACK_Z19"])
    assert all(has_semantics(n) for n in SAMPLER_OPS)


# ----------------------------------------------------------------------------- CBD


@pytest.mark.parametrize("eta", ETAS)
def test_cbd_every_slice_pattern(model: PqxModel, eta: int) -> None:
    """All 2^(2 eta) values of the slice at every j, the other bits 0, 1 or random."""
    rng = random.Random(eta)
    width = 2 * eta
    seen = set()
    for j in range(max_j(eta) + 1):
        field = ((1 << width) - 1) << (width * j)
        for bg in (0, M32, rng.getrandbits(32)):
            for p in range(1 << width):
                rs1 = (bg & ~field & M32) | (p << (width * j))
                want = ((p & ((1 << eta) - 1)).bit_count() - (p >> eta).bit_count()) & M32
                got = run(model, f"CBD{eta}", rs1, j | rng.getrandbits(27) << 5, rng.getrandbits(32))
                assert got == want, (eta, j, hex(rs1), hex(got), hex(want))
                seen.add(sx(got, 32))
    assert seen == set(range(-eta, eta + 1))


@pytest.mark.parametrize("eta", ETAS)
def test_cbd_random(model: PqxModel, eta: int) -> None:
    """Random rs1 at every valid j, junk in rs2[31:5] and rs3; the handler on many more."""
    rng = random.Random(100 + eta)
    for j in range(max_j(eta) + 1):
        for _ in range(300):
            rs1 = rng.getrandbits(32)
            assert run(model, f"CBD{eta}", rs1, j | rng.getrandbits(27) << 5, rng.getrandbits(32)) == \
                cbd_expected(rs1, eta, j)
        for rs1 in (0, M32, 0x55555555, 0xAAAAAAAA, 0x33333333, 0xCCCCCCCC, 0x0F0F0F0F, 0xF0F0F0F0):
            assert run(model, f"CBD{eta}", rs1, j) == cbd_expected(rs1, eta, j), (eta, j, hex(rs1))
    for _ in range(20000):
        rs1, j = rng.getrandbits(32), rng.randint(0, max_j(eta))
        assert smp.cbd(eta, rs1, j) == cbd_expected(rs1, eta, j)


@pytest.mark.parametrize("eta", ETAS)
def test_cbd_exception_every_bad_j(model: PqxModel, eta: int) -> None:
    """2 eta (j + 1) > 32 raises (exc, exccode 2, data 0) for every such j; only rs2[4:0] is j."""
    rng = random.Random(200 + eta)
    bad = [j for j in range(32) if 2 * eta * (j + 1) > 32]
    assert bad == list(range(max_j(eta) + 1, 32))
    for j in bad:
        for rs1 in (0, M32, rng.getrandbits(32)):
            res = execute(model, f"CBD{eta}", rs1, j | rng.getrandbits(27) << 5)
            assert (res.exc, res.exccode, res.data) == (True, EXCCODE_ILLEGAL, 0), (eta, j, res)
        with pytest.raises(pqx_model.BadOperands):
            smp.cbd(eta, rng.getrandbits(32), j)
    for j in range(max_j(eta) + 1):              # the good ones with every high rs2 bit set
        assert not execute(model, f"CBD{eta}", rng.getrandbits(32), j | (M32 & ~0x1F)).exc


# ----------------------------------------------------------------------------- REJ_ETA


@pytest.mark.parametrize("eta", (2, 4))
def test_rej_eta_every_nibble(model: PqxModel, eta: int) -> None:
    rng = random.Random(300 + eta)
    name = f"REJ_ETA{eta}"
    table = [2, 1, 0, -1, -2] * 3 + [None] if eta == 2 else [4 - b for b in range(9)] + [None] * 7
    values: dict[int | None, int] = {}
    for byte in range(256):
        for hi in (0, 1):
            nib = byte >> 4 if hi else byte & 0xF
            want = table[nib]
            for rs1, rs2 in ((byte, hi), (byte | rng.getrandbits(24) << 8, hi | rng.getrandbits(31) << 1)):
                got = run(model, name, rs1, rs2, rng.getrandbits(32))
                assert got == (0 if want is None else valid(want)), (name, hex(rs1), hex(rs2), hex(got))
                assert smp.rej_decode(got) == want
            if byte < 16 and not hi:
                values[want] = values.get(want, 0) + 1
    # uniform on [-eta, eta] over the accepted nibbles, 16 - (2 eta + 1) k rejected
    accepted = {v: c for v, c in values.items() if v is not None}
    assert set(accepted) == set(range(-eta, eta + 1)) and len(set(accepted.values())) == 1
    assert values[None] == (1 if eta == 2 else 7)
    if eta == 4:
        assert run(model, name, 0x08) == VALID | (-4 & 0x7FFFFFFF) == 0xFFFFFFFC   # the fix: not +4
        assert run(model, name, 0x80, 1) == 0xFFFFFFFC


# ----------------------------------------------------------------------------- REJ_UNIFORM


def test_rej_uniform_every_23bit_value() -> None:
    """FIPS 204 CoeffFromThreeBytes: every c < 2^23 is accepted exactly when c < q, as {1, 0, c}."""
    got = list(map(smp.rej_uniform, range(1 << 23)))
    assert got[:QD] == list(range(VALID, VALID + QD))
    assert got[QD:] == [0] * ((1 << 23) - QD)


def test_rej_uniform_ignores_bits_23_and_up(model: PqxModel) -> None:
    rng = random.Random(400)
    for _ in range(200_000):
        c = rng.getrandbits(23)
        junk = rng.getrandbits(9) | 1              # bit 23 always set
        want = VALID | c if c < QD else 0
        assert smp.rej_uniform(c | junk << 23) == want, hex(c | junk << 23)
    for rs1, want in ((0, VALID), (QD - 1, VALID | (QD - 1)), (QD, 0), ((1 << 23) - 1, 0),
                      (1 << 23, VALID), (QD - 1 | 1 << 23, VALID | (QD - 1)), (M32, 0),
                      (0xFF000000 | (QD - 1), VALID | (QD - 1))):
        assert run(model, "REJ_UNIFORM", rs1, rng.getrandbits(32), rng.getrandbits(32)) == want, hex(rs1)


# ----------------------------------------------------------------------------- UNPACK


UNPACK = {17: ("UNPACK_Z17", 18, 2, 4), 19: ("UNPACK_Z19", 20, 4, 2)}
"""log2 gamma1 -> (instruction, bits c, shift per rs2 step, number of shifts)."""


@pytest.mark.parametrize("lg", (17, 19))
def test_unpack_every_shift(model: PqxModel, lg: int) -> None:
    name, c, step, shifts = UNPACK[lg]
    gamma1 = 1 << lg
    rng = random.Random(500 + lg)
    corners = [0, M32, 0x55555555, 0xAAAAAAAA, 1, 1 << 31]
    for s in range(shifts):                      # the field at each shift: all ones, its end bits
        lo = step * s
        corners += [((1 << c) - 1) << lo, 1 << lo, 1 << (lo + c - 1)] + ([1 << (lo + c)] if lo + c < 32 else [])
    seen = set()
    for sel in range(shifts):
        for rs1 in corners + [rng.getrandbits(32) for _ in range(3000)]:
            want = gamma1 - ((rs1 >> (step * sel)) & ((1 << c) - 1))
            for rs2 in (sel, sel | rng.getrandbits(32) & ~(shifts - 1)):
                got = run(model, name, rs1, rs2, rng.getrandbits(32))
                assert got == want & M32, (name, hex(rs1), hex(rs2), hex(got), want)
                assert -gamma1 < sx(got, 32) <= gamma1
            seen.add(want)
    assert {gamma1, gamma1 - (1 << c) + 1} <= seen          # both ends of (-gamma1, gamma1]


@pytest.mark.parametrize("lg", (17, 19))
def test_unpack_against_bit_unpack(lg: int) -> None:
    """The firmware's slices (32 bits at byte floor(c k / 8), rs2 = k mod 4 or 2) of random byte
    strings give BitUnpack's coefficients (dilithium-py's formula on the whole string)."""
    _, c, _, shifts = UNPACK[lg]
    gamma1 = 1 << lg
    rng = random.Random(600 + lg)
    for _ in range(100):
        buf = rng.randbytes(32 * c + 4)          # 4 bytes the last loads run into
        whole = int.from_bytes(buf[:32 * c], "little")
        want = [gamma1 - ((whole >> (c * k)) & ((1 << c) - 1)) for k in range(256)]
        got = [sx(smp.unpack_z(lg, int.from_bytes(buf[c * k // 8:c * k // 8 + 4], "little"), k % shifts), 32)
               for k in range(256)]
        assert got == want
        assert want == DILITHIUM.bit_unpack_z(buf[:32 * c], gamma1).coeffs


# ----------------------------------------------------------------------------- whole polynomials


SEEDS = range(6)


def shake128(data: bytes, n: int) -> bytes:
    return hashlib.shake_128(data).digest(n)


def shake256(data: bytes, n: int) -> bytes:
    return hashlib.shake_256(data).digest(n)


@pytest.mark.parametrize("eta", ETAS)
def test_cbd_polynomials_equal_kyber_py(eta: int) -> None:
    """SamplePolyCBD_eta(PRF_eta(s, b)) from CBDeta on 32-bit words (24-bit loads for eta = 3)."""
    rng = random.Random(700 + eta)
    size = 3 if eta == 3 else 4
    for seed in SEEDS:
        s, b = rng.randbytes(32), rng.randrange(256)
        prf = ML_KEM._prf(eta, s, bytes([b]))
        assert prf == shake256(s + bytes([b]), 64 * eta)
        got = []
        for off in range(0, 64 * eta, size):
            word = int.from_bytes(prf[off:off + size], "little")
            got += [sx(smp.cbd(eta, word, j), 32) % QK for j in range(8 * size // (2 * eta))]
        assert got == KYBER.cbd(prf, eta).coeffs, (eta, seed)


def test_rej_ntt_poly_equals_dilithium_py() -> None:
    """RejNTTPoly(rho || s || r) from REJ_UNIFORM on every 3 bytes of SHAKE128."""
    rng = random.Random(800)
    for _ in SEEDS:
        rho, r, s = rng.randbytes(32), rng.randrange(8), rng.randrange(7)
        stream = shake128(rho + bytes([s, r]), 168 * 8)
        got = []
        for k in range(0, len(stream), 3):
            v = smp.rej_decode(smp.rej_uniform(int.from_bytes(stream[k:k + 3], "little")))
            if v is not None:
                got.append(v)
        assert got[:256] == DILITHIUM.rejection_sample_ntt_poly(rho, r, s).coeffs


@pytest.mark.parametrize("eta", (2, 4))
def test_rej_bounded_poly_equals_dilithium_py(eta: int) -> None:
    """RejBoundedPoly(rho' || r) from REJ_ETA<eta> on the low, then the high nibble of each byte."""
    rng = random.Random(900 + eta)
    for _ in SEEDS:
        rho_p, r = rng.randbytes(64), rng.randrange(15)
        stream = shake256(rho_p + r.to_bytes(2, "little"), 136 * 8)
        got = []
        for byte in stream:
            for hi in (0, 1):
                v = smp.rej_decode(smp.rej_eta(eta, byte, hi))
                if v is not None:
                    got.append(v)
        assert got[:256] == DILITHIUM.rejection_bounded_poly(rho_p, r, eta).coeffs


@pytest.mark.parametrize("lg", (17, 19))
def test_expand_mask_equals_dilithium_py(lg: int) -> None:
    """ExpandMask's polynomial (rho'' = rho' || mu + r) from UNPACK_Z<lg> on the firmware's slices."""
    _, c, _, shifts = UNPACK[lg]
    rng = random.Random(1000 + lg)
    for _ in SEEDS:
        rho_p, mu, r = rng.randbytes(64), rng.randrange(0, 1 << 15), rng.randrange(7)
        v = shake256(rho_p + (mu + r).to_bytes(2, "little"), 32 * c + 4)
        got = [sx(smp.unpack_z(lg, int.from_bytes(v[c * k // 8:c * k // 8 + 4], "little"), k % shifts), 32)
               for k in range(256)]
        assert got == DILITHIUM.sample_mask_polynomial(rho_p, r, mu, 1 << lg).coeffs
