"""Semantics of the Crypto-RV unit (docs/isa.md, "Crypto-RV instructions"), bit-exact for every
32-bit operand.

Architectural state (registers of the unit, zero at reset), kept in `PqxModel.latches`:
  CRV_B  the block buffer: 128 words of 64 bits, word k in bits [64 k, 64 k + 64) of one integer;
         a message's bytes in memory order, byte 0 of a word in its bits 7:0
  CRV_P  the buffer's write pointer (0..127)
  CRV_H  the chaining value H_0..H_7, 64 bits each (32-bit algorithms: the low halves, the upper
         halves written 0), packed like CRV_B
  CRV_A  the algorithm of H: 0 SHA-256, 1 SHA-512, 2 SM3, 3 AES-128, 4 Haraka-256, 5 Haraka-512
         (selects HASH_RD's layout)

A block instruction compresses the block at B[rs1 mod 128] (64 bytes: 8 words, 128 bytes for
SHA-512: 16 words; B is a ring, word indices modulo 128) into H with the standard's compression
function (sha2sm3.py: FIPS 180-4, GB/T 32905), reading the block's bytes big-endian as the
standards do, and sets A. The INITs load the standard's initial value. HASH_RD k returns digest
bytes 4k .. 4k+3 as a little-endian word, so that `sw` stores the digest in order.

AES128_ENC encrypts the plaintext in B[b + 2], B[b + 3] with the key in B[b], B[b + 1] (b = rs1
mod 128, bytes in memory order; FIPS 197, computed with pycryptodome) and writes the ciphertext
into H as four big-endian words H_0..H_3 (H_4..H_7 = 0), A = AES-128: HASH_RD 0..3 then return
it in byte order. HARAKA256 / HARAKA512 hash the 32 / 64 bytes at B[b] (haraka.py: Haraka v2) and
write the 32-byte output into H as eight big-endian words (HASH_RD 0..7).
"""

from __future__ import annotations

from Crypto.Cipher import AES

from . import haraka, sha2sm3
from .consts import CRV_B_WORDS, M32
from .pqx_model import BadOperands, PqxModel, semantics

M64 = (1 << 64) - 1
SHA256, SHA512, SM3, AES128, HARAKA256, HARAKA512 = 0, 1, 2, 3, 4, 5


def _word(m: PqxModel, name: str, k: int) -> int:
    return (m.latches.get(name, 0) >> (64 * k)) & M64


def _set_word(m: PqxModel, name: str, k: int, value: int) -> None:
    mask = M64 << (64 * k)
    m.latches[name] = (m.latches.get(name, 0) & ~mask) | ((value & M64) << (64 * k))


def chaining(m: PqxModel) -> list[int]:
    return [_word(m, "CRV_H", i) for i in range(8)]


def _set_chaining(m: PqxModel, h: list[int], alg: int) -> None:
    for i, x in enumerate(h):
        _set_word(m, "CRV_H", i, x)
    m.latches["CRV_A"] = alg


# ------------------------------------------------------------------ the block buffer
@semantics("CRV_BPTR")
def _bptr(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
    if rs1 >= CRV_B_WORDS:
        raise BadOperands(f"B index {rs1} >= {CRV_B_WORDS}")
    m.latches["CRV_P"] = rs1


@semantics("CRV_BWR")
def _bwr(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
    p = m.latches.get("CRV_P", 0)
    _set_word(m, "CRV_B", p, (rs2 << 32) | rs1)
    m.latches["CRV_P"] = (p + 1) % CRV_B_WORDS


@semantics("CRV_BRD")
def _brd(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    if rs1 >= 2 * CRV_B_WORDS:
        raise BadOperands(f"B half-word index {rs1} >= {2 * CRV_B_WORDS}")
    return (_word(m, "CRV_B", rs1 >> 1) >> (32 * (rs1 & 1))) & M32


def block_bytes(m: PqxModel, base: int, nbytes: int) -> bytes:
    """The block at B[base mod 128], words taken modulo 128, as bytes in memory order."""
    return b"".join(_word(m, "CRV_B", (base + k) % CRV_B_WORDS).to_bytes(8, "little")
                    for k in range(nbytes // 8))


# ------------------------------------------------------------------ chaining state
@semantics("SHA256_INIT")
def _sha256_init(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
    _set_chaining(m, sha2sm3.IV256, SHA256)


@semantics("SHA512_INIT")
def _sha512_init(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
    _set_chaining(m, sha2sm3.IV512, SHA512)


@semantics("SM3_INIT")
def _sm3_init(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
    _set_chaining(m, sha2sm3.IV_SM3, SM3)


@semantics("HASH_RD")
def _hash_rd(m: PqxModel, rs1: int, rs2: int, rs3: int) -> int:
    alg = m.latches.get("CRV_A", SHA256)
    if alg == SHA512:
        if rs1 >= 16:
            raise BadOperands(f"digest word {rs1} >= 16 (SHA-512)")
        digest = b"".join(h.to_bytes(8, "big") for h in chaining(m))
    else:
        limit = 4 if alg == AES128 else 8
        if rs1 >= limit:
            raise BadOperands(f"digest word {rs1} >= {limit}")
        digest = b"".join((h & M32).to_bytes(4, "big") for h in chaining(m))
    return int.from_bytes(digest[4 * rs1:4 * rs1 + 4], "little")


# ------------------------------------------------------------------ block compressions
@semantics("SHA256_BLK")
def _sha256_blk(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
    h = sha2sm3.sha256_compress([x & M32 for x in chaining(m)], block_bytes(m, rs1, 64))
    _set_chaining(m, h, SHA256)


@semantics("SHA512_BLK")
def _sha512_blk(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
    _set_chaining(m, sha2sm3.sha512_compress(chaining(m), block_bytes(m, rs1, 128)), SHA512)


@semantics("SM3_BLK")
def _sm3_blk(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
    v = sha2sm3.sm3_compress([x & M32 for x in chaining(m)], block_bytes(m, rs1, 64))
    _set_chaining(m, v, SM3)


@semantics("AES128_ENC")
def _aes128_enc(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
    data = block_bytes(m, rs1, 32)
    _set_digest(m, AES.new(data[:16], AES.MODE_ECB).encrypt(data[16:]), AES128)


def _set_digest(m: PqxModel, digest: bytes, alg: int) -> None:
    """H_i = big-endian word i of the digest (HASH_RD then returns it in byte order), the rest 0."""
    words = [int.from_bytes(digest[4 * i:4 * i + 4], "big") for i in range(len(digest) // 4)]
    _set_chaining(m, words + [0] * (8 - len(words)), alg)


@semantics("HARAKA256")
def _haraka256(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
    _set_digest(m, haraka.haraka256(block_bytes(m, rs1, 32)), HARAKA256)


@semantics("HARAKA512")
def _haraka512(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
    _set_digest(m, haraka.haraka512(block_bytes(m, rs1, 64)), HARAKA512)
