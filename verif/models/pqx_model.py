"""Architectural reference model of the PQX coprocessor, following the PQX ISA document (docs/isa.md).

The model executes one instruction at a time on the architectural state (Keccak state S, output
buffer O, and later the unit latches); it has no notion of queues, pipelines or timing. Each
instruction's semantics is a handler registered by name with `@semantics`, so a new unit adds its
handlers without touching `execute`.
"""

from __future__ import annotations

import copy
import hashlib
from dataclasses import dataclass, field
from typing import Callable

from .consts import EXCCODE_ILLEGAL, M16, M32, M64, STATE_BYTES, STATE_WORDS, s16, s32  # noqa: F401
from .isa import IMPLEMENTED_UNITS, INSTRUCTIONS, decode

_MASK32 = M32


@dataclass(frozen=True)
class Result:
    """What the coprocessor answers for one instruction."""

    data: int
    we: bool
    exc: bool
    exccode: int


class NotAcceptedError(ValueError):
    """`PqxModel.execute` was given a word the coprocessor does not accept (see `isa.accepts`)."""


class BadOperands(Exception):
    """Raised by a handler, before it changes any state, when its operands are out of range."""


Handler = Callable[["PqxModel", int, int, int], "int | None"]
"""Semantics of one instruction: (model, rs1, rs2, rs3) -> rd value, or None if it writes no rd."""

_HANDLERS: dict[str, Handler] = {}


def semantics(name: str) -> Callable[[Handler], Handler]:
    """Decorator registering a function as the semantics of instruction `name`."""
    if name not in INSTRUCTIONS:
        raise KeyError(f"{name} is not a PQX instruction")

    def register(handler: Handler) -> Handler:
        if name in _HANDLERS:
            raise ValueError(f"semantics of {name} registered twice")
        _HANDLERS[name] = handler
        return handler

    return register


def has_semantics(name: str) -> bool:
    """Whether the model implements instruction `name`."""
    return name in _HANDLERS


def words_to_bytes(words: list[int]) -> bytes:
    """Bytes of a word array, word w giving bytes 4w..4w+3 little-endian."""
    return b"".join(w.to_bytes(4, "little") for w in words)


def bytes_to_words(data: bytes) -> list[int]:
    """Inverse of `words_to_bytes`; `data` must be a whole number of words."""
    if len(data) % 4:
        raise ValueError(f"{len(data)} bytes is not a whole number of words")
    return [int.from_bytes(data[k : k + 4], "little") for k in range(0, len(data), 4)]


def _zero_state() -> list[int]:
    return [0] * STATE_WORDS


@dataclass
class HostMemory:
    """Host memory as PQX's DMA sees it (POLY_LD, POLY_ST): 32-bit words at word-aligned byte
    addresses, modulo 2^32. A word never written reads 0, or, with a seed, a fixed pseudo-random
    word of (seed, address): a bench and the model built with one seed see the same memory."""

    seed: int | None = None
    words: dict[int, int] = field(default_factory=dict)
    """The words written, by byte address."""

    def read(self, addr: int) -> int:
        addr &= 0xFFFF_FFFC
        if addr in self.words:
            return self.words[addr]
        if self.seed is None:
            return 0
        digest = hashlib.blake2s(f"{self.seed}:{addr}".encode(), digest_size=4).digest()
        return int.from_bytes(digest, "little")

    def write(self, addr: int, value: int) -> None:
        self.words[addr & 0xFFFF_FFFC] = value & 0xFFFF_FFFF


@dataclass
class PqxModel:
    """Architectural state of PQX and instruction-at-a-time execution."""

    S: list[int] = field(default_factory=_zero_state)
    """Keccak state, 50 words; lane (x, y) is S[2(x+5y)] (low) and S[2(x+5y)+1] (high)."""
    O: list[int] = field(default_factory=_zero_state)
    """Output buffer of the last permutation, same layout as S."""
    latches: dict[str, int] = field(default_factory=dict)
    """Unit latches (H, K, F of the ISA) by name, added by the units that use them."""
    host: HostMemory = field(default_factory=HostMemory)
    """Host memory, which POLY_LD reads and POLY_ST writes (not PQX state: reset keeps it)."""

    def copy(self) -> PqxModel:
        """An independent deep copy of the model."""
        return copy.deepcopy(self)

    def reset(self) -> None:
        """Return to the reset state: S and O zero, no latch values (host memory is kept)."""
        self.S = _zero_state()
        self.O = _zero_state()
        self.latches = {}

    def s_bytes(self) -> bytes:
        return words_to_bytes(self.S)

    def o_bytes(self) -> bytes:
        return words_to_bytes(self.O)

    def set_s_bytes(self, data: bytes) -> None:
        self.S = self._state_words(data)

    def set_o_bytes(self, data: bytes) -> None:
        self.O = self._state_words(data)

    @staticmethod
    def _state_words(data: bytes) -> list[int]:
        if len(data) != STATE_BYTES:
            raise ValueError(f"state is {STATE_BYTES} bytes, got {len(data)}")
        return bytes_to_words(data)

    def execute(self, instr: int, rs1: int, rs2: int, rs3: int) -> Result:
        """Execute the accepted instruction `instr` with source operand values rs1, rs2, rs3.

        Raises NotAcceptedError if the coprocessor does not accept `instr`. With bad operands
        the state is unchanged and the result is exc=1, exccode=2, data=0.
        """
        info = decode(instr)
        if info is None or info.unit not in IMPLEMENTED_UNITS:
            raise NotAcceptedError(f"{instr:#010x} is not accepted by PQX (check isa.accepts first)")
        for reg, value in (("rs1", rs1), ("rs2", rs2), ("rs3", rs3)):
            if not 0 <= value <= _MASK32:
                raise ValueError(f"{reg}={value:#x} is not a 32-bit value")
        handler = _HANDLERS.get(info.name)
        if handler is None:
            raise NotImplementedError(f"no semantics registered for {info.name}")
        try:
            data = handler(self, rs1, rs2, rs3)
        except BadOperands:
            return Result(data=0, we=info.writeback, exc=True, exccode=EXCCODE_ILLEGAL)
        if info.writeback != (data is not None) or not 0 <= (data or 0) <= _MASK32:
            raise RuntimeError(f"{info.name} handler returned {data!r}, writeback={info.writeback}")
        return Result(data=data or 0, we=info.writeback, exc=False, exccode=0)

    # Keccak state unit ---------------------------------------------------------------------

    @staticmethod
    def _pair_index(rs3: int) -> int:
        i = rs3 & 0x3F
        if i > STATE_WORDS - 2:
            raise BadOperands(f"word pair index {i} > {STATE_WORDS - 2}")
        return i

    @semantics("LOAD")
    def _load(self, rs1: int, rs2: int, rs3: int) -> None:
        i = self._pair_index(rs3)
        self.S[i] = rs1
        self.S[i + 1] = rs2

    @semantics("KABSORB")
    def _kabsorb(self, rs1: int, rs2: int, rs3: int) -> None:
        i = self._pair_index(rs3)
        self.S[i] ^= rs1
        self.S[i + 1] ^= rs2

    @semantics("KINIT")
    def _kinit(self, rs1: int, rs2: int, rs3: int) -> None:
        self.S = _zero_state()
        self.O = _zero_state()

    @semantics("ZEROIZE")
    def _zeroize(self, rs1: int, rs2: int, rs3: int) -> None:
        self.reset()      # every unit's state as after reset; host memory is not PQX's

    @semantics("STORE")
    def _store(self, rs1: int, rs2: int, rs3: int) -> int:
        if rs1 >= STATE_WORDS:
            raise BadOperands(f"word index {rs1} > {STATE_WORDS - 1}")
        return self.O[rs1]

    @semantics("SREAD")
    def _sread(self, rs1: int, rs2: int, rs3: int) -> int:
        if rs1 >= STATE_WORDS:
            raise BadOperands(f"word index {rs1} > {STATE_WORDS - 1}")
        return self.S[rs1]

    @semantics("OWRITE")
    def _owrite(self, rs1: int, rs2: int, rs3: int) -> None:
        if rs2 >= STATE_WORDS:
            raise BadOperands(f"word index {rs2} > {STATE_WORDS - 1}")
        self.O[rs2] = rs1

    @semantics("KREAD3")
    def _kread3(self, rs1: int, rs2: int, rs3: int) -> int:
        o = rs1 & 0xFF
        if o > STATE_BYTES - 3:
            raise BadOperands(f"byte offset {o} > {STATE_BYTES - 3}")
        return sum(self._o_byte(o + k) << (8 * k) for k in range(3))

    def _o_byte(self, k: int) -> int:
        return (self.O[k >> 2] >> (8 * (k & 3))) & 0xFF

    @semantics("COMPARE_U32")
    def _compare_u32(self, rs1: int, rs2: int, rs3: int) -> int:
        return int(rs1 == rs2)
