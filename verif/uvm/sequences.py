"""Instruction sequences for the XIF agent."""

from __future__ import annotations

import random

from pyuvm import ConfigDB, uvm_sequence

from verif.models import INSTRUCTIONS, IMPLEMENTED_UNITS, OPCODE_R4, R_OPCODES, decode, encode
from verif.models.isa_table import random_word

from .items import XifInstr

def operands(name: str, rng: random.Random) -> tuple[int, int, int]:
    """Three random words, then the instruction's own distribution (verif/models/isa_table.py):
    its special operands, or 60 % of the time operands inside its documented domain."""
    a, b, c = random_word(rng), random_word(rng), random_word(rng)
    info = INSTRUCTIONS[name]
    if info.operands is not None:
        return info.operands(rng, a, b, c)
    if info.domain is not None and rng.random() < 0.6:
        return info.domain(rng)
    return a, b, c


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
                    word = (word & ~0x7F) | rng.choice([*R_OPCODES, OPCODE_R4])
                if decode(word) is None:
                    break
        return XifInstr("rejected", word, (random_word(rng), random_word(rng), random_word(rng)))
    names = [n for n, i in INSTRUCTIONS.items() if i.unit in IMPLEMENTED_UNITS]
    weights = [INSTRUCTIONS[n].weight for n in names]
    return instruction(rng.choices(names, weights)[0], rng)


def instruction(name: str, rng: random.Random) -> XifInstr:
    info = INSTRUCTIONS[name]
    word = encode(name, rng.randrange(32), rng.randrange(32), rng.randrange(32),
                  rng.randrange(32) if info.format == "r4" else 0)
    return XifInstr(name, word, operands(name, rng))


class ItemSequence(uvm_sequence):
    """A fixed list of prepared items (XifInstr)."""

    def __init__(self, name: str, items: list[XifInstr]):
        super().__init__(name)
        self.items = items

    async def body(self) -> None:
        await self.sequencer.send_all(self, self.items)


class RandomSequence(ItemSequence):
    """Every ordered pair of implemented instructions once (a random walk through all pairs, so
    the rare ones meet too), then random instructions up to `count` in all (generator from the
    ConfigDB)."""

    def __init__(self, name: str = "random_seq", count: int = 1000):
        super().__init__(name, [])
        self.count = count

    async def body(self) -> None:
        self.items = random_items(ConfigDB().get(None, "", "RNG"), self.count)
        await super().body()


def pair_walk(names: list[str], rng: random.Random) -> list[str]:
    """A random sequence of `names` in which every ordered pair (a, b), a = b included, follows
    each other exactly once: an Eulerian circuit of the complete directed graph with loops
    (Hierholzer), len(names)^2 + 1 names instead of two per pair."""
    # its own generator, seeded by one draw: the walk takes thousands of bounded draws, and two
    # streams offset by a few draws (rejection sampling) would otherwise fall into step
    walk_rng = random.Random(rng.getrandbits(64))
    todo = {a: walk_rng.sample(names, len(names)) for a in names}
    stack, walk = [walk_rng.choice(names)], []
    while stack:
        if todo[stack[-1]]:
            stack.append(todo[stack[-1]].pop())
        else:
            walk.append(stack.pop())
    return walk[::-1]


def default_random_count() -> int:
    """Instructions of the system test's random run by default: the pair walk (every ordered
    pair of implemented instructions) and 1,000 random ones after it (rejected words, kills)."""
    names = [n for n, i in INSTRUCTIONS.items() if i.unit in IMPLEMENTED_UNITS]
    return len(names) ** 2 + 1 + 1000


def random_items(rng: random.Random, count: int) -> list[XifInstr]:
    """The items of RandomSequence: a walk through every ordered pair of implemented instructions
    (pair_walk), then random instructions up to `count`, each random CL_n mostly followed by two
    STOREs of its chain lengths (as firmware reads them back, checksum word included)."""
    names = [n for n, i in INSTRUCTIONS.items() if i.unit in IMPLEMENTED_UNITS]
    items = [instruction(n, rng) for n in pair_walk(names, rng)[:count]]
    out = list(items)
    for _ in range(count - len(items)):
        item = random_instruction(rng)
        out.append(item)
        if item.get_name().startswith("CL_") and rng.random() < 0.7:
            nw = int(item.get_name()[3:]) // 32
            for w in (nw, rng.randrange(nw)):
                out.append(XifInstr("STORE", encode("STORE", rd=rng.randrange(32)), (w, 0, 0)))
    return out


class ListSequence(uvm_sequence):
    """A fixed list of (instruction name or word, (rs1, rs2, rs3)) items."""

    def __init__(self, name: str, items: list[tuple[str | int, tuple[int, int, int]]]):
        super().__init__(name)
        self.items = items

    async def body(self) -> None:
        items = [XifInstr(str(what), encode(what, rd=5) if isinstance(what, str) else what, rs)
                 for what, rs in self.items]
        await self.sequencer.send_all(self, items)


def state_readback() -> list[tuple[str, tuple[int, int, int]]]:
    """Reads the whole state through the front door: STORE of every O word, then KSTART
    (O = Keccak-f(S), S unchanged) and STORE of every word again, which exposes all of S."""
    sweep = [("STORE", (w, 0, 0)) for w in range(50)]
    return sweep + [("KSTART", (0, 0, 0))] + sweep
