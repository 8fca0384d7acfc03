"""CV-X-IF protocol checker: the five rules of docs/architecture.md, on every cycle.

It keeps its own table of issued instructions (independent of the reference model) and fails the
test on the first violation, naming the cycle and the rule:
  R1  accept=0 means writeback=0 and register_read=0; accept/writeback/register_read depend on the
      instruction word only (same word, same answer)
  R2  no issue handshake before the rs_valid bits named by register_read are set
  R3  results only for accepted, committed, not-killed ids; none for rejected or killed ones
  R4  exactly one result per such id, in issue order, only after its commit; result_valid stays high
      and the payload stable until result_ready; we equals the issue-time writeback; rd is
      instr[11:7]; dbg and err stay 0
  end no instruction is left in flight when the test ends
Rule 5 (no combinational path from issue/register inputs to result outputs) is structural; the
formal job `xif_comb` checks it on the netlist.
"""

from __future__ import annotations

from dataclasses import dataclass

from pyuvm import uvm_subscriber

from .bfm import CycleSample


class ProtocolError(AssertionError):
    pass


@dataclass(slots=True)
class _Entry:
    id: int
    instr: int
    accept: int
    writeback: int
    committed: bool = False


class XifProtocolChecker(uvm_subscriber):
    def build_phase(self) -> None:
        self.table: list[_Entry] = []          # issued, not retired, program order
        self.answers: dict[int, tuple[int, int, int]] = {}
        self.prev: CycleSample | None = None
        self.errors = 0

    def fail(self, cycle: int, rule: str, msg: str) -> None:
        self.errors += 1
        raise ProtocolError(f"cycle {cycle}: CV-X-IF {rule}: {msg}")

    def write(self, s: CycleSample) -> None:
        c = s.cycle
        # --- R4 stability: a pending result may not change or drop
        p = self.prev
        if p is not None and p.result_valid and not p.result_ready:
            if not s.result_valid:
                self.fail(c, "R4", "result_valid dropped before result_ready")
            if s.result_payload() != p.result_payload():
                self.fail(c, "R4", f"result payload changed while stalled: {p.result_payload()} -> "
                          f"{s.result_payload()}")
        self.prev = s

        # --- result handshake (results of this cycle belong to earlier commits)
        if s.result_valid:
            self._check_result(s)

        # --- issue
        if s.issue_fire:
            answer = (s.accept, s.writeback, s.register_read)
            if not s.accept and (s.writeback or s.register_read):
                self.fail(c, "R1", f"accept=0 with writeback={s.writeback} "
                          f"register_read={s.register_read:03b}")
            seen = self.answers.setdefault(s.instr, answer)
            if seen != answer:
                self.fail(c, "R1", f"instr {s.instr:08x} answered {answer}, earlier {seen}")
            if s.rs_valid & s.register_read != s.register_read:
                self.fail(c, "R2", f"issued with rs_valid={s.rs_valid:03b} but "
                          f"register_read={s.register_read:03b}")
            if any(e.id == s.issue_id for e in self.table):
                self.fail(c, "host", f"id {s.issue_id} reused while in flight")
            self.table.append(_Entry(s.issue_id, s.instr, s.accept, s.writeback))

        # --- commit / kill (may target the instruction issued in this very cycle)
        if s.commit_valid:
            idx = next((k for k, e in enumerate(self.table) if e.id == s.commit_id and
                        not e.committed), None)
            if idx is None:
                self.fail(c, "host", f"commit of id {s.commit_id}, which is not waiting for one")
            if s.commit_kill:
                del self.table[idx:]
            else:
                for e in self.table[: idx + 1]:
                    e.committed = True
            # committed rejected instructions are done
            self.table = [e for e in self.table if e.accept or not e.committed]

    def _check_result(self, s: CycleSample) -> None:
        c = s.cycle
        if s.result_dbg or s.result_err:
            self.fail(c, "R4", f"dbg={s.result_dbg} err={s.result_err}")
        head = next((e for e in self.table if e.accept), None)
        if head is None:
            self.fail(c, "R3", f"result for id {s.result_id} with no accepted instruction in flight")
        if head.id != s.result_id:
            known = [e.id for e in self.table]
            self.fail(c, "R3/R4", f"result for id {s.result_id}, expected id {head.id} "
                      f"(in flight: {known}; killed/rejected ids get no result; order is issue order)")
        if not head.committed:
            self.fail(c, "R4", f"result for id {head.id} before its commit")
        if s.result_we != head.writeback:
            self.fail(c, "R4", f"id {head.id}: we={s.result_we} but issue-time writeback={head.writeback}")
        if s.result_rd != (head.instr >> 7) & 0x1F:
            self.fail(c, "R4", f"id {head.id}: rd={s.result_rd}, instr[11:7]={(head.instr >> 7) & 31}")
        if s.result_ready:
            self.table.remove(head)

    def check_phase(self) -> None:
        if self.table:
            left = [(e.id, "committed" if e.committed else "uncommitted") for e in self.table]
            raise ProtocolError(f"CV-X-IF end of test: instructions still in flight {left}")
