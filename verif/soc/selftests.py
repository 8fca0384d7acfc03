"""The known programs of the SoC's self-tests: `make run`'s contract (scripts/run.py --selftest)
and CHECK=1's (scripts/check.py --selftest). A program is a file, "randprog" (random PQX
instructions as inline .insn, expected values from the model: verif/soc/randprog.py) or C text.
The mutation table's `killed_by` names programs of these lists."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

RAW = "--no-errata-workaround"
"""The flag that builds a program without the host-core errata pass (docs/errata.md)."""

RUN = [  # (program, expected exit status of `make run`, text the output must hold[, flag])
    ("firmware/examples/hello.c", 0, "hello from PQX firmware"),
    ("firmware/examples/pqx_smoke.c", 0, "exit 0,"),
    ("firmware/tests/bridge_hold.c", 0, "bridge_dir: all passed"),
    ("firmware/tests/poly_background.c", 0, "poly_background: all passed"),
    ("firmware/tests/poly_dma.c", 0, "poly_dma: all passed"),
    ("firmware/tests/context_switch.c", 0, "context_switch: all passed"),
    # both host-core errata: tripped without the errata pass (a core version that fixes one
    # changes these lines), avoided with it (docs/errata.md)
    ("firmware/tests/erratum1_rs3.c", 0, "distance 1: 0xfc9505b1 (stale rs3: erratum 1)", RAW),
    ("firmware/tests/erratum1_rs3.c", 0, "distance 0: 0xff9702af (right)\n"
     "distance 1: 0xff9702af (right)"),
    # (the csrr case also needs the bridge's kill filter: the csrr's bookkeeping kill would
    # otherwise kill the PQX instruction behind it, and the core would wait for it forever)
    ("firmware/tests/erratum2_stall.c", 1, "after div: 0x5a5a5a5a (write lost: erratum 2)\n"
     "after csrr: 0x5a5a5a5a (write lost: erratum 2)", RAW),
    ("firmware/tests/erratum2_stall.c", 0, "after div: 0x00000001 (right)\n"
     "after csrr: 0x00000001 (right)"),
    # random PQX instructions as inline .insn, expected values from the model (verif/soc/randprog.py)
    ("randprog", 0, " 0 mismatches"),
    ("int main(void) { return 3; }\n", 1, "exit 3,"),
    ("int main(void) {\n    __asm__ volatile(\".insn r 0x3b, 7, 0x7f, a0, a1, a2\");\n"
     "    return 0;\n}\n", 1, "trap: mcause 0x00000002"),
    ("int main(void) { for (;;) { } }\n", 1, "timeout"),
]

CHECK = [  # (program, expected status of `make run CHECK=1`, texts the output must hold[, flag])
    ("firmware/examples/pqx_smoke.c", 0, ["all 6 checks passed", "check: "]),
    ("firmware/tests/bridge_hold.c", 0, ["bridge_dir: all passed"]),
    ("firmware/tests/poly_background.c", 0, ["poly_background: all passed", "check: "]),
    ("firmware/tests/poly_dma.c", 0, ["poly_dma: all passed", "check: "]),
    ("firmware/tests/context_switch.c", 0, ["context_switch: all passed", "check: "]),
    ("firmware/tests/branch_kill.c", 0, ["8 of 16 compares executed"]),
    # kills of accepted PQX instructions by the core (exceptions): seen and checked
    ("firmware/tests/trap_kill.c", 0, ["8 killed", "8 exceptions taken"]),
    ("randprog", 0, [" 0 mismatches", "check: "]),
    # the checks catch a program that trips either host-core erratum (workaround off)
    ("firmware/tests/erratum1_rs3.c", 1, ["lockstep: ", "(BFNTTK): expected x", "the core wrote"],
     RAW),
    ("firmware/tests/erratum2_stall.c", 1, ["lockstep: ", "(COMPARE_U32): expected x",
                                           "the core wrote nothing"], RAW),
]


def run_cases(cases: list[tuple], root: Path, label: str, extra: list[str] | None = None,
              randprog: tuple[int, int] = (7, 200), max_cycles: int = 200_000,
              first_failure: bool = False, start_with: str = "") -> int:
    """Run `make run` on known programs and check each outcome; 1 if any case failed.

    A case is (program, expected exit status, text or list of texts its stdout must hold[, flag
    ...]). The program is a repository path, the text of a C file, or "randprog" (a random
    program of verif/soc/randprog.py, (seed, count) = `randprog`). `extra` goes to every run
    (--check for the CHECK=1 self-test). scripts/run.py and scripts/check.py run their lists with it,
    and, on a mutated tree
    (`root`), by scripts/mutate.py, which stops at the first failing case (`first_failure`: one
    failure kills the mutant) and names the program expected to kill it (`start_with`, a file
    name: its cases run first, the others after them in their order)."""
    tmp = root / "build" / "soc" / f"{label}-selftest"   # per tree: mutant runs share no files
    tmp.mkdir(parents=True, exist_ok=True)
    failed = 0
    order = sorted(enumerate(cases), key=lambda kc: Path(kc[1][0]).name != start_with)
    for done, (k, (prog, want_rc, texts, *flags)) in enumerate(order):
        texts = [texts] if isinstance(texts, str) else texts
        if prog == "randprog":
            from verif.soc.randprog import generate
            src = tmp / f"randprog_{randprog[0]}.c"
            src.write_text(generate(*randprog))
        elif prog.endswith(".c") and "\n" not in prog:
            src = ROOT / prog
        else:
            src = tmp / f"case{k}.c"
            src.write_text(prog)
        proc = subprocess.run([sys.executable, "-m", "scripts.run", "--fw", str(src), "--root",
                               str(root), "--max-cycles", str(max_cycles)] + (extra or []) + flags,
                              cwd=ROOT, capture_output=True, text=True)
        missing = [t for t in texts if t not in proc.stdout]
        ok = proc.returncode == want_rc and not missing
        failed += not ok
        print(f"{label}: selftest {src.name}{' ' + ' '.join(flags) if flags else ''}: "
              f"{'ok' if ok else 'FAIL'} (status {proc.returncode}, want {want_rc}"
              + (f"; missing {missing}" if missing else "") + ")", flush=True)
        if not ok:   # the program's and the checks' lines, not cocotb's log
            out = proc.stdout + proc.stderr
            print("\n".join(ln for ln in out.splitlines()
                            if "ns " not in ln or "WARNING" in ln or "ERROR" in ln)[-3000:])
            if first_failure:
                print(f"{label}: stopped at the first failure ({len(cases) - done - 1} cases not run)")
                break
    print(f"{len(cases) - failed} passed, {failed} failed")
    return 1 if failed else 0
