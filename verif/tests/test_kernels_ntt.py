"""Arithmetic kernels (verif/kernels/ntt.py) on `pqx_top` through the pyuvm env.

Each kernel is a sequence of instruction batches (one per NTT layer, see the kernel module); every
batch runs through the sequencer with the randomised host (gaps, withdrawn requests, late rs_valid,
commit delays, result back-pressure; no kills, since a killed instruction would have to be re-issued
by firmware), the scoreboard checks every result against the model, and the kernel builds the next
batch from the DUT's results. The kernel's output, assembled from the DUT's results and normalised
into [0, q), must equal an independent reference:

  MlkemKernelTest     FIPS 203 NTT, NTT^-1 and MultiplyNTTs against kyber-py (to_ntt, from_ntt,
                      NTT-domain product); inputs: random representatives in (-q, q) of random
                      polynomials, the first case with the extreme inputs +-(q - 1)
  MldsaKernelTest     FIPS 204 NTT and NTT^-1 against dilithium-py (to_ntt, from_ntt), same inputs
  FalconKernelTest    mq_NTT (n = 512) against the direct O(n^2) evaluation at the roots of
                      x^512 + 1 (bit-reversed order, `falcon_ntt_reference`), and mq_iNTT of that
                      evaluation, which must give back the polynomial
  HqcClmulKernelTest  carry-less products of binary polynomials of 256 to 1024 bits (64-bit words,
                      KARATS1..4 per 64 x 64 block: 1024 x 1024 random, 256 x 257 all ones, then
                      random sizes) against a plain shift-and-xor product
  NttKernelCycles     zero-stall host, one fixed case per kernel: cycles from the issue of the first
                      instruction to the last result (host turnaround between batches included;
                      also the sum over batches without it); written to
                      $PQX_REPORT_DIR/kernel_cycles_ntt.json when PQX_REPORT_DIR is set

PQX_N (make sim N=...) sets the number of random cases per kernel (default 3; each test also runs
its fixed first case). At about 1000 instructions per second in the randomised env, the default
unit takes about a minute of simulation (about 4,600 instructions per case of all five lattice
kernels).
"""

from __future__ import annotations

import random
from typing import Any

import pyuvm
from dilithium_py.polynomials.polynomials import PolynomialRing as DilithiumRing
from kyber_py.polynomials.polynomials import PolynomialRing as KyberRing

from verif.kernels import ntt as kern
from verif.uvm.kernel_env import BatchKernelTest
from verif.uvm.env import knob
from verif.uvm.host_config import HostConfig

KYBER = KyberRing()
DILITHIUM = DilithiumRing()
FALCON_LOGN = 9
DEFAULT_N = 3


# ----------------------------------------------------------------------------- references
def kyber_ntt(f: list[int]) -> list[int]:
    return KYBER(list(f)).to_ntt().coeffs           # to_ntt works in place: give it a copy


def kyber_intt(f: list[int]) -> list[int]:
    return KYBER(list(f), is_ntt=True).from_ntt().coeffs


def kyber_multiply(f: list[int], g: list[int]) -> list[int]:
    return (KYBER(list(f), is_ntt=True) * KYBER(list(g), is_ntt=True)).coeffs


def dilithium_ntt(f: list[int]) -> list[int]:
    return DILITHIUM(list(f)).to_ntt().coeffs


def dilithium_intt(f: list[int]) -> list[int]:
    return DILITHIUM(list(f), is_ntt=True).from_ntt().coeffs


# ----------------------------------------------------------------------------- stimulus
def random_poly(rng: random.Random, q: int, n: int = 256) -> list[int]:
    return [rng.randrange(q) for _ in range(n)]


def extreme_poly(rng: random.Random, q: int, n: int = 256) -> list[int]:
    """Coefficients q - 1 (passed to the DUT as +-(q - 1)), 0 and 1 now and then."""
    return [rng.choice([q - 1, q - 1, q - 1, 0, 1]) for _ in range(n)]


def representatives(f: list[int], q: int, rng: random.Random) -> list[int]:
    """The kernel input: a random representative in (-q, q) of each coefficient (x or x - q), as
    the reference's int16/int32 arrays may hold it."""
    return [x - q if x and rng.random() < 0.5 else x for x in f]


class NttKernelBase(BatchKernelTest):
    """The shared kernel runner with the NTT tests' cases."""

    def cases(self) -> list[bool]:
        """One flag per case: True for the fixed extreme case first, then PQX_N random ones."""
        return [True] + [False] * knob("PQX_N", DEFAULT_N)


@pyuvm.test()
class MlkemKernelTest(NttKernelBase):
    async def stimulus(self) -> None:
        rng, q = self.rng, kern.Q_K
        for n, extreme in enumerate(self.cases()):
            make = extreme_poly if extreme else random_poly
            f, g, h = make(rng, q), make(rng, q), make(rng, q)
            got, _ = await self.run_kernel(kern.mlkem_ntt(representatives(f, q, rng)), f"ML-KEM NTT {n}")
            self.check(f"ML-KEM NTT case {n}", got, kyber_ntt(f))
            got, _ = await self.run_kernel(kern.mlkem_intt(representatives(g, q, rng)), f"ML-KEM NTT^-1 {n}")
            self.check(f"ML-KEM NTT^-1 case {n}", got, kyber_intt(g))
            got, _ = await self.run_kernel(kern.mlkem_multiply_ntts(representatives(g, q, rng),
                                                                    representatives(h, q, rng)),
                                           f"ML-KEM MultiplyNTTs {n}")
            self.check(f"ML-KEM MultiplyNTTs case {n}", got, kyber_multiply(g, h))
        self.logger.info(f"ML-KEM: {self.checks} NTT / NTT^-1 / MultiplyNTTs results equal kyber-py "
                         f"({self.instructions} instructions)")


@pyuvm.test()
class MldsaKernelTest(NttKernelBase):
    async def stimulus(self) -> None:
        rng, q = self.rng, kern.Q_D
        for n, extreme in enumerate(self.cases()):
            make = extreme_poly if extreme else random_poly
            f, g = make(rng, q), make(rng, q)
            got, _ = await self.run_kernel(kern.mldsa_ntt(representatives(f, q, rng)), f"ML-DSA NTT {n}")
            self.check(f"ML-DSA NTT case {n}", got, dilithium_ntt(f))
            got, _ = await self.run_kernel(kern.mldsa_intt(representatives(g, q, rng)), f"ML-DSA NTT^-1 {n}")
            self.check(f"ML-DSA NTT^-1 case {n}", got, dilithium_intt(g))
        self.logger.info(f"ML-DSA: {self.checks} NTT / NTT^-1 results equal dilithium-py "
                         f"({self.instructions} instructions)")


@pyuvm.test()
class FalconKernelTest(NttKernelBase):
    async def stimulus(self) -> None:
        rng, q, logn = self.rng, kern.Q_F, FALCON_LOGN
        for n, extreme in enumerate(self.cases()):
            f = (extreme_poly if extreme else random_poly)(rng, q, 1 << logn)
            want = kern.falcon_ntt_reference(f, logn)
            got, _ = await self.run_kernel(kern.falcon_ntt(f, logn), f"Falcon NTT {n}")
            self.check(f"Falcon NTT n={1 << logn} case {n}", got, want)
            got, _ = await self.run_kernel(kern.falcon_intt(want, logn), f"Falcon NTT^-1 {n}")
            self.check(f"Falcon NTT^-1 n={1 << logn} case {n}", got, f)
        self.logger.info(f"Falcon: {self.checks} NTT / NTT^-1 (n = {1 << logn}) results equal the "
                         f"evaluation at the roots of x^n + 1 ({self.instructions} instructions)")


@pyuvm.test()
class HqcClmulKernelTest(NttKernelBase):
    async def stimulus(self) -> None:
        rng = self.rng
        sizes = [(1024, 1024), (256, 257)] + [(rng.randint(256, 1024), rng.randint(256, 1024))
                                               for _ in range(knob("PQX_N", DEFAULT_N))]
        for n, (bits_a, bits_b) in enumerate(sizes):
            if n == 1:                  # all ones: every partial product bit set
                a, b = (1 << bits_a) - 1, (1 << bits_b) - 1
            else:
                a, b = rng.getrandbits(bits_a) | 1 << (bits_a - 1), rng.getrandbits(bits_b) | 1 << (bits_b - 1)
            wa, wb = kern.int_to_words(a, -(-bits_a // 64)), kern.int_to_words(b, -(-bits_b // 64))
            got, _ = await self.run_kernel(kern.clmul_poly(wa, wb), f"clmul {bits_a} x {bits_b}")
            self.check(f"carry-less {bits_a} x {bits_b} bits",
                       [kern.words_to_int(got)], [kern.clmul(a, b)])
        self.logger.info(f"HQC: {self.checks} carry-less products (bits {sizes}) equal the shift-and-xor "
                         f"product ({self.instructions} instructions)")


def cycle_cases(rng: random.Random) -> list[tuple[str, Any, Any]]:
    """(name, kernel, expected) of the cycles test: one case per kernel."""
    qk, qd, qf = kern.Q_K, kern.Q_D, kern.Q_F
    f, g = random_poly(rng, qk), random_poly(rng, qk)
    d = random_poly(rng, qd)
    p = random_poly(rng, qf, 1 << FALCON_LOGN)
    p_hat = kern.falcon_ntt_reference(p, FALCON_LOGN)
    a, b = rng.getrandbits(1024), rng.getrandbits(1024)
    n = 1 << FALCON_LOGN
    return [
        ("ML-KEM NTT", kern.mlkem_ntt(f), kyber_ntt(f)),
        ("ML-KEM NTT^-1", kern.mlkem_intt(f), kyber_intt(f)),
        ("ML-KEM MultiplyNTTs", kern.mlkem_multiply_ntts(f, g), kyber_multiply(f, g)),
        ("ML-DSA NTT", kern.mldsa_ntt(d), dilithium_ntt(d)),
        ("ML-DSA NTT^-1", kern.mldsa_intt(d), dilithium_intt(d)),
        (f"Falcon NTT n={n}", kern.falcon_ntt(p, FALCON_LOGN), p_hat),
        (f"Falcon NTT^-1 n={n}", kern.falcon_intt(p_hat, FALCON_LOGN), p),
        ("HQC clmul 1024 x 1024 bits", kern.clmul_poly(kern.int_to_words(a, 16), kern.int_to_words(b, 16)),
         kern.int_to_words(kern.clmul(a, b), 32)),
    ]


@pyuvm.test()
class NttKernelCycles(NttKernelBase):
    host_config = HostConfig.zero_stall()

    async def stimulus(self) -> None:
        await self.report_cycles(cycle_cases(random.Random(1)), "kernel_cycles_ntt.json")
