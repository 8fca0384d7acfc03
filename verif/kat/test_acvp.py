"""The ACVP reader (verif/kat/acvp.py): algorithm names in any case, and one clear error per bad
file (no traceback reaches the user of `make kat`)."""

from __future__ import annotations

import bz2
import hashlib
import json
from pathlib import Path

import pytest

from verif.kat.acvp import VectorError, canonical, load_kat


def vector_file(tmp_path: Path, alg: str = "SHA3-256", compress: bool = False) -> Path:
    msg = bytes(range(5))
    doc = [{"acvVersion": "1.0"},
           {"vsId": 1, "algorithm": alg, "revision": "2.0", "testGroups": [
               {"tgId": 1, "testType": "AFT", "tests": [
                   {"tcId": 1, "len": 40, "msg": msg.hex().upper(),
                    "md": hashlib.sha3_256(msg).hexdigest().upper()}]}]}]
    raw = json.dumps(doc).encode()
    path = tmp_path / ("internalProjection.json" + (".bz2" if compress else ""))
    path.write_bytes(bz2.compress(raw) if compress else raw)
    return path


@pytest.mark.parametrize("given", ["SHA3-256", "sha3-256", "Sha3-256", ""])
def test_algorithm_names_in_any_case(tmp_path, given):
    kset = load_kat(given, vector_file(tmp_path, compress=True))
    assert kset.alg == "SHA3-256" and len(kset.cases) == 1
    assert kset.cases[0].md == hashlib.sha3_256(bytes(range(5))).digest()


def test_file_holding_other_vectors_names_both(tmp_path):
    with pytest.raises(VectorError, match="ALG=shake-128 but .* holds SHA3-256 vectors"):
        load_kat("shake-128", vector_file(tmp_path))


@pytest.mark.parametrize("content, match", [
    (b"not json", "not a readable JSON vector file"),
    (b'{"algorithm": "SHA3-256"}', "not an ACVP vector set"),
])
def test_malformed_files_are_one_line_errors(tmp_path, content, match):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(VectorError, match=match) as exc:
        load_kat("SHA3-256", path)
    assert "\n" not in str(exc.value)


def test_missing_file(tmp_path):
    with pytest.raises(VectorError, match="not found"):
        load_kat("SHA3-256", tmp_path / "nope.json")


def test_canonical():
    assert canonical(" shake-128 ") == "SHAKE-128"
