"""PQX instruction encodings, following the PQX ISA document (pqx-isa.md).

Every PQX instruction is one row of `INSTRUCTIONS`: its RISC-V format, function fields, whether it
writes rd, which source registers it reads and which functional unit executes it. `decode` maps a
32-bit word to its row (or None), `encode` builds a word, and `accepts` tells whether the coprocessor
accepts a word today, i.e. whether its unit is in `IMPLEMENTED_UNITS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal, Mapping

OPCODE_R4 = 0x6B
"""Major opcode (bits 6:0) of the R4-type PQX instructions."""
OPCODE_R = 0x3B
"""Major opcode (bits 6:0) of the R-type PQX instructions."""
FUNCT3_R = 0b111
"""The only funct3 used by R-type PQX instructions."""

# Bits of `InstrInfo.register_read`.
RS1 = 0b001
RS2 = 0b010
RS3 = 0b100

Format = Literal["r4", "r"]
Unit = Literal["state", "keccak", "slhdsa", "arith", "sampler", "fpr"]
UNITS: tuple[Unit, ...] = ("state", "keccak", "slhdsa", "arith", "sampler", "fpr")

IMPLEMENTED_UNITS: frozenset[Unit] = frozenset(UNITS)
"""Units whose instructions the coprocessor accepts today."""


@dataclass(frozen=True)
class InstrInfo:
    """One PQX instruction: encoding and issue-time properties."""

    name: str
    format: Format
    funct3: int
    funct: int
    """funct2 (bits 26:25) for R4 type, funct7 (bits 31:25) for R type."""
    writeback: bool
    register_read: int
    """Mask of the source registers used: bit0 rs1, bit1 rs2, bit2 rs3."""
    unit: Unit

    @property
    def opcode(self) -> int:
        return OPCODE_R4 if self.format == "r4" else OPCODE_R

    @property
    def funct2(self) -> int | None:
        return self.funct if self.format == "r4" else None

    @property
    def funct7(self) -> int | None:
        return self.funct if self.format == "r" else None

    @property
    def mask(self) -> int:
        """Bits of the word fixed by the encoding (opcode, funct3, funct2/funct7)."""
        return (0x06000000 if self.format == "r4" else 0xFE000000) | 0x707F

    @property
    def match(self) -> int:
        """Value of the fixed bits: `word & mask == match` for this instruction."""
        return (self.funct << 25) | (self.funct3 << 12) | self.opcode


def _r4(name: str, funct3: int, funct2: int, wb: bool, reads: int, unit: Unit) -> InstrInfo:
    return InstrInfo(name, "r4", funct3, funct2, wb, reads, unit)


def _r(name: str, funct7: int, wb: bool, reads: int, unit: Unit) -> InstrInfo:
    return InstrInfo(name, "r", FUNCT3_R, funct7, wb, reads, unit)


_ALL = RS1 | RS2 | RS3
_NONE = 0

_TABLE: tuple[InstrInfo, ...] = (
    # R4 type, opcode 0x6B: name, funct3, funct2, writeback, registers read, unit
    _r4("KSTART", 0b001, 0, False, _NONE, "keccak"),
    _r4("KABSORB", 0b001, 1, False, _ALL, "state"),
    _r4("KPERM", 0b001, 2, False, _NONE, "keccak"),
    _r4("LOAD", 0b001, 3, False, _ALL, "state"),
    _r4("BFNTTK", 0b111, 0, True, _ALL, "arith"),
    _r4("BFINTTK", 0b111, 1, True, _ALL, "arith"),
    _r4("BFNTTD", 0b111, 2, True, _ALL, "arith"),
    _r4("BFINTTD", 0b111, 3, True, _ALL, "arith"),
    _r4("BFNTTF", 0b110, 0, True, _ALL, "arith"),
    _r4("BFINTTF", 0b110, 1, True, _ALL, "arith"),
    _r4("MODP_MONTYMUL", 0b110, 2, True, _ALL, "arith"),
    _r4("FPR_NORM64_EXEC", 0b110, 3, True, _ALL, "fpr"),
    # R type, opcode 0x3B, funct3 = 7: name, funct7, writeback, registers read, unit
    _r("CBD1", 0x00, True, RS1 | RS2, "sampler"),
    _r("CBD2", 0x01, True, RS1 | RS2, "sampler"),
    _r("CBD3", 0x02, True, RS1 | RS2, "sampler"),
    _r("CBD4", 0x03, True, RS1 | RS2, "sampler"),
    _r("BARRETT", 0x05, True, RS1, "arith"),
    _r("KREAD3", 0x0D, True, RS1, "state"),
    _r("KINIT", 0x0E, False, _NONE, "state"),
    _r("STORE", 0x0F, True, RS1, "state"),
    _r("MQMULF", 0x10, True, RS1 | RS2, "arith"),
    _r("MQMULK", 0x11, True, RS1 | RS2, "arith"),
    _r("MQMULD", 0x12, True, RS1 | RS2, "arith"),
    _r("KARATS1", 0x13, True, RS1 | RS2, "arith"),
    _r("KARATS2", 0x14, True, RS1 | RS2, "arith"),
    _r("KARATS3", 0x15, True, _NONE, "arith"),
    _r("GFMUL8", 0x16, True, RS1 | RS2, "arith"),
    _r("BFNTTDH", 0x17, True, _NONE, "arith"),
    _r("BFINTTDH", 0x18, True, _NONE, "arith"),
    _r("KARATS4", 0x19, True, _NONE, "arith"),
    _r("RED32", 0x1A, True, RS1, "arith"),
    _r("CL_128", 0x1B, False, _NONE, "slhdsa"),
    _r("CL_192", 0x1C, False, _NONE, "slhdsa"),
    _r("CL_256", 0x1D, False, _NONE, "slhdsa"),
    _r("THASH1_128", 0x30, False, RS2, "slhdsa"),
    _r("THASH2_128", 0x31, False, RS2, "slhdsa"),
    _r("PRF_128", 0x32, False, _NONE, "slhdsa"),
    _r("FPR_LOAD_SE", 0x33, False, RS1 | RS2, "fpr"),
    _r("FPR_EXEC", 0x34, True, RS1 | RS2, "fpr"),
    _r("FPR_RDHI", 0x35, True, _NONE, "fpr"),
    _r("FPR_NORM64_RDHI", 0x36, True, _NONE, "fpr"),
    _r("FPR_NORM64_RDE", 0x37, True, _NONE, "fpr"),
    _r("THASH1_192", 0x3C, False, RS2, "slhdsa"),
    _r("THASH2_192", 0x3D, False, RS2, "slhdsa"),
    _r("THASH1_256", 0x3E, False, RS2, "slhdsa"),
    _r("THASH2_256", 0x3F, False, RS2, "slhdsa"),
    _r("PRF_192", 0x40, False, _NONE, "slhdsa"),
    _r("PRF_256", 0x41, False, _NONE, "slhdsa"),
    _r("REJ_UNIFORM", 0x48, True, RS1, "sampler"),
    _r("REJ_ETA2", 0x49, True, RS1 | RS2, "sampler"),
    _r("REJ_ETA4", 0x4A, True, RS1 | RS2, "sampler"),
    _r("UNPACK_Z17", 0x4B, True, RS1 | RS2, "sampler"),
    _r("UNPACK_Z19", 0x4C, True, RS1 | RS2, "sampler"),
    _r("BARRETT_HQC1", 0x58, True, RS1, "arith"),
    _r("BARRETT_HQC3", 0x59, True, RS1, "arith"),
    _r("BARRETT_HQC5", 0x5A, True, RS1, "arith"),
    _r("GF_REDUCE", 0x78, True, RS1, "arith"),
    _r("COMPARE_U32", 0x79, True, RS1 | RS2, "state"),
)

INSTRUCTIONS: Mapping[str, InstrInfo] = MappingProxyType({i.name: i for i in _TABLE})
"""All PQX instructions by name, in table order."""

_BY_KEY: dict[tuple[int, int, int], InstrInfo] = {(i.opcode, i.funct3, i.funct): i for i in _TABLE}
if len(_BY_KEY) != len(_TABLE) or len(INSTRUCTIONS) != len(_TABLE):
    raise RuntimeError("PQX encoding table has duplicate names or encodings")


def decode(instr: int) -> InstrInfo | None:
    """The PQX instruction encoded by the 32-bit word `instr`, or None if it is not one."""
    if not 0 <= instr <= 0xFFFFFFFF:
        raise ValueError(f"{instr:#x} is not a 32-bit word")
    opcode = instr & 0x7F
    funct3 = (instr >> 12) & 0x7
    if opcode == OPCODE_R4:
        funct = (instr >> 25) & 0x3
    elif opcode == OPCODE_R:
        funct = (instr >> 25) & 0x7F
    else:
        return None
    return _BY_KEY.get((opcode, funct3, funct))


def encode(name: str, rd: int = 0, rs1: int = 0, rs2: int = 0, rs3: int = 0) -> int:
    """The 32-bit word of instruction `name` with the given register numbers (rs3 only for R4)."""
    info = INSTRUCTIONS[name]
    for field, value in (("rd", rd), ("rs1", rs1), ("rs2", rs2), ("rs3", rs3)):
        if not 0 <= value < 32:
            raise ValueError(f"{field}={value} is not a register number")
    if info.format == "r" and rs3:
        raise ValueError(f"{name} is R type and has no rs3 field")
    return info.match | (rs3 << 27) | (rs2 << 20) | (rs1 << 15) | (rd << 7)


def accepts(instr: int) -> bool:
    """Whether the coprocessor accepts `instr` today: a PQX instruction of an implemented unit."""
    info = decode(instr)
    return info is not None and info.unit in IMPLEMENTED_UNITS
