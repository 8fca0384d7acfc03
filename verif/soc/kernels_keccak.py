"""Keccak-based kernels of the cycle table (verif/soc/kernels.py)."""

from __future__ import annotations

import random

from verif.models.keccak import keccak_f1600

from .kernels import Kernel, Value


def _state(rng: random.Random, full: bool) -> dict[str, Value]:
    return {"STATE": [rng.getrandbits(32) for _ in range(50)]}


def _keccak_f_ref(v: dict[str, Value]) -> bytes:
    """verif/models/keccak.py (checked against hashlib's SHA-3 and the XKCP intermediate values
    by verif/models/test_keccak.py)."""
    w = list(v["STATE"])
    lanes = keccak_f1600([w[2 * i] | w[2 * i + 1] << 32 for i in range(25)])
    return b"".join(lane.to_bytes(8, "little") for lane in lanes)


KERNELS = [
    Kernel("keccak_f", "firmware/kernels/keccak_f.c",
           "Keccak-f[1600], state loaded from and stored to memory", _state, _keccak_f_ref,
           horcrux=(None, 385), goal=280),
]
