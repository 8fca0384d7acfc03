"""Tests of the FIPS 205 reference (`fips205.py`) and, through it, of the model's SLH-DSA
instructions (`hash_units.py`) and the SLH-DSA kernels (`verif/kernels/slhdsa.py`) on the model.

1. The reference against NIST ACVP vectors: PK.root of SLH-DSA keyGen (SHAKE-192s, SHAKE-256f) and
   the keys of SLH-DSA sigVer (SHAKE-128f), trimmed copies under verif/vectors/slhdsa/.
2. The model's CL_n, THASH1_n, THASH2_n (simple and robust) and PRF_n against the reference, for
   n = 16, 24, 32, with random S around the operands.
3. The kernels run on the model against the reference (the simulation tests do the same on the RTL).
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from verif.kernels import slhdsa as kern
from verif.models import PqxModel, bytes_to_words, encode, words_to_bytes
from verif.models import fips205 as ref
from verif.models.hash_units import chain_lengths as model_chain_lengths

VECTORS = Path(__file__).resolve().parent.parent / "vectors" / "slhdsa"
KEYGEN = VECTORS / "SLH-DSA-keyGen-FIPS205-internalProjection-SHAKE.json"
SIGVER_KEYS = VECTORS / "SLH-DSA-sigVer-FIPS205-internalProjection-SHAKE-128f-keys.json"
LEVEL = {16: 128, 24: 192, 32: 256}


def _cases(path: Path) -> list[tuple[str, dict]]:
    data = json.loads(path.read_text())
    return [(g["parameterSet"], t) for g in data["testGroups"] for t in g["tests"]]


def _id(case: tuple[str, dict]) -> str:
    return f"{case[0]}-tc{case[1]['tcId']}"


# ----------------------------------------------------------------------------- 1. ACVP


def test_vector_files_hold_shake_sets() -> None:
    sets = {ps for ps, _ in _cases(KEYGEN)} | {ps for ps, _ in _cases(SIGVER_KEYS)}
    assert sets == {"SLH-DSA-SHAKE-128f", "SLH-DSA-SHAKE-192s", "SLH-DSA-SHAKE-256f"}


@pytest.mark.parametrize("case", _cases(KEYGEN), ids=_id)
def test_acvp_keygen(case: tuple[str, dict]) -> None:
    """slh_keygen_internal(SK.seed, SK.prf, PK.seed) gives ACVP's sk and pk."""
    ps, t = case
    p = ref.PARAMS[ps]
    sk_seed, sk_prf, pk_seed = (bytes.fromhex(t[k]) for k in ("skSeed", "skPrf", "pkSeed"))
    sk, pk = ref.keygen_internal(p, sk_seed, sk_prf, pk_seed)
    assert pk.hex().upper() == t["pk"], f"{ps} tc {t['tcId']}: PK.root"
    assert sk.hex().upper() == t["sk"]


@pytest.mark.parametrize("case", _cases(SIGVER_KEYS), ids=_id)
def test_acvp_sigver_keys(case: tuple[str, dict]) -> None:
    """The sigVer key pairs: sk = SK.seed || SK.prf || PK.seed || PK.root, pk = PK.seed || PK.root."""
    ps, t = case
    p = ref.PARAMS[ps]
    n = p.n
    sk, pk = bytes.fromhex(t["sk"]), bytes.fromhex(t["pk"])
    assert sk[2 * n:] == pk
    assert ref.keygen_root(p, sk[:n], sk[2 * n:3 * n]) == pk[n:]


def test_parameter_sets() -> None:
    for p in ref.PARAMS.values():
        assert p.h == p.d * p.hp
        assert (p.len1, p.len2, p.len) == ref.wots_len(p.n) == (2 * p.n, 3, 2 * p.n + 3)
        # m = ceil(k a / 8) + ceil((h - h') / 8) + ceil(h' / 8)
        assert p.m == -(-p.k * p.a // 8) + -(-(p.h - p.hp) // 8) + -(-p.hp // 8)


def test_adrs_layout() -> None:
    a = ref.ADRS()
    a.set_layer_address(0x01020304)
    a.set_tree_address(0x05060708090A0B0C0D0E0F10)
    a.set_type_and_clear(ref.WOTS_PRF)
    a.set_key_pair_address(0x15161718)
    a.set_chain_address(0x191A1B1C)
    a.set_hash_address(0x1D1E1F20)
    assert bytes(a) == bytes(range(1, 17)) + bytes([0, 0, 0, 5]) + bytes(range(0x15, 0x21))
    a.set_type_and_clear(ref.TREE)
    assert bytes(a)[16:] == bytes([0, 0, 0, 2]) + bytes(12)
    a.set_tree_height(3)
    a.set_tree_index(9)
    assert bytes(a)[20:] == bytes(4) + (3).to_bytes(4, "big") + (9).to_bytes(4, "big")


def test_base_2b() -> None:
    assert ref.base_2b(bytes([0x12, 0x34]), 4, 4) == [1, 2, 3, 4]
    assert ref.base_2b(bytes([0xAB, 0xCD, 0xEF]), 12, 2) == [0xABC, 0xDEF]
    assert ref.base_2b(bytes([0b10110011]), 2, 4) == [2, 3, 0, 3]
    assert ref.base_2b(bytes([0x80, 0x01]), 6, 2) == [0b100000, 0]


# ----------------------------------------------------------------------------- 2. the model


@pytest.mark.parametrize("n", [16, 24, 32])
def test_chain_lengths_model_vs_reference(n: int) -> None:
    rng = random.Random(n)
    msgs = [bytes(n), b"\xff" * n, b"\x0f" * n, b"\xf0" * n] + [rng.randbytes(n) for _ in range(200)]
    for msg in msgs:
        want = ref.chain_lengths(msg)
        assert len(want) == 2 * n + 3
        assert model_chain_lengths(msg) == want, msg.hex()
    assert ref.chain_lengths(bytes(n))[-3:] == ref.base_2b(((15 * 2 * n) << 4).to_bytes(2, "big"), 4, 3)
    assert ref.chain_lengths(b"\xff" * n)[-3:] == [0, 0, 0]


def _random_model(rng: random.Random) -> PqxModel:
    m = PqxModel()
    m.S = [rng.getrandbits(32) for _ in range(50)]
    m.O = [rng.getrandbits(32) for _ in range(50)]
    return m


def _place(m: PqxModel, n: int, pk_seed: bytes, adrs: bytes, in1: bytes, in2: bytes = b"") -> None:
    """PK.seed, ADRS, in1, in2 into S per the ISA layout (words 0.., nw.., nw+8.., 2nw+8..)."""
    nw = n // 4
    for start, data in ((0, pk_seed), (nw, adrs), (nw + 8, in1), (2 * nw + 8, in2)):
        w = bytes_to_words(data)
        m.S[start:start + len(w)] = w


def _random_adrs(rng: random.Random) -> ref.ADRS:
    if rng.random() < 0.5:
        return ref.ADRS(rng.randbytes(32))
    a = ref.ADRS()
    a.set_layer_address(rng.randrange(22))
    a.set_tree_address(rng.getrandbits(64))
    a.set_type_and_clear(rng.randrange(7))
    a.set_key_pair_address(rng.getrandbits(rng.choice([4, 9, 32])))
    a.set_chain_address(rng.randrange(67))
    a.set_hash_address(rng.randrange(16))
    return a


CASES = [(n, op, robust) for n in (16, 24, 32) for op in ("THASH1", "THASH2", "PRF")
         for robust in (False, True)]


@pytest.mark.parametrize("n,op,robust", CASES)
def test_model_hash_instructions(n: int, op: str, robust: bool) -> None:
    """THASH1/THASH2/PRF of the model against F/H/PRF (simple) and the round-3 robust F/H.
    PRF has no robust form: rs2 = 0 must not change it."""
    rng = random.Random(f"{n}{op}{robust}")
    nw = n // 4
    for _ in range(25):
        m = _random_model(rng)
        pk_seed, adrs = rng.randbytes(n), _random_adrs(rng)
        in1, in2 = rng.randbytes(n), rng.randbytes(n)
        _place(m, n, pk_seed, bytes(adrs), in1, in2 if op == "THASH2" else b"")
        before = list(m.S)
        rs2 = 0 if robust else rng.choice([1, rng.getrandbits(32) | 1, 0x80000000])
        r = m.execute(encode(f"{op}_{LEVEL[n]}"), rng.getrandbits(32), rs2, 0)
        assert (r.we, r.exc) == (False, False)
        if op == "THASH1":
            want = (ref.f_robust if robust else ref.F)(pk_seed, adrs, in1)
        elif op == "THASH2":
            want = (ref.h_robust if robust else ref.H)(pk_seed, adrs, in1 + in2)
        else:
            want = ref.PRF(pk_seed, in1, adrs)
        assert words_to_bytes(m.S[:nw]) == want, "S[0..nw-1] takes the output"
        assert words_to_bytes(m.O[:nw]) == want, "O[0..nw-1] holds it for STORE"
        assert m.S[nw:] == before[nw:], "ADRS, payload and the rest of S stay"


@pytest.mark.parametrize("n", [16, 24, 32])
def test_robust_differs_from_simple(n: int) -> None:
    """The two modes give different results (so a swapped mode cannot go unnoticed)."""
    rng = random.Random(n)
    for _ in range(10):
        s, a, m1, m2 = rng.randbytes(n), rng.randbytes(32), rng.randbytes(n), rng.randbytes(2 * n)
        assert ref.f_robust(s, a, m1) != ref.F(s, a, m1)
        assert ref.h_robust(s, a, m2) != ref.H(s, a, m2)
    # the robust mask is SHAKE256(PK.seed || ADRS) itself: an all-mask payload hashes zero
    s, a = rng.randbytes(n), rng.randbytes(32)
    mask = ref._shake(s + a, n)
    assert ref.f_robust(s, a, mask) == ref.F(s, a, bytes(n))


@pytest.mark.parametrize("n", [16, 24, 32])
def test_model_cl_instruction(n: int) -> None:
    rng = random.Random(n)
    nw = n // 4
    for _ in range(50):
        m = _random_model(rng)
        msg = rng.randbytes(n)
        m.S[:nw] = bytes_to_words(msg)
        o_before = list(m.O)
        m.execute(encode(f"CL_{LEVEL[n]}"), 0, 0, 0)
        digits = ref.chain_lengths(msg)
        packed = [int("".join(f"{d:x}" for d in digits[k:k + 8]).ljust(8, "0"), 16)
                  for k in range(0, len(digits), 8)]
        assert m.O[:len(packed)] == packed
        assert m.O[len(packed):] == o_before[len(packed):]


# ----------------------------------------------------------------------------- 3. kernels on the model


@pytest.mark.parametrize("n", [16, 24, 32])
def test_kernels_on_model(n: int) -> None:
    rng = random.Random(n + 1000)
    for _ in range(5):
        s, sk, a = rng.randbytes(n), rng.randbytes(n), _random_adrs(rng)
        m1, m2 = rng.randbytes(n), rng.randbytes(2 * n)
        assert kern.run_on_model(kern.f_kernel(s, a, m1)) == ref.F(s, a, m1)
        assert kern.run_on_model(kern.f_kernel(s, a, m1, robust=True)) == ref.f_robust(s, a, m1)
        assert kern.run_on_model(kern.h_kernel(s, a, m2)) == ref.H(s, a, m2)
        assert kern.run_on_model(kern.h_kernel(s, a, m2, robust=True)) == ref.h_robust(s, a, m2)
        assert kern.run_on_model(kern.prf_kernel(s, sk, a)) == ref.PRF(s, sk, a)
        assert kern.run_on_model(kern.cl_kernel(m1)) == ref.chain_lengths(m1)
        i = rng.randrange(15)
        steps = rng.randint(0, 15 - i)
        for robust in (False, True):
            stats: dict[str, int] = {}
            got = kern.run_on_model(kern.chain_kernel(m1, i, steps, s, a, robust=robust), stats=stats)
            assert stats["batches"] == (1 if steps else 0)     # a chain is one batch
            assert got == ref.chain(m1, i, steps, s, a.copy(), ref.f_robust if robust else ref.F)


@pytest.mark.parametrize("n", [16, 24, 32])
def test_wots_pkgen_kernel_on_model(n: int) -> None:
    rng = random.Random(n + 2000)
    sk_seed, pk_seed = rng.randbytes(n), rng.randbytes(n)
    a = ref.ADRS()
    a.set_layer_address(rng.randrange(8))
    a.set_tree_address(rng.getrandbits(64))
    a.set_type_and_clear(ref.WOTS_HASH)
    a.set_key_pair_address(rng.randrange(512))
    stats: dict[str, int] = {}
    pk, ends = kern.run_on_model(kern.wots_pkgen_kernel(sk_seed, pk_seed, a), stats=stats)
    assert stats["batches"] == 3        # the PRFs, the chains, T_len
    assert ends == ref.wots_chain_ends(sk_seed, pk_seed, a)
    assert pk == ref.wots_pkgen(sk_seed, pk_seed, a)


def test_shake256_kernel_on_model() -> None:
    rng = random.Random(5)
    for length in (0, 1, 135, 136, 137, 271, 272, 608, 1000):
        msg = rng.randbytes(length)
        got = kern.run_on_model(kern.shake256_kernel(msg, 32))
        assert got == hashlib.shake_256(msg).digest(32), length


@pytest.mark.parametrize("n", [16, 24, 32])
def test_model_chain_instruction(n: int) -> None:
    """s back-to-back CHAIN_n from one set-up are FIPS 205's chain(x, i, s) (Algorithm 5), robust
    steps the round-3 chain; the hash address ends at i + s (wrapping at 2^32), PK.seed, the rest
    of ADRS and the words beyond in1 stay, and O[0..nw-1] holds the chain's end."""
    rng = random.Random(f"chain{n}")
    nw = n // 4
    for k in range(30):
        robust = k % 3 == 2
        m = _random_model(rng)
        pk_seed, x = rng.randbytes(n), rng.randbytes(n)
        adrs = _random_adrs(rng)
        i = rng.randrange(16) if k % 5 else 2**32 - 1      # the last: the address wraps
        adrs.set_hash_address(i)
        s = rng.randrange(1, 16 - i) if i < 15 else 1
        _place(m, n, pk_seed, bytes(adrs), x)
        before = list(m.S)
        for _ in range(s):
            r = m.execute(encode(f"CHAIN_{LEVEL[n]}"), rng.getrandbits(32), 0 if robust else 1, 0)
            assert (r.we, r.exc) == (False, False)
        want = ref.chain(x, i, s, pk_seed, ref.ADRS(bytes(adrs)), ref.f_robust if robust else ref.F)
        assert words_to_bytes(m.S[nw + 8: 2 * nw + 8]) == want, "in1 takes the chain's value"
        assert words_to_bytes(m.O[:nw]) == want, "O[0..nw-1] holds it for STORE"
        end = ref.ADRS(bytes(adrs))
        end.set_hash_address((i + s) % 2**32)
        assert words_to_bytes(m.S[nw: nw + 8]) == bytes(end), "the hash address moved on by s"
        assert m.S[:nw] == before[:nw] and m.S[2 * nw + 8:] == before[2 * nw + 8:]
