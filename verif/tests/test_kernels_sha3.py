"""SHA3 / SHAKE kernels (verif/kernels/sha3.py) on `pqx_top` through the pyuvm env.

Every hash is an instruction stream of the kernel run by the randomised host (gaps, withdrawn
requests, late rs_valid, commit delays, result back-pressure; no kills, since a killed instruction
would have to be re-issued by firmware). The scoreboard checks every result against the model;
the digest assembled from the DUT's STORE results must equal pycryptodome's.

  Sha3KernelTest      SHA3-224/256/384/512: message lengths 0, rate-1, rate, rate+1, 2 rate+3 and
                      random ones up to 3 rate
  ShakeKernelTest     SHAKE128/256: the same message lengths, output lengths from 1 byte to
                      several blocks, and one partial squeeze as the ACVP MCT uses it (every
                      block permuted, only the first 16 and the last 2 bytes read)
  Sha3KernelCycles    zero-stall host: one fixed case per function (32-byte message; SHA3: the
                      digest, SHAKE128: 168 bytes, SHAKE256: 136 bytes, one block each), cycles
                      from the issue of the first instruction to the last result; written to
                      $PQX_REPORT_DIR/kernel_cycles_sha3.json when PQX_REPORT_DIR is set

PQX_N (make sim N=...) sets how many random lengths are added per function (default 4).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pyuvm
from Crypto.Hash import SHA3_224, SHA3_256, SHA3_384, SHA3_512, SHAKE128, SHAKE256

from verif.kernels.sha3 import VARIANTS, Program, assemble, hash_program
from verif.uvm.env import XifBaseTest, knob
from verif.uvm.host_config import HostConfig
from verif.uvm.sequences import ListSequence

REFERENCE = {"SHA3-224": SHA3_224, "SHA3-256": SHA3_256, "SHA3-384": SHA3_384, "SHA3-512": SHA3_512,
             "SHAKE-128": SHAKE128, "SHAKE-256": SHAKE256}
SHA3 = ("SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512")
SHAKE = ("SHAKE-128", "SHAKE-256")


def reference(alg: str, msg: bytes, out_len: int | None) -> bytes:
    h = REFERENCE[alg].new(msg)
    return h.read(out_len) if out_len is not None else h.digest()


class KernelTestBase(XifBaseTest):
    """Runs kernel programs through the env; no kills (firmware would have to replay them)."""

    host_config = HostConfig(kill=0.0)

    async def run_program(self, prog: Program, label: str) -> tuple[bytes, int]:
        """The program's output assembled from the DUT's STORE results, and its cycles (issue of
        the first instruction to the last result, monitor cycles)."""
        sb = self.env.scoreboard
        sb.checked_log = []
        items = [(word, (a, b, c)) for word, a, b, c in prog.insns]
        await ListSequence(label, items).start(self.env.seqr)
        await self.drain()
        log, sb.checked_log = sb.checked_log, None
        assert len(log) == len(prog.insns), (
            f"{label}: {len(log)} results checked for {len(prog.insns)} instructions")
        stores = [r.data for r in log if r.name == "STORE"]
        return assemble(prog, stores), log[-1].result_cycle - log[0].issue_cycle

    async def check(self, alg: str, msg: bytes, out_len: int | None = None) -> int:
        prog = hash_program(alg, msg, out_len)
        label = f"{alg}({len(msg)} B" + (f", {out_len} B out)" if out_len is not None else ")")
        got, cycles = await self.run_program(prog, label)
        want = reference(alg, msg, out_len)
        assert got == want, f"{label}: DUT {got.hex()}, pycryptodome {want.hex()}"
        return cycles

    def lengths(self, rate: int) -> list[int]:
        extra = [self.rng.randint(0, 3 * rate) for _ in range(knob("PQX_N", 4))]
        return [0, rate - 1, rate, rate + 1, 2 * rate + 3] + extra


@pyuvm.test()
class Sha3KernelTest(KernelTestBase):
    async def stimulus(self) -> None:
        for alg in SHA3:
            lens = self.lengths(VARIANTS[alg].rate)
            for n in lens:
                await self.check(alg, self.rng.randbytes(n))
            self.logger.info(f"{alg}: message lengths {lens} match pycryptodome")


@pyuvm.test()
class ShakeKernelTest(KernelTestBase):
    async def stimulus(self) -> None:
        for alg in SHAKE:
            rate = VARIANTS[alg].rate
            lens = self.lengths(rate)
            outs = [1, rate - 1, rate, rate + 1, 2 * rate + 3, 3 * rate + self.rng.randint(1, rate)]
            self.rng.shuffle(outs)
            outs += [self.rng.randint(1, 4 * rate) for _ in range(len(lens) - len(outs))]
            for n, out_len in zip(lens, outs):
                await self.check(alg, self.rng.randbytes(n), out_len)
            # the MCT's partial squeeze: every block permuted, only the first 16 and last 2 bytes read
            msg, out_len = self.rng.randbytes(16), 3 * rate + self.rng.randint(2, rate)
            prog = hash_program(alg, msg, out_len, want=[(0, 16), (out_len - 2, out_len)])
            got, _ = await self.run_program(prog, f"{alg} partial squeeze of {out_len} B")
            want = reference(alg, msg, out_len)
            assert (got[:16], got[-2:]) == (want[:16], want[-2:]), (
                f"{alg} partial squeeze of {out_len} B: DUT {got[:16].hex()}..{got[-2:].hex()}, "
                f"pycryptodome {want[:16].hex()}..{want[-2:].hex()}")
            self.logger.info(f"{alg}: (message, output) lengths {list(zip(lens, outs))} match pycryptodome")


FIXED_CASES = [(alg, 32, None) for alg in SHA3] + [("SHAKE-128", 32, 168), ("SHAKE-256", 32, 136)]


@pyuvm.test()
class Sha3KernelCycles(KernelTestBase):
    host_config = HostConfig.zero_stall()

    async def stimulus(self) -> None:
        table = {}
        for alg, n, out_len in FIXED_CASES:
            prog = hash_program(alg, bytes(range(n)), out_len)
            cycles = await self.check(alg, bytes(range(n)), out_len)
            key = f"{alg} {n} B" + (f" -> {out_len} B" if out_len is not None else "")
            table[key] = {"cycles": cycles, "instructions": len(prog.insns),
                          "permutations": prog.blocks_in + max(0, prog.blocks_out - 1)}
        self.logger.info("kernel cycles (zero-stall host, first issue to last result): "
                         + ", ".join(f"{k}: {v['cycles']}" for k, v in table.items()))
        out_dir = os.environ.get("PQX_REPORT_DIR")
        if out_dir:
            Path(out_dir).mkdir(parents=True, exist_ok=True)
            (Path(out_dir) / "kernel_cycles_sha3.json").write_text(json.dumps(table, indent=1))
