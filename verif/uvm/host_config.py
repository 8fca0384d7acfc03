"""Knobs of the host-core emulator; its choices come from the host's own seeded generator."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class HostConfig:
    issue_gap: float = 0.3          # probability of idle cycles before the next request
    max_gap: int = 4
    withdraw: float = 0.05          # probability per waiting cycle of withdrawing the request
    late_rs: float = 0.4            # probability that a request's rs_valid bits arrive late
    max_rs_delay: int = 4
    commit_now: float = 0.4         # probability of committing in the issue cycle
    max_commit_delay: int = 6
    batch_commit: float = 0.3       # commit the youngest eligible id (commits all older ones)
    kill: float = 0.06              # probability per commit transaction of a kill
    reuse_id: float = 0.3           # probability of taking any free id instead of the next one
    stall: float = 0.15             # probability per cycle of starting a result_ready stall
    max_stall: int = 24

    @classmethod
    def zero_stall(cls) -> "HostConfig":
        """A host that never waits: commit in the issue cycle, result_ready always high."""
        return cls(issue_gap=0.0, withdraw=0.0, late_rs=0.0, commit_now=1.0, max_commit_delay=0,
                   batch_commit=0.0, kill=0.0, stall=0.0, reuse_id=0.0)
