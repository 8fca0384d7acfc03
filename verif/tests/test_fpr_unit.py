"""Unit tests of `pqx_fpr_unit` (Falcon FPR: pack with round to nearest even, 64-bit normalise).

The shared unit driver (verif/tests/unit_driver.py) runs a `PqxModel` with the FPR semantics
(verif/models/fpr.py) alongside the DUT: each operation drives start_i/op_i/rs*_i right after a
rising edge, reads data_o 1 ns later (it is combinational) and compares it with the model's
result (FPR_LOAD_SE writes no rd: data_o must be 0); the latches update at the next edge. The
latches (s, e, F, NM, NE) are compared twice: through the instructions that read them and by a
backdoor read of s_q, e_q, f_q, nm_q, ne_q after every operation.
Where the packed value is in the normal range (m in [2^54, 2^55), e in [-1076, 969]), the 64-bit
word assembled from FPR_EXEC and FPR_RDHI is also compared with the correctly rounded double of
(-1)^s m 2^e (float(Fraction)), and a normalised pair with m << shift, e - shift by bit length,
so a wrong model cannot hide a wrong DUT. The numeric op codes come from the `op_e` enum parsed
out of rtl/pqx_pkg.sv.

  FprResetTest        reset: latches zero (backdoor and through RDHI/NORM64_RDHI/RDE); reset in use
  FprCornerTest       pack: zero mantissa, subnormal threshold, all low-bit patterns (ties),
                      carries into the exponent, largest normal and overflow, outside the domain
  FprRandomTest       PQX_N LOAD_SE/EXEC/RDHI sequences (default 20000; 80 % in the normal range,
                      the rest any 32-bit operands), some with several EXECs per LOAD_SE
  FprNorm64Test       NORM64_EXEC/RDHI/RDE for every shift 0..63 (low bits random, all zero, all
                      one), m = 0, PQX_N / 4 random m of random length, exponents near the wrap
  FprInterleaveTest   all six instructions in a random order: NORM64 does not disturb s, e, F
                      and pack does not disturb NM, NE
  FprStartLowTest     start_i=0 with every op code and random operands changes no latch
  FprOtherOpsTest     start_i=1 with every op code outside the unit: data_o 0, no latch change

Seeded from cocotb.RANDOM_SEED (the SEED make variable).
"""

from __future__ import annotations

import math
import struct
from fractions import Fraction

import cocotb
from cocotb.triggers import RisingEdge, Timer

from verif.models import INSTRUCTIONS
from verif.models.pqx_model import M32, M64, s32
from verif.tests.unit_driver import UnitTb, knob

E_MIN, E_MAX = -1076, 969            # normal range of FPR for m in [2^54, 2^55)

FPR_OPS = [n for n, i in INSTRUCTIONS.items() if i.unit == "fpr"]
LATCHES = ("FPR_S", "FPR_E", "FPR_F", "FPR_NM", "FPR_NE")
PROBES = ("s_q", "e_q", "f_q", "nm_q", "ne_q")

E_CORNERS = [0, 1, -1, E_MIN, E_MIN - 1, E_MIN + 1, E_MAX, E_MAX + 1, -54, -55, 63, -63, 1 << 20,
             -(1 << 31), -(1 << 31) + 1, -(1 << 31) + 62, -(1 << 31) + 63, (1 << 31) - 1,
             (1 << 31) - 1076, (1 << 31) - 1077, 2047, 2048]


def ieee_bits(s: int, e: int, m: int) -> int:
    """Bits of the correctly rounded double of (-1)^s m 2^e (float(Fraction) rounds correctly);
    +-inf where it overflows."""
    v = Fraction(m) * Fraction(2) ** e
    try:
        f = float(-v if s else v)
    except OverflowError:
        f = -math.inf if s else math.inf
    return struct.unpack("<Q", struct.pack("<d", f))[0]


def in_normal_range(e: int, m: int) -> bool:
    return 1 << 54 <= m < 1 << 55 and E_MIN <= e <= E_MAX


class FprTb(UnitTb):
    """The shared unit driver (verif/tests/unit_driver.py) with the FPR latches as registers, and
    the pack and normalise sequences."""

    def __init__(self, dut) -> None:
        super().__init__(dut, "fpr")
        self.ieee_checks = 0
        self.norm_checks = 0

    def registers(self) -> dict:
        return {name: getattr(self.dut, probe) for name, probe in zip(LATCHES, PROBES)}

    def report(self, what: str) -> None:
        super().report(what)
        self.dut._log.info(f"{what}: {self.ieee_checks} IEEE compares, {self.norm_checks} normalisation compares")

    # ------------------------------------------------------------------ sequences
    async def pack(self, s: int, e: int, ms: list[int], rs1_junk: int = 0) -> list[int]:
        """FPR_LOAD_SE (s, e), then FPR_EXEC + FPR_RDHI for each m; returns the 64-bit words and
        checks them against IEEE where (e, m) is in the normal range."""
        await self.op("FPR_LOAD_SE", (rs1_junk & ~1) | s, e, self.rng.getrandbits(32))
        out = []
        for m in ms:
            lo = await self.op("FPR_EXEC", m & M32, m >> 32, self.rng.getrandbits(32))
            if self.rng.random() < 0.05:         # something else between EXEC and RDHI
                await self.op("FPR_NORM64_EXEC", *self.words3())
            x = (await self.op("FPR_RDHI", *self.words3())) << 32 | lo
            if in_normal_range(s32(e), m) and s in (0, 1):
                want = ieee_bits(s, s32(e), m)
                assert x == want, (f"FPR(s={s}, e={s32(e)}, m={m:#x}): DUT {x:#018x}, correctly rounded "
                                   f"{want:#018x}")
                self.ieee_checks += 1
            out.append(x)
        return out

    async def norm(self, m: int, e: int) -> tuple[int, int]:
        """FPR_NORM64_EXEC, then _RDHI and _RDE in a random order; checks m' = m << shift with bit 63
        set and e' = e - shift (shift by bit length)."""
        lo = await self.op("FPR_NORM64_EXEC", m & M32, m >> 32, e)
        reads = ["FPR_NORM64_RDHI", "FPR_NORM64_RDE"]
        self.rng.shuffle(reads)
        got = {r: await self.op(r, *self.words3()) for r in reads}
        mn = got["FPR_NORM64_RDHI"] << 32 | lo
        en = s32(got["FPR_NORM64_RDE"])
        shift = 64 - m.bit_length() if m else 63
        assert mn == (m << shift) & M64 and en == s32(e - shift), (
            f"NORM64(m={m:#018x}, e={s32(e)}): DUT ({mn:#018x}, {en}), expected shift {shift}: "
            f"({(m << shift) & M64:#018x}, {s32(e - shift)})")
        assert m == 0 or mn >> 63 == 1
        self.norm_checks += 1
        return mn, en

    def words3(self) -> tuple[int, int, int]:
        r = self.rng
        return r.getrandbits(32), r.getrandbits(32), r.getrandbits(32)

    def mant(self) -> int:
        return self.rng.randrange(1 << 54, 1 << 55)


async def _tb(dut) -> FprTb:
    tb = FprTb(dut)
    await tb.start()
    return tb


@cocotb.test()
async def FprResetTest(dut):
    """Reset leaves every latch zero (read through the instructions too); a reset in use clears
    them again."""
    tb = await _tb(dut)
    for name in ("FPR_RDHI", "FPR_NORM64_RDHI", "FPR_NORM64_RDE"):
        assert await tb.op(name, *tb.words3()) == 0, name
    # s = 0, e = 0 after reset: FPR(0, 0, 2^54) = 2^54
    assert (await tb.pack(0, 0, [1 << 54]))[0] != 0
    await tb.reset()
    lo = await tb.op("FPR_EXEC", 0, 1 << 22)
    assert (await tb.op("FPR_RDHI")) << 32 | lo == struct.unpack("<Q", struct.pack("<d", 2.0 ** 54))[0]
    await tb.pack(1, -200, [tb.mant()])
    await tb.norm(0x1234, 99)
    for _ in range(5):
        await tb.idle()
        await Timer(1, "ns")
        tb.check_state("idle")
    await tb.reset()
    await Timer(1, "ns")
    tb.check_state("after the second reset")
    assert tb.dut_registers() == (0, 0, 0, 0, 0)
    for name in ("FPR_RDHI", "FPR_NORM64_RDHI", "FPR_NORM64_RDE"):
        assert await tb.op(name) == 0, name
    tb.report("reset")


@cocotb.test()
async def FprCornerTest(dut):
    """The corner set of the pack: zero mantissa, subnormal threshold, rounding ties, carries into
    the exponent, largest normal, overflow, and operands outside the documented domain."""
    tb = await _tb(dut)
    rng = tb.rng
    top = 1 << 55
    for s in (0, 1):
        # zero mantissa: +-0 whatever the exponent
        for e in E_CORNERS:
            xs = await tb.pack(s, e, [0], rs1_junk=rng.getrandbits(32))
            assert xs == [s << 63], (s, e, xs)
        # subnormal threshold: -1076 packs, below it the reference gives +-0
        ms = [1 << 54, (1 << 54) + 1, (1 << 54) + 2, (1 << 54) + 3, top - 4, top - 3, top - 2, top - 1]
        ms += [tb.mant() for _ in range(8)]
        for e in (E_MIN - 2, E_MIN - 1, E_MIN, E_MIN + 1):
            xs = await tb.pack(s, e, ms)
            if e < E_MIN:
                assert xs == [s << 63] * len(ms), (s, e)
        # every low-bit pattern (ties 010 / 110 to even)
        for low in range(8):
            for e in (E_MIN, -54, 0, 100, E_MAX - 1, rng.randint(E_MIN, E_MAX)):
                await tb.pack(s, e, [(tb.mant() & ~7) | low for _ in range(3)])
        # carries into the exponent, largest normal, overflow to inf
        for e in (E_MIN, -55, 0, E_MAX - 1, E_MAX):
            await tb.pack(s, e, [top - 1, top - 2, top - 3, top - 4, 1 << 54])
        # outside the documented domain: bit-exact C arithmetic (model only)
        for e in E_CORNERS:
            ms = [M64, 1, (1 << 54) - 1, top, (1 << 56) - 1, 1 << 63, rng.getrandbits(64), rng.getrandbits(64)]
            await tb.pack(s, e, ms, rs1_junk=rng.getrandbits(32))
    tb.report("corners")


@cocotb.test()
async def FprRandomTest(dut):
    """PQX_N pack sequences: 80 % in the normal range (checked against IEEE too), the rest with
    any 32-bit rs1 (s = rs1[0]), rs2 (e) and any 64-bit m; a quarter run several EXECs."""
    tb = await _tb(dut)
    n = knob("PQX_N", 20000)
    rng = tb.rng
    for k in range(n):
        count = rng.randint(2, 4) if k % 4 == 0 else 1
        if rng.random() < 0.8:
            s = rng.randrange(2)
            e = rng.randint(E_MIN, E_MAX) if rng.random() < 0.9 else rng.choice((E_MIN, E_MAX, -54, 0))
            await tb.pack(s, e, [tb.mant() for _ in range(count)], rs1_junk=rng.getrandbits(32))
        else:
            rs1 = rng.getrandbits(32)
            e = rng.getrandbits(32) if rng.random() < 0.5 else rng.randint(-1200, 1100)
            ms = [rng.choice((rng.getrandbits(64), tb.mant(), 0, rng.getrandbits(rng.randint(1, 64))))
                  for _ in range(count)]
            await tb.pack(rs1 & 1, e, ms, rs1_junk=rs1)
    tb.report(f"random pack ({n} sequences)")


@cocotb.test()
async def FprNorm64Test(dut):
    """FPR_NORM64 for every shift amount (low bits random, all zero, all one), m = 0 with exponent
    corners, and PQX_N / 4 random m of random bit length."""
    tb = await _tb(dut)
    rng = tb.rng
    for shift in range(64):
        t = 63 - shift
        ms = [1 << t, (1 << (t + 1)) - 1] + [(1 << t) | rng.getrandbits(t) for _ in range(6)]
        for k, m in enumerate(ms):
            e = E_CORNERS[(shift + k) % len(E_CORNERS)] if k < 4 else s32(rng.getrandbits(32))
            await tb.norm(m, e)
    for e in E_CORNERS:
        await tb.norm(0, e)
    n = max(knob("PQX_N", 20000) // 4, 64)
    for _ in range(n):
        bits = rng.randint(0, 64)
        m = (1 << (bits - 1)) | rng.getrandbits(bits - 1) if bits else 0
        await tb.norm(m, s32(rng.getrandbits(32)) if rng.random() < 0.7 else rng.choice(E_CORNERS))
    tb.report(f"NORM64 (64 shifts, m = 0, {n} random)")


@cocotb.test()
async def FprInterleaveTest(dut):
    """All six instructions in a random order with random operands; the backdoor compare before
    every operation shows that NORM64 leaves s, e, F alone and the pack leaves NM, NE alone.
    Also explicit: F survives a NORM64 sequence, NM/NE survive LOAD_SE/EXEC."""
    tb = await _tb(dut)
    rng = tb.rng
    for _ in range(50):
        x = (await tb.pack(rng.randrange(2), rng.randint(E_MIN, E_MAX), [tb.mant()]))[0]
        mn, en = await tb.norm(rng.getrandbits(rng.randint(1, 64)), s32(rng.getrandbits(32)))
        assert await tb.op("FPR_RDHI") == x >> 32
        await tb.op("FPR_LOAD_SE", *tb.words3())
        await tb.op("FPR_EXEC", *tb.words3())
        assert await tb.op("FPR_NORM64_RDHI") == mn >> 32
        assert s32(await tb.op("FPR_NORM64_RDE")) == en
    for _ in range(6000):
        name = rng.choice(FPR_OPS)
        if name == "FPR_EXEC" and rng.random() < 0.5:
            m = tb.mant()
            await tb.op(name, m & M32, m >> 32, rng.getrandbits(32))
        elif name == "FPR_LOAD_SE" and rng.random() < 0.5:
            await tb.op(name, rng.getrandbits(32), rng.randint(E_MIN, E_MAX), rng.getrandbits(32))
        else:
            await tb.op(name, *tb.words3())
    tb.report("interleave")


@cocotb.test()
async def FprStartLowTest(dut):
    """start_i=0: every op code (the latch writers repeatedly) with random operands changes no
    latch."""
    tb = await _tb(dut)
    rng = tb.rng
    writers = [tb.codes[n] for n in ("FPR_LOAD_SE", "FPR_EXEC", "FPR_NORM64_EXEC")]
    for rep in range(4):
        await tb.pack(rng.randrange(2), rng.randint(E_MIN, E_MAX), [tb.mant()])
        await tb.norm(rng.getrandbits(64), s32(rng.getrandbits(32)))
        before = tb.dut_registers()
        for code in writers * 8 + list(range(128)):
            dut.start_i.value = 0
            dut.op_i.value = code
            dut.rs1_i.value, dut.rs2_i.value, dut.rs3_i.value = tb.words3()
            await RisingEdge(dut.clk_i)
            await Timer(1, "ns")
            tb.check_state(f"start_i=0 op_i={code}")
        assert tb.dut_registers() == before
        for name in ("FPR_RDHI", "FPR_NORM64_RDHI", "FPR_NORM64_RDE"):
            await tb.op(name, *tb.words3())
    tb.report("start_i=0")


@cocotb.test()
async def FprOtherOpsTest(dut):
    """start_i=1 with every op code that is not an FPR instruction (the whole 7-bit range):
    data_o is 0 and no latch changes."""
    tb = await _tb(dut)
    rng = tb.rng
    fpr_codes = set(tb.codes[n] for n in FPR_OPS)
    others = [c for c in range(128) if c not in fpr_codes]
    for rep in range(3):
        await tb.pack(rng.randrange(2), rng.randint(E_MIN, E_MAX), [tb.mant()])
        await tb.norm(rng.getrandbits(64), s32(rng.getrandbits(32)))
        before = tb.dut_registers()
        for code in others:
            dut.start_i.value = 1
            dut.op_i.value = code
            dut.rs1_i.value, dut.rs2_i.value, dut.rs3_i.value = tb.words3()
            await Timer(1, "ns")
            assert int(dut.data_o.value) == 0, f"op_i={code}: data_o {int(dut.data_o.value):#x}"
            await RisingEdge(dut.clk_i)
            await Timer(1, "ns")
            tb.check_state(f"start_i=1 op_i={code} (not an FPR op)")
        dut.start_i.value = 0
        assert tb.dut_registers() == before
    tb.dut._log.info(f"other ops: {len(others)} op codes x 3, data_o 0, latches unchanged")
    tb.report("other ops")
