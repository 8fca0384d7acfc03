"""A verification oracle for Falcon-512 and Falcon-1024, written from the Falcon specification.

Revision: Falcon round 3, specification v1.2 (falcon-sign.info, 2020-10-01), the version behind
the KAT file ../shared/vectors/falcon512-kat-mirror/test/falcon512-KAT.rsp (NIST round-3
submission package, its NIST API "signed message" layout). FIPS 206 (FN-DSA) is not final; the
points where its draft is expected to differ are listed in docs/falcon-model.md and marked
"FIPS 206" below. Facts (parameters, encodings, the malformed-input rules) were read from the
specification and, for the NIST API layout and the decoder's limits, from the round-3 reference
implementation; nothing is copied from an implementation (only hashlib is used).

Verification needs integers only:

* public key (spec 3.11.4): header byte 0x00 + logn, then n coefficients of h, 14 bits each,
  most significant bit first, every one < q = 12289 (897 / 1793 bytes, no padding bits);
* hash-to-point (Algorithm 3, HashToPoint): SHAKE256(r || m), r the 40-byte nonce; 16-bit
  big-endian values t, kept when t < 5 q = 61445 (floor(2^16 / q) = 5), c_i = t mod q;
* s2 decompression (Algorithm 18, Decompress; 3.11.2): per coefficient a sign bit, the 7 low bits
  of |s| (MSB first), then |s| >> 7 zeros and a one. Rejected: the encoding "-0" (sign 1,
  value 0), non-zero bits after the last coefficient, running out of bits, and (round-3 reference
  decoder, not written in Algorithm 18) |s| > 2047;
* s1 = c - s2 h mod (q, X^n + 1), coefficients centred in [-(q-1)/2, (q-1)/2]; accept iff
  ||(s1, s2)||^2 <= floor(beta^2) = 34034726 (n = 512) or 70265242 (n = 1024) (Table 3.3,
  "bound on the squared norm"; beta = 1.1 sigma sqrt(2 n)).

The two byte layouts of a signature (both from the round-3 package):

* `verify` -- the detached signature: header 0cc1nnnn with cc = 01 (compressed) = 0x30 + logn
  (0x39 / 0x3A), the 40-byte nonce r, then compressed s2, either padded with zero bits to
  sbytelen = 666 / 1280 bytes in all (spec 3.11.3; Decompress gets exactly 8 sbytelen - 328
  bits) or shorter, every byte used and the unused bits of the last byte zero (the round-3
  reference's "compressed" signatures; its falcon_verify accepts both, told apart by the length:
  exactly sbytelen is the padded format);
* `open_sm` -- the NIST API signed message of the KAT files (crypto_sign / crypto_sign_open):
  sig_len (2 bytes, big-endian) || r (40) || m || esig, esig = header 0x20 + logn (0x29 / 0x2A)
  || compressed s2 of variable length, sig_len = len(esig); the decoder must consume exactly
  sig_len - 1 bytes (no padding byte allowed), the unused bits of its last byte being zero.

Every rejection has a reason (`Verdict.reason`), compared with the firmware's in
scripts/test_falcon_native.py:
    ok, pk_length, pk_header, pk_coef, sig_length, sig_header, enc_truncated, enc_range,
    enc_minus_zero, enc_trailing, enc_length, norm
in the order the checks are made (the firmware makes them in the same order).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

Q = 12289
NONCE_BYTES = 40
COEF_MAX = 2047            # the round-3 reference decoder's limit on |s2_i| (not in Algorithm 18)
HASH_BOUND = 5 * Q         # 61445: floor(2^16 / q) q


@dataclass(frozen=True)
class Params:
    name: str
    logn: int
    beta2: int             # floor(beta^2), inclusive bound on ||(s1, s2)||^2
    sig_bytes: int         # sbytelen: the detached signature's length (header, nonce, s2)

    @property
    def n(self) -> int:
        return 1 << self.logn

    @property
    def pk_bytes(self) -> int:
        return 1 + 14 * self.n // 8

    @property
    def pk_header(self) -> int:
        return 0x00 + self.logn

    @property
    def sig_header(self) -> int:          # detached (spec 3.11.3, compressed)
        return 0x30 + self.logn

    @property
    def sm_header(self) -> int:           # NIST API signed message (KAT)
        return 0x20 + self.logn


PARAMS = {
    "Falcon-512": Params("Falcon-512", 9, 34034726, 666),
    "Falcon-1024": Params("Falcon-1024", 10, 70265242, 1280),
}
BY_LOGN = {p.logn: p for p in PARAMS.values()}


class Reject(Exception):
    """A malformed input; `reason` is one of the module docstring's reasons."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Verdict:
    ok: bool
    reason: str
    norm: int | None = None         # ||(s1, s2)||^2 when it was computed


# ----------------------------------------------------------------------------- encodings


def decode_pk(p: Params, pk: bytes) -> list[int]:
    if len(pk) != p.pk_bytes:
        raise Reject("pk_length")
    if pk[0] != p.pk_header:
        raise Reject("pk_header")
    v = int.from_bytes(pk[1:], "big")
    total = 14 * p.n
    h = [(v >> (total - 14 * (i + 1))) & 0x3FFF for i in range(p.n)]
    if any(x >= Q for x in h):
        raise Reject("pk_coef")
    return h


def encode_pk(p: Params, h: list[int]) -> bytes:
    """The 3.11.4 encoding of h (any 14-bit values: tests build invalid keys with it)."""
    assert len(h) == p.n and all(0 <= x < 1 << 14 for x in h)
    v = 0
    for x in h:
        v = (v << 14) | x
    return bytes([p.pk_header]) + v.to_bytes(14 * p.n // 8, "big")


class _Bits:
    """An MSB-first reader over bytes that knows how many whole bytes it has started."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0                              # bits read

    def bit(self) -> int:
        if self.pos >= 8 * len(self.data):
            raise Reject("enc_truncated")
        b = (self.data[self.pos >> 3] >> (7 - (self.pos & 7))) & 1
        self.pos += 1
        return b

    def bytes_started(self) -> int:
        return (self.pos + 7) // 8


def decompress(p: Params, data: bytes, padded: bool) -> list[int]:
    """Compressed s2 -> n coefficients. `padded`: the remaining bytes must be zero (detached
    signature, Algorithm 18); otherwise every byte must be used (NIST API, as the reference's
    comp_decode length check). In both: the unused bits of the last byte used must be zero."""
    r = _Bits(data)
    s = []
    for _ in range(p.n):
        # the reference reads sign and low bits as one byte: truncated before anything else
        if r.pos + 8 > 8 * len(data):
            raise Reject("enc_truncated")
        sign = r.bit()
        m = 0
        for _ in range(7):
            m = (m << 1) | r.bit()
        while r.bit() == 0:
            m += 128
            if m > COEF_MAX:
                raise Reject("enc_range")
        if sign and m == 0:
            raise Reject("enc_minus_zero")
        s.append(-m if sign else m)
    used = r.bytes_started()
    if r.pos % 8 and data[used - 1] & ((1 << (8 - r.pos % 8)) - 1):
        raise Reject("enc_trailing")
    if padded:
        if any(data[used:]):
            raise Reject("enc_trailing")
    elif used != len(data):
        raise Reject("enc_length")
    return s


def compress(s: list[int], nbytes: int | None = None) -> bytes:
    """The encoding of s (Algorithm 17), zero-padded to nbytes when given. Any |s_i| is encoded
    (the tests need out-of-range values); minus_zero: indices whose 0 is encoded as "-0"."""
    return compress_bits(s, nbytes)


def compress_bits(s: list[int], nbytes: int | None = None, minus_zero: tuple[int, ...] = ()) -> bytes:
    bits: list[str] = []
    for i, x in enumerate(s):
        a = abs(x)
        sign = "1" if x < 0 or (x == 0 and i in minus_zero) else "0"
        bits.append(sign + format(a & 127, "07b") + "0" * (a >> 7) + "1")
    u = "".join(bits)
    u += "0" * (-len(u) % 8)
    out = int(u, 2).to_bytes(len(u) // 8, "big") if u else b""
    if nbytes is not None:
        if len(out) > nbytes:
            raise ValueError("compressed s2 does not fit")
        out += bytes(nbytes - len(out))
    return out


# ----------------------------------------------------------------------------- hash to point


def hash_to_point(p: Params, nonce: bytes, msg: bytes) -> list[int]:
    """Algorithm 3. SHAKE256 is read in blocks; the values are consumed in order."""
    shake = hashlib.shake_256(nonce + msg)
    c: list[int] = []
    want = 2 * p.n
    while True:
        stream = shake.digest(want)
        c.clear()
        for i in range(0, len(stream), 2):
            t = (stream[i] << 8) | stream[i + 1]
            if t < HASH_BOUND:
                c.append(t % Q)
                if len(c) == p.n:
                    return c
        want *= 2


# ----------------------------------------------------------------------------- ring arithmetic
# Z_q[X]/(X^n + 1): a product by a twisted cyclic transform. a_j psi^j (psi a primitive 2n-th
# root of unity) turns the negacyclic product into a cyclic one, done with a recursive radix-2
# FFT over omega = psi^2 in natural order. (The firmware uses an in-place negacyclic NTT with
# bit-reversed twiddles: a different formulation, on purpose.)


def _generator() -> int:
    # q - 1 = 2^12 * 3: g is a generator iff g^((q-1)/2) != 1 and g^((q-1)/3) != 1
    return next(g for g in range(2, Q) if pow(g, (Q - 1) // 2, Q) != 1 and pow(g, (Q - 1) // 3, Q) != 1)


GEN = _generator()


def root_2n(n: int) -> int:
    return pow(GEN, (Q - 1) // (2 * n), Q)


def _fft(a: list[int], w: int) -> list[int]:
    n = len(a)
    if n == 1:
        return a[:]
    even = _fft(a[0::2], w * w % Q)
    odd = _fft(a[1::2], w * w % Q)
    out = [0] * n
    t = 1
    for k in range(n // 2):
        x = odd[k] * t % Q
        out[k] = (even[k] + x) % Q
        out[k + n // 2] = (even[k] - x) % Q
        t = t * w % Q
    return out


def mul_negacyclic(a: list[int], b: list[int]) -> list[int]:
    n = len(a)
    psi = root_2n(n)
    tw = [pow(psi, j, Q) for j in range(n)]
    w = psi * psi % Q
    fa = _fft([x * t % Q for x, t in zip(a, tw)], w)
    fb = _fft([x * t % Q for x, t in zip(b, tw)], w)
    c = _fft([x * y % Q for x, y in zip(fa, fb)], pow(w, -1, Q))
    ninv = pow(n, -1, Q)
    return [x * ninv % Q * pow(t, -1, Q) % Q for x, t in zip(c, tw)]


def mul_schoolbook(a: list[int], b: list[int]) -> list[int]:
    """The definition (for the tests of mul_negacyclic)."""
    n = len(a)
    c = [0] * n
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                k = i + j
                if k < n:
                    c[k] += x * y
                else:
                    c[k - n] -= x * y
    return [x % Q for x in c]


def center(x: int) -> int:
    x %= Q
    return x - Q if x > Q // 2 else x


# ----------------------------------------------------------------------------- verification


def norm_of(p: Params, h: list[int], nonce: bytes, msg: bytes, s2: list[int]) -> int:
    c = hash_to_point(p, nonce, msg)
    prod = mul_negacyclic([x % Q for x in s2], h)
    s1 = [center(ci - pi) for ci, pi in zip(c, prod)]
    return sum(x * x for x in s1) + sum(x * x for x in s2)


def _core(p: Params, pk: bytes, nonce: bytes, msg: bytes, comp: bytes, padded: bool) -> Verdict:
    h = decode_pk(p, pk)
    s2 = decompress(p, comp, padded)
    nrm = norm_of(p, h, nonce, msg, s2)
    return Verdict(nrm <= p.beta2, "ok" if nrm <= p.beta2 else "norm", nrm)


def _checked(fn) -> Verdict:
    try:
        return fn()
    except Reject as e:
        return Verdict(False, e.reason)


def verify(p: Params, pk: bytes, msg: bytes, sig: bytes) -> Verdict:
    """A detached signature (header 0x30 + logn, r, compressed s2): padded to sbytelen (spec
    3.11.3), or shorter with every byte used (the round-3 reference's "compressed" format; its
    verifier accepts both)."""
    def run() -> Verdict:
        if len(pk) != p.pk_bytes:
            raise Reject("pk_length")
        if pk[0] != p.pk_header:
            raise Reject("pk_header")
        decode_pk(p, pk)
        if not 1 + NONCE_BYTES < len(sig) <= p.sig_bytes:
            raise Reject("sig_length")
        if sig[0] != p.sig_header:
            raise Reject("sig_header")
        return _core(p, pk, sig[1:1 + NONCE_BYTES], msg, sig[1 + NONCE_BYTES:],
                     padded=len(sig) == p.sig_bytes)
    return _checked(run)


@dataclass(frozen=True)
class SignedMessage:
    nonce: bytes
    msg: bytes
    esig: bytes                     # header byte || compressed s2


def parse_sm(sm: bytes) -> SignedMessage:
    """The NIST API signed message: sig_len (2, big-endian) || r (40) || m || esig."""
    if len(sm) < 2 + NONCE_BYTES:
        raise Reject("sig_length")
    sig_len = (sm[0] << 8) | sm[1]
    if sig_len > len(sm) - 2 - NONCE_BYTES:
        raise Reject("sig_length")
    mlen = len(sm) - 2 - NONCE_BYTES - sig_len
    return SignedMessage(sm[2:2 + NONCE_BYTES], sm[2 + NONCE_BYTES:2 + NONCE_BYTES + mlen],
                         sm[2 + NONCE_BYTES + mlen:])


def make_sm(nonce: bytes, msg: bytes, esig: bytes) -> bytes:
    return len(esig).to_bytes(2, "big") + nonce + msg + esig


def open_sm(p: Params, pk: bytes, sm: bytes) -> Verdict:
    """crypto_sign_open of the round-3 package, as a verdict (the KAT's signed messages)."""
    def run() -> Verdict:
        if len(pk) != p.pk_bytes:
            raise Reject("pk_length")
        if pk[0] != p.pk_header:
            raise Reject("pk_header")
        decode_pk(p, pk)
        s = parse_sm(sm)
        if len(s.esig) < 1 or s.esig[0] != p.sm_header:
            raise Reject("sig_header")
        return _core(p, pk, s.nonce, s.msg, s.esig[1:], padded=False)
    return _checked(run)


def sm_to_detached(p: Params, sm: bytes) -> tuple[bytes, bytes]:
    """(msg, detached signature) carrying the same nonce and s2 as a valid signed message: the
    header becomes 0x30 + logn and s2 is re-padded to sbytelen (None if it does not fit)."""
    s = parse_sm(sm)
    comp = s.esig[1:]
    pad = p.sig_bytes - 1 - NONCE_BYTES - len(comp)
    if pad < 0:
        raise ValueError("s2 longer than the detached format allows")
    return s.msg, bytes([p.sig_header]) + s.nonce + comp + bytes(pad)


def to_compressed(p: Params, sig: bytes) -> bytes:
    """A padded detached signature in the compressed format: the same header, nonce and s2, the
    padding bytes dropped."""
    hdr = 1 + NONCE_BYTES
    return sig[:hdr] + compress(decompress(p, sig[hdr:], padded=True))


# ----------------------------------------------------------------------------- test constructions


def craft_at_norm(p: Params, nonce: bytes, msg: bytes, target: int, lam: int = 128,
                  seed: int = 0, edges: tuple[int, ...] = ()) -> tuple[bytes, bytes]:
    """(pk, detached signature) whose ||(s1, s2)||^2 is exactly `target` (for the boundary tests;
    no secret key needed). The key is h = lam (a constant polynomial, a valid encoding), so
    s1_i = c_i - lam s2_i and each coefficient's share s1_i^2 + s2_i^2 is chosen on its own:
    first s2_i = round(c_i / lam) (small shares), then s2_i = 0 (s1_i = c_i, large shares) until
    the total is near the target, then one or two coefficients are moved to hit it exactly.
    |s2_i| <= q / (2 lam) keeps every coefficient at 9 bits, so s2 fits in sbytelen.
    edges: residues r (e.g. 6144 and 6145 = (q+1)/2, the two sides of the centring) that s1 takes
    at one coefficient each (s1 = +6144 and -6144: a share of 37748736 apiece)."""
    import random

    rng = random.Random(seed)
    c = [center(x) for x in hash_to_point(p, nonce, msg)]
    n, win = p.n, Q // (2 * lam) + 1

    def share(i: int, s: int) -> int:
        s1 = center(c[i] - lam * s)
        return s1 * s1 + s * s

    s2 = [round(x / lam) for x in c]
    fixed: set[int] = set()
    inv = pow(lam, -1, Q)
    for r in edges:
        i = next(i for i in range(n) if i not in fixed and abs(center((c[i] - r) * inv)) <= COEF_MAX)
        s2[i] = center((c[i] - r) * inv)
        fixed.add(i)
    total = sum(share(i, s) for i, s in enumerate(s2))
    if total > target:
        raise ValueError("target below the smallest norm of this construction")
    order = list(range(n))
    rng.shuffle(order)
    for i in order:
        if i in fixed:
            continue
        new = total - share(i, s2[i]) + share(i, 0)
        if new <= target - 4 * lam * lam:
            s2[i], total = 0, new
    rest = target - total
    deltas: dict[int, tuple[int, int]] = {}
    free = [i for i in range(n) if i not in fixed]
    for i in free:
        for s in range(-win, win + 1):
            d = share(i, s) - share(i, s2[i])
            if d == rest:
                s2[i] = s
                return _crafted(p, lam, nonce, s2)
            deltas.setdefault(d, (i, s))
    for i in free:
        for s in range(-win, win + 1):
            d = share(i, s) - share(i, s2[i])
            j_s = deltas.get(rest - d)
            if j_s and j_s[0] != i:
                s2[i], s2[j_s[0]] = s, j_s[1]
                return _crafted(p, lam, nonce, s2)
    raise ValueError("no exact hit: try another seed")


def _crafted(p: Params, lam: int, nonce: bytes, s2: list[int]) -> tuple[bytes, bytes]:
    pk = encode_pk(p, [lam] + [0] * (p.n - 1))
    sig = bytes([p.sig_header]) + nonce + compress(s2, p.sig_bytes - 1 - NONCE_BYTES)
    return pk, sig
