"""The scheme firmware of the PQX SoC: parameter sets, the input layout of each program, the
operations, and the Python references the firmware is checked against.

A scheme program (firmware/schemes/<scheme>/<scheme>_kat.c, protocol in
firmware/schemes/scheme_io.h) runs one operation per simulation on the inputs the host writes
into its `scheme_in` struct; scripts/schemes.py builds, runs and parses it. This module says what
the fields are and what the right answers are (kyber-py for ML-KEM: an implementation that
shares nothing with the firmware).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

SOURCES = {
    "mlkem": ("firmware/schemes/mlkem/mlkem_kat.c",
              ("firmware/schemes/mlkem/mlkem.c", "firmware/schemes/mlkem/mlkem_kernels.c")),
}


@dataclass(frozen=True)
class Layout:
    """The fields of a program's `scheme_in` struct, in order: (name, bytes)."""
    fields: tuple[tuple[str, int], ...]

    def pack(self, op: int, values: dict[str, bytes]) -> bytes:
        out = bytearray(op.to_bytes(4, "little"))
        for name, size in self.fields:
            v = values.get(name, b"")
            if len(v) > size:
                raise ValueError(f"{name}: {len(v)} bytes, the field holds {size}")
            out += v + bytes(size - len(v))
        return bytes(out)


@dataclass(frozen=True)
class Op:
    code: int
    inputs: tuple[str, ...]
    outputs: tuple[str, ...]


@dataclass(frozen=True)
class ParamSet:
    name: str                         # the ACVP name, e.g. ML-KEM-768
    scheme: str                       # key of SOURCES
    cflags: tuple[str, ...]
    layout: Layout
    ops: dict[str, Op]
    sizes: dict[str, int] = field(default_factory=dict)
    max_cycles: int = 40_000_000

    @property
    def tag(self) -> str:
        return self.name.lower()


# ------------------------------------------------------------------------------ ML-KEM
MLKEM_IN = Layout((("d", 32), ("z", 32), ("m", 32), ("ek", 1568), ("dk", 3168), ("c", 1568)))
MLKEM_OPS = {
    "keygen": Op(1, ("d", "z"), ("ek", "dk")),
    "encaps": Op(2, ("ek", "m"), ("c", "k")),
    "decaps": Op(3, ("dk", "c"), ("k",)),
    "check_ek": Op(4, ("ek",), ("ok",)),
    "check_dk": Op(5, ("dk",), ("ok",)),
}


def _mlkem(k: int) -> ParamSet:
    du, dv = (11, 5) if k == 4 else (10, 4)
    return ParamSet(f"ML-KEM-{256 * k}", "mlkem", (f"-DMLKEM_K={k}",), MLKEM_IN, MLKEM_OPS,
                    {"ek": 384 * k + 32, "dk": 768 * k + 96, "c": 32 * (du * k + dv)})


PARAM_SETS: dict[str, ParamSet] = {p.name: p for p in (_mlkem(2), _mlkem(3), _mlkem(4))}


def mlkem_reference(pset: ParamSet):
    """kyber-py's object for the parameter set."""
    from kyber_py import ml_kem
    return getattr(ml_kem, pset.name.replace("-", "_"))


def mlkem_expected(pset: ParamSet, op: str, inputs: dict[str, bytes]) -> dict[str, bytes]:
    """What kyber-py computes for one operation (its internal algorithms, as ACVP tests them)."""
    ref = mlkem_reference(pset)
    if op == "keygen":
        ek, dk = ref._keygen_internal(inputs["d"], inputs["z"])
        return {"ek": ek, "dk": dk}
    if op == "encaps":
        key, c = ref._encaps_internal(inputs["ek"], inputs["m"])
        return {"c": c, "k": key}
    if op == "decaps":
        return {"k": ref._decaps_internal(inputs["dk"], inputs["c"])}
    raise ValueError(op)


REFERENCES: dict[str, Callable[[ParamSet, str, dict[str, bytes]], dict[str, bytes]]] = {
    "mlkem": mlkem_expected,
}


# HORCRUX Table IV: (baseline, optimized) kilocycles per operation on CV32E40PX.
HORCRUX_TABLE_IV: dict[tuple[str, str], tuple[int, int]] = {
    ("ML-KEM-512", "keygen"): (900, 163), ("ML-KEM-512", "encaps"): (965, 189),
    ("ML-KEM-512", "decaps"): (1108, 290),
    ("ML-KEM-768", "keygen"): (1475, 260), ("ML-KEM-768", "encaps"): (1602, 289),
    ("ML-KEM-768", "decaps"): (1789, 426),
    ("ML-KEM-1024", "keygen"): (2357, 389), ("ML-KEM-1024", "encaps"): (2500, 421),
    ("ML-KEM-1024", "decaps"): (2739, 601),
    ("ML-DSA-44", "keygen"): (3444, 458), ("ML-DSA-44", "sign"): (6820, 1537),
    ("ML-DSA-44", "verify"): (3618, 592),
    ("SLH-DSA-SHAKE-128f", "keygen"): (262561, 2041),
}
GOAL = 0.6
"""Issue goal: every PQX figure at most 60 % of HORCRUX's optimized column (at most 100 % required)."""
