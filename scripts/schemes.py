"""The scheme firmware on the PQX SoC: build, run one operation per simulation, check, time.

    python -m scripts.schemes --check N [--param ML-KEM-512 ...] [--variant pqx|baseline|both]
    python -m scripts.schemes --cycles N [--report DIR]
    python -m scripts.schemes --selftest          (make test: a short --check)

A scheme program (firmware/schemes/, protocol in firmware/schemes/scheme_io.h) is built per
parameter set and per kernel set (baseline: PQX_KERNEL=0, plain C; pqx: PQX_KERNEL=1) into
build/schemes/<param>/<variant>/. One operation runs per simulation: the inputs are packed into the
program's `scheme_in` struct (verif/soc/schemes.py says its fields) and loaded over the image
with +in=<hex>; the outputs, cycles (mcycle of the operation), the cycles spent on public data
and the stack high-water mark are parsed from the program's output. Runs go two at a time (the
simulator is single-threaded; `--jobs`).

`--check N`: N random cases per parameter set (verif/soc/schemes.py CASES; for ML-KEM: d, z, m
from the seed: KeyGen, Encaps with the new key, Decaps of that ciphertext and of a corrupted one
(implicit rejection), each compared with kyber-py; plus the section 7 key checks on a good and a
broken key; Falcon: verifications against verif/models/falcon.py, verdict and reason). `make kat` (scripts/kat.py)
uses the same engine for NIST ACVP files. `--cycles N`: the cycle table of docs/schemes.md
(mcycle per operation, baseline and PQX, next to HORCRUX Table IV) and the constant-time
spreads, to <report>/schemes.md and schemes.json.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import random
import re
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from scripts.tools import die
from scripts.scheme_cycles import baseline_cases, cycles
from verif.soc.schemes import PARAM_SETS, SOURCES, ParamSet, compare, random_cases

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = {"baseline": 0, "pqx": 1}
FIRMWARE_DIRS = ("firmware/schemes", "firmware/lib", "firmware/runtime", "firmware/include")
NUMBERS = ("cycles", "public", "stack", "attempts", "setup", "last", "ct_setup", "ct_mask", "sampler")


@dataclass
class Result:
    ok: bool
    outputs: dict[str, bytes] = field(default_factory=dict)
    cycles: int | None = None
    public: int | None = None
    stack: int | None = None
    attempts: int | None = None      # ML-DSA signing: iterations of the rejection loop
    setup: int | None = None         # ML-DSA signing: cycles before the loop
    last: int | None = None          # ML-DSA signing: cycles of the last (successful) attempt
    ct: dict[str, int] = field(default_factory=dict)   # ML-DSA signing: ct_setup, ct_mask
    error: str = ""


def parse(text: str) -> tuple[dict[str, bytes], dict[str, int]]:
    """A program's outputs (`<name> <hex>` lines, joined per name) and its numbers."""
    outs: dict[str, str] = {}
    nums: dict[str, int] = {}
    for m in re.finditer(r"^(\w+) ([0-9a-f]+)$", text, re.M):
        name, val = m.groups()
        if name in NUMBERS:
            nums[name] = int(val)
        else:
            outs[name] = outs.get(name, "") + val
    return {k: bytes.fromhex(v) for k, v in outs.items() if len(v) % 2 == 0}, nums


class Engine:
    """Builds the simulator and the programs once, then runs operations (thread-safe)."""

    def __init__(self, jobs: int = 2, root: Path = ROOT) -> None:
        """`root`: the tree whose firmware is built (a mutated copy for scripts/mutate.py); the
        simulator is always this repository's."""
        from scripts import run
        self.root = root
        self.jobs = jobs
        self.binary = run.build(False)
        self.programs: dict[tuple[str, str], tuple[Path, Path, int]] = {}
        self.count = 0

    def program(self, pset: ParamSet, variant: str) -> tuple[Path, Path, int]:
        """(elf, image, address of scheme_in) of a parameter set's program, built if stale."""
        from verif.soc import firmware as fw
        key = (pset.name, variant)
        if key in self.programs:
            return self.programs[key]
        main, extra = SOURCES[pset.scheme]
        out = self.root / "build" / "schemes" / pset.tag / variant
        out.mkdir(parents=True, exist_ok=True)
        elf = out / (Path(main).stem + ".elf")
        cflags = ((f"-DPQX_KERNEL={VARIANTS[variant]}",)     # this tree's headers come first
                  + tuple(f"-I{self.root / 'firmware' / d}" for d in ("schemes", "lib", "include", "runtime"))
                  + pset.cflags)
        stamp = out / "build.flags"
        sources = [p for d in FIRMWARE_DIRS for p in (self.root / d).rglob("*") if p.is_file()]
        with (out / ".lock").open("w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            fresh = (elf.exists() and stamp.exists() and stamp.read_text() == " ".join(cflags)
                     and all(s.stat().st_mtime < elf.stat().st_mtime for s in sources))
            if not fresh:
                fw.compile_c(self.root / main, elf, cflags, extra=tuple(self.root / e for e in extra))
                stamp.write_text(" ".join(cflags))
            image = fw.build(elf, out, quiet=True)
        addr, size = fw.symbol(elf, "scheme_in")
        if size != 4 + sum(n for _, n in pset.layout.fields):
            raise fw.FirmwareError(f"{elf}: scheme_in has {size} bytes; verif/soc/schemes.py "
                                   f"describes {4 + sum(n for _, n in pset.layout.fields)}")
        self.programs[key] = (elf, image, addr)
        return self.programs[key]

    def call(self, pset: ParamSet, variant: str, op: str, inputs: dict[str, bytes]) -> Result:
        from scripts import run
        from verif.soc import firmware as fw
        elf, image, addr = self.program(pset, variant)
        data = pset.layout.pack(pset.ops[op].code, inputs)
        words = {(addr + i) // 4: int.from_bytes(data[i:i + 4], "little") for i in range(0, len(data), 4)}
        self.count += 1
        in_hex = image.parent / f"in-{op}-{self.count}.hex"
        fw.write_readmemh(words, in_hex)
        res = run.simulate([str(self.binary), f"+fw={image}", f"+in={in_hex}",
                            f"+max_cycles={pset.max_cycles[VARIANTS[variant]]}"])
        in_hex.unlink(missing_ok=True)
        if res.exit_code != 0:
            return Result(False, error=f"{pset.name} {variant} {op}: {res.last}")
        outs, nums = parse(res.output)
        missing = [o for o in pset.ops[op].outputs if o not in outs] + \
            [n for n in ("cycles", "public", "stack") if n not in nums]
        if missing:
            return Result(False, outs, error=f"{pset.name} {variant} {op}: no {', '.join(missing)} in the output")
        # `public`: the cycles allowed to vary with the case: those spent on public data, and
        # HQC's rejection sampler (its accept bits are declassified, as the specification allows)
        return Result(True, outs, nums["cycles"], nums["public"] + nums.get("sampler", 0), nums["stack"],
                      nums.get("attempts"), nums.get("setup"), nums.get("last"),
                      {k: v for k, v in nums.items() if k.startswith("ct_")})

    def map(self, calls: list[tuple], progress: Callable[[int, Result], None] | None = None) -> list[Result]:
        """Runs (pset, variant, op, inputs) calls, `jobs` at a time; results in order.
        `progress(i, result)` is called as each call ends (in the caller's thread)."""
        for pset, variant, *_ in calls:          # build serially, before the threads
            self.program(pset, variant)
        results: list[Result | None] = [None] * len(calls)
        with ThreadPoolExecutor(self.jobs) as pool:
            futures = {pool.submit(self.call, *c): i for i, c in enumerate(calls)}
            for fut in as_completed(futures):
                i = futures[fut]
                results[i] = fut.result()
                if progress:
                    progress(i, results[i])
        return results  # type: ignore[return-value]


def check(engine: Engine, psets: list[ParamSet], variants: list[str], count: int, seed: int) -> int:
    failed = total = 0
    for pset in psets:
        cases = random_cases(pset, random.Random(f"{seed}:{pset.name}"), count)
        for variant in variants:
            t0 = time.monotonic()
            vcases = baseline_cases(pset, cases) if variant == "baseline" else cases
            if variant == "pqx" and not pset.pqx:
                print(f"schemes: {pset.name} {variant}: not run (no PQX build of this program yet)")
                continue
            if not vcases:
                print(f"schemes: {pset.name} {variant}: not run (plain C for one set only: "
                      f"scripts/scheme_cycles.py BASELINE_SKIPPED)")
                continue
            results = engine.map([(pset, variant, c["op"], c["inputs"]) for c in vcases])
            bad = []
            for c, r in zip(vcases, results):
                err = r.error or compare(r.outputs, c["want"])
                if err:
                    bad.append(f"  FAIL {c['op']}: {err}")
            total += len(vcases)
            failed += len(bad)
            print(f"schemes: {pset.name} {variant}: {len(vcases) - len(bad)}/{len(vcases)} operations "
                  f"agree with the reference ({time.monotonic() - t0:.0f} s)", flush=True)
            for line in bad:
                print(line)
    print(f"{total - failed} passed, {failed} failed")
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m scripts.schemes", description=__doc__.splitlines()[0])
    ap.add_argument("--check", type=int, default=0, metavar="N", help="N random cases per parameter set")
    ap.add_argument("--cycles", type=int, default=0, metavar="N", help="cycle table over N cases")
    ap.add_argument("--selftest", action="store_true", help="the short check of make test")
    ap.add_argument("--param", action="append", default=[], help="parameter sets (default: all)")
    ap.add_argument("--variant", choices=("pqx", "baseline", "both"), default="both")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--report", type=Path, default=ROOT / "build" / "reports")
    ap.add_argument("--root", type=Path, default=ROOT,
                    help="tree whose firmware/ is built (scripts/mutate.py: a mutated copy)")
    args = ap.parse_args(argv)
    for name in args.param:
        if name not in PARAM_SETS:
            die("schemes", f"unknown parameter set {name!r}; known: {' '.join(PARAM_SETS)}")
    psets = [PARAM_SETS[n] for n in args.param] if args.param else list(PARAM_SETS.values())
    variants = list(VARIANTS) if args.variant == "both" else [args.variant]
    from verif.soc import firmware as fw
    try:
        engine = Engine(args.jobs, args.root.resolve())
        if args.selftest:       # ML-DSA-65/87 are covered by the ACVP sample in make test
            quick = [p for p in psets if p.scheme == "mlkem" or p.name in ("ML-DSA-44", "SLH-DSA-SHAKE-128f",
                                                                           "Falcon-512", "HQC-1")]
            rc = check(engine, quick, ["pqx"], 1, args.seed)
            return rc | check(engine, [PARAM_SETS["ML-KEM-512"]], ["baseline"], 1, args.seed)
        if args.check:
            return check(engine, psets, variants, args.check, args.seed)
        if args.cycles:
            return cycles(engine, psets, args.cycles, args.seed, args.report, tuple(variants))
    except fw.FirmwareError as exc:
        die("schemes", exc.headline, 1)
    ap.error("give --check N, --cycles N or --selftest")
    return 2


if __name__ == "__main__":
    sys.exit(main())
