"""SHA3 and SHAKE as PQX firmware, written in Python (FIPS 202 on the PQX ISA).

Each function returns a `Program`: the instruction stream a RISC-V core would offload to PQX
(`insns`, each `(word, rs1, rs2, rs3)` with the source register *values*), and where the STORE
results go in the output (`stores`). `assemble(program, store_results)` builds the digest from the
STORE results, in program order. The kernel uses the ISA only (docs/isa.md):

    KINIT                               S = 0, O = 0
    per rate block:  KABSORB (lo, hi, i)    S[i] ^= lo, S[i+1] ^= hi, i even, 8 bytes each
                     KPERM                  O = Keccak-f(S), S = O
    squeeze:         STORE i                rd = O[i]      (the words of the rate)
                     KPERM                  next block of output

The padding (FIPS 202 5.1, pad10*1 with the domain bits: 0x06 for SHA3, 0x1F for SHAKE, 0x80 in
the last byte of the block) is done here, in software. A KABSORB is skipped only for a word pair
that lies entirely in the zero bytes of the padding (between the domain byte and the final 0x80);
data pairs are always absorbed, zero or not, so the instruction stream depends only on the lengths.

`want` (for the ACVP Monte Carlo tests) restricts the STOREs to the given output byte ranges; every
KPERM up to the last wanted block is still executed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from verif.models.isa import encode

# The firmware's register allocation (any would do): rd = a0, sources a1..a3.
_RD, _RS1, _RS2, _RS3 = 10, 11, 12, 13

KINIT = encode("KINIT", rd=0)
KPERM = encode("KPERM", rd=0)
KABSORB = encode("KABSORB", rd=0, rs1=_RS1, rs2=_RS2, rs3=_RS3)
STORE = encode("STORE", rd=_RD, rs1=_RS1)

Insn = tuple[int, int, int, int]
"""(instruction word, rs1 value, rs2 value, rs3 value)."""

SHA3_SUFFIX = 0x06
SHAKE_SUFFIX = 0x1F
STATE_WORDS = 50


@dataclass(frozen=True)
class Variant:
    name: str          # ACVP algorithm name
    rate: int          # bytes
    suffix: int        # domain separation bits + first padding bit
    digest: int | None  # bytes, None for the XOFs


VARIANTS: dict[str, Variant] = {v.name: v for v in (
    Variant("SHA3-224", 144, SHA3_SUFFIX, 28),
    Variant("SHA3-256", 136, SHA3_SUFFIX, 32),
    Variant("SHA3-384", 104, SHA3_SUFFIX, 48),
    Variant("SHA3-512", 72, SHA3_SUFFIX, 64),
    Variant("SHAKE-128", 168, SHAKE_SUFFIX, None),
    Variant("SHAKE-256", 136, SHAKE_SUFFIX, None),
)}


@dataclass
class Program:
    insns: list[Insn]
    out_len: int
    """Output length in bytes."""
    stores: list[int] = field(default_factory=list)
    """For each STORE of `insns`, in order: the output byte offset of the word it reads."""
    variant: str = ""
    blocks_in: int = 0
    blocks_out: int = 0


def pad(msg: bytes, rate: int, suffix: int) -> bytes:
    """FIPS 202 pad10*1 with the domain suffix: msg || suffix || 0* || 0x80, a whole number of blocks."""
    padded = bytearray(msg)
    padded.append(suffix)
    padded += bytes(-len(padded) % rate)
    padded[-1] |= 0x80
    return bytes(padded)


def _absorb(insns: list[Insn], msg: bytes, rate: int, suffix: int) -> int:
    padded = pad(msg, rate, suffix)
    # Byte offsets [zero_lo, zero_hi) are the zero fill of the padding: pairs inside it are skipped.
    zero_lo, zero_hi = len(msg) + 1, len(padded) - 1
    for base in range(0, len(padded), rate):
        for off in range(0, rate, 8):
            pos = base + off
            if zero_lo <= pos and pos + 8 <= zero_hi:
                continue
            lo = int.from_bytes(padded[pos:pos + 4], "little")
            hi = int.from_bytes(padded[pos + 4:pos + 8], "little")
            insns.append((KABSORB, lo, hi, off // 4))
        insns.append((KPERM, 0, 0, 0))
    return len(padded) // rate


def sponge(msg: bytes, rate: int, suffix: int, out_len: int,
           want: list[tuple[int, int]] | None = None, name: str = "") -> Program:
    """The PQX program of a Keccak[c] sponge (c = 1600 - 8 rate) producing `out_len` bytes.

    `want`: output byte ranges [start, end) to read back (default: all). Blocks after the last
    wanted byte are not computed; blocks before it are, even when none of their words is read.
    """
    if rate % 8 or not 0 < rate < 200:
        raise ValueError(f"rate {rate} is not a whole number of 8-byte word pairs below 200")
    if out_len < 0:
        raise ValueError("negative output length")
    want = [(0, out_len)] if want is None else [(max(0, a), min(out_len, b)) for a, b in want]
    want = [(a, b) for a, b in want if a < b]
    insns: list[Insn] = [(KINIT, 0, 0, 0)]
    blocks_in = _absorb(insns, msg, rate, suffix)
    prog = Program(insns, out_len, variant=name, blocks_in=blocks_in)
    # output words (4-byte units of the output stream) that some wanted byte falls in
    words = sorted({w for a, b in want for w in range(a // 4, (b + 3) // 4)})
    per_block = rate // 4
    nblocks = words[-1] // per_block + 1 if words else 0
    blk = 0
    for w in words:
        while w >= (blk + 1) * per_block:          # squeeze the next block
            insns.append((KPERM, 0, 0, 0))
            blk += 1
        insns.append((STORE, w - blk * per_block, 0, 0))
        prog.stores.append(4 * w)
    prog.blocks_out = nblocks
    return prog


def assemble(prog: Program, store_results: list[int]) -> bytes:
    """The output of `prog` from its STORE results (in program order). Bytes that no STORE read
    (outside `want`) are zero."""
    if len(store_results) != len(prog.stores):
        raise ValueError(f"{len(store_results)} STORE results for {len(prog.stores)} STOREs")
    out = bytearray(prog.out_len + 4)
    for off, word in zip(prog.stores, store_results):
        out[off:off + 4] = word.to_bytes(4, "little")
    return bytes(out[:prog.out_len])


def hash_program(alg: str, msg: bytes, out_len: int | None = None,
                 want: list[tuple[int, int]] | None = None) -> Program:
    """The program of ACVP algorithm `alg` (e.g. "SHA3-256", "SHAKE-128") on `msg`; `out_len`
    in bytes is required for SHAKE and must be the digest size (or None) for SHA3."""
    v = VARIANTS[alg]
    if v.digest is not None:
        if out_len not in (None, v.digest):
            raise ValueError(f"{alg} has a {v.digest}-byte digest, not {out_len}")
        out_len = v.digest
    elif out_len is None:
        raise ValueError(f"{alg} needs an output length")
    return sponge(msg, v.rate, v.suffix, out_len, want, alg)


def sha3_224(msg: bytes) -> Program:
    return hash_program("SHA3-224", msg)


def sha3_256(msg: bytes) -> Program:
    return hash_program("SHA3-256", msg)


def sha3_384(msg: bytes) -> Program:
    return hash_program("SHA3-384", msg)


def sha3_512(msg: bytes) -> Program:
    return hash_program("SHA3-512", msg)


def shake128(msg: bytes, out_len: int) -> Program:
    return hash_program("SHAKE-128", msg, out_len)


def shake256(msg: bytes, out_len: int) -> Program:
    return hash_program("SHAKE-256", msg, out_len)
