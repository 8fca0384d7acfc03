"""The SLH-DSA firmware (firmware/schemes/slhdsa/, plain-C baseline), built and run natively on
the host, for both hash families of FIPS 205 (SHAKE, section 11.1; SHA2, section 11.2) and all six
size sets, against the slh-dsa package (pure Python, written from FIPS 205 by others) and, for the
SHAKE sets' key generation, the project's FIPS 205 model.

The host's gcc builds firmware/schemes/slhdsa/{slhdsa.c, slhdsa_kernels.c, host_test.c} once per
set with -O2 -Wall -Wextra -Werror (-DSLH_SET=1..6 -DSLH_SHA2=0|1 -DPQX_KERNEL=0); host_test.c
reads commands on stdin (its header comment has the protocol). Skipped, with the reason, when gcc
is missing. This is not the SoC: the RISC-V program (slhdsa_kat.c, plain C and PQX builds) runs
through scripts/schemes.py and `make kat` (docs/schemes.md, SLH-DSA).

HashSLH-DSA's M' (firmware/lib/prehash.h, shared with HashML-DSA): 1 || |ctx| || ctx || OID || PH(M)
for all twelve pre-hash functions of FIPS 204/205 against hashlib, over message lengths around
the block boundaries.

NIST ACVP (the SHA2 groups of verif/vectors/slhdsa/, trimmed from the ACVP-Server samples):
KeyGen from the seeds and verification (valid, modified FORS, hypertree or R part, altered
message) bit for bit and verdict for verdict. Per set: KeyGen of random seeds; for the fast sets deterministic signing of a random message
(bit for bit), a hedged signature that the package accepts, and verification of a valid, a
tampered and a wrong-message signature. The small sets (128s/f) run in `make test`; the others at
night (their references take seconds to minutes in Python).
"""

from __future__ import annotations

import functools
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from verif.kat.acvp import load_json
from verif.soc.schemes import (PARAM_SETS, PREHASH, SLH_FAMILIES, SLH_SETS, prehash_mprime, slh_expected,
                                slh_reference)

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "firmware" / "schemes" / "slhdsa"
INCLUDES = (SRC, ROOT / "firmware" / "lib", ROOT / "firmware" / "runtime")
CFLAGS = ("-O2", "-Wall", "-Wextra", "-Werror", "-std=gnu11")
GCC = shutil.which("gcc")
NAMES = [f"SLH-DSA-{f}-{s}" for f in SLH_FAMILIES for s in SLH_SETS]
QUICK = ("128s", "128f")
VECTORS = ROOT / "verif" / "vectors" / "slhdsa"

pytestmark = pytest.mark.skipif(GCC is None, reason="no gcc on this host: the native SLH-DSA firmware "
                                "check needs a host C compiler (the SoC build uses zig cc, not this test)")


def _compile(out: Path, name: str) -> Path:
    flags = PARAM_SETS[name].cflags
    cmd = [GCC, *CFLAGS, *flags, "-DPQX_KERNEL=0", *(f"-I{d}" for d in INCLUDES),
           *(str(SRC / f) for f in ("slhdsa.c", "slhdsa_kernels.c", "host_test.c")), "-o", str(out)]
    r = subprocess.run(cmd, capture_output=True, text=True)
    assert r.returncode == 0, f"gcc failed for {name}:\n{r.stderr}"
    return out


@pytest.fixture(scope="module")
def binaries(tmp_path_factory):
    """name -> the set's binary, compiled when a test first asks for it"""
    d = tmp_path_factory.mktemp("slhdsa_native")
    return functools.cache(lambda name: _compile(d / name.lower(), name))


def run(exe: Path, commands: list[str]) -> list[tuple[str, str]]:
    r = subprocess.run([str(exe)], input="\n".join(commands) + "\n", capture_output=True, text=True,
                       timeout=600)
    assert r.returncode == 0, f"{exe.name} exited {r.returncode}:\n{r.stderr[-3000:]}"
    return [(k, v) for k, _, v in (line.partition(" ") for line in r.stdout.splitlines())]


def hx(b: bytes) -> str:
    return b.hex() if b else "-"


def params(name: str) -> pytest.param:
    size = name.rsplit("-", 1)[1]
    return pytest.param(name, marks=() if size in QUICK else pytest.mark.nightly)


@pytest.mark.parametrize("name", [params(n) for n in NAMES])
def test_firmware_matches_reference(binaries, name: str) -> None:
    from slhdsa.lowlevel import slhdsa as lowlevel
    exe, pset = binaries(name), PARAM_SETS[name]
    n = pset.sizes["pk"] // 2
    rng = random.Random(f"native {name}")
    seeds = {k: rng.randbytes(n) for k in ("sk_seed", "sk_prf", "pk_seed")}
    out = dict(run(exe, ["params", "keygen " + " ".join(hx(seeds[k]) for k in ("sk_seed", "sk_prf", "pk_seed"))]))
    assert out["params"] == (f"n={n} pk={pset.sizes['pk']} sk={pset.sizes['sk']} sig={pset.sizes['sig']}")
    want = slh_expected(pset, "keygen", seeds)
    assert bytes.fromhex(out["sk"]) == want["sk"], f"{name}: KeyGen's SK differs from the reference"
    assert bytes.fromhex(out["pk"]) == want["pk"]
    if not name.endswith("f"):
        return                  # signing the small-signature sets takes minutes in Python: ACVP files
    sk, pk = want["sk"], want["pk"]
    msg, rnd = rng.randbytes(rng.randrange(0, 100)), rng.randbytes(n)
    signed = dict(run(exe, [f"sign {hx(sk)} {hx(msg)} -"]))
    sig = slh_expected(pset, "sign_det", {"sk": sk, "msg": msg})["sig"]
    assert bytes.fromhex(signed["sig"]) == sig, f"{name}: deterministic signature differs from the reference"
    hedged = bytes.fromhex(dict(run(exe, [f"sign {hx(sk)} {hx(msg)} {hx(rnd)}"]))["sig"])
    assert hedged != sig and lowlevel.verify(msg, hedged, (pk[:n], pk[n:]), slh_reference(pset))
    bad = bytearray(sig)
    bad[rng.randrange(len(bad))] ^= 1 << rng.randrange(8)
    verdicts = [v for k, v in run(exe, [f"verify {hx(pk)} {hx(msg)} {hx(sig)}",
                                        f"verify {hx(pk)} {hx(msg)} {hx(bytes(bad))}",
                                        f"verify {hx(pk)} {hx(msg + b'!')} {hx(sig)}",
                                        f"verify {hx(pk)} {hx(msg)} {hx(hedged)}"]) if k == "ok"]
    assert verdicts == ["1", "0", "0", "1"]


def test_bad_input_is_one_line(binaries) -> None:
    """The harness's own input check (host_io.h): a short key is one line and exit status 2."""
    exe = binaries("SLH-DSA-SHA2-128f")
    r = subprocess.run([str(exe)], input="keygen 00 00 00\n", capture_output=True, text=True)
    assert r.returncode == 2 and r.stderr.strip().count("\n") == 0 and "sk_seed" in r.stderr


def test_acvp_sha2_keygen(binaries) -> None:
    doc = load_json(VECTORS / "SLH-DSA-keyGen-FIPS205-internalProjection-SHA2.json")
    checked = 0
    for g in doc["testGroups"]:
        cmds = [f"keygen {t['skSeed']} {t['skPrf']} {t['pkSeed']}" for t in g["tests"]]
        out = run(binaries(g["parameterSet"]), cmds)
        assert [v for k, v in out if k == "sk"] == [t["sk"].lower() for t in g["tests"]], g["parameterSet"]
        assert [v for k, v in out if k == "pk"] == [t["pk"].lower() for t in g["tests"]], g["parameterSet"]
        checked += len(g["tests"])
    assert checked == 4


def test_acvp_sha2_sigver(binaries) -> None:
    doc = load_json(VECTORS / "SLH-DSA-sigVer-FIPS205-internalProjection-SHA2.json.bz2")
    verdicts = {}
    for g in doc["testGroups"]:
        out = run(binaries(g["parameterSet"]), [f"verify {t['pk']} {t['message'] or '-'} {t['signature']}"
                                                for t in g["tests"]])
        got = [v == "1" for k, v in out if k == "ok"]
        verdicts.update({(g["parameterSet"], t["tcId"]): (v, t["testPassed"]) for t, v in zip(g["tests"], got)})
    assert len(verdicts) == 8 and {want for _, want in verdicts.values()} == {True, False}
    wrong = {case: v for case, v in verdicts.items() if v[0] != v[1]}
    assert not wrong, f"(set, tcId): (firmware, ACVP) verdicts differ: {wrong}"


def test_prehash_mprime(binaries) -> None:
    rng = random.Random("prehash")
    cases = [(ph, rng.randbytes(rng.choice((0, 1, 255))), rng.randbytes(n))
             for ph in PREHASH for n in (0, 1, 55, 56, 64, 111, 112, 128, 200, 1000)]
    out = run(binaries("SLH-DSA-SHA2-128f"), [f"mprime {ph} {hx(ctx)} {hx(m)}" for ph, ctx, m in cases])
    got = [v for k, v in out if k == "mprime"]
    wrong = sorted({ph for (ph, ctx, m), g in zip(cases, got) if g != prehash_mprime(ph, ctx, m).hex()})
    assert len(got) == len(cases) and not wrong, f"M' differs from hashlib's for PH {wrong}"
    bad = [v for k, v in run(binaries("SLH-DSA-SHA2-128f"), ["mprime 13 - 00", "mprime 0 - 00"]) if k == "mprime"]
    assert bad == ["-", "-"], "an unknown PH must give no M'"
