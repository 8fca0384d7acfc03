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


# ------------------------------------------------------------------ PQX's own SM3 / Haraka files
@pytest.mark.parametrize("alg", ["SM3", "HARAKA-256", "HARAKA-512"])
def test_own_files_pass_on_the_references(alg):
    """PQX's own files (docs/kat.md) hold the published examples first and pass on gmssl / the
    Haraka model: what `make kat` runs on the RTL."""
    import asyncio

    from scripts import own_vectors
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
    from scripts import own_vectors
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
    from scripts import kat
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
