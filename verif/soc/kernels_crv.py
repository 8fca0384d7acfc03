"""Crypto-RV kernels of the cycle table (verif/soc/kernels.py): one block of SHA-256, SHA-512,
SM3, AES-128, Haraka-256 and Haraka-512 per run, next to the Crypto-RV seed's per-block figures.

The references are hashlib (SHA-256, SHA-512), gmssl (SM3) on the unpadded message,
pycryptodome (AES-128) and the Haraka v2 model (verif/models/haraka.py, checked against the
published test vectors; no library implements Haraka); PQX's instruction models are not used.
"""

from __future__ import annotations

import hashlib
import random

from Crypto.Cipher import AES
from gmssl import sm3 as gm_sm3

from verif.models import haraka
from verif.models.sha2sm3 import pad

from .kernel import Kernel, Value
from .kernels_keccak import _message, _sha3_256_ref

SEED = "Crypto-RV"
_ORACLE = {0: lambda m: hashlib.sha256(m).digest(), 1: lambda m: hashlib.sha512(m).digest(),
           2: lambda m: bytes.fromhex(gm_sm3.sm3_hash(list(m)))}


def _inputs(alg: int):
    size = 128 if alg == 1 else 64
    def inputs(rng: random.Random, full: bool) -> dict[str, Value]:
        # a message that fits one padded block (up to size - 9 bytes, or - 17 for SHA-512)
        msg = rng.randbytes(rng.randrange(size - (17 if alg == 1 else 9) + 1))
        return {"ALG": alg, "MSG": msg, "BLOCK": pad(msg, size)}
    return inputs


def _reference(v: dict[str, Value]) -> bytes:
    assert isinstance(v["ALG"], int) and isinstance(v["MSG"], bytes)
    return _ORACLE[v["ALG"]](v["MSG"])


def _aes_inputs(rng: random.Random, full: bool) -> dict[str, Value]:
    return {"KEY": rng.randbytes(16), "PT": rng.randbytes(16)}


def _aes_reference(v: dict[str, Value]) -> bytes:
    assert isinstance(v["KEY"], bytes) and isinstance(v["PT"], bytes)
    return AES.new(v["KEY"], AES.MODE_ECB).encrypt(v["PT"])


def _haraka_inputs(lanes: int):
    def inputs(rng: random.Random, full: bool) -> dict[str, Value]:
        return {"LANES": lanes, "X": rng.randbytes(16 * lanes)}
    return inputs


def _haraka_reference(v: dict[str, Value]) -> bytes:
    assert isinstance(v["X"], bytes)
    return haraka.haraka256(v["X"]) if v["LANES"] == 2 else haraka.haraka512(v["X"])


def _sha3_64_inputs(rng: random.Random, full: bool) -> dict[str, Value]:
    return _message(rng, 64)          # the seed's SHA3-256 figure: 261 cycles, 4.08 cycles/byte


_NOTE = ("from the first instruction of the block to its digest in memory, the block padded in "
         "memory (the seed's count); the seed's baseline core is {}x slower than its unit")

KERNELS = [
    Kernel("sha256_blk", "firmware/kernels/crv_hash.c", "SHA-256 of one 64-byte block (padded in memory)",
           _inputs(0), _reference, other_seed=(SEED, None, 146), note=_NOTE.format(660)),
    Kernel("sha512_blk", "firmware/kernels/crv_hash.c", "SHA-512 of one 128-byte block (padded in memory)",
           _inputs(1), _reference, other_seed=(SEED, None, 263), note=_NOTE.format(604)),
    Kernel("sm3_blk", "firmware/kernels/crv_hash.c", "SM3 of one 64-byte block (padded in memory)",
           _inputs(2), _reference, other_seed=(SEED, None, 144), note=_NOTE.format(789)),
    Kernel("sha3_256_64", "firmware/kernels/sha3_256.c", "SHA3-256 of a 64-byte message (one block, the Keccak unit)",
           _sha3_64_inputs, _sha3_256_ref, other_seed=(SEED, None, 261),
           note="the seed's SHA3-256 row (261 cycles, 4.08 cycles/byte: a 64-byte message); PQX "
                "runs it on the existing Keccak unit (one round per cycle)"),
    Kernel("aes128_blk", "firmware/kernels/crv_aes.c", "AES-128 encryption of one block (key and plaintext in memory)",
           _aes_inputs, _aes_reference, other_seed=(SEED, None, 98),
           note="from the first instruction to the ciphertext in memory (the seed's count); the "
                "seed's baseline core is 965x slower than its unit"),
    Kernel("haraka256_blk", "firmware/kernels/crv_haraka.c", "Haraka v2-256 of one 32-byte input (in memory)",
           _haraka_inputs(2), _haraka_reference, other_seed=(SEED, None, 110),
           note="from the first instruction to the hash in memory (the seed's count); PQX runs "
                "it on the AES-128 engine's round"),
    Kernel("haraka512_blk", "firmware/kernels/crv_haraka.c", "Haraka v2-512 of one 64-byte input (in memory)",
           _haraka_inputs(4), _haraka_reference, other_seed=(SEED, None, 205),
           note="from the first instruction to the hash in memory (the seed's count); PQX runs "
                "it on the AES-128 engine's round"),
]
