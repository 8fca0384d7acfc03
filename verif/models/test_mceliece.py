"""Classic McEliece model against galois (field, polynomials, Berlekamp-Massey, GF(2) row
reduction) and against pqcrypto's mceliece348864 in both directions (keys, ciphertexts, session
keys, implicit rejection); TOY exhaustively over its weight-2 errors. Planted bugs show that the
same checks fail."""

from __future__ import annotations

import random
from itertools import combinations

import galois
import numpy as np
import pytest
from pqcrypto.kem import mceliece_348864 as pq

from verif.models import consts
from verif.models import mceliece as mc
from verif.models.mceliece import MCELIECE348864 as BIG
from verif.models.mceliece import TOY

GF = galois.GF(2 ** 12, irreducible_poly=TOY.f_poly)
GF2 = galois.GF(2)
Q = 1 << 12


def _poly(coeffs) -> galois.Poly:
    return galois.Poly(GF(list(coeffs)), order="asc")


def _asc(poly: galois.Poly, size: int) -> list[int]:
    return [int(c) for c in poly.coefficients(size, order="asc")]


def _goppa(p: mc.Params, rng: random.Random) -> tuple[list[int], list[int]]:
    """A random Goppa polynomial (min_poly of a random beta) and a random support of n distinct
    elements."""
    while (g := mc.min_poly(p, [rng.randrange(Q) for _ in range(p.t)])) is None:
        pass
    return g, rng.sample(range(Q), p.n)


# --- parameters -----------------------------------------------------------------------------------

def test_parameter_sets():
    assert (TOY.m, TOY.n, TOY.t, TOY.k) == (12, 48, 2, 24)
    assert (TOY.m, TOY.n, TOY.t, TOY.f_poly) == (consts.MCE_M, consts.MCE_N, consts.MCE_T, consts.MCE_POLY)
    assert (BIG.m, BIG.n, BIG.t, BIG.k) == (12, 3488, 64, 2720)
    assert (BIG.pk_bytes, BIG.sk_bytes, BIG.ct_bytes) == (pq.PUBLIC_KEY_SIZE, pq.SECRET_KEY_SIZE,
                                                          pq.CIPHERTEXT_SIZE)


def test_F_polynomials_are_irreducible():
    assert all(mc.poly_eval(TOY, TOY.F_poly, x) for x in range(Q))      # degree 2, no root
    assert _poly(TOY.F_poly).is_irreducible() and _poly(BIG.F_poly).is_irreducible()
    # the reason for z^9: the only monomial z^i (i < 12) of trace 1
    assert [int((GF(2) ** i).field_trace()) for i in range(12)] == [int(i == 9) for i in range(12)]


# --- GF(2^12) -------------------------------------------------------------------------------------

def _gf_mismatches(count: int, seed: int) -> int:
    rng = random.Random(seed)
    bad = 0
    for _ in range(count):
        a, b = rng.randrange(Q), rng.randrange(Q)
        bad += mc.gf_mul(a, b, TOY) != int(GF(a) * GF(b))
        bad += mc.gf_sq(a, TOY) != int(GF(a) ** 2)
        if a:
            bad += mc.gf_frac(a, b, TOY) != int(GF(b) / GF(a))
    return bad


def test_gf_against_galois():
    assert _gf_mismatches(3000, 1) == 0
    inverses = GF(np.arange(1, Q)) ** -1
    assert [mc.gf_inv(a, TOY) for a in range(Q)] == [0] + [int(x) for x in inverses]


def test_poly_eval_and_roots_against_galois():
    rng = random.Random(2)
    everything = list(range(Q))
    for deg in (1, 2, 5, 17, 64):
        roots = rng.sample(everything, deg)
        sigma = _asc(galois.Poly.Roots(GF(roots)), deg + 1)
        assert mc.roots_on_support(BIG, sigma, everything) == sorted(roots)
        coeffs = [rng.randrange(Q) for _ in range(deg + 1)]
        P = _poly(coeffs)
        xs = rng.sample(everything, 50)
        assert [mc.poly_eval(BIG, coeffs, x) for x in xs] == [int(v) for v in P(GF(xs))]
        assert mc.roots_on_support(BIG, coeffs, everything) == sorted(int(r) for r in P.roots())


# --- Berlekamp-Massey -----------------------------------------------------------------------------

@pytest.mark.parametrize("p", [TOY, BIG], ids=lambda p: p.name)
def test_bm_against_galois(p):
    """bm(s) = x^(t-L) c(x), c galois's characteristic (minimal) polynomial of degree L: its
    connection polynomial C reversed to degree t. For a syndrome of w <= t errors at support
    elements a_j, c = prod (x - a_j)."""
    rng = random.Random(3)
    x = galois.Poly.Degrees([1], field=GF)
    for trial in range(12):
        g, support = _goppa(p, rng)
        w = rng.randint(1, p.t)
        pos = rng.sample(range(p.n), w)
        r = [int(j in pos) for j in range(p.n)]
        s = mc.syndrome(p, g, support, r)
        c = galois.berlekamp_massey(GF(s))
        assert c == galois.Poly.Roots(GF([support[j] for j in pos]))
        assert mc.bm(p, s) == _asc(c * x ** (p.t - w), p.t + 1)
    compared = 0
    for trial in range(12):            # arbitrary sequences whose linear complexity is <= t
        s = [rng.randrange(Q) for _ in range(2 * p.t)]
        c = galois.berlekamp_massey(GF(s))
        if c.degree <= p.t:
            assert mc.bm(p, s) == _asc(c * x ** (p.t - c.degree), p.t + 1)
            compared += 1
    assert compared >= 6


def test_syndrome_definition():
    """s_i = sum_j r_j alpha_j^i / g(alpha_j)^2, checked term by term in galois."""
    rng = random.Random(4)
    g, support = _goppa(BIG, rng)
    r = [rng.randrange(2) for _ in range(BIG.n)]
    a = GF([support[j] for j in range(BIG.n) if r[j]])
    w = _poly(g)(a) ** -2
    assert mc.syndrome(BIG, g, support, r) == [int(np.sum(w * a ** i)) for i in range(2 * BIG.t)]


# --- Irreducible, MatGen, control bits ------------------------------------------------------------

def _value_at_beta(p: mc.Params, g: list[int], beta: list[int]) -> galois.Poly:
    """g(beta) in GF(2^m)[y]/F(y)."""
    F, b = _poly(p.F_poly), _poly(beta)
    acc = galois.Poly.Zero(GF)
    for c in reversed(g):
        acc = (acc * b + _poly([c])) % F
    return acc


@pytest.mark.parametrize("p", [TOY, BIG], ids=lambda p: p.name)
def test_min_poly(p):
    rng = random.Random(5)
    for _ in range(3):
        beta = [rng.randrange(Q) for _ in range(p.t - 1)] + [rng.randrange(1, Q)]
        g = mc.min_poly(p, beta)
        assert g is not None and len(g) == p.t + 1 and g[-1] == 1
        assert _value_at_beta(p, g, beta) == 0 and _poly(g).is_irreducible()
    assert mc.min_poly(p, [rng.randrange(Q)] + [0] * (p.t - 1)) is None        # beta in GF(q)
    # beta + beta^(q^(t/2)) lies in the subfield of degree t/2: minimal polynomial of degree <= t/2
    beta = _poly([rng.randrange(Q) for _ in range(p.t)])
    sub = beta + pow(beta, Q ** (p.t // 2), _poly(p.F_poly))
    assert mc.min_poly(p, _asc(sub, p.t)) is None


def _systematic_by_galois(p: mc.Params, rows: list[int]) -> list[int] | None:
    packed = np.frombuffer(b"".join(r.to_bytes(p.n // 8, "little") for r in rows), dtype=np.uint8)
    R = GF2(np.unpackbits(packed, bitorder="little").reshape(p.mt, p.n)).row_reduce()
    if not np.array_equal(R[:, :p.mt], GF2.Identity(p.mt)):
        return None
    right = np.asarray(R[:, p.mt:], dtype=np.uint8)
    return [int.from_bytes(np.packbits(row, bitorder="little").tobytes(), "little") for row in right]


def test_systematic_against_row_reduce():
    rng = random.Random(6)
    nones = 0
    for trial in range(60):
        rows = [rng.getrandbits(TOY.n) for _ in range(TOY.mt)]
        if trial % 3 == 0:              # force singularity: column 7 = column 2 + column 5
            rows = [r & ~(1 << 7) | ((r >> 2 ^ r >> 5) & 1) << 7 for r in rows]
        T = mc.systematic(TOY, rows)
        assert T == _systematic_by_galois(TOY, rows)
        nones += T is None
    assert 20 <= nones < 60
    rows = mc.parity_check(BIG, *_goppa(BIG, rng))
    assert mc.systematic(BIG, rows) == _systematic_by_galois(BIG, rows)


def test_field_ordering():
    rng = random.Random(7)
    data = bytes(rng.getrandbits(8) for _ in range(4 * Q))
    alpha = mc.field_ordering(TOY, data)
    assert sorted(alpha) == list(range(Q))
    a = [int.from_bytes(data[4 * i:4 * i + 4], "little") for i in range(Q)]
    assert alpha[0] == mc._bitrev(a.index(min(a)), 12)
    assert mc.field_ordering(TOY, data[:4] + data[:4] + data[8:]) is None        # a_0 = a_1


def test_controlbits_roundtrip():
    rng = random.Random(8)
    for w in list(range(1, 11)) + [12]:
        for pi in (list(range(1 << w)), rng.sample(range(1 << w), 1 << w)):
            cb = mc.controlbits_from_permutation(w, pi)
            assert len(cb) == -(-((2 * w - 1) << (w - 1)) // 8)
            assert mc.permutation_from_controlbits(w, cb) == pi


# --- TOY ------------------------------------------------------------------------------------------

TOY_SEEDS = [bytes([i]) * 32 for i in range(4)]


@pytest.fixture(scope="module")
def toy_keys() -> list[tuple[bytes, bytes]]:
    return [mc.keygen(TOY, d) for d in TOY_SEEDS]


def test_toy_keygen(toy_keys):
    assert mc.keygen(TOY, TOY_SEEDS[0]) == toy_keys[0]
    assert len({pk for pk, _ in toy_keys}) == len(toy_keys)
    for pk, sk in toy_keys:
        assert (len(pk), len(sk)) == (TOY.pk_bytes, TOY.sk_bytes)
        key = mc.parse_sk(TOY, sk)
        assert key.c == mc.C_TRIVIAL and len(set(key.support)) == TOY.n
        assert _poly(key.g).is_irreducible()
        assert mc.pack_pk(TOY, mc.matgen(TOY, key.g, key.support)) == pk


def test_toy_kem_roundtrip_and_rejection(toy_keys):
    for i, (pk, sk) in enumerate(toy_keys):
        C, K = mc.encaps(TOY, pk, mc.ShakeStream(b"toy encaps %d" % i))
        assert mc.decaps(TOY, sk, C) == K
        bad = bytes([C[0] ^ 1 << i]) + C[1:]
        assert mc.decaps(TOY, sk, bad) == mc.session_key(0, mc.parse_sk(TOY, sk).s, bad) != K


def _toy_decode_failures(sk: bytes, seed: int) -> int:
    """Over all 1128 weight-2 errors e: decode(e), decode(codeword + e) (a random codeword
    (T x, x) of the public code, which is the secret code), and decaps of Encode(e) against
    H(1, e, C). Also weight 0 and 1 must be rejected. Returns the number of wrong answers."""
    rng = random.Random(seed)
    key = mc.parse_sk(TOY, sk)
    T = mc.matgen(TOY, key.g, key.support)
    pk = mc.pack_pk(TOY, T)
    bad = 0
    for pos in combinations(range(TOY.n), TOY.t):
        e = [int(j in pos) for j in range(TOY.n)]
        x = rng.getrandbits(TOY.k)
        word = [((T[i] & x).bit_count() & 1) for i in range(TOY.mt)] + mc.bits_from_bytes(
            x.to_bytes(3, "little"), TOY.k)
        bad += mc.decode(TOY, key.g, key.support, e) != e
        bad += mc.decode(TOY, key.g, key.support, [a ^ b for a, b in zip(word, e)]) != e
        C = mc.bytes_from_bits(mc.encode(TOY, e, mc.unpack_pk(TOY, pk)))
        bad += mc.decaps(TOY, sk, C) != mc.session_key(1, e, C)
    for j in range(-1, TOY.n):
        bad += mc.decode(TOY, key.g, key.support, [int(i == j) for i in range(TOY.n)]) is not None
    return bad


def test_toy_every_weight2_error(toy_keys):
    assert len(list(combinations(range(TOY.n), 2))) == 1128
    assert mc.parse_sk(TOY, toy_keys[0][1]).g != mc.parse_sk(TOY, toy_keys[1][1]).g
    for i, (_, sk) in enumerate(toy_keys[:2]):
        assert _toy_decode_failures(sk, i) == 0


# --- mceliece348864 against pqcrypto --------------------------------------------------------------

@pytest.fixture(scope="module")
def pq_keys() -> list[tuple[bytes, bytes]]:
    return [pq.keygen() for _ in range(2)]


def _pq_ciphertexts_decapsulate(pk: bytes, sk: bytes, count: int) -> bool:
    for _ in range(count):
        ct, ss = pq.encaps(pk)
        if mc.decaps(BIG, sk, ct) != ss:
            return False
    return True


def test_pqcrypto_encaps_model_decaps(pq_keys):
    for pk, sk in pq_keys:
        assert _pq_ciphertexts_decapsulate(pk, sk, 3)


def test_model_encaps_pqcrypto_decaps(pq_keys):
    for i, (pk, sk) in enumerate(pq_keys):
        for j in range(3):
            C, K = mc.encaps(BIG, pk, mc.ShakeStream(b"big encaps %d %d" % (i, j)))
            assert len(C) == pq.CIPHERTEXT_SIZE and pq.decaps(sk, C) == K


def test_tampered_ciphertext_implicit_rejection(pq_keys):
    rng = random.Random(9)
    for pk, sk in pq_keys:
        ct, ss = pq.encaps(pk)
        s = mc.parse_sk(BIG, sk).s
        for bit in rng.sample(range(BIG.mt), 3):
            bad = bytearray(ct)
            bad[bit // 8] ^= 1 << bit % 8
            bad = bytes(bad)
            k = mc.decaps(BIG, sk, bad)
            assert k == pq.decaps(sk, bad) == mc.session_key(0, s, bad) != ss


def test_keygen_reproduces_pqcrypto_keys(pq_keys):
    """pqcrypto's sk starts with the delta its SeededKeyGen succeeded with: the model's
    SeededKeyGen from it gives the same pk and sk byte for byte (control bits included)."""
    for pk, sk in pq_keys:
        assert mc.keygen(BIG, sk[:32]) == (pk, sk)


def test_model_key_in_pqcrypto():
    pk, sk = mc.keygen(BIG, bytes(range(32)))
    ct, ss = pq.encaps(pk)
    assert mc.decaps(BIG, sk, ct) == ss
    C, K = mc.encaps(BIG, pk, mc.ShakeStream(b"model key"))
    assert pq.decaps(sk, C) == K


# --- planted bugs ---------------------------------------------------------------------------------

def test_planted_unreversed_bm_is_caught(monkeypatch, toy_keys, pq_keys):
    right = mc.bm
    monkeypatch.setattr(mc, "bm", lambda p, s: right(p, s)[::-1])
    assert _toy_decode_failures(toy_keys[0][1], 0) > 1000
    assert not _pq_ciphertexts_decapsulate(*pq_keys[0], 1)


def test_planted_gf_mul_bug_is_caught(monkeypatch, toy_keys, pq_keys):
    """gf_mul reducing by z^12 + 1 (the z^3 tap forgotten)."""
    monkeypatch.setattr(mc, "gf_mul", lambda a, b, p: mc._clmul_mod(a, b, 12, 0x1001))
    assert _gf_mismatches(100, 1) > 50
    assert _toy_decode_failures(toy_keys[0][1], 0) > 1000
    assert not _pq_ciphertexts_decapsulate(*pq_keys[0], 1)
