"""Keccak-f[1600] model against XKCP's intermediate values and pycryptodome's sponges."""

from __future__ import annotations

import random

import pytest
from Crypto.Hash import SHA3_224, SHA3_256, SHA3_384, SHA3_512, SHAKE128, SHAKE256

from verif.models import keccak
from verif.vectors import xkcp_reader

EXAMPLES = xkcp_reader.read()


def test_file_has_two_full_examples():
    assert len(EXAMPLES) == 2
    assert all(len(e.rounds) == 24 and e.output for e in EXAMPLES)


@pytest.mark.parametrize("ex", range(2))
def test_every_step_of_every_round(ex):
    example = EXAMPLES[ex]
    state = example.input
    for ir, steps in enumerate(example.rounds):
        for name in xkcp_reader.STEPS:
            state = keccak.iota(state, ir) if name == "iota" else getattr(keccak, name)(state)
            assert state == steps[name], f"example {ex} round {ir} after {name}"
    assert state == example.output
    assert keccak.keccak_f1600(example.input) == example.output


def _sponge(msg: bytes, rate: int, suffix: int, out_len: int) -> bytes:
    padded = bytearray(msg) + bytes([suffix])
    padded += bytes(-len(padded) % rate)
    padded[-1] |= 0x80
    lanes = [0] * 25
    for off in range(0, len(padded), rate):
        for i in range(rate // 8):
            lanes[i] ^= int.from_bytes(padded[off + 8 * i: off + 8 * i + 8], "little")
        lanes = keccak.keccak_f1600(lanes)
    out = b""
    while True:
        out += b"".join(v.to_bytes(8, "little") for v in lanes)[:rate]
        if len(out) >= out_len:
            return out[:out_len]
        lanes = keccak.keccak_f1600(lanes)


@pytest.mark.parametrize("length", [0, 1, 71, 72, 135, 136, 137, 300])
def test_sponges_match_pycryptodome(length):
    msg = random.Random(length).randbytes(length)
    for h, rate in ((SHA3_224, 144), (SHA3_256, 136), (SHA3_384, 104), (SHA3_512, 72)):
        assert _sponge(msg, rate, 0x06, h.digest_size) == h.new(msg).digest()
    assert _sponge(msg, 168, 0x1F, 400) == SHAKE128.new(msg).read(400)
    assert _sponge(msg, 136, 0x1F, 300) == SHAKE256.new(msg).read(300)


def test_word_layout_round_trip():
    words = [random.Random(1).getrandbits(32) for _ in range(50)]
    assert keccak.lanes_to_words(keccak.words_to_lanes(words)) == words


def test_kstart_kperm_semantics():
    from verif.models import PqxModel, encode

    rng = random.Random(7)
    m = PqxModel()
    m.S = [rng.getrandbits(32) for _ in range(50)]
    s_before = list(m.S)
    r = m.execute(encode("KSTART"), 0, 0, 0)
    assert (r.we, r.exc, r.data) == (False, False, 0)
    assert m.S == s_before and m.O == keccak.permute_words(s_before)
    m.execute(encode("KPERM"), 0, 0, 0)
    assert m.O == keccak.permute_words(s_before) and m.S == m.O
