"""SLH-DSA kernels on `pqx_top` through the pyuvm XIF environment, against the FIPS 205 reference.

The kernels (`verif/kernels/slhdsa.py`) are coroutines: each yields a batch of instructions, the
test runs it through the sequencer (the scoreboard checks every result against the PQX model as
usual), waits until the host has drained, and sends the batch's STORE results back. The kernel's
result is then compared with `verif/models/fips205.py`, which is independent of the model.

  SlhdsaHashTest    F, H (simple and robust), PRF and CL for n = 16, 24, 32 with random PK.seed,
                    ADRS and inputs; the operations of one n run back to back in one sequence
  SlhdsaChainTest   WOTS+ chains with random start and length (simple and robust) and several
                    chains in one batch, for every n
  SlhdsaWotsPkTest  one WOTS+ public key (wots_pkGen: len PRFs, len chains of 15 F, T_len as a
                    multi-block SHAKE256) per n
  SlhdsaCyclesTest  zero-stall host: cycles of F/H/PRF/CL, of a chain step (CHAIN_n) and of a WOTS+ public
                    key (n = 16); JSON to $PQX_REPORT_DIR/kernel_cycles_slhdsa.json

All but the cycles test use a randomised host without kills (a killed STORE would lose a value the
kernel needs; the firmware would re-execute it, this host does not).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Sequence

import pyuvm

from verif.kernels import slhdsa as kern
from verif.models import fips205 as ref
from verif.uvm.env import XifBaseTest
from verif.uvm.host_config import HostConfig
from verif.uvm.items import IssueTxn, ResultTxn
from verif.uvm.sequences import ListSequence

NS = (16, 24, 32)


class SlhdsaBaseTest(XifBaseTest):
    host_config = HostConfig(kill=0.0)
    batches = 0
    instructions = 0
    checks = 0

    # -------------------------------------------------------------- running kernels
    def _hook(self) -> None:
        if getattr(self, "_hooked", False):
            return
        self._hooked = True
        self._issues: list[IssueTxn] | None = None
        self._results: list[ResultTxn] | None = None
        sb = self.env.scoreboard
        on_issue, on_result = sb.on_issue, sb.on_result

        def issue(t: IssueTxn) -> None:
            if self._issues is not None:
                self._issues.append(t)
            on_issue(t)

        def result(t: ResultTxn) -> None:
            if self._results is not None:
                self._results.append(t)
            on_result(t)

        sb.issue_export.callback = issue
        sb.result_export.callback = result

    async def run_batch(self, batch: Sequence[kern.Item]) -> list[int]:
        """Run one batch, wait until drained; the data of its STORE results in order."""
        self._hook()
        self._issues, self._results = [], []
        await ListSequence(f"batch{self.batches}", list(batch)).start(self.env.seqr)
        await self.drain()
        issues, results = self._issues, self._results
        self._issues = self._results = None
        assert len(results) == len(batch), f"{len(results)} results for {len(batch)} instructions"
        assert not any(t.exc for t in results), "a kernel instruction raised an exception"
        stores = [t.data for t in results if t.we]
        assert len(stores) == kern.store_count(batch)
        self.batches += 1
        self.instructions += len(batch)
        # first issue handshake to last result handshake, both inclusive
        self.last_batch_cycles = results[-1].cycle - issues[0].cycle + 1
        self.last_batch_len = len(batch)
        return stores

    async def run_kernel(self, kernel: kern.Kernel[Any]) -> Any:
        try:
            batch = next(kernel)
            while True:
                batch = kernel.send(await self.run_batch(batch))
        except StopIteration as stop:
            return stop.value

    async def run_together(self, kernels: Sequence[kern.Kernel[Any]]) -> list[Any]:
        """Single-batch kernels (F, H, PRF, CL) back to back in one sequence."""
        batches = [next(k) for k in kernels]
        out = await self.run_batch([item for b in batches for item in b])
        values = []
        for k, b in zip(kernels, batches):
            cnt = kern.store_count(b)
            chunk, out = out[:cnt], out[cnt:]
            try:
                k.send(chunk)
                raise AssertionError("run_together takes single-batch kernels only")
            except StopIteration as stop:
                values.append(stop.value)
        return values

    # -------------------------------------------------------------- stimulus helpers
    def rand_bytes(self, n: int) -> bytes:
        return self.rng.randbytes(n)

    def rand_adrs(self, type_: int | None = None) -> ref.ADRS:
        rng = self.rng
        if type_ is None and rng.random() < 0.3:
            return ref.ADRS(rng.randbytes(32))
        a = ref.ADRS()
        a.set_layer_address(rng.randrange(22))
        a.set_tree_address(rng.getrandbits(rng.choice([8, 64])))
        a.set_type_and_clear(rng.randrange(7) if type_ is None else type_)
        a.set_key_pair_address(rng.getrandbits(rng.choice([3, 9, 32])))
        a.set_chain_address(rng.randrange(67))
        a.set_hash_address(rng.randrange(16))
        return a

    def simple_rs2(self) -> int:
        return self.rng.choice([1, 0x80000000, 0xFFFFFFFF, self.rng.getrandbits(32) | 1])

    def check(self, what: str, got: Any, want: Any) -> None:
        """DUT result against the FIPS 205 reference (bytes, or a list of them / of digits)."""
        if got != want:
            if isinstance(got, list) and isinstance(want, list) and len(got) == len(want):
                k = next(k for k, (g, w) in enumerate(zip(got, want)) if g != w)
                what, got, want = f"{what} [{k}] (of {len(want)})", got[k], want[k]
            g = got.hex() if isinstance(got, bytes) else got
            w = want.hex() if isinstance(want, bytes) else want
            raise AssertionError(f"{what}: DUT {g}, FIPS 205 reference {w} (seed {self.seed})")
        self.checks += 1


@pyuvm.test()
class SlhdsaHashTest(SlhdsaBaseTest):
    REPS = 4

    async def stimulus(self) -> None:
        for n in NS:
            kernels, wants, labels = [], [], []
            for rep in range(self.REPS):
                s, sk, a = self.rand_bytes(n), self.rand_bytes(n), self.rand_adrs()
                m1, m2 = self.rand_bytes(n), self.rand_bytes(2 * n)
                ops = [
                    ("F simple", kern.f_kernel(s, a, m1, simple_rs2=self.simple_rs2()), ref.F(s, a, m1)),
                    ("F robust", kern.f_kernel(s, a, m1, robust=True), ref.f_robust(s, a, m1)),
                    ("H simple", kern.h_kernel(s, a, m2, simple_rs2=self.simple_rs2()), ref.H(s, a, m2)),
                    ("H robust", kern.h_kernel(s, a, m2, robust=True), ref.h_robust(s, a, m2)),
                    ("PRF", kern.prf_kernel(s, sk, a), ref.PRF(s, sk, a)),
                    ("CL", kern.cl_kernel(m1), ref.chain_lengths(m1)),
                ]
                self.rng.shuffle(ops)
                for label, k, want in ops:
                    labels.append(f"n={n} rep {rep} {label}")
                    kernels.append(k)
                    wants.append(want)
            got = await self.run_together(kernels)
            for label, g, w in zip(labels, got, wants):
                self.check(label, g, w)
        self.logger.info(f"{self.checks} F/H/PRF/CL results equal the FIPS 205 reference "
                         f"({self.instructions} instructions)")


@pyuvm.test()
class SlhdsaChainTest(SlhdsaBaseTest):
    async def stimulus(self) -> None:
        rng = self.rng
        for n in NS:
            s = self.rand_bytes(n)
            for robust in (False, True):
                for _ in range(2):
                    i = rng.randrange(15)
                    steps = rng.randint(1, 15 - i)
                    x, a = self.rand_bytes(n), self.rand_adrs(ref.WOTS_HASH)
                    got = await self.run_kernel(kern.chain_kernel(
                        x, i, steps, s, a, robust=robust,
                        simple_rs2=self.simple_rs2()))
                    want = ref.chain(x, i, steps, s, a.copy(), ref.f_robust if robust else ref.F)
                    self.check(f"n={n} chain i={i} s={steps} robust={robust}", got, want)
            # several chains of one key pair in one batch, each with its own start and length (wots_sign)
            count = rng.randint(3, 6)
            xs = [self.rand_bytes(n) for _ in range(count)]
            starts = [rng.randrange(15) for _ in range(count)]
            steps = [rng.randint(0, 15 - i) for i in starts]
            addrs = rng.sample(range(2 * n + 3), count)
            a = self.rand_adrs(ref.WOTS_HASH)
            got = await self.run_kernel(kern.chains_kernel(xs, starts, steps, s, a, addrs))
            for c in range(count):
                ac = a.copy()
                ac.set_chain_address(addrs[c])
                self.check(f"n={n} batched chain {c}", got[c], ref.chain(xs[c], starts[c], steps[c], s, ac))
        self.logger.info(f"{self.checks} chains equal the FIPS 205 reference "
                         f"({self.batches} batches, {self.instructions} instructions)")


@pyuvm.test()
class SlhdsaWotsPkTest(SlhdsaBaseTest):
    async def stimulus(self) -> None:
        for n in NS:
            sk_seed, pk_seed = self.rand_bytes(n), self.rand_bytes(n)
            a = self.rand_adrs(ref.WOTS_HASH)
            before = self.instructions
            pk, ends = await self.run_kernel(kern.wots_pkgen_kernel(sk_seed, pk_seed, a))
            self.check(f"n={n} WOTS+ chain ends", ends, ref.wots_chain_ends(sk_seed, pk_seed, a))
            self.check(f"n={n} WOTS+ pk", pk, ref.wots_pkgen(sk_seed, pk_seed, a))
            self.logger.info(f"n={n}: WOTS+ public key equals the reference "
                             f"({self.instructions - before} instructions)")


@pyuvm.test()
class SlhdsaCyclesTest(SlhdsaBaseTest):
    """Cycle counts under a host that never waits (HostConfig.zero_stall()): for each kernel batch,
    from the first issue handshake to the last result handshake; plus the instruction latencies the
    scoreboard saw."""

    host_config = HostConfig.zero_stall()

    async def measure(self, kernel: kern.Kernel[Any]) -> tuple[Any, list[int], list[int]]:
        """Run a kernel; (result, cycles of each batch, instructions of each batch)."""
        cycles, sizes = [], []
        try:
            batch = next(kernel)
            while True:
                out = await self.run_batch(batch)
                cycles.append(self.last_batch_cycles)
                sizes.append(self.last_batch_len)
                batch = kernel.send(out)
        except StopIteration as stop:
            return stop.value, cycles, sizes

    async def stimulus(self) -> None:
        report: dict[str, Any] = {"host": "zero_stall",
                                  "cycles": "first issue handshake to last result handshake of a batch",
                                  "levels": {}}
        for n in NS:
            lay = kern.layout(n)
            s, sk, a = self.rand_bytes(n), self.rand_bytes(n), self.rand_adrs(ref.WOTS_HASH)
            m1, m2 = self.rand_bytes(n), self.rand_bytes(2 * n)
            level: dict[str, Any] = {}
            for label, k, want in (
                    ("F", kern.f_kernel(s, a, m1), ref.F(s, a, m1)),
                    ("F robust", kern.f_kernel(s, a, m1, robust=True), ref.f_robust(s, a, m1)),
                    ("H", kern.h_kernel(s, a, m2), ref.H(s, a, m2)),
                    ("H robust", kern.h_kernel(s, a, m2, robust=True), ref.h_robust(s, a, m2)),
                    ("PRF", kern.prf_kernel(s, sk, a), ref.PRF(s, sk, a)),
                    ("CL", kern.cl_kernel(m1), ref.chain_lengths(m1))):
                got, cycles, instrs = await self.measure(k)
                self.check(f"n={n} {label}", got, want)
                level[label] = {"cycles": cycles[0], "instructions": instrs[0]}
            # chains of 1 and 15 steps (set-up, CHAIN_n each step, STOREs): a step is the difference
            got, cycles1, instrs1 = await self.measure(kern.chain_kernel(m1, 0, 1, s, a))
            self.check(f"n={n} chain of 1", got, ref.chain(m1, 0, 1, s, a.copy()))
            got, cycles, instrs = await self.measure(kern.chain_kernel(m1, 0, 15, s, a))
            self.check(f"n={n} chain of 15", got, ref.chain(m1, 0, 15, s, a.copy()))
            level["chain step"] = {"cycles": (cycles[0] - cycles1[0]) / 14,
                                   "chain of 15 cycles": cycles[0], "chain of 15 instructions": instrs[0]}
            if n == 16:
                pk, cycles, instrs = await self.measure(kern.wots_pkgen_kernel(sk, s, a))
                self.check("n=16 WOTS+ pk", pk[0], ref.wots_pkgen(sk, s, a))
                level["WOTS+ pk"] = {"cycles": sum(cycles), "instructions": sum(instrs),
                                     "batches": len(cycles), "cycles per batch": cycles}
            lat = self.env.scoreboard.latency
            level["latency"] = {name: sorted(set(v)) for name, v in lat.items()
                                if name.endswith(str(lay.level))}
            report["levels"][n] = level
        self.logger.info("SLH-DSA kernel cycles (zero-stall host): " + json.dumps(report["levels"]))
        out_dir = os.environ.get("PQX_REPORT_DIR")
        if out_dir:
            Path(out_dir).mkdir(parents=True, exist_ok=True)
            (Path(out_dir) / "kernel_cycles_slhdsa.json").write_text(json.dumps(report, indent=1))
