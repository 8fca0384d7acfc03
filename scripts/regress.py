"""`make test` and `make regress`: run every check, then write build/reports/.

Profiles
  ci       model tests, lint, every unit test, the system tests on two seeds (N instructions each),
           the quick formal jobs. What CI runs; about a few minutes on 2 cores.
  nightly  the same with more seeds and N=20000 per seed, a 100,000-instruction run, every formal
           job and the RTL mutants.

Reports (build/reports/): junit/*.xml (one file per step), summary.md (steps with seeds, status and
time; coverage per bin; latency per instruction; formal jobs), logs/*.log (full output per step).
Every failing step prints its reproduce command. Exit status is non-zero if any step failed.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from xml.sax.saxutils import escape

from scripts.units import ROOT, UNITS

REPORTS = ROOT / "build" / "reports"
PY = sys.executable


@dataclass
class Step:
    name: str
    cmd: list[str]
    repro: str
    seed: int | None = None
    junit: Path | None = None
    status: str = "not run"
    seconds: float = 0.0
    tail: list[str] = field(default_factory=list)


def sim_step(unit: str, seed: int, n: int | None = None, test: str | None = None) -> Step:
    tag = f"{unit}_s{seed}" + (f"_n{n}" if n else "")
    junit = REPORTS / "junit" / f"sim_{tag}.xml"
    cmd = [PY, "-m", "scripts.sim", "--unit", unit, "--seed", str(seed), "--junit", str(junit),
           "--report-dir", str(REPORTS / "raw" / tag)]
    repro = f"make sim UNIT={unit} SEED={seed}"
    if n:
        cmd += ["--n", str(n)]
        repro += f" N={n}"
    if test:
        cmd += ["--test", test]
        repro += f" TEST={test}"
    return Step(f"sim {unit} seed={seed}" + (f" N={n}" if n else ""), cmd, repro, seed, junit)


def plan(profile: str, seed: int, n: int | None) -> list[Step]:
    steps = [
        Step("model tests (pytest)", [PY, "-m", "pytest", "-q", "verif/models",
                                      f"--junitxml={REPORTS / 'junit' / 'models.xml'}"],
             "make models", junit=REPORTS / "junit" / "models.xml"),
        Step("lint", [PY, "-m", "scripts.lint"], "make lint"),
    ]
    for unit in UNITS:
        if unit != "top":
            steps.append(sim_step(unit, seed))
    if profile == "ci":
        steps += [sim_step("top", seed + k, n or 8000) for k in range(2)]
        steps.append(Step("formal (quick jobs)", [PY, "-m", "scripts.formal", "--quick", "--report",
                                                  str(REPORTS / "formal.json")], "make formal"))
    else:
        steps += [sim_step("top", seed + k, n or 20000) for k in range(4)]
        steps.append(sim_step("top", seed + 100, 100_000, "XifRandomTest"))
        steps.append(Step("formal (all jobs)", [PY, "-m", "scripts.formal", "--report",
                                                str(REPORTS / "formal.json")], "make formal"))
        steps.append(Step("RTL mutants", [PY, "-m", "scripts.mutate"], "make mutants"))
    return steps


def run_step(step: Step, index: int, total: int) -> None:
    log = REPORTS / "logs" / (step.name.replace(" ", "_").replace("=", "").replace("(", "")
                              .replace(")", "") + ".log")
    log.parent.mkdir(parents=True, exist_ok=True)
    print(f"[{index}/{total}] {step.name} ...", flush=True)
    start = time.monotonic()
    with log.open("w") as fh:
        proc = subprocess.run(step.cmd, cwd=ROOT, stdout=fh, stderr=subprocess.STDOUT)
    step.seconds = time.monotonic() - start
    step.status = "PASS" if proc.returncode == 0 else "FAIL"
    lines = log.read_text(errors="replace").splitlines()
    step.tail = lines[-15:]
    print(f"[{index}/{total}] {step.name}: {step.status} ({step.seconds:.1f} s)  log: "
          f"{log.relative_to(ROOT)}", flush=True)
    if step.status == "FAIL":
        for line in [ln for ln in lines if "Error" in ln or "error" in ln or "FAIL" in ln][-8:]:
            print("      " + line.strip()[:200])
        print(f"      reproduce: {step.repro}")


# ---------------------------------------------------------------------------------- reporting
def merged_coverage() -> dict[str, dict[str, int]]:
    total: dict[str, dict[str, int]] = {}
    for path in sorted(REPORTS.glob("raw/*/coverage_XifRandomTest.json")):
        for group, bins in json.loads(path.read_text()).items():
            for name, count in bins.items():
                total.setdefault(group, {}).setdefault(name, 0)
                total[group][name] += count
    return total


def latency_table() -> dict[str, object] | None:
    files = sorted(REPORTS.glob("raw/*/latency.json"))
    return json.loads(files[0].read_text()) if files else None


def write_summary(profile: str, seed: int, steps: list[Step], wall: float) -> Path:
    failed = [s for s in steps if s.status != "PASS"]
    md = [f"# PQX regression ({profile})", "",
          f"- date: {date.today().isoformat()}, base seed {seed}, wall time {wall:.0f} s",
          f"- result: **{'PASS' if not failed else 'FAIL'}** ({len(steps) - len(failed)}/{len(steps)} "
          f"steps passed)", "", "## Steps", "", "| step | seed | status | time (s) | reproduce |",
          "|---|---|---|---|---|"]
    for s in steps:
        md.append(f"| {s.name} | {s.seed if s.seed is not None else '-'} | {s.status} | "
                  f"{s.seconds:.1f} | `{s.repro}` |")

    lat = latency_table()
    md += ["", "## Latency per instruction (cycles, issue handshake to result_valid, zero-stall host)", ""]
    if lat:
        md += ["| instruction | measured | contract |", "|---|---|---|"]
        for name, cycles in lat["latency"].items():
            md.append(f"| {name} | {cycles} | {lat['contract'][name]} |")
        md.append(f"\nBack-to-back stream of {lat['stream']} instructions: one result per cycle.")
    else:
        md.append("(no latency measurement: the system tests did not run)")

    kernels: dict[str, object] = {}

    def collect(prefix: str, node: object) -> None:
        """Rows of measurements ({cycles: n, ...} or a number); text fields are descriptions."""
        if isinstance(node, dict) and "cycles" in node and not isinstance(node["cycles"], str):
            kernels[prefix] = node
        elif isinstance(node, dict):
            for key, sub in node.items():
                collect(f"{prefix} {key}".strip() if key not in ("levels",) else prefix, sub)
        elif isinstance(node, int):
            kernels[prefix] = node

    for path in sorted(REPORTS.glob("raw/*/kernel_cycles_*.json")):
        tag = "SLH-DSA n =" if "slhdsa" in path.name else ""
        collect(tag, json.loads(path.read_text()))
    md += ["", "## Kernel cycle counts (first issue to last result, zero-stall host)", ""]
    if kernels:
        md += ["| kernel | cycles | instructions | permutations |", "|---|---|---|---|"]
        for name, value in kernels.items():
            v = value if isinstance(value, dict) else {"cycles": value}
            md.append(f"| {name} | {v.get('cycles', '')} | {v.get('instructions', '')} | "
                      f"{v.get('permutations', '')} |")
    else:
        md.append("(no kernel measurements)")

    cov = merged_coverage()
    md += ["", "## Functional coverage (XifRandomTest, all seeds merged)", ""]
    if cov:
        hit = sum(1 for b in cov.values() for c in b.values() if c)
        allb = sum(len(b) for b in cov.values())
        md.append(f"{hit}/{allb} bins hit.\n")
        md += ["| group | bin | hits |", "|---|---|---|"]
        for group, bins in cov.items():
            for name, count in bins.items():
                md.append(f"| {group} | {name} | {count}{'  **EMPTY**' if not count else ''} |")
    else:
        md.append("(no coverage data)")

    formal = REPORTS / "formal.json"
    md += ["", "## Formal", ""]
    if formal.exists():
        md += ["| job | mode | status | time (s) |", "|---|---|---|---|"]
        for job in json.loads(formal.read_text()):
            md.append(f"| {job.get('job')} | {job.get('mode', '')} | {job.get('status')} | "
                      f"{job.get('seconds', 0):.1f} |")
    else:
        md.append("(formal did not run)")
    path = REPORTS / "summary.md"
    path.write_text("\n".join(md) + "\n")
    return path


def write_junit(steps: list[Step]) -> None:
    """One suite with a test case per step (the per-step files hold the individual tests)."""
    cases = []
    for s in steps:
        body = "" if s.status == "PASS" else \
            f'<failure message="{escape(s.repro, {chr(34): "&quot;"})}">{escape(chr(10).join(s.tail))}</failure>'
        cases.append(f'  <testcase classname="pqx.regress" name="{escape(s.name)}" '
                     f'time="{s.seconds:.2f}">{body}</testcase>')
    failures = sum(s.status != "PASS" for s in steps)
    xml = (f'<?xml version="1.0" encoding="UTF-8"?>\n<testsuite name="pqx-regress" '
           f'tests="{len(steps)}" failures="{failures}">\n' + "\n".join(cases) + "\n</testsuite>\n")
    (REPORTS / "junit" / "regress.xml").write_text(xml)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--profile", choices=["ci", "nightly"], default="ci")
    ap.add_argument("--seed", type=int, help="base seed (ci: 1; nightly: today's date)")
    ap.add_argument("--n", type=int, help="random instructions per system run")
    args = ap.parse_args(argv)
    seed = args.seed if args.seed is not None else (1 if args.profile == "ci" else
                                                    int(date.today().strftime("%Y%m%d")))
    for sub in ("junit", "raw", "logs"):
        path = REPORTS / sub
        if path.exists():
            for f in sorted(path.rglob("*"), reverse=True):
                f.unlink() if f.is_file() else f.rmdir()
        path.mkdir(parents=True, exist_ok=True)
    (REPORTS / "formal.json").unlink(missing_ok=True)
    steps = plan(args.profile, seed, args.n)
    print(f"regress: profile {args.profile}, base seed {seed}, {len(steps)} steps")
    start = time.monotonic()
    for k, step in enumerate(steps, 1):
        run_step(step, k, len(steps))
    wall = time.monotonic() - start
    write_junit(steps)
    summary = write_summary(args.profile, seed, steps, wall)
    failed = [s for s in steps if s.status != "PASS"]
    print(f"regress: {len(steps) - len(failed)}/{len(steps)} steps passed in {wall:.0f} s; "
          f"summary: {summary.relative_to(ROOT)}")
    for s in failed:
        print(f"regress: FAILED {s.name}: reproduce with `{s.repro}`")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
