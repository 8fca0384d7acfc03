"""scripts/anf_gf12.py, the algebraic proof of mce:mul: it proves the RTL and fails planted bugs."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from scripts import anf_gf12

ROOT = Path(__file__).resolve().parent.parent


def tree(tmp_path: Path, file: str = "", old: str = "", new: str = "") -> Path:
    for f in anf_gf12.RTL:
        (tmp_path / f).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / f, tmp_path / f)
    if file:
        text = (tmp_path / file).read_text()
        assert text.count(old) == 1
        (tmp_path / file).write_text(text.replace(old, new))
    return tmp_path


@pytest.mark.nightly          # make test proves it once already: formal task mce:mul
def test_the_rtl_is_proven(tmp_path):
    assert anf_gf12.main(["--root", str(tree(tmp_path / "t")), "--workdir", str(tmp_path / "w")]) == 0


@pytest.mark.parametrize("file,old,new", [
    ("rtl/mce/pqx_mce_pkg.sv", "13'h1009", "13'h100B"),                      # another polynomial
    pytest.param("rtl/mce/pqx_mce_pkg.sv", "for (int i = 0; i < M; i++) p[2*i] = a[i];",
                 "for (int i = 0; i < M - 1; i++) p[2*i] = a[i];",          # GF12SQ drops a bit
                 marks=pytest.mark.nightly),
    pytest.param("rtl/mce/pqx_mce_unit.sv", "assign y = rs2_i[M-1:0];",
                 "assign y = rs2_i[M-1:0] | rs2_i[2*M-1:M];",                # upper bits leak
                 marks=pytest.mark.nightly),
])
def test_planted_bugs_fail(tmp_path, capsys, file, old, new):
    root = tree(tmp_path / "t", file, old, new)
    assert anf_gf12.main(["--root", str(root), "--workdir", str(tmp_path / "w")]) == 1
    assert "FAIL" in capsys.readouterr().out


def test_a_missing_source_is_one_line(tmp_path, capsys):
    root = tree(tmp_path / "t")
    (root / "rtl/mce/pqx_mce_unit.sv").unlink()
    with pytest.raises(SystemExit) as exc:
        anf_gf12.main(["--root", str(root), "--workdir", str(tmp_path / "w")])
    assert exc.value.code != 0
    assert "not found" in capsys.readouterr().err
