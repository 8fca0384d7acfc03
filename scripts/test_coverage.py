"""Code coverage (scripts/coverage.py): Verilator's coverage.dat is read and merged right, a line
is covered only when every point on it was hit, an uncovered line without a reason is a finding,
and bad input gives one line and status 2."""

from __future__ import annotations

import json

import pytest

from scripts import coverage
from verif.units import ROOT

FILE = "rtl/arith/pqx_barrett.sv"


def point(path: str, t: str, line: int, count: int, o: str = "block", s: str = "", col: int = 3,
          inst: str = "pqx_top.u_arith.u_b") -> str:
    fields = [("f", path), ("l", str(line)), ("n", str(col)), ("t", t), ("page", f"v_{t}/pqx_barrett"),
              ("o", o)] + ([("S", s)] if s else []) + [("h", inst)]
    return "C '" + "".join(f"\x01{k}\x02{v}" for k, v in fields) + f"' {count}"


def write(tmp_path, name: str, lines: list[str]):
    p = tmp_path / name
    p.write_text("# SystemC::Coverage-3\n" + "\n".join(lines) + "\n")
    return p


def test_merge_over_instances_copies_and_runs(tmp_path):
    """The same point in two instances, in a copy of the tree elsewhere and in two runs is one
    point with the counts summed; a source outside rtl/ (the bench) is ignored."""
    a = write(tmp_path, "a.dat", [point(f"/x/rtl/{FILE[4:]}", "line", 52, 2, s="52"),
                                  point(f"/x/rtl/{FILE[4:]}", "line", 52, 3, s="52", inst="other"),
                                  point("/x/verif/tb.sv", "line", 1, 0)])
    b = write(tmp_path, "b.dat", [point(f"/tmp/pqx_mutant_1/rtl/{FILE[4:]}", "line", 52, 4, s="52")])
    pts = coverage.collect([a, b])
    assert list(pts.values()) == [9]
    assert next(iter(pts))[0] == FILE


def test_line_needs_every_point_hit(tmp_path):
    """A block (lines 52-53) hit, an if on line 53 whose implicit else never ran: line 52 covered,
    53 not (the branch convention); toggles counted per file."""
    dat = write(tmp_path, "c.dat", [point(FILE, "line", 52, 5, s="52-53"),
                                    point(FILE, "branch", 53, 5, o="if", s="53"),
                                    point(FILE, "branch", 53, 0, o="else", col=4),
                                    point(FILE, "toggle", 40, 1, o="a[0]:0->1"),
                                    point(FILE, "toggle", 40, 0, o="a[0]:1->0")])
    files, stale = coverage.analyse(coverage.collect([dat]), [])
    (fc,) = files
    assert fc.lines == {52: 5, 53: 0}
    assert fc.toggles == (1, 2)
    assert [u[0] for u in fc.uncovered] == [53] and fc.uncovered[0][2] == ""   # a finding
    assert stale == []


def test_reasons_explain_and_go_stale(tmp_path):
    text = (ROOT / FILE).read_text().splitlines()[52].strip()       # line 53
    dat = write(tmp_path, "d.dat", [point(FILE, "line", 53, 0, s="53"), point(FILE, "line", 54, 1, s="54")])
    covered_text = (ROOT / FILE).read_text().splitlines()[53].strip()
    reasons = [{"file": FILE, "text": text, "reason": "because"},
               {"file": FILE, "text": covered_text, "reason": "no longer true"}]
    files, stale = coverage.analyse(coverage.collect([dat]), reasons)
    assert files[0].uncovered == [(53, text, "because")]
    assert len(stale) == 1 and covered_text in stale[0]


def test_report_annotates_and_round_trips(tmp_path):
    dat = write(tmp_path, "e.dat", [point(FILE, "line", 52, 7, s="52"), point(FILE, "line", 53, 0, s="53")])
    md, unexplained = coverage.report([dat], tmp_path / "out")
    assert unexplained == 1 and "1/2" in "\n".join(md)
    ann = (tmp_path / "out" / (FILE + ".txt")).read_text().splitlines()
    assert ann[51].split()[:2] == ["7", "52"] and ann[52].startswith(">>>>>>")
    merged = tmp_path / "out" / "coverage.json"
    md2, _ = coverage.report([], tmp_path / "again", [merged])     # a shard's merged points
    assert json.loads(merged.read_text())["points"] == \
        json.loads((tmp_path / "again" / "coverage.json").read_text())["points"]


def test_bad_input_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.dat"
    bad.write_text("C 'broken\n")
    assert coverage.main([str(bad), "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("coverage: error:")
    assert coverage.main([str(tmp_path / "missing.dat")]) == 2


def test_strict_fails_on_a_finding(tmp_path):
    dat = write(tmp_path, "f.dat", [point(FILE, "line", 53, 0, s="53")])
    assert coverage.main([str(dat), "--out", str(tmp_path / "o"), "--strict"]) == 1
    assert coverage.main([str(dat), "--out", str(tmp_path / "o")]) == 0


def test_nightly_marks_explain_in_ci_and_must_be_reached_at_night(tmp_path):
    """A [[nightly]] mark explains an uncovered line in make test's runs; the nightly's own runs
    must reach it (an unreached mark is a finding there); a reached mark is not stale at night."""
    text = (ROOT / FILE).read_text().splitlines()[52].strip()       # line 53
    marks = [{"file": FILE, "text": text, "reason": "mce N=8", "kind": "nightly"}]
    unreached = coverage.collect([write(tmp_path, "g.dat", [point(FILE, "line", 53, 0, s="53")])])
    reached = coverage.collect([write(tmp_path, "h.dat", [point(FILE, "line", 53, 4, s="53")])])
    (fc,), stale = coverage.analyse(unreached, marks)
    assert fc.uncovered[0][2].startswith("reached only by the nightly") and stale == []
    (fc,), stale = coverage.analyse(unreached, marks, nightly=True)
    assert fc.uncovered[0][2] == "" and fc.missed_marks == {53: "mce N=8"} and stale == []
    assert "not reached: a finding" in "\n".join(coverage.markdown([fc], stale, 1))
    (fc,), stale = coverage.analyse(reached, marks, nightly=True)
    assert fc.uncovered == [] and stale == []
    _, stale = coverage.analyse(reached, marks)        # make test reaches it now: drop the mark
    assert len(stale) == 1 and "nightly mark" in stale[0]


def test_reasons_file_kinds(tmp_path):
    f = tmp_path / "r.toml"
    f.write_text('[[unreachable]]\nfile = "a"\ntext = "b"\nreason = "c"\n'
                 '[[nightly]]\nfile = "d"\ntext = "e"\nreason = "f"\n')
    assert [e["kind"] for e in coverage.load_reasons(f)] == ["unreachable", "nightly"]
    f.write_text('[[nightly]]\nfile = "d"\ntext = "e"\n')
    with pytest.raises(ValueError, match="nightly"):
        coverage.load_reasons(f)
