"""Build one unit with Verilator and run its cocotb tests.

    python -m scripts.sim --unit top [--test NAME] [--seed N] [--n N] [--waves] [--junit FILE]

Exit status 0 only if every selected test passed, and at least one ran (a --test that names no
test is an error). On failure the command that reproduces the run (with its seed) is printed.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import random
import sys
from pathlib import Path

from scripts.tools import die, fst_missing, int_at_least, setup_verilator_env
from verif.units import COVERAGE_ARGS, ROOT, UNITS, VERILATOR_ARGS, WAVES_ARGS

LONG_RUN = 100_000
"""Runs of this many instructions or more (the nightly's long system runs) have a build of their
own with line and branch coverage only (LONG_RUN_COVERAGE_ARGS instead of COVERAGE_ARGS). Toggle
points are checked in every model evaluation, so they cost per cycle, not per event: pqx_top has
40,074 of them since the McEliece, Crypto-RV and polynomial units joined it, 16 % of a long run's
time (2026-12-06). A 100,000-instruction run hit 98 toggle points that a default-length run of
another seed missed (and missed 8 that one hit): long runs add next to nothing to toggle coverage."""
LONG_RUN_COVERAGE_ARGS = ["--coverage-line"]


def run(unit_name: str, test: str | None, seed: int, n: int | None, waves: bool,
        junit: Path | None, report_dir: Path | None, quiet: bool = False) -> bool:
    from cocotb_tools.check_results import get_results
    from cocotb_tools.runner import get_runner

    unit = UNITS[unit_name]
    setup_verilator_env()
    long_run = n is not None and n >= LONG_RUN      # line and branch coverage only: see LONG_RUN
    build_dir = ROOT / "build" / "sim" / (unit.build_name + ("_long" if long_run else "")
                                          + ("_waves" if waves else ""))
    runner = get_runner("verilator")
    build_args = (list(VERILATOR_ARGS) + (LONG_RUN_COVERAGE_ARGS if long_run else COVERAGE_ARGS)
                  + unit.build_args)
    missing = fst_missing() if waves else []
    if waves and missing:
        print(f"sim: FST needs {' and '.join(missing)} (apt-get install {' '.join(missing)}); "
              f"writing VCD instead", flush=True)
        build_dir = build_dir.with_name(build_dir.name + "_vcd")
    elif waves:
        build_args += WAVES_ARGS
    build_dir.mkdir(parents=True, exist_ok=True)
    with open(build_dir.with_name(build_dir.name + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)     # runs of units with one build share it
        runner.build(sources=unit.source_files(), hdl_toplevel=unit.toplevel, build_dir=build_dir,
                     build_args=build_args, parameters=unit.parameters, waves=waves,
                     log_file=build_dir / "build.log")
    # every unit has its own run directory under the (shared) build, a run of the regression
    # (report_dir set) one of its own: runs can overlap
    test_dir = build_dir / "runs" / (report_dir.name if report_dir is not None else unit.name)
    test_dir.mkdir(parents=True, exist_ok=True)
    env = {"PYTHONPATH": str(ROOT), "PQX_PIPELINED": "1" if unit.pipelined else "0",
           "PQX_KECCAK_ROUNDS": str(unit.keccak_rounds_per_cycle),
           "PQX_ISSUE_BYPASS": "1" if unit.issue_bypass else "0",
           "PQX_POLY_BUTTERFLIES": str(unit.poly_butterflies)}
    if n is not None:
        env["PQX_N"] = str(n)
    if report_dir is not None:
        env["PQX_REPORT_DIR"] = str(report_dir)
        report_dir.mkdir(parents=True, exist_ok=True)     # which build its measurements belong to
        (report_dir / "run.json").write_text(json.dumps(
            {"unit": unit.name, "build": unit.build_label, "seed": seed, "n": n}))
    results = junit or (test_dir / "results.xml")
    coverage = test_dir / "coverage.dat"
    coverage.unlink(missing_ok=True)
    results.unlink(missing_ok=True)          # a crashed run must not leave an old verdict behind
    try:
        runner.test(test_module=unit.test_module, hdl_toplevel=unit.toplevel, testcase=test,
                    seed=seed, waves=waves, build_dir=build_dir, test_dir=test_dir,
                    results_xml=str(results), extra_env=env)
    except RuntimeError:                     # the simulator's exit status: its own message is above
        print(f"sim: {unit.name}: the simulator stopped with an error (an RTL assertion, `PQX_ASSERT, "
              f"or a crash: its message is above)", file=sys.stderr)
    if report_dir is not None and coverage.exists():      # merged by scripts/coverage.py
        report_dir.mkdir(parents=True, exist_ok=True)
        coverage.replace(report_dir / "coverage.dat")
    try:
        total, failed = get_results(results)
    except RuntimeError as exc:
        print(f"sim: {exc}", file=sys.stderr)
        failed, total = 1, 0
    if waves:
        dump = test_dir / ("dump.vcd" if missing else "dump.fst")
        print(f"sim: waveform: {dump}" if dump.exists() else f"sim: warning: no {dump.name} written")
    if total == 0 and not failed:        # e.g. --test with a name no test has: nothing was checked
        print(f"sim: error: {unit.name}: no test ran"
              + (f" (no test of {unit.test_module} matches --test {test})" if test else ""), file=sys.stderr)
        return False
    if failed:
        repro = f"make sim UNIT={unit.name} SEED={seed}" + (f" TEST={test}" if test else "") + \
                (f" N={n}" if n is not None else "")
        print(f"sim: {unit.name}: {failed} of {total} tests failed; reproduce with: {repro}")
    else:
        print(f"sim: {unit.name}: {total} tests passed (seed {seed})")
    return not failed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--unit", required=True)
    ap.add_argument("--test")
    ap.add_argument("--seed", type=int_at_least(0))
    ap.add_argument("--n", type=int_at_least(1), help="random instructions per test (system tests)")
    ap.add_argument("--waves", action="store_true")
    ap.add_argument("--junit", type=Path)
    ap.add_argument("--report-dir", type=Path)
    args = ap.parse_args(argv)
    if args.unit not in UNITS:
        die("sim", f"unknown unit '{args.unit}'; units: {', '.join(UNITS)}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    ok = run(args.unit, args.test, seed, args.n, args.waves, args.junit, args.report_dir)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
