"""Unit tests of the Keccak engine: result, fixed schedule, hold until acknowledged."""

from __future__ import annotations

import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, FallingEdge, RisingEdge

from verif.models import keccak
from verif.models.isa_table import KECCAK_ROUNDS
from verif.models.timing import keccak_rounds_build

DONE_AFTER = KECCAK_ROUNDS // keccak_rounds_build() - 1
"""Cycles from the start cycle to the cycle with done_o (the step with round 23): 23, or 11 in the
two-round build (RoundsPerCycle = 2)."""


async def reset(dut):
    Clock(dut.clk_i, 10, "ns").start()
    dut.start_i.value = 0
    dut.ack_i.value = 0
    dut.state_i.value = 0
    dut.rst_ni.value = 0
    await ClockCycles(dut.clk_i, 2)
    dut.rst_ni.value = 1
    await RisingEdge(dut.clk_i)


async def permute(dut, lanes: list[int], ack_delay: int, rng: random.Random) -> tuple[int, list[int]]:
    """Start, then acknowledge `ack_delay` cycles after done; returns (cycles to done, result)."""
    await FallingEdge(dut.clk_i)
    assert not int(dut.busy_o.value)
    dut.state_i.value = keccak.lanes_to_int(lanes)
    dut.start_i.value = 1
    await FallingEdge(dut.clk_i)
    dut.start_i.value = 0
    dut.state_i.value = rng.getrandbits(1600)   # the engine must have captured its input
    cycles = 1
    while not int(dut.done_o.value):
        assert int(dut.busy_o.value)
        await FallingEdge(dut.clk_i)
        cycles += 1
    for _ in range(ack_delay):
        await FallingEdge(dut.clk_i)
        assert int(dut.done_o.value), "done dropped before ack"
    result = keccak.int_to_lanes(int(dut.state_o.value))
    dut.ack_i.value = 1
    await FallingEdge(dut.clk_i)
    dut.ack_i.value = 0
    assert not int(dut.done_o.value) and not int(dut.busy_o.value)
    return cycles, result


@cocotb.test()
async def permutation_and_schedule(dut):
    await reset(dut)
    rng = random.Random(cocotb.RANDOM_SEED)
    for k in range(60):
        lanes = [0] * 25 if k == 0 else [rng.getrandbits(64) for _ in range(25)]
        ack_delay = 0 if k % 3 else rng.randint(1, 5)
        cycles, result = await permute(dut, lanes, ack_delay, rng)
        assert result == keccak.keccak_f1600(lanes), f"permutation {k} wrong"
        assert cycles == DONE_AFTER, f"done after {cycles} cycles, expected {DONE_AFTER}"
    dut._log.info(f"60 permutations correct, done {DONE_AFTER} cycles after start every time")
