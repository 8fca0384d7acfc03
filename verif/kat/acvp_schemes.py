"""NIST ACVP vector files for the schemes (ML-KEM today): reading, checking, the test cases.

Used by `make kat` (scripts/kat.py), which runs every case as firmware on the PQX SoC
(scripts/schemes.py). Both layouts of docs/kat.md: one file with the answers
(`internalProjection.json`), or vectors plus expected results (a prompt file and its
`expectedResults.json`; or a `vectors/X` file and `expected/X`, where one file may hold several
vector sets, e.g. keyGen and encapDecap). Answers are matched by (vsId, tgId, tcId).

ML-KEM (FIPS 203, ACVP-ML-KEM):
  keyGen                          d, z          -> ek, dk
  encapDecap / encapsulation      ek, m         -> c, k
  encapDecap / decapsulation      dk, c         -> k        (dk in the test or in its group)
  encapDecap / encapsulationKeyCheck   ek       -> testPassed
  encapDecap / decapsulationKeyCheck   dk       -> testPassed
A key of the wrong length fails the key checks' type check (FIPS 203 section 7) on the host: the
firmware's input is fixed-size. Unknown parameter sets, functions or modes are skipped and counted.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from verif.kat.acvp import VectorError, find_expected, load_json


@dataclass
class SchemeCase:
    where: str                    # vsId / tgId / tcId, for messages
    pset: str                     # ACVP parameter set, e.g. ML-KEM-768
    op: str                       # operation of verif/soc/schemes.py
    inputs: dict[str, bytes]
    want: dict[str, bytes]


def vector_sets(doc: object, path: Path) -> list[dict]:
    """Every vector set of a file (the list form holds a version header and one or more sets)."""
    sets = [d for d in (doc if isinstance(doc, list) else [doc])
            if isinstance(d, dict) and isinstance(d.get("testGroups"), list)]
    if not sets:
        raise VectorError(f"'{path}' is not an ACVP vector set (no 'testGroups')")
    for s in sets:
        for g in s["testGroups"]:
            if not isinstance(g, dict) or not isinstance(g.get("tests"), list) \
                    or not all(isinstance(t, dict) for t in g["tests"]):
                raise VectorError(f"'{path}': test group {g.get('tgId') if isinstance(g, dict) else g!r} "
                                  f"has no list of test objects")
    return sets


def _hex(obj: dict, key: str, where: str) -> bytes:
    v = obj.get(key)
    if not isinstance(v, str):
        raise VectorError(f"{where}: '{key}' missing or not a hex string")
    try:
        return bytes.fromhex(v)
    except ValueError:
        raise VectorError(f"{where}: '{key}' is not valid hex") from None


MLKEM_FUNCTIONS = {   # (mode, function) -> (op, inputs, outputs)
    ("keyGen", None): ("keygen", ("d", "z"), ("ek", "dk")),
    ("encapDecap", "encapsulation"): ("encaps", ("ek", "m"), ("c", "k")),
    ("encapDecap", "decapsulation"): ("decaps", ("dk", "c"), ("k",)),
    ("encapDecap", "encapsulationKeyCheck"): ("check_ek", ("ek",), ()),
    ("encapDecap", "decapsulationKeyCheck"): ("check_dk", ("dk",), ()),
}


def load_scheme_kat(alg: str, vectors: Path, expected: Path | None,
                    known_psets: dict) -> tuple[list[SchemeCase], list[str]]:
    """The cases of a scheme vector file (and its expected results); skipped cases as reasons.
    `known_psets`: verif/soc/schemes.py PARAM_SETS (name -> ParamSet, for the key sizes)."""
    sets = [s for s in vector_sets(load_json(vectors), vectors)
            if str(s.get("algorithm", "")).upper() == alg]
    if not sets:
        raise VectorError(f"'{vectors}' holds no {alg} vector set")
    answers: dict[tuple, dict] = {}

    def collect(body_sets: list[dict]) -> None:
        for s in body_sets:
            for g in s["testGroups"]:
                for t in g["tests"]:
                    answers[(s.get("vsId"), g.get("tgId"), t.get("tcId"))] = t
                    answers.setdefault((None, g.get("tgId"), t.get("tcId")), t)

    def answer_names(mode: str, fn: str | None) -> tuple[str, ...]:
        spec = MLKEM_FUNCTIONS.get((mode, fn if mode != "keyGen" else None))
        return () if spec is None else (spec[2] or ("testPassed",))

    needs = [t for s in sets for g in s["testGroups"] for t in g["tests"]
             if not all(n in t for n in answer_names(s.get("mode"), g.get("function")))]
    if needs:
        expected = expected or find_expected(vectors)
        if expected is None:
            raise VectorError(f"no expected results for '{vectors}': none inside, none found next to it "
                              f"(expectedResults.json) or in a parallel 'expected' folder; give EXPECTED=<file>")
        collect(vector_sets(load_json(expected), expected))
    else:
        collect(sets)

    cases, skipped = [], []
    for s in sets:
        vs, mode = s.get("vsId"), s.get("mode")
        for g in s["testGroups"]:
            tg, pset, fn = g.get("tgId"), g.get("parameterSet"), g.get("function")
            spec = MLKEM_FUNCTIONS.get((mode, fn if mode != "keyGen" else None))
            for t in g["tests"]:
                where = f"vsId {vs} tgId {tg} tcId {t.get('tcId')}"
                if pset not in known_psets:
                    skipped.append(f"{where}: parameter set {pset} not supported")
                    continue
                if spec is None:
                    skipped.append(f"{where}: {mode} {fn or ''} not supported".rstrip())
                    continue
                op, ins, outs = spec
                ans = answers.get((vs, tg, t.get("tcId"))) or answers.get((None, tg, t.get("tcId")))
                if ans is None:
                    raise VectorError(f"'{expected or vectors}' has no result for {where}")
                src = {**g, **t}                 # a decapsulation key may sit in the group
                inputs = {name: _hex(src, name, where) for name in ins}
                if op.startswith("check_"):
                    passed = ans.get("testPassed")
                    if not isinstance(passed, bool):
                        raise VectorError(f"{where}: 'testPassed' missing or not true/false")
                    want = {"ok": b"\x01" if passed else b"\x00"}
                else:
                    want = {name: _hex(ans, name, where) for name in outs}
                sizes = known_psets[pset].sizes
                bad = [n for n, v in inputs.items() if n in sizes and len(v) != sizes[n]]
                if bad and not op.startswith("check_"):
                    skipped.append(f"{where}: {bad[0]} of {len(inputs[bad[0]])} bytes, "
                                   f"{pset} has {sizes[bad[0]]}")
                    continue
                cases.append(SchemeCase(where, pset, op, inputs, want))
    return cases, skipped
