"""RTL mutation testing: plant one known bug at a time and check that its checker catches it.

    python -m scripts.mutate [--list] [--only NAME[,NAME...]] [--checker sim|formal] [--unit top]
                             [--seed 1] [--n N] [--jobs N] [--timeout S] [--build-timeout S]
                             [--no-baseline | --baseline-only]

The table is verif/mutation/table.py: (file, exact original text, replacement, description,
checker). Each mutant runs on a copy of the tree with the original text replaced (it must occur
exactly once; verif/mutation/checks.py checks the table before anything runs).
* checker "sim": rtl/ is copied, the unit is built with Verilator in build/mutants/<name>/ and its
  tests run with a fixed seed: for the default unit "top" verif.tests.test_top XifRandomTest with
  PQX_N default; `--unit state` or `--unit decoder` runs that unit's tests instead (mutants of files
  outside the unit are skipped). A mutant is KILLED when the test fails; the first exception line
  of the run log (ScoreboardError, ProtocolError, ...) is the killer. A run that does not finish
  within --timeout seconds after its build counts as killed by the timeout (the test hung).
* checker "formal:JOB:TASK": rtl/ and formal/ are copied and the proof task runs on the copy
  (scripts.formal --root); KILLED when it finds a counterexample.
A mutant whose check passes SURVIVED and makes the script exit 1. Before the simulation mutants the
unmutated copy is built and run once (the baseline), which must pass; --no-baseline skips it.
Exit status: 0 every mutant killed, 1 a mutant survived, 2 error (inconsistent table, baseline
failure, build failure). Logs: build/mutants/<name>/{build,run,worker}.log or formal.log.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from scripts.tools import setup_verilator_env
from verif.units import ROOT, UNITS, VERILATOR_ARGS

MUTANT_DIR = ROOT / "build" / "mutants"
BASELINE = "_baseline"


from verif.mutation import checks
from verif.mutation.table import BY_NAME, MUTATIONS, Mutation

# An exception line of a cocotb traceback: "<indent>verif.uvm.protocol.ProtocolError: message".
_CHECK_RE = re.compile(r"^\s*(?:[A-Za-z_][\w]*\.)*([A-Z]\w*(?:Error|Exception|Failure)):\s?(.*)$")


def occurrences(m: Mutation) -> int:
    return (ROOT / m.file).read_text().count(m.original)


def _run_on_copy(m: Mutation, tree: str, cmd: list[str], log_name: str,
                 env: dict[str, str] | None = None) -> tuple[int, list[str], float]:
    """Copy `tree` (rtl or firmware) to a temporary root, plant the mutant in it, run `cmd` with
    `--root <copy>` appended (and `env` added to the environment); (exit status, log lines,
    seconds). The log stays in build/mutants."""
    out = MUTANT_DIR / m.name
    out.mkdir(parents=True, exist_ok=True)
    t0 = time.monotonic()
    tmp = Path(tempfile.mkdtemp(prefix=f"pqx_mutant_{m.name}_", dir=MUTANT_DIR))
    try:
        shutil.copytree(ROOT / tree, tmp / tree)
        path = tmp / m.file
        path.write_text(path.read_text().replace(m.original, m.replacement))
        with open(out / log_name, "w") as log:
            proc = subprocess.run(cmd + ["--root", str(tmp)], cwd=ROOT, stdout=log,
                                  stderr=subprocess.STDOUT, env={**os.environ, **(env or {})})
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return proc.returncode, (out / log_name).read_text(errors="replace").splitlines(), time.monotonic() - t0


def run_soc(m: Mutation) -> "Outcome":
    """Run the firmware self-test of the SoC on a mutated copy of rtl/: `scripts.run --selftest`
    (checker "soc", the fast path) or `scripts.check --selftest` ("soc-check", CHECK=1)."""
    module = "scripts.check" if m.checker == "soc-check" else "scripts.run"
    # the mutant's simulator is built once and runs a few short programs: compiled without
    # optimisation (scripts/run.py, PQX_QUICK_BUILD)
    rc, lines, secs = _run_on_copy(m, "rtl", [sys.executable, "-m", module, "--selftest",
                                              "--first-failure", "--start-with", m.killed_by], "soc.log",
                                   env={"PQX_QUICK_BUILD": "1"})
    if rc == 0:
        return Outcome(m.name, "SURVIVED", "-", secs)
    failed = [ln for ln in lines if ": FAIL (" in ln]
    if failed:
        return Outcome(m.name, "killed", re.sub(r"^(run|check): ", "firmware ", failed[0]), secs)
    return Outcome(m.name, "error", f"SoC self-test did not run (see {MUTANT_DIR / m.name}/soc.log)", secs)


def run_firmware(m: Mutation) -> "Outcome":
    """Checker "firmware": the scheme firmware of a mutated copy of firmware/ checked against the
    references (`python -m scripts.schemes --check 1 --param ML-KEM-512 --variant pqx`; ML-DSA-44
    or SLH-DSA-SHAKE-128f or Falcon-512 or HQC-1 for a file of the ML-DSA, SLH-DSA, Falcon or HQC
    firmware, or the mutant's own `param`; the baseline build where the program has no PQX build)."""
    from verif.soc.schemes import PARAM_SETS
    param = m.param or ("ML-DSA-44" if "mldsa" in m.file else "SLH-DSA-SHAKE-128f" if "slhdsa" in m.file
                        else "Falcon-512" if "falcon" in m.file else "HQC-1" if "hqc" in m.file else "ML-KEM-512")
    variant = "pqx" if PARAM_SETS[param].pqx else "baseline"
    rc, lines, secs = _run_on_copy(m, "firmware", [sys.executable, "-m", "scripts.schemes", "--check", "1",
                                                   "--param", param, "--variant", variant], "firmware.log")
    if rc == 0:
        return Outcome(m.name, "SURVIVED", "-", secs)
    failed = [ln.strip() for ln in lines if ln.strip().startswith("FAIL ")]
    if failed:
        return Outcome(m.name, "killed", f"firmware {failed[0]}", secs)
    return Outcome(m.name, "error", f"scheme check did not run (see {MUTANT_DIR / m.name}/firmware.log)", secs)


def run_tvla(m: Mutation) -> "Outcome":
    """Checker "tvla": the leakage campaign (ML-KEM-768 Decaps, 8 traces) on a mutated copy of
    rtl/; killed when its check fails (a unit active without an instruction of its own, or
    traces of unequal length or instruction sequence)."""
    rc, lines, secs = _run_on_copy(m, "rtl", [sys.executable, "-m", "scripts.tvla", "--traces", "8",
                                              "--report", str(MUTANT_DIR / m.name)], "tvla.log")
    if rc == 0:
        return Outcome(m.name, "SURVIVED", "-", secs)
    found = [ln.strip("* ") for ln in lines if ln.startswith("**")]
    if rc == 1 and found:
        return Outcome(m.name, "killed", f"leakage check: {found[0]}", secs)
    return Outcome(m.name, "error", f"leakage campaign did not run (see {MUTANT_DIR / m.name}/tvla.log)", secs)


def run_formal(m: Mutation) -> "Outcome":
    """Run the mutant's proof task on a mutated copy of rtl/ and formal/."""
    _, job, task = m.checker.split(":")
    out = MUTANT_DIR / m.name
    out.mkdir(parents=True, exist_ok=True)
    t0 = time.monotonic()
    tmp = Path(tempfile.mkdtemp(prefix=f"pqx_mutant_{m.name}_", dir=MUTANT_DIR))
    try:
        for sub in ("rtl", "formal"):
            shutil.copytree(ROOT / sub, tmp / sub)
        path = tmp / m.file
        path.write_text(path.read_text().replace(m.original, m.replacement))
        report = tmp / "formal.json"
        with open(out / "formal.log", "w") as log:
            subprocess.run([sys.executable, "-m", "scripts.formal", "--root", str(tmp), "--job",
                            f"{job}:{task}", "--jobs", "1", "--report", str(report)],
                           cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
        try:
            result = json.loads(report.read_text())[0]
        except (OSError, ValueError, IndexError):
            return Outcome(m.name, "error", f"no formal report (see {out}/formal.log)",
                           time.monotonic() - t0)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    secs = time.monotonic() - t0
    status = result["status"]
    if status == "FAIL":
        lines = result.get("detail", "").splitlines()
        first = next((ln for ln in lines if "failed assertion" in ln), lines[0] if lines else "FAIL")
        return Outcome(m.name, "killed", f"formal {job}:{task}: {first.strip()}", secs)
    if status == "PASS":
        return Outcome(m.name, "SURVIVED", "-", secs)
    return Outcome(m.name, "error", f"formal {job}:{task}: {status} (see {out}/formal.log)", secs)


# ---------------------------------------------------------------------------------------- worker
# Build reuse: every mutant is a whole Verilator build, and the Verilator and cocotb runtime
# objects (verilated.o, verilated_vpi.o, ...) and the model files the mutation leaves alone are
# the same in each: the compiler cache (scripts/tools.py) hands those back.


def mutant_dir(name: str, unit_name: str) -> Path:
    return MUTANT_DIR / (name if unit_name == "top" else f"{name}.{unit_name}")


def worker(name: str, unit_name: str, seed: int, n: int | None, spec: Path | None = None,
           test: str | None = None) -> int:
    """Build one mutant (or the baseline) from a mutated copy of rtl/ and run the unit's tests.
    The mutant is the table's entry `name`, or with `spec` a generated one (a JSON file:
    verif/mutation/generate.py's Mutant fields).

    Writes build/mutants/<name>/status.json; returns 0 when the tests passed, 1 when they failed,
    2 on a build or infrastructure error.
    """
    from cocotb_tools.check_results import get_results
    from cocotb_tools.runner import get_runner

    unit = UNITS[unit_name]
    out = mutant_dir(name, unit_name)
    out.mkdir(parents=True, exist_ok=True)
    status: dict[str, object] = {"name": name, "unit": unit_name}
    t0 = time.monotonic()
    tmp = Path(tempfile.mkdtemp(prefix=f"pqx_mutant_{name.replace('/', '_')}_"))
    try:
        shutil.copytree(ROOT / "rtl", tmp / "rtl")
        if spec is not None:
            from verif.mutation.generate import Mutant
            g = Mutant(**json.loads(spec.read_text()))
            path = tmp / g.file
            path.write_bytes(g.apply(path.read_bytes()))
            (out / "mutation.txt").write_text(g.describe() + "\n")
        elif name != BASELINE:
            m = BY_NAME[name]
            path = tmp / m.file
            text = path.read_text()
            if text.count(m.original) != 1:
                raise RuntimeError(f"stale mutation {name}: original text not found exactly once")
            path.write_text(text.replace(m.original, m.replacement))
            (out / "mutation.txt").write_text(
                f"{m.file}\n--- original\n{m.original}\n+++ replacement\n{m.replacement}\n")
        rtl = (ROOT / "rtl").resolve()
        sources = []
        for f in unit.source_files():      # the mutated copy of rtl/, bench files as they are
            f = f.resolve()
            sources.append(tmp / "rtl" / f.relative_to(rtl) if f.is_relative_to(rtl) else f)

        setup_verilator_env(quick_compile=True)
        runner = get_runner("verilator")
        try:
            runner.build(sources=sources, hdl_toplevel=unit.toplevel, build_dir=out,
                         build_args=VERILATOR_ARGS + unit.build_args, parameters=unit.parameters, always=True,
                         log_file=out / "build.log")
        except Exception as exc:  # noqa: BLE001 - any build failure is reported the same way
            status.update(result="build_error", detail=f"{type(exc).__name__}: {exc}")
            return 2
        status["build_s"] = round(time.monotonic() - t0, 1)
        print(f"BUILD-DONE {status['build_s']}", flush=True)

        results = out / "results.xml"
        results.unlink(missing_ok=True)
        env = {"PYTHONPATH": str(ROOT), "PQX_TEST_NAME": f"mutant_{name}",
               "PQX_PIPELINED": "1" if unit.pipelined else "0"}
        testcase = test
        if unit.test_module == "verif.tests.test_top":       # top, top_pipelined: the system test
            if n:
                env["PQX_N"] = str(n)
            testcase = test or "XifRandomTest"
        t1 = time.monotonic()
        try:
            runner.test(test_module=unit.test_module, hdl_toplevel=unit.toplevel,
                        testcase=testcase, seed=seed, build_dir=out, test_dir=out,
                        results_xml=str(results), extra_env=env, log_file=out / "run.log")
        except Exception as exc:  # noqa: BLE001 - the simulation aborted: the mutant is detected
            status.update(result="failed", detail=f"simulation aborted: {type(exc).__name__}: {exc}")
            print(f"SIM-ABORTED {exc}", flush=True)
            return 1
        status["run_s"] = round(time.monotonic() - t1, 1)
        try:
            total, failed = get_results(results)
        except RuntimeError as exc:
            status.update(result="failed", detail=f"no results: {exc}")
            return 1
        status.update(total=total, failed=failed, result="failed" if failed else "passed")
        return 1 if failed else 0
    finally:
        status["total_s"] = round(time.monotonic() - t0, 1)
        (out / "status.json").write_text(json.dumps(status, indent=1))
        shutil.rmtree(tmp, ignore_errors=True)


# ---------------------------------------------------------------------------------------- driver
@dataclass
class Outcome:
    name: str
    status: str          # killed | SURVIVED | error | passed (baseline)
    killed_by: str
    seconds: float


def first_check(log: Path) -> str:
    """The first exception line of the run log (`pkg.mod.ScoreboardError: message`), shortened."""
    if not log.exists():
        return "(no run log)"
    lines = log.read_text(errors="replace").splitlines()
    for line in lines:       # an RTL assertion (`PQX_ASSERT) stops the simulator before any check
        m = re.search(r"Assertion failed in ([\w.]+)", line)
        if m:
            return f"RTL assertion {m.group(1)}"
        m = _CHECK_RE.match(line)
        if m:
            return f"{m.group(1)}: {m.group(2).strip()}"
    fail = next((ln.strip() for ln in lines if " failed" in ln and "regression" in ln), None)
    return fail or "(test failed; no exception line in run.log)"


def run_one(name: str, unit_name: str, seed: int, n: int | None, build_timeout: float,
            run_timeout: float, spec: Path | None = None, test: str | None = None) -> Outcome:
    out = mutant_dir(name, unit_name)
    out.mkdir(parents=True, exist_ok=True)
    cmd = [sys.executable, "-m", "scripts.mutate", "--worker", name, "--unit", unit_name,
           "--seed", str(seed)] + (["--n", str(n)] if n else []) + (["--spec", str(spec)] if spec else []) + \
          (["--test", test] if test else [])
    wlog_path = out / "worker.log"
    t0 = time.monotonic()
    built_at: float | None = None
    hung = ""
    with open(wlog_path, "w") as wlog:
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=wlog, stderr=subprocess.STDOUT,
                                start_new_session=True)
        while proc.poll() is None:
            time.sleep(0.2)
            now = time.monotonic()
            if built_at is None and "BUILD-DONE" in wlog_path.read_text(errors="replace"):
                built_at = now
            if built_at is None and now - t0 > build_timeout:
                hung = f"build did not finish in {build_timeout:.0f} s"
            elif built_at is not None and now - built_at > run_timeout:
                hung = f"TIMEOUT: test did not finish in {run_timeout:.0f} s (hang)"
            if hung:
                os.killpg(proc.pid, signal.SIGKILL)   # the worker and the simulator it started
                proc.wait()
                break
        rc = proc.returncode
    secs = time.monotonic() - t0
    if hung:
        return Outcome(name, "killed" if built_at is not None else "error", hung, secs)
    if rc == 2:
        try:
            detail = json.loads((out / "status.json").read_text()).get("detail", "")
        except (OSError, ValueError):
            detail = ""
        return Outcome(name, "error", f"build/infrastructure error {detail} (see {out}/worker.log)",
                       secs)
    if rc == 0:
        if name == BASELINE:
            return Outcome(name, "passed", "-", secs)
        return Outcome(name, "SURVIVED", "-", secs)
    killer = first_check(out / "run.log")
    if killer.startswith("("):                  # no exception line: maybe the simulator aborted
        aborted = [ln for ln in (out / "worker.log").read_text(errors="replace").splitlines()
                   if ln.startswith("SIM-ABORTED")]
        killer = aborted[0] if aborted else killer
    return Outcome(name, "killed", killer, secs)


def print_table(rows: list[tuple[str, ...]], headers: tuple[str, ...], widths: tuple[int, ...]) -> None:
    def fmt(cells: tuple[str, ...]) -> str:
        out = []
        for cell, w in zip(cells, widths):
            cell = cell.replace("\n", " ")
            out.append(cell if len(cell) <= w else cell[: w - 3] + "...")
        return " | ".join(c.ljust(w) for c, w in zip(out, widths)).rstrip()
    print(fmt(headers))
    print("-+-".join("-" * w for w in widths))
    for r in rows:
        print(fmt(r))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--list", action="store_true", help="print the mutation table and exit")
    ap.add_argument("--only", action="append", default=[],
                    help="run only these mutants (repeatable or comma separated)")
    ap.add_argument("--unit", default="top", help="unit whose tests must kill the mutants")
    ap.add_argument("--checker", choices=["sim", "formal", "soc", "soc-check", "firmware", "tvla"],
                    help="only the mutants with this kind of checker")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--n", type=int, default=None,
                    help="PQX_N for the system test (default: the test's own, every instruction pair "
                         "and 1,000 more)")
    ap.add_argument("--jobs", "-j", type=int, default=1, help="mutants built and run in parallel")
    ap.add_argument("--build-timeout", type=float, default=300.0,
                    help="seconds allowed for one Verilator build")
    ap.add_argument("--timeout", type=float,
                    help="seconds allowed for one test run (after the build) before it counts as "
                         "hung; default 10x the baseline's run time, at least 20 s (60 s without "
                         "a baseline)")
    ap.add_argument("--no-baseline", action="store_true", help="skip the unmutated baseline run")
    ap.add_argument("--baseline-only", action="store_true",
                    help="run only the unmutated baseline of the unit's simulation mutants (the "
                         "nightly's own job, its mutants then run with --no-baseline)")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--spec", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--test", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    if args.unit not in UNITS:
        print(f"mutate: error: unknown unit {args.unit}; units: {', '.join(UNITS)}", file=sys.stderr)
        return 2
    if args.worker:
        try:
            return worker(args.worker, args.unit, args.seed, args.n, args.spec, args.test)
        except Exception:  # noqa: BLE001 - a crash of the script is an error, never a kill
            import traceback
            traceback.print_exc()
            return 2

    if args.list:
        rows = [(m.name, m.file, "ok" if occurrences(m) == 1 else f"STALE ({occurrences(m)}x)",
                 m.checker, m.description) for m in MUTATIONS]
        print_table(rows, ("mutant", "file", "text", "checker", "description"),
                    (26, 28, 10, 24, 90))
        return 0

    names = [s for arg in args.only for s in arg.split(",") if s]
    unknown = [s for s in names if s not in BY_NAME]
    if unknown:
        print(f"mutate: error: unknown mutant(s) {unknown}; see --list", file=sys.stderr)
        return 2
    selected = [BY_NAME[s] for s in names] if names else list(MUTATIONS)
    if args.checker:
        selected = [m for m in selected if m.checker.split(":")[0] == args.checker]
    problems = checks.problems(selected)
    if problems:
        for p in problems:
            print(f"mutate: error: mutation table: {p}", file=sys.stderr)
        return 2
    unit = UNITS[args.unit]
    unit_files = {str(f.resolve().relative_to(ROOT)) for f in unit.source_files()}
    # the mutants of other checkers (proofs, the SoC, a named unit's tests) run with the default unit
    proofs = [m for m in selected if m.checker != "sim"] if args.unit == "top" else []
    skipped = [m for m in selected if m.checker == "sim" and m.file not in unit_files]
    selected = [m for m in selected if m.checker == "sim" and m.file in unit_files]
    what = (f"verif.tests.test_top XifRandomTest, PQX_N={args.n or 'default'}" if args.unit == "top"
            else f"{unit.test_module} (all tests)")
    print(f"mutate: {len(selected)} mutants, unit {args.unit} ({what}), seed {args.seed}, "
          f"jobs {args.jobs}", flush=True)
    t_start = time.monotonic()

    if args.baseline_only:
        selected = []
    if not args.no_baseline and (selected or args.baseline_only):
        print(f"mutate: baseline (unmutated copy of rtl/) ...", flush=True)
        base = run_one(BASELINE, args.unit, args.seed, args.n, args.build_timeout,
                       args.timeout or 300.0)
        print(f"mutate: baseline {base.status} in {base.seconds:.1f} s", flush=True)
        if base.status != "passed":
            print(f"mutate: error: the unmutated design does not pass ({base.killed_by}); mutation "
                  f"results would mean nothing", file=sys.stderr)
            return 2
        if args.timeout is None:
            try:
                base_dir = MUTANT_DIR / (BASELINE if args.unit == "top" else f"{BASELINE}.{args.unit}")
                run_s = float(json.loads((base_dir / "status.json").read_text())["run_s"])
                args.timeout = max(20.0, 10 * run_s)
            except (OSError, ValueError, KeyError):
                pass
    if args.baseline_only:
        return 0
    if args.timeout is None:
        args.timeout = 60.0
    print(f"mutate: a test run that takes more than {args.timeout:.0f} s counts as hung", flush=True)

    outcomes: dict[str, Outcome] = {}

    def task(idx_m: tuple[int, Mutation]) -> Outcome:
        idx, m = idx_m
        if m.checker in ("soc", "soc-check"):
            o = run_soc(m)
        elif m.checker == "firmware":
            o = run_firmware(m)
        elif m.checker == "tvla":
            o = run_tvla(m)
        elif m.checker.startswith("formal:"):
            o = run_formal(m)
        else:       # "sim" (the --unit), "sim:UNIT" or "sim:UNIT:TEST"
            parts = m.checker.split(":")
            unit_name = parts[1] if len(parts) > 1 else args.unit
            o = run_one(m.name, unit_name, args.seed, args.n, args.build_timeout, args.timeout,
                        test=parts[2] if len(parts) > 2 else None)
        note = o.killed_by if o.status == "killed" or o.status == "error" else ""
        print(f"mutate: [{idx + 1}/{len(selected)}] {m.name}: {o.status} ({o.seconds:.1f} s) {note}",
              flush=True)
        return o

    selected = proofs + selected
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for o in pool.map(task, enumerate(selected)):
            outcomes[o.name] = o

    print()
    rows = [(m.name, m.description, outcomes[m.name].killed_by, outcomes[m.name].status,
             f"{outcomes[m.name].seconds:.0f}s") for m in selected]
    rows += [(m.name, m.description, f"(checker {m.checker} runs with --unit top)", "n/a", "")
             for m in MUTATIONS if m.checker != "sim" and args.unit != "top"
             and (not names or m.name in names)]
    rows += [(m.name, m.description, f"(file not in unit {args.unit})", "n/a", "") for m in skipped]
    print_table(rows, ("mutant", "description", "killed-by", "status", "time"), (26, 60, 100, 20, 5))
    killed = sum(o.status == "killed" for o in outcomes.values())
    survived = [o.name for o in outcomes.values() if o.status == "SURVIVED"]
    errors = [o.name for o in outcomes.values() if o.status == "error"]
    total = time.monotonic() - t_start
    for m in selected:
        if m.note:
            print(f"note {m.name} ({m.checker}): {m.note}")
    print(f"\n{len(selected)} mutants, {killed} killed"
          + (f", {len(survived)} survived: {', '.join(survived)}" if survived else "")
          + (f", {len(errors)} errors: {', '.join(errors)}" if errors else "")
          + f" ({total:.0f} s)")
    if errors:
        return 2
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main())
