// Formal property wrapper for the SoC's XIF bridge (rtl/soc/pqx_xif_bridge.sv) alone: no core,
// no pqx_top. The solver drives both sides of the bridge within the assumptions below.
//
// ASSUMED, core side: the CV32E40X core as measured (/work/shared/spec/host-core.md, "HC:" = the
// line there; "src:" = read in the core's source, site-packages/pythondata_cpu_cv32e40x, where
// host-core.md says nothing):
//   C1 reset: rst_ni low in the first cycle only.
//   C2 ids (src: cv32e40x_if_stage.sv, `xif_id` is a counter that moves on every offload attempt;
//      the core's own TODO "assert that the outstanding IDs are unique"): an issue handshake uses an
//      id that is not in flight on the core side and follows the CV-X-IF 1.0 order (beyond the
//      newest in-flight id, no wrap past the oldest). At most D = 4 instructions in flight (src:
//      the core has one offloaded instruction each in ID, EX, WB: 3).
//   C3 accept/writeback are sampled with the request (HC: "`accept` and `writeback` are sampled in
//      the same cycle as the request"): the shadow records them at the handshake.
//   C4 commits (HC: "Every issued instruction gets exactly one commit, including rejected ones
//      (with `commit_kill=1` for ids the coprocessor never accepted)"; src: the commit comes from
//      EX, in program order): a commit names the oldest issued instruction without a commit (the
//      one issued in the same cycle included), at most once; a rejected one gets commit_kill = 1.
//   C5 a kill of an accepted instruction is a flush (src: cv32e40x_controller_fsm.sv, every
//      kill_ex comes with kill_id; HC: "An `ecall` with custom instructions in the pipeline: the
//      one caught is killed (`commit_kill=1`), re-issued"): every younger issued instruction is
//      dropped with it and gets no commit of its own. (The other commit_kill=1 source of the core,
//      xif_csr_error, needs the coprocessor to accept a CSR word: PQX accepts its two opcodes only,
//      assumption X3 below, proven by decoder:prove.)
//   C6 no orphans (tasks prove/bmc/cover; HC "Orphans": an instruction whose handshake completed
//      and that is then flushed without a kill of an older accepted one gets no commit): excluded
//      here, allowed in tasks orphan/orphan_hang (input core_flush_i: every uncommitted
//      instruction is dropped, no commit, no kill; no handshake in that cycle; the core's new ids
//      also differ from the orphans' (no 16-id wrap in these short traces); PQX holds at most D).
//   C7 the issue request (instr, id, mode) stays stable until the handshake or is withdrawn
//      (valid low) (src: cv32e40x_id_stage.sv, the instruction stays in ID until it moves or is
//      killed; instr_valid is gated by kill_id). rs/rs_valid change freely (HC erratum 2: rs1/rs2
//      "carry the unfinished EX result"); result_ready is free (HC: "`result_ready` exactly 1
//      cycle after commit (in WB)"; any value is allowed here). The core ignores result.id/rd/we
//      (HC), so it takes results in order: the property checks that order.
// ASSUMED, PQX side: any legal CV-X-IF 1.0 coprocessor (what formal/xif_shell proves of pqx_top):
//   X1 issue_ready free; accept and writeback free (a superset of "any function of the word");
//      accept = 0 -> writeback = 0, register_read = 0 (xif_shell property d).
//   X2 results: a result is valid only for the oldest instruction PQX holds (1.0 semantics,
//      shadow ps_* below), which must be accepted and committed in an earlier cycle; its id, rd
//      (instr[11:7]) and we (writeback at issue) are that instruction's; data, exc, exccode, dbg,
//      err, hartid free; it may come after any delay; valid and payload held while !result_ready
//      (xif_shell properties b, c).
//   X3 PQX accepts only words of its opcodes 0x6B and 0x3B (decoder:prove: accept -> ISA word).
//
// PROVEN (task prove: k-induction, depth 3, unbounded; task bmc: the same without invariants or
// probes, 8 cycles from reset; the names of the properties):
//   1. nothing lost, duplicated or reordered:
//      i_fire      the core's issue handshake happens exactly in the cycles of PQX's, and never
//                  while the hold is active (e_hold_*);
//      i_payload   instr, mode, id, rs, rs_valid reach PQX unchanged, hartid 0; accept and
//                  writeback reach the core unchanged, its other response fields are 0;
//      m_commit    every core commit is one PQX commit with the same id, hartid 0, and no other;
//      r_payload   PQX's result reaches the core unchanged (valid, id, data, rd, we, exc, exccode),
//                  result_ready passes back, ecsdata = ecswe = err = dbg = 0;
//      r_expected  a result valid at the core is the one the core waits for: its oldest
//                  instruction in flight, accepted, committed (not killed), with its id, rd, we:
//                  in order, one per instruction, none for rejected or killed instructions;
//      v_same_view PQX holds (1.0 semantics) exactly the instructions the core holds (core
//                  semantics), in the same order, with the same id, accept, writeback, rd,
//                  multi-cycle flag and commit status.
//   2. PQX-side host rules (the assumptions of formal/xif_shell): h_id_fresh, h_id_order (an issue
//      handshake uses an id not in flight at PQX, in CV-X-IF 1.0 order); h_commit_known (a commit
//      or kill names an issued instruction not yet committed or killed, the one issued in the same
//      cycle included); h_commit_oldest (stronger: always the oldest such one, so a batch commit
//      never commits anything else); h_stable (PQX's issue request is withdrawn only when the
//      core withdraws its own: the hold never retracts a request; payload stable); hartid 0
//      (i_payload, m_commit). result_ready: xif_shell allows any value; it is the core's.
//   3. kills: k_plain (a commit is forwarded as a commit), k_bookkeeping (a kill of an id PQX
//      did not accept is forwarded as a plain commit), k_forward (a kill of an accepted id is
//      forwarded as a kill), k_safe (a kill reaches PQX only for an accepted id the core flushes
//      with everything younger): with v_same_view, PQX never drops an instruction the core waits
//      for.
//   4. erratum-2 hold (hold_spec: an accepted multi-cycle instruction, from the latency column of
//      docs/isa.md, not from the decoder: KSTART, KPERM, MODP_MONTYMUL, THASH*, PRF*, CHAIN*, is
//      in flight on the core side): e_hold_blocks (then issue_ready is low towards the core and issue_valid
//      low towards PQX: no handshake on either side), e_hold_release (otherwise both pass
//      through): the hold starts the cycle after the handshake and ends the cycle after its result
//      handshake, or after the kill that removes it.
//   5. result.exc and exccode pass through unchanged (r_payload). The core ignores exc except for
//      suppressing the rd write (HC: "`result.exc` is silent in this core"): not the bridge's.
// Induction invariants (task prove, PQX_BRIDGE_INVARIANTS): the bridge's accepted_q, mc_* registers
// against the shadow; ids distinct and ordered; commit status prefix-closed. Probe wires (p_*) are
// connected by the .sby after flatten.
//
// Covers (task cover): hold set and released by its result, hold ended by a kill, a request
// stalled by the hold, a bookkeeping kill (also with a younger accepted instruction behind it:
// the `csrr` + PQX case), a forwarded kill (also one that flushes a younger instruction), a result
// after a kill of another id, commit in the issue cycle, a full table.
//
// KNOWN GAP, orphans (C6 relaxed; task orphan: covers o_hang, o_wrong_result; task orphan_hang:
// assertion o_hang_stays and the channel mapping, BMC 8 cycles; the shadow-based properties and
// e_hold_* are off there): an accepted instruction flushed without a commit stays in PQX.
//   * multi-cycle: the hold stays set for good (o_hang: the core, with nothing in flight, waits at
//     issue_ready = 0; o_hang_stays: once so, it stays so): a hang, seen as a cycle timeout;
//   * single-cycle: the next commit of a younger id commits it in PQX (1.0 batch commit), PQX
//     returns its result and the core takes it as the result of its next accepted instruction
//     (o_wrong_result): a silent wrong register value, and every later result is one off. Not
//     handled by the bridge. (It could notice a commit that skips an issued id, since the core
//     commits in order, and swallow that id's result; an orphaned LOAD/KABSORB/KINIT/CL would
//     still change S/O.) Reaching it needs a handshake during an EX stall and a trap right then
//     (HC, "Orphans": reasoned from the source, not simulated).
`default_nettype none

module pqx_xif_bridge_props #(
  parameter int Orphans = 0   // 1: task orphan (C6 relaxed, covers of what then happens)
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  // core side (inputs of the bridge)
  input  logic        core_issue_valid_i,
  input  logic [31:0] core_issue_instr_i,
  input  logic [1:0]  core_issue_mode_i,
  input  logic [3:0]  core_issue_id_i,
  input  logic [95:0] core_issue_rs_i,
  input  logic [2:0]  core_issue_rs_valid_i,
  input  logic        core_commit_valid_i,
  input  logic [3:0]  core_commit_id_i,
  input  logic        core_commit_kill_i,
  input  logic        core_result_ready_i,
  input  logic        core_flush_i,        // task orphan only: the core flushes (no commit)
  // PQX side (inputs of the bridge)
  input  logic        pqx_issue_ready_i,
  input  logic        pqx_issue_accept_i,
  input  logic        pqx_issue_writeback_i,
  input  logic [2:0]  pqx_issue_register_read_i,
  input  logic        pqx_result_valid_i,
  input  logic [0:0]  pqx_result_hartid_i,
  input  logic [3:0]  pqx_result_id_i,
  input  logic [31:0] pqx_result_data_i,
  input  logic [4:0]  pqx_result_rd_i,
  input  logic        pqx_result_we_i,
  input  logic        pqx_result_exc_i,
  input  logic [5:0]  pqx_result_exccode_i,
  input  logic        pqx_result_dbg_i,
  input  logic        pqx_result_err_i
);

  // ---------------------------------------------------------------- DUT
  logic        core_issue_ready_o, core_issue_accept_o, core_issue_writeback_o;
  logic        core_issue_dualwrite_o, core_issue_loadstore_o, core_issue_ecswrite_o;
  logic        core_issue_exc_o;
  logic [2:0]  core_issue_dualread_o;
  logic        core_result_valid_o, core_result_we_o, core_result_exc_o;
  logic        core_result_err_o, core_result_dbg_o;
  logic [3:0]  core_result_id_o;
  logic [31:0] core_result_data_o;
  logic [4:0]  core_result_rd_o;
  logic [5:0]  core_result_ecsdata_o, core_result_exccode_o;
  logic [2:0]  core_result_ecswe_o;
  logic        pqx_issue_valid_o, pqx_commit_valid_o, pqx_commit_kill_o, pqx_result_ready_o;
  logic [31:0] pqx_issue_instr_o;
  logic [1:0]  pqx_issue_mode_o;
  logic [0:0]  pqx_issue_hartid_o, pqx_commit_hartid_o;
  logic [3:0]  pqx_issue_id_o, pqx_commit_id_o;
  logic [95:0] pqx_register_rs_o;
  logic [2:0]  pqx_register_rs_valid_o;

  pqx_xif_bridge dut (
    .clk_i, .rst_ni,
    .core_issue_valid_i, .core_issue_ready_o, .core_issue_instr_i, .core_issue_mode_i,
    .core_issue_id_i, .core_issue_rs_i, .core_issue_rs_valid_i, .core_issue_accept_o,
    .core_issue_writeback_o, .core_issue_dualwrite_o, .core_issue_dualread_o,
    .core_issue_loadstore_o, .core_issue_ecswrite_o, .core_issue_exc_o,
    .core_commit_valid_i, .core_commit_id_i, .core_commit_kill_i,
    .core_result_valid_o, .core_result_ready_i, .core_result_id_o, .core_result_data_o,
    .core_result_rd_o, .core_result_we_o, .core_result_ecsdata_o, .core_result_ecswe_o,
    .core_result_exc_o, .core_result_exccode_o, .core_result_err_o, .core_result_dbg_o,
    .pqx_issue_valid_o, .pqx_issue_ready_i, .pqx_issue_instr_o, .pqx_issue_mode_o,
    .pqx_issue_hartid_o, .pqx_issue_id_o, .pqx_issue_accept_i, .pqx_issue_writeback_i,
    .pqx_issue_register_read_i, .pqx_register_rs_o, .pqx_register_rs_valid_o,
    .pqx_commit_valid_o, .pqx_commit_hartid_o, .pqx_commit_id_o, .pqx_commit_kill_o,
    .pqx_result_valid_i, .pqx_result_ready_o, .pqx_result_hartid_i, .pqx_result_id_i,
    .pqx_result_data_i, .pqx_result_rd_i, .pqx_result_we_i, .pqx_result_exc_i,
    .pqx_result_exccode_i, .pqx_result_dbg_i, .pqx_result_err_i
  );

`ifdef PQX_BRIDGE_INVARIANTS
  // Probes onto the bridge's state, connected by the .sby (`connect -set` after flatten).
  // Unconnected they would be free and the invariants would fail: no silent pass.
  logic [15:0] p_accepted;
  logic        p_mc_pending, p_mc_committed;
  logic [3:0]  p_mc_id;
`endif

  // ---------------------------------------------------------------- multi-cycle (docs/isa.md)
  // Latency > 1 in the ISA table: KSTART, KPERM (R4 0x6B, funct3 001, funct2 0 / 2),
  // MODP_MONTYMUL (R4, funct3 110, funct2 2), THASH*/PRF*/CHAIN* (R 0x3B, funct3 111, funct7
  // 0x30-0x32, 0x3C-0x44). Written from the table, not from pqx_decoder (which the bridge uses).
  function automatic logic mc_spec(input logic [31:0] w);
    mc_spec = 1'b0;
    if (w[6:0] == 7'h6B) begin
      if (w[14:12] == 3'b001 && (w[26:25] == 2'd0 || w[26:25] == 2'd2)) mc_spec = 1'b1;
      if (w[14:12] == 3'b110 && w[26:25] == 2'd2) mc_spec = 1'b1;
    end else if (w[6:0] == 7'h3B && w[14:12] == 3'b111) begin
      if ((w[31:25] >= 7'h30 && w[31:25] <= 7'h32) || (w[31:25] >= 7'h3C && w[31:25] <= 7'h44))
        mc_spec = 1'b1;
    end
  endfunction

  // ---------------------------------------------------------------- reset and time
  logic f_first = 1'b1;
  logic f_past_run = 1'b0;   // the previous cycle was out of reset
  always @(posedge clk_i) begin
    f_first    <= 1'b0;
    f_past_run <= rst_ni;
  end
  always @* begin
    if (f_first) assume (!rst_ni);    // C1
    else         assume (rst_ni);
  end

  logic core_fire, pqx_fire, core_res_hs, pqx_res_hs;
  assign core_fire   = core_issue_valid_i && core_issue_ready_o;
  assign pqx_fire    = pqx_issue_valid_o && pqx_issue_ready_i;
  assign core_res_hs = core_result_valid_o && core_result_ready_i;
  assign pqx_res_hs  = pqx_result_valid_i && pqx_result_ready_o;

  localparam int D  = 4;       // table depth (the core holds at most 3)
  localparam int NC = D + 1;   // candidates: the table + the incoming instruction

  // ================================================================ core-side shadow (cs_*)
  // The core's view: every instruction it has issued and not retired, in issue order. Retired:
  // rejected -> by its (bookkeeping) kill; accepted -> by a kill (with every younger one: C5) or
  // by its result handshake. cmt = committed with commit_kill = 0.
  logic [D-1:0][3:0] cs_id_q;
  logic [D-1:0][4:0] cs_rd_q;
  logic [D-1:0]      cs_acc_q, cs_we_q, cs_mc_q, cs_cmt_q;
  logic [2:0]        cs_n_q;

  logic [NC-1:0]      cc_v, cc_acc, cc_we, cc_mc, cc_cmt, cc_k1, cc_tgt, cc_cmt2, cc_k2;
  logic [NC-1:0][3:0] cc_id;
  logic [NC-1:0][4:0] cc_rd;
  logic [NC-1:0][2:0] cc_rank;
  logic               cs_tgt_found, cs_tgt_acc;
  logic [3:0]         cs_tgt_id;
  logic               cs_younger_acc;   // an accepted instruction younger than the commit target
  logic [2:0]         cs_n_d;
  logic [D-1:0][3:0]  cs_id_d;
  logic [D-1:0][4:0]  cs_rd_d;
  logic [D-1:0]       cs_acc_d, cs_we_d, cs_mc_d, cs_cmt_d;

  always @* begin
    logic flush, after;
    logic [2:0] rank;
    for (int c = 0; c < D; c++) begin
      cc_v[c]   = (c < cs_n_q);
      cc_id[c]  = cs_id_q[c];
      cc_rd[c]  = cs_rd_q[c];
      cc_acc[c] = cs_acc_q[c];
      cc_we[c]  = cs_we_q[c];
      cc_mc[c]  = cs_mc_q[c];
      cc_cmt[c] = cs_cmt_q[c];
    end
    cc_v[D]   = core_fire;
    cc_id[D]  = core_issue_id_i;
    cc_rd[D]  = core_issue_instr_i[11:7];
    cc_acc[D] = core_issue_accept_o;      // C3: what the core samples
    cc_we[D]  = core_issue_writeback_o;
    cc_mc[D]  = mc_spec(core_issue_instr_i);
    cc_cmt[D] = 1'b0;
    // 1. the oldest leaves with the result handshake the core takes
    for (int c = 0; c < NC; c++) cc_k1[c] = cc_v[c] && !(core_res_hs && c == 0);
    // 2. the commit's target: the oldest instruction without a commit (C4)
    cs_tgt_found = 1'b0;
    cs_tgt_acc   = 1'b0;
    cs_tgt_id    = '0;
    for (int c = 0; c < NC; c++) begin
      cc_tgt[c] = 1'b0;
      if (cc_k1[c] && !cc_cmt[c] && !cs_tgt_found) begin
        cc_tgt[c]    = 1'b1;
        cs_tgt_found = 1'b1;
        cs_tgt_acc   = cc_acc[c];
        cs_tgt_id    = cc_id[c];
      end
    end
    // commit marks it; a kill removes it, and a kill of an accepted one every younger one (C5)
    flush = 1'b0;
    after = 1'b0;
    cs_younger_acc = 1'b0;
    for (int c = 0; c < NC; c++) begin
      if (after && cc_k1[c] && cc_acc[c]) cs_younger_acc = 1'b1;
      cc_cmt2[c] = cc_cmt[c] | (core_commit_valid_i && !core_commit_kill_i && cc_tgt[c]);
      cc_k2[c]   = cc_k1[c] && !(core_commit_valid_i && core_commit_kill_i && (cc_tgt[c] || flush));
      if (core_commit_valid_i && core_commit_kill_i && cc_tgt[c] && cc_acc[c]) flush = 1'b1;
      if (cc_tgt[c]) after = 1'b1;
      // C6 relaxed (task orphan): a flush drops every instruction without a commit
      if (Orphans != 0 && core_flush_i && !cc_cmt2[c]) cc_k2[c] = 1'b0;
    end
    // 3. compaction, in order
    rank = 3'd0;
    for (int c = 0; c < NC; c++) begin
      cc_rank[c] = rank;
      if (cc_k2[c]) rank = rank + 3'd1;
    end
    cs_n_d = rank;
    cs_id_d = '0; cs_rd_d = '0; cs_acc_d = '0; cs_we_d = '0; cs_mc_d = '0; cs_cmt_d = '0;
    for (int i = 0; i < D; i++) begin
      for (int c = i; c < NC; c++) begin
        if (cc_k2[c] && cc_rank[c] == 3'(i)) begin
          cs_id_d[i]  = cc_id[c];
          cs_rd_d[i]  = cc_rd[c];
          cs_acc_d[i] = cc_acc[c];
          cs_we_d[i]  = cc_we[c];
          cs_mc_d[i]  = cc_mc[c];
          cs_cmt_d[i] = cc_cmt2[c];
        end
      end
    end
  end

  // ================================================================ PQX-side shadow (ps_*)
  // PQX's view under CV-X-IF 1.0: formal/xif_shell's shadow queue (formal/lib/pqx_xif_shadow.sv),
  // built from the bridge's PQX-side ports only. A commit/kill names the uncommitted entry with
  // that id; commit of N commits every older one, kill of N kills every younger one (the incoming
  // one included); a rejected entry retires with its commit, an accepted one with its result
  // handshake. An entry's own fields here: rd, writeback, multi-cycle.
  logic [D-1:0][3:0] ps_id_q;
  logic [D-1:0][4:0] ps_rd_q;
  logic [D-1:0]      ps_acc_q, ps_we_q, ps_mc_q, ps_cmt_q;
  logic [D-1:0][6:0] ps_pl_q;
  logic [2:0]        ps_n_q;
  logic [2:0]        ps_n_d;
  logic              ps_tgt_any, ps_tgt_oldest;
  logic [NC-1:0]     unused_ps_keep, unused_ps_acc, unused_ps_cmt;
  logic [NC-1:0][6:0] unused_ps_pl;

  pqx_xif_shadow #(.D(D), .PW(7), .NW(3)) u_pqx_shadow (
    .clk_i, .rst_ni,
    .in_valid_i     (pqx_fire),
    .in_id_i        (pqx_issue_id_o),
    .in_acc_i       (pqx_issue_accept_i),
    .in_pl_i        ({pqx_issue_instr_o[11:7], pqx_issue_writeback_i, mc_spec(pqx_issue_instr_o)}),
    .leave_i        (pqx_res_hs),
    .commit_valid_i (pqx_commit_valid_o),
    .commit_id_i    (pqx_commit_id_o),
    .commit_kill_i  (pqx_commit_kill_o),
    .n_q            (ps_n_q),
    .id_q           (ps_id_q),
    .acc_q          (ps_acc_q),
    .cmt_q          (ps_cmt_q),
    .pl_q           (ps_pl_q),
    .n_d_o          (ps_n_d),
    .keep_o         (unused_ps_keep),
    .acc_o          (unused_ps_acc),
    .cmt_o          (unused_ps_cmt),
    .pl_o           (unused_ps_pl),
    .tgt_any_o      (ps_tgt_any),
    .tgt_oldest_o   (ps_tgt_oldest)
  );
  always @* begin
    for (int i = 0; i < D; i++) {ps_rd_q[i], ps_we_q[i], ps_mc_q[i]} = ps_pl_q[i];
  end

  // ---------------------------------------------------------------- registers
  logic        pres_busy_q;     // PQX result valid && !ready last cycle
  logic [3:0]  pres_id_q;
  logic [31:0] pres_data_q;
  logic [4:0]  pres_rd_q;
  logic        pres_we_q, pres_exc_q, pres_dbg_q, pres_err_q, pres_hart_q;
  logic [5:0]  pres_exccode_q;
  logic        creq_wait_q;     // core issue valid && !ready last cycle
  logic        preq_wait_q;     // PQX issue valid && !ready last cycle
  logic [31:0] creq_instr_q, preq_instr_q;
  logic [3:0]  creq_id_q, preq_id_q;
  logic [1:0]  creq_mode_q, preq_mode_q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      cs_n_q      <= '0;
      pres_busy_q <= 1'b0;
      creq_wait_q <= 1'b0;
      preq_wait_q <= 1'b0;
    end else begin
      cs_n_q      <= cs_n_d;
      cs_id_q     <= cs_id_d;
      cs_rd_q     <= cs_rd_d;
      cs_acc_q    <= cs_acc_d;
      cs_we_q     <= cs_we_d;
      cs_mc_q     <= cs_mc_d;
      cs_cmt_q    <= cs_cmt_d;
      pres_busy_q <= pqx_result_valid_i && !pqx_result_ready_o;
      creq_wait_q <= core_issue_valid_i && !core_issue_ready_o;
      preq_wait_q <= pqx_issue_valid_o && !pqx_issue_ready_i;
    end
    pres_id_q      <= pqx_result_id_i;
    pres_data_q    <= pqx_result_data_i;
    pres_rd_q      <= pqx_result_rd_i;
    pres_we_q      <= pqx_result_we_i;
    pres_exc_q     <= pqx_result_exc_i;
    pres_exccode_q <= pqx_result_exccode_i;
    pres_dbg_q     <= pqx_result_dbg_i;
    pres_err_q     <= pqx_result_err_i;
    pres_hart_q    <= pqx_result_hartid_i[0];
    creq_instr_q   <= core_issue_instr_i;
    creq_id_q      <= core_issue_id_i;
    creq_mode_q    <= core_issue_mode_i;
    preq_instr_q   <= pqx_issue_instr_o;
    preq_id_q      <= pqx_issue_id_o;
    preq_mode_q    <= pqx_issue_mode_o;
  end

  // in-flight id sets
  logic       cs_any, ps_any, cs_id_fresh, ps_id_fresh, ps_pid_fresh;
  logic [3:0] cs_oldest, cs_newest, ps_oldest, ps_newest;
  always @* begin
    cs_any    = cs_n_q != 3'd0;
    ps_any    = ps_n_q != 3'd0;
    cs_oldest = cs_id_q[0];
    ps_oldest = ps_id_q[0];
    cs_newest = cs_id_q[0];
    ps_newest = ps_id_q[0];
    cs_id_fresh  = 1'b1;
    ps_id_fresh  = 1'b1;   // the core's id, against PQX's set (task orphan)
    ps_pid_fresh = 1'b1;   // PQX's incoming id, against PQX's set
    for (int c = 0; c < D; c++) begin
      if (3'(c + 1) == cs_n_q) cs_newest = cs_id_q[c];
      if (3'(c + 1) == ps_n_q) ps_newest = ps_id_q[c];
      if (c < cs_n_q && cs_id_q[c] == core_issue_id_i) cs_id_fresh = 1'b0;
      if (c < ps_n_q && ps_id_q[c] == core_issue_id_i) ps_id_fresh = 1'b0;
      if (c < ps_n_q && ps_id_q[c] == pqx_issue_id_o) ps_pid_fresh = 1'b0;
    end
  end

  // hold_spec: an accepted multi-cycle instruction is in flight on the core side
  logic hold_spec;
  always @* begin
    hold_spec = 1'b0;
    for (int c = 0; c < D; c++)
      if (c < cs_n_q && cs_acc_q[c] && cs_mc_q[c]) hold_spec = 1'b1;
  end

  // ================================================================ assumptions
  always @* begin
    if (rst_ni) begin
      // ---- core side
      if (core_fire) begin
        assume (cs_id_fresh);                                                          // C2
        if (Orphans != 0) assume (ps_id_fresh);   // no id wrap over an orphan in the trace
        if (cs_any) assume (4'(core_issue_id_i - cs_oldest) > 4'(cs_newest - cs_oldest));  // C2
      end
      assume (cs_n_d <= 3'(D));                                                        // C2
      if (Orphans != 0) assume (ps_n_d <= 3'(D));   // the tables' size (orphans pile up at PQX)
      if (core_commit_valid_i) begin
        assume (cs_tgt_found && core_commit_id_i == cs_tgt_id);                        // C4
        if (!cs_tgt_acc) assume (core_commit_kill_i);                                  // C4
      end
      if (Orphans == 0) assume (!core_flush_i);                                        // C6
      else if (core_flush_i) assume (!core_fire);
      if (f_past_run && creq_wait_q && core_issue_valid_i)                             // C7
        assume (core_issue_instr_i == creq_instr_q && core_issue_id_i == creq_id_q &&
                core_issue_mode_i == creq_mode_q);
      // ---- PQX side
      if (!pqx_issue_accept_i)                                                         // X1
        assume (!pqx_issue_writeback_i && pqx_issue_register_read_i == 3'b000);
      if (pqx_issue_accept_i)                                                          // X3
        assume (pqx_issue_instr_o[6:0] == 7'h6B || pqx_issue_instr_o[6:0] == 7'h3B);
      if (pqx_result_valid_i)                                                          // X2
        assume (ps_any && ps_acc_q[0] && ps_cmt_q[0] && pqx_result_id_i == ps_id_q[0] &&
                pqx_result_rd_i == ps_rd_q[0] && pqx_result_we_i == ps_we_q[0]);
      if (f_past_run && pres_busy_q)                                                   // X2
        assume (pqx_result_valid_i && pqx_result_id_i == pres_id_q &&
                pqx_result_data_i == pres_data_q && pqx_result_rd_i == pres_rd_q &&
                pqx_result_we_i == pres_we_q && pqx_result_exc_i == pres_exc_q &&
                pqx_result_exccode_i == pres_exccode_q && pqx_result_dbg_i == pres_dbg_q &&
                pqx_result_err_i == pres_err_q && pqx_result_hartid_i[0] == pres_hart_q);
    end
  end

  // ================================================================ properties
  // 1. channel mapping (combinational; hold in every task, orphans included)
  always @* begin
    if (rst_ni) begin
      i_fire:    assert (core_fire == pqx_fire);
      i_payload: assert (pqx_issue_instr_o == core_issue_instr_i &&
                         pqx_issue_mode_o == core_issue_mode_i &&
                         pqx_issue_id_o == core_issue_id_i && pqx_issue_hartid_o == 1'b0 &&
                         pqx_register_rs_o == core_issue_rs_i &&
                         pqx_register_rs_valid_o == core_issue_rs_valid_i &&
                         core_issue_accept_o == pqx_issue_accept_i &&
                         core_issue_writeback_o == pqx_issue_writeback_i &&
                         !core_issue_dualwrite_o && core_issue_dualread_o == 3'b000 &&
                         !core_issue_loadstore_o && !core_issue_ecswrite_o && !core_issue_exc_o);
      m_commit:  assert (pqx_commit_valid_o == core_commit_valid_i &&
                         pqx_commit_id_o == core_commit_id_i && pqx_commit_hartid_o == 1'b0);
      r_payload: assert (core_result_valid_o == pqx_result_valid_i &&
                         pqx_result_ready_o == core_result_ready_i &&
                         core_result_id_o == pqx_result_id_i &&
                         core_result_data_o == pqx_result_data_i &&
                         core_result_rd_o == pqx_result_rd_i &&
                         core_result_we_o == pqx_result_we_i &&
                         core_result_exc_o == pqx_result_exc_i &&
                         core_result_exccode_o == pqx_result_exccode_i &&
                         core_result_ecsdata_o == 6'd0 && core_result_ecswe_o == 3'd0 &&
                         !core_result_err_o && !core_result_dbg_o);
      // 3. kill translation (core commit -> PQX commit)
      if (core_commit_valid_i && !core_commit_kill_i) k_plain: assert (!pqx_commit_kill_o);
      if (core_commit_valid_i && core_commit_kill_i) begin
        if (!cs_tgt_acc) k_bookkeeping: assert (!pqx_commit_kill_o);
        if (cs_tgt_acc)  k_forward:     assert (pqx_commit_kill_o);
      end
      if (pqx_commit_valid_o && pqx_commit_kill_o)
        k_safe: assert (core_commit_valid_i && core_commit_kill_i && cs_tgt_acc);
      // 2. request stability towards PQX: withdrawn only with the core's own request
      if (f_past_run && preq_wait_q)
        h_stable: assert (pqx_issue_valid_o == core_issue_valid_i &&
                          (!pqx_issue_valid_o || (pqx_issue_instr_o == preq_instr_q &&
                                                  pqx_issue_id_o == preq_id_q &&
                                                  pqx_issue_mode_o == preq_mode_q)));
    end
  end

  // live entries equal (entries beyond the count are don't-care)
  logic view_eq;
  always @* begin
    view_eq = 1'b1;
    for (int c = 0; c < D; c++)
      if (c < cs_n_q && !(ps_id_q[c] == cs_id_q[c] && ps_acc_q[c] == cs_acc_q[c] &&
                          ps_we_q[c] == cs_we_q[c] && ps_rd_q[c] == cs_rd_q[c] &&
                          ps_mc_q[c] == cs_mc_q[c] && ps_cmt_q[c] == cs_cmt_q[c]))
        view_eq = 1'b0;
  end

  // shadow-based properties (no orphans)
  if (Orphans == 0) begin : g_view
  always @* begin
    if (rst_ni) begin
      // 1. the result the core sees is the one it waits for
      if (core_result_valid_o)
        r_expected: assert (cs_any && cs_acc_q[0] && cs_cmt_q[0] && core_result_id_o == cs_id_q[0] &&
                            core_result_rd_o == cs_rd_q[0] && core_result_we_o == cs_we_q[0]);
      // 2. host rules at PQX (formal/xif_shell's assumptions)
      if (pqx_fire) begin
        h_id_fresh: assert (ps_pid_fresh);
        if (ps_any) h_id_order: assert (4'(pqx_issue_id_o - ps_oldest) > 4'(ps_newest - ps_oldest));
      end
      if (pqx_commit_valid_o) begin
        h_commit_known:  assert (ps_tgt_any);
        h_commit_oldest: assert (ps_tgt_oldest);
      end
      // 1./3. the same instructions on both sides
      v_same_view: assert (ps_n_q == cs_n_q && view_eq);
      // 4. erratum-2 hold (with orphans the hold can stay set: task orphan)
      if (hold_spec) e_hold_blocks: assert (!core_issue_ready_o && !pqx_issue_valid_o);
      else e_hold_release: assert (core_issue_ready_o == pqx_issue_ready_i &&
                                   pqx_issue_valid_o == core_issue_valid_i);
    end
  end
  end

  // ---------------------------------------------------------------- induction invariants
`ifdef PQX_BRIDGE_INVARIANTS
  always @* begin
    if (rst_ni) begin
      inv_range:   assert (cs_n_q <= 3'(D) && ps_n_q <= 3'(D));
      inv_hold:    assert (p_mc_pending == hold_spec);
      if (pres_busy_q) inv_res_busy: assert (pqx_result_valid_i);
    end
  end
  for (genvar i = 0; i < D; i++) begin : g_inv
    always @* begin
      if (rst_ni && 3'(i) < cs_n_q) begin
        assert (p_accepted[cs_id_q[i]] == cs_acc_q[i]);
        if (!cs_acc_q[i]) assert (!cs_cmt_q[i] && !cs_we_q[i]);
        // the held instruction is the youngest; the bridge knows its id and commit
        if (cs_acc_q[i] && cs_mc_q[i])
          assert (3'(i + 1) == cs_n_q && p_mc_id == cs_id_q[i] && p_mc_committed == cs_cmt_q[i]);
      end
      if (rst_ni && 3'(i) < ps_n_q && !ps_acc_q[i]) assert (!ps_cmt_q[i]);
    end
    for (genvar j = 0; j < D; j++) begin : g_pair
      if (j > i) begin : g_ij
        always @* begin
          if (rst_ni && 3'(j) < cs_n_q) begin
            // distinct ids, in CV-X-IF order from the oldest
            assert (4'(cs_id_q[j] - cs_id_q[0]) > 4'(cs_id_q[i] - cs_id_q[0]));
            // commit status prefix-closed (commits in order)
            if (cs_cmt_q[j]) assert (cs_cmt_q[i]);
          end
        end
      end
    end
  end
`endif

  // ================================================================ covers
  logic       hold_q, kill_seen_q, pkill_q;
  logic [3:0] kill_id_q;
  logic       res_hs_q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      hold_q      <= 1'b0;
      kill_seen_q <= 1'b0;
      pkill_q     <= 1'b0;
      res_hs_q    <= 1'b0;
      kill_id_q   <= '0;
    end else begin
      hold_q   <= hold_spec;
      pkill_q  <= pqx_commit_valid_o && pqx_commit_kill_o;
      res_hs_q <= core_res_hs;
      if (pqx_commit_valid_o && pqx_commit_kill_o) begin
        kill_seen_q <= 1'b1;
        kill_id_q   <= pqx_commit_id_o;
      end
    end
  end

  // orphan: an accepted instruction PQX holds that the core has dropped
  logic ps_orphan_mc, ps_orphan_any, cs_uncommitted;
  always @* begin
    logic in_cs;
    ps_orphan_mc  = 1'b0;
    ps_orphan_any = 1'b0;
    cs_uncommitted = 1'b0;
    for (int c = 0; c < D; c++) begin
      if (c < cs_n_q && !cs_cmt_q[c]) cs_uncommitted = 1'b1;
      if (c < ps_n_q && ps_acc_q[c] && !ps_cmt_q[c]) begin
        in_cs = 1'b0;
        for (int e = 0; e < D; e++)
          if (e < cs_n_q && cs_id_q[e] == ps_id_q[c]) in_cs = 1'b1;
        if (!in_cs) begin
          ps_orphan_any = 1'b1;
          if (ps_mc_q[c]) ps_orphan_mc = 1'b1;
        end
      end
    end
  end
  // hung: a multi-cycle orphan and nothing the core could still commit
  logic hung, hung_q;
  assign hung = ps_orphan_mc && !cs_uncommitted;
  always @(posedge clk_i) hung_q <= rst_ni && hung;

  if (Orphans == 0) begin : g_cover
    always @* begin
      if (rst_ni && f_past_run) begin
        c_hold_released: cover (hold_q && !hold_spec && res_hs_q);
        c_hold_killed:   cover (hold_q && !hold_spec && pkill_q);
        c_hold_stalls:   cover (hold_spec && core_issue_valid_i && pqx_issue_ready_i);
        c_bookkeeping:   cover (core_commit_valid_i && core_commit_kill_i && !cs_tgt_acc);
        c_bookkeeping_younger: cover (core_commit_valid_i && core_commit_kill_i && !cs_tgt_acc &&
                                      cs_younger_acc);
        c_kill_fwd:      cover (pqx_commit_valid_o && pqx_commit_kill_o);
        c_kill_flush:    cover (pqx_commit_valid_o && pqx_commit_kill_o && cs_younger_acc);
        c_result_after_kill: cover (core_res_hs && kill_seen_q && core_result_id_o != kill_id_q);
        c_bypass:        cover (core_fire && core_commit_valid_i &&
                                core_commit_id_i == core_issue_id_i);
        c_full:          cover (cs_n_q == 3'd3 && cs_acc_q[2]);
      end
    end
  end else begin : g_orphan
    always @* begin
      if (rst_ni && f_past_run) begin
        o_hang:         cover (hung && !cs_any && core_issue_valid_i && pqx_issue_ready_i &&
                               !core_issue_ready_o);
        o_wrong_result: cover (core_res_hs && cs_any && cs_acc_q[0] && cs_cmt_q[0] &&
                               core_result_id_o != cs_id_q[0]);
        // the hang is for good: nothing can commit the orphan any more, and the hold stays
        if (hung_q) o_hang_stays: assert (hung && !core_issue_ready_o);
      end
    end
  end

endmodule
