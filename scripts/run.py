"""`make run FW=<file.c|file.elf> [MAX_CYCLES=n] [WAVES=1]`: run firmware on the PQX SoC.

A `.c` file is compiled with the project's crt0, linker script and runtime (verif/soc/firmware.py); an
`.elf` is only converted to a RAM image. The SoC (rtl/soc/pqx_soc.f: the CV32E40X core from the
pinned PyPI package, the XIF bridge, pqx_top, RAM, system registers) is built once with Verilator
around verif/soc/sim_main.cpp (no Python in the per-cycle loop) in build/soc/, and rebuilt when a
source changes. The program's characters stream to stdout; the last line is

    exit <code>, <cycles> cycles, <instret> instructions

(the core's mcycle/minstret, written by the firmware's exit routine), or a trap report (mcause,
mepc, mtval and the instruction word at mepc), or a timeout line. Exit status: 0 when the program
returned 0; 1 for another exit code, a trap or a timeout; 2 for a usage or build error (one line).
"""

from __future__ import annotations

import argparse
import fcntl
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from scripts.tools import compiler_cache, die, fst_missing, int_at_least, setup_verilator_env
from verif.soc import selftests
from verif.soc.sources import BENCH, MAIN, ROOT, TOP, soc_sources
from verif.units import VERILATOR_ARGS


POWER_VLT = ROOT / "verif" / "soc" / "power.vlt"
"""The leakage build's Verilator configuration: PQX's registers public for the power probe."""


def build(waves: bool, root: Path = ROOT, power: bool = False) -> Path:
    """The simulator binary of the SoC under `root`, (re)built when a source is newer than it.
    `power`: the leakage build (scripts/tvla.py: +power=<file> writes the power proxy)."""
    setup_verilator_env()
    files, incdirs = soc_sources(root)
    sources = ([POWER_VLT] if power else []) + [Path(f) for f in files] + BENCH + [MAIN]
    out = root / "build" / "soc" / ("power" if power else "waves" if waves else "fast")
    binary = out / f"V{TOP}"
    out.mkdir(parents=True, exist_ok=True)
    cmd, env = _verilator_command(waves, out, sources, incdirs, power)
    stamp = out / "build.cmd"        # a changed command line (flags) also means a rebuild
    line = " ".join(cmd) + "\nMAKEFLAGS=" + env["MAKEFLAGS"]
    with (out / ".lock").open("w") as lock:     # one build at a time per directory
        fcntl.flock(lock, fcntl.LOCK_EX)
        if (binary.exists() and stamp.exists() and stamp.read_text() == line
                and all(s.stat().st_mtime < binary.stat().st_mtime for s in sources)):
            return binary
        if stamp.exists() and stamp.read_text() != line:   # make does not track flags
            for f in out.iterdir():
                if f.is_file() and f.name not in (".lock", "zig-cxx"):
                    f.unlink()
        _verilate(cmd, env, out, binary)
        stamp.write_text(line)
        return binary


def _verilator_command(waves: bool, out: Path, sources: list[Path],
                       incdirs: list[str], power: bool = False) -> tuple[list[str], dict[str, str]]:
    trace = ["-CFLAGS", "-DPQX_POWER"] if power else []
    if waves:
        trace = ["--trace"] if fst_missing() else ["--trace-fst"]
    # zig's clang builds the files compiled without -O (Verilator's slow-path and trace code) with
    # its UB sanitizer, which stops the waveform build at Verilator's `~bool << n`: no sanitizer.
    cmd = (["verilator", "--cc", "--exe", "--build", "-j", "2", "--top-module", TOP,
            "-Mdir", str(out), "-o", f"V{TOP}", "-O3", "--x-assign", "fast", "--x-initial", "fast",
            "-CFLAGS", "-fno-sanitize=undefined"]
           + VERILATOR_ARGS + ["-Wno-UNOPTFLAT", "-Wno-COMBDLY", "-Wno-MULTIDRIVEN"] + trace
           + [f"+incdir+{d}" for d in incdirs] + [str(s) for s in sources])
    env = dict(os.environ)
    # The model is compiled by clang (zig c++, from the pinned ziglang wheel): about 25 % faster
    # than gcc here (docs/soc.md, "Simulation speed"). MAKEFLAGS cannot carry a command with
    # spaces, so a one-line wrapper script stands for `python -m ziglang c++`.
    out.mkdir(parents=True, exist_ok=True)
    cxx = out / "zig-cxx"
    script = f'#!/bin/sh\nexec "{sys.executable}" -m ziglang c++ "$@"\n'
    if not cxx.exists() or cxx.read_text() != script:
        cxx.write_text(script)
        cxx.chmod(0o755)
    # -O3: about 2x faster than Verilator's default -Os, and 15 % faster than -O2;
    # flags with a space inside would break MAKEFLAGS (use -CFLAGS for those)
    # (zig keeps its own cache of compiled objects: no ccache in front of it).
    # PQX_QUICK_BUILD=1 (a mutant's SoC, built once to run a few short programs): -O0, which
    # compiles the model in about 2/3 of the time (24 s against 35 s) and runs it 4x slower
    opt = "-O0" if os.environ.get("PQX_QUICK_BUILD") == "1" else "-O3"
    env["MAKEFLAGS"] = env.get("MAKEFLAGS", "").replace(compiler_cache(), "") + \
        f" OPT_FAST={opt} CXX={cxx} LINK={cxx}"
    return cmd, env


def _verilate(cmd: list[str], env: dict[str, str], out: Path, binary: Path) -> None:
    print(f"run: building the SoC simulator in {out} ...", flush=True)
    t0 = time.monotonic()
    out.mkdir(parents=True, exist_ok=True)
    log = out / "build.log"
    with log.open("w") as fh:
        proc = subprocess.run(cmd, cwd=ROOT, env=env, stdout=fh, stderr=subprocess.STDOUT)
    if proc.returncode != 0 or not binary.exists():
        errors = [ln for ln in log.read_text(errors="replace").splitlines() if "%Error" in ln
                  or "error:" in ln]
        die("run", f"building the SoC failed: {(errors or ['see the log'])[0].strip()} "
            f"(log: {log})")
    print(f"run: built in {time.monotonic() - t0:.0f} s", flush=True)


@dataclass
class RunResult:
    output: str             # everything the simulator printed
    last: str               # its last non-empty line (exit, trap or timeout report)
    exit_code: int | None   # the program's exit code, None if it did not exit
    cycles: int = 0
    instret: int = 0


def simulate(cmd: list[str], stream: bool = False) -> RunResult:
    """Run a simulator command line; with `stream`, echo its output as it comes."""
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True, errors="replace")
    lines, last = [], ""
    assert proc.stdout is not None
    for line in proc.stdout:
        if stream:
            sys.stdout.write(line)
            sys.stdout.flush()
        lines.append(line)
        last = line.strip() or last
    proc.wait()
    m = re.match(r"exit (-?\d+), (\d+) cycles, (\d+) instructions", last)
    if m:
        return RunResult("".join(lines), last, int(m.group(1)), int(m.group(2)), int(m.group(3)))
    return RunResult("".join(lines), last, None)


def word_at(image: Path, addr: int) -> int | None:
    """The 32-bit word at byte address `addr` of a $readmemh image (None if it holds none)."""
    want, cur = addr // 4, 0
    for line in image.read_text().split():
        if line.startswith("@"):
            cur = int(line[1:], 16)
            continue
        if cur == want:
            return int(line, 16)
        cur += 1
    return None


def selftest(root: Path = ROOT, first_failure: bool = False, start_with: str = "") -> int:
    """The `make run` contract on known programs: exit 0, a non-zero exit code, an illegal
    instruction (trap report), a hang (MAX_CYCLES)."""
    return selftests.run_cases(selftests.RUN, root, "run", first_failure=first_failure, start_with=start_with)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fw", default="", help="firmware: a .c file or an .elf")
    ap.add_argument("--max-cycles", type=int_at_least(1), default=50_000_000)
    ap.add_argument("--waves", action="store_true", help="write a waveform (FST, else VCD)")
    ap.add_argument("--no-errata-workaround", action="store_true",
                    help="build without the host-core errata pass (verif/soc/errata.py): to show "
                         "that the checks catch a program that trips an erratum")
    ap.add_argument("--check", action="store_true",
                    help="attach the XIF monitor, protocol checker, scoreboard and the lockstep "
                         "ISS compare (cocotb; slower): scripts/check.py")
    ap.add_argument("--selftest", action="store_true",
                    help="check the run contract on known programs (make test)")
    ap.add_argument("--first-failure", action="store_true",
                    help="with --selftest: stop at the first failing case (mutant runs)")
    ap.add_argument("--start-with", default="", metavar="PROGRAM",
                    help="with --selftest: run this program's cases first (a file name)")
    ap.add_argument("--root", type=Path, default=ROOT,
                    help="tree whose rtl/ is simulated (default: this one; e.g. a planted bug)")
    args = ap.parse_args(argv)
    root = args.root.resolve()
    if args.selftest:
        build(False, root)
        return selftest(root, args.first_failure, args.start_with)
    if not args.fw:
        die("run", "no firmware given: make run FW=<file.c|file.elf>")
    from verif.soc import firmware as fw
    src = Path(args.fw)
    try:
        image = fw.build(src, root / "build" / "soc" / "fw" / src.stem,
                         errata=not args.no_errata_workaround)
    except fw.FirmwareError as exc:
        die("run", str(exc))
    if args.check:
        from scripts import check
        elf = src if src.suffix == ".elf" else image.with_suffix(".elf")
        return check.run_checked(elf, image, args.max_cycles, root)[0]
    binary = build(args.waves, root)
    cmd = [str(binary), f"+fw={image}", f"+max_cycles={args.max_cycles}"]
    if args.waves:
        cmd.append(f"+trace={root / 'build' / 'soc' / 'waves' / 'dump'}")
    t0 = time.monotonic()
    result = simulate(cmd, stream=True)
    secs = time.monotonic() - t0
    last = result.last
    if result.exit_code is not None:
        if result.cycles >= 1_000_000:
            print(f"run: {result.cycles / max(secs, 1e-6) / 1e6:.2f} M cycles/s", file=sys.stderr)
        return 0 if result.exit_code == 0 else 1
    t = re.match(r"trap: mcause 0x([0-9a-f]+), mepc 0x([0-9a-f]+)", last)
    if t:
        word = word_at(image, int(t.group(2), 16))
        from verif.models.isa import decode
        info = decode(word) if word is not None else None
        what = f"0x{word:08x}" + (f" ({info.name})" if info else "") if word is not None else "?"
        print(f"run: the core trapped (mcause 0x{t.group(1)}) at mepc 0x{t.group(2)}, "
              f"instruction {what}")
        return 1
    if last.startswith("timeout"):
        print(f"run: MAX_CYCLES={args.max_cycles} passed without an exit")
        return 1
    print("run: the simulation ended without an exit line")
    return 1


if __name__ == "__main__":
    sys.exit(main())
