"""The pair walk of the random sequence covers every ordered pair of instructions exactly once."""

from __future__ import annotations

import random
from collections import Counter

from verif.uvm.sequences import pair_walk


def pair_counts(walk: list[str]) -> Counter:
    return Counter(zip(walk, walk[1:]))


def test_every_ordered_pair_once() -> None:
    names = [f"I{k}" for k in range(71)]
    for seed in range(3):
        walk = pair_walk(names, random.Random(seed))
        counts = pair_counts(walk)
        assert len(walk) == len(names) ** 2 + 1
        assert set(counts) == {(a, b) for a in names for b in names}
        assert set(counts.values()) == {1}


def test_a_shortened_walk_misses_a_pair() -> None:
    """The check above can fail: the walk without its last name lacks one pair."""
    names = ["A", "B", "C"]
    walk = pair_walk(names, random.Random(7))[:-1]
    assert len(pair_counts(walk)) == len(names) ** 2 - 1
