"""Instruction sequences for the XIF agent."""

from __future__ import annotations

import random

from pyuvm import ConfigDB, uvm_sequence

from verif.models import INSTRUCTIONS, IMPLEMENTED_UNITS, OPCODE_R, OPCODE_R4, decode, encode

from .items import XifInstr

# Operand generators: corner values mixed with uniform random ones.
_CORNERS32 = [0, 1, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0x55555555, 0xAAAAAAAA]


def random_word(rng: random.Random) -> int:
    r = rng.random()
    if r < 0.2:
        return rng.choice(_CORNERS32)
    if r < 0.3:
        return 1 << rng.randrange(32)
    return rng.getrandbits(32)


def index_operand(rng: random.Random, limit: int, width_mask: int) -> int:
    """A word whose low bits are an index: mostly in range, with the edges and beyond."""
    r = rng.random()
    if r < 0.15:
        low = 0
    elif r < 0.3:
        low = limit
    elif r < 0.45:
        low = rng.randint(limit + 1, width_mask)
    else:
        low = rng.randint(0, limit)
    return low


def operands(name: str, rng: random.Random) -> tuple[int, int, int]:
    a, b, c = random_word(rng), random_word(rng), random_word(rng)
    if name in ("LOAD", "KABSORB"):
        c = (rng.getrandbits(26) << 6 if rng.random() < 0.5 else 0) | index_operand(rng, 48, 63)
    elif name == "STORE":
        a = index_operand(rng, 49, 63) if rng.random() < 0.9 else random_word(rng)
    elif name == "KREAD3":
        a = (rng.getrandbits(24) << 8 if rng.random() < 0.5 else 0) | index_operand(rng, 197, 255)
    elif name == "COMPARE_U32" and rng.random() < 0.4:
        b = a
    elif name.startswith("THASH") and rng.random() < 0.5:
        b = 0                    # robust mode
    elif name in ARITH_DOMAIN and rng.random() < 0.6:
        a, b, c = ARITH_DOMAIN[name](rng)
    return a, b, c


def _signed(rng: random.Random, bound: int) -> int:
    """A 32-bit word holding a value in (-bound, bound), edges likely."""
    v = rng.choice([bound - 1, -(bound - 1), 0, rng.randrange(-bound + 1, bound)])
    return v & 0xFFFFFFFF


def _odd_modulus(rng: random.Random) -> int:
    return rng.choice([(1 << 30) + 1, (1 << 31) - 1, rng.randrange((1 << 30) + 1, 1 << 31, 2)])


# Operands inside the documented domain of each arithmetic instruction (docs/isa.md): the
# reduced ranges the butterflies are used with. Outside them the result is still defined
# bit-exactly, and the random words above exercise that.
Q_K, Q_D, Q_F = 3329, 8380417, 12289
ARITH_DOMAIN = {
    "BFNTTK": lambda r: (_signed(r, 1 << 15), _signed(r, 1 << 15), _signed(r, Q_K)),
    "BFINTTK": lambda r: (_signed(r, 1 << 15), _signed(r, 1 << 15), _signed(r, Q_K)),
    "MQMULK": lambda r: (_signed(r, Q_K), _signed(r, 1 << 15), 0),
    "BARRETT": lambda r: (_signed(r, 1 << 15), 0, 0),
    "BFNTTD": lambda r: (random_word(r), random_word(r), _signed(r, Q_D)),
    "BFINTTD": lambda r: (random_word(r), random_word(r), _signed(r, Q_D)),
    "MQMULD": lambda r: (_signed(r, Q_D), random_word(r), 0),
    "RED32": lambda r: (r.choice([2**31 - 2**22 - 1, 2**31 - 2**22, 0x7FFFFFFF, 2**31, 2**32 - 2**31 + 2**22,
                                  r.getrandbits(32)]), 0, 0),
    "BFNTTF": lambda r: (r.randrange(Q_F), r.randrange(Q_F), r.choice([0, Q_F - 1, r.randrange(Q_F)])),
    "BFINTTF": lambda r: (r.randrange(Q_F), r.randrange(Q_F), r.choice([0, Q_F - 1, r.randrange(Q_F)])),
    "MQMULF": lambda r: (r.choice([0, Q_F - 1, r.randrange(Q_F)]), r.randrange(Q_F), 0),
    "MODP_MONTYMUL": lambda r: (lambda p: (r.randrange(p), r.choice([0, p - 1, r.randrange(p)]), p))(
        _odd_modulus(r)),
    # sampling: the slice index in range (CBD raises the exception beyond 2 eta (j+1) > 32)
    **{f"CBD{eta}": (lambda eta: lambda r: (random_word(r), (r.getrandbits(27) << 5 if r.random() < 0.3 else 0)
                                            | r.randrange(32 // (2 * eta)), 0))(eta) for eta in (1, 2, 3, 4)},
    "REJ_UNIFORM": lambda r: (r.choice([8380416, 8380417, 0x7FFFFF, r.getrandbits(32)]), 0, 0),
    # FPR: mantissas of the reference's domain ([2^54, 2^55) or 0) and exponents near the range ends
    "FPR_EXEC": lambda r: (0, 0, 0) if r.random() < 0.2 else (
        r.getrandbits(32), r.choice([(1 << 22) | r.getrandbits(22), 0x7FFFFF, r.getrandbits(32)]), 0),
    "FPR_LOAD_SE": lambda r: (r.getrandbits(1), r.choice([-1076, -1077, 969, 970, r.randrange(-1100, 1000)])
                              & 0xFFFFFFFF, 0),
    "FPR_NORM64_EXEC": lambda r: (lambda m: (m & 0xFFFFFFFF, m >> 32, r.randrange(-1100, 1100) & 0xFFFFFFFF))(
        r.choice([0, 1, 1 << 63]) if r.random() < 0.3 else r.getrandbits(64) >> r.randrange(64)),
}


# Relative frequencies: KINIT wipes the state the other checks look at; a permutation takes 24 cycles.
WEIGHTS = {"KINIT": 0.2, "KSTART": 0.4, "KPERM": 0.4,
           **{f"{op}_{lvl}": 0.25 for op in ("THASH1", "THASH2", "PRF") for lvl in (128, 192, 256)},
           "MODP_MONTYMUL": 0.5}


def random_instruction(rng: random.Random, reject_rate: float = 0.08) -> XifInstr:
    """An implemented instruction with corner-biased operands, or now and then a rejected word."""
    if rng.random() < reject_rate:
        unbuilt = [n for n, i in INSTRUCTIONS.items() if i.unit not in IMPLEMENTED_UNITS]
        if unbuilt and rng.random() < 0.5:   # a PQX instruction whose unit is not built
            name = rng.choice(unbuilt)
            word = encode(name, rng.randrange(32), rng.randrange(32), rng.randrange(32),
                          rng.randrange(32) if INSTRUCTIONS[name].format == "r4" else 0)
        else:                    # not a PQX instruction at all
            while True:
                word = rng.getrandbits(32)
                if rng.random() < 0.5:
                    word = (word & ~0x7F) | rng.choice([OPCODE_R, OPCODE_R4])
                if decode(word) is None:
                    break
        return XifInstr("rejected", word, (random_word(rng), random_word(rng), random_word(rng)))
    names = [n for n, i in INSTRUCTIONS.items() if i.unit in IMPLEMENTED_UNITS]
    weights = [WEIGHTS.get(n, 1.0) for n in names]
    return instruction(rng.choices(names, weights)[0], rng)


def instruction(name: str, rng: random.Random) -> XifInstr:
    info = INSTRUCTIONS[name]
    word = encode(name, rng.randrange(32), rng.randrange(32), rng.randrange(32),
                  rng.randrange(32) if info.format == "r4" else 0)
    return XifInstr(name, word, operands(name, rng))


class RandomSequence(uvm_sequence):
    """Every ordered pair of implemented instructions once (shuffled, so the rare ones meet too),
    then random instructions up to `count` in all (generator from the ConfigDB)."""

    def __init__(self, name: str = "random_seq", count: int = 1000):
        super().__init__(name)
        self.count = count

    async def body(self) -> None:
        rng: random.Random = ConfigDB().get(None, "", "RNG")
        names = [n for n, i in INSTRUCTIONS.items() if i.unit in IMPLEMENTED_UNITS]
        pairs = [(a, b) for a in names for b in names]
        rng.shuffle(pairs)
        items = [instruction(n, rng) for pair in pairs for n in pair][: self.count]
        in_pairs = len(items)
        items += [random_instruction(rng) for _ in range(self.count - len(items))]
        for k, item in enumerate(items):
            await self.start_item(item)
            await self.finish_item(item)
            if k >= in_pairs and item.get_name().startswith("CL_") and rng.random() < 0.7:
                # as firmware does: read the chain lengths back, checksum word included
                nw = int(item.get_name()[3:]) // 32
                for w in (nw, rng.randrange(nw)):
                    follow = XifInstr("STORE", encode("STORE", rd=rng.randrange(32)), (w, 0, 0))
                    await self.start_item(follow)
                    await self.finish_item(follow)


class ListSequence(uvm_sequence):
    """A fixed list of (instruction name or word, (rs1, rs2, rs3)) items."""

    def __init__(self, name: str, items: list[tuple[str | int, tuple[int, int, int]]]):
        super().__init__(name)
        self.items = items

    async def body(self) -> None:
        for what, rs in self.items:
            word = encode(what, rd=5) if isinstance(what, str) else what
            item = XifInstr(str(what), word, rs)
            await self.start_item(item)
            await self.finish_item(item)


def state_readback() -> list[tuple[str, tuple[int, int, int]]]:
    """Reads the whole state through the front door: STORE of every O word, then KSTART
    (O = Keccak-f(S), S unchanged) and STORE of every word again, which exposes all of S."""
    sweep = [("STORE", (w, 0, 0)) for w in range(50)]
    return sweep + [("KSTART", (0, 0, 0))] + sweep
