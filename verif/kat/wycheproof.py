"""Wycheproof ML-KEM and ML-DSA test files (C2SP/wycheproof testvectors_v1) for `make kat`.

The files carry their own answers (`result`: valid / invalid, and the expected outputs). Each test
becomes firmware operations (verif/soc/schemes.py) with expected outputs:

ML-KEM (`parameterSet` in the group)
  MLKEMKeyGen            seed = d || z            -> keygen: ek, dk
  MLKEMTest              seed, c                  -> keygen: ek (when given); decaps(dk, c): K, with
                                                     dk from kyber-py's keygen of the same seed
  MLKEMEncapsTest        ek, m                    -> valid: encaps: c, K; invalid: the
                                                     encapsulation key check must fail
  MLKEMDecapsValidation  dk, c                    -> valid: decaps: K; invalid dk: the
                                                     decapsulation key check must fail
ML-DSA (`algorithm` ML-DSA-44/65/87)
  MlDsaVerify            publicKey, msg, ctx, sig -> verify (external pure: M' = 0 || |ctx| ||
                                                     ctx || msg): result
  MlDsaSign (seed)       privateSeed, msg/mu, ctx, rnd -> keygen: publicKey; sign (rnd = 0^32
                                                     unless given; mu: the external-mu form): sig,
                                                     with sk from dilithium-py's keygen of the seed
  MlDsaSign (no seed)    privateKey, ...          -> as above with the given sk
An input of the wrong length (key, ciphertext, signature, seed, a context over 255 bytes) cannot
reach the fixed-size firmware input: such a test is decided on the host (it must be `invalid`).
Test types not listed are skipped and counted. A malformed test (a field missing or not hex, a
group without a `type` or, for ML-KEM, a `parameterSet`, a result that is not a string) is
returned as a reason in `malformed` and counts as a failure, as in the ACVP loaders
(verif/kat/acvp.py).
"""

from __future__ import annotations

from pathlib import Path

from verif.kat.acvp import VectorError, ident, show
from verif.kat.acvp_schemes import SchemeCase, check_fixed_inputs, hex_of, message_fits


def is_wycheproof(doc: object) -> bool:
    return isinstance(doc, dict) and "testGroups" in doc and str(doc.get("schema", "")).startswith(("mlkem_", "mldsa_"))


def load_wycheproof(doc: dict, path: Path, psets: dict
                    ) -> tuple[list[SchemeCase], list[str], list[tuple[str, bool]], list[str]]:
    """(firmware cases, skipped reasons, host-decided (where, correct), malformed reasons) of a
    Wycheproof file."""
    alg = str(doc.get("algorithm", ""))
    cases: list[SchemeCase] = []
    skipped: list[str] = []
    host: list[tuple[str, bool]] = []
    malformed: list[str] = []
    groups = doc.get("testGroups")
    if not isinstance(groups, list):
        raise VectorError(f"'{path}': testGroups is not a list")
    for k, g in enumerate(groups):
        if not isinstance(g, dict) or not isinstance(g.get("tests"), list):
            malformed.append(f"{path.name} testGroups[{k}]: not a group with a list of tests")
            continue
        tests = g["tests"]
        for j, t in enumerate(tests):
            if not isinstance(t, dict):
                malformed.append(f"{path.name} testGroups[{k}] tests[{j}]: a test that is not an object")
                continue
            where = f"{path.name} tcId {show(t.get('tcId'))}"
            mine: tuple[list, list, list] = ([], [], [])      # kept only if the whole test is well-formed
            try:
                if ident(t, "tcId") is None:
                    raise VectorError("tcId missing or not an integer")
                _test(g, t, where, alg, psets, *mine)
                for case in mine[0]:
                    check_fixed_inputs(psets[case.pset], case.inputs)
                    too_long = message_fits(psets[case.pset], case.inputs)
                    if too_long:                                     # as for ACVP: skipped
                        mine[0].remove(case)
                        mine[1].append(f"{where}: {too_long}")
                        break
            except VectorError as exc:
                malformed.append(f"{where}: {exc}")
                continue
            cases += mine[0]
            skipped += mine[1]
            host += mine[2]
    return cases, skipped, host, malformed


def _test(g: dict, t: dict, where: str, alg: str, psets: dict, cases: list[SchemeCase],
          skipped: list[str], host: list[tuple[str, bool]]) -> None:
    """Adds one Wycheproof test to cases / skipped / host; VectorError: it is malformed."""
    kind = g.get("type")
    if not isinstance(kind, str):       # missing or not a name: malformed; a named unknown type: a skip
        raise VectorError("its group has no type" if kind is None else f"type {show(kind)} is not a name")
    pname = g.get("parameterSet")
    if pname is None and alg.startswith("ML-KEM"):   # ML-DSA files name the set in `algorithm`
        raise VectorError("its group has no parameterSet")
    pname = alg if pname is None else pname
    if not isinstance(pname, str):
        raise VectorError(f"parameterSet {show(pname)} is not a name")
    if pname not in psets:
        skipped.append(f"{where}: parameter set {show(pname, False)} not supported")
        return
    pset = psets[pname]
    sizes = pset.sizes
    valid = t.get("result") == "valid"
    flags = t.get("flags") if isinstance(t.get("flags"), list) else []
    if not isinstance(t.get("result"), str):
        raise VectorError("'result' missing or not a string")
    if t["result"] not in ("valid", "invalid"):        # e.g. "acceptable": well-formed, not decided here
        skipped.append(f"{where}: result {show(t['result'])}")
        return

    def reject(ok_lengths: bool) -> bool:
        """A wrong-length input: decided here; True when it was."""
        if ok_lengths:
            return False
        host.append((where, not valid))
        return True

    if kind == "MLKEMKeyGen" or (kind == "MLKEMTest"):
        seed = hex_of(t, "seed")
        c = hex_of(t, "c") if kind == "MLKEMTest" else b""     # read before any decision
        if reject(len(seed) == 64):
            return
        d, z = seed[:32], seed[32:]
        want = {"ek": hex_of(t, "ek")} if t.get("ek") else {}
        if kind == "MLKEMKeyGen":
            want["dk"] = hex_of(t, "dk")
        if want:
            cases.append(SchemeCase(where + " keygen", pname, "keygen", {"d": d, "z": z}, want))
        if kind == "MLKEMTest":
            if reject(len(c) == sizes["c"]):
                return
            from verif.soc.schemes import mlkem_expected
            dk = mlkem_expected(pset, "keygen", {"d": d, "z": z})["dk"]
            if not valid:
                skipped.append(f"{where}: invalid MLKEMTest with a well-formed input")
                return
            cases.append(SchemeCase(where, pname, "decaps", {"dk": dk, "c": c}, {"k": hex_of(t, "K")}))
    elif kind == "MLKEMEncapsTest":
        ek, m = hex_of(t, "ek"), hex_of(t, "m")
        if reject(len(ek) == sizes["ek"] and len(m) == 32):
            return
        if valid:
            cases.append(SchemeCase(where, pname, "encaps", {"ek": ek, "m": m},
                                    {"c": hex_of(t, "c"), "k": hex_of(t, "K")}))
        else:
            cases.append(SchemeCase(where, pname, "check_ek", {"ek": ek}, {"ok": b"\x00"}))
    elif kind == "MLKEMDecapsValidationTest" or kind == "MLKEMDecapsValidation":
        dk, c = hex_of(t, "dk"), hex_of(t, "c")
        if reject(len(dk) == sizes["dk"] and len(c) == sizes["c"]):
            return
        if valid:
            cases.append(SchemeCase(where, pname, "decaps", {"dk": dk, "c": c}, {"k": hex_of(t, "K")}))
        elif "InvalidDecapsulationKey" in flags:
            cases.append(SchemeCase(where, pname, "check_dk", {"dk": dk}, {"ok": b"\x00"}))
        else:
            skipped.append(f"{where}: invalid decapsulation without a failing check: {flags}")
    elif kind == "MlDsaVerify":
        pk, sig, msg = hex_of(g, "publicKey"), hex_of(t, "sig"), hex_of(t, "msg")
        ctx = hex_of(t, "ctx") if "ctx" in t else b""
        if reject(len(pk) == sizes["pk"] and len(sig) == sizes["sig"] and len(ctx) <= 255):
            return
        cases.append(SchemeCase(where, pname, "verify",
                                {"pk": pk, "msg": bytes([0, len(ctx)]) + ctx + msg, "sig": sig},
                                {"ok": b"\x01" if valid else b"\x00"}))
    elif kind == "MlDsaSign":
        ctx = hex_of(t, "ctx") if "ctx" in t else b""
        rnd = hex_of(t, "rnd") if "rnd" in t else bytes(32)
        message = hex_of(t, "msg") if "msg" in t else hex_of(t, "mu")   # read before any decision
        if "privateSeed" in g:
            xi = hex_of(g, "privateSeed")
            if reject(len(xi) == 32 and len(ctx) <= 255):
                return
            from verif.soc.schemes import mldsa_expected
            sk = mldsa_expected(pset, "keygen", {"xi": xi})["sk"]
            if t is g["tests"][0]:      # the firmware's keygen, once
                cases.append(SchemeCase(where + " keygen", pname, "keygen", {"xi": xi},
                                        {"pk": hex_of(g, "publicKey")}))
        else:
            sk = hex_of(g, "privateKey")
            if reject(len(sk) == sizes["sk"] and len(ctx) <= 255):
                return
        if not valid:
            skipped.append(f"{where}: invalid signing test with well-formed inputs: {flags}")
            return
        if "msg" in t:
            inputs = {"sk": sk, "msg": bytes([0, len(ctx)]) + ctx + message, "rnd": rnd}
            op = "sign"
        else:
            inputs, op = {"sk": sk, "mu": message, "rnd": rnd}, "sign_mu"
        cases.append(SchemeCase(where, pname, op, inputs, {"sig": hex_of(t, "sig")}))
    else:
        skipped.append(f"{where}: test type {show(kind, False)} not supported")
