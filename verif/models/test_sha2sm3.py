"""The SHA-256 / SHA-512 / SM3 model (sha2sm3.py) against hashlib and gmssl, and its constants
against published values."""

from __future__ import annotations

import hashlib
import random

import pytest
from gmssl import sm3 as gm_sm3

from verif.models import sha2sm3


def _gmssl_sm3(msg: bytes) -> bytes:
    return bytes.fromhex(gm_sm3.sm3_hash(list(msg)))


def _lengths() -> list[int]:
    # every padding case around one and two blocks of both sizes, and random longer messages
    rng = random.Random(20261202)
    return list(range(0, 260)) + [rng.randrange(260, 2000) for _ in range(20)]


@pytest.mark.parametrize("name,model,oracle", [
    ("sha256", sha2sm3.sha256, lambda m: hashlib.sha256(m).digest()),
    ("sha512", sha2sm3.sha512, lambda m: hashlib.sha512(m).digest()),
    ("sm3", sha2sm3.sm3, _gmssl_sm3),
])
def test_against_oracle(name: str, model, oracle) -> None:
    rng = random.Random(hash(name) & 0xFFFF)
    for n in _lengths():
        msg = rng.randbytes(n)
        assert model(msg) == oracle(msg), (name, n)


def test_constants() -> None:
    # FIPS 180-4 4.2.2 / 4.2.3, 5.3.3 / 5.3.5: first and last values as printed there
    assert sha2sm3.K256[0] == 0x428A2F98 and sha2sm3.K256[63] == 0xC67178F2
    assert sha2sm3.K512[0] == 0x428A2F98D728AE22 and sha2sm3.K512[79] == 0x6C44198C4A475817
    assert sha2sm3.IV256[0] == 0x6A09E667 and sha2sm3.IV256[7] == 0x5BE0CD19
    assert sha2sm3.IV512[7] == 0x5BE0CD19137E2179


def test_sm3_standard_example() -> None:
    # GB/T 32905-2016 Appendix A.1: "abc"
    assert sha2sm3.sm3(b"abc").hex() == (
        "66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0")


def test_planted_bug_is_caught() -> None:
    # the checks above fail for a model with one wrong rotation (the test can fail)
    bad = sha2sm3._sha2_compress(list(sha2sm3.IV256), sha2sm3.pad(b"abc", 64), 32, 64,
                                 sha2sm3.K256, ((2, 13, 21), (6, 11, 25)), ((7, 18, 3), (17, 19, 10)))
    good = sha2sm3.sha256_compress(list(sha2sm3.IV256), sha2sm3.pad(b"abc", 64))
    assert bad != good
