"""Write PQX's own known-answer files for the algorithms NIST ACVP has no vectors for (docs/kat.md,
"PQX's own vector files"): verif/vectors/pqx/SM3.json, HARAKA-256.json, HARAKA-512.json,
FALCON-SIGVER.json, HASHML-DSA-SIGVER.json.bz2, HASHSLH-DSA-SIGVER.json.bz2.

    python -m scripts.own_vectors            # rewrite the files
    python -m scripts.own_vectors --check    # exit 1 if a committed file differs (a test runs it)

The layout is an ACVP hash vector set with its answers (an internalProjection), AFT tests only.
The first tests are the published examples (GB/T 32905-2016 Appendix A for SM3; the test vectors of
the Haraka v2 reference code); the rest are random messages (a fixed seed), answered by gmssl
(SM3) and by the Haraka model (verif/models/haraka.py; no library implements Haraka, the model is
checked against the published vectors by verif/models/test_haraka.py).

FALCON-SIGVER.json is a signature-verification set in the layout of ML-DSA's sigVer (docs/kat.md,
Falcon): signatures the project keeps (the round-3 KAT's Falcon-512 entries, falcon-digital-
signature's Falcon-1024 ones, verif/vectors/falcon), each padded and in the compressed format,
tampered (an s2 bit, the message), and signatures crafted at the norm bound and one above it;
testPassed from the Falcon model (verif/models/falcon.py, checked against the KAT).

HASHML-DSA-SIGVER.json.bz2 and HASHSLH-DSA-SIGVER.json.bz2 are ACVP sigVer sets of the pre-hash
signatures (signatureInterface external, preHash preHash; NIST's own samples are not in this
repository): every pre-hash function FIPS 204/205 name (HashSLH-DSA: half per parameter set), a
valid signature each and a tampered one (a signature bit, the message, the context or another
hashAlg, in turn). The signatures come from the other
implementations: dilithium-py's HashML-DSA (SHA2-256, SHA2-512, SHAKE-128: its pre-hash) and
internal signing of M' = 1 || |ctx| || ctx || OID || PH(M) formed with hashlib for the others;
the slh-dsa package's sign_hash with a hashlib pre-hash for HashSLH-DSA.
"""

from __future__ import annotations

import argparse
import bz2
import json
import random
import sys
from pathlib import Path

from gmssl import sm3

from verif.models import falcon, haraka

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "verif" / "vectors" / "pqx"
SEED = 20261202
COMPRESSED = ("HASHML-DSA-SIGVER", "HASHSLH-DSA-SIGVER")
"""Files kept bzip2-compressed (`make kat` reads .bz2): signatures of 2.4 to 17 kB, in hex."""

# GB/T 32905-2016 Appendix A.1 and A.2
SM3_EXAMPLES = [(b"abc", "66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0"),
                (b"abcd" * 16, "debe9ff92275b8a138604889c18e5a4d6fdb70e5387e5765293dcba39c0c5732")]


def _sm3(msg: bytes) -> bytes:
    return bytes.fromhex(sm3.sm3_hash(list(msg)))


def _vector_set(alg: str, comment: str, cases: list[tuple[bytes, bytes]]) -> list:
    tests = [{"tcId": k + 1, "len": 8 * len(m), "msg": m.hex().upper(), "md": d.hex().upper()}
             for k, (m, d) in enumerate(cases)]
    return [{"acvVersion": "1.0"},
            {"vsId": 0, "algorithm": alg, "revision": "pqx-1", "comment": comment,
             "testGroups": [{"tgId": 1, "testType": "AFT", "tests": tests}]}]


def documents() -> dict[str, list]:
    rng = random.Random(SEED)
    docs: dict[str, list] = {}
    sm3_cases = [(m, bytes.fromhex(d)) for m, d in SM3_EXAMPLES]
    # every padding class around one and two blocks, then random lengths up to five blocks
    lengths = [0, 1, 55, 56, 63, 64, 65, 119, 120, 128] + [rng.randrange(320) for _ in range(10)]
    sm3_cases += [(m, _sm3(m)) for m in (rng.randbytes(n) for n in lengths)]
    docs["SM3"] = _vector_set("SM3", "tcId 1, 2: GB/T 32905-2016 Appendix A; the rest: random "
                              f"messages (seed {SEED}), answers from gmssl 3.2.2", sm3_cases)
    for alg, fn in (("HARAKA-256", haraka.haraka256), ("HARAKA-512", haraka.haraka512)):
        x, d = haraka.PUBLISHED[alg]
        if fn(x).hex() != d:
            raise SystemExit(f"own_vectors: the Haraka model disagrees with the published {alg} vector")
        cases = [(x, bytes.fromhex(d))] + [(m, fn(m)) for m in
                                           (rng.randbytes(len(x)) for _ in range(20))]
        docs[alg] = _vector_set(alg, "tcId 1: the test vector of the Haraka v2 reference code "
                                "(github.com/kste/haraka @74d7f4e0, code/c/aesni_optimized/haraka.c); "
                                f"the rest: random inputs (seed {SEED}), answers from "
                                "verif/models/haraka.py", cases)
    docs["FALCON-SIGVER"] = _falcon_sigver(rng)
    docs["HASHML-DSA-SIGVER"] = _prehash_sigver("ML-DSA", ("ML-DSA-44", "ML-DSA-65"), rng)
    docs["HASHSLH-DSA-SIGVER"] = _prehash_sigver("SLH-DSA", ("SLH-DSA-SHAKE-128f", "SLH-DSA-SHA2-128f"), rng)
    return docs


def _prehash_signer(alg: str, name: str, rng: random.Random):
    """(pk, sign(msg, ctx, ph) -> signature) of a fresh key of another implementation"""
    from verif.soc.schemes import PARAM_SETS, mldsa_reference, prehash_digest, prehash_mprime, slh_reference
    if alg == "ML-DSA":
        from dilithium_py import ml_dsa
        ref = mldsa_reference(PARAM_SETS[name])
        hashed = getattr(ml_dsa, f"HASH_{name.replace('-', '_')}_WITH_SHA512")    # the same key works
        pk, sk = ref._keygen_internal(rng.randbytes(32))
        own = {1: "SHA256", 3: "SHA512", 11: "SHAKE128"}       # dilithium-py's own pre-hash

        def sign(msg: bytes, ctx: bytes, ph: int) -> bytes:
            if ph in own:
                return hashed._sign_with_pre_hash(sk, msg, own[ph], ctx, deterministic=True)
            return ref._sign_internal(sk, prehash_mprime(ph, ctx, msg), bytes(32))
        return pk, sign
    from slhdsa import slhdsa as package
    par = slh_reference(PARAM_SETS[name])
    sk, (pk_seed, pk_root) = _slh_keygen(par, rng)
    key = package.SecretKey(sk, par)

    def sign(msg: bytes, ctx: bytes, ph: int) -> bytes:
        def prehash(data: bytes) -> bytes:             # the package's OID prefix, hashlib's PH
            return package.HASH_ALGORITHM_OID_PREFIX + bytes([ph]) + prehash_digest(ph, data)
        return key.sign_hash(msg, ctx=ctx, prehash=prehash)
    return pk_seed + pk_root, sign


def _slh_keygen(par, rng: random.Random):
    """slh_keygen_internal (FIPS 205 Algorithm 18) of the slh-dsa package on seeds from rng"""
    from slhdsa.lowlevel.addresses import Address
    from slhdsa.lowlevel.xmss import XMSS
    sk_seed, sk_prf, pk_seed = (rng.randbytes(par.n) for _ in range(3))
    pk_root = XMSS(par).node(sk_seed, 0, par.h_m, pk_seed, Address(par.d - 1, 0))
    return (sk_seed, sk_prf, pk_seed, pk_root), (pk_seed, pk_root)


def _prehash_sigver(alg: str, names: tuple[str, ...], rng: random.Random) -> list:
    from verif.soc.schemes import PREHASH
    hash_algs = {ph: acvp for ph, (acvp, _) in PREHASH.items()}
    groups = []
    for g, name in enumerate(names, 1):
        pk, sign = _prehash_signer(alg, name, rng)
        tests = []
        for ph, hash_alg in hash_algs.items():
            if alg == "SLH-DSA" and ph % 2 != g % 2:
                continue            # SLH-DSA: half the functions per set (its signatures are 17 kB)
            msg, ctx = rng.randbytes(rng.randrange(1, 300)), rng.randbytes(rng.choice((0, 1, 32, 254)))
            sig = sign(msg, ctx, ph)
            flip = bytearray(sig)
            flip[rng.randrange(len(sig))] ^= 1 << rng.randrange(8)
            tampered = [(msg, ctx, hash_alg, bytes(flip)), (msg + b"!", ctx, hash_alg, sig),
                        (msg, ctx + b"!", hash_alg, sig), (msg, ctx, hash_algs[ph % 12 + 1], sig)]
            tests += [(msg, ctx, hash_alg, sig, True), (*tampered[(ph + g) % 4], False)]
        groups.append({"tgId": g, "testType": "AFT", "parameterSet": name, "signatureInterface": "external",
                       "preHash": "preHash", "pk": pk.hex().upper(), "tests": [
                           {"tcId": 100 * g + k, "message": m.hex().upper(), "context": c.hex().upper(),
                            "hashAlg": h, "signature": s.hex().upper(), "testPassed": ok}
                           for k, (m, c, h, s, ok) in enumerate(tests, 1)]})
    return [{"acvVersion": "1.0"},
            {"vsId": 0, "algorithm": alg, "mode": "sigVer", "revision": "FIPS20" + ("4" if alg == "ML-DSA" else "5"),
             "comment": f"Hash{alg} signature verification (PQX's own; seed {SEED}): every pre-hash "
                        "function (SLH-DSA: half of them per set), a valid signature each and a tampered one (a "
                        "signature bit, the message, the context or another hashAlg, in turn); signatures from "
                        + ("dilithium-py (its HashML-DSA for SHA2-256, SHA2-512, SHAKE-128; internal signing "
                           "of M' formed with hashlib for the others)" if alg == "ML-DSA" else
                           "the slh-dsa package's sign_hash with a hashlib pre-hash"),
             "testGroups": groups}]


def _falcon_sigver(rng: random.Random) -> list:
    from verif.soc.schemes import falcon_signed
    groups = []
    for g, (name, kept) in enumerate(falcon_signed().items(), 1):
        p = falcon.PARAMS[name]
        tests: list[tuple[bytes, bytes, bytes]] = []
        for pk, msg, sig, _ in kept[:2]:
            short = falcon.to_compressed(p, sig)
            flip = bytearray(sig)
            flip[41 + rng.randrange(len(short) - 41)] ^= 1 << rng.randrange(8)
            tests += [(pk, msg, sig), (pk, msg, short), (pk, msg, bytes(flip)),
                      (pk, msg[:-1] + bytes([msg[-1] ^ 1]), sig)]
        nonce, msg = rng.randbytes(falcon.NONCE_BYTES), rng.randbytes(50)
        for target in (p.beta2, p.beta2 + 1):
            pk, sig = falcon.craft_at_norm(p, nonce, msg, target, seed=target)
            tests.append((pk, msg, sig))
        groups.append({"tgId": g, "testType": "AFT", "parameterSet": name, "tests": [
            {"tcId": 100 * g + k, "pk": pk.hex().upper(), "message": m.hex().upper(),
             "signature": sig.hex().upper(), "testPassed": falcon.verify(p, pk, m, sig).ok}
            for k, (pk, m, sig) in enumerate(tests, 1)]})
    return [{"acvVersion": "1.0"},
            {"vsId": 0, "algorithm": "Falcon", "mode": "sigVer", "revision": "pqx-1",
             "comment": "Falcon round 3 (spec v1.2) signature verification in the layout of ML-DSA's "
                        "sigVer (docs/kat.md); signatures from verif/vectors/falcon, each padded and "
                        "in the compressed format, tampered, and crafted at the norm bound and one "
                        f"above (seed {SEED}); testPassed from verif/models/falcon.py",
             "testGroups": groups}]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the committed files")
    args = ap.parse_args(argv)
    stale = []
    for alg, doc in documents().items():
        data = (json.dumps(doc, indent=1) + "\n").encode()
        path = OUT / f"{alg}.json"
        if alg in COMPRESSED:
            path, data = path.with_name(path.name + ".bz2"), bz2.compress(data, 9)
        if args.check:
            if not path.is_file() or path.read_bytes() != data:
                stale.append(str(path.relative_to(ROOT)))
        else:
            OUT.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            print(f"own_vectors: wrote {path.relative_to(ROOT)}")
    if stale:
        print(f"own_vectors: stale: {', '.join(stale)} (run python -m scripts.own_vectors)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
