"""The scheme cycle table and the constant-time figures (python -m scripts.schemes --cycles N).

For each parameter set, N random cases (seeded): KeyGen, Encaps with that key, Decaps of the
honest ciphertext and of a corrupted one, on both builds; every output is checked against the
reference as in --check, and the untimed operations of the first two cases (external mu, rejected
signatures and keys) run and are checked too, so the nightly needs no separate --check. Reported
per operation: mean mcycle (baseline, PQX), the speed-up, HORCRUX Table IV next to it with the
goal (PQX at most 60 % of HORCRUX's optimized figure), and the spread (max - min) over the cases
of the cycles that do not depend on public data only (mcycle minus the matrix expansion): the
constant-time figure, which must be 0. Decaps is also compared case by case: valid and invalid
ciphertext under the same key must take exactly the same
cycles. Stack high-water mark and code size (.text) per program. Markdown and JSON to <report>.
"""

from __future__ import annotations

import json
import random
import statistics
from pathlib import Path

from verif.soc.schemes import (EXPECTED_ATTEMPTS, GOAL, HORCRUX_TABLE_IV, SLOTH_CYCLES, ParamSet, compare,
                               random_cases)

OPS = {"mlkem": ("keygen", "encaps", "decaps"), "hqc": ("keygen", "encaps", "decaps"),
       "mldsa": ("keygen", "sign", "verify"),
       "slhdsa": ("keygen", "sign_det", "verify"), "falcon": ("verify",)}
CHECKED = 2
"""Cases whose untimed operations (external mu, rejected signatures and keys) the table's run
checks too."""
BASELINE_SKIPPED = {"slhdsa": "SLH-DSA-SHAKE-128f", "hqc": "HQC-1"}
"""Schemes whose plain-C build runs for one parameter set only, being slow to simulate: SLH-DSA
(Keccak-f in C: about 48 k cycles; 128f KeyGen about 200 M cycles, some ten minutes: KeyGen and
Verify of this set, HORCRUX's row) and HQC (the vector product in C: HQC-1 KeyGen + Encaps +
Decaps about 56 M cycles; HQC-3 runs through the KAT file at night)."""


def baseline_cases(pset: ParamSet, cases: list[dict]) -> list[dict]:
    keep = BASELINE_SKIPPED.get(pset.scheme)
    if keep is None:
        return cases
    if pset.name != keep:
        return []
    return [c for c in cases if c["op"] != "sign_det"][:2] if pset.scheme == "slhdsa" else cases


def text_size(elf: Path) -> int:
    from elftools.elf.elffile import ELFFile
    with open(elf, "rb") as fh:
        sec = ELFFile(fh).get_section_by_name(".text")
        return sec["sh_size"] if sec is not None else 0


def cycles(engine, psets: list[ParamSet], count: int, seed: int, report: Path,
           variants: tuple[str, ...] = ("baseline", "pqx")) -> int:
    rows, failures = [], []
    for pset in psets:
        ops = OPS[pset.scheme]
        drawn = random_cases(pset, random.Random(f"{seed}:{pset.name}"), count)
        def is_timed(c: dict) -> bool:
            return c["op"] in ops and c["want"].get("ok", b"\x01") == b"\x01"

        timed = [c for c in drawn if is_timed(c)]
        # ML-KEM: keygen, encaps, decaps of a valid and of an invalid ciphertext; ML-DSA: keygen,
        # sign, verify of the valid signature. The other operations of the first CHECKED cases
        # (external mu, rejected signatures and keys) are run and checked, not timed: this run is
        # also the nightly's check of the set against the reference (--check CHECKED).
        per_case = len(drawn) // count if count else 0
        checked = [c for c in drawn[:CHECKED * per_case] if not is_timed(c)]
        meas: dict[str, dict] = {}
        for variant in variants:
            if variant == "pqx" and not pset.pqx:
                continue                    # no PQX build of this program yet
            vcases = baseline_cases(pset, timed) if variant == "baseline" else timed
            vchecked = [] if variant == "baseline" and pset.scheme in BASELINE_SKIPPED else checked
            results = engine.map([(pset, variant, c["op"], c["inputs"]) for c in vcases + vchecked])
            for c, r in zip(vcases + vchecked, results):
                err = r.error or compare(r.outputs, c["want"])
                if err:
                    failures.append(f"{pset.name} {variant} {c['op']}: {err}")
            results = results[:len(vcases)]
            elf = engine.program(pset, variant)[0]
            meas[variant] = {"results": results, "cases": vcases, "text": text_size(elf),
                             "stack": max((r.stack or 0) for r in results) if results else 0}
        for op in ops:
            row = {"param": pset.name, "op": op, "horcrux": HORCRUX_TABLE_IV.get((pset.name, op))}
            for variant, m in meas.items():
                rs = [r for c, r in zip(m["cases"], m["results"]) if c["op"] == op and r.ok]
                cyc = [r.cycles for r in rs]
                secret = [r.cycles - r.public for r in rs]
                row[variant] = {"mean": statistics.fmean(cyc) if cyc else None,
                                "min": min(cyc, default=None), "max": max(cyc, default=None),
                                "ct_spread": (max(secret) - min(secret)) if secret and pset.scheme in ("mlkem", "hqc")
                                else None,
                                "attempts": statistics.fmean(r.attempts for r in rs) if op == "sign" and rs else None,
                                "at_expected": at_expected(pset, rs) if op == "sign" else None,
                                "ct_parts": {k: max(r.ct[k] for r in rs) - min(r.ct[k] for r in rs)
                                             for k in (rs[0].ct if rs else {})},
                                "n": len(cyc)}
                if op == "decaps":      # pairs: valid then invalid ciphertext, same key
                    pairs = list(zip(rs[0::2], rs[1::2]))
                    row[variant]["valid_vs_invalid"] = max((abs(a.cycles - b.cycles) for a, b in pairs),
                                                           default=None)
            rows.append(row)
        for variant, m in meas.items():
            rows.append({"param": pset.name, "op": "_sizes", "variant": variant,
                         "text": m["text"], "stack": m["stack"]})
    md = render(rows, count, seed, failures)
    report.mkdir(parents=True, exist_ok=True)
    (report / "schemes.md").write_text(md)
    (report / "schemes.json").write_text(json.dumps({"seed": seed, "count": count, "rows": rows,
                                                     "failures": failures}, indent=1))
    print(md)
    ct_bad = [r for r in rows if r["op"] != "_sizes" and any(
        (r[v].get("ct_spread") or 0) or (r[v].get("valid_vs_invalid") or 0)
        or any(r[v].get("ct_parts", {}).values()) for v in variants if v in r)]
    print(f"schemes: cycle table over {count} case(s) per parameter set: {len(failures)} wrong outputs, "
          f"{len(ct_bad)} operations with a secret-dependent cycle count; report {report / 'schemes.md'}")
    return 1 if failures or ct_bad else 0


def merge_reports(parts: list[Path], report: Path) -> Path:
    """One schemes.md and schemes.json in `report` from the schemes.json of jobs that each ran
    some parameter sets and builds (the nightly runs a job per set and build), in the order
    given: the rows of one set's builds become one row."""
    runs = [json.loads(p.read_text()) for p in parts]
    rows: list[dict] = []
    by_op: dict[tuple[str, str], dict] = {}
    for row in (row for run in runs for row in run["rows"]):
        key = (row["param"], row["op"])
        if row["op"] != "_sizes" and key in by_op:      # the same set's other build
            by_op[key].update({v: row[v] for v in ("baseline", "pqx") if v in row})
            continue
        row = dict(row)
        by_op.setdefault(key, row)
        rows.append(row)
    failures = [f for run in runs for f in run["failures"]]
    report.mkdir(parents=True, exist_ok=True)
    (report / "schemes.md").write_text(render(rows, runs[0]["count"], runs[0]["seed"], failures))
    (report / "schemes.json").write_text(json.dumps({"seed": runs[0]["seed"], "count": runs[0]["count"],
                                                     "rows": rows, "failures": failures}, indent=1))
    return report / "schemes.md"


def at_expected(pset: ParamSet, rs: list) -> float | None:
    """ML-DSA Sign at FIPS 204's expected number E of attempts: the mean set-up (the cycles before
    the rejection loop) and the mean last, successful attempt of the cases, plus E - 1 times the
    mean rejected attempt over all the cases' rejected attempts (a rejected attempt stops at the
    first failed check, so it costs less than the last one). None without a rejected attempt."""
    e = EXPECTED_ATTEMPTS.get(pset.name)
    if e is None or not rs or any(r.setup is None or r.last is None or not r.attempts for r in rs):
        return None
    rejected = sum(r.attempts - 1 for r in rs)
    if not rejected:
        return None
    per_rejected = sum(r.cycles - r.setup - r.last for r in rs) / rejected
    return statistics.fmean(r.setup + r.last for r in rs) + (e - 1) * per_rejected


def _k(x) -> str:
    return "-" if x is None else f"{x / 1000:,.1f}"


def render(rows: list[dict], count: int, seed: int, failures: list[str]) -> str:
    from scripts.synth import coprocessor_clock
    clock = coprocessor_clock()
    out = [f"# Scheme cycles on the PQX SoC (CV32E40X + PQX), {count} case(s) per parameter set, seed {seed}",
           "",
           "kcycles = mcycle / 1000 of the operation (the firmware's call alone), mean over the cases. "
           "HORCRUX: Table IV, baseline / optimized on CV32E40PX. Goal: PQX at most "
           f"{GOAL:.0%} of HORCRUX's optimized figure (at most 100 % required). CT spread: max - min over "
           "the cases of the cycles not spent on public data (the matrix expansion's rejection "
           "sampling on rho); valid/invalid: the largest cycle difference between Decaps of an honest "
           "and of a corrupted ciphertext under the same key. Both must be 0. ML-DSA: the number of signing "
           "attempts (FIPS 204's rejection loop) and the samplers' rejections on secret seeds make "
           "whole operations vary by design; for Sign the spreads (baseline/PQX) of two secret-dependent "
           "steps are shown, which must be 0: setup (skDecode, the NTTs of s1, s2, t0) and mask (one "
           "attempt's ExpandMask and NTT(y)), with the mean attempts. ML-DSA Sign is also given (and "
           "judged against HORCRUX) at FIPS 204's expected number E of attempts: the mean cycles "
           "before the rejection loop and of the last attempt, plus E - 1 times the mean rejected "
           "attempt of the cases (- when no case had one).",
           "",
           "",
           (f"PQX time: cycles / {clock[0]} MHz, {clock[1]}; the host core is not part of that figure. "
            "HORCRUX ran at 42 MHz (ZCU104) and 160 MHz (65 nm)." if clock else
            "PQX time: no `make synth` figures yet."),
           "",
           "| parameter set | operation | baseline | PQX | speed-up | HORCRUX base / opt | PQX / HORCRUX opt | goal | CT spread (base, PQX) | valid/invalid (base, PQX) | PQX time (ms) |",
           "|---|---|---:|---:|---:|---:|---:|---|---|---|---:|"]
    for r in rows:
        if r["op"] == "_sizes":
            continue
        none = {"mean": None, "ct_spread": None, "n": 0}
        b, p, h = r.get("baseline", none), r.get("pqx", none), r["horcrux"]
        sp = f"{b['mean'] / p['mean']:.1f}x" if b["mean"] and p["mean"] else "-"
        judged = p.get("at_expected") or p["mean"]     # ML-DSA Sign: at the expected attempts
        ratio = judged / (1000 * h[1]) if h and judged else None
        pqx = _k(p["mean"]) + (f" ({_k(p['at_expected'])} at {EXPECTED_ATTEMPTS[r['param']]} attempts)"
                               if p.get("at_expected") else "")
        goal = "-" if ratio is None else ("met" if ratio <= GOAL else ("<= HORCRUX" if ratio <= 1 else "MISSED"))
        vi = (f"{b.get('valid_vs_invalid')}, {p.get('valid_vs_invalid')}" if r["op"] == "decaps" else "-")
        ct = f"{b['ct_spread']}, {p['ct_spread']}" if b["ct_spread"] is not None else "-"
        if p.get("attempts"):
            parts = ", ".join(f"{k[3:]} {b.get('ct_parts', {}).get(k, '-')}/{v}"
                              for k, v in p.get("ct_parts", {}).items())
            ct = f"{parts} ({p['attempts']:.1f} attempts)"
        ms = f"{p['mean'] / clock[0] / 1000:,.2f}" if clock and p["mean"] else "-"
        out.append(f"| {r['param']} | {r['op']} | {_k(b['mean'])} | {pqx} | {sp} | "
                   f"{f'{h[0]:,} / {h[1]:,}' if h else '-'} | "
                   f"{'-' if ratio is None else f'{ratio:.0%}'} | {goal} | "
                   f"{ct} | {vi} | {ms} |")
    sloth = [(r, r["pqx"]["mean"], SLOTH_CYCLES[(r["param"], r["op"])]) for r in rows
             if (r["param"], r["op"]) in SLOTH_CYCLES and r.get("pqx", {}).get("mean")]
    if sloth:
        out += ["", "Against SLotH (cycles, its README; goal: PQX at or below): " + "; ".join(
            f"{r['param']} {r['op']} {p:,.0f} / {c:,} = {p / c:.0%} "
            f"({'met' if p <= c else 'MISSED'})" for r, p, c in sloth)]
    out += ["", "| parameter set | build | code (.text bytes) | stack high-water (bytes) |", "|---|---|---:|---:|"]
    for r in rows:
        if r["op"] == "_sizes":
            out.append(f"| {r['param']} | {r['variant']} | {r['text']:,} | {r['stack']:,} |")
    if failures:
        out += ["", "Wrong outputs:", ""] + [f"- {f}" for f in failures]
    return "\n".join(out) + "\n"
