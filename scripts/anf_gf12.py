"""Algebraic proof of the McEliece unit's field products (formal task mce:mul): GF12MUL and GF12SQ
of pqx_mce_unit's gate netlist, as polynomials over GF(2) (scripts/anf.py), against the
definition of the product in GF(2^12) = GF(2)[z]/(z^12 + z^3 + 1).

    python -m scripts.anf_gf12 [--root DIR] [--workdir DIR]

The definition, written here from docs/isa.md and not from the RTL: bit k of the carry-less
product of x = rs1[11:0] and y = rs2[11:0] is the XOR of x_i y_j over i + j = k (k = 0..22); the
bits 22 down to 12 are then folded with z^k = z^(k-9) + z^(k-12). GF12SQ is the same with y = x.
The netlist is pqx_mce_unit's with op_i tied to the instruction (a wrapper, one netlist per
instruction, so that Yosys drops what that op cannot select); rs1 and rs2 are 32 free variables
each, every other input and register is free, rst_ni is high; data_o must equal the definition
in bits 11:0 and be 0 in bits 31:12. ANFs are canonical, so
equal polynomials are equal for all 2^24 operand pairs (the SAT solvers do not finish this
parity identity: formal/README.md, mce). Exit status as scripts/anf.py: 0 proven, 1 a check
fails, 2 the netlist could not be built or read.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from scripts import anf
from verif import manifest

ROOT = Path(__file__).resolve().parent.parent
RTL = manifest.unit("mce").sources
"""The McEliece unit's sources (its manifest, rtl/mce/unit.toml)."""
CUT = ("pqx_mce_bm", "pqx_mce_chien", "pqx_mce_minpoly", "pqx_mce_systematic", "pqx_mce_transpose")
"""Cut points: the engines and the transpose store (no field product passes through them)."""

WRAPPER = """`default_nettype none
// op_i of pqx_mce_unit tied to one instruction, every other input free: Yosys then drops the
// datapaths that op cannot select (the register writes, the read multiplexers) before techmap.
module anf_gf12_top (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        start_i,
  input  logic [31:0] rs1_i,
  input  logic [31:0] rs2_i,
  input  logic        mc_start_i,
  input  logic        mc_ack_i,
  output logic [31:0] data_o
);
  logic unused_exc, unused_done;
  logic [31:0] unused_mc_data;
  pqx_mce_unit u (
    .clk_i, .rst_ni, .start_i, .op_i (pqx_pkg::{op}), .rs1_i, .rs2_i, .data_o,
    .exc_o (unused_exc), .mc_start_i, .mc_done_o (unused_done), .mc_data_o (unused_mc_data),
    .mc_ack_i
  );
endmodule
"""
M = 12


def gf_product(xs: list[anf.Poly], ys: list[anf.Poly]) -> list[anf.Poly]:
    """x y in GF(2^12) by the definition above, on polynomials."""
    p = anf.clmul(xs, ys)[:2 * M - 1]
    for k in range(2 * M - 2, M - 1, -1):          # z^k = z^(k-9) + z^(k-12)
        p[k - 9] = anf.p_xor(p[k - 9], p[k])
        p[k - 12] = anf.p_xor(p[k - 12], p[k])
    return p[:M]


def checks(nets: dict[str, anf.Netlist]) -> list[str]:
    """The failures of the two obligations (empty: proven); `nets`: op name -> the netlist with
    op_i tied to it."""
    failures = []
    for op, net in nets.items():
        v = anf.Variables()
        rs1, rs2 = v.vector("rs1", 32), v.vector("rs2", 32)
        env: dict = {}
        env.update(zip(net.bits("rs1_i"), rs1))
        env.update(zip(net.bits("rs2_i"), rs2))
        for name in ("start_i", "mc_start_i", "mc_ack_i", "clk_i"):
            env.update(zip(net.bits(name), v.vector(name, len(net.bits(name)))))
        env[net.bits("rst_ni")[0]] = anf.ONE
        for q in net.flops:
            env[q] = v.fresh(f"state:{anf.Variables.name_of_bit(net, q)}")
        spec = gf_product(rs1[:M], rs2[:M] if op == "OpGf12Mul" else rs1[:M])
        ev = anf.Evaluation(net, env, v)
        got = [ev(b) for b in net.bits("data_o")]
        for k, (g, w) in enumerate(zip(got, spec + [anf.ZERO] * (32 - M))):
            if g != w:
                failures.append(f"{op}: data_o bit {k} differs from the definition; counterexample: "
                                f"{v.counterexample(g ^ w)}")
                break
    return failures


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=ROOT, help="repository tree (default: this one)")
    ap.add_argument("--workdir", type=Path, default=ROOT / "build" / "formal" / "mce" / "mul")
    args = ap.parse_args(argv)
    t0 = time.monotonic()
    try:
        nets = {op: anf.Netlist(anf.build_netlist(
                    args.root.resolve(), args.workdir / op, RTL, "anf_gf12_top", keep="",
                    tool="anf_gf12", cut=CUT, extra={"anf_gf12_top.sv": WRAPPER.replace("{op}", op)}))
                for op in ("OpGf12Mul", "OpGf12Sq")}
    except ValueError as exc:
        print(f"anf_gf12: error: {exc}", file=sys.stderr)
        return 2
    try:
        failures = checks(nets)
    except ValueError as exc:
        print(f"anf_gf12: error: {exc}", file=sys.stderr)
        return 2
    for f in failures:
        print(f"anf_gf12: FAIL: {f}")
    print(f"anf_gf12: mce:mul: {'PASS' if not failures else 'FAIL'}: GF12MUL and GF12SQ against the "
          f"definition for every operand ({time.monotonic() - t0:.1f} s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
