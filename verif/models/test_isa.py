"""Tests of the PQX encoding table against encodings written out by hand from the ISA document."""

from __future__ import annotations

import random

import pytest

from verif.models.isa import (
    IMPLEMENTED_UNITS,
    INSTRUCTIONS,
    RS1,
    RS2,
    RS3,
    UNITS,
    accepts,
    decode,
    encode,
)

# (word, name), assembled by hand from `.insn` lines of the ISA document.
HAND_ENCODED = [
    # .insn r4 0x6b, 1, 3, x5, x6, x7, x8
    (0x467312EB, "LOAD"),
    # .insn r4 0x6b, 1, 0, x0, x0, x0, x0
    (0x0000106B, "KSTART"),
    # .insn r4 0x6b, 1, 1, x0, x0, x0, x0
    (0x0200106B, "KABSORB"),
    # .insn r4 0x6b, 1, 2, x0, x0, x0, x0
    (0x0400106B, "KPERM"),
    # .insn r4 0x6b, 7, 0, x0, x0, x0, x0
    (0x0000706B, "BFNTTK"),
    # .insn r4 0x6b, 6, 3, x31, x31, x31, x31
    (0xFFFFEFEB, "FPR_NORM64_EXEC"),
    # .insn r4 0x6b, 6, 2, x1, x2, x3, x4
    (0x243160EB, "MODP_MONTYMUL"),
    # .insn r 0x3b, 7, 0x79, x10, x1, x2
    (0xF220F53B, "COMPARE_U32"),
    # .insn r 0x3b, 7, 0x4c, x13, x11, x12
    (0x98C5F6BB, "UNPACK_Z19"),
    # .insn r 0x3b, 7, 0x0f, x0, x0, x0
    (0x1E00703B, "STORE"),
    # .insn r 0x3b, 7, 0x0d, x0, x0, x0
    (0x1A00703B, "KREAD3"),
    # .insn r 0x3b, 7, 0x0e, x0, x0, x0
    (0x1C00703B, "KINIT"),
    # .insn r 0x3b, 7, 0x00, x0, x0, x0
    (0x0000703B, "CBD1"),
    # .insn r 0x3b, 7, 0x30, x0, x0, x0
    (0x6000703B, "THASH1_128"),
    # .insn r 0x3b, 7, 0x41, x0, x0, x0
    (0x8200703B, "PRF_256"),
    # .insn r 0x3b, 7, 0x44, x0, x0, x5
    (0x8850703B, "CHAIN_256"),
    # .insn r 0x3b, 7, 0x5a, x0, x0, x0
    (0xB400703B, "BARRETT_HQC5"),
    # .insn r 0x0b, 0, 0x00, x10, x11, x12
    (0x00C5850B, "GF12MUL"),
    # .insn r 0x0b, 0, 0x09, x5, x0, x0
    (0x1200028B, "MCE_BM"),
    # .insn r 0x0b, 0, 0x11, x31, x31, x0
    (0x220F8F8B, "TR_RD"),
]


@pytest.mark.parametrize("word,name", HAND_ENCODED)
def test_hand_encodings(word: int, name: str) -> None:
    info = decode(word)
    assert info is not None and info.name == name


def test_encode_fields() -> None:
    assert encode("LOAD", rd=5, rs1=6, rs2=7, rs3=8) == 0x467312EB
    assert encode("COMPARE_U32", rd=10, rs1=1, rs2=2) == 0xF220F53B
    assert encode("UNPACK_Z19", rd=13, rs1=11, rs2=12) == 0x98C5F6BB
    with pytest.raises(ValueError):
        encode("STORE", rs3=1)
    with pytest.raises(ValueError):
        encode("LOAD", rd=32)
    with pytest.raises(KeyError):
        encode("NOPE")


def test_table_size_and_names() -> None:
    r4 = [i for i in INSTRUCTIONS.values() if i.format == "r4"]
    r = [i for i in INSTRUCTIONS.values() if i.format == "r" and i.opcode == 0x3B]
    mce = [i for i in INSTRUCTIONS.values() if i.opcode == 0x0B]
    crv = [i for i in INSTRUCTIONS.values() if i.opcode == 0x2B]
    assert len(r4) == 12 and len(r) == 52 and len(mce) == 16 and len(crv) == 13
    assert all(i.format == "r" and i.funct3 == 0 and i.unit == "mce" for i in mce)
    assert all(i.format == "r" and i.funct3 == 0 and i.unit == "crv" for i in crv)
    assert {"THASH1_128", "THASH2_256", "PRF_192", "CL_256", "UNPACK_Z19", "FPR_NORM64_RDE"} <= set(INSTRUCTIONS)
    assert all(i.unit in UNITS for i in INSTRUCTIONS.values())


def test_r_funct7_from_spec() -> None:
    expected = {
        "CBD1": 0x00, "CBD2": 0x01, "CBD3": 0x02, "CBD4": 0x03, "BARRETT": 0x05,
        "ZEROIZE": 0x0C, "KREAD3": 0x0D, "KINIT": 0x0E, "STORE": 0x0F,
        "MQMULF": 0x10, "MQMULK": 0x11, "MQMULD": 0x12,
        "KARATS1": 0x13, "KARATS2": 0x14, "KARATS3": 0x15, "KARATS4": 0x19,
        "GFMUL8": 0x16, "BFNTTDH": 0x17, "BFINTTDH": 0x18, "RED32": 0x1A,
        "CL_128": 0x1B, "CL_192": 0x1C, "CL_256": 0x1D, "SREAD": 0x1E, "OWRITE": 0x1F,
        "THASH1_128": 0x30, "THASH2_128": 0x31, "PRF_128": 0x32,
        "THASH1_192": 0x3C, "THASH2_192": 0x3D, "THASH1_256": 0x3E, "THASH2_256": 0x3F,
        "PRF_192": 0x40, "PRF_256": 0x41, "CHAIN_128": 0x42, "CHAIN_192": 0x43, "CHAIN_256": 0x44,
        "FPR_LOAD_SE": 0x33, "FPR_EXEC": 0x34, "FPR_RDHI": 0x35,
        "FPR_NORM64_RDHI": 0x36, "FPR_NORM64_RDE": 0x37,
        "REJ_UNIFORM": 0x48, "REJ_ETA2": 0x49, "REJ_ETA4": 0x4A, "UNPACK_Z17": 0x4B,
        "UNPACK_Z19": 0x4C,
        "BARRETT_HQC1": 0x58, "BARRETT_HQC3": 0x59, "BARRETT_HQC5": 0x5A,
        "GF_REDUCE": 0x78, "COMPARE_U32": 0x79,
    }  # fmt: skip
    actual = {i.name: i.funct7 for i in INSTRUCTIONS.values() if i.opcode == 0x3B}
    assert actual == expected
    assert all(i.funct3 == 0b111 for i in INSTRUCTIONS.values() if i.opcode == 0x3B)


def test_mce_funct7_from_spec() -> None:
    expected = {
        "GF12MUL": 0x00, "GF12SQ": 0x01, "GF12INV": 0x02,
        "MCE_SYN": 0x08, "MCE_BM": 0x09, "MCE_LOC_RD": 0x0A, "MCE_LOC_WR": 0x0B,
        "MCE_SUP_WR": 0x0C, "MCE_CHIEN": 0x0D, "MCE_ERR_RD": 0x0E, "MCE_MINPOLY": 0x0F,
        "TR_WR": 0x10, "TR_RD": 0x11, "MCE_ROW_WR": 0x12, "MCE_ROW_RD": 0x13, "MCE_SYS": 0x14,
    }  # fmt: skip
    assert {i.name: i.funct7 for i in INSTRUCTIONS.values() if i.opcode == 0x0B} == expected


def test_crv_funct7_from_spec() -> None:
    expected = {
        "CRV_BPTR": 0x00, "CRV_BWR": 0x01, "CRV_BRD": 0x02,
        "SHA256_INIT": 0x08, "SHA512_INIT": 0x09, "SM3_INIT": 0x0A, "HASH_RD": 0x0B,
        "SHA256_BLK": 0x10, "SHA512_BLK": 0x11, "SM3_BLK": 0x12, "AES128_ENC": 0x18,
        "HARAKA256": 0x19, "HARAKA512": 0x1A,
    }  # fmt: skip
    assert {i.name: i.funct7 for i in INSTRUCTIONS.values() if i.opcode == 0x2B} == expected


def test_poly_funct7_from_spec() -> None:
    expected = {"POLY_WR": 0x00, "POLY_RD": 0x01, "POLY_LD": 0x04, "POLY_ST": 0x05,
                "POLY_NTT": 0x08, "POLY_INTT": 0x09, "POLY_PWM": 0x0A, "POLY_CBD": 0x0C,
                "POLY_CNT": 0x10}
    assert {i.name: i.funct7 for i in INSTRUCTIONS.values() if i.opcode == 0x5B} == expected
    assert {i.name for i in INSTRUCTIONS.values() if i.background} == {
        "POLY_LD", "POLY_ST", "POLY_NTT", "POLY_INTT", "POLY_PWM", "POLY_CBD"}


def test_r4_funct_from_spec() -> None:
    expected = {
        "KSTART": (1, 0), "KABSORB": (1, 1), "KPERM": (1, 2), "LOAD": (1, 3),
        "BFNTTK": (7, 0), "BFINTTK": (7, 1), "BFNTTD": (7, 2), "BFINTTD": (7, 3),
        "BFNTTF": (6, 0), "BFINTTF": (6, 1), "MODP_MONTYMUL": (6, 2), "FPR_NORM64_EXEC": (6, 3),
    }  # fmt: skip
    actual = {i.name: (i.funct3, i.funct2) for i in INSTRUCTIONS.values() if i.format == "r4"}
    assert actual == expected


def test_writeback_flags() -> None:
    no_wb = {"LOAD", "KABSORB", "KINIT", "ZEROIZE", "OWRITE", "KSTART", "KPERM", "FPR_LOAD_SE",
             "MCE_SYN", "MCE_LOC_WR", "MCE_SUP_WR", "TR_WR", "MCE_ROW_WR",
             "CRV_BPTR", "CRV_BWR", "SHA256_INIT", "SHA512_INIT", "SM3_INIT",
             "SHA256_BLK", "SHA512_BLK", "SM3_BLK", "AES128_ENC", "HARAKA256", "HARAKA512",
             "POLY_WR", "POLY_LD", "POLY_ST", "POLY_NTT", "POLY_INTT", "POLY_PWM", "POLY_CBD"}
    no_wb |= {f"{p}_{n}" for p in ("CL", "THASH1", "THASH2", "PRF", "CHAIN") for n in (128, 192, 256)}
    assert {i.name for i in INSTRUCTIONS.values() if not i.writeback} == no_wb


def test_register_read_masks() -> None:
    r12 = RS1 | RS2
    spot = {
        "LOAD": RS1 | RS2 | RS3, "KABSORB": RS1 | RS2 | RS3, "KSTART": 0, "KPERM": 0,
        "KINIT": 0, "ZEROIZE": 0, "STORE": RS1, "KREAD3": RS1, "COMPARE_U32": r12,
        "BFNTTK": RS1 | RS2 | RS3, "BFINTTF": RS1 | RS2 | RS3,
        "MODP_MONTYMUL": RS1 | RS2 | RS3, "FPR_NORM64_EXEC": RS1 | RS2 | RS3,
        "BFNTTDH": 0, "BFINTTDH": 0, "KARATS1": r12, "KARATS2": r12, "KARATS3": 0, "KARATS4": 0,
        "FPR_RDHI": 0, "FPR_NORM64_RDHI": 0, "FPR_NORM64_RDE": 0,
        "THASH1_128": RS2, "THASH2_256": RS2, "PRF_192": 0, "CL_128": 0, "CHAIN_192": RS2,
        "CBD3": r12, "REJ_ETA2": r12, "REJ_ETA4": r12, "REJ_UNIFORM": RS1,
        "UNPACK_Z17": r12, "UNPACK_Z19": r12, "GFMUL8": r12,
        "GF_REDUCE": RS1, "BARRETT": RS1, "RED32": RS1, "BARRETT_HQC3": RS1,
        "MQMULF": r12, "MQMULK": r12, "MQMULD": r12, "FPR_LOAD_SE": r12, "FPR_EXEC": r12,
        "GF12MUL": r12, "GF12SQ": RS1, "GF12INV": RS1, "MCE_SYN": r12, "MCE_BM": 0,
        "MCE_LOC_RD": RS1, "MCE_LOC_WR": r12, "MCE_SUP_WR": r12, "MCE_CHIEN": 0,
        "MCE_ERR_RD": RS1, "MCE_MINPOLY": r12, "TR_WR": r12, "TR_RD": RS1,
        "MCE_ROW_WR": r12, "MCE_ROW_RD": RS1, "MCE_SYS": 0,
        "CRV_BPTR": RS1, "CRV_BWR": r12, "CRV_BRD": RS1, "SHA256_INIT": 0, "HASH_RD": RS1,
        "SHA256_BLK": RS1, "SHA512_BLK": RS1, "SM3_BLK": RS1,
        "POLY_WR": r12, "POLY_RD": RS1, "POLY_NTT": RS1, "POLY_INTT": RS1, "POLY_PWM": r12,
        "POLY_CNT": RS1, "POLY_CBD": RS1,
    }  # fmt: skip
    for name, mask in spot.items():
        assert INSTRUCTIONS[name].register_read == mask, name
    # R type has no rs3 field.
    assert all(not i.register_read & RS3 for i in INSTRUCTIONS.values() if i.format == "r")


def test_units() -> None:
    def unit_of(names: set[str]) -> set[str]:
        return {INSTRUCTIONS[n].unit for n in names}

    by_unit: dict[str, set[str]] = {}
    for i in INSTRUCTIONS.values():
        by_unit.setdefault(i.unit, set()).add(i.name)
    assert by_unit["state"] == {"LOAD", "KABSORB", "KINIT", "STORE", "KREAD3", "COMPARE_U32", "SREAD",
                                "OWRITE", "ZEROIZE"}
    assert by_unit["keccak"] == {"KSTART", "KPERM"}
    assert all(n.startswith(("THASH", "PRF_", "CL_", "CHAIN_")) for n in by_unit["slhdsa"])
    assert all(n.startswith("FPR_") for n in by_unit["fpr"])
    assert all(n.startswith(("CBD", "REJ_", "UNPACK_")) for n in by_unit["sampler"])
    assert all(n.startswith(("GF12", "MCE_", "TR_")) for n in by_unit["mce"])
    assert all(n.startswith(("CRV_", "SHA", "SM3_", "HASH_", "AES", "HARAKA")) for n in by_unit["crv"])
    assert all(n.startswith("POLY_") for n in by_unit["poly"])
    assert unit_of({"MODP_MONTYMUL", "GF_REDUCE", "KARATS4", "BARRETT_HQC1", "BFINTTDH"}) == {"arith"}
    assert sum(map(len, by_unit.values())) == len(INSTRUCTIONS)


def test_roundtrip_every_entry() -> None:
    rng = random.Random(1)
    for info in INSTRUCTIONS.values():
        assert decode(encode(info.name)) is info
        for _ in range(20):
            regs = [rng.randrange(32) for _ in range(4)]
            rs3 = regs[3] if info.format == "r4" else 0
            word = encode(info.name, regs[0], regs[1], regs[2], rs3)
            assert decode(word) is info
            assert word & info.mask == info.match


def test_no_overlap() -> None:
    infos = list(INSTRUCTIONS.values())
    for a in infos:
        for b in infos:
            if a is not b:
                common = a.mask & b.mask
                assert a.match & common != b.match & common, (a.name, b.name)


def test_random_sweep() -> None:
    rng = random.Random(2024)
    hits = 0
    for _ in range(200_000):
        word = rng.getrandbits(32)
        info = decode(word)
        if word & 0x7F not in (0x6B, 0x3B, 0x0B, 0x2B, 0x5B):
            assert info is None
        elif info is not None:
            hits += 1
            assert word & info.mask == info.match
    assert hits > 0


@pytest.mark.parametrize("opcode,funct3_used", [(0x3B, 0b111), (0x0B, 0b000), (0x2B, 0b000),
                                                 (0x5B, 0b000)])
def test_r_type_exhaustive_funct7(opcode: int, funct3_used: int) -> None:
    by_funct7 = {i.funct7: i for i in INSTRUCTIONS.values() if i.opcode == opcode}
    for funct3 in range(8):
        for funct7 in range(128):
            for regs in (0, 0x01FF8F80):  # rd, rs1, rs2 all zero / all ones
                info = decode((funct7 << 25) | regs | (funct3 << 12) | opcode)
                expected = by_funct7.get(funct7) if funct3 == funct3_used else None
                assert info is expected, (funct3, funct7)


def test_r4_exhaustive_funct() -> None:
    by_key = {(i.funct3, i.funct2): i for i in INSTRUCTIONS.values() if i.format == "r4"}
    for funct3 in range(8):
        for funct2 in range(4):
            for regs in (0, 0xF9FF8F80):  # rs3, rs2, rs1, rd all zero / all ones
                info = decode(regs | (funct2 << 25) | (funct3 << 12) | 0x6B)
                assert info is by_key.get((funct3, funct2)), (funct3, funct2)


@pytest.mark.parametrize("low2", [0b00, 0b01, 0b10])
def test_full_major_opcode_checked(low2: int) -> None:
    for info in INSTRUCTIONS.values():
        assert decode((encode(info.name) & ~0x3) | low2) is None
    # Bit 5/6 differences: 0x6B vs 0x2B/0x4B, 0x3B vs 0x1B/0x7B, 0x0B vs 0x4B/0x2B/0x03.
    for opcode in (0x2B, 0x4B, 0x1B, 0x7B, 0x33, 0x03, 0x0F):
        assert decode(0xFFFFF000 | opcode) is None


def test_decode_rejects_non_words() -> None:
    with pytest.raises(ValueError):
        decode(1 << 32)
    with pytest.raises(ValueError):
        decode(-1)


def test_accepts() -> None:
    assert IMPLEMENTED_UNITS == {"state", "keccak", "slhdsa", "arith", "sampler", "fpr", "mce", "crv",
                                 "poly"}
    for info in INSTRUCTIONS.values():
        assert accepts(encode(info.name)), info.name
    assert not accepts(0x00000013)  # addi x0, x0, 0
    assert not accepts(0x0000003B | (0x7F << 25) | (7 << 12))  # unused funct7
