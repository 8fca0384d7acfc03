"""Sampling kernels (verif/kernels/sampling.py) on `pqx_top` through the pyuvm env.

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

import random
from typing import Any

import pyuvm
from dilithium_py.polynomials.polynomials import PolynomialRing as DilithiumRing
from kyber_py.ml_kem.ml_kem import ML_KEM
from kyber_py.polynomials.polynomials import PolynomialRing as KyberRing

from verif.kernels import sampling as kern
from verif.uvm.kernel_env import BatchKernelTest
from verif.uvm.env import knob
from verif.uvm.host_config import HostConfig

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


class SamplingKernelBase(BatchKernelTest):
    """The shared kernel runner with the sampling tests' cases."""

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
        rng = random.Random(1)
        await self.report_cycles(mlkem_cases(rng) + mldsa_cases(rng), "kernel_cycles_sampling.json")
