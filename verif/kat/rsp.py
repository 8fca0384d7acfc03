"""NIST KAT response files (`.rsp`, the submission packages' PQCgenKAT output) for `make kat`.

A file is blocks of `key = value` lines, one block per `count`, after `#` comment lines (the first
names the parameter set, e.g. `# Falcon-512`). Supported: Falcon-512 and Falcon-1024 (signature
files: count, seed, mlen, msg, pk, sk, smlen, sm). Each entry's signed message `sm` is opened
with its `pk` on the SoC (verif/soc/schemes.py op "open") and must be accepted; the file's `mlen`
and `smlen` must agree with `msg` and `sm`, and the message inside `sm` must be `msg` (checked
here, from the layout). KeyGen from `seed` and Sign are not implemented yet (issue 37): each entry
counts them as skipped, so the summary says what was not checked.

Problems with the file (missing, not a .rsp layout, no parameter set) raise VectorError; a
malformed entry (a field missing, not hex, a length that disagrees) is a failure with its reason.
"""

from __future__ import annotations

import re
from pathlib import Path

from verif.kat.acvp import VectorError, hex_field
from verif.kat.acvp_schemes import SchemeCase

SIGN_FIELDS = ("msg", "pk", "sm")


def is_rsp(path: Path) -> bool:
    return path.suffix == ".rsp"


def read_entries(path: Path) -> tuple[str | None, list[dict[str, str]]]:
    """(parameter set named by the first comment line, or None; the entries in file order)."""
    if not path.is_file():
        raise VectorError(f"vector file '{path}' not found")
    try:
        text = path.read_text()
    except (OSError, UnicodeDecodeError) as exc:
        raise VectorError(f"'{path}' is not a readable text file ({exc.__class__.__name__})") from None
    name, entries, cur = None, [], None
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if name is None and not entries and cur is None:
                name = line.lstrip("#").strip()
            continue
        key, eq, value = line.partition("=")
        key, value = key.strip(), value.strip()
        if not eq or not re.fullmatch(r"\w+", key):
            raise VectorError(f"'{path}' line {n}: not a `key = value` line")
        if key == "count":
            cur = {"count": value}
            entries.append(cur)
        elif cur is None:
            raise VectorError(f"'{path}' line {n}: {key} before the first count")
        else:
            cur[key] = value
    if not entries:
        raise VectorError(f"'{path}' has no entries (no `count = ` line)")
    return name, entries


def load_rsp(alg: str, path: Path, known_psets: dict) -> tuple[list[SchemeCase], list[str], list[str]]:
    """(cases, skipped reasons, malformed reasons) of a KAT .rsp file for `alg` (FALCON)."""
    name, entries = read_entries(path)
    if alg != "FALCON":
        raise VectorError(f"'{path}': .rsp files are supported for Falcon only")
    pset = name if name in known_psets and known_psets[name].scheme == "falcon" else None
    if pset is None:
        sizes = {known_psets[p].sizes["pk"]: p for p in known_psets if known_psets[p].scheme == "falcon"}
        pk_len = len(entries[0].get("pk", "")) // 2
        pset = sizes.get(pk_len)
        if pset is None:
            raise VectorError(f"'{path}': no Falcon parameter set (first line {name!r}, pk of {pk_len} bytes)")
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
