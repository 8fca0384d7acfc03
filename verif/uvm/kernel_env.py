"""Runs batch kernels (verif/kernels/runner.py: ntt, sampling, ...) through the pyuvm env.

A kernel is a generator that yields batches of instructions, items of `ListSequence`:
(name, (rs1, rs2, rs3)). `BatchKernelTest.run_kernel` runs each batch through the sequencer, waits
until the host has drained, checks that the scoreboard checked one result per instruction in
order, and sends the kernel the DUT's rd values of the batch (the results of the instructions that
write rd, in order); the kernel builds its next batch from them. The generator's return value is
the kernel's output, built from the DUT's results.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Generator, Iterable

from verif.kernels.runner import Kernel
from verif.models import INSTRUCTIONS
from verif.uvm.env import XifBaseTest
from verif.uvm.host_config import HostConfig
from verif.uvm.sequences import ListSequence


class BatchKernelTest(XifBaseTest):
    """Runs kernels through the env; no kills (firmware would have to replay them).

    `run_kernel` gives the kernel's output and its measurements: cycles (issue of the first
    instruction to the last result, monitor cycles; the host's turnaround between batches
    included), batch_cycles (the same per batch, summed), batches, instructions. `checks` counts
    the outputs `check` found equal to the reference, `instructions` the instructions run.
    """

    host_config = HostConfig(kill=0.0)
    checks = 0
    instructions = 0

    async def run_kernel(self, kernel: Kernel, label: str) -> tuple[Any, dict[str, int]]:
        """The kernel's output, built from the DUT's results, and its measurements (see the class)."""
        sb = self.env.scoreboard
        stats = {"cycles": 0, "batch_cycles": 0, "batches": 0, "instructions": 0}
        first = last = None
        try:
            batch = next(kernel)
            while True:
                sb.checked_log = []
                await ListSequence(f"{label} batch {stats['batches']}", batch).start(self.env.seqr)
                await self.drain()
                log, sb.checked_log = sb.checked_log, None
                assert len(log) == len(batch), (
                    f"{label}: {len(log)} results checked for {len(batch)} instructions")
                assert [r.name for r in log] == [name for name, _ in batch], f"{label}: result order"
                first = log[0].issue_cycle if first is None else first
                last = log[-1].result_cycle
                stats["batch_cycles"] += log[-1].result_cycle - log[0].issue_cycle
                stats["batches"] += 1
                stats["instructions"] += len(batch)
                # the kernel takes the rd of every instruction that writes one (not KINIT/KABSORB/KPERM)
                batch = kernel.send([r.data for r in log if INSTRUCTIONS[r.name].writeback])
        except StopIteration as stop:
            stats["cycles"] = last - first
            self.instructions += stats["instructions"]
            return stop.value, stats

    def check(self, label: str, got: list[int], want: list[int]) -> None:
        if got != want:
            k = next(k for k, (g, w) in enumerate(zip(got, want)) if g != w) if len(got) == len(want) else -1
            raise AssertionError(f"{label}: DUT differs from the reference at [{k}] "
                                 f"(DUT {got[k] if k >= 0 else len(got)}, reference "
                                 f"{want[k] if k >= 0 else len(want)}; seed {self.seed})")
        self.checks += 1

    async def report_cycles(self, cases: Iterable[tuple[str, Kernel, Any]], file_name: str) -> None:
        """Runs and checks each (label, kernel, expected output), logs the cycles of each kernel and
        writes the table to $PQX_REPORT_DIR/`file_name` when PQX_REPORT_DIR is set."""
        table = {}
        for label, kernel, want in cases:
            got, stats = await self.run_kernel(kernel, label)
            self.check(label, got, want)
            table[label] = {"cycles": stats["cycles"], "instructions": stats["instructions"],
                            "batches": stats["batches"], "cycles within batches": stats["batch_cycles"]}
        self.logger.info("kernel cycles (zero-stall host, first issue to last result): "
                         + ", ".join(f"{k}: {v['cycles']}" for k, v in table.items()))
        out_dir = os.environ.get("PQX_REPORT_DIR")
        if out_dir:
            Path(out_dir).mkdir(parents=True, exist_ok=True)
            (Path(out_dir) / file_name).write_text(json.dumps(table, indent=1))
