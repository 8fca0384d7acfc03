"""The native Yosys command line (scripts/yosys_native.py) behaves as yosys does for the options
PQX uses: an error fails the run, -e turns a matching warning into a failure, -l keeps the log."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyosys")
TOOL = Path(__file__).resolve().parent / "yosys_native.py"


def yosys(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(TOOL), *args], cwd=tmp_path, capture_output=True, text=True)


def test_warning_is_an_error_only_with_e(tmp_path):
    (tmp_path / "w.v").write_text("module m(output o); wire [3:0] w = 4'd1; assign o = w[5]; endmodule\n")
    script = "read_verilog w.v; hierarchy -top m; proc"
    assert yosys(tmp_path, "-q", "-p", script).returncode == 0
    strict = yosys(tmp_path, "-q", "-e", ".*", "-p", script)
    assert strict.returncode == 1 and "Range select out of bounds" in strict.stderr


def test_error_fails_and_log_is_written(tmp_path):
    (tmp_path / "m.v").write_text("module m(output o); wire w; assign o = w; endmodule\n")
    (tmp_path / "s.ys").write_text("read_verilog m.v\nhierarchy -top m\nproc\ncheck -assert\n")
    r = yosys(tmp_path, "-ql", "s.log", "s.ys")
    assert r.returncode != 0 and "no driver" in (tmp_path / "s.log").read_text()
    (tmp_path / "ok.ys").write_text("read_verilog m.v\nhierarchy -top m\nstat\n")
    r = yosys(tmp_path, "-q", "-l", "ok.log", "-p", "script ok.ys")
    assert r.returncode == 0 and r.stdout == "" and "Printing statistics" in (tmp_path / "ok.log").read_text()


def test_unknown_option_is_one_line(tmp_path):
    r = yosys(tmp_path, "-x")
    assert r.returncode != 0 and r.stderr.strip().count("\n") == 0 and "unsupported argument" in r.stderr
