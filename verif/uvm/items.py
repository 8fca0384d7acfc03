"""Sequence items and the transactions the monitor reconstructs."""

from __future__ import annotations

from dataclasses import dataclass

from pyuvm import uvm_sequence_item

from verif.models import decode


class XifInstr(uvm_sequence_item):
    """One instruction the host offers: the word and its three source register values."""

    def __init__(self, name: str = "xif_instr", instr: int = 0, rs: tuple[int, int, int] = (0, 0, 0)):
        super().__init__(name)
        self.instr = instr
        self.rs = rs

    def __str__(self) -> str:
        info = decode(self.instr)
        label = info.name if info else "ILLEGAL"
        return f"{label}[{self.instr:08x}] rs=({self.rs[0]:08x},{self.rs[1]:08x},{self.rs[2]:08x})"


@dataclass(slots=True)
class IssueTxn:
    """A completed issue handshake."""

    cycle: int
    id: int
    instr: int
    rs: tuple[int, int, int]
    rs_valid: int
    accept: int
    writeback: int
    register_read: int


@dataclass(slots=True)
class CommitTxn:
    cycle: int
    id: int
    kill: int


@dataclass(slots=True)
class ResultTxn:
    """A completed result handshake; `stalled` counts the cycles it waited for result_ready."""

    cycle: int
    id: int
    data: int
    rd: int
    we: int
    exc: int
    exccode: int
    dbg: int
    err: int
    stalled: int
