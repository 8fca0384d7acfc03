"""SHA-256, SHA-512 (FIPS 180-4) and SM3 (GB/T 32905-2016) written from the standards: the
compression functions the Crypto-RV unit's block instructions compute, and whole-message hashes
(padding, iteration) that `test_sha2sm3.py` checks against hashlib and gmssl.

Each compression function takes the chaining value as 8 integers and one block as bytes and
returns the next chaining value. The constants are computed as the standards define them
(fractional parts of square and cube roots of the first primes), not copied.
"""

from __future__ import annotations

from math import isqrt

M32 = (1 << 32) - 1
M64 = (1 << 64) - 1


def _primes(n: int) -> list[int]:
    out: list[int] = []
    k = 2
    while len(out) < n:
        if all(k % p for p in out):
            out.append(k)
        k += 1
    return out


def _icbrt(n: int) -> int:
    """floor(n ** (1/3)) by Newton's method on integers (a float's 53 bits are too few for the
    64 fractional bits wanted, and stepping from the float's guess took 3 s at every import)."""
    if n < 8:
        return int(n > 0)
    x = 1 << -(-n.bit_length() // 3)         # above the root: the iteration descends to it
    while True:
        y = (2 * x + n // (x * x)) // 3
        if y >= x:
            return x
        x = y


# FIPS 180-4 4.2.3 / 5.3.5: the first 64 bits of the fractional parts of the cube roots of the
# first 80 primes, and of the square roots of the first 8 primes
K512 = [_icbrt(p << 192) & M64 for p in _primes(80)]
IV512 = [isqrt(p << 128) & M64 for p in _primes(8)]
# 4.2.2 / 5.3.3: the first 32 bits of the same
K256 = [k >> 32 for k in K512[:64]]
IV256 = [h >> 32 for h in IV512]
# GB/T 32905 4.1 / 4.2
IV_SM3 = [0x7380166F, 0x4914B2B9, 0x172442D7, 0xDA8A0600,
          0xA96F30BC, 0x163138AA, 0xE38DEE4D, 0xB0FB0E4E]


def _rotr(x: int, n: int, w: int) -> int:
    return ((x >> n) | (x << (w - n))) & ((1 << w) - 1)


def _rotl32(x: int, n: int) -> int:
    n %= 32
    return ((x << n) | (x >> (32 - n))) & M32


def _sha2_compress(h: list[int], block: bytes, w: int, rounds: int, k: list[int],
                   big_s: tuple[tuple[int, int, int], tuple[int, int, int]],
                   small_s: tuple[tuple[int, int, int], tuple[int, int, int]]) -> list[int]:
    mask = (1 << w) - 1
    nb = w // 8
    ws = [int.from_bytes(block[nb * t:nb * t + nb], "big") for t in range(16)]
    (s0a, s0b, s0c), (s1a, s1b, s1c) = small_s
    for t in range(16, rounds):
        x, y = ws[t - 15], ws[t - 2]
        sig0 = _rotr(x, s0a, w) ^ _rotr(x, s0b, w) ^ (x >> s0c)
        sig1 = _rotr(y, s1a, w) ^ _rotr(y, s1b, w) ^ (y >> s1c)
        ws.append((sig1 + ws[t - 7] + sig0 + ws[t - 16]) & mask)
    a, b, c, d, e, f, g, hh = h
    (b0a, b0b, b0c), (b1a, b1b, b1c) = big_s
    for t in range(rounds):
        big1 = _rotr(e, b1a, w) ^ _rotr(e, b1b, w) ^ _rotr(e, b1c, w)
        ch = (e & f) ^ (~e & mask & g)
        t1 = (hh + big1 + ch + k[t] + ws[t]) & mask
        big0 = _rotr(a, b0a, w) ^ _rotr(a, b0b, w) ^ _rotr(a, b0c, w)
        maj = (a & b) ^ (a & c) ^ (b & c)
        t2 = (big0 + maj) & mask
        a, b, c, d, e, f, g, hh = (t1 + t2) & mask, a, b, c, (d + t1) & mask, e, f, g
    return [(x + y) & mask for x, y in zip(h, [a, b, c, d, e, f, g, hh])]


def sha256_compress(h: list[int], block: bytes) -> list[int]:
    """FIPS 180-4 6.2.2: one 64-byte block."""
    return _sha2_compress(h, block, 32, 64, K256, ((2, 13, 22), (6, 11, 25)), ((7, 18, 3), (17, 19, 10)))


def sha512_compress(h: list[int], block: bytes) -> list[int]:
    """FIPS 180-4 6.4.2: one 128-byte block."""
    return _sha2_compress(h, block, 64, 80, K512, ((28, 34, 39), (14, 18, 41)), ((1, 8, 7), (19, 61, 6)))


def _p0(x: int) -> int:
    return x ^ _rotl32(x, 9) ^ _rotl32(x, 17)


def _p1(x: int) -> int:
    return x ^ _rotl32(x, 15) ^ _rotl32(x, 23)


def sm3_compress(v: list[int], block: bytes) -> list[int]:
    """GB/T 32905 5.3: message expansion (5.3.2) and the compression function CF (5.3.3)."""
    ws = [int.from_bytes(block[4 * j:4 * j + 4], "big") for j in range(16)]
    for j in range(16, 68):
        ws.append(_p1(ws[j - 16] ^ ws[j - 9] ^ _rotl32(ws[j - 3], 15)) ^ _rotl32(ws[j - 13], 7) ^ ws[j - 6])
    w1 = [ws[j] ^ ws[j + 4] for j in range(64)]
    a, b, c, d, e, f, g, h = v
    for j in range(64):
        tj = 0x79CC4519 if j < 16 else 0x7A879D8A
        ss1 = _rotl32((_rotl32(a, 12) + e + _rotl32(tj, j)) & M32, 7)
        ss2 = ss1 ^ _rotl32(a, 12)
        ff = a ^ b ^ c if j < 16 else (a & b) | (a & c) | (b & c)
        gg = e ^ f ^ g if j < 16 else (e & f) | (~e & M32 & g)
        tt1 = (ff + d + ss2 + w1[j]) & M32
        tt2 = (gg + h + ss1 + ws[j]) & M32
        a, b, c, d = tt1, a, _rotl32(b, 9), c
        e, f, g, h = _p0(tt2), e, _rotl32(f, 19), g
    return [x ^ y for x, y in zip(v, [a, b, c, d, e, f, g, h])]


def pad(msg: bytes, block: int) -> bytes:
    """Merkle-Damgard padding (FIPS 180-4 5.1; SM3 5.2 is SHA-256's): 0x80, zeros, the bit
    length big-endian in the last 8 (64-byte blocks) or 16 (128-byte blocks) bytes."""
    lw = 16 if block == 128 else 8
    n = len(msg) + 1 + lw
    return msg + b"\x80" + bytes(-n % block) + (8 * len(msg)).to_bytes(lw, "big")


def _digest(words: list[int], w: int) -> bytes:
    return b"".join(x.to_bytes(w // 8, "big") for x in words)


def sha256(msg: bytes) -> bytes:
    h, p = list(IV256), pad(msg, 64)
    for i in range(0, len(p), 64):
        h = sha256_compress(h, p[i:i + 64])
    return _digest(h, 32)


def sha512(msg: bytes) -> bytes:
    h, p = list(IV512), pad(msg, 128)
    for i in range(0, len(p), 128):
        h = sha512_compress(h, p[i:i + 128])
    return _digest(h, 64)


def sm3(msg: bytes) -> bytes:
    v, p = list(IV_SM3), pad(msg, 64)
    for i in range(0, len(p), 64):
        v = sm3_compress(v, p[i:i + 64])
    return _digest(v, 32)
