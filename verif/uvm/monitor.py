"""Passive monitor: samples every CV-X-IF signal and rebuilds transactions.

On the system tests' bench (verif/tb/pqx_top_xif_tb.sv) it samples only the cycles in which
something can have happened: at the edge ending a cycle whose values differ from the previous
cycle's (the bench's change flag `xif_changed_o`, masked to the fields that mean something), and
in the cycle after a handshake. A skipped cycle repeats the last sampled one exactly, so it holds no
new handshake and every rule holds in it as in that sample; consumers count the cycles a sample
lasted from the cycle numbers (stall lengths). While the flag stays low the monitor sleeps until it
rises. Without the bench (the SoC check, verif/soc/check_soc.py, whose clock cocotb drives) it
samples every cycle at the falling edge, when the host's inputs of the cycle have settled.

`cycle_ap` carries every `CycleSample` (for the protocol checker and cycle-level coverage);
`issue_ap`, `commit_ap` and `result_ap` carry the completed handshakes.
"""

from __future__ import annotations

from cocotb.triggers import FallingEdge, Timer
from pyuvm import ConfigDB, uvm_analysis_port, uvm_monitor

from .bfm import CycleSample, XifBfm
from .items import CommitTxn, IssueTxn, ResultTxn


class XifMonitor(uvm_monitor):
    def build_phase(self) -> None:
        self.bfm: XifBfm = ConfigDB().get(self, "", "BFM")
        self.cycle_ap = uvm_analysis_port("cycle_ap", self)
        self.issue_ap = uvm_analysis_port("issue_ap", self)
        self.commit_ap = uvm_analysis_port("commit_ap", self)
        self.result_ap = uvm_analysis_port("result_ap", self)
        self.cycle = 0
        self.stall_since: int | None = None    # first cycle of the pending result's stall

    async def run_phase(self) -> None:
        if self.bfm.clock is None:
            await self._every_cycle()
        else:
            await self._on_change()

    async def _every_cycle(self) -> None:
        bfm = self.bfm
        mid_cycle = FallingEdge(bfm.clk)   # the host drives just after the rising edge
        while True:
            await mid_cycle
            self.cycle += 1
            self._observe(bfm.sample(self.cycle))

    async def _on_change(self) -> None:
        bfm, clock, changed = self.bfm, self.bfm.clock, self.bfm.changed
        next_edge_from_edge = Timer(clock.PERIOD, "step")
        handshake = False
        cycle = clock.cycle() + 1
        await clock.edge(cycle)
        while True:
            if changed() or handshake:
                self.cycle = cycle
                s = bfm.sample(cycle)
                self._observe(s)
                handshake = s.issue_fire or s.commit_valid or s.result_fire
                cycle += 1
                await next_edge_from_edge
            else:
                await bfm.changed_rises     # the cycle in progress differs from the last
                cycle = clock.cycle() + 1
                await clock.edge(cycle)

    def _observe(self, s: CycleSample) -> None:
        self.cycle_ap.write(s)
        if s.issue_fire:
            self.issue_ap.write(IssueTxn(s.cycle, s.issue_id, s.instr, s.rs, s.rs_valid, s.accept,
                                         s.writeback, s.register_read))
        if s.commit_valid:
            self.commit_ap.write(CommitTxn(s.cycle, s.commit_id, s.commit_kill))
        if not s.result_valid:
            self.stall_since = None
        elif s.result_ready:
            stalled = 0 if self.stall_since is None else s.cycle - self.stall_since
            self.stall_since = None
            self.result_ap.write(ResultTxn(s.cycle, s.result_id, s.result_data, s.result_rd,
                                           s.result_we, s.result_exc, s.result_exccode,
                                           s.result_dbg, s.result_err, stalled))
        elif self.stall_since is None:
            self.stall_since = s.cycle
