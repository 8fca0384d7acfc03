"""The memory side of PQX's DMA port (dma_* of pqx_top and pqx_poly_unit): an OBI-style slave
that stalls at random, and a checker of the master's half of the protocol.

At each rising edge the memory first takes the request of the cycle that edge ends (as the edge
sees it), then drives dma_gnt_i for the next cycle (withheld with probability `stall`, never more
than `max_stall` cycles in a row) and dma_rvalid_i/dma_rdata_i (the oldest outstanding response,
once its random delay of 1 .. 1 + max_stall cycles has passed and the memory does not stall it;
otherwise rvalid 0 and junk data). While nothing is outstanding and no request is up it sleeps
until dma_req_o rises and drives that cycle's grant then. A granted read takes its word from `mem`
(a HostMemory) at the grant, a granted write stores into it. With `spurious` > 0 it also raises
rvalid now and then with nothing outstanding (outside OBI: the DMA is specified to ignore it);
such a memory never sleeps. The master's rules, checked every cycle: a request not granted stays up with the same address, direction and data until its grant.
`granted` logs every granted (we, addr, wdata) in order; a test clears it per transfer.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable

from cocotb.simtime import get_sim_time
from cocotb.triggers import RisingEdge

from verif.models.pqx_model import HostMemory

from .bfm import HarnessClock, reader, writer

CLOCK_NS = 10


class DmaMemory:
    def __init__(self, dut, mem: HostMemory, rng: random.Random, stall: float = 0.3,
                 max_stall: int = 4, spurious: float = 0.0, clock: HarnessClock | None = None,
                 latch: Callable[[], None] | None = None) -> None:
        """`clock`: the bench's own clock (verif/uvm/bfm.py), else cocotb drives dut.clk_i;
        either with a period of CLOCK_NS. On the bench the inputs are registered (immediate
        writes at an edge, before it is evaluated; `latch`, XifBfm.latch, for writes after the
        edge's evaluation: when the memory wakes on dma_req_o)."""
        self.dut, self.mem, self.rng = dut, mem, rng
        self.next_edge = clock.next_edge if clock is not None else lambda: RisingEdge(dut.clk_i)
        bench = clock is not None
        self._writes = tuple(writer(h, direct=bench, immediate=bench)
                             for h in (dut.dma_gnt_i, dut.dma_rvalid_i, dut.dma_rdata_i))
        self._latch = latch if bench else None
        self._reads = tuple(reader(h) for h in (dut.rst_ni, dut.dma_req_o, dut.dma_we_o,
                                                dut.dma_addr_o, dut.dma_wdata_o))
        self.stall, self.max_stall, self.spurious = stall, max_stall, spurious
        self.granted: list[tuple[int, int, int]] = []
        self.pending: deque[tuple[int, int]] = deque()    # (cycle due, read data)
        self.stall_cycles = 0                             # grants and responses held back

    def differs_from(self, want: HostMemory) -> str | None:
        """None if every word written through the port is as `want` (the model's host memory)
        has it, else the first address that differs."""
        got = self.mem.words
        if got == want.words:
            return None
        a = min(k for k in set(got) | set(want.words) if got.get(k) != want.words.get(k))
        return f"host word {a:#010x}: DMA wrote {got.get(a)}, model {want.words.get(a)}"

    def idle(self) -> bool:
        return not self.pending

    def reset_inputs(self) -> None:
        for write in self._writes:
            write(0)

    async def run(self) -> None:
        rst_n, get_req, get_we, get_addr, get_wdata = self._reads
        req_rises = RisingEdge(self.dut.dma_req_o)
        cycle, gnt_held, waiting = 1, 0, None       # `cycle`: the one driven next
        late = True       # (started between edges: the first drive applies to the cycle in progress)
        while True:
            gnt = self._drive(cycle, gnt_held)
            if late and self._latch is not None:
                self._latch()           # the registered inputs take it for the cycle in progress
            late = False
            await self.next_edge()                  # the edge ending `cycle`: its values
            if not rst_n():
                self.pending.clear()
                waiting, gnt_held, cycle = None, 0, cycle + 1
                continue
            req = get_req()
            beat = (get_we(), get_addr(), get_wdata())
            if waiting is not None:
                if not req:
                    raise AssertionError(f"DMA dropped its request {_show(waiting)} before the grant")
                if beat != waiting:
                    raise AssertionError(f"DMA changed its waiting request {_show(waiting)} "
                                         f"to {_show(beat)} before the grant")
            if not req:
                waiting, gnt_held = None, 0
            elif not gnt:
                waiting, gnt_held = beat, gnt_held + 1
                self.stall_cycles += 1
            else:
                waiting, gnt_held = None, 0
                self._grant(cycle, beat)
            cycle += 1
            if not req and not self.pending and not self.spurious:
                asleep = get_sim_time("ns")         # at the edge ending cycle - 1
                await req_rises                     # at an edge: the cycle it starts has a request
                cycle += round((get_sim_time("ns") - asleep) / CLOCK_NS)
                late = True       # (the next _drive runs after the edge's evaluation)

    def _drive(self, cycle: int, gnt_held: int) -> int:
        """Grant, response valid and data of `cycle`; returns the grant."""
        rng = self.rng
        rvalid, rdata = 0, rng.getrandbits(32)
        if self.pending and self.pending[0][0] <= cycle:
            if rng.random() < self.stall and cycle - self.pending[0][0] < self.max_stall:
                self.stall_cycles += 1
            else:
                rvalid, rdata = 1, self.pending.popleft()[1]
        elif not self.pending and rng.random() < self.spurious:
            rvalid = 1
        gnt = 1
        if gnt_held < self.max_stall and rng.random() < self.stall:
            gnt = 0
        set_gnt, set_rvalid, set_rdata = self._writes
        set_gnt(gnt)
        set_rvalid(rvalid)
        set_rdata(rdata)
        return gnt

    def _grant(self, cycle: int, beat: tuple[int, int, int]) -> None:
        self.granted.append(beat)
        we, addr, wdata = beat
        if addr & 3:
            raise AssertionError(f"DMA request to a misaligned address {addr:#010x}")
        if we:
            self.mem.write(addr, wdata)
        rng = self.rng
        due = cycle + 1 + (rng.randrange(self.max_stall + 1) if rng.random() < self.stall else 0)
        self.pending.append((max(due, self.pending[-1][0] if self.pending else 0),
                             0 if we else self.mem.read(addr)))


def _show(beat: tuple[int, int, int]) -> str:
    we, addr, wdata = beat
    return f"(write {addr:#010x} <- {wdata:#010x})" if we else f"(read {addr:#010x})"
