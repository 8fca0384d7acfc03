"""verif/soc/errata.py: the host-core errata pass and scan, without a simulator."""

from __future__ import annotations

from pathlib import Path

from verif.soc import errata, firmware as fw

R4 = "\t.insn\tr4 0x6b, 7, 0, a0, a1, a2, {rs3}\n"
COMPARE = "\t.insn\tr 0x3b, 7, 0x79, a0, a1, a1\n"


def nops_before(text: str, marker: str = ".insn") -> int:
    """Nops directly before the first line containing `marker`."""
    lines = text.splitlines()
    k = next(i for i, ln in enumerate(lines) if marker in ln)
    n = 0
    while k - 1 - n >= 0 and lines[k - 1 - n].strip() == "nop":
        n += 1
    return n


def fixed(asm: str) -> tuple[str, errata.Report]:
    rep = errata.Report()
    return errata.fix_asm(asm, rep), rep


def test_rs3_written_just_before_gets_two_nops():
    out, rep = fixed("main:\n\tli\ta0, 1\n\tli\ta1, 2\n\tli\tt0, 0x5a5\n" + R4.format(rs3="t0"))
    assert nops_before(out) == 2 and rep.e1_nops == 2


def test_rs3_written_one_before_gets_one_nop():
    out, _ = fixed("f:\n\tli\tt0, 5\n\tli\tt0, 6\n\taddi\ta0, a0, 1\n" + R4.format(rs3="t0"))
    assert nops_before(out) == 1


def test_clean_distance_needs_nothing():
    asm = "f:\n\tli\tt0, 5\n\taddi\ta0, a0, 1\n\taddi\ta1, a1, 1\n" + R4.format(rs3="t0")
    out, rep = fixed(asm)
    assert out == asm and rep.nops == 0


def test_label_needs_one_clean_instruction():
    out, _ = fixed("f:\n\tnop\n\tnop\n.LBB0_1:\n" + R4.format(rs3="t0"))
    assert nops_before(out) == 1
    out, _ = fixed("f:\n\tnop\n\tnop\n.LBB0_1:\n\taddi\ta5, a5, 1\n" + R4.format(rs3="t0"))
    assert nops_before(out) == 0


def test_call_writes_everything():
    out, _ = fixed("f:\n\tcall\tg\n" + R4.format(rs3="s3"))
    assert nops_before(out) == 2


def test_stores_and_branches_write_nothing():
    asm = "f:\n\tli\tt0, 5\n\tnop\n\tsw\tt0, 0(sp)\n\tbnez\tt0, .L1\n" + R4.format(rs3="t0")
    assert fixed(asm)[1].nops == 0


def test_ex_stall_before_offloaded_instruction():
    for staller in ("div\ta3, a4, a5", "mulhu\ta3, a4, a5", "csrr\ta3, mcycle"):
        out, rep = fixed(f"f:\n\t{staller}\n" + COMPARE)
        assert nops_before(out) == 1 and rep.e2_nops == 1, staller
    assert fixed("f:\n\tadd\ta3, a4, a5\n" + COMPARE)[1].nops == 0


def test_disabled_pass_leaves_the_text_and_counts():
    asm = "f:\n\tli\tt0, 5\n" + R4.format(rs3="t0")
    rep = errata.Report()
    assert errata.fix_asm(asm, rep, enabled=False) == asm and rep.e1_nops == 2


def test_scan_finds_straight_line_hazards():
    li_t0 = 0x5A500293                      # li t0, 0x5a5 (addi t0, zero, 0x5a5)
    bfnttk_t0 = 0x28B5F56B | (5 << 27)      # an R4 word with rs3 = t0
    code = li_t0.to_bytes(4, "little") + (bfnttk_t0 & 0xFFFFFFFF).to_bytes(4, "little")
    found = errata.scan_words(code, 0x100)
    assert found and "E1" in found[0] and found[0].startswith("0x00000104")
    c_nop = (0x0001).to_bytes(2, "little")
    assert errata.scan_words(li_t0.to_bytes(4, "little") + c_nop * 2
                             + (bfnttk_t0 & 0xFFFFFFFF).to_bytes(4, "little"), 0) == []


def test_build_inserts_and_scan_agrees(tmp_path: Path):
    src = tmp_path / "e1.c"
    src.write_text('int main(void) {\n  unsigned r;\n'
                   '  __asm__ volatile("li t0, 7\\n\\t.insn r4 0x6b, 7, 0, %0, zero, zero, t0" '
                   ': "=r"(r) : : "t0");\n  return (int)r;\n}\n')
    rep = fw.compile_c(src, tmp_path / "on" / "e1.elf")
    assert rep.e1_nops == 2 and errata.scan_elf(tmp_path / "on" / "e1.elf") == []
    fw.compile_c(src, tmp_path / "off" / "e1.elf", errata=False)
    assert any("E1" in h for h in errata.scan_elf(tmp_path / "off" / "e1.elf"))
