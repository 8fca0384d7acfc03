"""SHA-256, SHA-512, SM3, AES-128 and Haraka v2 as PQX firmware, written in Python (FIPS 180-4,
GB/T 32905, FIPS 197 and Haraka v2 on the PQX ISA, docs/isa.md "Crypto-RV instructions"): what
`make kat` runs.

Each function returns a `Program` (verif/kernels/sha3.py): the instruction stream a RISC-V core
would offload to PQX and where the HASH_RD results go in the digest. The kernel uses the ISA
only:

    <ALG>_INIT                          H = the standard's initial value
    per block:  CRV_BPTR 0              P = 0
                CRV_BWR lo, hi  (x 8, or 16 for SHA-512)   B[P++] = 8 message bytes in order
                <ALG>_BLK 0             H = compress(H, the block in B[0 ..])
    digest:     HASH_RD k               rd = digest bytes 4k .. 4k + 3

The padding (FIPS 180-4 5.1, SM3 5.2) is done here, in software, as firmware would.
"""

from __future__ import annotations

from verif.models.isa import encode
from verif.models.sha2sm3 import pad

from .sha3 import Insn, Program

_RD, _RS1, _RS2 = 10, 11, 12

_BPTR = encode("CRV_BPTR", rd=0, rs1=_RS1)
_BWR = encode("CRV_BWR", rd=0, rs1=_RS1, rs2=_RS2)
_HASH_RD = encode("HASH_RD", rd=_RD, rs1=_RS1)

ALGS = {  # ACVP name -> (INIT, BLK, block bytes, digest bytes)
    "SHA2-256": ("SHA256_INIT", "SHA256_BLK", 64, 32),
    "SHA2-512": ("SHA512_INIT", "SHA512_BLK", 128, 64),
    "SM3": ("SM3_INIT", "SM3_BLK", 64, 32),
}


def hash_program(alg: str, msg: bytes) -> Program:
    init, blk, size, digest = ALGS[alg]
    insns: list[Insn] = [(encode(init, rd=0), 0, 0, 0)]
    padded = pad(msg, size)
    blk_word = encode(blk, rd=0, rs1=_RS1)
    for i in range(0, len(padded), size):
        insns.append((_BPTR, 0, 0, 0))
        for k in range(i, i + size, 8):
            insns.append((_BWR, int.from_bytes(padded[k:k + 4], "little"),
                          int.from_bytes(padded[k + 4:k + 8], "little"), 0))
        insns.append((blk_word, 0, 0, 0))
    prog = Program(insns, digest, variant=alg, blocks_in=len(padded) // size)
    for k in range(digest // 4):
        insns.append((_HASH_RD, k, 0, 0))
        prog.stores.append(4 * k)
    return prog


_AES = encode("AES128_ENC", rd=0, rs1=_RS1)


def aes_program(key: bytes, pt: bytes) -> Program:
    """AES-128 ECB encryption of whole blocks; per block: CRV_BPTR 0, 4 CRV_BWR (key, the
    block), AES128_ENC 0, HASH_RD 0..3 (the ciphertext in byte order)."""
    insns: list[Insn] = []
    prog = Program(insns, len(pt), variant="AES-128", blocks_in=len(pt) // 16)
    for b in range(0, len(pt), 16):
        insns.append((_BPTR, 0, 0, 0))
        data = key + pt[b:b + 16]
        for k in range(0, 32, 8):
            insns.append((_BWR, int.from_bytes(data[k:k + 4], "little"),
                          int.from_bytes(data[k + 4:k + 8], "little"), 0))
        insns.append((_AES, 0, 0, 0))
        for k in range(4):
            insns.append((_HASH_RD, k, 0, 0))
            prog.stores.append(b + 4 * k)
    return prog


_HARAKA = {"HARAKA-256": (encode("HARAKA256", rd=0, rs1=_RS1), 32),
           "HARAKA-512": (encode("HARAKA512", rd=0, rs1=_RS1), 64)}


def haraka_program(alg: str, msg: bytes) -> Program:
    """Haraka v2-256 / v2-512 of one 32- / 64-byte input: CRV_BPTR 0, CRV_BWR of each 8 bytes,
    HARAKA256 / HARAKA512 0, HASH_RD 0..7 (the 32-byte hash in byte order)."""
    word, size = _HARAKA[alg]
    if len(msg) != size:
        raise ValueError(f"{alg} hashes {size}-byte inputs, not {len(msg)}")
    insns: list[Insn] = [(_BPTR, 0, 0, 0)]
    for k in range(0, size, 8):
        insns.append((_BWR, int.from_bytes(msg[k:k + 4], "little"),
                      int.from_bytes(msg[k + 4:k + 8], "little"), 0))
    insns.append((word, 0, 0, 0))
    prog = Program(insns, 32, variant=alg, blocks_in=1)
    for k in range(8):
        insns.append((_HASH_RD, k, 0, 0))
        prog.stores.append(4 * k)
    return prog
