"""The mutant generator (verif/mutation/generate.py, scripts/mutgen.py): what it mutates and what it leaves alone,
on a small module written here, and that every mutant of the real RTL applies to its file."""

from __future__ import annotations

from collections import Counter

import pytest

from scripts.mutgen import equivalence
from verif.units import ROOT, file_list
from verif.mutation.generate import generate

SV = """`default_nettype none
module tiny #(parameter int W = 8) (
  input  logic         clk_i,
  input  logic [W-1:0] a_i,
  input  logic [1:0]   sel_i,
  output logic [W-1:0] y_o
);
  logic [W-1:0] q;
  logic unused_bits;
  always_ff @(posedge clk_i) q <= a_i + 8'h01;
  always_comb begin
    y_o = q;
    unique case (sel_i)
      2'd0: y_o = q & a_i;
      2'd1: if (a_i == 8'd3) y_o = {2{q[3:0]}};
      default: ;
    endcase
  end
  assign unused_bits = ^a_i;
endmodule
"""


def tiny(tmp_path):
    (tmp_path / "tiny.sv").write_text(SV)
    return generate("tiny.sv", root=tmp_path)


def test_kinds_on_a_small_module(tmp_path):
    ms = tiny(tmp_path)
    got = sorted(m.describe().split(": ", 1)[1] for m in ms)
    assert got == sorted([
        "+ -> -", "8'h01 -> 8'h0", "q <= a_i + 8'h01; -> ;",           # always_ff line
        "y_o = q; -> ;",
        "& -> |", "y_o = q & a_i; -> ;",
        "a_i == 8'd3 -> !(a_i == 8'd3)", "== -> !=", "8'd3 -> 8'd2", "y_o = {2{q[3:0]}}; -> ;"])
    # left alone: the non-blocking <=, widths [W-1:0], the case labels 2'd0/2'd1, the repetition
    # count 2, the part select [3:0], the lint sink `unused_bits`


def test_mutants_apply_and_ids_are_unique(tmp_path):
    ms = tiny(tmp_path)
    data = (tmp_path / "tiny.sv").read_bytes()
    for m in ms:
        mutated = m.apply(data)
        assert mutated != data and mutated.replace(m.replacement.encode(), b"", 1) != mutated or not m.replacement
    assert len({m.id for m in ms}) == len(ms)


def test_every_rtl_mutant_applies():
    """Each generated mutant of the coprocessor's RTL replaces exactly the text it names."""
    kinds = Counter()
    for f in file_list("rtl/pqx_top.f"):
        rel = str(f.relative_to(ROOT))
        data = f.read_bytes()
        for m in generate(rel):
            assert data[m.start:m.end].decode() == m.original
            kinds[m.kind] += 1
    assert set(kinds) == {"op", "const", "cond", "drop"} and sum(kinds.values()) > 1000


def test_equivalence_matches_file_line_text_and_change(tmp_path):
    ms = tiny(tmp_path)
    lines = {"tiny.sv": SV.splitlines()}
    m = next(x for x in ms if x.kind == "op" and x.original == "&")
    entry = {"file": "tiny.sv", "line": "y_o = q & a_i", "mutant": "& -> |", "reason": "r"}
    assert equivalence(m, [entry], lines) == "r"
    assert equivalence(m, [dict(entry, mutant="& -> ^")], lines) == ""
    assert equivalence(m, [dict(entry, line="q | a_i")], lines) == ""


def test_equivalence_occurrence_picks_one_of_identical_lines():
    """Two lines with the same text: `occurrence` names one (the reset of a counter, not its clear
    at a start)."""
    lines = {"f.sv": ["  always_ff begin", "    c_q <= '0;", "    if (go) c_q <= '0;", "  end"]}

    class M:                                  # the two "drop" mutants, as generate() describes them
        file = "f.sv"
        def __init__(self, line: int) -> None:
            self.line = line
        def describe(self) -> str:
            return f"f.sv:{self.line}: c_q <= '0; -> ;"
    entry = {"file": "f.sv", "line": "c_q <= '0;", "mutant": "c_q <= '0; -> ;", "reason": "r"}
    assert equivalence(M(2), [entry], lines) == "r" and equivalence(M(3), [entry], lines) == "r"
    assert equivalence(M(2), [dict(entry, occurrence=1)], lines) == "r"
    assert equivalence(M(3), [dict(entry, occurrence=1)], lines) == ""


def test_equivalence_list_matches_generated_mutants():
    """Each entry of verif/mutation/equivalent.toml still names a generated mutant (not stale)."""
    from scripts.mutgen import default_files, load_equivalent
    files = default_files()
    lines = {f: (ROOT / f).read_text().splitlines() for f in files}
    mutants = [m for f in files for m in generate(f)]
    for entry in load_equivalent():
        assert any(equivalence(m, [entry], lines) for m in mutants), f"stale entry: {entry}"


@pytest.mark.nightly      # 20 s: the generated mutants (and their lint stage) run only at night
def test_lint_stage_catches_what_simulation_cannot():
    """The function result left partly undriven (Verilator's locals start at 0, so no simulation
    sees it) is flagged by the lint stage."""
    from scripts.mutgen import lint
    mutants = {m.id: m for m in generate("rtl/slhdsa/pqx_slhdsa_unit.sv")}
    undriven = next(m for m in mutants.values() if m.kind == "drop" and m.original == "shake_block = '0;")
    assert "no driver" in lint(undriven)


@pytest.mark.nightly
def test_lint_stage_passes_a_clean_mutant():
    """A mutant that leaves the behaviour alone (a loop bound the loop never reaches) passes
    every check of the lint stage: the stage flags mutants, not the RTL."""
    from scripts.mutgen import lint
    mutants = {m.id: m for m in generate("rtl/slhdsa/pqx_slhdsa_unit.sv")}
    loop = next(m for m in mutants.values() if m.kind == "const" and m.original == "33"
                and "w < 33" in (ROOT / m.file).read_text().splitlines()[m.line - 1])
    assert lint(loop) == ""
