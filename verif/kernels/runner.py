"""What every kernel family shares: the batch format and the runs on the reference model.

A kernel is a generator that yields batches of instructions, (name, (rs1, rs2, rs3)) each (the
items of the pyuvm `ListSequence`), is sent each batch's rd values (the results of the
instructions with writeback, in order) and returns its output. The same kernel runs on the model
(here, no simulator) and on the RTL (verif/uvm/kernel_env.py).
"""

from __future__ import annotations

from typing import Generator, Sequence, TypeVar

from verif.models import INSTRUCTIONS, PqxModel, encode

Item = tuple[str, tuple[int, int, int]]
"""One instruction of a batch: (name, (rs1, rs2, rs3))."""
T = TypeVar("T")
Kernel = Generator[list[Item], list[int], T]
"""A kernel: yields batches, is sent each batch's rd values, returns its output."""


def run_batch_on_model(model: PqxModel, batch: Sequence[Item],
                       words: dict[str, int] | None = None) -> list[int]:
    """Executes one batch on the model; the rd values of its writeback instructions, in order.
    An exception (bad operands) is an error of the kernel."""
    words = {} if words is None else words
    results = []
    for name, (a, b, c) in batch:
        word = words.get(name)
        if word is None:
            word = words[name] = encode(name, rd=5 if INSTRUCTIONS[name].writeback else 0)
        r = model.execute(word, a, b, c)
        if r.exc:
            raise AssertionError(f"{name} ({a:#x}, {b:#x}, {c:#x}): exception {r.exccode}")
        if r.we:
            results.append(r.data)
    return results


def run_on_model(kernel: Kernel[T], model: PqxModel | None = None,
                 stats: dict[str, int] | None = None) -> T:
    """Runs a kernel on the model (a fresh one unless given). `stats` (if given) receives the
    number of batches, instructions and permutations (KPERM)."""
    m = model if model is not None else PqxModel()
    words: dict[str, int] = {}
    batches = instructions = perms = 0
    try:
        batch = next(kernel)
        while True:
            results = run_batch_on_model(m, batch, words)
            batches += 1
            instructions += len(batch)
            perms += sum(name == "KPERM" for name, _ in batch)
            batch = kernel.send(results)
    except StopIteration as stop:
        if stats is not None:
            stats.update(batches=batches, instructions=instructions, perms=perms)
        return stop.value
