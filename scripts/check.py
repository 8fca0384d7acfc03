"""`make run FW=... CHECK=1`: the firmware run with every check attached (verif/soc/check_soc.py).

`run_checked(elf, image, max_cycles, root)` builds the SoC bench for cocotb (Verilator with VPI,
build/soc/check/, rebuilt when a source changes), runs the test module verif/soc/check_soc.py
on the image, and returns the exit status `make run` gives: 0 only if the program exited 0 and
no check failed. The program's output and the checks' summary line go to stdout, then the same
`exit <code>, <cycles> cycles, <instret> instructions` line as the fast path.
"""

from __future__ import annotations

import fcntl
import re
import sys
import time
from pathlib import Path

from scripts.tools import setup_verilator_env
from verif.soc import selftests
from verif.soc.sources import BENCH, ROOT, TOP, soc_sources
from verif.units import VERILATOR_ARGS


def run_checked(elf: Path, image: Path, max_cycles: int, root: Path = ROOT) -> tuple[int, str]:
    """(exit status as `make run` gives it, the program's output with the end line last; empty
    if a check failed)."""
    from cocotb_tools.check_results import get_results
    from cocotb_tools.runner import get_runner

    setup_verilator_env()
    files, incdirs = soc_sources(root)
    build_dir = root / "build" / "soc" / "check"
    build_dir.mkdir(parents=True, exist_ok=True)
    runner = get_runner("verilator")
    t0 = time.monotonic()
    with (build_dir / ".lock").open("w") as lock:     # one build at a time
        fcntl.flock(lock, fcntl.LOCK_EX)
        runner.build(sources=files + [str(b) for b in BENCH], hdl_toplevel=TOP,
                     includes=incdirs, build_dir=build_dir,
                     build_args=VERILATOR_ARGS + ["-Wno-UNOPTFLAT", "-Wno-COMBDLY",
                                                  "-Wno-MULTIDRIVEN", "--x-assign", "fast",
                                                  "--x-initial", "fast"],
                     log_file=build_dir / "build.log")
    result_file = build_dir / "check_result.txt"
    result_file.unlink(missing_ok=True)
    xml = build_dir / "results.xml"
    runner.test(test_module="verif.soc.check_soc", hdl_toplevel=TOP, build_dir=build_dir,
                test_dir=build_dir, results_xml=str(xml), plusargs=[f"+fw={image}"],
                extra_env={"PYTHONPATH": str(ROOT), "PQX_FW_ELF": str(elf),
                           "PQX_MAX_CYCLES": str(max_cycles),
                           "PQX_CHECK_RESULT": str(result_file),
                           "COCOTB_LOG_LEVEL": "WARNING", "GPI_LOG_LEVEL": "WARNING"})
    secs = time.monotonic() - t0
    try:
        _, failed = get_results(xml)
    except RuntimeError as exc:
        print(f"run: CHECK=1: {exc}")
        return 1, ""
    if failed or not result_file.exists():
        print(f"run: CHECK=1: a check failed (see the message above; log in {build_dir})")
        return 1, ""
    transcript = result_file.read_text()
    last = transcript.strip().splitlines()[-1]
    print(last)
    m = re.match(r"exit (-?\d+),", last)
    what = "the program exited" if m else "the core trapped"
    print(f"run: CHECK=1: no check failed; {what} ({secs:.0f} s)", file=sys.stderr)
    return (0 if m and int(m.group(1)) == 0 else 1), transcript


def selftest(root: Path = ROOT, seed: int = 1, first_failure: bool = False, start_with: str = "") -> int:
    """CHECK=1 on known programs: clean ones pass every check, erratum trips are caught."""
    return selftests.run_cases(selftests.CHECK, root, "check", extra=["--check"], randprog=(seed, 150),
                               max_cycles=400_000, first_failure=first_failure, start_with=start_with)


def main(argv: list[str] | None = None) -> int:
    import argparse
    ap = argparse.ArgumentParser(prog="python -m scripts.check", description=__doc__.splitlines()[0])
    ap.add_argument("--selftest", action="store_true", help="CHECK=1 on known programs")
    ap.add_argument("--seed", type=int, default=1, help="seed of the random program")
    ap.add_argument("--first-failure", action="store_true",
                    help="stop at the first failing case (mutant runs)")
    ap.add_argument("--start-with", default="", metavar="PROGRAM",
                    help="run this program's cases first (a file name)")
    ap.add_argument("--root", type=Path, default=ROOT)
    args = ap.parse_args(argv)
    if not args.selftest:
        ap.error("use make run FW=... CHECK=1 for one program, or --selftest")
    return selftest(args.root.resolve(), args.seed, args.first_failure, args.start_with)


if __name__ == "__main__":
    sys.exit(main())
