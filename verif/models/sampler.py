"""Semantics of the sampling unit (docs/isa.md, "Sampling"): CBD1..4, REJ_UNIFORM, REJ_ETA2, REJ_ETA4,
UNPACK_Z17, UNPACK_Z19.

Each instruction is one step of a FIPS sampler, applied to the slice of random bits the ISA puts in
the operands; the firmware reads the XOF output (STORE, KREAD3) and walks the stream:

    CBDeta       FIPS 203 Algorithm 8 SamplePolyCBD_eta, one coefficient: the bits b of rs1 (bit k
                 of rs1 = BytesToBits of its little-endian bytes), j = rs2[4:0],
                     x = sum_{k<eta} b[2 eta j + k],  y = sum_{k<eta} b[2 eta j + eta + k],
                 rd = x - y (signed, not reduced mod q). A slice that leaves rs1 (2 eta (j + 1) > 32)
                 is a bad operand (exception).
    REJ_UNIFORM  FIPS 204 Algorithm 14 CoeffFromThreeBytes(b0, b1, b2), b_k = rs1 byte k (bit 23,
                 the top bit of b2, is dropped): z < q gives {1, 8'b0, z}, rejection gives 0.
    REJ_ETA2/4   FIPS 204 Algorithm 15 CoeffFromHalfByte(nib, eta), nib = rs1[3:0] (rs2[0] = 0) or
                 rs1[7:4] (rs2[0] = 1), the order in which RejBoundedPoly reads a byte:
                 eta = 2: nib < 15 gives 2 - (nib mod 5); eta = 4: nib < 9 gives 4 - nib;
                 rd = {1, value as 31-bit two's complement}, rejection gives 0.
    UNPACK_Z17/19  FIPS 204 Algorithm 19 BitUnpack(v, gamma1 - 1, gamma1) as ExpandMask uses it,
                 one coefficient: c = 18 (gamma1 = 2^17) or 20 (2^19) bits from bit 2 rs2[1:0]
                 (resp. 4 rs2[0]) of rs1, rd = gamma1 - raw (32-bit two's complement).

Bit 31 of a rejection result is the valid flag (`rej_decode` undoes the encoding). No instruction
of the unit has state; operand bits not named above are ignored.
"""

from __future__ import annotations

from .consts import M32, Q_D
from .pqx_model import BadOperands, PqxModel, semantics

VALID = 1 << 31
GAMMA1_BITS = {17: 18, 19: 20}
"""log2 gamma1 -> bits per ExpandMask coefficient, 1 + bitlen(gamma1 - 1)."""


def bits_of(word: int, start: int, count: int) -> list[int]:
    """Bits start .. start + count - 1 of `word` (bit k is (word >> k) & 1)."""
    return [(word >> (start + k)) & 1 for k in range(count)]


# ----------------------------------------------------------------------------- FIPS 203 / 204 steps


def cbd_coeff(bits: list[int], eta: int, i: int) -> int:
    """FIPS 203 SamplePolyCBD_eta, coefficient i of the bit array `bits` (x - y, not reduced)."""
    x = sum(bits[2 * i * eta + k] for k in range(eta))
    y = sum(bits[2 * i * eta + eta + k] for k in range(eta))
    return x - y


def coeff_from_three_bytes(b0: int, b1: int, b2: int) -> int | None:
    """FIPS 204 CoeffFromThreeBytes: z in [0, q), or None (the algorithm's bottom)."""
    if b2 > 127:
        b2 -= 128
    z = (b2 << 16) + (b1 << 8) + b0
    return z if z < Q_D else None


def coeff_from_half_byte(b: int, eta: int) -> int | None:
    """FIPS 204 CoeffFromHalfByte: a value in [-eta, eta], or None."""
    if eta == 2 and b < 15:
        return 2 - (b % 5)
    if eta == 4 and b < 9:
        return 4 - b
    return None


def bit_unpack_coeff(bits: list[int], i: int, gamma1: int) -> int:
    """FIPS 204 BitUnpack(v, gamma1 - 1, gamma1), coefficient i of the bit array `bits`:
    gamma1 - IntegerFromBits(bits[i c : (i + 1) c]), c = bitlen(2 gamma1 - 1)."""
    c = (2 * gamma1 - 1).bit_length()
    raw = sum(bits[i * c + k] << k for k in range(c))
    return gamma1 - raw


# ----------------------------------------------------------------------------- result encoding


def rej_encode(value: int | None) -> int:
    """The rd of a rejection instruction: {1, value as 31-bit two's complement}, or 0 if rejected."""
    return 0 if value is None else VALID | (value & 0x7FFFFFFF)


def rej_decode(rd: int) -> int | None:
    """Inverse of `rej_encode`: the signed value, or None for a rejection."""
    if not rd >> 31:
        return None
    v = rd & 0x7FFFFFFF
    return v - (1 << 31) if v >> 30 else v



# ----------------------------------------------------------------------------- semantics


def cbd(eta: int, rs1: int, rs2: int) -> int:
    """rd of CBD<eta> (raises BadOperands when the slice leaves rs1)."""
    j = rs2 & 0x1F
    if 2 * eta * (j + 1) > 32:
        raise BadOperands(f"CBD{eta} j={j}: bits {2 * eta * j}..{2 * eta * (j + 1) - 1} leave rs1")
    # the slice of rs1 is coefficient 0 of SamplePolyCBD on its own bits
    return cbd_coeff(bits_of(rs1, 2 * eta * j, 2 * eta), eta, 0) & M32


def rej_uniform(rs1: int) -> int:
    b0, b1, b2 = rs1 & 0xFF, (rs1 >> 8) & 0xFF, (rs1 >> 16) & 0xFF
    return rej_encode(coeff_from_three_bytes(b0, b1, b2))


def rej_eta(eta: int, rs1: int, rs2: int) -> int:
    byte = rs1 & 0xFF
    nib = byte >> 4 if rs2 & 1 else byte & 0xF
    return rej_encode(coeff_from_half_byte(nib, eta))


def unpack_z(log_gamma1: int, rs1: int, rs2: int) -> int:
    """rd of UNPACK_Z17 / UNPACK_Z19."""
    c = GAMMA1_BITS[log_gamma1]
    shift = 2 * (rs2 & 3) if log_gamma1 == 17 else 4 * (rs2 & 1)
    return bit_unpack_coeff(bits_of(rs1, shift, c), 0, 1 << log_gamma1) & M32


@semantics("CBD1")
def _cbd1(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    return cbd(1, rs1, rs2)


@semantics("CBD2")
def _cbd2(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    return cbd(2, rs1, rs2)


@semantics("CBD3")
def _cbd3(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    return cbd(3, rs1, rs2)


@semantics("CBD4")
def _cbd4(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    return cbd(4, rs1, rs2)


@semantics("REJ_UNIFORM")
def _rej_uniform(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    return rej_uniform(rs1)


@semantics("REJ_ETA2")
def _rej_eta2(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    return rej_eta(2, rs1, rs2)


@semantics("REJ_ETA4")
def _rej_eta4(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    return rej_eta(4, rs1, rs2)


@semantics("UNPACK_Z17")
def _unpack_z17(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    return unpack_z(17, rs1, rs2)


@semantics("UNPACK_Z19")
def _unpack_z19(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    return unpack_z(19, rs1, rs2)
