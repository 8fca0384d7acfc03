"""Arithmetic kernels of the cycle table (verif/soc/kernels.py): NTTs, sampling, HQC.

The references are independent of PQX's instruction models: kyber-py (ML-KEM NTT, NTT^-1,
MultiplyNTTs, SamplePolyCBD), dilithium-py (ML-DSA NTT, RejBoundedPoly) and a shift-and-xor
carry-less product.
"""

from __future__ import annotations

import random

from dilithium_py.polynomials.polynomials import PolynomialRing as DilithiumRing
from kyber_py.polynomials.polynomials import PolynomialRing as KyberRing

from .kernel import Kernel, Value, words_le

KQ = 3329
DQ = 8380417


def _i16le(xs: list[int]) -> bytes:
    return b"".join((x & 0xFFFF).to_bytes(2, "little") for x in xs)


def _from_i16le(b: bytes) -> list[int]:
    return [int.from_bytes(b[i:i + 2], "little", signed=True) for i in range(0, len(b), 2)]


def _reps(rng: random.Random, q: int, n: int = 256) -> list[int]:
    """n random coefficients as random representatives in (-q, q) (both signs of each class)."""
    return [rng.randrange(-q + 1, q) for _ in range(n)]


# ----------------------------------------------------------------------------- ML-KEM
def _mlkem_poly(rng: random.Random, full: bool) -> dict[str, Value]:
    return {"COEFFS": _i16le(_reps(rng, KQ))}


def _mlkem_ntt_ref(v: dict[str, Value]) -> bytes:
    """kyber-py: Polynomial.to_ntt() (FIPS 203 Algorithm 9), coefficients in [0, q)."""
    ring = KyberRing()
    f = ring([x % KQ for x in _from_i16le(v["COEFFS"])])
    return _i16le(f.to_ntt().coeffs)


def _mlkem_intt_ref(v: dict[str, Value]) -> bytes:
    """kyber-py: PolynomialNTT.from_ntt() (FIPS 203 Algorithm 10), coefficients in [0, q)."""
    ring = KyberRing()
    f = ring([x % KQ for x in _from_i16le(v["COEFFS"])], is_ntt=True)
    return _i16le(f.from_ntt().coeffs)


def _mlkem_two_polys(rng: random.Random, full: bool) -> dict[str, Value]:
    return {"F": _i16le(_reps(rng, KQ)), "G": _i16le(_reps(rng, KQ))}


def _mlkem_basemul_ref(v: dict[str, Value]) -> bytes:
    """kyber-py: PolynomialNTT * PolynomialNTT (FIPS 203 MultiplyNTTs, Algorithm 11)."""
    ring = KyberRing()
    f = ring([x % KQ for x in _from_i16le(v["F"])], is_ntt=True)
    g = ring([x % KQ for x in _from_i16le(v["G"])], is_ntt=True)
    return _i16le((f * g).coeffs)


# ----------------------------------------------------------------------------- ML-DSA
def _mldsa_poly(rng: random.Random, full: bool) -> dict[str, Value]:
    return {"COEFFS": [x & 0xFFFFFFFF for x in _reps(rng, DQ)]}


def _s32(x: int) -> int:
    return x - (1 << 32) if x >> 31 else x


def _mldsa_ntt_ref(v: dict[str, Value]) -> bytes:
    """dilithium-py: Polynomial.to_ntt() (FIPS 204 Algorithm 41), coefficients in [0, q)."""
    ring = DilithiumRing()
    f = ring([_s32(x) % DQ for x in v["COEFFS"]])
    return words_le(f.to_ntt().coeffs)


def _mldsa_rej_inputs(rng: random.Random, full: bool) -> dict[str, Value]:
    """136 stream bytes (one SHAKE256 block: the Dilithium reference's buffer for eta = 2; random
    bytes stand in for the XOF output) and N, the number of coefficients to extract."""
    return {"STREAM": rng.randbytes(136), "NCOEF": 100 if full else 32}


def _coeff_from_half_byte(b: int, eta: int) -> int | None:
    """FIPS 204 Algorithm 20 CoeffFromHalfByte."""
    if eta == 2 and b < 15:
        return 2 - (b % 5)
    if eta == 4 and b < 9:
        return 4 - b
    return None


def _mldsa_rej_ref(v: dict[str, Value]) -> bytes:
    """FIPS 204 Algorithm 15 RejBoundedPoly's loop (eta = 2) over the given bytes, low half-byte
    first: the first N accepted coefficients, as int32 in [-2, 2] (the same function as
    dilithium-py's rejection_bounded_poly, without its SHAKE256)."""
    out: list[int] = []
    for byte in v["STREAM"]:
        for nib in (byte & 15, byte >> 4):
            c = _coeff_from_half_byte(nib, 2)
            if c is not None and len(out) < v["NCOEF"]:
                out.append(c)
    assert len(out) == v["NCOEF"], "stream too short"
    return words_le(out)


# ----------------------------------------------------------------------------- CBD
def _cbd_inputs(rng: random.Random, full: bool) -> dict[str, Value]:
    """The PRF output bytes of N coefficients (eta = 2: half a byte each), N = 100 (HORCRUX's
    test size) or 40."""
    n = 100 if full else 40
    return {"BYTES": rng.randbytes(n // 2), "NCOEF": n}


def _cbd_ref(v: dict[str, Value]) -> bytes:
    """kyber-py: PolynomialRing.cbd(bytes, 2) (FIPS 203 SamplePolyCBD_2, Algorithm 8) on the
    bytes padded to the 128 it takes; its first N coefficients, in [0, q)."""
    ring = KyberRing()
    b = bytes(v["BYTES"])
    coeffs = ring.cbd(b + bytes(128 - len(b)), 2).coeffs
    return _i16le(coeffs[: v["NCOEF"]])


# ----------------------------------------------------------------------------- HQC
def _karats_inputs(rng: random.Random, full: bool) -> dict[str, Value]:
    return {"AB": [rng.getrandbits(32) for _ in range(4)]}


def _clmul(a: int, b: int) -> int:
    r = 0
    for i in range(b.bit_length()):
        if b >> i & 1:
            r ^= a << i
    return r


def _karats_ref(v: dict[str, Value]) -> bytes:
    """Shift-and-xor carry-less product of a = AB[0] | AB[1] << 32 and b = AB[2] | AB[3] << 32."""
    w = v["AB"]
    c = _clmul(w[0] | w[1] << 32, w[2] | w[3] << 32)
    return c.to_bytes(16, "little")


KERNELS = [
    Kernel("mlkem_ntt", "firmware/kernels/mlkem_ntt.c",
           "ML-KEM NTT (FIPS 203 Alg. 9), 256 coefficients, output in [0, q)",
           _mlkem_poly, _mlkem_ntt_ref, horcrux=(45_878, 24_819), goal=8_000),
    Kernel("mlkem_intt", "firmware/kernels/mlkem_intt.c",
           "ML-KEM NTT^-1 (FIPS 203 Alg. 10), 256 coefficients, output in [0, q)",
           _mlkem_poly, _mlkem_intt_ref, horcrux=(60_923, 21_861), goal=10_930),
    Kernel("mlkem_basemul", "firmware/kernels/mlkem_basemul.c",
           "ML-KEM MultiplyNTTs (FIPS 203 Alg. 11), 256 coefficients, output in [0, q)",
           _mlkem_two_polys, _mlkem_basemul_ref),
    Kernel("mldsa_ntt", "firmware/kernels/mldsa_ntt.c",
           "ML-DSA NTT (FIPS 204 Alg. 41), 256 coefficients, output in [0, q)",
           _mldsa_poly, _mldsa_ntt_ref, horcrux=(191_854, 62_853), goal=31_426),
    Kernel("hqc_karats", "firmware/kernels/hqc_karats.c",
           "HQC 64 x 64-bit carry-less product (128 bits)",
           _karats_inputs, _karats_ref, horcrux=(2_634, 8),
           note="the PQX build is its four KARATS instructions plus the loads and stores of "
                "the operands and the product; no halving goal (that is the floor)"),
    Kernel("cbd_eta2", "firmware/kernels/cbd_eta2.c",
           "ML-KEM SamplePolyCBD_2 (FIPS 203 Alg. 8) of N = 100 coefficients, in [0, q)",
           _cbd_inputs, _cbd_ref, horcrux=(11_031, 3_835), goal=1_917),
    Kernel("mldsa_rej", "firmware/kernels/mldsa_rej.c",
           "ML-DSA RejBoundedPoly eta = 2 (FIPS 204 Alg. 15) coefficient extraction, N = 100",
           _mldsa_rej_inputs, _mldsa_rej_ref, horcrux=(1_684, 400),
           note="HORCRUX mldsa-rej-eta (N = 100); no goal set: half its custom figure would be 2 "
                "cycles per coefficient, less than one REJ_ETA2 and one store per coefficient"),
]
