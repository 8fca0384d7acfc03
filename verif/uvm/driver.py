"""The host-core emulator: drives CV-X-IF issue, register, commit and result_ready.

It plays a speculative in-order host. Per cycle it may leave a gap, present the next request with
its rs_valid bits arriving late and one at a time (junk in the registers not yet valid), withdraw a
waiting request (valid dropped, or the id changed), commit in the issue cycle or later, commit in
batches (a commit of id N commits all older ids), kill (a kill of id N kills all younger ids,
rejected instructions included) and stall result_ready. Every choice comes from the host's own
generator (ConfigDB "HOST_RNG", derived from the test's seed apart from the stimulus generator), so
a seed reproduces a run exactly and a change of host knobs leaves the instruction stream alone.

The host works per event, not per cycle. A choice with a probability per cycle (withdrawing a
waiting request, killing, starting a result_ready stall) is drawn once, as the number of cycles
until it happens (geometric: the same law as a draw each cycle), so the host knows the next cycle
in which it changes a signal and sleeps until the edge before it (verif/uvm/bfm.py,
HarnessClock), or until issue_ready rises under its waiting request. Junk in the registers not yet
valid is drawn anew whenever the request on the bus changes (taken, id changed, back after a
withdrawal, a register arriving). A request taken in a cycle in which the host already committed
an older one waits for the next cycle to be committed (one commit transaction per cycle).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from cocotb import simulator
from cocotb.triggers import Event
from pyuvm import ConfigDB, uvm_driver

from verif.models.consts import NUM_IDS, POLY_LONGEST_WAIT

from .bfm import XifBfm, run_woken_tasks
from .host_config import HostConfig
from .scoreboard import Tap
from .items import ResultTxn, XifInstr

# No handshake of any kind for this long while work is pending: a hang. A polynomial instruction
# may wait for an engine run (or the clear after reset) that long.
WATCHDOG_CYCLES = 2000 + POLY_LONGEST_WAIT
NEVER = 1 << 62          # a cycle no run reaches


def cycles_until(rng: random.Random, p: float) -> int:
    """Cycles until an event of probability `p` per cycle happens, the next cycle counting as 1
    (geometric), from one draw; NEVER for p = 0."""
    if p <= 0:
        return NEVER
    if p >= 1:
        return 1
    return 1 + int(math.log(1.0 - rng.random()) / math.log(1.0 - p))


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
        self.cycle = 0                       # the cycle driven last
        self.cur: XifInstr | None = None
        self.cur_id = 0
        self.rs_arrival = [0, 0, 0]          # cycle at which each rs_valid bit rises
        self.withdraw_at = NEVER             # cycle of the waiting request's next withdrawal
        self.take_at = 0                     # no request before this cycle (an issue gap)
        self.valid_driven = False            # issue_valid as driven last
        self.commit_driven = False           # commit_valid as driven last
        self.commit_kill = False             # commit_kill as driven last
        self.commit_cycle = 0                # the cycle they were driven for
        self.next_id = 0
        self.in_flight: dict[int, bool] = {}  # id -> accepted; an id is reused only once it left
        self.uncommitted: list[_Issued] = []  # program order, oldest first
        self.kill_at: int | None = None      # cycle of the next kill while `uncommitted` is not empty
        self.stall_from: int | None = None   # cycle the next result_ready stall starts
        self.stall_to = NEVER                # cycle result_ready rises again (NEVER: not stalling)
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

    def _forget(self, id_: int) -> None:
        """An instruction killed, or committed while rejected: nothing more comes for its id."""
        del self.in_flight[id_]
        self._note_free(id_)

    def _note_free(self, id_: int) -> None:
        self.freed = [i for i in self.freed[-7:] if i != id_] + [id_]

    def _take_request(self, cycle: int) -> None:
        new_id = self._free_id()
        if new_id is None:
            return
        ok, item = self.seq_item_port.try_next_item()
        if not ok:
            return
        self.cur, self.cur_id = item, new_id
        late = self.rng.random() < self.cfg.late_rs
        self.rs_arrival = [cycle + (self.rng.randint(0, self.cfg.max_rs_delay) if late else 0)
                           for _ in range(3)]
        self.withdraw_at = cycle + cycles_until(self.rng, self.cfg.withdraw)

    def _commit_delay(self) -> int:
        if self.rng.random() < self.cfg.commit_now:
            return 0
        return self.rng.randint(1, max(1, self.cfg.max_commit_delay))

    # ------------------------------------------------------------------ event loop
    # The host runs on simulator callbacks, not as a task (no task switch per wake-up): a timer
    # callback at the edge before its next event, a value-change callback while a request
    # waits for issue_ready, and a read-write callback in the same time step where it must see
    # a handshake of its own inputs (`_once_settled`: no time step of its own, so no extra model
    # evaluation). A failure (the watchdog) ends the callbacks and is raised from here.
    async def run_phase(self) -> None:
        clock = self.bfm.clock
        self._timer: simulator.sim_callback | None = None
        self._rise: simulator.sim_callback | None = None
        self._failure: BaseException | None = None
        self._failed = Event()
        self._due = clock.cycle() + 2      # first drive at the first edge, after the idle inputs
        self._sleep_until_due()
        try:
            await self._failed.wait()
            raise self._failure
        finally:
            for callback in (self._timer, self._rise):
                if callback is not None:
                    callback.deregister()

    def _wake(self, fired: str, step: Callable[[], None]) -> None:
        """Every callback of the host: the other pending one is cancelled, `step` runs, then the
        tasks it woke (the sequence, after item_done)."""
        if fired == "timer":
            self._timer = None
            if self._rise is not None:
                self._rise.deregister()
                self._rise = None
        else:
            self._rise = None
            if self._timer is not None:
                self._timer.deregister()
                self._timer = None
        try:
            step()
        except BaseException as failure:       # the watchdog's: the test fails with it
            self._failure = failure
            self._failed.set()
        run_woken_tasks()

    def _at(self, steps: int, step: Callable[[], None]) -> None:
        self._timer = simulator.register_timed_callback(steps, self._wake, "timer", step)

    def _once_settled(self, step: Callable[[], None]) -> None:
        """`step` in this time step's read-write phase: the simulator has evaluated the inputs
        written so far (the BFM's deposits apply right after the evaluation of the edge), and
        writes made there still apply to the cycle in progress."""
        self._timer = simulator.register_rwsynch_callback(self._wake, "timer", step)

    def _sleep_until_due(self) -> None:
        """Until the edge before cycle `_due`, or until issue_ready rises under the waiting
        request (then it is taken in the cycle that edge starts)."""
        self._at(self.bfm.clock.edge_steps(self._due - 1), self._drive_cycle)
        if self.cur is not None and self.valid_driven:
            self._rise = simulator.register_value_change_callback(
                self.bfm.issue_ready_handle, self._wake, simulator.RISING, "rise", self._ready_rose)

    def _drive_cycle(self) -> None:
        """At the edge before cycle `_due`: the values written now apply to it."""
        c = self.cycle = self._due
        if self._drive_issue(c):
            # the request can be committed or killed in its issue cycle: let the new inputs
            # settle and see whether the handshake happens
            self._once_settled(self._settled)
        else:
            self._close_cycle(c)

    def _settled(self) -> None:
        if self.bfm.issue_ready():
            self._issue_done(self.cycle)
        self._close_cycle(self.cycle)
        self.bfm.latch()          # (after the edge's evaluation: for the cycle in progress)

    def _close_cycle(self, c: int) -> None:
        self._drive_commit(c)
        self._drive_result_ready(c)
        self._check_watchdog(c)
        self._due = self._next_cycle(c)
        self._sleep_until_due()

    def _ready_rose(self) -> None:
        self._once_settled(self._ready_settled)

    def _ready_settled(self) -> None:
        if not self.bfm.issue_ready():
            self._sleep_until_due()
            return
        c = self.cycle = self.bfm.clock.cycle() + 1
        self._issue_done(c)
        if self.commit_cycle != c or not self.commit_driven:
            self._drive_commit(c)              # (one commit transaction per cycle)
            self.bfm.latch()                   # (for the cycle in progress)
        elif self.commit_kill:                 # this cycle's kill hits the younger one too
            self._forget(self.uncommitted.pop().id)
            if not self.uncommitted:
                self.kill_at = None
        self._due = self._next_cycle(c)
        self._sleep_until_due()

    def _next_cycle(self, c: int) -> int:
        """The next cycle in which the host changes a signal or must look again."""
        if self.commit_driven or (self.cur is None) == self.valid_driven:
            # drop this cycle's commit or the valid of the request just taken; bring back a
            # request withdrawn for a cycle
            return c + 1
        nxt = self.stall_to if self.stall_to != NEVER else self.stall_from
        if self.cur is None:
            # the next request, polling the sequencer each cycle while it has nothing (or
            # every id is in flight)
            nxt = min(nxt, self.take_at)
        else:
            nxt = min(nxt, self.withdraw_at, *(a for a in self.rs_arrival if a > c))
        if self.uncommitted:
            nxt = min(nxt, self.uncommitted[0].commit_at)
        if self.kill_at is not None:       # (None also just after a take in a committing cycle)
            nxt = min(nxt, self.kill_at)
        if not self.drained():
            nxt = min(nxt, self.last_progress + WATCHDOG_CYCLES + 1)
        return max(c + 1, nxt)

    def _drive_issue(self, c: int) -> bool:
        """The request of cycle c (or a gap, or a withdrawal); True when the request on the bus
        is new or changed (its handshake may then happen in this very cycle)."""
        rng, cfg, bfm = self.rng, self.cfg, self.bfm
        changed = False
        if self.cur is None:
            if c >= self.take_at:
                self._take_request(c)
                changed = self.cur is not None
        elif not self.valid_driven:
            changed = True                        # back after a cycle withdrawn
        if self.cur is not None and c >= self.withdraw_at:
            self.withdraw_at = c + cycles_until(rng, cfg.withdraw)
            if rng.random() < 0.5:
                bfm.drive_issue(0, 0, 0, (0, 0, 0), 0)    # valid dropped for a cycle
                self.valid_driven = False
                return False
            self.next_id = (self.cur_id + 1) % NUM_IDS
            self.cur_id = self._free_id() or self.cur_id   # same instruction, other id
            changed = True
        if self.cur is None:
            bfm.drive_issue(0, 0, 0, (0, 0, 0), 0)
            self.valid_driven = False
            return False
        if changed or c in self.rs_arrival:
            rs_valid = sum(1 << k for k in range(3) if self.rs_arrival[k] <= c)
            rs = tuple(self.cur.rs[k] if rs_valid >> k & 1 else rng.getrandbits(32)
                       for k in range(3))
            bfm.drive_issue(1, self.cur.instr, self.cur_id, rs, rs_valid)
            self.valid_driven = True
            return True
        return False

    def _issue_done(self, c: int) -> None:
        """The request on the bus is taken in cycle c."""
        rng, cfg = self.rng, self.cfg
        self.last_progress = c
        self.in_flight[self.cur_id] = bool(self.bfm.accept())
        self.uncommitted.append(_Issued(self.cur_id, c + self._commit_delay()))
        self.next_id = (self.cur_id + 1) % NUM_IDS
        self.cur = None
        gap = rng.randint(1, cfg.max_gap) if rng.random() < cfg.issue_gap else 0
        self.take_at = c + 1 + gap
        self.issued += 1
        self.seq_item_port.item_done()

    def _drive_result_ready(self, c: int) -> None:
        """result_ready back-pressure: stalls of 1 .. max_stall cycles, each starting with
        probability `stall` per cycle of result_ready high (not in the cycle a stall ends)."""
        rng, cfg = self.rng, self.cfg
        if self.stall_from is None:
            self.stall_from = c - 1 + cycles_until(rng, cfg.stall)
        if self.stall_to == NEVER and c >= self.stall_from:
            self.stall_to = c + rng.randint(1, cfg.max_stall)
        elif c >= self.stall_to:
            self.stall_from = c + cycles_until(rng, cfg.stall)
            self.stall_to = NEVER
        self.bfm.drive_result_ready(0 if self.stall_to != NEVER else 1)

    def _check_watchdog(self, c: int) -> None:
        if c - self.last_progress > WATCHDOG_CYCLES and not self.drained():
            raise AssertionError(
                f"host watchdog: no issue or result handshake for {WATCHDOG_CYCLES} cycles "
                f"(waiting request: {self.cur}, in flight: {sorted(self.in_flight)}, "
                f"uncommitted: {[e.id for e in self.uncommitted]})")

    def on_result_taken(self, t: ResultTxn) -> None:
        """A result taken (the monitor's result port, at the edge that takes it): its id is free."""
        self.in_flight.pop(t.id, None)
        self._note_free(t.id)
        self.last_progress = t.cycle

    def _commit(self, valid: int, commit_id: int = 0, kill: int = 0) -> None:
        self.bfm.drive_commit(valid, commit_id, kill)
        self.commit_driven, self.commit_kill = bool(valid), bool(kill)
        self.commit_cycle = self.cycle

    def _drive_commit(self, c: int) -> None:
        """At most one commit transaction per cycle over the issued, uncommitted instructions;
        a kill with probability `kill` per cycle in which there are any."""
        pending = self.uncommitted
        if not pending:
            self.kill_at = None
            self._commit(0)
            return
        rng = self.rng
        if self.kill_at is None or not self.cfg.kill:    # (a test may switch kills off)
            self.kill_at = c - 1 + cycles_until(rng, self.cfg.kill)
        if c >= self.kill_at:
            k = rng.randrange(len(pending))
            self._commit(1, pending[k].id, 1)
            for entry in pending[k:]:
                self._forget(entry.id)
            self.uncommitted = pending[:k]
            self.kill_at = c + cycles_until(rng, self.cfg.kill) if k else None
            return
        eligible = 0
        while eligible < len(pending) and pending[eligible].commit_at <= c:
            eligible += 1
        if eligible == 0:
            self._commit(0)
            return
        k = eligible - 1 if rng.random() < self.cfg.batch_commit else 0
        self._commit(1, pending[k].id, 0)
        self.last_progress = c
        for entry in pending[: k + 1]:
            if not self.in_flight[entry.id]:
                self._forget(entry.id)                # rejected: nothing more to come
        self.uncommitted = pending[k + 1:]
        if not self.uncommitted:
            self.kill_at = None
