"""What the SoC's simulation is built from: the file list rtl/soc/pqx_soc.f (the CV32E40X core
from the pinned PyPI package, the XIF bridge, pqx_top, RAM, system registers) and the bench."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BENCH = [ROOT / "verif" / "soc" / "pqx_soc_tb.sv"]
MAIN = ROOT / "verif" / "soc" / "sim_main.cpp"
TOP = "pqx_soc_tb"


def core_dir() -> Path:
    try:
        import pythondata_cpu_cv32e40x as core
    except ImportError:
        print("pqx: error: the CV32E40X package is not installed; run `make` (requirements.txt)",
              file=sys.stderr)
        raise SystemExit(2) from None
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
