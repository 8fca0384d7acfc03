"""The Falcon readers of `make kat` (no simulation; the firmware runs are the make test jobs
"FALCON-SIGVER ACVP sample" and "falcon512-KAT KAT sample", scripts/regress.py): the sigVer JSON
layout (verif/kat/acvp_schemes.py) and the NIST KAT .rsp reader (verif/kat/rsp.py), with their
malformed inputs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from verif.kat.acvp import VectorError
from verif.kat.acvp_schemes import load_scheme_kat
from verif.kat.rsp import load_rsp
from verif.models import falcon
from verif.soc.schemes import PARAM_SETS
from verif.units import ROOT

SIGVER = ROOT / "verif" / "vectors" / "pqx" / "FALCON-SIGVER.json"
RSP = ROOT / "verif" / "vectors" / "falcon" / "falcon512-KAT.rsp"


def test_sigver_file_cases_agree_with_the_model():
    cases, skipped, malformed = load_scheme_kat("FALCON", SIGVER, None, PARAM_SETS)
    assert not skipped and not malformed and len(cases) == 20
    assert {c.pset for c in cases} == {"Falcon-512", "Falcon-1024"} and {c.op for c in cases} == {"verify"}
    for c in cases:
        v = falcon.verify(falcon.PARAMS[c.pset], c.inputs["pk"], c.inputs["msg"], c.inputs["sig"])
        assert c.want == {"ok": b"\x01" if v.ok else b"\x00"}, c.where
    assert sum(c.want["ok"] == b"\x01" for c in cases) == 10       # accepted and rejected both


def test_sigver_malformed_and_unsupported(tmp_path):
    doc = json.loads(SIGVER.read_text())
    tests = doc[1]["testGroups"][0]["tests"]
    tests[0]["signature"] = "zz"                 # not hex: a failure naming the field
    del tests[1]["testPassed"]                   # no answer
    doc[1]["testGroups"][1]["parameterSet"] = "Falcon-2048"     # unknown: skipped, counted
    doc.append({"vsId": 1, "algorithm": "Falcon", "mode": "sigGen", "testGroups": [
        {"tgId": 9, "parameterSet": "Falcon-512", "tests": [{"tcId": 1, "sk": "00", "message": "00"}]}]})
    f = tmp_path / "f.json"
    f.write_text(json.dumps(doc))
    cases, skipped, malformed = load_scheme_kat("FALCON", f, None, PARAM_SETS)
    assert len(cases) == 8 and len(malformed) == 2 and len(skipped) == 11
    assert "'signature' is not valid hex" in malformed[0] and "testPassed" in malformed[1]
    assert any("Falcon-2048" in s for s in skipped) and any("verification only" in s for s in skipped)


def test_rsp_entries_become_open_cases():
    cases, skipped, malformed = load_rsp("FALCON", RSP, PARAM_SETS)
    assert not malformed and len(cases) == 3 and len(skipped) == 6      # KeyGen and Sign per entry
    for c in cases:
        assert c.pset == "Falcon-512" and c.op == "open" and c.want == {"ok": b"\x01"}
        assert falcon.open_sm(falcon.PARAMS["Falcon-512"], c.inputs["pk"], c.inputs["msg"]).ok


def _edited(tmp_path: Path, edit) -> Path:
    lines = RSP.read_text().splitlines()
    f = tmp_path / "x.rsp"
    f.write_text("\n".join(edit(lines)) + "\n")
    return f


@pytest.mark.parametrize("what, edit, reason", [
    ("not hex", lambda ls: [l.replace("pk = 09", "pk = zz", 1) if l.startswith("pk = 09") else l for l in ls],
     "'pk' is not valid hex"),
    ("a field missing", lambda ls: [l for l in ls if not l.startswith("sm = ")], "'sm' missing"),
    ("mlen disagrees", lambda ls: [("mlen = 999" if l.startswith("mlen = 33") else l) for l in ls],
     "mlen = 999, but msg has 33 bytes"),
])
def test_rsp_malformed_entries_fail_with_a_reason(tmp_path, what, edit, reason):
    cases, skipped, malformed = load_rsp("FALCON", _edited(tmp_path, edit), PARAM_SETS)
    assert malformed and reason in malformed[0], (what, malformed)
    assert len(cases) + len(malformed) == 3


@pytest.mark.parametrize("text, alg, message", [
    ("", "", "no entries"),
    ("# Falcon-512\ncount = 0\nthis is not a pair\n", "", "not a `key = value` line"),
    ("# ML-KEM-512\ncount = 0\npk = 00\n", "", "supported for Falcon and HQC only"),
    ("# Falcon-512\ncount = 0\npk = 00\n", "ML-KEM", "holds Falcon-512 vectors"),
])
def test_bad_rsp_files_are_one_line_and_exit_2(tmp_path, text, alg, message):
    f = tmp_path / "bad.rsp"
    f.write_text(text)
    r = subprocess.run([sys.executable, "-m", "scripts.kat", "--vectors", str(f)] + (["--alg", alg] if alg else []),
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and message in r.stderr, r.stderr
    assert "Traceback" not in r.stderr


def test_missing_rsp_is_one_line():
    with pytest.raises(VectorError, match="not found"):
        load_rsp("FALCON", ROOT / "nosuch.rsp", PARAM_SETS)
