"""`make kat ALG=<alg> VECTORS=<file>`: run a vector file through the RTL.

Accepted files: NIST ACVP JSON (an `internalProjection.json`, or the `[{"acvpVersion": ...},
{...}]` form of `prompt.json` with `expectedResults.json` next to it), optionally bzip2-compressed.
Each algorithm registers a runner in RUNNERS; the runner drives every test case through the
coprocessor and returns (passed, failed, skipped). The output ends with `N passed, M failed`; the
exit status is non-zero on any failure. Problems with the input (missing or malformed file, unknown
or unsupported algorithm, a file for another algorithm) give one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import bz2
import json
import sys
from pathlib import Path
from typing import Callable

from scripts.tools import die

Runner = Callable[[dict, Path], tuple[int, int, int]]

# Algorithm name (as in ACVP's "algorithm" field) -> runner. The units that compute them add entries
# here: SHA3-*/SHAKE-* arrive with the Keccak unit.
RUNNERS: dict[str, Runner] = {}
PLANNED = ["SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512", "SHAKE-128", "SHAKE-256"]


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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--alg", default="")
    ap.add_argument("--vectors", default="")
    args = ap.parse_args(argv)
    if not args.vectors:
        die("kat", "no vector file given: make kat ALG=<alg> VECTORS=<file>")
    body = acvp_body(load_json(Path(args.vectors)), Path(args.vectors))
    alg = args.alg or body["algorithm"]
    if alg != body["algorithm"]:
        die("kat", f"ALG={alg} but '{args.vectors}' holds {body['algorithm']} vectors")
    if alg not in RUNNERS:
        hint = " (planned with the Keccak unit)" if alg in PLANNED else ""
        have = ", ".join(RUNNERS) or "none yet"
        die("kat", f"algorithm '{alg}' is not supported{hint}; supported: {have}")
    passed, failed, skipped = RUNNERS[alg](body, Path(args.vectors))
    print(f"{passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
