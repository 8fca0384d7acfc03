"""Arithmetic kernels of the cycle table (verif/soc/kernels.py): NTTs, sampling, HQC."""

from __future__ import annotations

KERNELS: list = []
