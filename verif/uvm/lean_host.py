"""A lean zero-stall CV-X-IF host for running long kernels (KATs) on `pqx_top` quickly.

The pyuvm env (verif/uvm) randomises the host and checks every transaction (a few Python
wake-ups per instruction); this host wakes once per instruction (once more per permutation) and does the least work that still drives
the protocol correctly:

* issue back to back: one instruction presented per cycle, all `rs_valid` bits with the request;
* commit in the issue cycle (commit_valid with the issuing id, in the same cycle), which is only
  done when the timing contract says the request will be taken (no multi-cycle instruction
  outstanding). That `issue_ready` really was high is read at the clock edge that ends the cycle;
  if it was not, the run stops with `HostError` (the coprocessor broke its timing contract, and
  the commit this host gave for a request not taken is reported, not hidden);
* `result_ready` is always high; every result is checked in order against the ids issued
  (none missing, none extra, `exc` 0, `we` as the instruction says), and the `we=1` data
  (the STORE results) are returned in program order;
* after a multi-cycle instruction (latency > 1 in verif/models/isa_table.py: KPERM, KSTART,
  THASH, PRF, MODP_MONTYMUL) the host drops its request and
  sleeps until `result_valid` rises (one Python wake-up, however long the permutation takes):
  nothing else can be issued meanwhile, since every kernel instruction uses S or O, and the
  contract frees S and O in the cycle the result is valid;
* a watchdog task fails the run if nothing progresses for `WATCHDOG_CYCLES`.

Instruction ids cycle through 0..15; at most two instructions are in flight, so an id is never
reused while its previous owner is.
"""

from __future__ import annotations

from collections import deque
from typing import Iterable

import cocotb
from cocotb.clock import Clock
from cocotb.simtime import get_sim_time
from cocotb.triggers import ClockCycles, RisingEdge, Timer

from verif.models.consts import NUM_IDS
from verif.models.isa import decode
from verif.uvm.bfm import Port

WATCHDOG_CYCLES = 5_000
CLOCK_NS = 10


class HostError(AssertionError):
    pass


class ZeroStallHost:
    """Drives `pqx_top` (flat CV-X-IF ports) with a zero-stall host; see the module docstring."""

    def __init__(self, dut) -> None:
        self.dut = dut
        d = dut
        self._multi: dict[int, bool] = {}
        self._we: dict[int, bool] = {}
        self.cycles = 0            # clock cycles spent in `run` (issue of first to last result)
        self.issued = 0
        self.perms = 0
        self._progress = 0
        self._issue_valid = Port(d.issue_valid_i)
        self._instr = Port(d.issue_instr_i)
        self._issue_id = Port(d.issue_id_i)
        self._rs = Port(d.register_rs_i)
        self._commit_valid = Port(d.commit_valid_i)
        self._commit_id = Port(d.commit_id_i)
        self._issue_ready = Port(d.issue_ready_o)
        self._r_valid = Port(d.result_valid_o)
        self._r_id = Port(d.result_id_o)
        self._r_we = Port(d.result_we_o)
        self._r_exc = Port(d.result_exc_o)
        self._r_data = Port(d.result_data_o)
        self._rv_rise = RisingEdge(d.result_valid_o)

    async def start(self, clock: bool = True) -> None:
        """Clock, reset and idle inputs; returns at a rising edge with everything idle.

        `clock=True`: cocotb drives `clk_i` (period CLOCK_NS). `clock=False`: the harness makes its
        own clock of period CLOCK_NS inside the simulation (scripts/kat.py's pqx_kat_tb), which
        saves the simulator a VPI write and a callback per clock edge.

        Sampling: the host must read issue_ready and the result ports as the clock edge sees them,
        i.e. before the simulator evaluates that edge. A RisingEdge(clk) callback on a clock
        written through the VPI runs before the edge is evaluated; with a clock made inside the
        simulation the edge happens inside the evaluation, so there the host wakes on a Timer
        that ends exactly at the edge (timed callbacks run before the time step is evaluated).
        """
        d = self.dut
        if clock:
            Clock(d.clk_i, CLOCK_NS, "ns").start()
        for sig in (d.issue_valid_i, d.issue_instr_i, d.issue_mode_i, d.issue_hartid_i, d.issue_id_i,
                    d.register_rs_i, d.register_rs_valid_i, d.commit_valid_i, d.commit_hartid_i,
                    d.commit_id_i, d.commit_kill_i):
            sig.value = 0
        d.result_ready_i.value = 1
        d.rst_ni.value = 0
        if clock:
            await ClockCycles(d.clk_i, 3)
        else:
            await Timer(3 * CLOCK_NS, "ns")
        d.rst_ni.value = 1
        d.register_rs_valid_i.value = 0b111
        if clock:
            await RisingEdge(d.clk_i)
        else:
            # the harness's edges are at multiples of CLOCK_NS; wake exactly on the next one
            now = int(get_sim_time("ns"))
            await Timer(CLOCK_NS - now % CLOCK_NS, "ns")
        # from here on every wake-up of the host is at a rising-edge time
        self._edge = RisingEdge(d.clk_i) if clock else Timer(CLOCK_NS, "ns")
        self._next_id = 0
        cocotb.start_soon(self._watchdog())

    def _sim_cycle(self) -> int:
        return int(get_sim_time("ns")) // CLOCK_NS

    async def _watchdog(self) -> None:
        last = -1
        while True:
            await Timer(WATCHDOG_CYCLES * CLOCK_NS, "ns")
            if self._busy and self._progress == last:
                raise HostError(f"no issue or result for {WATCHDOG_CYCLES} cycles "
                                f"({self.issued} instructions issued so far)")
            last = self._progress

    _busy = False

    def _classify(self, word: int) -> tuple[bool, bool]:
        info = decode(word)
        if info is None:
            raise HostError(f"{word:#010x} is not a PQX instruction")
        multi = info.multi_cycle          # latency > 1 in the instruction table
        self._multi[word], self._we[word] = multi, info.writeback
        return multi, info.writeback

    async def run(self, insns: Iterable[tuple[int, int, int, int]]) -> list[int]:
        """Runs the instructions (word, rs1, rs2, rs3) in order; returns the data of the results
        with we=1, in order. Starts and ends at a rising edge with nothing in flight."""
        expect: deque[tuple[int, bool]] = deque()        # (id, we) of results still to come
        data: list[int] = []
        set_valid, set_instr = self._issue_valid.write, self._instr.write
        set_id, set_rs = self._issue_id.write, self._rs.write
        set_cvalid, set_cid = self._commit_valid.write, self._commit_id.write
        ready, r_valid = self._issue_ready.read, self._r_valid.read
        edge, rv_rise = self._edge, self._rv_rise
        multi_tab, we_tab = self._multi, self._we
        nid = self._next_id
        start = self._sim_cycle()
        self._busy = True
        last_rs = None
        last_word = None
        idle = True                         # issue_valid / commit_valid are low

        # At a RisingEdge(clk) wake-up the ports still show the cycle that just ended (the edge
        # is evaluated after the callbacks), so issue_ready and result_valid read there tell
        # which handshakes that edge completed. Inputs written there apply to the new cycle.
        waiting = False                     # a multi-cycle instruction is running
        for word, a, b, c in insns:
            multi = multi_tab.get(word)
            if multi is None:
                multi, _ = self._classify(word)
            if waiting:
                # wakes after the edge that put the multi-cycle result on the bus: S and O are
                # free in this cycle; the result itself is collected at the coming edge
                if expect:
                    await rv_rise
                waiting = False
            # present and commit in the same cycle
            if idle:
                set_valid(1)
                set_cvalid(1)
                idle = False
            if word != last_word:
                set_instr(word)
                last_word = word
            set_id(nid)
            set_cid(nid)
            packed = a | (b << 32) | (c << 64)
            if packed != last_rs:
                set_rs(packed)
                last_rs = packed
            await edge
            if not ready():
                raise HostError(f"issue_ready was low for {decode(word).name} (id {nid}) although "
                                f"nothing was outstanding; the host had committed it in that cycle "
                                f"(timing contract broken?)")
            expect.append((nid, we_tab[word]))
            nid = (nid + 1) & (NUM_IDS - 1)
            self.issued += 1
            self._progress += 1
            if r_valid():
                self._collect(expect, data)
            if multi:
                self.perms += 1
                set_valid(0)
                set_cvalid(0)
                idle = True
                waiting = True
        if not idle:
            set_valid(0)
            set_cvalid(0)
        if waiting and expect:
            await rv_rise
        for _ in range(50):
            if not expect:
                break
            await edge
            if r_valid():
                self._collect(expect, data)
        if expect:
            raise HostError(f"{len(expect)} results missing at the end, first for id {expect[0][0]}")
        self._next_id = nid
        self._busy = False
        self.last_cycles = self._sim_cycle() - start - 1   # first issue cycle to last result cycle
        self.cycles += self.last_cycles
        return data

    def _collect(self, expect: deque, data: list[int]) -> None:
        rid = self._r_id.read()
        if not expect:
            raise HostError(f"result for id {rid} with nothing in flight")
        want_id, want_we = expect.popleft()
        we, exc = self._r_we.read(), self._r_exc.read()
        if rid != want_id or we != want_we or exc:
            raise HostError(f"result (id {rid}, we {we}, exc {exc}), expected (id {want_id}, "
                            f"we {int(want_we)}, exc 0)")
        self._progress += 1
        if we:
            data.append(self._r_data.read())
