"""Keccak-f[1600] as FIPS 202 section 3 defines it (the five step mappings, 24 rounds).

No PyPI library exposes the bare permutation (pycryptodome only offers the sponges), so it is
written here from the standard and checked two ways in test_keccak.py: against XKCP's
intermediate values after every step of every round, and through a sponge built on it that must
equal pycryptodome's SHA3 and SHAKE.

State: 25 lanes of 64 bits, lane (x, y) at index x + 5y; lane bytes little-endian, as in S and O.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1


def _rot(v: int, n: int) -> int:
    n %= 64
    return ((v << n) | (v >> (64 - n))) & MASK64


def _rc(t: int) -> int:
    """The LFSR bit rc(t) of FIPS 202 Algorithm 5."""
    if t % 255 == 0:
        return 1
    r = 1                      # bit k of r is R[k]; R = 10000000
    for _ in range(t % 255):
        r <<= 1                # R = 0 || R
        if r & 0x100:          # R[0], R[4], R[5], R[6] ^= R[8]; truncate to 8 bits
            r ^= 0x171
    return r & 1


ROUND_CONSTANTS = [sum(_rc(j + 7 * ir) << ((1 << j) - 1) for j in range(7)) for ir in range(24)]


def _rho_offsets() -> list[int]:
    """FIPS 202 Algorithm 2: offsets by walking (x, y) -> (y, 2x + 3y)."""
    off = [0] * 25
    x, y = 1, 0
    for t in range(24):
        off[x + 5 * y] = ((t + 1) * (t + 2) // 2) % 64
        x, y = y, (2 * x + 3 * y) % 5
    return off


RHO_OFFSETS = _rho_offsets()


def theta(a: list[int]) -> list[int]:
    c = [a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20] for x in range(5)]
    d = [c[(x - 1) % 5] ^ _rot(c[(x + 1) % 5], 1) for x in range(5)]
    return [a[i] ^ d[i % 5] for i in range(25)]


def rho(a: list[int]) -> list[int]:
    return [_rot(a[i], RHO_OFFSETS[i]) for i in range(25)]


def pi(a: list[int]) -> list[int]:
    # A'[x, y] = A[(x + 3y) mod 5, x]
    return [a[((x + 3 * y) % 5) + 5 * x] for y in range(5) for x in range(5)]


def chi(a: list[int]) -> list[int]:
    return [a[i] ^ (~a[(i % 5 + 1) % 5 + 5 * (i // 5)] & a[(i % 5 + 2) % 5 + 5 * (i // 5)]) & MASK64
            for i in range(25)]


def iota(a: list[int], ir: int) -> list[int]:
    return [a[0] ^ ROUND_CONSTANTS[ir]] + a[1:]


def keccak_round(a: list[int], ir: int) -> list[int]:
    return iota(chi(pi(rho(theta(a)))), ir)


# keccak_f1600 runs the same rounds with theta, rho and pi fused and chi's lanes tabled: the
# scoreboard's model runs it for every Keccak instruction (keccak_round is the step-by-step form)
_PI_FROM = [((x + 3 * y) % 5) + 5 * x for y in range(5) for x in range(5)]   # pi: A'[i] = A[_PI_FROM[i]]
_RHO_PI = [(j, j % 5, RHO_OFFSETS[j]) for j in _PI_FROM]
_CHI = [(i, (i % 5 + 1) % 5 + 5 * (i // 5), (i % 5 + 2) % 5 + 5 * (i // 5)) for i in range(25)]


def keccak_f1600(lanes: list[int]) -> list[int]:
    a, m = list(lanes), MASK64
    for rc in ROUND_CONSTANTS:
        c0 = a[0] ^ a[5] ^ a[10] ^ a[15] ^ a[20]
        c1 = a[1] ^ a[6] ^ a[11] ^ a[16] ^ a[21]
        c2 = a[2] ^ a[7] ^ a[12] ^ a[17] ^ a[22]
        c3 = a[3] ^ a[8] ^ a[13] ^ a[18] ^ a[23]
        c4 = a[4] ^ a[9] ^ a[14] ^ a[19] ^ a[24]
        # D[x] = C[x - 1] ^ rot(C[x + 1], 1)
        d = (c4 ^ (((c1 << 1) | (c1 >> 63)) & m), c0 ^ (((c2 << 1) | (c2 >> 63)) & m),
             c1 ^ (((c3 << 1) | (c3 >> 63)) & m), c2 ^ (((c4 << 1) | (c4 >> 63)) & m),
             c3 ^ (((c0 << 1) | (c0 >> 63)) & m))
        b = [(((v := a[j] ^ d[dx]) << n) | (v >> (64 - n))) & m for j, dx, n in _RHO_PI]
        a = [b[i] ^ (~b[i1] & b[i2]) for i, i1, i2 in _CHI]
        a[0] ^= rc
    return a


def lanes_to_int(lanes: list[int]) -> int:
    """25 lanes -> the 1600-bit value of the RTL's flat state (lane i at bits 64i..64i+63)."""
    return sum(v << (64 * i) for i, v in enumerate(lanes))


def int_to_lanes(value: int) -> list[int]:
    return [(value >> (64 * i)) & MASK64 for i in range(25)]


def words_to_lanes(words: list[int]) -> list[int]:
    """50 little-endian 32-bit words (S/O layout) -> 25 lanes."""
    return [words[2 * i] | (words[2 * i + 1] << 32) for i in range(25)]


def lanes_to_words(lanes: list[int]) -> list[int]:
    out: list[int] = []
    for lane in lanes:
        out += [lane & 0xFFFFFFFF, lane >> 32]
    return out


def permute_words(words: list[int]) -> list[int]:
    """Keccak-f[1600] on the 50-word S/O layout."""
    return lanes_to_words(keccak_f1600(words_to_lanes(words)))
