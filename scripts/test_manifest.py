"""The unit manifests (verif/manifest.py) against the tree and every registry that holds unit
facts: the RTL folders and their files, pqx_top.f and the SoC's list, the proof jobs' file lists,
the simulation units, the synthesis units and the planted bugs. Each rule is shown to fail once."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from verif import manifest
from verif.units import ROOT, UNITS, file_list


def test_the_tree_agrees_with_its_manifests():
    assert manifest.problems(ROOT) == []


@pytest.fixture
def tree(tmp_path):
    for d in ("rtl", "formal"):
        shutil.copytree(ROOT / d, tmp_path / d)
    manifest.manifests.cache_clear()
    yield tmp_path
    manifest.manifests.cache_clear()


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


PLANTED = [
    ("folder without a manifest", lambda t: (t / "rtl/fpr/unit.toml").unlink(), "rtl/fpr/ has no unit.toml"),
    ("file not listed", lambda t: (t / "rtl/crv/pqx_crv_extra.sv").write_text("module m; endmodule\n"),
     "['rtl/crv/pqx_crv_extra.sv'] not listed"),
    ("listed file missing", lambda t: (t / "rtl/sampler/pqx_sampler_unit.sv").rename(t / "rtl/sampler/x.txt"),
     "rtl/sampler/unit.toml: files ['rtl/sampler/pqx_sampler_unit.sv'] not in the folder"),
    ("wrong top", lambda t: edit(t / "rtl/arith/unit.toml", 'top = "pqx_arith_unit"', 'top = "pqx_arith"'),
     "top module pqx_arith is declared in none of its files"),
    ("unit without an id", lambda t: (edit(t / "rtl/keccak/unit.toml", "id = 1\n", ""),
                                      edit(t / "rtl/keccak/unit.toml", "about = ", "# about = ")),
     "units keccak: no id"),
    ("two units with one id", lambda t: edit(t / "rtl/fpr/unit.toml", "id = 5", "id = 4"), "id 4 is"),
    ("id out of range", lambda t: edit(t / "rtl/fpr/unit.toml", "id = 5", "id = 16"),
     "rtl/fpr/unit.toml: id 16 is not a unit number 0..15"),
    ("proof job not listed", lambda t: edit(t / "rtl/mce/unit.toml", 'formal = ["mce"]', "formal = []"),
     "rtl/mce/unit.toml: formal lacks mce"),
    ("proof job without a file", lambda t: edit(t / "formal/mce/mce.sby", "../../rtl/mce/pqx_mce_chien.sv\n", ""),
     "formal/mce/mce.sby: [files] should hold mce's sources in manifest order: rtl/mce/pqx_mce_chien.sv"),
    ("SoC list drifted", lambda t: edit(t / "rtl/soc/pqx_soc.f", "rtl/soc/pqx_soc_ram.sv\n", ""),
     "rtl/soc/pqx_soc.f: its own files differ"),
    ("unknown key", lambda t: edit(t / "rtl/fpr/unit.toml", "sims =", "simz ="),
     "rtl/fpr/unit.toml: unknown key(s) simz"),
    ("planted bug without its text", lambda t: (t / "rtl/fpr/unit.toml").write_text(
        (t / "rtl/fpr/unit.toml").read_text() + '\n[[mutant]]\nname = "x"\nfile = "pqx_fpr_unit.sv"\n'),
     "rtl/fpr/unit.toml: [[mutant]] x: missing about, original, replacement"),
    ("not TOML", lambda t: (t / "rtl/fpr/unit.toml").write_text("name = \n"), "rtl/fpr/unit.toml: not readable TOML"),
    ("no synthesis build", lambda t: edit(t / "rtl/fpr/unit.toml", "[[synth]]\nname = \"fpr\"\nbudget_s = 300\n", ""),
     "rtl/fpr/unit.toml: no [[synth]] table"),
]


@pytest.mark.parametrize("plant, want", [p[1:] for p in PLANTED], ids=[p[0] for p in PLANTED])
def test_a_planted_disagreement_is_reported_in_one_line(tree, plant, want):
    plant(tree)
    found = manifest.problems(tree)
    assert any(want in p for p in found), found
    assert all("\n" not in p for p in found)


def test_pqx_top_f_is_the_manifests_list():
    from scripts import gen_isa
    assert "rtl/pqx_top.f" not in gen_isa.stale(ROOT)
    listed = [str(p.relative_to(ROOT)) for p in file_list("rtl/pqx_top.f")]
    assert listed == manifest.top_file_list(ROOT)


def test_every_simulation_unit_belongs_to_one_manifest_and_builds_from_its_files():
    ms = manifest.manifests(ROOT)
    owners = {sim: m.name for m in ms.values() for sim in m.sims}
    assert sorted(owners) == sorted(UNITS), set(owners) ^ set(UNITS)
    assert sum(len(m.sims) for m in ms.values()) == len(owners)          # no unit in two manifests
    everything = set(manifest.top_file_list(ROOT))
    for name, unit in UNITS.items():
        m = ms[owners[name]]
        rtl = {str(f.relative_to(ROOT)) for f in unit.source_files() if "rtl/" in str(f)}
        allowed = everything if m.name == "top" else set(m.sources)
        assert rtl <= allowed, (name, rtl - allowed)


def test_make_synth_measures_every_unit_of_pqx_top():
    from scripts.synth import PARTS, SYNTH_UNITS
    ms = manifest.manifests(ROOT)
    assert sorted(SYNTH_UNITS) == sorted(t["name"] for m in ms.values() for t in m.synth)
    units = manifest.execution_units(ROOT)
    assert [p for p in PARTS if p not in ("decoder", "inflight")] == [m.synth[0]["name"] for m in units]
    assert all(SYNTH_UNITS[p].top == m.top for p, m in zip(PARTS[2:], units))


def test_every_planted_bug_is_in_a_unit_and_every_unit_has_one():
    from verif.mutation.table import MUTATIONS
    rtl = [m for m in MUTATIONS if m.file.startswith("rtl/")]
    assert all(manifest.owner(m.file, ROOT) for m in rtl), [m.name for m in rtl if not manifest.owner(m.file, ROOT)]
    hit = {manifest.owner(m.file, ROOT).name for m in rtl}
    assert hit == set(manifest.manifests(ROOT)), set(manifest.manifests(ROOT)) - hit
