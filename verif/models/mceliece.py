"""Classic McEliece, the KEM of the NIST round-4 submission ("Classic McEliece: conservative
code-based cryptography: cryptosystem specification"), as a bit-exact reference model generic in
(m, n, t). Cited by the spec's algorithm and section names: Irreducible, FieldOrdering,
SeededKeyGen ("Key generation"), MatGen ("Matrix generation for Goppa codes"), Encode, Decode,
FixedWeight, Encap, Decap, and "Bits and bytes" for every byte layout.

Conventions (the same as the reference implementation's, so its keys and ciphertexts interoperate):
  - field element: int < 2^m, bit i the coefficient of z^i in GF(2)[z]/f(z);
  - polynomial over GF(2^m): list of coefficients, index = degree;
  - bit vector: list of 0/1, or bytes with bit i of the vector = bit (i mod 8) of byte i // 8
    ("Bits and bytes"); a GF(2) matrix row: int with bit j = column j;
  - support: alpha_0..alpha_{n-1}, the first n entries of FieldOrdering's output.

Only the non-"f", non-"pc" KEM is modelled (systematic MatGen, no plaintext confirmation): that is
mceliece348864 as pqcrypto calls it (`pqcrypto.kem.mceliece_348864`).
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Sequence

import numpy as np

RandomBytes = Callable[[int], bytes]


@dataclass(frozen=True)
class Params:
    """A parameter set ("Parameters"): f_poly is f(z) as a bit mask including z^m; F_poly is
    the monic F(y) of degree t as t + 1 coefficients in GF(2^m) (index = degree)."""

    name: str
    m: int
    n: int
    t: int
    f_poly: int
    F_poly: tuple[int, ...]
    sigma1: int = 16      # bits per random field element (Irreducible, FixedWeight)
    sigma2: int = 32      # bits per random integer of FieldOrdering
    ell: int = 256        # bits of delta and of the session key; H = SHAKE256 to 32 bytes

    def __post_init__(self) -> None:
        assert self.f_poly >> self.m == 1 and len(self.F_poly) == self.t + 1 and self.F_poly[-1] == 1
        assert self.n <= self.q and self.n > self.mt and self.n % 8 == 0   # s and e are whole bytes

    @property
    def q(self) -> int:
        return 1 << self.m

    @property
    def mt(self) -> int:
        return self.m * self.t

    @property
    def k(self) -> int:
        return self.n - self.mt

    @property
    def tau(self) -> int:
        """FixedWeight's number of random candidates: t when n = q, else 2t."""
        return self.t if self.n == self.q else 2 * self.t

    @property
    def pk_bytes(self) -> int:
        return self.mt * _nbytes(self.k)

    @property
    def ct_bytes(self) -> int:
        return _nbytes(self.mt)

    @property
    def cb_bytes(self) -> int:
        """(2m - 1) 2^(m-1) Benes control bits, the field ordering in the secret key."""
        return _nbytes((2 * self.m - 1) << (self.m - 1))

    @property
    def sk_bytes(self) -> int:
        return self.ell // 8 + 8 + 2 * self.t + self.cb_bytes + self.n // 8


def _F(*terms: tuple[int, int]) -> tuple[int, ...]:
    """F(y) from (degree, coefficient) terms."""
    deg = max(d for d, _ in terms)
    out = [0] * (deg + 1)
    for d, c in terms:
        out[d] ^= c
    return tuple(out)


Z = 2   # the field element z

MCELIECE348864 = Params("mceliece348864", 12, 3488, 64, (1 << 12) | (1 << 3) | 1,
                        _F((64, 1), (3, 1), (1, 1), (0, Z)))
"""F(y) = y^64 + y^3 + y + z, f(z) = z^12 + z^3 + 1 (spec, parameter set mceliece348864)."""

TOY = Params("toy", 12, 48, 2, (1 << 12) | (1 << 3) | 1, _F((2, 1), (1, 1), (0, 1 << 9)))
"""The parameters the hardware implements (m = 12, n = 48, t = 2, k = 24), with F(y) = y^2 + y + z^9:
y^2 + y + c is irreducible over GF(2^m) exactly when the absolute trace Tr(c) is 1, and z^9 is the
smallest c with Tr(c) = 1 (in this field Tr(z^i) = 0 for i = 0..11 except i = 9)."""


def _nbytes(bits: int) -> int:
    return (bits + 7) // 8


# --- GF(2^m) -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Field:
    """Log/antilog tables of GF(2^m) to a primitive element (z itself need not be primitive:
    for z^12 + z^3 + 1 it has order 45). exp has 2(q - 1) entries so log a + log b needs no mod."""

    order: int
    exp: list[int]
    log: list[int]
    exp_np: np.ndarray
    log_np: np.ndarray


def _clmul_mod(a: int, b: int, m: int, f: int) -> int:
    """a b in GF(2)[z]/f(z), shift and add; only builds the tables."""
    r = 0
    while b:
        if b & 1:
            r ^= a
        b >>= 1
        a <<= 1
        if a >> m:
            a ^= f
    return r


@lru_cache(maxsize=None)
def _field(m: int, f: int) -> _Field:
    q = 1 << m
    for g in range(2, q):
        exp = [1]
        for _ in range(q - 2):
            exp.append(_clmul_mod(exp[-1], g, m, f))
        if len(set(exp)) == q - 1:
            break
    else:
        raise ValueError(f"f = {f:#x} is not irreducible of degree {m}")
    log = [0] * q
    for i, a in enumerate(exp):
        log[a] = i
    exp = exp + exp
    return _Field(q - 1, exp, log, np.array(exp, dtype=np.int64), np.array(log, dtype=np.int64))


def _fld(p: Params) -> _Field:
    return _field(p.m, p.f_poly)


def gf_mul(a: int, b: int, p: Params) -> int:
    """a b in GF(2^m) = GF(2)[z]/f(z) (spec, "Parameters": the field F_q)."""
    if a == 0 or b == 0:
        return 0
    F = _fld(p)
    return F.exp[F.log[a] + F.log[b]]


def gf_sq(a: int, p: Params) -> int:
    return gf_mul(a, a, p)


def gf_inv(a: int, p: Params) -> int:
    """a^-1, and 0 for 0 (the reference's convention, so that g(alpha) = 0 gives 0, not an error)."""
    if a == 0:
        return 0
    F = _fld(p)
    return F.exp[F.order - F.log[a]]


def gf_frac(den: int, num: int, p: Params) -> int:
    """num / den (argument order of the reference's gf_frac)."""
    return gf_mul(gf_inv(den, p), num, p)


def _vmul(F: _Field, a: np.ndarray, b: np.ndarray | int) -> np.ndarray:
    """Elementwise product of arrays (or array and scalar) of field elements."""
    r = F.exp_np[F.log_np[a] + F.log_np[b]]
    return np.where((np.asarray(a) == 0) | (np.asarray(b) == 0), 0, r)


def _vinv(F: _Field, a: np.ndarray) -> np.ndarray:
    return np.where(a == 0, 0, F.exp_np[F.order - F.log_np[a]])


# --- polynomials over GF(2^m) and the Goppa decoder -----------------------------------------------

def poly_eval(p: Params, poly: Sequence[int], x: int) -> int:
    """poly(x) by Horner's rule."""
    r = 0
    for c in reversed(poly):
        r = gf_mul(r, x, p) ^ c
    return r


def _poly_eval_vec(F: _Field, poly: Sequence[int], xs: np.ndarray) -> np.ndarray:
    r = np.zeros_like(xs)
    for c in reversed(poly):
        r = _vmul(F, r, xs) ^ c
    return r


def syndrome(p: Params, g: Sequence[int], support: Sequence[int], r_bits: Sequence[int]) -> list[int]:
    """The double-size syndrome of Decode as the reference computes it: for i = 0..2t-1,
    s_i = sum_{j < n, r_j = 1} alpha_j^i / g(alpha_j)^2 (1/0 taken as 0), i.e. the syndrome of
    r for the code of g^2, equal to Gamma(g) for square-free g. Index i = power of alpha."""
    F = _fld(p)
    a = np.array([support[j] for j in range(p.n) if r_bits[j]], dtype=np.int64)
    ga = _poly_eval_vec(F, g, a)
    w = _vinv(F, _vmul(F, ga, ga))
    out = []
    for _ in range(2 * p.t):
        out.append(int(np.bitwise_xor.reduce(w)) if len(w) else 0)
        w = _vmul(F, w, a)
    return out


def bm_length(p: Params, s: Sequence[int]) -> tuple[list[int], int]:
    """Berlekamp-Massey on the 2t syndromes, in the reference decoder's form and truncation.

    State: connection polynomial C (C_0 = 1), previous C as B (starting at x, i.e. already
    multiplied by x once), its discrepancy b = 1 and the register length L = 0; C and B are kept
    as t + 1 coefficients, so any term of degree > t is dropped. For N = 0..2t-1:
        d = sum_{i=0..min(N,t)} C_i s_{N-i};
        if d != 0: C <- C - (d/b) B, and if 2L <= N also L <- N+1-L, B <- C before the update,
        b <- d;
        B <- x B (every step, whatever d).
    Returns sigma with sigma[i] = C[t - i], i = 0..t: x^t C(1/x), whose roots are exactly the
    alpha_j of the error positions when at most t errors occurred (plus the root 0 of multiplicity
    t - L when fewer than t did). On undecodable input it is whatever the same arithmetic gives.
    Also returns L (MCE_BM's rd, docs/isa.md).
    """
    t = p.t
    C = [1] + [0] * t
    B = [0, 1] + [0] * (t - 1)
    L, b = 0, 1
    for N in range(2 * t):
        d = 0
        for i in range(min(N, t) + 1):
            d ^= gf_mul(C[i], s[N - i], p)
        if d:
            f = gf_frac(b, d, p)
            prev = C
            C = [c ^ gf_mul(f, x, p) for c, x in zip(C, B)]
            if 2 * L <= N:
                L, B, b = N + 1 - L, prev, d
        B = [0] + B[:-1]
    return C[::-1], L


def bm(p: Params, s: Sequence[int]) -> list[int]:
    """sigma of `bm_length`: the error locator of the reference decoder."""
    return bm_length(p, s)[0]


def roots_on_support(p: Params, sigma: Sequence[int], support: Sequence[int]) -> list[int]:
    """Positions j (ascending) with sigma(alpha_j) = 0: the reference's root step, all of support."""
    v = _poly_eval_vec(_fld(p), sigma, np.array(support, dtype=np.int64))
    return [int(j) for j in np.flatnonzero(v == 0)]


def decode(p: Params, g: Sequence[int], support: Sequence[int], r: Sequence[int]) -> list[int] | None:
    """Decode of the spec for the n-bit received word r, computed as the reference does
    (syndrome, bm, roots_on_support): the error vector e, or None (the spec's bottom) unless
    wt(e) = t and e has the syndrome of r."""
    s = syndrome(p, g, support, r)
    e = [0] * p.n
    for j in roots_on_support(p, bm(p, s), support[:p.n]):
        e[j] = 1
    if sum(e) != p.t or syndrome(p, g, support, e) != s:
        return None
    return e


# --- bits and bytes -------------------------------------------------------------------------------

def bits_from_bytes(data: bytes, nbits: int) -> list[int]:
    """Bit i = bit (i mod 8) of byte i // 8 ("Bits and bytes")."""
    return [(data[i >> 3] >> (i & 7)) & 1 for i in range(nbits)]


def bytes_from_bits(bits: Sequence[int]) -> bytes:
    """Inverse of bits_from_bytes; the last byte padded with zero bits."""
    out = bytearray(_nbytes(len(bits)))
    for i, b in enumerate(bits):
        out[i >> 3] |= (b & 1) << (i & 7)
    return bytes(out)


def _bitrev(x: int, m: int) -> int:
    return int(f"{x:0{m}b}"[::-1], 2)


# --- key generation -------------------------------------------------------------------------------

def prg(p: Params, delta: bytes) -> bytes:
    """G(delta) = SHAKE256(64, delta), n + sigma2 q + sigma1 t + ell bits (SeededKeyGen, step 1)."""
    return hashlib.shake_256(bytes([64]) + delta).digest(
        (p.n + p.sigma2 * p.q + p.sigma1 * p.t + p.ell) // 8)


def field_ordering(p: Params, data: bytes) -> list[int] | None:
    """FieldOrdering: the sigma2 q bits as q sigma2-bit integers a_i (little-endian); None unless
    distinct; sort (a_i, i) to get pi, and alpha_i = sum_j pi(i)_j z^(m-1-j), pi(i) bit-reversed.
    Returns all q alphas (the support is the first n)."""
    w = p.sigma2 // 8
    a = [int.from_bytes(data[w * i:w * i + w], "little") for i in range(p.q)]
    if len(set(a)) != p.q:
        return None
    return [_bitrev(i, p.m) for i in sorted(range(p.q), key=a.__getitem__)]


def _mulmod_F(p: Params, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a b in GF(2^m)[y]/F(y), operands as t coefficients."""
    F, t = _fld(p), p.t
    prod = np.zeros(2 * t - 1, dtype=np.int64)
    for i in np.flatnonzero(a):
        prod[i:i + t] ^= _vmul(F, b, int(a[i]))
    low = np.array(p.F_poly[:t], dtype=np.int64)
    for d in range(2 * t - 2, t - 1, -1):     # y^t = -(F_0 + ... + F_{t-1} y^{t-1}), char 2
        if prod[d]:
            prod[d - t:d] ^= _vmul(F, low, int(prod[d]))
    return prod[:t]


def min_poly(p: Params, beta_coeffs: Sequence[int]) -> list[int] | None:
    """Irreducible, step 2: the minimal polynomial g (monic, t + 1 coefficients) over GF(2^m) of
    beta = sum_j beta_j y^j in GF(2^m)[y]/F(y), found by Gauss-Jordan elimination on
    sum_{i<t} g_i beta^i = beta^t; None when 1, beta, ..., beta^(t-1) are dependent (degree < t)."""
    F, t = _fld(p), p.t
    beta = np.array(beta_coeffs, dtype=np.int64)
    powers = [np.array([1] + [0] * (t - 1), dtype=np.int64)]
    for _ in range(t):
        powers.append(_mulmod_F(p, powers[-1], beta))
    M = np.stack(powers, axis=1)              # row r: coefficient of y^r in beta^0..beta^t
    for col in range(t):
        nz = np.flatnonzero(M[col:, col])
        if not len(nz):
            return None
        piv = col + int(nz[0])
        M[[col, piv]] = M[[piv, col]]
        M[col] = _vmul(F, M[col], gf_inv(int(M[col, col]), p))
        factors = M[:, col].copy()
        factors[col] = 0
        M ^= _vmul(F, factors[:, None], M[col][None, :])
    return [int(c) for c in M[:, t]] + [1]


def irreducible(p: Params, data: bytes) -> list[int] | None:
    """Irreducible: beta_j = the low m bits of the j-th sigma1-bit little-endian chunk, then min_poly."""
    w = p.sigma1 // 8
    beta = [int.from_bytes(data[w * j:w * j + w], "little") & (p.q - 1) for j in range(p.t)]
    return min_poly(p, beta)


def parity_check(p: Params, g: Sequence[int], support: Sequence[int]) -> list[int]:
    """MatGen, steps 1-2: the mt x n matrix over GF(2) whose row i m + k, bit j, is bit k of
    alpha_j^i / g(alpha_j) (i < t, k < m). Rows as n-bit ints."""
    F = _fld(p)
    a = np.array(support[:p.n], dtype=np.int64)
    h = _vinv(F, _poly_eval_vec(F, g, a))
    rows = []
    for _ in range(p.t):
        for k in range(p.m):
            bits = ((h >> k) & 1).astype(np.uint8)
            rows.append(int.from_bytes(np.packbits(bits, bitorder="little").tobytes(), "little"))
        h = _vmul(F, h, a)
    return rows


def systematic(p: Params, H_rows: Sequence[int]) -> list[int] | None:
    """MatGen, step 3 ("Matrix reduction", systematic form): Gauss-Jordan over GF(2) of the mt
    rows (n-bit ints, bit j = column j) to (I_mt | T); None when the first mt columns are
    singular. Returns T as mt rows of k-bit ints (bit j = column mt + j). The form is unique, so
    the pivoting order (here: first row below with the bit set) does not show."""
    rows, mt = list(H_rows), p.mt
    for c in range(mt):
        piv = next((r for r in range(c, mt) if rows[r] >> c & 1), None)
        if piv is None:
            return None
        rows[c], rows[piv] = rows[piv], rows[c]
        pr = rows[c]
        for r in range(mt):
            if r != c and rows[r] >> c & 1:
                rows[r] ^= pr
    return [r >> mt for r in rows]


def matgen(p: Params, g: Sequence[int], support: Sequence[int]) -> list[int] | None:
    """MatGen (systematic): T, or None."""
    return systematic(p, parity_check(p, g, support))


def pack_pk(p: Params, T: Sequence[int]) -> bytes:
    """Public key: the mt rows of T, each k bits padded to whole bytes ("Bits and bytes")."""
    w = _nbytes(p.k)
    return b"".join(row.to_bytes(w, "little") for row in T)


def unpack_pk(p: Params, pk: bytes) -> list[int]:
    w = _nbytes(p.k)
    assert len(pk) == p.pk_bytes
    return [int.from_bytes(pk[w * i:w * i + w], "little") for i in range(p.mt)]


# --- the field ordering as Benes control bits -----------------------------------------------------

def _layer_stages(m: int) -> list[int]:
    return list(range(m)) + list(range(m - 2, -1, -1))


def permutation_from_controlbits(m: int, cb: bytes) -> list[int]:
    """The permutation pi of {0..2^m-1} that the control bits stand for ("Bits and bytes", the
    field ordering): start from p = (0, 1, ..., 2^m - 1) and apply 2m - 1 layers, of stages
    s = 0, 1, ..., m-1, m-2, ..., 0, each taking the next 2^(m-1) bits; in stage s bit number
    b 2^s + j (block b, j < 2^s) swaps p[2^(s+1) b + j] and p[2^(s+1) b + j + 2^s] when set.
    The result is p[i] = pi(i), and alpha_i = bitrev_m(pi(i))."""
    size, half = 1 << m, 1 << (m - 1)
    bits = np.unpackbits(np.frombuffer(cb, dtype=np.uint8), bitorder="little").astype(bool)
    perm = np.arange(size)
    idx = np.arange(half)
    for layer, s in enumerate(_layer_stages(m)):
        c = bits[layer * half:(layer + 1) * half]
        lo = (idx >> s << (s + 1)) | (idx & ((1 << s) - 1))
        hi = lo + (1 << s)
        a, b = perm[lo], perm[hi]
        perm[lo], perm[hi] = np.where(c, b, a), np.where(c, a, b)
    return [int(x) for x in perm]


def _controlbit_layers(pi: Sequence[int]) -> list[list[int]]:
    """Benes control bits routing value pi(i) to position i, by the looping algorithm: values
    split between the network on even positions (colour 0) and the one on odd positions; each
    cycle of the constraints starts with its smallest value in the even network."""
    n = len(pi)
    if n == 2:
        return [[pi[0]]]
    inv = [0] * n
    for i, v in enumerate(pi):
        inv[v] = i
    colour = [-1] * n
    for start in range(0, n, 2):
        v = start
        while colour[v] < 0:
            colour[v], colour[v ^ 1] = 0, 1
            v = pi[inv[v ^ 1] ^ 1]           # shares an output pair with v ^ 1: colour 0 too
    first = [colour[2 * k] for k in range(n // 2)]
    last = [colour[pi[2 * k]] for k in range(n // 2)]
    even, odd = [], []
    for k in range(n // 2):
        a, b = pi[2 * k], pi[2 * k + 1]
        if colour[a]:
            a, b = b, a
        even.append(a >> 1)
        odd.append(b >> 1)
    mid = [[x for pair in zip(le, lo) for x in pair]
           for le, lo in zip(_controlbit_layers(even), _controlbit_layers(odd))]
    return [first] + mid + [last]


def controlbits_from_permutation(m: int, pi: Sequence[int]) -> bytes:
    """Control bits for pi in the layout of permutation_from_controlbits. Control bits are not
    unique; these equal the reference's on every pqcrypto key tested (the secret keys match
    byte for byte)."""
    assert len(pi) == 1 << m and m >= 1
    return bytes_from_bits([b for layer in _controlbit_layers(pi) for b in layer])


# --- secret key -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class SecretKey:
    """(delta, c, g, alpha, s) of the spec; support = alpha_0..alpha_{n-1}."""

    delta: bytes
    c: bytes
    g: list[int]
    support: list[int]
    s: list[int]


C_TRIVIAL = (2 ** 32 - 1).to_bytes(8, "little")
"""The 64-bit c field of a systematic (non-"f") key: pivots 0..31 of the trivial choice."""


def pack_sk(p: Params, delta: bytes, g: Sequence[int], pi: Sequence[int], s: bytes) -> bytes:
    """delta || c || g_0..g_{t-1} (2 bytes each) || control bits of pi || s ("Bits and bytes")."""
    return (delta + C_TRIVIAL + b"".join(c.to_bytes(2, "little") for c in g[:p.t])
            + controlbits_from_permutation(p.m, pi) + s)


def parse_sk(p: Params, sk: bytes) -> SecretKey:
    assert len(sk) == p.sk_bytes
    o = p.ell // 8
    g = [int.from_bytes(sk[o + 8 + 2 * i:o + 10 + 2 * i], "little") & (p.q - 1)
         for i in range(p.t)] + [1]
    o += 8 + 2 * p.t
    pi = permutation_from_controlbits(p.m, sk[o:o + p.cb_bytes])
    support = [_bitrev(pi[i], p.m) for i in range(p.n)]
    return SecretKey(sk[:p.ell // 8], sk[p.ell // 8:p.ell // 8 + 8], g, support,
                     bits_from_bytes(sk[o + p.cb_bytes:], p.n))


def keygen(p: Params, delta: bytes) -> tuple[bytes, bytes]:
    """SeededKeyGen(delta): E = G(delta) = s (n bits) || FieldOrdering bits (sigma2 q) ||
    Irreducible bits (sigma1 t) || delta' (ell bits); on any failure restart with delta = delta'.
    Returns (pk, sk) in the spec's byte formats."""
    assert len(delta) == p.ell // 8
    ns, no, ni = p.n // 8, p.sigma2 * p.q // 8, p.sigma1 * p.t // 8
    while True:
        E = prg(p, delta)
        alpha = field_ordering(p, E[ns:ns + no])
        g = irreducible(p, E[ns + no:ns + no + ni]) if alpha else None
        T = matgen(p, g, alpha) if g else None
        if T is not None:
            pi = [_bitrev(a, p.m) for a in alpha]
            return pack_pk(p, T), pack_sk(p, delta, g, pi, E[:ns])
        delta = E[-p.ell // 8:]


# --- encapsulation and decapsulation --------------------------------------------------------------

class ShakeStream:
    """A deterministic randombytes: successive bytes of SHAKE256(seed)."""

    def __init__(self, seed: bytes) -> None:
        self._seed, self._buf, self._pos = seed, b"", 0

    def __call__(self, count: int) -> bytes:
        if self._pos + count > len(self._buf):
            self._buf = hashlib.shake_256(self._seed).digest(max(2 * len(self._buf), self._pos + count, 64))
        out = self._buf[self._pos:self._pos + count]
        self._pos += count
        return out


def fixed_weight(p: Params, randombytes: RandomBytes = os.urandom) -> list[int]:
    """FixedWeight: sigma1 tau random bits as tau integers d_j (low m bits of each sigma1-bit
    little-endian chunk); the first t of them below n, restarting unless there are t, distinct."""
    w = p.sigma1 // 8
    while True:
        buf = randombytes(w * p.tau)
        d = [int.from_bytes(buf[w * j:w * j + w], "little") & (p.q - 1) for j in range(p.tau)]
        a = [x for x in d if x < p.n][:p.t]
        if len(a) == p.t and len(set(a)) == p.t:
            e = [0] * p.n
            for x in a:
                e[x] = 1
            return e


def encode(p: Params, e: Sequence[int], T: Sequence[int]) -> list[int]:
    """Encode: C = H e, H = (I_mt | T), as mt bits."""
    hi = int.from_bytes(bytes_from_bits(e[p.mt:]), "little")
    return [e[i] ^ ((T[i] & hi).bit_count() & 1) for i in range(p.mt)]


def session_key(b: int, e: Sequence[int], C: bytes) -> bytes:
    """H(b, e, C) = SHAKE256(b || e || C) to 32 bytes; b = 1 for a decoded e, 0 for s."""
    return hashlib.shake_256(bytes([b]) + bytes_from_bits(e) + C).digest(32)


def encaps(p: Params, pk: bytes, randombytes: RandomBytes = os.urandom) -> tuple[bytes, bytes]:
    """Encap (non-pc): e = FixedWeight(), C = Encode(e, T), K = H(1, e, C). Returns (C, K)."""
    e = fixed_weight(p, randombytes)
    C = bytes_from_bits(encode(p, e, unpack_pk(p, pk)))
    return C, session_key(1, e, C)


def decaps(p: Params, sk: bytes, C: bytes) -> bytes:
    """Decap (non-pc): e = Decode(C, Gamma'), v = (C, 0, ..., 0); K = H(1, e, C), or the
    implicit rejection K = H(0, s, C) when Decode fails."""
    key = parse_sk(p, sk)
    v = bits_from_bytes(C, p.mt) + [0] * p.k
    e = decode(p, key.g, key.support, v)
    return session_key(1, e, C) if e is not None else session_key(0, key.s, C)
