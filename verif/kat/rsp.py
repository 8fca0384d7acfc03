"""NIST KAT response files (`.rsp`, the submission packages' PQCgenKAT output) for `make kat`.

A file is blocks of `key = value` lines, one block per `count`, after `#` comment lines (the first
names the parameter set, e.g. `# Falcon-512`; without it the key's length decides). Supported:

* HQC-1/3/5 (KEM files: count, seed, pk, sk, ct, ss). The entry's randomness comes from its
  `seed` as the HQC reference's KAT harness draws it (HQC's own SHAKE256 PRNG,
  verif/models/hqc.py KatPrng): seed_KEM (32 bytes) for KeyGen, then m (k bytes) and the salt
  (16 bytes) for Encaps. Three operations per entry on the SoC, every output bit for bit against
  the file: KeyGen(seed_KEM) -> pk, sk; Encaps(pk, m, salt) -> ct, ss; Decaps(sk, ct) -> ss.
* Falcon-512 and Falcon-1024 (signature files: count, seed, mlen, msg, pk, sk, smlen, sm). Each
  entry's signed message `sm` is opened with its `pk` on the SoC (op "open") and must be
  accepted; `mlen` and `smlen` must agree with `msg` and `sm`, and the message inside `sm` must be
  `msg` (checked here, from the layout). KeyGen from `seed` and Sign are not implemented yet
  (issue 37): each entry counts them as skipped, so the summary says what was not checked.

Problems with the file (missing, not a .rsp layout, no parameter set) raise VectorError; a
malformed entry (a field missing, not hex, a length that disagrees) is a failure with its reason.
"""

from __future__ import annotations

from pathlib import Path

from verif.kat.acvp import VectorError, hex_field
from verif.kat.acvp_schemes import SchemeCase
from verif.vectors.rsp import parse_rsp

SIGN_FIELDS = ("msg", "pk", "sm")


def is_rsp(path: Path) -> bool:
    return path.suffix == ".rsp"


def read_entries(path: Path) -> tuple[str | None, list[dict[str, str]]]:
    """(parameter set named by the first comment line, or None; the entries in file order)."""
    if not path.is_file():
        raise VectorError(f"vector file '{path}' not found")
    try:
        return parse_rsp(path.read_text())
    except (OSError, UnicodeDecodeError) as exc:
        raise VectorError(f"'{path}' is not a readable text file ({exc.__class__.__name__})") from None
    except ValueError as exc:
        raise VectorError(f"'{path}' {exc}" if str(exc).startswith("line") else f"'{path}' has {exc}") from None


RSP_ALGS = {"FALCON": ("falcon", "pk"), "HQC": ("hqc", "ek")}
"""The algorithms with .rsp support: (scheme of verif/soc/schemes.py, name of the key's size)."""


def rsp_algorithm(name: str | None) -> str:
    """The algorithm a file's first comment line names ("" if none or another)."""
    upper = (name or "").upper()
    return next((a for a in RSP_ALGS if upper.startswith(a)), "")


def load_rsp(alg: str, path: Path, known_psets: dict) -> tuple[list[SchemeCase], list[str], list[str]]:
    """(cases, skipped reasons, malformed reasons) of a KAT .rsp file for `alg` (FALCON, HQC)."""
    name, entries = read_entries(path)
    if alg not in RSP_ALGS:
        raise VectorError(f"'{path}': .rsp files are supported for {', '.join(RSP_ALGS)} only")
    scheme, size_name = RSP_ALGS[alg]
    pset = name if name in known_psets and known_psets[name].scheme == scheme else None
    if pset is None:
        sizes = {known_psets[p].sizes[size_name]: p for p in known_psets if known_psets[p].scheme == scheme}
        pk_len = len(entries[0].get("pk", "")) // 2
        pset = sizes.get(pk_len)
        if pset is None:
            raise VectorError(f"'{path}': no {alg} parameter set (first line {name!r}, pk of {pk_len} bytes)")
    if alg == "HQC":
        return _hqc_cases(entries, pset)
    cases, skipped, malformed = [], [], []
    for e in entries:
        where = f"count {e['count']}"
        try:
            got = {k: hex_field(e.get(k), f"'{k}'") for k in SIGN_FIELDS}
            for k, field in (("mlen", "msg"), ("smlen", "sm")):
                if k in e and (not e[k].isdigit() or int(e[k]) != len(got[field])):
                    raise VectorError(f"{k} = {e[k]}, but {field} has {len(got[field])} bytes")
            sm, msg = got["sm"], got["msg"]
            if len(sm) < 42 + len(msg) or sm[42:42 + len(msg)] != msg:
                raise VectorError("the message inside sm is not msg")
        except VectorError as exc:
            malformed.append(f"{where}: {exc}")
            continue
        cases.append(SchemeCase(where, pset, "open", {"pk": got["pk"], "msg": sm}, {"ok": b"\x01"}))
        skipped += [f"{where}: KeyGen from the seed not implemented yet (issue 37)",
                    f"{where}: Sign not implemented yet (issue 37)"]
    return cases, skipped, malformed


def _hqc_cases(entries: list[dict[str, str]], pset: str) -> tuple[list[SchemeCase], list[str], list[str]]:
    from verif.models import hqc
    p = hqc.PARAMS[pset]
    want_len = {"seed": 48, "pk": p.ek_bytes, "sk": p.dk_bytes, "ct": p.ct_bytes, "ss": p.SS_BYTES}
    cases, malformed = [], []
    for e in entries:
        where = f"count {e['count']}"
        try:
            got = {k: hex_field(e.get(k), f"'{k}'") for k in want_len}
            bad = [k for k, n in want_len.items() if len(got[k]) != n]
            if bad:
                raise VectorError(f"{bad[0]} of {len(got[bad[0]])} bytes, {pset} has {want_len[bad[0]]}")
        except VectorError as exc:
            malformed.append(f"{where}: {exc}")
            continue
        prng = hqc.KatPrng(got["seed"])
        seed_kem, m, salt = prng.read(p.SEED_BYTES), prng.read(p.k), prng.read(p.SALT_BYTES)
        cases += [SchemeCase(f"{where} KeyGen", pset, "keygen", {"seed_kem": seed_kem},
                             {"ek": got["pk"], "dk": got["sk"]}),
                  SchemeCase(f"{where} Encaps", pset, "encaps", {"ek": got["pk"], "m": m, "salt": salt},
                             {"c": got["ct"], "k": got["ss"]}),
                  SchemeCase(f"{where} Decaps", pset, "decaps", {"dk": got["sk"], "c": got["ct"]},
                             {"k": got["ss"]})]
    return cases, [], malformed
