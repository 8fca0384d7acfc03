"""Functional coverage of the CV-X-IF agent and the PQX instructions.

Bins are declared up front (so an empty bin is visible) and filled from the monitor's transactions
and cycle samples. When the test requires coverage, `check_phase` fails on any empty bin. The
counts go to `<report dir>/coverage_<test>.json` for the regression summary.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from pyuvm import ConfigDB, uvm_component

from verif.models import INSTRUCTIONS, IMPLEMENTED_UNITS, decode

from .bfm import CycleSample
from .items import CommitTxn, IssueTxn, ResultTxn
from .scoreboard import Tap


class CoverageError(AssertionError):
    pass


IMPLEMENTED = [n for n, i in INSTRUCTIONS.items() if i.unit in IMPLEMENTED_UNITS]

# Operand corners per instruction (verif/models/isa_table.py): name -> {bin: predicate(rs1, rs2, rs3)}
CORNERS = {n: i.corners for n, i in INSTRUCTIONS.items() if i.corners}


def _bucket(value: int, edges: list[tuple[int, str]]) -> str:
    label = edges[0][1]
    for low, name in edges:
        if value >= low:
            label = name
    return label


COMMIT_EDGES = [(0, "0"), (1, "1"), (2, "2-3"), (4, "4+")]
STALL_EDGES = [(1, "1"), (2, "2-3"), (4, "4-15"), (16, "16+")]
DEPTH_EDGES = [(1, "1"), (2, "2"), (3, "3"), (4, "4+")]


class XifCoverage(uvm_component):
    def build_phase(self) -> None:
        self.required: bool = ConfigDB().get(self, "", "COVERAGE_REQUIRED")
        self.issue_export = Tap("issue_export", self, self.on_issue)
        self.commit_export = Tap("commit_export", self, self.on_commit)
        self.result_export = Tap("result_export", self, self.on_result)
        self.cycle_export = Tap("cycle_export", self, self.on_cycle)
        groups: dict[str, list[str]] = {
            "instruction": IMPLEMENTED + ["rejected (not PQX)"],
            "accept x writeback x register_read": sorted(
                {f"1/{int(INSTRUCTIONS[n].writeback)}/{INSTRUCTIONS[n].register_read:03b}"
                 for n in IMPLEMENTED} | {"0/0/000"}),   # rejected words
            "operand corner": [f"{n} {b}" for n, bins in CORNERS.items() for b in bins],
            "killed instruction": IMPLEMENTED + ["rejected"],
            "kill kind": ["single", "batch"],
            "result stalled": IMPLEMENTED,
            "commit latency": [b for _, b in COMMIT_EDGES],
            "commit kind": ["single", "batch"],
            "in flight": [b for _, b in DEPTH_EDGES],
            "stall length": [b for _, b in STALL_EDGES],
            "withdrawal": ["valid dropped", "id changed"],
            "id wrap": ["wrapped"],
            "rs_valid arrival": ["with request", "late"],
            "previous x current": [f"{a} -> {b}" for a in IMPLEMENTED for b in IMPLEMENTED],
        }
        self.bins = {g: dict.fromkeys(names, 0) for g, names in groups.items()}
        self.issued: list[IssueTxn] = []    # not yet committed or killed
        self.names: dict[int, str] = {}      # id -> name, for results
        self.in_flight = 0
        self.prev_name: str | None = None
        self.prev_id: int | None = None
        self.prev_sample: CycleSample | None = None
        self.waited_rs = False
        self.stall_run = 0

    def hit(self, group: str, name: str) -> None:
        self.bins[group][name] += 1

    # ------------------------------------------------------------------ transactions
    def on_issue(self, t: IssueTxn) -> None:
        info = decode(t.instr)
        if t.accept:
            self.hit("instruction", info.name)
            for bin_name, pred in CORNERS.get(info.name, {}).items():
                if pred(*t.rs):
                    self.hit("operand corner", f"{info.name} {bin_name}")
            if self.prev_name is not None:
                self.hit("previous x current", f"{self.prev_name} -> {info.name}")
            self.prev_name = info.name
            self.in_flight += 1
            self.hit("in flight", _bucket(self.in_flight, DEPTH_EDGES))
        elif info is None:   # a rejected PQX instruction is a DUT error, reported by the scoreboard
            self.hit("instruction", "rejected (not PQX)")
        self.hit("accept x writeback x register_read", f"{t.accept}/{t.writeback}/{t.register_read:03b}")
        if self.prev_id is not None and t.id < self.prev_id:
            self.hit("id wrap", "wrapped")
        self.prev_id = t.id
        self.hit("rs_valid arrival", "late" if self.waited_rs else "with request")
        self.waited_rs = False
        self.issued.append(t)
        self.names[t.id] = info.name if (info and t.accept) else "rejected"

    def on_commit(self, t: CommitTxn) -> None:
        idx = next((k for k, p in enumerate(self.issued) if p.id == t.id), None)
        if idx is None:
            return
        if t.kill:
            victims = self.issued[idx:]
            self.hit("kill kind", "batch" if len(victims) > 1 else "single")
            for v in victims:
                self.hit("killed instruction", self.names[v.id])
                self.in_flight -= v.accept
            del self.issued[idx:]
        else:
            done = self.issued[: idx + 1]
            self.hit("commit kind", "batch" if len(done) > 1 else "single")
            self.hit("commit latency", _bucket(t.cycle - self.issued[idx].cycle, COMMIT_EDGES))
            del self.issued[: idx + 1]

    def on_result(self, t: ResultTxn) -> None:
        self.in_flight -= 1
        if t.stalled:
            self.hit("result stalled", self.names[t.id])

    def on_cycle(self, s: CycleSample) -> None:
        p = self.prev_sample
        if p is not None and p.issue_valid and not p.issue_ready:
            if not s.issue_valid:
                self.hit("withdrawal", "valid dropped")
            elif s.issue_id != p.issue_id:
                self.hit("withdrawal", "id changed")
        if s.issue_valid and not s.issue_ready and s.rs_valid & s.register_read != s.register_read:
            self.waited_rs = True
        # the monitor may skip cycles that repeat the previous sample: a stalled sample lasted
        # until the next one
        if p is not None and p.result_valid and not p.result_ready:
            self.stall_run += s.cycle - p.cycle
        if self.stall_run and not (s.result_valid and not s.result_ready):
            self.hit("stall length", _bucket(self.stall_run, STALL_EDGES))
            self.stall_run = 0
        self.prev_sample = s

    # ------------------------------------------------------------------ reporting
    def empty_bins(self) -> list[str]:
        return [f"{g}: {b}" for g, bins in self.bins.items() for b, n in bins.items() if n == 0]

    def report_phase(self) -> None:
        out_dir = os.environ.get("PQX_REPORT_DIR")
        if out_dir:
            test = type(self.parent.parent).__name__      # coverage -> env -> test
            path = Path(out_dir) / f"coverage_{test}.json"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(self.bins, indent=1))
        total = sum(len(b) for b in self.bins.values())
        empty = self.empty_bins()
        self.logger.info(f"coverage: {total - len(empty)}/{total} bins hit")

    def check_phase(self) -> None:
        empty = self.empty_bins()
        if self.required and empty:
            raise CoverageError(f"{len(empty)} coverage bins empty: " + "; ".join(empty[:12]))
