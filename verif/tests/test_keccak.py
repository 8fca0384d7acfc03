"""Unit tests of the Keccak round (every step against XKCP) and the iterating engine."""

from __future__ import annotations

import random

import cocotb
from cocotb.triggers import Timer

from verif.models import keccak
from verif.vectors import xkcp_reader


@cocotb.test()
async def round_steps_match_xkcp(dut):
    """Every step output of every round of both XKCP examples (48 rounds x 5 steps)."""
    checked = 0
    for ex, example in enumerate(xkcp_reader.read()):
        state = example.input
        for ir, steps in enumerate(example.rounds):
            dut.state_i.value = keccak.lanes_to_int(state)
            dut.round_i.value = ir
            await Timer(1, "ns")
            for name, port in (("theta", dut.theta_o), ("rho", dut.rho_o), ("pi", dut.pi_o),
                               ("chi", dut.chi_o), ("iota", dut.state_o)):
                got = keccak.int_to_lanes(int(port.value))
                assert got == steps[name], f"example {ex} round {ir}: wrong state after {name}"
                checked += 1
            state = steps["iota"]
        assert state == example.output
    dut._log.info(f"{checked} step states equal XKCP's")


@cocotb.test()
async def round_random_states(dut):
    rng = random.Random(cocotb.RANDOM_SEED)
    for _ in range(300):
        lanes = [rng.getrandbits(64) for _ in range(25)]
        ir = rng.randrange(24)
        dut.state_i.value = keccak.lanes_to_int(lanes)
        dut.round_i.value = ir
        await Timer(1, "ns")
        assert keccak.int_to_lanes(int(dut.state_o.value)) == keccak.keccak_round(lanes, ir)
