"""Scoreboard: every result of the DUT against the PQX reference model.

The model runs in program order at commit time (what the architecture promises: committed, unkilled
instructions execute in order; killed ones never do). Each accepted, committed instruction gives one
expected result; results must match it field by field, in order. At the end of the test the whole
S/O state is compared (O through STORE results during the test's final sweep, both S and O through
the backdoor).
"""

from __future__ import annotations

import hashlib
from collections import deque
from dataclasses import dataclass
from typing import Callable

from pyuvm import ConfigDB, uvm_component, uvm_subscriber

from verif.models import PqxModel, Result, accepts, decode

from .items import CommitTxn, IssueTxn, ResultTxn


class ScoreboardError(AssertionError):
    pass


class Tap(uvm_subscriber):
    """An analysis export that hands each item to a callback of its parent. The export calls the
    callback itself (`write_fn`), one Python call per item instead of three (the monitor's ports
    write about ten items per instruction); `callback` may be replaced while the test runs."""

    def __init__(self, name: str, parent: uvm_component, callback: Callable[[object], None]):
        super().__init__(name, parent)
        self.callback = callback

    @property
    def callback(self) -> Callable[[object], None]:
        return self._callback

    @callback.setter
    def callback(self, callback: Callable[[object], None]) -> None:
        self._callback = callback
        self.analysis_export.write_fn = callback

    def write(self, item: object) -> None:
        self._callback(item)


@dataclass(slots=True)
class Expected:
    issue: IssueTxn
    name: str
    result: Result


# --- Helper for kernel tests (verif/tests/test_kernels_*.py) -----------------------------------
# A test that sets `scoreboard.checked_log = []` gets one CheckedResult per result the scoreboard
# has checked against the model, in order (None, the default, records nothing).
@dataclass(slots=True)
class CheckedResult:
    name: str           # instruction
    data: int           # the DUT's result data (equal to the model's: it was checked)
    issue_cycle: int    # monitor cycle of the issue handshake
    result_cycle: int   # monitor cycle of the result handshake


class XifScoreboard(uvm_component):
    def build_phase(self) -> None:
        self.model: PqxModel = ConfigDB().get(self, "", "MODEL")
        self.issue_export = Tap("issue_export", self, self.on_issue)
        self.commit_export = Tap("commit_export", self, self.on_commit)
        self.result_export = Tap("result_export", self, self.on_result)
        self.pending: list[IssueTxn] = []       # issued, not yet committed, program order
        self.expected: deque[Expected] = deque()
        self.checked = 0
        self.executed = 0
        self.killed = 0
        self.latency: dict[str, list[int]] = {}   # name -> issue-to-result cycles seen
        self.digest = hashlib.sha256()             # of every result and its cycle: same seed, same digest
        self.checked_log: list[CheckedResult] | None = None   # see `CheckedResult`

    def on_issue(self, t: IssueTxn) -> None:
        if t.accept != accepts(t.instr):
            raise ScoreboardError(f"cycle {t.cycle}: id {t.id} instr {t.instr:08x}: accept={t.accept}, "
                                  f"model says {int(accepts(t.instr))}")
        info = decode(t.instr)
        if t.accept and (t.writeback != info.writeback or t.register_read != info.register_read):
            raise ScoreboardError(f"cycle {t.cycle}: {info.name}: writeback/register_read "
                                  f"{t.writeback}/{t.register_read:03b}, model says "
                                  f"{int(info.writeback)}/{info.register_read:03b}")
        self.pending.append(t)

    def on_commit(self, t: CommitTxn) -> None:
        idx = next((k for k, p in enumerate(self.pending) if p.id == t.id), None)
        if idx is None:
            return                      # the protocol checker reports stray commits
        if t.kill:
            self.killed += sum(p.accept for p in self.pending[idx:])
            del self.pending[idx:]
            return
        for issued in self.pending[: idx + 1]:
            if issued.accept:
                name = decode(issued.instr).name
                result = self.model.execute(issued.instr, *issued.rs)
                self.expected.append(Expected(issued, name, result))
                self.executed += 1
        del self.pending[: idx + 1]

    def on_result(self, t: ResultTxn) -> None:
        if not self.expected:
            raise ScoreboardError(f"cycle {t.cycle}: unexpected result for id {t.id}")
        exp = self.expected.popleft()
        r = exp.result
        got = (t.id, t.data, t.we, t.exc, t.exccode)
        want = (exp.issue.id, r.data, int(r.we), int(r.exc), r.exccode)
        if got != want:
            raise ScoreboardError(
                f"cycle {t.cycle}: {exp.name} id {exp.issue.id} rs=({', '.join(f'{v:08x}' for v in exp.issue.rs)}): "
                f"DUT (id, data, we, exc, exccode) = ({t.id}, {t.data:#010x}, {t.we}, {t.exc}, {t.exccode}), "
                f"model = ({want[0]}, {r.data:#010x}, {want[2]}, {want[3]}, {r.exccode})")
        self.checked += 1
        if self.checked_log is not None:
            self.checked_log.append(CheckedResult(exp.name, t.data, exp.issue.cycle, t.cycle))
        self.digest.update(f"{t.cycle}:{t.id}:{t.data}:{t.we}:{t.exc};".encode())
        self.latency.setdefault(exp.name, []).append(t.cycle - t.stalled - exp.issue.cycle)

    def check_state(self, s_words: list[int], o_words: list[int]) -> None:
        """End-of-test comparison of the DUT's S and O with the model's."""
        for label, dut, ref in (("S", s_words, self.model.S), ("O", o_words, self.model.O)):
            diffs = [w for w in range(50) if dut[w] != ref[w]]
            if diffs:
                w = diffs[0]
                raise ScoreboardError(f"end of test: {label} differs in {len(diffs)} words, first "
                                      f"{label}[{w}] DUT {dut[w]:08x} model {ref[w]:08x}")

    def report_phase(self) -> None:
        self.logger.info(f"scoreboard: {self.checked} results checked, {self.executed} executed, "
                         f"{self.killed} accepted instructions killed; results digest "
                         f"{self.digest.hexdigest()[:16]}")

    def check_phase(self) -> None:
        if self.expected:
            e = self.expected[0]
            raise ScoreboardError(f"end of test: {len(self.expected)} committed instructions without "
                                  f"a result, first {e.name} id {e.issue.id}")
