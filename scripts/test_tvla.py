"""scripts/tvla.py without a simulator: the power stream's format, Welch's t from the running sums
(a planted difference found, none where there is none), the checks, bad input in one line."""

from __future__ import annotations

import struct

import numpy as np
import pytest

from scripts import tvla


def stream_bytes(units: list[str], traces: list[tuple[int, np.ndarray, np.ndarray]]) -> bytes:
    """The simulator's format: a header line, then per trace {0xFFFFFFFF, class, cycles} and per
    cycle one uint32 per unit and the op code."""
    out = ("units " + " ".join(units) + "\n").encode()
    for cls, hd, ops in traces:
        out += struct.pack("<3I", 0xFFFFFFFF, cls, len(ops))
        out += np.column_stack([hd, ops]).astype("<u4").tobytes()
    return out


def campaign(rng, n: int, leak_at: int | None, cycles: int = 40, units: int = 3, ops=None):
    traces = []
    ops = np.zeros(cycles, dtype=np.uint32) if ops is None else ops
    for k in range(n):
        cls = 1 + (k % 2)
        hd = rng.integers(0, 20, size=(cycles, units))
        if leak_at is not None and cls == 2:
            hd[leak_at, 1] += 6           # unit 1 switches more at one cycle on random inputs
        traces.append((cls, hd, ops))
    return traces


def read(tmp_path, data: bytes) -> tvla.Stream:
    path = tmp_path / "power"
    path.write_bytes(data)
    s = tvla.Stream()
    tvla.read_stream(path, s)
    return s


def test_a_planted_difference_is_found_and_only_there(tmp_path):
    rng = np.random.default_rng(1)
    s = read(tmp_path, stream_bytes(["top", "keccak", "fpr"], campaign(rng, 200, leak_at=17)))
    assert not s.error and s.traces == 200 and s.cycles == 40
    t = tvla.welch_t(s.sums)
    assert t[17, 1] > tvla.THRESHOLD
    assert (t[:, 0] < tvla.THRESHOLD).all() and (t[:, 2] < tvla.THRESHOLD).all()
    assert s.onset and max(s.onset) == 200


def test_no_difference_no_leak(tmp_path):
    rng = np.random.default_rng(2)
    s = read(tmp_path, stream_bytes(["top", "keccak"], campaign(rng, 100, leak_at=None, units=2)))
    assert (tvla.welch_t(s.sums) < tvla.THRESHOLD).all()


def test_constant_channels_give_zero_or_infinity():
    sums = {1: tvla.Sums(), 2: tvla.Sums()}
    for _ in range(3):
        sums[1].add(np.array([[0.0, 5.0]]))
        sums[2].add(np.array([[0.0, 6.0]]))
    t = tvla.welch_t(sums)
    assert t[0, 0] == 0.0 and np.isinf(t[0, 1])


def test_unequal_traces_are_counted_not_mixed(tmp_path):
    rng = np.random.default_rng(3)
    traces = campaign(rng, 10, None)
    short = (1, rng.integers(0, 20, size=(39, 3)), np.zeros(39, dtype=np.uint32))
    other_ops = (2, traces[1][1], np.arange(40, dtype=np.uint32))
    s = read(tmp_path, stream_bytes(["a", "b", "c"], traces + [short, other_ops]))
    assert (s.traces, s.bad_length, s.bad_ops) == (11, 1, 1)


@pytest.mark.parametrize("data, why", [
    (b"", "no power probe header"),
    (b"units a\n" + struct.pack("<3I", 0x12345678, 1, 0), "malformed trace record"),
    (b"units a\n" + struct.pack("<3I", 0xFFFFFFFF, 7, 0), "malformed trace record"),
])
def test_a_malformed_stream_is_an_error(tmp_path, data, why):
    assert why in read(tmp_path, data).error


def test_bad_arguments_give_one_line(capsys):
    for argv in (["--op", "nope"], ["--traces", "2"]):
        with pytest.raises(SystemExit) as exc:
            tvla.main(argv)
        assert exc.value.code == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and err[0].startswith("tvla: error:")


def test_the_report_and_its_chart(tmp_path):
    """analyse() on a planted difference: the unit and cycle named, the t curve's peak where the
    difference is, the markdown table and the index.html chart made from it."""
    from scripts import report_html
    rng = np.random.default_rng(4)
    s = read(tmp_path, stream_bytes(["top", "keccak", "fpr"], campaign(rng, 200, leak_at=17)))
    s.activity[2] = 0.0                     # fpr never switches here
    r = tvla.analyse(tvla.CAMPAIGNS["mlkem-decaps"], s, 1, 1.0)
    keccak = next(u for u in r["units"] if u["unit"] == "keccak")
    assert keccak["leaking_cycles"] >= 1 and keccak["first_leak_cycle"] == 17
    assert r["window"] == 1 and max(r["t_curve"]["keccak"]) == r["t_curve"]["keccak"][17]
    assert "| keccak |" in tvla.markdown(r)
    assert "<svg" in report_html.leakage_chart(r)
