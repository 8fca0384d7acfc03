// Constant time of pqx_top, as a two-copy (miter) property: two instances of pqx_top see the same
// instruction words, handshakes, commits, kills, result back-pressure and DMA bus timing, while
// every data value is free and independent in the two copies: the operands (register_rs_i), the
// DMA's read data, and (cut points in the .sby) every unit's result data and the state S and O.
// The property: every interface signal that is not data is equal in the two copies, cycle by
// cycle: issue ready/accept/writeback/register_read, result valid/id/hartid/rd/we/dbg/err, the
// DMA's request and write enable, the clock enable. So no interface timing depends on a secret.
//
// Not compared, as the ISA says (docs/isa.md, "Constant time"): result data; the exception flag
// and code; the DMA's address and write data (addresses are the firmware's pointers, public by
// convention, and the written words are data). Stated for pairs of runs that agree on what the
// ISA makes part of the schedule: each executing instruction's exception verdict (an instruction
// that raises one does not start its unit) and the public operands below (THASH's mode, the
// polynomial slots).
//
// Proven by k-induction with an invariant: every control register (the registers left after
// the cuts, listed in the .sby) and the in-flight queue's entries but for their secret operands
// are equal in the two copies. A register that holds secret-dependent data and steers no timing
// is cut away with the data; one that steers timing is in the list, so a data-dependent schedule
// breaks a_control (the planted bug modp_early_when_zero: rtl/arith/unit.toml).
//
// Host assumptions: those of a legal CV-X-IF 1.0 host, as in formal/xif_shell (ids fresh and in
// order, a commit or kill names an instruction in flight: formal/lib/pqx_xif_host.sv), written
// over copy A's ports. Copy B's ports are equal to A's wherever the property holds, so the
// assumptions are the same for both.
`default_nettype none

module pqx_ct_top_props #(
  parameter bit Pipelined   = 0,
  parameter bit IssueBypass = 1,
  parameter int unsigned CtlW = 1   // bits of the control registers (the .sby's list)
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        issue_valid_i,
  input  logic [31:0] issue_instr_i,
  input  logic [1:0]  issue_mode_i,
  input  logic [0:0]  issue_hartid_i,
  input  logic [3:0]  issue_id_i,
  input  logic [95:0] rs_a_i,          // the operands: free in each copy
  input  logic [95:0] rs_b_i,
  input  logic [2:0]  register_rs_valid_i,
  input  logic        commit_valid_i,
  input  logic [0:0]  commit_hartid_i,
  input  logic [3:0]  commit_id_i,
  input  logic        commit_kill_i,
  input  logic        result_ready_i,
  input  logic        dma_gnt_i,
  input  logic        dma_rvalid_i,
  input  logic [31:0] dma_rdata_a_i,   // the DMA's read data: free in each copy
  input  logic [31:0] dma_rdata_b_i
);

  // ---------------------------------------------------------------- the two copies
  typedef struct packed {
    logic        issue_ready, issue_accept, issue_writeback;
    logic [2:0]  issue_register_read;
    logic        result_valid;
    logic [0:0]  result_hartid;
    logic [3:0]  result_id;
    logic [4:0]  result_rd;
    logic        result_we, result_dbg, result_err;
    logic        dma_req, dma_we;
    logic        clock_en;
  } timing_t;                          // what must be equal

  typedef struct packed {
    logic [31:0] result_data;
    logic        result_exc;
    logic [5:0]  result_exccode;
    logic [31:0] dma_addr, dma_wdata;
  } data_t;                            // what may differ

  timing_t t_a, t_b;
  data_t   d_a, d_b;
  logic    unused_data;
  assign unused_data = ^{d_a, d_b};

  pqx_top #(.Pipelined(Pipelined), .IssueBypass(IssueBypass)) u_a (
    .clk_i, .rst_ni,
    .issue_valid_i, .issue_ready_o(t_a.issue_ready), .issue_instr_i, .issue_mode_i,
    .issue_hartid_i, .issue_id_i, .issue_accept_o(t_a.issue_accept),
    .issue_writeback_o(t_a.issue_writeback), .issue_register_read_o(t_a.issue_register_read),
    .register_rs_i(rs_a_i), .register_rs_valid_i,
    .commit_valid_i, .commit_hartid_i, .commit_id_i, .commit_kill_i,
    .result_valid_o(t_a.result_valid), .result_ready_i, .result_hartid_o(t_a.result_hartid),
    .result_id_o(t_a.result_id), .result_data_o(d_a.result_data), .result_rd_o(t_a.result_rd),
    .result_we_o(t_a.result_we), .result_exc_o(d_a.result_exc),
    .result_exccode_o(d_a.result_exccode), .result_dbg_o(t_a.result_dbg),
    .result_err_o(t_a.result_err),
    .dma_req_o(t_a.dma_req), .dma_we_o(t_a.dma_we), .dma_addr_o(d_a.dma_addr),
    .dma_wdata_o(d_a.dma_wdata), .dma_gnt_i, .dma_rvalid_i, .dma_rdata_i(dma_rdata_a_i),
    .clock_en_o(t_a.clock_en)
  );

  pqx_top #(.Pipelined(Pipelined), .IssueBypass(IssueBypass)) u_b (
    .clk_i, .rst_ni,
    .issue_valid_i, .issue_ready_o(t_b.issue_ready), .issue_instr_i, .issue_mode_i,
    .issue_hartid_i, .issue_id_i, .issue_accept_o(t_b.issue_accept),
    .issue_writeback_o(t_b.issue_writeback), .issue_register_read_o(t_b.issue_register_read),
    .register_rs_i(rs_b_i), .register_rs_valid_i,
    .commit_valid_i, .commit_hartid_i, .commit_id_i, .commit_kill_i,
    .result_valid_o(t_b.result_valid), .result_ready_i, .result_hartid_o(t_b.result_hartid),
    .result_id_o(t_b.result_id), .result_data_o(d_b.result_data), .result_rd_o(t_b.result_rd),
    .result_we_o(t_b.result_we), .result_exc_o(d_b.result_exc),
    .result_exccode_o(d_b.result_exccode), .result_dbg_o(t_b.result_dbg),
    .result_err_o(t_b.result_err),
    .dma_req_o(t_b.dma_req), .dma_we_o(t_b.dma_we), .dma_addr_o(d_b.dma_addr),
    .dma_wdata_o(d_b.dma_wdata), .dma_gnt_i, .dma_rvalid_i, .dma_rdata_i(dma_rdata_b_i),
    .clock_en_o(t_b.clock_en)
  );

  // ---------------------------------------------------------------- reset
  logic f_first = 1'b1;
  always @(posedge clk_i) f_first <= 1'b0;
  always @* begin
    if (f_first) assume (!rst_ni);
    else         assume (rst_ni);
  end

  // ---------------------------------------------------------------- host assumptions
  // formal/lib/pqx_xif_host.sv, as in formal/xif_shell, over copy A's ports.
  localparam int SQD = Pipelined ? 8 : 5;       // as formal/xif_shell: the most in flight
  localparam int NW  = $clog2(SQD + 2);
  localparam int NC  = SQD + 1;

  logic                issue_fire, unused_busy, unused_rs_start, unused_tgt_any, unused_tgt_oldest;
  logic [NW-1:0]       unused_n, unused_n_d;
  logic [SQD-1:0][3:0] unused_id;
  logic [SQD-1:0]      unused_acc, unused_cmt;
  logic [SQD-1:0][0:0] unused_pl;
  logic [NC-1:0]       unused_keep, unused_c_acc, unused_c_cmt;
  logic [NC-1:0][0:0]  unused_c_pl;

  assign issue_fire = issue_valid_i && t_a.issue_ready;

  pqx_xif_host #(.D(SQD), .PW(1), .NW(NW)) u_host (
    .clk_i, .rst_ni,
    .issue_fire_i   (issue_fire),
    .issue_id_i,
    .issue_accept_i (t_a.issue_accept),
    .issue_pl_i     (1'b0),
    .result_valid_i (t_a.result_valid),
    .result_ready_i,
    .result_id_i    (t_a.result_id),
    .commit_valid_i, .commit_id_i, .commit_kill_i,
    .busy_q         (unused_busy),
    .rs_start_o     (unused_rs_start),
    .n_q            (unused_n),
    .id_q           (unused_id),
    .acc_q          (unused_acc),
    .cmt_q          (unused_cmt),
    .pl_q           (unused_pl),
    .n_d_o          (unused_n_d),
    .keep_o         (unused_keep),
    .acc_o          (unused_c_acc),
    .cmt_o          (unused_c_cmt),
    .pl_o           (unused_c_pl),
    .tgt_any_o      (unused_tgt_any),
    .tgt_oldest_o   (unused_tgt_oldest)
  );

  // ---------------------------------------------------------------- the invariant
  // Every control register of copy A equals its twin in copy B: the .sby connects the probes
  // (after `flatten`) to the registers of each copy that are left once the data is cut, but for
  // the in-flight queue (below). Unconnected they would be free and the assertion would fail, so
  // a stale list cannot pass silently. Each list starts with the constant 2'b10 (the probe's top
  // bits): Yosys fits a list of the wrong length to the probe without a word, so a_ctl_width
  // checks that the constant landed where it should.
  logic [CtlW+1:0] p_ctl_a, p_ctl_b;

  // The same operands by the decoded op, for the queue's entries (the invariant).
  function automatic logic slot_op_rs1(input pqx_pkg::op_e op);
    slot_op_rs1 = op == pqx_pkg::OpPolyNtt || op == pqx_pkg::OpPolyIntt ||
                  op == pqx_pkg::OpPolyCbd || op == pqx_pkg::OpPolyPwm;
  endfunction
  function automatic logic slot_op_rs2(input pqx_pkg::op_e op);
    slot_op_rs2 = op == pqx_pkg::OpPolyLd || op == pqx_pkg::OpPolySt || op == pqx_pkg::OpPolyPwm;
  endfunction
  // THASH: every instruction of the SLH-DSA unit but PRF and CL (the unit's own default, so
  // that an entry the decoder cannot produce is no gap in the invariant).
  function automatic logic thash_op(input pqx_pkg::dec_t d);
    thash_op = d.unit == pqx_pkg::UnitSlhdsa &&
               !(d.op == pqx_pkg::OpPrf128 || d.op == pqx_pkg::OpPrf192 || d.op == pqx_pkg::OpPrf256 ||
                 d.op == pqx_pkg::OpCl128 || d.op == pqx_pkg::OpCl192 || d.op == pqx_pkg::OpCl256);
  endfunction

  // The in-flight queue's entries (u_inflight.q_q of each copy) and, in the pipelined build, the
  // dispatch register (g_dispatch.dsp_q): equal but for the operands, and the public operands
  // (below) of such an instruction equal too.
  localparam int unsigned EW = pqx_pkg::EntryW;
  logic [4*EW-1:0] p_q_a, p_q_b;
  logic [EW-1:0]   p_dsp_a, p_dsp_b;
  if (!Pipelined) begin : g_no_dsp
    assign p_dsp_a = '0;
    assign p_dsp_b = '0;
  end
  logic [5*EW-1:0] ent_a, ent_b;
  assign ent_a = {p_dsp_a, p_q_a};
  assign ent_b = {p_dsp_b, p_q_b};
  logic [4:0]      q_ok;
  for (genvar k = 0; k < 5; k++) begin : g_q
    pqx_pkg::entry_t ea, eb;
    assign ea = ent_a[k*EW +: EW];
    assign eb = ent_b[k*EW +: EW];
    assign q_ok[k] = {ea.id, ea.accepted, ea.hartid, ea.rd, ea.dec} ==
                     {eb.id, eb.accepted, eb.hartid, eb.rd, eb.dec} &&
                     !(slot_op_rs1(ea.dec.op) && ea.rs[31:0] != eb.rs[31:0]) &&
                     !(slot_op_rs2(ea.dec.op) && ea.rs[63:32] != eb.rs[63:32]) &&
                     !(thash_op(ea.dec) && (ea.rs[63:32] == '0) != (eb.rs[63:32] == '0));
  end

  // ---------------------------------------------------------------- exceptions are data
  // An out-of-range operand raises an exception, and an instruction that raises one does not
  // start its unit (POLY_LD with an unaligned address moves nothing): the ISA makes that timing
  // depend on the operand on purpose. The property is therefore stated for two runs in which
  // each executing instruction raises the same exception verdict in both copies (docs/isa.md,
  // "Constant time"); with different verdicts the copies may differ, as the ISA says.
  logic p_exec_a, p_exc_a, p_exc_b;   // probes: u_a.exec_fire, u_a.ex_exc, u_b.ex_exc
  always @* if (rst_ni && p_exec_a) assume (p_exc_a == p_exc_b);

  // ---------------------------------------------------------------- public operands
  // Operands the ISA makes part of an instruction's schedule, equal in the two copies at the
  // issue handshake (written from the encoding tables of docs/isa.md, not from the decoder):
  //   THASH1/2_n and CHAIN_n (R 0x3B, funct3 111, funct7 0x30, 0x31, 0x3C-0x3F, 0x42-0x44): rs2 = 0
  //   selects the robust mode, 48 cycles instead of 24 (the parameter set's choice, not a secret);
  //   the polynomial unit's slot numbers (R 0x5B, funct3 000): POLY_LD/ST (funct7 0x04, 0x05)
  //   rs2, POLY_NTT/INTT/CBD (0x08, 0x09, 0x0C) rs1, POLY_PWM (0x0A) rs1 and rs2. A slot names
  //   a polynomial of the program and its modulus (slots 0-3 ML-KEM, 4-7 ML-DSA), which sets
  //   the DMA's length and the engine's passes.
  function automatic logic is_thash(input logic [31:0] w);
    is_thash = w[6:0] == 7'h3B && w[14:12] == 3'b111 &&
               (w[31:25] == 7'h30 || w[31:25] == 7'h31 || (w[31:25] >= 7'h3C && w[31:25] <= 7'h3F)
                || (w[31:25] >= 7'h42 && w[31:25] <= 7'h44));     // THASH1/2_n, CHAIN_n
  endfunction
  function automatic logic is_poly(input logic [31:0] w, input logic [6:0] f7);
    is_poly = w[6:0] == 7'h5B && w[14:12] == 3'b000 && w[31:25] == f7;
  endfunction
  logic slot_rs1, slot_rs2;
  assign slot_rs1 = is_poly(issue_instr_i, 7'h08) || is_poly(issue_instr_i, 7'h09) ||
                    is_poly(issue_instr_i, 7'h0C) || is_poly(issue_instr_i, 7'h0A);
  assign slot_rs2 = is_poly(issue_instr_i, 7'h04) || is_poly(issue_instr_i, 7'h05) ||
                    is_poly(issue_instr_i, 7'h0A);
  always @* begin
    if (rst_ni && issue_fire) begin
      if (is_thash(issue_instr_i)) assume ((rs_a_i[63:32] == '0) == (rs_b_i[63:32] == '0));
      if (slot_rs1) assume (rs_a_i[31:0] == rs_b_i[31:0]);
      if (slot_rs2) assume (rs_a_i[63:32] == rs_b_i[63:32]);
    end
  end

  // ---------------------------------------------------------------- the property
  always @* begin
    if (rst_ni) begin
      a_ctl_width: assert (p_ctl_a[CtlW+1:CtlW] == 2'b10 && p_ctl_b[CtlW+1:CtlW] == 2'b10);
      a_control: assert (p_ctl_a == p_ctl_b);
      a_queue:   assert (q_ok == '1);
      a_issue:  assert ({t_a.issue_ready, t_a.issue_accept, t_a.issue_writeback,
                         t_a.issue_register_read} ==
                        {t_b.issue_ready, t_b.issue_accept, t_b.issue_writeback,
                         t_b.issue_register_read});
      a_result: assert ({t_a.result_valid, t_a.result_hartid, t_a.result_id, t_a.result_rd,
                         t_a.result_we, t_a.result_dbg, t_a.result_err} ==
                        {t_b.result_valid, t_b.result_hartid, t_b.result_id, t_b.result_rd,
                         t_b.result_we, t_b.result_dbg, t_b.result_err});
      a_dma:    assert ({t_a.dma_req, t_a.dma_we} == {t_b.dma_req, t_b.dma_we});
      a_clock:  assert (t_a.clock_en == t_b.clock_en);
    end
  end

endmodule
