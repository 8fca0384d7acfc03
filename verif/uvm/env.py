"""The XIF environment and the base test every system test derives from."""

from __future__ import annotations

import gc
import os
import random

import cocotb
from pyuvm import ConfigDB, uvm_env, uvm_sequencer, uvm_test

from verif.models import PqxModel
from verif.models.pqx_model import HostMemory

from .bfm import XifBfm
from .coverage import XifCoverage
from .driver import HostDriver
from .host_config import HostConfig
from .memory import DmaMemory
from .monitor import XifMonitor
from .protocol import XifProtocolChecker
from .scoreboard import XifScoreboard


class XifSequencer(uvm_sequencer):
    """pyuvm's sequencer relays every item through a task of its own (its queue, then the
    driver's); with nothing to arbitrate (items are taken in the order the sequences offer
    them, as there) start_item puts the item in the driver's queue itself: one task switch
    fewer per instruction."""

    async def start_item(self, item) -> None:
        await self.seq_item_export.put_req(item)
        await item.start_condition.wait()

    async def send_all(self, seq, items: list) -> None:
        """Hands a sequence's fixed list of items to the driver and returns when it is done with
        the last. The items go into the driver's queue at once, in order, instead of one
        start_item/finish_item exchange each (two task switches per item, a tenth of the system
        test's time; a fixed list has nothing to decide between items). The driver takes them
        as before (try_next_item, item_done). Every sequence of these tests runs alone: each is
        awaited before the next starts."""
        queue = self.seq_item_export.req_q
        for item in items:
            item.parent_sequence_id = seq.sequence_id
            queue.put_nowait(item)
        if items:
            await items[-1].finish_condition.wait()


class XifEnv(uvm_env):
    def build_phase(self) -> None:
        self.seqr = XifSequencer("seqr", self)
        self.driver = HostDriver("driver", self)
        self.monitor = XifMonitor("monitor", self)
        self.protocol = XifProtocolChecker("protocol", self)
        self.scoreboard = XifScoreboard("scoreboard", self)
        self.coverage = XifCoverage("coverage", self)

    def connect_phase(self) -> None:
        self.driver.seq_item_port.connect(self.seqr.seq_item_export)
        m = self.monitor
        m.cycle_ap.connect(self.protocol.analysis_export)
        m.cycle_ap.connect(self.coverage.cycle_export.analysis_export)
        m.issue_ap.connect(self.scoreboard.issue_export.analysis_export)
        m.commit_ap.connect(self.scoreboard.commit_export.analysis_export)
        m.result_ap.connect(self.scoreboard.result_export.analysis_export)
        m.issue_ap.connect(self.coverage.issue_export.analysis_export)
        m.commit_ap.connect(self.coverage.commit_export.analysis_export)
        m.result_ap.connect(self.coverage.result_export.analysis_export)
        m.result_ap.connect(self.driver.result_export.analysis_export)   # frees the result's id


def knob(name: str, default: int) -> int:
    """An integer test knob from the environment (set by scripts/sim.py from make variables)."""
    value = os.environ.get(name)
    return int(value) if value else default


def derived_rng(seed: int, stream: str) -> random.Random:
    """A generator for one stream of choices ("stimulus", "host"), derived from the test's seed:
    the streams are independent, so drawing more or fewer host choices (another HostConfig)
    does not move the stimulus."""
    return random.Random(f"{seed}/{stream}")


def freeze_heap() -> None:
    """Moves every object alive now (the model's tables, pyuvm's tree, a test's stimulus list)
    out of the garbage collector's sight: they live to the end of the test, and the full
    collections that walked them each time were 3 % of a long run."""
    gc.collect()
    gc.freeze()


class XifBaseTest(uvm_test):
    """Reset, seeded generators, model and env; subclasses implement `stimulus`. The clock is
    the bench's own (verif/tb/pqx_top_xif_tb.sv; `self.bfm.clock`).

    Two generators come from cocotb's RANDOM_SEED (the SEED make variable): `rng` for the stimulus
    (instructions, operands, the initial S and O; ConfigDB "RNG") and one for the host's timing
    choices (ConfigDB "HOST_RNG"). One seed reproduces the whole run, and the same seed gives the
    same instruction stream under any HostConfig. The initial S and O are randomised through the
    backdoor (the model gets the same words) so that reads see varied data.
    """

    host_config = HostConfig()
    coverage_required = False
    model_class = PqxModel

    def build_phase(self) -> None:
        self.seed = cocotb.RANDOM_SEED
        self.rng = derived_rng(self.seed, "stimulus")
        self.model = self.model_class()
        self.bfm = XifBfm(cocotb.top)
        ConfigDB().set(None, "*", "RNG", self.rng)
        ConfigDB().set(None, "*", "HOST_RNG", derived_rng(self.seed, "host"))
        ConfigDB().set(None, "*", "BFM", self.bfm)
        ConfigDB().set(None, "*", "MODEL", self.model)
        ConfigDB().set(None, "*", "HOST_CFG", self.host_config)
        ConfigDB().set(None, "*", "COVERAGE_REQUIRED", self.coverage_required)
        self.env = XifEnv("env", self)

    async def run_phase(self) -> None:
        self.raise_objection()
        self.logger.info(f"seed {os.environ.get('COCOTB_RANDOM_SEED', '?')} "
                         f"(this test's generator: {self.seed})")
        dut, bfm = cocotb.top, self.bfm
        clock = bfm.clock
        bfm.reset_inputs()
        memory = None
        if hasattr(dut, "dma_req_o"):      # the polynomial unit's DMA: a stalling memory
            mem_seed = derived_rng(self.seed, "memory").getrandbits(32)
            self.model.host = HostMemory(mem_seed)
            memory = DmaMemory(dut, HostMemory(mem_seed), derived_rng(self.seed, "bus"),
                               stall=0.2, max_stall=3, clock=clock, latch=bfm.latch)
            memory.reset_inputs()
            cocotb.start_soon(memory.run())
        dut.rst_ni.value = 0
        await clock.edge(3)
        dut.rst_ni.value = 1
        await clock.edge(4)
        for name, words in (("s", self.model.S), ("o", self.model.O)):
            words[:] = [self.rng.getrandbits(32) for _ in range(50)]
            bfm.poke_state(name, words)
        freeze_heap()
        await self.stimulus()
        await self.drain()
        self.env.scoreboard.check_state(bfm.peek_state("s"), bfm.peek_state("o"))
        if memory is not None:
            await self.check_host_memory(memory)
        await self.check_clock_gate_idle()
        self.drop_objection()

    async def check_clock_gate_idle(self, cycles: int = 4) -> None:
        """Drained, the last result taken and the polynomial unit idle, with no issue or commit
        request: pqx_top's clock enable must go low (a system stops PQX's clock with it:
        docs/soc.md). Stuck high, the design would still compute every result right, so no
        scoreboard could see it; sampled for a few cycles, so the check does not depend on where
        in a cycle the simulator wakes it."""
        dut, clock = cocotb.top, self.bfm.clock
        for _ in range(cycles):
            await clock.next_edge()
            if int(dut.issue_valid_i.value) or int(dut.commit_valid_i.value):
                return                      # a request is waiting: the enable may be high
            if not int(dut.clock_en_o.value):
                return
        raise AssertionError(f"clock_en_o stayed high for {cycles} cycles while PQX was idle "
                             "(nothing in flight, no result, the polynomial unit idle, no request)")

    async def check_host_memory(self, memory: DmaMemory) -> None:
        """Once the last transfer has ended, host memory must be what the model's POLY_STs
        made of it (a killed or rejected POLY_ST writes nothing)."""
        clock = self.bfm.clock
        for _ in range(10_000):
            if not int(self.bfm.core.u_poly.busy_o.value) and memory.idle():
                break
            await clock.next_edge()
        else:
            raise AssertionError("the polynomial unit is still busy 10,000 cycles after the drain")
        diff = memory.differs_from(self.model.host)
        if diff:
            raise AssertionError(diff)
        self.logger.info(f"host memory: {len(self.model.host.words)} words stored by POLY_ST, as the model; "
                         f"{memory.stall_cycles} bus stall cycles")

    async def stimulus(self) -> None:
        raise NotImplementedError

    async def drain(self, limit: int = 10_000) -> None:
        """Wait until the host has nothing in flight and the last result has been taken."""
        clock = self.bfm.clock
        for _ in range(limit):
            await clock.next_edge()
            if self.env.driver.drained() and not self.env.seqr.seq_item_export.req_q.qsize():
                await clock.edge(clock.cycle() + 2)
                return
        raise AssertionError(f"not drained after {limit} cycles: in flight {self.env.driver.in_flight}")
