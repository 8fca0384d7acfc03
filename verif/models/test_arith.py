"""Tests of the arithmetic unit's model (verif/models/arith.py) against the mathematics.

Nothing here re-implements the reference formulas: every check is the defining property of the
operation (a congruence plus the documented output range, or an exact modular value computed with
Python's `pow(x, -1, m)`), or, for the binary field, an independent algorithm (integer
multiplication of bit-spread operands for carry-less products, a table of x^k mod 0x11D built by
repeated multiplication by x for the GF(2^8) remainder).

  MontK      every product of two signed 12-bit operands a, b in (-4096, 4096) (all distinct |a b|,
             both signs), plus MQMULK through PqxModel.execute
  BarrettK   every a in [-2^15, 2^15)
  MontD      random and corner x with |x| < q 2^31, products z b
  RED32      random and corner a in [-2^31, 2^31 - 2^22 - 1]
  MontF      every b for a slice of a, random pairs; mq_add / mq_sub
  MODP       random odd p in (2^30, 2^31), Falcon's primes; modp_ninv31
  GF         every GF_REDUCE input, every GFMUL8 pair
  butterflies  BFNTT*/BFINTT*/MQMUL* identities on in-domain operands
  KARATS1..4 the 128-bit carry-less product, any order of 3/4, interleaved with BFNTTD
  BARRETT_HQC*  corners
"""

from __future__ import annotations

import itertools
import random

import pytest

from verif.models import arith
from verif.models.consts import M16, M32, Q_D as QD, Q_F as QF, Q_K as QK
from verif.models.isa import encode
from verif.models.pqx_model import PqxModel


def sx(v: int, bits: int) -> int:
    """v's low `bits` bits as a two's-complement number."""
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def run(m: PqxModel, name: str, rs1: int = 0, rs2: int = 0, rs3: int = 0) -> int:
    """rd of instruction `name` on model m; the operands may be negative (taken mod 2^32)."""
    res = m.execute(encode(name, rd=1, rs1=2, rs2=3, rs3=4 if name in R4 else 0),
                    rs1 & M32, rs2 & M32, rs3 & M32)
    assert res.we and not res.exc, (name, res)
    return res.data


R4 = {"BFNTTK", "BFINTTK", "BFNTTD", "BFINTTD", "BFNTTF", "BFINTTF", "MODP_MONTYMUL"}


def halves(r: int) -> tuple[int, int]:
    """(high, low) 16-bit halves of rd as signed numbers."""
    return sx(r >> 16, 16), sx(r, 16)


# ----------------------------------------------------------------------------- ML-KEM


def test_montk_all_12bit_products() -> None:
    """MontK(a b) * 2^16 = a b (mod q) and |r| < q for every a, b in (-4096, 4096).

    MontK sees only the product, so every distinct |a b| is checked with both signs.
    """
    n = 4096
    top = (n - 1) * (n - 1)
    mark = bytearray(top + 1)
    ones = b"\x01" * n
    for a in range(1, n):                 # mark every product a*b, b in [0, n)
        mark[0 : a * n : a] = ones
    mark[0] = 1
    products = list(itertools.compress(range(top + 1), mark))
    assert 3_000_000 < len(products) < 4_000_000
    mont = arith.mont_k
    r16 = 1 << 16
    bad = [x for x in products
           if not (-QK < (r := mont(x)) < QK and (r * r16 - x) % QK == 0
                   and -QK < (s := mont(-x)) < QK and (s * r16 + x) % QK == 0)]
    assert not bad, f"{len(bad)} products fail, first {bad[:5]}"


def test_mqmulk_execute() -> None:
    """MQMULK through the model's instruction path (sign handling of rs1/rs2)."""
    rng = random.Random(1)
    m = PqxModel()
    rinv = pow(1 << 16, -1, QK)
    pairs = [(a, b) for a in (0, 1, -1, QK - 1, -QK + 1, 4095, -4095) for b in (0, 1, -1, 4095, -4095, 1 << 14)]
    pairs += [(-(1 << 15), QK - 1), (QK - 1, -(1 << 15)), (-QK, (1 << 15) - 1)]   # near |a b| = q 2^15
    pairs += [(rng.randrange(-QK + 1, QK), rng.randrange(-(1 << 15), 1 << 15)) for _ in range(5000)]
    for a, b in pairs:
        assert abs(a * b) < QK << 15
        r = sx(run(m, "MQMULK", a, b), 32)
        assert -QK < r < QK and (r - a * b * rinv) % QK == 0, (a, b, r)


def test_barrettk_all_int16() -> None:
    """BarrettK(a) = a (mod q), -1664 <= r <= 1664, for every a in [-2^15, 2^15)."""
    bar = arith.barrett_k
    bad = [a for a in range(-(1 << 15), 1 << 15)
           if not (-1664 <= (r := bar(a)) <= 1664 and (r - a) % QK == 0)]
    assert not bad, f"{len(bad)} inputs fail, first {bad[:5]}"
    m = PqxModel()
    for a in (-(1 << 15), -1, 0, 1, 1664, 1665, -1665, QK, -QK, (1 << 15) - 1):
        r = sx(run(m, "BARRETT", a), 32)
        assert -1664 <= r <= 1664 and (r - a) % QK == 0, (a, r)


# ----------------------------------------------------------------------------- ML-DSA


def test_montd() -> None:
    """MontD(x) * 2^32 = x (mod q), |r| < q, for |x| < q 2^31 (direct and as MQMULD z b)."""
    rng = random.Random(2)
    lim = QD << 31
    xs = [0, 1, -1, lim - 1, -lim + 1, QD, -QD, 1 << 32, -(1 << 32), (1 << 62) - 1, -(1 << 62)]
    xs = [x for x in xs if abs(x) < lim]
    xs += [rng.randrange(-lim + 1, lim) for _ in range(20000)]
    xs += [rng.randrange(-(1 << 40), 1 << 40) for _ in range(2000)]
    r32 = 1 << 32
    for x in xs:
        r = arith.mont_d(x)
        assert -QD < r < QD and (r * r32 - x) % QD == 0, (x, r)
    m = PqxModel()
    rinv = pow(r32, -1, QD)
    zs = [0, 1, -1, QD - 1, -QD + 1] + [rng.randrange(-QD + 1, QD) for _ in range(3000)]
    bs = [0, 1, -1, (1 << 31) - 1, -(1 << 31)] + [rng.randrange(-(1 << 31), 1 << 31) for _ in range(3000)]
    for z, b in itertools.chain(itertools.product(zs[:5], bs[:5]), zip(zs, bs)):
        r = sx(run(m, "MQMULD", z, b), 32)
        assert -QD < r < QD and (r - z * b * rinv) % QD == 0, (z, b, r)
        r = sx(run(m, "MQMULD", b, z), 32)
        assert -QD < r < QD and (r - z * b * rinv) % QD == 0, (b, z, r)


def test_red32() -> None:
    """reduce32(a) = a (mod q), -6283009 <= r <= 6283008, for a in [-2^31, 2^31 - 2^22 - 1].

    The reference's comment said -6283008 <= r; the true lower end is -6283009, reached only at
    a = -255 * 2^23 - 2^22 (pq-crystals/dilithium issue 56, corrected upstream). Both ends are
    checked to be reached, so the range here is exact.
    """
    rng = random.Random(3)
    lo, hi = -(1 << 31), (1 << 31) - (1 << 22) - 1
    rmin, rmax = -6283009, 6283008
    corner = [lo, lo + 1, hi, hi - 1, 0, 1, -1, QD, -QD, QD // 2, -(QD // 2), (1 << 22) - 1, 1 << 22,
              -(1 << 22), -(1 << 22) - 1, (1 << 23) - 1, 1 << 23]
    corner += [k * QD + d for k in (-256, -255, -1, 1, 100, 255) for d in (-1, 0, 1)]
    corner += [(2 * k + 1) << 22 for k in range(-256, 256)]       # every rounding boundary
    corner += [((2 * k + 1) << 22) - 1 for k in range(-256, 256)]
    m = PqxModel()
    seen = set()
    for a in corner + [rng.randint(lo, hi) for _ in range(20000)]:
        if not lo <= a <= hi:
            continue
        r = sx(run(m, "RED32", a), 32)
        assert rmin <= r <= rmax and (r - a) % QD == 0, (a, r)
        seen.add(r)
    assert sx(run(m, "RED32", -255 * (1 << 23) - (1 << 22)), 32) == rmin
    assert sx(run(m, "RED32", hi), 32) == rmax
    assert rmin in seen and rmax in seen


# ----------------------------------------------------------------------------- Falcon


def test_montf_slice_and_random() -> None:
    """mq_montymul(a, b) = a b 2^-16 mod q exactly, for every b and a slice of a; random pairs."""
    rinv = pow(1 << 16, -1, QF)
    mm = arith.mq_montymul
    for a in list(range(40)) + [QF - 1, QF - 2, QF // 2, 4096, 8192, 12288 - 4096]:
        c = a * rinv
        bad = [b for b in range(QF) if mm(a, b) != c * b % QF]
        assert not bad, (a, bad[:5])
    rng = random.Random(4)
    m = PqxModel()
    for _ in range(30000):
        a, b = rng.randrange(QF), rng.randrange(QF)
        assert mm(a, b) == a * b * rinv % QF, (a, b)
    for _ in range(2000):
        a, b = rng.randrange(QF), rng.randrange(QF)
        assert run(m, "MQMULF", a, b) == a * b * rinv % QF, (a, b)


def test_mq_add_sub() -> None:
    """mq_add / mq_sub are (a +- b) mod q for a, b in [0, q)."""
    rng = random.Random(5)
    edge = [0, 1, 2, QF // 2, QF // 2 + 1, QF - 2, QF - 1]
    pairs = list(itertools.product(edge, edge))
    pairs += [(a, b) for a in range(0, QF, 97) for b in range(0, QF, 89)]
    pairs += [(rng.randrange(QF), rng.randrange(QF)) for _ in range(20000)]
    for a, b in pairs:
        assert arith.mq_add(a, b) == (a + b) % QF, (a, b)
        assert arith.mq_sub(a, b) == (a - b) % QF, (a, b)


FALCON_PRIMES = [2147473409, 2147389441, 2147387393, 2147377153, 2147358721, 2147352577]


def test_modp_ninv31() -> None:
    """modp_ninv31(p) = -p^-1 mod 2^31 for odd p (all 32-bit odd p work, not just (2^30, 2^31))."""
    rng = random.Random(6)
    ps = [1, 3, (1 << 30) + 1, (1 << 31) - 1, (1 << 31) + 1, M32] + FALCON_PRIMES
    ps += [rng.getrandbits(32) | 1 for _ in range(5000)]
    for p in ps:
        assert arith.modp_ninv31(p) == (-pow(p, -1, 1 << 31)) % (1 << 31), p


def test_modp_montymul() -> None:
    """MODP_MONTYMUL(a, b, p) = a b 2^-31 mod p for odd p in (2^30, 2^31), a, b in [0, p)."""
    rng = random.Random(7)
    ps = [(1 << 30) + 1, (1 << 30) + 3, (1 << 31) - 1, (1 << 31) - 3] + FALCON_PRIMES
    ps += [rng.randrange((1 << 30) + 1, 1 << 31, 2) for _ in range(200)]
    m = PqxModel()
    for p in ps:
        assert p % 2 == 1 and (1 << 30) < p < (1 << 31)
        rinv = pow(1 << 31, -1, p)
        ab = [(0, 0), (0, p - 1), (1, 1), (p - 1, p - 1), (p - 1, 1), (1, p - 1), (p // 2, p - 2)]
        ab += [(rng.randrange(p), rng.randrange(p)) for _ in range(40)]
        for a, b in ab:
            assert run(m, "MODP_MONTYMUL", a, b, p) == a * b * rinv % p, (a, b, p)


# ----------------------------------------------------------------------------- GF(2^8), carry-less


def _spread(x: int, step: int) -> int:
    """x with bit i moved to bit step*i."""
    r, i = 0, 0
    while x:
        if x & 1:
            r |= 1 << (step * i)
        x >>= 1
        i += 1
    return r


def _gather_parity(p: int, step: int, n: int) -> int:
    """Bit j of the result = bit 0 of the step-bit digit j of p."""
    return sum(((p >> (step * j)) & 1) << j for j in range(n))


def clmul_by_int(a: int, b: int, width: int) -> int:
    """Carry-less product of two width-bit values by ordinary integer multiplication: with bits
    spread `step` apart, each digit of the integer product counts the terms of one coefficient
    (at most `width` < 2^step of them), and its parity is the GF(2) coefficient."""
    step = width.bit_length() + 1
    return _gather_parity(_spread(a, step) * _spread(b, step), step, 2 * width - 1)


def test_clmul_by_int_self_check() -> None:
    assert clmul_by_int(0b11, 0b11, 8) == 0b101          # (x+1)^2 = x^2+1
    assert clmul_by_int(0xFF, 0xFF, 8) == 0x5555
    assert clmul_by_int(0x87, 0x02, 8) == 0x10E


def test_gfmul8_all_pairs() -> None:
    """GFMUL8 = carry-less product of rs1[7:0] and rs2[7:0], every pair; upper bits ignored."""
    step = 4                                             # digit counts <= 8 < 16
    spread = [_spread(x, step) for x in range(256)]
    bad = []
    for a in range(256):
        sa = spread[a]
        for b in range(256):
            if arith._gfmul8(None, a, b, 0) != _gather_parity(sa * spread[b], step, 15):
                bad.append((a, b))
    assert not bad, bad[:5]
    m = PqxModel()
    rng = random.Random(8)
    for _ in range(500):
        a, b = rng.getrandbits(32), rng.getrandbits(32)
        assert run(m, "GFMUL8", a, b) == clmul_by_int(a & 0xFF, b & 0xFF, 8), (a, b)


def test_gf_reduce_all_inputs() -> None:
    """GF_REDUCE: degree < 8, identity below degree 8, and equal to the GF(2)-linear map built from
    x^k mod 0x11D (the table made by repeated multiplication by x: shift, and add the polynomial
    when bit 8 appears). So input xor result is a multiple of 0x11D."""
    xk = [1]
    for _ in range(15):
        v = xk[-1] << 1
        xk.append(v ^ 0x11D if v & 0x100 else v)
    assert xk[8] == 0x1D and xk[15] < 256
    m = PqxModel()
    rng = random.Random(9)
    for v in range(1 << 16):
        want = 0
        for k in range(16):
            if v >> k & 1:
                want ^= xk[k]
        r = arith._gf_reduce(None, v | (rng.getrandbits(16) << 16), 0, 0)
        assert r == want and r < 256, (v, r, want)
        if v < 256:
            assert r == v
    for v in (0x11D, 0x11D << 7, 0x11D ^ (0x11D << 3) ^ (0x11D << 7)):   # multiples of the polynomial
        assert run(m, "GF_REDUCE", v) == 0
        assert run(m, "GF_REDUCE", v ^ 0xA5) == 0xA5


def test_gf_reduce_of_product_is_field_multiply() -> None:
    """GF_REDUCE(GFMUL8(a, b)) is the AES-like field product for poly 0x11D: a few field laws."""
    m = PqxModel()

    def mul(a: int, b: int) -> int:
        return run(m, "GF_REDUCE", run(m, "GFMUL8", a, b))

    # 2 = x is a generator of GF(2^8)* for the primitive polynomial 0x11D: order 255
    p, seen = 1, set()
    for _ in range(255):
        seen.add(p)
        p = mul(p, 2)
    assert p == 1 and len(seen) == 255
    rng = random.Random(10)
    for _ in range(300):
        a, b, c = rng.randrange(256), rng.randrange(256), rng.randrange(256)
        assert mul(a, b ^ c) == mul(a, b) ^ mul(a, c)
        assert mul(mul(a, b), c) == mul(a, mul(b, c))


KARATS_CORNERS = [0, 1, 1 << 63, (1 << 64) - 1, 1 << 31, 1 << 32, 0xFFFFFFFF, 0xFFFFFFFF00000000,
                  0x5555555555555555, 0xAAAAAAAAAAAAAAAA, 0x8000000080000000]


def _karats(m: PqxModel, a: int, b: int, order: tuple[str, ...], between=None) -> int:
    """Run KARATS1..4 in `order` (1 and 2 first, in either order) and assemble c = a (x) b."""
    out: dict[str, int] = {}
    for name in order:
        if between is not None:
            between()
        if name == "KARATS1":
            out[name] = run(m, name, a & M32, b & M32)
        elif name == "KARATS2":
            out[name] = run(m, name, a >> 32, b >> 32)
        else:
            out[name] = run(m, name, 0xDEADBEEF, 0x12345678)     # operands ignored
    return out["KARATS1"] | out["KARATS3"] << 32 | out["KARATS4"] << 64 | out["KARATS2"] << 96


def test_karatsuba_sequence() -> None:
    rng = random.Random(11)
    pairs = list(itertools.product(KARATS_CORNERS, KARATS_CORNERS))
    pairs += [(1 << i, 1 << j) for i in range(0, 64, 7) for j in range(0, 64, 5)]
    pairs += [(rng.getrandbits(64), rng.getrandbits(64)) for _ in range(300)]
    orders = [("KARATS1", "KARATS2", "KARATS3", "KARATS4"), ("KARATS1", "KARATS2", "KARATS4", "KARATS3"),
              ("KARATS2", "KARATS1", "KARATS3", "KARATS4"), ("KARATS2", "KARATS1", "KARATS4", "KARATS3")]
    m = PqxModel()
    for k, (a, b) in enumerate(pairs):
        want = clmul_by_int(a, b, 64)
        assert want < 1 << 127
        assert _karats(m, a, b, orders[k % 4]) == want, (hex(a), hex(b), orders[k % 4])
    # reading KARATS3/4 twice, and after a new KARATS1 only (the high words stay latched)
    a, b = rng.getrandbits(64), rng.getrandbits(64)
    _karats(m, a, b, orders[0])
    assert run(m, "KARATS4") == (clmul_by_int(a, b, 64) >> 64) & M32
    assert run(m, "KARATS3") == (clmul_by_int(a, b, 64) >> 32) & M32
    a2 = (a & ~M32) | rng.getrandbits(32)
    b2 = (b & ~M32) | rng.getrandbits(32)
    run(m, "KARATS1", a2 & M32, b2 & M32)
    assert run(m, "KARATS3") == (clmul_by_int(a2, b2, 64) >> 32) & M32
    assert run(m, "KARATS4") == (clmul_by_int(a2, b2, 64) >> 64) & M32


def test_karatsuba_interleaved_with_h() -> None:
    """BFNTTD/BFINTTD (which write H) between the KARATS steps disturb neither K nor H's value."""
    rng = random.Random(12)
    m = PqxModel()
    rinv = pow(1 << 32, -1, QD)
    for _ in range(200):
        a, b = rng.getrandbits(64), rng.getrandbits(64)
        want_h: list[int] = []

        def bf() -> None:
            x, y, z = (rng.randrange(-(1 << 30), 1 << 30), rng.randrange(-(1 << 30), 1 << 30),
                       rng.randrange(-QD + 1, QD))
            if rng.random() < 0.5:
                rd = sx(run(m, "BFNTTD", x, y, z), 32)
                h = 2 * x - rd
            else:
                run(m, "BFINTTD", x, y, z)
                h = sx(run(m, "BFINTTDH"), 32)
                assert (h - z * (x - y) * rinv) % QD == 0
            want_h.append(h)

        order = rng.choice([("KARATS1", "KARATS2", "KARATS3", "KARATS4"),
                            ("KARATS2", "KARATS1", "KARATS4", "KARATS3")])
        assert _karats(m, a, b, order, between=bf) == clmul_by_int(a, b, 64)
        assert sx(run(m, "BFNTTDH"), 32) == want_h[-1]


def test_latches_reset_zero() -> None:
    m = PqxModel()
    assert [run(m, n) for n in ("BFNTTDH", "BFINTTDH", "KARATS3", "KARATS4")] == [0, 0, 0, 0]


# ----------------------------------------------------------------------------- butterflies


def test_bfnttk_bfinttk() -> None:
    rng = random.Random(13)
    m = PqxModel()
    rinv = pow(1 << 16, -1, QK)
    for k in range(6000):
        z = rng.randrange(-QK + 1, QK) if k % 3 else rng.choice([-1664, 1664, 1, -1, 17, 0])
        a = rng.randrange(-7 * QK, 7 * QK)
        b = rng.randrange(-(1 << 15), 1 << 15)
        hi, lo = halves(run(m, "BFNTTK", a, b, z))
        t = lo - a
        assert -QK < t < QK and (t - z * b * rinv) % QK == 0, ("BFNTTK", a, b, z, t)
        assert hi == a - t, ("BFNTTK", a, b, z, hi)
        # rs1 bits above 15 are ignored
        assert run(m, "BFNTTK", (a & M16) | (rng.getrandbits(16) << 16), b, z) == run(m, "BFNTTK", a, b, z)
        # inverse butterfly: a, b int16 with a +- b in int16
        a, b = rng.randrange(-(1 << 14), 1 << 14), rng.randrange(-(1 << 14), 1 << 14)
        hi, lo = halves(run(m, "BFINTTK", a, b, z))
        assert -1664 <= lo <= 1664 and (lo - (a + b)) % QK == 0, ("BFINTTK lo", a, b, z, lo)
        assert -QK < hi < QK and (hi - z * (b - a) * rinv) % QK == 0, ("BFINTTK hi", a, b, z, hi)


def test_bfnttd_bfinttd() -> None:
    rng = random.Random(14)
    m = PqxModel()
    rinv = pow(1 << 32, -1, QD)
    lim = (1 << 31) - QD
    for k in range(6000):
        z = rng.randrange(-QD + 1, QD) if k % 3 else rng.choice([QD - 1, -QD + 1, 1, -1, 0])
        a = rng.randrange(-lim, lim)
        b = rng.randrange(-(1 << 31), 1 << 31)
        rd = sx(run(m, "BFNTTD", a, b, z), 32)
        h = sx(run(m, "BFNTTDH"), 32)
        assert sx(run(m, "BFINTTDH"), 32) == h
        t = rd - a
        assert -QD < t < QD and (t - z * b * rinv) % QD == 0, ("BFNTTD", a, b, z, t)
        assert h == a - t, ("BFNTTD H", a, b, z, h)
        a, b = rng.randrange(-(1 << 30), 1 << 30), rng.randrange(-(1 << 30), 1 << 30)
        rd = sx(run(m, "BFINTTD", a, b, z), 32)
        h = sx(run(m, "BFINTTDH"), 32)
        assert rd == a + b, ("BFINTTD", a, b, z, rd)
        assert -QD < h < QD and (h - z * (a - b) * rinv) % QD == 0, ("BFINTTD H", a, b, z, h)
        assert sx(run(m, "BFNTTDH"), 32) == h


def test_bfnttf_bfinttf() -> None:
    rng = random.Random(15)
    m = PqxModel()
    rinv = pow(1 << 16, -1, QF)
    edge = [0, 1, QF - 1, QF // 2]
    cases = list(itertools.product(edge, edge, edge))
    cases += [(rng.randrange(QF), rng.randrange(QF), rng.randrange(QF)) for _ in range(6000)]
    for a, b, z in cases:
        r = run(m, "BFNTTF", a, b, z)
        t = z * b * rinv
        assert r == ((a - t) % QF) << 16 | (a + t) % QF, ("BFNTTF", a, b, z, hex(r))
        r = run(m, "BFINTTF", a, b, z)
        assert r == (z * (a - b) * rinv % QF) << 16 | (a + b) % QF, ("BFINTTF", a, b, z, hex(r))


# ----------------------------------------------------------------------------- HQC


@pytest.mark.parametrize("name,n", [("BARRETT_HQC1", 17669), ("BARRETT_HQC3", 35851), ("BARRETT_HQC5", 57637)])
def test_barrett_hqc(name: str, n: int) -> None:
    m = PqxModel()
    xs = [0, 1, n - 1, n, n + 1, 2 * n - 1, 2 * n, M32, M32 - 1, 1 << 31, (1 << 31) - 1]
    xs += [k * n + d for k in (1, 1000, M32 // n - 1, M32 // n) for d in (-1, 0, 1)]
    for x in xs:
        r = run(m, name, x)
        assert 0 <= r < n and (x - r) % n == 0, (x, r)
