// Bridge between the CV32E40X host core's pre-1.0 eXtension interface and PQX's
// CV-X-IF 1.0 ports (pqx_top).
//
// Facts about the host core used below are measured facts of the project's host-core
// facts (docs/soc.md, "Host-core facts the design relies on": behaviour on the eXtension
// interface, the two errata, what a prototype of PQX behind it met); the CV-X-IF 1.0 rules are those
// of docs/architecture.md and formal/README.md (xif_shell).
//
// Ports are flat (no SystemVerilog interface) so that Yosys reads this module for a
// proof. Core side: core_*, the fields of if_xif (issue_req, issue_resp, commit,
// result); PQX side: pqx_*, exactly pqx_top's ports with the directions flipped.
// The compressed and memory channels of if_xif are not here: PQX uses neither
// (pqx_soc ties them off).
//
// Schedule (every channel is combinational; the only state is accepted_q and the
// hold's mc_*_q below; no register is added on any channel, so the core sees PQX's
// own latencies):
//   issue   the core's request (instr, mode, id, rs1..rs3, rs_valid) goes to PQX
//           unchanged, hartid 0, register_rs = {rs3, rs2, rs1} (the core's packed
//           rs[] already has rs1 in [31:0]). accept and writeback come from PQX in
//           the same cycle (the core samples them with the request). The core's
//           pre-1.0 response has fields PQX never uses: dualwrite, dualread,
//           loadstore, ecswrite and exc are 0. The handshake is
//           core_issue_valid_i && core_issue_ready_o.
//   hold    (erratum 2 workaround) From the handshake of an accepted multi-cycle PQX
//           instruction (KSTART, KPERM, THASH*, PRF*, MODP_MONTYMUL: the decoder's
//           dec_o.multi_cycle bit, from the same pqx_decoder that PQX uses, so the
//           list lives in one place) until that instruction's result handshake,
//           mc_pending_q is set: issue_ready is low towards the core and issue_valid
//           is low towards PQX (PQX sees a withdrawn request, which CV-X-IF 1.0
//           allows). Why: the core latches an offloaded instruction's register
//           write at its ID->EX move from issue_valid && writeback; if the
//           handshake completes while EX is stalled (here: the previous PQX
//           instruction waits in WB for a 24-cycle permutation), issue_valid has
//           dropped by the time it moves and rd is never written (erratum 2,
//           reproduced behind PQX in 8 of 21 directed cases by a prototype; this
//           hold fixed all 21 at about 2 cycles per multi-cycle instruction, while
//           holding on every outstanding result cost about 2 cycles per PQX
//           instruction). The hold stalls every offload attempt of the core, CSR
//           instructions included (the core offers every CSR instruction over the
//           interface first).
//           mc_pending_q clears (registered, so the next handshake is at the
//           earliest one cycle after the result handshake) on:
//             - the result handshake whose id is the held instruction's id
//               (results are in order and it is the youngest PQX instruction);
//             - a kill forwarded to PQX before the held instruction was committed:
//               the held instruction is the youngest one PQX holds, so a kill of it
//               or of any older id removes it (CV-X-IF 1.0: a kill of N kills N and
//               all younger) and no result will come.
//           A kill forwarded in the handshake cycle itself kills the incoming
//           instruction in PQX (pqx_inflight counts it as the youngest), so it does
//           not set mc_pending_q.
//           Not covered (no bridge-side fix): EX stalls caused by the core's own
//           instructions (div, mulhu, CSR reads) right before a PQX instruction,
//           and erratum 1 (rs3 not forwarded): firmware keeps the distances.
//   commit  commit_valid and id pass through, hartid 0. accepted_q remembers, per
//           id (16 ids), whether PQX accepted the last instruction issued with that
//           id. The core sends exactly one commit per issued instruction and
//           commit_kill=1 for every instruction PQX rejected (CSR instructions
//           included) as bookkeeping, without flushing anything; PQX reads a kill
//           of N as "N and every younger instruction", so passed straight through,
//           `csrr` followed by a PQX instruction killed the PQX instruction and the
//           core waited for its result forever (docs/soc.md, "Kill semantics
//           differ"). A kill of an id PQX did not accept is therefore forwarded as a
//           plain commit (commit_kill=0); a kill of an accepted id is forwarded as a
//           kill. A commit in the same cycle as the issue handshake of the same id
//           uses that handshake's accept (bypass). Known gap, from the core: an
//           instruction whose handshake completed and which the core then flushes
//           (a trap during an EX stall) gets no commit at all; if it was an
//           accepted multi-cycle instruction, mc_pending_q stays set and the SoC
//           hangs (visible as a cycle timeout, not as a silent wrong result).
//   result  PQX's result (valid, id, data, rd, we, exc, exccode) goes to the core
//           unchanged (PQX's result outputs are registered, so there is no
//           combinational path from issue to result); err = dbg = 0, ecsdata = 0,
//           ecswe = 0; result_ready comes from the core. The core ignores
//           result.id/rd/we (it writes the instruction's own rd when writeback was
//           given at issue) and result.exc only suppresses the rd write (no trap):
//           both are the core's behaviour, not changed here.
`default_nettype none

module pqx_xif_bridge (
  input  logic        clk_i,
  input  logic        rst_ni,

  // ---------------------------------------------------------------- core side (if_xif, pre-1.0)
  // issue
  input  logic        core_issue_valid_i,
  output logic        core_issue_ready_o,
  input  logic [31:0] core_issue_instr_i,
  input  logic [1:0]  core_issue_mode_i,
  input  logic [3:0]  core_issue_id_i,
  input  logic [95:0] core_issue_rs_i,          // issue_req.rs: rs1 in [31:0], rs2 [63:32], rs3 [95:64]
  input  logic [2:0]  core_issue_rs_valid_i,
  output logic        core_issue_accept_o,
  output logic        core_issue_writeback_o,
  output logic        core_issue_dualwrite_o,
  output logic [2:0]  core_issue_dualread_o,
  output logic        core_issue_loadstore_o,
  output logic        core_issue_ecswrite_o,
  output logic        core_issue_exc_o,
  // commit
  input  logic        core_commit_valid_i,
  input  logic [3:0]  core_commit_id_i,
  input  logic        core_commit_kill_i,
  // result
  output logic        core_result_valid_o,
  input  logic        core_result_ready_i,
  output logic [3:0]  core_result_id_o,
  output logic [31:0] core_result_data_o,
  output logic [4:0]  core_result_rd_o,
  output logic        core_result_we_o,
  output logic [5:0]  core_result_ecsdata_o,
  output logic [2:0]  core_result_ecswe_o,
  output logic        core_result_exc_o,
  output logic [5:0]  core_result_exccode_o,
  output logic        core_result_err_o,
  output logic        core_result_dbg_o,

  // ---------------------------------------------------------------- PQX side (CV-X-IF 1.0, pqx_top)
  // issue
  output logic        pqx_issue_valid_o,
  input  logic        pqx_issue_ready_i,
  output logic [31:0] pqx_issue_instr_o,
  output logic [1:0]  pqx_issue_mode_o,
  output logic [0:0]  pqx_issue_hartid_o,
  output logic [3:0]  pqx_issue_id_o,
  input  logic        pqx_issue_accept_i,
  input  logic        pqx_issue_writeback_i,
  input  logic [2:0]  pqx_issue_register_read_i,
  // register (X_ISSUE_REGISTER_SPLIT = 0)
  output logic [95:0] pqx_register_rs_o,
  output logic [2:0]  pqx_register_rs_valid_o,
  // commit
  output logic        pqx_commit_valid_o,
  output logic [0:0]  pqx_commit_hartid_o,
  output logic [3:0]  pqx_commit_id_o,
  output logic        pqx_commit_kill_o,
  // result
  input  logic        pqx_result_valid_i,
  output logic        pqx_result_ready_o,
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

  localparam int unsigned NumIds = 16;   // 2**X_ID_WIDTH

  // ------------------------------------------------------------------ issue
  logic          mc_pending_q, mc_pending_d;   // an accepted multi-cycle instruction awaits its result
  logic          mc_committed_q, mc_committed_d;
  logic [3:0]    mc_id_q, mc_id_d;
  logic          issue_fire;
  logic          issue_multi_cycle;
  pqx_pkg::dec_t dec;
  logic          unused_dec_accept;

  // Same decoder as PQX's issue stage: only its multi-cycle flag is used here
  // (accept comes from pqx_top itself).
  pqx_decoder u_decoder (
    .instr_i  (core_issue_instr_i),
    .accept_o (unused_dec_accept),
    .dec_o    (dec)
  );

  assign issue_multi_cycle = pqx_issue_accept_i && dec.multi_cycle;

  assign pqx_issue_valid_o  = core_issue_valid_i && !mc_pending_q;
  assign core_issue_ready_o = pqx_issue_ready_i && !mc_pending_q;
  assign issue_fire         = core_issue_valid_i && core_issue_ready_o;

  assign pqx_issue_instr_o       = core_issue_instr_i;
  assign pqx_issue_mode_o        = core_issue_mode_i;
  assign pqx_issue_hartid_o      = 1'b0;
  assign pqx_issue_id_o          = core_issue_id_i;
  assign pqx_register_rs_o       = core_issue_rs_i;
  assign pqx_register_rs_valid_o = core_issue_rs_valid_i;

  assign core_issue_accept_o    = pqx_issue_accept_i;
  assign core_issue_writeback_o = pqx_issue_writeback_i;
  assign core_issue_dualwrite_o = 1'b0;
  assign core_issue_dualread_o  = 3'b000;
  assign core_issue_loadstore_o = 1'b0;
  assign core_issue_ecswrite_o  = 1'b0;
  assign core_issue_exc_o       = 1'b0;

  // ------------------------------------------------------------------ commit
  logic [NumIds-1:0] accepted_q, accepted_d;
  logic              commit_accepted;    // PQX accepted the committed id
  logic              kill_fwd;           // a kill reaches PQX this cycle

  assign commit_accepted = (issue_fire && core_issue_id_i == core_commit_id_i)
                           ? pqx_issue_accept_i : accepted_q[core_commit_id_i];
  assign kill_fwd        = core_commit_valid_i && core_commit_kill_i && commit_accepted;

  assign pqx_commit_valid_o  = core_commit_valid_i;
  assign pqx_commit_hartid_o = 1'b0;
  assign pqx_commit_id_o     = core_commit_id_i;
  assign pqx_commit_kill_o   = core_commit_kill_i && commit_accepted;

  always_comb begin
    accepted_d = accepted_q;
    if (issue_fire) begin
      accepted_d[core_issue_id_i] = pqx_issue_accept_i;
    end
  end

  // ------------------------------------------------------------------ hold (erratum 2)
  always_comb begin
    mc_pending_d   = mc_pending_q;
    mc_committed_d = mc_committed_q;
    mc_id_d        = mc_id_q;
    if (mc_pending_q) begin
      if (core_result_valid_o && core_result_ready_i && pqx_result_id_i == mc_id_q) begin
        mc_pending_d = 1'b0;                    // its result was delivered
      end else if (kill_fwd && !mc_committed_q) begin
        mc_pending_d = 1'b0;                    // killed (itself or an older id): no result
      end else if (core_commit_valid_i && !core_commit_kill_i && core_commit_id_i == mc_id_q) begin
        mc_committed_d = 1'b1;
      end
    end else if (issue_fire && issue_multi_cycle && !kill_fwd) begin
      mc_pending_d   = 1'b1;
      mc_committed_d = core_commit_valid_i && !core_commit_kill_i
                       && core_commit_id_i == core_issue_id_i;
      mc_id_d        = core_issue_id_i;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      accepted_q     <= '0;
      mc_pending_q   <= 1'b0;
      mc_committed_q <= 1'b0;
      mc_id_q        <= '0;
    end else begin
      accepted_q     <= accepted_d;
      mc_pending_q   <= mc_pending_d;
      mc_committed_q <= mc_committed_d;
      mc_id_q        <= mc_id_d;
    end
  end

  // ------------------------------------------------------------------ result
  assign core_result_valid_o   = pqx_result_valid_i;
  assign pqx_result_ready_o    = core_result_ready_i;
  assign core_result_id_o      = pqx_result_id_i;
  assign core_result_data_o    = pqx_result_data_i;
  assign core_result_rd_o      = pqx_result_rd_i;
  assign core_result_we_o      = pqx_result_we_i;
  assign core_result_exc_o     = pqx_result_exc_i;
  assign core_result_exccode_o = pqx_result_exccode_i;
  assign core_result_ecsdata_o = 6'd0;
  assign core_result_ecswe_o   = 3'd0;
  assign core_result_err_o     = 1'b0;
  assign core_result_dbg_o     = 1'b0;

  // register_read: the core always supplies every rs with rs_valid set (rs3 with
  // rs_valid[2] tied to 1, erratum 1); single hart; PQX drives dbg = err = 0.
  logic unused_inputs;
  assign unused_inputs = ^{pqx_issue_register_read_i, pqx_result_hartid_i, pqx_result_dbg_i,
                           pqx_result_err_i, unused_dec_accept, dec.op, dec.unit, dec.writeback,
                           dec.rs_read, dec.uses_so, dec.background};

endmodule
