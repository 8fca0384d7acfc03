"""The firmware kernels of the cycle table: what each one computes, its inputs, its reference.

A `Kernel` names a C file in firmware/kernels/ (built twice: PQX_KERNEL=0, plain C, and
PQX_KERNEL=1, with PQX instructions; see firmware/kernels/kernel.h for the program's side),
draws its inputs from a seeded generator, and computes the expected output bytes with a
reference that is independent of PQX (hashlib/pycryptodome, kyber-py, dilithium-py, the FIPS 205
model). scripts/cycles.py builds, runs and checks them; the HORCRUX figures are its Table VII
(software / custom column, cycles on CV32E40PX).

The kernels are grouped by family: verif/soc/kernels_keccak.py, verif/soc/kernels_arith.py,
kernels_mce.py, kernels_crv.py, kernels_poly.py.
"""

from __future__ import annotations

from . import kernels_arith, kernels_crv, kernels_keccak, kernels_mce, kernels_poly
from .kernel import Kernel


def all_kernels() -> list[Kernel]:
    """Every kernel, in the order of the table."""
    return (list(kernels_keccak.KERNELS) + list(kernels_arith.KERNELS) + list(kernels_mce.KERNELS)
            + list(kernels_crv.KERNELS) + list(kernels_poly.KERNELS))
