"""`make test` and `make regress`: run every check, then write build/reports/.

Profiles
  ci       model tests, lint, every unit test, the system tests on two seeds (N instructions each),
           the CI form of every formal task (formal/tasks.toml), the mutants that proofs and the
           SoC's fast path kill, and the SoC: the `make run` contract, CHECK=1 on known programs
           (erratum trips must be caught), every kernel on short inputs, the ML-KEM firmware
           against kyber-py and a NIST ACVP sample through `make kat`, the firmware mutants.
           What `make test` runs.
  coverage every simulation unit once and the system test on two seeds, for the code coverage
           report alone (`make coverage`): fails while an uncovered line has no reason.
  nightly  the same with more seeds and N=20000 per seed, a 100,000-instruction run, every formal
           task in full, every mutant, every kernel with CHECK=1, the full cycle tables (kernels
           and schemes, with the constant-time figures), more scheme cases on both builds, and
           the implementation figures (`make synth`; the quick synthesis check of one small unit
           is in the model tests).

Steps run in parallel (--jobs, default 2); steps that share a build directory (the system tests
of one unit) run one after the other.

Reports (build/reports/): junit/*.xml (one file per step), summary.md (steps with seeds, status and
time; coverage per bin; code coverage per file; latency per instruction; formal jobs), logs/*.log
(full output per step), coverage/ (scripts/coverage.py: annotated sources, the merged points).
Every simulation is built with code coverage; the nightly fails while an uncovered line has no
reason (verif/coverage/unreachable.toml), `make test` only reports it.
Every failing step prints its reproduce command. Exit status is non-zero if any step failed.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
import re
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
    lane: str = ""        # steps with the same lane (a shared build directory) never overlap
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
    return Step(f"sim {unit} seed={seed}" + (f" N={n}" if n else ""), cmd, repro, seed, junit,
                lane=f"sim:{unit}")


def coverage_plan(seed: int, n: int | None) -> list[Step]:
    """`make coverage`: every simulation unit once and the system test on two seeds."""
    return ([sim_step("top", seed + k, n or 8000) for k in range(2)] +
            [sim_step(unit, seed) for unit in UNITS if unit != "top"])


def plan(profile: str, seed: int, n: int | None) -> list[Step]:
    if profile == "coverage":
        return coverage_plan(seed, n)
    steps = [
        Step("model tests (pytest)", [PY, "-m", "pytest", "-q",
                                      f"--junitxml={REPORTS / 'junit' / 'models.xml'}"],
             "make models", junit=REPORTS / "junit" / "models.xml"),
        Step("lint", [PY, "-m", "scripts.lint"], "make lint"),
        Step("SoC: make run contract (firmware on CV32E40X + PQX)", [PY, "-m", "scripts.run", "--selftest"],
             "python -m scripts.run --selftest", lane="soc"),
    ]
    for unit in UNITS:
        if unit != "top":
            steps.append(sim_step(unit, seed))
    # the long steps first, so that the two lanes finish together
    formal_cmd = [PY, "-m", "scripts.formal", "--jobs", "1", "--report", str(REPORTS / "formal.json")]
    if profile == "ci":
        long = [Step("formal (CI form of every task)", formal_cmd + ["--quick"],
                     "python -m scripts.formal --quick", lane="formal")]
        long += [sim_step("top", seed + k, n or 8000) for k in range(2)]
        long.append(Step("mutants checked by proofs", [PY, "-m", "scripts.mutate", "--checker",
                                                       "formal", "--no-baseline"],
                         "python -m scripts.mutate --checker formal", lane="mutants"))
        long.append(Step("SoC: CHECK=1 (scoreboard, protocol, lockstep) on known programs",
                         [PY, "-m", "scripts.check", "--selftest", "--seed", str(seed)],
                         f"python -m scripts.check --selftest --seed {seed}", lane="soc-check"))
        long.append(Step("SoC kernels, short inputs (outputs vs references)",
                         [PY, "-m", "scripts.cycles", "--quick", "--seed", str(seed),
                          "--report", str(REPORTS / "cycles-quick")],
                         f"python -m scripts.cycles --quick --seed {seed}", lane="soc"))
        long.append(Step("SoC mutants (firmware must catch them)",
                         [PY, "-m", "scripts.mutate", "--checker", "soc", "--no-baseline"],
                         "python -m scripts.mutate --checker soc", lane="soc"))
        long += scheme_steps(seed, "ci")
    else:
        long = [Step("implementation figures (make synth: generic gates, ECP5 place and route)",
                     [PY, "-m", "scripts.synth", "--jobs", "1", "--reports", str(REPORTS)], "make synth",
                     lane="synth"),
                Step("RTL mutants", [PY, "-m", "scripts.mutate", "--jobs", "1"], "make mutants",
                     lane="mutants"),
                Step("formal (every task)", formal_cmd, "make formal", lane="formal")]
        long.append(sim_step("top", seed + 100, 100_000, "XifRandomTest"))
        long.append(Step("SoC: CHECK=1 (scoreboard, protocol, lockstep) on known programs",
                         [PY, "-m", "scripts.check", "--selftest", "--seed", str(seed)],
                         f"python -m scripts.check --selftest --seed {seed}", lane="soc-check"))
        long.append(Step("SoC kernels with CHECK=1 (short inputs; scoreboard, lockstep)",
                         [PY, "-m", "scripts.cycles", "--quick", "--check", "--seed", str(seed),
                          "--report", str(REPORTS / "cycles-check")],
                         f"python -m scripts.cycles --quick --check --seed {seed}",
                         lane="soc-check"))
        long.append(Step("SoC: cycle table (make cycles)",
                         [PY, "-m", "scripts.cycles", "--seed", str(seed), "--report", str(REPORTS)],
                         f"make cycles SEED={seed}", lane="soc"))
        # (the SoC and firmware mutants, soc, soc-check and firmware, are in "RTL mutants")
        long += scheme_steps(seed, "nightly")
        long += [sim_step("top", seed + k, n or 20000) for k in range(4)]
    return long + steps


SLOW_MUTANTS = ("mldsa_intt_twiddle", "slh_wots_checksum_shift", "slh_fors_auth_not_sibling")
"""Firmware mutants left to the nightly: every ML-DSA signing attempt fails, so the check waits
for the cycle limit (a few minutes); an SLH-DSA check signs (about a minute)."""
ACVP_SAMPLES = ("verif/vectors/acvp/vectors/ML-KEM.bz2", "verif/vectors/acvp/vectors/ML-DSA.bz2")


def scheme_steps(seed: int, profile: str) -> list[Step]:
    """The scheme firmware on the SoC (scripts/schemes.py): checks against the references, the
    NIST ACVP samples through `make kat`, and (nightly) the scheme cycle table."""
    steps = [Step(f"schemes: {Path(f).stem} ACVP sample through make kat (firmware on the SoC)",
                  [PY, "-m", "scripts.kat", "--vectors", f], f"make kat VECTORS={f}", lane="soc")
             for f in ACVP_SAMPLES]
    if profile == "ci":
        steps.append(Step("schemes: firmware vs kyber-py / dilithium-py (1 case per set, PQX; "
                          "baseline: ML-KEM-512)",
                          [PY, "-m", "scripts.schemes", "--selftest", "--seed", str(seed)],
                          f"python -m scripts.schemes --selftest --seed {seed}", lane="soc"))
        from verif.mutation.table import MUTATIONS
        quick = ",".join(m.name for m in MUTATIONS if m.checker == "firmware" and m.name not in SLOW_MUTANTS)
        steps.append(Step("firmware mutants (the scheme checks must catch them)",
                          [PY, "-m", "scripts.mutate", "--only", quick, "--no-baseline"],
                          f"python -m scripts.mutate --only {quick}", lane="soc"))
    else:
        steps.append(Step("schemes: cycle table and constant time (3 cases per set, both builds)",
                          [PY, "-m", "scripts.schemes", "--cycles", "3", "--seed", str(seed),
                           "--report", str(REPORTS)],
                          f"python -m scripts.schemes --cycles 3 --seed {seed}", lane="soc"))
        steps.append(Step("schemes: firmware vs the references (2 cases per set, both builds)",
                          [PY, "-m", "scripts.schemes", "--check", "2", "--seed", str(seed)],
                          f"python -m scripts.schemes --check 2 --seed {seed}", lane="soc-check"))
    return steps


def run_step(step: Step, index: int, total: int) -> None:
    log = REPORTS / "logs" / (re.sub(r"[^\w.-]+", "_", step.name).strip("_") + ".log")
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


def run_parallel(steps: list[Step], jobs: int) -> None:
    """Run the steps in plan order on `jobs` workers; two steps of one lane never overlap."""
    lock = threading.Lock()
    busy: set[str] = set()
    pending = list(enumerate(steps, 1))
    wake = threading.Condition(lock)

    def worker() -> None:
        while True:
            with lock:
                while True:
                    ready = [(i, s) for i, s in pending if not s.lane or s.lane not in busy]
                    if ready or not pending:
                        break
                    wake.wait()
                if not pending:
                    return
                index, step = ready[0]
                pending.remove((index, step))
                if step.lane:
                    busy.add(step.lane)
            run_step(step, index, len(steps))
            with lock:
                busy.discard(step.lane)
                wake.notify_all()

    threads = [threading.Thread(target=worker) for _ in range(max(1, jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


# ---------------------------------------------------------------------------------- reporting
def merged_coverage() -> dict[str, dict[str, int]]:
    total: dict[str, dict[str, int]] = {}
    for path in sorted(REPORTS.glob("raw/*/coverage_XifRandomTest.json")):
        for group, bins in json.loads(path.read_text()).items():
            for name, count in bins.items():
                total.setdefault(group, {}).setdefault(name, 0)
                total[group][name] += count
    return total


def is_pipelined_run(raw_dir: Path) -> bool:
    """A raw report directory (raw/<unit>_s<seed>...) of a pipelined-build unit."""
    return "_pipelined_" in raw_dir.name


def latency_table(pipelined: bool = False) -> dict[str, object] | None:
    files = [f for f in sorted(REPORTS.glob("raw/*/latency.json")) if is_pipelined_run(f.parent) == pipelined]
    return json.loads(files[0].read_text()) if files else None


def write_summary(profile: str, seed: int, steps: list[Step], wall: float,
                  code_coverage: list[str]) -> Path:
    failed = [s for s in steps if s.status != "PASS"]
    md = [f"# PQX regression ({profile})", "",
          f"- date: {date.today().isoformat()}, base seed {seed}, wall time {wall:.0f} s",
          f"- result: **{'PASS' if not failed else 'FAIL'}** ({len(steps) - len(failed)}/{len(steps)} "
          f"steps passed)", "", "## Steps", "", "| step | seed | status | time (s) | reproduce |",
          "|---|---|---|---|---|"]
    for s in steps:
        md.append(f"| {s.name} | {s.seed if s.seed is not None else '-'} | {s.status} | "
                  f"{s.seconds:.1f} | `{s.repro}` |")

    lat, lat_p = latency_table(), latency_table(pipelined=True)
    md += ["", "## Latency per instruction (cycles, issue handshake to result_valid, zero-stall host)", ""]
    if lat or lat_p:
        names = list((lat or lat_p)["latency"])
        md += ["| instruction | measured | contract | pipelined build: measured | contract |",
               "|---|---|---|---|---|"]
        for name in names:
            cells = [str(t["latency"].get(name, "-")) if t else "-" for t in (lat, lat_p)]
            want = [str(t["contract"].get(name, "-")) if t else "-" for t in (lat, lat_p)]
            md.append(f"| {name} | {cells[0]} | {want[0]} | {cells[1]} | {want[1]} |")
        for label, t in (("", lat), ("pipelined build: ", lat_p)):
            if t:
                md.append(f"\n{label}back-to-back stream of {t['stream']} instructions: one result per cycle.")
    else:
        md.append("(no latency measurement: the system tests did not run)")

    # kernel -> build ("default"/"pipelined") -> measurement
    kernels: dict[str, dict[str, object]] = {}

    def collect(prefix: str, node: object, build: str) -> None:
        """Rows of measurements ({cycles: n, ...} or a number); text fields are descriptions."""
        if isinstance(node, dict) and "cycles" in node and not isinstance(node["cycles"], str):
            kernels.setdefault(prefix, {})[build] = node
        elif isinstance(node, dict):
            for key, sub in node.items():
                collect(f"{prefix} {key}".strip() if key not in ("levels",) else prefix, sub, build)
        elif isinstance(node, int):
            kernels.setdefault(prefix, {})[build] = node

    for path in sorted(REPORTS.glob("raw/*/kernel_cycles_*.json")):
        tag = "SLH-DSA n =" if "slhdsa" in path.name else ""
        collect(tag, json.loads(path.read_text()), "pipelined" if is_pipelined_run(path.parent) else "default")
    md += ["", "## Kernel cycle counts (first issue to last result, zero-stall host)", ""]
    if kernels:
        from scripts.synth import coprocessor_clock, microseconds
        clock, clock_p = coprocessor_clock(), coprocessor_clock(unit="top_pipelined")
        md += ["| kernel | cycles | instructions | permutations | time (us) | pipelined build: cycles "
               "| time (us) |", "|---|---|---|---|---|---|---|"]
        for name, builds in kernels.items():
            v, vp = ({"cycles": x} if isinstance(x, int) else (x or {})
                     for x in (builds.get("default"), builds.get("pipelined")))
            md.append(f"| {name} | {v.get('cycles', '-')} | {v.get('instructions', '')} | "
                      f"{v.get('permutations', '')} | {microseconds(v.get('cycles'), clock)} | "
                      f"{vp.get('cycles', '-')} | {microseconds(vp.get('cycles'), clock_p)} |")
        for label, c in (("", clock), ("pipelined build: ", clock_p)):
            md.append(f"\n{label}time at {c[0]} MHz, {c[1]}." if c else
                      f"\n{label}no time column: no `make synth` figure for it yet.")
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

    md += ["", "## Code coverage (every simulation of this run, merged)", ""]
    md += code_coverage or ["(no simulation left a coverage.dat)"]

    formal = REPORTS / "formal.json"
    md += ["", "## Formal", ""]
    if formal.exists():
        jobs = json.loads(formal.read_text())
        notes_path = formal.with_suffix(".changes.json")
        notes = json.loads(notes_path.read_text()) if notes_path.exists() else []
        counts = {st: sum(j.get("status") == st for j in jobs)
                  for st in ("PASS", "OPEN", "FAIL", "ERROR", "UNKNOWN")}
        md.append(", ".join(f"{n} {st}" for st, n in counts.items() if n) + ". OPEN: a proof "
                  "known not to close within its budget (formal/tasks.toml gives the reason); it "
                  "does not fail the run. A smoke run is the cheap CI form of a task (a short BMC).\n")
        if notes:
            md += ["**Changes:**", ""] + [f"- {note}" for note in notes] + [""]
        md += ["| job | form | mode | status | time (s) | note |", "|---|---|---|---|---|---|"]
        for job in jobs:
            note = job.get("open", "") if job.get("status") == "OPEN" else \
                ("" if job.get("status") == "PASS" else job.get("detail", "").replace("\n", " "))
            note = note[:300].replace("|", "\\|")      # a pipe would end the table cell
            md.append(f"| {job.get('job')} | {job.get('form', 'full')} | {job.get('mode', '')} | "
                      f"{job.get('status')} | {job.get('seconds', 0):.1f} | {note} |")
    else:
        md.append("(formal did not run)")
    md += ["", "## Kernel cycles on the SoC", ""]
    table = next((t for t in (REPORTS / "cycles.md", REPORTS / "cycles-quick" / "cycles.md")
                  if t.exists()), None)
    if table is not None:     # scripts/cycles.py's table, without its title
        md += table.read_text().split("\n", 2)[2:]
    else:
        md.append("(the kernels did not run)")
    md += ["", "## Scheme cycles on the SoC", ""]
    if (REPORTS / "schemes.md").exists():     # scripts/scheme_cycles.py's table, without its title
        md += (REPORTS / "schemes.md").read_text().split("\n", 2)[2:]
    else:
        md.append("(the scheme cycle table did not run: nightly)")
    md += ["", "## Implementation figures", ""]
    if (REPORTS / "synth.md").exists():        # scripts/synth.py's report, without its title
        md += (REPORTS / "synth.md").read_text().split("\n", 2)[2:]
    else:
        md.append("(make synth did not run: nightly)")
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
    ap.add_argument("--profile", choices=["ci", "nightly", "coverage"], default="ci")
    ap.add_argument("--seed", type=int, help="base seed (ci: 1; nightly: today's date)")
    ap.add_argument("--n", type=int, help="random instructions per system run")
    ap.add_argument("--jobs", "-j", type=int, default=min(2, os.cpu_count() or 1),
                    help="steps run in parallel (default 2)")
    args = ap.parse_args(argv)
    seed = args.seed if args.seed is not None else (1 if args.profile != "nightly" else
                                                    int(date.today().strftime("%Y%m%d")))
    for sub in ("junit", "raw", "logs"):
        path = REPORTS / sub
        if path.exists():
            for f in sorted(path.rglob("*"), reverse=True):
                f.unlink() if f.is_file() else f.rmdir()
        path.mkdir(parents=True, exist_ok=True)
    for stale in (REPORTS / "cycles.md", REPORTS / "cycles-quick" / "cycles.md", REPORTS / "schemes.md"):
        stale.unlink(missing_ok=True)
    # formal.json stays: scripts.formal compares the new run with it (changes)
    steps = plan(args.profile, seed, args.n)
    print(f"regress: profile {args.profile}, base seed {seed}, {len(steps)} steps, "
          f"{args.jobs} in parallel")
    start = time.monotonic()
    run_parallel(steps, args.jobs)
    wall = time.monotonic() - start
    code_coverage, unexplained = [], 0
    dat = sorted(REPORTS.glob("raw/*/coverage.dat"))
    if dat:
        from scripts.coverage import report
        code_coverage, unexplained = report(dat, REPORTS / "coverage")
    if unexplained and args.profile != "ci":
        # the nightly's and `make coverage`'s goal: every line covered or its reason given
        steps.append(Step("code coverage: every uncovered line has a reason", [],
                          "make coverage", status="FAIL",
                          tail=[f"{unexplained} uncovered lines without a reason "
                                f"(build/reports/coverage/coverage.md)"]))
        print(f"regress: code coverage: {unexplained} uncovered lines without a reason; see "
              f"build/reports/coverage/coverage.md")
    write_junit(steps)
    summary = write_summary(args.profile, seed, steps, wall, code_coverage)
    failed = [s for s in steps if s.status != "PASS"]
    print(f"regress: {len(steps) - len(failed)}/{len(steps)} steps passed in {wall:.0f} s; "
          f"summary: {summary.relative_to(ROOT)}")
    for s in failed:
        print(f"regress: FAILED {s.name}: reproduce with `{s.repro}`")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
