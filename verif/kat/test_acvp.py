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


ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("alg", ["SHA2-256", "SHA2-512", "ACVP-AES-ECB"])
def test_sha2_samples_pass_on_hashlib(alg):
    """The SHA-2 procedures (AFT, the standard MCT) against the copied NIST sample's expected
    results, on hashlib: what `make kat` runs on the RTL is the right computation."""
    import asyncio

    from verif.kat.runner import reference_hash_fn, run_cases

    kset = load_kat("", ROOT / "verif" / "vectors" / "acvp" / "vectors" / f"{alg}.bz2")
    assert kset.alg == alg and {c.kind for c in kset.cases} == {"AFT", "MCT"}
    if alg == "ACVP-AES-ECB":      # decryption and 192/256-bit keys: skipped and counted
        assert kset.skipped and all("direction decrypt" in r or "-bit key" in r for r in kset.skipped)
    res = asyncio.run(run_cases(kset, reference_hash_fn(alg), log=lambda m: None))
    assert res["failed"] == 0 and res["passed"] == len(kset.cases)


def test_sha2_mct_catches_a_wrong_hash():
    """The MCT comparison fails for a hash that is wrong once in 100,000 calls."""
    import asyncio

    from verif.kat.runner import reference_hash_fn, run_cases

    kset = load_kat("", ROOT / "verif" / "vectors" / "acvp" / "vectors" / "SHA2-256.bz2")
    kset.cases = [c for c in kset.cases if c.kind == "MCT"]
    good, calls = reference_hash_fn("SHA2-256"), [0]

    async def bad(msg, out_len, want=None):
        calls[0] += 1
        md = await good(msg, out_len, want)
        return bytes([md[0] ^ 1]) + md[1:] if calls[0] == 54321 else md
    assert asyncio.run(run_cases(kset, bad, log=lambda m: None))["failed"] == 1


def test_large_data_tests_are_skipped_and_counted(tmp_path):
    doc = {"vsId": 1, "algorithm": "SHA2-256", "revision": "1.0", "testGroups": [
        {"tgId": 1, "testType": "LDT", "tests": [
            {"tcId": 1, "len": 8, "msg": "00", "md": "00"}]},
        {"tgId": 2, "testType": "AFT", "tests": [
            {"tcId": 2, "len": 8, "msg": "61", "md": hashlib.sha256(b"a").hexdigest()}]}]}
    path = tmp_path / "internalProjection.json"
    path.write_text(json.dumps(doc))
    kset = load_kat("SHA2-256", path)
    assert len(kset.cases) == 1 and len(kset.skipped) == 1 and "large data" in kset.skipped[0]
