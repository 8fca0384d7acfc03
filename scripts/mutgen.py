"""Generated mutants: every operator swap, constant change, inverted condition and dropped
assignment of the coprocessor's RTL (verif/mutation/generate.py, pyslang), each run against the
simulation tests, with a mutation score.

    python -m scripts.mutgen [--sample K | --all] [--seed S] [--files rtl/a.sv,...] [--jobs N]
                             [--list] [--report DIR]

Files: those of rtl/pqx_top.f (the SoC's own RTL is checked by firmware, `make mutants`).
Each mutant runs against the fastest tests that exercise its file, stopping at the first kill:
1. the tests of the file's own unit (verif/units.py: the first unit that builds the file alone,
   e.g. `arith` for rtl/arith/pqx_barrett.sv; none for pqx_top.sv and pqx_inflight.sv);
2. the system test on the default build (XifRandomTest, --n instructions, seed 1);
3. the system test on the pipelined build (code only that build has);
4. `make lint`'s checks of pqx_top on the mutated copy (Verilator -Wall, the Yosys front end with
   warnings as errors, both builds): the design rules a mutant can break without changing what a
   2-state simulation sees (a latch from a dropped default, an index out of range, a function
   result left partly undriven: Verilator's locals start at 0, hardware's do not).
A mutant is KILLED when a test fails or hangs (10x the baseline's run time) or lint flags it, STILLBORN when
Verilator rejects it (not counted), SURVIVED otherwise. Survivors are listed as
`file:line: original -> mutant`; verif/mutation/equivalent.toml names those that cannot change
behaviour, with a one-line argument each (they are not run and not counted).
Score = killed / (run - stillborn). The sample is `--sample K` mutants drawn with `--seed`
(reproducible); `--all` runs every one (hours). Reports: build/reports/mutants-generated.md and
.json. Exit status: 0 when no mutant survived outside the equivalence list, 1 otherwise, 2 on an
error (a baseline that fails, a malformed equivalence list).
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import tempfile
import threading
import time
import tomllib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

from scripts.mutate import BASELINE, MUTANT_DIR, mutant_dir, run_one
from verif.units import ROOT, UNITS, file_list
from verif.mutation.generate import Mutant, generate_files

EQUIVALENT = ROOT / "verif" / "mutation" / "equivalent.toml"
REPORTS = ROOT / "build" / "reports"
GEN_DIR = "gen"           # build/mutants/gen/<mutant>


def default_files() -> list[str]:
    return [str(f.relative_to(ROOT)) for f in file_list("rtl/pqx_top.f")]


def stages(file: str) -> list[str]:
    """The simulation units that run against a mutant of `file`, fastest first."""
    own = next((u.name for u in UNITS.values() if "rtl/pqx_top.f" not in u.sources and not u.pipelined
                and any(str(f.relative_to(ROOT)) == file for f in u.source_files())), None)
    return ([own] if own else []) + ["top", "top_pipelined"]


def load_equivalent(path: Path = EQUIVALENT) -> list[dict[str, str]]:
    """Entries: file, line (text the mutated line contains), mutant ("original -> replacement" as
    in the report), reason."""
    if not path.exists():
        return []
    entries = tomllib.loads(path.read_text()).get("equivalent", [])
    for e in entries:
        if not all(isinstance(e.get(k), str) and e.get(k) for k in ("file", "line", "mutant", "reason")):
            raise ValueError(f"{path}: every [[equivalent]] needs file, line, mutant and reason: {e}")
        if "occurrence" in e and not (isinstance(e["occurrence"], int) and e["occurrence"] >= 1):
            raise ValueError(f"{path}: occurrence is a line count from 1: {e}")
    return entries


def equivalence(m: Mutant, entries: list[dict[str, str]], lines: dict[str, list[str]]) -> str:
    """The reason of the entry that names mutant m, or "". An entry whose `line` text occurs on
    several lines of the file names one of them by `occurrence` (1: the first)."""
    text = lines[m.file][m.line - 1]
    change = m.describe().split(": ", 1)[1]
    for e in entries:
        if e["file"] == m.file and e["line"] in text and e["mutant"] == change:
            if "occurrence" in e:
                hits = [k for k, t in enumerate(lines[m.file], 1) if e["line"] in t]
                if hits.index(m.line) + 1 != int(e["occurrence"]):
                    continue
            return e["reason"]
    return ""


@dataclass
class Result:
    id: str
    describe: str
    status: str          # killed | SURVIVED | stillborn | equivalent | error
    by: str              # the unit whose test killed it, and its first check line
    seconds: float
    reason: str = ""


class Baselines:
    """Each unit is built and run unmutated once, when a mutant first needs it: it must pass, and
    its run time sets the unit's hang limit (10x, at least 20 s)."""

    def __init__(self, n: int | None) -> None:
        self.n = n
        self.limits: dict[str, float] = {}
        self.locks: dict[str, threading.Lock] = {}
        self.guard = threading.Lock()

    def limit(self, unit: str) -> float:
        with self.guard:
            lock = self.locks.setdefault(unit, threading.Lock())
        with lock:
            if unit not in self.limits:
                o = run_one(BASELINE, unit, 1, self.n, 600.0, 900.0)
                if o.status != "passed":
                    raise RuntimeError(f"the unmutated {unit} does not pass ({o.killed_by})")
                run_s = json.loads((mutant_dir(BASELINE, unit) / "status.json").read_text())["run_s"]
                print(f"mutgen: baseline {unit}: passed, test {run_s:.0f} s", flush=True)
                self.limits[unit] = max(20.0, 10 * float(run_s))
            return self.limits[unit]


def run_mutant(m: Mutant, index: int, n: int, baselines: Baselines) -> Result:
    name = f"{GEN_DIR}/{index:05d}"
    spec = mutant_dir(name, "top").with_suffix(".json")
    spec.parent.mkdir(parents=True, exist_ok=True)
    spec.write_text(json.dumps(asdict(m)))
    t0 = time.monotonic()
    for unit in stages(m.file):
        o = run_one(name, unit, 1, n, 300.0, baselines.limit(unit), spec)
        if o.status == "error":
            try:
                detail = json.loads((mutant_dir(name, unit) / "status.json").read_text())
            except (OSError, ValueError):
                detail = {}
            if detail.get("result") == "build_error":
                return Result(m.id, m.describe(), "stillborn", unit, time.monotonic() - t0)
            return Result(m.id, m.describe(), "error", f"{unit}: {o.killed_by}", time.monotonic() - t0)
        if o.status == "killed":
            return Result(m.id, m.describe(), "killed", f"{unit}: {o.killed_by}", time.monotonic() - t0)
    finding = lint(m)
    if finding:
        return Result(m.id, m.describe(), "killed", f"lint: {finding}", time.monotonic() - t0)
    return Result(m.id, m.describe(), "SURVIVED", "-", time.monotonic() - t0)


def lint(m: Mutant) -> str:
    """`make lint`'s checks of pqx_top (Verilator -Wall, the Yosys front end with warnings as
    errors; both builds) on a mutated copy: the first finding, or "" when it is clean. The
    unmutated RTL is clean (`make lint`), so a finding is the mutant's: a latch where a default
    assignment was dropped, an index out of range, a function result not assigned in full."""
    from scripts.lint import run, top_checks
    from scripts.tools import setup_verilator_env
    setup_verilator_env()
    (ROOT / "build").mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="pqx_mutgen_lint_", dir=ROOT / "build") as tmp:
        root = Path(tmp)
        shutil.copytree(ROOT / "rtl", root / "rtl")
        path = root / m.file
        path.write_bytes(m.apply(path.read_bytes()))
        for label, cmd in top_checks(root):
            ok, out = run(cmd, cwd=root)
            if not ok:
                first = next((ln.strip() for ln in out.splitlines()
                              if "%Warning" in ln or "%Error" in ln or "ERROR" in ln or "Warning" in ln),
                             out.strip().splitlines()[0] if out.strip() else "failed")
                return f"{label}: {first[:200]}"
    return ""


def write_report(results: list[Result], total: int, sample: str, out: Path, seconds: float) -> dict:
    counted = [r for r in results if r.status in ("killed", "SURVIVED")]
    killed = sum(r.status == "killed" for r in counted)
    by_lint = sum(r.status == "killed" and r.by.startswith("lint:") for r in counted)
    score = 100 * killed / len(counted) if counted else 100.0
    score_sim = 100 * (killed - by_lint) / len(counted) if counted else 100.0
    by_status = {s: sum(r.status == s for r in results) for s in
                 ("killed", "SURVIVED", "stillborn", "equivalent", "error")}
    summary = {"generated": total, "sample": sample, "score": round(score, 1),
               "score_simulation": round(score_sim, 1), "killed_by_lint": by_lint, **by_status,
               "seconds": round(seconds), "results": [asdict(r) for r in results]}
    md = [f"{total} mutants generated from the RTL; {sample}: {len(results)} mutants, "
          f"{killed} killed of {len(counted)} counted (**{score:.1f} %**; by simulation alone "
          f"{killed - by_lint}, {score_sim:.1f} %, by lint {by_lint}), "
          f"{by_status['stillborn']} stillborn (rejected by Verilator), {by_status['equivalent']} "
          f"listed as equivalent, {by_status['error']} errors; {seconds:.0f} s.", ""]
    survivors = [r for r in results if r.status == "SURVIVED"]
    if survivors:
        md += ["Survivors (neither killed nor listed in verif/mutation/equivalent.toml):", ""]
        md += [f"- `{r.describe}`" for r in survivors] + [""]
    md += ["| mutant | status | killed by | time (s) |", "|---|---|---|---|"]
    for r in results:
        by = (r.reason if r.status == "equivalent" else r.by).replace("|", "\\|")[:160]
        md.append(f"| `{r.describe.replace('|', chr(92) + '|')}` | {r.status} | {by} | {r.seconds:.0f} |")
    out.mkdir(parents=True, exist_ok=True)
    (out / "mutants-generated.json").write_text(json.dumps(summary, indent=1))
    (out / "mutants-generated.md").write_text("# Generated mutants\n\n" + "\n".join(md) + "\n")
    summary["markdown"] = md
    return summary


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", help="comma-separated RTL files (default: rtl/pqx_top.f)")
    group = ap.add_mutually_exclusive_group()
    group.add_argument("--sample", type=int, default=20, help="mutants drawn at random (default 20)")
    group.add_argument("--all", action="store_true", help="every generated mutant")
    ap.add_argument("--seed", type=int, default=1, help="draws the sample (the tests' seed is 1)")
    ap.add_argument("--n", type=int, default=None,
                    help="instructions of the system test (default: the test's own)")
    ap.add_argument("--jobs", "-j", type=int, default=2)
    ap.add_argument("--list", action="store_true", help="print the generated mutants and exit")
    ap.add_argument("--only", help="comma-separated mutant ids (file:line:column:kind, as --list prints)")
    ap.add_argument("--report", type=Path, default=REPORTS)
    args = ap.parse_args(argv)

    files = args.files.split(",") if args.files else default_files()
    bad = [f for f in files if not (ROOT / f).is_file()]
    if bad:
        print(f"mutgen: error: no such RTL file: {bad[0]}", file=sys.stderr)
        return 2
    try:
        mutants = generate_files(files)
        equivalent = load_equivalent()
    except (ValueError, tomllib.TOMLDecodeError) as exc:
        print(f"mutgen: error: {exc}", file=sys.stderr)
        return 2
    if args.list:
        for m in mutants:
            print(f"{m.id:40} {m.describe()}")
        print(f"{len(mutants)} mutants")
        return 0
    indexed = list(enumerate(mutants))
    if args.only:
        ids = args.only.split(",")
        unknown = [i for i in ids if i not in {m.id for m in mutants}]
        if unknown:
            print(f"mutgen: error: no generated mutant {unknown[0]} (see --list)", file=sys.stderr)
            return 2
        chosen = [(i, m) for i, m in indexed if m.id in ids]
        sample = f"{len(chosen)} chosen by id"
    elif args.all:
        chosen, sample = indexed, "all"
    else:
        chosen = sorted(random.Random(args.seed).sample(indexed, min(args.sample, len(indexed))))
        sample = f"sample of {len(chosen)} (seed {args.seed})"
    lines = {f: (ROOT / f).read_text().splitlines() for f in files}
    t0 = time.monotonic()
    results: dict[int, Result] = {}
    to_run = []
    for i, m in chosen:
        reason = equivalence(m, equivalent, lines)
        if reason:
            results[i] = Result(m.id, m.describe(), "equivalent", "-", 0.0, reason)
        else:
            to_run.append((i, m))
    print(f"mutgen: {len(mutants)} mutants generated from {len(files)} files; running {len(to_run)} "
          f"({sample}; {len(chosen) - len(to_run)} listed as equivalent), {args.jobs} at a time",
          flush=True)
    baselines = Baselines(args.n)
    done = 0

    def task(im: tuple[int, Mutant]) -> tuple[int, Result]:
        nonlocal done
        i, m = im
        try:
            r = run_mutant(m, i, args.n, baselines)
        except RuntimeError as exc:       # a baseline that fails: no result means anything
            r = Result(m.id, m.describe(), "error", str(exc), 0.0)
        done += 1
        eta = (time.monotonic() - t0) / done * (len(to_run) - done)
        print(f"mutgen: [{done}/{len(to_run)}] {r.describe}: {r.status} ({r.seconds:.0f} s) "
              f"{r.by if r.status != 'SURVIVED' else ''}  (about {eta / 60:.0f} min left)", flush=True)
        return i, r

    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for i, r in pool.map(task, to_run):
            results[i] = r
    ordered = [results[i] for i, _ in chosen]
    summary = write_report(ordered, len(mutants), sample, args.report, time.monotonic() - t0)
    print("\n".join(summary["markdown"][:2]))
    for r in ordered:
        if r.status == "SURVIVED":
            print(f"mutgen: SURVIVED {r.describe}")
    print(f"mutgen: report {args.report / 'mutants-generated.md'}")
    if summary["error"]:
        return 2
    return 1 if summary["SURVIVED"] else 0


if __name__ == "__main__":
    sys.exit(main())
