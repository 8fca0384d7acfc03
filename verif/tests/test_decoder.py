"""Unit tests of `pqx_decoder` (combinational) against the ISA table of the reference model.

For every word the test drives `instr_i`, waits 1 ns and compares with `verif.models.isa`:
  * accept_o                       == accepts(word)                         (every word)
  * dec_o.writeback, rs_read, uses_so, multi_cycle, background == the table's row (every PQX word)
  * dec_o.op, dec_o.unit           name and unit of decode(word)            (every PQX word)
The op codes come from the `op_e` enum parsed out of rtl/pqx_pkg.sv, the unit codes from `unit_e`.

  DecoderRFormatTest    every funct3 x funct7 of opcode 0x3B (8 x 128), random register fields
  DecoderR4FormatTest   every funct3 x funct2 of opcode 0x6B (8 x 4), random register fields
  DecoderIsaTableTest   every instruction of the ISA table, several random register fields each
  DecoderRandomTest     random 32-bit words, half of them with opcode 0x3B/0x6B forced

Seeded from cocotb.RANDOM_SEED (the SEED make variable).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

import cocotb
from cocotb.triggers import Timer

from verif.models import INSTRUCTIONS, OPCODE_R, OPCODE_R4, UNITS, accepts, decode, encode
from verif.sv_enums import parse_enum

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "rtl" / "pqx_pkg.sv"

# dec_t = packed struct {op_e op (7); unit_e unit (4); logic writeback; logic [2:0] rs_read;
# logic uses_so; logic multi_cycle; logic background}:
# the first member is the most significant.
BACKGROUND_LSB = 0
MULTI_CYCLE_LSB = 1
USES_SO_LSB = 2
RS_READ_LSB, RS_READ_W = 3, 3
WRITEBACK_LSB = 6
UNIT_LSB, UNIT_W = 7, 4
OP_LSB, OP_W = 11, 7
DEC_W = 18

# Register fields: rd [11:7], rs1 [19:15], rs2 [24:20], rs3 [31:27] (R4 only).
R_REG_MASK = (0x1F << 7) | (0x1F << 15) | (0x1F << 20)
R4_REG_MASK = R_REG_MASK | (0x1F << 27)




def _norm(name: str) -> str:
    return name.replace("_", "").upper()


def rtl_tables() -> tuple[dict[int, str], dict[str, int]]:
    """(op code -> ISA instruction name or 'ILLEGAL', ISA unit name -> unit code) from pqx_pkg.sv."""
    text = PKG.read_text()
    ops = parse_enum(text, "op_e")
    units = parse_enum(text, "unit_e")
    by_norm = {_norm(n): n for n in INSTRUCTIONS}
    op_names: dict[int, str] = {}
    for rtl_name, code in ops.items():
        if rtl_name == "OpIllegal":
            op_names[code] = "ILLEGAL"
            continue
        isa = by_norm.get(_norm(rtl_name.removeprefix("Op")))
        if isa is None:
            raise RuntimeError(f"op_e member {rtl_name} matches no ISA instruction")
        op_names[code] = isa
    missing = set(INSTRUCTIONS) - set(op_names.values())
    if missing:
        raise RuntimeError(f"ISA instructions without an op_e member: {sorted(missing)}")
    unit_codes = {}
    for u in UNITS:
        rtl = "Unit" + u.capitalize()
        if rtl not in units:
            raise RuntimeError(f"unit_e has no member {rtl}")
        unit_codes[u] = units[rtl]
    return op_names, unit_codes


@dataclass
class DecoderChecker:
    dut: object
    op_names: dict[int, str]
    unit_codes: dict[str, int]
    checked: int = 0
    accepted: int = 0
    pqx: int = 0
    errors: list[str] = field(default_factory=list)

    async def check(self, word: int) -> None:
        self.dut.instr_i.value = word
        await Timer(1, "ns")
        acc = int(self.dut.accept_o.value)
        dec = int(self.dut.dec_o.value)
        op = (dec >> OP_LSB) & ((1 << OP_W) - 1)
        unit = (dec >> UNIT_LSB) & ((1 << UNIT_W) - 1)
        wb = (dec >> WRITEBACK_LSB) & 1
        rr = (dec >> RS_READ_LSB) & ((1 << RS_READ_W) - 1)
        info = decode(word)
        want_acc = int(accepts(word))
        self.checked += 1
        problems = []
        if acc != want_acc:
            problems.append(f"accept={acc}, model {want_acc}")
        got_name = self.op_names.get(op, f"<op code {op} not in op_e>")
        want_name = info.name if info else "ILLEGAL"
        if got_name != want_name:
            problems.append(f"op={got_name}, model {want_name}")
        if info is not None:
            self.pqx += 1
            if unit != self.unit_codes[info.unit]:
                problems.append(f"unit={unit}, model {info.unit} ({self.unit_codes[info.unit]})")
            self.accepted += want_acc
            if wb != int(info.writeback) or rr != info.register_read:
                problems.append(f"writeback/rs_read={wb}/{rr:03b}, model "
                                f"{int(info.writeback)}/{info.register_read:03b}")
            so, mc = (dec >> USES_SO_LSB) & 1, (dec >> MULTI_CYCLE_LSB) & 1
            bg = (dec >> BACKGROUND_LSB) & 1
            if so != int(info.touches_so) or mc != int(info.multi_cycle) or bg != int(info.background):
                problems.append(f"uses_so/multi_cycle/background={so}/{mc}/{bg}, table "
                                f"{int(info.touches_so)}/{int(info.multi_cycle)}/{int(info.background)}")
        if problems:
            self.errors.append(f"instr {word:08x} ({want_name}): " + "; ".join(problems))

    def finish(self, what: str) -> None:
        log = self.dut._log
        log.info(f"{what}: {self.checked} words checked ({self.pqx} PQX encodings, "
                 f"{self.accepted} accepted), {len(self.errors)} mismatches")
        if self.errors:
            for e in self.errors[:20]:
                log.error(e)
            raise AssertionError(f"{what}: {len(self.errors)} of {self.checked} words mismatch; "
                                 f"first: {self.errors[0]}")


def _checker(dut) -> tuple[DecoderChecker, random.Random]:
    op_names, unit_codes = rtl_tables()
    rng = random.Random(cocotb.RANDOM_SEED)
    return DecoderChecker(dut, op_names, unit_codes), rng


def _regs(rng: random.Random, mask: int) -> int:
    return rng.getrandbits(32) & mask


@cocotb.test()
async def DecoderRFormatTest(dut):
    """Every funct3 x funct7 of opcode 0x3B, random register fields."""
    chk, rng = _checker(dut)
    for funct3 in range(8):
        for funct7 in range(128):
            word = (funct7 << 25) | (funct3 << 12) | OPCODE_R | _regs(rng, R_REG_MASK)
            await chk.check(word)
    chk.finish("opcode 0x3B, funct3 x funct7")


@cocotb.test()
async def DecoderR4FormatTest(dut):
    """Every funct3 x funct2 of opcode 0x6B, random register fields (rs3 included)."""
    chk, rng = _checker(dut)
    for funct3 in range(8):
        for funct2 in range(4):
            for _ in range(4):
                word = (funct2 << 25) | (funct3 << 12) | OPCODE_R4 | _regs(rng, R4_REG_MASK)
                await chk.check(word)
    chk.finish("opcode 0x6B, funct3 x funct2 (4 register draws each)")


@cocotb.test()
async def DecoderIsaTableTest(dut):
    """Every instruction of the ISA table with random register fields; every one must decode."""
    chk, rng = _checker(dut)
    for name, info in INSTRUCTIONS.items():
        for k in range(8):
            regs = [rng.randrange(32) for _ in range(4)]
            if k == 0:
                regs = [0, 0, 0, 0]
            elif k == 1:
                regs = [31, 31, 31, 31]
            if info.format == "r":
                regs[3] = 0
            word = encode(name, *regs)
            if decode(word) is not info:
                raise AssertionError(f"model: encode/decode of {name} disagree")
            await chk.check(word)
    chk.finish(f"ISA table ({len(INSTRUCTIONS)} instructions x 8 register draws)")


@cocotb.test()
async def DecoderRandomTest(dut):
    """Random words; half of them with a PQX major opcode forced."""
    chk, rng = _checker(dut)
    n = 20000
    for k in range(n):
        word = rng.getrandbits(32)
        if k % 2:
            word = (word & ~0x7F) | rng.choice((OPCODE_R, OPCODE_R4))
        await chk.check(word)
    chk.finish(f"{n} random words")
