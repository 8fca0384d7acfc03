"""Architectural constants of PQX and small bit helpers, in one place for the models, the
stimulus, the coverage and the kernels (rtl/pqx_pkg.sv holds the same numbers for the RTL)."""

from __future__ import annotations

# Moduli of the arithmetic instructions
Q_K = 3329          # ML-KEM
Q_D = 8380417       # ML-DSA
Q_F = 12289         # Falcon
N_HQC = {1: 17669, 3: 35851, 5: 57637}   # HQC-128/192/256 polynomial lengths (BARRETT_HQC*)

# Classic McEliece unit (reduced parameters of the McEliece seed; docs/isa.md, "Classic McEliece")
MCE_M = 12          # GF(2^m) field degree (GFBITS)
MCE_POLY = 0x1009   # f(z) = z^12 + z^3 + 1, the field polynomial of every m = 12 parameter set
MCE_N = 48          # code length: support entries and error-bitmap bits
MCE_T = 2           # errors corrected: 2t syndromes, error locator of degree t
MCE_CHIEN_LANES = 4  # support entries evaluated per cycle by MCE_CHIEN
TR_SIZE = 64        # the transpose store is TR_SIZE x TR_SIZE bits

# State buffers S and O
STATE_WORDS = 50
"""Words of 32 bits in S and in O (1600 bits)."""
STATE_BYTES = 4 * STATE_WORDS

# CV-X-IF
ID_WIDTH = 4
NUM_IDS = 1 << ID_WIDTH
EXCCODE_ILLEGAL = 2
"""CV-X-IF exception code returned for bad operands (illegal instruction)."""

M16 = 0xFFFF
M32 = 0xFFFFFFFF
M64 = (1 << 64) - 1


def s16(x: int) -> int:
    """x[15:0] as a signed value."""
    x &= M16
    return x - (1 << 16) if x >> 15 else x


def s32(x: int) -> int:
    """x[31:0] as a signed value."""
    x &= M32
    return x - (1 << 32) if x >> 31 else x

CRV_B_WORDS = 128
"""Crypto-RV unit: the block buffer B holds 128 words of 64 bits (the seed's internal buffer)."""
