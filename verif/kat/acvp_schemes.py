"""NIST ACVP vector files for the schemes (ML-KEM, ML-DSA, SLH-DSA): reading, checking, the cases.

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

ML-DSA (FIPS 204, ACVP-ML-DSA; the older layout without signatureInterface is the internal one):
  keyGen                          seed (xi)     -> pk, sk
  sigGen                          sk, message (M') or mu (externalMu), rnd (0^32 if
                                  deterministic)  -> signature
  sigVer                          pk (test or group), message or mu, signature -> testPassed
  signatureInterface "external", preHash "pure": M' = 0 || |ctx| || ctx || M is formed here
  (FIPS 204 Algorithms 2, 3: formatting, no cryptography); preHash "preHash" (HashML-DSA) is
  skipped: its pre-hash would not run on the SoC.

SLH-DSA (FIPS 205, ACVP-SLH-DSA), SHAKE parameter sets (the SHA2 ones are skipped):
  keyGen                          skSeed, skPrf, pkSeed -> sk, pk
  sigGen                          sk, message, additionalRandomness (unless deterministic) -> signature
  sigVer                          pk (test or group), message, signature -> testPassed
  external/pure and preHash as for ML-DSA (FIPS 205 Algorithms 22, 24).
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


@dataclass(frozen=True)
class Spec:
    """How one ACVP function maps onto a firmware operation."""
    op: str
    inputs: tuple[tuple[str, str], ...]          # (firmware field, ACVP field)
    outputs: tuple[tuple[str, str], ...] = ()    # (firmware output, ACVP field); () = testPassed
    external: bool = False                       # ML-DSA external interface: M' from ctx and M


MLKEM_SPECS = {   # (mode, function)
    ("keyGen", None): Spec("keygen", (("d", "d"), ("z", "z")), (("ek", "ek"), ("dk", "dk"))),
    ("encapDecap", "encapsulation"): Spec("encaps", (("ek", "ek"), ("m", "m")), (("c", "c"), ("k", "k"))),
    ("encapDecap", "decapsulation"): Spec("decaps", (("dk", "dk"), ("c", "c")), (("k", "k"),)),
    ("encapDecap", "encapsulationKeyCheck"): Spec("check_ek", (("ek", "ek"),)),
    ("encapDecap", "decapsulationKeyCheck"): Spec("check_dk", (("dk", "dk"),)),
}


def signature_interface_unsupported(alg: str, g: dict) -> str | None:
    """Why a signature group's interface is not supported (None: internal, or external and pure)."""
    iface = g.get("signatureInterface", "internal")
    if iface not in ("internal", "external"):
        return f"signature interface {iface} not supported"
    if iface == "external" and g.get("preHash", "pure") != "pure":
        return f"Hash{alg} (preHash) not supported: the pre-hash would run on the host"
    return None


def spec_for(alg: str, mode: str, g: dict) -> Spec | str:
    """The Spec of a test group, or why it is not supported."""
    if alg == "ML-KEM":
        spec = MLKEM_SPECS.get((mode, g.get("function") if mode != "keyGen" else None))
        return spec or f"{mode} {g.get('function') or ''} not supported".rstrip()
    if alg in ("ML-DSA", "SLH-DSA") and mode in ("sigGen", "sigVer"):
        unsupported = signature_interface_unsupported(alg, g)
        if unsupported:
            return unsupported
    ext = g.get("signatureInterface", "internal") == "external"
    if alg == "ML-DSA":
        mu = bool(g.get("externalMu"))
        msg = ("mu", "mu") if mu else ("msg", "message")
        if mode == "keyGen":
            return Spec("keygen", (("xi", "seed"),), (("pk", "pk"), ("sk", "sk")))
        if mode == "sigGen":
            return Spec("sign_mu" if mu else "sign", (("sk", "sk"), msg, ("rnd", "rnd")),
                        (("sig", "signature"),), external=ext)
        if mode == "sigVer":
            return Spec("verify_mu" if mu else "verify", (("pk", "pk"), msg, ("sig", "signature")),
                        external=ext)
        return f"{mode} not supported"
    if alg == "SLH-DSA":
        if mode == "keyGen":
            return Spec("keygen", (("sk_seed", "skSeed"), ("sk_prf", "skPrf"), ("pk_seed", "pkSeed")),
                        (("sk", "sk"), ("pk", "pk")))
        if mode == "sigGen" and g.get("deterministic", False):
            return Spec("sign_det", (("sk", "sk"), ("msg", "message")), (("sig", "signature"),), ext)
        if mode == "sigGen":
            return Spec("sign", (("sk", "sk"), ("msg", "message"), ("addrnd", "additionalRandomness")),
                        (("sig", "signature"),), ext)
        if mode == "sigVer":
            return Spec("verify", (("pk", "pk"), ("msg", "message"), ("sig", "signature")), external=ext)
        return f"{mode} not supported"
    return f"algorithm {alg} not supported"


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

    def answer_names(mode: str, g: dict) -> tuple[str, ...]:
        spec = spec_for(alg, mode, g)
        return () if isinstance(spec, str) else (tuple(a for _, a in spec.outputs) or ("testPassed",))

    needs = [t for s in sets for g in s["testGroups"] for t in g["tests"]
             if not all(n in t for n in answer_names(s.get("mode"), g))]
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
            tg, pset = g.get("tgId"), g.get("parameterSet")
            spec = spec_for(alg, mode, g)
            for t in g["tests"]:
                where = f"vsId {vs} tgId {tg} tcId {t.get('tcId')}"
                if pset not in known_psets:
                    skipped.append(f"{where}: parameter set {pset} not supported")
                    continue
                if isinstance(spec, str):
                    skipped.append(f"{where}: {spec}")
                    continue
                ans = answers.get((vs, tg, t.get("tcId"))) or answers.get((None, tg, t.get("tcId")))
                if ans is None:
                    raise VectorError(f"'{expected or vectors}' has no result for {where}")
                src = {**g, **t}                 # a key may sit in the group
                inputs = {}
                for name, field in spec.inputs:
                    if field == "rnd" and g.get("deterministic", False) and "rnd" not in src:
                        inputs[name] = bytes(32)             # deterministic signing: rnd = 0^32
                    else:
                        inputs[name] = _hex(src, field, where)
                if spec.external:                # FIPS 204 Algorithms 2/3: M' = 0 || |ctx| || ctx || M
                    ctx = _hex(src, "context", where) if "context" in src else b""
                    if len(ctx) > 255:
                        raise VectorError(f"{where}: context of {len(ctx)} bytes (at most 255)")
                    inputs["msg"] = bytes([0, len(ctx)]) + ctx + inputs["msg"]
                if spec.outputs:
                    want = {name: _hex(ans, field, where) for name, field in spec.outputs}
                else:
                    passed = ans.get("testPassed")
                    if not isinstance(passed, bool):
                        raise VectorError(f"{where}: 'testPassed' missing or not true/false")
                    want = {"ok": b"\x01" if passed else b"\x00"}
                sizes = known_psets[pset].sizes
                bad = [n for n, v in inputs.items() if n in sizes and len(v) != sizes[n]]
                if bad and spec.outputs:
                    skipped.append(f"{where}: {bad[0]} of {len(inputs[bad[0]])} bytes, "
                                   f"{pset} has {sizes[bad[0]]}")
                    continue
                if len(inputs.get("msg", b"")) > known_psets[pset].layout.size("msg"):
                    skipped.append(f"{where}: message of {len(inputs['msg'])} bytes, longer than the "
                                   f"firmware's buffer")
                    continue
                cases.append(SchemeCase(where, pset, spec.op, inputs, want))
    return cases, skipped
