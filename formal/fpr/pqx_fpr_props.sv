// Falcon FPR unit against definitions written here, not from pqx_fpr_unit.sv (formal/README.md).
//
// The wrapper drives pqx_fpr_unit with a free instruction and free operands in every cycle; its
// latches start in any state. Every property is combinational on the inputs, the latches and
// the next-state values the unit computes (probes), so a depth-1 induction proves it for every
// state and every input. A task (`define from the .sby) selects one group:
//
//   FPR_NORM     FPR_NORM64_EXEC, every 64-bit m and 32-bit e: shift = 63 - (index of m's top
//                bit), found by a priority loop; m != 0: m' = m << shift, bit 63 of m' set,
//                m' >> shift = m (nothing lost), e' = e - shift; m = 0: m' = 0, e' = e - 63.
//                m' is {NM next, data_o}; e' the NE next value.
//   FPR_PACK     FPR_EXEC in the reference's domain (m in [2^54, 2^55), e in [-1076, 969]) against
//                IEEE round to nearest even written with guard and sticky bits: significand
//                m[54:2] + up, up = guard && (sticky || lsb), a carry out of the significand
//                moves to the exponent; fields {s, e + 1077 (+1), fraction}, 2^1024 is the inf
//                pattern. And for every m, e: m = 0 or e < -1076 gives {s, 63'b0}.
//   FPR_LATCHES  which instruction writes which latch (the three groups are separate), the read
//                instructions, data_o = 0 for LOAD_SE and every op code outside the unit.
`default_nettype none

module pqx_fpr_props (
  input logic        clk_i,
  input logic        rst_ni,
  input logic        start_i,
  input logic [6:0]  op_raw,
  input logic [31:0] rs1_i,
  input logic [31:0] rs2_i,
  input logic [31:0] rs3_i
);

  logic init = 1'b1;
  always @(posedge clk_i) init <= 1'b0;
  always @(*) if (init) assume (!rst_ni);

  pqx_pkg::op_e op;
  assign op = pqx_pkg::op_e'(op_raw);

  logic [31:0] data;

  pqx_fpr_unit dut (
    .clk_i, .rst_ni, .start_i, .op_i(op), .rs1_i, .rs2_i, .rs3_i, .data_o(data)
  );

  // Probes (connect -set in the .sby script).
  logic        p_s_q, p_s_d, p_se_we;
  logic [31:0] p_e_q, p_e_d;
  logic [31:0] p_f_q, p_f_d;
  logic        p_f_we;
  logic [31:0] p_nm_q, p_nm_d, p_ne_q, p_ne_d;
  logic        p_n_we;

  logic [63:0] m;
  assign m = {rs2_i, rs1_i};

  always @(*) begin
`ifdef FPR_NORM
    // ---------------------------------------------------- FPR_NORM64
    begin : norm
      logic [6:0]  shift;
      logic [63:0] mn;
      shift = 7'd63;
      for (int i = 0; i < 64; i++) begin
        if (m[i]) shift = 7'(63 - i);        // the last hit is the top set bit
      end
      mn = {p_nm_d, data};
      assume (op == pqx_pkg::OpFprNorm64Exec);
      assert (p_n_we);
      if (m != 64'd0) begin
        assert (mn[63]);
        assert (mn == m << shift);
        assert (mn >> shift == m);
        assert (p_ne_d == rs3_i - {25'b0, shift});
      end else begin
        assert (mn == 64'd0);
        assert (p_ne_d == rs3_i - 32'd63);
      end
    end
`endif

`ifdef FPR_PACK
    // ---------------------------------------------------- FPR (pack, round to nearest even)
    begin : pack
      logic               guard, sticky, up;
      logic [53:0]        sig;               // 53-bit significand + carry out
      logic signed [31:0] e;
      logic [11:0]        biased;
      logic [63:0]        want, x;
      e      = $signed(p_e_q);
      x      = {p_f_d, data};
      guard  = m[1];
      sticky = m[0];
      up     = guard && (sticky || m[2]);
      sig    = {1'b0, m[54:2]} + {53'b0, up};
      // value sig 2^(e+2) = 1.f 2^(e + 54) or, on carry, 2^(e + 55); bias 1023
      biased = 12'(e + 32'sd1077) + {11'b0, sig[53]};
      want   = {p_s_q, biased[10:0], sig[53] ? 52'b0 : sig[51:0]};
      assume (op == pqx_pkg::OpFprExec);
      assert (p_f_we);
      if (m == 64'd0 || e < -32'sd1076) begin
        assert (x == {p_s_q, 63'b0});
      end else if (m[63:54] == 10'b1 && e <= 32'sd969) begin
        assert (x == want);
        assert (biased <= 12'd2047);
        if (biased == 12'd2047) assert (x[62:0] == 63'h7FF0_0000_0000_0000);   // inf
      end
    end
`endif

`ifdef FPR_LATCHES
    // ---------------------------------------------------- latch groups and read-back
    assert (p_se_we == (op == pqx_pkg::OpFprLoadSe));
    assert (p_f_we == (op == pqx_pkg::OpFprExec));
    assert (p_n_we == (op == pqx_pkg::OpFprNorm64Exec));
    if (op == pqx_pkg::OpFprLoadSe) assert (p_s_d == rs1_i[0] && p_e_d == rs2_i && data == 32'd0);
    if (op == pqx_pkg::OpFprRdhi) assert (data == p_f_q);
    if (op == pqx_pkg::OpFprNorm64Rdhi) assert (data == p_nm_q);
    if (op == pqx_pkg::OpFprNorm64Rde) assert (data == p_ne_q);
    if (op != pqx_pkg::OpFprLoadSe && op != pqx_pkg::OpFprExec && op != pqx_pkg::OpFprRdhi
        && op != pqx_pkg::OpFprNorm64Exec && op != pqx_pkg::OpFprNorm64Rdhi
        && op != pqx_pkg::OpFprNorm64Rde) assert (data == 32'd0);
`endif
  end

`ifdef FPR_LATCHES
  // A latch changes only at an edge with start_i high and its group's write enable, and then to
  // its next value; reset clears all of them.
  logic past_valid = 1'b0;
  always @(posedge clk_i) past_valid <= 1'b1;
  always @(posedge clk_i) begin
    if (past_valid && $past(rst_ni) && rst_ni) begin
      if (!$past(start_i && p_se_we)) assert (p_s_q == $past(p_s_q) && p_e_q == $past(p_e_q));
      else assert (p_s_q == $past(p_s_d) && p_e_q == $past(p_e_d));
      if (!$past(start_i && p_f_we)) assert (p_f_q == $past(p_f_q));
      else assert (p_f_q == $past(p_f_d));
      if (!$past(start_i && p_n_we)) assert (p_nm_q == $past(p_nm_q) && p_ne_q == $past(p_ne_q));
      else assert (p_nm_q == $past(p_nm_d) && p_ne_q == $past(p_ne_d));
    end
    if (past_valid && !$past(rst_ni)) begin
      assert (!p_s_q && p_e_q == '0 && p_f_q == '0 && p_nm_q == '0 && p_ne_q == '0);
    end
  end
`endif

endmodule
