"""The Falcon verification firmware (firmware/schemes/falcon/, plain-C baseline), built and run
natively on the host, against the project's Falcon oracle (verif/models/falcon.py).

The host's gcc builds firmware/schemes/falcon/{falcon.c, falcon_kernels.c, host_test.c} once per
parameter set with -O2 -Wall -Wextra -Werror (-DFALCON_LOGN=9|10 -DPQX_KERNEL=0); host_test.c
reads commands on stdin and prints the outputs (its header comment has the protocol). Skipped,
with the reason, when gcc is missing. This is not the SoC: the RISC-V program (falcon_kat.c), in
both builds, runs through scripts/schemes.py and `make kat` (docs/schemes.md, Falcon).

Every verdict is compared with the model's reason (ok, pk_header, enc_minus_zero, norm, ...),
not only accept / reject.

1. KAT: the first 3 entries of the round-3 Falcon-512 KAT (verif/vectors/falcon/) as signed
   messages (falcon_open) and as detached signatures (falcon_verify), and the 4 Falcon-1024
   triples from PyPI falcon-digital-signature (verify, and the norm against the stored one);
   nightly: all 100 KAT entries when ../shared holds the file.
2. Tampered inputs (verif/models/test_falcon.py's `tampered` / `tampered_sm`): a flipped s2 bit,
   a flipped nonce bit, a changed message byte, a changed pk coefficient, a pk coefficient >= q,
   wrong pk / signature header bytes, wrong lengths, non-zero padding (last byte, right after s2),
   |s2_0| = 2048, a unary run past 2047, s2 running out of bytes, "-0", part of s2 doubled; the
   signed-message ones (0x39 in sm, an extra byte, sig_len out of range, ...). Nightly: 200 random
   bit flips per set over pk, signature and message.
3. The bound: signatures crafted (model's craft_at_norm) at floor(beta^2) - 1, floor(beta^2)
   (accepted) and floor(beta^2) + 1 (rejected), with the norm printed by the firmware; and with
   an s1 coefficient at each side of the centring (6144 -> +6144, 6145 -> -6144).
4. The stages: mod-q reductions (every 16-bit input of reduce16, montymul on a grid), the NTT
   product against the model's ring product (and X^(n-1) X = -1), intt(ntt(a)) = a,
   hash-to-point (empty, short and multi-block messages), pk decoding, s2 decompression.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from verif.models import falcon as F
from verif.models.test_falcon import nonce_reading, tampered, tampered_sm
from verif.vectors import SHARED_VECTORS
from verif.vectors.rsp import parse_rsp

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "firmware" / "schemes" / "falcon"
LIB = ROOT / "firmware" / "lib"
VECTORS = ROOT / "verif" / "vectors" / "falcon"
SHARED_RSP = SHARED_VECTORS / "falcon512-kat-mirror" / "test" / "falcon512-KAT.rsp"
NAMES = ("Falcon-512", "Falcon-1024")
CFLAGS = ("-O2", "-Wall", "-Wextra", "-Werror", "-std=gnu11")
GCC = shutil.which("gcc")

pytestmark = pytest.mark.skipif(GCC is None, reason="no gcc on this host: the native Falcon firmware "
                                "check needs a host C compiler (the SoC build uses zig cc, not this test)")


def _compile(out: Path, p: F.Params, *extra: str) -> Path:
    cmd = [GCC, *CFLAGS, f"-DFALCON_LOGN={p.logn}", "-DPQX_KERNEL=0", *extra, f"-I{SRC}", f"-I{LIB}",
           str(SRC / "falcon.c"), str(SRC / "falcon_kernels.c"), str(SRC / "host_test.c"), "-o", str(out)]
    r = subprocess.run(cmd, capture_output=True, text=True)
    assert r.returncode == 0, f"gcc failed for {p.name}:\n{r.stderr}"
    return out


@pytest.fixture(scope="module")
def binaries(tmp_path_factory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("falcon_native")
    return {name: _compile(d / f"falcon{F.PARAMS[name].logn}", F.PARAMS[name]) for name in NAMES}


def run(exe: Path, commands: list[str]) -> list[tuple[str, str]]:
    r = subprocess.run([str(exe)], input="\n".join(commands) + "\n", capture_output=True, text=True,
                       timeout=600)
    assert r.returncode == 0, f"{exe.name} exited {r.returncode}:\n{r.stderr[-3000:]}"
    return [(k, v) for k, _, v in (line.partition(" ") for line in r.stdout.splitlines())]


def values(out: list[tuple[str, str]], key: str) -> list[str]:
    return [v for k, v in out if k == key]


def hx(b: bytes) -> str:
    return b.hex() if b else "-"


def poly(p: list[int]) -> str:
    return ",".join(map(str, p))


def unpoly(s: str) -> list[int]:
    return [int(x) for x in s.split(",")]


def verify_cmd(pk: bytes, msg: bytes, sig: bytes) -> str:
    return f"verify {hx(pk)} {hx(msg)} {hx(sig)}"


def _detached_cases(exe: Path, p: F.Params, cases: list[tuple[str, bytes, bytes, bytes]]) -> None:
    """Each (what, pk, msg, sig): the firmware's reason must be the model's."""
    got = values(run(exe, [verify_cmd(pk, m, s) for _, pk, m, s in cases]), "result")
    assert len(got) == len(cases)
    bad = [(what, g, F.verify(p, pk, m, s).reason) for (what, pk, m, s), g in zip(cases, got)
           if g != F.verify(p, pk, m, s).reason]
    assert not bad, f"{p.name}: firmware vs model (case, firmware, model): {bad}"


def _kat(entries: list[dict[str, str]]) -> list[tuple[bytes, bytes, bytes]]:
    return [(bytes.fromhex(e["pk"]), bytes.fromhex(e["sm"]), bytes.fromhex(e["msg"])) for e in entries]


def vectors_1024() -> list[dict]:
    return json.loads((VECTORS / "falcon1024-falconpy.json").read_text())


# ----------------------------------------------------------------------------- 1. KAT


def _check_kat(exe: Path, entries: list[dict[str, str]]) -> None:
    p = F.PARAMS["Falcon-512"]
    cmds = []
    for pk, sm, msg in _kat(entries):
        cmds.append(f"open {hx(pk)} {hx(sm)}")
        m2, sig = F.sm_to_detached(p, sm)
        cmds.append(verify_cmd(pk, m2, sig))
    out = run(exe, cmds)
    assert values(out, "result") == ["ok"] * (2 * len(entries))
    assert values(out, "msg") == [msg.hex() for _, _, msg in _kat(entries)]


def test_kat_first_entries(binaries) -> None:
    _check_kat(binaries["Falcon-512"], parse_rsp((VECTORS / "falcon512-KAT.rsp").read_text())[1])


@pytest.mark.nightly
@pytest.mark.skipif(not SHARED_RSP.exists(), reason=f"{SHARED_RSP} not present")
def test_kat_all_entries(binaries) -> None:
    entries = parse_rsp(SHARED_RSP.read_text())[1]
    assert len(entries) == 100
    _check_kat(binaries["Falcon-512"], entries)


def test_falcon1024_vectors(binaries) -> None:
    vs = vectors_1024()
    trip = [tuple(bytes.fromhex(x[k]) for k in ("pk", "msg", "sig")) for x in vs]
    out = run(binaries["Falcon-1024"], [verify_cmd(*t) for t in trip]
              + [f"norm {hx(pk)} {hx(m)} {hx(s)}" for pk, m, s in trip])
    assert values(out, "result") == ["ok"] * len(vs)
    assert [int(x) for x in values(out, "norm")] == [x["norm"] for x in vs]


def test_params(binaries) -> None:
    for name in NAMES:
        p = F.PARAMS[name]
        assert run(binaries[name], ["params"]) == [
            ("params", f"{name} n={p.n} pk={p.pk_bytes} sig={p.sig_bytes} bound={p.beta2}")]


# ----------------------------------------------------------------------------- 2. tampered


def _valid(p: F.Params, which: int = 0) -> tuple[bytes, bytes, bytes]:
    if p.logn == 9:
        e = parse_rsp((VECTORS / "falcon512-KAT.rsp").read_text())[1][which]
        msg, sig = F.sm_to_detached(p, bytes.fromhex(e["sm"]))
        return bytes.fromhex(e["pk"]), msg, sig
    x = vectors_1024()[which]
    return tuple(bytes.fromhex(x[k]) for k in ("pk", "msg", "sig"))


@pytest.mark.parametrize("name", NAMES)
def test_tampered(binaries, name: str) -> None:
    p = F.PARAMS[name]
    rng = random.Random(370)
    cases, wants = [], []
    for which in (0, 1):
        pk, msg, sig = _valid(p, which)
        cases.append(("valid", pk, msg, sig))
        wants.append("ok")
        for what, a, b, c, want in tampered(p, pk, msg, sig, rng):
            cases.append((what, a, b, c))
            wants.append(want)
    _detached_cases(binaries[name], p, cases)
    # and the expected reasons of the model's own test hold for the firmware too
    got = values(run(binaries[name], [verify_cmd(a, b, c) for _, a, b, c in cases]), "result")
    bad = [(what, g, w) for (what, *_), g, w in zip(cases, got, wants) if w is not None and g != w]
    assert len(got) == len(cases) and not bad, bad
    assert 2 < got.count("ok") < len(cases) // 2     # the valid ones in both formats


def test_tampered_signed_message(binaries) -> None:
    p = F.PARAMS["Falcon-512"]
    cmds, want = [], []
    for pk, sm, _ in _kat(parse_rsp((VECTORS / "falcon512-KAT.rsp").read_text())[1]):
        for what, sm2, _ in tampered_sm(p, pk, sm):
            cmds.append(f"open {hx(pk)} {hx(sm2)}")
            want.append((what, F.open_sm(p, pk, sm2).reason))
    got = values(run(binaries["Falcon-512"], cmds), "result")
    bad = [(w, g, r) for (w, r), g in zip(want, got) if g != r]
    assert len(got) == len(want) and not bad, bad
    assert {"enc_length", "sig_header", "sig_length", "norm"} <= set(got)


def _random_flips(exe: Path, p: F.Params, count: int, seed: int) -> None:
    rng = random.Random(seed)
    cases = []
    for k in range(count):
        pk, msg, sig = _valid(p, k % 2)
        where = rng.randrange(3)
        if where == 0:
            b = rng.randrange(8 * len(sig))
            sig = bytes(x ^ (0x80 >> (b % 8) if i == b // 8 else 0) for i, x in enumerate(sig))
        elif where == 1:
            b = rng.randrange(8 * len(pk))
            pk = bytes(x ^ (0x80 >> (b % 8) if i == b // 8 else 0) for i, x in enumerate(pk))
        else:
            i = rng.randrange(len(msg))
            msg = msg[:i] + bytes([msg[i] ^ rng.randrange(1, 256)]) + msg[i + 1:]
        cases.append((f"flip {k} in {('sig', 'pk', 'msg')[where]}", pk, msg, sig))
    _detached_cases(exe, p, cases)


@pytest.mark.parametrize("name", NAMES)
def test_random_flips(binaries, name: str) -> None:
    _random_flips(binaries[name], F.PARAMS[name], 12, seed=37)


@pytest.mark.nightly
@pytest.mark.parametrize("name", NAMES)
def test_random_flips_nightly(binaries, name: str) -> None:
    _random_flips(binaries[name], F.PARAMS[name], 200, seed=3700)


# ----------------------------------------------------------------------------- 3. the bound


@pytest.mark.parametrize("name", NAMES)
def test_norm_boundary(binaries, name: str) -> None:
    p = F.PARAMS[name]
    cmds, want = [], []
    for target, ok in ((p.beta2 - 1, "ok"), (p.beta2, "ok"), (p.beta2 + 1, "norm")):
        pk, sig = F.craft_at_norm(p, bytes(range(40)), b"bound", target)
        cmds += [verify_cmd(pk, b"bound", sig), f"norm {hx(pk)} {hx(b'bound')} {hx(sig)}"]
        want.append((ok, str(target)))
    # s1 coefficients on both sides of the centring (raw 6144 -> +6144, 6145 -> -6144): exactly
    # at the bound for Falcon-1024 (one 6144^2 share fits), above it for Falcon-512
    edge_cases = [((6145,), p.beta2), ((6144,), p.beta2)] if p.logn == 10 else [((6144, 6145), 80_000_000)]
    for edges, target in edge_cases:
        pk, sig = F.craft_at_norm(p, bytes(40), b"edge", target, edges=edges)
        cmds += [verify_cmd(pk, b"edge", sig), f"norm {hx(pk)} {hx(b'edge')} {hx(sig)}"]
        want.append((F.verify(p, pk, b"edge", sig).reason, str(target)))
    out = run(binaries[name], cmds)
    assert list(zip(values(out, "result"), values(out, "norm"))) == want


# ----------------------------------------------------------------------------- 4. stages


@pytest.mark.parametrize("name", NAMES)
def test_mq(binaries, name: str) -> None:
    assert run(binaries[name], ["mq"]) == [("mq_bad", "0")]


@pytest.mark.parametrize("name", NAMES)
def test_ntt_product(binaries, name: str) -> None:
    p = F.PARAMS[name]
    rng = random.Random(p.n)
    pairs = [([rng.randrange(F.Q) for _ in range(p.n)], [rng.randrange(F.Q) for _ in range(p.n)])
             for _ in range(3)]
    xn1, x1 = [0] * p.n, [0] * p.n
    xn1[-1], x1[1] = 1, 1
    pairs.append((xn1, x1))
    pairs.append(([F.Q - 1] * p.n, [F.Q - 1] * p.n))
    out = run(binaries[name], [f"mul {poly(a)} {poly(b)}" for a, b in pairs]
              + [f"roundtrip {poly(a)}" for a, _ in pairs])
    got = [unpoly(v) for v in values(out, "prod")]
    assert got[0] == F.mul_schoolbook(*pairs[0])
    assert got == [F.mul_negacyclic(a, b) for a, b in pairs]
    assert got[3] == [F.Q - 1] + [0] * (p.n - 1)
    assert [unpoly(v) for v in values(out, "poly")] == [a for a, _ in pairs]


@pytest.mark.parametrize("name", NAMES)
def test_hash_to_point(binaries, name: str) -> None:
    p = F.PARAMS[name]
    rng = random.Random(3)
    cases = [(bytes(40), b""), (rng.randbytes(40), b"a"), (rng.randbytes(40), rng.randbytes(95)),
             (rng.randbytes(40), rng.randbytes(96)), (rng.randbytes(40), rng.randbytes(1000))]
    cases += [(nonce_reading(p, b"hash", v), b"hash") for v in (61444, 61445)]   # the bound's edges
    out = run(binaries[name], [f"hash {hx(n)} {hx(m)}" for n, m in cases])
    assert [unpoly(v) for v in values(out, "c")] == [F.hash_to_point(p, n, m) for n, m in cases]


@pytest.mark.parametrize("name", NAMES)
def test_decode_pk(binaries, name: str) -> None:
    p = F.PARAMS[name]
    rng = random.Random(4)
    h = [rng.randrange(F.Q) for _ in range(p.n)]
    h[0], h[-1] = F.Q - 1, 0
    good = F.encode_pk(p, h)
    pks = [good, bytes([good[0] + 1]) + good[1:], good[:-1]]
    for k in (0, p.n // 2, p.n - 1):
        bad = h[:]
        bad[k] = F.Q
        pks.append(F.encode_pk(p, bad))
    bad = h[:]
    bad[5] = (1 << 14) - 1
    pks.append(F.encode_pk(p, bad))
    out = run(binaries[name], [f"decode_pk {hx(pk)}" for pk in pks])

    def model(pk: bytes) -> str:
        try:
            F.decode_pk(p, pk)
            return "ok"
        except F.Reject as e:
            return e.reason
    assert values(out, "result") == [model(pk) for pk in pks]
    assert values(out, "result")[:3] == ["ok", "pk_header", "pk_length"]
    assert [unpoly(v) for v in values(out, "h")] == [h]


@pytest.mark.parametrize("name", NAMES)
def test_decompress(binaries, name: str) -> None:
    p = F.PARAMS[name]
    rng = random.Random(6)
    s2 = [rng.randrange(-300, 301) for _ in range(p.n)]
    s2[0], s2[1], s2[2], s2[-1] = 2047, -2047, 0, 127
    enc = F.compress(s2)
    nb = len(enc)
    cases = [(enc, 0), (enc, 1), (enc + bytes(3), 1), (enc + bytes(1), 0), (enc[:-1], 0),
             (enc + b"\x01", 1), (F.compress_bits(s2, minus_zero=(2,)), 0), (bytes(nb), 1),
             (F.compress([2048] + s2[1:]), 0), (F.compress([-2048] + s2[1:]), 0), (b"", 0)]
    used_bits = sum(9 + (abs(x) >> 7) for x in s2)
    if used_bits % 8:
        b = bytearray(enc)
        b[-1] |= 1                                     # last unused bit of the last byte
        cases.append((bytes(b), 0))
    out = run(binaries[name], [f"decompress {hx(d)} {pad}" for d, pad in cases])

    def model(d: bytes, pad: int) -> str:
        try:
            F.decompress(p, d, bool(pad))
            return "ok"
        except F.Reject as e:
            return e.reason
    want = [model(d, pad) for d, pad in cases]
    assert values(out, "result") == want
    assert {"ok", "enc_length", "enc_truncated", "enc_trailing", "enc_minus_zero", "enc_range"} <= set(want)
    assert [unpoly(v) for v in values(out, "s2")] == [s2] * want.count("ok")
