"""scripts/cycles.py and verif/soc/kernels.py without a simulator: the output protocol, the
compare (shown to catch a planted difference), the input header, the registry."""

from __future__ import annotations

import random

import pytest

from scripts import cycles
from verif.soc.kernel import c_header, words_le
from verif.soc.kernels import all_kernels

PROGRAM_OUTPUT = "hello\ncycles 1234\nout 00010203\nout ff\nexit 0, 99 cycles, 50 instructions\n"


def test_parse_output_concatenates_out_lines():
    assert cycles.parse_output(PROGRAM_OUTPUT) == (bytes([0, 1, 2, 3, 0xFF]), 1234)
    assert cycles.parse_output("out 00\n")[1] is None


def test_compare_catches_a_planted_difference():
    want = bytes(range(40))
    assert cycles.compare(want, want) == ""
    planted = bytearray(want)
    planted[17] ^= 1
    assert "at byte 17" in cycles.compare(bytes(planted), want)
    assert "got 39 bytes, want 40" in cycles.compare(want[:-1], want)


def test_c_header():
    text = c_header({"MSG": b"\x01\xab", "W": [1, 0xFFFFFFFF], "N": 5})
    assert "#define MSG_LEN 2u" in text and "0x01, 0xab" in text
    assert "static const uint32_t W[2] = {0x00000001u, 0xffffffffu};" in text
    assert "#define N 5u" in text
    assert words_le([0x04030201]) == bytes([1, 2, 3, 4])


def test_registry_is_consistent():
    names = [k.name for k in all_kernels()]
    assert len(names) == len(set(names))
    for k in all_kernels():
        for full in (False, True):
            values = k.inputs(random.Random(1), full)
            assert isinstance(k.reference(values), bytes), k.name
        if k.goal is not None and k.horcrux and k.horcrux[1] and k.name != "keccak_f" \
                and k.name != "sha3_256sb" and k.name != "mlkem_ntt":
            assert k.goal <= k.horcrux[1] // 2 + 1, f"{k.name}: goal above half of HORCRUX"


def test_unknown_kernel_is_one_clear_line(capsys):
    with pytest.raises(SystemExit) as exc:
        cycles.main(["--kernel", "no_such_kernel"])
    assert exc.value.code != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "unknown kernel 'no_such_kernel'" in err[0]
