"""Fuzzing the tools' inputs (issue 33: tools that never pass silently), with Hypothesis.

* `make kat`'s readers on ACVP and Wycheproof JSON made from small real samples
  (verif/vectors/) with fields deleted, retyped, truncated or made non-hex, in-process
  (scripts/kat.py `main`, the hash procedures on hashlib with `--reference`; the scheme path with
  a stand-in for the SoC that answers what the unmutated file expects);
* `make run`, `make sim`, `make formal`, `make synth` with missing, empty or foreign firmware, C
  that does not compile, unknown names and bad numbers, as subprocesses.

The property, everywhere: never a traceback, a non-zero exit status for anything wrong, and never
exit status 0 when nothing was checked. For `make kat` also: status 2 is exactly one line on
stderr; every failure has its own `FAIL` line; a mutation of a field a runnable case depends on
(its msg, md, len, key, ...), or a set or group field deleted or retyped (algorithm, mode,
testType, parameterSet, function, type), is never exit status 0; every test entry of every vector
set is accounted for; one mutation never makes a case vanish without a FAIL line or a refusal
(_no_case_vanishes).

Examples per property: PQX_FUZZ_EXAMPLES (default 25, what `make test` runs; the nightly can
give e.g. 2000). Without PQX_FUZZ_SEED the examples are derandomized (the same every run:
reproducible CI); with it (the nightly passes its base seed) they are drawn from that seed: other
examples for another seed, the same again for the same one.
"""

from __future__ import annotations

import bz2
import contextlib
import copy
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
VECTORS = ROOT / "verif" / "vectors"


def _examples() -> int:
    text = os.environ.get("PQX_FUZZ_EXAMPLES", "25")
    try:
        return max(1, int(text))
    except ValueError:
        raise pytest.UsageError(f"PQX_FUZZ_EXAMPLES={text!r} is not a number of examples") from None


def _fuzz_seed() -> int | None:
    """PQX_FUZZ_SEED as an integer >= 0, or None when it is not set (derandomized examples)."""
    text = os.environ.get("PQX_FUZZ_SEED", "").strip()
    if not text:
        return None
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise pytest.UsageError(f"PQX_FUZZ_SEED={text!r} is not a seed (an integer >= 0)")
    return value


EXAMPLES = _examples()
SEED = _fuzz_seed()
FUZZ = settings(max_examples=EXAMPLES, derandomize=SEED is None, deadline=None, database=None,
                suppress_health_check=list(HealthCheck), print_blob=True)


def seeded(test):
    """The property test drawn from PQX_FUZZ_SEED when it is set (else FUZZ derandomizes it)."""
    return test if SEED is None else hypothesis_seed(SEED)(test)


# ------------------------------------------------------------------------------ seeds
def _load(path: Path) -> object:
    raw = path.read_bytes()
    return json.loads(bz2.decompress(raw) if path.suffix == ".bz2" else raw)


def _trim(doc: list, keep_groups: dict[object, set[int]] | None = None, tests: int = 2) -> list:
    """The list form with every vector set's groups cut to `keep_groups[vsId]` (tgIds; all if
    the vsId is not named) and each group to its first `tests` tests."""
    out = []
    for part in doc:
        if isinstance(part, dict) and "testGroups" in part:
            part = dict(part)
            keep = (keep_groups or {}).get(part.get("vsId"))
            part["testGroups"] = [dict(g, tests=g["tests"][:tests]) for g in part["testGroups"]
                                  if keep is None or g.get("tgId") in keep]
        out.append(part)
    return out


def _hash_seeds() -> dict[str, tuple[object, object | None]]:
    """name -> (vectors, expected or None): small files the hash path checks in well under a
    second on hashlib, every case of them runnable or skipped on purpose."""
    import hashlib

    def aft_only(doc: list) -> dict[object, set[int]]:
        """vsId -> the tgIds of its AFT groups (the MCTs take a second on hashlib)."""
        return {p.get("vsId"): {g["tgId"] for g in p["testGroups"] if g.get("testType") == "AFT"}
                for p in doc if isinstance(p, dict) and "testGroups" in p}
    sha2_v = _load(VECTORS / "acvp" / "vectors" / "SHA2-256.bz2")
    sha2 = (_trim(sha2_v, aft_only(sha2_v)), _trim(_load(VECTORS / "acvp" / "expected" / "SHA2-256.bz2"),
                                                   aft_only(sha2_v)))
    aes_v = _load(VECTORS / "acvp" / "vectors" / "ACVP-AES-ECB.bz2")
    keep = {p.get("vsId"): {g["tgId"] for g in p["testGroups"] if g.get("testType") == "AFT"
                            and g.get("keyLen") == 128}
            for p in aes_v if isinstance(p, dict) and "testGroups" in p}
    aes = (_trim(aes_v, keep), _trim(_load(VECTORS / "acvp" / "expected" / "ACVP-AES-ECB.bz2"), keep))
    msgs = [b"", b"abc", bytes(range(40))]
    shake = {"vsId": 7, "algorithm": "SHAKE-128", "revision": "1.0", "testGroups": [
        {"tgId": 1, "testType": "AFT", "tests": [
            {"tcId": i + 1, "len": 8 * len(m), "msg": m.hex(), "outLen": 136,
             "md": hashlib.shake_128(m).hexdigest(17)} for i, m in enumerate(msgs)]},
        {"tgId": 2, "testType": "LDT", "tests": [{"tcId": 9, "len": 8, "msg": "00", "md": "00"}]}]}
    sha3 = [{"acvVersion": "1.0"}, {"vsId": 8, "algorithm": "SHA3-256", "revision": "2.0", "testGroups": [
        {"tgId": 1, "testType": "AFT", "tests": [
            {"tcId": i + 1, "len": 8 * len(m), "msg": m.hex().upper(),
             "md": hashlib.sha3_256(m).hexdigest().upper()} for i, m in enumerate(msgs)]}]}]
    sm3 = _load(VECTORS / "pqx" / "SM3.json")
    haraka = _load(VECTORS / "pqx" / "HARAKA-256.json")
    return {"SHA2-256": sha2, "ACVP-AES-ECB": aes, "SHAKE-128": (shake, None), "SHA3-256": (sha3, None),
            "SM3": (_trim(sm3, tests=3), None), "HARAKA-256": (_trim(haraka, tests=2), None)}


def _scheme_seeds() -> dict[str, tuple[object, object | None]]:
    mlkem = (_load(VECTORS / "acvp" / "vectors" / "ML-KEM.bz2"), _load(VECTORS / "acvp" / "expected" / "ML-KEM.bz2"))
    mldsa_v = _load(VECTORS / "acvp" / "vectors" / "ML-DSA.bz2")
    keep = {p["vsId"]: {"keyGen": {1}, "sigGen": {1, 4}, "sigVer": {4}}[p["mode"]]
            for p in mldsa_v if isinstance(p, dict) and "testGroups" in p}
    mldsa = (_trim(mldsa_v, keep),
             _trim(_load(VECTORS / "acvp" / "expected" / "ML-DSA.bz2"), keep))
    slh = _load(VECTORS / "slhdsa" / "SLH-DSA-keyGen-FIPS205-internalProjection-SHAKE.json")
    slh = dict(slh, testGroups=[dict(g, tests=g["tests"][:1]) for g in slh["testGroups"][:2]])
    return {"ML-KEM": mlkem, "ML-DSA": mldsa, "SLH-DSA": (slh, None), "wycheproof ML-KEM": (_wycheproof(), None)}


def _wycheproof() -> dict:
    from verif.soc.schemes import PARAM_SETS, mlkem_expected
    d, z, m = bytes(range(32)), bytes(range(32, 64)), bytes(32)
    kg = mlkem_expected(PARAM_SETS["ML-KEM-512"], "keygen", {"d": d, "z": z})
    en = mlkem_expected(PARAM_SETS["ML-KEM-512"], "encaps", {"ek": kg["ek"], "m": m})
    return {"algorithm": "ML-KEM", "schema": "mlkem_test_schema.json", "numberOfTests": 3, "testGroups": [
        {"type": "MLKEMTest", "parameterSet": "ML-KEM-512", "tests": [
            {"tcId": 1, "seed": (d + z).hex(), "ek": kg["ek"].hex(), "c": en["c"].hex(), "K": en["k"].hex(),
             "result": "valid", "flags": []},
            {"tcId": 2, "seed": (d + z)[:-1].hex(), "c": en["c"].hex(), "K": "", "result": "invalid", "flags": []}]},
        {"type": "MLKEMEncapsTest", "parameterSet": "ML-KEM-512", "tests": [
            {"tcId": 3, "ek": kg["ek"].hex(), "m": m.hex(), "c": en["c"].hex(), "K": en["k"].hex(),
             "result": "valid", "flags": []}]}]}


HASH_SEEDS = _hash_seeds()
SCHEME_SEEDS = _scheme_seeds()


# ------------------------------------------------------------------------------ mutations
def _paths(node: object, prefix: tuple = ()) -> list[tuple]:
    out = []
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else []
    for k, v in items:
        out.append(prefix + (k,))
        out += _paths(v, prefix + (k,))
    return out


def _get(doc: object, path: tuple) -> object:
    for k in path:
        doc = doc[k]
    return doc


OTHER_TYPES = [None, True, 0, -1, 1.5, 2 ** 70, "", "0", "zz", [], [1], {}, {"tcId": 1}]
OPS = ("delete", "retype", "truncate", "nonhex")


class Mutated(tuple):
    """(document, [(op, path)]), shown by its mutations only (the documents are large)."""

    def __repr__(self) -> str:
        return f"mutations {self[1]!r}"


@st.composite
def mutated(draw, doc: object) -> Mutated:
    """The document with 1 to 3 mutations; returns it and the (op, path) of each."""
    doc = copy.deepcopy(doc)
    done = []
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(doc)
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        op = draw(st.sampled_from(OPS))
        parent, key, value = _get(doc, path[:-1]), path[-1], _get(doc, path)
        if op == "delete":
            del parent[key]
        elif op == "retype":
            parent[key] = copy.deepcopy(draw(st.sampled_from([v for v in OTHER_TYPES if type(v) is not type(value)])))
        elif op == "truncate" and isinstance(value, (str, list)) and value:
            parent[key] = value[:draw(st.integers(0, len(value) - 1))]
        elif op == "truncate" and isinstance(value, dict) and value:
            for k in list(value)[:draw(st.integers(1, len(value)))]:
                del value[k]
        elif op == "truncate" and isinstance(value, int) and not isinstance(value, bool):
            parent[key] = value // 2 - 1
        elif op == "nonhex" and isinstance(value, str):
            at = draw(st.integers(0, len(value)))
            parent[key] = value[:at] + draw(st.sampled_from("gZ- x")) + value[at:]
        else:
            continue
        done.append((op, path, show_value(parent[key]) if op != "delete" else None))
    return Mutated((doc, done))


def show_value(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


# ------------------------------------------------------------------------------ the checks
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$")


def _kat(argv: list[str]) -> tuple[int, str, str]:
    """scripts/kat.py main in-process: (status, stdout, stderr). Any exception other than
    SystemExit escapes: a traceback is what the fuzzing looks for."""
    from scripts import kat
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = kat.main(argv)
        except SystemExit as exc:
            code = exc.code
    return code, out.getvalue(), err.getvalue()


def _check_kat_result(code: int, out: str, err: str) -> tuple[int, int]:
    """The contract of `make kat`'s status and output; returns (passed, failed)."""
    assert code in (0, 1, 2), (code, out[-2000:], err[-2000:])
    assert "Traceback" not in err + out
    lines = out.splitlines()
    m = SUMMARY.match(lines[-1]) if lines else None
    if code == 2:
        assert len(err.splitlines()) == 1 and err.startswith("kat: error: "), err
        if m:                                  # nothing checked: the counts were printed
            assert m.group(1) == "0" and m.group(2) == "0", out
            assert "nothing checked" in err
        return 0, 0
    assert m, f"no summary line: {out[-500:]!r}"
    passed, failed = int(m.group(1)), int(m.group(2))
    assert not err.strip() or code != 0, err
    fails = [ln for ln in lines if ln.startswith("FAIL ")]
    assert len(fails) == failed, (fails, failed)
    if code == 0:
        assert passed >= 1 and failed == 0, out           # never 0 when nothing was checked
    else:
        assert failed >= 1, out
    return passed, failed


def _write(tmp: Path, name: str, vectors: object, expected: object | None) -> Path:
    """vectors/<name>.json (and expected/<name>.json) under tmp."""
    for sub, doc in (("vectors", vectors), ("expected", expected)):
        (tmp / sub).mkdir(parents=True, exist_ok=True)
        f = tmp / sub / f"{name.replace(' ', '_')}.json"
        f.unlink(missing_ok=True)
        if doc is not None:
            f.write_text(json.dumps(doc))
    return tmp / "vectors" / f"{name.replace(' ', '_')}.json"


def _set_index(doc: object, path: tuple) -> tuple | None:
    """The path of the vector set `path` lies in: () for a file that is one object, (k,) for the
    k-th entry of the list form; None for a path outside every vector set (the version header)."""
    if not isinstance(doc, list):
        return ()
    if path and isinstance(path[0], int) and isinstance(doc[path[0]], dict) and "testGroups" in doc[path[0]]:
        return path[:1]
    return None


LOAD_BEARING = {"msg", "md", "len", "tcId", "key", "pt", "ct", "outLen",        # hash, AES
                "d", "z", "ek", "dk", "m", "c", "k", "seed", "pk", "sk", "signature", "mu",  # schemes
                "message", "skSeed", "skPrf", "pkSeed", "testPassed", "K"}
SET_FIELDS = {"mode", "algorithm"}
"""Fields of a vector set (or a Wycheproof file) that every loader needs: deleted or of another
type, the file must not pass (a named but unknown value may be a skip: not load-bearing)."""
GROUP_FIELDS = {"hash": {"testType", "direction", "keyLen"}, "scheme": {"parameterSet", "function"},
                "wycheproof": {"type", "parameterSet"}}
"""The same for a group's fields, by kind of file (the scheme loaders do not read testType)."""


def _kind(name: str) -> str:
    return "wycheproof" if name.startswith("wycheproof") else "scheme" if name in SCHEME_SEEDS else "hash"


def _load_bearing(seed: object, done: list[tuple[str, tuple]], vectors: object, kind: str = "hash") -> bool:
    """One mutation that makes a field unusable (deleted, of another type, not hex), of a field a
    runnable case of the seed depends on, or (vector file only: deleted or of another type) of a
    set or group field every loader needs: the file must not pass. (`vectors`: the vector file
    of the seed, whose groups say what runs; an expected file has the same sets and groups in
    order.)"""
    if len(done) != 1 or done[0][0] == "truncate":
        return False
    op, path, _ = done[0]
    body = _set_index(seed, path)
    if body is None:
        return False
    rest = path[len(body):]
    if seed is vectors and op in ("delete", "retype"):
        if len(rest) == 1 and rest[0] in SET_FIELDS and not (kind == "hash" and rest[0] == "mode"):
            return True
        if len(rest) == 3 and rest[0] == "testGroups" and rest[2] in GROUP_FIELDS[kind]:
            return True
    if len(rest) != 5 or rest[0] != "testGroups" or rest[2] != "tests" or rest[4] not in LOAD_BEARING:
        return False
    test = _get(seed, body)["testGroups"][rest[1]]["tests"][rest[3]]
    if test.get("result") == "invalid":       # Wycheproof: decided without some fields (K, ...)
        return False
    if "seed" in test and rest[4] == "ek":     # Wycheproof MLKEMTest: ek is optional
        return False
    vbody = body if seed is vectors or isinstance(vectors, list) == isinstance(seed, list) else None
    if vbody is None or (vbody and (vbody[0] >= len(vectors) or not isinstance(vectors[vbody[0]], dict))):
        return False
    groups = _get(vectors, vbody).get("testGroups", [])
    group = groups[rest[1]] if rest[1] < len(groups) else {}
    if group.get("testType") == "LDT" or group.get("direction", "encrypt") != "encrypt":
        return False                          # a skipped group
    return op != "nonhex" or rest[4] not in ("len", "tcId", "outLen")


def _entries(doc: object) -> int:
    """The test entries of every vector set of an ACVP file or of a Wycheproof file: a test of a
    group with a list of tests, or a group without one (one malformed entry)."""
    sets = [d for d in (doc if isinstance(doc, list) else [doc])
            if isinstance(d, dict) and isinstance(d.get("testGroups"), list)]
    return sum(len(g["tests"]) if isinstance(g, dict) and isinstance(g.get("tests"), list) else 1
               for s in sets for g in s["testGroups"])


def _counts(out: str) -> tuple[int, int, int]:
    m = SUMMARY.match(out.splitlines()[-1])
    return int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)


def _no_case_vanishes(seed_counts: tuple[int, int, int], seed: object, doc: object, side: str,
                      done: list, code: int, out: str) -> None:
    """One mutation of an ACVP file never lowers the number of accounted cases (passed, failed
    and skipped) without a FAIL line or a refusal (status 2, one line: _check_kat_result): a case
    may become a skip (a named but unknown value, counted with its reason), never vanish. Only
    the test entries the mutation removed from the vector file (a test or group deleted) are
    gone."""
    if len(done) != 1 or code != 0:
        return
    passed, failed, skipped = _counts(out)
    removed = _entries(seed) - _entries(doc) if side == "vectors" else 0
    assert passed + skipped >= sum(seed_counts) - removed, (done, seed_counts, out[-1000:])
@pytest.fixture(scope="module")
def workdir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


SEED_COUNTS: dict[str, tuple[int, int, int]] = {}
"""(passed, failed, skipped) of each unmutated seed, filled by the two seed tests."""


def test_seeds_pass_as_they_are(workdir):
    """The unmutated seeds pass (else the mutation checks below would prove nothing)."""
    for name, (vec, exp) in HASH_SEEDS.items():
        code, out, err = _kat(["--reference", "--vectors", str(_write(workdir / "seed", name, vec, exp))])
        assert code == 0 and _check_kat_result(code, out, err)[0] >= 1, (name, out, err)
        SEED_COUNTS[name] = _counts(out)


@pytest.fixture(scope="module")
def hash_counts(workdir) -> int:
    if not all(n in SEED_COUNTS for n in HASH_SEEDS):
        test_seeds_pass_as_they_are(workdir)
    return len(SEED_COUNTS)


@seeded
@FUZZ
@given(data=st.data(), which=st.sampled_from(sorted(HASH_SEEDS)), side=st.sampled_from(["vectors", "expected"]))
def test_fuzz_hash_files(workdir, hash_counts, data, which, side):
    """A mutated ACVP hash/AES file (or its expected results) through `make kat --reference`."""
    vec, exp = HASH_SEEDS[which]
    if side == "expected" and exp is None:
        side = "vectors"
    seed = vec if side == "vectors" else exp
    doc, done = data.draw(mutated(seed))
    path = _write(workdir / "hash", which, doc if side == "vectors" else vec, doc if side == "expected" else exp)
    code, out, err = _kat(["--reference", "--vectors", str(path)])
    _check_kat_result(code, out, err)
    if _load_bearing(seed, done, vec, "hash"):
        assert code != 0, (done, out[-2000:])
    _no_case_vanishes(SEED_COUNTS[which], seed, doc, side, done, code, out)


@seeded
@FUZZ
@given(which=st.sampled_from(sorted(HASH_SEEDS)), cut=st.floats(0, 1, exclude_max=True))
def test_fuzz_truncated_file(workdir, which, cut):
    """A vector file cut short (a download that stopped): one line, status 2."""
    vec, exp = HASH_SEEDS[which]
    path = _write(workdir / "cut", which, vec, exp)
    raw = path.read_bytes()
    path.write_bytes(raw[:int(cut * len(raw))])
    code, out, err = _kat(["--reference", "--vectors", str(path)])
    _check_kat_result(code, out, err)
    assert code == 2


class _Oracle:
    """Stands in for scripts.schemes.Engine: answers each firmware call with what the unmutated
    seed expects for those inputs (so the seed passes), nothing for unknown inputs (a failure)."""
    answers: dict = {}

    def __init__(self, *args, **kwargs) -> None:
        pass

    def map(self, calls, progress=None):
        from scripts.schemes import Result
        results = []
        for i, (pset, _variant, op, inputs) in enumerate(calls):
            want = self.answers.get((pset.name, op, tuple(sorted(inputs.items()))))
            r = Result(want is not None, dict(want or {}), error="" if want is not None else "unknown inputs")
            results.append(r)
            if progress:
                progress(i, r)
        return results


def _scheme_cases(name: str, path: Path) -> list:
    from verif.kat.acvp import load_json
    from verif.kat.acvp_schemes import load_scheme_kat
    from verif.kat.wycheproof import load_wycheproof
    from verif.soc.schemes import PARAM_SETS
    if name.startswith("wycheproof"):
        return load_wycheproof(load_json(path), path, PARAM_SETS)[0]
    return load_scheme_kat(name, path, None, PARAM_SETS)[0]


@pytest.fixture(scope="module")
def oracle(workdir):
    """Every seed's firmware calls and their expected outputs; the seeds pass as they are."""
    import scripts.schemes
    answers = {}
    for name, (vec, exp) in SCHEME_SEEDS.items():
        for c in _scheme_cases(name, _write(workdir / "oracle", name, vec, exp)):
            answers[(c.pset, c.op, tuple(sorted(c.inputs.items())))] = c.want
    _Oracle.answers = answers
    saved = scripts.schemes.Engine
    scripts.schemes.Engine = _Oracle
    yield len(answers)          # (not the answers: Hypothesis shows the test's arguments)
    scripts.schemes.Engine = saved


def test_scheme_seeds_pass_with_the_oracle(workdir, oracle):
    for name, (vec, exp) in SCHEME_SEEDS.items():
        code, out, err = _kat(["--vectors", str(_write(workdir / "seed", name, vec, exp))])
        assert code == 0 and _check_kat_result(code, out, err)[0] >= 1, (name, out, err)
        SEED_COUNTS[name] = _counts(out)


@pytest.fixture(scope="module")
def scheme_counts(workdir, oracle) -> int:
    if not all(n in SEED_COUNTS for n in SCHEME_SEEDS):
        test_scheme_seeds_pass_with_the_oracle(workdir, oracle)
    return len(SEED_COUNTS)


def _wycheproof_accounts(doc: object, path: Path) -> None:
    """Every test entry of a Wycheproof file is somewhere in the loader's four lists (cases by
    their `where`, the others by their reasons' "where: ")."""
    from verif.kat.acvp import VectorError, show
    from verif.kat.wycheproof import is_wycheproof, load_wycheproof
    from verif.soc.schemes import PARAM_SETS
    if not is_wycheproof(doc) or not isinstance(doc.get("testGroups"), list):
        return
    try:
        cases, skipped, host, malformed = load_wycheproof(doc, path, PARAM_SETS)
    except VectorError:
        return
    said = [c.where.removesuffix(" keygen") for c in cases] + [w for w, _ in host] + skipped + malformed
    for k, g in enumerate(doc["testGroups"]):
        if not isinstance(g, dict) or not isinstance(g.get("tests"), list):
            wheres = [f"{path.name} testGroups[{k}]"]
        else:
            wheres = [f"{path.name} tcId {show(t.get('tcId'))}" if isinstance(t, dict)
                      else f"{path.name} testGroups[{k}] tests[{j}]" for j, t in enumerate(g["tests"])]
        for w in wheres:
            assert any(r == w or r.startswith(w + ": ") for r in said), (w, said)


@seeded
@FUZZ
@given(data=st.data(), which=st.sampled_from(sorted(SCHEME_SEEDS)), side=st.sampled_from(["vectors", "expected"]))
def test_fuzz_scheme_files(workdir, oracle, scheme_counts, data, which, side):
    """A mutated ML-KEM / ML-DSA / SLH-DSA ACVP or Wycheproof file through `make kat`, the SoC
    replaced by the oracle; the loader accounts for every test entry of every vector set (and of
    a Wycheproof file); one mutation never makes a case vanish (_no_case_vanishes)."""
    vec, exp = SCHEME_SEEDS[which]
    if side == "expected" and exp is None:
        side = "vectors"
    doc, done = data.draw(mutated(vec if side == "vectors" else exp))
    _check_scheme(workdir, which, side, doc, done)


@seeded
@FUZZ
@given(data=st.data())
def test_fuzz_falcon_rsp(tmp_path_factory, data):
    """A mutated Falcon KAT .rsp (lines deleted, duplicated, replaced by garbage; values retyped
    or cut): the reader either refuses the file with one VectorError or accounts for every entry
    (a case or a malformed reason each; KeyGen and Sign skipped per case)."""
    from verif.kat.acvp import VectorError
    from verif.kat.rsp import load_rsp
    from verif.soc.schemes import PARAM_SETS
    lines = (ROOT / "verif/vectors/falcon/falcon512-KAT.rsp").read_text().splitlines()
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(lines) - 1))
        how = data.draw(st.sampled_from(["delete", "duplicate", "garbage", "value", "cut"]))
        key, _, value = lines[i].partition(" = ")
        if how == "delete":
            del lines[i]
        elif how == "duplicate":
            lines.insert(i, lines[i])
        elif how == "garbage":
            lines[i] = data.draw(st.text(max_size=20))
        elif how == "value":
            lines[i] = f"{key} = {data.draw(st.text(alphabet='0123456789abcdefXYZ -', max_size=12))}"
        else:
            lines[i] = lines[i][:data.draw(st.integers(0, len(lines[i])))]
        if not lines:
            break
    f = tmp_path_factory.mktemp("rsp") / "f.rsp"
    f.write_text("\n".join(lines) + "\n")
    try:
        cases, skipped, malformed = load_rsp("FALCON", f, PARAM_SETS)
    except VectorError as exc:
        assert len(str(exc).splitlines()) == 1
        return
    entries = sum(1 for ln in f.read_text().splitlines() if ln.split("=")[0].strip() == "count")
    assert len(cases) + len(malformed) == entries and len(skipped) == 2 * len(cases)


def _check_scheme(workdir: Path, which: str, side: str, doc: object, done: list) -> None:
    """The properties of test_fuzz_scheme_files for one mutated document of the seed `which`."""
    vec, exp = SCHEME_SEEDS[which]
    seed = vec if side == "vectors" else exp
    path = _write(workdir / "scheme", which, doc if side == "vectors" else vec, doc if side == "expected" else exp)
    code, out, err = _kat(["--vectors", str(path)])
    _check_kat_result(code, out, err)
    if _load_bearing(seed, done, vec, _kind(which)):
        assert code != 0, (done, out[-2000:])
    if which.startswith("wycheproof"):
        _wycheproof_accounts(doc if side == "vectors" else vec, path)
    else:
        _no_case_vanishes(SEED_COUNTS[which], seed, doc, side, done, code, out)
        from verif.kat.acvp import VectorError, load_json
        from verif.kat.acvp_schemes import load_scheme_kat
        from verif.soc.schemes import PARAM_SETS
        try:
            cases, skipped, malformed = load_scheme_kat(which, path, None, PARAM_SETS)
        except VectorError:
            return
        entries = _entries(load_json(path))             # every set's, whatever its algorithm
        assert len(cases) + len(skipped) + len(malformed) == entries      # nothing dropped silently


@pytest.mark.parametrize("which, op, path, value", [
    ("ML-KEM", "delete", (2, "algorithm"), None),                         # the set vanished: 2 cases, status 0
    ("ML-KEM", "retype", (2, "algorithm"), 5),
    ("ML-KEM", "delete", (2, "testGroups", 0, "function"), None),        # was "not supported": a skip
    ("ML-KEM", "retype", (1, "mode"), None),
    ("ML-DSA", "delete", (1, "testGroups", 0, "parameterSet"), None),
    ("wycheproof ML-KEM", "delete", ("testGroups", 0, "type"), None),    # was "test type None": a skip
    ("wycheproof ML-KEM", "delete", ("testGroups", 1, "parameterSet"), None),
    ("SLH-DSA", "delete", ("testGroups", 0, "tests", 0, "sk"), None),    # answers inside, one missing
])
def test_known_silent_passes(workdir, oracle, scheme_counts, which, op, path, value):
    """The mutations the review of issue 33 found passing (or dropping cases) silently, through
    the checks of test_fuzz_scheme_files: each is now a failure with its FAIL line."""
    doc = copy.deepcopy(SCHEME_SEEDS[which][0])
    parent = _get(doc, path[:-1])
    if op == "delete":
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    done = [(op, path, None if op == "delete" else show_value(value))]
    assert _load_bearing(SCHEME_SEEDS[which][0], done, SCHEME_SEEDS[which][0], _kind(which))
    _check_scheme(workdir, which, "vectors", doc, done)


# ------------------------------------------------------------------------------ command lines
def _tool(*argv: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *argv], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, "PYTHONPATH": str(ROOT)})


def _usage_error(proc: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in proc.stderr + proc.stdout, proc.stderr
    assert proc.returncode == 2, (proc.returncode, proc.stdout[-300:], proc.stderr[-300:])
    assert proc.stderr.strip().splitlines()[-1].split(": ")[1] == "error", proc.stderr


BAD_NUMBERS = st.sampled_from(["abc", "-5", "0", "1.5", "", "nan", "-inf", "1e999", "0x10", " "])


SIM, FORMAL = ("scripts.sim", "--unit", "top"), ("scripts.formal", "--job", "keccak_ctrl")
SYNTH, RUN = ("scripts.synth", "--unit", "decoder"), ("scripts.run", "--fw", "x.c")
REGRESS = ("scripts.regress", "--profile", "ci")
NUMERIC_OPTIONS = [(SIM, "--seed"), (SIM, "--n"), (FORMAL, "--jobs"), (FORMAL, "--budget-scale"),
                   (SYNTH, "--jobs"), (SYNTH, "--budget-scale"), (RUN, "--max-cycles"),
                   (REGRESS, "--seed"), (REGRESS, "--n"), (REGRESS, "--jobs")]
"""Every (tool, numeric option) pair that exists."""


@seeded
@settings(FUZZ, max_examples=min(EXAMPLES // 3 + 1, 100))   # 100: every combination
@given(pair=st.sampled_from(NUMERIC_OPTIONS), value=BAD_NUMBERS)
def test_fuzz_bad_numbers(pair, value):
    """A bad number for any numeric option a tool has: argparse's one-line error, status 2, before
    anything is built or run."""
    tool, option = pair
    from scripts.tools import int_at_least, positive_scale
    parse = {"--seed": int_at_least(0), "--n": int_at_least(1), "--jobs": int_at_least(1),
             "--max-cycles": int_at_least(1), "--budget-scale": positive_scale}[option]
    try:
        parse(value)
    except Exception:        # noqa: BLE001 -- argparse.ArgumentTypeError: the value is bad
        pass
    else:
        assume(False)        # a good value would start a simulation, a proof or a synthesis
    _usage_error(_tool(*tool, f"{option}={value}", timeout=60))


@pytest.mark.parametrize("argv", [
    ("scripts.sim", "--unit", "nosuch"), ("scripts.sim", "--unit", ""),
    ("scripts.formal", "--job", "nosuch"), ("scripts.formal", "--job", "keccak_ctrl:nosuch"),
    ("scripts.synth", "--unit", "nosuch"), ("scripts.kat", "--vectors", "nosuch.json"),
    ("scripts.kat", "--vectors", ""), ("scripts.run", "--fw", ""), ("scripts.run", "--fw", "nosuch.elf"),
])
def test_unknown_names(argv):
    _usage_error(_tool(*argv, timeout=60))


def _elf_variants(tmp: Path) -> list[Path]:
    """A missing, an empty, a truncated, a text and a non-RISC-V (this machine's) ELF, and a .c
    that does not compile."""
    files = {"empty.elf": b"", "trunc.elf": b"\x7fELF\x01\x01\x01\x00", "text.elf": b"not an elf\n",
             "host.elf": Path(sys.executable).resolve().read_bytes()[:1 << 16],
             "broken.c": b"int main(void) { return undeclared; }\n", "notc.txt": b"int main;\n"}
    for name, raw in files.items():
        (tmp / name).write_bytes(raw)
    return [tmp / "missing.elf"] + [tmp / n for n in files]


def test_run_bad_firmware(tmp_path):
    """`make run` with firmware it cannot take: one line saying why, status 2, no simulation
    (in-process: scripts/run.py main; test_unknown_names runs it as a command)."""
    from scripts import run
    for fw in _elf_variants(tmp_path):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = run.main(["--fw", str(fw)])
            except SystemExit as exc:
                code = exc.code
        assert code == 2, (fw.name, code, out.getvalue()[-500:], err.getvalue()[-500:])
        assert err.getvalue().startswith("run: error: "), (fw.name, err.getvalue())


def test_fuzz_seed_from_the_environment(monkeypatch):
    """PQX_FUZZ_SEED: unset, derandomized examples; set, examples drawn from that seed (the
    nightly passes its base seed: other examples every night, reproducible per seed)."""
    from scripts import regress
    assert FUZZ.derandomize == (SEED is None)
    monkeypatch.setenv("PQX_FUZZ_SEED", "20261204")
    assert _fuzz_seed() == 20261204
    monkeypatch.setattr(sys.modules[__name__], "SEED", 20261204)
    assert seeded(lambda: None)._hypothesis_internal_use_seed == 20261204
    for bad in ("-1", "x"):
        monkeypatch.setenv("PQX_FUZZ_SEED", bad)
        with pytest.raises(pytest.UsageError):
            _fuzz_seed()
    step = next(s for s in regress.plan("nightly", 20261204, None) if s.name.startswith("tools' input fuzzing"))
    assert "PQX_FUZZ_SEED=20261204" in step.cmd and "PQX_FUZZ_SEED=20261204" in step.repro
    assert step.seed == 20261204


@pytest.mark.parametrize("argv", [["--seed", "-1"], ["--n", "0"], ["--jobs", "0"], ["--seed", "x"]])
def test_regress_refuses_bad_numbers_up_front(tmp_path, monkeypatch, capsys, argv):
    """`make test SEED=-1` (and N, JOBS): argparse's one-line refusal, status 2, before the reports
    are cleared or anything runs (a stand-in plan stops the run if the value got through)."""
    from scripts import regress

    def started(*args, **kwargs):
        raise AssertionError(f"regress started with {argv}")
    monkeypatch.setattr(regress, "REPORTS", tmp_path)
    monkeypatch.setattr(regress, "plan", started)
    with pytest.raises(SystemExit) as exc:
        regress.main(["--profile", "ci", *argv])
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert ": error: argument " in err[-1]


def _riscv_elf(paddr: int, filesz: int, memsz: int) -> bytes:
    """A 32-bit RISC-V ELF of one PT_LOAD segment whose header says the given sizes (the file
    holds at most a few bytes of it)."""
    import struct
    ehdr = struct.pack("<4sBBBB8xHHIIIIIHHHHHH", b"\x7fELF", 1, 1, 1, 0, 2, 243, 1, 0, 52, 0, 0,
                       52, 32, 1, 40, 0, 0)
    phdr = struct.pack("<IIIIIIII", 1, 84, paddr, paddr, filesz, memsz, 5, 4)
    return ehdr + phdr + bytes(16)


@pytest.mark.parametrize("paddr, filesz, memsz", [
    (0, 16, 512 * 1024 + 4),          # a byte past the RAM
    (0x1000_0000, 16, 16),            # outside it
    (0, 1 << 31, 16),                 # more in the file than in memory
    (0, 16, 0xFFFF_FFF0),             # a damaged header claiming 4 GB: refused before any allocation
])
def test_damaged_elf_segment_sizes(tmp_path, paddr, filesz, memsz):
    """verif/soc/firmware.py load_segments checks each segment against the SoC's RAM before it builds the
    zero padding (p_memsz - p_filesz bytes): one line, no MemoryError."""
    from verif.soc import firmware as fw
    elf = tmp_path / "damaged.elf"
    elf.write_bytes(_riscv_elf(paddr, filesz, memsz))
    with pytest.raises(fw.FirmwareError, match="does not fit the RAM") as exc:
        fw.load_segments(elf)
    assert len(str(exc.value).splitlines()) == 1
    elf.write_bytes(_riscv_elf(0x100, 16, 32))                   # a sound one loads
    assert fw.load_segments(elf) == [(0x100, bytes(32))]
