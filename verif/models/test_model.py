"""Tests of the PQX reference model's state-unit semantics against the ISA document."""

from __future__ import annotations

import random

import pytest

from verif.models.isa import IMPLEMENTED_UNITS, INSTRUCTIONS, encode
from verif.models.pqx_model import (
    EXCCODE_ILLEGAL,
    NotAcceptedError,
    PqxModel,
    Result,
    has_semantics,
    semantics,
)

LOAD = encode("LOAD", rd=0, rs1=1, rs2=2, rs3=3)
KABSORB = encode("KABSORB", rs1=1, rs2=2, rs3=3)
KINIT = encode("KINIT")
STORE = encode("STORE", rd=5, rs1=1)
KREAD3 = encode("KREAD3", rd=5, rs1=1)
COMPARE = encode("COMPARE_U32", rd=5, rs1=1, rs2=2)

ILLEGAL_NO_WB = Result(data=0, we=False, exc=True, exccode=EXCCODE_ILLEGAL)
ILLEGAL_WB = Result(data=0, we=True, exc=True, exccode=EXCCODE_ILLEGAL)
DONE_NO_WB = Result(data=0, we=False, exc=False, exccode=0)


def ok(data: int) -> Result:
    return Result(data=data, we=True, exc=False, exccode=0)


def random_model(seed: int) -> PqxModel:
    rng = random.Random(seed)
    m = PqxModel()
    m.S = [rng.getrandbits(32) for _ in range(50)]
    m.O = [rng.getrandbits(32) for _ in range(50)]
    return m


def test_reset_state() -> None:
    m = PqxModel()
    assert m.S == [0] * 50 and m.O == [0] * 50
    assert m.s_bytes() == bytes(200) and m.o_bytes() == bytes(200)


def test_every_state_instruction_has_semantics() -> None:
    for info in INSTRUCTIONS.values():
        if info.unit in IMPLEMENTED_UNITS:
            assert has_semantics(info.name), info.name


def test_byte_views() -> None:
    m = PqxModel()
    m.S[0] = 0x04030201
    m.O[49] = 0xDDCCBBAA
    assert m.s_bytes()[:5] == b"\x01\x02\x03\x04\x00"
    assert m.o_bytes()[196:] == b"\xaa\xbb\xcc\xdd"
    data = bytes(range(200))
    m.set_s_bytes(data)
    m.set_o_bytes(data[::-1])
    assert m.s_bytes() == data and m.o_bytes() == data[::-1]
    assert m.S[1] == 0x07060504
    with pytest.raises(ValueError):
        m.set_s_bytes(bytes(199))


def test_copy_is_deep() -> None:
    m = random_model(1)
    m.latches["H"] = 7
    c = m.copy()
    assert c == m
    c.S[0] ^= 1
    c.O[0] ^= 1
    c.latches["H"] = 8
    assert m.S == random_model(1).S and m.O == random_model(1).O
    assert m.latches == {"H": 7}
    assert c != m


@pytest.mark.parametrize("i", range(64))
def test_load_every_index(i: int) -> None:
    m = random_model(i)
    before = m.copy()
    r = m.execute(LOAD, 0x11111111 * (i % 15 + 1), 0xCAFEF00D, i)
    if i <= 48:
        assert r == DONE_NO_WB
        expected = before.S.copy()
        expected[i] = 0x11111111 * (i % 15 + 1)
        expected[i + 1] = 0xCAFEF00D
        assert m.S == expected and m.O == before.O
    else:
        assert r == ILLEGAL_NO_WB
        assert m == before


@pytest.mark.parametrize("i", range(64))
def test_kabsorb_every_index(i: int) -> None:
    m = random_model(100 + i)
    before = m.copy()
    r = m.execute(KABSORB, 0x80000001, 0x12345678, i)
    if i <= 48:
        assert r == DONE_NO_WB
        expected = before.S.copy()
        expected[i] ^= 0x80000001
        expected[i + 1] ^= 0x12345678
        assert m.S == expected and m.O == before.O
    else:
        assert r == ILLEGAL_NO_WB
        assert m == before


@pytest.mark.parametrize("instr", [LOAD, KABSORB])
def test_pair_index_boundary(instr: int) -> None:
    m = random_model(7)
    before = m.copy()
    assert m.execute(instr, 1, 2, 49) == ILLEGAL_NO_WB
    assert m == before
    assert m.execute(instr, 1, 2, 48) == DONE_NO_WB
    assert m.S[48] != before.S[48] or m.S[49] != before.S[49]
    assert m.S[:48] == before.S[:48]


def test_load_uses_only_rs3_low_six_bits() -> None:
    m = PqxModel()
    assert m.execute(LOAD, 5, 6, 0xFFFFFFC0 | 3) == DONE_NO_WB
    assert m.S[3:5] == [5, 6]
    assert m.execute(LOAD, 7, 8, 0x40 | 48) == DONE_NO_WB
    assert m.S[48:50] == [7, 8]
    assert m.execute(LOAD, 9, 9, 0x40 | 49) == ILLEGAL_NO_WB


def test_load_then_kabsorb() -> None:
    m = PqxModel()
    m.execute(LOAD, 0xF0F0F0F0, 0x0000FFFF, 10)
    m.execute(KABSORB, 0xFFFFFFFF, 0xFFFFFFFF, 10)
    assert m.S[10:12] == [0x0F0F0F0F, 0xFFFF0000]
    assert m.O == [0] * 50


def test_store_in_range() -> None:
    m = random_model(3)
    before = m.copy()
    for i in range(50):
        assert m.execute(STORE, i, 0xFFFFFFFF, 0xFFFFFFFF) == ok(before.O[i])
    assert m == before


@pytest.mark.parametrize(
    "rs1,valid",
    [(0, True), (49, True), (50, False), (0x100, False), (0x80000000, False), (0xFFFFFFFF, False)],
)
def test_store_boundaries(rs1: int, valid: bool) -> None:
    m = random_model(4)
    before = m.copy()
    r = m.execute(STORE, rs1, 0, 0)
    assert r == (ok(before.O[rs1]) if valid else ILLEGAL_WB)
    assert m == before


@pytest.mark.parametrize("o", range(256))
def test_kread3_every_offset(o: int) -> None:
    m = random_model(5)
    before = m.copy()
    r = m.execute(KREAD3, 0xABCDEF00 | o, 0, 0)
    if o <= 197:
        view = m.o_bytes()
        assert r == ok(int.from_bytes(view[o : o + 3], "little"))
        assert r.data >> 24 == 0
    else:
        assert r == ILLEGAL_WB
    assert m == before


def test_kread3_boundary() -> None:
    m = PqxModel()
    m.set_o_bytes(bytes(197) + b"\x11\x22\x33")
    assert m.execute(KREAD3, 197, 0, 0) == ok(0x332211)
    assert m.execute(KREAD3, 196, 0, 0) == ok(0x2211 << 8)
    assert m.execute(KREAD3, 198, 0, 0) == ILLEGAL_WB
    assert m.execute(KREAD3, 0x100 | 197, 0, 0) == ok(0x332211)


def test_compare_u32() -> None:
    m = random_model(6)
    before = m.copy()
    assert m.execute(COMPARE, 0, 0, 0) == ok(1)
    assert m.execute(COMPARE, 0xFFFFFFFF, 0xFFFFFFFF, 0) == ok(1)
    assert m.execute(COMPARE, 0x80000000, 0x00000000, 0) == ok(0)
    assert m.execute(COMPARE, 0x12345678, 0x12345679, 0) == ok(0)
    assert m.execute(COMPARE, 1, 0x80000001, 0) == ok(0)
    assert m == before


def test_kinit_clears_s_and_o() -> None:
    m = random_model(8)
    m.latches["K"] = 3
    assert m.execute(KINIT, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF) == DONE_NO_WB
    assert m.S == [0] * 50 and m.O == [0] * 50
    assert m.latches == {"K": 3}


def test_exc_never_changes_state() -> None:
    bad = [(LOAD, 0, 0, 49), (LOAD, 1, 1, 63), (KABSORB, 1, 1, 49), (KABSORB, 1, 1, 0x3F),
           (STORE, 50, 0, 0), (STORE, 0xFFFFFFFF, 0, 0), (KREAD3, 198, 0, 0), (KREAD3, 255, 0, 0)]  # fmt: skip
    m = random_model(9)
    before = m.copy()
    for instr, rs1, rs2, rs3 in bad:
        r = m.execute(instr, rs1, rs2, rs3)
        assert r.exc and r.exccode == EXCCODE_ILLEGAL and r.data == 0
        assert m == before


def test_we_matches_writeback_flag() -> None:
    m = PqxModel()
    for name in ("LOAD", "KABSORB", "KINIT", "STORE", "KREAD3", "COMPARE_U32"):
        assert m.execute(encode(name), 0, 0, 0).we == INSTRUCTIONS[name].writeback


def test_unbuilt_units_rejected(monkeypatch: pytest.MonkeyPatch) -> None:
    import verif.models.pqx_model as pqx_model

    monkeypatch.setattr(pqx_model, "IMPLEMENTED_UNITS", frozenset({"state"}))
    for name in ("CBD2", "BFNTTK", "FPR_EXEC", "KPERM"):
        with pytest.raises(NotAcceptedError):
            PqxModel().execute(encode(name), 0, 0, 0)
    PqxModel().execute(encode("COMPARE_U32"), 0, 0, 0)


@pytest.mark.parametrize("word", [0x00000013, 0x0000703B | (0x7F << 25), 0x0000506B])
def test_non_pqx_rejected(word: int) -> None:
    with pytest.raises(NotAcceptedError):
        PqxModel().execute(word, 0, 0, 0)


def test_operands_must_be_32_bit() -> None:
    with pytest.raises(ValueError):
        PqxModel().execute(LOAD, 1 << 32, 0, 0)
    with pytest.raises(ValueError):
        PqxModel().execute(COMPARE, 0, -1, 0)


def test_registry_rejects_bad_names() -> None:
    with pytest.raises(KeyError):
        semantics("NOT_AN_INSTRUCTION")
    with pytest.raises(ValueError):
        semantics("LOAD")(lambda model, rs1, rs2, rs3: None)
