"""Tests of the HQC reference model (`hqc.py`).

1. KAT: the first 3 entries of HQC-1 and HQC-3 (trimmed copies under verif/vectors/hqc/) are
   reproduced bit for bit from their seeds (pk, sk, ct, ss), the seeds from the harness's master
   PRNG, and Decaps of each KAT ciphertext gives its ss; liboqs's SHA-256 of its KAT output
   (entry 0, and entries 0-99) for HQC-1, HQC-3 and HQC-5; the whole .rsp files when
   ../shared holds them (skipped otherwise).
2. Implicit rejection: a damaged ciphertext gives K-bar = J(H(ek), sigma, c), not ss.
3. The parts: GF(2^8), Reed-Solomon, Reed-Muller, the concatenated code, the vector product and
   the samplers, each against a definition written differently here.
4. Parameter sizes against the KAT files and, as a second source for what the two share, PyPI
   pqcrypto's hqc_128/192/256 (a different revision: see docs/hqc-model.md).
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import json
import random
from pathlib import Path

import pytest

from verif.models import hqc
from verif.vectors import SHARED_VECTORS
from verif.vectors.rsp import parse_rsp

VECTORS = Path(__file__).resolve().parent.parent / "vectors" / "hqc"
SHARED_KAT = SHARED_VECTORS / "rustcrypto-kems" / "hqc-kem" / "kat"
SHARED_NIST_RSP = SHARED_VECTORS / "falcon512-kat-mirror" / "test" / "falcon512-KAT.rsp"
LIBOQS = json.loads((VECTORS / "liboqs-kats-hqc.json").read_text())
PQCRYPTO = {"HQC-1": "hqc_128", "HQC-3": "hqc_192", "HQC-5": "hqc_256"}
P1, P3, P5 = (hqc.PARAMS[n] for n in ("HQC-1", "HQC-3", "HQC-5"))
ALL = [P1, P3, P5]


def _entries(name: str) -> list[dict[str, str]]:
    return parse_rsp((VECTORS / f"{name.lower()}.rsp").read_text())[1]


KAT_CASES = [(name, e) for name in ("HQC-1", "HQC-3") for e in _entries(name)]


def _kat_id(case: tuple[str, dict[str, str]]) -> str:
    return f"{case[0]}-count{case[1]['count']}"


@functools.lru_cache(maxsize=None)
def _kat_text(name: str, count: int) -> str:
    return hqc.kat_text(hqc.PARAMS[name], count)


# ----------------------------------------------------------------------------- 1. KAT


def test_vector_files() -> None:
    assert [int(e["count"]) for _, e in KAT_CASES] == [0, 1, 2, 0, 1, 2]
    assert set(LIBOQS) == {"HQC-1", "HQC-3", "HQC-5"}


def test_kat_seeds_come_from_the_shake_prng() -> None:
    """Both files' seeds are 48-byte reads of SHAKE256(00 01 .. 2F || 0x00), not of the AES DRBG."""
    for name in ("HQC-1", "HQC-3"):
        seeds = [bytes.fromhex(e["seed"]) for e in _entries(name)]
        assert hqc.kat_seeds(len(seeds)) == seeds, name
        assert hqc.NistCtrDrbg(bytes(range(48))).read(48) != seeds[0]


@pytest.mark.skipif(not SHARED_NIST_RSP.exists(), reason="no NIST .rsp file under ../shared")
def test_nist_ctr_drbg_gives_the_nist_kat_seeds() -> None:
    """The AES DRBG (kept for comparison) is the NIST one: it gives a NIST signature KAT file's
    seeds and messages (PQCgenKAT_sign draws seed, then msg of 33 (i + 1) bytes, per entry)."""
    drbg = hqc.NistCtrDrbg(bytes(range(48)))
    for i, e in enumerate(parse_rsp(SHARED_NIST_RSP.read_text())[1][:3]):
        assert drbg.read(48).hex().upper() == e["seed"], f"count {i}: seed"
        assert drbg.read(33 * (i + 1)).hex().upper() == e["msg"], f"count {i}: msg"


@pytest.mark.parametrize("case", KAT_CASES, ids=_kat_id)
def test_kat_entry(case: tuple[str, dict[str, str]]) -> None:
    name, e = case
    p = hqc.PARAMS[name]
    got = hqc.kat_entry(p, bytes.fromhex(e["seed"]), int(e["count"]), check_decaps=False)
    assert got.pk.hex().upper() == e["pk"], "pk"
    assert got.sk.hex().upper() == e["sk"], "sk"
    assert got.ct.hex().upper() == e["ct"], "ct"
    assert got.ss.hex().upper() == e["ss"], "ss"


@pytest.mark.parametrize("case", KAT_CASES, ids=_kat_id)
def test_kat_decaps(case: tuple[str, dict[str, str]]) -> None:
    name, e = case
    trace = hqc.decaps_trace(hqc.PARAMS[name], bytes.fromhex(e["sk"]), bytes.fromhex(e["ct"]))
    assert trace.accepted
    assert trace.ss.hex().upper() == e["ss"]


@pytest.mark.parametrize("name", ["HQC-1", "HQC-3", "HQC-5"])
def test_liboqs_kat_hash_single(name: str) -> None:
    """liboqs's tests/test_kat.py hashes the stdout of `kat_kem <alg>`: entry 0 as
    count/seed/pk/sk/ct/ss lines (tests/kat_kem.c)."""
    assert hashlib.sha256(_kat_text(name, 1).encode()).hexdigest() == LIBOQS[name]["single"]


@pytest.mark.parametrize("name", ["HQC-1", "HQC-3", "HQC-5"])
def test_liboqs_kat_hash_all(name: str) -> None:
    """`kat_kem <alg> --all`: entries 0-99, a blank line between entries (about 1-2 s each)."""
    assert hashlib.sha256(_kat_text(name, 100).encode()).hexdigest() == LIBOQS[name]["all"]


@pytest.mark.skipif(not SHARED_KAT.exists(), reason="full KAT files are only under ../shared")
@pytest.mark.parametrize("name", ["HQC-1", "HQC-3"])
def test_full_rsp_file(name: str) -> None:
    """The whole .rsp file: header, the 100 entries, a final blank line; entry by entry first,
    so that a failure names the entry and the field."""
    path = SHARED_KAT / f"{name.lower()}.rsp"
    text = path.read_text()
    expected = parse_rsp(text)[1]
    assert len(expected) == 100
    seeds = hqc.kat_seeds(100)
    p = hqc.PARAMS[name]
    for i, e in enumerate(expected):
        assert bytes.fromhex(e["seed"]) == seeds[i], f"count {i}: seed"
        assert hqc.decaps(p, bytes.fromhex(e["sk"]), bytes.fromhex(e["ct"])).hex().upper() == e["ss"]
    assert text == f"# {name}\n\n" + _kat_text(name, 100) + "\n"


# ----------------------------------------------------------------------------- 2. implicit rejection


def _kat0(name: str) -> tuple[hqc.Params, bytes, bytes, bytes, bytes]:
    e = _entries(name)[0]
    return (hqc.PARAMS[name], bytes.fromhex(e["seed"]), bytes.fromhex(e["sk"]),
            bytes.fromhex(e["ct"]), bytes.fromhex(e["ss"]))


def _flip(data: bytes, bit: int) -> bytes:
    out = bytearray(data)
    out[bit // 8] ^= 1 << (bit % 8)
    return bytes(out)


@pytest.mark.parametrize("name", ["HQC-1", "HQC-3"])
def test_implicit_rejection(name: str) -> None:
    p, seed, sk, ct, ss = _kat0(name)
    ek = sk[:p.ek_bytes]
    sigma = sk[p.ek_bytes + 32:p.ek_bytes + 32 + p.k]
    prng = hqc.KatPrng(seed)
    prng.read(32)
    m = prng.read(p.k)                      # the message Encaps drew for this entry
    h_ek = hashlib.sha3_256(ek + b"\x01").digest()
    u_bits, v_bits = 8 * p.n_bytes, 8 * p.n1n2_bytes
    flips = {
        "u bit 0": 0,
        "u padding bit": p.n,               # beyond X^(n-1): not a valid u
        "v bit 0": u_bits,
        "v last bit": u_bits + v_bits - 1,
        "salt bit": u_bits + v_bits + 5,
    }
    for what, bit in flips.items():
        bad = _flip(ct, bit)
        trace = hqc.decaps_trace(p, sk, bad)
        k_bar = hashlib.sha3_256(h_ek + sigma + bad + b"\x03").digest()
        assert not trace.accepted, what
        assert trace.ss == k_bar != ss, what
        if what.startswith("v"):            # one bit of v is corrected: same m', still rejected
            assert trace.m_prime == m, what


def test_implicit_rejection_key_depends_on_sigma() -> None:
    p, _, sk, ct, _ = _kat0("HQC-1")
    bad = _flip(ct, 3)
    other_sigma = bytearray(sk)
    other_sigma[p.ek_bytes + 32] ^= 1
    assert hqc.decaps(p, sk, bad) != hqc.decaps(p, bytes(other_sigma), bad)


# ----------------------------------------------------------------------------- 3. GF(2^8)


def _clmul_mod(a: int, b: int, poly: int) -> int:
    """Carry-less product, then long division by poly (degree 8)."""
    r = 0
    for i in range(8):
        if (b >> i) & 1:
            r ^= a << i
    for bit in range(14, 7, -1):
        if (r >> bit) & 1:
            r ^= poly << (bit - 8)
    return r


def test_gf_poly_is_primitive() -> None:
    """alpha = x has order 255 modulo 0x11D: its powers are the 255 non-zero elements."""
    assert hqc.GF_POLY == 0x11D
    powers = [hqc.gf_pow_alpha(i) for i in range(255)]
    assert sorted(powers) == list(range(1, 256))
    assert hqc.gf_pow_alpha(255) == 1


def test_gf_mul_is_the_polynomial_product() -> None:
    for a in range(256):
        for b in range(256):
            assert hqc.gf_mul(a, b) == _clmul_mod(a, b, 0x11D), (a, b)


def test_gf_inverse() -> None:
    assert hqc.gf_inv(0) == 0
    for a in range(1, 256):
        assert hqc.gf_mul(a, hqc.gf_inv(a)) == 1


# ----------------------------------------------------------------------------- 3. Reed-Solomon


@pytest.mark.parametrize("p", ALL, ids=lambda p: p.name)
def test_rs_generator(p: hqc.Params) -> None:
    g = hqc.rs_generator(p)
    assert len(g) == 2 * p.delta + 1 and g[-1] == 1
    assert p.n1 - p.k == 2 * p.delta
    for i in range(1, 2 * p.delta + 1):
        assert hqc.poly_eval(g, hqc.gf_pow_alpha(i)) == 0, i
    for i in (0, 2 * p.delta + 1):
        assert hqc.poly_eval(g, hqc.gf_pow_alpha(i)) != 0, i


@pytest.mark.parametrize("p", ALL, ids=lambda p: p.name)
def test_rs_encode_is_systematic_codeword(p: hqc.Params) -> None:
    rng = random.Random(p.n)
    for _ in range(5):
        msg = bytes(rng.randrange(256) for _ in range(p.k))
        cw = hqc.rs_encode(p, msg)
        assert len(cw) == p.n1 and cw[2 * p.delta:] == msg
        assert hqc.rs_syndromes(p, cw) == [0] * (2 * p.delta)


def _with_errors(cw: bytes, positions: list[int], rng: random.Random) -> bytes:
    out = bytearray(cw)
    for pos in positions:
        out[pos] ^= rng.randrange(1, 256)
    return bytes(out)


@pytest.mark.parametrize("p", ALL, ids=lambda p: p.name)
def test_rs_decode_corrects_up_to_delta(p: hqc.Params) -> None:
    rng = random.Random(p.n1)
    for count in (0, 1, 2, p.delta // 2, p.delta - 1, p.delta, p.delta):
        msg = bytes(rng.randrange(256) for _ in range(p.k))
        positions = rng.sample(range(p.n1), count)
        if count == p.delta:
            positions[:2] = [0, p.n1 - 1]   # the ends of the codeword
            positions = list(dict.fromkeys(positions + rng.sample(range(1, p.n1 - 1), p.n1 - 2)))[:count]
        bad = _with_errors(hqc.rs_encode(p, msg), positions, rng)
        assert hqc.rs_decode(p, bad) == msg, (count, positions)


@pytest.mark.parametrize("p", ALL, ids=lambda p: p.name)
def test_rs_decode_fails_beyond_delta(p: hqc.Params) -> None:
    """delta + 1 errors, all in the message part: at most delta bytes are changed, so the message
    cannot come back."""
    rng = random.Random(p.k)
    msg = bytes(rng.randrange(256) for _ in range(p.k))
    positions = rng.sample(range(2 * p.delta, p.n1), p.delta + 1)
    assert hqc.rs_decode(p, _with_errors(hqc.rs_encode(p, msg), positions, rng)) != msg


# ----------------------------------------------------------------------------- 3. Reed-Muller


def test_rm_codewords() -> None:
    """RM(1,7): 256 distinct words, weights 0, 64 and 128 only (minimum distance 64), the
    complement given by bit 7, and bit j of word m = m7 xor <m[0..6], j> by another route."""
    words = hqc.RM_CODEWORDS
    assert len(set(words)) == 256
    assert {w.bit_count() for w in words} == {0, 64, 128}
    for m in range(128):
        assert words[m] ^ words[m | 0x80] == hqc.RM_MASK
    for m, j in ((0x01, 1), (0x02, 2), (0x40, 64), (0x7F, 127), (0x03, 3)):
        assert (words[m] >> j) & 1 == bin(m & j).count("1") % 2


def _rm_block_with_errors(p: hqc.Params, byte: int, errors: int, rng: random.Random) -> list[int]:
    bits = [(hqc.RM_CODEWORDS[byte] >> j) & 1 for j in range(128)] * p.mult
    for pos in rng.sample(range(128 * p.mult), errors):
        bits[pos] ^= 1
    return [sum(bits[c * 128 + j] for c in range(p.mult)) for j in range(128)]


@pytest.mark.parametrize("p", [P1, P3], ids=lambda p: f"mult{p.mult}")
def test_rm_decode_up_to_capacity(p: hqc.Params) -> None:
    """The duplicated code has minimum distance 64 mult: every pattern of 32 mult - 1 bit errors
    is corrected (tried on random patterns, every byte without errors)."""
    rng = random.Random(p.mult)
    capacity = 32 * p.mult - 1
    for byte in range(256):
        assert hqc.rm_decode_block(_rm_block_with_errors(p, byte, 0, rng), p.mult) == byte
    for byte in [0x00, 0x7F, 0x80, 0xFF] + rng.sample(range(256), 24):
        for errors in (1, capacity // 2, capacity):
            counts = _rm_block_with_errors(p, byte, errors, rng)
            assert hqc.rm_decode_block(counts, p.mult) == byte, (byte, errors)


@pytest.mark.parametrize("p", [P1, P3], ids=lambda p: f"mult{p.mult}")
def test_rm_decode_is_maximum_likelihood(p: hqc.Params) -> None:
    """Beyond the capacity too: whenever one codeword is strictly nearest (Hamming distance over
    all copies, found here by trying the 256 codewords), the decoder returns it. The received
    words lie between two codewords A and B (d of the 64 mult bits where they differ flipped,
    d = 32 mult - 3 .. 32 mult + 3), A often the all-zero or all-one word."""
    rng = random.Random(100 + p.mult)
    half = 32 * p.mult
    checked = 0
    for trial in range(200):
        a = (0x00, 0x80, rng.randrange(256))[trial % 3]
        b = rng.choice([m for m in range(256) if m != a])
        wa = sum(hqc.RM_CODEWORDS[a] << (128 * c) for c in range(p.mult))
        wb = sum(hqc.RM_CODEWORDS[b] << (128 * c) for c in range(p.mult))
        differ = [i for i in range(128 * p.mult) if ((wa ^ wb) >> i) & 1]
        flat = wa
        for pos in rng.sample(differ, half + rng.randrange(-3, 4)):
            flat ^= 1 << pos
        copies = [(flat >> (128 * c)) & hqc.RM_MASK for c in range(p.mult)]
        dist = sorted((sum((w ^ cw).bit_count() for w in copies), m)
                      for m, cw in enumerate(hqc.RM_CODEWORDS))
        if dist[0][0] == dist[1][0]:
            continue                        # a tie: the reference's tie rule decides
        counts = [sum((w >> j) & 1 for w in copies) for j in range(128)]
        assert hqc.rm_decode_block(counts, p.mult) == dist[0][1], (trial, a, b, dist[:2])
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("p", ALL, ids=lambda p: p.name)
def test_rm_encode_layout(p: hqc.Params) -> None:
    """Byte i of the RS codeword occupies bits [i n2, (i + 1) n2), its word repeated mult times."""
    rs_cw = bytes(range(7, 7 + p.n1))
    v = hqc.rm_encode(p, rs_cw)
    assert v.bit_length() <= p.n1n2
    for i in (0, p.n1 // 2, p.n1 - 1):
        for copy in range(p.mult):
            word = (v >> (i * p.n2 + 128 * copy)) & hqc.RM_MASK
            assert word == hqc.RM_CODEWORDS[rs_cw[i]]
    assert hqc.rm_decode(p, v) == rs_cw


@pytest.mark.parametrize("p", ALL, ids=lambda p: p.name)
def test_concatenated_code(p: hqc.Params) -> None:
    """delta RM blocks destroyed (random bits) and every other block hit by errors up to the RM
    capacity: the message comes back."""
    rng = random.Random(p.n2 + p.n1)
    msg = bytes(rng.randrange(256) for _ in range(p.k))
    noise = 0
    destroyed = set(rng.sample(range(p.n1), p.delta))
    for i in range(p.n1):
        block = 0
        if i in destroyed:
            block = rng.getrandbits(p.n2)
        else:
            for pos in rng.sample(range(p.n2), 32 * p.mult - 1):
                block |= 1 << pos
        noise |= block << (i * p.n2)
    assert hqc.code_decode(p, hqc.code_encode(p, msg) ^ noise) == msg


# ----------------------------------------------------------------------------- 3. vectors, samplers


def _rot(p: hqc.Params, b: int, k: int) -> int:
    mask = (1 << p.n) - 1
    return ((b << k) | (b >> (p.n - k))) & mask if k else b


@pytest.mark.parametrize("p", ALL, ids=lambda p: p.name)
def test_vec_mul_is_a_sum_of_rotations(p: hqc.Params) -> None:
    rng = random.Random(p.n)
    dense = rng.getrandbits(p.n)
    support = rng.sample(range(p.n), p.omega)
    expected = 0
    for k in support:
        expected ^= _rot(p, dense, k)
    sparse = hqc.support_to_vec(support)
    assert hqc.vec_mul(p, sparse, dense) == expected
    assert hqc.vec_mul(p, dense, sparse) == expected
    assert hqc.vec_mul(p, 1 << (p.n - 1), 1 << 1) == 1          # X^(n-1) X = X^n = 1
    assert hqc.vec_mul(p, 1, dense) == dense


def test_vec_mul_dense_operands() -> None:
    """Associativity and commutativity with two dense operands (HQC-1)."""
    p = P1
    rng = random.Random(7)
    a, b = rng.getrandbits(p.n), rng.getrandbits(p.n)
    c = hqc.support_to_vec(rng.sample(range(p.n), 20))
    assert hqc.vec_mul(p, a, b) == hqc.vec_mul(p, b, a)
    assert hqc.vec_mul(p, hqc.vec_mul(p, a, b), c) == hqc.vec_mul(p, a, hqc.vec_mul(p, b, c))


class _Bytes:
    """A stand-in XOF that hands out given bytes."""

    def __init__(self, data: bytes):
        self.data = data

    def read(self, n: int) -> bytes:
        out, self.data = self.data[:n], self.data[n:]
        assert len(out) == n, "sampler read more than expected"
        return out


def test_rejection_sampler_rules() -> None:
    p = P1
    t = p.rejection_threshold
    assert t % p.n == 0 and t <= 1 << 24 < t + p.n
    draws = [t, 5, 5, p.n + 5, t - 1, 7, (1 << 24) - 1]
    src = _Bytes(b"".join(d.to_bytes(3, "little") for d in draws))
    # t and 2^24 - 1 rejected, 5 kept once (p.n + 5 is 5 again), t - 1 -> (t - 1) mod n
    assert hqc.sample_fixed_weight_rejection(p, src, 3) == [5, (t - 1) % p.n, 7]


def test_biased_sampler_rules() -> None:
    p = P1
    w = 6
    assert hqc.sample_fixed_weight_biased(p, _Bytes(bytes(4 * w)), w) == list(range(w))
    # all ones: every position is n - 1; all but the last are replaced by their index
    assert hqc.sample_fixed_weight_biased(p, _Bytes(b"\xff" * 4 * w), w) == [0, 1, 2, 3, 4, p.n - 1]
    half = (1 << 31).to_bytes(4, "little")
    got = hqc.sample_fixed_weight_biased(p, _Bytes(half * 2), 2)
    assert got == [p.n // 2, 1 + (p.n - 1) // 2]


@pytest.mark.parametrize("p", ALL, ids=lambda p: p.name)
def test_samplers_give_weight_and_range(p: hqc.Params) -> None:
    ctx = hqc.xof(bytes(32))
    for sampler, weight in ((hqc.sample_fixed_weight_rejection, p.omega),
                            (hqc.sample_fixed_weight_biased, p.omega_r),
                            (hqc.sample_fixed_weight_biased, p.omega_e)):
        support = sampler(p, ctx, weight)
        assert len(set(support)) == weight and all(0 <= s < p.n for s in support)
        assert hqc.support_to_vec(support).bit_count() == weight
    assert hqc.sample_uniform_vec(p, ctx).bit_length() <= p.n


# ----------------------------------------------------------------------------- explicit randomness


@pytest.mark.parametrize("p", ALL, ids=lambda p: p.name)
def test_kem_round_trip(p: hqc.Params) -> None:
    rng = random.Random(p.n + 1)
    ek, dk = hqc.keygen(p, rng.randbytes(32))
    ct, ss = hqc.encaps(p, ek, rng.randbytes(p.k), rng.randbytes(16))
    assert (len(ek), len(dk), len(ct), len(ss)) == (p.ek_bytes, p.dk_bytes, p.ct_bytes, 32)
    assert hqc.decaps(p, dk, ct) == ss
    with pytest.raises(ValueError):
        hqc.encaps(p, ek, bytes(p.k + 1), bytes(16))


# ----------------------------------------------------------------------------- 4. sizes, pqcrypto


@pytest.mark.parametrize("case", KAT_CASES[::3], ids=_kat_id)
def test_sizes_against_kat(case: tuple[str, dict[str, str]]) -> None:
    name, e = case
    p = hqc.PARAMS[name]
    sizes = {k: len(e[k]) // 2 for k in ("seed", "pk", "sk", "ct", "ss")}
    assert sizes == {"seed": 48, "pk": p.ek_bytes, "sk": p.dk_bytes, "ct": p.ct_bytes, "ss": 32}


def test_parameter_relations() -> None:
    for p in ALL:
        assert all(p.n % d for d in range(2, int(p.n ** 0.5) + 1)), f"{p.name}: n prime"
        assert p.n2 % 128 == 0 and p.n1n2 <= p.n
        assert p.n1 - p.k == 2 * p.delta and p.omega <= p.omega_r == p.omega_e


def _pqcrypto(name: str):
    try:
        return importlib.import_module(f"pqcrypto.kem.{PQCRYPTO[name]}")
    except ImportError:
        pytest.skip("PyPI pqcrypto not installed")


@pytest.mark.parametrize("name", ["HQC-1", "HQC-3", "HQC-5"])
def test_pqcrypto_shares_sizes_and_seed_derivation(name: str) -> None:
    """pqcrypto 1.0.0 (backbone-hqc 0.2.0) has this revision's sizes, dk layout and derivation of
    seed_PKE, sigma, seed_dk, seed_ek from seed_KEM (its x, y and s differ: docs/hqc-model.md)."""
    q = _pqcrypto(name)
    p = hqc.PARAMS[name]
    assert (q.PUBLIC_KEY_SIZE, q.SECRET_KEY_SIZE, q.CIPHERTEXT_SIZE, q.SHARED_SECRET_SIZE) == (
        p.ek_bytes, p.dk_bytes, p.ct_bytes, 32)
    pk, sk = q.keygen()
    assert sk[:p.ek_bytes] == pk
    ctx = hqc.xof(sk[-32:])
    seed_pke, sigma = ctx.read(32), ctx.read(p.k)
    seeds = hqc.hash_i(seed_pke)
    assert seeds[32:] == pk[:32]
    assert seeds[:32] + sigma == sk[p.ek_bytes:p.ek_bytes + 32 + p.k]


def test_pqcrypto_decapsulates_model_ciphertexts_hqc3() -> None:
    """HQC-3 only: pqcrypto's Decaps (its decryption and re-encryption) accepts the model's
    ciphertexts made with pqcrypto's key, so h, the encryption sampler, the products, RS-RM
    encoding, G and H agree there. (For HQC-1 and HQC-5 it does not: docs/hqc-model.md.)"""
    q = _pqcrypto("HQC-3")
    p = P3
    pk, sk = q.keygen()
    rng = random.Random(3)
    for _ in range(3):
        ct, ss = hqc.encaps(p, pk, rng.randbytes(p.k), rng.randbytes(16))
        assert q.decaps(sk, ct) == ss
