"""`make kat` as a tool (scripts/kat.py) and PQX's own vector files (scripts/own_vectors.py): the
files pass on the references, and a file that checked nothing, a malformed case or a missing
answer never passes silently. The vector-file readers themselves are tested in verif/kat/."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from scripts import kat, own_vectors
from verif.kat.acvp import load_kat
from verif.units import ROOT


# ------------------------------------------------------------------ PQX's own SM3 / Haraka files
@pytest.mark.parametrize("alg", ["SM3", "HARAKA-256", "HARAKA-512"])
def test_own_files_pass_on_the_references(alg):
    """PQX's own files (docs/kat.md) hold the published examples first and pass on gmssl / the
    Haraka model: what `make kat` runs on the RTL."""
    import asyncio

    from verif.models import haraka
    from verif.kat.runner import reference_hash_fn, run_cases

    kset = load_kat("", ROOT / "verif" / "vectors" / "pqx" / f"{alg}.json")
    assert kset.alg == alg and len(kset.cases) > 20 and not kset.skipped
    examples = own_vectors.SM3_EXAMPLES if alg == "SM3" else [haraka.PUBLISHED[alg]]
    for case, (msg, md) in zip(kset.cases, examples):
        assert case.msg == msg and case.md.hex() == md
    res = asyncio.run(run_cases(kset, reference_hash_fn(alg), log=lambda m: None))
    assert res["failed"] == 0 and res["passed"] == len(kset.cases)
    kset.cases[-1].md = bytes([kset.cases[-1].md[0] ^ 1]) + kset.cases[-1].md[1:]   # planted
    assert asyncio.run(run_cases(kset, reference_hash_fn(alg), log=lambda m: None))["failed"] == 1


def test_own_files_are_current():
    assert own_vectors.main(["--check"]) == 0


def _own_file(tmp_path: Path, alg: str, msg: bytes, md: bytes, kind: str = "AFT") -> Path:
    doc = {"vsId": 0, "algorithm": alg, "revision": "pqx-1", "testGroups": [
        {"tgId": 1, "testType": kind, "tests": [
            {"tcId": 1, "len": 8 * len(msg), "msg": msg.hex(), "md": md.hex()}]}]}
    path = tmp_path / f"{alg}.json"
    path.write_text(json.dumps(doc))
    return path


def test_own_files_bad_input(tmp_path):
    """A case of the wrong size is malformed (a failure), not a skip."""
    kset = load_kat("", _own_file(tmp_path, "HARAKA-256", bytes(31), bytes(32)))
    assert not kset.cases and kset.malformed == [
        "tgId 1 tcId 1: HARAKA-256 hashes 32-byte messages, this one has 31"]
    kset = load_kat("", _own_file(tmp_path, "SM3", b"abc", bytes(31)))
    assert not kset.cases and kset.malformed == ["tgId 1 tcId 1: md has 31 bytes, SM3 gives 32"]
    kset = load_kat("", _own_file(tmp_path, "sm3", b"abc", bytes(32), kind="MCT"))
    assert not kset.cases and not kset.malformed and "define AFT only" in kset.skipped[0]


# ------------------------------------------------------------------ tools that never pass silently
def _kat(argv: list[str], capsys) -> tuple[int, str, str]:
    """scripts/kat.py main in-process: (exit status, stdout, stderr)."""
    try:
        code = kat.main(argv)
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def _sha3_file(tmp_path: Path, groups: list[dict], name: str = "internalProjection.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"vsId": 1, "algorithm": "SHA3-256", "revision": "2.0", "testGroups": groups}))
    return path


def _good_test(tc: int, msg: bytes = b"abc") -> dict:
    return {"tcId": tc, "len": 8 * len(msg), "msg": msg.hex(), "md": hashlib.sha3_256(msg).hexdigest()}


@pytest.mark.parametrize("bad, reason", [
    ({"tcId": 2, "len": 16, "msg": "zz", "md": "00"}, "tgId 1 tcId 2: msg is not valid hex"),
    ({"tcId": 2, "len": 16, "md": "00"}, "tgId 1 tcId 2: msg missing or not a hex string"),
    ({"tcId": 2, "len": "16", "msg": "0000", "md": "00"}, "tgId 1 tcId 2: test field 'len' missing or not"),
    ({"tcId": 2, "len": 16, "msg": 7, "md": "00"}, "tgId 1 tcId 2: msg is 7, not a hex string"),
    ({"tcId": 2, "len": 32, "msg": "0000", "md": "00"}, "tgId 1 tcId 2: msg has 2 bytes, len says 32 bits"),
    ({"tcId": 2, "len": 16, "msg": "0000"}, "tgId 1 tcId 2: no result for it in"),
    ({"tcId": "2", "len": 16, "msg": "0000", "md": "00"}, "tgId 1 tcId '2': tcId missing or not an integer"),
])
def test_one_malformed_case_fails_the_others_run(tmp_path, capsys, bad, reason):
    """Issue 33: a malformed case is a FAIL line naming tgId/tcId, counted as failed; the good case
    still runs: `1 passed, 1 failed`, exit status 1."""
    path = _sha3_file(tmp_path, [{"tgId": 1, "testType": "AFT", "tests": [_good_test(1), bad]}])
    kset = load_kat("", path)
    assert len(kset.cases) == 1 and len(kset.malformed) == 1 and kset.malformed[0].startswith(reason)
    code, out, err = _kat(["--reference", "--vectors", str(path)], capsys)
    assert code == 1 and out.splitlines()[-1] == "1 passed, 1 failed", out
    assert f"FAIL {reason}" in out and "Traceback" not in err


def test_group_without_test_type_is_a_failure_not_a_skip(tmp_path, capsys):
    """The issue's example: it printed `0 passed, 0 failed, 1 skipped` and exited 0."""
    path = tmp_path / "v.json"
    path.write_text('{"algorithm": "SHA3-256", "testGroups": [{"tests": [{"tcId": 1, "msg": "zz"}]}]}')
    code, out, err = _kat(["--reference", "--vectors", str(path)], capsys)
    assert code == 1 and out.splitlines()[-1] == "0 passed, 1 failed"
    assert "FAIL tgId None tcId 1: tgId missing or not an integer" in out
    path = _sha3_file(tmp_path, [{"tgId": 3, "tests": [_good_test(1)]},
                                 {"tgId": 4, "testType": "AFT", "tests": [_good_test(2)]}])
    code, out, err = _kat(["--reference", "--vectors", str(path)], capsys)
    assert code == 1 and out.splitlines()[-1] == "1 passed, 1 failed"
    assert "FAIL tgId 3 tcId 1: its group has no testType" in out


def test_answer_missing_from_the_expected_file_is_one_failure(tmp_path, capsys):
    (tmp_path / "vectors").mkdir()
    (tmp_path / "expected").mkdir()
    tests = [_good_test(1), _good_test(2, b"xyz")]
    prompt = _sha3_file(tmp_path / "vectors", [{"tgId": 1, "testType": "AFT", "tests": [
        {k: v for k, v in t.items() if k != "md"} for t in tests]}], "SHA3-256.json")
    _sha3_file(tmp_path / "expected", [{"tgId": 1, "tests": [{"tcId": 1, "md": tests[0]["md"]}]}], "SHA3-256.json")
    code, out, _ = _kat(["--reference", "--vectors", str(prompt)], capsys)
    assert code == 1 and out.splitlines()[-1] == "1 passed, 1 failed"
    assert "FAIL tgId 1 tcId 2: no result for it in" in out


@pytest.mark.parametrize("groups, why", [
    ([{"tgId": 1, "testType": "LDT", "tests": [_good_test(1), _good_test(2), _good_test(3)]}],
     "nothing checked: 3 cases skipped (large data test"),
    ([{"tgId": 1, "testType": "LDT", "tests": [_good_test(1)]},
      {"tgId": 2, "testType": "XYZ", "tests": [_good_test(2)]}],
     "nothing checked: 2 cases skipped (large data test (a message of gigabytes) not run in simulation; "
     "and 1 other reason)"),
    ([], "nothing checked: the file has no test cases"),
    ([{"tgId": 1, "testType": "AFT", "tests": []}], "nothing checked: the file has no test cases"),
])
def test_nothing_checked_is_an_error(tmp_path, capsys, groups, why):
    """A file of which no case ran exits non-zero, with one line saying why."""
    code, out, err = _kat(["--reference", "--vectors", str(_sha3_file(tmp_path, groups))], capsys)
    assert code == 2 and err.startswith(f"kat: error: {why}") and len(err.splitlines()) == 1, err
    assert out.splitlines()[-1].startswith("0 passed, 0 failed")


def test_skipped_cases_next_to_checked_ones_pass(tmp_path, capsys):
    path = _sha3_file(tmp_path, [{"tgId": 1, "testType": "LDT", "tests": [_good_test(1)]},
                                 {"tgId": 2, "testType": "AFT", "tests": [_good_test(2)]}])
    code, out, err = _kat(["--reference", "--vectors", str(path)], capsys)
    assert code == 0 and out.splitlines()[-1] == "1 passed, 0 failed, 1 skipped" and not err


@pytest.mark.parametrize("content, match", [
    (b"not json", "is not a readable JSON vector file"),
    (b"[" * 100000, "is not a readable JSON vector file"),
    (b'{"algorithm": "SHA3-256"}', "is not an ACVP vector set"),
    (b'{"algorithm": 5, "testGroups": []}', "'algorithm' is 5, not a name"),
    (b'{"algorithm": "SHA3-256", "testGroups": [{"tgId": 1, "testType": "AFT", "tests": '
     b'[{"tcId": 1, "len": 8, "msg": "00"}]}]}', "no expected results"),
])
def test_file_level_problems_are_one_line_exit_2(tmp_path, capsys, content, match):
    path = tmp_path / "f.json"
    path.write_bytes(content)
    code, out, err = _kat(["--reference", "--vectors", str(path)], capsys)
    assert code == 2 and match in err and len(err.splitlines()) == 1 and "Traceback" not in err


def test_aes_group_fields_missing_are_failures(tmp_path):
    doc = {"vsId": 1, "algorithm": "ACVP-AES-ECB", "testGroups": [
        {"tgId": 1, "testType": "AFT", "keyLen": 128, "tests": [
            {"tcId": 1, "key": "00" * 16, "pt": "00" * 16, "ct": "00" * 16}]},
        {"tgId": 2, "testType": "AFT", "direction": "decrypt", "keyLen": 128, "tests": [
            {"tcId": 2, "key": "00" * 16, "pt": "00" * 16, "ct": "00" * 16}]}]}
    (tmp_path / "a.json").write_text(json.dumps(doc))
    kset = load_kat("", tmp_path / "a.json")
    assert kset.malformed == ["tgId 1 tcId 1: its group has no direction"] and len(kset.skipped) == 1


def test_scheme_file_with_nothing_to_check_exits_non_zero(tmp_path, capsys):
    """Only unsupported cases (a pre-hash function FIPS 204 does not name): skipped and counted,
    no firmware run, and the exit status says nothing was checked."""
    doc = {"vsId": 9, "algorithm": "ML-DSA", "mode": "sigGen", "testGroups": [
        {"tgId": 4, "parameterSet": "ML-DSA-44", "deterministic": True, "signatureInterface": "external",
         "preHash": "preHash", "tests": [{"tcId": 4, "sk": "00", "message": "00", "context": "",
                                          "hashAlg": "MD5", "signature": "00"}]}]}
    (tmp_path / "g.json").write_text(json.dumps(doc))
    assert kat.main(["--vectors", str(tmp_path / "g.json")]) == 2
    out, err = capsys.readouterr()
    assert out.splitlines()[-1] == "0 passed, 0 failed, 1 skipped"
    assert err == "kat: error: nothing checked: 1 case skipped (hashAlg MD5 not supported)\n"
    doc["testGroups"][0]["tests"][0]["tcId"] = None                         # malformed: a failure
    (tmp_path / "g.json").write_text(json.dumps(doc))
    assert kat.main(["--vectors", str(tmp_path / "g.json")]) == 1
    out, err = capsys.readouterr()
    assert "FAIL vsId 9 tgId 4 tcId None: tcId missing or not an integer" in out
    assert out.splitlines()[-1] == "0 passed, 1 failed" and not err
