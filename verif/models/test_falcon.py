"""Tests of the Falcon verification oracle (`falcon.py`).

1. KAT: the first 3 entries of the round-3 Falcon-512 KAT (verif/vectors/falcon/) open (NIST API
   signed message) and, re-packed as the specification's detached signature, verify; all 100
   entries when ../shared holds the file (skipped otherwise). Falcon-1024: the 4 triples made
   with PyPI falcon-digital-signature 0.9.4 (verif/vectors/falcon/falcon1024-falconpy.json).
2. Tampered inputs are rejected, each for its reason: a flipped bit of s2 or of the nonce, a
   changed message byte, a changed pk coefficient, a pk coefficient >= q, wrong header bytes,
   non-zero padding, "-0", |s2_i| > 2047, truncated and over-long encodings, part of s2
   doubled.
3. The bound: signatures crafted at exactly floor(beta^2) (accepted) and floor(beta^2) + 1; an
   s1 coefficient at each side of the centring (+6144 / -6144).
4. The parts: the ring product against the schoolbook definition, hash-to-point's rejection of
   t >= 5q, the pk encoding round trip, compress / decompress round trip.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from verif.models import falcon as F
from verif.vectors import SHARED_VECTORS
from verif.vectors.rsp import parse_rsp

VECTORS = Path(__file__).resolve().parent.parent / "vectors" / "falcon"
SHARED_RSP = SHARED_VECTORS / "falcon512-kat-mirror" / "test" / "falcon512-KAT.rsp"
P512, P1024 = F.PARAMS["Falcon-512"], F.PARAMS["Falcon-1024"]


def kat_entries() -> list[dict[str, str]]:
    return parse_rsp((VECTORS / "falcon512-KAT.rsp").read_text())[1]


def vectors_1024() -> list[dict]:
    return json.loads((VECTORS / "falcon1024-falconpy.json").read_text())


# ----------------------------------------------------------------------------- 1. KAT


def _check_entry(e: dict[str, str]) -> None:
    pk, sm, msg = (bytes.fromhex(e[k]) for k in ("pk", "sm", "msg"))
    assert len(sm) == int(e["smlen"]) and len(msg) == int(e["mlen"])
    s = F.parse_sm(sm)
    assert s.msg == msg and s.esig[0] == 0x29, f"count {e['count']}: sm layout"
    v = F.open_sm(P512, pk, sm)
    assert v.ok, f"count {e['count']}: {v}"
    m2, sig = F.sm_to_detached(P512, sm)
    v2 = F.verify(P512, pk, m2, sig)
    assert v2.ok and v2.norm == v.norm


def test_kat_first_entries() -> None:
    es = kat_entries()
    assert [e["count"] for e in es] == ["0", "1", "2"]
    for e in es:
        _check_entry(e)


@pytest.mark.skipif(not SHARED_RSP.exists(), reason=f"{SHARED_RSP} not present")
def test_kat_all_entries() -> None:
    es = parse_rsp(SHARED_RSP.read_text())[1]
    assert len(es) == 100
    for e in es:
        _check_entry(e)


def test_falcon1024_vectors() -> None:
    vs = vectors_1024()
    assert len(vs) == 4
    for x in vs:
        v = F.verify(P1024, bytes.fromhex(x["pk"]), bytes.fromhex(x["msg"]), bytes.fromhex(x["sig"]))
        assert v.ok and v.norm == x["norm"]


# ----------------------------------------------------------------------------- 2. tampered


def _flip(b: bytes, bit: int) -> bytes:
    out = bytearray(b)
    out[bit // 8] ^= 0x80 >> (bit % 8)
    return bytes(out)


def tampered(p: F.Params, pk: bytes, msg: bytes, sig: bytes, rng: random.Random) -> list[tuple[str, bytes, bytes, bytes, str | None]]:
    """(what, pk, msg, sig, expected reason: "ok" = accepted, None = any rejection) for one valid
    triple (detached layout, padded). Shared with scripts/test_falcon_native.py."""
    hdr = 1 + F.NONCE_BYTES
    s2 = F.decompress(p, sig[hdr:], padded=True)
    comp_bits = sum(9 + (abs(x) >> 7) for x in s2)
    used = (comp_bits + 7) // 8
    h = F.decode_pk(p, pk)
    k = rng.randrange(p.n)
    h_changed = h[:]
    h_changed[k] = (h[k] + 1) % F.Q
    h_bad = h[:]
    h_bad[k] = F.Q + rng.randrange((1 << 14) - F.Q)
    i0 = s2.index(0) if 0 in s2 else None
    pad_len = p.sig_bytes - hdr
    big = s2[:]
    big[0] = 2048 if s2[0] >= 0 else -2048          # first: found before s2 runs out of room
    wide = [1000 if i % 2 else -1000 for i in range(p.n)]   # 16 bits each: more than the room
    doubled = None
    for m in (p.n // 8, p.n // 16, p.n // 32, 4):
        enc = F.compress([2 * x if i < m else x for i, x in enumerate(s2)])
        if len(enc) <= pad_len:
            doubled = sig[:hdr] + enc + bytes(pad_len - len(enc))
            break
    cases = [
        ("s2 bit flipped", pk, msg, _flip(sig, 8 * hdr + rng.randrange(comp_bits)), None),
        ("nonce bit flipped", pk, msg, _flip(sig, 8 + rng.randrange(8 * F.NONCE_BYTES)), "norm"),
        ("message byte changed", pk, msg[:0] + bytes([msg[0] ^ 1]) + msg[1:] if msg else b"\x00", sig, "norm"),
        ("pk coefficient changed", F.encode_pk(p, h_changed), msg, sig, "norm"),
        ("pk coefficient >= q", F.encode_pk(p, h_bad), msg, sig, "pk_coef"),
        ("pk header", bytes([pk[0] ^ 0x03]) + pk[1:], msg, sig, "pk_header"),
        ("pk length", pk[:-1], msg, sig, "pk_length"),
        ("sig header 0x29 (the NIST API header)", pk, msg, bytes([p.sm_header]) + sig[1:], "sig_header"),
        ("sig header of the other degree", pk, msg, bytes([sig[0] ^ 0x03]) + sig[1:], "sig_header"),
        ("sig one byte short (the compressed format: a byte left over)", pk, msg, sig[:-1],
         "enc_length" if used < pad_len - 1 else "ok"),
        ("sig one byte long", pk, msg, sig + b"\x00", "sig_length"),
        ("sig without s2", pk, msg, sig[:hdr], "sig_length"),
        ("the compressed format (padding dropped)", pk, msg, sig[:hdr + used], "ok"),
        ("the compressed format with one more zero byte", pk, msg, sig[:hdr + used + 1],
         "enc_length" if used + 1 < pad_len else "ok"),
        ("the compressed format cut short", pk, msg, sig[:hdr + used - 1], "enc_truncated"),
        ("non-zero last padding byte", pk, msg, sig[:-1] + b"\x01", "enc_trailing"),
        ("non-zero bit right after s2", pk, msg, _flip(sig, 8 * hdr + comp_bits), "enc_trailing"),
        ("non-zero byte after s2's last byte", pk, msg, sig[:hdr + used] + b"\x80" + sig[hdr + used + 1:], "enc_trailing"),
        ("|s2_0| = 2048", pk, msg, sig[:hdr] + (F.compress(big) + bytes(pad_len))[:pad_len], "enc_range"),
        ("all-zero s2 (a unary run past 2047)", pk, msg, sig[:hdr] + bytes(pad_len), "enc_range"),
        ("s2 runs out of bytes", pk, msg, sig[:hdr] + F.compress(wide)[:pad_len], "enc_truncated"),
        ("s2's first coefficients doubled", pk, msg, doubled, "norm"),
    ]
    if i0 is not None:
        cases.append(("-0 coefficient", pk, msg, sig[:hdr] + F.compress_bits(s2, pad_len, minus_zero=(i0,)), "enc_minus_zero"))
    return cases


def tampered_sm(p: F.Params, pk: bytes, sm: bytes) -> list[tuple[str, bytes, str | None]]:
    """(what, sm, expected reason) for one valid signed message (NIST API layout)."""
    s = F.parse_sm(sm)
    comp = s.esig[1:]
    return [
        ("sm: esig header 0x39", F.make_sm(s.nonce, s.msg, bytes([p.sig_header]) + comp), "sig_header"),
        ("sm: one zero byte appended to esig", F.make_sm(s.nonce, s.msg, s.esig + b"\x00"), "enc_length"),
        ("sm: last esig byte dropped", F.make_sm(s.nonce, s.msg, s.esig[:-1]), None),
        ("sm: sig_len too large", (len(s.esig) + len(s.msg) + 1).to_bytes(2, "big") + sm[2:], "sig_length"),
        ("sm: shorter than 42 bytes", sm[:41], "sig_length"),
        ("sm: sig_len 0", b"\x00\x00" + sm[2:], "sig_header"),
        ("sm: message byte changed", F.make_sm(s.nonce, bytes([s.msg[0] ^ 0x80]) + s.msg[1:], s.esig), "norm"),
    ]


@pytest.mark.parametrize("name", ["Falcon-512", "Falcon-1024"])
def test_tampered(name: str) -> None:
    p = F.PARAMS[name]
    rng = random.Random(37)
    if p is P512:
        e = kat_entries()[1]
        pk = bytes.fromhex(e["pk"])
        msg, sig = F.sm_to_detached(p, bytes.fromhex(e["sm"]))
    else:
        x = vectors_1024()[0]
        pk, msg, sig = (bytes.fromhex(x[k]) for k in ("pk", "msg", "sig"))
    assert F.verify(p, pk, msg, sig).ok
    for what, pk2, msg2, sig2, want in tampered(p, pk, msg, sig, rng):
        v = F.verify(p, pk2, msg2, sig2)
        assert v.ok == (want == "ok"), what
        assert want is None or v.reason == want, f"{what}: {v.reason}, want {want}"


def test_tampered_signed_message() -> None:
    e = kat_entries()[0]
    pk, sm = bytes.fromhex(e["pk"]), bytes.fromhex(e["sm"])
    for what, sm2, want in tampered_sm(P512, pk, sm):
        v = F.open_sm(P512, pk, sm2)
        assert not v.ok, what
        assert want is None or v.reason == want, f"{what}: {v.reason}, want {want}"


# ----------------------------------------------------------------------------- 3. the bound


@pytest.mark.parametrize("name", ["Falcon-512", "Falcon-1024"])
def test_norm_boundary(name: str) -> None:
    p = F.PARAMS[name]
    for target, ok in ((p.beta2 - 1, True), (p.beta2, True), (p.beta2 + 1, False)):
        pk, sig = F.craft_at_norm(p, bytes(range(40)), b"bound", target)
        v = F.verify(p, pk, b"bound", sig)
        assert v.norm == target and v.ok is ok


def test_centring_edges() -> None:
    """s1 = +6144 (raw 6144) and -6144 (raw 6145) count 6144^2 each: Falcon-1024 at the bound."""
    p = P1024
    for edge in (6144, 6145):
        pk, sig = F.craft_at_norm(p, bytes(40), b"edge", p.beta2, edges=(edge,))
        v = F.verify(p, pk, b"edge", sig)
        assert v.ok and v.norm == p.beta2
    assert F.center(6144) == 6144 and F.center(6145) == -6144


def test_bounds_from_sigma() -> None:
    """floor(beta^2), beta = 1.1 sigma sqrt(2n), sigma from Table 3.3 (spec v1.2)."""
    for p, sigma in ((P512, 165.736617183), (P1024, 168.388571447)):
        assert int((1.1 * sigma) ** 2 * 2 * p.n) == p.beta2


# ----------------------------------------------------------------------------- 4. parts


@pytest.mark.parametrize("n", [8, 64, 512, 1024])
def test_ring_product(n: int) -> None:
    rng = random.Random(n)
    for _ in range(2 if n >= 512 else 5):
        a = [rng.randrange(F.Q) for _ in range(n)]
        b = [rng.randrange(F.Q) for _ in range(n)]
        assert F.mul_negacyclic(a, b) == F.mul_schoolbook(a, b)
    x = [0] * n
    x[n - 1] = 1                                   # X^(n-1) X = X^n = -1
    one_x = [0] * n
    one_x[1] = 1
    assert F.mul_negacyclic(x, one_x) == [F.Q - 1] + [0] * (n - 1)


def consumed_values(p: F.Params, nonce: bytes, msg: bytes) -> list[int]:
    """The 16-bit values HashToPoint reads (up to the n-th kept one), from the raw stream."""
    stream = hashlib.shake_256(nonce + msg).digest(8 * p.n)
    out, kept = [], 0
    for i in range(0, len(stream), 2):
        t = int.from_bytes(stream[i:i + 2], "big")
        out.append(t)
        kept += t < 61445
        if kept == p.n:
            return out
    raise AssertionError("stream too short")


def nonce_reading(p: F.Params, msg: bytes, value: int) -> bytes:
    """A nonce for which HashToPoint(nonce || msg) reads `value` (e.g. 61444, the largest kept
    value, or 61445, the smallest rejected one: an off-by-one in the bound changes c)."""
    for i in range(1 << 16):
        nonce = i.to_bytes(40, "big")
        if value in consumed_values(p, nonce, msg):
            return nonce
    raise AssertionError(f"no nonce reads {value}")


@pytest.mark.parametrize("name", ["Falcon-512", "Falcon-1024"])
def test_hash_to_point_rejection(name: str) -> None:
    """Against the raw SHAKE256 stream: t >= 61445 skipped, t < 61445 kept as t mod q; streams
    that read 61444 and 61445 among the first n kept values."""
    p = F.PARAMS[name]
    for value in (61444, 61445, 61446, 65535):
        nonce = nonce_reading(p, b"hash", value)
        ts = consumed_values(p, nonce, b"hash")
        assert F.hash_to_point(p, nonce, b"hash") == [t % F.Q for t in ts if t < 61445]


def test_pk_and_compress_round_trip() -> None:
    rng = random.Random(5)
    for p in (P512, P1024):
        h = [rng.randrange(F.Q) for _ in range(p.n)]
        assert F.decode_pk(p, F.encode_pk(p, h)) == h
        s2 = [rng.randrange(-2047, 2048) for _ in range(p.n)]
        enc = F.compress(s2)
        assert F.decompress(p, enc, padded=False) == s2
        assert F.decompress(p, enc + bytes(5), padded=True) == s2
        with pytest.raises(F.Reject, match="enc_length"):
            F.decompress(p, enc + bytes(1), padded=False)
