"""Semantics of the hash instructions (docs/isa.md): KSTART and KPERM of the Keccak unit, THASH,
PRF, CHAIN and CL of the SLH-DSA unit.

KSTART: O takes Keccak-f[1600] of S; KPERM also copies the result into S. The permutation is
`verif.models.keccak`, checked against XKCP and pycryptodome. The SLH-DSA hashes are computed
with hashlib's SHAKE256 from FIPS 205's definitions.
"""

from __future__ import annotations

import hashlib

from .keccak import permute_words
from .pqx_model import PqxModel, bytes_to_words, semantics, words_to_bytes


@semantics("KSTART")
def _kstart(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
    m.O = permute_words(m.S)


@semantics("KPERM")
def _kperm(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
    m.O = permute_words(m.S)
    m.S = list(m.O)


# ----------------------------------------------------------------------------- SLH-DSA
# FIPS 205 section 11.2 (SHAKE): F/H(PK.seed, ADRS, M) = SHAKE256(PK.seed || ADRS || M, 8n),
# PRF(PK.seed, SK.seed, ADRS) = SHAKE256(PK.seed || ADRS || SK.seed, 8n). The robust tweakable
# hash of SPHINCS+ round 3 first masks M with SHAKE256(PK.seed || ADRS, 8|M|).
# The S layout (docs/isa.md): PK.seed, ADRS (32 bytes), in1 / SK.seed, in2, each n bytes.

SHAKE256_RATE = 136


def _shake_block(msg: bytes) -> list[int]:
    """The single padded SHAKE256 block of a message shorter than the rate, as 50 words."""
    block = bytearray(msg) + b"\x1f" + bytes(SHAKE256_RATE - len(msg) - 1)
    block[-1] |= 0x80
    return bytes_to_words(bytes(block) + bytes(200 - SHAKE256_RATE))


def _tweak_hash(m: PqxModel, n: int, payload_words: int, robust: bool) -> bytes:
    """Hash PK.seed || ADRS || payload as S holds them; O takes the permutation output.
    Returns the n-byte result."""
    s = words_to_bytes(m.S)
    seed, adrs = s[:n], s[n:n + 32]
    payload = s[n + 32: n + 32 + 4 * payload_words]
    if robust:
        mask = hashlib.shake_256(seed + adrs).digest(len(payload))
        payload = bytes(a ^ b for a, b in zip(payload, mask))
    msg = seed + adrs + payload
    out = hashlib.shake_256(msg).digest(n)
    m.O = permute_words(_shake_block(msg))
    assert words_to_bytes(m.O)[:n] == out     # the permutation is the sponge's only call
    return out


def _register_thash(name: str, n: int, payload_words: int) -> None:
    @semantics(name)
    def _thash(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
        m.S[: n // 4] = bytes_to_words(_tweak_hash(m, n, payload_words, robust=(rs2 == 0)))


def _register_prf(name: str, n: int) -> None:
    @semantics(name)
    def _prf(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
        m.S[: n // 4] = bytes_to_words(_tweak_hash(m, n, n // 4, robust=False))


def _register_chain(name: str, n: int) -> None:
    """One step of FIPS 205 Algorithm 5 (chain): tmp = F(PK.seed, ADRS, tmp) with tmp in in1,
    then ADRS.setHashAddress(hash address + 1) (bytes 28..31, big-endian, modulo 2^32)."""
    @semantics(name)
    def _chain(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
        nw = n // 4
        out = _tweak_hash(m, n, nw, robust=(rs2 == 0))
        m.S[nw + 8: 2 * nw + 8] = bytes_to_words(out)
        hash_address = int.from_bytes(words_to_bytes(m.S[nw + 7: nw + 8]), "big")
        m.S[nw + 7] = bytes_to_words(((hash_address + 1) % 2**32).to_bytes(4, "big"))[0]


def _register_cl(name: str, n: int) -> None:
    @semantics(name)
    def _cl(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
        msg = words_to_bytes(m.S)[:n]
        digits = chain_lengths(msg)
        for k in range(0, len(digits), 8):
            word = 0
            for d in digits[k:k + 8]:
                word = (word << 4) | d
            m.O[k // 8] = word << (4 * (8 - len(digits[k:k + 8])))


def chain_lengths(msg: bytes) -> list[int]:
    """FIPS 205 Algorithm 7 (wots_sign) steps 1-7 with lg_w = 4: the base-16 digits of msg, high
    nibble first, then the three digits of the checksum sum(15 - d) << 4."""
    digits = [d for byte in msg for d in (byte >> 4, byte & 15)]
    csum = sum(15 - d for d in digits) << 4
    return digits + [(csum >> 12) & 15, (csum >> 8) & 15, (csum >> 4) & 15]


for _level, _n in ((128, 16), (192, 24), (256, 32)):
    _register_thash(f"THASH1_{_level}", _n, _n // 4)
    _register_thash(f"THASH2_{_level}", _n, _n // 2)
    _register_prf(f"PRF_{_level}", _n)
    _register_chain(f"CHAIN_{_level}", _n)
    _register_cl(f"CL_{_level}", _n)
