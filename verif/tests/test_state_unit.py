"""Unit tests of `pqx_state_unit` (S/O buffers, LOAD KABSORB KINIT STORE KREAD3 COMPARE_U32 SREAD
OWRITE).

A `PqxModel` runs alongside the DUT. Each operation drives start_i/op_i/rs*_i right after a rising
edge, reads data_o/exc_o 1 ns later (they are combinational) and compares them with the model's
result; after the next rising edge the whole S and O (backdoor read of s_q/o_q, word w in bits
[32w+31:32w]) must equal the model's. The numeric op codes come from the `op_e` enum parsed out of
rtl/pqx_pkg.sv at test start.

  StateResetKinitTest      reset clears S and O; KINIT clears a random S and O
  StateLoadKabsorbTest     LOAD and KABSORB for every index 0..63 (random rs3[31:6])
  StateStoreTest           STORE of 0..49, 50, 63, 64, 0xFFFFFFFF, aliases (i + k*64) and random
  StateKread3Test          KREAD3 of every o in 0..255 (random rs1[31:8]) over a random O
  StateContextTest         SREAD and OWRITE at every index, the edges beyond it and aliases; a
                           whole context saved (SREAD + STORE) and restored (LOAD + OWRITE) over
                           another state gives back S and O exactly
  StateCompareTest         COMPARE_U32 equal, one-bit-different and random
  StateStartLowTest        start_i=0 with every op code: no state change
  StateExcNoChangeTest     every exc=1 operation leaves S and O unchanged (and returns data 0)
  StateRandomMixTest       random mix of all state instructions with corner-biased operands

Seeded from cocotb.RANDOM_SEED (the SEED make variable).
"""

from __future__ import annotations

import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge, Timer

from verif.models import INSTRUCTIONS, PqxModel, encode
from verif.sv_enums import isa_op_codes, pkg_enum

WORDS = 50
M32 = 0xFFFFFFFF
STATE_OPS = [n for n, i in INSTRUCTIONS.items() if i.unit == "state"]


def to_words(value: int) -> list[int]:
    return [(value >> (32 * w)) & M32 for w in range(WORDS)]


def from_words(words: list[int]) -> int:
    v = 0
    for w, x in enumerate(words):
        v |= (x & M32) << (32 * w)
    return v


class StateTb:
    """Clock, reset, model and one-operation-at-a-time driver with full state compare."""

    def __init__(self, dut) -> None:
        self.dut = dut
        self.rng = random.Random(cocotb.RANDOM_SEED)
        self.model = PqxModel()
        self.codes, self.enum = isa_op_codes(STATE_OPS), pkg_enum("op_e")
        self.ops = 0
        self.state_checks = 0
        self.count: dict[str, int] = {}
        self.exc_count = 0

    async def start(self) -> None:
        d = self.dut
        Clock(d.clk_i, 10, "ns").start()
        d.start_i.value = 0
        d.op_i.value = 0
        d.rs1_i.value = 0
        d.rs2_i.value = 0
        d.rs3_i.value = 0
        d.rst_ni.value = 0
        await ClockCycles(d.clk_i, 3)
        d.rst_ni.value = 1
        await RisingEdge(d.clk_i)
        await Timer(1, "ns")
        self.check_state("after reset")

    # ------------------------------------------------------------------ backdoor
    def peek(self) -> tuple[list[int], list[int]]:
        return to_words(int(self.dut.s_q.value)), to_words(int(self.dut.o_q.value))

    async def deposit(self, s: list[int] | None = None, o: list[int] | None = None) -> None:
        """Write S and/or O straight into the registers (start_i low) and into the model."""
        self.dut.start_i.value = 0
        if s is not None:
            self.dut.s_q.value = from_words(s)
            self.model.S = list(s)
        if o is not None:
            self.dut.o_q.value = from_words(o)
            self.model.O = list(o)
        await Timer(1, "ns")
        self.check_state("after backdoor deposit")

    async def randomise(self, s: bool = True, o: bool = True) -> None:
        rnd = lambda: [self.rng.getrandbits(32) for _ in range(WORDS)]  # noqa: E731
        await self.deposit(rnd() if s else None, rnd() if o else None)

    def check_state(self, where: str) -> None:
        s, o = self.peek()
        for label, dut, ref in (("S", s, self.model.S), ("O", o, self.model.O)):
            diffs = [w for w in range(WORDS) if dut[w] != ref[w]]
            if diffs:
                w = diffs[0]
                raise AssertionError(f"{where}: {label} differs in {len(diffs)} words {diffs[:8]}, "
                                     f"first {label}[{w}] DUT {dut[w]:08x} model {ref[w]:08x}")
        self.state_checks += 1

    # ------------------------------------------------------------------ one operation
    async def op(self, name: str, rs1: int = 0, rs2: int = 0, rs3: int = 0) -> tuple[int, int]:
        """Run one state instruction; returns (data, exc). Entered and left 1 ns after an edge."""
        d = self.dut
        d.start_i.value = 1
        d.op_i.value = self.codes[name]
        d.rs1_i.value = rs1
        d.rs2_i.value = rs2
        d.rs3_i.value = rs3
        await Timer(1, "ns")
        data, exc = int(d.data_o.value), int(d.exc_o.value)
        want = self.model.execute(encode(name), rs1, rs2, rs3)
        what = f"{name} rs=({rs1:08x}, {rs2:08x}, {rs3:08x})"
        if (data, exc) != (want.data, int(want.exc)):
            raise AssertionError(f"op {self.ops}: {what}: DUT (data, exc) = ({data:#010x}, {exc}), "
                                 f"model ({want.data:#010x}, {int(want.exc)})")
        await RisingEdge(d.clk_i)
        d.start_i.value = 0
        await Timer(1, "ns")
        self.check_state(f"op {self.ops}: after {what}")
        self.ops += 1
        self.count[name] = self.count.get(name, 0) + 1
        self.exc_count += exc
        return data, exc

    async def idle(self, op_code: int, rs1: int, rs2: int, rs3: int) -> None:
        """One cycle with start_i=0 and the given op/operands: nothing may change."""
        d = self.dut
        d.start_i.value = 0
        d.op_i.value = op_code
        d.rs1_i.value = rs1
        d.rs2_i.value = rs2
        d.rs3_i.value = rs3
        await Timer(1, "ns")
        await RisingEdge(d.clk_i)
        await Timer(1, "ns")
        self.check_state(f"start_i=0, op_i={op_code}, rs=({rs1:08x}, {rs2:08x}, {rs3:08x})")
        self.ops += 1

    def report(self, what: str) -> None:
        counts = ", ".join(f"{n} {c}" for n, c in sorted(self.count.items()))
        self.dut._log.info(f"{what}: {self.ops} operations ({counts}; {self.exc_count} with exc=1), "
                           f"{self.state_checks} full S/O compares")

    # ------------------------------------------------------------------ operand helpers
    def word(self) -> int:
        r = self.rng.random()
        if r < 0.15:
            return self.rng.choice([0, 1, 0x7FFFFFFF, 0x80000000, M32, 0x55555555, 0xAAAAAAAA])
        return self.rng.getrandbits(32)


async def _tb(dut) -> StateTb:
    tb = StateTb(dut)
    await tb.start()
    return tb


@cocotb.test()
async def StateResetKinitTest(dut):
    """Reset clears S and O; KINIT clears a random S and O, with any operands."""
    tb = await _tb(dut)
    for _ in range(4):
        await tb.randomise()
        await tb.op("KINIT", tb.word(), tb.word(), tb.word())
    await tb.randomise()
    await tb.op("KINIT")
    await tb.op("KINIT")
    assert tb.model.S == [0] * WORDS and tb.model.O == [0] * WORDS
    tb.report("reset/KINIT")


@cocotb.test()
async def StateLoadKabsorbTest(dut):
    """LOAD and KABSORB at every index 0..63 with random rs3[31:6], over a random S."""
    tb = await _tb(dut)
    await tb.randomise()
    rng = tb.rng
    for name in ("LOAD", "KABSORB"):
        for i in range(64):
            for upper in (0, rng.getrandbits(26)):
                await tb.op(name, tb.word(), tb.word(), (upper << 6) | i)
    # interleaved, random order: KABSORB onto fresh LOADs
    for i in rng.sample(range(64), 64):
        await tb.op("LOAD", tb.word(), tb.word(), (rng.getrandbits(26) << 6) | i)
        await tb.op("KABSORB", tb.word(), tb.word(), (rng.getrandbits(26) << 6) | i)
    tb.report("LOAD/KABSORB")


@cocotb.test()
async def StateStoreTest(dut):
    """STORE of every in-range index, the edges beyond it, aliases and random words, random O."""
    tb = await _tb(dut)
    await tb.randomise()
    rng = tb.rng
    indices = list(range(WORDS)) + [50, 63, 64, 0xFFFFFFFF]
    indices += [i + 64 * k for i in (0, 5, 49) for k in (1, 2, 1 << 20)]   # low 6 bits in range
    indices += [(rng.getrandbits(26) << 6) | rng.randrange(WORDS) for _ in range(32)]
    indices += [rng.getrandbits(32) for _ in range(32)]
    indices += [rng.randrange(WORDS, 64) for _ in range(8)]
    for i in indices:
        await tb.op("STORE", i & M32, tb.word(), tb.word())
    await tb.randomise()
    for i in range(WORDS):
        await tb.op("STORE", i, tb.word(), tb.word())
    tb.report("STORE")


@cocotb.test()
async def StateContextTest(dut):
    """SREAD / OWRITE at every index and beyond (exceptions change nothing), then a context
    switch: save S and O by SREAD and STORE, scramble, restore by LOAD and OWRITE."""
    tb = await _tb(dut)
    await tb.randomise()
    rng = tb.rng
    edges = [50, 63, 64, 0xFFFFFFFF, 64 + 5, (1 << 20) + 49] + [rng.getrandbits(32) for _ in range(8)]
    for i in list(range(WORDS)) + edges:
        await tb.op("SREAD", i, tb.word(), tb.word())
        await tb.op("OWRITE", tb.word(), i, tb.word())
    await tb.randomise()
    saved_s = [(await tb.op("SREAD", i, tb.word(), tb.word()))[0] for i in range(WORDS)]
    saved_o = [(await tb.op("STORE", i, tb.word(), tb.word()))[0] for i in range(WORDS)]
    await tb.randomise()
    for i in range(0, WORDS, 2):
        await tb.op("LOAD", saved_s[i], saved_s[i + 1], i)
    for i in range(WORDS):
        await tb.op("OWRITE", saved_o[i], i, tb.word())
    assert tb.model.S == saved_s and tb.model.O == saved_o, "the restored context differs"
    tb.report("SREAD/OWRITE")


@cocotb.test()
async def StateKread3Test(dut):
    """KREAD3 of every byte offset 0..255 (random rs1[31:8]) over a random O, twice."""
    tb = await _tb(dut)
    rng = tb.rng
    for rep in range(2):
        await tb.randomise()
        for o in range(256):
            upper = 0 if rep == 0 and o % 2 else rng.getrandbits(24)
            await tb.op("KREAD3", (upper << 8) | o, tb.word(), tb.word())
    tb.report("KREAD3")


@cocotb.test()
async def StateCompareTest(dut):
    """COMPARE_U32: equal, one bit different (every bit), random pairs."""
    tb = await _tb(dut)
    await tb.randomise()
    rng = tb.rng
    for v in (0, 1, 0x80000000, M32):
        await tb.op("COMPARE_U32", v, v, tb.word())
    for bit in range(32):
        a = tb.word()
        await tb.op("COMPARE_U32", a, a ^ (1 << bit), tb.word())
        await tb.op("COMPARE_U32", a, a, tb.word())
    for _ in range(200):
        a = tb.word()
        b = a if rng.random() < 0.3 else tb.word()
        await tb.op("COMPARE_U32", a, b, tb.word())
    assert tb.count["COMPARE_U32"] == 4 + 64 + 200
    tb.report("COMPARE_U32")


@cocotb.test()
async def StateStartLowTest(dut):
    """start_i=0 with every op code (and codes beyond op_e) and random operands changes nothing."""
    tb = await _tb(dut)
    rng = tb.rng
    await tb.randomise()
    codes = sorted(set(tb.enum.values()) | set(range(128)))   # op_e members and beyond
    for code in codes:
        for _ in range(2):
            # in-range operands, so that the op would change state if it ran
            rs3 = (rng.getrandbits(26) << 6) | rng.randrange(49)
            await tb.idle(code, rng.randrange(WORDS), tb.word(), rs3)
    # a real operation after all of that still works
    await tb.op("LOAD", tb.word(), tb.word(), 7)
    await tb.op("STORE", 3)
    tb.report(f"start_i=0 ({len(codes)} op codes x 2)")


@cocotb.test()
async def StateExcNoChangeTest(dut):
    """Every out-of-range operation raises exc, returns 0 and leaves S and O unchanged."""
    tb = await _tb(dut)
    rng = tb.rng
    await tb.randomise()
    bad = []
    for i in range(49, 64):
        bad += [("LOAD", tb.word(), tb.word(), (rng.getrandbits(26) << 6) | i),
                ("KABSORB", tb.word(), tb.word(), (rng.getrandbits(26) << 6) | i)]
    for i in [50, 63, 64, 100, 0x80000000, M32] + [rng.randrange(50, 1 << 32) for _ in range(20)]:
        bad.append(("STORE", i, tb.word(), tb.word()))
    for o in range(198, 256):
        bad.append(("KREAD3", (rng.getrandbits(24) << 8) | o, tb.word(), tb.word()))
    rng.shuffle(bad)
    s0, o0 = list(tb.model.S), list(tb.model.O)
    for name, a, b, c in bad:
        data, exc = await tb.op(name, a, b, c)
        assert exc == 1 and data == 0, f"{name} ({a:#x}, {b:#x}, {c:#x}): exc={exc} data={data:#x}"
    assert tb.model.S == s0 and tb.model.O == o0
    tb.report(f"exc=1 operations ({len(bad)})")


@cocotb.test()
async def StateRandomMixTest(dut):
    """A random mix of all state instructions with corner-biased operands."""
    tb = await _tb(dut)
    rng = tb.rng
    await tb.randomise()
    weights = {"LOAD": 3, "KABSORB": 3, "STORE": 3, "KREAD3": 3, "COMPARE_U32": 1, "KINIT": 0.1}
    names = list(weights)

    def index(limit: int, width: int) -> int:
        r = rng.random()
        return (0 if r < 0.1 else limit if r < 0.2 else rng.randint(limit + 1, width) if r < 0.3
                else rng.randint(0, limit))

    for k in range(3000):
        if k % 500 == 0:
            await tb.randomise(s=rng.random() < 0.5, o=True)
        name = rng.choices(names, [weights[n] for n in names])[0]
        a, b, c = tb.word(), tb.word(), tb.word()
        if name in ("LOAD", "KABSORB"):
            c = (c & ~63 if rng.random() < 0.5 else 0) | index(48, 63)
        elif name == "STORE":
            a = index(49, 63) if rng.random() < 0.9 else a
        elif name == "KREAD3":
            a = (a & ~255 if rng.random() < 0.5 else 0) | index(197, 255)
        elif name == "COMPARE_U32" and rng.random() < 0.4:
            b = a
        await tb.op(name, a, b, c)
    tb.report("random mix")
