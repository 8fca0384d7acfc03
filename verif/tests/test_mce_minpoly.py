"""Unit test of `pqx_mce_minpoly` alone at t > 2, for what the t = 2 build cannot reach: the pivot
row additions of the Gaussian elimination and the power steps of more than one column.

At t = 2 (pqx_mce_unit) the pivot never fires: entry (0, 0) is the constant term of beta^0 = 1
and column 1 has no row below it, so only this test covers those lines. At t = 4 the entry (1, 1)
is zero whenever beta's coefficient of y^1 is zero, and (2, 2) now and then; the reference
decoder's constant-time search then adds the rows below in order while the entry stays zero,
which must give the model's result (the model swaps with the first nonzero row: the same
solution).

Runs as the unit `mce_minpoly_t4`: pqx_mce_minpoly with T = 4 and F(y) = y^4 + F_3 y^3 + ... +
F_0 from its parameter FLowP (F_i in bits [12 i +: 12]; the package's FLow is sized for t = 2),
which the test reads from the DUT.

  MinpolyPivotTest   directed betas (b_1 = 0: a pivot at column 1 by row 2, by row 3 when row
                     2's entry is zero too, none left: singular), 200 random sparse betas, and
                     four betas with a pivot at column 2 (about 1 in 3,000 sparse betas; found
                     on the model first): done exactly 3t cycles after the start and held until
                     the ack, ok and g against the model's min_poly over the same F(y); every
                     kind of pivot (column 1 by row 2, column 1 by row 3, column 2, a pivot that
                     leaves the matrix singular) must occur. About 3 s.

Seeded from cocotb.RANDOM_SEED (the SEED make variable).
"""

from __future__ import annotations

import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

from verif.models import mceliece
from verif.models.mce import gf_mul
from verif.models.mceliece import gf_inv

M = 12


def params(t: int, f_low: tuple[int, ...]) -> mceliece.Params:
    """The model's parameters for the build: t and F(y) = y^t + F_{t-1} y^{t-1} + ... + F_0 (F
    need not be irreducible: the elimination is checked against the model over the same F)."""
    return mceliece.Params(f"minpoly_t{t}", M, 56, t, mceliece.TOY.f_poly, f_low + (1,))


def pivots(t: int, f_low: tuple[int, ...], beta: list[int]) -> list[tuple[int, int]]:
    """The RTL's row additions for beta, in order: (column c, row k) for each row k added to row c
    (row c += row k while entry (c, c) is 0), on the matrix of column j = beta^j mod F."""
    def mulmod(a: list[int], b: list[int]) -> list[int]:
        p = [0] * (2 * t - 1)
        for i in range(t):
            for j in range(t):
                p[i + j] ^= gf_mul(a[i], b[j])
        for k in range(2 * t - 2, t - 1, -1):
            for i in range(t):
                p[k - t + i] ^= gf_mul(p[k], f_low[i])
            p[k] = 0
        return p[:t]
    cols = [[1] + [0] * (t - 1)]
    for _ in range(t):
        cols.append(mulmod(cols[-1], beta))
    m = [[cols[j][r] for j in range(t + 1)] for r in range(t)]     # m[row][column]
    adds = []
    for c in range(t):
        for k in range(c + 1, t):
            if m[c][c] == 0:
                m[c] = [x ^ y for x, y in zip(m[c], m[k])]
                adds.append((c, k))
        if m[c][c] == 0:
            break                                                   # singular
        inv = gf_inv(m[c][c], mceliece.TOY)
        m[c] = [gf_mul(x, inv) for x in m[c]]
        for k in range(t):
            if k != c and m[k][c]:
                f = m[k][c]
                m[k] = [x ^ gf_mul(f, y) for x, y in zip(m[k], m[c])]
    return adds


async def run(dut, t: int, beta: list[int]) -> tuple[int, list[int]]:
    """One MCE_MINPOLY: start, done exactly 3t cycles later, held (and g stable) until the ack."""
    dut.beta_i.value = sum(c << (M * i) for i, c in enumerate(beta))
    dut.start_i.value = 1
    await RisingEdge(dut.clk_i)
    dut.start_i.value = 0
    dut.beta_i.value = 0                        # latched at the start
    for cycle in range(1, 3 * t + 1):
        await ReadOnly()
        assert int(dut.done_o.value) == (cycle == 3 * t), f"beta {beta}: done_o at cycle {cycle}"
        await RisingEdge(dut.clk_i)
    await ReadOnly()
    ok, g = int(dut.ok_o.value), int(dut.g_o.value)
    for _ in range(2):                          # held until the ack
        await RisingEdge(dut.clk_i)
        await ReadOnly()
        assert int(dut.done_o.value) == 1 and int(dut.g_o.value) == g and int(dut.ok_o.value) == ok
    await RisingEdge(dut.clk_i)
    dut.ack_i.value = 1
    await RisingEdge(dut.clk_i)
    dut.ack_i.value = 0
    await ReadOnly()
    assert int(dut.done_o.value) == 0, "done_o after the ack"
    await RisingEdge(dut.clk_i)
    return ok, [(g >> (M * i)) & 0xFFF for i in range(t + 1)]


@cocotb.test()
async def MinpolyPivotTest(dut):
    """Directed and random betas with pivots against the model, every kind of pivot seen."""
    t = len(dut.beta_i) // M
    flow = int(dut.FLowP.value)                 # the build's F(y) (verif/units.py)
    f_low = tuple(flow >> (M * i) & 0xFFF for i in range(t))
    p = params(t, f_low)
    rng = random.Random(cocotb.RANDOM_SEED)
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    dut.rst_ni.value = 0
    dut.start_i.value = 0
    dut.ack_i.value = 0
    dut.beta_i.value = 0
    await RisingEdge(dut.clk_i)
    await RisingEdge(dut.clk_i)
    dut.rst_ni.value = 1
    await RisingEdge(dut.clk_i)

    cases = [[5, 0, 9] + [0] * (t - 3), [0, 0, 1] + [0] * (t - 3), [0] * (t - 1) + [7],
             [3, 0] + [11] * (t - 2), [0] * t, [1] + [0] * (t - 1)]
    sparse = lambda: [rng.randrange(1 << M) if rng.random() < 0.5 else 0 for _ in range(t)]
    cases += [sparse() for _ in range(200)]
    # a zero entry (2, 2) after two columns is rare (about 1 in 3,000 sparse betas): found here,
    # on the model, so that the pivot of column 2 runs on the RTL whatever F the build has
    col2 = []
    for _ in range(100_000):
        beta = sparse()
        if any(c == 2 for c, _ in pivots(t, f_low, beta)):
            col2.append(beta)
            if len(col2) == 4:
                break
    cases += col2
    seen = {"column 1 by row 2": 0, "column 1 by row 3": 0, "column 2": 0, "singular after a pivot": 0}
    for beta in cases:
        want = mceliece.min_poly(p, beta)
        adds = pivots(t, f_low, beta)
        ok, g = await run(dut, t, beta)
        if want is None:
            assert ok == 0 and g == [0] * (t + 1), f"beta {beta} (row additions {adds}): singular, DUT ok {ok} g {g}"
        else:
            assert ok == 1 and g == want, f"beta {beta} (row additions {adds}): DUT ok {ok} g {g}, model {want}"
        seen["column 1 by row 2"] += (1, 2) in adds and want is not None
        seen["column 1 by row 3"] += (1, 3) in adds and want is not None and t > 3
        seen["column 2"] += any(c == 2 for c, _ in adds) and want is not None
        seen["singular after a pivot"] += bool(adds) and want is None
    dut._log.info(f"t = {t}, F_0..F_{t - 1} = {[hex(x) for x in f_low]}: {len(cases)} betas, pivots {seen}")
    missing = [k for k, v in seen.items() if not v and not (k == "column 1 by row 3" and t == 3)]
    assert not missing, f"no case with a pivot of kind {missing}"
