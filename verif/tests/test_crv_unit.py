"""Unit tests of `pqx_crv_unit` (the block buffer B, the hash chaining state H, the unified
SHA-256 / SHA-512 / SM3 engine and the AES-128 / Haraka v2 engine).

The driver (verif/tests/unit_driver.py) compares every operation with a `PqxModel` and the
unit's registers (B, its pointer P, H and its algorithm A) with the model's state after every
operation; the block instructions must be done exactly at their latency, hold, and write H only
at the ack.

  CrvHashTest       PQX_N (default 2) x 12 random messages per algorithm, lengths 0 .. 600 bytes
                    (one to ten blocks, every padding boundary class), hashed through the unit as
                    firmware does it (INIT; per block CRV_BPTR, CRV_BWR of each word, *_BLK at a
                    random base, so blocks also wrap around B's end; HASH_RD of every digest word):
                    the digests must equal hashlib's (SHA-256, SHA-512) and gmssl's (SM3), an
                    oracle independent of the model
  CrvChainTest      blocks of the three algorithms interleaved on one H without INIT between
                    (the 32-bit algorithms on a SHA-512 state use the low halves), against the model
  CrvAesTest        AES128_ENC of PQX_N x 100 random keys and plaintexts (and the FIPS 197 C.1
                    example) at random places in B against pycryptodome, an oracle independent
                    of the model; the ciphertext read back with HASH_RD 0..3 (4 and up: exc_o)
  CrvHarakaTest     HARAKA256 / HARAKA512 of the published test vectors (input bytes 0, 1, 2, ...)
                    and PQX_N x 60 random inputs each at random places in B (also across B's end),
                    read back with HASH_RD 0..7, against the Haraka v2 model (verif/models/haraka.py,
                    itself checked against those vectors); AES-128 blocks in between (the upper
                    lanes an earlier Haraka leaves must not reach AES-128's H)
  CrvIndexTest      CRV_BPTR, CRV_BRD and HASH_RD at the edges and beyond: exc_o, no write
  CrvRandomMixTest  every Crypto-RV instruction in a random order with random operands
"""

from __future__ import annotations

import hashlib

import cocotb
from Crypto.Cipher import AES
from gmssl import sm3 as gm_sm3

from verif.models import INSTRUCTIONS, haraka
from verif.models.consts import CRV_B_WORDS, M32
from verif.models.sha2sm3 import pad
from verif.tests.unit_driver import UnitTb, knob

MULTI = ("SHA256_BLK", "SHA512_BLK", "SM3_BLK", "AES128_ENC", "HARAKA256", "HARAKA512")
ALGS = {  # name -> (INIT, BLK, block bytes, digest words, oracle)
    "SHA-256": ("SHA256_INIT", "SHA256_BLK", 64, 8, lambda m: hashlib.sha256(m).digest()),
    "SHA-512": ("SHA512_INIT", "SHA512_BLK", 128, 16, lambda m: hashlib.sha512(m).digest()),
    "SM3": ("SM3_INIT", "SM3_BLK", 64, 8, lambda m: bytes.fromhex(gm_sm3.sm3_hash(list(m)))),
}


class CrvTb(UnitTb):
    """The Crypto-RV unit's registers."""

    def __init__(self, dut) -> None:
        super().__init__(dut, "crv")

    def registers(self) -> dict:
        d = self.dut
        return {"CRV_B": d.buf_q, "CRV_P": d.ptr_q, "CRV_H": d.h_q, "CRV_A": d.alg_q}

    async def run(self, name: str, rs1: int = 0, rs2: int = 0, check: bool = True) -> int:
        if name in MULTI:
            return await self.mc(name, rs1, rs2)
        return await self.op(name, rs1, rs2, check)

    async def load_block(self, block: bytes, base: int) -> None:
        """The block into B[base ..] (wrapping), two 32-bit words per CRV_BWR."""
        await self.op("CRV_BPTR", base, check=False)
        for k in range(0, len(block), 8):
            lo = int.from_bytes(block[k:k + 4], "little")
            hi = int.from_bytes(block[k + 4:k + 8], "little")
            await self.op("CRV_BWR", lo, hi, check=False)
        self.check_state("after the block's writes")

    async def digest(self, words: int) -> bytes:
        out = b""
        for k in range(words):
            out += (await self.op("HASH_RD", k)).to_bytes(4, "little")
        return out


async def _tb(dut) -> CrvTb:
    tb = CrvTb(dut)
    await tb.start()
    return tb


@cocotb.test()
async def CrvHashTest(dut):
    """Whole messages through the unit against hashlib / gmssl."""
    tb = await _tb(dut)
    rng = tb.rng
    count = 0
    for alg, (init, blk, size, nwords, oracle) in ALGS.items():
        lengths = [0, size - 9, size - 8, size, 2 * size - 1] + [
            rng.randrange(600) for _ in range(12 * knob("PQX_N", 2) - 5)]
        for n in lengths:
            msg = rng.randbytes(n)
            padded = pad(msg, size)
            await tb.op(init)
            for i in range(0, len(padded), size):
                base = rng.randrange(CRV_B_WORDS)
                await tb.load_block(padded[i:i + size], base)
                await tb.mc(blk, base | (rng.getrandbits(25) << 7 if rng.random() < 0.3 else 0))
            got = await tb.digest(nwords)
            want = oracle(msg)
            assert got == want, f"{alg} of {n} bytes: unit {got.hex()}, oracle {want.hex()}"
            count += 1
    dut._log.info(f"CrvHashTest: {count} messages, {tb.ops} operations")


@cocotb.test()
async def CrvChainTest(dut):
    """The three algorithms' blocks interleaved on one chaining state (model compare only)."""
    tb = await _tb(dut)
    rng = tb.rng
    for _ in range(8 * knob("PQX_N", 2)):
        alg = rng.choice(list(ALGS))
        init, blk, size, nwords, _ = ALGS[alg]
        if rng.random() < 0.3:
            await tb.op(init)
        base = rng.randrange(CRV_B_WORDS)
        await tb.load_block(rng.randbytes(size), base)
        await tb.mc(rng.choice(MULTI), base)
        for k in range(16):
            await tb.op("HASH_RD", k)
    dut._log.info(f"CrvChainTest: {tb.ops} operations")


@cocotb.test()
async def CrvAesTest(dut):
    """AES-128 encryptions through the unit against pycryptodome."""
    tb = await _tb(dut)
    rng = tb.rng
    cases = [(bytes(range(16)), bytes.fromhex("00112233445566778899aabbccddeeff"))]   # FIPS 197 C.1
    cases += [(rng.randbytes(16), rng.randbytes(16)) for _ in range(100 * knob("PQX_N", 2))]
    for key, pt in cases:
        base = rng.randrange(CRV_B_WORDS)
        await tb.load_block(key + pt, base)
        await tb.mc("AES128_ENC", base)
        got = await tb.digest(4)
        want = AES.new(key, AES.MODE_ECB).encrypt(pt)
        assert got == want, f"AES-128 key {key.hex()} pt {pt.hex()}: unit {got.hex()}, oracle {want.hex()}"
        await tb.op("HASH_RD", 4)                          # beyond the ciphertext: exc_o
    assert cases[0] and AES.new(cases[0][0], AES.MODE_ECB).encrypt(cases[0][1]).hex() == (
        "69c4e0d86a7b0430d8cdb78070b4c55a")                 # the example's printed ciphertext
    dut._log.info(f"CrvAesTest: {len(cases)} blocks, {tb.ops} operations")


@cocotb.test()
async def CrvHarakaTest(dut):
    """Haraka v2-256 / v2-512 through the unit against the model and the published vectors."""
    tb = await _tb(dut)
    rng = tb.rng
    count = 0
    for name, alg, model in (("HARAKA256", "HARAKA-256", haraka.haraka256),
                             ("HARAKA512", "HARAKA-512", haraka.haraka512)):
        first, published = haraka.PUBLISHED[alg]
        inputs = [first] + [rng.randbytes(len(first)) for _ in range(60 * knob("PQX_N", 2))]
        for k, x in enumerate(inputs):
            base = CRV_B_WORDS - 2 if k == 1 else rng.randrange(CRV_B_WORDS)   # k = 1: wraps
            await tb.load_block(x, base)
            await tb.mc(name, base)
            got = await tb.digest(8)
            assert got == model(x), f"{name} of {x.hex()}: unit {got.hex()}, model {model(x).hex()}"
            if k == 0:
                assert got.hex() == published, f"{name}: the published vector"
            await tb.op("HASH_RD", 8)                      # beyond the output: exc_o
            if rng.random() < 0.2:                          # AES-128 after Haraka: H_4..H_7 = 0
                key_pt = rng.randbytes(32)
                await tb.load_block(key_pt, base)
                await tb.mc("AES128_ENC", base)
                assert await tb.digest(4) == AES.new(key_pt[:16], AES.MODE_ECB).encrypt(key_pt[16:])
            count += 1
    dut._log.info(f"CrvHarakaTest: {count} inputs, {tb.ops} operations")


@cocotb.test()
async def CrvIndexTest(dut):
    """Index instructions at the edges and beyond: exc_o and no write."""
    tb = await _tb(dut)
    for alg in ("SHA-256", "SHA-512"):
        await tb.op(ALGS[alg][0])
        for k in (0, 7, 8, 15, 16, 17, 255, 1 << 31, M32):
            await tb.op("HASH_RD", k)
    for k in (0, CRV_B_WORDS - 1, CRV_B_WORDS, CRV_B_WORDS + 1, 1 << 31, M32):
        await tb.op("CRV_BPTR", k)
        await tb.op("CRV_BWR", tb.rng.getrandbits(32), tb.rng.getrandbits(32))
    for k in (0, 1, 2 * CRV_B_WORDS - 1, 2 * CRV_B_WORDS, 2 * CRV_B_WORDS + 1, 1 << 31, M32):
        await tb.op("CRV_BRD", k)
    dut._log.info(f"CrvIndexTest: {tb.ops} operations")


@cocotb.test()
async def CrvRandomMixTest(dut):
    """Every Crypto-RV instruction in a random order, random operands."""
    tb = await _tb(dut)
    rng = tb.rng
    for _ in range(knob("PQX_N", 2) * 150):
        name = rng.choice(tb.names)
        a, b = rng.getrandbits(32), rng.getrandbits(32)
        info = INSTRUCTIONS[name]
        if info.operands is not None:
            a, b, _ = info.operands(rng, a, b, 0)
        await tb.run(name, a, b)
    dut._log.info(f"CrvRandomMixTest: {tb.ops} operations")
