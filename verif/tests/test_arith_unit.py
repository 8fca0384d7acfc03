"""Unit tests of `pqx_arith_unit` (lattice butterflies and reductions, GF(2^8), Karatsuba, HQC
Barrett, MODP_MONTYMUL).

The shared unit driver (verif/tests/unit_driver.py) runs a `PqxModel` alongside the DUT: each
single-cycle operation drives start_i/op_i/rs*_i right after a rising edge, reads data_o 1 ns
later (it is combinational) and compares it with the model's result; the latches update at the
next edge. The latches are compared twice: through the instructions that read them
(BFNTTDH/BFINTTDH read H, KARATS3/4 read the product of the latched Karatsuba operands) and by a
backdoor read of h_q, ka_q, kb_q after every operation (before it, in the pipelined build). The numeric
op codes come from the `op_e` enum parsed out of rtl/pqx_pkg.sv.

  ArithResetTest        reset: latches zero, mc_done_o low; idle cycles keep it so
  ArithCornerTest       every single-cycle instruction on all pairs of corner operands
  ArithRandomTest       every single-cycle instruction on PQX_N random operand sets (default 2000,
                        half in the instruction's domain, half full 32-bit), latch readers after
                        random latch writes
  ArithRandomMixTest    all single-cycle instructions in a random order (latches in random contexts)
  ArithStartLowTest     start_i=0 with the latch writers and random operands changes no latch
  ArithKaratsubaTest    KARATS1..4 in every legal order, interleaved with BFNTTD/BFINTTD/BFNTTDH
                        and others, assembled into the 128-bit product and compared with an
                        independent carry-less multiply (integer product of bit-spread operands)
  ArithModpTest         MODP_MONTYMUL: done exactly MODP_DONE_AFTER cycles after mc_start_i for
                        every operand (measured), held with a stable result until mc_ack_i, the
                        value against the model (odd p in (2^30, 2^31), a, b in [0, p) and full
                        32-bit a, b); back-to-back starts; rs/op inputs and single-cycle
                        instructions while it runs do not disturb it

The pipelined build (unit `arith_pipelined`, Pipelined=1) runs the same tests, one instruction
at a time through its pipeline: the operand ports carry junk from the cycle after the start,
pipe_valid_o must rise exactly `done_after(name)` cycles after the start (from the instruction
table's pipelined latency) with the result and the start's tag, held for a random number of
cycles before pipe_take_i. It adds

  ArithPipeStreamTest   (pipelined build) random instruction streams entering back to back, with
                        random gaps and random stalls of the last stage: every result in order
                        with its tag, against the model run in program order (latch readers right
                        behind their writers: KARATS3/4 after KARATS1/2, BFNTTDH after BFNTTD)

Seeded from cocotb.RANDOM_SEED (the SEED make variable).
"""

from __future__ import annotations

import itertools

import cocotb
from cocotb.triggers import RisingEdge, Timer

from verif.models import INSTRUCTIONS
from verif.models.consts import M32, M64, N_HQC, Q_D as QD, Q_F as QF, Q_K as QK
from verif.models.isa_table import PIPELINE_DISPATCH
from verif.models.timing import contract as latency_contract, pipelined_build
from verif.tests.unit_driver import UnitTb, knob

HQC_N = {f"BARRETT_HQC{k}": n for k, n in N_HQC.items()}

ARITH_OPS = [n for n, i in INSTRUCTIONS.items() if i.unit == "arith"]
SINGLE_OPS = [n for n in ARITH_OPS if n != "MODP_MONTYMUL"]
H_WRITERS = ("BFNTTD", "BFINTTD")
K_WRITERS = ("KARATS1", "KARATS2")
LATCH_READERS = ("BFNTTDH", "BFINTTDH", "KARATS3", "KARATS4")
INVERSE_BF = ("BFINTTK", "BFINTTD", "BFINTTF")

PIPELINED = pipelined_build()
LATENCY = latency_contract()[0]


def done_after(name: str) -> int:
    """Cycles from mc_start_i to the first mc_done_o. pqx_top starts a multi-cycle instruction in
    its issue cycle (pipelined build: one dispatch cycle later), registers the result in the first
    done cycle, and result_valid rises the cycle after: top latency = [dispatch +] done offset + 1."""
    return LATENCY[name] - 1 - (PIPELINE_DISPATCH if PIPELINED else 0)


MODP_DONE_AFTER = done_after("MODP_MONTYMUL")

CORNERS = [
    0, 1, 2, M32, M32 - 1, 0x7FFFFFFF, 0x80000000, 0x80000001, 0x7FFF, 0x8000, 0xFFFF, 0x10000,
    0xFFFF8000, 0xFFFF7FFF, QK - 1, QK, -(QK - 1) & M32, QK // 2, -(QK // 2) & M32, QD - 1, QD,
    -(QD - 1) & M32, QF - 1, QF, 0x55555555, 0xAAAAAAAA, 0xFF, 0x11D, 1 << 15, 1 << 23, 1 << 30,
    (1 << 31) - (1 << 22) - 1, 57637,
]


def sx(v: int, bits: int) -> int:
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def clmul_by_int(a: int, b: int, width: int) -> int:
    """Carry-less product by integer multiplication: bits spread `step` apart, so that each digit
    of the integer product counts the terms of one GF(2) coefficient; its parity is the bit."""
    step = width.bit_length() + 1
    sa = sum(1 << (step * i) for i in range(width) if a >> i & 1)
    sb = sum(1 << (step * i) for i in range(width) if b >> i & 1)
    p = sa * sb
    return sum(((p >> (step * j)) & 1) << j for j in range(2 * width - 1))


class ArithTb(UnitTb):
    """The shared unit driver (verif/tests/unit_driver.py) with H, KA, KB as registers; in the
    pipelined build each operation goes through the pipeline instead (op_pipelined)."""

    extra_inputs = ("tag_i", "pipe_take_i")

    def __init__(self, dut) -> None:
        super().__init__(dut, "arith")

    def registers(self) -> dict:
        d = self.dut
        return {"H": d.h_q, "KA": d.ka_q, "KB": d.kb_q}

    async def op(self, name: str, rs1: int = 0, rs2: int = 0, rs3: int = 0, check: bool = True) -> int:
        """Run one single-cycle instruction (operands taken mod 2^32); returns data_o."""
        if PIPELINED:
            return await self.op_pipelined(name, rs1, rs2, rs3, check)
        return await super().op(name, rs1, rs2, rs3, check)

    async def op_pipelined(self, name: str, rs1: int, rs2: int, rs3: int, check: bool) -> int:
        """The pipelined build, one instruction in the pipeline: start, junk on the operand ports
        afterwards, valid exactly done_after(name) cycles later with its tag, held until a random
        take."""
        d, rng = self.dut, self.rng
        rs1, rs2, rs3 = rs1 & M32, rs2 & M32, rs3 & M32
        d.pipe_take_i.value = 0
        d.start_i.value = 1
        d.op_i.value = self.codes[name]
        d.rs1_i.value, d.rs2_i.value, d.rs3_i.value = rs1, rs2, rs3
        tag = rng.getrandbits(len(d.tag_i))
        d.tag_i.value = tag
        await Timer(1, "ns")
        what = f"op {self.ops}: {name} rs=({rs1:#010x}, {rs2:#010x}, {rs3:#010x})"
        if check:
            self.check_state(f"before {what}")
        assert int(d.pipe_ready_o.value) and int(d.pipe_empty_o.value), f"{what}: pipeline not empty"
        want = self.model.execute(self.words[name], rs1, rs2, rs3).data
        await RisingEdge(d.clk_i)
        d.start_i.value = 0
        cycles = 1
        while True:
            d.op_i.value = rng.randrange(128)
            d.rs1_i.value, d.rs2_i.value, d.rs3_i.value = self.word(), self.word(), self.word()
            d.tag_i.value = rng.getrandbits(len(d.tag_i))
            await Timer(1, "ns")
            if int(d.pipe_valid_o.value):
                break
            assert cycles < 10, f"{what}: no pipe_valid_o after {cycles} cycles"
            await RisingEdge(d.clk_i)
            cycles += 1
        assert cycles == done_after(name), (
            f"{what}: pipe_valid_o {cycles} cycles after start_i, expected {done_after(name)}")
        data = int(d.data_o.value)
        if data != want or int(d.tag_o.value) != tag:
            raise AssertionError(f"{what}: DUT data {data:#010x} tag {int(d.tag_o.value):#x}, "
                                 f"model {want:#010x} tag {tag:#x}")
        for h in range(rng.choice((0, 0, 0, 1, 2))):
            await RisingEdge(d.clk_i)
            await Timer(1, "ns")
            assert int(d.pipe_valid_o.value) and int(d.data_o.value) == want, (
                f"{what}: result not held {h + 1} cycles into the hold")
            assert not int(d.pipe_ready_o.value), f"{what}: pipeline takes input while its result waits"
        d.pipe_take_i.value = 1
        await RisingEdge(d.clk_i)
        d.pipe_take_i.value = 0
        self.ops += 1
        self.count[name] = self.count.get(name, 0) + 1
        return data

    # ------------------------------------------------------------------ operands
    def word(self) -> int:
        if self.rng.random() < 0.15:
            return self.rng.choice(CORNERS)
        return self.rng.getrandbits(32)

    def domain(self, name: str) -> tuple[int, int, int]:
        """Operands inside the instruction's documented domain (as 32-bit words)."""
        r = self.rng
        zk, zd, zf = r.randrange(-QK + 1, QK), r.randrange(-QD + 1, QD), r.randrange(QF)
        s15 = lambda: r.randrange(-(1 << 15), 1 << 15)     # noqa: E731
        s31 = lambda: r.randrange(-(1 << 31), 1 << 31)     # noqa: E731
        f = lambda: r.randrange(QF)                        # noqa: E731
        ops = {
            "BFNTTK": (r.randrange(-7 * QK, 7 * QK), s15(), zk),
            "BFINTTK": (r.randrange(-(1 << 14), 1 << 14), r.randrange(-(1 << 14), 1 << 14), zk),
            "MQMULK": (zk, s15(), 0),
            "BARRETT": (s15(), 0, 0),
            "BFNTTD": (r.randrange(-(1 << 31) + QD, (1 << 31) - QD), s31(), zd),
            "BFINTTD": (r.randrange(-(1 << 30), 1 << 30), r.randrange(-(1 << 30), 1 << 30), zd),
            "MQMULD": (zd, s31(), 0),
            "RED32": (r.randint(-(1 << 31), (1 << 31) - (1 << 22) - 1), 0, 0),
            "BFNTTF": (f(), f(), zf),
            "BFINTTF": (f(), f(), zf),
            "MQMULF": (f(), f(), 0),
            "GFMUL8": (r.getrandbits(8), r.getrandbits(8), 0),
            "GF_REDUCE": (r.getrandbits(16), 0, 0),
        }
        if name in HQC_N:
            n = HQC_N[name]
            k = r.randrange(M32 // n + 1)
            return (min(k * n + r.choice((-1, 0, 1)), M32) & M32 if r.random() < 0.3 else r.getrandbits(32), 0, 0)
        a, b, c = ops.get(name, (r.getrandbits(32), r.getrandbits(32), 0))
        # operand bits the instruction ignores are random
        if INSTRUCTIONS[name].format == "r":
            c = r.getrandbits(32)
        return a & M32, b & M32, c & M32

    async def random_latch_write(self) -> None:
        name = self.rng.choice(H_WRITERS + K_WRITERS)
        if self.rng.random() < 0.5:
            await self.op(name, *self.domain(name))
        else:
            await self.op(name, self.word(), self.word(), self.word())


async def _tb(dut) -> ArithTb:
    tb = ArithTb(dut)
    await tb.start()
    return tb


@cocotb.test()
async def ArithResetTest(dut):
    """Reset leaves H, KA, KB zero (read through the instructions too) and mc_done_o low."""
    tb = await _tb(dut)
    for name in LATCH_READERS:
        assert await tb.op(name, tb.word(), tb.word(), tb.word()) == 0, name
    for _ in range(10):
        await tb.idle()
        assert not int(dut.mc_done_o.value)
    # and reset in the middle of use clears them again
    await tb.op("BFNTTD", 5, 7, 11)
    await tb.op("KARATS1", M32, M32)
    await tb.op("KARATS2", M32, M32)
    await tb.reset()
    for name in LATCH_READERS:
        assert await tb.op(name) == 0, name
    tb.report("reset")


@cocotb.test()
async def ArithCornerTest(dut):
    """Every single-cycle instruction on every pair of corner operands: (rs1, rs2) for R type and
    the inverse butterflies, (rs2, rs3) = (b, z) for the forward butterflies; the third operand
    walks through the corners too."""
    tb = await _tb(dut)
    nc = len(CORNERS)
    for name in SINGLE_OPS:
        if name in LATCH_READERS:
            continue
        fwd_r4 = INSTRUCTIONS[name].format == "r4" and name not in INVERSE_BF
        for k, (x, y) in enumerate(itertools.product(CORNERS, CORNERS)):
            w = CORNERS[(7 * k + k // nc) % nc]
            if fwd_r4:
                await tb.op(name, w, x, y)
            else:
                await tb.op(name, x, y, w)
            if name in H_WRITERS and k % 4 == 0:
                await tb.op("BFNTTDH" if k % 8 else "BFINTTDH")
            if name in K_WRITERS and k % 4 == 0:
                await tb.op("KARATS3" if k % 8 else "KARATS4")
    tb.report("corners")


@cocotb.test()
async def ArithRandomTest(dut):
    """PQX_N random operand sets per single-cycle instruction: half in the instruction's domain,
    half full 32-bit words; latch readers run after random latch writes."""
    tb = await _tb(dut)
    n = knob("PQX_N", 2000)
    rng = tb.rng
    for name in SINGLE_OPS:
        for k in range(n):
            if name in LATCH_READERS and rng.random() < 0.7:
                await tb.random_latch_write()
            ops = tb.domain(name) if k % 2 else (tb.word(), tb.word(), tb.word())
            await tb.op(name, *ops)
    tb.report(f"random ({n} per instruction)")


@cocotb.test()
async def ArithRandomMixTest(dut):
    """All single-cycle instructions in a random order with mixed operands."""
    tb = await _tb(dut)
    rng = tb.rng
    for _ in range(4000):
        name = rng.choice(SINGLE_OPS)
        ops = tb.domain(name) if rng.random() < 0.5 else (tb.word(), tb.word(), tb.word())
        await tb.op(name, *ops)
    tb.report("random mix")


@cocotb.test()
async def ArithStartLowTest(dut):
    """start_i=0: the latch writers (and every other op code) with random operands change no latch
    (and in the pipelined build no result appears); mc_done_o stays low."""
    tb = await _tb(dut)
    rng = tb.rng
    codes = sorted(set(tb.codes.values()) | set(range(128)))
    for rep in range(3):
        await tb.op("BFNTTD", *tb.domain("BFNTTD"))
        await tb.op("KARATS1", tb.word(), tb.word())
        await tb.op("KARATS2", tb.word(), tb.word())
        for code in [tb.codes[n] for n in H_WRITERS + K_WRITERS] * 4 + codes:
            dut.start_i.value = 0
            dut.op_i.value = code
            dut.rs1_i.value, dut.rs2_i.value, dut.rs3_i.value = tb.word(), tb.word(), tb.word()
            await RisingEdge(dut.clk_i)
            await Timer(1, "ns")
            tb.check_state(f"start_i=0 op_i={code}")
            assert not int(dut.mc_done_o.value), f"mc_done_o without a start (op_i={code})"
            assert not int(dut.pipe_valid_o.value), f"pipe_valid_o without a start (op_i={code})"
        for name in LATCH_READERS:
            await tb.op(name, rng.getrandbits(32), rng.getrandbits(32), rng.getrandbits(32))
    tb.report("start_i=0")


@cocotb.test()
async def ArithKaratsubaTest(dut):
    """KARATS1..4 give the 128-bit carry-less product of 64-bit a, b (checked against an
    independent multiply) in every legal order, with H-writing and other instructions between."""
    tb = await _tb(dut)
    rng = tb.rng
    corners = [0, 1, M64, 1 << 63, 1 << 31, 1 << 32, M32, M32 << 32, 0x5555555555555555,
               0xAAAAAAAAAAAAAAAA, 0x8000000080000000]
    pairs = list(itertools.product(corners, corners))
    pairs += [(1 << rng.randrange(64), 1 << rng.randrange(64)) for _ in range(40)]
    pairs += [(rng.getrandbits(64), rng.getrandbits(64)) for _ in range(250)]
    others = [n for n in SINGLE_OPS if n not in K_WRITERS]
    products = 0
    for k, (a, b) in enumerate(pairs):
        first = ["KARATS1", "KARATS2"]
        last = ["KARATS3", "KARATS4"]
        rng.shuffle(first)
        rng.shuffle(last)
        out: dict[str, int] = {}
        interleave = k % 3 != 0
        for name in first + last:
            if interleave:
                for _ in range(rng.randrange(3)):
                    o = rng.choice(("BFNTTD", "BFINTTD", "BFNTTDH", "BFINTTDH") if rng.random() < 0.6 else others)
                    await tb.op(o, *tb.domain(o))
            if name == "KARATS1":
                out[name] = await tb.op(name, a & M32, b & M32, rng.getrandbits(32))
            elif name == "KARATS2":
                out[name] = await tb.op(name, a >> 32, b >> 32, rng.getrandbits(32))
            else:
                out[name] = await tb.op(name, rng.getrandbits(32), rng.getrandbits(32), rng.getrandbits(32))
        c = out["KARATS1"] | out["KARATS3"] << 32 | out["KARATS4"] << 64 | out["KARATS2"] << 96
        want = clmul_by_int(a, b, 64)
        assert c == want, (f"product {k}: a={a:#018x} b={b:#018x} order {first + last}: "
                           f"DUT {c:#034x}, carry-less product {want:#034x}")
        products += 1
        # re-reading KARATS3/4 gives the same words
        if k % 5 == 0:
            assert await tb.op("KARATS4") == out["KARATS4"]
            assert await tb.op("KARATS3") == out["KARATS3"]
    tb.report(f"Karatsuba ({products} products)")


@cocotb.test(skip=not PIPELINED)
async def ArithPipeStreamTest(dut):
    """Pipelined build: instructions enter back to back (random gaps), the last stage is stalled at
    random; every result leaves in order with its tag and matches the model run in program order.
    Half the streams are latch chains (KARATS1/2 then KARATS3/4, BFNTTD/BFINTTD then their H
    readers) with no gap, where a latch written late would be read stale."""
    tb = await _tb(dut)
    d, rng = dut, tb.rng
    chains = [["KARATS1", "KARATS2", "KARATS3", "KARATS4"], ["KARATS2", "KARATS1", "KARATS4", "KARATS3"],
              ["BFNTTD", "BFNTTDH"], ["BFINTTD", "BFINTTDH"], ["KARATS1", "BFNTTD", "KARATS3", "BFNTTDH"]]
    streams, results, stalls = 0, 0, 0
    for k in range(int(knob("PQX_N", 2000) // 10)):
        if k % 2:
            names = [n for c in rng.sample(chains, 3) for n in c]
        else:
            names = [rng.choice(SINGLE_OPS) for _ in range(rng.randint(3, 12))]
        ops = [(n, *(tb.domain(n) if rng.random() < 0.5 else (tb.word(), tb.word(), tb.word()))) for n in names]
        # (data, tag) of each result, the model run in program order
        expect = [(tb.model.execute(tb.words[n], a, b, c).data, rng.getrandbits(len(d.tag_i)))
                  for n, a, b, c in ops]
        sent, got = 0, 0
        gap_p = 0.0 if k % 2 else 0.3
        while got < len(ops):
            # drive this cycle's inputs
            start = sent < len(ops) and rng.random() >= gap_p
            d.start_i.value = int(start)
            if start:
                n, a, b, c = ops[sent]
                d.op_i.value, d.rs1_i.value, d.rs2_i.value, d.rs3_i.value = tb.codes[n], a, b, c
                d.tag_i.value = expect[sent][1]
            else:
                d.op_i.value = rng.randrange(128)
                d.rs1_i.value, d.rs2_i.value, d.rs3_i.value = tb.word(), tb.word(), tb.word()
            take = rng.random() < 0.7
            d.pipe_take_i.value = int(take)
            await Timer(1, "ns")
            if int(d.pipe_valid_o.value):
                data, tag = int(d.data_o.value), int(d.tag_o.value)
                want, want_tag = expect[got]
                where = f"stream {k}, result {got} ({ops[got][0]} rs={tuple(hex(x) for x in ops[got][1:])})"
                assert (data, tag) == (want, want_tag), (
                    f"{where}: DUT data {data:#010x} tag {tag:#x}, model {want:#010x} tag {want_tag:#x}")
                if take:
                    got += 1
                    results += 1
                else:
                    stalls += 1
            ready = int(d.pipe_ready_o.value)
            assert ready == int(not int(d.pipe_valid_o.value) or take), "pipe_ready_o != last stage free"
            if start and ready:
                sent += 1
            await RisingEdge(d.clk_i)
        d.start_i.value = 0
        d.pipe_take_i.value = 0
        await Timer(1, "ns")
        assert int(d.pipe_empty_o.value) and not int(d.pipe_valid_o.value), f"stream {k}: pipeline not empty"
        tb.check_state(f"after stream {k}")
        streams += 1
    dut._log.info(f"{streams} streams, {results} results in order, {stalls} stalled cycles")


async def _modp(tb: ArithTb, a: int, b: int, p: int, hold: int, busy_ops: bool) -> int:
    """One MODP_MONTYMUL; returns the cycles from the mc_start_i cycle to the first done cycle.
    Entered right after a rising edge (the start cycle), left right after the edge of the ack."""
    d, rng = tb.dut, tb.rng
    d.start_i.value = 0
    d.mc_ack_i.value = 0
    d.mc_start_i.value = 1
    d.op_i.value = tb.codes["MODP_MONTYMUL"]
    d.rs1_i.value, d.rs2_i.value, d.rs3_i.value = a, b, p
    await Timer(1, "ns")
    assert not int(d.mc_done_o.value), "mc_done_o high in the start cycle"
    want = tb.model.execute(tb.words["MODP_MONTYMUL"], a, b, p).data
    what = f"MODP_MONTYMUL a={a:#010x} b={b:#010x} p={p:#010x}"
    await RisingEdge(d.clk_i)
    d.mc_start_i.value = 0
    cycles = 1                                   # cycles since the start cycle
    while True:
        await Timer(1, "ns")
        if int(d.mc_done_o.value):
            break
        assert cycles < 20, f"{what}: no mc_done_o after {cycles} cycles"
        if busy_ops and not PIPELINED and rng.random() < 0.7:   # single-cycle work on the ports
            name = rng.choice(SINGLE_OPS)
            await tb.op(name, *tb.domain(name))
        else:                                    # or junk on the ports with start_i low
            d.op_i.value = rng.randrange(128)
            d.rs1_i.value, d.rs2_i.value, d.rs3_i.value = tb.word(), tb.word(), tb.word()
            await RisingEdge(d.clk_i)
        cycles += 1
    assert cycles == MODP_DONE_AFTER, (
        f"{what}: mc_done_o {cycles} cycles after mc_start_i, expected {MODP_DONE_AFTER} (pqx_top registers "
        f"the result in the first done cycle, so the top latency {LATENCY['MODP_MONTYMUL']} needs done + 1)")
    got = int(d.mc_data_o.value)
    assert got == want, f"{what}: DUT {got:#010x}, model {want:#010x}"
    for h in range(hold):
        d.mc_ack_i.value = 0
        await RisingEdge(d.clk_i)
        d.rs1_i.value, d.rs2_i.value, d.rs3_i.value = tb.word(), tb.word(), tb.word()
        await Timer(1, "ns")
        assert int(d.mc_done_o.value), f"{what}: mc_done_o dropped {h + 1} cycles into the hold"
        assert int(d.mc_data_o.value) == want, f"{what}: result changed while held: {int(d.mc_data_o.value):#x}"
    d.mc_ack_i.value = 1
    await RisingEdge(d.clk_i)
    d.mc_ack_i.value = 0
    await Timer(1, "ns")
    assert not int(d.mc_done_o.value), f"{what}: mc_done_o still high after mc_ack_i"
    return cycles


@cocotb.test()
async def ArithModpTest(dut):
    """MODP_MONTYMUL: fixed schedule (done MODP_DONE_AFTER cycles after the start, for a top-level
    latency of LATENCY['MODP_MONTYMUL']), hold until ack, value against the model."""
    tb = await _tb(dut)
    rng = tb.rng
    primes = [2147473409, 2147389441, 2147387393, 2147377153, 2147358721, 2147352577]
    ps = [(1 << 30) + 1, (1 << 30) + 3, (1 << 31) - 1, (1 << 31) - 3] + primes
    cases: list[tuple[int, int, int]] = []
    for p in ps + [rng.randrange((1 << 30) + 1, 1 << 31, 2) for _ in range(60)]:
        cases += [(0, 0, p), (1, 1, p), (p - 1, p - 1, p), (p - 1, 1, p)]
        cases += [(rng.randrange(p), rng.randrange(p), p) for _ in range(2)]
        cases += [(rng.getrandbits(32), rng.getrandbits(32), p)]
        cases += [(rng.choice((M32, 0x80000000, 0x7FFFFFFF)), rng.choice((M32, 0x80000000, p)), p)]
    # outside the documented domain the model is still bit-exact: any 32-bit p and operands
    cases += [(rng.getrandbits(32), rng.getrandbits(32), rng.getrandbits(32)) for _ in range(30)]
    cases += [(M32, M32, p) for p in (1, 3, M32, 1 << 31, (1 << 31) + 1, 0)]
    latencies: dict[int, int] = {}
    await RisingEdge(dut.clk_i)
    for k, (a, b, p) in enumerate(cases):
        hold = 0 if k % 2 else rng.randint(1, 4)
        n = await _modp(tb, a, b, p, hold, busy_ops=k % 4 == 3)
        latencies[n] = latencies.get(n, 0) + 1
        if k % 7 == 6:                           # a gap before the next start (else back to back)
            await tb.idle(rng.randint(1, 3))
            await Timer(1, "ns")
            assert not int(dut.mc_done_o.value)
    assert list(latencies) == [MODP_DONE_AFTER], (
        f"cycles from mc_start_i to mc_done_o: {latencies}; expected always {MODP_DONE_AFTER} "
        f"(top latency {LATENCY['MODP_MONTYMUL']} = done offset + 1)")
    dut._log.info(f"MODP_MONTYMUL: {len(cases)} cases, done always {MODP_DONE_AFTER} cycles after start")
    tb.report("MODP (single-cycle ops while it ran)")
