"""PQX's latency contract, from the instruction table (verif/models/isa_table.py): cycles from the
issue handshake to the first cycle of result_valid, for a host that commits in the issue cycle and
never stalls result_ready. Every value is fixed and independent of operand values; the system
latency test (XifLatencyTest) measures each one and must see exactly this number. Each build of
pqx_top (Pipelined, KeccakRoundsPerCycle, IssueBypass) has its own contract
(InstrInfo.latency_for)."""

from __future__ import annotations

import os

from .isa_table import TABLE

LATENCY: dict[str, int] = {i.name: i.latency for i in TABLE}
"""The default build's latencies."""


def pipelined_build() -> bool:
    """True in a simulation of the pipelined build (scripts/sim.py sets PQX_PIPELINED from the
    unit's parameters)."""
    return os.environ.get("PQX_PIPELINED", "0") == "1"


def keccak_rounds_build() -> int:
    """Keccak rounds per cycle of the build under simulation (PQX_KECCAK_ROUNDS, set by
    scripts/sim.py from the unit's KeccakRoundsPerCycle or RoundsPerCycle)."""
    return int(os.environ.get("PQX_KECCAK_ROUNDS", "1"))


def issue_bypass_build() -> bool:
    """False in a simulation of the queue-only build (IssueBypass = 0: PQX_ISSUE_BYPASS, set by
    scripts/sim.py from the unit's parameters)."""
    return os.environ.get("PQX_ISSUE_BYPASS", "1") == "1"


def contract(pipelined: bool | None = None,
             keccak_rounds_per_cycle: int | None = None,
             issue_bypass: bool | None = None) -> tuple[dict[str, int], dict[str, int]]:
    """(latency, robust latency) of the build under test (or of the one asked for)."""
    if pipelined is None:
        pipelined = pipelined_build()
    if keccak_rounds_per_cycle is None:
        keccak_rounds_per_cycle = keccak_rounds_build()
    if issue_bypass is None:
        issue_bypass = issue_bypass_build()
    latency = {i.name: i.latency_for(pipelined, keccak_rounds_per_cycle, issue_bypass=issue_bypass)
               for i in TABLE}
    robust = {i.name: i.latency_for(pipelined, keccak_rounds_per_cycle, robust=True,
                                    issue_bypass=issue_bypass)
              for i in TABLE if i.latency_robust}
    return latency, robust
