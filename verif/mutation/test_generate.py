"""The mutant generator (verif/mutation/generate.py): what it mutates and what it leaves alone,
on a small module written here, and that every mutant of the real RTL applies to its file."""

from __future__ import annotations

from collections import Counter

from scripts.mutgen import equivalence
from scripts.units import ROOT, file_list
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
