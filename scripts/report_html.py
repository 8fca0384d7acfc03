"""build/reports/index.html: the regression's summary as one static page (opens from disk, no
server), with charts where people would rather look than read, drawn by matplotlib as inline SVG:
kernel cycles on the SoC against HORCRUX's figures, code coverage per RTL file, proof status and
times, and, given earlier runs' results (`make report HISTORY=<dir>`), trends across nights.

Each run also leaves `results.json`: the figures the trends plot (date, seed, digest, steps passed,
coverage, mutation score, throughput, proof counts, kernel cycles). A history directory is any
folder of such files (copy each night's build/reports/results.json into it under a new name).
"""

from __future__ import annotations

import html
import io
import json
import re
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)

plt.rcParams.update({"svg.fonttype": "none", "font.size": 9, "figure.dpi": 96})


# ----------------------------------------------------------------------------- markdown
def _inline(text: str) -> str:
    text = html.escape(text, quote=False)
    text = re.sub(r"`([^`]+)`", r"<code>\1</code>", text)
    text = re.sub(r"\*\*([^*]+)\*\*", r"<b>\1</b>", text)
    return re.sub(r"\[([^\]]+)\]\(([^)]+)\)", r'<a href="\2">\1</a>', text)


def markdown_to_html(md: str) -> str:
    """The subset summary.md uses: headings, tables, bullet lists, paragraphs, inline code/bold."""
    out: list[str] = []
    lines = md.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            text = line[level:].strip()
            anchor = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
            out.append(f'<h{level} id="{anchor}">{_inline(text)}</h{level}>')
            i += 1
        elif line.startswith("|"):
            rows = []
            while i < len(lines) and lines[i].startswith("|"):
                cells = [c.strip() for c in re.split(r"(?<!\\)\|", lines[i].strip())[1:-1]]
                rows.append([c.replace("\\|", "|") for c in cells])
                i += 1
            head, body = rows[0], [r for r in rows[1:] if not all(set(c) <= set("-: ") for c in r)]
            out.append("<table><tr>" + "".join(f"<th>{_inline(c)}</th>" for c in head) + "</tr>")
            for r in body:
                cls = ' class="bad"' if any(c in ("FAIL", "ERROR", "SURVIVED") for c in r) else ""
                out.append(f"<tr{cls}>" + "".join(f"<td>{_inline(c)}</td>" for c in r) + "</tr>")
            out.append("</table>")
        elif line.startswith("- ") or line.startswith("* "):
            out.append("<ul>")
            while i < len(lines) and (lines[i].startswith("- ") or lines[i].startswith("* ")):
                out.append(f"<li>{_inline(lines[i][2:])}</li>")
                i += 1
            out.append("</ul>")
        elif line.strip():
            para = []
            while i < len(lines) and lines[i].strip() and not lines[i].startswith(("#", "|", "- ", "* ")):
                para.append(lines[i].strip())
                i += 1
            out.append(f"<p>{_inline(' '.join(para))}</p>")
        else:
            i += 1
    return "\n".join(out)


# ----------------------------------------------------------------------------- charts
def _svg(fig) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight")
    plt.close(fig)
    svg = buf.getvalue()
    return svg[svg.index("<svg"):]


def kernel_chart(cycles: dict) -> str | None:
    """PQX and plain-C cycles per kernel next to HORCRUX's software/custom figures (log scale)."""
    rows = [r for r in cycles.get("rows", []) if r.get("horcrux") and r["pqx"].get("cycles")]
    if not rows:
        return None
    names = [r["kernel"] for r in rows]
    nan = float("nan")                       # a figure nobody published (or measured) is a gap, not 0

    def col(get):
        return [nan if get(r) is None else get(r) for r in rows]
    series = [("baseline (this SoC)", col(lambda r: r["baseline"].get("cycles")), "#9ecae1"),
              ("HORCRUX software", col(lambda r: r["horcrux"][0]), "#fdae6b"),
              ("PQX (this SoC)", col(lambda r: r["pqx"]["cycles"]), "#3182bd"),
              ("HORCRUX custom", col(lambda r: r["horcrux"][1]), "#e6550d")]
    fig, ax = plt.subplots(figsize=(10, 3.6))
    width = 0.2
    for k, (label, values, color) in enumerate(series):
        ax.bar([x + (k - 1.5) * width for x in range(len(names))], values, width, label=label, color=color)
    ax.set_yscale("log")
    ax.set_ylabel("cycles")
    ax.set_xticks(range(len(names)), names, rotation=35, ha="right")
    ax.legend(ncols=4, loc="upper left", frameon=False)
    ax.set_title("Kernel cycles on the SoC against HORCRUX Table VII"
                 + (" (short inputs: not comparable)" if cycles.get("quick") else ""))
    return _svg(fig)


def coverage_chart(coverage: dict) -> str | None:
    from scripts.coverage import analyse, load_reasons
    points = {tuple(k): c for *k, c in coverage.get("points", [])}
    if not points:
        return None
    files, _ = analyse(points, load_reasons())
    names = [fc.path.removeprefix("rtl/") for fc in files]
    pct = [lambda fc: fc.lines_hit / len(fc.lines) if fc.lines else 0,
           lambda fc: (fc.lines_hit + sum(1 for u in fc.uncovered if u[2])) / len(fc.lines) if fc.lines else 0,
           lambda fc: fc.toggles[0] / fc.toggles[1] if fc.toggles[1] else 0]
    labels = ("lines covered", "lines covered or unreachable with a reason (the goal: 100 %)", "toggles")
    fig, ax = plt.subplots(figsize=(10, 3.4))
    xs = range(len(names))
    for k, (get, label, color) in enumerate(zip(pct, labels, ("#31a354", "#006d2c", "#a1d99b"))):
        ax.bar([x + (k - 1) * 0.27 for x in xs], [100 * get(fc) for fc in files], 0.27, label=label,
               color=color)
    ax.set_ylabel("%")
    ax.set_ylim(0, 128)                      # room above the bars for the legend
    ax.set_yticks(range(0, 101, 20))
    ax.set_xticks(list(xs), names, rotation=35, ha="right")
    ax.legend(frameon=False, loc="upper center", ncols=3, fontsize=8)
    ax.set_title("Code coverage per RTL file")
    return _svg(fig)


def formal_chart(jobs: list[dict]) -> str | None:
    if not jobs:
        return None
    colors = {"PASS": "#31a354", "OPEN": "#fdae6b", "FAIL": "#de2d26", "ERROR": "#de2d26"}
    jobs = sorted(jobs, key=lambda j: j.get("seconds", 0))
    fig, ax = plt.subplots(figsize=(10, max(2.0, 0.16 * len(jobs))))
    ax.barh(range(len(jobs)), [j.get("seconds", 0) for j in jobs],
            color=[colors.get(j.get("status"), "#969696") for j in jobs])
    ax.set_yticks(range(len(jobs)), [f"{j.get('job')} ({j.get('form', 'full')})" for j in jobs], fontsize=7)
    ax.set_xscale("log")
    ax.set_xlabel("seconds (green PASS, orange OPEN, red FAIL)")
    ax.set_title("Proof tasks: status and time")
    return _svg(fig)


TRENDS = (("steps passed (%)", lambda r: 100 * r["steps_passed"] / max(1, r["steps"])),
          ("line coverage (%)", lambda r: r.get("line_coverage")),
          ("generated-mutant score (%)", lambda r: r.get("mutant_score")),
          ("pyuvm instructions/s", lambda r: r.get("instructions_per_s")),
          ("wall time (min)", lambda r: r["wall"] / 60))


def trend_chart(history: list[dict]) -> str | None:
    runs = sorted(history, key=lambda r: (r["date"], r.get("seed", 0)))
    if len(runs) < 2:
        return None
    series = [(label, [(k, get(r)) for k, r in enumerate(runs) if get(r) is not None])
              for label, get in TRENDS]
    series = [(label, pts) for label, pts in series if pts]     # a figure no run has: no panel
    fig, axes = plt.subplots(1, len(series), figsize=(2.4 * len(series), 2.4), squeeze=False)
    for ax, (label, pts) in zip(axes[0], series):
        ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", color="#3182bd")
        ax.set_title(label, fontsize=8)
        ax.set_xticks([p[0] for p in pts], [runs[p[0]]["date"][5:] for p in pts], rotation=60, fontsize=6)
    fig.suptitle(f"Trends over {len(runs)} runs", y=1.08)
    fig.tight_layout()
    return _svg(fig)


# ----------------------------------------------------------------------------- page
STYLE = """body{font-family:system-ui,sans-serif;max-width:1200px;margin:1em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:.5em 0;font-size:12px}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left}
th{background:#f0f0f0}tr.bad td{background:#fde0dd}code{background:#f5f5f5;padding:0 2px}
.chart{margin:1em 0}h1{font-size:1.5em}h2{font-size:1.2em;border-bottom:1px solid #ddd}"""


def load_history(path: Path | None) -> list[dict]:
    if path is None:
        return []
    if not path.is_dir():
        raise ValueError(f"history: {path} is not a directory")
    runs = []
    for f in sorted(path.glob("*.json")):
        try:
            data = json.loads(f.read_text())
        except ValueError as exc:
            raise ValueError(f"history: {f}: not JSON ({exc})") from None
        if isinstance(data, dict) and {"date", "digest", "steps", "steps_passed", "wall"} <= set(data):
            runs.append(data)
    return runs


def leakage_chart(leakage: dict) -> str | None:
    """The leakage campaign's |t| over the operation's cycles, per unit that switches (the
    largest |t| of each window of cycles), and the 4.5 threshold (scripts/tvla.py)."""
    units = [u["unit"] for u in leakage.get("units", []) if u.get("activity", 0) > 0]
    curve, window = leakage.get("t_curve", {}), leakage.get("window", 1)
    if not units or not curve:
        return None
    fig, ax = plt.subplots(figsize=(10, 3.2))
    for unit in units:
        ys = curve.get(unit, [])
        ax.plot([k * window for k in range(len(ys))], ys, linewidth=0.8, label=unit)
    ax.axhline(leakage.get("threshold", 4.5), color="black", linestyle="--", linewidth=0.8)
    ax.set_yscale("symlog", linthresh=10)
    ax.set_xlabel("cycle of the operation")
    ax.set_ylabel("|t| (max per window)")
    ax.legend(ncols=min(len(units), 6), loc="upper left", frameon=False)
    ax.set_title(f"{leakage.get('campaign', 'leakage')}: Welch's t, {leakage.get('traces', 0)} traces")
    return _svg(fig)


def write_index(out: Path, summary: Path, cycles: dict | None, coverage: dict | None,
                formal: list[dict], results: dict, history: list[dict],
                leakage: list[dict] | None = None) -> Path:
    charts = [("Trends", trend_chart(history + [results])),
              ("Kernel cycles", kernel_chart(cycles) if cycles else None),
              ("Code coverage", coverage_chart(coverage) if coverage else None),
              ("Formal", formal_chart(formal)),
              *(("Leakage", leakage_chart(one)) for one in leakage or [])]
    body = [f'<div class="chart"><h2>{title}</h2>{svg}</div>' for title, svg in charts if svg]
    page = ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>PQX regression</title>"
            f"<style>{STYLE}</style></head><body>\n"
            + markdown_to_html(summary.read_text()).replace("</ul>", "</ul>\n" + "\n".join(body), 1)
            + "\n</body></html>\n")
    path = out / "index.html"
    path.write_text(page)
    return path
