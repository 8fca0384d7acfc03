"""`make lint`: Verilator --lint-only -Wall and the Yosys front end over every RTL file (pqx_top and
the SoC around it), and the FuseSoC core (pqx.core): its description parses and its lint target
runs.

The tools read pqx_top with its file list (every module is in its hierarchy; package parameters
are shared, so linting a module alone would report the ones it does not use). A file under rtl/
that is not in rtl/pqx_top.f is an error: it would escape the checks. The FuseSoC target is what a
team pulling PQX into its own flow runs (`fusesoc --cores-root <pqx> run --target lint
pqx:pqx:pqx_top`); it builds in build/fusesoc/.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from scripts.tools import setup_verilator_env, venv_tool, yosys_tool
from verif.units import ROOT, file_list

CORE = "pqx:pqx:pqx_top"


YOSYS_STRICT = ["-q", "-e", ".*"]
"""The Yosys front end fails on any warning (a wire used without a driver, say: a function result
not assigned in full), as Verilator -Wall does."""


def yosys_front_end(files: list[Path], top: str, root: Path = ROOT,
                    params: tuple[tuple[str, int], ...] = ()) -> list[str]:
    """The Yosys front end over `top` with `params` set: read, elaborate, processes to netlists,
    then `check` (undriven or multiply driven wires, combinational loops). The optimisation and
    wire-width passes of `prep` come after the front end and found nothing these don't; leaving
    them out saves about 40 % of each run. Relative paths: the WebAssembly Yosys does not see
    every absolute path (/tmp, for one)."""
    script = ("read_verilog -sv " + " ".join(str(f.relative_to(root)) for f in files) + "; "
              + "".join(f"chparam -set {name} {value} {top}; " for name, value in params)
              + f"hierarchy -top {top}; proc; opt_clean; check -assert")
    return [yosys_tool(), *YOSYS_STRICT, "-p", script]


def run(cmd: list[str], cwd: Path = ROOT) -> tuple[bool, str]:
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    return proc.returncode == 0, (proc.stdout + proc.stderr)


def top_checks(root: Path = ROOT) -> list[tuple[str, list[str]]]:
    """Verilator -Wall and the Yosys front end over pqx_top, default and pipelined build, of the
    tree at `root` (the repository, or a mutant's copy: scripts/mutgen.py); run them in `root`."""
    top_files = [root / f.relative_to(ROOT) for f in file_list("rtl/pqx_top.f")]
    return [
        ("verilator pqx_top (rtl/pqx_top.f)",
         ["verilator", "--lint-only", "-Wall", "--top-module", "pqx_top"] + [str(x) for x in top_files]),
        ("yosys front end (rtl/pqx_top.f)", yosys_front_end(top_files, "pqx_top", root)),
        # the pipelined build (docs/synthesis.md) has its own generate branches
        ("verilator pqx_top Pipelined=1",
         ["verilator", "--lint-only", "-Wall", "--top-module", "pqx_top", "-GPipelined=1"]
         + [str(x) for x in top_files]),
        ("yosys front end pqx_top Pipelined=1",
         yosys_front_end(top_files, "pqx_top", root, (("Pipelined", 1),)))]


def main() -> int:
    setup_verilator_env()
    top_files = file_list("rtl/pqx_top.f")
    from verif.soc.sources import soc_sources
    soc_files = [Path(f) for f in soc_sources()[0]]
    all_sv = sorted((ROOT / "rtl").rglob("*.sv"))
    failures = 0
    stray = [f for f in all_sv if f not in top_files and f not in soc_files]
    for f in stray:
        print(f"lint: FAIL {f.relative_to(ROOT)}: in neither rtl/pqx_top.f nor rtl/soc/pqx_soc.f")
        failures += 1

    checks = top_checks()
    # the two-round Keccak engine (KeccakRoundsPerCycle = 2) has its own generate branch
    keccak = [str(ROOT / "rtl" / "keccak" / f) for f in ("pqx_keccak_round.sv", "pqx_keccak_engine.sv")]
    checks.append(("verilator pqx_keccak_engine RoundsPerCycle=2",
                   ["verilator", "--lint-only", "-Wall", "--top-module", "pqx_keccak_engine",
                    "-GRoundsPerCycle=2"] + keccak))
    checks.append(("yosys front end pqx_keccak_engine RoundsPerCycle=2",
                   yosys_front_end([Path(f) for f in keccak], "pqx_keccak_engine",
                                   params=(("RoundsPerCycle", 2),))))
    # the polynomial engine's other builds (PolyButterflies = 1, 4): generate loops per lane
    for bf in (1, 4):
        checks.append((f"verilator pqx_top PolyButterflies={bf}",
                       ["verilator", "--lint-only", "-Wall", "--top-module", "pqx_top",
                        f"-GPolyButterflies={bf}"] + [str(x) for x in top_files]))
        checks.append((f"yosys front end pqx_top PolyButterflies={bf}",
                       yosys_front_end(top_files, "pqx_top", params=(("PolyButterflies", bf),))))
    # the SoC's queue-only execute (IssueBypass = 0): Verilator sees it in pqx_soc below
    checks.append(("yosys front end pqx_top IssueBypass=0",
                   yosys_front_end(top_files, "pqx_top", params=(("IssueBypass", 0),))))
    # the SoC: Verilator over the whole of it (the host core's own files waived by
    # rtl/soc/cv32e40x_lint.vlt), the Yosys front end over PQX's SoC modules with flat ports
    checks.append(("verilator pqx_soc (rtl/soc/pqx_soc.f)",
                   ["verilator", "--lint-only", "-Wall", "--top-module", "pqx_soc",
                    str(ROOT / "rtl" / "soc" / "cv32e40x_lint.vlt")] + [str(x) for x in soc_files]))
    ours = [x for x in soc_files if x.is_relative_to(ROOT / "rtl")]
    for top in ("pqx_xif_bridge", "pqx_soc_ram", "pqx_soc_arbiter", "pqx_soc_sysregs"):
        checks.append((f"yosys front end ({top})",
                       yosys_front_end([x for x in ours if x.name != "pqx_soc.sv"], top)))
    fusesoc = [venv_tool("fusesoc"), "--cores-root", str(ROOT)]
    checks.append(("fusesoc core-info (pqx.core)", fusesoc + ["core-info", CORE]))
    checks.append(("fusesoc lint target (pqx.core)",
                   fusesoc + ["run", "--target", "lint", "--build-root",
                              str(ROOT / "build" / "fusesoc"), CORE]))

    for label, cmd in checks:
        ok, out = run(cmd)
        print(f"lint: {'ok  ' if ok else 'FAIL'} {label}")
        if not ok:
            failures += 1
            print("\n".join("      " + line for line in out.strip().splitlines()
                            if not line.startswith("- V")))
    print(f"lint: {len(checks)} checks, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
