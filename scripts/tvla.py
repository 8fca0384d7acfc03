"""Pre-silicon leakage assessment: a fixed-versus-random TVLA campaign of firmware on the SoC.

    python -m scripts.tvla [--op mlkem-decaps] [--traces N] [--seed S] [--report DIR] [--root COPY]

Builds the SoC's leakage build (scripts/run.py, power=True: per cycle, the Hamming distance of
every register of PQX summed per unit, verif/soc/sim_main.cpp) and the campaign's firmware
(firmware/leakage/), which runs the operation N times on a fixed or a random input (the class of
each trace drawn at random) between trace marks. The traces stream through a pipe into running
sums per class and are not kept; Welch's t per cycle and unit comes from those sums
(scipy.stats.ttest_ind_from_stats). |t| > 4.5 at a cycle is leakage there (first order).

Reported (DIR/leakage/<op>.md and .json, default build/reports): per unit its activity, the cycles
with |t| > 4.5, the largest |t|, the first leaking cycle and the PQX instruction executing then,
and the number of traces at which leakage first appears (checkpoints 10, 20, 50, 100, ...).
PQX is not masked: leakage is the expected answer, and the figures are what the campaign is for.

Checked (exit 1 if not): every trace has the same length and the same PQX instruction sequence
(a difference is a timing leak in the firmware or the hardware), and a unit that runs no
instruction in the operation shows no activity at all (a register that moves without an
instruction of its own unit carries someone else's data: the planted bug of docs/leakage.md).
Exit 2 on an error (a build, a run).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from scripts.tools import die

ROOT = Path(__file__).resolve().parent.parent
REPORTS = ROOT / "build" / "reports"
THRESHOLD = 4.5
CHART_POINTS = 1000
"""Points per unit of the report's t curve (the largest |t| of each window of cycles)."""
CHECKPOINTS = (10, 20, 50, 100, 200, 500, 1000, 2000, 5000)


@dataclass(frozen=True)
class Campaign:
    name: str           # what the report calls it
    main: str           # the campaign's firmware
    extra: tuple[str, ...]
    cflags: tuple[str, ...]
    max_cycles_per_trace: int


CAMPAIGNS = {
    "mlkem-decaps": Campaign(
        "ML-KEM-768 Decaps (PQX build), fixed vs random ciphertext", "firmware/leakage/tvla_mlkem.c",
        ("firmware/schemes/mlkem/mlkem.c", "firmware/schemes/mlkem/mlkem_kernels.c"),
        ("-DMLKEM_K=3", f"-I{ROOT / 'firmware/schemes/mlkem'}"), 2_000_000),
    "mldsa-sign": Campaign(
        "ML-DSA-44 Sign (PQX build), fixed vs random message: the first attempt's ExpandMask, NTT(y), A y, HighBits",
        "firmware/leakage/tvla_mldsa.c",
        ("firmware/schemes/mldsa/mldsa.c", "firmware/schemes/mldsa/mldsa_kernels.c"),
        ("-DMLDSA_MODE=44", "-DTVLA_MARKS", f"-I{ROOT / 'firmware/schemes/mldsa'}"), 20_000_000),
}


@dataclass
class Sums:
    """Running sums of one class: count, and per cycle and unit the sum and sum of squares."""
    n: int = 0
    s: object = None
    ss: object = None

    def add(self, x) -> None:
        import numpy as np
        x = x.astype(np.float64)
        if self.s is None:
            self.s, self.ss = np.zeros_like(x), np.zeros_like(x)
        self.n += 1
        self.s += x
        self.ss += x * x

    def stats(self):
        import numpy as np
        mean = self.s / self.n
        var = np.maximum(self.ss / self.n - mean * mean, 0.0) * self.n / max(self.n - 1, 1)
        return mean, np.sqrt(var), self.n


@dataclass
class Stream:
    """What the reader thread takes from the simulator's pipe."""
    units: list[str] = field(default_factory=list)
    cycles: int = 0                      # length of the first trace
    ops: object = None                   # its PQX op codes per cycle
    sums: dict[int, Sums] = field(default_factory=lambda: {1: Sums(), 2: Sums()})
    traces: int = 0
    bad_length: int = 0                  # traces of another length (not counted)
    bad_ops: int = 0                     # traces with another instruction sequence
    activity: object = None              # per unit: the sum of all its values
    onset: dict[int, list[float]] = field(default_factory=dict)   # checkpoint -> max |t| per unit
    error: str = ""


def welch_t(sums: dict[int, Sums]):
    """|t| per cycle and unit (0 where both classes have no variance and the same mean; inf where
    they have none and differ)."""
    import numpy as np
    from scipy import stats
    m1, s1, n1 = sums[1].stats()
    m2, s2, n2 = sums[2].stats()
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.abs(stats.ttest_ind_from_stats(m1, s1, n1, m2, s2, n2, equal_var=False).statistic)
    flat = (s1 == 0) & (s2 == 0)
    t = np.where(flat, np.where(m1 == m2, 0.0, np.inf), t)
    return np.nan_to_num(t, nan=0.0, posinf=np.inf)


def read_stream(path: Path, out: Stream) -> None:
    import numpy as np
    try:
        with path.open("rb") as fh:
            header = fh.readline().decode().split()
            if not header or header[0] != "units":
                raise ValueError(f"no power probe header in the stream ({header[:3]})")
            out.units = header[1:]
            width = len(out.units) + 1
            while True:
                rec = fh.read(12)
                if len(rec) < 12:
                    return
                sep, cls, n = np.frombuffer(rec, dtype="<u4")
                if sep != 0xFFFFFFFF or cls not in (1, 2):
                    raise ValueError(f"malformed trace record ({sep:#x}, {cls})")
                data = np.frombuffer(fh.read(4 * n * width), dtype="<u4").reshape(n, width)
                hd, ops = data[:, :-1], data[:, -1]
                if out.traces == 0:
                    out.cycles, out.ops = int(n), ops.copy()
                    out.activity = np.zeros(len(out.units))
                if n != out.cycles:
                    out.bad_length += 1
                    continue
                if not np.array_equal(ops, out.ops):
                    out.bad_ops += 1
                out.sums[int(cls)].add(hd)
                out.activity += hd.sum(axis=0)
                out.traces += 1
                if out.traces in CHECKPOINTS and min(s.n for s in out.sums.values()) > 1:
                    out.onset[out.traces] = welch_t(out.sums).max(axis=0).tolist()
    except (OSError, ValueError) as exc:
        out.error = str(exc)


def build_firmware(c: Campaign, traces: int, seed: int, out: Path) -> Path:
    from verif.soc import firmware as fw
    cflags = (("-DPQX_KERNEL=1", f"-DTVLA_TRACES={traces}", f"-DTVLA_SEED={seed}")
              + tuple(f"-I{ROOT / 'firmware' / d}" for d in ("schemes", "lib", "include", "runtime"))
              + c.cflags)
    elf = out / (Path(c.main).stem + ".elf")
    fw.compile_c(ROOT / c.main, elf, cflags, extra=tuple(ROOT / e for e in c.extra))
    return fw.build(elf, out, quiet=True)


def run_campaign(c: Campaign, traces: int, seed: int, out: Path, root: Path = ROOT) -> Stream:
    """The campaign on the SoC whose RTL is under `root` (a planted bug's copy: scripts/mutate.py
    checker "tvla"); the firmware is this tree's."""
    from scripts import run
    binary = run.build(False, root=root, power=True)
    image = build_firmware(c, traces, seed, out)
    stream = Stream()
    with tempfile.TemporaryDirectory() as tmp:
        fifo = Path(tmp) / "power"
        os.mkfifo(fifo)
        reader = threading.Thread(target=read_stream, args=(fifo, stream), daemon=True)
        reader.start()
        res = run.simulate([str(binary), f"+fw={image}", f"+power={fifo}",
                            f"+max_cycles={c.max_cycles_per_trace * (traces + 2)}"])
        reader.join(timeout=60)
    if res.exit_code != 0:
        raise RuntimeError(f"the campaign's run ended with: {res.last}")
    if stream.error:
        raise RuntimeError(f"the power stream: {stream.error}")
    return stream


def analyse(c: Campaign, s: Stream, seed: int, seconds: float) -> dict:
    import numpy as np
    from verif.models import INSTRUCTIONS
    from verif.sv_enums import isa_op_codes
    codes = isa_op_codes(list(INSTRUCTIONS))
    name_of = {code: name for name, code in codes.items()}
    used = {INSTRUCTIONS[name_of[int(op)]].unit for op in set(s.ops.tolist()) if int(op) in name_of}
    t = welch_t(s.sums)
    units = []
    for k, unit in enumerate(s.units):
        leak = np.flatnonzero(t[:, k] > THRESHOLD)
        first = int(leak[0]) if leak.size else None
        op_at = None
        if first is not None:            # the instruction executing at or last before that cycle
            prior = np.flatnonzero(s.ops[:first + 1])
            op_at = name_of.get(int(s.ops[prior[-1]])) if prior.size else None
        onset = next((n for n, mx in sorted(s.onset.items()) if mx[k] > THRESHOLD), None)
        isa_unit = unit in {i.unit for i in INSTRUCTIONS.values()}
        units.append({
            "unit": unit, "runs_instructions": unit in used if isa_unit else None,
            "activity": float(s.activity[k]) / max(s.traces * s.cycles, 1),
            "leaking_cycles": int(leak.size), "max_t": float(t[:, k].max()) if s.cycles else 0.0,
            "first_leak_cycle": first, "first_leak_op": op_at, "traces_to_leak": onset,
        })
    silent_active = [u["unit"] for u in units if u["runs_instructions"] is False and u["activity"] > 0]
    window = max(1, -(-s.cycles // CHART_POINTS))
    curve = {}
    for k, unit in enumerate(s.units):      # the largest |t| of each window (inf kept as a large value)
        col = np.minimum(t[:, k], 1e6)
        pad = (-len(col)) % window
        curve[unit] = np.pad(col, (0, pad)).reshape(-1, window).max(axis=1).round(2).tolist()
    return {
        "campaign": c.name, "seed": seed, "traces": s.traces,
        "fixed": s.sums[1].n, "random": s.sums[2].n, "cycles": s.cycles, "threshold": THRESHOLD,
        "seconds": round(seconds, 1), "units": units,
        "unequal_length": s.bad_length, "unequal_instructions": s.bad_ops,
        "silent_but_active": silent_active,
        "leaking_cycles": int((t > THRESHOLD).any(axis=1).sum()),
        "window": window, "t_curve": curve,
        "ok": not (s.bad_length or s.bad_ops or silent_active),
    }


def markdown(r: dict) -> str:
    lines = ["# Leakage (pre-silicon TVLA)", "", f"### {r['campaign']}", "",
             f"{r['traces']} traces ({r['fixed']} fixed, {r['random']} random; seed {r['seed']}), "
             f"{r['cycles']:,} cycles each, {r['seconds']} s. Welch's t per cycle and unit on the "
             f"Hamming distance of each unit's registers; |t| > {r['threshold']} is leakage. "
             f"Cycles with leakage in some unit: {r['leaking_cycles']:,}.", "",
             "| unit | runs instructions | mean HD / cycle | cycles with \\|t\\| > 4.5 | max \\|t\\| "
             "| first leak (cycle, instruction) | traces to the first leak |",
             "|---|---|---:|---:|---:|---|---:|"]
    for u in r["units"]:
        runs = {True: "yes", False: "no", None: "(shell)"}[u["runs_instructions"]]
        first = "-" if u["first_leak_cycle"] is None else f"{u['first_leak_cycle']:,} ({u['first_leak_op'] or '-'})"
        lines.append(f"| {u['unit']} | {runs} | {u['activity']:.2f} | {u['leaking_cycles']:,} | "
                     f"{u['max_t']:.1f} | {first} | {u['traces_to_leak'] or '-'} |")
    checks = []
    if r["unequal_length"] or r["unequal_instructions"]:
        checks.append(f"**{r['unequal_length']} traces of another length, {r['unequal_instructions']} "
                      "with another instruction sequence: a timing difference.**")
    if r["silent_but_active"]:
        checks.append(f"**Active without an instruction of their own: {', '.join(r['silent_but_active'])}.**")
    lines += ["", *(checks or ["Every trace the same length and instruction sequence; the units that run "
                               "no instruction here show no activity."]), ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--op", default="mlkem-decaps", help=f"one of {', '.join(CAMPAIGNS)}")
    ap.add_argument("--traces", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--report", type=Path, default=REPORTS)
    ap.add_argument("--root", type=Path, default=ROOT, help="the tree whose RTL runs (a mutated copy)")
    args = ap.parse_args(argv)
    if args.op not in CAMPAIGNS:
        die("tvla", f"unknown campaign '{args.op}' (one of {', '.join(CAMPAIGNS)})")
    if args.traces < 4:
        die("tvla", f"--traces must be at least 4, not {args.traces}")
    c = CAMPAIGNS[args.op]
    out = args.root / "build" / "tvla" / args.op
    out.mkdir(parents=True, exist_ok=True)
    t0 = time.monotonic()
    print(f"tvla: {c.name}: {args.traces} traces, seed {args.seed}", flush=True)
    from verif.soc.firmware import FirmwareError
    try:
        stream = run_campaign(c, args.traces, args.seed, out, args.root)
    except (RuntimeError, OSError, FirmwareError) as exc:       # a build or run failure: one line
        die("tvla", str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
    if min(stream.sums[1].n, stream.sums[2].n) < 2:
        die("tvla", f"{stream.sums[1].n} fixed and {stream.sums[2].n} random traces of equal length "
            f"(and {stream.bad_length} of another length): need 2 of each; more --traces")
    report = analyse(c, stream, args.seed, time.monotonic() - t0)
    where = args.report / "leakage"
    where.mkdir(parents=True, exist_ok=True)
    (where / f"{args.op}.json").write_text(json.dumps(report, indent=1))
    (where / f"{args.op}.md").write_text(markdown(report))
    print(markdown(report))
    print(f"tvla: report {where / f'{args.op}.md'}")
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
