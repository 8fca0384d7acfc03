"""PQX's latency contract, from the instruction table (verif/models/isa_table.py): cycles from the
issue handshake to the first cycle of result_valid, for a host that commits in the issue cycle and
never stalls result_ready. Every value is fixed and independent of operand values; the system
latency test (XifLatencyTest) measures each one and must see exactly this number."""

from .isa_table import TABLE

LATENCY: dict[str, int] = {i.name: i.latency for i in TABLE}
LATENCY_ROBUST: dict[str, int] = {i.name: i.latency_robust for i in TABLE if i.latency_robust}
"""THASH in robust mode (rs2 = 0) takes two permutations."""
