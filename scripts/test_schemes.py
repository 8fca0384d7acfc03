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
