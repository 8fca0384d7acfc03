"""The ML-KEM ACVP reader (verif/kat/acvp_schemes.py) on files written here from kyber-py in both
ACVP layouts, with every function including the section 7 key checks. No simulation: the
firmware runs are `make kat` (scripts/regress.py) and scripts/schemes.py."""

from __future__ import annotations

import json
import random

import pytest

from verif.kat.acvp import VectorError
from verif.kat.acvp_schemes import load_scheme_kat
from verif.soc.schemes import PARAM_SETS, mlkem_reference


def acvp_mlkem(rng: random.Random) -> tuple[list, list]:
    """(prompt, expected) in the acvptool list form: a keyGen and an encapDecap vector set."""
    ref = mlkem_reference(PARAM_SETS["ML-KEM-768"])
    d, z, m = (rng.randbytes(32) for _ in range(3))
    ek, dk = ref._keygen_internal(d, z)
    k, c = ref._encaps_internal(ek, m)
    bad_ek = bytearray(ek)
    bad_ek[0], bad_ek[1] = 0xFF, bad_ek[1] | 0x0F          # first coefficient 4095 >= q
    hx = lambda b: b.hex().upper()                         # noqa: E731
    prompt = [{"acvVersion": "1.0"},
              {"vsId": 1, "algorithm": "ML-KEM", "mode": "keyGen", "revision": "FIPS203",
               "testGroups": [{"tgId": 1, "testType": "AFT", "parameterSet": "ML-KEM-768",
                               "tests": [{"tcId": 1, "d": hx(d), "z": hx(z)}]},
                              {"tgId": 2, "testType": "AFT", "parameterSet": "ML-KEM-9999",
                               "tests": [{"tcId": 2, "d": hx(d), "z": hx(z)}]}]},
              {"vsId": 2, "algorithm": "ML-KEM", "mode": "encapDecap", "revision": "FIPS203",
               "testGroups": [
                   {"tgId": 1, "testType": "AFT", "parameterSet": "ML-KEM-768", "function": "encapsulation",
                    "tests": [{"tcId": 1, "ek": hx(ek), "m": hx(m)}]},
                   {"tgId": 2, "testType": "VAL", "parameterSet": "ML-KEM-768", "function": "decapsulation",
                    "dk": hx(dk), "tests": [{"tcId": 2, "c": hx(c)}]},
                   {"tgId": 3, "testType": "VAL", "parameterSet": "ML-KEM-768",
                    "function": "encapsulationKeyCheck",
                    "tests": [{"tcId": 3, "ek": hx(ek)}, {"tcId": 4, "ek": hx(bytes(bad_ek))},
                              {"tcId": 5, "ek": hx(ek[:-1])}]},
                   {"tgId": 4, "testType": "VAL", "parameterSet": "ML-KEM-768",
                    "function": "decapsulationKeyCheck", "tests": [{"tcId": 6, "dk": hx(dk)}]}]}]
    expected = [{"acvVersion": "1.0"},
                {"vsId": 1, "algorithm": "ML-KEM", "testGroups": [
                    {"tgId": 1, "tests": [{"tcId": 1, "ek": hx(ek), "dk": hx(dk)}]},
                    {"tgId": 2, "tests": [{"tcId": 2, "ek": hx(ek), "dk": hx(dk)}]}]},
                {"vsId": 2, "algorithm": "ML-KEM", "testGroups": [
                    {"tgId": 1, "tests": [{"tcId": 1, "c": hx(c), "k": hx(k)}]},
                    {"tgId": 2, "tests": [{"tcId": 2, "k": hx(k)}]},
                    {"tgId": 3, "tests": [{"tcId": 3, "testPassed": True}, {"tcId": 4, "testPassed": False},
                                          {"tcId": 5, "testPassed": False}]},
                    {"tgId": 4, "tests": [{"tcId": 6, "testPassed": True}]}]}]
    return prompt, expected


def test_prompt_and_expected_layout(tmp_path):
    prompt, expected = acvp_mlkem(random.Random(1))
    (tmp_path / "vectors").mkdir()
    (tmp_path / "expected").mkdir()
    (tmp_path / "vectors" / "ML-KEM.json").write_text(json.dumps(prompt))
    (tmp_path / "expected" / "ML-KEM.json").write_text(json.dumps(expected))
    cases, skipped, malformed = load_scheme_kat("ML-KEM", tmp_path / "vectors" / "ML-KEM.json", None, PARAM_SETS)
    assert [c.op for c in cases] == ["keygen", "encaps", "decaps", "check_ek", "check_ek", "check_ek",
                                     "check_dk"]
    assert [c.want.get("ok") for c in cases[3:]] == [b"\x01", b"\x00", b"\x00", b"\x01"]
    assert cases[2].inputs["dk"] == bytes.fromhex(prompt[2]["testGroups"][1]["dk"])   # from the group
    assert len(skipped) == 1 and "ML-KEM-9999" in skipped[0] and not malformed


def test_one_file_with_answers(tmp_path):
    prompt, expected = acvp_mlkem(random.Random(2))
    merged = prompt[2]
    for g, ge in zip(merged["testGroups"], expected[2]["testGroups"]):
        for t, te in zip(g["tests"], ge["tests"]):
            t.update(te)
    (tmp_path / "internalProjection.json").write_text(json.dumps(merged))
    cases, skipped, malformed = load_scheme_kat("ML-KEM", tmp_path / "internalProjection.json", None, PARAM_SETS)
    assert len(cases) == 6 and not skipped and not malformed
    assert cases[0].want["c"] == bytes.fromhex(expected[2]["testGroups"][0]["tests"][0]["c"])


def test_missing_answers_and_bad_hex(tmp_path):
    prompt, _ = acvp_mlkem(random.Random(3))
    (tmp_path / "p.json").write_text(json.dumps(prompt))
    with pytest.raises(VectorError, match="no expected results"):
        load_scheme_kat("ML-KEM", tmp_path / "p.json", None, PARAM_SETS)
    prompt[1]["testGroups"][0]["tests"][0]["d"] = "XYZ"
    _, expected = acvp_mlkem(random.Random(3))
    (tmp_path / "p.json").write_text(json.dumps(prompt))
    (tmp_path / "e.json").write_text(json.dumps(expected))
    cases, skipped, malformed = load_scheme_kat("ML-KEM", tmp_path / "p.json", tmp_path / "e.json", PARAM_SETS)
    assert malformed == ["vsId 1 tgId 1 tcId 1: 'd' is not valid hex"]      # the others still run
    assert len(cases) == 6 and len(skipped) == 1


def test_malformed_scheme_cases_are_failures_not_skips(tmp_path):
    """A case without its answer, without a parameterSet, with a field of the wrong type, or in a
    vector set without a mode: one malformed reason each (vsId/tgId/tcId), the others still load."""
    prompt, expected = acvp_mlkem(random.Random(4))
    del expected[2]["testGroups"][0]["tests"][0]                            # no answer for encaps tcId 1
    del prompt[2]["testGroups"][3]["parameterSet"]                          # decapsulationKeyCheck
    prompt[2]["testGroups"][2]["tests"][0]["ek"] = 12                        # a number, not hex
    (tmp_path / "p.json").write_text(json.dumps(prompt))
    (tmp_path / "e.json").write_text(json.dumps(expected))
    cases, skipped, malformed = load_scheme_kat("ML-KEM", tmp_path / "p.json", tmp_path / "e.json", PARAM_SETS)
    assert malformed == [f"vsId 2 tgId 1 tcId 1: no result for it in '{tmp_path / 'e.json'}'",
                         "vsId 2 tgId 3 tcId 3: 'ek' is 12, not a hex string",
                         "vsId 2 tgId 4 tcId 6: no parameterSet (in its group)"]
    assert [c.op for c in cases] == ["keygen", "decaps", "check_ek", "check_ek"]
    del prompt[1]["mode"]
    (tmp_path / "p.json").write_text(json.dumps(prompt))
    _, skipped, malformed = load_scheme_kat("ML-KEM", tmp_path / "p.json", tmp_path / "e.json", PARAM_SETS)
    assert "vsId 1 tgId 1 tcId 1: no mode (in its vector set)" in malformed and not skipped


def test_mldsa_interfaces(tmp_path):
    """sigGen/sigVer groups: internal (M' as given), external pure (M' = 0 || |ctx| || ctx || M),
    external mu, deterministic (rnd = 0^32), HashML-DSA (M, context and PH to the firmware; an
    unknown hashAlg skipped); pk in the group for sigVer."""
    sk, pk, sig, msg, ctx, mu = b"\x11" * 2560, b"\x22" * 1312, b"\x33" * 2420, b"hi", b"ab", b"\x44" * 64
    hx = lambda b: b.hex()                                 # noqa: E731
    doc = {"vsId": 9, "algorithm": "ML-DSA", "mode": "sigGen", "testGroups": [
        {"tgId": 1, "parameterSet": "ML-DSA-44", "deterministic": True, "signatureInterface": "internal",
         "tests": [{"tcId": 1, "sk": hx(sk), "message": hx(msg), "signature": hx(sig)}]},
        {"tgId": 2, "parameterSet": "ML-DSA-44", "deterministic": False, "signatureInterface": "external",
         "preHash": "pure", "tests": [{"tcId": 2, "sk": hx(sk), "message": hx(msg), "context": hx(ctx),
                                       "rnd": hx(b"\x55" * 32), "signature": hx(sig)}]},
        {"tgId": 3, "parameterSet": "ML-DSA-44", "deterministic": True, "signatureInterface": "internal",
         "externalMu": True, "tests": [{"tcId": 3, "sk": hx(sk), "mu": hx(mu), "signature": hx(sig)}]},
        {"tgId": 4, "parameterSet": "ML-DSA-44", "deterministic": True, "signatureInterface": "external",
         "preHash": "preHash", "tests": [{"tcId": 4, "sk": hx(sk), "message": hx(msg), "context": "",
                                          "hashAlg": "SHA2-256", "signature": hx(sig)},
                                         {"tcId": 5, "sk": hx(sk), "message": hx(msg), "context": hx(ctx),
                                          "hashAlg": "sha2-512/256", "signature": hx(sig)},
                                         {"tcId": 6, "sk": hx(sk), "message": hx(msg),
                                          "hashAlg": "MD5", "signature": hx(sig)}]}]}
    ver = {"vsId": 10, "algorithm": "ML-DSA", "mode": "sigVer", "testGroups": [
        {"tgId": 1, "parameterSet": "ML-DSA-44", "pk": hx(pk),
         "tests": [{"tcId": 1, "message": hx(msg), "signature": hx(sig), "testPassed": False},
                   {"tcId": 2, "message": hx(msg), "signature": hx(sig[:-1]), "testPassed": False}]}]}
    (tmp_path / "g.json").write_text(json.dumps([{"acvVersion": "1.0"}, doc, ver]))
    cases, skipped, malformed = load_scheme_kat("ML-DSA", tmp_path / "g.json", None, PARAM_SETS)
    assert [c.op for c in cases] == ["sign", "sign", "sign_mu", "sign_pre", "sign_pre", "verify", "verify"]
    assert cases[0].inputs["msg"] == msg and cases[0].inputs["rnd"] == bytes(32)
    assert cases[1].inputs["msg"] == b"\x00\x02ab" + msg and cases[1].inputs["rnd"] == b"\x55" * 32
    assert cases[2].inputs["mu"] == mu and cases[5].inputs["pk"] == pk
    pre = [{k: c.inputs[k] for k in ("msg", "ph", "ctx", "rnd")} for c in cases[3:5]]
    assert pre == [{"msg": msg, "ph": (1).to_bytes(4, "little"), "ctx": b"", "rnd": bytes(32)},
                   {"msg": msg, "ph": (6).to_bytes(4, "little"), "ctx": ctx, "rnd": bytes(32)}]
    assert cases[5].want == {"ok": b"\x00"} and len(cases[6].inputs["sig"]) == 2419
    assert len(skipped) == 1 and "hashAlg MD5" in skipped[0] and not malformed


def test_wycheproof_mlkem_and_mldsa():
    """Wycheproof files (verif/kat/wycheproof.py): valid tests become firmware operations with the
    file's answers, wrong-length inputs are decided on the host, invalid encapsulation keys must
    fail the key check."""
    from pathlib import Path
    from verif.kat.wycheproof import is_wycheproof, load_wycheproof
    ref = PARAM_SETS["ML-KEM-512"]
    d, z, m = bytes(range(32)), bytes(range(32, 64)), bytes(32)
    from verif.soc.schemes import mlkem_expected
    kg = mlkem_expected(ref, "keygen", {"d": d, "z": z})
    en = mlkem_expected(ref, "encaps", {"ek": kg["ek"], "m": m})
    doc = {"algorithm": "ML-KEM", "schema": "mlkem_test_schema.json", "testGroups": [
        {"type": "MLKEMTest", "parameterSet": "ML-KEM-512", "tests": [
            {"tcId": 1, "seed": (d + z).hex(), "ek": kg["ek"].hex(), "c": en["c"].hex(), "K": en["k"].hex(),
             "result": "valid", "flags": []},
            {"tcId": 2, "seed": (d + z)[:-1].hex(), "c": en["c"].hex(), "K": "", "result": "invalid", "flags": []}]},
        {"type": "MLKEMEncapsTest", "parameterSet": "ML-KEM-512", "tests": [
            {"tcId": 3, "ek": kg["ek"].hex(), "m": m.hex(), "c": "", "K": "", "result": "invalid",
             "flags": ["ModulusOverflow"]}]}]}
    assert is_wycheproof(doc)
    cases, skipped, host, malformed = load_wycheproof(doc, Path("x.json"), PARAM_SETS)
    assert [c.op for c in cases] == ["keygen", "decaps", "check_ek"]
    assert cases[1].inputs["dk"] == kg["dk"] and cases[1].want == {"k": en["k"]}
    assert cases[2].want == {"ok": b"\x00"} and not skipped and host == [("x.json tcId 2", True)]
    assert not malformed
    sig = bytes(2420)
    dsa = {"algorithm": "ML-DSA-44", "schema": "mldsa_verify_schema.json", "testGroups": [
        {"type": "MlDsaVerify", "publicKey": (b"\x01" * 1312).hex(), "tests": [
            {"tcId": 1, "msg": "6869", "ctx": "6162", "sig": sig.hex(), "result": "invalid", "flags": []},
            {"tcId": 2, "msg": "6869", "sig": sig[:-1].hex(), "result": "valid", "flags": []}]}]}
    cases, skipped, host, malformed = load_wycheproof(dsa, Path("y.json"), PARAM_SETS)
    assert cases[0].inputs["msg"] == b"\x00\x02abhi" and cases[0].want == {"ok": b"\x00"}
    assert host == [("y.json tcId 2", False)]       # a wrong-length signature marked valid: a failure


def test_wycheproof_malformed_tests_are_failures():
    """A Wycheproof test with a field missing or not hex, or no result: a malformed reason, and
    nothing of it is kept (not its keygen half either); the other tests still load."""
    from pathlib import Path
    from verif.kat.wycheproof import load_wycheproof
    d, z = bytes(range(32)), bytes(range(32, 64))
    doc = {"algorithm": "ML-KEM", "schema": "mlkem_test_schema.json", "testGroups": [
        {"type": "MLKEMTest", "parameterSet": "ML-KEM-512", "tests": [
            {"tcId": 1, "seed": (d + z).hex(), "ek": "00", "c": "zz", "K": "", "result": "valid"},
            {"tcId": 2, "seed": (d + z).hex(), "c": "00", "K": "", "flags": 5},
            {"tcId": 3, "seed": (d + z)[:-1].hex(), "c": "00", "K": "", "result": "invalid", "flags": 7},
            "not a test"]},
        {"type": "MLKEMTest", "parameterSet": ["ML-KEM-512"], "tests": [{"tcId": 4}]},
        {"type": "MLKEMTest"}]}
    cases, skipped, host, malformed = load_wycheproof(doc, Path("x.json"), PARAM_SETS)
    assert not cases and not skipped and host == [("x.json tcId 3", True)]
    assert malformed == ["x.json tcId 1: 'c' is not valid hex", "x.json tcId 2: 'result' missing or not a string",
                         "x.json testGroups[0] tests[3]: a test that is not an object",
                         "x.json tcId 4: parameterSet ['ML-KEM-512'] is not a name",
                         "x.json testGroups[2]: not a group with a list of tests"]


def _merged(seed: int) -> list:
    """The acvptool sample with its answers inside (an internalProjection of both sets)."""
    prompt, expected = acvp_mlkem(random.Random(seed))
    for s, se in zip(prompt[1:], expected[1:]):
        for g, ge in zip(s["testGroups"], se["testGroups"]):
            for t, te in zip(g["tests"], ge["tests"]):
                t.update(te)
    return prompt


def test_answers_inside_with_one_output_missing_is_one_malformed_case(tmp_path):
    """Issue 33 review, fix 1: an internalProjection with `dk` deleted from one keyGen test and no
    expected file next to it: that case is malformed, the others run (the rule of the hash loader,
    verif/kat/acvp.py answer_source)."""
    doc = _merged(5)
    del doc[1]["testGroups"][0]["tests"][0]["dk"]
    (tmp_path / "internalProjection.json").write_text(json.dumps(doc))
    cases, skipped, malformed = load_scheme_kat("ML-KEM", tmp_path / "internalProjection.json", None, PARAM_SETS)
    assert malformed == ["vsId 1 tgId 1 tcId 1: 'dk' missing or not a hex string"]
    assert len(cases) == 6 and len(skipped) == 1


def test_vector_sets_are_never_dropped_silently(tmp_path):
    """Fix 2: a set without an algorithm (or not a name): its tests are malformed; a set of another
    named algorithm: its tests are skipped with the reason; a hash file with two sets is refused."""
    doc = _merged(6)
    del doc[2]["algorithm"]
    (tmp_path / "a.json").write_text(json.dumps(doc))
    cases, skipped, malformed = load_scheme_kat("ML-KEM", tmp_path / "a.json", None, PARAM_SETS)
    assert len(cases) == 1 and len(skipped) == 1 and len(malformed) == 6
    assert malformed[0] == "vsId 2 tgId 1 tcId 1: no algorithm in its vector set"
    doc[2]["algorithm"] = ["ML-KEM"]
    (tmp_path / "a.json").write_text(json.dumps(doc))
    _, _, malformed = load_scheme_kat("ML-KEM", tmp_path / "a.json", None, PARAM_SETS)
    assert malformed[0] == "vsId 2 tgId 1 tcId 1: algorithm ['ML-KEM'] is not a name" and len(malformed) == 6
    doc[2]["algorithm"] = "ML-DSA"
    (tmp_path / "a.json").write_text(json.dumps(doc))
    cases, skipped, malformed = load_scheme_kat("ML-KEM", tmp_path / "a.json", None, PARAM_SETS)
    assert len(cases) == 1 and not malformed and len(skipped) == 7
    assert "vsId 2 tgId 1 tcId 1: a ML-DSA vector set (this run is ML-KEM)" in skipped
    for broken in ("x", {}, dict(doc[2], testGroups={})):          # a set retyped or emptied
        doc[2] = broken
        (tmp_path / "a.json").write_text(json.dumps(doc))
        with pytest.raises(VectorError, match="entry 2 of the list is not a vector set"):
            load_scheme_kat("ML-KEM", tmp_path / "a.json", None, PARAM_SETS)
    from verif.kat.acvp import load_kat
    one = {"vsId": 1, "algorithm": "SHA3-256", "testGroups": [{"tgId": 1, "testType": "AFT", "tests": [
        {"tcId": 1, "len": 0, "msg": "", "md": "00" * 32}]}]}
    two = dict(one, testGroups=[{"tgId": 1, "testType": "AFT", "tests": [
        {"tcId": 1, "len": 8, "msg": "zz", "md": "00" * 32}]}])
    (tmp_path / "h.json").write_text(json.dumps([{"acvVersion": "1.0"}, one, two]))
    with pytest.raises(VectorError, match="holds 2 vector sets; a hash or AES vector file holds one"):
        load_kat("", tmp_path / "h.json")


def test_missing_group_fields_are_malformed_not_skipped(tmp_path):
    """Fix 3: an encapDecap group without `function`, a Wycheproof group without `type` or (ML-KEM)
    without `parameterSet`: malformed; a named but unknown function or type: skipped."""
    from pathlib import Path
    from verif.kat.wycheproof import load_wycheproof
    doc = _merged(7)
    del doc[2]["testGroups"][0]["function"]
    doc[2]["testGroups"][3]["function"] = "someOtherCheck"
    (tmp_path / "a.json").write_text(json.dumps(doc))
    cases, skipped, malformed = load_scheme_kat("ML-KEM", tmp_path / "a.json", None, PARAM_SETS)
    assert malformed == ["vsId 2 tgId 1 tcId 1: no function (in its group)"]
    assert "vsId 2 tgId 4 tcId 6: encapDecap someOtherCheck not supported" in skipped
    t = {"tcId": 1, "seed": "00" * 64, "ek": "00", "dk": "00", "result": "valid"}
    wy = {"algorithm": "ML-KEM", "schema": "mlkem_keygen_seed_test_schema.json", "testGroups": [
        {"parameterSet": "ML-KEM-512", "tests": [t]}, {"type": "MLKEMKeyGen", "tests": [dict(t, tcId=2)]},
        {"type": "MLKEMOther", "parameterSet": "ML-KEM-512", "tests": [dict(t, tcId=3)]}]}
    cases, skipped, host, malformed = load_wycheproof(wy, Path("w.json"), PARAM_SETS)
    assert malformed == ["w.json tcId 1: its group has no type", "w.json tcId 2: its group has no parameterSet"]
    assert skipped == ["w.json tcId 3: test type MLKEMOther not supported"] and not cases


def test_wrong_length_aft_input_is_malformed(tmp_path):
    """Fix 4: an encapsulation (AFT) with an ek one byte short is malformed data, not a skip; the
    key checks keep deciding a wrong length on the host (a case with testPassed false)."""
    doc = _merged(8)
    ek = doc[2]["testGroups"][0]["tests"][0]["ek"]
    doc[2]["testGroups"][0]["tests"][0]["ek"] = ek[:-2]
    (tmp_path / "a.json").write_text(json.dumps(doc))
    cases, skipped, malformed = load_scheme_kat("ML-KEM", tmp_path / "a.json", None, PARAM_SETS)
    assert malformed == ["vsId 2 tgId 1 tcId 1: ek of 1183 bytes, ML-KEM-768 has 1184"]
    assert len(skipped) == 1 and [c.op for c in cases].count("check_ek") == 3
