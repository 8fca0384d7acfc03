"""Semantics of the Classic McEliece unit (docs/isa.md, "Classic McEliece"), bit-exact for every
32-bit operand.

Field: GF(2^12) = GF(2)[z]/(z^12 + z^3 + 1), the field of every m = 12 Classic McEliece parameter
set; an element is 12 bits, bit i the coefficient of z^i. Operand bits above bit 11 are ignored
(zero-extended, never folded into a result).

Architectural state (registers of the unit, zero at reset), kept in `PqxModel.latches` as packed
integers (element k of a w-bit array in bits [w k, w k + w)):
  MCE_S      the 2t syndromes s_0..s_{2t-1}            (MCE_SYN writes, MCE_BM reads)
  MCE_SIGMA  the error locator sigma_0..sigma_t         (MCE_BM, MCE_MINPOLY, MCE_LOC_WR write;
                                                         MCE_CHIEN reads)
  MCE_A      the support alpha_0..alpha_{n-1}           (MCE_SUP_WR writes)
  MCE_E      the n-bit error bitmap, bit j: sigma(alpha_j) = 0   (MCE_CHIEN writes)
  MCE_H      the parity-check matrix, mt = 24 rows of n = 48 bits (MCE_ROW_WR, MCE_SYS write)
  TR         the 64 x 64-bit transpose store, row r in bits [64 r, 64 r + 64)

The field and the decoder's steps are those of the Classic McEliece model (verif/models/mceliece.py,
parameter set TOY). MCE_BM is its Berlekamp-Massey iteration (`bm_length`, the reference
implementation's `bm`, connection polynomial truncated to degree t): on any 2t syndromes,
decodable or not, it leaves sigma_i = C_{t-i}, the connection polynomial reversed, whose roots are
the support elements of the error positions when at most t errors occurred; rd = L, the length
of the shortest register found. MCE_MINPOLY is key generation's Irreducible step (`min_poly`):
the monic minimal polynomial g of beta = rs1[11:0] + rs2[11:0] y in GF(2^12)[y]/F(y) into the
locator register (g_0..g_t, so that MCE_CHIEN can test g for roots on the support), rd = 1; if
1, beta are dependent (rs2[11:0] = 0) the register is cleared and rd = 0. MCE_SYS is MatGen's
reduction to systematic form (`systematic`): H becomes (I_mt | T), rd = 1; if the first mt
columns are singular H is kept and rd = 0.
"""

from __future__ import annotations

from . import mceliece
from .consts import MCE_M, MCE_N, MCE_T, M32, TR_SIZE
from .pqx_model import BadOperands, PqxModel, semantics

GF_MASK = (1 << MCE_M) - 1


def gf_mul(a: int, b: int) -> int:
    """a * b in GF(2^12) (the Classic McEliece model's field)."""
    return mceliece.gf_mul(a, b, mceliece.TOY)


def gf_inv(a: int) -> int:
    """a^-1 in GF(2^12); 0 gives 0."""
    return mceliece.gf_inv(a, mceliece.TOY)


def poly_eval(coeffs: list[int], x: int) -> int:
    """sum_i coeffs[i] x^i in GF(2^12)."""
    return mceliece.poly_eval(mceliece.TOY, coeffs, x)


# ------------------------------------------------------------------ packed state
def _get(m: PqxModel, name: str, k: int, w: int) -> int:
    return (m.latches.get(name, 0) >> (w * k)) & ((1 << w) - 1)


def _put(m: PqxModel, name: str, k: int, w: int, value: int) -> None:
    mask = ((1 << w) - 1) << (w * k)
    m.latches[name] = (m.latches.get(name, 0) & ~mask) | ((value << (w * k)) & mask)


def _index(value: int, limit: int, what: str) -> int:
    if value >= limit:
        raise BadOperands(f"{what} index {value} >= {limit}")
    return value


def syndromes(m: PqxModel) -> list[int]:
    return [_get(m, "MCE_S", k, MCE_M) for k in range(2 * MCE_T)]


def locator(m: PqxModel) -> list[int]:
    return [_get(m, "MCE_SIGMA", k, MCE_M) for k in range(MCE_T + 1)]


def support(m: PqxModel) -> list[int]:
    return [_get(m, "MCE_A", k, MCE_M) for k in range(MCE_N)]


# ------------------------------------------------------------------ field instructions
@semantics("GF12MUL")
def _gf12mul(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    return gf_mul(rs1 & GF_MASK, rs2 & GF_MASK)


@semantics("GF12SQ")
def _gf12sq(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    return gf_mul(rs1 & GF_MASK, rs1 & GF_MASK)


@semantics("GF12INV")
def _gf12inv(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    return gf_inv(rs1 & GF_MASK)


# ------------------------------------------------------------------ Goppa decoder
@semantics("MCE_SYN")
def _mce_syn(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
    _put(m, "MCE_S", _index(rs2, 2 * MCE_T, "syndrome"), MCE_M, rs1 & GF_MASK)


@semantics("MCE_BM")
def _mce_bm(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    sigma, length = mceliece.bm_length(mceliece.TOY, syndromes(m))
    for k, c in enumerate(sigma):
        _put(m, "MCE_SIGMA", k, MCE_M, c)
    return length


@semantics("MCE_LOC_RD")
def _mce_loc_rd(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    return _get(m, "MCE_SIGMA", _index(rs1, MCE_T + 1, "locator"), MCE_M)


@semantics("MCE_LOC_WR")
def _mce_loc_wr(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
    _put(m, "MCE_SIGMA", _index(rs2, MCE_T + 1, "locator"), MCE_M, rs1 & GF_MASK)


@semantics("MCE_SUP_WR")
def _mce_sup_wr(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
    _put(m, "MCE_A", _index(rs2, MCE_N, "support"), MCE_M, rs1 & GF_MASK)


@semantics("MCE_CHIEN")
def _mce_chien(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    sigma = locator(m)
    bitmap = sum(1 << j for j, a in enumerate(support(m)) if poly_eval(sigma, a) == 0)
    m.latches["MCE_E"] = bitmap
    return bin(bitmap).count("1")


@semantics("MCE_MINPOLY")
def _mce_minpoly(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    g = mceliece.min_poly(mceliece.TOY, [rs1 & GF_MASK, rs2 & GF_MASK])
    for k in range(MCE_T + 1):
        _put(m, "MCE_SIGMA", k, MCE_M, g[k] if g else 0)
    return int(g is not None)


@semantics("MCE_ERR_RD")
def _mce_err_rd(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    return _get(m, "MCE_E", _index(rs1, -(-MCE_N // 32), "bitmap word"), 32)


# ------------------------------------------------------------------ systematic form
ROWS = MCE_M * MCE_T
"""Rows of the parity-check matrix H (mt); each has MCE_N bits, two words: bits 31:0, 47:32."""


@semantics("MCE_ROW_WR")
def _mce_row_wr(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
    k = _index(rs2, 2 * ROWS, "matrix word")
    row, half = k // 2, k % 2
    width = 32 if half == 0 else MCE_N - 32
    bits = _get(m, "MCE_H", row, MCE_N)
    mask = ((1 << width) - 1) << (32 * half)
    _put(m, "MCE_H", row, MCE_N, (bits & ~mask) | ((rs1 << (32 * half)) & mask))


@semantics("MCE_ROW_RD")
def _mce_row_rd(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    k = _index(rs1, 2 * ROWS, "matrix word")
    return (_get(m, "MCE_H", k // 2, MCE_N) >> (32 * (k % 2))) & M32


@semantics("MCE_SYS")
def _mce_sys(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    rows = [_get(m, "MCE_H", r, MCE_N) for r in range(ROWS)]
    t = mceliece.systematic(mceliece.TOY, rows)
    if t is None:
        return 0
    for r in range(ROWS):
        _put(m, "MCE_H", r, MCE_N, (1 << r) | (t[r] << ROWS))
    return 1


# ------------------------------------------------------------------ transpose store
@semantics("TR_WR")
def _tr_wr(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
    _index(rs2, 2 * TR_SIZE, "row half")
    row, half = rs2 % TR_SIZE, rs2 // TR_SIZE
    _put(m, "TR", 2 * row + half, 32, rs1 & M32)


@semantics("TR_RD")
def _tr_rd(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    _index(rs1, 2 * TR_SIZE, "column half")
    col, half = rs1 % TR_SIZE, rs1 // TR_SIZE
    return sum(((_get(m, "TR", 32 * half + k, TR_SIZE) >> col) & 1) << k for k in range(32))
