"""Sampling kernels (verif/kernels/sampling.py) on `pqx_top` through the pyuvm env.

DRAFT: written before the sampler unit is integrated into pqx_top; it runs once the unit is built
(`pqx_pkg::UnitsBuilt`, "sampler" in IMPLEMENTED_UNITS, the unit in pqx_top) and a `Unit(...)` entry
for it exists in scripts/units.py (toplevel pqx_top, rtl/pqx_top.f).

Each kernel is a sequence of instruction batches (the XOF absorb and squeeze with STORE/KREAD3, then
the sampling instructions on the words read back; see the kernel module); every batch runs through
the sequencer with the randomised host (gaps, withdrawn requests, late rs_valid, commit delays,
result back-pressure; no kills, since a killed instruction would have to be re-issued by firmware),
the scoreboard checks every result against the model, and the kernel builds the next batch from the
DUT's rd values. The polynomial, assembled from the DUT's results, must equal the reference
package's for random seeds:

  MlkemSamplingKernelTest  SamplePolyCBD eta = 2, 3 (kyber-py `cbd` of `ML_KEM._prf`) and SampleNTT
                           (kyber-py `ntt_sample` of `ML_KEM._xof`)
  MldsaSamplingKernelTest  RejNTTPoly, RejBoundedPoly eta = 2, 4 and ExpandMask gamma1 = 2^17, 2^19
                           (dilithium-py `rejection_sample_ntt_poly`, `rejection_bounded_poly`,
                           `sample_mask_polynomial`)
  SamplingKernelCycles     zero-stall host, one fixed seed per kernel: cycles from the issue of the
                           first instruction to the last result (host turnaround between batches
                           included; also the sum over batches without it); written to
                           $PQX_REPORT_DIR/kernel_cycles_sampling.json when PQX_REPORT_DIR is set

PQX_N (make sim N=...) sets the number of random seeds per kernel (default 2).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pyuvm
from dilithium_py.polynomials.polynomials import PolynomialRing as DilithiumRing
from kyber_py.ml_kem.ml_kem import ML_KEM
from kyber_py.polynomials.polynomials import PolynomialRing as KyberRing

from verif.kernels import sampling as kern
from verif.models import INSTRUCTIONS
from verif.uvm.env import XifBaseTest, knob
from verif.uvm.host_config import HostConfig
from verif.uvm.sequences import ListSequence

KYBER = KyberRing()
DILITHIUM = DilithiumRing()
DEFAULT_N = 2


# ----------------------------------------------------------------------------- cases
def mlkem_cases(rng: random.Random) -> list[tuple[str, kern.Kernel[Any], list[int]]]:
    """(label, kernel, expected polynomial) for one random seed of each ML-KEM sampler."""
    cases = []
    for eta in (2, 3):
        s, b = rng.randbytes(32), rng.randrange(256)
        cases.append((f"SamplePolyCBD eta={eta}", kern.mlkem_sample_poly_cbd(s, b, eta),
                      KYBER.cbd(ML_KEM._prf(eta, s, bytes([b])), eta).coeffs))
    rho, i, j = rng.randbytes(32), rng.randrange(4), rng.randrange(4)
    cases.append(("SampleNTT", kern.mlkem_sample_ntt(rho + bytes([j, i])),
                  KYBER.ntt_sample(ML_KEM._xof(rho, bytes([j]), bytes([i]))).coeffs))
    return cases


def mldsa_cases(rng: random.Random) -> list[tuple[str, kern.Kernel[Any], list[int]]]:
    """(label, kernel, expected polynomial) for one random seed of each ML-DSA sampler."""
    rho, r, s = rng.randbytes(32), rng.randrange(8), rng.randrange(7)
    cases = [("RejNTTPoly", kern.mldsa_rej_ntt_poly(rho + bytes([s, r])),
              DILITHIUM.rejection_sample_ntt_poly(rho, r, s).coeffs)]
    for eta in (2, 4):
        rho_p, r = rng.randbytes(64), rng.randrange(15)
        cases.append((f"RejBoundedPoly eta={eta}",
                      kern.mldsa_rej_bounded_poly(rho_p + r.to_bytes(2, "little"), eta),
                      DILITHIUM.rejection_bounded_poly(rho_p, r, eta).coeffs))
    for lg in (17, 19):
        rho_p, mu, r = rng.randbytes(64), rng.randrange(1 << 14), rng.randrange(7)
        cases.append((f"ExpandMask gamma1=2^{lg}",
                      kern.mldsa_expand_mask_poly(rho_p + (mu + r).to_bytes(2, "little"), 1 << lg),
                      DILITHIUM.sample_mask_polynomial(rho_p, r, mu, 1 << lg).coeffs))
    return cases


class SamplingKernelBase(XifBaseTest):
    """Runs kernels through the env; no kills (firmware would have to replay them)."""

    host_config = HostConfig(kill=0.0)
    checks = 0
    instructions = 0

    async def run_kernel(self, kernel: kern.Kernel[Any], label: str) -> tuple[Any, dict[str, int]]:
        """The kernel's result, built from the DUT's results, and its measurements: cycles (first
        issue to last result, monitor cycles), batch_cycles (the same per batch, summed), batches,
        instructions."""
        sb = self.env.scoreboard
        stats = {"cycles": 0, "batch_cycles": 0, "batches": 0, "instructions": 0}
        first = last = None
        try:
            batch = next(kernel)
            while True:
                sb.checked_log = []
                await ListSequence(f"{label} batch {stats['batches']}", batch).start(self.env.seqr)
                await self.drain()
                log, sb.checked_log = sb.checked_log, None
                assert len(log) == len(batch), (
                    f"{label}: {len(log)} results checked for {len(batch)} instructions")
                assert [r.name for r in log] == [name for name, _ in batch], f"{label}: result order"
                first = log[0].issue_cycle if first is None else first
                last = log[-1].result_cycle
                stats["batch_cycles"] += log[-1].result_cycle - log[0].issue_cycle
                stats["batches"] += 1
                stats["instructions"] += len(batch)
                # the kernel takes the rd of every instruction that writes one (not KINIT/KABSORB/KPERM)
                batch = kernel.send([r.data for r in log if INSTRUCTIONS[r.name].writeback])
        except StopIteration as stop:
            stats["cycles"] = last - first
            self.instructions += stats["instructions"]
            return stop.value, stats

    def check(self, label: str, got: list[int], want: list[int]) -> None:
        if got != want:
            k = next(k for k, (g, w) in enumerate(zip(got, want)) if g != w) if len(got) == len(want) else -1
            raise AssertionError(f"{label}: DUT differs from the reference at [{k}] "
                                 f"(DUT {got[k] if k >= 0 else len(got)}, reference "
                                 f"{want[k] if k >= 0 else len(want)}; seed {self.seed})")
        self.checks += 1

    async def run_cases(self, make_cases, what: str) -> None:
        for n in range(knob("PQX_N", DEFAULT_N)):
            for label, kernel, want in make_cases(self.rng):
                got, _ = await self.run_kernel(kernel, f"{label} case {n}")
                self.check(f"{label} case {n}", got, want)
        self.logger.info(f"{what}: {self.checks} polynomials equal the reference "
                         f"({self.instructions} instructions)")


@pyuvm.test()
class MlkemSamplingKernelTest(SamplingKernelBase):
    async def stimulus(self) -> None:
        await self.run_cases(mlkem_cases, "ML-KEM SamplePolyCBD / SampleNTT vs kyber-py")


@pyuvm.test()
class MldsaSamplingKernelTest(SamplingKernelBase):
    async def stimulus(self) -> None:
        await self.run_cases(mldsa_cases, "ML-DSA RejNTTPoly / RejBoundedPoly / ExpandMask vs dilithium-py")


@pyuvm.test()
class SamplingKernelCycles(SamplingKernelBase):
    host_config = HostConfig.zero_stall()

    async def stimulus(self) -> None:
        table = {}
        rng = random.Random(1)
        for label, kernel, want in mlkem_cases(rng) + mldsa_cases(rng):
            got, stats = await self.run_kernel(kernel, label)
            self.check(label, got, want)
            table[label] = {"cycles": stats["cycles"], "instructions": stats["instructions"],
                            "batches": stats["batches"], "cycles within batches": stats["batch_cycles"]}
        self.logger.info("kernel cycles (zero-stall host, first issue to last result): "
                         + ", ".join(f"{k}: {v['cycles']}" for k, v in table.items()))
        out_dir = os.environ.get("PQX_REPORT_DIR")
        if out_dir:
            Path(out_dir).mkdir(parents=True, exist_ok=True)
            (Path(out_dir) / "kernel_cycles_sampling.json").write_text(json.dumps(table, indent=1))
