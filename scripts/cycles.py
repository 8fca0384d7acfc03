"""`make cycles`: the firmware kernels on the PQX SoC, baseline and PQX, checked and timed.

    python -m scripts.cycles [--quick] [--check] [--kernel NAME ...] [--seed N] [--report DIR]

Every kernel of verif/soc/kernels.py is built twice (firmware/kernels/<file>.c with
PQX_KERNEL=0 and =1), with inputs drawn from the seed, run on the SoC simulator of `make run`,
and its output compared with the Python reference. The table (mcycle of the measured region,
baseline and PQX, next to HORCRUX Table VII and the goal) goes to stdout and to
<report>/cycles.md and cycles.json. `--quick` (in `make test`) uses the short inputs and does not
judge the goals. Exit status 1 if any output differs from its reference or a run fails; the
goals are reported (MISSED), not failed: they are benchmarks.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from pathlib import Path

from scripts.tools import die

ROOT = Path(__file__).resolve().parent.parent


def run_kernel(kernel, variant: int, values: dict, binary: Path | None, out_dir: Path) -> dict:
    """Build and run one variant; {ok, cycles, output, error, nops}. `binary` None: run it with
    every check attached (`make run CHECK=1`, scripts/check.py)."""
    from scripts import run
    from verif.soc import firmware as fw
    from verif.soc.kernel import c_header

    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "kernel_input.h").write_text(c_header(values))
    src = ROOT / kernel.source
    cflags = (f"-DPQX_KERNEL={variant}", f"-I{out_dir}", f"-I{ROOT / 'firmware' / 'kernels'}")
    try:
        report = fw.compile_c(src, out_dir / f"{src.stem}.elf", cflags)
        image = fw.build(out_dir / f"{src.stem}.elf", out_dir)
    except fw.FirmwareError as exc:
        return {"ok": False, "error": f"build: {exc.headline}", "cycles": None}
    if binary is None:
        from scripts import check
        status, transcript = check.run_checked(out_dir / f"{src.stem}.elf", image,
                                               kernel.max_cycles)
        if not transcript:
            return {"ok": False, "error": "run: a CHECK=1 check failed (see the step's log)",
                    "cycles": None}
        res = run.RunResult(transcript, transcript.strip().splitlines()[-1],
                            0 if status == 0 else 1)
    else:
        res = run.simulate([str(binary), f"+fw={image}", f"+max_cycles={kernel.max_cycles}"])
    (out_dir / "run.log").write_text(res.output)
    if res.exit_code != 0:
        return {"ok": False, "error": f"run: {res.last}", "cycles": None}
    got, cycles = parse_output(res.output)
    error = compare(got, kernel.reference(values))
    if error:
        return {"ok": False, "cycles": cycles, "error": f"{error} ({out_dir / 'run.log'})"}
    if cycles is None:
        return {"ok": False, "error": "no `cycles` line", "cycles": None}
    return {"ok": True, "cycles": cycles, "error": "", "nops": report.nops,
            "stages": parse_stages(res.output)}


def parse_stages(text: str) -> dict[str, int]:
    """The `stage <name> <cycles>` lines of a kernel that reports its steps (in order)."""
    return {m.group(1): int(m.group(2)) for m in re.finditer(r"^stage (\w+) (\d+)$", text, re.M)}


def parse_output(text: str) -> tuple[bytes, int | None]:
    """The kernel's output bytes (its `out` lines, concatenated) and its `cycles` figure."""
    out_hex = "".join(m.group(1) for m in re.finditer(r"^out ([0-9a-f]*)$", text, re.M))
    cyc = re.search(r"^cycles (\d+)$", text, re.M)
    return bytes.fromhex(out_hex), int(cyc.group(1)) if cyc else None


def compare(got: bytes, want: bytes) -> str:
    """'' if equal, else where the output first differs from the reference."""
    if got == want:
        return ""
    first = next((i for i in range(min(len(got), len(want))) if got[i] != want[i]),
                 min(len(got), len(want)))
    return (f"output differs from the reference at byte {first} (got {len(got)} bytes, "
            f"want {len(want)})")


def fmt(n) -> str:
    return f"{n:,}" if isinstance(n, int) else "-"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m scripts.cycles", description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="short inputs (make test); goals not judged")
    ap.add_argument("--kernel", action="append", default=[], help="only these kernels")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--check", action="store_true",
                    help="run every kernel with CHECK=1 (scoreboard, protocol, lockstep; slower)")
    ap.add_argument("--report", type=Path, default=ROOT / "build" / "reports")
    args = ap.parse_args(argv)

    from scripts import run
    from verif.soc.kernels import all_kernels
    kernels = all_kernels()
    names = {k.name for k in kernels}
    for name in args.kernel:
        if name not in names:
            die("cycles", f"unknown kernel {name!r}; kernels: {' '.join(sorted(names))}")
    if args.kernel:
        kernels = [k for k in kernels if k.name in args.kernel]
    binary = None if args.check else run.build(False)
    rows, failed = [], 0
    t0 = time.monotonic()
    for n, k in enumerate(kernels, 1):
        values = k.inputs(random.Random(f"{args.seed}:{k.name}"), not args.quick)
        row = {"kernel": k.name, "what": k.what, "horcrux": k.horcrux, "goal": k.goal,
               "note": k.note, "other_seed": k.other_seed}
        for variant, key in ((0, "baseline"), (1, "pqx")):
            out = ROOT / "build" / "kernels" / k.name / key
            r = run_kernel(k, variant, values, binary, out)
            row[key] = r
            failed += not r["ok"]
        b, p = row["baseline"], row["pqx"]
        goal_ok = None if args.quick or k.goal is None or p["cycles"] is None else p["cycles"] <= k.goal
        row["goal_met"] = goal_ok
        status = "ok" if b["ok"] and p["ok"] else "FAIL"
        print(f"cycles: [{n}/{len(kernels)}] {k.name}: baseline {fmt(b['cycles'])}, "
              f"PQX {fmt(p['cycles'])} {status}"
              + ("" if goal_ok is not False else f" (goal {k.goal:,} MISSED)")
              + "".join(f"\n  {key}: {row[key]['error']}" for key in ("baseline", "pqx")
                        if row[key]["error"]), flush=True)
        rows.append(row)
    table = render(rows, args.quick, args.seed)
    args.report.mkdir(parents=True, exist_ok=True)
    (args.report / "cycles.md").write_text(table)
    (args.report / "cycles.json").write_text(json.dumps(
        {"seed": args.seed, "quick": args.quick, "rows": rows}, indent=1, default=str))
    print(table)
    print(f"cycles: {len(rows)} kernels, {failed} failed runs, {time.monotonic() - t0:.0f} s; "
          f"report {args.report / 'cycles.md'}")
    return 1 if failed else 0


def render(rows: list[dict], quick: bool, seed: int) -> str:
    from scripts.synth import coprocessor_clock, microseconds
    clock = coprocessor_clock()
    head = ("| kernel | baseline | PQX | HORCRUX sw | HORCRUX custom | goal | PQX / HORCRUX custom | "
            "errata nops | PQX time (us) |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n")
    lines = []
    others = [r for r in rows if r.get("other_seed")]
    for r in rows:
        if r.get("other_seed"):
            continue
        hx = r["horcrux"] or (None, None)
        p = r["pqx"]["cycles"]
        ratio = f"{p / hx[1]:.2f}" if p and hx[1] else "-"
        goal = "-" if r["goal"] is None else fmt(r["goal"]) + (
            "" if r["goal_met"] is None else (" met" if r["goal_met"] else " MISSED"))
        bad = "" if r["baseline"]["ok"] and r["pqx"]["ok"] else " **FAIL**"
        lines.append(f"| {r['kernel']}{bad} | {fmt(r['baseline']['cycles'])} | {fmt(p)} | "
                     f"{fmt(hx[0])} | {fmt(hx[1])} | {goal} | {ratio} | "
                     f"{r['pqx'].get('nops', '-')} | {microseconds(p, clock)} |")
    title = (f"# Kernel cycles on the PQX SoC (CV32E40X + PQX), seed {seed}"
             + (" — quick inputs, not the table" if quick else "") + "\n\n")
    notes = ("\nmcycle of the measured region (empty measurement subtracted). Baseline: plain C, "
             "zig cc -O2, RV32IMC; PQX: the same with PQX instructions. HORCRUX: Table VII, GCC "
             "for RV32IMAC+Zba/Zbb/Zbc/Zbs on CV32E40PX. errata nops: nops the host-core errata "
             "pass put into the PQX build (static count; each costs a cycle when executed).\n")
    notes += (f"PQX time: cycles / {clock[0]} MHz, {clock[1]}; the host core is not part of that "
              "figure. HORCRUX ran at 42 MHz (ZCU104) and 160 MHz (65 nm).\n" if clock else
              "PQX time: no `make synth` figures yet.\n")
    notes += "".join(f"\n- {r['kernel']}: {r['note']}" for r in rows if r["note"])
    return title + head + "\n".join(lines) + "\n" + notes + "\n" + render_other_seeds(others)


def render_other_seeds(rows: list[dict]) -> str:
    """The kernels measured against another seed paper than HORCRUX (Kernel.other_seed)."""
    if not rows:
        return ""
    head = ("\n## Next to the other seeds\n\n| kernel | baseline | PQX | seed | seed software | "
            "seed ISE | PQX / seed ISE | PQX by stage |\n|---|---:|---:|---|---:|---:|---:|---|\n")
    lines = []
    for r in rows:
        paper, sw, ise = r["other_seed"]
        p = r["pqx"]["cycles"]
        ratio = f"{p / ise:.2f}" if p and ise else "-"
        bad = "" if r["baseline"]["ok"] and r["pqx"]["ok"] else " **FAIL**"
        stages = ", ".join(f"{k} {fmt(c)}" for k, c in (r["pqx"].get("stages") or {}).items()) or "-"
        lines.append(f"| {r['kernel']}{bad} | {fmt(r['baseline']['cycles'])} | {fmt(p)} | {paper} | "
                     f"{fmt(sw)} | {fmt(ise)} | {ratio} | {stages} |")
    return head + "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
