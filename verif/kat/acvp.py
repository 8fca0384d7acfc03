"""NIST ACVP vector files for the hash KATs: reading, checking, the test cases (docs/kat.md).

Used by the `make kat` command line (scripts/kat.py) and by the simulation runner
(verif/kat/runner.py). A problem with the file as a whole (missing, not JSON, not ACVP, another
algorithm, no expected results) raises `VectorError` with one line that says what is wrong; the
command line prints it and exits with status 2. A problem with one test case (a field missing,
of the wrong type, not hex or of the wrong length, a group without a testType, no answer for it
in the expected results) does not stop the others: the case goes into `KatSet.malformed` with a
one-line reason naming its tgId and tcId, and counts as a failure (never as a skip).
"""

from __future__ import annotations

import bz2
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

SHA3_ALGS = ("SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512")
SHAKE_ALGS = ("SHAKE-128", "SHAKE-256")
SHA2_ALGS = ("SHA2-256", "SHA2-512")
"""The SHA-2 digests the Crypto-RV unit computes (SHA-224/384 need other initial values)."""
AES_ALGS = ("ACVP-AES-ECB",)
"""AES-128 encryption on the Crypto-RV unit (other key lengths and decryption are skipped)."""
OWN_ALGS = ("SM3", "HARAKA-256", "HARAKA-512")
"""Algorithms with no ACVP vectors: PQX's own files (docs/kat.md, "PQX's own vector files") use
the ACVP hash layout, AFT tests only."""
HARAKA_INPUT = {"HARAKA-256": 32, "HARAKA-512": 64}
"""Haraka hashes inputs of one length only (bytes)."""
HASH_ALGS = SHA3_ALGS + SHAKE_ALGS + SHA2_ALGS + AES_ALGS + OWN_ALGS


def canonical(alg: object) -> str:
    """The ACVP spelling of an algorithm name given in any case (`sha3-256` -> `SHA3-256`)."""
    return str(alg).strip().upper()


class VectorError(ValueError):
    """The vector or expected-results file is unusable (reported on stderr, exit status 2)."""


def load_json(path: Path) -> object:
    if not path.is_file():
        raise VectorError(f"vector file '{path}' not found")
    try:
        raw = path.read_bytes()
        if path.suffix == ".bz2":
            raw = bz2.decompress(raw)
        return json.loads(raw)
    except (OSError, ValueError, EOFError, RecursionError) as exc:
        raise VectorError(f"'{path}' is not a readable JSON vector file ({type(exc).__name__}: "
                          f"{str(exc).splitlines()[0][:120]})") from None


def vector_set_list(doc: object) -> list[dict]:
    """The vector-set objects of an ACVP file: the document itself, or in the list form (a
    version header first) every entry with testGroups."""
    return [d for d in (doc if isinstance(doc, list) else [doc]) if isinstance(d, dict) and "testGroups" in d]


def file_algorithm(doc: object, path: Path) -> str:
    """The algorithm an ACVP file is for: the first vector set's that names one (a set without
    one is reported by the loader, as malformed cases)."""
    sets = vector_set_list(doc)
    for d in sets:
        if isinstance(d.get("algorithm"), str):
            return d["algorithm"]
    if sets and sets[0].get("algorithm") is not None:
        raise VectorError(f"'{path}': 'algorithm' is {sets[0]['algorithm']!r}, not a name")
    raise VectorError(f"'{path}' is not an ACVP vector set (no 'algorithm' and 'testGroups')")


def acvp_body(doc: object, path: Path) -> dict:
    """The vector-set object of a hash or AES ACVP file (the list form carries a version header
    first). Such a file holds one vector set: a file with more is refused (reading only the first
    would drop the others' tests without a word)."""
    sets = vector_set_list(doc)
    if len(sets) > 1:
        raise VectorError(f"'{path}' holds {len(sets)} vector sets; a hash or AES vector file holds one")
    doc = sets[0] if sets else doc
    if not isinstance(doc, dict) or not isinstance(doc.get("testGroups"), list) or "algorithm" not in doc:
        raise VectorError(f"'{path}' is not an ACVP vector set (no 'algorithm' and 'testGroups')")
    if not isinstance(doc["algorithm"], str):
        raise VectorError(f"'{path}': 'algorithm' is {doc['algorithm']!r}, not a name")
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
    msg: bytes                    # (AES: key || plaintext)
    out_len: int | None = None    # bytes (SHAKE AFT/VOT)
    min_out: int = 0              # bytes (SHAKE MCT)
    max_out: int = 0
    md: bytes | None = None       # AFT/VOT answer (AES: the ciphertext)
    results: list[tuple[bytes, int | None]] = field(default_factory=list)   # MCT: (md, outLen bits)
    # (AES MCT: (key || plaintext || ciphertext of the round, None))


@dataclass
class KatSet:
    alg: str
    vectors: Path
    expected: Path | None          # None: the answers are in the vector file
    cases: list[Case]
    skipped: list[str]             # one reason per skipped case (well-formed, not supported)
    malformed: list[str] = field(default_factory=list)
    """One reason per malformed case ("tgId G tcId C: what is wrong"): each is a failure."""

    @property
    def total(self) -> int:
        return len(self.cases) + len(self.skipped) + len(self.malformed)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def ident(obj: dict, key: str) -> int | None:
    """An ACVP identifier (vsId, tgId, tcId) if it is an integer, else None."""
    value = obj.get(key)
    return value if _is_int(value) else None


def show(value: object, quote: bool = True) -> str:
    """A field's value for a one-line message: strings quoted (unless `quote` is False and the
    string is a printable name), long ones cut."""
    plain = _is_int(value) or value is None or (not quote and isinstance(value, str) and value.isprintable())
    text = str(value) if plain else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def group_tests(groups: object, prefix: str = "") -> tuple[list[tuple[dict, dict, str]], list[str]]:
    """(group, test, where) of every test of a vector set's testGroups, where = "<prefix>tgId G
    tcId C"; and one malformed reason per entry that cannot be a test case: a group that is not an
    object or has no list of tests, a test that is not an object, a tgId or tcId that is not an
    integer. Shared by the hash, AES and scheme loaders (verif/kat/acvp_schemes.py)."""
    pairs: list[tuple[dict, dict, str]] = []
    malformed: list[str] = []
    for k, g in enumerate(groups if isinstance(groups, list) else []):
        if not isinstance(g, dict):
            malformed.append(f"{prefix}testGroups[{k}]: a group that is not an object")
            continue
        tg = show(g.get("tgId"))
        if not isinstance(g.get("tests"), list):
            malformed.append(f"{prefix}tgId {tg}: the group has no list of tests")
            continue
        for j, t in enumerate(g["tests"]):
            if not isinstance(t, dict):
                malformed.append(f"{prefix}tgId {tg} tests[{j}]: a test that is not an object")
                continue
            where = f"{prefix}tgId {tg} tcId {show(t.get('tcId'))}"
            bad = [k for o, k in ((g, "tgId"), (t, "tcId")) if ident(o, k) is None]
            if bad:
                malformed.append(f"{where}: {bad[0]} missing or not an integer")
                continue
            pairs.append((g, t, where))
    return pairs, malformed


_HEX = re.compile(r"(?:[0-9A-Fa-f]{2})*")


def strict_hex(value: str) -> bytes:
    """The bytes of a hex string of hex digit pairs only: ValueError for anything else (Python's
    bytes.fromhex would also take spaces: "0 0" is not a vector)."""
    if not _HEX.fullmatch(value):
        raise ValueError("not hex digit pairs")
    return bytes.fromhex(value)


def hex_field(value: object, what: str) -> bytes:
    """The bytes of a field's hex string; VectorError (one line naming `what`) for anything else.
    The one hex reader of the ACVP, scheme and Wycheproof loaders."""
    if not isinstance(value, str):
        raise VectorError(f"{what} missing or not a hex string" if value is None
                          else f"{what} is {show(value)}, not a hex string")
    try:
        return strict_hex(value)
    except ValueError:
        raise VectorError(f"{what} is not valid hex") from None


def _int(obj: dict, key: str, what: str) -> int:
    value = obj.get(key)
    if not _is_int(value) or value < 0:
        raise VectorError(f"{what} '{key}' missing or not a non-negative integer")
    return value


SUPPORTED_TYPES = ("AFT", "VOT", "MCT")
MAX_OUT_BITS = 65536
"""The longest SHAKE output ACVP asks for (outLen, maxOutLen); longer ones are malformed."""


def _answers(body: dict, keys: tuple[str, ...] = ("md", "resultsArray")) -> dict[tuple[int, int], dict]:
    """(tgId, tcId) -> the test object of every test that carries an answer (one of `keys`)."""
    pairs, _ = group_tests(body["testGroups"])
    return {(g["tgId"], t["tcId"]): t for g, t, _ in pairs if any(k in t for k in keys)}


def answer_source(vectors: Path, expected: Path | None, any_inside: bool, any_missing: bool) -> Path | None:
    """Where the answers come from, one rule for the hash, AES and scheme loaders: `expected` if
    given; else the vector file itself (None) when no runnable test lacks its answer; else the
    expected-results file found next to it (find_expected); else, when the file has answers of
    its own (an internalProjection with a test that lacks one), the file itself: each test
    without its answer is then a malformed case. VectorError when there are no answers at all."""
    if expected is not None or not any_missing:
        return expected
    expected = find_expected(vectors)
    if expected is None and not any_inside:
        raise VectorError(f"no expected results for '{vectors}': none inside, none found next to it "
                          f"(expectedResults.json) or in a parallel 'expected' folder; give EXPECTED=<file>")
    return expected


def _resolve_answers(alg: str, body: dict, vectors: Path, expected: Path | None,
                     runnable: list[tuple[dict, dict, str]], keys: tuple[str, ...] = ("md", "resultsArray")
                     ) -> tuple[dict[tuple[int, int], dict], Path | None, Path]:
    """The answers of the runnable tests (answer_source's rule), by (tgId, tcId); an expected
    file must be for the same algorithm and vsId. Returns (answers, expected file or None, file
    the answers came from)."""
    answers = _answers(body, keys)
    expected = answer_source(vectors, expected, bool(answers),
                             any((g["tgId"], t["tcId"]) not in answers for g, t, _ in runnable))
    if expected is None:
        return answers, None, vectors
    ebody = acvp_body(load_json(expected), expected)
    if canonical(ebody["algorithm"]) != alg:
        raise VectorError(f"'{expected}' holds {ebody['algorithm']} results, the vectors are {alg}")
    if "vsId" in ebody and "vsId" in body and ebody["vsId"] != body["vsId"]:
        raise VectorError(f"'{expected}' is for vsId {show(ebody['vsId'])}, '{vectors}' for vsId "
                          f"{show(body['vsId'])}")
    return _answers(ebody, keys), expected, expected


def _type_problem(g: dict) -> str | None:
    """Why a group's testType makes its tests malformed (None: it is a name)."""
    kind = g.get("testType")
    if kind is None:
        return "its group has no testType"
    return None if isinstance(kind, str) else f"testType {show(kind)} is not a name"


def _skip_reason(g: dict, t: dict, shake: bool, own: bool = False) -> str | None:
    kind = g.get("testType")
    if own and kind != "AFT":
        return f"test type {show(kind, False)}: PQX's own vector files define AFT only"
    if kind == "LDT":
        return "large data test (a message of gigabytes) not run in simulation"
    if kind not in SUPPORTED_TYPES:
        return f"test type {show(kind, False)} not supported"
    if kind == "MCT" and g.get("mctVersion", "standard") != "standard":
        return f"MCT version {show(g.get('mctVersion'))} not supported"
    if _is_int(t.get("len")) and t["len"] % 8:
        return f"message of {t['len']} bits (not whole bytes)"
    if shake and kind != "MCT" and _is_int(t.get("outLen")) and t["outLen"] % 8:
        return f"output of {t['outLen']} bits (not whole bytes)"
    return None


def _mct_results(ans: dict, src: Path) -> list[dict]:
    """The 100 results of an MCT answer (VectorError otherwise)."""
    arr = ans.get("resultsArray")
    if not isinstance(arr, list) or len(arr) != 100 or not all(isinstance(r, dict) for r in arr):
        raise VectorError(f"'{src}' has no resultsArray of 100 results for this MCT")
    return arr


Problem = Callable[[dict], "str | None"]
Skip = Callable[[dict, dict], "str | None"]


def _runnable(pairs: list[tuple[dict, dict, str]], problem: Problem, skip: Skip) -> list[tuple[dict, dict, str]]:
    return [(g, t, w) for g, t, w in pairs if problem(g) is None and skip(g, t) is None]


def _sort_cases(pairs: list[tuple[dict, dict, str]], malformed: list[str], problem: Problem, skip: Skip,
                make: Callable[[dict, dict], Case]) -> tuple[list[Case], list[str]]:
    """One pass over the tests, the same for every hash loader: a group problem makes a test
    malformed, a skip reason skips it, else `make` builds its Case (a VectorError: malformed).
    Returns (cases, skipped); malformed reasons are appended to `malformed`."""
    cases: list[Case] = []
    skipped: list[str] = []
    for g, t, where in pairs:
        reason = problem(g)
        if reason:
            malformed.append(f"{where}: {reason}")
            continue
        reason = skip(g, t)
        if reason:
            skipped.append(f"{where}: {reason}")
            continue
        try:
            cases.append(make(g, t))
        except VectorError as exc:
            malformed.append(f"{where}: {exc}")
    return cases, skipped


def load_kat(alg: str, vectors: Path, expected: Path | None = None) -> KatSet:
    """Reads and checks a vector file (and its expected results). Raises VectorError for a
    problem with a file; a malformed test case goes into the KatSet's `malformed`."""
    body = acvp_body(load_json(vectors), vectors)
    if alg and canonical(alg) != canonical(body["algorithm"]):
        raise VectorError(f"ALG={alg} but '{vectors}' holds {body['algorithm']} vectors")
    alg = canonical(body["algorithm"])
    if alg in AES_ALGS:
        return _load_aes(alg, body, vectors, expected)
    if alg not in HASH_ALGS:
        raise VectorError(f"no hash runner for '{alg}' (SHA-3, SHAKE, SHA2-256, SHA2-512, "
                          f"ACVP-AES-ECB, SM3, HARAKA-256, HARAKA-512)")
    shake, own = alg in SHAKE_ALGS, alg in OWN_ALGS
    pairs, malformed = group_tests(body["testGroups"])
    if pairs and not any("msg" in t or "len" in t for _, t, _ in pairs):
        raise VectorError(f"'{vectors}' has no test with a 'msg': an expected-results file given as VECTORS?")
    skip = lambda g, t: _skip_reason(g, t, shake, own)
    answers, expected, src = _resolve_answers(alg, body, vectors, expected, _runnable(pairs, _type_problem, skip))

    def make(g: dict, t: dict) -> Case:
        case = _case(g, t, shake, answers.get((g["tgId"], t["tcId"])), src)
        size = HARAKA_INPUT.get(alg)
        if size is not None and len(case.msg) != size:
            raise VectorError(f"{alg} hashes {size}-byte messages, this one has {len(case.msg)}")
        if own and len(case.md or b"") != 32:
            raise VectorError(f"md has {len(case.md or b'')} bytes, {alg} gives 32")
        return case

    cases, skipped = _sort_cases(pairs, malformed, _type_problem, skip, make)
    return KatSet(alg, vectors, expected, cases, skipped, malformed)


def _case(g: dict, t: dict, shake: bool, ans: dict | None, src: Path) -> Case:
    kind = g["testType"]
    bits = _int(t, "len", "test field")
    raw = hex_field(t.get("msg"), "msg")
    if len(raw) < bits // 8:
        raise VectorError(f"msg has {len(raw)} bytes, len says {bits} bits")
    case = Case(g["tgId"], t["tcId"], kind, raw[: bits // 8])
    if shake and kind != "MCT":
        out_bits = _int(t, "outLen", "test field")
        if out_bits > MAX_OUT_BITS:
            raise VectorError(f"outLen of {out_bits} bits (ACVP asks for at most {MAX_OUT_BITS})")
        case.out_len = out_bits // 8
    if shake and kind == "MCT":
        lo, hi = _int(g, "minOutLen", "group field"), _int(g, "maxOutLen", "group field")
        if lo % 8 or hi % 8 or not 16 <= lo <= hi <= MAX_OUT_BITS:
            raise VectorError(f"SHAKE MCT needs byte lengths 16 <= minOutLen <= maxOutLen <= "
                              f"{MAX_OUT_BITS} (got {lo}, {hi})")
        case.min_out, case.max_out = lo // 8, hi // 8
        if len(case.msg) != 16:
            raise VectorError(f"SHAKE MCT seed is {len(case.msg)} bytes, not 16")
    if ans is None:
        raise VectorError(f"no result for it in '{src}'")
    if kind == "MCT":
        for k, r in enumerate(_mct_results(ans, src)):
            md = hex_field(r.get("md"), f"result {k}: md")
            out_bits = r.get("outLen") if shake else None
            if shake and (not _is_int(out_bits) or out_bits != 8 * len(md)):
                raise VectorError(f"result {k}: outLen {show(out_bits)} does not match md of {len(md)} bytes")
            case.results.append((md, out_bits))
    else:
        case.md = hex_field(ans.get("md"), "md")
        if shake and len(case.md) != case.out_len:
            raise VectorError(f"md has {len(case.md)} bytes, outLen says {case.out_len}")
    return case


# ------------------------------------------------------------------------------ AES-ECB
def _aes_problem(g: dict) -> str | None:
    """Why an AES group's tests are malformed: a group field missing or of the wrong type."""
    for key, ok in (("testType", isinstance(g.get("testType"), str)),
                    ("direction", isinstance(g.get("direction"), str)), ("keyLen", _is_int(g.get("keyLen")))):
        if not ok:
            return (f"its group has no {key}" if g.get(key) is None
                    else f"group field {key} is {show(g.get(key))}, not a {'number' if key == 'keyLen' else 'name'}")
    return None


def _aes_skip_reason(g: dict) -> str | None:
    if g.get("testType") not in ("AFT", "MCT"):
        return f"test type {show(g.get('testType'), False)} not supported"
    if g.get("direction") != "encrypt":
        return f"direction {show(g.get('direction'), False)} (the unit encrypts only)"
    if g.get("keyLen") != 128:
        return f"{g.get('keyLen')}-bit key (the unit is AES-128)"
    return None


def _block(value: object, what: str, blocks: bool = False) -> bytes:
    """16 bytes (blocks: a non-empty multiple of 16, ECB on several blocks)."""
    b = hex_field(value, what)
    if (len(b) % 16 or not b) if blocks else len(b) != 16:
        raise VectorError(f"{what} has {len(b)} bytes, not {'a multiple of ' if blocks else ''}16")
    return b


def _load_aes(alg: str, body: dict, vectors: Path, expected: Path | None) -> KatSet:
    """ACVP-AES-ECB (draft-celi-acvp-symmetric): AFT and MCT, encryption with 128-bit keys; a
    case is carried as msg = key || plaintext, md = the ciphertext."""
    pairs, malformed = group_tests(body["testGroups"])
    if pairs and not any("key" in t or "pt" in t for _, t, _ in pairs):
        raise VectorError(f"'{vectors}' has no test with a 'key': an expected-results file given as VECTORS?")
    skip = lambda g, t: _aes_skip_reason(g)
    answers, expected, src = _resolve_answers(alg, body, vectors, expected, _runnable(pairs, _aes_problem, skip),
                                              ("ct", "resultsArray"))

    def make(g: dict, t: dict) -> Case:
        kind = g["testType"]
        case = Case(g["tgId"], t["tcId"], kind, _block(t.get("key"), "key")
                    + _block(t.get("pt"), "pt", blocks=kind == "AFT"))
        ans = answers.get((g["tgId"], t["tcId"]))
        if ans is None:
            raise VectorError(f"no result for it in '{src}'")
        if kind == "MCT":
            for k, r in enumerate(_mct_results(ans, src)):
                case.results.append((_block(r.get("key"), f"result {k}: key")
                                     + _block(r.get("pt"), f"result {k}: pt")
                                     + _block(r.get("ct"), f"result {k}: ct"), None))
        else:
            case.md = _block(ans.get("ct"), "ct", blocks=True)
            if len(case.md) != len(case.msg) - 16:
                raise VectorError(f"ct has {len(case.md)} bytes, pt {len(case.msg) - 16}")
        return case

    cases, skipped = _sort_cases(pairs, malformed, _aes_problem, skip, make)
    return KatSet(alg, vectors, expected, cases, skipped, malformed)
