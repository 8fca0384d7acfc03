"""A reference model of HQC-KEM (HQC-1, HQC-3, HQC-5), written from the HQC specification.

Revision: the 2025 HQC specification (hqc_specifications_2025_08_22, the version behind NIST's
FIPS 207 draft) and its reference implementation (gitlab pqc-hqc/hqc "next-release" @ 161cd4fd,
as imported into liboqs @ 8979276a, tag "spec-version: 2025-08-22"). This is the version of the
KAT files of RustCrypto/KEMs @ aaf3426f (hqc-kem/kat/hqc-{1,3}.rsp) and of liboqs's recorded KAT
hashes (tests/KATs/kem/kats.json, HQC-1/3/5). Parameters, byte layouts, domain-separation bytes
and the order of operations were read from the specification and from that implementation; the
code here is written from those facts (only hashlib and pycryptodome are used). Nothing is
copied from another implementation.

What it covers, with the specification's names:

* parameter sets (`PARAMS`): n, n1, n2, omega, omega_r, omega_e, delta, k and the derived byte
  sizes of ek / dk / ciphertext / shared secret;
* symmetric primitives: XOF(seed) = SHAKE256(seed || 0x01); the KAT PRNG
  SHAKE256(entropy || personalization || 0x00); G = SHA3-512(. || 0x00), H = SHA3-256(ek || 0x01),
  I = SHA3-512(seed || 0x02), J = SHA3-256(. || 0x03);
* GF(2^8) with the primitive polynomial x^8 + x^4 + x^3 + x^2 + 1 (0x11D), alpha = X (= 2);
* the Reed-Solomon code RS[n1, k, 2 delta + 1] over GF(2^8): generator polynomial
  prod_{i=1..2 delta} (x - alpha^i), systematic encoding (parity bytes first, then the message),
  decoding by syndromes, Berlekamp's error-locator algorithm, roots by plain evaluation at
  alpha^-i (the reference uses an additive FFT: same roots), z(x) and the error values;
* the duplicated Reed-Muller code: RM(1,7) (8 bits -> 128 bits, bit j = m7 xor <m[0..6], j>)
  repeated n2 / 128 times, decoded by summing the copies, a Hadamard transform and a peak search;
* vectors of GF(2)[X]/(X^n - 1) as Python ints (bit i = coefficient of X^i = bit i % 8 of byte
  i // 8, little-endian bytes), products by shift-and-add over the sparser operand;
* the two fixed-weight samplers of this revision: `sample_fixed_weight_rejection` (the spec's
  SampleFixedWeightVect$, rejection sampling of 24-bit little-endian draws, for x and y in
  key generation and decryption) and `sample_fixed_weight_biased` (SampleFixedWeightVect, one
  32-bit draw per position, pos_i = i + ((r_i (n - i)) >> 32), then duplicates replaced
  by i, for r2, e, r1 in encryption);
* HQC-PKE KeyGen / Encrypt / Decrypt, HQC-KEM KeyGen / Encaps / Decaps (salted FO with implicit
  rejection: K-bar = J(H(ek), sigma, c)), each taking its randomness explicitly, and
  `kat_entry` / `kat_text`, which reproduce the KAT files from their seeds.

How the KAT files are driven (checked, see test_hqc.py): NOT by the AES-256 CTR DRBG of NIST's
PQC KAT harness. The HQC harness (the reference's main_kat.c, and liboqs's tests/test_helpers.c
for HQC) uses its own SHAKE256 PRNG, `KatPrng`: the master PRNG is seeded with the 48 bytes
00 01 .. 2F, each entry's `seed` is the next 48 bytes of it, and the entry's PRNG, seeded with
that seed, gives seed_kem (32 bytes) in KeyGen, then m (k bytes) and the salt (16 bytes) in
Encaps. `NistCtrDrbg` (the AES DRBG) is kept for comparison and for the other NIST KAT files.

PyPI pqcrypto 1.0.0 (hqc_128/192/256) is not this revision: it wraps the pure-Rust crate
backbone-hqc 0.2.0. Measured with this model: it shares the object sizes, the dk layout and the
derivation of seed_PKE, sigma, seed_dk and seed_ek; for HQC-3 also the whole encryption (it
decapsulates this model's ciphertexts made with its key); for HQC-1 and HQC-5 not; its KeyGen
(x, y, s) matches neither this revision nor the variants tried (details in docs/hqc-model.md).

Beyond the correction capacity the decoders follow the reference algorithm step by step (the
same Berlekamp iteration, the same first-delta-roots rule, products reduced by one fold like the
reference), so that Decaps of a damaged ciphertext gives the same intermediate m' as well; the
KEM's outputs do not depend on it (a wrong m' always ends in the implicit-rejection key).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Iterable

from Crypto.Cipher import AES
from Crypto.Hash import SHAKE256

# ----------------------------------------------------------------------------- parameter sets


@dataclass(frozen=True)
class Params:
    """One HQC parameter set (specification, table of parameters)."""

    name: str
    n: int          # length of the ambient space, a prime: vectors live in GF(2)[X]/(X^n - 1)
    n1: int         # Reed-Solomon code length (bytes)
    n2: int         # duplicated Reed-Muller code length (bits), a multiple of 128
    k: int          # message bytes = RS dimension = security level in bytes (sigma's length too)
    delta: int      # RS correction capacity: n1 - k = 2 delta
    omega: int      # weight of the secret vectors x, y
    omega_r: int    # weight of r1, r2
    omega_e: int    # weight of e

    SEED_BYTES = 32
    SALT_BYTES = 16
    SS_BYTES = 32

    @property
    def n1n2(self) -> int:
        return self.n1 * self.n2

    @property
    def mult(self) -> int:
        """Copies of each RM(1,7) codeword in the duplicated code."""
        return self.n2 // 128

    @property
    def n_bytes(self) -> int:
        return (self.n + 7) // 8

    @property
    def n1n2_bytes(self) -> int:
        return (self.n1n2 + 7) // 8

    @property
    def ek_bytes(self) -> int:
        """ek_KEM = ek_PKE = seed_ek || s."""
        return self.SEED_BYTES + self.n_bytes

    @property
    def dk_bytes(self) -> int:
        """dk_KEM = ek_KEM || dk_PKE (= seed_dk) || sigma || seed_KEM."""
        return self.ek_bytes + self.SEED_BYTES + self.k + self.SEED_BYTES

    @property
    def ct_bytes(self) -> int:
        """c_KEM = u || v || salt."""
        return self.n_bytes + self.n1n2_bytes + self.SALT_BYTES

    @property
    def rejection_threshold(self) -> int:
        """Largest multiple of n not above 2^24: 24-bit draws below it are uniform mod n."""
        return (1 << 24) // self.n * self.n


PARAMS: dict[str, Params] = {p.name: p for p in (
    #      name     n      n1  n2   k   delta omega omega_r omega_e
    Params("HQC-1", 17669, 46, 384, 16, 15, 66, 75, 75),
    Params("HQC-3", 35851, 56, 640, 24, 16, 100, 114, 114),
    Params("HQC-5", 57637, 90, 640, 32, 29, 131, 149, 149),
)}

# ----------------------------------------------------------------------------- symmetric primitives

# domain-separation bytes appended to every input (specification, "Instantiation of the
# symmetric primitives")
PRNG_DOMAIN, XOF_DOMAIN = 0, 1
G_DOMAIN, H_DOMAIN, I_DOMAIN, J_DOMAIN = 0, 1, 2, 3


class Xof:
    """SHAKE256 read as a stream: successive `read`s continue where the last one stopped."""

    def __init__(self, data: bytes):
        self._shake = SHAKE256.new(data)

    def read(self, n: int) -> bytes:
        return self._shake.read(n)


def xof(seed: bytes) -> Xof:
    """The specification's XOF: SHAKE256(seed || 0x01)."""
    return Xof(seed + bytes([XOF_DOMAIN]))


class KatPrng(Xof):
    """The PRNG of the HQC KAT harness: SHAKE256(entropy || personalization || 0x00)."""

    def __init__(self, entropy: bytes, personalization: bytes = b""):
        super().__init__(entropy + personalization + bytes([PRNG_DOMAIN]))


def hash_g(h_ek: bytes, m: bytes, salt: bytes) -> bytes:
    """G(H(ek) || m || salt): 64 bytes, K (32) || theta (32)."""
    return hashlib.sha3_512(h_ek + m + salt + bytes([G_DOMAIN])).digest()


def hash_h(ek: bytes) -> bytes:
    return hashlib.sha3_256(ek + bytes([H_DOMAIN])).digest()


def hash_i(seed: bytes) -> bytes:
    """I(seed_PKE): 64 bytes, seed_dk (32) || seed_ek (32)."""
    return hashlib.sha3_512(seed + bytes([I_DOMAIN])).digest()


def hash_j(h_ek: bytes, sigma: bytes, ct: bytes) -> bytes:
    """J(H(ek) || sigma || c): the implicit-rejection key (c = u || v || salt as sent)."""
    return hashlib.sha3_256(h_ek + sigma + ct + bytes([J_DOMAIN])).digest()


class NistCtrDrbg:
    """NIST's AES-256 CTR_DRBG `randombytes` of the PQC KAT harness (no derivation function,
    no prediction resistance, 48-byte seed material). The HQC KAT files are *not* made with it
    (see the module docstring); it is here to show that, and for the other NIST .rsp files."""

    def __init__(self, entropy: bytes, personalization: bytes = b""):
        if len(entropy) != 48:
            raise ValueError("48 bytes of entropy")
        seed = bytearray(entropy)
        for i, b in enumerate(personalization[:48]):
            seed[i] ^= b
        self.key = bytes(32)
        self.v = 0
        self._update(bytes(seed))

    def _blocks(self, count: int) -> bytes:
        aes = AES.new(self.key, AES.MODE_ECB)
        out = bytearray()
        for _ in range(count):
            self.v = (self.v + 1) % (1 << 128)
            out += aes.encrypt(self.v.to_bytes(16, "big"))
        return bytes(out)

    def _update(self, provided: bytes | None) -> None:
        temp = bytearray(self._blocks(3))
        if provided is not None:
            for i, b in enumerate(provided):
                temp[i] ^= b
        self.key = bytes(temp[:32])
        self.v = int.from_bytes(temp[32:48], "big")

    def read(self, n: int) -> bytes:
        out = self._blocks((n + 15) // 16)[:n]
        self._update(None)
        return out


# ----------------------------------------------------------------------------- GF(2^8)

GF_POLY = 0x11D     # x^8 + x^4 + x^3 + x^2 + 1, primitive; alpha = x
GF_EXP: list[int] = [0] * 510   # alpha^i for i in [0, 510): saves a "mod 255" in gf_mul
GF_LOG: list[int] = [0] * 256   # log_alpha(a) for a != 0; GF_LOG[0] unused


def _build_gf_tables() -> None:
    a = 1
    for i in range(255):
        GF_EXP[i] = GF_EXP[i + 255] = a
        GF_LOG[a] = i
        a <<= 1
        if a & 0x100:
            a ^= GF_POLY


_build_gf_tables()


def gf_mul(a: int, b: int) -> int:
    if a == 0 or b == 0:
        return 0
    return GF_EXP[GF_LOG[a] + GF_LOG[b]]


def gf_inv(a: int) -> int:
    """a^-1, and 0 for 0 (a^254, as the reference computes it)."""
    return 0 if a == 0 else GF_EXP[255 - GF_LOG[a]]


def gf_pow_alpha(e: int) -> int:
    return GF_EXP[e % 255]


def poly_eval(coeffs: list[int], x: int) -> int:
    """Horner evaluation of sum coeffs[i] x^i over GF(2^8)."""
    acc = 0
    for c in reversed(coeffs):
        acc = gf_mul(acc, x) ^ c
    return acc


# ----------------------------------------------------------------------------- Reed-Solomon


def rs_generator(p: Params) -> list[int]:
    """g(x) = prod_{i=1..2 delta} (x - alpha^i), coefficients from x^0 up (monic, degree 2 delta)."""
    g = [1]
    for i in range(1, 2 * p.delta + 1):
        root = gf_pow_alpha(i)
        # multiply by (x + root): new[j] = g[j-1] + root g[j]
        g = [gf_mul(root, g[0])] + [g[j - 1] ^ gf_mul(root, g[j]) for j in range(1, len(g))] + [1]
    return g


_RS_GEN: dict[str, list[int]] = {}


def _rs_gen(p: Params) -> list[int]:
    if p.name not in _RS_GEN:
        _RS_GEN[p.name] = rs_generator(p)
    return _RS_GEN[p.name]


def rs_encode(p: Params, msg: bytes) -> bytes:
    """Systematic encoding: c(x) = x^(2 delta) m(x) + (x^(2 delta) m(x) mod g(x)); byte i of the
    codeword is the coefficient of x^i, so the codeword is parity (2 delta bytes) || msg."""
    if len(msg) != p.k:
        raise ValueError(f"{p.name}: RS message is {p.k} bytes")
    g = _rs_gen(p)
    r = 2 * p.delta
    rem = [0] * r                       # remainder register, rem[j] = coefficient of x^j
    for coef in reversed(msg):          # long division, highest message coefficient first
        feedback = coef ^ rem[r - 1]
        rem = [gf_mul(feedback, g[0])] + [rem[j - 1] ^ gf_mul(feedback, g[j]) for j in range(1, r)]
    return bytes(rem) + bytes(msg)


def rs_syndromes(p: Params, cw: bytes) -> list[int]:
    """S_i = c(alpha^i) for i = 1..2 delta (list index i - 1)."""
    return [poly_eval(list(cw), gf_pow_alpha(i)) for i in range(1, 2 * p.delta + 1)]


def rs_error_locator(p: Params, synd: list[int]) -> tuple[list[int], int]:
    """Berlekamp's iterative algorithm (2 delta steps) for sigma(x) = prod (1 - X_j x), following
    the reference's formulation: sigma and x^(mu - rho) sigma_rho are kept to delta + 1
    coefficients and the degree is that of the last length change. Returns (sigma, deg)."""
    delta = p.delta
    sigma = [1] + [0] * delta
    deg = 0
    x_sigma_p = [0, 1] + [0] * (delta - 1)   # x^(mu - rho) sigma_rho(x), rho = -1: x
    deg_sigma_p = 0
    rho = -1
    d_p = 1
    d = synd[0]
    for mu in range(2 * delta):
        sigma_copy, deg_copy = sigma[:], deg
        dd = gf_mul(d, gf_inv(d_p))
        for i in range(1, min(mu + 1, delta) + 1):
            sigma[i] ^= gf_mul(dd, x_sigma_p[i])
        candidate = (mu - rho) + deg_sigma_p
        grows = d != 0 and candidate > deg
        if grows:
            deg = candidate
        if mu == 2 * delta - 1:
            break
        if grows:   # sigma_rho <- the sigma before this step
            rho, d_p, deg_sigma_p = mu, d, deg_copy
            x_sigma_p = [0] + sigma_copy[:delta]
        else:
            x_sigma_p = [0] + x_sigma_p[:delta]
        d = synd[mu + 1]
        for i in range(1, min(mu + 1, delta) + 1):
            d ^= gf_mul(sigma[i], synd[mu + 1 - i])
    return sigma, deg


def rs_error_positions(p: Params, sigma: list[int]) -> list[int]:
    """Positions i < n1 with sigma(alpha^-i) = 0, the first delta of them (at most delta exist
    for a locator of degree <= delta)."""
    return [i for i in range(p.n1) if poly_eval(sigma, gf_pow_alpha(-i)) == 0][:p.delta]


def rs_z_poly(p: Params, sigma: list[int], deg: int, synd: list[int]) -> list[int]:
    """z(x) = 1 + sum_{i=1..deg} (S_i + sigma_i + sum_{j=1..i-1} sigma_j S_{i-j}) x^i
    (the S_1 term of z_1 is added whatever deg is, as in the reference)."""
    z = [1] + [sigma[i] if i <= deg else 0 for i in range(1, p.delta + 1)]
    z[1] ^= synd[0]
    for i in range(2, p.delta + 1):
        if i <= deg:
            acc = synd[i - 1]
            for j in range(1, i):
                acc ^= gf_mul(sigma[j], synd[i - j - 1])
            z[i] ^= acc
    return z


def rs_error_values(positions: list[int], z: list[int]) -> list[int]:
    """e_j = z(X_j^-1) / prod_{k != j} (1 + X_k X_j^-1), X_j = alpha^position_j."""
    betas = [gf_pow_alpha(i) for i in positions]
    values = []
    for j, beta in enumerate(betas):
        inv = gf_inv(beta)
        num = poly_eval(z, inv)
        den = 1
        for k, other in enumerate(betas):
            if k != j:
                den = gf_mul(den, 1 ^ gf_mul(inv, other))
        values.append(gf_mul(num, gf_inv(den)))
    return values


def rs_decode(p: Params, cw: bytes) -> bytes:
    """Corrects up to delta byte errors and returns the k message bytes."""
    if len(cw) != p.n1:
        raise ValueError(f"{p.name}: RS codeword is {p.n1} bytes")
    synd = rs_syndromes(p, cw)
    sigma, deg = rs_error_locator(p, synd)
    positions = rs_error_positions(p, sigma)
    z = rs_z_poly(p, sigma, deg, synd)
    fixed = bytearray(cw)
    for pos, value in zip(positions, rs_error_values(positions, z)):
        fixed[pos] ^= value
    return bytes(fixed[2 * p.delta:])


# ----------------------------------------------------------------------------- Reed-Muller

RM_MASK = (1 << 128) - 1


def rm_encode_byte(m: int) -> int:
    """RM(1,7) codeword of the byte m as a 128-bit int: bit j = m7 xor parity(m[0..6] & j)."""
    word = 0
    for j in range(128):
        word |= (((m >> 7) ^ (m & j & 0x7F).bit_count()) & 1) << j
    return word


RM_CODEWORDS: list[int] = [rm_encode_byte(m) for m in range(256)]


def rm_decode_block(counts: list[int], mult: int) -> int:
    """Decodes one duplicated RM(1,7) block from the number of ones at each of the 128 positions
    (summed over the `mult` copies): Hadamard transform, then the first position of largest
    magnitude gives m[0..6] and its sign gives m7."""
    t = list(counts)
    h = 1
    while h < 128:                      # in-place fast Walsh-Hadamard transform
        for start in range(0, 128, 2 * h):
            for i in range(start, start + h):
                a, b = t[i], t[i + h]
                t[i], t[i + h] = a + b, a - b
        h *= 2
    t[0] -= 64 * mult                   # counts -> half the transform of the +-1 word, negated
    best_abs, best_pos, best_val = 0, 0, 0
    for i, value in enumerate(t):
        if abs(value) > best_abs:
            best_abs, best_pos, best_val = abs(value), i, value
    return best_pos | (0x80 if best_val > 0 else 0)


def rm_encode(p: Params, rs_cw: bytes) -> int:
    """Duplicated RM encoding of the n1 RS bytes: byte i -> bits [i n2, (i + 1) n2), the 128-bit
    codeword repeated mult times."""
    out = 0
    for i, byte in enumerate(rs_cw):
        word = RM_CODEWORDS[byte]
        for copy in range(p.mult):
            out |= word << (i * p.n2 + copy * 128)
    return out


def rm_decode(p: Params, v: int) -> bytes:
    out = bytearray()
    for i in range(p.n1):
        counts = [0] * 128
        for copy in range(p.mult):
            word = (v >> (i * p.n2 + copy * 128)) & RM_MASK
            for j in range(128):
                counts[j] += (word >> j) & 1
        out.append(rm_decode_block(counts, p.mult))
    return bytes(out)


def code_encode(p: Params, m: bytes) -> int:
    """The concatenated code C: RS then duplicated RM; n1 n2 bits."""
    return rm_encode(p, rs_encode(p, m))


def code_decode(p: Params, v: int) -> bytes:
    return rs_decode(p, rm_decode(p, v))


# ----------------------------------------------------------------------------- vectors


def vec_from_bytes(data: bytes) -> int:
    return int.from_bytes(data, "little")


def vec_to_bytes(v: int, nbytes: int) -> bytes:
    return v.to_bytes(nbytes, "little")


def support_to_vec(support: Iterable[int]) -> int:
    v = 0
    for pos in support:
        v |= 1 << pos
    return v


def _bits(v: int) -> list[int]:
    out = []
    while v:
        low = v & -v
        out.append(low.bit_length() - 1)
        v ^= low
    return out


def vec_mul(p: Params, a: int, b: int) -> int:
    """a b mod (X^n - 1). Carry-less shift-and-add over the set bits of the sparser operand,
    then one fold of the high half and a mask to n bits, as the reference reduces (exact for
    operands below X^n; an operand with padding bits set, from a malformed ciphertext or key,
    gets the reference's answer too)."""
    if a.bit_count() > b.bit_count():
        a, b = b, a
    acc = 0
    for pos in _bits(a):
        acc ^= b << pos
    return (acc ^ (acc >> p.n)) & ((1 << p.n) - 1)


def truncate(p: Params, v: int) -> int:
    """The first n1 n2 coordinates (the specification's Truncate)."""
    return v & ((1 << p.n1n2) - 1)


def sample_uniform_vec(p: Params, ctx: Xof) -> int:
    """A uniform vector of n bits: ceil(n / 8) bytes of the XOF, the padding bits cleared."""
    return vec_from_bytes(ctx.read(p.n_bytes)) & ((1 << p.n) - 1)


def sample_fixed_weight_rejection(p: Params, ctx: Xof, weight: int) -> list[int]:
    """SampleFixedWeightVect$ (key generation): 3 XOF bytes per draw, a little-endian 24-bit
    integer; draws >= floor(2^24 / n) n are rejected, the rest taken mod n; a position already
    drawn is drawn again. Returns the support in drawing order."""
    support: list[int] = []
    threshold = p.rejection_threshold
    while len(support) < weight:
        r = int.from_bytes(ctx.read(3), "little")
        if r >= threshold:
            continue
        pos = r % p.n
        if pos not in support:
            support.append(pos)
    return support


def sample_fixed_weight_biased(p: Params, ctx: Xof, weight: int) -> list[int]:
    """SampleFixedWeightVect (encryption): 4 weight XOF bytes as little-endian 32-bit r_i,
    pos_i = i + floor(r_i (n - i) / 2^32); then, from i = weight - 2 down to 0, a pos_i equal
    to some later pos_j is replaced by i (which no later position can equal)."""
    raw = ctx.read(4 * weight)
    support = [i + ((int.from_bytes(raw[4 * i:4 * i + 4], "little") * (p.n - i)) >> 32)
               for i in range(weight)]
    for i in range(weight - 2, -1, -1):
        if support[i] in support[i + 1:]:
            support[i] = i
    return support


# ----------------------------------------------------------------------------- HQC-PKE


@dataclass(frozen=True)
class PkeKeys:
    ek: bytes           # seed_ek || s
    seed_dk: bytes      # dk_PKE
    x: list[int]        # supports, for tests and firmware traces
    y: list[int]
    h: int
    s: int


def pke_keygen(p: Params, seed_pke: bytes) -> PkeKeys:
    """HQC-PKE.KeyGen: (seed_dk, seed_ek) = I(seed_PKE); y then x from XOF(seed_dk) by
    SampleFixedWeightVect$; h from XOF(seed_ek); s = x + y h."""
    seeds = hash_i(seed_pke)
    seed_dk, seed_ek = seeds[:32], seeds[32:]
    ctx = xof(seed_dk)
    y = sample_fixed_weight_rejection(p, ctx, p.omega)
    x = sample_fixed_weight_rejection(p, ctx, p.omega)
    h = sample_uniform_vec(p, xof(seed_ek))
    s = support_to_vec(x) ^ vec_mul(p, support_to_vec(y), h)
    return PkeKeys(seed_ek + vec_to_bytes(s, p.n_bytes), seed_dk, x, y, h, s)


def pke_encrypt(p: Params, ek: bytes, m: bytes, theta: bytes) -> tuple[int, int]:
    """HQC-PKE.Encrypt: r2, e, r1 (in that order) from XOF(theta) by SampleFixedWeightVect;
    u = r1 + r2 h, v = C.Encode(m) + Truncate(s r2 + e). Returns (u, v) as ints."""
    h = sample_uniform_vec(p, xof(ek[:32]))
    s = vec_from_bytes(ek[32:32 + p.n_bytes])
    ctx = xof(theta)
    r2 = support_to_vec(sample_fixed_weight_biased(p, ctx, p.omega_r))
    e = support_to_vec(sample_fixed_weight_biased(p, ctx, p.omega_e))
    r1 = support_to_vec(sample_fixed_weight_biased(p, ctx, p.omega_r))
    u = r1 ^ vec_mul(p, r2, h)
    v = code_encode(p, m) ^ truncate(p, vec_mul(p, r2, s) ^ e)
    return u, v


def pke_decrypt(p: Params, seed_dk: bytes, u: int, v: int) -> bytes:
    """HQC-PKE.Decrypt: y again from XOF(seed_dk); m = C.Decode(v - Truncate(u y))."""
    y = support_to_vec(sample_fixed_weight_rejection(p, xof(seed_dk), p.omega))
    return code_decode(p, v ^ truncate(p, vec_mul(p, y, u)))


# ----------------------------------------------------------------------------- HQC-KEM


def keygen(p: Params, seed_kem: bytes) -> tuple[bytes, bytes]:
    """HQC-KEM.KeyGen from its 32-byte seed: (seed_PKE, sigma) from XOF(seed_KEM);
    dk = ek || seed_dk || sigma || seed_KEM."""
    if len(seed_kem) != p.SEED_BYTES:
        raise ValueError("seed_KEM is 32 bytes")
    ctx = xof(seed_kem)
    seed_pke = ctx.read(p.SEED_BYTES)
    sigma = ctx.read(p.k)
    keys = pke_keygen(p, seed_pke)
    return keys.ek, keys.ek + keys.seed_dk + sigma + seed_kem


def _ciphertext(p: Params, u: int, v: int, salt: bytes) -> bytes:
    return vec_to_bytes(u, p.n_bytes) + vec_to_bytes(v, p.n1n2_bytes) + salt


def encaps(p: Params, ek: bytes, m: bytes, salt: bytes) -> tuple[bytes, bytes]:
    """HQC-KEM.Encaps with explicit randomness m (k bytes) and salt (16 bytes):
    (K, theta) = G(H(ek), m, salt), c = (Encrypt(ek, m, theta), salt). Returns (ct, K)."""
    if len(ek) != p.ek_bytes or len(m) != p.k or len(salt) != p.SALT_BYTES:
        raise ValueError(f"{p.name}: ek {p.ek_bytes}, m {p.k}, salt {p.SALT_BYTES} bytes")
    k_theta = hash_g(hash_h(ek), m, salt)
    u, v = pke_encrypt(p, ek, m, k_theta[32:])
    return _ciphertext(p, u, v, salt), k_theta[:32]


@dataclass(frozen=True)
class DecapsTrace:
    """Decaps with its intermediate values (for firmware tests)."""

    ss: bytes           # the output: K' if c' = c, else K-bar
    m_prime: bytes
    k_prime: bytes
    k_bar: bytes
    accepted: bool


def decaps_trace(p: Params, dk: bytes, ct: bytes) -> DecapsTrace:
    """HQC-KEM.Decaps: m' = Decrypt(dk_PKE, c); (K', theta') = G(H(ek), m', salt);
    c' = Encrypt(ek, m', theta'); K-bar = J(H(ek), sigma, c); K' if c' = c else K-bar."""
    if len(dk) != p.dk_bytes or len(ct) != p.ct_bytes:
        raise ValueError(f"{p.name}: dk {p.dk_bytes}, ct {p.ct_bytes} bytes")
    ek = dk[:p.ek_bytes]
    seed_dk = dk[p.ek_bytes:p.ek_bytes + 32]
    sigma = dk[p.ek_bytes + 32:p.ek_bytes + 32 + p.k]
    u = vec_from_bytes(ct[:p.n_bytes])
    v = vec_from_bytes(ct[p.n_bytes:p.n_bytes + p.n1n2_bytes])
    salt = ct[p.n_bytes + p.n1n2_bytes:]
    m_prime = pke_decrypt(p, seed_dk, u, v)
    h_ek = hash_h(ek)
    k_theta = hash_g(h_ek, m_prime, salt)
    u2, v2 = pke_encrypt(p, ek, m_prime, k_theta[32:])
    k_bar = hash_j(h_ek, sigma, ct)
    accepted = _ciphertext(p, u2, v2, salt) == ct
    return DecapsTrace(k_theta[:32] if accepted else k_bar, m_prime, k_theta[:32], k_bar, accepted)


def decaps(p: Params, dk: bytes, ct: bytes) -> bytes:
    return decaps_trace(p, dk, ct).ss


# ----------------------------------------------------------------------------- KAT files


@dataclass(frozen=True)
class KatEntry:
    count: int
    seed: bytes
    pk: bytes
    sk: bytes
    ct: bytes
    ss: bytes


def kat_entry(p: Params, seed: bytes, count: int = 0, check_decaps: bool = True) -> KatEntry:
    """One KAT entry from its 48-byte seed: the entry's PRNG gives seed_KEM (KeyGen), then m and
    the salt (Encaps). With check_decaps, Decaps must give the same key (as the harness checks)."""
    prng = KatPrng(seed)
    pk, sk = keygen(p, prng.read(p.SEED_BYTES))
    m = prng.read(p.k)
    salt = prng.read(p.SALT_BYTES)
    ct, ss = encaps(p, pk, m, salt)
    if check_decaps and decaps(p, sk, ct) != ss:
        raise AssertionError(f"{p.name} count {count}: Decaps disagrees with Encaps")
    return KatEntry(count, seed, pk, sk, ct, ss)


def kat_seeds(count: int) -> list[bytes]:
    """The seeds of the first `count` entries: 48-byte reads of the master PRNG seeded with the
    bytes 0, 1, ..., 47 (each entry's own PRNG does not disturb the master stream)."""
    master = KatPrng(bytes(range(48)))
    return [master.read(48) for _ in range(count)]


def kat_entry_text(e: KatEntry) -> str:
    return "".join(f"{name} = {value}\n" for name, value in (
        ("count", str(e.count)), ("seed", e.seed.hex().upper()), ("pk", e.pk.hex().upper()),
        ("sk", e.sk.hex().upper()), ("ct", e.ct.hex().upper()), ("ss", e.ss.hex().upper())))


def kat_text(p: Params, count: int, check_decaps: bool = True) -> str:
    """The KAT response text of the first `count` entries as liboqs's kat_kem prints it (blank
    line between entries, none after the last); the .rsp files add a "# HQC-x" header and a
    final blank line."""
    return "\n".join(kat_entry_text(kat_entry(p, seed, i, check_decaps))
                     for i, seed in enumerate(kat_seeds(count)))
