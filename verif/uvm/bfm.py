"""Signal-level access to `pqx_top`'s flat CV-X-IF ports.

The BFM is the only place that knows port names. It drives one cycle's worth of host signals and
samples everything once per cycle (mid-cycle, i.e. the values the next rising edge captures), so components above it work on plain Python integers.
"""

from __future__ import annotations

from dataclasses import dataclass

from cocotb.handle import HierarchyObject


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


class XifBfm:
    """Drives and samples the flat CV-X-IF ports of `pqx_top`."""

    def __init__(self, dut: HierarchyObject) -> None:
        self.dut = dut
        self.clk = dut.clk_i
        d = dut
        self._issue_valid, self._issue_ready = d.issue_valid_i, d.issue_ready_o
        self._instr, self._issue_id = d.issue_instr_i, d.issue_id_i
        self._rs, self._rs_valid = d.register_rs_i, d.register_rs_valid_i
        self._accept, self._wb, self._rr = d.issue_accept_o, d.issue_writeback_o, d.issue_register_read_o
        self._c_valid, self._c_id, self._c_kill = d.commit_valid_i, d.commit_id_i, d.commit_kill_i
        self._r_valid, self._r_ready = d.result_valid_o, d.result_ready_i
        self._r_fields = (d.result_id_o, d.result_data_o, d.result_rd_o, d.result_we_o, d.result_exc_o,
                          d.result_exccode_o, d.result_dbg_o, d.result_err_o)

    def reset_inputs(self) -> None:
        d = self.dut
        for sig in (d.issue_valid_i, d.issue_instr_i, d.issue_mode_i, d.issue_hartid_i, d.issue_id_i,
                    d.register_rs_i, d.register_rs_valid_i, d.commit_valid_i, d.commit_hartid_i,
                    d.commit_id_i, d.commit_kill_i, d.result_ready_i):
            sig.value = 0

    # --- driving (call right after a rising edge)
    def drive_issue(self, valid: int, instr: int, issue_id: int, rs: tuple[int, int, int],
                    rs_valid: int) -> None:
        self._issue_valid.value = valid
        if valid:
            self._instr.value = instr
            self._issue_id.value = issue_id
            self._rs.value = rs[0] | (rs[1] << 32) | (rs[2] << 64)
            self._rs_valid.value = rs_valid
        else:
            self._rs_valid.value = 0

    def drive_commit(self, valid: int, commit_id: int = 0, kill: int = 0) -> None:
        self._c_valid.value = valid
        if valid:
            self._c_id.value = commit_id
            self._c_kill.value = kill

    def drive_result_ready(self, ready: int) -> None:
        self._r_ready.value = ready

    def issue_ready(self) -> int:
        return int(self._issue_ready.value)

    def accept(self) -> int:
        return int(self._accept.value)

    def result_valid(self) -> int:
        return int(self._r_valid.value)

    def result_id(self) -> int:
        return int(self._r_fields[0].value)

    # --- sampling (call mid-cycle)
    def sample(self, cycle: int) -> CycleSample:
        iv = int(self._issue_valid.value)
        if iv:
            instr, iid = int(self._instr.value), int(self._issue_id.value)
            rsv = int(self._rs.value)
            rs = (rsv & 0xFFFFFFFF, (rsv >> 32) & 0xFFFFFFFF, rsv >> 64)
            rs_valid = int(self._rs_valid.value)
        else:
            instr = iid = rs_valid = 0
            rs = (0, 0, 0)
        cv = int(self._c_valid.value)
        cid, ckill = (int(self._c_id.value), int(self._c_kill.value)) if cv else (0, 0)
        rv = int(self._r_valid.value)
        rfields = tuple(int(s.value) for s in self._r_fields) if rv else (0,) * 8
        return CycleSample(cycle, iv, int(self._issue_ready.value), instr, iid, rs, rs_valid,
                           int(self._accept.value), int(self._wb.value), int(self._rr.value),
                           cv, cid, ckill, rv, int(self._r_ready.value), *rfields)

    # --- backdoor access to the architectural state (end-of-test checks, initial randomisation)
    def peek_state(self, name: str) -> list[int]:
        """Words of S (`name='s'`) or O (`'o'`) read straight from the state registers."""
        value = int(getattr(self.dut.u_state, f"{name}_q").value)
        return [(value >> (32 * w)) & 0xFFFFFFFF for w in range(50)]

    def poke_state(self, name: str, words: list[int]) -> None:
        value = 0
        for w, word in enumerate(words):
            value |= word << (32 * w)
        getattr(self.dut.u_state, f"{name}_q").value = value
