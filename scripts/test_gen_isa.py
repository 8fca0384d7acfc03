"""scripts/gen_isa.py: the files generated from the instruction table (verif/models/isa_table.py)
are current, a hand edit of one is caught, and a change of a table row reaches the RTL."""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pytest

from scripts import gen_isa
from verif.models.isa_table import TABLE
from verif.units import ROOT

GENERATED = ["rtl/pqx_pkg.sv", "rtl/pqx_decoder.sv", "docs/isa.md", "firmware/include/pqx.h",
             "rtl/poly/pqx_poly_pkg.sv", "rtl/pqx_top.f", "rtl/pqx_top.sv", "pqx.core"] + \
    [f"formal/{job}/{job}.sby" for job in ("decoder", "keccak_top", "xif_comb", "xif_shell", "ct")]
SOURCES = ["formal/ct/control.txt"]
"""Read by make gen besides the table, the manifests and the RTL."""


def copy_generated(tmp_path: Path) -> Path:
    """The generated files and what they are generated from besides the table (the manifests and
    the units' RTL, whose ports the instances in pqx_top follow)."""
    shutil.copytree(ROOT / "rtl", tmp_path / "rtl")
    for rel in GENERATED + SOURCES:
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
    ("rtl/pqx_top.sv", "    .exc_o  (unit_exc[pqx_pkg::UnitSampler])", "    .exc_o  ()"),  # an instance
    ("rtl/pqx_pkg.sv", "UnitFpr     = 4'd5", "UnitFpr     = 4'd9"),                 # a unit's id
    ("pqx.core", "      - rtl/fpr/pqx_fpr_unit.sv\n", ""),                             # the core's list
    ("formal/xif_comb/xif_comb.sby", "read -sv pqx_fpr_unit.sv\n", ""),             # a proof's reads
    ("formal/decoder/decoder.sby", "../../rtl/fpr/pqx_fpr_unit.sv\n", ""),          # ... its files
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


def test_a_unit_port_outside_the_contract_stops_gen_in_one_line(tmp_path):
    """A unit whose manifest says `contract = true` but has a port the contract does not name
    cannot be instantiated from the contract: make gen says which port, in one line."""
    root = copy_generated(tmp_path)
    fpr = root / "rtl" / "fpr" / "pqx_fpr_unit.sv"
    fpr.write_text(fpr.read_text().replace("  input  logic         start_i,",
                                           "  input  logic         start_i,\n  input  logic         go_i,", 1))
    with pytest.raises(gen_isa.GenError, match=r"pqx_fpr_unit has input go_i, not a port of the unit contract"):
        gen_isa.outputs(root)


def test_the_constant_time_probes_follow_the_control_list(tmp_path):
    """formal/ct/control.txt gives both copies' probe connections and their width, for each build;
    a line that is not `path width [pipe]` stops make gen in one line."""
    root = copy_generated(tmp_path)
    control = root / "formal" / "ct" / "control.txt"
    control.write_text(control.read_text() + "u_keccak.extra_q  3\n")
    sby = gen_isa.outputs(root)["formal/ct/ct.sby"]
    widths = [int(w) for w in re.findall(r"chparam -set CtlW (\d+)", sby)]
    before = [int(w) for w in re.findall(r"chparam -set CtlW (\d+)", (ROOT / "formal/ct/ct.sby").read_text())]
    assert widths == [w + 3 for w in before] and len(widths) == 2    # the two builds' lists
    assert sby.count("u_a.u_keccak.extra_q") == sby.count("u_b.u_keccak.extra_q") == 2
    control.write_text(control.read_text() + "u_keccak.bad_q\n")
    with pytest.raises(gen_isa.GenError, match=r"control.txt:\d+: want `path width \[pipe\]`, not 'u_keccak.bad_q'"):
        gen_isa.outputs(root)


def test_a_contract_unit_gets_exactly_its_ports(tmp_path):
    """The instance connects the ports the unit has (the sampler: no clock, no start) and reads
    0 for the contract outputs it lacks."""
    body = gen_isa.sv_unit_instances()
    sampler = body[body.index("pqx_sampler_unit u_sampler"):body.index("pqx_fpr_unit u_fpr")]
    assert ".clk_i" not in sampler and ".start_i" not in sampler and ".exc_o" in sampler
    assert "assign unit_mc_done[pqx_pkg::UnitSampler] = '0;" in sampler
    assert "assign unit_exc[pqx_pkg::UnitSampler]" not in sampler
