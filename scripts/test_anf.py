"""scripts/anf.py, the algebraic proof of arith:karats: the polynomial algebra against plain Boolean
evaluation, the netlist's polynomials against the reference model at random points, planted bugs
that must fail, and bad input."""

from __future__ import annotations

import random
import shutil
import sys
from pathlib import Path

import pytest

from scripts import anf
from verif.models.consts import M32
from verif.models.isa import encode
from verif.models.pqx_model import PqxModel

ROOT = Path(__file__).resolve().parent.parent


def test_algebra_matches_boolean_evaluation():
    rng = random.Random(5)
    v = anf.Variables()
    xs = v.vector("x", 6)
    polys = list(xs) + [anf.ONE, anf.ZERO]
    for _ in range(60):                    # random formulas over six variables
        a, b = rng.choice(polys), rng.choice(polys)
        polys.append(rng.choice([anf.p_and, anf.p_or, anf.p_xor])(a, b))
        polys.append(anf.p_not(polys[-1]))
    for ones in range(64):
        val = {x: (ones >> k) & 1 for k, x in enumerate(xs)}
        for p in polys:
            assert anf.value(p, ones) in (0, 1)
        a, b = polys[-3], polys[-8]
        assert anf.value(anf.p_and(a, b), ones) == anf.value(a, ones) & anf.value(b, ones)
        assert anf.value(anf.p_or(a, b), ones) == anf.value(a, ones) | anf.value(b, ones)
        assert anf.value(anf.p_xor(a, b), ones) == anf.value(a, ones) ^ anf.value(b, ones)
        assert all(anf.value(x, ones) == val[x] for x in xs)
    assert anf.p_and(xs[0], xs[0]) == xs[0] and anf.p_xor(xs[1], xs[1]) == anf.ZERO


def test_clmul_of_constants_is_the_carry_less_product():
    from verif.models.arith import clmul as slow
    rng = random.Random(9)
    for _ in range(20):
        a, b = rng.getrandbits(16), rng.getrandbits(16)
        bits = anf.clmul(anf.constant(a, 16), anf.constant(b, 16))
        assert sum((p == anf.ONE) << k for k, p in enumerate(bits)) == slow(a, b)


@pytest.fixture(scope="module")
def netlist(tmp_path_factory):
    module = anf.build_netlist(ROOT, tmp_path_factory.mktemp("anf"))
    return anf.Netlist(module)


def test_the_netlist_polynomials_agree_with_the_model(netlist):
    """The netlist as anf reads it (gates, flip-flops, cut points) computes what the independent
    reference model computes: KARATS1..4 and GFMUL8 at random operands and latch states."""
    from verif.sv_enums import parse_enum
    ops = parse_enum((ROOT / "rtl" / "pqx_pkg.sv").read_text(), "op_e")
    rng = random.Random(3)

    def check():
        v, env, vec = anf.karats_env(netlist)
        index = {name: k for k, name in enumerate(v.names)}
        for name, code in (("KARATS1", ops["OpKarats1"]), ("KARATS2", ops["OpKarats2"]),
                           ("KARATS3", ops["OpKarats3"]), ("KARATS4", ops["OpKarats4"]),
                           ("GFMUL8", ops["OpGfmul8"])):
            ev = anf.Evaluation(netlist, {**env, **dict(zip(netlist.bits("op_i"),
                                                             anf.constant(code, 7)))}, v)
            data = [ev(b) for b in netlist.bits("data_o")]
            for _ in range(25):
                ka, kb, rs1, rs2 = (rng.getrandbits(w) for w in (64, 64, 32, 32))
                ones = 0
                for vname, val, width in (("ka", ka, 64), ("kb", kb, 64), ("rs1", rs1, 32),
                                          ("rs2", rs2, 32)):
                    for k in range(width):
                        ones |= (val >> k & 1) << index[f"{vname}[{k}]"]
                got = sum(anf.value(p, ones) << k for k, p in enumerate(data))
                m = PqxModel()
                m.latches["KA"], m.latches["KB"] = ka, kb
                want = m.execute(encode(name, rd=1, rs1=2, rs2=3), rs1, rs2, 0).data & M32
                assert got == want, (name, hex(ka), hex(kb), hex(rs1), hex(rs2))
        return True
    limit = sys.getrecursionlimit()
    assert anf.deep_call(check)
    assert sys.getrecursionlimit() == limit    # a later test's json.loads must not overflow the C stack


PLANTED = [
    ("rtl/arith/pqx_arith_unit.sv", "assign ka_hi_we = start_i && kg_we;", "assign ka_hi_we = kg_we;",
     "kg after the edge"),
    ("rtl/arith/pqx_mul32.sv", "cl_p = cl_p ^ (64'(a_i) << i);", "cl_p = cl_p | (64'(a_i) << i);",
     "differs from the spec"),
]


@pytest.mark.parametrize("path,old,new,what", PLANTED, ids=["latch_without_start", "clmul_or"])
def test_planted_bugs_fail_with_a_counterexample(tmp_path, capsys, path, old, new, what):
    shutil.copytree(ROOT / "rtl", tmp_path / "rtl")
    f = tmp_path / path
    assert old in f.read_text()
    f.write_text(f.read_text().replace(old, new))
    assert anf.main(["--root", str(tmp_path), "--workdir", str(tmp_path / "w")]) == 1
    out = capsys.readouterr().out
    assert what in out and "counterexample:" in out and "arith:karats: FAIL" in out


def test_the_polynomials_alone_find_a_bug(tmp_path, capsys, monkeypatch):
    """Without the random simulation, the algebraic check itself fails the planted bug, with a
    lowest-degree monomial as its counterexample."""
    monkeypatch.setattr(anf, "RANDOM_ROUNDS", 0)
    path, old, new, what = PLANTED[0]
    shutil.copytree(ROOT / "rtl", tmp_path / "rtl")
    (tmp_path / path).write_text((tmp_path / path).read_text().replace(old, new))
    assert anf.main(["--root", str(tmp_path), "--workdir", str(tmp_path / "w")]) == 1
    out = capsys.readouterr().out
    assert "random simulation" not in out and "= 1, every other variable 0" in out


def test_a_polynomial_too_large_is_no_verdict(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(anf, "RANDOM_ROUNDS", 0)
    monkeypatch.setattr(anf, "MAX_TERMS", 20)
    assert anf.main(["--workdir", str(tmp_path / "w")]) == 3
    assert "no verdict" in capsys.readouterr().out


def test_a_missing_tree_is_one_line_and_status_2(tmp_path, capsys):
    with pytest.raises(SystemExit) as exc:
        anf.main(["--root", str(tmp_path), "--workdir", str(tmp_path / "w")])
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("anf: error:")
