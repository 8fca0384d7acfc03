"""Polynomial sampling as PQX firmware, written in Python (docs/isa.md, "Keccak and state" and
"Sampling").

The kernels and what they compute, exactly:

    mlkem_sample_poly_cbd(s, b, eta)   FIPS 203 SamplePolyCBD_eta(PRF_eta(s, b)), PRF = SHAKE256(s || b)
                                       (eta = 2, 3 in ML-KEM; 1 and 4 work the same way), in [0, q)
                                       == kyber-py  R.cbd(ML_KEM._prf(eta, s, b), eta)
    mlkem_sample_ntt(seed)             FIPS 203 SampleNTT(seed), seed = rho || j || i (34 bytes), in
                                       [0, q) == kyber-py  R.ntt_sample(ML_KEM._xof(rho, j, i))
    mldsa_rej_ntt_poly(seed)           FIPS 204 RejNTTPoly(seed), seed = rho || s || r (34 bytes), in
                                       [0, q) == dilithium-py  R.rejection_sample_ntt_poly(rho, r, s)
    mldsa_rej_bounded_poly(seed, eta)  FIPS 204 RejBoundedPoly(seed), seed = rho' || IntegerToBytes(r, 2)
                                       (66 bytes), eta = 2, 4, in [-eta, eta]
                                       == dilithium-py  R.rejection_bounded_poly(rho', r, eta)
    mldsa_expand_mask_poly(seed, g)    one polynomial of FIPS 204 ExpandMask: BitUnpack(H(seed, 32 c),
                                       gamma1 - 1, gamma1), seed = rho'' || IntegerToBytes(mu + r, 2),
                                       gamma1 = 2^17, 2^19 (c = 18, 20), in (-gamma1, gamma1]
                                       == dilithium-py  R.sample_mask_polynomial(rho', r, mu, gamma1)

Structure: the firmware of the reference C code (Kyber `poly_getnoise_eta*` / `cbd.c`,
`gen_matrix` / `rej_uniform`; Dilithium `poly_uniform`, `poly_uniform_eta`, `poly_uniform_gamma1`).
The XOF runs on PQX as in `verif/kernels/sha3.py` (KINIT, KABSORB per 8 bytes, KPERM per block; the
padding is done in software) and is read back from O:

* SHAKE256 streams by STORE (one 32-bit word per instruction) into the core's buffer; the core then
  loads the operand of each sampling instruction from that buffer: a 32-bit word for CBD1/2/4
  (CBDeta j = 0 .. 16/eta - 1 on it), 24 bits for CBD3 (`load24_littleendian`, j = 0..3), the word
  shifted right by 8 k for byte k of a word (REJ_ETA* on its low nibble, rs2 = 0, then its high
  nibble, rs2 = 1), and for ExpandMask the 32 bits at byte floor(c k / 8) of coefficient k with the
  bit offset left to the instruction (UNPACK_Z17: rs2 = k mod 4, shift 2 rs2; UNPACK_Z19: rs2 =
  k mod 2, shift 4 rs2). The last UNPACK loads run past the c * 32 bytes of the polynomial, so the
  kernel squeezes the XOF to the end of that word (the reference squeezes whole blocks anyway).
* SHAKE128 (rate 168 = 56 * 3) is read with KREAD3 at offsets 0, 3, .., 165 of each block: one
  instruction per three bytes. RejNTTPoly hands the 24 bits to REJ_UNIFORM, which drops bit 23 and
  flags c < q in bit 31. SampleNTT splits them into the two 12-bit candidates d1 = bits 11:0,
  d2 = bits 23:12 and compares them with 3329 on the core: PQX has no ML-KEM rejection
  instruction.

The rejection samplers squeeze the reference's initial number of blocks (RejNTTPoly 5, SampleNTT 3,
RejBoundedPoly 1 for eta = 2 and 2 for eta = 4), check every candidate in them, keep the first 256
accepted ones in stream order, and squeeze one more block (KPERM, then reads) while fewer than 256
were accepted. The core learns which candidates were accepted only from the results, so the
candidates after the 256th of the last block are checked and discarded.

A kernel is a generator, as in `verif/kernels/ntt.py`: it yields a batch of instructions (items of
`verif.uvm.sequences.ListSequence`, (name, (rs1, rs2, rs3))) and is sent back the rd value of every
instruction of the batch that writes rd (STORE, KREAD3 and the sampling instructions; not KINIT,
KABSORB, KPERM), in order; its return value is the polynomial. No instruction of a batch needs the
result of another instruction of the same batch: the reads of a block come after the KPERM that
makes it, and the sampling instructions come in the batch after the reads they use.
"""

from __future__ import annotations

from typing import Sequence, TypeVar

from verif.kernels import sha3
from verif.kernels.runner import Item, Kernel, run_batch_on_model, run_on_model  # noqa: F401
from verif.models import decode
from verif.models.consts import Q_D, Q_K, s32

T = TypeVar("T")

N = 256
SHAKE128_RATE = 168
SHAKE256_RATE = 136

# Initial squeeze of the reference implementations, in blocks.
SAMPLE_NTT_BLOCKS = 3          # Kyber GEN_MATRIX_NBLOCKS
REJ_NTT_BLOCKS = 5             # Dilithium POLY_UNIFORM_NBLOCKS
REJ_BOUNDED_BLOCKS = {2: 1, 4: 2}   # Dilithium POLY_UNIFORM_ETA_NBLOCKS
MAX_BLOCKS = 40
"""A rejection sampler gives up (RuntimeError) after this many blocks (a broken unit that rejects
everything must not loop forever; real SHAKE output needs more than 8 with negligible probability)."""

CBD_OPS = {1: "CBD1", 2: "CBD2", 3: "CBD3", 4: "CBD4"}
UNPACK_OPS = {1 << 17: "UNPACK_Z17", 1 << 19: "UNPACK_Z19"}

KPERM: Item = ("KPERM", (0, 0, 0))


def accepted(rd: int) -> int | None:
    """The coefficient of a rejection instruction's rd (bit 31 = valid, bits 30:0 the value as a
    31-bit two's complement number), or None if the candidate was rejected."""
    if not rd >> 31:
        return None
    v = rd & 0x7FFFFFFF
    return v - (1 << 31) if v >> 30 else v


def load(buf: bytes, offset: int, size: int = 4) -> int:
    """A little-endian load of `size` bytes from the core's buffer."""
    return int.from_bytes(buf[offset:offset + size], "little")


def _items(prog: sha3.Program) -> list[Item]:
    return [(decode(w).name, (a, b, c)) for w, a, b, c in prog.insns]


def _absorb(seed: bytes, rate: int) -> list[Item]:
    """KINIT, the absorbed (padded) seed and its KPERM: O holds the first output block."""
    return _items(sha3.sponge(seed, rate, sha3.SHAKE_SUFFIX, 0))


def _kread3_block() -> list[Item]:
    """KREAD3 of every 3-byte group of a SHAKE128 output block in O."""
    return [("KREAD3", (3 * t, 0, 0)) for t in range(SHAKE128_RATE // 3)]


def _store_block() -> list[Item]:
    """STORE of every word of a SHAKE256 output block in O."""
    return [("STORE", (w, 0, 0)) for w in range(SHAKE256_RATE // 4)]


def _shake128_kread3(seed: bytes, blocks: int) -> list[Item]:
    batch = _absorb(seed, SHAKE128_RATE)
    for blk in range(blocks):
        if blk:
            batch.append(KPERM)
        batch += _kread3_block()
    return batch


def shake256_bytes(msg: bytes, out_len: int) -> Kernel[bytes]:
    """SHAKE256(msg)[0:out_len], squeezed by STORE (the SHA3 kernel, verif/kernels/sha3.py)."""
    prog = sha3.shake256(msg, out_len)
    out = yield _items(prog)
    return sha3.assemble(prog, out)


# ============================================================================ ML-KEM


def mlkem_sample_poly_cbd(s: bytes, b: int, eta: int) -> Kernel[list[int]]:
    """FIPS 203 SamplePolyCBD_eta(PRF_eta(s, b)): 64 eta bytes of SHAKE256(s || b), one CBDeta per
    coefficient, reduced into [0, q) on the core."""
    assert len(s) == 32 and 0 <= b < 256 and eta in CBD_OPS
    buf = yield from shake256_bytes(s + bytes([b]), 64 * eta)
    size = 3 if eta == 3 else 4                 # bytes per load
    per_load = 8 * size // (2 * eta)            # coefficients per load
    op = CBD_OPS[eta]
    batch = [(op, (load(buf, off, size), j, 0))
             for off in range(0, 64 * eta, size) for j in range(per_load)]
    assert len(batch) == N
    out = yield batch
    return [s32(rd) % Q_K for rd in out]


def mlkem_sample_ntt(seed: bytes) -> Kernel[list[int]]:
    """FIPS 203 SampleNTT(seed), seed = rho || j || i: SHAKE128 read by KREAD3, each 24 bits giving
    d1 = bits 11:0 and d2 = bits 23:12, kept when below q (compared on the core)."""
    assert len(seed) == 34
    a: list[int] = []
    batch = _shake128_kread3(seed, SAMPLE_NTT_BLOCKS)
    blocks = SAMPLE_NTT_BLOCKS
    while True:
        for rd in (yield batch):
            for d in (rd & 0xFFF, rd >> 12):
                if d < Q_K and len(a) < N:
                    a.append(d)
        if len(a) == N:
            return a
        if blocks >= MAX_BLOCKS:
            raise RuntimeError(f"SampleNTT: {len(a)} coefficients after {blocks} blocks")
        batch = [KPERM] + _kread3_block()
        blocks += 1


# ============================================================================ ML-DSA


def _keep(a: list[int], results: Sequence[int]) -> None:
    """Appends the accepted coefficients of rejection results, in order, up to N."""
    for rd in results:
        v = accepted(rd)
        if v is not None and len(a) < N:
            a.append(v)


def mldsa_rej_ntt_poly(seed: bytes) -> Kernel[list[int]]:
    """FIPS 204 RejNTTPoly(seed), seed = rho || s || r: SHAKE128 read by KREAD3, every 3 bytes
    through REJ_UNIFORM (CoeffFromThreeBytes)."""
    assert len(seed) == 34
    a: list[int] = []
    reads = yield _shake128_kread3(seed, REJ_NTT_BLOCKS)
    blocks = REJ_NTT_BLOCKS
    while True:
        _keep(a, (yield [("REJ_UNIFORM", (rd, 0, 0)) for rd in reads]))
        if len(a) == N:
            return a
        if blocks >= MAX_BLOCKS:
            raise RuntimeError(f"RejNTTPoly: {len(a)} coefficients after {blocks} blocks")
        reads = yield [KPERM] + _kread3_block()
        blocks += 1


def mldsa_rej_bounded_poly(seed: bytes, eta: int) -> Kernel[list[int]]:
    """FIPS 204 RejBoundedPoly(seed), seed = rho' || IntegerToBytes(r, 2): SHAKE256 read by STORE,
    each byte through REJ_ETA<eta> twice (low nibble, rs2 = 0; high nibble, rs2 = 1)."""
    assert len(seed) == 66 and eta in REJ_BOUNDED_BLOCKS
    op = f"REJ_ETA{eta}"
    blocks = REJ_BOUNDED_BLOCKS[eta]
    a: list[int] = []
    words = yield _items(sha3.shake256(seed, blocks * SHAKE256_RATE))
    while True:
        batch = []
        for w in words:
            for k in range(4):
                byte_reg = w >> (8 * k)               # srl: byte k in bits 7:0, junk above
                batch += [(op, (byte_reg, 0, 0)), (op, (byte_reg, 1, 0))]
        _keep(a, (yield batch))
        if len(a) == N:
            return a
        if blocks >= MAX_BLOCKS:
            raise RuntimeError(f"RejBoundedPoly: {len(a)} coefficients after {blocks} blocks")
        words = yield [KPERM] + _store_block()
        blocks += 1


def mldsa_expand_mask_poly(seed: bytes, gamma1: int) -> Kernel[list[int]]:
    """One polynomial of FIPS 204 ExpandMask: BitUnpack(SHAKE256(seed, 32 c), gamma1 - 1, gamma1),
    seed = rho'' || IntegerToBytes(mu + r, 2), c = 18 (gamma1 = 2^17) or 20 (2^19), one UNPACK per
    coefficient."""
    assert len(seed) == 66 and gamma1 in UNPACK_OPS
    c = (2 * gamma1 - 1).bit_length()
    last_load = c * (N - 1) // 8 + 4                          # end of the last 32-bit load
    buf = yield from shake256_bytes(seed, -(-last_load // 4) * 4)
    sel = 3 if gamma1 == 1 << 17 else 1                       # rs2: k mod 4 (Z17), k mod 2 (Z19)
    op = UNPACK_OPS[gamma1]
    out = yield [(op, (load(buf, c * k // 8), k & sel, 0)) for k in range(N)]
    return [s32(rd) for rd in out]
