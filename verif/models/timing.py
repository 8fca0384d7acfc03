"""PQX's latency contract, from the instruction table (verif/models/isa_table.py): cycles from the
issue handshake to the first cycle of result_valid, for a host that commits in the issue cycle and
never stalls result_ready. Every value is fixed and independent of operand values; the system
latency test (XifLatencyTest) measures each one and must see exactly this number. The pipelined
build (pqx_top Pipelined = 1) has its own column."""

from __future__ import annotations

import os

from .isa_table import TABLE

LATENCY: dict[str, int] = {i.name: i.latency for i in TABLE}
LATENCY_ROBUST: dict[str, int] = {i.name: i.latency_robust for i in TABLE if i.latency_robust}
"""THASH in robust mode (rs2 = 0) takes two permutations."""
LATENCY_PIPELINED: dict[str, int] = {i.name: i.latency_pipelined for i in TABLE}
LATENCY_ROBUST_PIPELINED: dict[str, int] = {
    i.name: i.latency_robust_pipelined for i in TABLE if i.latency_robust_pipelined}


def pipelined_build() -> bool:
    """True in a simulation of the pipelined build (scripts/sim.py sets PQX_PIPELINED from the
    unit's parameters)."""
    return os.environ.get("PQX_PIPELINED", "0") == "1"


def contract(pipelined: bool | None = None) -> tuple[dict[str, int], dict[str, int]]:
    """(latency, robust latency) of the build under test (or of the one asked for)."""
    if pipelined is None:
        pipelined = pipelined_build()
    return (LATENCY_PIPELINED, LATENCY_ROBUST_PIPELINED) if pipelined else (LATENCY, LATENCY_ROBUST)
