"""The HQC firmware (firmware/schemes/hqc/, plain-C baseline), built and run natively on the host,
against the project's HQC model (verif/models/hqc.py) and liboqs's KAT hashes.

The host's gcc builds firmware/schemes/hqc/{hqc.c, hqc_kernels.c, host_test.c} once per parameter
set with -O2 -Wall -Wextra -Werror (-DHQC_SET=1|3|5 -DPQX_KERNEL=0); host_test.c reads commands on
stdin and prints the outputs (its header comment has the protocol). Skipped, with the reason, when
gcc is missing. This is not the SoC: the RISC-V program (hqc_kat.c) runs through
scripts/schemes.py and `make kat` (docs/schemes.md, HQC).

1. KAT: the first 3 entries of HQC-1 and HQC-3 (verif/vectors/hqc/): KeyGen from the entry's
   seed_KEM, Encaps with its m and salt, Decaps of its ciphertext (pk, sk, ct, ss); liboqs's
   SHA-256 of entry 0 for all three sets (HQC-5 has no .rsp file here); nightly: of entries 0-99.
2. Random cases: KeyGen, Encaps, Decaps of the honest ciphertext and of modified ones (a bit of u,
   a padding bit of u, a bit of v that the code corrects, the salt), ss and m' against the model's
   decaps_trace (the implicit-rejection key K-bar for the modified ones).
3. The stages against the model's: every GF(2^8) product and inverse, x mod n (every x < 2^24),
   RS encoding and decoding (0 .. delta errors, and beyond), RM and concatenated decoding at several
   noise levels, both samplers, the vector product (with the padding bits of a malformed operand).
4. Constant time (when valgrind and its memcheck.h are there): a build with -DHQC_CTGRIND runs
   KeyGen/Encaps/Decaps with the secrets marked undefined; memcheck must report no branch and no
   address that depends on them. A small program with a secret branch shows the check can fail.
"""

from __future__ import annotations

import functools
import hashlib
import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from verif.models import hqc
from verif.vectors.rsp import parse_rsp

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "firmware" / "schemes" / "hqc"
LIB = ROOT / "firmware" / "lib"
VECTORS = ROOT / "verif" / "vectors" / "hqc"
LIBOQS = json.loads((VECTORS / "liboqs-kats-hqc.json").read_text())
NAMES = ("HQC-1", "HQC-3", "HQC-5")
CFLAGS = ("-O2", "-Wall", "-Wextra", "-Werror", "-std=gnu11")
GCC = shutil.which("gcc")
VALGRIND = shutil.which("valgrind")
MEMCHECK_H = Path("/usr/include/valgrind/memcheck.h")

needs_gcc = pytest.mark.skipif(GCC is None, reason="no gcc on this host: the native HQC firmware check "
                               "needs a host C compiler (the SoC build uses zig cc, not this test)")
needs_valgrind = pytest.mark.skipif(VALGRIND is None or not MEMCHECK_H.exists(),
                                    reason="valgrind (memcheck, with valgrind/memcheck.h) not installed")
pytestmark = needs_gcc


def _compile(out: Path, name: str, *extra: str) -> Path:
    cmd = [GCC, *CFLAGS, f"-DHQC_SET={name[-1]}", "-DPQX_KERNEL=0", *extra, f"-I{SRC}", f"-I{LIB}",
           str(SRC / "hqc.c"), str(SRC / "hqc_kernels.c"), str(SRC / "host_test.c"), "-o", str(out)]
    r = subprocess.run(cmd, capture_output=True, text=True)
    assert r.returncode == 0, f"gcc failed for {name}:\n{r.stderr}"
    return out


@pytest.fixture(scope="module")
def binaries(tmp_path_factory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("hqc_native")
    return {name: _compile(d / f"hqc{name[-1]}", name) for name in NAMES}


def run(exe: Path, commands: list[str], valgrind: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    r = subprocess.run([*valgrind, str(exe)], input="\n".join(commands) + "\n", capture_output=True,
                       text=True, timeout=600)
    assert r.returncode == 0, f"{exe.name} exited {r.returncode}:\n{r.stderr[-3000:]}"
    out = []
    for line in r.stdout.splitlines():
        key, _, value = line.partition(" ")
        out.append((key, value))
    return out


def values(out: list[tuple[str, str]], key: str) -> list[bytes]:
    return [bytes.fromhex(v) for k, v in out if k == key]


# ----------------------------------------------------------------------------- 1. KAT


def _kat_entries(name: str) -> list[dict[str, str]]:
    return parse_rsp((VECTORS / f"{name.lower()}.rsp").read_text())[1]


def _kat_randomness(p: hqc.Params, seed: bytes) -> tuple[bytes, bytes, bytes]:
    prng = hqc.KatPrng(seed)
    return prng.read(p.SEED_BYTES), prng.read(p.k), prng.read(p.SALT_BYTES)


@pytest.mark.parametrize("name", ["HQC-1", "HQC-3"])
def test_kat_entries(binaries, name: str) -> None:
    """The first 3 KAT entries: pk, sk, ct, ss, and Decaps of the KAT ciphertext."""
    p = hqc.PARAMS[name]
    entries = _kat_entries(name)
    assert len(entries) == 3
    cmds = []
    for e in entries:
        seed_kem, m, salt = _kat_randomness(p, bytes.fromhex(e["seed"]))
        cmds += [f"keygen {seed_kem.hex()}", f"encaps {e['pk']} {m.hex()} {salt.hex()}",
                 f"decaps {e['sk']} {e['ct']}"]
    out = run(binaries[name], cmds)
    ek, dk, ct, ss = (values(out, k) for k in ("ek", "dk", "ct", "ss"))
    for i, e in enumerate(entries):
        assert ek[i].hex().upper() == e["pk"], f"{name} count {i}: pk"
        assert dk[i].hex().upper() == e["sk"], f"{name} count {i}: sk"
        assert ct[i].hex().upper() == e["ct"], f"{name} count {i}: ct"
        assert ss[2 * i].hex().upper() == e["ss"], f"{name} count {i}: ss (Encaps)"
        assert ss[2 * i + 1].hex().upper() == e["ss"], f"{name} count {i}: ss (Decaps)"


def _firmware_kat_text(exe: Path, p: hqc.Params, count: int) -> str:
    """liboqs's kat_kem output made from the firmware's pk/sk/ct/ss (the seeds from the harness's
    PRNG); Decaps of each ciphertext must give its ss."""
    seeds = hqc.kat_seeds(count)
    keys = run(exe, [f"keygen {_kat_randomness(p, s)[0].hex()}" for s in seeds])
    eks, dks = values(keys, "ek"), values(keys, "dk")
    enc = run(exe, [f"encaps {eks[i].hex()} {_kat_randomness(p, s)[1].hex()} {_kat_randomness(p, s)[2].hex()}"
                    for i, s in enumerate(seeds)])
    cts, sss = values(enc, "ct"), values(enc, "ss")
    dec = values(run(exe, [f"decaps {dks[i].hex()} {cts[i].hex()}" for i in range(count)]), "ss")
    assert dec == sss, "Decaps of a KAT ciphertext differs from Encaps"
    return "\n".join(hqc.kat_entry_text(hqc.KatEntry(i, seeds[i], eks[i], dks[i], cts[i], sss[i]))
                     for i in range(count))


@pytest.mark.parametrize("name", NAMES)
def test_liboqs_kat_hash_single(binaries, name: str) -> None:
    """Entry 0 of each set against liboqs's recorded SHA-256 (independent of the model)."""
    text = _firmware_kat_text(binaries[name], hqc.PARAMS[name], 1)
    assert hashlib.sha256(text.encode()).hexdigest() == LIBOQS[name]["single"]


@pytest.mark.nightly
@pytest.mark.parametrize("name", NAMES)
def test_liboqs_kat_hash_all(binaries, name: str) -> None:
    text = _firmware_kat_text(binaries[name], hqc.PARAMS[name], 100)
    assert hashlib.sha256(text.encode()).hexdigest() == LIBOQS[name]["all"]


# ----------------------------------------------------------------------------- 2. random cases


def _flip(data: bytes, bit: int) -> bytes:
    b = bytearray(data)
    b[bit // 8] ^= 1 << (bit % 8)
    return bytes(b)


def _modified(p: hqc.Params, ct: bytes, rng: random.Random) -> list[tuple[str, bytes]]:
    """Ciphertexts the firmware must reject (or, for a corrected bit of v, still reject: c' is the
    honest c, not the modified one) with K-bar."""
    n_bits, v_off = p.n, 8 * p.n_bytes
    return [
        ("u bit", _flip(ct, rng.randrange(n_bits))),
        ("u padding bit", _flip(ct, n_bits + rng.randrange(v_off - n_bits))),
        ("v bit", _flip(ct, v_off + rng.randrange(p.n1n2))),
        ("salt bit", _flip(ct, 8 * (p.ct_bytes - p.SALT_BYTES) + rng.randrange(8 * p.SALT_BYTES))),
        ("last byte", ct[:-1] + bytes([ct[-1] ^ 0x80])),
    ]


def _random_cases(exe: Path, p: hqc.Params, seed: int, count: int) -> None:
    rng = random.Random(seed)
    for case in range(count):
        seed_kem, m, salt = rng.randbytes(32), rng.randbytes(p.k), rng.randbytes(16)
        ek, dk = hqc.keygen(p, seed_kem)
        ct, ss = hqc.encaps(p, ek, m, salt)
        bad = _modified(p, ct, rng)
        out = run(exe, [f"keygen {seed_kem.hex()}", f"encaps {ek.hex()} {m.hex()} {salt.hex()}",
                        f"decaps {dk.hex()} {ct.hex()}", *(f"decaps {dk.hex()} {c.hex()}" for _, c in bad)])
        where = f"{p.name} case {case} (seed {seed})"
        assert values(out, "ek") == [ek], f"{where}: ek"
        assert values(out, "dk") == [dk], f"{where}: dk"
        assert values(out, "ct") == [ct], f"{where}: ct"
        got_ss, got_m = values(out, "ss"), values(out, "mprime")
        assert got_ss[0] == ss and got_ss[1] == ss, f"{where}: ss (Encaps, Decaps)"
        assert got_m[0] == m, f"{where}: m' of the honest ciphertext"
        for i, (what, c) in enumerate(bad):
            tr = hqc.decaps_trace(p, dk, c)
            assert not tr.accepted
            assert got_ss[2 + i] == tr.k_bar, f"{where}: Decaps of a ciphertext with a {what} changed"
            assert got_m[1 + i] == tr.m_prime, f"{where}: m' with a {what} changed"


@pytest.mark.parametrize("name", NAMES)
def test_random_cases(binaries, name: str) -> None:
    _random_cases(binaries[name], hqc.PARAMS[name], seed=36, count=2)


@pytest.mark.nightly
@pytest.mark.parametrize("name", NAMES)
def test_random_cases_nightly(binaries, name: str) -> None:
    _random_cases(binaries[name], hqc.PARAMS[name], seed=3600, count=25)


def test_decaps_with_a_broken_dk_sigma(binaries) -> None:
    """K-bar depends on sigma: the same bad ciphertext under a dk with another sigma."""
    p = hqc.PARAMS["HQC-1"]
    ek, dk = hqc.keygen(p, bytes(range(32)))
    ct, _ = hqc.encaps(p, ek, bytes(p.k), bytes(16))
    bad = _flip(ct, 5)
    dk2 = bytearray(dk)
    dk2[p.ek_bytes + 32] ^= 1                        # first byte of sigma
    out = values(run(binaries["HQC-1"], [f"decaps {dk.hex()} {bad.hex()}", f"decaps {bytes(dk2).hex()} {bad.hex()}"]), "ss")
    assert out == [hqc.decaps(p, dk, bad), hqc.decaps(p, bytes(dk2), bad)] and out[0] != out[1]


# ----------------------------------------------------------------------------- 3. stages


def test_gf_every_product_and_inverse(binaries) -> None:
    out = run(binaries["HQC-1"], ["gf"])
    mul, inv = values(out, "mul")[0], values(out, "inv")[0]
    assert list(mul) == [hqc.gf_mul(a, b) for a in range(256) for b in range(256)]
    assert list(inv) == [hqc.gf_inv(a) for a in range(256)]


@pytest.mark.parametrize("name", NAMES)
def test_mod_n(binaries, name: str) -> None:
    """Every 24-bit draw, edge values and 2^20 random 32-bit values against C's % (in C)."""
    assert run(binaries[name], ["mod_n"]) == [("mod_n_bad", "0")]


def _errors(rng: random.Random, cw: bytes, positions: list[int]) -> bytes:
    b = bytearray(cw)
    for i in positions:
        b[i] ^= rng.randrange(1, 256)
    return bytes(b)


@pytest.mark.parametrize("name", NAMES)
def test_rs(binaries, name: str) -> None:
    """Encoding; decoding with 0 .. delta errors (both ends included), and beyond delta (the
    firmware's decoder must still follow the model's, step for step)."""
    p = hqc.PARAMS[name]
    rng = random.Random(7)
    msgs = [rng.randbytes(p.k) for _ in range(6)]
    cws = [hqc.rs_encode(p, m) for m in msgs]
    words, want = [], []
    for m, cw in zip(msgs, cws):
        for t in (0, 1, 2, p.delta // 2, p.delta - 1, p.delta):
            words.append(_errors(rng, cw, rng.sample(range(p.n1), t)))
            want.append(m)
        words.append(_errors(rng, cw, [0, p.n1 - 1] + rng.sample(range(1, p.n1 - 1), p.delta - 2)))
        want.append(m)
        for t in (p.delta + 1, p.delta + 3, p.n1 // 2, p.n1):
            w = _errors(rng, cw, rng.sample(range(p.n1), t))
            words.append(w)
            want.append(hqc.rs_decode(p, w))
    words.append(bytes(p.n1))
    want.append(bytes(p.k))
    out = run(binaries[name], [f"rs_encode {m.hex()}" for m in msgs] + [f"rs_decode {w.hex()}" for w in words])
    assert values(out, "cw") == cws
    got = values(out, "msg")
    bad = [i for i, (g, w) in enumerate(zip(got, want)) if g != w]
    assert not bad, f"{name}: RS decoding differs on words {bad}"


def _noisy(rng: random.Random, v: int, bits: int, flips: int) -> int:
    for pos in rng.sample(range(bits), flips):
        v ^= 1 << pos
    return v


@pytest.mark.parametrize("name", NAMES)
def test_rm_and_code(binaries, name: str) -> None:
    """Concatenated encoding; RM decoding and full decoding of words at several noise levels (up to
    half the bits flipped: peak ties and wrong decisions included), of all-zero and all-one words."""
    p = hqc.PARAMS[name]
    rng = random.Random(11)
    msgs = [rng.randbytes(p.k) for _ in range(3)]
    vs = [hqc.code_encode(p, m) for m in msgs]
    noisy = [_noisy(rng, v, p.n1n2, f) for v in vs for f in (0, p.n1n2 // 20, p.n1n2 // 5, p.n1n2 // 3)]
    noisy += [0, (1 << p.n1n2) - 1]
    b = p.n1n2_bytes
    out = run(binaries[name], [f"code_encode {m.hex()}" for m in msgs]
              + [f"rm_decode {hqc.vec_to_bytes(w, b).hex()}" for w in noisy]
              + [f"code_decode {hqc.vec_to_bytes(w, b).hex()}" for w in noisy])
    assert values(out, "v") == [hqc.vec_to_bytes(v, b) for v in vs]
    assert values(out, "cw") == [hqc.rm_decode(p, w) for w in noisy]
    assert values(out, "m") == [hqc.code_decode(p, w) for w in noisy]
    got = values(out, "m")
    assert [got[4 * i + k] for i in range(3) for k in (0, 1)] == [m for m in msgs for _ in (0, 1)]


def _rm_support(a: int) -> list[int]:
    """Positions j of one 128-bit RM(1,7) copy where the codeword of byte a (a < 128) is 1."""
    return [j for j in range(128) if (a & j).bit_count() & 1]


@pytest.mark.parametrize("name", NAMES)
def test_rm_decision_boundary(binaries, name: str) -> None:
    """Maximum-likelihood decisions at the boundary between the zero codeword and the codeword c_a
    of a byte a (weight 64 mult): a block with k ones, all inside c_a's support, is at distance k
    from 0 and 64 mult - k from c_a (and about 64 mult from the others). So it decodes to 0 for
    k < 32 mult, to a for k > 32 mult, and to 0 at the tie k = 32 mult (the first peak wins).
    A decoder whose offset is 63 mult instead of 64 mult decides k = 32 mult - 1 wrongly."""
    p = hqc.PARAMS[name]
    rng = random.Random(19)
    v, want = 0, []
    for i in range(p.n1):
        a = rng.randrange(1, 128)
        k = 32 * p.mult + (-1, 0, 1)[i % 3]
        cells = [(c, j) for c in range(p.mult) for j in _rm_support(a)]
        for c, j in rng.sample(cells, k):
            v |= 1 << (i * p.n2 + 128 * c + j)
        want.append(a if k > 32 * p.mult else 0)
    out = run(binaries[name], [f"rm_decode {hqc.vec_to_bytes(v, p.n1n2_bytes).hex()}"])
    assert values(out, "cw") == [bytes(want)] == [hqc.rm_decode(p, v)]


@pytest.mark.parametrize("name", NAMES)
def test_samplers(binaries, name: str) -> None:
    p = hqc.PARAMS[name]
    rng = random.Random(13)
    seeds = [rng.randbytes(32) for _ in range(4)]
    cmds, want = [], []
    for s in seeds:
        cmds.append(f"sample_rejection {s.hex()} {2 * p.omega}")    # y then x: one stream
        want.append(hqc.sample_fixed_weight_rejection(p, hqc.xof(s), 2 * p.omega))
        cmds.append(f"sample_biased {s.hex()} {p.omega_r}")
        want.append(hqc.sample_fixed_weight_biased(p, hqc.xof(s), p.omega_r))
    cmds.append(f"sample_biased {seeds[0].hex()} 1000")                # many duplicates replaced
    want.append(hqc.sample_fixed_weight_biased(p, hqc.xof(seeds[0]), 1000))
    got = [[int(x) for x in v.split()] for k, v in run(binaries[name], cmds) if k == "support"]
    assert got == want


@pytest.mark.parametrize("name", NAMES)
def test_vec_mul(binaries, name: str) -> None:
    """Sparse x dense against the model, positions at both ends, and a dense operand with its
    padding bits set (a malformed u or s: the reference's one fold)."""
    p = hqc.PARAMS[name]
    rng = random.Random(17)
    cases = []
    for weight in (1, 2, p.omega, p.omega_r):
        a = rng.getrandbits(p.n)
        sup = rng.sample(range(p.n), weight)
        cases.append((a, sup))
    cases.append((rng.getrandbits(p.n), [0, p.n - 1, 31, 32, p.n - 32, p.n - 33]))
    cases.append(((1 << p.n) - 1, rng.sample(range(p.n), p.omega)))
    cases.append((rng.getrandbits(8 * p.n_bytes) | (1 << (8 * p.n_bytes - 1)), [p.n - 1, p.n - 2, 0, 5]))
    cases.append((rng.getrandbits(8 * p.n_bytes), rng.sample(range(p.n), p.omega_r)))
    out = run(binaries[name], [f"vec_mul {hqc.vec_to_bytes(a, p.n_bytes).hex()} {','.join(map(str, s))}"
                               for a, s in cases])
    want = [hqc.vec_to_bytes(hqc.vec_mul(p, hqc.support_to_vec(s), a), p.n_bytes) for a, s in cases]
    assert values(out, "prod") == want


# ----------------------------------------------------------------------------- 4. constant time

VALGRIND_ARGS = ("--tool=memcheck", "--error-exitcode=99", "--track-origins=yes", "-q")


def _ctgrind(tmp_path: Path, name: str, cases: int) -> None:
    p = hqc.PARAMS[name]
    exe = _compile(tmp_path / f"hqc{name[-1]}_ct", name, "-DHQC_CTGRIND", "-g")
    rng = random.Random(99)
    cmds = []
    for _ in range(cases):
        seed_kem, m, salt = rng.randbytes(32), rng.randbytes(p.k), rng.randbytes(16)
        ek, dk = hqc.keygen(p, seed_kem)
        ct, _ = hqc.encaps(p, ek, m, salt)
        cmds += [f"keygen {seed_kem.hex()}", f"encaps {ek.hex()} {m.hex()} {salt.hex()}",
                 f"decaps {dk.hex()} {ct.hex()}", f"decaps {dk.hex()} {_flip(ct, 3).hex()}"]
    out = run(exe, cmds, valgrind=(VALGRIND, *VALGRIND_ARGS))
    assert len(values(out, "ss")) == 3 * cases


@needs_valgrind
def test_constant_time_memcheck_hqc1(tmp_path) -> None:
    """No branch or address depends on a secret (memcheck finds none; HQC-1, one case)."""
    _ctgrind(tmp_path, "HQC-1", 1)


@needs_valgrind
@pytest.mark.nightly
@pytest.mark.parametrize("name", NAMES)
def test_constant_time_memcheck(tmp_path, name: str) -> None:
    _ctgrind(tmp_path, name, 2)


@needs_valgrind
def test_constant_time_check_can_fail(tmp_path) -> None:
    """The same marking around a secret branch and a secret table index is reported."""
    src = tmp_path / "leak.c"
    src.write_text(
        "#include <valgrind/memcheck.h>\n#include <stdio.h>\n"
        "static const unsigned char t[256] = {1};\n"
        "int main(void) { volatile unsigned char s[2] = {3, 4}; unsigned char x = s[0], y = s[1];\n"
        "  VALGRIND_MAKE_MEM_UNDEFINED(&x, 1); VALGRIND_MAKE_MEM_UNDEFINED(&y, 1);\n"
        "  int r = t[x]; if (y & 1) puts(\"odd\");\n"
        "  VALGRIND_MAKE_MEM_DEFINED(&r, sizeof r); printf(\"%d\\n\", r); return 0; }\n")
    exe = tmp_path / "leak"
    subprocess.run([GCC, "-O1", "-g", str(src), "-o", str(exe)], check=True)
    r = subprocess.run([VALGRIND, *VALGRIND_ARGS, str(exe)], capture_output=True, text=True)
    assert r.returncode == 99
    assert "Conditional jump or move depends on uninitialised value" in r.stderr
    assert "Use of uninitialised value" in r.stderr
