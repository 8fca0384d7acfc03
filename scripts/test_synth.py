"""`make synth`: the flow runs end to end on a small unit (so it cannot rot), its counting is right on
circuits small enough to count by hand, and the report shows a change against the last run."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from scripts import synth
from verif.units import ROOT

WORK = ROOT / "build" / f"test_synth_{os.getpid()}"   # one per pytest process (xdist workers)


@pytest.fixture()
def work():
    shutil.rmtree(WORK, ignore_errors=True)
    WORK.mkdir(parents=True)
    yield WORK
    shutil.rmtree(WORK, ignore_errors=True)


def tiny_unit(work, body: str) -> synth.SynthUnit:
    src = work / "tiny.sv"
    src.write_text("`default_nettype none\nmodule tiny (input logic clk_i, input logic rst_ni,\n"
                   "  input logic a_i, input logic b_i, input logic c_i, output logic y_o);\n"
                   f"{body}\nendmodule\n")
    return synth.SynthUnit("tiny", "tiny", (str(src.relative_to(ROOT)),), 60)


def test_generic_counts_by_hand(work):
    """y = reg((a ^ b) & c) with an asynchronous reset: one XOR, one AND-type gate, one resettable
    flip-flop; depth 2; the cone in front of the register is those two gates."""
    unit = tiny_unit(work, "  logic q;\n  always_ff @(posedge clk_i or negedge rst_ni)\n"
                           "    if (!rst_ni) q <= 1'b0; else q <= (a_i ^ b_i) & c_i;\n  assign y_o = q;")
    fig = synth.generic_figures(synth.generic_netlist(unit, work / "tiny"))
    assert fig["ff"] == 1 and fig["gates"] == 2, fig["cells"]
    assert fig["cells"].get("$_DFF_PN0_") == 1
    assert fig["depth"] == 2
    gate_ge = sum(synth.GE_WEIGHTS[t] * n for t, n in fig["cells"].items() if not t.startswith("$_DFF"))
    assert fig["ge"] == round(gate_ge + synth.GE_WEIGHTS["$_DFF_PN0_"])
    assert [c["sink"] for c in fig["cones"]] == ["q"] and fig["cones"][0]["gates"] == 2


def test_depth_follows_the_longest_path(work):
    """A chain of four XORs behind one register and a single gate behind another: depth is the
    chain's, and the largest cone is listed first."""
    unit = tiny_unit(work, "  logic p, q;\n  logic [3:0] t;\n"
                           "  always_ff @(posedge clk_i) begin p <= a_i & b_i; q <= ^{t, a_i}; t <= {t[2:0], c_i}; end\n"
                           "  assign y_o = p | q;")
    fig = synth.generic_figures(synth.generic_netlist(unit, work / "tiny"))
    assert fig["cones"][0]["sink"] == "q" and fig["cones"][0]["depth"] >= 3
    assert fig["depth"] == fig["cones"][0]["depth"]


def test_wrapper_registers_every_port_but_clock_and_reset():
    ports = [("clk_i", "input", 1), ("rst_ni", "input", 1), ("a_i", "input", 8), ("y_o", "output", 3)]
    src = synth.wrapper(synth.SynthUnit("x", "x", (), 1), ports)
    assert "always @(posedge clk_i) a_i_r <= a_i;" in src
    assert "always @(posedge clk_i) y_o_r <= y_o_w;" in src and "assign y_o = y_o_r;" in src
    assert ".clk_i(clk_i)" in src and ".rst_ni(rst_ni)" in src and "clk_i_r" not in src


def test_pipelined_build_parameters_and_parts():
    """The pipelined build's parameter reaches every flow (chparam, the wrapper) and its gate count
    adds the pipelined arithmetic unit, not the default one."""
    top_p, arith_p = synth.SYNTH_UNITS["top_pipelined"], synth.SYNTH_UNITS["arith_pipelined"]
    assert top_p.chparam() == "chparam -set Pipelined 1 pqx_top; " and synth.SYNTH_UNITS["top"].chparam() == ""
    src = synth.wrapper(arith_p, [("clk_i", "input", 1), ("a_i", "input", 2)])
    assert "pqx_arith_unit #(.Pipelined(1)) u_dut (" in src
    assert "arith_pipelined" in top_p.parts() and "arith" not in top_p.parts()
    assert synth.SYNTH_UNITS["top"].parts() == synth.PARTS and "arith" in synth.PARTS
    glue = {"ge": 10, "ff": 1, "cones": []}
    results = {p: {"generic": {"ge": 100, "ff": 5}} for p in synth.PARTS}
    results["arith_pipelined"] = {"generic": {"ge": 1000, "ff": 50}}
    results["top"] = results["top_pipelined"] = {"generic": {"glue": glue}}
    n = len(synth.PARTS)
    assert synth.generic_total(results, "top", "ge") == 10 + 100 * n
    assert synth.generic_total(results, "top_pipelined", "ge") == 10 + 100 * (n - 1) + 1000
    assert synth.generic_total(results, "top_pipelined", "ff") == 1 + 5 * (n - 1) + 50


def test_decoder_through_both_flows(work):
    """The whole flow on the smallest unit: figures that are there and make sense."""
    reports = work / "reports"
    rc = synth.main(["--unit", "decoder", "--reports", str(reports), "--build", str(work / "build")])
    assert rc == 0
    doc = json.loads((reports / "synth.json").read_text())
    dec = doc["units"]["decoder"]
    assert dec["generic"]["ge"] > 50 and dec["generic"]["ff"] == 0       # combinational
    e = dec["ecp5"]
    assert e["routed"] and e["lut4"] > 20 and 20 < e["fmax_mhz"] < 500
    cp = e["critical_path"]
    assert cp["from"] and cp["to"] and cp["levels"] >= 1 and cp["logic_ns"] > 0
    assert "| decoder |" in (reports / "synth.md").read_text()


def test_report_shows_the_change_against_the_last_run(work):
    def run(fmax: float, lut: int, ge: int) -> dict:
        return {"decoder": {"generic": {"ge": ge, "ff": 0, "gates": ge, "depth": 3, "cones": []},
                            "ecp5": {"lut4": lut, "mult18": 0, "bram": 0, "fmax_mhz": fmax, "routed": True,
                                     "critical_path": None}}}
    old = {"when": "yesterday", "units": run(100.0, 100, 1000)}
    md = synth.write_reports(run(80.0, 125, 1000), old, work).read_text()
    row = next(ln for ln in md.splitlines() if ln.startswith("| decoder |"))
    assert "**80.0** (-20 % WORSE)" in row and "125 (+25 % WORSE)" in row
    assert "1,000 |" in row and "1,000 (" not in row        # unchanged: no bracket
    better = synth.write_reports(run(105.0, 95, 1000), old, work).read_text()
    row = next(ln for ln in better.splitlines() if ln.startswith("| decoder |"))
    assert "**105.0** (+5 %) |" in row and "95 (-5 %) |" in row


def test_a_placed_only_unit_says_so(work):
    """A unit whose manifest says place_only: its Fmax cell is the placement estimate marked
    "placed only", the report gives the manifest's reason, and the cycle tables' clock says which
    figure it is. Every place_only unit gives a reason."""
    placed = [n for n, u in synth.SYNTH_UNITS.items() if u.place_only]
    assert placed and all(len(synth.SYNTH_UNITS[n].place_only) > 20 for n in placed)
    name = placed[0]
    e = {"lut4": 10, "mult18": 0, "bram": 0, "fmax_mhz": None, "routed": False, "place_only": True,
         "estimate_mhz": 31.2, "pnr_s": 200, "critical_path": None}
    md = synth.write_reports({name: {"ecp5": e}}, {}, work).read_text()
    row = next(ln for ln in md.splitlines() if ln.startswith(f"| {name} |"))
    assert "placement estimate 31.2 MHz (placed only)" in row
    assert f"- {name}: {synth.SYNTH_UNITS[name].place_only}" in md
    (work / "synth.json").write_text(json.dumps({"units": {"top": {"ecp5": {**e, "when": "now"}}}}))
    assert "placed only" in synth.coprocessor_clock(work)[1]
    assert "did not finish" in synth.fmax_text({**e, "estimate_mhz": None})


def test_an_unplaced_unit_says_so(work):
    """A unit whose manifest says unplaced: no Fmax, the cell says why, the report gives the
    manifest's reason (every such unit gives one)."""
    unplaced = [n for n, u in synth.SYNTH_UNITS.items() if u.unplaced]
    assert unplaced and all(len(synth.SYNTH_UNITS[n].unplaced) > 20 for n in unplaced)
    name = unplaced[0]
    e = {"lut4": 10, "mult18": 0, "bram": 0, "fmax_mhz": None, "routed": False, "unplaced": True,
         "pnr_s": 0, "critical_path": None}
    md = synth.write_reports({name: {"ecp5": e}}, {}, work).read_text()
    row = next(ln for ln in md.splitlines() if ln.startswith(f"| {name} |"))
    assert "not placed (synthesis only)" in row
    assert f"- {name}: {synth.SYNTH_UNITS[name].unplaced}" in md


def test_placement_only_runs_nextpnr_without_routing(tmp_path, monkeypatch):
    """place_only asks nextpnr not to route, and a finished placement is an estimate, not a routed
    Fmax (nextpnr itself is not run here: the decoder test runs it)."""
    seen = []

    def fake(out, js, tag, timeout, extra=()):
        seen.append(extra)
        log = out / "nextpnr.log"
        log.write_text("Info: Max frequency for clock 'clk_i': 42.50 MHz (FAIL at 50.00 MHz)\n")
        return True, out / "none.json", log
    monkeypatch.setattr(synth, "nextpnr", fake)
    fig = synth.place_and_route(tmp_path, tmp_path / "x.json", 60, "router1", place_only=True)
    assert seen == [("--no-route",)] and fig["place_only"] and not fig["routed"]
    assert fig["estimate_mhz"] == 42.5 and fig["fmax_mhz"] is None


def test_unknown_unit_is_one_line_and_exit_2():
    r = subprocess.run([sys.executable, "-m", "scripts.synth", "--unit", "nosuch"], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 2
    assert r.stderr.strip().splitlines() == [r.stderr.strip()] and "unknown unit 'nosuch'" in r.stderr


def test_cycle_tables_clock(work):
    """Time = cycles / the coprocessor's Fmax; the placement estimate stands in when routing ran
    over budget; nothing when there are no figures."""
    assert synth.coprocessor_clock(work) is None and synth.microseconds(1000, None) == "-"
    doc = {"units": {"top": {"ecp5": {"fmax_mhz": 50.0, "when": "now"}}}}
    (work / "synth.json").write_text(json.dumps(doc))
    clock = synth.coprocessor_clock(work)
    assert clock[0] == 50.0 and synth.microseconds(1000, clock) == "20.0"
    doc["units"]["top"]["ecp5"] = {"fmax_mhz": None, "estimate_mhz": 12.5, "when": "now"}
    (work / "synth.json").write_text(json.dumps(doc))
    clock = synth.coprocessor_clock(work)
    assert clock[0] == 12.5 and "estimate" in clock[1] and synth.microseconds(25, clock) == "2.0"


def test_glue_cones_stop_at_black_boxes(work):
    """pqx_top's glue is counted with the units as black boxes: a loop through a black box must end
    the cone there (not run forever), and the glue's logic into the box is a cone of its own."""
    src = work / "glue.sv"
    src.write_text("`default_nettype none\nmodule sub (input logic [1:0] a_i, output logic y_o);\n"
                   "  assign y_o = ^a_i;\nendmodule\n"
                   "module glue (input logic clk_i, input logic a_i, input logic b_i, output logic y_o);\n"
                   "  logic q, w;\n  sub u_sub (.a_i({q ^ a_i, b_i}), .y_o(w));\n"
                   "  always_ff @(posedge clk_i) q <= w & b_i;\n  assign y_o = q;\nendmodule\n")
    unit = synth.SynthUnit("glue", "glue", (str(src.relative_to(ROOT)),), 60)
    fig = synth.generic_figures(synth.generic_netlist(unit, work / "glue", blackbox=["sub"]))
    sinks = {c["sink"]: c for c in fig["cones"]}
    assert sinks["u_sub.a_i"]["gates"] == 1 and sinks["q"]["gates"] == 1
    assert fig["ff"] == 1 and fig["depth"] == 1


def test_a_design_larger_than_the_device_is_a_figure(tmp_path):
    """nextpnr's utilisation lines over 100 % (measured: pqx_top needs 157 % of the LFE5U-85F's
    logic cells) make the unit 'does not fit', not a tool error; within the device, nothing."""
    log = tmp_path / "nextpnr.log"
    log.write_text("Info: Device utilisation:\nInfo: \t          TRELLIS_FF:   27675/  83640    33%\n"
                   "Info: \t        TRELLIS_COMB:  131700/  83640   157%\n"
                   "ERROR: Unable to place cell 'x', no BELs remaining to implement cell type 'TRELLIS_COMB'\n")
    assert synth.overfull(log) == {"TRELLIS_COMB": "131,700 / 83,640"}
    assert "does not fit" in synth.fmax_text({"does_not_fit": synth.overfull(log), "pnr_s": 1})
    log.write_text("Info: \t        TRELLIS_COMB:  83640/  83640   100%\nERROR: something else\n")
    assert synth.overfull(log) == {}


@pytest.mark.nightly      # 16 s: the cut builds are make synth's (nightly) alone
def test_cut_units_leave_a_design_that_elaborates(work):
    """pqx_top with units cut out: the stubs take the parameters pqx_top sets (the polynomial unit's
    Butterflies), the cut units' packages stay (pqx_top reads their constants), and the result
    elaborates; the cut units' own sources are gone."""
    unit = synth.SYNTH_UNITS["top_hash"]
    assert set(synth.SYNTH_UNITS["top"].cut) <= set(unit.cut) and "poly" in unit.cut
    files = unit.files()
    assert "rtl/poly/pqx_poly_pkg.sv" in files and "rtl/poly/pqx_poly_unit.sv" not in files
    srcs = synth.sources(unit, work)
    stub = (work / "stub_poly.sv").read_text()
    assert "parameter Butterflies = 2" in stub and "always @(posedge clk_i)" in stub
    wrap = work / "wrap.v"
    wrap.write_text(synth.wrapper(unit, synth.ports(unit, work)))
    synth.yosys(f"read_verilog -sv {srcs}; read_verilog {synth.rel(wrap)}; hierarchy -check -top "
                f"pqx_top_synth_wrap", work / "elab.log")
