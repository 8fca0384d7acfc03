"""`make run FW=<file.c|file.elf> [MAX_CYCLES=n] [WAVES=1]`: run firmware on the PQX SoC.

A `.c` file is compiled with the project's crt0, linker script and runtime (scripts/fw.py); an
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

from scripts.tools import VERILATOR_ARGS, compiler_cache, die, fst_missing, int_at_least, setup_verilator_env

ROOT = Path(__file__).resolve().parent.parent
BENCH = [ROOT / "verif" / "soc" / "pqx_soc_tb.sv"]
MAIN = ROOT / "verif" / "soc" / "sim_main.cpp"
TOP = "pqx_soc_tb"


def core_dir() -> Path:
    try:
        import pythondata_cpu_cv32e40x as core
    except ImportError:
        die("run", "the CV32E40X package is not installed; run `make` (requirements.txt)")
    return Path(core.__file__).resolve().parent / "system_verilog"


def soc_sources(root: Path = ROOT, flist: str = "rtl/soc/pqx_soc.f") -> tuple[list[str], list[str]]:
    """(files, include dirs) of a file list under `root` (default: the SoC's), `$CORE/` expanded
    to the host-core package, `-f <list>` lines (rtl/pqx_top.f) expanded in place."""
    core = str(core_dir())
    files, incdirs = [], []
    for raw in (root / flist).read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", "//")):
            continue
        line = line.replace("$CORE", core).replace("${CORE}", core)
        if line.startswith("-f "):
            more_files, more_dirs = soc_sources(root, line[3:].strip())
            files += more_files
            incdirs += more_dirs
        elif line.startswith("+incdir+"):
            incdirs.append(str((root / line[len("+incdir+"):]).resolve()))
        else:
            files.append(str((root / line).resolve()))
    return files, incdirs


def build(waves: bool, root: Path = ROOT) -> Path:
    """The simulator binary of the SoC under `root`, (re)built when a source is newer than it."""
    setup_verilator_env()
    files, incdirs = soc_sources(root)
    sources = [Path(f) for f in files] + BENCH + [MAIN]
    out = root / "build" / "soc" / ("waves" if waves else "fast")
    binary = out / f"V{TOP}"
    out.mkdir(parents=True, exist_ok=True)
    cmd, env = _verilator_command(waves, out, sources, incdirs)
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
                       incdirs: list[str]) -> tuple[list[str], dict[str, str]]:
    trace = []
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
    # (zig keeps its own cache of compiled objects: no ccache in front of it)
    env["MAKEFLAGS"] = env.get("MAKEFLAGS", "").replace(compiler_cache(), "") + \
        f" OPT_FAST=-O3 CXX={cxx} LINK={cxx}"
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


RAW = "--no-errata-workaround"
SELFTEST = [  # (program, expected exit status of `make run`, text the output must hold[, flag])
    ("firmware/examples/hello.c", 0, "hello from PQX firmware"),
    ("firmware/examples/pqx_smoke.c", 0, "exit 0,"),
    ("firmware/tests/bridge_hold.c", 0, "bridge_dir: all passed"),
    ("firmware/tests/poly_background.c", 0, "poly_background: all passed"),
    ("firmware/tests/poly_dma.c", 0, "poly_dma: all passed"),
    ("firmware/tests/context_switch.c", 0, "context_switch: all passed"),
    # both host-core errata: tripped without the errata pass (a core version that fixes one
    # changes these lines), avoided with it (docs/errata.md)
    ("firmware/tests/erratum1_rs3.c", 0, "distance 1: 0xfc9505b1 (stale rs3: erratum 1)", RAW),
    ("firmware/tests/erratum1_rs3.c", 0, "distance 0: 0xff9702af (right)\n"
     "distance 1: 0xff9702af (right)"),
    # (the csrr case also needs the bridge's kill filter: the csrr's bookkeeping kill would
    # otherwise kill the PQX instruction behind it, and the core would wait for it forever)
    ("firmware/tests/erratum2_stall.c", 1, "after div: 0x5a5a5a5a (write lost: erratum 2)\n"
     "after csrr: 0x5a5a5a5a (write lost: erratum 2)", RAW),
    ("firmware/tests/erratum2_stall.c", 0, "after div: 0x00000001 (right)\n"
     "after csrr: 0x00000001 (right)"),
    # random PQX instructions as inline .insn, expected values from the model (verif/soc/randprog.py)
    ("randprog", 0, " 0 mismatches"),
    ("int main(void) { return 3; }\n", 1, "exit 3,"),
    ("int main(void) {\n    __asm__ volatile(\".insn r 0x3b, 7, 0x7f, a0, a1, a2\");\n"
     "    return 0;\n}\n", 1, "trap: mcause 0x00000002"),
    ("int main(void) { for (;;) { } }\n", 1, "timeout"),
]


def run_cases(cases: list[tuple], root: Path, label: str, extra: list[str] | None = None,
              randprog: tuple[int, int] = (7, 200), max_cycles: int = 200_000,
              first_failure: bool = False, start_with: str = "") -> int:
    """Run `make run` on known programs and check each outcome; 1 if any case failed.

    A case is (program, expected exit status, text or list of texts its stdout must hold[, flag
    ...]). The program is a repository path, the text of a C file, or "randprog" (a random
    program of verif/soc/randprog.py, (seed, count) = `randprog`). `extra` goes to every run
    (--check for the CHECK=1 self-test). Also used by scripts/check.py and, on a mutated tree
    (`root`), by scripts/mutate.py, which stops at the first failing case (`first_failure`: one
    failure kills the mutant) and names the program expected to kill it (`start_with`, a file
    name: its cases run first, the others after them in their order)."""
    tmp = root / "build" / "soc" / f"{label}-selftest"   # per tree: mutant runs share no files
    tmp.mkdir(parents=True, exist_ok=True)
    failed = 0
    order = sorted(enumerate(cases), key=lambda kc: Path(kc[1][0]).name != start_with)
    for done, (k, (prog, want_rc, texts, *flags)) in enumerate(order):
        texts = [texts] if isinstance(texts, str) else texts
        if prog == "randprog":
            from verif.soc.randprog import generate
            src = tmp / f"randprog_{randprog[0]}.c"
            src.write_text(generate(*randprog))
        elif prog.endswith(".c") and "\n" not in prog:
            src = ROOT / prog
        else:
            src = tmp / f"case{k}.c"
            src.write_text(prog)
        proc = subprocess.run([sys.executable, "-m", "scripts.run", "--fw", str(src), "--root",
                               str(root), "--max-cycles", str(max_cycles)] + (extra or []) + flags,
                              cwd=ROOT, capture_output=True, text=True)
        missing = [t for t in texts if t not in proc.stdout]
        ok = proc.returncode == want_rc and not missing
        failed += not ok
        print(f"{label}: selftest {src.name}{' ' + ' '.join(flags) if flags else ''}: "
              f"{'ok' if ok else 'FAIL'} (status {proc.returncode}, want {want_rc}"
              + (f"; missing {missing}" if missing else "") + ")", flush=True)
        if not ok:   # the program's and the checks' lines, not cocotb's log
            out = proc.stdout + proc.stderr
            print("\n".join(ln for ln in out.splitlines()
                            if "ns " not in ln or "WARNING" in ln or "ERROR" in ln)[-3000:])
            if first_failure:
                print(f"{label}: stopped at the first failure ({len(cases) - done - 1} cases not run)")
                break
    print(f"{len(cases) - failed} passed, {failed} failed")
    return 1 if failed else 0


def selftest(root: Path = ROOT, first_failure: bool = False, start_with: str = "") -> int:
    """The `make run` contract on known programs: exit 0, a non-zero exit code, an illegal
    instruction (trap report), a hang (MAX_CYCLES)."""
    return run_cases(SELFTEST, root, "run", first_failure=first_failure, start_with=start_with)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fw", default="", help="firmware: a .c file or an .elf")
    ap.add_argument("--max-cycles", type=int_at_least(1), default=50_000_000)
    ap.add_argument("--waves", action="store_true", help="write a waveform (FST, else VCD)")
    ap.add_argument("--no-errata-workaround", action="store_true",
                    help="build without the host-core errata pass (scripts/errata.py): to show "
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
    from scripts import fw
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
