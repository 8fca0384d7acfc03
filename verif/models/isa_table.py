"""The PQX instruction table: one row per instruction, the single source of every per-instruction
fact (docs/isa.md says what the instructions do).

A row holds the encoding (format, funct3, funct2/funct7), the executing unit, the source registers
read, whether rd is written, the fixed latency (cycles from the issue handshake to result_valid
with a commit in the issue cycle and no back-pressure), the SystemVerilog op name, and for the
test bench the stimulus weight, a special operand distribution, the documented operand domain and
the coverage corners. Everything else is derived from it:
* verif/models/isa.py (encode/decode, the model's registry) and the latency contract;
* `python -m scripts.gen_isa` writes the op enum and decode tables of rtl/pqx_pkg.sv and
  rtl/pqx_decoder.sv, the encoding table of docs/isa.md and firmware/include/pqx.h (generated
  regions, checked for staleness by verif/models/test_isa_table.py);
* verif/uvm/sequences.py (weights, operands) and verif/uvm/coverage.py (corners).
The decoder proof (formal/decoder) keeps its own table written from the ISA text; a test checks
that the two agree.

Adding an instruction: one row here, its semantics in the model (`@semantics`), its datapath in
the RTL, then `python -m scripts.gen_isa` (docs/architecture.md, "Adding an instruction").
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Literal

from verif.manifest import execution_units

from .consts import (CRV_B_WORDS, MCE_CHIEN_LANES, MCE_M, MCE_N, MCE_T, POLY_COUNTERS,
                     POLY_DMA_WINDOW, POLY_DMA_WINDOW_BYTES, POLY_KEM_SLOTS, POLY_N,
                     POLY_SLOTS, Q_D, Q_F, Q_K, TR_SIZE, poly_modulus,
                     s16, s32)

OPCODE_R4 = 0x6B
"""Major opcode (bits 6:0) of the R4-type PQX instructions."""
OPCODE_R = 0x3B
"""Major opcode (bits 6:0) of the R-type PQX instructions."""
FUNCT3_R = 0b111
"""The only funct3 used by R-type PQX instructions of opcode 0x3B."""
OPCODE_MCE = 0x0B
"""Major opcode custom-0: the Classic McEliece unit's R-type instructions (funct3 = FUNCT3_MCE)."""
FUNCT3_MCE = 0b000
OPCODE_CRV = 0x2B
"""Major opcode custom-1: the Crypto-RV unit's R-type instructions (funct3 = FUNCT3_CRV)."""
FUNCT3_CRV = 0b000
OPCODE_POLY = 0x5B
"""Major opcode custom-2: the polynomial unit's R-type instructions (funct3 = FUNCT3_POLY)."""
FUNCT3_POLY = 0b000
R_OPCODES = (OPCODE_R, OPCODE_MCE, OPCODE_CRV, OPCODE_POLY)
"""Major opcodes of R-type PQX instructions (funct7 in bits 31:25)."""

# Bits of `InstrInfo.register_read`.
RS1 = 0b001
RS2 = 0b010
RS3 = 0b100
_ALL = RS1 | RS2 | RS3
_NONE = 0

Format = Literal["r4", "r"]
Unit = str
UNITS: tuple[Unit, ...] = tuple(m.name for m in execution_units())
"""The execution units in pqx_pkg::unit_e order: the manifests with an id (rtl/*/unit.toml)."""
SO_UNITS = ("state", "keccak", "slhdsa")
"""Units whose instructions read or write S or O (they wait while a permutation runs)."""

PIPELINE_DISPATCH = 1
"""Pipelined build (pqx_top Pipelined = 1): the dispatch register between the in-flight queue and
the units adds one cycle to every instruction."""
PIPELINE_ARITH = 3
"""Pipelined build: the arithmetic unit is a three-stage pipeline (product | Montgomery digits and
Barrett estimates | reductions | result), three more cycles for its instructions (MODP_MONTYMUL
excepted)."""

PIPELINE_MODP = 6
"""Pipelined build: MODP_MONTYMUL's Newton steps take two cycles each, its Montgomery digit and its
result are registered (done 11 cycles after its start instead of 5)."""

QUEUE_ONLY_DELAY = 1
"""Queue-only execute (pqx_top IssueBypass = 0, the SoC's build): an instruction committed in its
issue cycle executes from the in-flight queue one cycle later, so every latency of the contract
(which assumes that commit) grows by one."""

KECCAK_ROUNDS = 24
"""Rounds of Keccak-f[1600]. The default build runs one per cycle; the two-round build (pqx_top
KeccakRoundsPerCycle = 2) two, so each permutation an instruction waits for takes 12 cycles."""
KECCAK_ROUNDS_PER_CYCLE = (1, 2)

Operands = tuple[int, int, int]
Corner = Callable[[int, int, int], bool]


@dataclass(frozen=True)
class InstrInfo:
    """One PQX instruction."""

    name: str
    format: Format
    funct3: int
    funct: int
    """funct2 (bits 26:25) for R4 type, funct7 (bits 31:25) for R type."""
    unit: Unit
    register_read: int
    """Mask of the source registers used: bit0 rs1, bit1 rs2, bit2 rs3."""
    writeback: bool
    latency: int
    """Cycles from the issue handshake to result_valid (commit in the issue cycle, no stall)."""
    sv: str
    """Name of the pqx_pkg::op_e value."""
    latency_robust: int | None = None
    """THASH with rs2 = 0 (robust mode): two permutations."""
    uses_so: bool | None = None
    """Reads or writes S or O; None: as its unit (SO_UNITS)."""
    weight: float = 1.0
    """Relative frequency in random stimulus."""
    operands: Callable[[random.Random, int, int, int], Operands] | None = field(
        default=None, compare=False)
    """Special operand distribution: (rng, three random words) -> (rs1, rs2, rs3)."""
    domain: Callable[[random.Random], Operands] | None = field(default=None, compare=False)
    """Operands inside the documented domain (docs/isa.md), drawn 60 % of the time."""
    corners: dict[str, Corner] = field(default_factory=dict, compare=False)
    """Coverage bins: name -> predicate(rs1, rs2, rs3)."""
    background: bool = False
    """Starts the polynomial engine, which runs on after the result (latency 1): the unit's next
    instruction waits for it (consts.poly_run_cycles), other units' instructions go on."""
    major: int | None = None
    """Major opcode when it is not the format's own (OPCODE_R4, OPCODE_R): OPCODE_MCE, OPCODE_CRV,
    OPCODE_POLY."""

    @property
    def opcode(self) -> int:
        if self.major is not None:
            return self.major
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

    @property
    def multi_cycle(self) -> bool:
        return self.latency > 1

    @property
    def permutations(self) -> int:
        """Keccak-f[1600] permutations the instruction waits for (robust THASH: twice this): its
        latency in the default build is that many times KECCAK_ROUNDS."""
        return 1 if self.unit in SO_UNITS and self.multi_cycle else 0

    def latency_for(self, pipelined: bool = False, keccak_rounds_per_cycle: int = 1,
                    robust: bool = False, issue_bypass: bool = True) -> int | None:
        """The latency in a build of pqx_top: Pipelined (PIPELINE_DISPATCH, PIPELINE_ARITH,
        PIPELINE_MODP), KeccakRoundsPerCycle and IssueBypass (QUEUE_ONLY_DELAY); `robust`: THASH
        with rs2 = 0 (None for others)."""
        if keccak_rounds_per_cycle not in KECCAK_ROUNDS_PER_CYCLE:
            raise ValueError(f"KeccakRoundsPerCycle must be one of {KECCAK_ROUNDS_PER_CYCLE}")
        if robust and not self.latency_robust:
            return None
        latency = self.latency_robust if robust else self.latency
        perms = self.permutations * (2 if robust else 1)
        latency -= perms * (KECCAK_ROUNDS - KECCAK_ROUNDS // keccak_rounds_per_cycle)
        if pipelined:
            latency += PIPELINE_DISPATCH
            if self.unit == "arith":
                latency += PIPELINE_MODP if self.multi_cycle else PIPELINE_ARITH
        if not issue_bypass:
            latency += QUEUE_ONLY_DELAY
        return latency

    @property
    def latency_pipelined(self) -> int:
        return self.latency_for(pipelined=True)

    @property
    def latency_robust_pipelined(self) -> int | None:
        return self.latency_for(pipelined=True, robust=True)

    @property
    def touches_so(self) -> bool:
        return self.unit in SO_UNITS if self.uses_so is None else self.uses_so


def insn_template(i: InstrInfo) -> tuple[str, list[str]]:
    """The `.insn` statement of `i` for GNU-style inline assembly, with named operands %[rd] (if
    it writes back) and %[rs1..3] for the registers it reads (x0 for the others), and the names
    of those source operands. pqx.h (scripts/gen_isa.py) and the random test programs (verif/soc/randprog.py) use it."""
    args = [n for bit, n in ((RS1, "rs1"), (RS2, "rs2"), (RS3, "rs3")) if i.register_read & bit]
    regs = {n: (f"%[{n}]" if n in args else "zero") for n in ("rs1", "rs2", "rs3")}
    rd = "%[rd]" if i.writeback else "zero"
    if i.format == "r4":
        insn = (f".insn r4 0x{i.opcode:02x}, {i.funct3}, {i.funct}, {rd}, {regs['rs1']}, "
                f"{regs['rs2']}, {regs['rs3']}")
    else:
        insn = (f".insn r 0x{i.opcode:02x}, {i.funct3}, 0x{i.funct:02x}, {rd}, {regs['rs1']}, "
                f"{regs['rs2']}")
    return insn, args


def _r4(name: str, funct3: int, funct2: int, unit: Unit, reads: int, wb: bool, lat: int, sv: str,
        **kw) -> InstrInfo:
    return InstrInfo(name, "r4", funct3, funct2, unit, reads, wb, lat, sv, **kw)


def _r(name: str, funct7: int, unit: Unit, reads: int, wb: bool, lat: int, sv: str,
       **kw) -> InstrInfo:
    return InstrInfo(name, "r", FUNCT3_R, funct7, unit, reads, wb, lat, sv, **kw)


# ------------------------------------------------------------------ operand helpers
CORNERS32 = [0, 1, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0x55555555, 0xAAAAAAAA]


def random_word(rng: random.Random) -> int:
    """A 32-bit operand: corner values mixed with uniform random ones."""
    r = rng.random()
    if r < 0.2:
        return rng.choice(CORNERS32)
    if r < 0.3:
        return 1 << rng.randrange(32)
    return rng.getrandbits(32)


def index_operand(rng: random.Random, limit: int, width_mask: int) -> int:
    """A word whose low bits are an index: mostly in range, with the edges and beyond."""
    r = rng.random()
    if r < 0.15:
        return 0
    if r < 0.3:
        return limit
    if r < 0.45:
        return rng.randint(limit + 1, width_mask)
    return rng.randint(0, limit)


def _signed(rng: random.Random, bound: int) -> int:
    """A 32-bit word holding a value in (-bound, bound), edges likely."""
    v = rng.choice([bound - 1, -(bound - 1), 0, rng.randrange(-bound + 1, bound)])
    return v & 0xFFFFFFFF


def _odd_modulus(rng: random.Random) -> int:
    return rng.choice([(1 << 30) + 1, (1 << 31) - 1, rng.randrange((1 << 30) + 1, 1 << 31, 2)])


def _in_out(pred: Corner) -> dict[str, Corner]:
    return {"in domain": pred, "outside domain": lambda a, b, c: not pred(a, b, c)}


def _pair_index(r: random.Random, a: int, b: int, c: int) -> Operands:
    return a, b, (r.getrandbits(26) << 6 if r.random() < 0.5 else 0) | index_operand(r, 48, 63)


_PAIR_CORNERS: dict[str, Corner] = {
    "i=0": lambda a, b, c: c & 63 == 0, "i=48": lambda a, b, c: c & 63 == 48,
    "i>48": lambda a, b, c: c & 63 > 48}


def _thash_operands(r: random.Random, a: int, b: int, c: int) -> Operands:
    return (a, 0, c) if r.random() < 0.5 else (a, b, c)     # rs2 = 0: robust mode


_THASH_CORNERS: dict[str, Corner] = {"simple": lambda a, b, c: b != 0, "robust": lambda a, b, c: b == 0}


def _cbd(eta: int, funct7: int) -> InstrInfo:
    return _r(f"CBD{eta}", funct7, "sampler", RS1 | RS2, True, 1, f"OpCbd{eta}",
              domain=lambda r: (random_word(r), (r.getrandbits(27) << 5 if r.random() < 0.3 else 0)
                                | r.randrange(32 // (2 * eta)), 0),
              corners={"j in range": lambda a, b, c: 2 * eta * ((b & 31) + 1) <= 32,
                       "j too large (exception)": lambda a, b, c: 2 * eta * ((b & 31) + 1) > 32})


def _thash(name: str, funct7: int, sv: str) -> InstrInfo:
    return _r(name, funct7, "slhdsa", RS2, False, 24, sv, latency_robust=48, weight=0.25,
              operands=_thash_operands, corners=_THASH_CORNERS)


def _prf(name: str, funct7: int, sv: str) -> InstrInfo:
    return _r(name, funct7, "slhdsa", _NONE, False, 24, sv, weight=0.25)


def _bf_f(name: str, funct2: int, sv: str, pred: Corner) -> InstrInfo:
    return _r4(name, 0b110, funct2, "arith", _ALL, True, 1, sv,
               domain=lambda r: (r.randrange(Q_F), r.randrange(Q_F),
                                 r.choice([0, Q_F - 1, r.randrange(Q_F)])),
               corners=_in_out(pred))


def _mce(name: str, funct7: int, reads: int, wb: bool, lat: int, sv: str, **kw) -> InstrInfo:
    return InstrInfo(name, "r", FUNCT3_MCE, funct7, "mce", reads, wb, lat, sv, major=OPCODE_MCE, **kw)


def _index(reg: int, limit: int) -> tuple[Callable[[random.Random, int, int, int], Operands],
                                          dict[str, Corner]]:
    """Operands and coverage bins of an instruction whose source `reg` (0: rs1, 1: rs2) is an
    index compared as a whole word with `limit` (an index >= limit raises the exception)."""
    def operands(r: random.Random, a: int, b: int, c: int) -> Operands:
        v = index_operand(r, limit - 1, max(255, 2 * limit - 1)) if r.random() < 0.9 else random_word(r)
        return (v, b, c) if reg == 0 else (a, v, c)
    last = limit - 1
    pick = (lambda a, b, c: a) if reg == 0 else (lambda a, b, c: b)
    return operands, {"i=0": lambda a, b, c: pick(a, b, c) == 0,
                      f"i={last}": lambda a, b, c: pick(a, b, c) == last,
                      f"i>{last} (exception)": lambda a, b, c: pick(a, b, c) > last}


def _mce_indexed(name: str, funct7: int, reads: int, wb: bool, sv: str, reg: int, limit: int,
                 **kw) -> InstrInfo:
    operands, corners = _index(reg, limit)
    return _mce(name, funct7, reads, wb, 1, sv, operands=operands, corners=corners, **kw)


def _crv(name: str, funct7: int, reads: int, wb: bool, lat: int, sv: str, **kw) -> InstrInfo:
    return InstrInfo(name, "r", FUNCT3_CRV, funct7, "crv", reads, wb, lat, sv, major=OPCODE_CRV, **kw)


def _crv_indexed(name: str, funct7: int, reads: int, wb: bool, sv: str, limit: int,
                 **kw) -> InstrInfo:
    operands, corners = _index(0, limit)
    return _crv(name, funct7, reads, wb, 1, sv, operands=operands, corners=corners, **kw)


CRV_BLK_LEAD = 5
"""SHA256_BLK / SHA512_BLK / SM3_BLK: expander steps before the first round (each round's message
words come from registers)."""


def crv_blk_latency(rounds: int) -> int:
    """A start cycle, the lead and one round per cycle, a result cycle."""
    return 1 + CRV_BLK_LEAD + rounds + 1


CRV_AES_LATENCY = 1 + 4 + 10 + 1
"""AES128_ENC: a start cycle, four B reads (key, plaintext), ten rounds, a result cycle."""
CRV_HARAKA_FEED_FORWARD = 4
"""HARAKA256 / HARAKA512: B reads of the input's 64-bit words kept (all 4 of Haraka-256's, words
1, 3, 4, 6 of Haraka-512's) for the feed-forward, after the rounds."""


def crv_haraka_latency(lanes: int) -> int:
    """A start cycle, the input's B reads (two per lane), ten AES rounds per lane (one a cycle),
    the feed-forward reads, a result cycle."""
    return 1 + 2 * lanes + 10 * lanes + CRV_HARAKA_FEED_FORWARD + 1


def _crv_based(name: str, funct7: int, lat: int, sv: str, words: int) -> InstrInfo:
    # a multi-cycle instruction on `words` words of B from rs1 on: rs1 is taken modulo 128 (B is a
    # ring: no out-of-range case); one draw in six starts in the last words-1 words, so that the
    # wrap is drawn in every run rather than by luck (3 of 128 starts for the 4-word HARAKA256)
    def operands(r: random.Random, a: int, b: int, c: int) -> Operands:
        x = r.random()
        if x < 0.15:
            return r.randrange(129 - words, 128), b, c
        return (r.randrange(128) if x < 0.8 else a), b, c
    return _crv(name, funct7, RS1, False, lat, sv, weight=0.3, operands=operands,
                corners={"wraps past B[127]": lambda a, b, c: (a & 127) > 128 - words,
                         "rs1 >= 128": lambda a, b, c: a >= 128})


def _crv_blk(name: str, funct7: int, rounds: int, sv: str) -> InstrInfo:
    return _crv_based(name, funct7, crv_blk_latency(rounds), sv, 16 if rounds == 80 else 8)


def _poly(name: str, funct7: int, reads: int, wb: bool, sv: str, **kw) -> InstrInfo:
    return InstrInfo(name, "r", FUNCT3_POLY, funct7, "poly", reads, wb, 1, sv, major=OPCODE_POLY,
                     **kw)


_POLY_ADDRESSES = POLY_SLOTS * POLY_N


def _poly_wr_operands(r: random.Random, a: int, b: int, c: int) -> Operands:
    addr = index_operand(r, _POLY_ADDRESSES - 1, 4095) if r.random() < 0.95 else b
    q = poly_modulus(min(addr, _POLY_ADDRESSES - 1) // POLY_N)
    value = r.choice([0, q - 1, q, r.randrange(q), r.randrange(q)]) if r.random() < 0.9 else a
    return value, addr, c


def _poly_start(name: str, funct7: int, sv: str) -> InstrInfo:
    # starts the engine on slot rs1 (the unit waits for it: keep it rare in random stimulus)
    operands, corners = _index(0, POLY_SLOTS)
    return _poly(name, funct7, RS1, False, sv, weight=0.03, operands=operands, background=True,
                 corners={**corners, "ML-KEM slot": lambda a, b, c: a < POLY_KEM_SLOTS,
                          "ML-DSA slot": lambda a, b, c: POLY_KEM_SLOTS <= a < POLY_SLOTS})


def _poly_pwm_operands(r: random.Random, a: int, b: int, c: int) -> Operands:
    # mostly two slots of one modulus; sometimes another modulus or a slot out of range
    x = r.randrange(POLY_SLOTS) if r.random() < 0.9 else a
    y = r.randrange(2 * POLY_SLOTS)
    if x < POLY_SLOTS and r.random() < 0.8:
        y = x - x % POLY_KEM_SLOTS + r.randrange(POLY_KEM_SLOTS)
    return x, y, c


def _poly_dma_operands(r: random.Random, a: int, b: int, c: int) -> Operands:
    # a word-aligned base inside a small window (so loads meet earlier stores), now and then a
    # misaligned base or a slot out of range
    base = POLY_DMA_WINDOW + 4 * r.randrange(POLY_DMA_WINDOW_BYTES // 4 - POLY_N)
    if r.random() < 0.05:
        base |= r.randrange(1, 4)
    slot = r.randrange(POLY_SLOTS) if r.random() < 0.95 else r.randrange(POLY_SLOTS, 1 << 32)
    return base, slot, c


_POLY_DMA_CORNERS: dict[str, Corner] = {
    "ML-KEM slot": lambda a, b, c: a & 3 == 0 and b < POLY_KEM_SLOTS,
    "ML-DSA slot": lambda a, b, c: a & 3 == 0 and POLY_KEM_SLOTS <= b < POLY_SLOTS,
    "misaligned base (exception)": lambda a, b, c: a & 3 != 0,
    "slot > 7 (exception)": lambda a, b, c: b >= POLY_SLOTS}


def _same_modulus(a: int, b: int) -> bool:
    return a < POLY_SLOTS and b < POLY_SLOTS and (a < POLY_KEM_SLOTS) == (b < POLY_KEM_SLOTS)


MCE_BM_LATENCY = 4 * MCE_T + 2
"""MCE_BM: two cycles per Berlekamp-Massey iteration (2t iterations), a start and a result cycle."""
MCE_CHIEN_LATENCY = -(-MCE_N // MCE_CHIEN_LANES) + 2
"""MCE_CHIEN: MCE_CHIEN_LANES support entries per cycle, a start and a result cycle."""

MCE_MINPOLY_LATENCY = 3 * MCE_T + 1
"""MCE_MINPOLY: t - 1 cycles of powers, two per column of the elimination, a result cycle."""

MCE_SYS_LATENCY = 2 * MCE_M * MCE_T + 2
"""MCE_SYS: two cycles per pivot column (mt of them), a start and a result cycle."""

def _gf12_operands(r: random.Random, a: int, b: int, c: int) -> Operands:
    # x = 0 and x = 1 (with or without bits above bit 11) a fifth of the time each
    x = r.random()
    if x < 0.4:
        a = (a & ~0xFFF) | (0 if x < 0.2 else 1)
    return a, b, c


_GF12_CORNERS: dict[str, Corner] = {"x=0": lambda a, b, c: a & 0xFFF == 0,
                                    "x=1": lambda a, b, c: a & 0xFFF == 1,
                                    "upper bits set": lambda a, b, c: a >> 12 != 0}

def _state_word(pos: int) -> dict:
    """Operands and corners of an instruction whose operand `pos` (0: rs1, 1: rs2) is a word
    index of S or O (STORE, SREAD, OWRITE: 0..49 in range)."""
    def operands(r: random.Random, a: int, b: int, c: int) -> Operands:
        ops = [a, b, c]
        ops[pos] = index_operand(r, 49, 63) if r.random() < 0.9 else random_word(r)
        return ops[0], ops[1], ops[2]
    return {"operands": operands,
            "corners": {"i=0": lambda a, b, c: (a, b)[pos] == 0,
                        "i=49": lambda a, b, c: (a, b)[pos] == 49,
                        "i>49": lambda a, b, c: (a, b)[pos] > 49}}


# ------------------------------------------------------------------ the table
_TABLE: tuple[InstrInfo, ...] = (
    # R4 type, opcode 0x6B: name, funct3, funct2, unit, registers read, writeback, latency, op
    _r4("KSTART", 0b001, 0, "keccak", _NONE, False, 24, "OpKstart", weight=0.4),
    _r4("KABSORB", 0b001, 1, "state", _ALL, False, 1, "OpKabsorb",
        operands=_pair_index, corners=_PAIR_CORNERS),
    _r4("KPERM", 0b001, 2, "keccak", _NONE, False, 24, "OpKperm", weight=0.4),
    _r4("LOAD", 0b001, 3, "state", _ALL, False, 1, "OpLoad",
        operands=_pair_index, corners=_PAIR_CORNERS),
    _r4("BFNTTK", 0b111, 0, "arith", _ALL, True, 1, "OpBfnttK",
        domain=lambda r: (_signed(r, 1 << 15), _signed(r, 1 << 15), _signed(r, Q_K)),
        corners=_in_out(lambda a, b, c: s32(b) == s16(b) and abs(s32(c)) < Q_K)),
    _r4("BFINTTK", 0b111, 1, "arith", _ALL, True, 1, "OpBfinttK",
        domain=lambda r: (_signed(r, 1 << 15), _signed(r, 1 << 15), _signed(r, Q_K)),
        corners=_in_out(lambda a, b, c: abs(s32(c)) < Q_K)),
    _r4("BFNTTD", 0b111, 2, "arith", _ALL, True, 1, "OpBfnttD",
        domain=lambda r: (random_word(r), random_word(r), _signed(r, Q_D)),
        corners=_in_out(lambda a, b, c: abs(s32(c)) < Q_D)),
    _r4("BFINTTD", 0b111, 3, "arith", _ALL, True, 1, "OpBfinttD",
        domain=lambda r: (random_word(r), random_word(r), _signed(r, Q_D)),
        corners=_in_out(lambda a, b, c: abs(s32(c)) < Q_D)),
    _bf_f("BFNTTF", 0, "OpBfnttF", lambda a, b, c: (a & 0xFFFF) < Q_F and b < Q_F and c < Q_F),
    _bf_f("BFINTTF", 1, "OpBfinttF",
          lambda a, b, c: (a & 0xFFFF) < Q_F and (b & 0xFFFF) < Q_F and c < Q_F),
    _r4("MODP_MONTYMUL", 0b110, 2, "arith", _ALL, True, 6, "OpModpMontymul", weight=0.5,
        domain=lambda r: (lambda p: (r.randrange(p), r.choice([0, p - 1, r.randrange(p)]), p))(
            _odd_modulus(r)),
        corners=_in_out(lambda a, b, c: c & 1 and 2**30 < c < 2**31 and a < c and b < c)),
    _r4("FPR_NORM64_EXEC", 0b110, 3, "fpr", _ALL, True, 1, "OpFprNorm64Exec",
        domain=lambda r: (lambda m: (m & 0xFFFFFFFF, m >> 32, r.randrange(-1100, 1100) & 0xFFFFFFFF))(
            r.choice([0, 1, 1 << 63]) if r.random() < 0.3 else r.getrandbits(64) >> r.randrange(64)),
        corners={"m = 0": lambda a, b, c: a == b == 0, "bit 63 set": lambda a, b, c: b >> 31 == 1,
                 "shift > 32": lambda a, b, c: b == 0 and a != 0}),
    # R type, opcode 0x3B, funct3 = 7: name, funct7, unit, registers read, writeback, latency, op
    _cbd(1, 0x00),
    _cbd(2, 0x01),
    _cbd(3, 0x02),
    _cbd(4, 0x03),
    _r("BARRETT", 0x05, "arith", RS1, True, 1, "OpBarrett",
       domain=lambda r: (_signed(r, 1 << 15), 0, 0),
       corners=_in_out(lambda a, b, c: s32(a) == s16(a))),
    _r("KREAD3", 0x0D, "state", RS1, True, 1, "OpKread3",
       operands=lambda r, a, b, c: ((r.getrandbits(24) << 8 if r.random() < 0.5 else 0)
                                    | index_operand(r, 197, 255), b, c),
       corners={"o=0": lambda a, b, c: a & 255 == 0, "o=197": lambda a, b, c: a & 255 == 197,
                "o>197": lambda a, b, c: a & 255 > 197}),
    _r("ZEROIZE", 0x0C, "state", _NONE, False, 1, "OpZeroize", weight=0.02),
    _r("KINIT", 0x0E, "state", _NONE, False, 1, "OpKinit", weight=0.2),
    _r("STORE", 0x0F, "state", RS1, True, 1, "OpStore", **_state_word(0)),
    _r("MQMULF", 0x10, "arith", RS1 | RS2, True, 1, "OpMqmulF",
       domain=lambda r: (r.choice([0, Q_F - 1, r.randrange(Q_F)]), r.randrange(Q_F), 0),
       corners=_in_out(lambda a, b, c: a < Q_F and b < Q_F)),
    _r("MQMULK", 0x11, "arith", RS1 | RS2, True, 1, "OpMqmulK",
       domain=lambda r: (_signed(r, Q_K), _signed(r, 1 << 15), 0),
       corners=_in_out(lambda a, b, c: abs(s32(a)) < Q_K and s32(b) == s16(b))),
    _r("MQMULD", 0x12, "arith", RS1 | RS2, True, 1, "OpMqmulD",
       domain=lambda r: (_signed(r, Q_D), random_word(r), 0),
       corners=_in_out(lambda a, b, c: abs(s32(a)) < Q_D)),
    _r("KARATS1", 0x13, "arith", RS1 | RS2, True, 1, "OpKarats1"),
    _r("KARATS2", 0x14, "arith", RS1 | RS2, True, 1, "OpKarats2"),
    _r("KARATS3", 0x15, "arith", _NONE, True, 1, "OpKarats3"),
    _r("GFMUL8", 0x16, "arith", RS1 | RS2, True, 1, "OpGfmul8"),
    _r("BFNTTDH", 0x17, "arith", _NONE, True, 1, "OpBfnttDH"),
    _r("BFINTTDH", 0x18, "arith", _NONE, True, 1, "OpBfinttDH"),
    _r("KARATS4", 0x19, "arith", _NONE, True, 1, "OpKarats4"),
    _r("RED32", 0x1A, "arith", RS1, True, 1, "OpRed32",
       domain=lambda r: (r.choice([2**31 - 2**22 - 1, 2**31 - 2**22, 0x7FFFFFFF, 2**31,
                                   2**32 - 2**31 + 2**22, r.getrandbits(32)]), 0, 0),
       corners=_in_out(lambda a, b, c: s32(a) <= 2**31 - 2**22 - 1)),
    _r("CL_128", 0x1B, "slhdsa", _NONE, False, 1, "OpCl128"),
    _r("CL_192", 0x1C, "slhdsa", _NONE, False, 1, "OpCl192"),
    _r("CL_256", 0x1D, "slhdsa", _NONE, False, 1, "OpCl256"),
    # context save and restore of S and O (with LOAD and STORE; docs/isa.md, "Context switch")
    _r("SREAD", 0x1E, "state", RS1, True, 1, "OpSread", **_state_word(0)),
    _r("OWRITE", 0x1F, "state", RS1 | RS2, False, 1, "OpOwrite", **_state_word(1)),
    _thash("THASH1_128", 0x30, "OpThash1_128"),
    _thash("THASH2_128", 0x31, "OpThash2_128"),
    _prf("PRF_128", 0x32, "OpPrf128"),
    _r("FPR_LOAD_SE", 0x33, "fpr", RS1 | RS2, False, 1, "OpFprLoadSe",
       domain=lambda r: (r.getrandbits(1), r.choice([-1076, -1077, 969, 970, r.randrange(-1100, 1000)])
                         & 0xFFFFFFFF, 0)),
    _r("FPR_EXEC", 0x34, "fpr", RS1 | RS2, True, 1, "OpFprExec",
       domain=lambda r: (0, 0, 0) if r.random() < 0.2 else (
           r.getrandbits(32), r.choice([(1 << 22) | r.getrandbits(22), 0x7FFFFF, r.getrandbits(32)]), 0),
       corners={"m in [2^54, 2^55)": lambda a, b, c: b >> 22 == 1,
                "m = 0": lambda a, b, c: a == b == 0}),
    _r("FPR_RDHI", 0x35, "fpr", _NONE, True, 1, "OpFprRdhi"),
    _r("FPR_NORM64_RDHI", 0x36, "fpr", _NONE, True, 1, "OpFprNorm64Rdhi"),
    _r("FPR_NORM64_RDE", 0x37, "fpr", _NONE, True, 1, "OpFprNorm64Rde"),
    _thash("THASH1_192", 0x3C, "OpThash1_192"),
    _thash("THASH2_192", 0x3D, "OpThash2_192"),
    _thash("THASH1_256", 0x3E, "OpThash1_256"),
    _thash("THASH2_256", 0x3F, "OpThash2_256"),
    _prf("PRF_192", 0x40, "OpPrf192"),
    _prf("PRF_256", 0x41, "OpPrf256"),
    # one WOTS+ chain step: F into in1, hash address + 1 (docs/isa.md)
    _thash("CHAIN_128", 0x42, "OpChain128"),
    _thash("CHAIN_192", 0x43, "OpChain192"),
    _thash("CHAIN_256", 0x44, "OpChain256"),
    _r("REJ_UNIFORM", 0x48, "sampler", RS1, True, 1, "OpRejUniform",
       domain=lambda r: (r.choice([Q_D - 1, Q_D, 0x7FFFFF, r.getrandbits(32)]), 0, 0),
       corners={"accepted": lambda a, b, c: a & 0x7FFFFF < Q_D,
                "rejected": lambda a, b, c: a & 0x7FFFFF >= Q_D}),
    _r("REJ_ETA2", 0x49, "sampler", RS1 | RS2, True, 1, "OpRejEta2",
       corners={"accepted": lambda a, b, c: (a >> (4 * (b & 1))) & 15 < 15,
                "rejected": lambda a, b, c: (a >> (4 * (b & 1))) & 15 == 15}),
    _r("REJ_ETA4", 0x4A, "sampler", RS1 | RS2, True, 1, "OpRejEta4",
       corners={"accepted": lambda a, b, c: (a >> (4 * (b & 1))) & 15 < 9,
                "rejected": lambda a, b, c: (a >> (4 * (b & 1))) & 15 >= 9}),
    _r("UNPACK_Z17", 0x4B, "sampler", RS1 | RS2, True, 1, "OpUnpackZ17",
       corners={f"shift {2 * k}": (lambda k: lambda a, b, c: b & 3 == k)(k) for k in range(4)}),
    _r("UNPACK_Z19", 0x4C, "sampler", RS1 | RS2, True, 1, "OpUnpackZ19",
       corners={f"shift {4 * k}": (lambda k: lambda a, b, c: b & 1 == k)(k) for k in range(2)}),
    _r("BARRETT_HQC1", 0x58, "arith", RS1, True, 1, "OpBarrettHqc1"),
    _r("BARRETT_HQC3", 0x59, "arith", RS1, True, 1, "OpBarrettHqc3"),
    _r("BARRETT_HQC5", 0x5A, "arith", RS1, True, 1, "OpBarrettHqc5"),
    _r("GF_REDUCE", 0x78, "arith", RS1, True, 1, "OpGfReduce"),
    _r("COMPARE_U32", 0x79, "state", RS1 | RS2, True, 1, "OpCompareU32", uses_so=False,
       operands=lambda r, a, b, c: (a, a, c) if r.random() < 0.4 else (a, b, c),
       corners={"equal": lambda a, b, c: a == b, "differ": lambda a, b, c: a != b}),
    # R type, opcode 0x0B (custom-0), funct3 = 0: the Classic McEliece unit
    _mce("GF12MUL", 0x00, RS1 | RS2, True, 1, "OpGf12Mul", corners=_GF12_CORNERS,
         operands=_gf12_operands),
    _mce("GF12SQ", 0x01, RS1, True, 1, "OpGf12Sq", corners=_GF12_CORNERS, operands=_gf12_operands),
    _mce("GF12INV", 0x02, RS1, True, 1, "OpGf12Inv", corners=_GF12_CORNERS,
         operands=_gf12_operands),
    _mce_indexed("MCE_SYN", 0x08, RS1 | RS2, False, "OpMceSyn", 1, 2 * MCE_T),
    _mce("MCE_BM", 0x09, _NONE, True, MCE_BM_LATENCY, "OpMceBm", weight=0.3),
    _mce_indexed("MCE_LOC_RD", 0x0A, RS1, True, "OpMceLocRd", 0, MCE_T + 1),
    _mce_indexed("MCE_LOC_WR", 0x0B, RS1 | RS2, False, "OpMceLocWr", 1, MCE_T + 1),
    _mce_indexed("MCE_SUP_WR", 0x0C, RS1 | RS2, False, "OpMceSupWr", 1, MCE_N),
    _mce("MCE_CHIEN", 0x0D, _NONE, True, MCE_CHIEN_LATENCY, "OpMceChien", weight=0.3),
    _mce_indexed("MCE_ERR_RD", 0x0E, RS1, True, "OpMceErrRd", 0, -(-MCE_N // 32)),
    _mce("MCE_MINPOLY", 0x0F, RS1 | RS2, True, MCE_MINPOLY_LATENCY, "OpMceMinpoly", weight=0.3,
         corners={"singular (beta in GF(2^12))": lambda a, b, c: b & 0xFFF == 0,
                  "nonsingular": lambda a, b, c: b & 0xFFF != 0},
         operands=lambda r, a, b, c: (a, 0 if r.random() < 0.2 else b, c)),
    _mce_indexed("MCE_ROW_WR", 0x12, RS1 | RS2, False, "OpMceRowWr", 1, 2 * MCE_M * MCE_T),
    _mce_indexed("MCE_ROW_RD", 0x13, RS1, True, "OpMceRowRd", 0, 2 * MCE_M * MCE_T),
    _mce("MCE_SYS", 0x14, _NONE, True, MCE_SYS_LATENCY, "OpMceSys", weight=0.2),
    _mce_indexed("TR_WR", 0x10, RS1 | RS2, False, "OpTrWr", 1, 2 * TR_SIZE),
    _mce_indexed("TR_RD", 0x11, RS1, True, "OpTrRd", 0, 2 * TR_SIZE),
    # R type, opcode 0x2B (custom-1), funct3 = 0: the Crypto-RV unit (block buffer B, hashes)
    _crv_indexed("CRV_BPTR", 0x00, RS1, False, "OpCrvBptr", CRV_B_WORDS),
    _crv("CRV_BWR", 0x01, RS1 | RS2, False, 1, "OpCrvBwr"),
    _crv_indexed("CRV_BRD", 0x02, RS1, True, "OpCrvBrd", 2 * CRV_B_WORDS),
    _crv("SHA256_INIT", 0x08, _NONE, False, 1, "OpSha256Init", weight=0.3),
    _crv("SHA512_INIT", 0x09, _NONE, False, 1, "OpSha512Init", weight=0.3),
    _crv("SM3_INIT", 0x0A, _NONE, False, 1, "OpSm3Init", weight=0.3),
    _crv("HASH_RD", 0x0B, RS1, True, 1, "OpHashRd",
         operands=lambda r, a, b, c: (index_operand(r, 15, 255) if r.random() < 0.9 else a, b, c),
         corners={"k=0": lambda a, b, c: a == 0, "k in 8..15": lambda a, b, c: 8 <= a <= 15,
                  "k>15 (exception)": lambda a, b, c: a > 15}),
    _crv_blk("SHA256_BLK", 0x10, 64, "OpSha256Blk"),
    _crv_blk("SHA512_BLK", 0x11, 80, "OpSha512Blk"),
    _crv_blk("SM3_BLK", 0x12, 64, "OpSm3Blk"),
    _crv_based("AES128_ENC", 0x18, CRV_AES_LATENCY, "OpAes128Enc", 4),
    _crv_based("HARAKA256", 0x19, crv_haraka_latency(2), "OpHaraka256", 4),
    _crv_based("HARAKA512", 0x1A, crv_haraka_latency(4), "OpHaraka512", 8),
    # R type, opcode 0x5B (custom-2), funct3 = 0: the polynomial unit (slots, the NTT engine)
    _poly("POLY_WR", 0x00, RS1 | RS2, False, "OpPolyWr", weight=1.5, operands=_poly_wr_operands,
          corners={"a=0": lambda a, b, c: b == 0, "a=2047": lambda a, b, c: b == _POLY_ADDRESSES - 1,
                   "a>2047 (exception)": lambda a, b, c: b >= _POLY_ADDRESSES,
                   "v = q - 1": lambda a, b, c: b < _POLY_ADDRESSES
                   and a == poly_modulus(b // POLY_N) - 1,
                   "v >= q (exception)": lambda a, b, c: b < _POLY_ADDRESSES
                   and a >= poly_modulus(b // POLY_N)}),
    _poly("POLY_RD", 0x01, RS1, True, "OpPolyRd",
          **dict(zip(("operands", "corners"), _index(0, _POLY_ADDRESSES)))),
    _poly("POLY_LD", 0x04, RS1 | RS2, False, "OpPolyLd", weight=0.03, background=True,
          operands=_poly_dma_operands, corners=_POLY_DMA_CORNERS),
    _poly("POLY_ST", 0x05, RS1 | RS2, False, "OpPolySt", weight=0.03, background=True,
          operands=_poly_dma_operands, corners=_POLY_DMA_CORNERS),
    _poly_start("POLY_NTT", 0x08, "OpPolyNtt"),
    _poly_start("POLY_INTT", 0x09, "OpPolyIntt"),
    _poly("POLY_PWM", 0x0A, RS1 | RS2, False, "OpPolyPwm", weight=0.03, background=True,
          operands=_poly_pwm_operands,
          corners={"same modulus": lambda a, b, c: _same_modulus(a, b),
                   "a = b (square)": lambda a, b, c: a == b < POLY_SLOTS,
                   "moduli differ or slot > 7 (exception)":
                   lambda a, b, c: not _same_modulus(a, b)}),
    _poly("POLY_CBD", 0x0C, RS1, False, "OpPolyCbd", weight=0.03, background=True, uses_so=True,
          **dict(zip(("operands", "corners"), _index(0, POLY_KEM_SLOTS)))),
    _poly("POLY_CNT", 0x10, RS1, True, "OpPolyCnt",
          **dict(zip(("operands", "corners"), _index(0, POLY_COUNTERS)))),
)

TABLE: tuple[InstrInfo, ...] = _TABLE
"""Every PQX instruction, in encoding-table order."""

_names = [i.name for i in TABLE]
_keys = [(i.opcode, i.funct3, i.funct) for i in TABLE]
_svs = [i.sv for i in TABLE]
if len(set(_names)) != len(TABLE) or len(set(_keys)) != len(TABLE) or len(set(_svs)) != len(TABLE):
    raise RuntimeError("PQX instruction table has duplicate names, encodings or op names")
_unknown = sorted({i.unit for i in TABLE} - set(UNITS))
if _unknown:
    raise RuntimeError(f"PQX instruction table names units without a manifest id: {', '.join(_unknown)}")
