"""PQX instruction encodings: `decode` maps a 32-bit word to its row of the instruction table
(verif/models/isa_table.py) or None, `encode` builds a word, and `accepts` tells whether the
coprocessor accepts a word, i.e. whether its unit is in `IMPLEMENTED_UNITS`.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from .isa_table import (  # noqa: F401  (re-exported)
    FUNCT3_R, OPCODE_MCE, OPCODE_R, OPCODE_R4, R_OPCODES, RS1, RS2, RS3, TABLE, UNITS, Format,
    InstrInfo, Unit)

IMPLEMENTED_UNITS: frozenset[Unit] = frozenset(UNITS)
"""Units whose instructions the coprocessor accepts (pqx_pkg::UnitsBuilt: every unit)."""

INSTRUCTIONS: Mapping[str, InstrInfo] = MappingProxyType({i.name: i for i in TABLE})
"""All PQX instructions by name, in table order."""

_BY_KEY: dict[tuple[int, int, int], InstrInfo] = {(i.opcode, i.funct3, i.funct): i for i in TABLE}


def decode(instr: int) -> InstrInfo | None:
    """The PQX instruction encoded by the 32-bit word `instr`, or None if it is not one."""
    if not 0 <= instr <= 0xFFFFFFFF:
        raise ValueError(f"{instr:#x} is not a 32-bit word")
    opcode = instr & 0x7F
    funct3 = (instr >> 12) & 0x7
    if opcode == OPCODE_R4:
        funct = (instr >> 25) & 0x3
    elif opcode in R_OPCODES:
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
