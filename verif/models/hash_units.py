"""Semantics of the Keccak unit's instructions (docs/isa.md): KSTART and KPERM.

O takes Keccak-f[1600] of S; KPERM also copies the result into S. The permutation is
`verif.models.keccak`, checked against XKCP and pycryptodome.
"""

from __future__ import annotations

from .keccak import permute_words
from .pqx_model import PqxModel, semantics


@semantics("KSTART")
def _kstart(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
    m.O = permute_words(m.S)


@semantics("KPERM")
def _kperm(m: PqxModel, rs1: int, rs2: int, rs3: int) -> None:
    m.O = permute_words(m.S)
    m.S = list(m.O)
