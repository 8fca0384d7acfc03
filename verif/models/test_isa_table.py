"""The instruction table (verif/models/isa_table.py) is the one source of per-instruction facts:
the generated RTL, documentation and C header must match it, and the decoder proof's own table,
written independently from the ISA text, must agree with it."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from verif.models import isa_table, timing
from verif.models.isa_table import TABLE

ROOT = Path(__file__).resolve().parents[2]
def test_latency_contract_is_the_table():
    assert timing.LATENCY == {i.name: i.latency for i in TABLE}
    assert {n for n, c in timing.LATENCY.items() if c > 1} == {
        "KSTART", "KPERM", "MODP_MONTYMUL", "MCE_BM", "MCE_CHIEN", "MCE_MINPOLY", "MCE_SYS",
        "SHA256_BLK", "SHA512_BLK", "SM3_BLK", "AES128_ENC", "HARAKA256", "HARAKA512"} | {
            f"{op}_{n}" for op in ("THASH1", "THASH2", "PRF", "CHAIN") for n in (128, 192, 256)}


def test_two_round_keccak_contract():
    """KeccakRoundsPerCycle = 2 halves every permutation (12 cycles) and changes nothing else."""
    lat, robust = timing.contract(pipelined=False, keccak_rounds_per_cycle=2)
    base, base_robust = timing.contract(pipelined=False, keccak_rounds_per_cycle=1)
    units = {i.name: i.unit for i in TABLE}
    perm = {n for n in base if units[n] in ("keccak", "slhdsa") and base[n] > 1}
    assert perm == {"KSTART", "KPERM"} | {f"{op}_{n}" for op in ("THASH1", "THASH2", "PRF", "CHAIN")
                                          for n in (128, 192, 256)}
    assert all(lat[n] == 12 for n in perm) and all(robust[n] == 24 for n in robust)
    assert {n: c for n, c in lat.items() if n not in perm} == {n: c for n, c in base.items() if n not in perm}
    assert base_robust == {n: 48 for n in robust}
    pipe, pipe_robust = timing.contract(pipelined=True, keccak_rounds_per_cycle=2)
    assert pipe["KPERM"] == 13 and pipe_robust["THASH1_128"] == 25
    with pytest.raises(ValueError):
        next(i for i in TABLE if i.name == "KPERM").latency_for(keccak_rounds_per_cycle=3)


# ------------------------------------------------------------------ the decoder proof's table
def proof_table() -> dict[tuple[int, int, int], tuple[str, bool, int]]:
    """(opcode, funct3, funct) -> (unit, writeback, registers read) from the reference table of
    formal/decoder/pqx_decoder_props.sv (keys 5'b funct3_funct2: opcode 0x6B; 7'h funct7: 0x3B
    with funct3 111; 10'h {funct3, funct7}: 0x0B, or 0x2B after the `7'b0101011` test, or 0x5B
    after the `7'b1011011` test)."""
    text = (ROOT / "formal" / "decoder" / "pqx_decoder_props.sv").read_text()
    text = re.sub(r"//[^\n]*", "", text)
    custom1 = text.index("7'b0101011")
    custom2 = text.index("7'b1011011")
    entries = re.finditer(r"((?:(?:5'b[01]{3}_[01]{2}|7'h[0-9A-Fa-f]{2}|10'h[0-9A-Fa-f]{3})\s*,?\s*)+)"
                         r":\s*begin\s*"
                         r"ref_unit\s*=\s*U_(\w+);\s*ref_wb\s*=\s*1'b([01]);\s*"
                         r"ref_rs\s*=\s*3'b([01]{3});\s*end", text)
    table = {}
    for m in entries:
        keys, unit, wb, rs = m.groups()
        for key in re.findall(r"5'b([01]{3})_([01]{2})|7'h([0-9A-Fa-f]{2})|10'h([0-9A-Fa-f]{3})", keys):
            if key[0]:
                k = (0x6B, int(key[0], 2), int(key[1], 2))
            elif key[2]:
                k = (0x3B, 0b111, int(key[2], 16))
            else:
                major = 0x5B if m.start() > custom2 else 0x2B if m.start() > custom1 else 0x0B
                k = (major, int(key[3], 16) >> 7, int(key[3], 16) & 0x7F)
            assert k not in table, f"{k} twice in the proof's table"
            table[k] = (unit.lower(), wb == "1", int(rs, 2))      # U_STATE -> "state"
    return table


def test_decoder_proof_table_agrees_with_the_instruction_table():
    ref = proof_table()
    ours = {(i.opcode, i.funct3, i.funct): (i.unit, i.writeback, i.register_read) for i in TABLE}
    assert len(ref) > 50
    assert ref == ours


def test_proof_table_reader_sees_a_disagreement(monkeypatch):
    """The comparison above can fail: a planted difference in a row shows up."""
    row = next(i for i in TABLE if i.name == "STORE")
    changed = tuple(dataclasses.replace(i, writeback=False) if i is row else i for i in TABLE)
    ours = {(i.opcode, i.funct3, i.funct): (i.unit, i.writeback, i.register_read) for i in changed}
    assert proof_table() != ours


def test_units_match_the_rtl_unit_enum():
    pkg = (ROOT / "rtl" / "pqx_pkg.sv").read_text()
    enum = re.search(r"typedef enum logic \[3:0\] \{(.*?)\} unit_e;", pkg, re.S).group(1)
    names = [m.lower() for m in re.findall(r"Unit(\w+)\s*=", enum)]
    assert tuple(names) == isa_table.UNITS


# ------------------------------------------------------------------ the C header, compiled
def test_c_header_assembles_to_the_table(tmp_path):
    """Every function of firmware/include/pqx.h, compiled for RV32 (zig cc, clang inside),
    assembles to its own instruction: the words of the object file decode (verif/models/isa.py)
    to every instruction of the table, with rd = x0 where there is no writeback and x0 in every
    source field the instruction does not read."""
    import subprocess
    import sys

    from elftools.elf.elffile import ELFFile

    from verif.models.isa import decode
    from verif.models.isa_table import RS1, RS2, RS3

    body = []
    for i in TABLE:
        args = [n for bit, n in ((RS1, "a"), (RS2, "b"), (RS3, "c")) if i.register_read & bit]
        call = f"pqx_{i.name.lower()}({', '.join(args)})"
        body.append(f"    sink = {call};" if i.writeback else f"    {call};")
    src = tmp_path / "all.c"
    src.write_text('#include "pqx.h"\nvolatile uint32_t sink;\n'
                   "void all(uint32_t a, uint32_t b, uint32_t c)\n{\n" + "\n".join(body) + "\n}\n")
    obj = tmp_path / "all.o"
    subprocess.run([sys.executable, "-m", "ziglang", "cc", "-target", "riscv32-freestanding-none",
                    "-mcpu=generic_rv32+m+zicsr", "-O2", "-Wall", "-Wextra", "-Werror",
                    "-I", str(ROOT / "firmware" / "include"), "-c", str(src), "-o", str(obj)],
                   check=True, capture_output=True)
    with obj.open("rb") as fh:
        text = ELFFile(fh).get_section_by_name(".text").data()
    words = [int.from_bytes(text[k:k + 4], "little") for k in range(0, len(text), 4)]
    seen = {}
    for w in words:
        info = decode(w)
        if info is not None:
            seen[info.name] = w
    assert sorted(seen) == sorted(i.name for i in TABLE)
    for name, w in seen.items():
        info = decode(w)
        fields = {RS1: (w >> 15) & 31, RS2: (w >> 20) & 31, RS3: (w >> 27) & 31}
        if not info.writeback:
            assert (w >> 7) & 31 == 0, name
        for bit, reg in fields.items():
            if not info.register_read & bit and (bit != RS3 or info.format == "r4"):
                assert reg == 0, f"{name}: unused source field holds x{reg}"


def test_python_constants_match_the_rtl_package():
    """verif/models/consts.py and rtl/pqx_pkg.sv hold the same architectural numbers."""
    from verif.models import consts

    pkg = (ROOT / "rtl" / "pqx_pkg.sv").read_text()
    value = {m.group(1): int(m.group(2)) for m in
             re.finditer(r"localparam\s+int\s+unsigned\s+(\w+)\s*=\s*(\d+)\s*;", pkg)}
    assert value["XIdWidth"] == consts.ID_WIDTH
    assert value["NumWords"] == consts.STATE_WORDS
    assert (value["QK"], value["QD"], value["QF"]) == (consts.Q_K, consts.Q_D, consts.Q_F)
    assert int(re.search(r"ExcIllegal\s*=\s*6'd(\d+)", pkg).group(1)) == consts.EXCCODE_ILLEGAL


# ------------------------------------------------------------------ the kill-safety proof's S/O classes
def proof_so_classes(text: str | None = None) -> dict[tuple[str, int, int], str]:
    """(format, funct3, funct) -> S/O writer class, read from `so_class` of
    formal/xif_shell/pqx_xif_shell_props.sv (written there from the ISA text, like the decoder
    proof's table): R4 funct3 001 by funct2, R funct7 by equality or ranges."""
    if text is None:
        text = (ROOT / "formal" / "xif_shell" / "pqx_xif_shell_props.sv").read_text()
    body = text.split("function automatic logic [3:0] so_class", 1)[1].split("endfunction", 1)[0]
    r4, r = body.split("end else if", 1)
    classes: dict[tuple[str, int, int], str] = {}
    f3 = int(re.search(r"w\[14:12\] == 3'b([01]{3})", r4).group(1), 2)
    for funct, cls in re.findall(r"2'd(\d):\s*so_class = C_(\w+);", r4):
        classes[("r4", f3, int(funct))] = cls
    default = re.search(r"default:\s*so_class = C_(\w+);", r4).group(1)
    for funct in range(4):
        classes.setdefault(("r4", f3, funct), default)
    for stmt in re.findall(r"if \((.*?)\)\s*so_class = C_(\w+);", r.replace("\n", " ")):
        cond, cls = stmt
        for lo, hi in re.findall(r"w\[31:25\] >= 7'h(\w+) && w\[31:25\] <= 7'h(\w+)", cond):
            for funct in range(int(lo, 16), int(hi, 16) + 1):
                classes[("r", 0b111, funct)] = cls
        for eq in re.findall(r"w\[31:25\] == 7'h(\w+)", cond):
            classes[("r", 0b111, int(eq, 16))] = cls
    return classes


def table_so_class(i) -> str:
    if i.name in ("LOAD", "KABSORB", "KINIT", "KSTART", "KPERM", "OWRITE"):
        return i.name
    if i.name.startswith(("THASH", "PRF_")):
        return "THASH"
    if i.name.startswith("CHAIN_"):
        return "CHAIN"
    return "CL" if i.name.startswith("CL_") else "NONE"


def test_kill_safety_proof_classes_agree_with_the_table():
    """Every instruction the table lists as an S/O writer has that class in the proof, and no other
    instruction of the table is classed as a writer there."""
    ref = proof_so_classes()
    assert len(ref) > 15
    for i in TABLE:
        assert ref.get((i.format, i.funct3, i.funct), "NONE") == table_so_class(i), i.name
    table_keys = {(i.format, i.funct3, i.funct) for i in TABLE}
    assert set(ref) <= table_keys


def test_so_class_reader_sees_a_disagreement():
    """A planted narrowing of the proof's THASH/PRF range (PRF_256 left out) breaks the agreement."""
    text = (ROOT / "formal" / "xif_shell" / "pqx_xif_shell_props.sv").read_text()
    assert "w[31:25] <= 7'h41" in text
    ref = proof_so_classes(text.replace("w[31:25] <= 7'h41", "w[31:25] <= 7'h40"))
    prf256 = next(i for i in TABLE if i.name == "PRF_256")
    assert ref.get((prf256.format, prf256.funct3, prf256.funct), "NONE") != table_so_class(prf256)
