"""Semantics of the polynomial unit (docs/isa.md, "Polynomial instructions"): eight slots of 256
coefficients, the Vortex-PCU-style engine's NTT, NTT^-1 and point-wise products, and the unit's
performance counters.

The transforms are written from the standards, not from the RTL's schedule:
  slots 0..3 (q = 3329):    FIPS 203 Algorithms 9 (NTT), 10 (NTT^-1), 11 (MultiplyNTTs) with
                            BaseCaseMultiply (Algorithm 12), zeta = 17;
  slots 4..7 (q = 8380417): FIPS 204 Algorithms 41 (NTT), 42 (NTT^-1) and the point-wise product
                            of two NTT-domain polynomials, zeta = 1753;
  POLY_CBD:                 FIPS 203 Algorithm 8 (SamplePolyCBD_2) of the first 128 bytes of O.
verif/models/test_poly.py checks them against kyber-py and dilithium-py.

Architectural state, in `PqxModel.latches`: POLY_MEM (the 2048 coefficients, coefficient a in
bits [24 a, 24 a + 24): slot a / 256, index a mod 256) and POLY_CNT<k> (the eight counters, 32-bit,
wrapping). Everything is zero at reset (the RTL clears the slots after reset). POLY_LD and
POLY_ST move a slot from and to `PqxModel.host` (the DMA's view of host memory), at once: the
model has no timing, so a bench compares host memory once the transfers have ended.
"""

from __future__ import annotations

from .consts import (M32, POLY_COUNTERS, POLY_KEM_SLOTS, POLY_N, POLY_SLOTS, Q_D, Q_K,
                     poly_dma_words, poly_layers, poly_modulus, poly_run_cycles)
from .pqx_model import BadOperands, PqxModel, semantics

COEFF_BITS = 24
"""Width of a coefficient in the slot memory (q = 8380417 needs 23)."""
ADDRESSES = POLY_SLOTS * POLY_N


def _bitrev(x: int, bits: int) -> int:
    return int(format(x, f"0{bits}b")[::-1], 2)


ZETAS_K = [pow(17, _bitrev(i, 7), Q_K) for i in range(128)]
"""FIPS 203 section 4.3: zeta^BitRev7(i) mod q, zeta = 17."""
GAMMAS_K = [pow(17, 2 * _bitrev(i, 7) + 1, Q_K) for i in range(128)]
"""FIPS 203 Algorithm 11: zeta^(2 BitRev7(i) + 1), the moduli of the degree-1 base cases."""
ZETAS_D = [pow(1753, _bitrev(k, 8), Q_D) for k in range(256)]
"""FIPS 204 Algorithm 41: zetas[k] = zeta^BitRev8(k) mod q, zeta = 1753."""
N_INV_K = pow(128, -1, Q_K)     # 3303, FIPS 203 Algorithm 10
N_INV_D = pow(256, -1, Q_D)     # 8347681, FIPS 204 Algorithm 42

COUNTERS = ("NTT runs", "NTT^-1 runs", "point-wise products and CBD samplings", "engine busy cycles",
            "butterflies", "engine modular multiplications",
            "coefficients written (POLY_WR, POLY_LD)", "coefficients read (POLY_RD, POLY_ST)")
"""POLY_CNT k, in order; every one counts only what executed instructions did."""
assert len(COUNTERS) == POLY_COUNTERS


# ------------------------------------------------------------------ the transforms
def ntt_k(f: list[int]) -> list[int]:
    """FIPS 203 Algorithm 9."""
    f, i, length = list(f), 1, 128
    while length >= 2:
        for start in range(0, 256, 2 * length):
            zeta = ZETAS_K[i]
            i += 1
            for j in range(start, start + length):
                t = zeta * f[j + length] % Q_K
                f[j + length] = (f[j] - t) % Q_K
                f[j] = (f[j] + t) % Q_K
        length //= 2
    return f


def intt_k(f: list[int]) -> list[int]:
    """FIPS 203 Algorithm 10."""
    f, i, length = list(f), 127, 2
    while length <= 128:
        for start in range(0, 256, 2 * length):
            zeta = ZETAS_K[i]
            i -= 1
            for j in range(start, start + length):
                t = f[j]
                f[j] = (t + f[j + length]) % Q_K
                f[j + length] = zeta * (f[j + length] - t) % Q_K
        length *= 2
    return [x * N_INV_K % Q_K for x in f]


def multiply_ntts_k(f: list[int], g: list[int]) -> list[int]:
    """FIPS 203 Algorithms 11 and 12."""
    h = [0] * 256
    for i in range(128):
        a0, a1, b0, b1 = f[2 * i], f[2 * i + 1], g[2 * i], g[2 * i + 1]
        h[2 * i] = (a0 * b0 + a1 * b1 * GAMMAS_K[i]) % Q_K
        h[2 * i + 1] = (a0 * b1 + a1 * b0) % Q_K
    return h


def ntt_d(w: list[int]) -> list[int]:
    """FIPS 204 Algorithm 41."""
    w, m, length = list(w), 0, 128
    while length >= 1:
        for start in range(0, 256, 2 * length):
            m += 1
            z = ZETAS_D[m]
            for j in range(start, start + length):
                t = z * w[j + length] % Q_D
                w[j + length] = (w[j] - t) % Q_D
                w[j] = (w[j] + t) % Q_D
        length //= 2
    return w


def intt_d(w: list[int]) -> list[int]:
    """FIPS 204 Algorithm 42."""
    w, m, length = list(w), 256, 1
    while length < 256:
        for start in range(0, 256, 2 * length):
            m -= 1
            z = -ZETAS_D[m]
            for j in range(start, start + length):
                t = w[j]
                w[j] = (t + w[j + length]) % Q_D
                w[j + length] = z * (t - w[j + length]) % Q_D
        length *= 2
    return [x * N_INV_D % Q_D for x in w]


def pointwise_d(a: list[int], b: list[int]) -> list[int]:
    """FIPS 204's product of two NTT-domain polynomials (MultiplyNTT, coefficient by coefficient)."""
    return [x * y % Q_D for x, y in zip(a, b)]


def cbd2_k(b: bytes) -> list[int]:
    """FIPS 203 Algorithm 8, SamplePolyCBD_2: 128 bytes -> 256 coefficients mod 3329."""
    bits = [(b[i // 8] >> (i % 8)) & 1 for i in range(8 * 128)]
    return [(bits[4 * i] + bits[4 * i + 1] - bits[4 * i + 2] - bits[4 * i + 3]) % Q_K
            for i in range(POLY_N)]


def transform(op: str, slot: int, f: list[int], g: list[int] | None = None) -> list[int]:
    """`op` (NTT, INTT, PWM) of slot `slot`'s polynomial f (PWM: with g) under the slot's modulus."""
    kem = slot < POLY_KEM_SLOTS
    if op == "NTT":
        return ntt_k(f) if kem else ntt_d(f)
    if op == "INTT":
        return intt_k(f) if kem else intt_d(f)
    assert g is not None
    return multiply_ntts_k(f, g) if kem else pointwise_d(f, g)


def engine_work(op: str, slot: int) -> tuple[int, int]:
    """(butterflies, modular multiplications) of one engine run: a butterfly has one product,
    the scaling pass one per coefficient, ML-KEM's base case five per pair (a0 b0, a1 b1, its
    product with gamma, a0 b1, a1 b0), ML-DSA's point-wise product one per coefficient."""
    butterflies = poly_layers(slot) * POLY_N // 2 if op in ("NTT", "INTT") else 0
    if op == "NTT":
        return butterflies, butterflies
    if op == "INTT":
        return butterflies, butterflies + POLY_N
    if op == "CBD":
        return 0, 0
    return 0, (5 * POLY_N // 2 if slot < POLY_KEM_SLOTS else POLY_N)


# ------------------------------------------------------------------ state access
_MASK = (1 << COEFF_BITS) - 1


def get_slot(m: PqxModel, slot: int) -> list[int]:
    mem = m.latches.get("POLY_MEM", 0) >> (COEFF_BITS * POLY_N * slot)
    return [(mem >> (COEFF_BITS * i)) & _MASK for i in range(POLY_N)]


def set_slot(m: PqxModel, slot: int, coeffs: list[int]) -> None:
    if len(coeffs) != POLY_N or not all(0 <= c < poly_modulus(slot) for c in coeffs):
        raise ValueError(f"slot {slot} takes {POLY_N} coefficients in [0, {poly_modulus(slot)})")
    width = COEFF_BITS * POLY_N
    packed = sum(c << (COEFF_BITS * i) for i, c in enumerate(coeffs))
    mem = m.latches.get("POLY_MEM", 0) & ~(((1 << width) - 1) << (width * slot))
    m.latches["POLY_MEM"] = mem | (packed << (width * slot))


def counter(m: PqxModel, k: int) -> int:
    return m.latches.get(f"POLY_CNT{k}", 0)


def _count(m: PqxModel, k: int, n: int = 1) -> None:
    m.latches[f"POLY_CNT{k}"] = (counter(m, k) + n) & M32


def _address(value: int) -> int:
    if value >= ADDRESSES:
        raise BadOperands(f"coefficient address {value} > {ADDRESSES - 1}")
    return value


def _slot(value: int) -> int:
    if value >= POLY_SLOTS:
        raise BadOperands(f"slot {value} > {POLY_SLOTS - 1}")
    return value


# ------------------------------------------------------------------ instructions
@semantics("POLY_WR")
def _poly_wr(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
    a = _address(rs2)
    if rs1 >= poly_modulus(a // POLY_N):
        raise BadOperands(f"coefficient {rs1} >= q of slot {a // POLY_N}")
    shift = COEFF_BITS * a
    m.latches["POLY_MEM"] = (m.latches.get("POLY_MEM", 0) & ~(_MASK << shift)) | (rs1 << shift)
    _count(m, 6)


@semantics("POLY_RD")
def _poly_rd(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    a = _address(rs1)
    _count(m, 7)
    return (m.latches.get("POLY_MEM", 0) >> (COEFF_BITS * a)) & _MASK


def _run(m: PqxModel, op: str, slot: int, other: int | None = None) -> None:
    if op == "CBD":
        set_slot(m, slot, cbd2_k(m.o_bytes()[:128]))
    else:
        f = get_slot(m, slot)
        g = None if other is None else get_slot(m, other)
        set_slot(m, slot, transform(op, slot, f, g))
    butterflies, products = engine_work(op, slot)
    _count(m, {"NTT": 0, "INTT": 1, "PWM": 2, "CBD": 2}[op])
    _count(m, 3, poly_run_cycles(op, slot))
    _count(m, 4, butterflies)
    _count(m, 5, products)


def slot_words(slot: int, coeffs: list[int]) -> list[int]:
    """The bus words of a slot's coefficients (POLY_ST): two 16-bit coefficients a word, 2k in the
    low half, for ML-KEM slots; one coefficient a word for ML-DSA slots."""
    if slot < POLY_KEM_SLOTS:
        return [coeffs[2 * k] | coeffs[2 * k + 1] << 16 for k in range(POLY_N // 2)]
    return list(coeffs)


def words_slot(slot: int, words: list[int]) -> list[int]:
    """The coefficients POLY_LD makes of a slot's bus words: each 16-bit (ML-KEM) or 32-bit
    (ML-DSA) field, as an unsigned integer, modulo q."""
    q = poly_modulus(slot)
    if slot < POLY_KEM_SLOTS:
        return [((w >> half) & 0xFFFF) % q for w in words for half in (0, 16)]
    return [w % q for w in words]


def _transfer(rs1: int, rs2: int) -> tuple[int, int]:
    if rs1 & 3:
        raise BadOperands(f"base {rs1:#x} is not word-aligned")
    return rs1, _slot(rs2)


@semantics("POLY_LD")
def _poly_ld(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
    base, slot = _transfer(rs1, rs2)
    words = [m.host.read(base + 4 * k) for k in range(poly_dma_words(slot))]
    set_slot(m, slot, words_slot(slot, words))
    _count(m, 6, POLY_N)


@semantics("POLY_ST")
def _poly_st(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
    base, slot = _transfer(rs1, rs2)
    for k, w in enumerate(slot_words(slot, get_slot(m, slot))):
        m.host.write(base + 4 * k, w)
    _count(m, 7, POLY_N)


@semantics("POLY_NTT")
def _poly_ntt(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
    _run(m, "NTT", _slot(rs1))


@semantics("POLY_INTT")
def _poly_intt(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
    _run(m, "INTT", _slot(rs1))


@semantics("POLY_PWM")
def _poly_pwm(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
    a, b = _slot(rs1), _slot(rs2)
    if (a < POLY_KEM_SLOTS) != (b < POLY_KEM_SLOTS):
        raise BadOperands(f"slots {a} and {b} have different moduli")
    _run(m, "PWM", a, b)


@semantics("POLY_CBD")
def _poly_cbd(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
    if rs1 >= POLY_KEM_SLOTS:
        raise BadOperands(f"slot {rs1} is not an ML-KEM slot")
    _run(m, "CBD", rs1)


@semantics("POLY_CNT")
def _poly_cnt(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    if rs1 >= POLY_COUNTERS:
        raise BadOperands(f"counter {rs1} > {POLY_COUNTERS - 1}")
    return counter(m, rs1)
