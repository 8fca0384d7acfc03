"""scripts/gen_isa.py: the files generated from the instruction table (verif/models/isa_table.py)
are current, a hand edit of one is caught, and a change of a table row reaches the RTL."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from scripts import gen_isa
from verif.models.isa_table import TABLE
from verif.units import ROOT

GENERATED = ["rtl/pqx_pkg.sv", "rtl/pqx_decoder.sv", "docs/isa.md", "firmware/include/pqx.h",
             "rtl/poly/pqx_poly_pkg.sv", "rtl/pqx_top.f"]


def copy_generated(tmp_path: Path) -> Path:
    """The generated files and what they are generated from besides the table (the manifests)."""
    manifests = [str(p.relative_to(ROOT)) for p in [ROOT / "rtl" / "unit.toml", *(ROOT / "rtl").glob("*/unit.toml")]]
    for rel in GENERATED + manifests:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / rel, tmp_path / rel)
    return tmp_path


def test_generated_files_are_up_to_date():
    assert gen_isa.stale() == [], "run `python -m scripts.gen_isa`"


@pytest.mark.parametrize("rel, old, new", [
    ("rtl/pqx_pkg.sv", "    OpKperm,", "    OpKpermX,"),                           # an enum value
    ("rtl/pqx_decoder.sv", "7'h79: op = pqx_pkg::OpCompareU32;", "7'h7A: op = pqx_pkg::OpCompareU32;"),
    ("docs/isa.md", "| KSTART | R4 0x6B | `001` | 0 | keccak | - | 0 | 24 |",
     "| KSTART | R4 0x6B | `001` | 0 | keccak | - | 0 | 23 |"),                     # a latency
    ("firmware/include/pqx.h", ".insn r 0x3b, 7, 0x0f,", ".insn r 0x3b, 7, 0x0e,"),
    ("rtl/poly/pqx_poly_pkg.sv", "7'd1: zeta_k = 24'd1729;", "7'd1: zeta_k = 24'd1730;"),  # a twiddle
    ("rtl/pqx_top.f", "rtl/fpr/pqx_fpr_unit.sv\n", ""),                               # a unit's file
])
def test_a_hand_edit_of_a_generated_file_is_caught(tmp_path, rel, old, new):
    root = copy_generated(tmp_path)
    text = (root / rel).read_text()
    assert text.count(old) == 1
    (root / rel).write_text(text.replace(old, new))
    assert gen_isa.stale(root) == [rel]


@pytest.mark.parametrize("change", [{"writeback": False}, {"latency": 2}, {"register_read": 0}])
def test_a_table_change_reaches_the_rtl(monkeypatch, change):
    """Changing a row (a writeback flag, a latency, the registers read) makes the committed RTL
    stale: the decoder tables are derived, not copied."""
    row = next(i for i in TABLE if i.name == "BARRETT")
    changed = tuple(dataclasses.replace(i, **change) if i is row else i for i in TABLE)
    monkeypatch.setattr(gen_isa, "TABLE", changed)
    assert "rtl/pqx_decoder.sv" in gen_isa.stale()
