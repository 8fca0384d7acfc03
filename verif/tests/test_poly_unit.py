"""Unit tests of `pqx_poly_unit` (slot memory, the PCU-style NTT engine, counters) against the
model (verif/models/poly.py, itself checked against kyber-py and dilithium-py), with the
engine's run length checked exactly in cycles.

  PolyClearTest      after reset the engine clears the memory: busy for exactly 1,024 cycles,
                     then every coefficient reads 0
  PolyTransformTest  per modulus: random polynomials, all-zero, all q - 1 and impulses through
                     POLY_NTT, POLY_INTT and POLY_PWM (ML-KEM's MultiplyNTTs, ML-DSA's point-wise
                     product, a slot times itself), every slot compared with the model after
                     each run, and a full NTT -> MultiplyNTTs -> NTT^-1 product against kyber-py
  PolyCbdTest        POLY_CBD on every ML-KEM slot from random O contents (all-zero and all-one
                     bytes too), against the model and kyber-py's SamplePolyCBD_2; O changing
                     during the run must not matter (it is latched at the start)
  PolyIndexTest      every operand check at its edges (address 2047/2048, q - 1 / q at the
                     ML-KEM / ML-DSA boundary, slots 7/8, mixed moduli, counter 7/8): exc_o,
                     nothing written, started or counted
  PolyDmaTest        POLY_LD / POLY_ST of every slot through a memory that stalls grants and
                     responses at random (and raises rvalid with nothing outstanding): loads of
                     random words (reduced mod q), store -> load round trips, every word
                     requested exactly once in order, a watchdog on every transfer
  PolyRandomMixTest  every polynomial instruction in a random order with random operands

Every engine run must keep busy_o high exactly `poly_run_cycles` cycles after its start and
then leave the memory equal to the model's slots; the counters are compared with the model
after every operation. Seeded from cocotb.RANDOM_SEED (the SEED make variable).
"""

from __future__ import annotations

import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge, Timer
from kyber_py.polynomials.polynomials import PolynomialRing as KyberRing

from verif.models import poly
from verif.models.consts import (POLY_COUNTERS, POLY_DMA_WINDOW, POLY_KEM_SLOTS, POLY_N,
                                 POLY_SLOTS, Q_D, Q_K, poly_butterflies_build, poly_clear_cycles,
                                 poly_dma_cycles, poly_dma_words, poly_modulus, poly_run_cycles)
from verif.models.pqx_model import HostMemory
from verif.tests.unit_driver import UnitTb, knob
from verif.uvm.memory import DmaMemory

CLEAR_CYCLES = poly_clear_cycles()
ENGINE = {"POLY_NTT": "NTT", "POLY_INTT": "INTT", "POLY_PWM": "PWM", "POLY_CBD": "CBD"}
DMA = ("POLY_LD", "POLY_ST")
BUTTERFLIES = poly_butterflies_build()


def bank_row(slot: int, i: int) -> tuple[int, int]:
    """Where the banked slot memory keeps coefficient i of a slot (docs/architecture.md, the
    polynomial unit): bank (parity of i's bits from lb up, i's lb low bits), row (slot, i's bits
    above lb), lb = log2 B. Written from the documented mapping, for the backdoor only."""
    lb = BUTTERFLIES.bit_length() - 1
    bank = (bin(i >> lb).count("1") & 1) << lb | (i & (BUTTERFLIES - 1))
    return bank, slot << (7 - lb) | i >> (lb + 1)


class PolyTb(UnitTb):
    """Drivers of the polynomial unit; the counters compared after every operation, the slot
    memory (backdoor) after every engine run."""

    def __init__(self, dut) -> None:
        super().__init__(dut, "poly")
        seed = self.rng.getrandbits(32)
        self.model.host = HostMemory(seed)
        self.transfers = self.transfer_cycles = 0
        self.memory = DmaMemory(dut, HostMemory(seed), random.Random(seed), stall=0.3,
                                max_stall=4, spurious=0.05)

    def registers(self) -> dict:
        return {}

    def junk(self) -> None:
        """Also O: it may change while the engine runs (POLY_CBD latched it at its start)."""
        super().junk()
        self.dut.o_i.value = self.rng.getrandbits(8 * 128)

    def check_state(self, where: str) -> None:
        packed = int(self.dut.cnt_q.value)
        for k in range(POLY_COUNTERS):
            got, want = (packed >> (32 * k)) & 0xFFFFFFFF, poly.counter(self.model, k)
            if got != want:
                raise AssertionError(f"{where}: counter {k} ({poly.COUNTERS[k]}) DUT {got}, "
                                     f"model {want}")

    def check_memory(self, where: str) -> None:
        banks = [self.dut.u_mem.g_bank[k].mem_q for k in range(2 * BUTTERFLIES)]
        for s in range(POLY_SLOTS):
            want = poly.get_slot(self.model, s)
            got = [int(banks[bank][row].value) for bank, row in (bank_row(s, i) for i in range(POLY_N))]
            if got != want:
                i = next(k for k in range(POLY_N) if got[k] != want[k])
                raise AssertionError(f"{where}: slot {s}[{i}] DUT {got[i]}, model {want[i]}")

    def check_host(self, where: str) -> None:
        diff = self.memory.differs_from(self.model.host)
        if diff:
            raise AssertionError(f"{where}: {diff}")

    async def start(self) -> None:
        d = self.dut
        Clock(d.clk_i, 10, "ns").start()
        for sig in (d.start_i, d.op_i, d.rs1_i, d.rs2_i, d.o_i):
            sig.value = 0
        self.memory.reset_inputs()
        cocotb.start_soon(self.memory.run())
        d.rst_ni.value = 0
        await ClockCycles(d.clk_i, 3)
        d.rst_ni.value = 1
        await Timer(1, "ns")
        cycles = 0
        while int(d.busy_o.value):
            await RisingEdge(d.clk_i)
            await Timer(1, "ns")
            cycles += 1
            assert cycles <= CLEAR_CYCLES, f"still clearing after {CLEAR_CYCLES} cycles"
        assert cycles == CLEAR_CYCLES, f"clearing took {cycles} cycles, expected {CLEAR_CYCLES}"
        self.check_state("after reset")
        self.check_memory("after reset")

    async def run(self, name: str, rs1: int = 0, rs2: int = 0) -> None:
        """Any polynomial instruction; an engine start must keep busy_o high exactly its run
        length (junk on the inputs meanwhile, no start), then the memory must match."""
        started = not self.model.copy().execute(self.words[name], rs1, rs2, 0).exc
        await self.op(name, rs1, rs2, check=name not in ENGINE)
        d = self.dut
        if name in DMA and started:
            await self.transfer(name, rs1, rs2)
            return
        if name not in ENGINE or not started:
            assert not int(d.busy_o.value), f"{name} ({rs1}, {rs2}) made the engine busy"
            return
        want = poly_run_cycles(ENGINE[name], rs1)
        cycles = 0
        while int(d.busy_o.value):
            cycles += 1
            assert cycles <= want, f"{name} slot {rs1}: still busy {cycles} cycles after its start"
            await RisingEdge(d.clk_i)
            self.junk()
            d.start_i.value = 0
            await Timer(1, "ns")
        assert cycles == want, f"{name} slot {rs1}: busy {cycles} cycles, expected {want}"
        self.check_state(f"after {name} ({rs1}, {rs2})")
        self.check_memory(f"after {name} ({rs1}, {rs2})")

    async def transfer(self, name: str, base: int, slot: int) -> None:
        """A POLY_LD / POLY_ST that started: busy until its last response (a watchdog allows
        every stall the memory may make), each word requested once, in order, then slots, host
        memory and counters as the model's."""
        d, words = self.dut, poly_dma_words(slot)
        limit = poly_dma_cycles(slot, stalls=2 * words * (self.memory.max_stall + 1))
        cycles = 0
        while int(d.busy_o.value):
            cycles += 1
            if cycles > limit:
                raise AssertionError(f"{name} ({base:#x}, slot {slot}): still busy after {limit} "
                                     f"cycles, {len(self.memory.granted)} of {words} words "
                                     f"granted (hang)")
            await RisingEdge(d.clk_i)
            self.junk()
            d.start_i.value = 0
            await Timer(1, "ns")
        beats = self.memory.granted
        self.memory.granted = []
        want = [base + 4 * k & 0xFFFFFFFF for k in range(words)]
        got = [a for _, a, _ in beats]
        if got != want:
            bad = next((k for k in range(min(len(got), words)) if got[k] != want[k]), min(len(got), words))
            raise AssertionError(f"{name} ({base:#x}, slot {slot}): {len(got)} words requested, "
                                 f"{words} expected; first difference at word {bad}")
        if any(we != (name == "POLY_ST") for we, _, _ in beats):
            raise AssertionError(f"{name}: a request in the wrong direction")
        assert self.memory.idle(), f"{name}: busy fell with responses outstanding"
        self.transfers += 1
        self.transfer_cycles += cycles
        self.check_state(f"after {name} ({base:#x}, {slot})")
        self.check_memory(f"after {name} ({base:#x}, {slot})")
        self.check_host(f"after {name} ({base:#x}, {slot})")

    async def load(self, slot: int, coeffs: list[int]) -> None:
        for i, c in enumerate(coeffs):
            await self.op("POLY_WR", c, POLY_N * slot + i, check=False)
        self.check_state(f"after loading slot {slot}")

    async def read(self, slot: int) -> list[int]:
        return [await self.op("POLY_RD", POLY_N * slot + i, check=False) for i in range(POLY_N)]


async def _tb(dut) -> PolyTb:
    tb = PolyTb(dut)
    await tb.start()
    return tb


def sample_polys(rng, q: int) -> list[list[int]]:
    impulse = [0] * POLY_N
    impulse[rng.randrange(POLY_N)] = rng.randrange(1, q)
    return ([[rng.randrange(q) for _ in range(POLY_N)] for _ in range(knob("PQX_N", 2))]
            + [[0] * POLY_N, [q - 1] * POLY_N, impulse])


@cocotb.test()
async def PolyClearTest(dut):
    tb = await _tb(dut)
    assert await tb.read(POLY_SLOTS - 1) == [0] * POLY_N


@cocotb.test()
async def PolyTransformTest(dut):
    tb = await _tb(dut)
    rng = tb.rng
    for base, q in ((0, Q_K), (POLY_KEM_SLOTS, Q_D)):
        cases = sample_polys(rng, q)
        for f, g in zip(cases, cases[1:] + cases[:1]):
            a, b = base + rng.randrange(POLY_KEM_SLOTS), base + rng.randrange(POLY_KEM_SLOTS)
            await tb.load(a, f)
            if b != a:
                await tb.load(b, g)
            await tb.run("POLY_NTT", a)
            await tb.run("POLY_INTT", b)
            await tb.run("POLY_PWM", a, b)
            await tb.run("POLY_PWM", b, b)
            await tb.run("POLY_INTT", a)
    # the ML-KEM polynomial product on the engine, against kyber-py
    ring = KyberRing()
    f, g = ([rng.randrange(Q_K) for _ in range(POLY_N)] for _ in range(2))
    await tb.load(0, f)
    await tb.load(3, g)
    for name, rs1, rs2 in (("POLY_NTT", 0, 0), ("POLY_NTT", 3, 0), ("POLY_PWM", 0, 3),
                           ("POLY_INTT", 0, 0)):
        await tb.run(name, rs1, rs2)
    assert await tb.read(0) == (ring(list(f)) * ring(list(g))).coeffs


def set_o(tb: PolyTb, o: bytes) -> None:
    """O as the state unit gives it (its first 128 bytes reach the unit), in DUT and model."""
    tb.model.set_o_bytes(o)
    tb.dut.o_i.value = int.from_bytes(o[:128], "little")


@cocotb.test()
async def PolyCbdTest(dut):
    tb = await _tb(dut)
    rng = tb.rng
    ring = KyberRing()
    cases = [bytes(200), b"\xff" * 200] + [rng.randbytes(200) for _ in range(knob("PQX_N", 2) + 2)]
    for k, o in enumerate(cases):
        set_o(tb, o)
        slot = k % POLY_KEM_SLOTS
        await tb.run("POLY_CBD", slot)          # junk on O during the run
        assert poly.get_slot(tb.model, slot) == ring.cbd(o[:128], 2).coeffs
    for slot in (4, 7, 8, 1 << 31):
        await tb.run("POLY_CBD", slot)


@cocotb.test()
async def PolyIndexTest(dut):
    tb = await _tb(dut)
    for value, addr in ((Q_K - 1, 1023), (Q_K, 1023), (Q_K, 1024), (Q_D - 1, 2047), (Q_D, 2047),
                        (0, 2048), (1, 1 << 31), (1 << 24, 5), (Q_K, 0)):
        await tb.run("POLY_WR", value, addr)
    for addr in (0, 1023, 2047, 2048, 0xFFFFFFFF):
        await tb.run("POLY_RD", addr)
    for name in ("POLY_NTT", "POLY_INTT"):
        for slot in (8, 1 << 31, 0xFFFFFFFF):
            await tb.run(name, slot)
    for a, b in ((0, 4), (4, 3), (8, 0), (0, 8), (7, 12), (1, 1 << 30)):
        await tb.run("POLY_PWM", a, b)
    for k in (0, 7, 8, 1 << 31):
        await tb.run("POLY_CNT", k)
    tb.check_memory("after the index checks")


@cocotb.test()
async def PolyRandomMixTest(dut):
    tb = await _tb(dut)
    rng = tb.rng
    for _ in range(knob("PQX_MIX", 400)):
        weights = {"POLY_WR": 8, "POLY_RD": 4, "POLY_CNT": 1}
        name = rng.choices(tb.names, weights=[weights.get(n, 0.2) for n in tb.names])[0]
        if name == "POLY_CBD":
            set_o(tb, rng.randbytes(200))
        if name == "POLY_WR":
            addr = rng.choice([rng.randrange(2048), rng.randrange(2048), 2048 + rng.randrange(99)])
            q = poly_modulus(min(addr, 2047) // POLY_N)
            await tb.run(name, rng.choice([rng.randrange(q), q - 1, q]), addr)
        elif name == "POLY_PWM":
            await tb.run(name, rng.randrange(9), rng.randrange(9))
        elif name in DMA:
            await tb.run(name, dma_base(rng), rng.randrange(9))
        elif name in ENGINE:
            await tb.run(name, rng.randrange(9))
        else:
            await tb.run(name, rng.randrange(2100) if name == "POLY_RD" else rng.randrange(9))


def dma_base(rng) -> int:
    """A base in the stimulus window, now and then misaligned (an exception)."""
    base = POLY_DMA_WINDOW + 4 * rng.randrange(1024)
    return base | rng.randrange(1, 4) if rng.random() < 0.1 else base


@cocotb.test()
async def PolyDmaTest(dut):
    tb = await _tb(dut)
    rng = tb.rng
    # loads of memory never written (pseudo-random words: every field reduced mod q)
    for slot in range(POLY_SLOTS):
        await tb.run("POLY_LD", dma_base(rng) & ~3, slot)
    # round trips through host memory, overlapping windows, every slot both ways
    for _ in range(knob("PQX_N", 2) * 4):
        src, dst = rng.randrange(POLY_SLOTS), rng.randrange(POLY_SLOTS)
        base = dma_base(rng) & ~3
        await tb.run("POLY_ST", base, src)
        await tb.run("POLY_LD", base, dst)
        await tb.run("POLY_RD", POLY_N * dst + rng.randrange(POLY_N))
    # the top of the address space: addresses wrap modulo 2^32
    await tb.run("POLY_ST", 0xFFFF_FF00, 5)
    await tb.run("POLY_LD", 0xFFFF_FF00, 6)
    # operand checks: misaligned bases, slots out of range: nothing requested
    for base, slot in ((POLY_DMA_WINDOW + 2, 0), (1, 4), (POLY_DMA_WINDOW, 8), (0, 1 << 31)):
        for name in DMA:
            await tb.run(name, base, slot)
            assert not tb.memory.granted, f"{name} ({base:#x}, {slot}) made a request"
    tb.check_host("at the end")
    dut._log.info(f"{tb.transfers} transfers, {tb.transfer_cycles} busy cycles, "
                  f"{tb.memory.stall_cycles} stalled grants/responses")
