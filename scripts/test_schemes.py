"""Static checks of the scheme firmware and its host scripts (no simulation; the firmware runs are
`python -m scripts.schemes --selftest` and `make kat`)."""

from __future__ import annotations

import re
from pathlib import Path

from scripts.schemes import parse

ROOT = Path(__file__).resolve().parent.parent
Q = 3329


def compress_constants() -> dict[int, tuple[int, int]]:
    """(M, C) per d, read from compress() in firmware/schemes/mlkem/mlkem.c."""
    text = (ROOT / "firmware" / "schemes" / "mlkem" / "mlkem.c").read_text()
    body = text[text.index("FORCE_INLINE uint32_t compress("):]
    body = body[:body.index("\n}\n")]
    ms = re.search(r"const uint32_t m = d == 1 \? (\d+)u : d == 4 \? (\d+)u : d == 5 \? (\d+)u : "
                   r"d == 10 \? (\d+)u : (\d+)u;", body)
    cs = re.search(r"const uint32_t c = \(d == 1 \|\| d == 5\) \? (\d+)u : (\d+)u;", body)
    assert ms and cs, "compress() in mlkem.c no longer has the expected form"
    m = dict(zip((1, 4, 5, 10, 11), map(int, ms.groups())))
    c_a, c_b = map(int, cs.groups())
    return {d: (m[d], c_a if d in (1, 5) else c_b) for d in m}


def test_compress_is_exact_for_every_input():
    """Compress_d(x) = round(2^d x / q) mod 2^d (FIPS 203 4.2.1) for every x < q and every d ML-KEM
    uses, with the 32-bit product staying below 2^32. A wrong constant often changes only a few of
    the 3329 inputs (C = 2^19 for d = 10: one), which random end-to-end cases rarely meet."""
    for d, (m, c) in compress_constants().items():
        assert (Q - 1) * m + c < 2 ** 32, d
        for x in range(Q):
            want = ((x << d) + Q // 2) // Q % (1 << d)     # round half up; 2^d x / q is never a tie
            assert ((x * m + c) >> 20) & ((1 << d) - 1) == want, (d, x)


def test_parse_output():
    outs, nums = parse("ek 0a0b\nek 0c\ncycles 120\nk zz\nstack 9\n")
    assert outs == {"ek": bytes.fromhex("0a0b0c")} and nums == {"cycles": 120, "stack": 9}


def test_merge_joins_one_sets_builds_into_one_row(tmp_path):
    """The nightly times each set's builds in jobs of their own: the merged table has one row per
    set and operation with both builds (and their speed-up), and keeps every job's failures."""
    import json

    from scripts.scheme_cycles import merge_reports
    stat = {"mean": 2000.0, "min": 2000, "max": 2000, "ct_spread": 0, "attempts": None, "ct_parts": {}, "n": 3}
    parts = []
    for variant, mean, failures in (("baseline", 8000.0, []), ("pqx", 2000.0, ["ML-KEM-512 pqx decaps: k"])):
        rows = [{"param": "ML-KEM-512", "op": "keygen", "horcrux": None, variant: dict(stat, mean=mean)},
                {"param": "ML-KEM-512", "op": "_sizes", "variant": variant, "text": 10, "stack": 20}]
        (tmp_path / variant).mkdir()
        part = tmp_path / variant / "schemes.json"
        part.write_text(json.dumps({"seed": 1, "count": 3, "rows": rows, "failures": failures}))
        parts.append(part)
    md = merge_reports(parts, tmp_path / "out").read_text()
    rows = [ln for ln in md.splitlines() if ln.startswith("| ML-KEM-512 | keygen")]
    assert rows == [ln for ln in rows if "| 8.0 | 2.0 | 4.0x |" in ln] and len(rows) == 1, rows
    assert md.count("| ML-KEM-512 | baseline |") == 1 and md.count("| ML-KEM-512 | pqx |") == 1
    assert "ML-KEM-512 pqx decaps: k" in md


def test_sign_at_expected_attempts():
    """ML-DSA Sign at FIPS 204's expected attempts: set-up and last attempt as measured, the rejected
    attempts' mean for the other E - 1 (a case with one attempt has no rejected attempt)."""
    from scripts.scheme_cycles import at_expected
    from scripts.schemes import Result
    from verif.soc.schemes import PARAM_SETS
    pset = PARAM_SETS["ML-DSA-44"]
    rs = [Result(True, cycles=100 + 300, attempts=1, setup=100, last=300),
          Result(True, cycles=120 + 3 * 50 + 280, attempts=4, setup=120, last=280)]
    assert at_expected(pset, rs) == (110 + 290) + 3.25 * 50
    assert at_expected(pset, rs[:1]) is None                    # no rejected attempt measured
    assert at_expected(PARAM_SETS["ML-KEM-512"], rs) is None    # not a signature with attempts


def test_sloth_line_judges_each_operation():
    """SLH-DSA-SHAKE-128f's PQX cycles against SLotH's: met at or below, MISSED above, per operation;
    no line without such a row."""
    from scripts.scheme_cycles import render
    from verif.soc.schemes import SLOTH_CYCLES

    def row(op: str, mean: float | None) -> dict:
        return {"param": "SLH-DSA-SHAKE-128f", "op": op, "horcrux": None,
                "pqx": {"mean": mean, "ct_spread": None, "n": 1}}
    keygen, sign = SLOTH_CYCLES[("SLH-DSA-SHAKE-128f", "keygen")], SLOTH_CYCLES[("SLH-DSA-SHAKE-128f", "sign_det")]
    md = render([row("keygen", keygen), row("sign_det", sign + 1), row("verify", None)], 1, 1, [])
    line = next(ln for ln in md.splitlines() if ln.startswith("Against SLotH"))
    assert f"keygen {keygen:,} / {keygen:,} = 100% (met)" in line
    assert f"sign_det {sign + 1:,} / {sign:,} = 100% (MISSED)" in line
    assert "verify" not in line
    assert "SLotH" not in render([row("keygen", None)], 1, 1, [])
