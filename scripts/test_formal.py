"""scripts/formal.py: the task list comes from the .sby files and formal/tasks.toml, the two agree,
the CI form of each task is what tasks.toml says, and open proofs are reported, not hidden."""

from __future__ import annotations

import shutil
import sys
import time
from pathlib import Path

import pytest

from scripts import formal

ROOT = Path(__file__).resolve().parent.parent


def copy_formal(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "formal", tmp_path / "formal")
    return tmp_path


def test_every_sby_task_has_one_entry():
    tasks = formal.discover(ROOT)
    names = {t.name for t in tasks}
    assert {"xif_shell:prove", "xif_shell:state_lo", "decoder:partial", "arith:karats"} <= names
    assert len(names) == len(tasks)


def test_a_task_missing_from_the_registry_is_an_error(tmp_path, capsys):
    root = copy_formal(tmp_path)
    sby = root / "formal" / "sampler" / "sampler.sby"
    sby.write_text(sby.read_text().replace("[tasks]\nprove\n", "[tasks]\nprove\nextra\n"))
    with pytest.raises(SystemExit) as exc:
        formal.discover(root)
    assert exc.value.code == 2
    assert "sampler:extra" in capsys.readouterr().err


def test_a_registry_entry_without_a_task_is_an_error(tmp_path, capsys):
    root = copy_formal(tmp_path)
    reg = root / "formal" / "tasks.toml"
    reg.write_text(reg.read_text() + '\n[sampler.gone]\nwhat = "x"\n')
    with pytest.raises(SystemExit):
        formal.discover(root)
    assert "sampler:gone" in capsys.readouterr().err


def test_quick_runs_every_task_in_some_form():
    tasks = formal.discover(ROOT)
    runs = formal.select(tasks, None, quick=True)
    covered = {r.task.name for r in runs}
    for t in tasks:
        stand_in = f"{t.job}:{t.ci[5:]}" if t.ci.startswith("task:") else t.name
        assert stand_in in covered, t.name
    assert all(r.smoke == (r.task.ci == "smoke") for r in runs)
    # open proofs are never run in full by CI
    assert not [r for r in runs if r.task.open and not r.smoke]


def test_smoke_sby_is_a_short_bmc_with_absolute_files(tmp_path):
    sby = ROOT / "formal" / "xif_shell" / "xif_shell.sby"
    sections = formal.sby_sections(sby)
    tags = formal.task_tags(sections, "bmc")
    out = formal.smoke_sby(sby, "bmc", tags, 3, tmp_path / "s.sby")
    opts = formal.task_options(formal.sby_sections(out), tags)
    assert opts["mode"] == "bmc" and opts["depth"] == "3"
    files = formal.sby_sections(out)["files"]
    assert files and all(Path(line.split()[-1]).is_absolute() for line in files)
    assert all(Path(line.split()[-1]).exists() for line in files)


def test_open_proof_that_passes_is_a_change():
    res = [{"job": "arith:karats", "form": "full", "status": "PASS", "open": "why"},
           {"job": "arith:k", "form": "full", "status": "FAIL", "open": ""}]
    notes = formal.changes(res, [{"job": "arith:k", "form": "full", "status": "PASS"}])
    assert any("arith:karats" in n and "PASSES" in n for n in notes)
    assert any("arith:k: PASS -> FAIL" in n for n in notes)


def test_a_budget_counts_cpu_seconds_of_the_whole_process_tree(tmp_path):
    """run_cpu_budget (the proof tasks' budgets): a process that sleeps longer than its budget is
    not stopped (no CPU used), a busy one is; so is a busy grandchild in a session of its own (as
    SymbiYosys starts its tools), and it is gone afterwards."""
    import subprocess
    from scripts.tools import run_cpu_budget
    log = tmp_path / "out.txt"
    code, wall, cpu = run_cpu_budget([sys.executable, "-c", "import time; time.sleep(1.2)"], 0.6, log)
    assert code == 0 and wall >= 1.2 and cpu < 0.6
    code, wall, cpu = run_cpu_budget([sys.executable, "-c", "while True: pass"], 0.6, log)
    assert code is None and (cpu >= 0.6 or wall >= 2.4)      # (the second on a crowded machine)
    marker = tmp_path / "pid"
    child = ("import os, subprocess, sys; p = subprocess.Popen([sys.executable, '-c', 'while True: pass'], "
             f"start_new_session=True); open({str(marker)!r}, 'w').write(str(p.pid)); p.wait()")
    code, wall, cpu = run_cpu_budget([sys.executable, "-c", child], 0.6, log)
    assert code is None and (cpu >= 0.6 or wall >= 2.4)
    pid = int(marker.read_text())
    time.sleep(0.2)
    alive = subprocess.run(["ps", "-o", "stat=", "-p", str(pid)], capture_output=True, text=True).stdout
    assert not alive.strip() or alive.strip().startswith("Z")
