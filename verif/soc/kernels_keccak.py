"""Keccak-based kernels of the cycle table (verif/soc/kernels.py).

The references are hashlib (FIPS 202 SHA3/SHAKE, and FIPS 203 / FIPS 205 written out on
hashlib.shake_128/256 below), never PQX's own instruction models. Byte strings go to the C side as
little-endian 32-bit words (the layout PQX's KABSORB/LOAD take), with their length in bytes as a
separate #define.
"""

from __future__ import annotations

import hashlib
import random

from verif.models.keccak import keccak_f1600

from .kernel import Kernel, Value, words_le


def _words(data: bytes) -> list[int]:
    """Little-endian 32-bit words of data, zero-filled to a whole word (at least one word)."""
    data = bytes(data) + bytes(-len(data) % 4)
    return [int.from_bytes(data[i:i + 4], "little") for i in range(0, len(data), 4)] or [0]


def _bytes(words: list[int], n: int) -> bytes:
    return words_le(words)[:n]


def _msg(v: dict[str, Value]) -> bytes:
    return _bytes(list(v["MSG"]), int(v["MSG_BYTES"]))


# ----------------------------------------------------------------------------- Keccak-f


def _state(rng: random.Random, full: bool) -> dict[str, Value]:
    return {"STATE": [rng.getrandbits(32) for _ in range(50)]}


def _keccak_f_ref(v: dict[str, Value]) -> bytes:
    """verif/models/keccak.py (checked against hashlib's SHA-3 and the XKCP intermediate values
    by verif/models/test_keccak.py; hashlib has no bare permutation)."""
    w = list(v["STATE"])
    lanes = keccak_f1600([w[2 * i] | w[2 * i + 1] << 32 for i in range(25)])
    return b"".join(lane.to_bytes(8, "little") for lane in lanes)


# ----------------------------------------------------------------------------- SHA3 / SHAKE


def _message(rng: random.Random, length: int, **extra: int) -> dict[str, Value]:
    msg = rng.randbytes(length)
    return {"MSG": _words(msg), "MSG_BYTES": length, **extra}


def _sha3_sb_in(rng: random.Random, full: bool) -> dict[str, Value]:
    # full: 135 bytes, the longest one-block message; quick: any one-block length
    return _message(rng, 135 if full else rng.randrange(0, 136))


def _sha3_mb_in(rng: random.Random, full: bool) -> dict[str, Value]:
    # full: 271 bytes, the longest two-block message; quick: 136..271 (two blocks, same path)
    return _message(rng, 271 if full else rng.randrange(136, 272))


def _sha3_256_ref(v: dict[str, Value]) -> bytes:
    return hashlib.sha3_256(_msg(v)).digest()


def _shake256_in(rng: random.Random, full: bool) -> dict[str, Value]:
    # full: ML-KEM PRF_2 (33 bytes in, 128 out); quick: any one-block input, a short output
    if full:
        return _message(rng, 33, OUT_BYTES=128, RATE=136)
    return _message(rng, rng.randrange(0, 136), OUT_BYTES=rng.randrange(1, 137), RATE=136)


def _shake256_ref(v: dict[str, Value]) -> bytes:
    return hashlib.shake_256(_msg(v)).digest(int(v["OUT_BYTES"]))


def _multi_squeeze_in(rng: random.Random, full: bool) -> dict[str, Value]:
    # full: ML-KEM's matrix XOF (34 bytes in, 3 blocks of 168 out); quick: 2 blocks, ragged end
    if full:
        return _message(rng, 34, OUT_BYTES=3 * 168, RATE=168)
    return _message(rng, rng.randrange(0, 168), OUT_BYTES=rng.randrange(169, 336), RATE=168)


def _shake128_ref(v: dict[str, Value]) -> bytes:
    return hashlib.shake_128(_msg(v)).digest(int(v["OUT_BYTES"]))


# ----------------------------------------------------------------------------- ML-KEM GenMatrix

MLKEM_Q = 3329


def _gen_matrix_in(rng: random.Random, full: bool) -> dict[str, Value]:
    # full: ML-KEM-512 (k = 2, 4 polynomials); quick: k = 1 (one polynomial, same code)
    return {"RHO": _words(rng.randbytes(32)), "K": 2 if full else 1}


def sample_ntt(seed: bytes) -> list[int]:
    """FIPS 203 Algorithm 7 SampleNTT on hashlib's SHAKE128 (the XOF read 3 bytes at a time)."""
    stream = hashlib.shake_128(seed).digest(168 * 12)
    a: list[int] = []
    pos = 0
    while len(a) < 256:
        c0, c1, c2 = stream[pos:pos + 3]
        pos += 3
        d1 = c0 + 256 * (c1 % 16)
        d2 = c1 // 16 + 16 * c2
        if d1 < MLKEM_Q:
            a.append(d1)
        if d2 < MLKEM_Q and len(a) < 256:
            a.append(d2)
    return a


def _gen_matrix_ref(v: dict[str, Value]) -> bytes:
    """A[i][j] = SampleNTT(rho || j || i) (FIPS 203 Algorithm 13, line 4), row-major, uint16 LE."""
    rho, k = _bytes(list(v["RHO"]), 32), int(v["K"])
    return b"".join(c.to_bytes(2, "little")
                    for i in range(k) for j in range(k) for c in sample_ntt(rho + bytes([j, i])))


# ----------------------------------------------------------------------------- SLH-DSA (SHAKE, n = 16)
# FIPS 205 section 11.2: F, H, PRF are SHAKE256(PK.seed || ADRS || payload, 8n), written out on
# hashlib here (verif/models/fips205.py is the project's own model, checked against ACVP).

SLH_N = 16


def _slh_hash(v: dict[str, Value]) -> bytes:
    msg = (_bytes(list(v["PK_SEED"]), SLH_N) + _bytes(list(v["ADRS"]), 32)
           + _bytes(list(v["PAY"]), 4 * len(v["PAY"])))
    return hashlib.shake_256(msg).digest(SLH_N)


def _slh_in(fn: int, payload_bytes: int):
    """Inputs of slh_hash.c: SLH_FN 1 F (payload M1), 2 H (M2), 3 PRF (SK.seed)."""
    def inputs(rng: random.Random, full: bool) -> dict[str, Value]:
        return {"PK_SEED": _words(rng.randbytes(SLH_N)), "ADRS": _words(rng.randbytes(32)),
                "PAY": _words(rng.randbytes(payload_bytes)), "SLH_FN": fn}
    return inputs


def _wots_adrs(rng: random.Random) -> bytes:
    """A WOTS_HASH address (FIPS 205 4.2): layer, tree, type 0, key pair, chain, hash (0)."""
    return (rng.randrange(7).to_bytes(4, "big") + rng.randbytes(12) + bytes(4)
            + rng.randrange(1 << 9).to_bytes(4, "big") + rng.randrange(35).to_bytes(4, "big")
            + bytes(4))


def _wots_chain_in(rng: random.Random, full: bool) -> dict[str, Value]:
    # full: a whole chain (i = 0, s = w - 1 = 15); quick: 3 steps from a random start
    start, steps = (0, 15) if full else (rng.randrange(0, 13), 3)
    return {"X": _words(rng.randbytes(SLH_N)), "PK_SEED": _words(rng.randbytes(SLH_N)),
            "ADRS": _words(_wots_adrs(rng)), "START": start, "STEPS": steps}


def _wots_chain_ref(v: dict[str, Value]) -> bytes:
    """FIPS 205 Algorithm 5 chain(X, i, s, PK.seed, ADRS) with F on hashlib's SHAKE256."""
    tmp = _bytes(list(v["X"]), SLH_N)
    seed, adrs = _bytes(list(v["PK_SEED"]), SLH_N), bytearray(_bytes(list(v["ADRS"]), 32))
    for j in range(int(v["START"]), int(v["START"]) + int(v["STEPS"])):
        adrs[28:32] = j.to_bytes(4, "big")           # ADRS.setHashAddress(j)
        tmp = hashlib.shake_256(seed + bytes(adrs) + tmp).digest(SLH_N)
    return tmp


KERNELS = [
    Kernel("keccak_f", "firmware/kernels/keccak_f.c",
           "Keccak-f[1600], state loaded from and stored to memory", _state, _keccak_f_ref,
           horcrux=(None, 385), goal=280),
    Kernel("sha3_256sb", "firmware/kernels/sha3_256.c",
           "SHA3-256 of a one-block message (135 bytes)", _sha3_sb_in, _sha3_256_ref,
           horcrux=(24_548, 1_637), goal=200,
           note="135-byte message (HORCRUX gives no length; the longest one-block "
                "one)."),
    Kernel("sha3_256mb", "firmware/kernels/sha3_256.c",
           "SHA3-256 of a two-block message (271 bytes)", _sha3_mb_in, _sha3_256_ref,
           horcrux=(50_253, 3_132), goal=3_132 // 2,
           note="271-byte message, two blocks (HORCRUX's software figure is two "
                "permutations)."),
    Kernel("shake256", "firmware/kernels/shake.c",
           "SHAKE256, 33 bytes in, 128 bytes out", _shake256_in, _shake256_ref,
           horcrux=(27_286, 3_260), goal=3_260 // 2,
           note="33 bytes in, 128 out (ML-KEM PRF_2; HORCRUX gives no lengths, its "
                "software figure is one permutation)."),
    Kernel("multi_squeeze", "firmware/kernels/shake.c",
           "SHAKE128, 34 bytes in, 3 blocks (504 bytes) out", _multi_squeeze_in, _shake128_ref,
           horcrux=(78_580, 4_796), goal=4_796 // 2,
           note="34 bytes in, 504 out (ML-KEM matrix XOF, 3 blocks; HORCRUX's "
                "software figure is three permutations)."),
    Kernel("gen_matrix", "firmware/kernels/gen_matrix.c",
           "ML-KEM-512 GenMatrix: 4 x SampleNTT (FIPS 203 Alg. 7)", _gen_matrix_in,
           _gen_matrix_ref, horcrux=(418_060, 24_763), goal=24_763 // 2,
           note="k = 2 (ML-KEM-512, 4 polynomials): HORCRUX's software figure is ~17 "
                "permutations, 4 x 3 blocks plus sampling."),
    Kernel("slh_f", "firmware/kernels/slh_hash.c", "SLH-DSA F (SHAKE, n = 16, FIPS 205)",
           _slh_in(1, SLH_N), _slh_hash,
           note="FIPS 205 simple F (also H, slh_h); HORCRUX's thash (49,666 / 408) is the "
                "robust form (two SHAKE256 calls), so it is not put next to them."),
    Kernel("slh_h", "firmware/kernels/slh_hash.c", "SLH-DSA H (SHAKE, n = 16, FIPS 205)",
           _slh_in(2, 2 * SLH_N), _slh_hash),
    Kernel("slh_prf", "firmware/kernels/slh_hash.c", "SLH-DSA PRF (SHAKE, n = 16, FIPS 205)",
           _slh_in(3, SLH_N), _slh_hash, horcrux=(24_540, 382),
           note="HORCRUX's prf-addr: one SHAKE256 of seed and address (its exact input layout "
                "is not given)."),
    Kernel("wots_chain", "firmware/kernels/wots_chain.c",
           "SLH-DSA WOTS+ chain, 15 steps of F (FIPS 205 Alg. 5)", _wots_chain_in,
           _wots_chain_ref,
           note="a whole chain (i = 0, s = 15); HORCRUX's gen_chain (745,008 / 6,183) uses the "
                "robust hash (two permutations per step)."),
]
