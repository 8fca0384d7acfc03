"""The regression's jobs (scripts/regress.py): shards split by expected cost, the cache keyed by
content (a change re-runs only the jobs that read the file; FRESH runs all; a cached result is
the one that ran), and the report of a cached run decides as the run itself did."""

from __future__ import annotations

import json
import sys

import pytest

from scripts import regress, report


def test_shards_split_the_nightly_by_cost():
    plan = regress.plan("nightly", 20261204, None)
    parts = [regress.select_shard(plan, f"{i}/8") for i in range(1, 9)]
    names = [s.name for p in parts for s in p]
    assert sorted(names) == sorted(s.name for s in plan) and len(names) == len(set(names))
    costs = [sum(s.cost for s in p) for p in parts]
    biggest = max(s.cost for s in plan)
    assert max(costs) - min(costs) <= biggest                    # within one job of each other
    assert max(costs) <= 1.10 * sum(costs) / len(costs)           # and within 10 % of the mean
    again = regress.select_shard(regress.plan("nightly", 20261204, None), "3/8")
    assert [s.name for s in again] == [s.name for s in parts[2]]  # the same on every machine


def test_every_proof_task_mutant_and_synthesis_unit_is_a_job():
    from scripts import formal
    from scripts.synth import SYNTH_UNITS
    from verif.mutation.table import MUTATIONS
    names = [s.name for s in regress.plan("nightly", 1, None)]
    assert len(names) == len(set(names))
    assert sum(n.startswith("formal ") for n in names) == len(formal.discover(regress.ROOT))
    assert sum(n.startswith("mutant ") for n in names) == len(MUTATIONS)
    figures = [n for n in names if n.startswith("implementation figures: ")]
    assert {n.split(": ")[1].split(",")[0] for n in figures} == set(SYNTH_UNITS)   # every unit,
    assert len(figures) == 2 * len(SYNTH_UNITS) - sum(not u.gate_count for u in SYNTH_UNITS.values())
    ci = regress.plan("ci", 1, None)
    assert all(s.inputs for s in ci if s.name.startswith(("formal ", "mutant ")))
    assert not any(s.inputs for s in ci if s.seed is not None)   # seeded jobs always run


def test_costs_come_from_a_previous_results_json(tmp_path):
    prev = tmp_path / "results.json"
    prev.write_text(json.dumps({"jobs": {"lint": 123.5, "sim top seed=7": 100, "sim top seed=8": 200}}))
    plan = {s.name: s for s in regress.plan("ci", 1, None, prev)}
    assert plan["lint"].cost == 123.5
    assert plan["sim top seed=1"].cost == plan["sim top seed=2"].cost == 150    # last night's seeds
    assert plan["sim decoder seed=1"].cost == regress.DEFAULT_COST["sim"]


@pytest.fixture
def tree(tmp_path, monkeypatch):
    """A repository of two 'units' and a report folder, with jobs that count their runs."""
    root, reports = tmp_path / "repo", tmp_path / "repo" / "build" / "reports"
    for unit in ("crv", "mce"):
        (root / "rtl" / unit).mkdir(parents=True)
        (root / "rtl" / unit / f"pqx_{unit}.sv").write_text(f"module pqx_{unit}; endmodule\n")
    (root / "requirements.txt").write_text("tool==1\n")
    monkeypatch.setattr(regress, "ROOT", root)
    monkeypatch.setattr(regress, "REPORTS", reports)
    runs = tmp_path / "runs.txt"

    def job(unit: str) -> regress.Step:
        out = f"formal/{unit}.json"
        code = (f"import pathlib, json; open({str(runs)!r}, 'a').write('{unit}\\n'); "
                f"p = pathlib.Path({str(reports / out)!r}); p.parent.mkdir(parents=True, exist_ok=True); "
                f"p.write_text(json.dumps([{{'job': '{unit}:prove', 'status': 'PASS'}}])); print('proved')")
        return regress.Step(f"formal {unit}:prove", [sys.executable, "-c", code], "repro",
                            inputs=(f"rtl/{unit}", "requirements.txt"), outputs=(out,), kind="formal")

    def run(fresh: bool = False) -> list[str]:
        runs.write_text("")
        steps = [job("crv"), job("mce")]
        regress.run_parallel(steps, 2, tmp_path / "cache", fresh)
        assert all(s.status == "PASS" for s in steps)
        return sorted(runs.read_text().split())
    return root, reports, run


def test_a_change_reruns_only_the_jobs_that_read_it(tree):
    root, reports, run = tree
    assert run() == ["crv", "mce"]                  # empty cache: both run
    assert run() == []                              # nothing changed: both from the cache
    (root / "rtl" / "crv" / "pqx_crv.sv").write_text("module pqx_crv; wire a; endmodule\n")
    assert run() == ["crv"]                         # one line in rtl/crv: only the crv job
    assert run(fresh=True) == ["crv", "mce"]        # FRESH=1: every job
    (root / "requirements.txt").write_text("# the tools\ntool==2\n")
    assert run() == ["crv", "mce"]                  # another tool version: every job
    (root / "requirements.txt").write_text("# the tools, pinned\ntool==2\n"
                                           f"charts==3   {regress.NOT_AN_INPUT}\n")
    assert run() == []                              # a comment, a pin no cached job reads: none


def test_the_key_holds_every_module_the_command_imports(tree):
    """A `python -m` job's key covers its module's import closure, at any depth, without the
    job naming those files: a change two imports down re-runs it, an unrelated module does not."""
    root, _, _ = tree
    for path, text in {"scripts/__init__.py": "", "scripts/tool.py": "from verif import helper\n",
                       "verif/__init__.py": "", "verif/helper.py": "from verif.deep import X\n",
                       "verif/deep.py": "X = 1\n", "verif/other.py": "Y = 1\n"}.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    step = regress.Step("tool", [sys.executable, "-m", "scripts.tool"], "repro", inputs=("rtl/crv",))

    def key() -> str:
        regress.imported_files.cache_clear()
        return regress.cache_key(step)
    first = key()
    (root / "verif" / "other.py").write_text("Y = 2\n")
    assert key() == first
    (root / "verif" / "deep.py").write_text("X = 2\n")
    assert key() != first


def test_a_cached_result_is_the_one_that_ran(tree, capsys):
    root, reports, run = tree
    run()
    ran = (reports / "formal" / "crv.json").read_text()
    (reports / "formal" / "crv.json").unlink()
    run()
    assert (reports / "formal" / "crv.json").read_text() == ran       # the report file restored
    log = (reports / "logs" / "formal_crv_prove.log").read_text()
    assert log.startswith("(cached result") and "proved" in log
    assert "PASS (cached" in capsys.readouterr().out


def test_failures_are_not_cached(tree, tmp_path):
    root, reports, _ = tree
    bad = regress.Step("lint", [sys.executable, "-c", "raise SystemExit(1)"], "make lint",
                       inputs=("rtl",))
    for _ in range(2):
        regress.run_parallel([bad], 1, tmp_path / "cache")
        assert bad.status == "FAIL" and not bad.cached
    assert not list((tmp_path / "cache").glob("*.json"))


def test_cached_and_fresh_reports_have_one_digest(tree):
    root, reports, run = tree

    def digest() -> str:                  # the report of the two jobs, as scripts/report.py reads it
        steps = [regress.Step(f"formal {u}:prove", [], "", outputs=(f"formal/{u}.json",)) for u in ("crv", "mce")]
        (reports / "steps.json").write_text(json.dumps({
            "profile": "ci", "seed": 1, "shard": None, "wall": 1.0,
            "steps": [{"index": k, "name": s.name, "seed": None, "status": "PASS", "seconds": 1.0,
                       "outputs": list(s.outputs), "repro": "", "tail": []} for k, s in enumerate(steps)]}))
        return report.results_digest(report.Reports([reports]), {})
    run(fresh=True)
    first = digest()
    run()                                            # both from the cache
    assert digest() == first
    (reports / "formal" / "mce.json").write_text(json.dumps([{"job": "mce:prove", "status": "FAIL"}]))
    assert digest() != first                         # and the digest sees the proofs' verdicts


def test_a_job_marked_alone_has_the_machine_to_itself(tmp_path, monkeypatch):
    """run_parallel: while a job marked `alone` runs, no other job does (the throughput run of
    the pyuvm environment is measured so), and it does not start beside another one."""
    import threading
    import time as _time
    active: list[str] = []
    overlaps: list[tuple[str, ...]] = []
    lock = threading.Lock()

    def fake_run(step, index, total, cache=None, fresh=False):
        with lock:
            active.append(step.name)
            overlaps.append(tuple(active))
        _time.sleep(0.05 if step.name != "long" else 0.3)
        with lock:
            active.remove(step.name)
        step.status = "PASS"
    monkeypatch.setattr(regress, "run_step", fake_run)
    steps = [regress.Step(n, ["true"], "repro", cost=c) for n, c in
             (("long", 9.0), ("a", 5.0), ("b", 4.0), ("c", 1.0))]
    steps.insert(2, regress.Step("measure", ["true"], "repro", cost=6.0, alone=True))
    regress.run_parallel(steps, 2)
    assert all(s.status == "PASS" for s in steps)
    assert all(len(o) == 1 for o in overlaps if "measure" in o)
    assert any(len(o) == 2 for o in overlaps)           # the others did run side by side
