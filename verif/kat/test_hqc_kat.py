"""The HQC readers of `make kat` (no simulation; the SoC runs are the KAT sample jobs of
scripts/regress.py): the NIST KAT .rsp reader (verif/kat/rsp.py: the entry's randomness from its
seed through HQC's KAT PRNG) and the ACVP-style JSON layout (ML-KEM's, verif/kat/acvp_schemes.py)."""

from __future__ import annotations

import json
import random

from verif.kat.acvp_schemes import load_scheme_kat
from verif.kat.rsp import load_rsp
from verif.models import hqc
from verif.soc.schemes import PARAM_SETS
from verif.units import ROOT
from verif.vectors.rsp import parse_rsp

RSP = ROOT / "verif" / "vectors" / "hqc" / "hqc-1.rsp"
P1 = hqc.PARAMS["HQC-1"]


def test_rsp_entries_become_three_operations_with_the_files_answers():
    cases, skipped, malformed = load_rsp("HQC", RSP, PARAM_SETS)
    assert not skipped and not malformed and len(cases) == 9
    entries = parse_rsp(RSP.read_text())[1]
    for e, (kg, en, de) in zip(entries, zip(cases[0::3], cases[1::3], cases[2::3])):
        assert (kg.op, en.op, de.op) == ("keygen", "encaps", "decaps")
        assert kg.want == {"ek": bytes.fromhex(e["pk"]), "dk": bytes.fromhex(e["sk"])}
        assert en.want == {"c": bytes.fromhex(e["ct"]), "k": bytes.fromhex(e["ss"])}
        # the randomness the harness drew gives the file's answers in the model too
        assert hqc.keygen(P1, kg.inputs["seed_kem"]) == (kg.want["ek"], kg.want["dk"])
        assert hqc.encaps(P1, en.inputs["ek"], en.inputs["m"], en.inputs["salt"]) == (en.want["c"], en.want["k"])
        assert hqc.decaps(P1, de.inputs["dk"], de.inputs["c"]) == de.want["k"]


def test_rsp_wrong_lengths_are_failures(tmp_path):
    text = RSP.read_text()
    e0 = parse_rsp(text)[1][0]
    f = tmp_path / "x.rsp"
    f.write_text(text.replace(e0["ss"], e0["ss"][:-2], 1).replace(f"seed = {e0['seed']}", "seed = 00", 1))
    cases, skipped, malformed = load_rsp("HQC", f, PARAM_SETS)
    assert len(malformed) == 1 and "count 0" in malformed[0] and "seed of 1 bytes" in malformed[0]
    assert len(cases) == 6


def test_json_layout(tmp_path):
    rng = random.Random(5)
    seed, m, salt = rng.randbytes(32), rng.randbytes(P1.k), rng.randbytes(16)
    ek, dk = hqc.keygen(P1, seed)
    c, k = hqc.encaps(P1, ek, m, salt)
    hx = lambda b: b.hex().upper()        # noqa: E731
    doc = [{"acvVersion": "1.0"},
           {"vsId": 1, "algorithm": "HQC", "mode": "keyGen", "testGroups": [
               {"tgId": 1, "parameterSet": "HQC-1", "tests": [
                   {"tcId": 1, "seed": hx(seed), "ek": hx(ek), "dk": hx(dk)},
                   {"tcId": 2, "seed": hx(seed[:31]), "ek": hx(ek), "dk": hx(dk)}]}]},
           {"vsId": 2, "algorithm": "HQC", "mode": "encapDecap", "testGroups": [
               {"tgId": 1, "parameterSet": "HQC-1", "function": "encapsulation",
                "tests": [{"tcId": 1, "ek": hx(ek), "m": hx(m), "salt": hx(salt), "c": hx(c), "k": hx(k)}]},
               {"tgId": 2, "parameterSet": "HQC-1", "function": "decapsulation", "dk": hx(dk),
                "tests": [{"tcId": 2, "c": hx(c), "k": hx(k)}]},
               {"tgId": 3, "parameterSet": "HQC-1", "function": "encapsulationKeyCheck",
                "tests": [{"tcId": 3, "ek": hx(ek), "testPassed": True}]}]}]
    f = tmp_path / "hqc.json"
    f.write_text(json.dumps(doc))
    cases, skipped, malformed = load_scheme_kat("HQC", f, None, PARAM_SETS)
    assert [c.op for c in cases] == ["keygen", "encaps", "decaps"]
    assert cases[0].want == {"ek": ek, "dk": dk} and cases[1].inputs["salt"] == salt
    assert len(malformed) == 1 and "seed_kem of 31 bytes" in malformed[0]
    assert len(skipped) == 1 and "not supported" in skipped[0]
