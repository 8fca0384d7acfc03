"""Signal-level access to `pqx_top`'s flat CV-X-IF ports, and the clock its cycles follow.

The BFM is the only place that knows port names. It drives the host's signals and samples every
CV-X-IF signal as a clock edge captures it, so components above it work on plain Python integers.
`HarnessClock` is the system tests' clock (made inside the bench, verif/tb/pqx_top_xif_tb.sv):
components wake on timers that end at its edges, and only in cycles they have something to do.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import cocotb
from cocotb import simulator
from cocotb.handle import HierarchyObject, _GPISetAction, _schedule_write
from cocotb.triggers import Timer


@dataclass(slots=True)
class CycleSample:
    """Every CV-X-IF signal as the rising edge ending cycle `cycle` sees it."""

    cycle: int
    issue_valid: int
    issue_ready: int
    instr: int
    issue_id: int
    rs: tuple[int, int, int]
    rs_valid: int
    accept: int
    writeback: int
    register_read: int
    commit_valid: int
    commit_id: int
    commit_kill: int
    result_valid: int
    result_ready: int
    result_id: int
    result_data: int
    result_rd: int
    result_we: int
    result_exc: int
    result_exccode: int
    result_dbg: int
    result_err: int

    @property
    def issue_fire(self) -> bool:
        return bool(self.issue_valid and self.issue_ready)

    @property
    def result_fire(self) -> bool:
        return bool(self.result_valid and self.result_ready)

    def result_payload(self) -> tuple[int, ...]:
        return (self.result_id, self.result_data, self.result_rd, self.result_we, self.result_exc,
                self.result_exccode, self.result_dbg, self.result_err)


def reader(handle) -> Callable[[], int]:
    """A fast integer read of a port: the simulator's bit string straight to int, without the
    LogicArray that `int(handle.value)` builds (that object was a third of the system test's
    time). Verilator is two-state; an X or Z would fall back to cocotb's own conversion, which
    reports it. Below 32 bits the simulator's integer value is read directly (two-state: no X to
    report). Uses the handle's simulator object (`_handle`), stable within the pinned cocotb."""
    if len(handle) < 32:      # flags and small fields: the simulator's integer, no string
        return handle._handle.get_signal_val_long
    raw = handle._handle.get_signal_val_binstr

    def read() -> int:
        try:
            return int(raw(), 2)
        except ValueError:
            return int(handle.value)
    return read


def writer(handle, direct: bool = False, immediate: bool = False) -> Callable[[int], None]:
    """A port write that is skipped when the port already has that value from the last write
    (the BFM is the only driver of its inputs): most host inputs hold for many cycles. The write
    is scheduled as `handle.value = v` schedules it (applied in the coming read-write phase), but
    without the value object and range checks that made a write cost as much as a few lines of
    the checkers (cocotb's internal `_schedule_write`, stable within the pinned cocotb).

    `direct`: the deposit goes straight to the simulator instead (no ReadWrite trigger, no
    task switch). Verilator applies a VPI deposit inertially, after it has evaluated the time
    step in progress, so a write at an edge still applies after that edge, to the next cycle,
    as the scheduled write does (checked by XifLatencyTest's exact latencies). Only for
    writers called from the bench clock's edges or from simulator callbacks after them.

    `immediate` (with `direct`): the write applies at once, before the simulator evaluates the
    time step in progress (vpiNoDelay). For the bench's registered request inputs
    (verif/tb/pqx_top_xif_tb.sv), written at an edge's timer: that edge takes the value, and
    pqx_top sees it in the cycle the edge starts."""
    width = len(handle)
    sim = handle._handle
    last: list[int | None] = [None]
    if 1 < width <= 32:
        put, text = sim.set_signal_val_int, None
    else:
        put, text = sim.set_signal_val_binstr, f"0{width}b"
    if direct:
        deposit = (_GPISetAction.NO_DELAY if immediate else _GPISetAction.DEPOSIT).value

        def write_direct(value: int) -> None:
            if value != last[0]:
                put(deposit, value if text is None else format(value, text))
                last[0] = value
        return write_direct

    def write(value: int) -> None:
        if value != last[0]:
            _schedule_write(handle, put, _GPISetAction.DEPOSIT,
                            value if text is None else format(value, text))
            last[0] = value
    return write


def _now() -> int:
    """The simulation time in steps (cocotb's get_sim_time("step") without its unit handling:
    the host and the monitor ask for it at every wake-up)."""
    high, low = simulator.get_sim_time()
    return high << 32 | low


class HarnessClock:
    """The clock of the bench verif/tb/pqx_top_xif_tb.sv: a rising edge every `PERIOD` steps
    (10 ns), made inside the simulation. Its pulse has zero width, so Python cannot see it as a
    value change; components wake on timers that end exactly at an edge instead. Timed callbacks
    run before the simulator evaluates their time step: there the ports still show the cycle that
    edge ends (the values it captures), and writes apply after the edge, to the next cycle.
    Cycles are counted from the clock object's creation (each test's own): cycle k is the one
    the k-th edge after it ends."""

    PERIOD = 10_000      # simulator steps (1 ps)

    def __init__(self) -> None:
        self.origin = _now() // self.PERIOD * self.PERIOD

    def cycle(self) -> int:
        """The cycle the last edge ended (at an edge's timer: that edge's, not yet evaluated)."""
        return (_now() - self.origin) // self.PERIOD

    def edge_steps(self, cycle: int) -> int:
        """Simulator steps from now to the edge that ends `cycle` (which must lie ahead)."""
        return self.origin + cycle * self.PERIOD - _now()

    def edge(self, cycle: int) -> Timer:
        """Wakes at the edge that ends `cycle`."""
        return Timer(self.edge_steps(cycle), "step")

    def next_edge(self) -> Timer:
        return self.edge(self.cycle() + 1)


def run_woken_tasks() -> None:
    """Runs the cocotb tasks that a simulator callback of our own woke (an Event set, an item
    done), as cocotb does after each of its triggers (its event loop: internal, stable within
    the pinned cocotb)."""
    cocotb._event_loop._inst.run()


class Port:
    """One port: a fast integer read and a write that skips repeats (for hosts that drive
    `pqx_top` without the BFM: verif/uvm/lean_host.py)."""

    __slots__ = ("handle", "read", "write")

    def __init__(self, handle) -> None:
        self.handle = handle
        self.read = reader(handle)
        self.write = writer(handle)


class XifBfm:
    """Drives and samples the flat CV-X-IF ports of `pqx_top`. By default `dut` is the system
    tests' bench (verif/tb/pqx_top_xif_tb.sv): its cycles follow the bench's own clock (`clock`)
    and `changed` reads its change flag. `clk`: instead, a clock port that cocotb drives (the SoC
    check passes its system clock, since the SoC gates PQX's clock while PQX is idle: no edge
    there, yet the host's cycles go on); `clock` and `changed` are then None."""

    def __init__(self, dut: HierarchyObject, clk: HierarchyObject | None = None) -> None:
        self.dut = dut
        self.clk = clk
        self.clock = HarnessClock() if clk is None else None
        self.changed = reader(dut.xif_changed_o) if clk is None else None
        self._get_xif = reader(dut.xif_o) if clk is None else None
        self.changed_handle = dut.xif_changed_o._handle if clk is None else None
        self.issue_ready_handle = dut.issue_ready_o._handle
        # pqx_top itself: the DUT, or the instance inside a bench wrapper (unit top_soc)
        self.core = dut.u_pqx if hasattr(dut, "u_pqx") else dut
        d = dut
        self._issue_valid, self._issue_ready = d.issue_valid_i, d.issue_ready_o
        self._instr, self._issue_id = d.issue_instr_i, d.issue_id_i
        self._rs, self._rs_valid = d.register_rs_i, d.register_rs_valid_i
        self._accept, self._wb, self._rr = d.issue_accept_o, d.issue_writeback_o, d.issue_register_read_o
        self._c_valid, self._c_id, self._c_kill = d.commit_valid_i, d.commit_id_i, d.commit_kill_i
        self._r_valid, self._r_ready = d.result_valid_o, d.result_ready_i
        self._r_fields = (d.result_id_o, d.result_data_o, d.result_rd_o, d.result_we_o, d.result_exc_o,
                          d.result_exccode_o, d.result_dbg_o, d.result_err_o)
        (self._get_iv, self._get_ready, self._get_instr, self._get_id, self._get_rs, self._get_rsv,
         self._get_accept, self._get_wb, self._get_rr, self._get_cv, self._get_cid, self._get_ckill,
         self._get_rv, self._get_rready) = (reader(h) for h in (
            d.issue_valid_i, d.issue_ready_o, d.issue_instr_i, d.issue_id_i, d.register_rs_i,
            d.register_rs_valid_i, d.issue_accept_o, d.issue_writeback_o, d.issue_register_read_o,
            d.commit_valid_i, d.commit_id_i, d.commit_kill_i, d.result_valid_o, d.result_ready_i))
        self._get_r_fields = tuple(reader(h) for h in self._r_fields)
        # On the bench the host's inputs are registered: written at an edge's timer, before the
        # edge is evaluated (immediate writes), that edge takes them. Commit and result_ready
        # written after the edge's evaluation, for the cycle in progress, are taken by `latch`.
        bench = clk is None
        (self._set_iv, self._set_instr, self._set_id, self._set_rs, self._set_rsv, self._set_cv,
         self._set_cid, self._set_ckill, self._set_rready) = (
            writer(h, direct=bench, immediate=bench) for h in (
                d.issue_valid_i, d.issue_instr_i, d.issue_id_i, d.register_rs_i,
                d.register_rs_valid_i, d.commit_valid_i, d.commit_id_i, d.commit_kill_i,
                d.result_ready_i))
        self._set_load = writer(dut.load_i, direct=True, immediate=True) if bench else None
        self._load = 0

    def latch(self) -> None:
        """On the bench: commit and result_ready as written since the last edge apply to the cycle
        in progress (call after writing them in a callback after the edge's evaluation: a
        read-write callback; the bench takes them when load_i changes)."""
        if self._set_load is not None:
            self._load ^= 1
            self._set_load(self._load)

    def reset_inputs(self) -> None:
        d = self.dut
        for sig in (d.issue_mode_i, d.issue_hartid_i, d.commit_hartid_i):
            sig.value = 0
        for write in (self._set_iv, self._set_instr, self._set_id, self._set_rs, self._set_rsv,
                      self._set_cv, self._set_cid, self._set_ckill, self._set_rready):
            write(0)
        self.latch()

    # --- driving (call at an edge: the values apply to the cycle it starts; on the bench the
    # request only there, at the edge's timer before it is evaluated)
    def drive_issue(self, valid: int, instr: int, issue_id: int, rs: tuple[int, int, int],
                    rs_valid: int) -> None:
        self._set_iv(valid)
        if valid:
            self._set_instr(instr)
            self._set_id(issue_id)
            self._set_rs(rs[0] | (rs[1] << 32) | (rs[2] << 64))
            self._set_rsv(rs_valid)
        else:
            self._set_rsv(0)

    def drive_commit(self, valid: int, commit_id: int = 0, kill: int = 0) -> None:
        self._set_cv(valid)
        if valid:
            self._set_cid(commit_id)
            self._set_ckill(kill)

    def drive_result_ready(self, ready: int) -> None:
        self._set_rready(ready)

    def issue_ready(self) -> int:
        return self._get_ready()

    def accept(self) -> int:
        return self._get_accept()

    def result_valid(self) -> int:
        return self._get_rv()

    def result_id(self) -> int:
        return self._get_r_fields[0]()

    # --- sampling (call at an edge before it is evaluated, or mid-cycle)
    def sample(self, cycle: int) -> CycleSample:
        if self._get_xif is not None:
            return self._sample_bench(cycle)
        iv = self._get_iv()
        if iv:
            instr, iid = self._get_instr(), self._get_id()
            rsv = self._get_rs()
            rs = (rsv & 0xFFFFFFFF, (rsv >> 32) & 0xFFFFFFFF, rsv >> 64)
            rs_valid = self._get_rsv()
        else:
            instr = iid = rs_valid = 0
            rs = (0, 0, 0)
        cv = self._get_cv()
        cid, ckill = (self._get_cid(), self._get_ckill()) if cv else (0, 0)
        rv = self._get_rv()
        rfields = tuple(get() for get in self._get_r_fields) if rv else (0,) * 8
        return CycleSample(cycle, iv, self._get_ready(), instr, iid, rs, rs_valid,
                           self._get_accept(), self._get_wb(), self._get_rr(),
                           cv, cid, ckill, rv, self._get_rready(), *rfields)

    def _sample_bench(self, cycle: int) -> CycleSample:
        """The bench's xif_o in one read, its fields in the bench's order. The bench zeroes the
        fields of a transfer not offered; the consumers look at them only with its valid."""
        v = self._get_xif()
        rs = v >> 67
        return CycleSample(
            cycle, v >> 200, v >> 199 & 1, v >> 167 & 0xFFFFFFFF, v >> 163 & 0xF,
            (rs & 0xFFFFFFFF, rs >> 32 & 0xFFFFFFFF, rs >> 64 & 0xFFFFFFFF), v >> 64 & 7,
            v >> 63 & 1, v >> 62 & 1, v >> 59 & 7,
            v >> 58 & 1, v >> 54 & 0xF, v >> 53 & 1,
            v >> 52 & 1, v >> 51 & 1, v >> 47 & 0xF, v >> 15 & 0xFFFFFFFF, v >> 10 & 0x1F,
            v >> 9 & 1, v >> 8 & 1, v >> 2 & 0x3F, v >> 1 & 1, v & 1)

    # --- backdoor access to the architectural state (end-of-test checks, initial randomisation)
    def peek_state(self, name: str) -> list[int]:
        """Words of S (`name='s'`) or O (`'o'`) read straight from the state registers."""
        value = int(getattr(self.core.u_state, f"{name}_q").value)
        return [(value >> (32 * w)) & 0xFFFFFFFF for w in range(50)]

    def poke_state(self, name: str, words: list[int]) -> None:
        value = 0
        for w, word in enumerate(words):
            value |= word << (32 * w)
        getattr(self.core.u_state, f"{name}_q").value = value
