"""The RTL mutation table: known bugs planted one at a time by `make mutants` (scripts/mutate.py).

Each entry is (file, exact original text, replacement, description) and names the check that must
kill it. The table's consistency with the RTL (each original text occurs once, the file is part of
the checker's build, the mutant can change that build's behaviour) is tested by
verif/mutation/test_table.py in `make test`.
"""

from __future__ import annotations

from dataclasses import dataclass

from verif.manifest import manifests


@dataclass(frozen=True)
class Mutation:
    name: str
    file: str          # relative to the repository root
    original: str      # must occur exactly once in the file
    replacement: str
    description: str
    checker: str = "sim"
    """Who must kill it: "sim" (the system test XifRandomTest on the full build), "sim:UNIT" (the
    tests of that simulation unit of verif/units.py, for code only a build with other
    parameters has: the pipelined build's; for a system-test unit its XifRandomTest),
    "sim:UNIT:TEST" (that test of the unit),
    "formal:JOB:TASK" (that proof task run on the mutated tree, in the configuration its .sby
    builds), for a bug the random simulation cannot reach or the full build cannot show, or "soc"
    (firmware on the SoC: `python -m scripts.run --selftest`), for the SoC's own RTL, or
    "soc-check" (the same programs with every check attached: `python -m scripts.check
    --selftest`, i.e. `make run CHECK=1`), or "firmware" (a mutant of the scheme firmware, not
    of the RTL: `python -m scripts.schemes --check 1 --param ML-KEM-512 --variant pqx`, the
    firmware against kyber-py; ML-DSA-44 against dilithium-py for the ML-DSA files)."""
    note: str = ""
    """Why the checker is not the simulation, or what else is known about this mutant."""
    killed_by: str = ""
    """For "soc" and "soc-check": the self-test program that kills it (a file name), run first so
    that a mutant run skips the programs before it; the others still run if it does not."""
    param: str = ""
    """For "firmware": the parameter set whose check must kill it, where the file does not say
    (scripts/mutate.py run_firmware: ML-KEM-512, ML-DSA-44, SLH-DSA-SHAKE-128f, Falcon-512 or
    HQC-1 by the file's scheme)."""


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
             "head_valid_o = (cnt_q != '0) && (cmt_q[0] || cmt_now[0]) && !kill_now[0];",
             "head_valid_o = (cnt_q != '0) && !kill_now[0];",
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
             "{res_id_d, res_hartid_d, res_rd_d, res_we_d} = {ex.id, ex.hartid, ex.rd, ex.dec.writeback};",
             "{res_id_d, res_hartid_d, res_rd_d, res_we_d} = {ex.id, ex.hartid, ex.rd, 1'b1};",
             "result we=1 even for instructions without writeback"),
    # (h) a rejected instruction gets a result
    Mutation("rejected_gets_result", "rtl/pqx_top.sv",
             "assign ex_valid = head_valid && head.accepted;",
             "assign ex_valid = head_valid;",
             "execute ignores head.accepted: rejected instructions produce a result"),
    # multi-cycle units (Keccak, SLH-DSA)
    Mutation("kperm_keeps_s", "rtl/pqx_top.sv",
             "s_wmask = {50{mc_kperm_q}};",
             "s_wmask = '0;",
             "KPERM does not copy the permutation into S"),
    Mutation("so_not_blocked_while_busy", "rtl/pqx_top.sv",
             "assign exec_fire   = ex_valid && !arith_pipe && !mc_busy_q && !multi_cycle && res_free && arith_empty\n",
             "assign exec_fire   = ex_valid && !arith_pipe && !multi_cycle && res_free && arith_empty\n",
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
    Mutation("chain_hash_address_little_endian", "rtl/slhdsa/pqx_slhdsa_unit.sv",
             "    hash_next = bswap32(bswap32(hash_next) + 32'd1);",
             "    hash_next = hash_next + 32'd1;",
             "CHAIN steps the hash address as a little-endian number (byte 28 moves, not byte 31)"),
    Mutation("chain_keeps_hash_address", "rtl/slhdsa/pqx_slhdsa_unit.sv",
             "      if (chain_q) s_wmask_o[w] = 6'(w) >= {2'b0, nw_q} + 6'd7 && 6'(w) < {1'b0, nw_q, 1'b0} + 6'd8;",
             "      if (chain_q) s_wmask_o[w] = 6'(w) >= {2'b0, nw_q} + 6'd8 && 6'(w) < {1'b0, nw_q, 1'b0} + 6'd8;",
             "CHAIN writes in1 but not the next hash address"),
    Mutation("thash_padding", "rtl/slhdsa/pqx_slhdsa_unit.sv",
             "        shake_block[32*w +: 32] = 32'h0000_001F;",
             "        shake_block[32*w +: 32] = 32'h0000_0006;",
             "SHA3 padding instead of SHAKE padding in the SLH-DSA block"),
    Mutation("mc_start_uncommitted", "rtl/pqx_top.sv",
             "assign mc_start    = ex_valid && !mc_busy_q && multi_cycle && arith_empty && !zeroize_q;",
             "assign mc_start    = (ex_valid || multi_cycle) && ex.accepted && !mc_busy_q "
             "&& multi_cycle && arith_empty && !zeroize_q;",
             "KSTART/KPERM/THASH/PRF start at the head of the queue without waiting for the commit: "
             "a later kill comes too late, the killed instruction writes S/O"),
    Mutation("load_start_uncommitted", "rtl/pqx_top.sv",
             ".start_i   (exec_fire && ex.dec.unit == pqx_pkg::UnitState),",
             ".start_i   ((exec_fire || ex.dec.op == pqx_pkg::OpLoad) "
             "&& ex.dec.unit == pqx_pkg::UnitState),",
             "a LOAD at the head of the queue writes S before its commit (and again each cycle "
             "it waits), also when it is killed afterwards"),
    # (i) batch commit not honoured
    Mutation("stale_commit_hit", "rtl/pqx_inflight.sv",
             "hit[p] = commit_valid_i && (CntW'(p) < cnt_q) && !cmt_q[p] && (q_id[p] == commit_id_i);",
             "hit[p] = commit_valid_i && (CntW'(p) < cnt_q) && (q_id[p] == commit_id_i);",
             "a kill may hit a committed (rejected) entry whose id is already reused: older "
             "committed instructions are lost (found by formal xif_shell)",
             checker="formal:xif_shell:bmc",
             note="XifRandomTest does not kill it: it needs a committed rejected entry held "
                  "behind a stalled head, its id reused at once and that new instruction killed; "
                  "the bounded proof xif_shell:bmc finds it (6 cycles), and XifIdReuseTest, made "
                  "for it, does too (stale_commit_hit_sim)"),
    Mutation("stale_commit_hit_sim", "rtl/pqx_inflight.sv",
             "hit[p] = commit_valid_i && (CntW'(p) < cnt_q) && !cmt_q[p] && (q_id[p] == commit_id_i);",
             "hit[p] = commit_valid_i && (CntW'(p) < cnt_q) && (q_id[p] == commit_id_i);",
             "stale_commit_hit again, for the simulation: ids reused at once after rejected commits "
             "behind a multi-cycle instruction, with kills (XifIdReuseTest)",
             checker="sim:top:XifIdReuseTest"),
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
    Mutation("sread_reads_o", "rtl/state/pqx_state_unit.sv",
             "if (store_ok) data_o = s_q[rs1_i[5:0]];",
             "if (store_ok) data_o = o_q[rs1_i[5:0]];",
             "[context] SREAD returns O[i] instead of S[i]: a saved context loses S"),
    Mutation("owrite_writes_s", "rtl/state/pqx_state_unit.sv",
             "if (rs2_i == 32'(w)) o_d[w] = rs1_i;",
             "if (rs2_i == 32'(w)) s_d[w] = rs1_i;",
             "[context] OWRITE writes S[i] instead of O[i]",
             checker="formal:xif_shell:state_edge"),
    Mutation("inflight_queue_exec_uncommitted", "rtl/pqx_inflight.sv",
             "head_valid_o = (cnt_q != '0) && (cmt_q[0] || cmt_now[0]) && !kill_now[0];",
             "head_valid_o = (cnt_q != '0) && (cmt_q[0] || cmt_now[0] || !Bypass) && !kill_now[0];",
             "[soc build] queue-only execute (IssueBypass = 0) runs the head before its commit",
             checker="formal:xif_shell:bmc_spec_soc"),
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
             "[extra] decoder accepts instructions of units that are not built",
             checker="formal:decoder:partial",
             note="every unit is built in the simulated design, where it changes nothing; "
                  "decoder:partial builds PQX without the FPR unit"),
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
             "xd_i[15:0] * 16'd62209};", "xd_i[15:0] * 16'd62207};",
             "[arith] MontK with a wrong q^-1 mod 2^16"),
    Mutation("mont_d_qinv", "rtl/arith/pqx_mont_reduce.sv",
             "xd_i[31:0] * 32'd58728449,", "xd_i[31:0] * 32'd58728445,",
             "[arith] MontD with a wrong q^-1 mod 2^32"),
    Mutation("mont_f_no_final_sub", "rtl/arith/pqx_mont_reduce.sv",
             "default:        r_o = f_sub + (f_sub[31] ? 32'(pqx_pkg::QF) : 32'd0);",
             "default:        r_o = f_sum;",
             "[arith] Falcon mq_montymul without the final conditional subtraction (result in [0, 2q))"),
    Mutation("barrett_k_rounding", "rtl/arith/pqx_barrett.sv",
             "(ae * 64'sd20159 + (64'sd1 <<< 25)) >>> 26", "(ae * 64'sd20159 + (64'sd1 <<< 24)) >>> 26",
             "[arith] BarrettK rounds with 2^24 instead of 2^25"),
    Mutation("barrett_hqc_no_correction", "rtl/arith/pqx_barrett.sv",
             "assign r_o    = (correct && r >= n) ? r_corr[31:0] : r[31:0];",
             "assign r_o    = r[31:0];",
             "[arith] HQC Barrett without its correction step (rd may equal rs1 mod N + N)"),
    Mutation("bfinttk_diff_sign", "rtl/arith/pqx_arith_unit.sv",
             "assign k_diff   = rs2_i[15:0] - rs1_i[15:0];", "assign k_diff   = rs1_i[15:0] - rs2_i[15:0];",
             "[arith] BFINTTK multiplies z by a - b instead of b - a"),
    Mutation("bfnttd_h_not_latched", "rtl/arith/pqx_arith_unit.sv",
             "if (h_we)  h_q  <= h_d;", "if (h_we && x_op == pqx_pkg::OpBfinttD) h_q <= h_d;",
             "[arith] BFNTTD does not latch its high half into H"),
    Mutation("falcon_add_unreduced", "rtl/arith/pqx_arith_unit.sv",
             "assign f_add_at = mod_q_f(32'(a16) + x_mont - 32'(pqx_pkg::QF));",
             "assign f_add_at = 32'(a16) + x_mont;",
             "[arith] BFNTTF low half a + t not reduced mod q"),
    Mutation("karats_mid_drops_l", "rtl/arith/pqx_arith_unit.sv",
             "assign k_mid    = x_prod[62:0] ^ kl_q ^ kg_q;", "assign k_mid    = x_prod[62:0] ^ kg_q;",
             "[arith] Karatsuba middle term forgets a_lo b_lo"),
    Mutation("karats1_latches_wrong", "rtl/arith/pqx_arith_unit.sv",
             "assign ka_lo_we = start_i && kl_we;", "assign ka_lo_we = 1'b0;",
             "[arith] KARATS1 does not latch a_lo, b_lo (KARATS3/4 use stale operands)"),
    Mutation("karats2_latches_unstarted", "rtl/arith/pqx_arith_unit.sv",
             "    assign ka_hi_we = start_i && kg_we;", "    assign ka_hi_we = kg_we;",
             "[arith] KA/KB high words latched whenever op_i reads KARATS2, started or not",
             checker="formal:arith:karats",
             note="the proof's frame obligation covers every op_i with start_i low; "
                  "arith:karats (scripts/anf.py) fails it in its random simulation"),
    Mutation("gf_reduce_poly", "rtl/arith/pqx_arith_unit.sv",
             "16'h011D << (i - 8)", "16'h011B << (i - 8)",
             "[arith] GF_REDUCE by 0x11B (the AES polynomial) instead of 0x11D"),
    Mutation("modp_three_newton_steps", "rtl/arith/pqx_modp_montymul.sv",
             "localparam logic [3:0] DoneOneCycle = 4'd5;", "localparam logic [3:0] DoneOneCycle = 4'd4;",
             "[arith] MODP_MONTYMUL derives p0i with three Newton steps (16 bits)"),
    # the Classic McEliece unit: the four defects the McEliece seed's authors found in the
    # Berlekamp-Massey engine they inherited, and its transpose defect
    Mutation("mce_bm_shift_bound", "rtl/mce/pqx_mce_bm.sv",
             "bp_d    = {lengthen ? c_q[T*M-1:0] : bp_q[T*M-1:0], M'(0)};",
             "bp_d    = {lengthen ? c_q[T*M-1:M] : bp_q[T*M-1:M], bp_q[2*M-1:M], M'(0)};",
             "[mce] B = x B: the shift loop stops one coefficient short (B_1 keeps its old value; "
             "seed defect: an incorrect shift-loop bound)", checker="sim:mce"),
    Mutation("mce_bm_frac_inverted", "rtl/mce/pqx_mce_bm.sv",
             "      frac = pqx_mce_pkg::gf_mul(d_q, pqx_mce_pkg::gf_inv(b_q));",
             "      frac = pqx_mce_pkg::gf_mul(b_q, pqx_mce_pkg::gf_inv(d_q));",
             "[mce] the field fraction d / b computed as b / d (seed defect: an inverted operand)",
             checker="sim:mce"),
    Mutation("mce_bm_mask_promoted", "rtl/mce/pqx_mce_bm.sv",
             "assign d_nz     = d_q != '0;",
             "assign d_nz     = 1'b1;",
             "[mce] the d != 0 mask is set for d = 0 too, so a zero discrepancy still lengthens "
             "the register (seed defect: the mask broken by 32-bit promotion)", checker="sim:mce"),
    Mutation("mce_operand_not_zero_extended", "rtl/mce/pqx_mce_unit.sv",
             "assign x = rs1_i[M-1:0];",
             "assign x = rs1_i[M-1:0] ^ M'(rs1_i[31:M]);",
             "[mce] field operands not zero-extended: bits above 11 leak into products and the "
             "written registers (seed defect: missing zero-extension of multiplier inputs)",
             checker="sim:mce"),
    Mutation("mce_transpose_plain", "rtl/mce/pqx_mce_transpose.sv",
             "      for (int r = 0; r < Size; r++) col[r] = bits_q[r*Size + int'(rcol_i)];",
             "      for (int r = 0; r < Size; r++) col[r] = bits_q[int'(rcol_i)*Size + r];",
             "[mce] TR_RD reads a row, not a column: a plain register file (seed defect)",
             checker="sim:mce"),
    Mutation("mce_chien_lane_skipped", "rtl/mce/pqx_mce_chien.sv",
             "          if (s * Lanes + l < N && s == int'(step)) bitmap_q[s*Lanes + l] <= root[l];",
             "          if (s * Lanes + l < N - 1 && s == int'(step)) bitmap_q[s*Lanes + l] <= root[l];",
             "[mce] the Chien search never marks the last support entry", checker="sim:mce"),
    Mutation("mce_locator_before_ack", "rtl/mce/pqx_mce_unit.sv",
             "      if (mc_ack_i && mc_bm_q)  sigma_q <= bm_sigma;",
             "      if (bm_done && mc_bm_q)   sigma_q <= bm_sigma;",
             "[mce] MCE_BM writes the locator while its result waits, before the ack",
             checker="sim:mce"),
    Mutation("mce_syndrome_written_unstarted", "rtl/mce/pqx_mce_unit.sv",
             "      if (start_i && wr_syn) begin",
             "      if (wr_syn) begin",
             "[mce] MCE_SYN writes its syndrome whenever it is on the op port, executed or not (in "
             "pqx_top: a queued, killed or uncommitted MCE_SYN at the head changes S)",
             checker="formal:mce:regs"),
    Mutation("mce_chien_done_early", "rtl/mce/pqx_mce_chien.sv",
             ".last_i (StepW'(Steps - 1))",
             ".last_i (StepW'(Steps - 2))",
             "[mce] MCE_CHIEN done one step early (the last four support entries unsearched)",
             checker="formal:mce:chien"),
    Mutation("mce_sys_no_pivot_search", "rtl/mce/pqx_mce_systematic.sv",
             "        if (k > int'(c) && !prow[int'(c)]) prow = prow ^ w_q[k*Cols +: Cols];",
             "        if (k == int'(c) + 1 && !prow[int'(c)]) prow = prow ^ w_q[k*Cols +: Cols];",
             "[mce] MCE_SYS's pivot search looks at the next row only: keys whose pivot lies "
             "further down are rejected", checker="sim:mce"),
    # the Crypto-RV unit (issue 12): SHA-256 / SHA-512 / SM3 engine, block buffer, chaining state
    Mutation("crv_sha256_sigma1_rotation", "rtl/crv/pqx_crv_sha.sv",
             "                       + (pqx_crv_pkg::rotr32(v_q[4][31:0], 6) ^ pqx_crv_pkg::rotr32(v_q[4][31:0], 11)",
             "                       + (pqx_crv_pkg::rotr32(v_q[4][31:0], 7) ^ pqx_crv_pkg::rotr32(v_q[4][31:0], 11)",
             "[crv] SHA-256's Sigma1 rotates by 7 instead of 6", checker="sim:crv"),
    Mutation("crv_sm3_constant_switch", "rtl/crv/pqx_crv_sha.sv",
             "            tj  = j < 7'd16 ? 32'h79cc_4519 : 32'h7a87_9d8a;",
             "            tj  = j < 7'd15 ? 32'h79cc_4519 : 32'h7a87_9d8a;",
             "[crv] SM3 switches its round constant T_j one round early", checker="sim:crv"),
    Mutation("crv_sha512_word_order", "rtl/crv/pqx_crv_sha.sv",
             "      if (alg == pqx_crv_pkg::AlgSha512) expand = pqx_crv_pkg::bswap64(word);",
             "      if (alg == pqx_crv_pkg::AlgSha512) expand = {pqx_crv_pkg::bswap32(word[63:32]), pqx_crv_pkg::bswap32(word[31:0])};",
             "[crv] SHA-512 reads a message word's two halves in the wrong order", checker="sim:crv"),
    Mutation("crv_bwr_pointer_stuck", "rtl/crv/pqx_crv_unit.sv",
             "        ptr_q        <= ptr_q + 1'b1;          // (wraps: B is a ring)",
             "        ptr_q        <= ptr_q;",
             "[crv] CRV_BWR does not advance the buffer pointer", checker="sim:crv"),
    Mutation("crv_chaining_before_ack", "rtl/crv/pqx_crv_unit.sv",
             "      if (mc_ack_i) begin\n        h_q   <= eng_h;",
             "      if (mc_done_o) begin\n        h_q   <= eng_h;",
             "[crv] a block instruction writes H while its result waits, before the ack",
             checker="sim:crv"),
    Mutation("crv_init_unstarted", "rtl/crv/pqx_crv_unit.sv",
             "      if (start_i && wr_init) begin",
             "      if (wr_init) begin",
             "[crv] an INIT writes H whenever it is on the op port, executed or not (in pqx_top: a "
             "queued, killed or uncommitted INIT at the head changes H)", checker="formal:crv:regs"),
    Mutation("step_counter_one_late", "rtl/pqx_step_counter.sv",
             "      if (step_q >= last_i) begin   // (>=: no count past the end)",
             "      if (step_q > last_i) begin   // (>=: no count past the end)",
             "[shared] the step counter runs one step past last_i (every engine built on it one "
             "cycle late)", checker="formal:step_counter:prove"),
    Mutation("crv_block_done_early", "rtl/crv/pqx_crv_sha.sv",
             "    .clk_i, .rst_ni, .start_i, .last_i (last_step), .ack_i,",
             "    .clk_i, .rst_ni, .start_i, .last_i (last_step - 7'd1), .ack_i,",
             "[crv] a block instruction is done one step early (its last round not run)",
             checker="formal:crv:sha256"),
    Mutation("crv_aes_sbox_entry", "rtl/crv/pqx_crv_pkg.sv",
             "8'h53: aes_sbox = 8'hed;", "8'h53: aes_sbox = 8'hee;",
             "[crv] one entry of the AES S-box table wrong (S(0x53) = 0xee)", checker="formal:crv:sbox"),
    Mutation("crv_aes_mixcolumns_row", "rtl/crv/pqx_crv_pkg.sv",
             "                              ^ t[8*(4*c + (r + 2) % 4) +: 8] ^ t[8*(4*c + (r + 3) % 4) +: 8];",
             "                              ^ t[8*(4*c + (r + 2) % 4) +: 8];",
             "[crv] MixColumns drops a term", checker="sim:crv"),
    Mutation("crv_aes_rcon_stuck", "rtl/crv/pqx_crv_aes.sv",
             "            rc_d  = pqx_crv_pkg::xtime(rc_q);",
             "            rc_d  = rc_q;",
             "[crv] the AES key schedule uses Rcon = 1 in every round", checker="sim:crv"),
    Mutation("crv_haraka512_mix_late", "rtl/crv/pqx_crv_aes.sv",
             "            st_d = k[2:0] == 3'd7 ? pqx_crv_pkg::haraka_mix512(rotated) : rotated;",
             "            st_d = k[2:0] == 3'd3 ? pqx_crv_pkg::haraka_mix512(rotated) : rotated;",
             "[crv] Haraka-512 mixes after every AES round instead of every second", checker="sim:crv"),
    Mutation("crv_haraka512_feed_forward_word", "rtl/crv/pqx_crv_aes.sv",
             "mode_q == Mode512 ? {ff[1], ff[0], ~ff[1]} : {1'b0, ff};",
             "mode_q == Mode512 ? {ff[1], ff[0], ff[1]} : {1'b0, ff};",
             "[crv] Haraka-512's feed-forward XORs the input into the wrong 64-bit words",
             checker="sim:crv"),
    Mutation("crv_haraka_rc_entry", "rtl/crv/pqx_crv_pkg.sv",
             "      6'd19: haraka_rc = 128'h9223",
             "      6'd19: haraka_rc = 128'h8223",
             "[crv] one Haraka round constant wrong (RC[19], the last one Haraka-256 uses)",
             checker="sim:crv"),
    Mutation("crv_haraka256_done_early", "rtl/crv/pqx_crv_aes.sv",
             "last_step = 6'd27; end",
             "last_step = 6'd26; end",
             "[crv] HARAKA256 done one step early (its last feed-forward word not added)",
             checker="formal:crv:haraka256"),
    # the pipelined build (Pipelined = 1; issue 17)
    Mutation("pipe_operand_not_held", "rtl/arith/pqx_arith_unit.sv",
             "        s3_rs1_q   <= s2_rs1_q;",
             "        s3_rs1_q   <= s2_rs2_q;",
             "[pipelined] the arithmetic pipeline's last stage takes rs2 for rs1",
             checker="sim:arith_pipelined"),
    Mutation("pipe_latch_before_ack", "rtl/arith/pqx_arith_unit.sv",
             "    assign latch_we = s3_valid_q && pipe_take_i;",
             "    assign latch_we = s3_valid_q;",
             "[pipelined] H, L and G are written while the result waits to be taken",
             checker="formal:arith:pipe",
             note="the value written is the same in every held cycle, so simulation cannot see it"),
    Mutation("pipe_karats_operands_late", "rtl/arith/pqx_arith_unit.sv",
             "    assign ka_lo_we = enter && op_i == pqx_pkg::OpKarats1;",
             "    assign ka_lo_we = latch_we && x_op == pqx_pkg::OpKarats1;",
             "[pipelined] KARATS1 latches its operands when it leaves the pipeline: a KARATS3/4 "
             "right behind it multiplies stale operands",
             checker="sim:arith_pipelined"),
    Mutation("pipe_modp_three_newton_steps", "rtl/arith/pqx_modp_montymul.sv",
             "    assign y_we    = step_q <= 4'd8 && !step_q[0];   // steps 2, 4, 6, 8",
             "    assign y_we    = step_q <= 4'd6 && !step_q[0];",
             "[pipelined] MODP_MONTYMUL's two-cycle Newton steps stop after three (p0i to 16 bits)",
             checker="sim:arith_pipelined"),
    Mutation("pipe_result_overtakes", "rtl/pqx_top.sv",
             "assign exec_fire   = ex_valid && !arith_pipe && !mc_busy_q && !multi_cycle && res_free && arith_empty\n",
             "assign exec_fire   = ex_valid && !arith_pipe && !mc_busy_q && !multi_cycle && res_free\n",
             "[pipelined] a single-cycle instruction executes while arithmetic results are still in "
             "the pipeline: results leave out of order", checker="sim:top_pipelined"),
    Mutation("dispatch_overwritten", "rtl/pqx_top.sv",
             "assign dsp_take = head_valid && head.accepted && (!dsp_valid_q || ex_leave);",
             "assign dsp_take = head_valid && head.accepted;",
             "[pipelined] the dispatch register takes the next instruction while its own waits: "
             "an instruction is lost", checker="sim:top_pipelined"),
    Mutation("modp_result_dropped", "rtl/pqx_top.sv",
             "res_data_d = unit_mc_data[mc_unit_q];",
             "res_data_d = mc_unit_q == pqx_pkg::UnitArith ? 32'd0 : unit_mc_data[mc_unit_q];",
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
    # the SoC around PQX (issue 10): firmware on the real core must catch them
    Mutation("bridge_kill_unfiltered", "rtl/soc/pqx_xif_bridge.sv",
             "assign pqx_commit_kill_o   = core_commit_kill_i && commit_accepted;",
             "assign pqx_commit_kill_o   = core_commit_kill_i;",
             "[soc] the core's bookkeeping kill of a rejected CSR instruction reaches PQX: the next "
             "PQX instruction is killed and the core waits for its result",
             note="the errata pass keeps a PQX instruction away from a csrr, so only the "
                  "erratum-2 program built without it (erratum2_stall.c) still shows this",
             checker="soc", killed_by="erratum2_stall.c"),
    Mutation("bridge_no_hold", "rtl/soc/pqx_xif_bridge.sv",
             "end else if (issue_fire && issue_multi_cycle && !kill_fwd) begin",
             "end else if (1'b0) begin",
             "[soc] no hold behind a multi-cycle PQX instruction: erratum 2 of the core loses the "
             "register write of the next PQX instruction",
             checker="soc", killed_by="bridge_hold.c"),
    # the bridge against its proof (formal/bridge): each fails bridge:bmc within a few seconds
    Mutation("bridge_kill_dropped", "rtl/soc/pqx_xif_bridge.sv",
             "assign pqx_commit_kill_o   = core_commit_kill_i && commit_accepted;",
             "assign pqx_commit_kill_o   = 1'b0;",
             "[soc] every kill reaches PQX as a plain commit: a flushed accepted instruction "
             "executes and returns a result the core does not expect",
             checker="formal:bridge:bmc",
             note="k_forward fails at step 1 (~4 s); with the local kill properties off, "
                  "v_same_view at step 2"),
    Mutation("bridge_result_id_off", "rtl/soc/pqx_xif_bridge.sv",
             "assign core_result_id_o      = pqx_result_id_i;",
             "assign core_result_id_o      = pqx_result_id_i + 4'd1;",
             "[soc] the result id is altered on its way to the core",
             checker="formal:bridge:bmc",
             note="the core ignores result.id, so firmware cannot see it; r_payload fails at "
                  "step 1 (~4 s), r_expected at step 2 with the mapping properties off"),
    Mutation("bridge_commit_bypass_dropped", "rtl/soc/pqx_xif_bridge.sv",
             "assign commit_accepted = (issue_fire && core_issue_id_i == core_commit_id_i)",
             "assign commit_accepted = (1'b0 && core_issue_id_i == core_commit_id_i)",
             "[soc] a commit in the issue cycle of its own id reads the stale accepted bit of "
             "that id's previous use: a kill of it may be forwarded as a plain commit or the "
             "reverse",
             checker="formal:bridge:bmc",
             note="the core commits one cycle after the issue at the earliest, so the SoC does "
                  "not reach it; a CV-X-IF host may. k_forward fails at step 1 (~4 s)"),
    Mutation("bridge_hold_kept_after_kill", "rtl/soc/pqx_xif_bridge.sv",
             "mc_pending_d = 1'b0;                    // killed (itself or an older id): no result",
             "mc_pending_d = 1'b1;                    // killed (itself or an older id): no result",
             "[soc] the erratum-2 hold is not released when its multi-cycle instruction is "
             "killed: the SoC hangs after a trap that flushes a KPERM/THASH/MODP_MONTYMUL",
             checker="formal:bridge:bmc",
             note="e_hold_release fails at step 3 (~4 s); bridge:prove gives no verdict (the "
                  "base case of depth 3 is too short, the induction step fails on inv_hold)"),
]
# the same bridge bugs, and the SoC's erratum-3 fix undone, against `make run CHECK=1`
MUTATIONS += [
    Mutation("check_kill_dropped", "rtl/soc/pqx_xif_bridge.sv",
             "assign pqx_commit_kill_o   = core_commit_kill_i && commit_accepted;",
             "assign pqx_commit_kill_o   = 1'b0;",
             "[soc] as bridge_kill_dropped: the kills of trap_kill.c execute in PQX and their "
             "results are taken for the next PQX instruction",
             checker="soc-check", killed_by="trap_kill.c"),
    Mutation("check_result_id_off", "rtl/soc/pqx_xif_bridge.sv",
             "assign core_result_id_o      = pqx_result_id_i;",
             "assign core_result_id_o      = pqx_result_id_i + 4'd1;",
             "[soc] as bridge_result_id_off: invisible to firmware (the core ignores result.id), "
             "seen by CHECK=1's core-side result-order check",
             checker="soc-check", killed_by="pqx_smoke.c"),
    Mutation("sysregs_exc_not_counted", "rtl/soc/pqx_soc_sysregs.sv",
             "else if (pqx_exc_i)            exc_count_q <= exc_count_q + 32'd1;",
             "else if (pqx_exc_i)            exc_count_q <= exc_count_q + 32'd0;",
             "[soc] PQX_EXC does not count PQX's exceptions: firmware never learns of them",
             checker="soc", killed_by="poly_dma.c"),
    # the polynomial unit (issue 14)
    Mutation("poly_engine_run_short", "rtl/poly/pqx_poly_engine.sv",
             "assign last_step = step_q == '1 && pass_q == last_pass;",
             "assign last_step = step_q == SW'((1 << SW) - 2) && pass_q == last_pass;",
             "the engine stops a step early: the last butterfly of every run is never written",
             checker="sim:poly",
             note="formal poly:engine no longer closes on it (its induction step fails); the "
                  "proof has no counterexample from reset within its depth because the clear "
                  "after reset takes 1,024 cycles"),
    Mutation("poly_intt_twiddle", "rtl/poly/pqx_poly_engine.sv",
             ": 8'((9'd2 << l) - 9'd1 - 9'(group));", ": 8'((9'd2 << l) - 9'(group));",
             "the inverse NTT takes each group's twiddle one place off",
             checker="sim:poly"),
    Mutation("poly_pwm_gamma", "rtl/poly/pqx_poly_engine.sv",
             "assign z_read[b] = op_q == pqx_poly_pkg::EngPwm ? pqx_poly_pkg::gamma_k(t)",
             "assign z_read[b] = op_q == pqx_poly_pkg::EngPwm ? pqx_poly_pkg::zeta_k(t)",
             "ML-KEM's base cases multiply by zeta^BitRev7(i) instead of zeta^(2 BitRev7(i) + 1)",
             checker="sim:poly"),
    Mutation("poly_cbd_nibbles_swapped", "rtl/poly/pqx_poly_engine.sv",
             "KCbd:    {w[2*b+1], w[2*b]} = {cbd2(wz_q[b][7:4]), cbd2(wz_q[b][3:0])};",
             "KCbd:    {w[2*b+1], w[2*b]} = {cbd2(wz_q[b][3:0]), cbd2(wz_q[b][7:4])};",
             "POLY_CBD puts byte k's two coefficients in the wrong order",
             checker="sim:poly"),
    Mutation("poly_bank_conflict", "rtl/poly/pqx_poly_pkg.sv",
             "bank_of = 3'((32'(^(i >> lb)) << lb)",
             "bank_of = 3'((32'((i >> lb) & 8'd1) << lb)",
             "the banks are chosen by one index bit instead of the parity: the two halves of a "
             "butterfly with len >= 2 B land in one bank, one of them reads the other's row",
             checker="sim:poly"),
    Mutation("poly_lane_twiddle", "rtl/poly/pqx_poly_engine.sv",
             "assign t     = 7'((32'(step_q) << LB) | b);",
             "assign t     = 7'(32'(step_q) << LB);",
             "every butterfly unit works on the step's first butterfly (lanes collapse): the "
             "other butterflies of each step are computed with lane 0's indices and twiddle",
             checker="sim:poly"),
    Mutation("poly_wr_value_unchecked", "rtl/poly/pqx_poly_unit.sv",
             "assign value_ok     = rs1_i < (rs2_i[AW-1] ? 32'(pqx_poly_pkg::QD) : 32'(pqx_poly_pkg::QK));",
             "assign value_ok     = rs1_i < 32'(pqx_poly_pkg::QD);",
             "POLY_WR takes an ML-KEM coefficient >= 3329 without the exception",
             checker="sim:poly"),
    # the Vortex PCU's DMA bug classes (docs/notes/issue14-seed-facts.md, 1.10), planted in
    # pqx_poly_dma; the memory agent of the unit test stalls grants and responses at random
    Mutation("poly_dma_no_overlap", "rtl/poly/pqx_poly_dma.sv",
             "assign answered = busy_q && rvalid_i && rsp_q != req_q;",
             "assign answered = busy_q && rvalid_i && rsp_q != req_q && req_q == words;",
             "PCU bug 1: responses are taken only once every request is out (request and "
             "response phases do not overlap): the responses that came earlier are lost and the "
             "transfer hangs", checker="sim:poly"),
    Mutation("poly_dma_restart", "rtl/poly/pqx_poly_dma.sv",
             "        if (rsp_q + 9'd1 == words) busy_q <= 1'b0;",
             "        if (rsp_q + 9'd1 == words) begin req_q <= '0; rsp_q <= '0; end",
             "PCU bug 3: the end of a transfer starts it again (the start re-asserted as busy "
             "falls): duplicated requests, no end", checker="sim:poly"),
    Mutation("poly_dma_store_done_early", "rtl/poly/pqx_poly_dma.sv",
             "        if (rsp_q + 9'd1 == words) busy_q <= 1'b0;\n      end",
             "        if (rsp_q + 9'd1 == words) busy_q <= 1'b0;\n      end\n"
             "      if (granted && req_q + 9'd1 == words) busy_q <= 1'b0;",
             "PCU bug 4, the other way round: the transfer ends with its last grant, not its last "
             "response (writes still unanswered, a load's last words not yet written)",
             checker="sim:poly"),
    Mutation("poly_dma_count_race", "rtl/poly/pqx_poly_dma.sv",
             "      if (answered) begin",
             "      else if (answered) begin",
             "PCU bug 5: a grant and a response in one cycle update one counter only (last write "
             "wins): a response is lost and the transfer hangs", checker="sim:poly"),
    Mutation("poly_dma_data_moves", "rtl/poly/pqx_poly_dma.sv",
             "assign raddr_o[0] = kem ? {slot_q, req_q[6:0], 1'b0} : {slot_q, req_q[7:0]};",
             "assign raddr_o[0] = kem ? {slot_q, rsp_q[6:0], 1'b0} : {slot_q, rsp_q[7:0]};",
             "a store's write data follows the responses instead of the request: it changes while "
             "the request waits for its grant (OBI) and lands at the wrong word",
             checker="sim:poly"),
    Mutation("soc_arbiter_round_robin", "rtl/soc/pqx_soc_arbiter.sv",
             "assign pick_dma = dma_req_i && !core_req_i;",
             "logic dma_won_q;\n  always_ff @(posedge clk_i or negedge rst_ni)\n"
             "    if (!rst_ni) dma_won_q <= 1'b0;\n"
             "    else if (core_req_i && dma_req_i && ram_gnt_i) dma_won_q <= pick_dma;\n"
             "  assign pick_dma = dma_req_i && (!core_req_i || !dma_won_q);",
             "[soc] round robin between the core and the DMA (the first arbiter): a core store "
             "waits a cycle for its grant every other contest, and erratum 2 drops the register "
             "write of the PQX instruction that issues meanwhile",
             checker="soc", killed_by="poly_dma.c",
             note="firmware/tests/poly_dma.c issues COMPARE_U32 right behind stores during a "
                  "transfer (23 of 48 results lost); context_switch.c first showed it"),
    Mutation("poly_queued_start_not_held", "rtl/pqx_top.sv",
             "assign bg_pending = queue_background || dsp_background;",
             "assign bg_pending = 1'b0;",
             "[soc] a polynomial instruction issued while an engine start is still queued waits "
             "inside PQX instead of at the issue port: its late result stalls the core's EX and "
             "erratum 2 drops the next register write",
             checker="soc", killed_by="poly_background.c",
             note="the pyuvm hosts have no erratum 2, so the system test cannot see it; "
                  "firmware/tests/poly_background.c reads the slots right behind each start"),
    Mutation("soc_gate_ignores_engine", "rtl/pqx_top.sv",
             "assign active = queue_busy || res_valid_q || mc_busy_q || |unit_busy",
             "assign active = queue_busy || res_valid_q || mc_busy_q",
             "[soc] PQX's clock enable leaves out the polynomial engine: the SoC's clock gate stops a "
             "background run whenever the core runs plain code, and the unit's next instruction "
             "waits for the rest of it",
             checker="soc", killed_by="poly_background.c",
             note="firmware/tests/poly_background.c times an instruction after a spin; the "
                  "top_soc system tests (pqx_top behind the gate) fail it too (tried: a hang and a "
                  "wrong POLY_RD)"),
    Mutation("soc_gate_ignores_result", "rtl/pqx_top.sv",
             "assign active = queue_busy || res_valid_q || mc_busy_q || |unit_busy",
             "assign active = queue_busy || mc_busy_q || |unit_busy",
             "[soc] PQX's clock enable leaves out the result register: with the clock gated after the "
             "result handshake, result_valid stays high and the core takes the stale result again",
             checker="soc", killed_by="bridge_hold.c"),
    Mutation("soc_exc_to_core", "rtl/soc/pqx_soc.sv",
             "assign u_xif.result.exc = 1'b0;",
             "assign u_xif.result.exc = core_result_exc;",
             "[soc] PQX's exc handed to the core (erratum 3): rd keeps its old value but the next "
             "instruction reads 0 through the forwarding path",
             checker="soc-check", killed_by="context_switch.c"),
    # the scheme firmware (issue 11): the checks against the references must catch them
    Mutation("mlkem_no_implicit_rejection", "firmware/schemes/mlkem/mlkem.c",
             "kr[i] ^= (kr[i] ^ kbar[i]) & mask;", "kr[i] ^= (kr[i] ^ kbar[i]) & 0;",
             "[firmware] Decaps returns K' for an invalid ciphertext instead of K-bar",
             checker="firmware"),
    Mutation("mlkem_j_input_short", "firmware/schemes/mlkem/mlkem.c",
             "mlkem_hash_j((uint8_t *)kbar, zc, 32 + MLKEM_CT_BYTES);",
             "mlkem_hash_j((uint8_t *)kbar, zc, MLKEM_CT_BYTES);",
             "[firmware] K-bar = J(z || c) hashes 32 bytes too few: the implicit-rejection key "
             "is wrong",
             note="Compress and Decompress bugs that move a value by one are near-equivalent "
                  "mutants here (decryption absorbs the error; C = 2^19 for d = 10 changes 1 of "
                  "3329 inputs): scripts/test_schemes.py checks Compress's constants exhaustively",
             checker="firmware"),
    Mutation("mlkem_ek_check_half", "firmware/schemes/mlkem/mlkem.c",
             "bad |= (Q - 1 - a) | (Q - 1 - b);", "bad |= (Q - 1 - a);",
             "[firmware] the encapsulation key check looks at the first value of each pair only",
             checker="firmware"),
    Mutation("mlkem_cbd3_piece", "firmware/lib/mlkem_pqx.h",
             "uint32_t p[4] = {w0, w0 >> 24 | w1 << 8, w1 >> 16 | w2 << 16, w2 >> 8};",
             "uint32_t p[4] = {w0, w0 >> 24 | w1 << 8, w1 >> 16 | w2 << 15, w2 >> 8};",
             "[firmware] the PQX CBD3 sampler (eta1 = 3 of ML-KEM-512) cuts the third 24-bit "
             "piece one bit off",
             checker="firmware"),
    Mutation("mldsa_hint_sign", "firmware/schemes/mldsa/mldsa.c",
             "uint32_t h = (uint32_t)(highbits(addq(r, ct0)) != highbits(r));",
             "uint32_t h = (uint32_t)(highbits(modq(r - ct0)) != highbits(r));",
             "[firmware] MakeHint with the sign of <<c t0>> reversed",
             note="a looser rejection bound (z against gamma1 instead of gamma1 - beta) survived "
                  "one random case: it changes the signature only when an attempt is rejected for "
                  "that reason alone",
             checker="firmware"),
    Mutation("mldsa_ball_signs_swapped", "firmware/schemes/mldsa/mldsa.c",
             "c->c[j] = (signs & 1) ? Q - 1 : 1;", "c->c[j] = (signs & 1) ? 1 : Q - 1;",
             "[firmware] SampleInBall takes a sign bit of 1 as +1",
             checker="firmware"),
    Mutation("mldsa_eta_rejects_kept", "firmware/lib/mldsa_pqx.h",
             "(o) = (int32_t *)((uintptr_t)(o) + ((r_ >> 31) << 2));",
             "(o) = (int32_t *)((uintptr_t)(o) + 4);",
             "[firmware] the PQX RejBoundedPoly keeps rejected half-bytes (as 0)",
             note="storing a negative coefficient without adding q is equivalent here: every "
                  "consumer (NTT, the encodings) takes any representative in (-q, q)",
             checker="firmware"),
    Mutation("mldsa_mont_r_off", "firmware/schemes/mldsa/mldsa_kernels.c",
             "#define MONT_R 4193792u", "#define MONT_R 4193793u",
             "[firmware] the slot of R that puts the engine's NTT in Montgomery form holds R + 1",
             checker="firmware",
             note="A first mutant of the NTT's input correction (negative coefficients to [0, q)) "
                  "survived: every polynomial is already in [0, q) between steps, so the correction "
                  "was dead code and went."),
    Mutation("slh_wots_checksum_shift", "firmware/schemes/slhdsa/slhdsa.c",
             "csum <<= 4;", "csum <<= 3;",
             "[firmware] the WOTS+ checksum shifted by 3 bits instead of 4",
             checker="firmware"),
    Mutation("slh_fors_auth_not_sibling", "firmware/schemes/slhdsa/slhdsa.c",
             "fors_node(sig + N * (1 + j), (i << (A - j)) + ((idx[i] >> j) ^ 1u), j, a);",
             "fors_node(sig + N * (1 + j), (i << (A - j)) + (idx[i] >> j), j, a);",
             "[firmware] the FORS authentication path holds the node itself, not its sibling",
             checker="firmware"),
    Mutation("slh_chain_start_byte_order", "firmware/schemes/slhdsa/slhdsa_kernels.c",
             "const uint32_t adrs67[2] = {adrs[6], __builtin_bswap32(i)};",
             "const uint32_t adrs67[2] = {adrs[6], i};",
             "[firmware] a CHAIN run starts from the hash address in the wrong byte order",
             checker="firmware", param="SLH-DSA-SHAKE-128f"),
    Mutation("slh_sha2_adrs_type_byte", "firmware/schemes/slhdsa/slhdsa_kernels.c",
             "w[2] = adrs[3] >> 24 | (adrs[4] >> 24) << 8 | adrs[5] << 16;",
             "w[2] = adrs[3] >> 24 | (adrs[4] >> 16 & 0xffu) << 8 | adrs[5] << 16;",
             "[firmware] SLH-DSA-SHA2's compressed address takes the type from the wrong ADRS byte "
             "(always 0: every hash is a WOTS+ chain hash)",
             checker="firmware", param="SLH-DSA-SHA2-128f"),
    Mutation("prehash_oid_last_byte", "firmware/lib/prehash.h",
             "out[2 + ctxlen + 10] = (uint8_t)ph;", "out[2 + ctxlen + 10] = (uint8_t)(ph + 1);",
             "[firmware] HashML-DSA's M' names the wrong hash in its OID", checker="firmware",
             param="ML-DSA-44"),
    Mutation("hqc_no_implicit_rejection", "firmware/schemes/hqc/hqc.c",
             "ss[i] = (uint8_t)ct_sel(reject, k_bar[i], k_theta[i]);",
             "ss[i] = (uint8_t)ct_sel(0, k_bar[i], k_theta[i]);",
             "[firmware] HQC Decaps returns K' for an invalid ciphertext instead of K-bar",
             checker="firmware"),
    Mutation("hqc_rs_syndrome_short", "firmware/schemes/hqc/hqc.c",
             "for (unsigned j = 0; j < HQC_N1; j++) {", "for (unsigned j = 0; j < HQC_N1 - 1; j++) {",
             "[firmware] HQC's Reed-Solomon syndromes miss their last term",
             checker="firmware"),
    Mutation("hqc_rm_threshold", "firmware/schemes/hqc/hqc.c",
             "t[0] -= 64 * HQC_MULT;", "t[0] -= 32 * HQC_MULT;",
             "[firmware] HQC's Reed-Muller decoder centres its first coefficient at half the threshold",
             checker="firmware"),
    Mutation("hqc_karatsuba_middle_term", "firmware/schemes/hqc/hqc_kernels.c",
             "z2l[w] = t ^ z1h[w] ^ z2hi[w];", "z2l[w] = t ^ z1h[w];",
             "[firmware, PQX build] HQC's Karatsuba ring product leaves z2's upper half out of the "
             "middle term",
             checker="firmware"),
    Mutation("falcon_ntt_last_twiddle", "firmware/schemes/falcon/falcon_kernels.c",
             "uint32_t z0 = zeta[k], z1 = zeta[k + 1];", "uint32_t z0 = zeta[k], z1 = zeta[k];",
             "[firmware] the PQX Falcon NTT's last stage uses one twiddle for two groups",
             checker="firmware"),
    Mutation("falcon_norm_bound_exclusive", "firmware/schemes/falcon/falcon.c",
             "<= FALCON_L2_BOUND ? FALCON_OK", "< FALCON_L2_BOUND ? FALCON_OK",
             "[firmware] Falcon verification rejects a signature whose squared norm is exactly "
             "floor(beta^2)",
             checker="firmware"),
    Mutation("falcon_compressed_read_as_padded", "firmware/schemes/falcon/falcon.c",
             "siglen - 1 - FALCON_NONCE_BYTES, siglen == FALCON_SIG_BYTES);",
             "siglen - 1 - FALCON_NONCE_BYTES, 1);",
             "[firmware] a compressed-format Falcon signature may end in zero bytes (read as padded)",
             checker="firmware"),
]
# ... and the planted bugs the unit manifests name ([[mutant]] in rtl/<unit>/unit.toml)
MUTATIONS += [Mutation(t["name"], t["file"], t["original"], t["replacement"], t["about"],
                       t.get("checker", "sim"), t.get("note", ""), t.get("killed_by", ""))
              for m in manifests().values() for t in m.mutants]
BY_NAME = {m.name: m for m in MUTATIONS}
if len(BY_NAME) != len(MUTATIONS):
    raise RuntimeError("duplicate mutant names")
