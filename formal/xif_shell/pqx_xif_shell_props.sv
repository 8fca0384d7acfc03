// Formal property wrapper for the CV-X-IF shell of PQX (pqx_top).
//
// The wrapper's inputs are the host-side signals of CV-X-IF; the solver drives them freely, within
// the assumptions below that describe a legal CV-X-IF 1.0 host (see formal/README.md):
//   * rst_ni is low in the first cycle only;
//   * ids: an issue handshake uses an id that is not in flight (in flight = issued and not yet
//     retired: a rejected instruction retires with its commit, a killed one with the kill, an
//     accepted one with its result handshake); with IdOrder = 1 also the CV-X-IF 1.0 ordering
//     rule: ids increase (mod 16) from the oldest in-flight id, i.e. a new id lies beyond the newest
//     in-flight id and does not wrap past the oldest one;
//   * a commit or kill names an instruction that was issued (possibly in this very cycle) and has
//     not been committed or killed yet; commit of N also commits every older instruction, kill of N
//     also kills every younger one (including one issued in the same cycle);
//   * issue requests may be withdrawn or changed before the handshake; rs/rs_valid, result_ready,
//     mode and hartid are arbitrary. That every instruction eventually gets a commit is liveness
//     and is not assumed.
//
// A shadow tracker (sq_*) keeps, in issue order, every instruction that is in flight and whose
// result transaction has not started: entries are appended at the issue handshake, marked
// committed by a commit (batch), removed by a kill (batch), by their commit if rejected, and at
// the start of their result transaction. It is written from the CV-X-IF rules, not from the RTL
// (formal/lib/pqx_xif_shadow.sv, shared with formal/bridge); it and the host assumptions above
// are formal/lib/pqx_xif_host.sv, shared with formal/ct.
//
// Properties (all safety):
//   a. kill safety, every unit built. A unit starts (single-cycle execution, a multi-cycle start)
//      and a multi-cycle instruction finishes only when the oldest in-flight instruction is
//      accepted, committed and not killed (shadow view); every execution and every finish is
//      followed by the start of a result transaction, whose identity b. checks. S and O are
//      written (state-unit start_i, or a bit of the word write ports s_wmask/o_wmask) only in
//      such a cycle, and only as the ISA says for the class of that oldest instruction, which
//      the shadow takes from the instruction word at issue (so_class below, written from the
//      ISA text): LOAD/KABSORB/KINIT/OWRITE only through the state unit with that op; CL_n writes only
//      O; KSTART all of O and none of S; KPERM all of S and O; THASH/PRF all of O and only
//      S[0..7]; every other instruction neither. With the lemma of the `state` task (S/O change
//      only on start_i with LOAD, KABSORB, KINIT, OWRITE or through the write ports, and then as the ISA
//      says) this gives: a killed or rejected instruction never changes S or O. S/O themselves
//      are cut away in these tasks (abstraction, see the .sby file).
//   b. a result transaction starts only for the oldest in-flight instruction that has not had
//      one, that instruction is accepted and committed (hence not killed), and its id, rd
//      (= instr[11:7]), hartid and we (= issue-time writeback) match: exactly one result per
//      accepted committed instruction, in issue order, none for rejected or killed ones, none
//      before the commit (at least one is liveness: not proven, see README).
//   c. while result_valid && !result_ready, result_valid stays high and the payload is stable.
//   d. accept = 0 implies writeback = 0 and register_read = 0; no issue handshake while a needed
//      rs_valid bit is low.
// Invariants inv_* (with PQX_XIF_INVARIANTS): how the shadow maps onto the in-flight queue and
// the result register of the RTL. They are implementation specific and there to make k-induction
// close (and BMC fast: smtbmc reuses proven assertions); they read probe wires that the .sby
// script connects to internal signals after `flatten`.
`default_nettype none

module pqx_xif_shell_props #(
  parameter int IdOrder   = 1,  // 1: CV-X-IF 1.0 id ordering rule; 0: uniqueness only
  parameter bit Pipelined = 0,  // pqx_top's pipelined build (a dispatch register before the units)
  parameter bit IssueBypass = 1 // 0: the SoC's queue-only execute (no same-cycle issue bypass)
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        issue_valid_i,
  input  logic [31:0] issue_instr_i,
  input  logic [1:0]  issue_mode_i,
  input  logic [0:0]  issue_hartid_i,
  input  logic [3:0]  issue_id_i,
  input  logic [95:0] register_rs_i,
  input  logic [2:0]  register_rs_valid_i,
  input  logic        commit_valid_i,
  input  logic [0:0]  commit_hartid_i,
  input  logic [3:0]  commit_id_i,
  input  logic        commit_kill_i,
  input  logic        result_ready_i
);

  // ---------------------------------------------------------------- DUT
  logic        issue_ready_o, issue_accept_o, issue_writeback_o;
  logic [2:0]  issue_register_read_o;
  logic        result_valid_o, result_we_o, result_exc_o, result_dbg_o, result_err_o;
  logic [0:0]  result_hartid_o;
  logic [3:0]  result_id_o;
  logic [31:0] result_data_o;
  logic [4:0]  result_rd_o;
  logic [5:0]  result_exccode_o;

  // Every unit built (pqx_pkg::UnitsBuilt): the multi-cycle instructions (KSTART, KPERM, THASH,
  // PRF, MODP_MONTYMUL) run in this proof.
  // The polynomial unit's DMA bus (POLY_LD/POLY_ST): any bus behaviour is legal (the DMA
  // ignores rvalid with nothing outstanding and reduces any rdata), so the inputs are free
  // every cycle and the outputs unused.
  (* anyseq *) logic        dma_gnt, dma_rvalid;
  (* anyseq *) logic [31:0] dma_rdata;
  logic        dma_req, dma_we;
  logic [31:0] dma_addr, dma_wdata;
  logic        unused_dma;
  assign unused_dma = ^{dma_req, dma_we, dma_addr, dma_wdata};

  pqx_top #(.Pipelined(Pipelined), .IssueBypass(IssueBypass)) dut (
    .clk_i, .rst_ni,
    .issue_valid_i, .issue_ready_o, .issue_instr_i, .issue_mode_i, .issue_hartid_i, .issue_id_i,
    .issue_accept_o, .issue_writeback_o, .issue_register_read_o,
    .register_rs_i, .register_rs_valid_i,
    .commit_valid_i, .commit_hartid_i, .commit_id_i, .commit_kill_i,
    .result_valid_o, .result_ready_i, .result_hartid_o, .result_id_o, .result_data_o,
    .result_rd_o, .result_we_o, .result_exc_o, .result_exccode_o, .result_dbg_o, .result_err_o,
    .dma_req_o(dma_req), .dma_we_o(dma_we), .dma_addr_o(dma_addr), .dma_wdata_o(dma_wdata),
    .dma_gnt_i(dma_gnt), .dma_rvalid_i(dma_rvalid), .dma_rdata_i(dma_rdata)
  );

  // Probes: left undriven here and connected by the .sby script (`connect -set`, after `flatten`)
  // to internal signals of pqx_top (names in the .sby). Unconnected they would be free inputs and
  // the checks that read them would fail, so a missing connection cannot pass silently.
  logic              p_start;      // the state unit executes (S/O update at the edge)
  logic [6:0]        p_state_op;   // ... this op
  logic [49:0]       p_s_wmask;    // word write ports of S and O (multi-cycle results, CL)
  logic [49:0]       p_o_wmask;
  logic              p_exec_fire;  // a single-cycle instruction executes in its unit
  logic              p_arith_take; // pipelined build: an arithmetic result leaves the pipeline
  logic              p_mc_start;   // a multi-cycle instruction starts
  logic              p_mc_finish;  // ... finishes (S/O writes, result registered)
`ifdef PQX_XIF_INVARIANTS
  logic [3:0][pqx_pkg::EntryW-1:0] p_q_q;    // pqx_pkg::entry_t x 4, as plain logic: Yosys drops the packed
                               // dimension of an array of a struct type
  logic [3:0]        p_cmt_q;
  logic [2:0]        p_cnt_q;
  logic              p_mc_busy;  // the running multi-cycle instruction: unit, flags, result fields
  logic [3:0]        p_mc_unit;  // pqx_pkg::unit_e
  logic              p_mc_kperm;
  logic              p_mc_kec, p_mc_slh;
  assign p_mc_kec = p_mc_unit == pqx_pkg::UnitKeccak;
  assign p_mc_slh = p_mc_unit == pqx_pkg::UnitSlhdsa;
  logic [3:0]        p_mc_id;
  logic              p_mc_hart, p_mc_we;
  logic [4:0]        p_mc_rd;
  logic [3:0]        p_slh_nw;   // n / 4 of the running THASH/PRF
  logic              p_slh_chain;  // the running SLH-DSA instruction is a CHAIN
  logic [1:0]        p_slh_phase;  // the SLH-DSA unit's phase: 0 idle
  // pipelined build (connected by the *_pipe tasks; 0 in the default build): the dispatch
  // register and the arithmetic pipeline's stages (s3 the oldest), tag = {id, hart, rd, we}
  logic                          p_dsp_valid;
  logic [pqx_pkg::EntryW-1:0]    p_dsp_q;
  logic                          p_s1_valid, p_s2_valid, p_s3_valid;
  logic [10:0]                   p_s1_tag, p_s2_tag, p_s3_tag;
  logic [2:0]                    p_ap_valid;   // {s3, s2, s1}: index k = stage k + 1
  logic [2:0][10:0]              p_ap_tag;
  assign p_ap_valid = {p_s3_valid, p_s2_valid, p_s1_valid};
  assign p_ap_tag   = {p_s3_tag, p_s2_tag, p_s1_tag};
  if (!Pipelined) begin : g_no_pipe
    assign p_dsp_valid = 1'b0;
    assign p_dsp_q     = '0;
    assign {p_s1_valid, p_s2_valid, p_s3_valid} = '0;
    assign {p_s1_tag, p_s2_tag, p_s3_tag}       = '0;
  end
`endif

  // ---------------------------------------------------------------- S/O writer classes (ISA text)
  // Which instructions write S or O, from the encoding tables of docs/isa.md (R4 opcode 0x6B:
  // funct3 001 x funct2: KSTART 0, KABSORB 1, KPERM 2, LOAD 3; R opcode 0x3B, funct3 111: KINIT
  // funct7 0x0E, CL_n 0x1B-0x1D, OWRITE 0x1F, THASH/PRF 0x30-0x32 and 0x3C-0x41, CHAIN_n
  // 0x42-0x44), not from the decoder.
  localparam logic [3:0] C_NONE = 4'd0, C_LOAD = 4'd1, C_KABSORB = 4'd2, C_KINIT = 4'd3,
                         C_KSTART = 4'd4, C_KPERM = 4'd5, C_THASH = 4'd6, C_CL = 4'd7,
                         C_OWRITE = 4'd8, C_CHAIN = 4'd9;
  function automatic logic [3:0] so_class(input logic [31:0] w);
    so_class = C_NONE;
    if (w[6:0] == 7'h6B && w[14:12] == 3'b001) begin
      case (w[26:25])
        2'd0:    so_class = C_KSTART;
        2'd1:    so_class = C_KABSORB;
        2'd2:    so_class = C_KPERM;
        default: so_class = C_LOAD;
      endcase
    end else if (w[6:0] == 7'h3B && w[14:12] == 3'b111) begin
      if (w[31:25] == 7'h0E) so_class = C_KINIT;
      if (w[31:25] >= 7'h1B && w[31:25] <= 7'h1D) so_class = C_CL;
      if (w[31:25] == 7'h1F) so_class = C_OWRITE;
      if ((w[31:25] >= 7'h30 && w[31:25] <= 7'h32) || (w[31:25] >= 7'h3C && w[31:25] <= 7'h41))
        so_class = C_THASH;
      if (w[31:25] >= 7'h42 && w[31:25] <= 7'h44) so_class = C_CHAIN;
    end
  endfunction

  // ---------------------------------------------------------------- reset and time
  logic f_first = 1'b1;       // first cycle of the trace (initial value; BMC only)
  logic f_past_run = 1'b0;    // the previous cycle was out of reset
  always @(posedge clk_i) begin
    f_first    <= 1'b0;
    f_past_run <= rst_ni;
  end
  always @* begin
    if (f_first) assume (!rst_ni);
    else         assume (rst_ni);
  end

  logic issue_fire;
  assign issue_fire = issue_valid_i && issue_ready_o;

  // ---------------------------------------------------------------- shadow tracker
  // At most 5 instructions are in flight without a started result transaction: a running
  // multi-cycle instruction and a full queue of 4 behind it (b_table_fits checks the bound);
  // 8 in the pipelined build: three in the arithmetic pipeline, one in the dispatch register
  // and a full queue.
  localparam int SQD = Pipelined ? 8 : 5;
  localparam int NW  = $clog2(SQD + 2);  // width of a count of up to SQD + 1 candidates
  localparam int NC  = SQD + 1;  // candidates in a cycle: the table + the incoming instruction

  logic [SQD-1:0][3:0] sq_id_q;
  logic [SQD-1:0][4:0] sq_rd_q;
  logic [SQD-1:0][3:0] sq_cls_q;   // so_class of the instruction word
  logic [SQD-1:0]      sq_acc_q, sq_we_q, sq_hart_q, sq_cmt_q;
  logic [NW-1:0]       sq_n_q;
  logic                busy_q;     // a result transaction is ongoing (valid && !ready last cycle)
  logic                exec_ok_q;  // last cycle: oldest in-flight instruction may execute
  logic                rs_start;   // a new result transaction starts in this cycle

  // result payload of the last cycle (property c)
  logic [0:0]  pl_hart_q;
  logic [3:0]  pl_id_q;
  logic [31:0] pl_data_q;
  logic [4:0]  pl_rd_q;
  logic        pl_we_q, pl_exc_q, pl_dbg_q, pl_err_q;
  logic [5:0]  pl_exccode_q;

  // The shadow queue (formal/lib/pqx_xif_shadow.sv); an entry's own fields here: rd, so_class,
  // writeback, hartid.
  localparam int PW = 5 + 4 + 1 + 1;
  logic [SQD-1:0][PW-1:0] sq_pl_q;
  logic [NC-1:0][PW-1:0]  c_pl;
  logic [NC-1:0]          k3, c_acc, cmt2;
  logic                   unused_tgt_any;   // the host's assumption reads it
  logic [NW-1:0]          n_d;
  logic                   unused_tgt_oldest;

  // The host (formal/lib/pqx_xif_host.sv: the shadow queue and the host assumptions).
  pqx_xif_host #(.D(SQD), .PW(PW), .NW(NW), .IdOrder(IdOrder)) u_host (
    .clk_i, .rst_ni,
    .issue_fire_i   (issue_fire),
    .issue_id_i,
    .issue_accept_i (issue_accept_o),
    .issue_pl_i     ({issue_instr_i[11:7], so_class(issue_instr_i), issue_writeback_o,
                      issue_hartid_i[0]}),
    .result_valid_i (result_valid_o),
    .result_ready_i,
    .result_id_i    (result_id_o),
    .commit_valid_i, .commit_id_i, .commit_kill_i,
    .busy_q,
    .rs_start_o     (rs_start),
    .n_q            (sq_n_q),
    .id_q           (sq_id_q),
    .acc_q          (sq_acc_q),
    .cmt_q          (sq_cmt_q),
    .pl_q           (sq_pl_q),
    .n_d_o          (n_d),
    .keep_o         (k3),
    .acc_o          (c_acc),
    .cmt_o          (cmt2),
    .pl_o           (c_pl),
    .tgt_any_o      (unused_tgt_any),
    .tgt_oldest_o   (unused_tgt_oldest)
  );
  always @* begin
    for (int i = 0; i < SQD; i++) {sq_rd_q[i], sq_cls_q[i], sq_we_q[i], sq_hart_q[i]} = sq_pl_q[i];
  end

  logic               exec_ok;
  logic [3:0]         head_cls;    // so_class of the oldest remaining instruction
  logic               head_found;
  always @* begin
    // the oldest remaining instruction may execute now iff it is accepted and committed
    exec_ok    = 1'b0;
    head_cls   = C_NONE;
    head_found = 1'b0;
    for (int c = 0; c < NC; c++) begin
      if (k3[c] && !head_found) begin
        head_found = 1'b1;
        exec_ok    = c_acc[c] && cmt2[c];
        head_cls   = c_pl[c][5:2];
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) exec_ok_q <= 1'b0;
    else         exec_ok_q <= exec_ok;
    pl_hart_q    <= result_hartid_o;
    pl_id_q      <= result_id_o;
    pl_data_q    <= result_data_o;
    pl_rd_q      <= result_rd_o;
    pl_we_q      <= result_we_o;
    pl_exc_q     <= result_exc_o;
    pl_exccode_q <= result_exccode_o;
    pl_dbg_q     <= result_dbg_o;
    pl_err_q     <= result_err_o;
  end

  // ---------------------------------------------------------------- host assumptions
  // In pqx_xif_host (u_host above): fresh ids in order, commits and kills of instructions in flight.

  // ---------------------------------------------------------------- properties
  // (a) kill safety. S and O change only through the state unit's start_i or its word write
  // ports (lemma proven by the `state` task on pqx_state_unit alone, for every word); here:
  // those, and every unit start, happen only for the oldest in-flight instruction when it is
  // accepted, committed and not killed, only as the ISA says for its class, and each execution
  // or finish is followed by the start of its result transaction (whose identity (b) checks).
  logic s_write, o_write, p_done_q;
  assign s_write = p_s_wmask != '0;
  assign o_write = p_o_wmask != '0;
  always @(posedge clk_i) p_done_q <= rst_ni && (p_exec_fire || p_arith_take || p_mc_finish);
  always @* begin
    if (rst_ni) begin
      // (in the pipelined build an arithmetic instruction enters its pipeline behind older
      // ones, from the dispatch register that holds committed instructions only; its result
      // leaving the pipeline, p_arith_take, is where it must be the oldest)
      if (p_exec_fire || p_arith_take || p_mc_start || p_mc_finish) a_exec_committed: assert (exec_ok);
      if (p_arith_take) a_take_alone: assert (!p_exec_fire && !p_mc_finish && !s_write && !o_write);
      if (p_start) a_start_is_exec: assert (p_exec_fire);
      if (s_write || o_write) a_write_is_exec: assert (p_exec_fire || p_mc_finish);
      if (p_start) a_ports_idle: assert (!s_write && !o_write);   // the `state` lemma assumes it
      // which instruction writes, and what (head_cls: the oldest remaining instruction)
      if (p_exec_fire) begin
        a_load:    assert ((head_cls == C_LOAD)    == (p_start && p_state_op == pqx_pkg::OpLoad));
        a_kabsorb: assert ((head_cls == C_KABSORB) == (p_start && p_state_op == pqx_pkg::OpKabsorb));
        a_kinit:   assert ((head_cls == C_KINIT)   == (p_start && p_state_op == pqx_pkg::OpKinit));
        a_owrite:  assert ((head_cls == C_OWRITE)  == (p_start && p_state_op == pqx_pkg::OpOwrite));
        a_cl:      assert (((head_cls == C_CL) == o_write) && !s_write);
      end
      if (p_mc_finish) begin
        if (head_cls == C_KSTART) a_kstart: assert (!s_write && p_o_wmask == '1);
        if (head_cls == C_KPERM)  a_kperm:  assert (p_s_wmask == '1 && p_o_wmask == '1);
        if (head_cls == C_THASH)  a_thash:  assert (p_s_wmask[49:8] == '0 && p_o_wmask == '1);
        // CHAIN: ADRS's last word and in1 only (words nw+7..2nw+7 within 11..23)
        if (head_cls == C_CHAIN)  a_chain:  assert (p_s_wmask[49:24] == '0 && p_s_wmask[10:0] == '0
                                                    && p_o_wmask == '1);
        if (head_cls != C_KSTART && head_cls != C_KPERM && head_cls != C_THASH && head_cls != C_CHAIN)
          a_mc_other: assert (!s_write && !o_write);
      end
    end
    if (rst_ni && f_past_run && p_done_q) a_exec_result: assert (rs_start);
  end

  // (b) result identity and order
  always @* begin
    if (rs_start) begin
      b_result_has_instr: assert (sq_n_q != '0);
      b_result_accepted:  assert (sq_acc_q[0]);
      b_result_committed: assert (sq_cmt_q[0]);
      b_result_id:        assert (result_id_o == sq_id_q[0]);
      b_result_rd:        assert (result_rd_o == sq_rd_q[0]);
      b_result_we:        assert (result_we_o == sq_we_q[0]);
      b_result_hartid:    assert (result_hartid_o[0] == sq_hart_q[0]);
    end
    if (rst_ni) b_table_fits: assert (n_d <= NW'(SQD));
  end

  // (c) result held under back-pressure
  always @* begin
    if (rst_ni && busy_q) begin
      c_valid_held:  assert (result_valid_o);
      c_payload_stable: assert (result_hartid_o == pl_hart_q && result_id_o == pl_id_q &&
                                result_data_o == pl_data_q && result_rd_o == pl_rd_q &&
                                result_we_o == pl_we_q && result_exc_o == pl_exc_q &&
                                result_exccode_o == pl_exccode_q && result_dbg_o == pl_dbg_q &&
                                result_err_o == pl_err_q);
    end
  end

  // (d) issue response and operand wait
  always @* begin
    if (rst_ni) begin
      if (!issue_accept_o) d_reject_clean: assert (!issue_writeback_o && issue_register_read_o == 3'b000);
      if (issue_fire) d_operands_valid: assert ((register_rs_valid_i & issue_register_read_o) == issue_register_read_o);
    end
  end

  // ---------------------------------------------------------------- induction invariants
`ifdef PQX_XIF_INVARIANTS
  // RTL queue entry p is "retired" if it is a committed rejected instruction waiting to be popped
  // (the shadow has dropped it already); every other queue entry maps, in order, onto the shadow
  // entry after the one whose result just started.
  logic [3:0][3:0] dq_id;
  logic [3:0][4:0] dq_rd;
  logic [3:0]      dq_acc, dq_hart, dq_wb, dq_live, dq_mc, dq_mcx;
  logic [3:0][3:0] dq_cls;
  logic [3:0][3:0] dq_unit;
  logic [3:0][6:0] dq_op;
  for (genvar p = 0; p < 4; p++) begin : g_dq
    pqx_pkg::entry_t e;
    assign e          = p_q_q[p];
    assign dq_id[p]   = e.id;
    assign dq_rd[p]   = e.rd;
    assign dq_acc[p]  = e.accepted;
    assign dq_hart[p] = e.hartid;
    assign dq_wb[p]   = e.dec.writeback;
    assign dq_cls[p]  = op_class(e.dec.op);
    assign dq_unit[p] = e.dec.unit;
    assign dq_mc[p]   = e.dec.multi_cycle;
    assign dq_op[p]   = e.dec.op;
    assign dq_mcx[p]  = mc_other(e.dec.op);
    assign dq_live[p] = (3'(p) < p_cnt_q) && !(!e.accepted && p_cmt_q[p]);
  end

  // the multi-cycle instructions outside S/O (docs/isa.md latency > 1): MODP_MONTYMUL in the
  // arithmetic unit, MCE_BM, MCE_CHIEN, MCE_MINPOLY and MCE_SYS in the McEliece unit, the block
  // compressions in the Crypto-RV unit
  function automatic logic mc_crv(input logic [6:0] op);
    mc_crv = op == pqx_pkg::OpSha256Blk || op == pqx_pkg::OpSha512Blk || op == pqx_pkg::OpSm3Blk
             || op == pqx_pkg::OpAes128Enc || op == pqx_pkg::OpHaraka256 || op == pqx_pkg::OpHaraka512;
  endfunction
  function automatic logic mc_other(input logic [6:0] op);
    mc_other = op == pqx_pkg::OpModpMontymul || op == pqx_pkg::OpMceBm || op == pqx_pkg::OpMceChien
               || op == pqx_pkg::OpMceMinpoly || op == pqx_pkg::OpMceSys || mc_crv(op);
  endfunction
  function automatic logic [3:0] mc_other_unit(input logic [6:0] op);
    mc_other_unit = op == pqx_pkg::OpModpMontymul ? pqx_pkg::UnitArith
                  : mc_crv(op) ? pqx_pkg::UnitCrv : pqx_pkg::UnitMce;
  endfunction

  // class of a decoded op (implementation side of so_class)
  function automatic logic [3:0] op_class(input logic [6:0] op);
    case (op)
      pqx_pkg::OpLoad:    op_class = C_LOAD;
      pqx_pkg::OpKabsorb: op_class = C_KABSORB;
      pqx_pkg::OpKinit:   op_class = C_KINIT;
      pqx_pkg::OpOwrite:  op_class = C_OWRITE;
      pqx_pkg::OpKstart:  op_class = C_KSTART;
      pqx_pkg::OpKperm:   op_class = C_KPERM;
      pqx_pkg::OpCl128, pqx_pkg::OpCl192, pqx_pkg::OpCl256: op_class = C_CL;
      pqx_pkg::OpThash1_128, pqx_pkg::OpThash2_128, pqx_pkg::OpPrf128,
      pqx_pkg::OpThash1_192, pqx_pkg::OpThash2_192, pqx_pkg::OpPrf192,
      pqx_pkg::OpThash1_256, pqx_pkg::OpThash2_256, pqx_pkg::OpPrf256: op_class = C_THASH;
      pqx_pkg::OpChain128, pqx_pkg::OpChain192, pqx_pkg::OpChain256: op_class = C_CHAIN;
      default:            op_class = C_NONE;
    endcase
  endfunction

  logic [2:0] mc_idx;
  logic [3:0] mc_cls;
  assign mc_idx = {2'b0, rs_start};

  // pipelined build: the arithmetic pipeline's entries (s3, s2, s1: oldest first) and then the
  // dispatch register follow the entry whose result starts now, in the shadow's order
  logic [NW-1:0]      ap_count;
  logic [2:0][NW-1:0] ap_rank;     // shadow index of s1, s2, s3 (when valid)
  logic [NW-1:0]      dsp_rank;
  pqx_pkg::entry_t    dsp_e;
  assign dsp_e = p_dsp_q;
  always @* begin
    logic [NW-1:0] r;
    r = NW'(rs_start);
    for (int k = 2; k >= 0; k--) begin
      ap_rank[k] = r;
      if (p_ap_valid[k]) r = r + NW'(1);
    end
    ap_count = r - NW'(rs_start);
    dsp_rank = r + NW'(p_mc_busy);
  end
  assign mc_cls = p_mc_kec ? (p_mc_kperm ? C_KPERM : C_KSTART)
                : p_mc_slh ? (p_slh_chain ? C_CHAIN : C_THASH) : C_NONE;

  // position of queue entry p in the shadow table
  logic [3:0][NW-1:0] dq_rank;
  logic [NW-1:0]   dq_count;
  always @* begin
    logic [NW-1:0] rank;
    rank = dsp_rank + NW'(p_dsp_valid);
    for (int p = 0; p < 4; p++) begin
      dq_rank[p] = rank;
      if (dq_live[p]) rank = rank + NW'(1);
    end
    dq_count = rank;
  end

  always @* begin
    if (rst_ni) begin
      inv_cnt_range: assert (p_cnt_q <= 3'd4);
      inv_slh_nw:    assert (p_slh_nw == 4'd4 || p_slh_nw == 4'd6 || p_slh_nw == 4'd8);
      // the SLH-DSA unit runs exactly while pqx_top runs one of its instructions (so a start
      // always reaches it and sets its CHAIN flag, which mc_cls reads)
      inv_slh_phase: assert ((p_slh_phase != 2'd0) == (p_mc_busy && p_mc_slh));
      // the running multi-cycle instruction is the shadow entry after the one whose result
      // starts now: accepted, committed, with its id, rd, hartid, writeback and class
      if (p_mc_busy) begin
        inv_mc_entry: assert (sq_n_q > NW'(rs_start));
        inv_mc_id:    assert (sq_id_q[mc_idx] == p_mc_id && sq_rd_q[mc_idx] == p_mc_rd &&
                              sq_hart_q[mc_idx] == p_mc_hart && sq_we_q[mc_idx] == p_mc_we);
        inv_mc_cmt:   assert (sq_acc_q[mc_idx] && sq_cmt_q[mc_idx]);
        inv_mc_cls:   assert (sq_cls_q[mc_idx] == mc_cls);
      end
      inv_sq_range:  assert (sq_n_q <= NW'(SQD));
      // pipelined build: a running multi-cycle instruction and arithmetic-pipeline entries
      // exclude each other; each entry and the dispatch register map onto the shadow
      if (p_mc_busy) inv_mc_no_pipe: assert (p_ap_valid == '0);
      if (p_dsp_valid) begin
        inv_dsp_entry: assert (dsp_rank < sq_n_q);
        inv_dsp_fields: assert (sq_id_q[dsp_rank] == dsp_e.id && sq_rd_q[dsp_rank] == dsp_e.rd &&
                                sq_hart_q[dsp_rank] == dsp_e.hartid && sq_acc_q[dsp_rank] &&
                                sq_cmt_q[dsp_rank] && dsp_e.accepted &&
                                sq_we_q[dsp_rank] == dsp_e.dec.writeback &&
                                sq_cls_q[dsp_rank] == op_class(dsp_e.dec.op));
        inv_dsp_unit: assert ((op_class(dsp_e.dec.op) == C_KSTART || op_class(dsp_e.dec.op) == C_KPERM)
                              == (dsp_e.dec.unit == pqx_pkg::UnitKeccak));
        inv_dsp_slh: assert ((op_class(dsp_e.dec.op) == C_THASH || op_class(dsp_e.dec.op) == C_CHAIN
                              || op_class(dsp_e.dec.op) == C_CL)
                             == (dsp_e.dec.unit == pqx_pkg::UnitSlhdsa));
        if (op_class(dsp_e.dec.op) == C_LOAD || op_class(dsp_e.dec.op) == C_KABSORB
            || op_class(dsp_e.dec.op) == C_KINIT || op_class(dsp_e.dec.op) == C_OWRITE)
          inv_dsp_state: assert (dsp_e.dec.unit == pqx_pkg::UnitState);
        inv_dsp_mc: assert (dsp_e.dec.multi_cycle == (op_class(dsp_e.dec.op) == C_KSTART
                            || op_class(dsp_e.dec.op) == C_KPERM || op_class(dsp_e.dec.op) == C_THASH
                            || op_class(dsp_e.dec.op) == C_CHAIN
                            || mc_other(dsp_e.dec.op)));
        if (mc_other(dsp_e.dec.op)) inv_dsp_mcx: assert (dsp_e.dec.unit == mc_other_unit(dsp_e.dec.op));
      end
      inv_sq_count:  assert (dq_count == sq_n_q);
      if (busy_q) inv_busy_valid: assert (result_valid_o);
    end
  end

  // (unlabelled: Yosys does not scope assertion labels by generate block)
  for (genvar p = 0; p < 4; p++) begin : g_inv_q
    always @* begin
      if (rst_ni && dq_live[p]) begin
        assert (dq_rank[p] < sq_n_q);
        // a queued op and its unit agree (the dispatch stage reads the unit, the shadow the class)
        if (dq_acc[p]) begin
          assert ((dq_cls[p] == C_KSTART || dq_cls[p] == C_KPERM) == (dq_unit[p] == pqx_pkg::UnitKeccak));
          assert ((dq_cls[p] == C_THASH || dq_cls[p] == C_CHAIN || dq_cls[p] == C_CL)
                  == (dq_unit[p] == pqx_pkg::UnitSlhdsa));
          if (dq_cls[p] == C_LOAD || dq_cls[p] == C_KABSORB || dq_cls[p] == C_KINIT
              || dq_cls[p] == C_OWRITE)
            assert (dq_unit[p] == pqx_pkg::UnitState);
          assert (dq_mc[p] == (dq_cls[p] == C_KSTART || dq_cls[p] == C_KPERM
                               || dq_cls[p] == C_THASH || dq_cls[p] == C_CHAIN || dq_mcx[p]));
          if (dq_mcx[p]) assert (dq_unit[p] == mc_other_unit(dq_op[p]));
          // the two kinds of SLH-DSA hash write S differently: a CHAIN entry holds a CHAIN op
          assert ((dq_cls[p] == C_CHAIN) == (op_class(dq_op[p]) == C_CHAIN));
        end
      end
    end
    for (genvar i = 0; i < SQD; i++) begin : g_slot
      always @* begin
        if (rst_ni && dq_live[p] && dq_rank[p] == NW'(i)) begin
          assert (sq_id_q[i] == dq_id[p]);
          assert (sq_acc_q[i] == dq_acc[p]);
          assert (sq_rd_q[i] == dq_rd[p]);
          assert (sq_hart_q[i] == dq_hart[p]);
          assert (sq_cmt_q[i] == p_cmt_q[p]);
          if (dq_acc[p]) assert (sq_we_q[i] == dq_wb[p] && sq_cls_q[i] == dq_cls[p]);
        end
      end
    end
    // commits are batch commits: an entry is committed only if every older one is
    if (p > 0) begin : g_order
      always @* if (rst_ni && 3'(p) < p_cnt_q && p_cmt_q[p]) assert (p_cmt_q[p - 1]);
    end
  end

  for (genvar k = 0; k < 3; k++) begin : g_inv_ap
    always @* begin
      if (rst_ni && p_ap_valid[k]) begin
        assert (ap_rank[k] < sq_n_q);
        assert ({sq_id_q[ap_rank[k]], sq_hart_q[ap_rank[k]], sq_rd_q[ap_rank[k]], sq_we_q[ap_rank[k]]}
                == p_ap_tag[k]);
        assert (sq_acc_q[ap_rank[k]] && sq_cmt_q[ap_rank[k]] && sq_cls_q[ap_rank[k]] == C_NONE);
      end
    end
  end

  for (genvar i = 0; i < SQD; i++) begin : g_inv_sq
    always @* begin
      if (rst_ni && NW'(i) < sq_n_q) begin
        if (!sq_acc_q[i]) assert (!sq_we_q[i] && !sq_cmt_q[i]);
        if (busy_q) assert (sq_id_q[i] != result_id_o);
      end
    end
    if (i > 0) begin : g_order
      always @* if (rst_ni && NW'(i) < sq_n_q && sq_cmt_q[i]) assert (sq_cmt_q[i - 1]);
    end
    for (genvar j = i + 1; j < SQD; j++) begin : g_uniq
      always @* if (rst_ni && NW'(j) < sq_n_q) assert (sq_id_q[i] != sq_id_q[j]);
    end
  end
`endif

  // ---------------------------------------------------------------- covers (non-vacuity)
  logic f_killed_before;  // some instruction was killed earlier in the trace
  logic f_stalled;        // a result was held for at least one cycle
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      f_killed_before <= 1'b0;
      f_stalled       <= 1'b0;
    end else begin
      if (commit_valid_i && commit_kill_i) f_killed_before <= 1'b1;
      if (busy_q) f_stalled <= 1'b1;
    end
  end
  always @* begin
    if (rst_ni) begin
      cov_result_after_kill: cover (rs_start && f_killed_before);
      cov_state_exec:        cover (p_start && issue_fire && commit_valid_i && commit_kill_i);
      cov_table_full:        cover (sq_n_q == NW'(SQD));
      cov_mc_finish:         cover (p_mc_finish && f_killed_before);
      cov_cl_write:          cover (p_exec_fire && o_write);
      cov_stall_then_result: cover (rs_start && f_stalled && result_we_o);
      cov_commit_at_issue:   cover (issue_fire && commit_valid_i && !commit_kill_i && commit_id_i == issue_id_i && issue_accept_o);
    end
  end

  logic unused;
  assign unused = ^{issue_mode_i, commit_hartid_i, register_rs_i};

endmodule
