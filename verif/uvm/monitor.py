"""Passive monitor: samples every CV-X-IF signal once per cycle and rebuilds transactions.

It samples at the falling edge, when the host's inputs of the cycle have settled; the values are
the ones the next rising edge captures.

`cycle_ap` carries every `CycleSample` (for the protocol checker and cycle-level coverage);
`issue_ap`, `commit_ap` and `result_ap` carry the completed handshakes.
"""

from __future__ import annotations

from cocotb.triggers import FallingEdge
from pyuvm import ConfigDB, uvm_analysis_port, uvm_monitor

from .bfm import XifBfm
from .items import CommitTxn, IssueTxn, ResultTxn


class XifMonitor(uvm_monitor):
    def build_phase(self) -> None:
        self.bfm: XifBfm = ConfigDB().get(self, "", "BFM")
        self.cycle_ap = uvm_analysis_port("cycle_ap", self)
        self.issue_ap = uvm_analysis_port("issue_ap", self)
        self.commit_ap = uvm_analysis_port("commit_ap", self)
        self.result_ap = uvm_analysis_port("result_ap", self)
        self.cycle = 0

    async def run_phase(self) -> None:
        bfm = self.bfm
        mid_cycle = FallingEdge(bfm.clk)   # the host drives just after the rising edge
        stalled = 0
        while True:
            await mid_cycle
            self.cycle += 1
            s = bfm.sample(self.cycle)
            self.cycle_ap.write(s)
            if s.issue_fire:
                self.issue_ap.write(IssueTxn(s.cycle, s.issue_id, s.instr, s.rs, s.rs_valid, s.accept,
                                             s.writeback, s.register_read))
            if s.commit_valid:
                self.commit_ap.write(CommitTxn(s.cycle, s.commit_id, s.commit_kill))
            if s.result_valid:
                if s.result_ready:
                    self.result_ap.write(ResultTxn(s.cycle, s.result_id, s.result_data, s.result_rd,
                                                   s.result_we, s.result_exc, s.result_exccode,
                                                   s.result_dbg, s.result_err, stalled))
                    stalled = 0
                else:
                    stalled += 1
