"""Tests of the Falcon FPR unit's model (verif/models/fpr.py) against IEEE-754 binary64.

Nothing here re-implements the reference's bit tricks. A packed word is checked against the
correctly rounded double of the exact rational (-1)^s m 2^e, computed twice, independently:
`float(Fraction)` (CPython divides the numerator by the denominator with a correctly rounded integer
true division, subnormals and overflow to OverflowError included) and `ieee_rne` below, a plain
round-to-nearest-even of the integer m to 53 significant bits. Both oracles must agree with each
other and with the model's bits; `struct.unpack('<d', x)` must equal the oracle's float.
The normalisation is checked against `int.bit_length` (shift = 64 - bit length).

  pack, normal range    s in {0, 1}, m in [2^54, 2^55), e in [-1076, 969]: the exact value is at
                        least 2^-1022 and below 2^1024, so its rounding is normal (or +-inf at the
                        very top, which IEEE round-to-nearest gives too)
  pack corners          m = 0 (+-0 for every e), the subnormal threshold e = -1076 / -1077,
                        every low-bit pattern of m (ties 010 and 110 to even, 011, 100, 111),
                        carries into the exponent (m = 2^55 - 1), the largest normal, overflow
  pack random           100 000 random (s, m, e) in the normal range, ends of the range weighted
  NORM64                every shift amount 0..63 with random low bits, m = 0, random m of every
                        length, exponents near the int32 wrap
  instructions          FPR_LOAD_SE / FPR_EXEC / FPR_RDHI and FPR_NORM64_EXEC / _RDHI / _RDE through
                        PqxModel.execute, latch independence, reset, writeback flags
"""

from __future__ import annotations

import math
import random
import struct
import sys
from fractions import Fraction

import pytest

from verif.models import fpr
from verif.models.isa import INSTRUCTIONS, encode
from verif.models.pqx_model import M32, M64, PqxModel, s32

E_MIN = -1076               # smallest e whose exact value m 2^e (m >= 2^54) is >= 2^-1022
E_MAX = 969                 # largest e with m 2^e < 2^1024
POS_INF = 0x7FF0000000000000
MAX_NORMAL = 0x7FEFFFFFFFFFFFFF


def bits_of(f: float) -> int:
    return struct.unpack("<Q", struct.pack("<d", f))[0]


def double_of(x: int) -> float:
    return struct.unpack("<d", struct.pack("<Q", x))[0]


def exact(s: int, e: int, m: int) -> Fraction:
    v = Fraction(m) * (Fraction(2) ** e)
    return -v if s else v


def oracle_fraction(s: int, e: int, m: int) -> float:
    """Correctly rounded double of (-1)^s m 2^e by float(Fraction); +-inf on overflow."""
    try:
        return float(exact(s, e, m))
    except OverflowError:
        return -math.inf if s else math.inf


def ieee_rne(s: int, e: int, m: int) -> int:
    """Bits of the binary64 nearest (ties to even) to (-1)^s m 2^e for m > 0 whose exact value is
    in the normal range [2^-1022, 2^1024); +-inf when it rounds to 2^1024 or beyond."""
    assert m > 0
    n = m.bit_length()
    exp = n - 1 + e                              # m 2^e in [2^exp, 2^(exp+1))
    assert exp >= -1022, "exact value below the normal range"
    if n > 53:
        drop = n - 53
        q, r, half = m >> drop, m & ((1 << drop) - 1), 1 << (drop - 1)
        if r > half or (r == half and q & 1):
            q += 1
        if q == 1 << 53:
            q >>= 1
            exp += 1
    else:
        q = m << (53 - n)
    if exp > 1023:
        return (s << 63) | POS_INF
    return (s << 63) | ((exp + 1023) << 52) | (q - (1 << 52))


def check_pack(s: int, e: int, m: int) -> int:
    """The model's FPR(s, e, m) against both oracles; returns the packed word."""
    x = fpr.fpr_pack(s, e, m)
    want = ieee_rne(s, e, m)
    ref = oracle_fraction(s, e, m)
    assert bits_of(ref) == want, f"oracles disagree for s={s} e={e} m={m:#x}: {ref!r} vs {want:#018x}"
    assert x == want, f"FPR(s={s}, e={e}, m={m:#x}) = {x:#018x}, correctly rounded {want:#018x} ({ref!r})"
    assert double_of(x) == ref and math.copysign(1.0, double_of(x)) == (-1.0 if s else 1.0)
    return x


# ----------------------------------------------------------------------------- the oracles


def test_oracles_on_known_values() -> None:
    """The two oracles give the known doubles, and tell neighbours apart (so they can fail)."""
    assert ieee_rne(0, -54, 1 << 54) == bits_of(1.0) == 0x3FF0000000000000
    assert ieee_rne(1, -53, 1 << 54) == bits_of(-2.0)
    assert ieee_rne(0, E_MIN, 1 << 54) == bits_of(sys.float_info.min) == 0x0010000000000000
    assert ieee_rne(0, E_MAX, (1 << 55) - 4) == bits_of(sys.float_info.max) == MAX_NORMAL
    assert ieee_rne(0, E_MAX, (1 << 55) - 1) == POS_INF
    assert oracle_fraction(0, E_MAX, (1 << 55) - 1) == math.inf
    # 1 + 2^-53 is a tie: to even (1.0); 1 + 3 2^-54 rounds up to 1 + 2^-52
    assert ieee_rne(0, -54, (1 << 54) + 2) == bits_of(1.0)
    assert ieee_rne(0, -54, (1 << 54) + 3) == bits_of(1.0) + 1
    assert ieee_rne(0, -54, (1 << 54) + 6) == bits_of(1.0) + 2
    assert float(Fraction(1) + Fraction(1, 1 << 53)) == 1.0
    assert float(Fraction(1) + Fraction(3, 1 << 54)) == 1.0 + 2.0 ** -52
    rng = random.Random(11)
    for _ in range(2000):
        s, e, m = rng.randrange(2), rng.randint(E_MIN, E_MAX - 1), rng.randrange(1 << 54, 1 << 55)
        assert bits_of(oracle_fraction(s, e, m)) == ieee_rne(s, e, m), (s, e, m)


# ----------------------------------------------------------------------------- FPR: corners


@pytest.mark.parametrize("s", [0, 1])
def test_pack_zero_mantissa(s: int) -> None:
    """m = 0 gives a zero with the given sign, for every exponent (even absurd ones)."""
    rng = random.Random(12 + s)
    es = [-(1 << 31), -1078, -1077, E_MIN, -1075, -1, 0, 1, 969, 970, 1000, 2047, (1 << 31) - 1077,
          (1 << 31) - 1076, (1 << 31) - 1]
    es += [rng.randrange(-(1 << 31), 1 << 31) for _ in range(2000)]
    for e in es:
        x = fpr.fpr_pack(s, e, 0)
        assert x == s << 63, (s, e, hex(x))
        assert double_of(x) == 0.0 and math.copysign(1.0, double_of(x)) == (-1.0 if s else 1.0)


@pytest.mark.parametrize("s", [0, 1])
def test_pack_subnormal_threshold(s: int) -> None:
    """e = -1076 is the smallest exponent packed: exact and rounded values in [2^-1022, 2^-1021).
    Below it the reference returns +-0 whatever m is (no subnormals), also where the correctly
    rounded double would be a subnormal or round up to 2^-1022."""
    rng = random.Random(14 + s)
    ms = [1 << 54, (1 << 54) + 1, (1 << 54) + 2, (1 << 54) + 3, (1 << 55) - 4, (1 << 55) - 2, (1 << 55) - 1]
    ms += [rng.randrange(1 << 54, 1 << 55) for _ in range(500)]
    for m in ms:
        x = check_pack(s, E_MIN, m)
        assert x & ~(1 << 63) >= 0x0010000000000000
        for e in (E_MIN - 1, E_MIN - 2, -1130, -2000, -(1 << 31)):
            assert fpr.fpr_pack(s, e, m) == s << 63, (s, e, hex(m))
    assert check_pack(s, E_MIN, 1 << 54) == (s << 63) | 0x0010000000000000
    # the one place below the threshold where IEEE is normal: (2^55 - 1) 2^-1077 rounds to 2^-1022
    assert bits_of(oracle_fraction(s, E_MIN - 1, (1 << 55) - 1)) == (s << 63) | 0x0010000000000000
    assert fpr.fpr_pack(s, E_MIN - 1, (1 << 55) - 1) == s << 63
    # and a subnormal one: the reference flushes it to zero
    assert double_of(bits_of(oracle_fraction(s, E_MIN - 1, 1 << 54))) != 0.0


@pytest.mark.parametrize("low", range(8))
def test_pack_rounding_low_bits(low: int) -> None:
    """Every pattern of m's low three bits (kept lsb, half bit, sticky bit): ties 010 stay (even),
    110 go up (to even), 011 and 111 go up, the others stay; both signs, many exponents."""
    rng = random.Random(20 + low)
    up = {0b011: 1, 0b110: 1, 0b111: 1}.get(low, 0)
    for k in range(3000):
        s = k & 1
        e = rng.choice((E_MIN, E_MIN + 1, -54, -53, 0, E_MAX - 1)) if k % 4 == 0 else rng.randint(E_MIN, E_MAX - 1)
        m = (rng.randrange(1 << 54, 1 << 55) & ~7) | low
        x = check_pack(s, e, m)
        if (m >> 2) + up < 1 << 53:             # no carry out of the significand
            assert x & ((1 << 52) - 1) == ((m >> 2) + up) & ((1 << 52) - 1), (low, e, hex(m))
        if low in (0b010, 0b110):               # exact halves: the result is even
            assert x & 1 == 0, (low, e, hex(m))


@pytest.mark.parametrize("s", [0, 1])
def test_pack_carry_into_exponent(s: int) -> None:
    """m = 2^55 - 1 (and 2^55 - 2, a tie with odd kept bits) round up to 2^55: the carry leaves a
    zero significand and one more in the exponent field; 2^55 - 3 and - 4 stay below."""
    for e in (E_MIN, E_MIN + 1, -55, -54, 0, 100, E_MAX - 1):
        for m in ((1 << 55) - 1, (1 << 55) - 2):
            x = check_pack(s, e, m)
            assert x == (s << 63) | ((e + 55 + 1023) << 52), (e, hex(m), hex(x))
            assert double_of(x) == (-1) ** s * 2.0 ** (e + 55)
        for m in ((1 << 55) - 3, (1 << 55) - 4):
            x = check_pack(s, e, m)
            assert x == (s << 63) | ((e + 54 + 1023) << 52) | ((1 << 52) - 1), (e, hex(m), hex(x))


@pytest.mark.parametrize("s", [0, 1])
def test_pack_largest_normal(s: int) -> None:
    """e = 969: 2^55 - 4 and 2^55 - 3 give the largest normal; 2^55 - 2 (tie to even) and 2^55 - 1
    round to 2^1024, i.e. +-inf, as IEEE round-to-nearest does."""
    for m in ((1 << 55) - 4, (1 << 55) - 3):
        assert check_pack(s, E_MAX, m) == (s << 63) | MAX_NORMAL
        assert double_of((s << 63) | MAX_NORMAL) == (-1) ** s * sys.float_info.max
    for m in ((1 << 55) - 2, (1 << 55) - 1):
        x = check_pack(s, E_MAX, m)
        assert x == (s << 63) | POS_INF and math.isinf(double_of(x))
    assert check_pack(s, E_MAX, 1 << 54) == (s << 63) | (2046 << 52)
    assert check_pack(s, E_MAX - 1, (1 << 55) - 1) == (s << 63) | (2046 << 52)


def test_pack_outside_domain_is_c_arithmetic() -> None:
    """Outside the documented domain the model still follows the C expression: m >= 2^55 masks the
    exponent with -(m >> 54) and adds m >> 2 whole; e past the top wraps into the sign bit."""
    # m in [2^55, 2^56): t = 2 or 3, e &= -2 / -3
    e, m = 5, 1 << 55
    eb = e + 1076
    assert fpr.fpr_pack(0, e, m) == ((m >> 2) + ((eb & -2) << 52)) & M64
    m = (1 << 56) - 1
    assert fpr.fpr_pack(1, e, m) == ((1 << 63 | m >> 2) + ((eb & -3) << 52) + 1) & M64
    # m below 2^54 (t = 0): the exponent field is dropped
    assert fpr.fpr_pack(0, 0, (1 << 54) - 1) == ((1 << 52) - 1) + 1
    # e = 2^31 - 1: e + 1076 wraps negative (32-bit int), so the value is zero
    assert fpr.fpr_pack(0, (1 << 31) - 1, 1 << 54) == 0
    # e + 1076 = 2^31 - 1: only the low 12 bits (all ones) reach the word; with m's bit 54 the
    # exponent field wraps to zero (the carry leaves bit 63) and the sign is what remains
    x = fpr.fpr_pack(1, (1 << 31) - 1077, 1 << 54)
    assert x == ((1 << 63 | 1 << 52) + (0xFFF << 52)) & M64 == 1 << 63
    # e = 970 (past the largest normal): the rounding carry runs through the exponent into the sign
    assert fpr.fpr_pack(0, E_MAX + 1, (1 << 55) - 1) == 1 << 63
    assert fpr.fpr_pack(0, E_MAX + 1, (1 << 55) - 4) == 0x7FFFFFFFFFFFFFFF


# ----------------------------------------------------------------------------- FPR: random


def test_pack_random_normal() -> None:
    """100 000 random (s, m, e) with e in [-1076, 969]; a fifth at the ends of the range, a fifth
    with m's low bits a tie or near one."""
    rng = random.Random(30)
    edge_e = list(range(E_MIN, E_MIN + 8)) + list(range(E_MAX - 7, E_MAX + 1)) + list(range(-60, -48))
    for k in range(100_000):
        s = rng.randrange(2)
        e = rng.choice(edge_e) if k % 5 == 0 else rng.randint(E_MIN, E_MAX)
        m = rng.randrange(1 << 54, 1 << 55)
        if k % 5 == 1:
            m = (m & ~7) | rng.choice((0b010, 0b110, 0b011, 0b111, 0b001, 0b101))
        check_pack(s, e, m)


# ----------------------------------------------------------------------------- NORM64


def norm_ref(m: int, e: int) -> tuple[int, int]:
    """Independent definition: shift = 64 - bit length (63 for m = 0); e' as an int32."""
    shift = 64 - m.bit_length() if m else 63
    return (m << shift) & M64, s32(e - shift)


def test_norm64_every_shift() -> None:
    """For every shift 0..63: m with its top bit at 63 - shift (lower bits random, all zero, all
    one): bit 63 of m' is set, m' = m << shift, e' = e - shift (int32)."""
    rng = random.Random(40)
    es = [0, 1, -1, 63, -1076, 1 << 20, -(1 << 31), -(1 << 31) + 62, (1 << 31) - 1]
    for shift in range(64):
        top = 63 - shift
        ms = [1 << top, (1 << (top + 1)) - 1] + [(1 << top) | rng.getrandbits(top) if top else 1
                                                for _ in range(40)]
        for k, m in enumerate(ms):
            e = es[k % len(es)] if k < 2 * len(es) else s32(rng.getrandbits(32))
            mn, en = fpr.fpr_norm64(m, e)
            assert mn >> 63 == 1, (shift, hex(m))
            assert mn == (m << shift) & M64 and mn >> shift == m, (shift, hex(m), hex(mn))
            assert en == s32(e - shift), (shift, e, en)
            assert (mn, en) == norm_ref(m, e)


def test_norm64_zero() -> None:
    """m = 0 stays 0 and e' = e - 63 (the macro subtracts 63 and adds nothing back)."""
    rng = random.Random(41)
    for e in [0, 63, -1, -(1 << 31), -(1 << 31) + 62, -(1 << 31) + 63, (1 << 31) - 1] + \
             [s32(rng.getrandbits(32)) for _ in range(1000)]:
        assert fpr.fpr_norm64(0, e) == (0, s32(e - 63)), e


def test_norm64_random() -> None:
    """100 000 random m of random bit length (1..64) and random int32 e."""
    rng = random.Random(42)
    for _ in range(100_000):
        n = rng.randint(1, 64)
        m = (1 << (n - 1)) | rng.getrandbits(n - 1)
        e = s32(rng.getrandbits(32))
        assert fpr.fpr_norm64(m, e) == norm_ref(m, e), (hex(m), e)


# ----------------------------------------------------------------------------- instructions


@pytest.fixture
def model() -> PqxModel:
    return PqxModel()


def run(m: PqxModel, name: str, rs1: int = 0, rs2: int = 0, rs3: int = 0) -> int | None:
    """rd of `name` (None when the instruction writes no rd); checks `we` against the ISA."""
    r4 = INSTRUCTIONS[name].format == "r4"
    res = m.execute(encode(name, rd=1, rs1=2, rs2=3, rs3=4 if r4 else 0), rs1 & M32, rs2 & M32, rs3 & M32)
    assert not res.exc and res.we == INSTRUCTIONS[name].writeback, (name, res)
    return res.data if res.we else None


def pack_by_instructions(m: PqxModel, s: int, e: int, mant: int) -> int:
    assert run(m, "FPR_LOAD_SE", s | (0xFFFFFFFE if s else 0x1234), e) is None
    lo = run(m, "FPR_EXEC", mant & M32, mant >> 32)
    return run(m, "FPR_RDHI", 0xDEADBEEF, 0xFFFFFFFF) << 32 | lo


def test_instructions_pack(model: PqxModel) -> None:
    """FPR_LOAD_SE (no rd; s = rs1[0] only), FPR_EXEC, FPR_RDHI give the correctly rounded double;
    the sign/exponent latch stays for several EXECs; RDHI repeats."""
    rng = random.Random(50)
    for _ in range(3000):
        s, e, mant = rng.randrange(2), rng.randint(E_MIN, E_MAX), rng.randrange(1 << 54, 1 << 55)
        assert pack_by_instructions(model, s, e, mant) == ieee_rne(s, e, mant)
        mant2 = rng.randrange(1 << 54, 1 << 55)          # same s, e latched
        lo = run(model, "FPR_EXEC", mant2 & M32, mant2 >> 32)
        assert run(model, "FPR_RDHI") << 32 | lo == ieee_rne(s, e, mant2)
        assert run(model, "FPR_RDHI") << 32 | lo == ieee_rne(s, e, mant2)
    assert model.latches["FPR_S"] in (0, 1)


def test_instructions_norm64(model: PqxModel) -> None:
    """FPR_NORM64_EXEC / _RDHI / _RDE: m = {rs2, rs1}, e = rs3 (int32), every shift amount."""
    rng = random.Random(51)
    for shift in list(range(64)) * 4 + [None] * 8:
        m = 0 if shift is None else (1 << (63 - shift)) | rng.getrandbits(63 - shift)
        e = s32(rng.getrandbits(32))
        lo = run(model, "FPR_NORM64_EXEC", m & M32, m >> 32, e)
        hi = run(model, "FPR_NORM64_RDHI", rng.getrandbits(32), rng.getrandbits(32))
        en = run(model, "FPR_NORM64_RDE")
        assert (hi << 32 | lo, s32(en)) == norm_ref(m, e), (shift, hex(m), e)


def test_latches_independent_and_reset(model: PqxModel) -> None:
    """NORM64 does not touch s, e, F; pack does not touch the NORM64 latches; reset zeroes all."""
    x = pack_by_instructions(model, 1, -3, (1 << 54) + 0x1234567)
    f = run(model, "FPR_RDHI")
    run(model, "FPR_NORM64_EXEC", 0x89ABCDEF, 0x00000123, 77)
    nm, ne = run(model, "FPR_NORM64_RDHI"), run(model, "FPR_NORM64_RDE")
    assert run(model, "FPR_RDHI") == f == x >> 32
    lo = run(model, "FPR_EXEC", 7, 1 << 22)              # s, e still 1, -3
    assert run(model, "FPR_RDHI") << 32 | lo == ieee_rne(1, -3, (1 << 54) | 7)
    assert (run(model, "FPR_NORM64_RDHI"), run(model, "FPR_NORM64_RDE")) == (nm, ne)
    run(model, "FPR_LOAD_SE", 0, 5)
    assert (run(model, "FPR_NORM64_RDHI"), run(model, "FPR_NORM64_RDE")) == (nm, ne)
    assert run(model, "FPR_RDHI") == f                   # LOAD_SE does not touch F either
    model.reset()
    assert run(model, "FPR_RDHI") == run(model, "FPR_NORM64_RDHI") == run(model, "FPR_NORM64_RDE") == 0
    # after reset s = 0, e = 0: FPR(0, 0, m) = m as a double (below 2^64 here)
    lo = run(model, "FPR_EXEC", 0, 1 << 22)
    assert double_of(run(model, "FPR_RDHI") << 32 | lo) == float(1 << 54)


def test_fpr_unit_accepted() -> None:
    """The unit is integrated: the model accepts its instructions without any patching."""
    assert PqxModel().execute(encode("FPR_RDHI"), 0, 0, 0).exc is False
