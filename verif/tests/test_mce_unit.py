"""Unit tests of `pqx_mce_unit` (GF(2^12) arithmetic, Berlekamp-Massey, support-list Chien search,
transpose store), with exhaustive campaigns where the space allows.

The driver (verif/tests/unit_driver.py) compares every operation with a `PqxModel` and the
unit's registers (syndromes, locator, support, error bitmap, matrix, transpose store) with the
model's state after every operation; MCE_BM, MCE_CHIEN, MCE_MINPOLY and MCE_SYS must be done
exactly at their latency, hold their result and write nothing before the ack.

  MceFieldTest       every GF12INV (4,096 inputs: x * inv(x) = 1 checked as well as the model),
                     every GF12SQ, GF12MUL on corners and random operands with junk above bit 11
  MceDecodeTest      the Goppa decoder through the unit, for PQX_N random Goppa polynomials
                     (default 2; irreducible, degree t = 2) over a random support of n = 48
                     distinct elements: per-position syndrome terms alpha^i / g(alpha)^2 computed
                     with GF12MUL/SQ/INV, then every one of the 1,128 weight-2 error patterns (and
                     the 48 weight-1 and the zero pattern) goes MCE_SYN x 4 -> MCE_BM -> MCE_CHIEN
                     -> MCE_ERR_RD: the bitmap must be exactly the error positions
  MceRandomTest      random syndromes (undecodable ones included), random locators and supports:
                     MCE_BM and MCE_CHIEN against the model
  MceMinpolyTest     MCE_MINPOLY (Gaussian elimination) on random beta, singular ones (rs2 = 0)
                     included, against the model; g then has no root in the field (MCE_CHIEN on a
                     support of 48 random elements finds none) and g(beta) = 0 in GF(2^12)[y]/F
  MceSystematicTest  MCE_SYS on parity-check matrices of random Goppa codes, on (I | T) mixed by
                     random row additions (the result must be that (I | T)), and on singular
                     matrices (a repeated row, a zero column), against the model; when it
                     succeeds, the left 24 x 24 block read back is the identity
  MceIndexTest       every index instruction at the edges and beyond: exc_o, no write
  MceTransposeTest   random and structured 64 x 64 matrices written by rows, read by columns,
                     against a transpose computed here
  MceRandomMixTest   every McEliece instruction in a random order with random operands

Seeded from cocotb.RANDOM_SEED (the SEED make variable).
"""

from __future__ import annotations

import random

import cocotb

from verif.models import INSTRUCTIONS
from verif.models.consts import M32, MCE_M, MCE_N, MCE_T, TR_SIZE
from verif.models.mce import gf_mul, poly_eval
from verif.tests.unit_driver import UnitTb, knob

MCE_OPS = [n for n, i in INSTRUCTIONS.items() if i.unit == "mce"]
MULTI = ("MCE_BM", "MCE_CHIEN", "MCE_MINPOLY", "MCE_SYS")
SINGLE = [n for n in MCE_OPS if n not in MULTI]
GF = 1 << MCE_M


class MceTb(UnitTb):
    """The McEliece unit's registers."""

    def __init__(self, dut) -> None:
        super().__init__(dut, "mce")

    def registers(self) -> dict:
        d = self.dut
        return {"MCE_S": d.syn_q, "MCE_SIGMA": d.sigma_q, "MCE_A": d.sup_q, "MCE_E": d.err_q,
                "MCE_H": d.mat_q, "TR": d.u_transpose.bits_q}


async def _tb(dut) -> MceTb:
    tb = MceTb(dut)
    await tb.start()
    return tb


def element(rng: random.Random) -> int:
    """A 32-bit operand holding a field element, junk above bit 11 half of the time."""
    return rng.randrange(GF) | (rng.getrandbits(20) << MCE_M if rng.random() < 0.5 else 0)


def irreducible_goppa(rng: random.Random) -> list[int]:
    """A random monic irreducible g = y^2 + c1 y + c0 over GF(2^12) (no root in the field)."""
    while True:
        g = [rng.randrange(1, GF), rng.randrange(GF), 1]
        if all(poly_eval(g, a) for a in range(GF)):
            return g


# ---------------------------------------------------------------------------- tests
@cocotb.test()
async def MceFieldTest(dut):
    """All 4,096 inverses and squares; products on corners and random operands."""
    tb = await _tb(dut)
    rng = tb.rng
    for x in range(GF):
        junk = rng.getrandbits(20) << MCE_M
        inv = await tb.op("GF12INV", x | junk, check=False)
        assert x == 0 and inv == 0 or gf_mul(x, inv) == 1, f"GF12INV({x:#x}) = {inv:#x}: x inv(x) != 1"
        await tb.op("GF12SQ", x | junk, check=False)
    corners = [0, 1, 2, 0x800, 0xFFF, 0x1000, 0xFFFFF000, M32, 0x1009, 0xAAA, 0x555]
    for a in corners:
        for b in corners:
            await tb.op("GF12MUL", a, b, check=False)
    for _ in range(knob("PQX_N", 2) * 2000):
        await tb.op("GF12MUL", element(rng), element(rng), check=False)
    tb.check_state("after the field campaign")
    dut._log.info(f"MceFieldTest: {GF} inverses and squares, {tb.ops} operations")


@cocotb.test()
async def MceDecodeTest(dut):
    """Every weight-2 (and weight-1, weight-0) error pattern for n = 48, decoded by the unit."""
    tb = await _tb(dut)
    rng = tb.rng
    t = MCE_T
    polys = knob("PQX_N", 2)
    patterns = 0
    for k in range(polys):
        g = irreducible_goppa(rng)
        support = rng.sample(range(GF), MCE_N)
        for j, a in enumerate(support):
            await tb.op("MCE_SUP_WR", a, j)
        # syndrome term of position j: alpha_j^i / g(alpha_j)^2, i = 0..2t-1, by the unit
        terms = []
        for a in support:
            ga = await tb.op("GF12MUL", await tb.op("GF12MUL", g[2], a) ^ g[1], a) ^ g[0]
            inv = await tb.op("GF12INV", await tb.op("GF12SQ", ga))
            col = [inv]
            for _ in range(2 * t - 1):
                col.append(await tb.op("GF12MUL", col[-1], a))
            terms.append(col)
        cases = [()] + [(j,) for j in range(MCE_N)] + [
            (i, j) for i in range(MCE_N) for j in range(i + 1, MCE_N)]
        for errs in cases:
            for i in range(2 * t):
                s = 0
                for j in errs:
                    s ^= terms[j][i]
                await tb.op("MCE_SYN", s, i)
            length = await tb.mc("MCE_BM")
            roots = await tb.mc("MCE_CHIEN")
            bitmap = await tb.op("MCE_ERR_RD", 0) | await tb.op("MCE_ERR_RD", 1) << 32
            found = tuple(j for j in range(MCE_N) if bitmap >> j & 1)
            assert found == errs and roots == len(errs) and length == len(errs), (
                f"g = {g}, errors {errs}: BM L = {length}, Chien found {found} ({roots} roots)")
            patterns += 1
        dut._log.info(f"Goppa polynomial {k + 1}/{polys} g = {g}: {len(cases)} patterns decoded")
    dut._log.info(f"MceDecodeTest: {patterns} error patterns decoded, {tb.ops} operations")


@cocotb.test()
async def MceRandomTest(dut):
    """MCE_BM on random syndromes and MCE_CHIEN on random locators and supports, vs the model."""
    tb = await _tb(dut)
    rng = tb.rng
    for _ in range(knob("PQX_N", 2) * 100):
        for i in range(2 * MCE_T):
            await tb.op("MCE_SYN", rng.choice([0, 1, rng.randrange(GF)]) | rng.getrandbits(20) << 12, i)
        await tb.mc("MCE_BM")
        if rng.random() < 0.5:
            for i in range(MCE_T + 1):
                await tb.op("MCE_LOC_WR", element(rng), i)
        for j in rng.sample(range(MCE_N), rng.randrange(1, 8)):
            await tb.op("MCE_SUP_WR", element(rng), j)
        await tb.mc("MCE_CHIEN")
        for i in range(MCE_T + 1):
            await tb.op("MCE_LOC_RD", i)
    dut._log.info(f"MceRandomTest: {tb.ops} operations")


@cocotb.test()
async def MceMinpolyTest(dut):
    """Minimal polynomials of random beta (a fifth singular) against the model; the found g is
    irreducible (no root on a random support, checked with MCE_CHIEN) and g(beta) = 0."""
    tb = await _tb(dut)
    rng = tb.rng
    found = 0
    for j, a in enumerate(rng.sample(range(GF), MCE_N)):
        await tb.op("MCE_SUP_WR", a, j)
    for _ in range(knob("PQX_N", 2) * 60):
        b0, b1 = element(rng), element(rng) if rng.random() < 0.8 else rng.getrandbits(20) << 12
        ok = await tb.mc("MCE_MINPOLY", b0, b1)
        g = [await tb.op("MCE_LOC_RD", i) for i in range(MCE_T + 1)]
        assert ok == int(b1 & 0xFFF != 0), f"beta = ({b0:#x}, {b1:#x}): MCE_MINPOLY rd {ok}"
        if ok:
            found += 1
            assert g[MCE_T] == 1, f"g = {g} is not monic"
            beta = [b0 & 0xFFF, b1 & 0xFFF]
            acc = [0] * MCE_T                  # g(beta) by Horner in GF(2^12)[y]/F
            for c in reversed(g):
                acc = mulmod_f(acc, beta)
                acc[0] ^= c
            assert acc == [0] * MCE_T, f"g = {g}: g(beta) = {acc} for beta = {beta}"
            assert await tb.mc("MCE_CHIEN") == 0, f"g = {g} has a root on the support"
        else:
            assert g == [0] * (MCE_T + 1), f"singular beta: locator {g} not cleared"
    dut._log.info(f"MceMinpolyTest: {found} minimal polynomials, {tb.ops} operations")


def mulmod_f(a: list[int], b: list[int]) -> list[int]:
    """a b in GF(2^12)[y]/(y^2 + y + z^9), t = 2 (F of the model's TOY parameters)."""
    p = [gf_mul(a[0], b[0]), gf_mul(a[0], b[1]) ^ gf_mul(a[1], b[0]), gf_mul(a[1], b[1])]
    return [p[0] ^ gf_mul(p[2], 0x200), p[1] ^ p[2]]       # y^2 = y + z^9


@cocotb.test()
async def MceSystematicTest(dut):
    """Systematic form of Goppa parity-check matrices, random and singular matrices."""
    from verif.models import mceliece as mc
    tb = await _tb(dut)
    rng = tb.rng
    rows_n = MCE_M * MCE_T
    done = 0
    for k in range(knob("PQX_N", 2) * 8):
        kind = k % 4
        if kind == 0:
            g = irreducible_goppa(rng)
            rows = mc.parity_check(mc.TOY, g, rng.sample(range(GF), MCE_N))
        elif kind == 1:                       # (I | T) mixed by row additions: its form is known
            start = [(1 << r) | rng.getrandbits(MCE_N - rows_n) << rows_n for r in range(rows_n)]
            rows = list(start)
            for _ in range(200):
                i, j = rng.sample(range(rows_n), 2)
                rows[i] ^= rows[j]
        else:
            rows = [rng.getrandbits(MCE_N) for _ in range(rows_n)]
            if kind == 2:
                rows[rng.randrange(1, rows_n)] = rows[0]                  # a repeated row
            if kind == 3:
                col = rng.randrange(rows_n)
                rows = [r & ~(1 << col) for r in rows]                   # a zero pivot column
        for r, row in enumerate(rows):
            for h in rng.sample((0, 1), 2):
                await tb.op("MCE_ROW_WR", row >> (32 * h) | (rng.getrandbits(16) << 16 if h else 0),
                            2 * r + h)
        ok = await tb.mc("MCE_SYS")
        if kind in (2, 3):
            assert ok == 0, f"matrix {k} (singular by construction): MCE_SYS rd = {ok}"
        out = [await tb.op("MCE_ROW_RD", 2 * r) | await tb.op("MCE_ROW_RD", 2 * r + 1) << 32
               for r in range(rows_n)]
        if ok:
            done += 1
            assert all(out[r] & ((1 << rows_n) - 1) == 1 << r for r in range(rows_n)), (
                f"matrix {k}: left block is not the identity")
            if kind == 1:
                assert out == start, f"matrix {k}: not the (I | T) it was mixed from"
        elif kind == 1:
            raise AssertionError(f"matrix {k}: an invertible left block reported singular")
        else:
            assert out == [r & ((1 << MCE_N) - 1) for r in rows], f"matrix {k}: H changed on failure"
    dut._log.info(f"MceSystematicTest: {done} systematic forms, {tb.ops} operations")


@cocotb.test()
async def MceIndexTest(dut):
    """Index instructions at every edge and beyond: exc_o, nothing written (backdoor compare)."""
    tb = await _tb(dut)
    rng = tb.rng
    limits = {"MCE_ROW_WR": (1, 4 * MCE_M), "MCE_ROW_RD": (0, 4 * MCE_M), "MCE_SYN": (1, 2 * MCE_T), "MCE_LOC_WR": (1, MCE_T + 1), "MCE_SUP_WR": (1, MCE_N),
              "TR_WR": (1, 2 * TR_SIZE), "MCE_LOC_RD": (0, MCE_T + 1),
              "MCE_ERR_RD": (0, -(-MCE_N // 32)), "TR_RD": (0, 2 * TR_SIZE)}
    for name, (reg, limit) in limits.items():
        for idx in [0, limit - 1, limit, limit + 1, 255, 256 + limit - 1, 1 << 31, M32,
                    *(rng.getrandbits(32) for _ in range(8))]:
            a = rng.getrandbits(32)
            await tb.op(name, *((idx, a) if reg == 0 else (a, idx)))
    dut._log.info(f"MceIndexTest: {tb.ops} operations")


@cocotb.test()
async def MceTransposeTest(dut):
    """64 x 64 matrices by rows in, by columns out, against the transpose computed here."""
    tb = await _tb(dut)
    rng = tb.rng
    size = TR_SIZE
    matrices = {"identity": [1 << r for r in range(size)], "zero": [0] * size,
                "ones": [(1 << size) - 1] * size, "anti-diagonal": [1 << (size - 1 - r) for r in range(size)],
                "upper triangle": [((1 << size) - 1) << r & ((1 << size) - 1) for r in range(size)]}
    for k in range(knob("PQX_N", 2) * 2):
        matrices[f"random {k}"] = [rng.getrandbits(size) for _ in range(size)]
    for name, rows in matrices.items():
        for r in rng.sample(range(size), size):
            for h in rng.sample((0, 1), 2):
                await tb.op("TR_WR", rows[r] >> (32 * h), r + size * h, check=False)
        tb.check_state(f"{name}: after the writes")
        for c in range(size):
            for h in (0, 1):
                word = await tb.op("TR_RD", c + size * h, check=False)
                want = sum((rows[32 * h + k] >> c & 1) << k for k in range(32))
                assert word == want, f"{name}: column {c} half {h}: {word:#010x}, expected {want:#010x}"
    dut._log.info(f"MceTransposeTest: {len(matrices)} matrices")


@cocotb.test()
async def MceRandomMixTest(dut):
    """Every McEliece instruction in a random order, random operands (indices mostly in range)."""
    tb = await _tb(dut)
    rng = tb.rng
    for _ in range(knob("PQX_N", 2) * 500):
        name = rng.choice(MCE_OPS)
        info = INSTRUCTIONS[name]
        a, b = element(rng), element(rng)
        if info.operands is not None:
            a, b, _ = info.operands(rng, a, b, 0)
        await (tb.mc(name, a, b) if name in MULTI else tb.op(name, a, b))
    dut._log.info(f"MceRandomMixTest: {tb.ops} operations")
