"""ACVP SHA-3 / SHAKE / SHA-2 / AES (and PQX's own SM3 / Haraka files) known-answer runner on `pqx_top` (started by scripts/kat.py: `make kat`).

Environment: PQX_KAT_ALG, PQX_KAT_VECTORS, PQX_KAT_EXPECTED (may be empty: the answers are in the
vector file), PQX_KAT_RESULT (JSON with the counts, written at the end).

Every hash is computed by the RTL: the kernel of verif/kernels/sha3.py (SHA-2: verif/kernels/sha2.py,
the Crypto-RV unit) run by the lean zero-stall host of verif/uvm/lean_host.py. Test types
(draft-celi-acvp-sha3, draft-celi-acvp-sha):

* AFT, VOT: one hash of `msg` (SHAKE: `outLen` bits), compared with `md`.
* MCT, mctVersion "standard":
  SHA3:  MD[0] = seed; 100 times { MD[i] = SHA3(MD[i-1]) for i = 1..1000; record MD[1000];
         MD[0] = MD[1000] }.
  SHAKE: Output[0] = seed (128 bits), Outputlen = maxOutLen/8 bytes, Range = max - min + 1 bytes;
         100 times { for i = 1..1000 { Msg = leftmost 128 bits of Output[i-1], zero-padded;
         Output[i] = SHAKE(Msg, Outputlen); Outputlen = min + (rightmost 16 bits of Output[i]
         as a big-endian integer) mod Range }; record Output[1000] and its length;
         Output[0] = Output[1000] }.
  The intermediate SHAKE outputs are only read where the procedure looks at them (the first 16
  and the last 2 bytes), but every permutation of every output block runs on the RTL; the 100
  recorded outputs are read in full.
  SHA-2: 100 times { A = B = C = seed; 1000 times { MD = SHA(A || B || C); A = B; B = C;
         C = MD }; record MD; seed = MD } (mctVersion "standard"; other versions are skipped).

The procedures are plain async functions over a `hash_fn(msg, out_len, want)`, so the same code
runs on hashlib (`python -m scripts.kat --reference`) to check it against the expected results
without a simulator.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from pathlib import Path
from typing import Awaitable, Callable

import cocotb

from verif.kat.acvp import AES_ALGS, HARAKA_INPUT, OWN_ALGS, SHA2_ALGS, SHAKE_ALGS, Case, KatSet, load_kat

HashFn = Callable[[bytes, int, "list[tuple[int, int]] | None"], Awaitable[bytes]]
Log = Callable[[str], None]


def _log(msg: str) -> None:
    print(msg, flush=True)


async def sha3_mct(seed: bytes, digest: int, hash_fn: HashFn,
                   progress: Callable[[int], None] | None = None) -> list[bytes]:
    md, out = seed, []
    for j in range(100):
        for _ in range(1000):
            md = await hash_fn(md, digest, None)
        out.append(md)
        if progress:
            progress(j + 1)
    return out


async def sha2_mct(seed: bytes, digest: int, hash_fn: HashFn,
                   progress: Callable[[int], None] | None = None) -> list[bytes]:
    out = []
    for j in range(100):
        a = b = c = seed
        for _ in range(1000):
            a, b, c = b, c, await hash_fn(a + b + c, digest, None)
        seed = c
        out.append(c)
        if progress:
            progress(j + 1)
    return out


async def aes_mct(seed: bytes, digest: int, enc_fn: HashFn,
                  progress: Callable[[int], None] | None = None) -> list[bytes]:
    """ACVP AES-ECB encryption MCT, 128-bit key (seed = key || plaintext): 100 times { record
    key, PT[0]; PT[j+1] = CT[j] = AES(key, PT[j]) for j = 0..999; record CT[999];
    key = key xor CT[999]; PT[0] = CT[999] }; each record key || PT[0] || CT[999]."""
    key, pt, out = seed[:16], seed[16:], []
    for i in range(100):
        first = pt
        for _ in range(1000):
            pt = await enc_fn(key + pt, 16, None)
        out.append(key + first + pt)
        key = bytes(a ^ b for a, b in zip(key, pt))
        if progress:
            progress(i + 1)
    return out


def digest_bytes(alg: str) -> int | None:
    """The digest size of a fixed-output algorithm, None for the XOFs."""
    if alg in AES_ALGS:
        return 16
    if alg in OWN_ALGS:
        return 32
    if alg in SHA2_ALGS:
        return int(alg[5:]) // 8
    from verif.kernels.sha3 import VARIANTS
    return VARIANTS[alg].digest


async def shake_mct(seed: bytes, min_out: int, max_out: int, hash_fn: HashFn,
                    progress: Callable[[int], None] | None = None) -> list[tuple[bytes, int]]:
    """min_out, max_out in bytes; returns (Output[1000], its length in bits) per outer round."""
    span = max_out - min_out + 1
    out_len, prev, res = max_out, seed, []
    for j in range(100):
        for i in range(1, 1001):
            msg = prev[:16].ljust(16, b"\0")
            last = i == 1000
            prev = await hash_fn(msg, out_len, None if last else [(0, 16), (out_len - 2, out_len)])
            if last:
                res.append((prev, 8 * out_len))
            out_len = min_out + int.from_bytes(prev[out_len - 2:out_len], "big") % span
        if progress:
            progress(j + 1)
    return res


def reference_hash_fn(alg: str) -> HashFn:
    """hashlib's SHA-3 / SHAKE / SHA-2 (pycryptodome's AES), for checking the procedures and the
    files without the RTL."""
    if alg in AES_ALGS:
        from Crypto.Cipher import AES

        async def enc(msg: bytes, out_len: int, want=None) -> bytes:
            return AES.new(msg[:16], AES.MODE_ECB).encrypt(msg[16:])   # one or more blocks
        return enc
    if alg in OWN_ALGS:      # gmssl's SM3; Haraka: the model (no library implements it)
        from gmssl import sm3

        from verif.models import haraka
        own = {"SM3": lambda m: bytes.fromhex(sm3.sm3_hash(list(m))),
               "HARAKA-256": haraka.haraka256, "HARAKA-512": haraka.haraka512}[alg]

        async def own_fn(msg: bytes, out_len: int, want=None) -> bytes:
            return own(msg)
        return own_fn
    h = getattr(hashlib, alg.lower().replace("sha2-", "sha").replace("-", "_"))
    shake = alg in SHAKE_ALGS

    async def fn(msg: bytes, out_len: int, want=None) -> bytes:
        return h(msg).digest(out_len) if shake else h(msg).digest()
    return fn


async def run_cases(kset: KatSet, hash_fn: HashFn, log: Log = _log,
                    stats: Callable[[], str] | None = None) -> dict:
    """Runs every case of `kset` through `hash_fn`; returns counts and failure descriptions (the
    malformed cases of the file are failures)."""
    digest = digest_bytes(kset.alg)
    mct = sha2_mct if kset.alg in SHA2_ALGS else aes_mct if kset.alg in AES_ALGS else sha3_mct
    passed = failed = 0
    failures: list[str] = []
    t0 = time.monotonic()
    total = len(kset.cases)
    for reason in kset.skipped:
        log(f"skip {reason}")
    for reason in kset.malformed:       # a malformed case is a failure, never a skip
        failures.append(reason)
        log(f"FAIL {reason}")
    failed = len(kset.malformed)

    def fail(case: Case, what: str) -> None:
        failures.append(f"tgId {case.tg} tcId {case.tc} ({case.kind}): {what}")
        log(f"FAIL tgId {case.tg} tcId {case.tc} ({case.kind}): {what}")

    def extra() -> str:
        return f", {stats()}" if stats else ""

    done, next_mark = 0, 0.1
    by_group: dict[int, list[int]] = {}
    for case in kset.cases:
        ok = True
        if case.kind == "MCT":
            label = f"{kset.alg} MCT tgId {case.tg} tcId {case.tc}"
            tm = time.monotonic()

            def progress(j: int, label=label, tm=tm) -> None:
                if j % 10 == 0:
                    log(f"  {label}: {j}/100 rounds ({time.monotonic() - tm:.1f} s{extra()})")
            if digest is not None:
                got = await mct(case.msg, digest, hash_fn, progress)
                want = [md for md, _ in case.results]
                bad = [k for k in range(100) if got[k] != want[k]]
                if bad:
                    k = bad[0]
                    fail(case, f"{len(bad)} of 100 results differ, first [{k}]: got {got[k].hex()}, "
                               f"expected {want[k].hex()}")
            else:
                got2 = await shake_mct(case.msg, case.min_out, case.max_out, hash_fn, progress)
                bad = [k for k in range(100) if got2[k] != case.results[k]]
                if bad:
                    k = bad[0]
                    fail(case, f"{len(bad)} of 100 results differ, first [{k}]: got {got2[k][1]} bits "
                               f"{got2[k][0].hex()[:64]}..., expected {case.results[k][1]} bits "
                               f"{case.results[k][0].hex()[:64]}...")
            ok = not bad
        else:
            out_len = case.out_len if case.out_len is not None else digest
            if kset.alg in AES_ALGS:
                out_len = len(case.msg) - 16
            got = await hash_fn(case.msg, out_len, None)
            if got != case.md:
                fail(case, f"{len(case.msg)}-byte msg: got {got.hex()}, expected {case.md.hex()}")
                ok = False
        passed += ok
        failed += not ok
        g = by_group.setdefault(case.tg, [0, 0])
        g[0 if ok else 1] += 1
        done += 1
        if done / total >= next_mark or done == total:
            while next_mark <= done / total:
                next_mark += 0.1
            log(f"{kset.alg}: {done}/{total} cases ({100 * done // total} %), {passed} passed, "
                f"{failed} failed, {time.monotonic() - t0:.1f} s{extra()}")
    return {"passed": passed, "failed": failed, "skipped": len(kset.skipped), "failures": failures,
            "groups": by_group, "seconds": round(time.monotonic() - t0, 2)}


@cocotb.test()
async def kat(dut) -> None:
    from verif.uvm.lean_host import ZeroStallHost
    from verif.kernels import sha2
    from verif.kernels.sha3 import assemble, hash_program

    alg = os.environ["PQX_KAT_ALG"]
    expected = os.environ.get("PQX_KAT_EXPECTED") or None
    kset = load_kat(alg, Path(os.environ["PQX_KAT_VECTORS"]), Path(expected) if expected else None)
    host = ZeroStallHost(dut)
    await host.start(clock=not os.environ.get("PQX_KAT_HARNESS_CLOCK"))

    async def rtl_hash(msg: bytes, out_len: int, want=None) -> bytes:
        if alg in AES_ALGS:
            prog = sha2.aes_program(msg[:16], msg[16:])
        elif alg in SHA2_ALGS or alg == "SM3":
            prog = sha2.hash_program(alg, msg)
        elif alg in HARAKA_INPUT:
            prog = sha2.haraka_program(alg, msg)
        else:
            prog = hash_program(alg, msg, out_len, want)
        return assemble(prog, await host.run(prog.insns))

    def stats() -> str:
        multi = ("block compressions" if alg in SHA2_ALGS or alg in OWN_ALGS
                 else "encryptions" if alg in AES_ALGS else "permutations")
        return f"{host.issued} instructions, {host.perms} {multi}, {host.cycles} cycles"

    res = await run_cases(kset, rtl_hash, stats=stats)
    res.update(instructions=host.issued, permutations=host.perms, cycles=host.cycles)
    _log(f"kat: RTL ran {stats()} in {res['seconds']} s")
    result_file = os.environ.get("PQX_KAT_RESULT")
    if result_file:
        Path(result_file).write_text(json.dumps(res, indent=1))
