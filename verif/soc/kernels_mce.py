"""Classic McEliece kernels of the cycle table (verif/soc/kernels.py), next to the McEliece ISE
seed's figures (reduced parameters m = 12, n = 48, t = 2).

The reference is the project's Classic McEliece model (verif/models/mceliece.py, parameter set
TOY), which is checked against galois and, at mceliece348864, against pqcrypto; the instruction
models of PQX are not used.
"""

from __future__ import annotations

import random

from verif.models import mceliece as mc

from .kernel import Kernel, Value, words_le

SEED = "McEliece ISE"


def goppa_code(rng: random.Random) -> tuple[list[int], list[int]]:
    """A random binary Goppa code of TOY: monic irreducible g of degree t = 2 (no root in the
    field) and a support of n distinct field elements."""
    p = mc.TOY
    while True:
        g = [rng.randrange(1, 1 << p.m), rng.randrange(1 << p.m), 1]
        if all(mc.poly_eval(p, g, a) for a in range(1 << p.m)):
            return g, rng.sample(range(1 << p.m), p.n)


def _bm_inputs(rng: random.Random, full: bool) -> dict[str, Value]:
    p = mc.TOY
    g, support = goppa_code(rng)
    errs = rng.sample(range(p.n), p.t)
    r = [int(j in errs) for j in range(p.n)]
    return {"SYN": mc.syndrome(p, g, support, r)}


def _bm_ref(v: dict[str, Value]) -> bytes:
    sigma, length = mc.bm_length(mc.TOY, v["SYN"])
    return words_le(sigma + [length])


def _minpoly_inputs(rng: random.Random, full: bool) -> dict[str, Value]:
    return {"BETA": [rng.randrange(1 << mc.TOY.m), rng.randrange(1, 1 << mc.TOY.m)]}


def _minpoly_ref(v: dict[str, Value]) -> bytes:
    g = mc.min_poly(mc.TOY, v["BETA"])
    return words_le(g + [1] if g else [0] * (mc.TOY.t + 2))


def _decode_inputs(rng: random.Random, full: bool) -> dict[str, Value]:
    """A key of the model's key generation (TOY) and v = (C, 0) for a ciphertext C = H e of a
    random weight-t e; a quarter of the cases a random C instead (mostly undecodable)."""
    p = mc.TOY
    pk, sk = mc.keygen(p, rng.randbytes(32))
    key = mc.parse_sk(p, sk)
    if rng.random() < 0.75:
        e = [0] * p.n
        for j in rng.sample(range(p.n), p.t):
            e[j] = 1
        c = mc.encode(p, e, mc.unpack_pk(p, pk))
    else:
        c = [rng.getrandbits(1) for _ in range(p.mt)]
    v = sum(b << j for j, b in enumerate(c))
    return {"G": list(key.g), "SUPPORT": list(key.support), "V": [v & 0xFFFFFFFF, v >> 32]}


def _decode_ref(v: dict[str, Value]) -> bytes:
    p = mc.TOY
    word = v["V"][0] | v["V"][1] << 32
    e = mc.decode(p, v["G"], v["SUPPORT"], [word >> j & 1 for j in range(p.n)])
    if e is None:
        return words_le([0, 0, 0])
    bits = sum(b << j for j, b in enumerate(e))
    return words_le([bits & 0xFFFFFFFF, bits >> 32, 1])


class _Recording:
    """A randombytes that records what it hands out (the bytes FixedWeight consumes)."""

    def __init__(self, source: mc.RandomBytes) -> None:
        self.source, self.data = source, b""

    def __call__(self, count: int) -> bytes:
        out = self.source(count)
        self.data += out
        return out


def _kem_key(rng: random.Random) -> tuple[bytes, bytes]:
    return mc.keygen(mc.TOY, rng.randbytes(32))


def _encap_inputs(rng: random.Random, full: bool) -> dict[str, Value]:
    pk, _ = _kem_key(rng)
    rec = _Recording(mc.ShakeStream(rng.randbytes(32)))
    mc.fixed_weight(mc.TOY, rec)
    return {"DECAP": 0, "TPK": mc.unpack_pk(mc.TOY, pk), "RND": rec.data}


def _encap_ref(v: dict[str, Value]) -> bytes:
    """The model's Encap with the public key rebuilt from T and the recorded random bytes."""
    c, k = mc.encaps(mc.TOY, mc.pack_pk(mc.TOY, v["TPK"]), iter_bytes(v["RND"]))
    return c + k


def iter_bytes(data: bytes) -> mc.RandomBytes:
    """randombytes handing out `data` in order (and failing past its end)."""
    pos = [0]

    def take(count: int) -> bytes:
        if pos[0] + count > len(data):
            raise ValueError("the recorded random bytes ran out")
        pos[0] += count
        return data[pos[0] - count:pos[0]]
    return take


def _decap_inputs(rng: random.Random, full: bool) -> dict[str, Value]:
    """A model key; a ciphertext of the model's encapsulation, or (a third) a random one (the
    implicit rejection)."""
    pk, sk = _kem_key(rng)
    key = mc.parse_sk(mc.TOY, sk)
    c, _ = mc.encaps(mc.TOY, pk, mc.ShakeStream(rng.randbytes(32)))
    if rng.random() < 1 / 3:
        c = rng.randbytes(len(c))
    s = sum(b << j for j, b in enumerate(key.s))         # the n rejection bits
    values: dict[str, Value] = {"DECAP": 1, "G": list(key.g), "SUPPORT": list(key.support),
                                "S": [s & 0xFFFFFFFF, s >> 32], "C": [int.from_bytes(c, "little")]}
    if _decap_ref(values) != mc.decaps(mc.TOY, sk, c):    # the key parts are the secret key's
        raise AssertionError("decapsulation from the key parts differs from the secret key's")
    return values


def _decap_ref(v: dict[str, Value]) -> bytes:
    """Decap as the model's `decaps` computes it, from the key parts the firmware is given
    (_decap_inputs checks that this equals the model's decaps of the whole secret key)."""
    p = mc.TOY
    c = v["C"][0].to_bytes(p.ct_bytes, "little")
    r = [v["C"][0] >> j & 1 for j in range(p.mt)] + [0] * p.k
    e = mc.decode(p, v["G"], v["SUPPORT"], r)
    if e is not None:
        return mc.session_key(1, e, c)
    s = v["S"][0] | v["S"][1] << 32
    return mc.session_key(0, [s >> j & 1 for j in range(p.n)], c)


KERNELS: list[Kernel] = [
    Kernel("mce_bm", "firmware/kernels/mce_bm.c",
           "Classic McEliece Berlekamp-Massey, 2t = 4 syndromes -> error locator and L (m = 12, t = 2)",
           _bm_inputs, _bm_ref, other_seed=(SEED, 5_832, 40),
           note="the McEliece seed's BM sub-operation: 5,832 cycles in software, 40 with its ISE "
                "(reduced parameters m = 12, n = 48, t = 2, the same as PQX's unit)"),
    Kernel("mce_minpoly", "firmware/kernels/mce_minpoly.c",
           "Classic McEliece Irreducible: minimal polynomial of beta in GF(2^12)[y]/F, t = 2 (Gauss)",
           _minpoly_inputs, _minpoly_ref, other_seed=(SEED, 297, 38),
           note="the McEliece seed's minimal-polynomial generation by its fixed-size "
                "Gaussian-elimination engine: 297 cycles in software, 38 with the engine"),
    Kernel("mce_decode", "firmware/kernels/mce_decode.c",
           "Classic McEliece Decode of v = (C, 0): syndrome, BM, Chien search, check (m = 12, n = 48, t = 2)",
           _decode_inputs, _decode_ref, other_seed=(SEED, None, None),
           note="decapsulation's decoder with a key from the model's key generation; the seed "
                "gives no figure for it alone (its decapsulation, 3,654,113 cycles, is dominated "
                "by support generation from the control bits)"),
    Kernel("mce_encap", "firmware/kernels/mce_kem.c",
           "Classic McEliece Encap (FixedWeight, Encode, SHAKE256 session key), reduced parameters",
           _encap_inputs, _encap_ref, other_seed=(SEED, None, 13_585),
           note="the seed's encapsulation figure includes SHA-256 and its own random source; here "
                "FixedWeight consumes SHAKE256 bytes of the model's stream (at n = 48 most tries "
                "are rejected: a try keeps a 12-bit value only below 48), so its cost varies"),
    Kernel("mce_decap", "firmware/kernels/mce_kem.c",
           "Classic McEliece Decap (Decode, implicit rejection, SHAKE256 session key), reduced parameters",
           _decap_inputs, _decap_ref, other_seed=(SEED, None, None),
           note="support and Goppa polynomial given by the host (the seed's 3,654,113 decapsulation "
                "cycles are over 99 % support generation from the control bits, which PQX leaves "
                "to software); the model decapsulates from the full secret key bytes"),
]
