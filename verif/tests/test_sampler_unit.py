"""Unit tests of `pqx_sampler_unit` (CBD1..4, REJ_UNIFORM, REJ_ETA2/4, UNPACK_Z17/19).

The unit is combinational and has no clock: each operation drives op_i/rs1_i/rs2_i, waits 1 ns and
compares data_o and exc_o with the model (`PqxModel.execute`; a bad CBD operand is exc = 1 with
data 0). The numeric op codes come from the `op_e` enum parsed out of rtl/pqx_pkg.sv.

  SamplerCbdTest         every CBDeta at every j = 0..31: in range, every pattern of the slice's
                         2 eta bits on three backgrounds, corner rs1 (0, all ones, alternating, ...)
                         and random rs1; out of range (2 eta (j + 1) > 32), the exception with
                         random rs1; junk in rs2[31:5]
  SamplerRejEtaTest      REJ_ETA2/4: every byte with both nibble selects, plain and with junk in
                         rs1[31:8] and rs2[31:1]
  SamplerRejUniformTest  REJ_UNIFORM: the edges (0, q - 1, q, 2^23 - 1, with bit 23 and junk above),
                         every value in q - 4096 .. 2^23 - 1, then PQX_N random words (default
                         200000), half of them with c < 2^23 only, half with junk in 31:23
  SamplerUnpackTest      UNPACK_Z17/Z19: every rs2 shift (plain and with junk in the unused rs2
                         bits) on corner rs1 (0, all ones, alternating, the field's bounds) and random
  SamplerMixTest         random sampler instructions with full 32-bit junk in every operand bit,
                         and every other op_i value (each op_e member and the unused codes up to
                         127): data_o = 0, exc_o = 0

Seeded from cocotb.RANDOM_SEED (the SEED make variable).
"""

from __future__ import annotations

import os
import random

import cocotb
from cocotb.triggers import Timer

from verif.models import INSTRUCTIONS, PqxModel, encode
from verif.models.consts import M32, Q_D as QD
from verif.sv_enums import isa_op_codes, pkg_enum

SAMPLER_OPS = [n for n, i in INSTRUCTIONS.items() if i.unit == "sampler"]
CBD_OPS = {1: "CBD1", 2: "CBD2", 3: "CBD3", 4: "CBD4"}
CORNERS = [0, M32, 0x55555555, 0xAAAAAAAA, 0x33333333, 0xCCCCCCCC, 0x0F0F0F0F, 0xF0F0F0F0,
           0x00FF00FF, 0xFF00FF00, 0x0000FFFF, 0xFFFF0000, 1, 1 << 31, 0x7FFFFFFF, 0x80000001]


def knob(name: str, default: int) -> int:
    value = os.environ.get(name)
    return int(value) if value else default


class SamplerTb:
    """Drives one operation at a time and compares with the model."""

    def __init__(self, dut) -> None:
        self.dut = dut
        self.rng = random.Random(cocotb.RANDOM_SEED)
        self.model = PqxModel()
        self.enum = pkg_enum("op_e")
        self.codes = isa_op_codes(SAMPLER_OPS)
        self.words = {n: encode(n, rd=5, rs1=6, rs2=7) for n in SAMPLER_OPS}
        self.ops = 0
        self.excs = 0
        self.count: dict[str, int] = {}
        self.settle = Timer(1, "ns")             # one trigger object, awaited after every write

    async def op(self, name: str, rs1: int, rs2: int = 0) -> tuple[int, int]:
        """One operation (operands mod 2^32); returns (data_o, exc_o) after checking them."""
        d = self.dut
        rs1, rs2 = rs1 & M32, rs2 & M32
        d.op_i.value = self.codes[name]
        d.rs1_i.value = rs1
        d.rs2_i.value = rs2
        await self.settle
        data, exc = int(d.data_o.value), int(d.exc_o.value)
        want = self.model.execute(self.words[name], rs1, rs2, self.rng.getrandbits(32))
        if (data, exc) != (want.data, int(want.exc)):
            raise AssertionError(f"op {self.ops}: {name} rs1={rs1:#010x} rs2={rs2:#010x}: DUT (data "
                                 f"{data:#010x}, exc {exc}), model (data {want.data:#010x}, exc {int(want.exc)})")
        self.ops += 1
        self.excs += exc
        self.count[name] = self.count.get(name, 0) + 1
        return data, exc

    async def other(self, code: int, rs1: int, rs2: int) -> None:
        """An op_i that is not a sampler instruction: data_o and exc_o stay 0."""
        d = self.dut
        d.op_i.value = code
        d.rs1_i.value = rs1 & M32
        d.rs2_i.value = rs2 & M32
        await self.settle
        data, exc = int(d.data_o.value), int(d.exc_o.value)
        if data or exc:
            raise AssertionError(f"op_i={code} (not a sampler op) rs1={rs1:#010x} rs2={rs2:#010x}: "
                                 f"data {data:#010x}, exc {exc}; expected 0, 0")
        self.ops += 1
        self.count["other"] = self.count.get("other", 0) + 1

    def word(self) -> int:
        return self.rng.choice(CORNERS) if self.rng.random() < 0.15 else self.rng.getrandbits(32)

    def report(self, what: str) -> None:
        counts = ", ".join(f"{n} {c}" for n, c in sorted(self.count.items()))
        self.dut._log.info(f"{what}: {self.ops} operations ({counts}), {self.excs} exceptions")


@cocotb.test()
async def SamplerCbdTest(dut):
    tb = SamplerTb(dut)
    rng = tb.rng
    for eta, name in CBD_OPS.items():
        width = 2 * eta
        for j in range(32):
            ok = width * (j + 1) <= 32
            rs2s = [j, j | rng.getrandbits(27) << 5, j | (M32 & ~0x1F)]
            if ok:
                field = ((1 << width) - 1) << (width * j)
                for bg in (0, M32, rng.getrandbits(32)):
                    for p in range(1 << width):
                        await tb.op(name, (bg & ~field) | p << (width * j), rng.choice(rs2s))
            for rs1 in CORNERS + [rng.getrandbits(32) for _ in range(40 if ok else 8)]:
                for rs2 in rs2s:
                    _, exc = await tb.op(name, rs1, rs2)
                    assert exc == (not ok), f"{name} j={j}: exc_o {exc}"
    tb.report("CBD")


@cocotb.test()
async def SamplerRejEtaTest(dut):
    tb = SamplerTb(dut)
    rng = tb.rng
    for name in ("REJ_ETA2", "REJ_ETA4"):
        valid = 0
        for byte in range(256):
            for sel in (0, 1):
                data, _ = await tb.op(name, byte, sel)
                valid += data >> 31
                await tb.op(name, byte | rng.getrandbits(24) << 8, sel | rng.getrandbits(31) << 1)
                await tb.op(name, byte | 0xFFFFFF00, sel | 0xFFFFFFFE)
        # every nibble 16 times per select: 15 (eta 2) or 9 (eta 4) accepted nibbles
        assert valid == 2 * 16 * (15 if name == "REJ_ETA2" else 9), f"{name}: {valid} accepted"
    tb.report("REJ_ETA")


@cocotb.test()
async def SamplerRejUniformTest(dut):
    tb = SamplerTb(dut)
    rng = tb.rng
    n = knob("PQX_N", 200_000)
    edges = [0, 1, QD - 2, QD - 1, QD, QD + 1, (1 << 23) - 1, 1 << 22, (1 << 22) - 1]
    for c in edges:
        for high in (0, 1, 0x1FF, rng.getrandbits(9)):
            await tb.op("REJ_UNIFORM", c | high << 23, rng.getrandbits(32))
    for c in range(QD - 4096, 1 << 23):              # around q and everything above it
        await tb.op("REJ_UNIFORM", c, rng.getrandbits(32))
    for k in range(n):
        c = rng.getrandbits(23)
        await tb.op("REJ_UNIFORM", c if k % 2 else c | rng.getrandbits(9) << 23, rng.getrandbits(32))
    tb.report(f"REJ_UNIFORM ({n} random)")


@cocotb.test()
async def SamplerUnpackTest(dut):
    tb = SamplerTb(dut)
    rng = tb.rng
    for name, c, step, shifts in (("UNPACK_Z17", 18, 2, 4), ("UNPACK_Z19", 20, 4, 2)):
        bounds = []
        for s in range(shifts):
            lo = step * s
            bounds += [((1 << c) - 1) << lo, 1 << lo, 1 << (lo + c - 1), (1 << lo) - 1,
                       M32 ^ (((1 << c) - 1) << lo)]
            if lo + c < 32:
                bounds.append(1 << (lo + c))
        for sel in range(shifts):
            for rs1 in CORNERS + bounds + [rng.getrandbits(32) for _ in range(2000)]:
                await tb.op(name, rs1, sel)
                await tb.op(name, rs1, sel | rng.getrandbits(32) & ~(shifts - 1))
    tb.report("UNPACK")


@cocotb.test()
async def SamplerMixTest(dut):
    tb = SamplerTb(dut)
    rng = tb.rng
    sampler_codes = {tb.codes[n] for n in SAMPLER_OPS}
    others = [code for code in range(128) if code not in sampler_codes]
    assert set(tb.enum.values()) - sampler_codes <= set(others)
    for _ in range(20_000):
        await tb.op(rng.choice(SAMPLER_OPS), tb.word(), tb.word())
    for code in others:
        for _ in range(20):
            await tb.other(code, tb.word(), tb.word())
    for _ in range(5000):                              # interleaved: no state, no history
        if rng.random() < 0.3:
            await tb.other(rng.choice(others), tb.word(), tb.word())
        else:
            await tb.op(rng.choice(SAMPLER_OPS), tb.word(), tb.word())
    tb.report("mix")
