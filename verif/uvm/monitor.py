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

from cocotb import simulator
from cocotb.triggers import Event, FallingEdge
from pyuvm import ConfigDB, uvm_analysis_port, uvm_monitor

from .bfm import CycleSample, XifBfm, run_woken_tasks
from .items import CommitTxn, IssueTxn, ResultTxn


class DirectAnalysisPort(uvm_analysis_port):
    """An analysis port that calls each subscriber's write function itself (pyuvm's port calls
    the export, which calls it). Every export connected must be a uvm_subscriber's."""

    def connect(self, export) -> None:
        if not hasattr(export, "write_fn"):
            raise TypeError(f"{self.get_full_name()}: {export.get_full_name()} is not a "
                            f"uvm_subscriber's analysis export")
        super().connect(export)

    def write(self, datum) -> None:
        for export in self.subscribers:
            export.write_fn(datum)


class XifMonitor(uvm_monitor):
    def build_phase(self) -> None:
        self.bfm: XifBfm = ConfigDB().get(self, "", "BFM")
        self.cycle_ap = DirectAnalysisPort("cycle_ap", self)
        self.issue_ap = DirectAnalysisPort("issue_ap", self)
        self.commit_ap = DirectAnalysisPort("commit_ap", self)
        self.result_ap = DirectAnalysisPort("result_ap", self)
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
        """Runs on simulator callbacks rather than as a task (no task switch per sample): a
        timer callback at each edge to look at, a value-change callback on the flag while it
        sleeps. A checker's failure ends the callbacks and is raised here."""
        clock = self.bfm.clock
        self._handshake = False
        self._failure: BaseException | None = None
        self._callback: simulator.sim_callback | None = None
        self._failed = Event()
        self._next = clock.cycle() + 1
        self._callback = simulator.register_timed_callback(
            clock.edge_steps(self._next), self._at_edge)
        try:
            await self._failed.wait()
            raise self._failure
        finally:
            if self._callback is not None:       # (a callback that ran is gone already)
                self._callback.deregister()

    def _at_edge(self) -> None:
        """At the edge ending cycle `self._next`, before it is evaluated."""
        bfm = self.bfm
        self._callback = None
        try:
            if bfm.changed() or self._handshake:
                cycle = self.cycle = self._next
                s = bfm.sample(cycle)
                self._observe(s)
                self._handshake = s.issue_fire or s.commit_valid or s.result_fire
                self._next = cycle + 1
                self._callback = simulator.register_timed_callback(bfm.clock.PERIOD, self._at_edge)
            else:
                self._callback = simulator.register_value_change_callback(
                    bfm.changed_handle, self._on_rise, simulator.RISING)
        except BaseException as failure:       # a checker's: the test fails with it
            self._failure = failure
            self._failed.set()
            run_woken_tasks()

    def _on_rise(self) -> None:
        """The flag rose: the cycle in progress differs from the last sampled one."""
        clock = self.bfm.clock
        self._callback = None
        self._next = clock.cycle() + 1
        self._callback = simulator.register_timed_callback(clock.edge_steps(self._next),
                                                           self._at_edge)

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
