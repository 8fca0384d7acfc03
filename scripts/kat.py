"""`make kat ALG=<alg> VECTORS=<file> [EXPECTED=<file>]`: run a vector file through the RTL.

Accepted files (docs/kat.md): NIST ACVP JSON, optionally bzip2-compressed, either an
`internalProjection.json` (vectors and answers in one file) or a prompt/vectors file plus its
expected-results file. The expected file is `--expected` (or the EXPECTED environment variable,
which `make kat EXPECTED=...` sets), else it is looked for next to the vectors
(`prompt.json` -> `expectedResults.json`) or in the parallel folder (`.../vectors/X` ->
`.../expected/X`).

Each algorithm registers a runner in RUNNERS; the runner drives every test case through the
coprocessor and returns (passed, failed, skipped). The output ends with `N passed, M failed`
(`, K skipped` when cases were skipped); the exit status is 1 on any failure. Problems with the
input (missing or malformed file, unknown or unsupported algorithm, a file for another algorithm,
no expected results) give one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import bz2
import json
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from scripts.tools import die

SHA3_ALGS = ("SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512")
SHAKE_ALGS = ("SHAKE-128", "SHAKE-256")


class VectorError(ValueError):
    """The vector or expected-results file is unusable (reported on stderr, exit status 2)."""


def load_json(path: Path) -> object:
    if not path.is_file():
        die("kat", f"vector file '{path}' not found")
    try:
        raw = path.read_bytes()
        if path.suffix == ".bz2":
            raw = bz2.decompress(raw)
        return json.loads(raw)
    except (OSError, ValueError, EOFError) as exc:
        die("kat", f"'{path}' is not a readable JSON vector file ({type(exc).__name__}: "
            f"{str(exc).splitlines()[0][:120]})")


def acvp_body(doc: object, path: Path) -> dict:
    """The vector-set object of an ACVP file (the list form carries a version header first)."""
    if isinstance(doc, list):
        doc = next((d for d in doc if isinstance(d, dict) and "testGroups" in d), None)
    if not isinstance(doc, dict) or not isinstance(doc.get("testGroups"), list) or "algorithm" not in doc:
        die("kat", f"'{path}' is not an ACVP vector set (no 'algorithm' and 'testGroups')")
    return doc


# ------------------------------------------------------------------------------ expected results
def _variants(p: Path) -> list[Path]:
    """p, and p with `.bz2` added or removed."""
    alt = p.with_suffix("") if p.suffix == ".bz2" else p.with_name(p.name + ".bz2")
    return [p, alt]


def find_expected(vectors: Path) -> Path | None:
    """The expected-results file that belongs to `vectors`, if one of the usual places has it:
    `prompt*.json` -> `expectedResults*.json` in the same folder, then `.../vectors/X` ->
    `.../expected/X` (the nearest `vectors` folder above the file; boringssl and geomys layouts)."""
    cands: list[Path] = []
    name = vectors.name
    if name.startswith("prompt"):
        cands += _variants(vectors.with_name("expectedResults" + name[len("prompt"):]))
    parts = vectors.parts
    for k in range(len(parts) - 2, -1, -1):
        if parts[k] == "vectors":
            cands += _variants(Path(*parts[:k], "expected", *parts[k + 1:]))
            break
    if name.startswith("prompt"):
        cands += _variants(vectors.parent / "expectedResults.json")
    here = vectors.resolve()
    return next((c for c in cands if c.is_file() and c.resolve() != here), None)


# ------------------------------------------------------------------------------ test cases
@dataclass
class Case:
    tg: int
    tc: int
    kind: str                     # AFT, VOT, MCT
    msg: bytes
    out_len: int | None = None    # bytes (SHAKE AFT/VOT)
    min_out: int = 0              # bytes (SHAKE MCT)
    max_out: int = 0
    md: bytes | None = None       # AFT/VOT answer
    results: list[tuple[bytes, int | None]] = field(default_factory=list)   # MCT: (md, outLen bits)


@dataclass
class KatSet:
    alg: str
    vectors: Path
    expected: Path | None          # None: the answers are in the vector file
    cases: list[Case]
    skipped: list[str]             # one reason per skipped case

    @property
    def total(self) -> int:
        return len(self.cases) + len(self.skipped)


def _hex(value: object, what: str) -> bytes:
    if not isinstance(value, str):
        raise VectorError(f"{what} is not a hex string")
    try:
        return bytes.fromhex(value)
    except ValueError:
        raise VectorError(f"{what} is not valid hex") from None


def _int(obj: dict, key: str, what: str) -> int:
    value = obj.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise VectorError(f"{what} '{key}' missing or not a non-negative integer")
    return value


SUPPORTED_TYPES = ("AFT", "VOT", "MCT")


def _groups(body: dict, path: Path) -> list[dict]:
    for g in body["testGroups"]:
        if not isinstance(g, dict) or not isinstance(g.get("tests"), list) \
                or not all(isinstance(t, dict) for t in g["tests"]):
            raise VectorError(f"'{path}': test group {g.get('tgId') if isinstance(g, dict) else g!r} "
                              f"has no list of test objects")
    return body["testGroups"]


def _answers(body: dict, path: Path) -> dict[tuple[int, int], dict]:
    return {(g.get("tgId"), t.get("tcId")): t for g in _groups(body, path) for t in g["tests"]
            if "md" in t or "resultsArray" in t}


def _skip_reason(g: dict, t: dict, shake: bool) -> str | None:
    kind = g.get("testType")
    if kind not in SUPPORTED_TYPES:
        return f"test type {kind} not supported"
    if kind == "MCT" and g.get("mctVersion", "standard") != "standard":
        return f"MCT version {g.get('mctVersion')} not supported"
    if isinstance(t.get("len"), int) and t["len"] % 8:
        return f"message of {t['len']} bits (not whole bytes)"
    if shake and kind != "MCT" and isinstance(t.get("outLen"), int) and t["outLen"] % 8:
        return f"output of {t['outLen']} bits (not whole bytes)"
    return None


def load_kat(alg: str, vectors: Path, expected: Path | None = None) -> KatSet:
    """Reads and checks a vector file (and its expected results). Raises VectorError, or exits
    with status 2 for files that are missing or not JSON."""
    body = acvp_body(load_json(vectors), vectors)
    alg = alg or body["algorithm"]
    if alg != body["algorithm"]:
        raise VectorError(f"ALG={alg} but '{vectors}' holds {body['algorithm']} vectors")
    if alg not in SHA3_ALGS + SHAKE_ALGS:
        raise VectorError(f"no SHA-3 runner for '{alg}'")
    shake = alg in SHAKE_ALGS
    groups = _groups(body, vectors)
    if not any("msg" in t for g in groups for t in g["tests"]):
        raise VectorError(f"'{vectors}' has no test with a 'msg': an expected-results file given as VECTORS?")
    answers = _answers(body, vectors)
    runnable = [(g, t) for g in groups for t in g["tests"] if _skip_reason(g, t, shake) is None]
    if expected is None and any((g.get("tgId"), t.get("tcId")) not in answers for g, t in runnable):
        expected = find_expected(vectors)
        if expected is None:
            raise VectorError(f"no expected results for '{vectors}': none inside, none found next to it "
                              f"(expectedResults.json) or in a parallel 'expected' folder; give EXPECTED=<file>")
    src = vectors
    if expected is not None:
        ebody = acvp_body(load_json(expected), expected)
        if ebody.get("algorithm", alg) != alg:
            raise VectorError(f"'{expected}' holds {ebody['algorithm']} results, the vectors are {alg}")
        if "vsId" in ebody and "vsId" in body and ebody["vsId"] != body["vsId"]:
            raise VectorError(f"'{expected}' is for vsId {ebody['vsId']}, '{vectors}' for vsId {body['vsId']}")
        answers, src = _answers(ebody, expected), expected

    cases: list[Case] = []
    skipped: list[str] = []
    for g in groups:
        tg, kind = g.get("tgId"), g.get("testType")
        for t in g["tests"]:
            where = f"tgId {tg} tcId {t.get('tcId')}"
            reason = _skip_reason(g, t, shake)
            if reason:
                skipped.append(f"{where}: {reason}")
                continue
            try:
                cases.append(_case(g, t, shake, answers.get((tg, t.get("tcId"))), where, src))
            except VectorError as exc:
                raise VectorError(f"'{vectors}' {where}: {exc}") from None
    return KatSet(alg, vectors, expected, cases, skipped)


def _case(g: dict, t: dict, shake: bool, ans: dict | None, where: str, src: Path) -> Case:
    kind = g["testType"]
    bits = _int(t, "len", "test field")
    raw = _hex(t.get("msg"), "msg")
    if len(raw) < bits // 8:
        raise VectorError(f"msg has {len(raw)} bytes, len says {bits} bits")
    case = Case(g.get("tgId"), t.get("tcId"), kind, raw[: bits // 8])
    if shake and kind != "MCT":
        case.out_len = _int(t, "outLen", "test field") // 8
    if shake and kind == "MCT":
        lo, hi = _int(g, "minOutLen", "group field"), _int(g, "maxOutLen", "group field")
        if lo % 8 or hi % 8 or not 16 <= lo <= hi:
            raise VectorError(f"SHAKE MCT needs byte lengths 16 <= minOutLen <= maxOutLen (got {lo}, {hi})")
        case.min_out, case.max_out = lo // 8, hi // 8
        if len(case.msg) != 16:
            raise VectorError(f"SHAKE MCT seed is {len(case.msg)} bytes, not 16")
    if ans is None:
        raise VectorError(f"no result for it in '{src}'")
    if kind == "MCT":
        arr = ans.get("resultsArray")
        if not isinstance(arr, list) or len(arr) != 100 or not all(isinstance(r, dict) for r in arr):
            raise VectorError(f"'{src}' has no resultsArray of 100 results for this MCT")
        for k, r in enumerate(arr):
            md = _hex(r.get("md"), f"result {k}: md")
            out_bits = r.get("outLen") if shake else None
            if shake and (not isinstance(out_bits, int) or out_bits != 8 * len(md)):
                raise VectorError(f"result {k}: outLen {out_bits!r} does not match md of {len(md)} bytes")
            case.results.append((md, out_bits))
    else:
        case.md = _hex(ans.get("md"), "md")
        if shake and len(case.md) != case.out_len:
            raise VectorError(f"md has {len(case.md)} bytes, outLen says {case.out_len}")
    return case


# ------------------------------------------------------------------------------ runners
Runner = Callable[[KatSet], tuple[int, int, int]]


HARNESS = "pqx_kat_tb"


def _write_if_changed(path: Path, text: str) -> None:
    """Keeps the file's time stamp when nothing changed, so the build stays up to date."""
    if not path.is_file() or path.read_text() != text:
        path.write_text(text)


def _balanced(text: str, i: int) -> int:
    """Index just after the parenthesised group that starts at text[i] == '('."""
    depth = 0
    for k in range(i, len(text)):
        if text[k] == "(":
            depth += 1
        elif text[k] == ")":
            depth -= 1
            if depth == 0:
                return k + 1
    raise ValueError("unbalanced parentheses")


def top_ports(text: str, module: str = "pqx_top") -> list[tuple[str, str, str]]:
    """(direction, packed range or '', name) of each port of an ANSI-style module header."""
    import re

    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    m = re.search(rf"\bmodule\s+{module}\b\s*", text)
    if not m:
        raise ValueError(f"no module {module}")
    i = m.end()
    if text.startswith("#", i):
        i = _balanced(text, text.index("(", i))
    i = text.index("(", i)
    block = text[i + 1:_balanced(text, i) - 1]
    return re.findall(r"\b(input|output)\s+(?:wire\s+|logic\s+)?(\[[^\]]+\]\s*)?(\w+)", block)


def write_harness(build_dir: Path, top_sv: Path) -> list[Path]:
    """The KAT harness: `pqx_top` with its clock made inside the simulation, plus a Verilator
    control file that keeps only the harness's signals visible to cocotb.

    Why (docs/kat.md): an MCT run is tens of millions of cycles. A clock toggled by cocotb costs a
    VPI write, a callback and a model evaluation per edge, and cocotb's default --public-flat-rw
    makes every signal of the design public, which slows the model down about three times. Here
    the clock is a zero-width pulse every CLOCK period (posedge and negedge in one time step: one
    evaluation per cycle; the design uses only posedges) and the host (verif/kernels/host.py)
    wakes on timers aligned with the edges. The ports are taken from `pqx_top`'s header."""
    try:
        ports = top_ports(top_sv.read_text())
    except ValueError as exc:
        raise VectorError(f"cannot read the port list of pqx_top in {top_sv}: {exc}") from None
    if not any(name == "clk_i" for _, _, name in ports):
        raise VectorError(f"pqx_top in {top_sv} has no clk_i port")
    decl = ",\n".join(f"  {d:6} logic {w or '':12}{n}" for d, w, n in ports if n != "clk_i")
    sv = build_dir / f"{HARNESS}.sv"
    _write_if_changed(sv, f"""// Generated by scripts/kat.py: pqx_top with an internal clock, for make kat.
`timescale 1ns/1ps
module {HARNESS} (
{decl}
);
  // one zero-width clock pulse every 10 ns: the posedge and the negedge fall in one time step
  logic clk_i = 1'b0;
  initial forever begin
    #10;
    clk_i = 1'b1;
    #0 clk_i = 1'b0;
  end
  pqx_top u_top (.*);
endmodule
""")
    vlt = build_dir / f"{HARNESS}.vlt"
    _write_if_changed(vlt, f'`verilator_config\npublic_flat_rw -module "{HARNESS}" -var "*"\n')
    return [vlt, sv]


def run_sha3(kset: KatSet) -> tuple[int, int, int]:
    """Builds the harness around pqx_top with Verilator (build/sim/kat) and runs
    verif/tests/kat_runner.py on it."""
    from cocotb_tools.runner import get_runner

    from scripts.tools import setup_verilator_env
    from scripts.units import ROOT, UNITS

    unit = UNITS["kernels_sha3"]          # pqx_top and its file list
    setup_verilator_env()
    build_dir = ROOT / "build" / "sim" / "kat"
    build_dir.mkdir(parents=True, exist_ok=True)
    result_file = build_dir / "kat_result.json"
    result_file.unlink(missing_ok=True)
    sources = unit.source_files()
    top_sv = next((f for f in sources if f.name == "pqx_top.sv"), None)
    if top_sv is None:
        die("kat", "rtl/pqx_top.f does not list pqx_top.sv")
    try:
        vlt, harness = write_harness(build_dir, top_sv)
    except VectorError as exc:
        die("kat", str(exc))
    runner = get_runner("verilator")
    t0 = time.monotonic()
    try:
        runner.build(sources=[vlt] + sources + [harness], hdl_toplevel=HARNESS, build_dir=build_dir,
                     build_args=["-Wno-fatal", "-Wno-lint", "-Wno-style",
                                 "--no-public-flat-rw",           # only the harness's ports (the .vlt)
                                 "--timing", "-CFLAGS", "-fcoroutines",   # the clock inside the model
                                 "-CFLAGS", "-O3"],
                     timescale=("1ns", "1ps"), log_file=build_dir / "build.log")
    except RuntimeError as exc:
        print(f"kat: error: building the RTL failed ({exc}); see {build_dir / 'build.log'}", file=sys.stderr)
        raise SystemExit(1) from None
    print(f"kat: {kset.alg}: {len(kset.cases)} cases from {kset.vectors}"
          + (f" (expected: {kset.expected})" if kset.expected else "")
          + (f", {len(kset.skipped)} skipped" if kset.skipped else "")
          + f"; RTL built in {time.monotonic() - t0:.1f} s", flush=True)
    env = {
        "PYTHONPATH": str(ROOT),
        "PQX_KAT_ALG": kset.alg,
        "PQX_KAT_VECTORS": str(kset.vectors.resolve()),
        "PQX_KAT_EXPECTED": str(kset.expected.resolve()) if kset.expected else "",
        "PQX_KAT_RESULT": str(result_file),
        "PQX_KAT_HARNESS_CLOCK": "1",
        "COCOTB_LOG_LEVEL": os.environ.get("COCOTB_LOG_LEVEL", "WARNING"),
        "GPI_LOG_LEVEL": os.environ.get("GPI_LOG_LEVEL", "WARNING"),
        "COCOTB_TRUST_INERTIAL_WRITES": "1",
    }
    runner.test(test_module="verif.tests.kat_runner", hdl_toplevel=HARNESS, build_dir=build_dir,
                test_dir=build_dir, results_xml=str(build_dir / "results.xml"), extra_env=env)
    try:
        res = json.loads(result_file.read_text())
    except (OSError, ValueError):
        print("kat: error: the simulation ended without a result (see the log above)", file=sys.stderr)
        raise SystemExit(1)
    return res["passed"], res["failed"], res["skipped"]


def run_reference(kset: KatSet) -> tuple[int, int, int]:
    """The same procedures on hashlib, no simulator."""
    import asyncio

    from verif.tests.kat_runner import reference_hash_fn, run_cases

    print(f"kat: {kset.alg}: {len(kset.cases)} cases from {kset.vectors}, reference (hashlib), not the RTL",
          flush=True)
    res = asyncio.run(run_cases(kset, reference_hash_fn(kset.alg)))
    return res["passed"], res["failed"], res["skipped"]


RUNNERS: dict[str, Runner] = {alg: run_sha3 for alg in SHA3_ALGS + SHAKE_ALGS}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--alg", default="")
    ap.add_argument("--vectors", default="")
    ap.add_argument("--expected", default=os.environ.get("EXPECTED", ""),
                    help="expected-results file (default: $EXPECTED, else looked for next to VECTORS)")
    ap.add_argument("--reference", action="store_true",
                    help="compute with hashlib instead of the RTL (checks the file and the MCT procedures)")
    args = ap.parse_args(argv)
    if not args.vectors:
        die("kat", "no vector file given: make kat ALG=<alg> VECTORS=<file>")
    vectors = Path(args.vectors)
    body = acvp_body(load_json(vectors), vectors)
    alg = args.alg or body["algorithm"]
    if alg != body["algorithm"]:
        die("kat", f"ALG={alg} but '{args.vectors}' holds {body['algorithm']} vectors")
    if alg not in RUNNERS:
        have = ", ".join(RUNNERS) or "none yet"
        die("kat", f"algorithm '{alg}' is not supported; supported: {have}")
    expected = Path(args.expected) if args.expected else None
    if expected is not None and not expected.is_file():
        die("kat", f"expected-results file '{expected}' not found")
    try:
        kset = load_kat(alg, vectors, expected)
    except VectorError as exc:
        die("kat", str(exc))
    t0 = time.monotonic()
    runner = run_reference if args.reference else RUNNERS[alg]
    passed, failed, skipped = runner(kset)
    print(f"kat: {alg}: {time.monotonic() - t0:.1f} s", flush=True)
    print(f"{passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
