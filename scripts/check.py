"""`make run FW=... CHECK=1`: the firmware run with every check attached (verif/soc/check_soc.py).

`run_checked(elf, image, max_cycles, root)` builds the SoC bench for cocotb (Verilator with VPI,
build/soc/check/, rebuilt when a source changes), runs the test module verif/soc/check_soc.py
on the image, and returns the exit status `make run` gives: 0 only if the program exited 0 and
no check failed. The program's output and the checks' summary line go to stdout, then the same
`exit <code>, <cycles> cycles, <instret> instructions` line as the fast path.
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

from scripts.tools import VERILATOR_ARGS, setup_verilator_env

ROOT = Path(__file__).resolve().parent.parent
TOP = "pqx_soc_tb"


def run_checked(elf: Path, image: Path, max_cycles: int, root: Path = ROOT) -> int:
    from cocotb_tools.check_results import get_results
    from cocotb_tools.runner import get_runner

    from scripts.run import BENCH, soc_sources

    setup_verilator_env()
    files, incdirs = soc_sources(root)
    build_dir = root / "build" / "soc" / "check"
    build_dir.mkdir(parents=True, exist_ok=True)
    runner = get_runner("verilator")
    t0 = time.monotonic()
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
                           "COCOTB_LOG_LEVEL": "WARNING"})
    secs = time.monotonic() - t0
    try:
        _, failed = get_results(xml)
    except RuntimeError as exc:
        print(f"run: CHECK=1: {exc}")
        return 1
    if failed or not result_file.exists():
        print(f"run: CHECK=1: a check failed (see the message above; log in {build_dir})")
        return 1
    last = result_file.read_text().strip()
    print(last)
    print(f"run: CHECK=1 passed ({secs:.0f} s)", file=sys.stderr)
    m = re.match(r"exit (-?\d+),", last)
    return 0 if m and int(m.group(1)) == 0 else 1
