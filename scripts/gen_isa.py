"""Write the files derived from the PQX instruction table (verif/models/isa_table.py).

    python -m scripts.gen_isa            # rewrite the generated regions and files
    python -m scripts.gen_isa --check    # exit 1 and name the stale files (what the test does)

Generated (committed, each marked "generated from verif/models/isa_table.py"):
  rtl/pqx_pkg.sv            the op_e enum (region)
  rtl/pqx_decoder.sv        the encoding -> op and op -> unit/writeback/rs_read/uses_so/multi_cycle/
                            background
                            tables (region)
  docs/isa.md               the encoding table (region)
  firmware/include/pqx.h    one static inline function per instruction around `.insn`
  rtl/poly/pqx_poly_pkg.sv  the NTT engine's twiddle ROMs, from verif/models/poly.py (region)
  rtl/pqx_top.f             pqx_top's file list, from the unit manifests (verif/manifest.py)
  rtl/pqx_pkg.sv            unit_e, UnitsBuilt and BackgroundUnits, from the manifests' ids (region)
  rtl/pqx_top.sv            the instances of the units with `contract = true` (region)
  pqx.core                  the FuseSoC core's file list: rtl/pqx_top.f's (region)
  formal/*/*.sby            in a proof job over all of pqx_top: its reads and [files] of
                            rtl/pqx_top.f (two regions)
  formal/ct/ct.sby          the constant-time invariant's probes, from formal/ct/control.txt (region)
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from verif import manifest
from verif.models import poly
from verif.models.isa_table import OPCODE_R4, RS1, RS2, RS3, TABLE, UNITS, InstrInfo, insn_template

ROOT = Path(__file__).resolve().parent.parent
SOURCE = "verif/models/isa_table.py"
TOOL = "python -m scripts.gen_isa"
SV_UNIT = {u: "pqx_pkg::Unit" + u.capitalize() for u in UNITS}


class GenError(Exception):
    pass


# ------------------------------------------------------------------ SystemVerilog
def sv_enum() -> str:
    lines = ["  typedef enum logic [6:0] {", "    OpIllegal,"]
    for k, i in enumerate(TABLE):
        sep = "," if k + 1 < len(TABLE) else ""
        lines.append(f"    {i.sv}{sep}".ljust(28) + f"// {i.name}")
    lines.append("  } op_e;")
    if len(TABLE) + 1 > 128:
        raise GenError("more than 127 instructions do not fit the 7-bit op_e")
    return "\n".join(lines)


def sv_decoder() -> str:
    r4 = [i for i in TABLE if i.format == "r4"]
    r_groups: dict[tuple[int, int], list[InstrInfo]] = {}
    for i in TABLE:
        if i.format == "r":
            r_groups.setdefault((i.opcode, i.funct3), []).append(i)
    out = ["  always_comb begin",
           "    op = pqx_pkg::OpIllegal;",
           f"    if (opcode == 7'h{OPCODE_R4:02X}) begin         // R4: funct3 x funct2",
           "      unique case ({funct3, funct2})"]
    for i in r4:
        out.append(f"        {{3'b{i.funct3:03b}, 2'd{i.funct}}}: op = pqx_pkg::{i.sv};")
    out += ["        default:          op = pqx_pkg::OpIllegal;",
            "      endcase"]
    for (opcode, funct3), rows in r_groups.items():
        out += [f"    end else if (opcode == 7'h{opcode:02X} && funct3 == 3'b{funct3:03b}) begin"
                "   // R: funct7",
                "      unique case (funct7)"]
        for i in rows:
            out.append(f"        7'h{i.funct:02X}: op = pqx_pkg::{i.sv};")
        out += ["        default: op = pqx_pkg::OpIllegal;",
                "      endcase"]
    out += ["    end",
            "  end",
            "",
            "  // Unit, writeback, source registers, S/O use, multi-cycle and background flags of each op: every",
            f"  // field is 0 unless the op sets it (unit 0 is {SV_UNIT[UNITS[0]]}; OpIllegal is never accepted,",
            "  // so its fields are never used).",
            "  always_comb begin",
            "    dec_o    = '0;",
            "    dec_o.op = op;",
            "    unique case (op)"]
    for i in TABLE:
        fields = [(f"dec_o.unit = {SV_UNIT[i.unit]};", i.unit != UNITS[0]),
                  ("dec_o.writeback = 1'b1;", i.writeback),
                  (f"dec_o.rs_read = 3'b{i.register_read:03b};", i.register_read != 0),
                  ("dec_o.uses_so = 1'b1;", i.touches_so),
                  ("dec_o.multi_cycle = 1'b1;", i.multi_cycle),
                  ("dec_o.background = 1'b1;", i.background)]
        body = " ".join(text for text, differs in fields if differs)
        out.append(f"      pqx_pkg::{i.sv}: begin   // {i.name}")
        out += [f"        {body}"] if body else []
        out.append("      end")
    out += ["      default: ;", "    endcase", "  end"]
    return "\n".join(out)


# ------------------------------------------------------------------ the execution units
MANIFESTS = "rtl/*/unit.toml"
TOP_READS = "rtl/pqx_top.f (its reads)"
TOP_FILES = "rtl/pqx_top.f (its files)"
CT_CONTROL = "formal/ct/control.txt"
CT_WIDTH = f"{CT_CONTROL} (its width)"
CT_PROBES = f"{CT_CONTROL} (its registers)"

CONTRACT: dict[str, tuple[str, str]] = {
    "clk_i":      ("input",  "clk_i"),
    "rst_ni":     ("input",  "rst_units_n"),   # cleared by ZEROIZE as by reset
    "start_i":    ("input",  "exec_fire && ex.dec.unit == {u}"),
    "op_i":       ("input",  "ex.dec.op"),
    "rs1_i":      ("input",  "ex.rs[31:0]"),
    "rs2_i":      ("input",  "ex.rs[63:32]"),
    "rs3_i":      ("input",  "ex.rs[95:64]"),
    "data_o":     ("output", "unit_data[{u}]"),
    "exc_o":      ("output", "unit_exc[{u}]"),
    "mc_start_i": ("input",  "mc_start && ex.dec.unit == {u}"),
    "mc_done_o":  ("output", "unit_mc_done[{u}]"),
    "mc_data_o":  ("output", "unit_mc_data[{u}]"),
    "mc_ack_i":   ("input",  "mc_finish && mc_unit_q == {u}"),
    "busy_o":     ("output", "unit_busy[{u}]"),
}
"""The unit port contract (docs/architecture.md, "The unit port contract"): each port a unit may
have, its direction and what pqx_top connects to it ({u}: the unit's pqx_pkg::unit_e). A unit
has the ports it needs; an output it lacks reads as 0."""


def module_ports(text: str, module: str) -> list[tuple[str, str]]:
    """(direction, name) of each port of `module` in `text` (ANSI header, one port a line)."""
    m = re.search(rf"^\s*module\s+{module}\b(.*?)\);", text, re.S | re.M)
    if not m:
        raise GenError(f"module {module} not found")
    header = re.sub(r"//[^\n]*", "", m.group(1))
    return re.findall(r"\b(input|output|inout)\b[^,]*?(\w+)\s*(?:\[[^\]]*\]\s*)*(?=,|$)", header)


def sv_units(root: Path = ROOT) -> str:
    units = manifest.execution_units(root)
    width = max(len(SV_UNIT[m.name]) for m in units) - len("pqx_pkg::")
    lines = ["  typedef enum logic [3:0] {"]
    for k, m in enumerate(units):
        sep = "," if k + 1 < len(units) else " "
        lines.append(f"    {SV_UNIT[m.name][len('pqx_pkg::'):].ljust(width)} = 4'd{m.id}{sep}  // {m.about}")
    built = sum(1 << m.id for m in units)
    ids = {m.name: m.id for m in units}
    background = sum(1 << ids[u] for u in {i.unit for i in TABLE if i.background})
    lines += ["  } unit_e;",
              "",
              "  // Units whose datapath exists; the decoder rejects (accept=0) every other unit.",
              f"  localparam logic [15:0] UnitsBuilt = 16'b{built:016b};",
              "  // Units with background instructions (verif/models/isa_table.py): while one waits in the",
              "  // in-flight queue or runs, the unit's instructions wait at the issue port.",
              f"  localparam logic [15:0] BackgroundUnits = 16'b{background:016b};"]
    return "\n".join(lines)


def sv_unit_instances(root: Path = ROOT) -> str:
    out: list[str] = []
    for m in manifest.execution_units(root):
        if not m.contract:
            continue
        text = "\n".join((root / f).read_text() for f in m.files)
        ports = module_ports(text, m.top)
        names = [name for _, name in ports]
        for direction, name in ports:
            if CONTRACT.get(name, ("",))[0] != direction:
                raise GenError(f"{m.folder}/unit.toml: {m.top} has {direction} {name}, not a port of "
                               "the unit contract: set contract = false and wire it in rtl/pqx_top.sv")
        u = SV_UNIT[m.name]
        w = max(len(n) for n in names)
        out.append(f"  // {m.name}: {m.about}")
        out.append(f"  {m.top} u_{m.name} (")
        out += [f"    .{n.ljust(w)} ({CONTRACT[n][1].format(u=u)}){',' if k + 1 < len(names) else ''}"
                for k, n in enumerate(names)]
        out.append("  );")
        out += [f"  assign {conn.format(u=u)} = '0;" for n, (d, conn) in CONTRACT.items()
                if d == "output" and n not in names]
    return "\n".join(out)


# ------------------------------------------------------------------ documentation
def md_table() -> str:
    def reads(mask: int) -> str:
        names = [n for bit, n in ((RS1, "rs1"), (RS2, "rs2"), (RS3, "rs3")) if mask & bit]
        return ", ".join(names) or "-"
    rows = ["| instruction | format, opcode | funct3 | funct2 / funct7 | unit | reads | writeback | latency "
            "| latency, pipelined build |",
            "|---|---|---|---|---|---|---|---|---|"]
    for i in TABLE:
        lat = str(i.latency) + (f" ({i.latency_robust} robust)" if i.latency_robust else "")
        lat_p = str(i.latency_pipelined) + (
            f" ({i.latency_robust_pipelined} robust)" if i.latency_robust_pipelined else "")
        funct = f"{i.funct}" if i.format == "r4" else f"0x{i.funct:02X}"
        rows.append(f"| {i.name} | {i.format.upper()} 0x{i.opcode:02X} | `{i.funct3:03b}` | {funct} | {i.unit} | "
                    f"{reads(i.register_read)} | {int(i.writeback)} | {lat} | {lat_p} |")
    return "\n".join(rows)


# ------------------------------------------------------------------ C header
def c_function(i: InstrInfo) -> str:
    insn, args = insn_template(i)
    params = ", ".join(f"uint32_t {a}" for a in args) or "void"
    ins = ", ".join(f'[{a}] "r"({a})' for a in args)
    ret = "uint32_t" if i.writeback else "void"
    lat = f"{i.latency} cycle{'s' if i.latency > 1 else ''}" + (
        f", {i.latency_robust} robust" if i.latency_robust else "")
    body = [f"/* {i.name}: {i.unit} unit, {lat} */",
            f"static inline {ret} pqx_{i.name.lower()}({params})", "{"]
    # the polynomial unit's DMA reads and writes host memory behind the compiler's back
    clobber = ' : "memory"' if i.unit == "poly" else ""
    if clobber and not ins:
        raise ValueError(f"{i.name}: a polynomial instruction without operands")
    if i.writeback:
        body += ["    uint32_t rd;", f'    __asm__ volatile("{insn}" : [rd] "=r"(rd) : {ins}{clobber});'
                 if ins else f'    __asm__ volatile("{insn}" : [rd] "=r"(rd));', "    return rd;"]
    else:
        body.append(f'    __asm__ volatile("{insn}" : : {ins}{clobber});' if ins
                    else f'    __asm__ volatile("{insn}");')
    body.append("}")
    return "\n".join(body)


def c_header() -> str:
    head = f"""/* PQX instructions for firmware: one static inline function per instruction.
 *
 * Generated from {SOURCE} by `{TOOL}`: do not edit.
 *
 * Arguments are the source registers the instruction reads (rs1, rs2, rs3 in that order); the
 * function returns rd for an instruction with writeback. Registers an instruction does not read
 * are encoded as x0. Every statement is `volatile`: PQX instructions change coprocessor state, so
 * the compiler keeps them, in program order. The polynomial unit's also clobber "memory": POLY_LD
 * reads and POLY_ST writes host memory in the background, and every polynomial instruction waits
 * until the transfer before it has ended, so the compiler must not move loads and stores across
 * any of them (after a POLY_ST, any polynomial instruction, POLY_CNT for one, is the fence).
 * Needs an assembler that knows `.insn` (GNU as, LLVM).
 */
#ifndef PQX_H
#define PQX_H

#include <stdint.h>
"""
    return head + "\n" + "\n\n".join(c_function(i) for i in TABLE) + "\n\n#endif /* PQX_H */\n"


# ------------------------------------------------------------------ the NTT engine's ROMs
def sv_rom(name: str, what: str, values: list[int]) -> str:
    bits = (len(values) - 1).bit_length()
    lines = [f"  // {what}", f"  function automatic logic [CoefW-1:0] {name}(logic [{bits - 1}:0] k);",
             "    unique case (k)"]
    lines += [f"      {bits}'d{k}: {name} = 24'd{v};" for k, v in enumerate(values)]
    lines += [f"      default: {name} = '0;", "    endcase", "  endfunction"]
    return "\n".join(lines)


def sv_poly_roms() -> str:
    return "\n\n".join([
        sv_rom("zeta_k", "ML-KEM: 17^BitRev7(k) mod 3329 (FIPS 203 section 4.3)", poly.ZETAS_K),
        sv_rom("gamma_k", "ML-KEM: 17^(2 BitRev7(k) + 1) mod 3329 (FIPS 203 Algorithm 11)",
               poly.GAMMAS_K),
        sv_rom("zeta_d", "ML-DSA: 1753^BitRev8(k) mod 8380417 (FIPS 204 Algorithm 41)",
               poly.ZETAS_D)])


# ------------------------------------------------------------------ regions
def begin_marker(comment: str, source: str = SOURCE) -> str:
    return f"{comment} ---- BEGIN GENERATED from {source} by `{TOOL}`: do not edit ----"


def replace_region(text: str, comment: str, body: str, end: str = "", source: str = SOURCE) -> str:
    begin = begin_marker(comment, source)
    stop = f"{comment} ---- END GENERATED ----{end}"
    pat = re.compile(re.escape(begin) + r".*?" + re.escape(stop), re.S)
    if not pat.search(text):
        raise GenError(f"markers not found ({begin!r} ... {stop!r})")
    return pat.sub(lambda _: f"{begin}\n{body}\n{stop}", text, count=1)


def outputs(root: Path = ROOT) -> dict[str, str]:
    """Repository-relative path -> its content as generated now (regions filled into the files
    found under `root`)."""
    files = {}
    pkg = (root / "rtl" / "pqx_pkg.sv").read_text()
    pkg = replace_region(pkg, "  //", sv_enum())
    files["rtl/pqx_pkg.sv"] = replace_region(pkg, "  //", sv_units(root), source=MANIFESTS)
    top = (root / "rtl" / "pqx_top.sv").read_text()
    files["rtl/pqx_top.sv"] = replace_region(top, "  //", sv_unit_instances(root), source=MANIFESTS)
    dec = (root / "rtl" / "pqx_decoder.sv").read_text()
    files["rtl/pqx_decoder.sv"] = replace_region(dec, "  //", sv_decoder())
    doc = (root / "docs" / "isa.md").read_text()
    files["docs/isa.md"] = replace_region(doc, "<!--", md_table(), end=" -->")
    files["firmware/include/pqx.h"] = c_header()
    rom = (root / "rtl" / "poly" / "pqx_poly_pkg.sv").read_text()
    files["rtl/poly/pqx_poly_pkg.sv"] = replace_region(rom, "  //", sv_poly_roms(),
                                                       source="verif/models/poly.py")
    files["rtl/pqx_top.f"] = manifest.top_file_list_text(root)
    top_files = manifest.top_file_list(root)
    for sby in sorted((root / "formal").glob("*/*.sby")):
        text = sby.read_text()
        if begin_marker("#", TOP_READS) in text:
            text = replace_region(text, "#", "\n".join(f"read -sv {Path(f).name}" for f in top_files),
                                  "", TOP_READS)
            text = replace_region(text, "#", "\n".join(f"../../{f}" for f in top_files), "", TOP_FILES)
            files[str(sby.relative_to(root))] = text
    sby = "formal/ct/ct.sby"
    width, probes = ct_probes(root)
    text = replace_region(files.get(sby) or (root / sby).read_text(), "#", width, "", CT_WIDTH)
    files[sby] = replace_region(text, "#", probes, "", CT_PROBES)
    core = (root / "pqx.core").read_text()
    files["pqx.core"] = replace_region(core, "      #", "\n".join(f"      - {f}" for f in top_files),
                                       source=MANIFESTS)
    return files


def ct_probes(root: Path = ROOT) -> tuple[str, str]:
    """The constant-time job's probe width (a chparam) and its connections, per build: one list
    of control registers (formal/ct/control.txt: path, width and `pipe` for the pipelined build's
    own a line) for both copies, each behind the constant 2'b10 that the property checks (Yosys
    would fit a list of the wrong width silently). Task tags: `one` the builds without the
    pipeline, `pipe` the pipelined build."""
    regs: list[tuple[str, int, bool]] = []
    for n, line in enumerate((root / CT_CONTROL).read_text().splitlines(), 1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        if not (len(words) == 2 or (len(words) == 3 and words[2] == "pipe")) or not words[1].isdigit() \
                or not re.fullmatch(r"[\w.]+", words[0]):
            raise GenError(f"{CT_CONTROL}:{n}: want `path width [pipe]`, not {' '.join(words)!r}")
        regs.append((words[0], int(words[1]), len(words) == 3))
    widths, probes = [], []
    for tag, pipe in (("one", False), ("pipe", True)):
        some = [(r, w) for r, w, p in regs if pipe or not p]
        widths.append(f"{tag}: chparam -set CtlW {sum(w for _, w in some)} pqx_ct_top_props")
        probes += [f"{tag}: connect -nomap -nounset -set p_ctl_{c} 2'b10," + ",".join(f"u_{c}.{r}" for r, _ in some)
                   for c in "ab"]
    return "\n".join(widths), "\n".join(probes)


def stale(root: Path = ROOT, files: dict[str, str] | None = None) -> list[str]:
    """Generated files under `root` that differ from what the table gives now (`files`: the
    outputs if already computed)."""
    files = outputs(root) if files is None else files
    return [rel for rel, text in files.items()
            if not (root / rel).exists() or (root / rel).read_text() != text]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only report stale files (exit 1)")
    args = ap.parse_args(argv)
    try:
        files = outputs()
    except (GenError, OSError, manifest.ManifestError) as exc:
        print(f"gen_isa: error: {exc}", file=sys.stderr)
        return 2
    stale_files = stale(ROOT, files)
    if args.check:
        for rel in stale_files:
            print(f"gen_isa: {rel} is stale: run `{TOOL}`")
        return 1 if stale_files else 0
    for rel in stale_files:
        (ROOT / rel).parent.mkdir(parents=True, exist_ok=True)
        (ROOT / rel).write_text(files[rel])
        print(f"gen_isa: wrote {rel}")
    if not stale_files:
        print("gen_isa: every generated file is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
