"""The one reader of NIST KAT response files (`.rsp`, PQCgenKAT's output): `#` comment lines
(the first names the parameter set, e.g. `# HQC-1`), then `key = value` lines, an entry per
`count`. Used by the models' tests, the native firmware tests, the SoC cases and `make kat`
(verif/kat/rsp.py, which turns the ValueError into its one-line error)."""

from __future__ import annotations

import re


def parse_rsp(text: str) -> tuple[str | None, list[dict[str, str]]]:
    """(parameter set named by the first comment line, or None; the entries in file order).
    ValueError (naming the line) for a line that is not `key = value`, a key before the first
    count, or no entry at all."""
    name, entries, cur = None, [], None
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if name is None and cur is None:
                name = line.lstrip("#").strip()
            continue
        key, eq, value = line.partition("=")
        key, value = key.strip(), value.strip()
        if not eq or not re.fullmatch(r"\w+", key):
            raise ValueError(f"line {n}: not a `key = value` line")
        if key == "count":
            cur = {"count": value}
            entries.append(cur)
        elif cur is None:
            raise ValueError(f"line {n}: {key} before the first count")
        else:
            cur[key] = value
    if not entries:
        raise ValueError("no entries (no `count = ` line)")
    return name, entries
