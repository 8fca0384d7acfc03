"""The FuseSoC core (pqx.core) lists exactly the files of rtl/pqx_top.f, in compile order, so a
team that pulls PQX in through FuseSoC builds the same design that the tests verify. (`make lint`
runs the core's lint target.)"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def core_files(text: str) -> list[str]:
    block = text.split("filesets:", 1)[1].split("targets:", 1)[0]
    return re.findall(r"^\s*-\s*(rtl/\S+\.sv)\s*$", block, re.M)


def test_core_lists_the_top_file_list():
    flist = [ln.strip() for ln in (ROOT / "rtl" / "pqx_top.f").read_text().splitlines()
             if ln.strip() and not ln.startswith("#")]
    assert core_files((ROOT / "pqx.core").read_text()) == flist


def test_reader_sees_a_missing_file():
    text = (ROOT / "pqx.core").read_text().replace("      - rtl/fpr/pqx_fpr_unit.sv\n", "")
    assert "rtl/fpr/pqx_fpr_unit.sv" not in core_files(text)
