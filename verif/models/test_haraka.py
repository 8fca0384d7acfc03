"""The Haraka v2 model (haraka.py) against the test vectors published with the reference
implementation, and its AES round against pycryptodome."""

from __future__ import annotations

import random

import pytest
from Crypto.Cipher import AES

from verif.models import haraka

HARAKA256_0_31 = haraka.PUBLISHED["HARAKA-256"][1]
HARAKA512_0_63 = haraka.PUBLISHED["HARAKA-512"][1]


def test_published_vectors() -> None:
    assert haraka.haraka256(bytes(range(32))).hex() == HARAKA256_0_31
    assert haraka.haraka512(bytes(range(64))).hex() == HARAKA512_0_63


def _aes128_encrypt(key: bytes, pt: bytes) -> bytes:
    """AES-128 (FIPS 197 5.1, 5.2) from the model's round and S-box."""
    w = [key[4 * i:4 * i + 4] for i in range(4)]
    rcon = 1
    for i in range(4, 44):
        t = w[i - 1]
        if i % 4 == 0:
            t = bytes(haraka.SBOX[b] for b in t[1:] + t[:1])
            t = bytes([t[0] ^ rcon]) + t[1:]
            rcon = haraka.gf_mul(rcon, 2)
        w.append(bytes(a ^ b for a, b in zip(w[i - 4], t)))
    s = bytes(a ^ b for a, b in zip(pt, key))
    for r in range(1, 11):
        s = haraka.aes_round(s, b"".join(w[4 * r:4 * r + 4]), last=r == 10)
    return s


def test_aes_round_against_pycryptodome() -> None:
    # FIPS 197 C.1, then random keys and blocks
    assert _aes128_encrypt(bytes(range(16)), bytes.fromhex("00112233445566778899aabbccddeeff")).hex() \
        == "69c4e0d86a7b0430d8cdb78070b4c55a"
    rng = random.Random(20261202)
    for _ in range(200):
        key, pt = rng.randbytes(16), rng.randbytes(16)
        assert _aes128_encrypt(key, pt) == AES.new(key, AES.MODE_ECB).encrypt(pt)


def test_structure() -> None:
    # the mixings are permutations of the columns; every constant is used once by Haraka-512
    assert sorted(haraka.MIX_256) == list(range(8)) and sorted(haraka.MIX_512) == list(range(16))
    assert len(set(haraka.RC)) == 40 == 2 * haraka.ROUNDS * haraka.AES_PER_ROUND * 2
    assert haraka.SBOX[0x00] == 0x63 and haraka.SBOX[0x53] == 0xED   # FIPS 197 5.1.1 example


def test_planted_bugs_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The vectors notice a wrong mixing or a swapped constant: the checks can fail."""
    monkeypatch.setattr(haraka, "MIX_512", (0, 8, 4, 12) + haraka.MIX_512[4:])
    assert haraka.haraka512(bytes(range(64))).hex() != HARAKA512_0_63
    monkeypatch.undo()
    rc = list(haraka.RC)
    rc[18], rc[19] = rc[19], rc[18]
    monkeypatch.setattr(haraka, "RC", tuple(rc))
    assert haraka.haraka256(bytes(range(32))).hex() != HARAKA256_0_31


def test_bad_lengths() -> None:
    for f, n in ((haraka.haraka256, 31), (haraka.haraka512, 32), (haraka.permutation, 48)):
        with pytest.raises(ValueError):
            f(bytes(n))
