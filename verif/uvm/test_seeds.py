"""Reproducibility of the system tests: stimulus and host timing come from separate generators
derived from the seed (verif/uvm/env.py), so the same seed gives the same instruction stream
whatever the host does (another HostConfig draws more or fewer host choices)."""

from __future__ import annotations

import random

from verif.uvm.env import derived_rng
from verif.uvm.sequences import random_items


def stream(rng: random.Random, host: random.Random | None, host_draws: int) -> list[tuple]:
    """The instruction stream when the host draws `host_draws` choices between two items (from
    its own generator, or from the stimulus generator when `host` is None, as before)."""
    items = random_items(rng, 600)
    out = []
    for item in items:
        out.append((item.get_name(), item.instr, item.rs))
        for _ in range(host_draws):
            (host or rng).random()
    return out


def test_same_seed_same_stimulus_under_any_host():
    seed = 20261130
    base = stream(derived_rng(seed, "stimulus"), derived_rng(seed, "host"), 0)
    assert stream(derived_rng(seed, "stimulus"), derived_rng(seed, "host"), 3) == base
    assert base != stream(derived_rng(seed + 1, "stimulus"), derived_rng(seed + 1, "host"), 0)


def test_one_shared_generator_would_move_the_stimulus():
    """The check above can fail: a host drawing from the stimulus generator changes the stream.
    (random_items draws everything up front, so sharing matters for the generator's later users:
    here the stream of a second sequence.)"""
    def two_sequences(host_draws: int) -> list[int]:
        rng = random.Random(7)
        random_items(rng, 50)
        for _ in range(host_draws):
            rng.random()
        return [i.instr for i in random_items(rng, 50)]
    assert two_sequences(0) != two_sequences(5)


def test_streams_are_independent():
    a, b = derived_rng(1, "stimulus"), derived_rng(1, "host")
    assert [a.getrandbits(32) for _ in range(4)] != [b.getrandbits(32) for _ in range(4)]
