"""The Classic McEliece unit's instruction semantics (verif/models/mce.py) against the Classic
McEliece model and galois: the instructions decode weight-2 errors, the field instructions are
galois's field, the transpose store transposes, and bad indices change nothing."""

from __future__ import annotations

import random

import galois
import pytest

from verif.models import PqxModel, encode, mceliece as mc
from verif.models.consts import MCE_N, MCE_T, TR_SIZE

GF = galois.GF(2 ** 12, irreducible_poly=mc.TOY.f_poly)


def run(m: PqxModel, name: str, rs1: int = 0, rs2: int = 0):
    return m.execute(encode(name), rs1, rs2, 0)


def test_field_instructions_are_galois_field() -> None:
    rng = random.Random(1)
    m = PqxModel()
    for _ in range(500):
        a, b = rng.getrandbits(32), rng.getrandbits(32)
        x, y = GF(a & 0xFFF), GF(b & 0xFFF)
        assert run(m, "GF12MUL", a, b).data == int(x * y)
        assert run(m, "GF12SQ", a).data == int(x * x)
        assert run(m, "GF12INV", a).data == (int(x ** -1) if a & 0xFFF else 0)


def goppa(rng: random.Random) -> list[int]:
    """A random monic degree-2 g with no root in GF(2^12) (irreducible)."""
    while True:
        g = [rng.randrange(1, 4096), rng.randrange(4096), 1]
        if all(mc.poly_eval(mc.TOY, g, a) for a in range(4096)):
            return g


def decode_with_instructions(m: PqxModel, g: list[int], support: list[int], errs: tuple) -> list[int]:
    r = [int(j in errs) for j in range(MCE_N)]
    for i, s in enumerate(mc.syndrome(mc.TOY, g, support, r)):
        run(m, "MCE_SYN", s, i)
    assert run(m, "MCE_BM").data == len(errs)
    for j, a in enumerate(support):
        run(m, "MCE_SUP_WR", a, j)
    assert run(m, "MCE_CHIEN").data == len(errs)
    bitmap = run(m, "MCE_ERR_RD", 0).data | run(m, "MCE_ERR_RD", 1).data << 32
    return [j for j in range(MCE_N) if bitmap >> j & 1]


def test_instructions_decode_weight_two_errors() -> None:
    rng = random.Random(2)
    m = PqxModel()
    g = goppa(rng)
    support = rng.sample(range(4096), MCE_N)
    for _ in range(60):
        errs = tuple(sorted(rng.sample(range(MCE_N), MCE_T)))
        assert decode_with_instructions(m, g, support, errs) == list(errs)


def test_a_wrong_locator_is_seen() -> None:
    """The decode check can fail: a locator overwritten between BM and Chien finds other roots."""
    rng = random.Random(3)
    m = PqxModel()
    g = goppa(rng)
    support = rng.sample(range(4096), MCE_N)
    r = [int(j in (3, 17)) for j in range(MCE_N)]
    for i, s in enumerate(mc.syndrome(mc.TOY, g, support, r)):
        run(m, "MCE_SYN", s, i)
    run(m, "MCE_BM")
    run(m, "MCE_LOC_WR", 1, 0)
    for j, a in enumerate(support):
        run(m, "MCE_SUP_WR", a, j)
    run(m, "MCE_CHIEN")
    assert run(m, "MCE_ERR_RD", 0).data != (1 << 3) | (1 << 17)


def test_transpose_store() -> None:
    rng = random.Random(4)
    m = PqxModel()
    rows = [rng.getrandbits(TR_SIZE) for _ in range(TR_SIZE)]
    for r, row in enumerate(rows):
        run(m, "TR_WR", row & 0xFFFFFFFF, r)
        run(m, "TR_WR", row >> 32, r + TR_SIZE)
    for c in range(TR_SIZE):
        col = run(m, "TR_RD", c).data | run(m, "TR_RD", c + TR_SIZE).data << 32
        assert col == sum((rows[r] >> c & 1) << r for r in range(TR_SIZE))


@pytest.mark.parametrize("name,reg,limit", [
    ("MCE_SYN", 1, 2 * MCE_T), ("MCE_LOC_WR", 1, MCE_T + 1), ("MCE_SUP_WR", 1, MCE_N),
    ("TR_WR", 1, 2 * TR_SIZE), ("MCE_LOC_RD", 0, MCE_T + 1), ("MCE_ERR_RD", 0, 2),
    ("TR_RD", 0, 2 * TR_SIZE)])
def test_index_out_of_range_raises_and_writes_nothing(name: str, reg: int, limit: int) -> None:
    m = PqxModel()
    for idx in (limit, limit + 1, 1 << 31, 0xFFFFFFFF):
        before = m.copy()
        res = run(m, name, *((idx, 0xABC) if reg == 0 else (0xABC, idx)))
        assert res.exc and res.data == 0 and m == before
    res = run(m, name, *((limit - 1, 0xABC) if reg == 0 else (0xABC, limit - 1)))
    assert not res.exc
