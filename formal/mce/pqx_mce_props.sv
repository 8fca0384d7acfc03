// Formal properties of the Classic McEliece unit (formal/mce/mce.sby), against definitions
// written here from docs/isa.md, not from the RTL:
//   inv      (task inv) for every 32-bit operand: GF12INV gives x inv(x) = 1 for x = rs1[11:0]
//            != 0 and inv(0) = 0, bits 31:12 of the result 0; the product in that check is the
//            interleaved shift-and-add method (a z^i mod f built one z at a time, added where
//            b_i = 1; the RTL folds a 23-bit carry-less product instead). GF12MUL and GF12SQ
//            are task mul (scripts/anf_gf12.py: SAT solvers do not finish their parity identity)
//   regs     (task regs) the unit's architectural registers (syndromes, locator, support, error
//            bitmap, matrix H, transpose store) change only in a cycle with start_i (then only the indexed
//            entry of the op's own register, with exc_o low) or mc_ack_i (MCE_BM: the locator,
//            MCE_CHIEN: the bitmap); with xif_shell's property (a) (start_i and mc_ack_i only for
//            the oldest in-flight instruction, accepted, committed and not killed): a killed or
//            rejected instruction changes none of them
//   bm / chien / minpoly / sys (tasks of those names) the fixed schedules of MCE_BM, MCE_CHIEN,
//            MCE_MINPOLY and MCE_SYS through the unit:
//            started while idle, mc_done_o rises exactly Done cycles after mc_start_i, stays high
//            until mc_ack_i and drops after it, whatever the other inputs do (k-induction)
`default_nettype none

module pqx_mce_props (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        start_i,
  input  logic [6:0]  op_i,
  input  logic [31:0] rs1_i,
  input  logic [31:0] rs2_i,
  input  logic        mc_start_i,
  input  logic        mc_ack_i
);

  localparam int unsigned M = 12;

  logic [31:0] data, mc_data;
  logic        exc, mc_done;

  pqx_mce_unit dut (
    .clk_i, .rst_ni, .start_i,
    .op_i       (pqx_pkg::op_e'(op_i)),
    .rs1_i, .rs2_i,
    .data_o     (data),
    .exc_o      (exc),
    .mc_start_i, .mc_done_o (mc_done), .mc_data_o (mc_data), .mc_ack_i
  );

  // every trace starts in reset, then stays out of it
  logic f_first = 1'b1;
  always @(posedge clk_i) f_first <= 1'b0;
  always @* begin
    if (f_first) assume (!rst_ni);
    else         assume (rst_ni);
  end

  // ---------------------------------------------------------------- definitions
  function automatic logic [M-1:0] spec_mul(logic [M-1:0] a, logic [M-1:0] b);
    logic [M-1:0] r, az;
    r  = '0;
    az = a;                                     // a z^i mod f
    for (int i = 0; i < M; i++) begin
      if (b[i]) r = r ^ az;
      az = az[M-1] ? {az[M-2:0], 1'b0} ^ 12'h009 : {az[M-2:0], 1'b0};   // z^12 = z^3 + 1
    end
    spec_mul = r;
  endfunction

`ifdef MCE_INV
  logic [M-1:0] x;
  assign x = rs1_i[M-1:0];
  always @* begin
    if (op_i == 7'(pqx_pkg::OpGf12Inv)) begin
      a_inv_range: assert (data[31:M] == '0 && !exc);
      if (x != '0) a_inv: assert (spec_mul(x, data[M-1:0]) == 12'd1);
      else         a_inv_zero: assert (data == '0);
    end
  end
`endif

`ifdef MCE_REGS
  // Probes (mce.sby connects them to the unit's registers).
  logic [4*M-1:0]  p_syn_q;
  logic [3*M-1:0]  p_sigma_q;
  logic [48*M-1:0] p_sup_q;
  logic [47:0]     p_err_q;
  logic [4095:0]   p_tr_q;
  logic [24*48-1:0] p_mat_q;
  logic [24*48-1:0] f_mat;
  logic [4*M-1:0]  f_syn;
  logic [3*M-1:0]  f_sigma;
  logic [48*M-1:0] f_sup;
  logic [47:0]     f_err;
  logic [4095:0]   f_tr;
  logic            f_start, f_ack, f_exc, f_past;
  logic [6:0]      f_op;
  logic [31:0]     f_rs1, f_rs2;

  // pqx_top never starts a single-cycle instruction in a cycle that acks a multi-cycle one
  always @* assume (!(start_i && mc_ack_i));

  always @(posedge clk_i) begin
    f_past  <= rst_ni;
    f_syn   <= p_syn_q;
    f_sigma <= p_sigma_q;
    f_sup   <= p_sup_q;
    f_err   <= p_err_q;
    f_tr    <= p_tr_q;
    f_mat   <= p_mat_q;
    f_start <= start_i;
    f_ack   <= mc_ack_i;
    f_exc   <= exc;
    f_op    <= op_i;
    f_rs1   <= rs1_i;
    f_rs2   <= rs2_i;
  end

  // which entries the previous cycle's instruction may have written
  logic quiet;
  assign quiet = !f_start && !f_ack;
  always @* begin
    if (rst_ni && f_past) begin
      if (quiet || (f_start && f_exc)) a_quiet: assert (p_syn_q == f_syn && p_sigma_q == f_sigma && p_sup_q == f_sup
                                           && p_err_q == f_err && p_tr_q == f_tr && p_mat_q == f_mat);
      if (f_start) begin
        a_err_start: assert (p_err_q == f_err);
        if (f_op != 7'(pqx_pkg::OpMceSyn))   a_syn_own:   assert (p_syn_q == f_syn);
        if (f_op != 7'(pqx_pkg::OpMceLocWr)) a_sigma_own: assert (p_sigma_q == f_sigma);
        if (f_op != 7'(pqx_pkg::OpMceSupWr)) a_sup_own:   assert (p_sup_q == f_sup);
        if (f_op != 7'(pqx_pkg::OpTrWr))     a_tr_own:    assert (p_tr_q == f_tr);
        if (f_op != 7'(pqx_pkg::OpMceRowWr)) a_mat_own:   assert (p_mat_q == f_mat);
        for (int r = 0; r < 24; r++) begin
          if (f_rs2 != 32'(2 * r) && f_rs2 != 32'(2 * r + 1)) assert (p_mat_q[r*48 +: 48] == f_mat[r*48 +: 48]);
        end
        for (int k = 0; k < 4; k++) begin
          // (unlabelled: Yosys names an assertion once, not per loop iteration)
          if (f_rs2 != 32'(k)) assert (p_syn_q[k*M +: M] == f_syn[k*M +: M]);
          else if (f_op == 7'(pqx_pkg::OpMceSyn)) assert (p_syn_q[k*M +: M] == f_rs1[M-1:0]);
        end
        for (int k = 0; k < 3; k++) begin
          if (f_rs2 != 32'(k)) assert (p_sigma_q[k*M +: M] == f_sigma[k*M +: M]);
        end
        for (int k = 0; k < 48; k++) begin
          if (f_rs2 != 32'(k)) assert (p_sup_q[k*M +: M] == f_sup[k*M +: M]);
        end
        for (int r = 0; r < 64; r++) begin
          if (f_rs2[5:0] != 6'(r)) assert (p_tr_q[r*64 +: 64] == f_tr[r*64 +: 64]);
        end
      end
      if (f_ack) a_ack_own: assert (p_syn_q == f_syn && p_sup_q == f_sup && p_tr_q == f_tr);
    end
  end
`endif

`ifdef MCE_BM
  localparam int unsigned Done = 9;         // 4t + 1 (docs/isa.md: MCE_BM latency 10)
  localparam pqx_pkg::op_e EngineOp = pqx_pkg::OpMceBm;
`endif
`ifdef MCE_MINPOLY
  localparam int unsigned Done = 6;         // 3t (docs/isa.md: MCE_MINPOLY latency 7)
  localparam pqx_pkg::op_e EngineOp = pqx_pkg::OpMceMinpoly;
`endif
`ifdef MCE_SYS
  localparam int unsigned Done = 49;        // 2 mt + 1 (docs/isa.md: MCE_SYS latency 50)
  localparam pqx_pkg::op_e EngineOp = pqx_pkg::OpMceSys;
`endif
`ifdef MCE_CHIEN
  localparam int unsigned Done = 13;        // ceil(48 / 4) + 1 (docs/isa.md: MCE_CHIEN latency 14)
  localparam pqx_pkg::op_e EngineOp = pqx_pkg::OpMceChien;
`endif

`ifdef MCE_ENGINE
  // the task's instruction is the one started; its schedule (formal/lib/pqx_schedule_props.sv)
  always @* if (mc_start_i) assume (op_i == 7'(EngineOp));
  pqx_schedule_props #(.Done(Done)) u_schedule (
    .clk_i, .rst_ni, .start_i (mc_start_i), .done_i (mc_done), .ack_i (mc_ack_i)
  );
`endif

endmodule
