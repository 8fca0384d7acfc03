"""The shared driver of the unit tests of PQX's register-holding units (arith, FPR, McEliece,
Crypto-RV, polynomial): single-cycle operations and multi-cycle ones with a fixed schedule, each
compared with a `PqxModel`, and the unit's registers compared with the model's state by a
backdoor read after every operation.

A unit has the ports of the unit contract it needs (docs/architecture.md): the driver drives and
reads only those it has (no rs3_i: the operand is not driven; no exc_o: the model must raise no
exception). Single-cycle operations drive start_i/op_i/rs*_i right after a rising edge and read
data_o/exc_o 1 ns later; a multi-cycle one drives mc_start_i for one cycle, must raise mc_done_o
exactly `done_after` cycles later (from the instruction table's latency), hold mc_done_o and
mc_data_o for a random number of cycles with junk on every other input, and change the unit's
registers only at mc_ack_i. Seeded from cocotb.RANDOM_SEED (the SEED make variable).
"""

from __future__ import annotations

import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge, Timer

from verif.models import INSTRUCTIONS, PqxModel, encode
from verif.models.consts import M32
from verif.models.timing import contract as latency_contract
from verif.sv_enums import isa_op_codes

LATENCY = latency_contract()[0]
INPUTS = ("start_i", "op_i", "rs1_i", "rs2_i", "rs3_i", "mc_start_i", "mc_ack_i")
"""The unit contract's inputs (besides clock and reset): each one the unit has is driven."""


def done_after(name: str) -> int:
    """Cycles from mc_start_i to the first mc_done_o: pqx_top starts the instruction in its issue
    cycle and registers the result in the first done cycle (top latency = done offset + 1)."""
    return LATENCY[name] - 1


def knob(name: str, default: int) -> int:
    value = os.environ.get(name)
    return int(value) if value else default


class UnitTb:
    """Clock, reset, model, drivers and the register backdoor compare."""

    extra_inputs: tuple[str, ...] = ()
    """Inputs of the unit outside the contract, held at 0 unless a test drives them."""

    def __init__(self, dut, unit: str) -> None:
        self.dut = dut
        self.rng = random.Random(cocotb.RANDOM_SEED)
        self.model = PqxModel()
        self.names = [n for n, i in INSTRUCTIONS.items() if i.unit == unit]
        self.codes = isa_op_codes(self.names)
        self.words = {n: encode(n) for n in self.names}
        self.ops = 0
        self.checks = 0                          # register compares
        self.count: dict[str, int] = {}          # operations per instruction
        self.rs3 = hasattr(dut, "rs3_i")
        self.exc = hasattr(dut, "exc_o")
        self.multi = hasattr(dut, "mc_done_o")

    def registers(self) -> dict:
        """Model latch name -> the DUT signal holding it (the unit's architectural registers)."""
        raise NotImplementedError

    async def start(self) -> None:
        d = self.dut
        Clock(d.clk_i, 10, "ns").start()
        for port in INPUTS + self.extra_inputs:
            if hasattr(d, port):
                getattr(d, port).value = 0
        d.rst_ni.value = 0
        await ClockCycles(d.clk_i, 3)
        d.rst_ni.value = 1
        await RisingEdge(d.clk_i)
        await Timer(1, "ns")
        self.check_state("after reset")
        if self.multi:
            assert not int(d.mc_done_o.value), "mc_done_o high after reset"

    async def reset(self) -> None:
        """Reset in the middle of use (the model's registers cleared with it); entered and left
        right after a rising edge."""
        d = self.dut
        d.start_i.value = 0
        d.rst_ni.value = 0
        await ClockCycles(d.clk_i, 2)
        d.rst_ni.value = 1
        self.model.reset()
        await RisingEdge(d.clk_i)

    async def idle(self, cycles: int = 1) -> None:
        self.dut.start_i.value = 0
        await ClockCycles(self.dut.clk_i, cycles)

    def dut_registers(self) -> tuple[int, ...]:
        return tuple(int(sig.value) for sig in self.registers().values())

    def check_state(self, where: str) -> None:
        lat = self.model.latches
        for name, sig in self.registers().items():
            if int(sig.value) != lat.get(name, 0):
                raise AssertionError(f"{where}: register {name} DUT {int(sig.value):#x}, "
                                     f"model {lat.get(name, 0):#x}")
        self.checks += 1

    def report(self, what: str) -> None:
        counts = ", ".join(f"{n} {c}" for n, c in sorted(self.count.items()))
        self.dut._log.info(f"{what}: {self.ops} operations ({counts}), {self.checks} register compares")

    def junk(self) -> None:
        d = self.dut
        d.op_i.value = self.rng.randrange(128)
        d.rs1_i.value = self.rng.getrandbits(32)
        d.rs2_i.value = self.rng.getrandbits(32)
        if self.rs3:
            d.rs3_i.value = self.rng.getrandbits(32)

    async def op(self, name: str, rs1: int = 0, rs2: int = 0, rs3: int = 0, check: bool = True) -> int:
        """One single-cycle instruction; returns data_o (0 with exc_o)."""
        d = self.dut
        rs1, rs2, rs3 = rs1 & M32, rs2 & M32, (rs3 & M32 if self.rs3 else 0)
        d.start_i.value = 1
        d.op_i.value = self.codes[name]
        d.rs1_i.value = rs1
        d.rs2_i.value = rs2
        if self.rs3:
            d.rs3_i.value = rs3
        await Timer(1, "ns")
        what = f"op {self.ops}: {name} rs=({rs1:#010x}, {rs2:#010x}" + (f", {rs3:#010x})" if self.rs3 else ")")
        data, exc = int(d.data_o.value), int(d.exc_o.value) if self.exc else 0
        want = self.model.execute(self.words[name], rs1, rs2, rs3)
        if (data, exc) != (want.data, int(want.exc)):
            raise AssertionError(f"{what}: DUT (data, exc) ({data:#x}, {exc}), model "
                                 f"({want.data:#x}, {int(want.exc)})")
        await RisingEdge(d.clk_i)
        d.start_i.value = 0
        self.junk()
        await Timer(1, "ns")
        if check:
            self.check_state(f"after {what}")
        self.ops += 1
        self.count[name] = self.count.get(name, 0) + 1
        return data

    async def mc(self, name: str, rs1: int = 0, rs2: int = 0) -> int:
        """A multi-cycle instruction: fixed schedule, hold until ack, registers written only at
        the ack."""
        d, rng = self.dut, self.rng
        rs1, rs2 = rs1 & M32, rs2 & M32
        what = f"op {self.ops}: {name} rs=({rs1:#010x}, {rs2:#010x})"
        d.mc_start_i.value = 1
        d.op_i.value = self.codes[name]
        d.rs1_i.value = rs1
        d.rs2_i.value = rs2
        await RisingEdge(d.clk_i)
        d.mc_start_i.value = 0
        cycles = 1
        while True:
            self.junk()
            await Timer(1, "ns")
            if int(d.mc_done_o.value):
                break
            assert cycles < 2 * done_after(name), f"{what}: no mc_done_o after {cycles} cycles"
            self.check_state(f"{what}, cycle {cycles}")
            await RisingEdge(d.clk_i)
            cycles += 1
        assert cycles == done_after(name), (
            f"{what}: mc_done_o {cycles} cycles after mc_start_i, expected {done_after(name)}")
        data = int(d.mc_data_o.value)
        before = self.model.copy()
        want = self.model.execute(self.words[name], rs1, rs2, 0).data
        if data != want:
            raise AssertionError(f"{what}: DUT mc_data {data:#x}, model {want:#x}")
        after, self.model = self.model, before
        for h in range(rng.choice((0, 0, 1, 3))):
            self.check_state(f"{what}, hold {h}")      # nothing written before the ack
            await RisingEdge(d.clk_i)
            self.junk()
            await Timer(1, "ns")
            assert int(d.mc_done_o.value) and int(d.mc_data_o.value) == want, (
                f"{what}: result not held {h + 1} cycles into the hold")
        self.model = after
        d.mc_ack_i.value = 1
        await RisingEdge(d.clk_i)
        d.mc_ack_i.value = 0
        await Timer(1, "ns")
        assert not int(d.mc_done_o.value), f"{what}: mc_done_o still high after the ack"
        self.check_state(f"after {what}")
        self.ops += 1
        self.count[name] = self.count.get(name, 0) + 1
        return data


