"""Semantics of the Falcon FPR unit (docs/isa.md, "Falcon floating point helpers").

Both operations are the Falcon reference implementation's (fpr.h), evaluated bit-exactly for every
operand value: `int` is 32-bit two's complement (the additions wrap, where C would have undefined
behaviour on overflow), `uint32_t` and `uint64_t` arithmetic is modulo 2^32 and 2^64.

    FPR(s, e, m)        pack sign s, exponent e and mantissa m in [2^54, 2^55) into the binary64
                        word of (-1)^s m 2^e rounded to nearest even; zero for m = 0 (sign kept) or
                        e < -1076 (below the subnormal threshold); indeterminate if e is too large
    FPR_NORM64(m, e)    shift m left until bit 63 is set, e -= shift; m = 0 stays 0 with e -= 63

Latches (model.latches, zero after reset, each group a separate register):
    FPR_S, FPR_E    sign and exponent (int32 as a 32-bit word) set by FPR_LOAD_SE
    FPR_F           x[63:32] of the last FPR_EXEC, read by FPR_RDHI
    FPR_NM, FPR_NE  m'[63:32] and e' (32-bit word) of the last FPR_NORM64_EXEC, read by
                    FPR_NORM64_RDHI and FPR_NORM64_RDE
"""

from __future__ import annotations

from .pqx_model import M32, M64, PqxModel, s32, semantics


def fpr_pack(s: int, e: int, m: int) -> int:
    """The reference `FPR(int s, int e, uint64_t m)`: the binary64 bit pattern (uint64).

    s is 0 or 1, e any int32 value, m any uint64 value (the reference expects 2^54 <= m < 2^55
    unless m = 0; outside that the result is what its C arithmetic gives)."""
    e = s32(e + 1076)                       # e += 1076;
    t = (e & M32) >> 31                     # t = (uint32_t)e >> 31;
    m &= (t - 1) & M64                      # m &= (uint64_t)t - 1;
    t = (m >> 54) & M32                     # t = (uint32_t)(m >> 54);
    e = s32(e & -t)                         # e &= -(int)t;
    x = ((s << 63) | (m >> 2)) + (((e & M32) << 52) & M64)
    x &= M64                                # x = ((uint64_t)s << 63 | m >> 2) + ((uint64_t)(uint32_t)e << 52);
    f = m & 7                               # f = (unsigned)m & 7U;
    return (x + ((0xC8 >> f) & 1)) & M64    # x += (0xC8U >> f) & 1;


def fpr_norm64(m: int, e: int) -> tuple[int, int]:
    """The reference macro `FPR_NORM64(m, e)` on uint64 m and int32 e: (m', e') with e' an int."""
    m &= M64
    e = s32(e - 63)                         # (e) -= 63;
    for k in (32, 16, 8, 4, 2, 1):
        nt = (m >> (64 - k)) & M32          # nt = (uint32_t)((m) >> (64 - k));
        nt = 1 if nt else 0                 # nt = (nt | -nt) >> 31;  (the k = 1 stage has no OR)
        if not nt:                          # (m) ^= ((m) ^ ((m) << k)) & ((uint64_t)nt - 1);
            m = (m << k) & M64
        e = s32(e + (nt * k))               # (e) += (int)(nt << log2 k);
    return m, e


@semantics("FPR_LOAD_SE")
def _fpr_load_se(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
    m.latches["FPR_S"] = rs1 & 1
    m.latches["FPR_E"] = rs2 & M32


@semantics("FPR_EXEC")
def _fpr_exec(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    x = fpr_pack(m.latches.get("FPR_S", 0), s32(m.latches.get("FPR_E", 0)), (rs2 << 32) | rs1)
    m.latches["FPR_F"] = x >> 32
    return x & M32


@semantics("FPR_RDHI")
def _fpr_rdhi(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    return m.latches.get("FPR_F", 0)


@semantics("FPR_NORM64_EXEC")
def _fpr_norm64_exec(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    mn, en = fpr_norm64((rs2 << 32) | rs1, s32(rs3))
    m.latches["FPR_NM"] = mn >> 32
    m.latches["FPR_NE"] = en & M32
    return mn & M32


@semantics("FPR_NORM64_RDHI")
def _fpr_norm64_rdhi(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    return m.latches.get("FPR_NM", 0)


@semantics("FPR_NORM64_RDE")
def _fpr_norm64_rde(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    return m.latches.get("FPR_NE", 0)
