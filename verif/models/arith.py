"""Semantics of the arithmetic unit (docs/isa.md, "Lattice arithmetic" and "Binary field").

Every instruction is defined bit-exactly for all 32-bit operands, by the integer formulas of the
reference C code the ISA names, evaluated on exact Python integers and truncated to the result width
(16-bit halves, 32-bit rd). Inside the documented domains these are the usual modular results:

    MontK(x)  ML-KEM ref `montgomery_reduce`: x * 2^-16 mod 3329, in (-q, q) for |x| < q 2^15
    MontD(x)  ML-DSA ref `montgomery_reduce`: x * 2^-32 mod 8380417, in (-q, q) for |x| < q 2^31
    MontF     Falcon `mq_montymul` (uint32 C arithmetic): a b 2^-16 mod 12289 in [0, q)
    BarrettK  ML-KEM ref `barrett_reduce` (v = 20159), in [-1664, 1664] for |a| < 2^15
    RED32     ML-DSA ref `reduce32`
    MODP_MONTYMUL  Falcon keygen `modp_montymul` with p0i from `modp_ninv31`

The binary-field instructions are carry-less products and remainders, written as plain
shift-and-xor loops. Latches (ISA "Architectural state"): H, the ML-DSA butterfly's second output,
and the Karatsuba operands KA = a (64 bit) and KB = b, each set half by half by KARATS1 (low words)
and KARATS2 (high words); KARATS3/4 read bits of the 128-bit product of the latched operands.
Reset leaves every latch zero.
"""

from __future__ import annotations

from .consts import M16, M32, M64, N_HQC, Q_D, Q_F, Q_K, s16, s32
from .pqx_model import PqxModel, semantics

QINV_K = 62209          # q^-1 mod 2^16
QINV_D = 58728449       # q^-1 mod 2^32
Q0I_F = 12287           # -q^-1 mod 2^16
BARRETT_V = 20159       # round(2^26 / q), ML-KEM reference
HQC_N = {f"BARRETT_HQC{k}": n for k, n in N_HQC.items()}
GF_POLY = 0x11D         # x^8 + x^4 + x^3 + x^2 + 1


# ----------------------------------------------------------------------------- reductions


def mont_k(x: int) -> int:
    """ML-KEM `montgomery_reduce` on the exact integer x."""
    t = s16(x * QINV_K)
    return (x - t * Q_K) >> 16


def mont_d(x: int) -> int:
    """ML-DSA `montgomery_reduce` on the exact integer x."""
    t = s32(x * QINV_D)
    return (x - t * Q_D) >> 32


def barrett_k(a: int) -> int:
    """ML-KEM `barrett_reduce` on the exact integer a."""
    t = (BARRETT_V * a + (1 << 25)) >> 26
    return a - t * Q_K


def reduce32(a: int) -> int:
    """ML-DSA `reduce32` on the exact integer a."""
    t = (a + (1 << 22)) >> 23
    return a - t * Q_D


def mq_add(x: int, y: int) -> int:
    """Falcon `mq_add` with its uint32 arithmetic."""
    d = (x + y - Q_F) & M32
    return (d + (Q_F if d >> 31 else 0)) & M32


def mq_sub(x: int, y: int) -> int:
    """Falcon `mq_sub` with its uint32 arithmetic."""
    d = (x - y) & M32
    return (d + (Q_F if d >> 31 else 0)) & M32


def mq_montymul(x: int, y: int) -> int:
    """Falcon `mq_montymul` with its uint32 arithmetic (x, y are uint32)."""
    z = (x * y) & M32
    w = ((z * Q0I_F) & M16) * Q_F
    z = ((z + w) & M32) >> 16
    z = (z - Q_F) & M32
    return (z + (Q_F if z >> 31 else 0)) & M32


def modp_ninv31(p: int) -> int:
    """Falcon `modp_ninv31`: -1/p mod 2^31 for odd p, by Newton iteration in uint32."""
    y = (2 - p) & M32
    for _ in range(4):
        y = (y * ((2 - p * y) & M32)) & M32
    return (-y) & 0x7FFFFFFF


def modp_montymul(a: int, b: int, p: int, p0i: int) -> int:
    """Falcon `modp_montymul` with its uint32/uint64 arithmetic."""
    z = (a * b) & M64
    w = (((z * p0i) & 0x7FFFFFFF) * p) & M64
    d = ((((z + w) & M64) >> 31) - p) & M32
    return (d + (p if d >> 31 else 0)) & M32


def clmul(a: int, b: int) -> int:
    """Carry-less product of two non-negative integers (polynomials over GF(2))."""
    r = 0
    while b:
        if b & 1:
            r ^= a
        a <<= 1
        b >>= 1
    return r


def gf_mod(x: int, poly: int = GF_POLY) -> int:
    """Remainder of the GF(2) polynomial x modulo poly."""
    deg = poly.bit_length() - 1
    while x.bit_length() > deg:
        x ^= poly << (x.bit_length() - 1 - deg)
    return x


def _halves(hi: int, lo: int) -> int:
    return ((hi & M16) << 16) | (lo & M16)


# ----------------------------------------------------------------------------- ML-KEM


@semantics("BFNTTK")
def _bfnttk(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    a = rs1 & M16
    t = mont_k(s32(rs3) * s32(rs2))
    return _halves(a - t, a + t)


@semantics("BFINTTK")
def _bfinttk(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    a, b = s16(rs1), s16(rs2)
    return _halves(mont_k(s32(rs3) * s16(b - a)), barrett_k(s16(a + b)))


@semantics("MQMULK")
def _mqmulk(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    return mont_k(s32(rs1) * s32(rs2)) & M32


@semantics("BARRETT")
def _barrett(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    return barrett_k(s32(rs1)) & M32


# ----------------------------------------------------------------------------- ML-DSA


@semantics("BFNTTD")
def _bfnttd(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    a = s32(rs1)
    t = mont_d(s32(rs3) * s32(rs2))
    m.latches["H"] = (a - t) & M32
    return (a + t) & M32


@semantics("BFINTTD")
def _bfinttd(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    a, b = s32(rs1), s32(rs2)
    m.latches["H"] = mont_d(s32(rs3) * s32(a - b)) & M32
    return (a + b) & M32


@semantics("BFNTTDH")
@semantics("BFINTTDH")
def _read_h(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    return m.latches.get("H", 0)


@semantics("MQMULD")
def _mqmuld(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    return mont_d(s32(rs1) * s32(rs2)) & M32


@semantics("RED32")
def _red32(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    return reduce32(s32(rs1)) & M32


# ----------------------------------------------------------------------------- Falcon


@semantics("BFNTTF")
def _bfnttf(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    a = rs1 & M16
    t = mq_montymul(rs3, rs2)
    return _halves(mq_sub(a, t), mq_add(a, t))


@semantics("BFINTTF")
def _bfinttf(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    a, b = rs1 & M16, rs2 & M16
    return _halves(mq_montymul(mq_sub(a, b), rs3), mq_add(a, b))


@semantics("MQMULF")
def _mqmulf(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    return mq_montymul(rs1, rs2)


@semantics("MODP_MONTYMUL")
def _modp_montymul(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    return modp_montymul(rs1, rs2, rs3, modp_ninv31(rs3))


# ----------------------------------------------------------------------------- HQC / GF(2^8)


@semantics("GFMUL8")
def _gfmul8(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    return clmul(rs1 & 0xFF, rs2 & 0xFF)


@semantics("GF_REDUCE")
def _gf_reduce(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    return gf_mod(rs1 & M16)


def _karats_product(m: PqxModel) -> int:
    return clmul(m.latches.get("KA", 0), m.latches.get("KB", 0))


@semantics("KARATS1")
def _karats1(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    m.latches["KA"] = (m.latches.get("KA", 0) & ~M32 & M64) | rs1
    m.latches["KB"] = (m.latches.get("KB", 0) & ~M32 & M64) | rs2
    return _karats_product(m) & M32


@semantics("KARATS2")
def _karats2(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    m.latches["KA"] = (m.latches.get("KA", 0) & M32) | (rs1 << 32)
    m.latches["KB"] = (m.latches.get("KB", 0) & M32) | (rs2 << 32)
    return (_karats_product(m) >> 96) & M32


@semantics("KARATS3")
def _karats3(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    return (_karats_product(m) >> 32) & M32


@semantics("KARATS4")
def _karats4(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    return (_karats_product(m) >> 64) & M32


def _barrett_hqc(name: str):
    n = HQC_N[name]

    @semantics(name)
    def handler(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
        return rs1 % n

    return handler


for _name in HQC_N:
    _barrett_hqc(_name)
