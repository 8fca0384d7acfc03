"""`make run CHECK=1`: firmware on the SoC with every check attached (cocotb + pyuvm).

The SoC bench (verif/soc/pqx_soc_tb.sv) runs the firmware image as in the fast path, but the
clock is driven from here and three passive observers watch it:

  * the project's pyuvm XIF monitor, protocol checker and scoreboard (verif/uvm/), attached to
    the bridge <-> pqx_top ports (`u_soc.u_pqx`): every PQX instruction the real core issues,
    commits or kills is checked against the CV-X-IF rules and, in program order, against the PQX
    reference model; at the end PQX's S and O are compared with the model's;
  * the core-side result order (`CoreSideChecker`): on the core's own (pre-1.0) interface every
    result must carry the id of the oldest accepted, committed, unkilled instruction (the core
    ignores result ids, so a bridge that mixes them up would otherwise go unseen);
  * the lockstep compare (verif/soc/lockstep.py): every instruction the core retires (read from
    its writeback stage) is replayed in the unicorn ISS with PQX's model; the first divergence
    stops the run with pc, instruction, expected and actual values.
Nothing here drives a design signal except clock and reset.

Inputs from the environment (scripts/check.py sets them): PQX_FW_ELF (the ELF whose loadable
segments the ISS starts from; the bench loads the same image with +fw=), PQX_MAX_CYCLES.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import cocotb
import pyuvm
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, FallingEdge
from pyuvm import ConfigDB, uvm_env, uvm_test

from verif.soc.firmware import load_segments
from verif.models import PqxModel
from verif.soc.lockstep import Divergence, Lockstep
from verif.uvm.bfm import XifBfm
from verif.uvm.monitor import XifMonitor
from verif.uvm.protocol import XifProtocolChecker
from verif.uvm.scoreboard import XifScoreboard


class CheckError(AssertionError):
    pass


class PassiveXifEnv(uvm_env):
    """Monitor, protocol checker and scoreboard; no driver (the core is the host)."""

    def build_phase(self) -> None:
        self.monitor = XifMonitor("monitor", self)
        self.protocol = XifProtocolChecker("protocol", self)
        self.scoreboard = XifScoreboard("scoreboard", self)

    def connect_phase(self) -> None:
        m = self.monitor
        m.cycle_ap.connect(self.protocol.analysis_export)
        m.issue_ap.connect(self.scoreboard.issue_export.analysis_export)
        m.commit_ap.connect(self.scoreboard.commit_export.analysis_export)
        m.result_ap.connect(self.scoreboard.result_export.analysis_export)


class CoreSideChecker:
    """Result ids on the core's side of the bridge, in the core's own terms: each issued
    instruction gets one commit (kill or not); results come in issue order for the accepted,
    not killed ones."""

    def __init__(self, soc) -> None:
        b = soc.u_bridge
        self.sig = (b.core_issue_valid_i, b.core_issue_ready_o, b.core_issue_id_i,
                    b.core_issue_accept_o, b.core_commit_valid_i, b.core_commit_id_i,
                    b.core_commit_kill_i, b.core_result_valid_o, b.core_result_ready_i,
                    b.core_result_id_o)
        self.outstanding: list[list[int]] = []   # [id, committed, killed] of accepted ones
        self.results = 0

    def sample(self, cycle: int) -> None:
        (iv, ir, iid, acc, cv, cid, ck, rv, rr, rid) = self.sig
        if int(iv.value) and int(ir.value) and int(acc.value):
            self.outstanding.append([int(iid.value), 0, 0])
        if int(cv.value):
            c = int(cid.value)
            for e in self.outstanding:
                if e[0] == c and not e[1]:
                    e[1], e[2] = 1, int(ck.value)
                    break
            self.outstanding = [e for e in self.outstanding if not e[2]]
        if int(rv.value) and int(rr.value):
            r = int(rid.value)
            if not self.outstanding or self.outstanding[0][0] != r or not self.outstanding[0][1]:
                want = self.outstanding[0][0] if self.outstanding else None
                msg = (f"core side of the bridge: cycle {cycle}: result id {r}, the oldest "
                       f"accepted, committed instruction has id {want}")
                print(msg, flush=True)
                raise CheckError(msg)
            self.outstanding.pop(0)
            self.results += 1


class RamBackdoor:
    """The SoC RAM as the scoreboard's model sees it (PqxModel.host): POLY_LD reads the RAM when
    the scoreboard executes it (every older core store has been granted by then, and an older
    POLY_ST has ended: the unit's instructions wait for it); its POLY_ST writes nothing here
    (the lockstep's model checks what the transfer leaves in memory)."""

    def __init__(self, mem) -> None:
        self.mem = mem
        self.words = len(mem)

    def read(self, addr: int) -> int:
        return int(self.mem[(addr >> 2) % self.words].value)

    def write(self, addr: int, value: int) -> None:
        pass


@pyuvm.test()
class SocCheck(uvm_test):
    def build_phase(self) -> None:
        self.model = PqxModel()
        self.model.host = RamBackdoor(cocotb.top.u_soc.u_ram.mem_q)
        self.bfm = XifBfm(cocotb.top.u_soc.u_pqx, clk=cocotb.top.clk_i)   # PQX's own clock is gated
        ConfigDB().set(None, "*", "BFM", self.bfm)
        ConfigDB().set(None, "*", "MODEL", self.model)
        self.env = PassiveXifEnv("env", self)

    async def run_phase(self) -> None:
        self.raise_objection()
        dut = cocotb.top
        elf = Path(os.environ["PQX_FW_ELF"])
        max_cycles = int(os.environ.get("PQX_MAX_CYCLES", "2000000"))
        lock = Lockstep(load_segments(elf))
        core_side = CoreSideChecker(dut.u_soc)
        # Reset as the fast path's main does: 1, then 0, then 1 (the core resets on the edge).
        dut.rst_ni.value = 1
        Clock(dut.clk_i, 10, "ns").start()
        await ClockCycles(dut.clk_i, 2)
        dut.rst_ni.value = 0
        await ClockCycles(dut.clk_i, 4)
        await FallingEdge(dut.clk_i)      # released with the clock low, as sim_main.cpp does
        dut.rst_ni.value = 1
        r_valid, r_exc, r_pc = dut.retire_valid, dut.retire_exception, dut.retire_pc
        r_we, r_rd, r_wdata = dut.retire_rf_we, dut.retire_rf_waddr, dut.retire_rf_wdata
        putc_v, putc_c, exit_v, trap_v = (dut.putc_valid_o, dut.putc_char_o, dut.exit_valid_o,
                                          dut.trap_valid_o)
        s_valid, s_addr, s_be, s_wdata = (dut.store_valid, dut.store_addr, dut.store_be,
                                          dut.store_wdata)
        falling = FallingEdge(dut.clk_i)
        line = ""
        transcript: list[str] = []    # the program's output, for the result file
        end = None
        for cycle in range(1, max_cycles + 1):
            await falling
            core_side.sample(cycle)
            if int(s_valid.value):
                lock.core_store(int(s_addr.value), int(s_be.value), int(s_wdata.value))
            if int(r_valid.value):
                try:
                    lock.retire(int(r_pc.value), int(r_we.value), int(r_rd.value),
                                int(r_wdata.value), int(r_exc.value))
                except Divergence as exc:   # one clear line first, then the failure
                    print(f"{exc} (cycle {cycle})", flush=True)
                    raise
            if int(putc_v.value):
                ch = chr(int(putc_c.value))
                if ch == "\n":
                    print(line, flush=True)
                    transcript.append(line)
                    line = ""
                else:
                    line += ch
            if int(exit_v.value):
                end = (f"exit {int(dut.exit_code_o.value.to_signed())}, "
                       f"{int(dut.report_cycles_o.value)} cycles, "
                       f"{int(dut.report_instret_o.value)} instructions")
                break
            if int(trap_v.value):
                end = (f"trap: mcause 0x{int(dut.trap_cause_o.value):08x}, mepc "
                       f"0x{int(dut.trap_epc_o.value):08x}, mtval 0x{int(dut.trap_tval_o.value):08x}")
                break
        if line:
            print(line, flush=True)
            transcript.append(line)
        await ClockCycles(dut.clk_i, 3)
        sb = self.env.scoreboard
        summary = (f"check: {lock.retired} instructions in lockstep ({lock.pqx} PQX), "
                   f"{sb.checked} PQX results checked by the scoreboard ({sb.executed} executed, "
                   f"{sb.killed} killed), {core_side.results} "
                   f"results in order on the core side"
                   + (f", {lock.traps} exceptions taken" if lock.traps else ""))
        print(summary, flush=True)
        if end is None:
            print(f"timeout: no exit after {max_cycles} cycles", flush=True)
            raise CheckError(f"no exit after {max_cycles} cycles")
        sb.check_state(self.bfm.peek_state("s"), self.bfm.peek_state("o"))
        # the program's output and, last, the end line: what scripts/check.py returns
        Path(os.environ.get("PQX_CHECK_RESULT", "check_result.txt")).write_text(
            "\n".join(transcript + [end]) + "\n")
        self.drop_objection()


if __name__ == "__main__":
    sys.exit("verif/soc/check_soc.py is a cocotb test module: run it with make run CHECK=1")
