"""The regression's report: summary.md, JUnit and the results digest, from one run's report
directory or merged from the directories of several shards.

    python -m scripts.report DIR [DIR ...] [--out build/reports] [--history DIR]
                                          (make report SHARDS="..." HISTORY=dir)

A run of `make test`/`make regress` (scripts/regress.py) leaves in build/reports/: steps.json (its
steps with status, seed, time and reproduce command), junit/*.xml, raw/<step>/ (measurements of
each simulation: functional coverage bins, latencies, kernel cycles, Verilator coverage.dat),
formal/*.json (a proof task each), cycles.md, schemes/<set>/schemes.json, synth/<unit>/synth.json. A shard (`make regress SHARD=i/N`) leaves the same
for its part of the nightly. Besides summary.md, every report writes index.html (the same tables
and charts, scripts/report_html.py) and results.json (the run's figures, for trends). Merging reads any set of such directories and writes one summary, in
the order of the full plan, as an unsharded run would: the same results digest when the shards
together ran the same steps with the same seeds.

The digest is a SHA-256 over what a run decides and that does not depend on timing: each step's
status, every JUnit test case's outcome, the code coverage points, the functional coverage bins,
the kernel cycle counts and every proof's status. Exit status: 1 when a step failed (or a complete
run has an uncovered line without a reason: in the nightly, a line marked as reached by the
nightly counts only when reached), 2 on unreadable input, else 0.
"""

from __future__ import annotations

import argparse
import hashlib
import re
import json
import shutil
import sys
from datetime import date
from pathlib import Path
from xml.etree import ElementTree
from xml.sax.saxutils import escape

from scripts.tvla import CAMPAIGNS
from verif.units import ROOT

REPORTS = ROOT / "build" / "reports"

PRODUCERS = {"cycles.md": "SoC: cycle table", "cycles-quick/cycles.md": "SoC kernels, short inputs",
             "cycles.json": "SoC: cycle table", "cycles-quick/cycles.json": "SoC kernels, short inputs",
             "mutants-generated.json": "generated mutants",
             "mutants-generated.md": "generated mutants",
             **{f"leakage/{op}.{ext}": "leakage" for op in CAMPAIGNS for ext in ("md", "json")}}
"""Report files that outlive a run: a directory's copy is used only when a step of that run
produced it (the step's name starts with the value). Jobs that list their report files in
steps.json (`outputs`: formal/*.json, synth/<unit>/synth.json, schemes/<set>/schemes.json) need
no entry here."""


class Reports:
    """The report directories of one run, or of the shards of one run."""

    def __init__(self, dirs: list[Path]) -> None:
        self.dirs = dirs
        self.meta = []
        for d in dirs:
            f = d / "steps.json"
            if not f.is_file():
                raise ValueError(f"{d}: no steps.json (not the report directory of a regression run)")
            self.meta.append(json.loads(f.read_text()))
        first = self.meta[0]
        for d, m in zip(dirs, self.meta):
            if (m["profile"], m["seed"]) != (first["profile"], first["seed"]):
                raise ValueError(f"{d}: profile {m['profile']} seed {m['seed']} is not the run of "
                                 f"{dirs[0]} (profile {first['profile']} seed {first['seed']})")
        self.profile, self.seed = first["profile"], first["seed"]
        self.wall = max(m["wall"] for m in self.meta)
        self.shards = [m["shard"] for m in self.meta if m.get("shard")]
        self.steps = sorted((s for m in self.meta for s in m["steps"]), key=lambda s: s["index"])

    @property
    def complete(self) -> bool:
        """Every step of the plan is here (one run, or shards 1..N of one N)."""
        if not self.shards:
            return len(self.dirs) == 1
        counts = {s.split("/")[1] for s in self.shards}
        return len(counts) == 1 and sorted(int(s.split("/")[0]) for s in self.shards) == \
            list(range(1, int(counts.pop()) + 1))

    def glob(self, pattern: str) -> list[Path]:
        return sorted((p for d in self.dirs for p in d.glob(pattern)), key=lambda p: (p.parent.name, p.name))

    def outputs(self, prefix: str) -> list[Path]:
        """Report files the jobs of this run list as written (steps.json `outputs`) under
        `prefix` (formal/: a proof task's result; synth/: a synthesis unit's figures), in plan
        order."""
        found = [(s["index"], d / rel) for d, m in zip(self.dirs, self.meta) for s in m["steps"]
                 for rel in s.get("outputs", []) if rel.startswith(prefix) and (d / rel).is_file()]
        return [path for _, path in sorted(found, key=lambda ip: ip[0])]

    def formal_jobs(self) -> list[dict]:
        """Every proof result of the run (a job per task: formal/<job>.<task>.json)."""
        return [j for f in self.outputs("formal/") for j in json.loads(f.read_text())]

    def formal_changes(self) -> list[str]:
        return [n for f in self.outputs("formal/") if f.with_suffix(".changes.json").exists()
                for n in json.loads(f.with_suffix(".changes.json").read_text())]

    def produced(self, rel: str) -> list[Path]:
        prefix = PRODUCERS[rel]
        return [d / rel for d, m in zip(self.dirs, self.meta) if (d / rel).is_file()
                and any(s["name"].startswith(prefix) for s in m["steps"])]


BUILD_ORDER = ("default", "pipelined", "queue-only (SoC)", "two-round Keccak")
"""The order of the per-build columns (other builds follow by name)."""


SYNTH_UNIT_OF_BUILD = {"default": "top", "pipelined": "top_pipelined"}
"""The `make synth` unit whose Fmax turns a build's kernel cycles into time."""


def run_build(raw_dir: Path) -> str:
    """The build a raw report directory's measurements belong to: its run.json (scripts/sim.py),
    else the unit named by the directory (`<unit>_s<seed>[_n<n>]`)."""
    meta = raw_dir / "run.json"
    if meta.is_file():
        try:
            return str(json.loads(meta.read_text())["build"])
        except (ValueError, KeyError, TypeError):
            pass
    from verif.units import UNITS
    unit = UNITS.get(re.sub(r"_s\d+(_n\d+)?$", "", raw_dir.name))
    return unit.build_label if unit else "default"


def by_build(files: list[Path]) -> dict[str, list[Path]]:
    """Measurement files grouped by build, builds in BUILD_ORDER."""
    groups: dict[str, list[Path]] = {}
    for f in files:
        groups.setdefault(run_build(f.parent), []).append(f)
    rank = {b: k for k, b in enumerate(BUILD_ORDER)}
    return dict(sorted(groups.items(), key=lambda kv: (rank.get(kv[0], len(rank)), kv[0])))


def merged_coverage(r: Reports) -> dict[str, dict[str, int]]:
    total: dict[str, dict[str, int]] = {}
    for path in r.glob("raw/*/coverage_XifRandomTest.json"):
        for group, bins in json.loads(path.read_text()).items():
            for name, count in bins.items():
                total.setdefault(group, {}).setdefault(name, 0)
                total[group][name] += count
    return total


def latency_tables(r: Reports) -> dict[str, dict[str, object]]:
    """build -> its latency measurement (latency.json of the system test on that build); runs of
    one build on several seeds must agree (latency is a contract), else the build's entry says
    which runs differ."""
    tables = {}
    for build, files in by_build(r.glob("raw/*/latency.json")).items():
        runs = [(f.parent.name, json.loads(f.read_text())) for f in files]
        first = runs[0][1]
        first["units"] = sorted({name for name, _ in runs})
        first["disagree"] = sorted(name for name, t in runs if t["latency"] != first["latency"])
        tables[build] = first
    return tables


def write_summary(r: Reports, out: Path, code_coverage: list[str], digest: str) -> Path:
    steps = r.steps
    failed = [s for s in steps if s["status"] != "PASS"]
    md = [f"# PQX regression ({r.profile})", "",
          f"- date: {date.today().isoformat()}, base seed {r.seed}, wall time {r.wall:.0f} s"
          + (f" (longest of {len(r.dirs)} shards)" if len(r.dirs) > 1 else ""),
          f"- result: **{'PASS' if not failed else 'FAIL'}** ({len(steps) - len(failed)}/{len(steps)} "
          f"steps passed)" + (f"; shards {', '.join(r.shards)}" if r.shards else ""),
          f"- results digest: `{digest}` (steps, every test's outcome, coverage, cycle counts and "
          f"proof results; the same seeds give the same digest, serial, parallel or sharded)",
          "", "## Steps", "", "| step | seed | status | time (s) | reproduce |", "|---|---|---|---|---|"]
    for s in steps:
        md.append(f"| {s['name']} | {s['seed'] if s['seed'] is not None else '-'} | {s['status']} | "
                  + (f"cached ({s['seconds']:.1f})" if s.get("cached") else f"{s['seconds']:.1f}")
                  + f" | `{s['repro']}` |")

    lat = latency_tables(r)
    md += ["", "## Latency per instruction (cycles, issue handshake to result_valid, zero-stall host)", ""]
    if lat:
        builds = list(lat)
        md += ["Each build in its own columns, measured by its own system-test run against its own "
               "contract (verif/models/timing.py); `!` marks a measurement off its contract.", "",
               "| instruction | " + " | ".join(f"{b}: measured | contract" for b in builds) + " |",
               "|---|" + "---|---|" * len(builds)]
        names = list(dict.fromkeys(n for t in lat.values() for n in t["latency"]))
        for name in names:
            cells = []
            for t in lat.values():
                got, want = t["latency"].get(name, "-"), t["contract"].get(name, "-")
                cells += [f"{got}{' !' if got != want else ''}", str(want)]
            md.append(f"| {name} | " + " | ".join(cells) + " |")
        md.append("")
        for build, t in lat.items():
            md.append(f"- {build}: runs {', '.join(t['units'])}; back-to-back stream of {t['stream']} "
                      f"instructions, one result per cycle"
                      + (f"; **runs disagree**: {', '.join(t['disagree'])}" if t["disagree"] else ""))
    else:
        md.append("(no latency measurement: the system tests did not run)")

    # kernel -> build ("default"/"pipelined") -> measurement
    kernels: dict[str, dict[str, object]] = {}

    def collect(prefix: str, node: object, build: str) -> None:
        """Rows of measurements ({cycles: n, ...} or a number); text fields are descriptions."""
        if isinstance(node, dict) and "cycles" in node and not isinstance(node["cycles"], str):
            kernels.setdefault(prefix, {})[build] = node
        elif isinstance(node, dict):
            for key, sub in node.items():
                collect(f"{prefix} {key}".strip() if key not in ("levels",) else prefix, sub, build)
        elif isinstance(node, int):
            kernels.setdefault(prefix, {})[build] = node

    kernel_files = by_build(r.glob("raw/*/kernel_cycles_*.json"))
    for build, files in kernel_files.items():
        for path in files:
            tag = "SLH-DSA n =" if "slhdsa" in path.name else ""
            collect(tag, json.loads(path.read_text()), build)
    md += ["", "## Kernel cycle counts (first issue to last result, zero-stall host)", ""]
    if kernels:
        from scripts.synth import coprocessor_clock, microseconds
        builds = list(kernel_files)
        clocks = {b: coprocessor_clock(unit=SYNTH_UNIT_OF_BUILD[b]) if b in SYNTH_UNIT_OF_BUILD else None
                  for b in builds}
        first, rest = builds[0], builds[1:]
        md += [f"| kernel | {first}: cycles | instructions | permutations | time (us) | "
               + "".join(f"{b}: cycles | time (us) | " for b in rest),
               "|---|---|---|---|---|" + "---|---|" * len(rest)]
        for name, per_build in kernels.items():
            v = [{"cycles": x} if isinstance(x, int) else (x or {}) for x in map(per_build.get, builds)]
            md.append(f"| {name} | {v[0].get('cycles', '-')} | {v[0].get('instructions', '')} | "
                      f"{v[0].get('permutations', '')} | {microseconds(v[0].get('cycles'), clocks[first])} | "
                      + "".join(f"{vb.get('cycles', '-')} | {microseconds(vb.get('cycles'), clocks[b])} | "
                                for b, vb in zip(rest, v[1:])))
        for b, c in clocks.items():
            md.append(f"\n{b} build: time at {c[0]} MHz, {c[1]}." if c else
                      f"\n{b} build: no time column: no `make synth` figure for it yet."
                      if b in SYNTH_UNIT_OF_BUILD else f"\n{b} build: no time column: `make synth` "
                      f"has no unit for this build.")
    else:
        md.append("(no kernel measurements)")

    md += ["", "## Throughput of the pyuvm environment (XifRandomTest, every check on)", ""]
    runs = [(f.parent.name, build, json.loads(f.read_text()))
            for build, files in by_build(r.glob("raw/*/throughput.json")).items() for f in files]
    if runs:
        md += ["| run | build | instructions | start-up (s) | wall time (s) | instructions/s | "
               "simulated cycles/s |", "|---|---|---|---|---|---|---|"]
        for name, build, t in runs:
            secs = t["seconds"] or 1e-9
            startup = f"{t['startup_seconds']:.1f}" if "startup_seconds" in t else "-"
            md.append(f"| {name} | {build} | {t['instructions']:,} | {startup} | {t['seconds']:.1f} | "
                      f"{t['instructions'] / secs:,.0f} | {t['cycles'] / secs:,.0f} |")
        for build in dict.fromkeys(b for _, b, _ in runs):
            total_i = sum(t["instructions"] for _, b, t in runs if b == build)
            total_s = sum(t["seconds"] for _, b, t in runs if b == build) or 1e-9
            md.append(f"\n{build} build, all runs: {total_i:,} instructions in {total_s:.0f} s, "
                      f"{total_i / total_s:,.0f} instructions/s")
        md.append("\n(start-up: from the simulator's start to the first instruction, not in the "
                  "rate; wall time: the instructions, first to last result; steps in parallel share "
                  "the cores)")
    else:
        md.append("(no system test ran)")

    cov = merged_coverage(r)
    md += ["", "## Functional coverage (XifRandomTest, all seeds merged)", ""]
    if cov:
        hit = sum(1 for b in cov.values() for c in b.values() if c)
        allb = sum(len(b) for b in cov.values())
        md.append(f"{hit}/{allb} bins hit.\n")
        md += ["| group | bin | hits |", "|---|---|---|"]
        for group, bins in cov.items():
            for name, count in bins.items():
                md.append(f"| {group} | {name} | {count}{'  **EMPTY**' if not count else ''} |")
    else:
        md.append("(no coverage data)")

    md += ["", "## Code coverage (every simulation of this run, merged)", ""]
    md += code_coverage or ["(no simulation left a coverage.dat)"]

    jobs = r.formal_jobs()
    md += ["", "## Formal", ""]
    if jobs:
        notes = r.formal_changes()
        counts = {st: sum(j.get("status") == st for j in jobs)
                  for st in ("PASS", "OPEN", "FAIL", "ERROR", "UNKNOWN")}
        md.append(", ".join(f"{n} {st}" for st, n in counts.items() if n) + ". OPEN: a proof "
                  "known not to close within its budget (formal/tasks.toml gives the reason); it "
                  "does not fail the run. A smoke run is the cheap CI form of a task (a short BMC).\n")
        if notes:
            md += ["**Changes:**", ""] + [f"- {note}" for note in notes] + [""]
        md += ["| job | form | mode | status | time (s) | note |", "|---|---|---|---|---|---|"]
        for job in jobs:
            note = job.get("open", "") if job.get("status") == "OPEN" else \
                ("" if job.get("status") == "PASS" else job.get("detail", "").replace("\n", " "))
            note = note[:300].replace("|", "\\|")      # a pipe would end the table cell
            md.append(f"| {job.get('job')} | {job.get('form', 'full')} | {job.get('mode', '')} | "
                      f"{job.get('status')} | {job.get('seconds', 0):.1f} | {note} |")
    else:
        md.append("(formal did not run)")
    md += ["", "## Kernel cycles on the SoC", ""]
    table = (r.produced("cycles.md") + r.produced("cycles-quick/cycles.md"))[:1]
    if table:                 # scripts/cycles.py's table, without its title
        md += table[0].read_text().split("\n", 2)[2:]
    else:
        md.append("(the kernels did not run)")
    md += ["", "## Scheme cycles on the SoC", ""]
    if r.outputs("schemes/"):        # the merged table (finish), without its title
        md += (out / "schemes.md").read_text().split("\n", 2)[2:]
    else:
        md.append("(the scheme cycle table did not run: nightly)")
    md += ["", "## Generated mutants (scripts/mutgen.py)", ""]
    if r.produced("mutants-generated.md"):
        md += r.produced("mutants-generated.md")[0].read_text().split("\n", 2)[2:]
    else:
        md.append("(not in this run: nightly)")
    md += ["", "## Leakage (scripts/tvla.py, docs/leakage.md)", ""]
    leak_md = [f for op in CAMPAIGNS for f in r.produced(f"leakage/{op}.md")[:1]]
    for f in leak_md:
        md += f.read_text().split("\n", 2)[2:]
    if not leak_md:
        md.append("(not in this run: nightly)")
    md += ["", "## Implementation figures", ""]
    if r.outputs("synth/"):           # the merged report (finish), without its title
        md += (out / "synth.md").read_text().split("\n", 2)[2:]
    else:
        md.append("(make synth did not run: nightly)")
    path = out / "summary.md"
    path.write_text("\n".join(md) + "\n")
    return path


def write_junit(steps: list[dict], out: Path) -> None:
    """One suite with a test case per step (the per-step files hold the individual tests)."""
    cases = []
    for s in steps:
        body = "" if s["status"] == "PASS" else \
            f'<failure message="{escape(s["repro"], {chr(34): "&quot;"})}">{escape(chr(10).join(s["tail"]))}</failure>'
        cases.append(f'  <testcase classname="pqx.regress" name="{escape(s["name"])}" '
                     f'time="{s["seconds"]:.2f}">{body}</testcase>')
    failures = sum(s["status"] != "PASS" for s in steps)
    xml = (f'<?xml version="1.0" encoding="UTF-8"?>\n<testsuite name="pqx-regress" '
           f'tests="{len(steps)}" failures="{failures}">\n' + "\n".join(cases) + "\n</testsuite>\n")
    (out / "junit").mkdir(parents=True, exist_ok=True)
    (out / "junit" / "regress.xml").write_text(xml)


def results_digest(r: Reports, coverage_points: dict) -> str:
    h = hashlib.sha256()

    def feed(*parts: object) -> None:
        h.update(("|".join(str(p) for p in parts) + "\n").encode())

    for s in r.steps:
        feed("step", s["name"], s["status"])
    cases = []
    for f in r.glob("junit/*.xml"):
        if f.name == "regress.xml":
            continue
        try:
            root = ElementTree.parse(f).getroot()
        except ElementTree.ParseError:
            cases.append((f.name, "unreadable"))
            continue
        for tc in root.iter("testcase"):
            outcome = next((c.tag for c in tc if c.tag in ("failure", "error", "skipped")), "pass")
            cases.append((f.name, tc.get("classname", ""), tc.get("name", ""), outcome))
    for c in sorted(cases):
        feed("case", *c)
    for key, count in sorted(coverage_points.items()):
        feed("code", *key, count)
    for group, bins in sorted(merged_coverage(r).items()):
        for name, count in sorted(bins.items()):
            feed("bin", group, name, count)
    for f in r.glob("raw/*/kernel_cycles_*.json"):
        feed("kernels", f.parent.name, f.name, json.dumps(json.loads(f.read_text()), sort_keys=True))
    for job in r.formal_jobs():
        feed("formal", job.get("job"), job.get("form", "full"), job.get("status"))
    return h.hexdigest()[:16]


def run_results(r: Reports, digest: str, points: dict) -> dict:
    """The figures of this run that trends are drawn from (scripts/report_html.py)."""
    from scripts.coverage import analyse, load_reasons
    files, _ = analyse(points, load_reasons(), r.profile == "nightly") if points else ([], [])
    lines = sum(len(fc.lines) for fc in files)
    mut = r.produced("mutants-generated.json")
    runs = [json.loads(f.read_text()) for f in r.glob("raw/*/throughput.json")]
    secs = sum(t["seconds"] for t in runs)
    jobs = r.formal_jobs()
    cyc = (r.produced("cycles.json") + r.produced("cycles-quick/cycles.json"))[:1]
    return {"date": date.today().isoformat(), "profile": r.profile, "seed": r.seed, "digest": digest,
            # each job's time: the expected costs of the next run (scripts/regress.py --costs)
            "jobs": {s["name"]: s["seconds"] for s in r.steps if s.get("index", -1) >= 0
                     and s["name"] not in COVERAGE_GOAL.values()},
            "steps": len(r.steps), "steps_passed": sum(s["status"] == "PASS" for s in r.steps),
            "wall": r.wall,
            "line_coverage": round(100 * sum(fc.lines_hit for fc in files) / lines, 2) if lines else None,
            "mutant_score": json.loads(mut[0].read_text())["score"] if mut else None,
            "instructions_per_s": round(sum(t["instructions"] for t in runs) / secs) if secs else None,
            "formal": {st: sum(j.get("status") == st for j in jobs) for st in ("PASS", "OPEN", "FAIL")},
            "kernels": {row["kernel"]: row["pqx"].get("cycles")
                        for row in json.loads(cyc[0].read_text())["rows"]} if cyc else {}}


COVERAGE_GOAL = {False: "code coverage: every uncovered line has a reason or a nightly mark",
                 True: "code coverage: every uncovered line has a reason, every nightly-marked line reached"}


def finish(r: Reports, out: Path, history: Path | None = None) -> tuple[Path, list[dict], str]:
    """Write summary.md, index.html, results.json, junit/regress.xml and coverage/ under `out`;
    (summary, steps, digest). `history`: a folder of earlier runs' results.json files (trends).
    The code coverage goal is a step of its own when the run is complete: every uncovered line has
    a reason or (except in the nightly, which must reach them) a nightly mark
    (verif/coverage/unreachable.toml)."""
    from scripts.coverage import collect, report
    dat = r.glob("raw/*/coverage.dat")
    code_coverage, unexplained, points = [], 0, {}
    nightly = r.profile == "nightly"
    if dat:
        code_coverage, unexplained = report(dat, out / "coverage", nightly=nightly)
        points = collect(dat)
    if dat and r.complete:
        r.steps.append({"index": len(r.steps), "name": COVERAGE_GOAL[nightly],
                        "seed": None, "status": "FAIL" if unexplained else "PASS", "seconds": 0.0,
                        "repro": "python -m scripts.coverage --strict" + (" --nightly" if nightly else "")
                                 + " <report dir>/coverage/coverage.json",    # the merged points
                        "tail": [f"{unexplained} uncovered lines without a reason"
                                 + (" or nightly-marked and not reached" if nightly else " or nightly mark")
                                 + " (build/reports/coverage/coverage.md)"] if unexplained else []})
    digest = results_digest(r, points)
    synth_units = r.outputs("synth/")
    if synth_units:            # a job per unit: one synth.md and synth.json over all of them
        from scripts.synth import merge_reports
        merge_reports(synth_units, out)
    scheme_sets = r.outputs("schemes/")
    if scheme_sets:            # a job per parameter set: one schemes.md and schemes.json
        from scripts.scheme_cycles import merge_reports as merge_schemes
        merge_schemes(scheme_sets, out)
    write_junit(r.steps, out)
    summary = write_summary(r, out, code_coverage, digest)
    from scripts import report_html
    results = run_results(r, digest, points)
    (out / "results.json").write_text(json.dumps(results, indent=1))
    cyc = (r.produced("cycles.json") + r.produced("cycles-quick/cycles.json"))[:1]
    cov = out / "coverage" / "coverage.json"
    leak = [json.loads(f.read_text()) for op in CAMPAIGNS for f in r.produced(f"leakage/{op}.json")[:1]]
    report_html.write_index(out, summary, json.loads(cyc[0].read_text()) if cyc else None,
                            json.loads(cov.read_text()) if dat and cov.exists() else None,
                            r.formal_jobs(),
                            results, report_html.load_history(history),
                            leak)
    if all(out != d for d in r.dirs):        # merged shards: their JUnit files together
        (out / "junit").mkdir(parents=True, exist_ok=True)
        for f in r.glob("junit/*.xml"):
            if f.name != "regress.xml":
                shutil.copy2(f, out / "junit" / f.name)
    return summary, r.steps, digest


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dirs", nargs="+", type=Path, help="report directories of one run's shards")
    ap.add_argument("--out", type=Path, default=REPORTS)
    ap.add_argument("--history", type=Path, help="folder of earlier runs' results.json files (trends)")
    args = ap.parse_args(argv)
    try:
        r = Reports([d.resolve() for d in args.dirs])
        if args.history is not None:
            from scripts.report_html import load_history
            load_history(args.history)          # a bad folder or file: one line, before any work
    except (ValueError, OSError, KeyError) as exc:
        print(f"report: error: {exc}", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    summary, steps, digest = finish(r, args.out.resolve(), args.history)
    failed = [s for s in steps if s["status"] != "PASS"]
    if not r.complete:
        print(f"report: warning: shards {', '.join(r.shards) or '-'} are not all of one run's shards")
    print(f"report: {len(steps) - len(failed)}/{len(steps)} steps passed; results digest {digest}; "
          f"summary: {summary}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
