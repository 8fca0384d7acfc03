"""Algebraic proof of the Karatsuba sequence (formal task arith:karats): the arithmetic unit's gate
netlist turned into polynomials over GF(2) and compared with the carry-less schoolbook product.

    python -m scripts.anf [--root DIR] [--workdir DIR]

Why not the SMT solvers: every output bit of a carry-less product is a parity of AND terms, and
the Karatsuba middle term needs (x ^ y)(u ^ v) = xu ^ xv ^ yu ^ yv; SAT solvers do not finish
such parity identities (formal/README.md, arith). Here each net of the netlist is written in
algebraic normal form (ANF: an XOR of AND-monomials of the free variables), which is canonical:
two nets compute the same Boolean function for every input if and only if their ANFs are equal
sets of monomials. The carry-less products have small ANFs (bit k of a (x) b has the monomials
a_i b_j with i + j = k), so the comparison is exact and fast.

The netlist comes from Yosys (the same front end as the SymbiYosys jobs): `proc; flatten`, every
`$mul` cell cut (`cutpoint`: its outputs become free variables, which can only make a proof
harder, never easier; no KARATS cone contains one), then simple gates. Flip-flops are split
into their current value Q (a variable, or the invariant's polynomial) and next value.

What is proven, for the default build (Pipelined = 0), for every value of op_i (all 2^7
codes, not only the instructions), every rs1/rs2/rs3, start_i and state, out of reset:
  invariant  kl = ka_lo (x) kb_lo and kg = ka_hi (x) kb_hi (63 bits each) holds after reset,
             and if it holds before a clock edge it holds after it;
  results    under the invariant, data_o is word 0 of rs1 (x) rs2 for KARATS1, word 1 of it for
             KARATS2, and words 1 and 2 of the 64x64 product {ka_hi, ka_lo} (x) {kb_hi, kb_lo}
             for KARATS3 and KARATS4 (schoolbook, written below from the definition);
  GFMUL8     data_o = rs1[7:0] (x) rs2[7:0], zero-extended (the same multiplier, 8-bit operands).
So a KARATS1, KARATS2 pair followed by KARATS3 and KARATS4 (in any order, with any other
instructions in between) returns the four words of the 128-bit carry-less product.
Before the polynomials, the same checks run as a random simulation (16 rounds: the free
variables random constants, KARATS1..4, GFMUL8 and one random op_i code each), which finds most bugs at
once with the operands that show them. A failing check prints the first differing bit and a
counterexample: those operands, or the variables of a lowest-degree monomial of the difference
set to 1 and all others 0 (that assignment makes the difference 1, since only the monomials
inside it can be 1). Exit status: 0 proven, 1 a check fails, 2 the netlist could not be built or
read, 3 no verdict (a polynomial grew beyond MAX_TERMS).
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

from scripts.tools import die, yosys_tool

ROOT = Path(__file__).resolve().parent.parent
RTL = ("rtl/pqx_pkg.sv", "rtl/arith/pqx_mul32.sv", "rtl/arith/pqx_mont_reduce.sv",
       "rtl/arith/pqx_barrett.sv", "rtl/arith/pqx_modp_montymul.sv", "rtl/arith/pqx_arith_unit.sv")
TOP = "pqx_arith_unit"
RANDOM_ROUNDS = 16

# ----------------------------------------------------------------------------- polynomials
# A polynomial over GF(2) is a frozenset of monomials; a monomial is an int whose set bits are
# its variables (variable k is bit k), so 0 is the empty product, the constant 1.
Poly = frozenset
ZERO: Poly = frozenset()
ONE: Poly = frozenset({0})


def p_xor(a: Poly, b: Poly) -> Poly:
    return a ^ b


def p_and(a: Poly, b: Poly) -> Poly:
    if not a or not b:
        return ZERO
    if a == ONE:
        return b
    if b == ONE:
        return a
    out: set[int] = set()
    for m in a:
        for n in b:
            out.symmetric_difference_update((m | n,))   # x x = x; equal monomials cancel
    return frozenset(out)


def p_not(a: Poly) -> Poly:
    return a ^ ONE


def p_or(a: Poly, b: Poly) -> Poly:
    return a ^ b ^ p_and(a, b)


def clmul(xs: list[Poly], ys: list[Poly]) -> list[Poly]:
    """The carry-less product by its definition: bit k is the XOR of x_i y_j over i + j = k."""
    out = [ZERO] * (len(xs) + len(ys))
    for i, x in enumerate(xs):
        for j, y in enumerate(ys):
            out[i + j] = p_xor(out[i + j], p_and(x, y))
    return out


MAX_TERMS = 200_000
"""A net whose polynomial grows beyond this stops the proof without a verdict (exit 3): the
carry-less cones stay below a thousand monomials, but a bug can make a polynomial explode (an OR
chain in place of the XOR chain doubles it per gate), and memory would run out first."""


class TooLarge(Exception):
    pass


# ----------------------------------------------------------------------------- gates
class Algebra:
    """The operations the gates are written in: polynomials (POLY) or 0/1/None (TERNARY, None =
    not a constant), so both evaluations share one table of gate semantics."""

    def __init__(self, and_, or_, xor, not_, mux, one, zero):
        self.and_, self.or_, self.xor, self.not_, self.mux = and_, or_, xor, not_, mux
        self.one, self.zero = one, zero


def _t_and(a, b):
    return 0 if 0 in (a, b) else 1 if a == b == 1 else None


def _t_or(a, b):
    return 1 if 1 in (a, b) else 0 if a == b == 0 else None


POLY = Algebra(p_and, p_or, p_xor, p_not, lambda s, a, b: p_xor(a, p_and(s, p_xor(a, b))),
               ONE, ZERO)
TERNARY = Algebra(_t_and, _t_or, lambda a, b: None if None in (a, b) else a ^ b,
                  lambda a: None if a is None else 1 - a,
                  lambda s, a, b: a if a is not None and a == b else None, 1, 0)

GATE_SEMANTICS = {
    "$_BUF_": lambda x, a, b: a,
    "$_NOT_": lambda x, a, b: x.not_(a),
    "$_AND_": lambda x, a, b: x.and_(a, b),
    "$_NAND_": lambda x, a, b: x.not_(x.and_(a, b)),
    "$_ANDNOT_": lambda x, a, b: x.and_(a, x.not_(b)),
    "$_OR_": lambda x, a, b: x.or_(a, b),
    "$_NOR_": lambda x, a, b: x.not_(x.or_(a, b)),
    "$_ORNOT_": lambda x, a, b: x.or_(a, x.not_(b)),
    "$_XOR_": lambda x, a, b: x.xor(a, b),
    "$_XNOR_": lambda x, a, b: x.not_(x.xor(a, b)),
}


def gate(typ: str, c: dict, get, x: Algebra):
    """A Yosys simple gate's output from its inputs `get(bit)` in algebra x. A multiplexer
    (Y = S ? B : A) whose select is a constant reads only the input it selects."""
    if typ == "$_MUX_":
        s = get(c["S"])
        if s == x.zero or s == x.one:
            return get(c["B"] if s == x.one else c["A"])
        return x.mux(s, get(c["A"]), get(c["B"]))
    a = get(c["A"])
    return GATE_SEMANTICS[typ](x, a, get(c["B"]) if "B" in c else None)


# ----------------------------------------------------------------------------- netlist
class Netlist:
    """A flattened gate netlist (Yosys JSON) evaluated as polynomials, lazily from the nets asked
    for: a multiplexer whose select is a constant evaluates one input only, so with op_i a
    constant the other instructions' datapaths are never expanded."""

    GATES = set(GATE_SEMANTICS) | {"$_MUX_"}

    def __init__(self, module: dict):
        self.nets = {name: n["bits"] for name, n in module["netnames"].items()}
        self.driver: dict[int, tuple[str, dict]] = {}
        self.flops: dict[int, tuple[str, dict]] = {}     # Q bit -> (type, connections)
        for name, cell in module["cells"].items():
            typ, conn = cell["type"], {k: v[0] if len(v) == 1 else v
                                       for k, v in cell["connections"].items()}
            if typ in self.GATES:
                self.driver[conn["Y"]] = (typ, conn)
            elif typ.startswith(("$_DFF_", "$_DFFE_")):
                self.flops[conn["Q"]] = (typ, conn)
            elif typ == "$anyseq":                       # a cut point: free variables
                for bit in cell["connections"]["Y"]:
                    self.driver[bit] = ("free", {"name": name})
            elif typ == "$scopeinfo":
                continue
            else:
                raise ValueError(f"cell {name}: type {typ} is not a simple gate")

    def bits(self, name: str) -> list:
        if name not in self.nets:
            raise ValueError(f"no net {name!r} in the netlist")
        return self.nets[name]

    def flop(self, q_bit: int) -> tuple[int | str, int | str | None, int]:
        """(D, enable or None, reset value) of the flip-flop whose output is q_bit. Only flops
        with an active-low asynchronous reset (rst_ni) or none are expected in this unit."""
        typ, conn = self.flops[q_bit]
        kind = typ[2:-1].split("_")          # DFF_PN0 / DFFE_PN0P / DFF_P / DFFE_PP
        flags = kind[1]
        if len(flags) not in (1, 2, 3, 4) or (len(flags) >= 3 and flags[1] != "N"):
            raise ValueError(f"flip-flop type {typ} is not supported")
        enable = conn.get("E")
        if enable is not None and flags[-1] == "N":
            raise ValueError(f"flip-flop type {typ} (active-low enable) is not supported")
        reset = int(flags[2]) if len(flags) >= 3 else None
        return conn["D"], enable, reset


class Evaluation:
    """Polynomials of the nets under one assignment of inputs and flip-flop outputs."""

    def __init__(self, net: Netlist, env: dict[int, Poly], variables: "Variables"):
        self.net, self.memo, self.vars = net, dict(env), variables
        self.consts: dict = {}

    def known(self, bit) -> int | None:
        """The net's value if constant propagation alone (0/1/unknown logic) fixes it. Asked
        before a polynomial is formed, so a gate whose inputs a constant op_i decides (the case
        multiplexers of the result select) never expands the datapaths it masks."""
        if bit in ("0", "1"):
            return int(bit)
        if bit in self.consts:
            return self.consts[bit]
        val = None
        if bit in self.memo:
            p = self.memo[bit]
            val = 0 if p == ZERO else 1 if p == ONE else None
        elif bit in self.net.driver and self.net.driver[bit][0] != "free":
            typ, c = self.net.driver[bit]
            val = gate(typ, c, self.known, TERNARY)
        self.consts[bit] = val
        return val

    def __call__(self, bit) -> Poly:
        if bit in ("x", "z"):
            raise ValueError("an undefined constant reaches a checked net")
        if bit in self.memo:
            return self.memo[bit]
        k = self.known(bit)
        if k is not None:
            return ONE if k else ZERO
        drv = self.net.driver.get(bit)
        if drv is None:
            raise ValueError(f"net bit {bit} ({self.vars.name_of_bit(self.net, bit)}) is neither "
                             "driven nor assigned")
        typ, c = drv
        if typ == "free":
            val = self.vars.fresh(f"cut:{c['name']}[{bit}]")
        else:
            val = gate(typ, c, self, POLY)
        if len(val) > MAX_TERMS:
            raise TooLarge(f"the polynomial of {Variables.name_of_bit(self.net, bit)} has more than "
                           f"{MAX_TERMS:,} monomials")
        self.memo[bit] = val
        return val

    def next_state(self, q_bit: int) -> Poly:
        """The flip-flop's value after the clock edge, out of reset."""
        d, enable, _ = self.net.flop(q_bit)
        if enable is None:
            return self(d)
        e = self(enable)
        q = self(q_bit)
        return q if e == ZERO else p_xor(q, p_and(e, p_xor(q, self(d))))


class Variables:
    """The free variables and their names (for counterexamples). With `rng`, every "variable" is
    a random constant instead: the same checks then run as a random simulation, which finds a
    bug in a fraction of a second and names its inputs, before the polynomials are formed."""

    def __init__(self, rng: random.Random | None = None):
        self.names: list[str] = []
        self.rng = rng
        self.values: list[int] = []

    def fresh(self, name: str) -> Poly:
        self.names.append(name)
        if self.rng is not None:
            self.values.append(self.rng.getrandbits(1))
            return ONE if self.values[-1] else ZERO
        return frozenset({1 << (len(self.names) - 1)})

    def vector(self, name: str, width: int) -> list[Poly]:
        return [self.fresh(f"{name}[{k}]") for k in range(width)]

    @staticmethod
    def name_of_bit(net: Netlist, bit) -> str:
        for name, bits in net.nets.items():
            if bit in bits:
                return f"{name}[{bits.index(bit)}]"
        return str(bit)

    def counterexample(self, diff: Poly) -> str:
        """Inputs that make the nonzero polynomial `diff` 1: the random values drawn, or the
        variables of a lowest-degree monomial of diff set to 1 (see the module text)."""
        if self.rng is not None:
            words: dict[str, int] = {}
            for name, val in zip(self.names, self.values):
                base, _, k = name.rstrip("]").rpartition("[")
                if base in ("rs1", "rs2", "ka", "kb", "start_i"):
                    words[base] = words.get(base, 0) | val << int(k)
            return ", ".join(f"{n} = {w:#x}" for n, w in words.items())
        low = min(diff, key=lambda m: (bin(m).count("1"), m))
        ones = [self.names[k] for k in range(len(self.names)) if low >> k & 1]
        return ("every variable 0" if not ones else ", ".join(ones) + " = 1, every other variable 0")


def value(p: Poly, ones: int) -> int:
    """The polynomial's value where exactly the variables in the mask `ones` are 1."""
    return sum(1 for m in p if m & ~ones == 0) & 1


def constant(value: int, width: int) -> list[Poly]:
    return [ONE if value >> k & 1 else ZERO for k in range(width)]


# ----------------------------------------------------------------------------- the proof
def build_netlist(root: Path, workdir: Path, rtl: tuple[str, ...] = RTL, top: str = TOP,
                  keep: str = "w:ka_q w:kb_q w:kl_q w:kg_q", tool: str = "anf",
                  cut: tuple[str, ...] = (), extra: dict[str, str] | None = None) -> dict:
    """The flattened gate netlist of `top` (Yosys JSON), every $mul cut, the nets `keep` kept
    whole (default: the K latches, even where a bug leaves a bit unread), the submodules `cut`
    replaced by free outputs (cut points, as for $mul); `extra`: more sources (file name ->
    text, read after `rtl`), e.g. a wrapper that is the top."""
    yosys = yosys_tool()
    workdir.mkdir(parents=True, exist_ok=True)
    script = workdir / "netlist.ys"
    out = workdir / "netlist.json"
    src = workdir / "src"                  # yowasp sees the files below its cwd only, as /tmp is
    src.mkdir(exist_ok=True)               # its own: a copy, as SymbiYosys makes
    for f in rtl:
        if not (root / f).is_file():
            die(tool, f"{root / f} not found")
        shutil.copy2(root / f, src / Path(f).name)
    for name, text in (extra or {}).items():
        (src / name).write_text(text)
    script.write_text("\n".join([*(f"read -sv src/{Path(f).name}" for f in rtl),
                                 *(f"read -sv src/{name}" for name in extra or {}),
                                 f"hierarchy -check -top {top}", "proc",
                                 "chformal -remove",      # the RTL's assertions are checks, not gates
                                 *([f"cutpoint {' '.join(cut)}"] if cut else []),
                                 "flatten", "opt_clean",
                                 "cutpoint t:$mul",
                                 *([f"setattr -set keep 1 {keep}"] if keep else []),
                                 "opt_clean", "opt -fast", "techmap",
                                 "opt -fast", f"write_json {out.name}", ""]))
    proc = subprocess.run([str(yosys), "-q", "-l", "yosys.log", script.name], cwd=workdir,
                          capture_output=True, text=True)   # yowasp writes relative to its cwd
    if proc.returncode != 0 or not out.exists():
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["no output"]
        print(f"{tool}: error: Yosys could not build the netlist ({tail[0]}); log: "
              f"{workdir / 'yosys.log'}", file=sys.stderr)
        raise SystemExit(2)
    return json.loads(out.read_text())["modules"][top]


def karats_env(net: Netlist, rng: random.Random | None = None
               ) -> tuple["Variables", dict, dict[str, list[Poly]]]:
    """The variables and the assignment of the checks: rs1..3, KA and KB free, KL and KG the
    invariant's polynomials of KA and KB, rst_ni high, every other input and state bit free.
    With `rng`: random constants for the free variables (see Variables)."""
    v = Variables(rng)
    rs1, rs2, rs3 = v.vector("rs1", 32), v.vector("rs2", 32), v.vector("rs3", 32)
    ka, kb = v.vector("ka", 64), v.vector("kb", 64)
    env: dict = {}
    for name, vec in (("rs1_i", rs1), ("rs2_i", rs2), ("rs3_i", rs3), ("ka_q", ka), ("kb_q", kb)):
        env.update(zip(net.bits(name), vec))
    # every other input and flip-flop (H, the MODP datapath, ...) is free, but rst_ni is high
    for name in ("start_i", "tag_i", "pipe_take_i", "mc_start_i", "mc_ack_i", "clk_i"):
        env.update(zip(net.bits(name), v.vector(name, len(net.bits(name)))))
    env[net.bits("rst_ni")[0]] = ONE
    spec_l = clmul(ka[:32], kb[:32])
    spec_g = clmul(ka[32:], kb[32:])
    env.update(zip(net.bits("kl_q"), spec_l[:63]))     # the invariant, assumed
    env.update(zip(net.bits("kg_q"), spec_g[:63]))
    for q in net.flops:
        if q not in env:
            env[q] = v.fresh(f"state:{Variables.name_of_bit(net, q)}")
    return v, env, {"rs1": rs1, "rs2": rs2, "ka": ka, "kb": kb, "kl": spec_l, "kg": spec_g}


def karats_checks(net: Netlist, ops: dict[str, int], rng: random.Random | None = None,
                  codes: list[int] | None = None) -> list[str]:
    """Every obligation of the module text, for the op_i values `codes` (default: all); the
    failures (empty: proven). With `rng`: one random simulation of the same checks."""
    failures: list[str] = []
    op_bits = net.bits("op_i")
    v, env, vec = karats_env(net, rng)
    rs1, rs2, ka, kb, spec_l, spec_g = (vec[k] for k in ("rs1", "rs2", "ka", "kb", "kl", "kg"))
    if spec_l[63] or spec_g[63]:
        failures.append("spec: bit 63 of a 32x32 carry-less product is not 0")

    def compare(what: str, got: list[Poly], want: list[Poly]) -> None:
        for k, (g, w) in enumerate(zip(got, want)):
            if g != w:
                failures.append(f"{what}: bit {k} differs from the spec; counterexample: "
                                f"{v.counterexample(g ^ w)}")
                return

    # after reset: every K latch at its reset value, the invariant on those values
    reset = {}
    for name in ("ka_q", "kb_q", "kl_q", "kg_q"):
        vals = []
        for q in net.bits(name):
            if q not in net.flops or net.flop(q)[2] is None:
                failures.append(f"reset: {name} is not a flip-flop with a reset value")
                return failures
            vals.append(ONE if net.flop(q)[2] else ZERO)
        reset[name] = vals
    compare("reset: kl", reset["kl_q"], clmul(reset["ka_q"][:32], reset["kb_q"][:32])[:63])
    compare("reset: kg", reset["kg_q"], clmul(reset["ka_q"][32:], reset["kb_q"][32:])[:63])

    full = clmul(ka, kb)
    new = clmul(rs1, rs2)
    want_data = {ops["OpKarats1"]: new[0:32], ops["OpKarats2"]: new[32:64],
                 ops["OpKarats3"]: full[32:64], ops["OpKarats4"]: full[64:96],
                 ops["OpGfmul8"]: clmul(rs1[:8], rs2[:8]) + [ZERO] * 16}
    names = {val: name for name, val in ops.items()}
    for code in range(1 << len(op_bits)) if codes is None else codes:
        ev = Evaluation(net, {**env, **dict(zip(op_bits, constant(code, len(op_bits))))}, v)
        label = f"op_i = {code} ({names.get(code, 'not an instruction')})"
        nxt = {name: [ev.next_state(q) for q in net.bits(name)] for name in
               ("ka_q", "kb_q", "kl_q", "kg_q")}
        compare(f"{label}: kl after the edge", nxt["kl_q"],
                clmul(nxt["ka_q"][:32], nxt["kb_q"][:32])[:63])
        compare(f"{label}: kg after the edge", nxt["kg_q"],
                clmul(nxt["ka_q"][32:], nxt["kb_q"][32:])[:63])
        if code in want_data:
            compare(f"{label}: data_o", [ev(b) for b in net.bits("data_o")], want_data[code])
    return failures


def deep_call(fn):
    """fn() in a thread with a 256 MiB stack and a deep recursion limit (the cones of the
    netlist are deep); the process's limits are restored afterwards, so a later json.loads of a
    hostile file still stops at the normal limit instead of overflowing the C stack."""
    out: list = []
    limit, stack = sys.getrecursionlimit(), threading.stack_size()
    sys.setrecursionlimit(1_000_000)
    threading.stack_size(1 << 28)
    try:
        th = threading.Thread(target=lambda: out.append(fn()))
        th.start()
        th.join()
    finally:
        sys.setrecursionlimit(limit)
        threading.stack_size(stack)
    return out[0] if out else None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=ROOT, help="repository tree (default: this one)")
    ap.add_argument("--workdir", type=Path, default=ROOT / "build" / "formal" / "arith" / "karats")
    args = ap.parse_args(argv)
    t0 = time.monotonic()
    module = build_netlist(args.root.resolve(), args.workdir)
    try:
        net = Netlist(module)
    except ValueError as exc:
        print(f"anf: error: {exc}", file=sys.stderr)
        return 2
    from verif.sv_enums import parse_enum
    ops = parse_enum((args.root / "rtl" / "pqx_pkg.sv").read_text(), "op_e")
    print(f"anf: netlist of {TOP}: {len(net.driver)} gates, {len(net.flops)} flip-flops "
          f"({time.monotonic() - t0:.1f} s)", flush=True)
    result: list = []

    def work() -> None:                        # deep cones: a thread with a large stack
        try:
            rng = random.Random(1)
            karats = [ops[f"OpKarats{k}"] for k in range(1, 5)] + [ops["OpGfmul8"]]
            for _ in range(RANDOM_ROUNDS):         # random simulation first: a fast counterexample
                failures = karats_checks(net, ops, rng, karats + [rng.randrange(128)])
                if failures:
                    result.append(["random simulation: " + f for f in failures])
                    return
            result.append(karats_checks(net, ops))
        except (ValueError, TooLarge) as exc:
            result.append(exc)
    deep_call(work)
    if isinstance(result[0], TooLarge):
        print(f"anf: arith:karats: no verdict: {result[0]}")
        return 3
    if isinstance(result[0], ValueError):
        print(f"anf: error: {result[0]}", file=sys.stderr)
        return 2
    failures = result[0]
    for f in failures:
        print(f"anf: FAIL: {f}")
    print(f"anf: arith:karats: {'PASS' if not failures else 'FAIL'}: invariant after reset and "
          f"across every op_i code, data_o of KARATS1..4 and GFMUL8 ({time.monotonic() - t0:.1f} s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
