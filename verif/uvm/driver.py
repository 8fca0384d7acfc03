"""The host-core emulator: drives CV-X-IF issue, register, commit and result_ready.

It plays a speculative in-order host. Per cycle it may leave a gap, present the next request with
its rs_valid bits arriving late and one at a time (junk in the registers not yet valid), withdraw a
waiting request (valid dropped, or the id changed), commit in the issue cycle or later, commit in
batches (a commit of id N commits all older ids), kill (a kill of id N kills all younger ids,
rejected instructions included) and stall result_ready. Every choice comes from the host's own
generator (ConfigDB "HOST_RNG", derived from the test's seed apart from the stimulus generator), so
a seed reproduces a run exactly and a change of host knobs leaves the instruction stream alone.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cocotb.triggers import RisingEdge, Timer
from pyuvm import ConfigDB, uvm_driver

from verif.models.consts import NUM_IDS, POLY_LONGEST_WAIT

from .bfm import XifBfm
from .host_config import HostConfig
from .scoreboard import Tap
from .items import ResultTxn, XifInstr

# No handshake of any kind for this long while work is pending: a hang. A polynomial instruction
# may wait for an engine run (or the clear after reset) that long.
WATCHDOG_CYCLES = 2000 + POLY_LONGEST_WAIT


@dataclass(slots=True)
class _Issued:
    """An issued instruction the host has not committed or killed yet."""

    id: int
    commit_at: int


class HostDriver(uvm_driver):
    def build_phase(self) -> None:
        self.bfm: XifBfm = ConfigDB().get(self, "", "BFM")
        self.rng: random.Random = ConfigDB().get(self, "", "HOST_RNG")
        self.cfg: HostConfig = ConfigDB().get(self, "", "HOST_CFG")
        self.cycle = 0
        self.cur: XifInstr | None = None
        self.cur_id = 0
        self.rs_arrival = [0, 0, 0]          # cycle at which each rs_valid bit rises
        self.presented = 0                   # cycles the current request has been on the bus
        self.gap = 0
        self.next_id = 0
        self.in_flight: dict[int, bool] = {}  # id -> accepted; an id is reused only once it left
        self.uncommitted: list[_Issued] = []  # program order, oldest first
        self.stall_left = 0
        self.last_progress = 0
        self.freed: list[int] = []            # ids in the order they became free
        self.issued = 0                       # issue handshakes so far (progress reports)
        self.result_export = Tap("result_export", self, self.on_result_taken)   # from the monitor

    def drained(self) -> bool:
        return self.cur is None and not self.in_flight

    # ------------------------------------------------------------------ helpers
    def _free_id(self) -> int | None:
        """The next id after the last one, or now and then any free id (a rejected id is free
        again once committed, even while the coprocessor still holds its entry)."""
        if self.rng.random() < self.cfg.reuse_id:
            # the most recently freed id first: that is the one the coprocessor may still hold
            for cand in reversed(self.freed):
                if cand not in self.in_flight:
                    return cand
        for k in range(NUM_IDS):
            cand = (self.next_id + k) % NUM_IDS
            if cand not in self.in_flight:
                return cand
        return None

    def _note_free(self, id_: int) -> None:
        self.freed = [i for i in self.freed[-7:] if i != id_] + [id_]

    def _take_request(self) -> None:
        new_id = self._free_id()
        if new_id is None:
            return
        ok, item = self.seq_item_port.try_next_item()
        if not ok:
            return
        self.cur, self.cur_id, self.presented = item, new_id, 0
        late = self.rng.random() < self.cfg.late_rs
        self.rs_arrival = [self.cycle + (self.rng.randint(0, self.cfg.max_rs_delay) if late else 0)
                           for _ in range(3)]

    def _commit_delay(self) -> int:
        if self.rng.random() < self.cfg.commit_now:
            return 0
        return self.rng.randint(1, max(1, self.cfg.max_commit_delay))

    # ------------------------------------------------------------------ cycle loop
    async def run_phase(self) -> None:
        rng, cfg, bfm = self.rng, self.cfg, self.bfm
        clk_edge = RisingEdge(bfm.clk)
        settle = Timer(1, "ns")
        while True:
            await clk_edge
            self.cycle += 1

            # 1. issue request (or a gap, or a withdrawal)
            if self.cur is None:
                if self.gap:
                    self.gap -= 1
                else:
                    self._take_request()
            valid = self.cur is not None
            if valid and self.presented and rng.random() < cfg.withdraw:
                if rng.random() < 0.5:
                    valid = False                     # valid dropped for a cycle
                else:
                    self.next_id = (self.cur_id + 1) % NUM_IDS
                    self.cur_id = self._free_id() or self.cur_id   # same instruction, other id
            if valid:
                rs_valid = sum(1 << k for k in range(3) if self.rs_arrival[k] <= self.cycle)
                rs = tuple(self.cur.rs[k] if rs_valid >> k & 1 else rng.getrandbits(32)
                           for k in range(3))
                bfm.drive_issue(1, self.cur.instr, self.cur_id, rs, rs_valid)
                self.presented += 1
            else:
                bfm.drive_issue(0, 0, 0, (0, 0, 0), 0)

            # 2. the request being issued can be committed or killed in its issue cycle, so let
            #    the new inputs settle and see whether the handshake happens.
            if valid:
                await settle
                if bfm.issue_ready():
                    self.last_progress = self.cycle
                    self.in_flight[self.cur_id] = bool(bfm.accept())
                    self.uncommitted.append(_Issued(self.cur_id, self.cycle + self._commit_delay()))
                    self.next_id = (self.cur_id + 1) % NUM_IDS
                    self.cur = None
                    self.gap = rng.randint(1, cfg.max_gap) if rng.random() < cfg.issue_gap else 0
                    self.issued += 1
                    self.seq_item_port.item_done()
            self._drive_commit()

            # 3. result back-pressure
            if self.stall_left:
                self.stall_left -= 1
            elif rng.random() < cfg.stall:
                self.stall_left = rng.randint(1, cfg.max_stall)
            ready = 0 if self.stall_left else 1
            bfm.drive_result_ready(ready)

            # 4. a result taken at the coming edge frees its id: `on_result_taken`, called by the
            #    monitor's result port mid-cycle (one Python wake-up less per cycle than waiting
            #    here for the values to settle)
            if self.cycle - self.last_progress > WATCHDOG_CYCLES and not self.drained():
                raise AssertionError(
                    f"host watchdog: no issue or result handshake for {WATCHDOG_CYCLES} cycles "
                    f"(waiting request: {self.cur}, in flight: {sorted(self.in_flight)}, "
                    f"uncommitted: {[e.id for e in self.uncommitted]})")

    def on_result_taken(self, t: ResultTxn) -> None:
        self.in_flight.pop(t.id, None)
        self._note_free(t.id)
        self.last_progress = self.cycle

    def _drive_commit(self) -> None:
        """At most one commit transaction per cycle over the issued, uncommitted instructions."""
        pending = self.uncommitted
        if not pending:
            self.bfm.drive_commit(0)
            return
        rng = self.rng
        if rng.random() < self.cfg.kill:
            k = rng.randrange(len(pending))
            self.bfm.drive_commit(1, pending[k].id, 1)
            for entry in pending[k:]:
                del self.in_flight[entry.id]
                self._note_free(entry.id)
            self.uncommitted = pending[:k]
            return
        eligible = 0
        while eligible < len(pending) and pending[eligible].commit_at <= self.cycle:
            eligible += 1
        if eligible == 0:
            self.bfm.drive_commit(0)
            return
        k = eligible - 1 if rng.random() < self.cfg.batch_commit else 0
        self.bfm.drive_commit(1, pending[k].id, 0)
        self.last_progress = self.cycle
        for entry in pending[: k + 1]:
            if not self.in_flight[entry.id]:
                del self.in_flight[entry.id]          # rejected: nothing more to come
                self._note_free(entry.id)
        self.uncommitted = pending[k + 1:]
