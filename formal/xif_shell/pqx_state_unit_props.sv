// Lemma for property (a) of the CV-X-IF shell proof (task `state` of xif_shell.sby): the state
// unit alone, with free inputs.
//   * S and O change only at the end of a cycle with start_i and op LOAD, KABSORB or KINIT;
//   * LOAD / KABSORB with i > 48 change nothing; with i <= 48 they change S[i] and S[i+1] only
//     (LOAD: rs1, rs2; KABSORB: xor) and never O; KINIT clears S and O.
// Stated on the unit's next-state values s_d/o_d against s_q/o_q in the same cycle (the
// registers load s_d/o_d at every clock edge out of reset), so the proof is combinational
// (depth 1); one set of assertions per word, with constant indices. The top-level tasks cut S/O away and prove instead that start_i happens only for the
// oldest in-flight instruction when it is committed and not killed; together: a killed
// instruction never changes S or O.
`default_nettype none

module pqx_state_unit_props (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        start_i,
  input  logic [6:0]  op_i,
  input  logic [31:0] rs1_i,
  input  logic [31:0] rs2_i,
  input  logic [31:0] rs3_i
);

  logic [31:0] data;
  logic        exc;

  pqx_state_unit dut (
    .clk_i, .rst_ni,
    .start_i,
    .op_i    (pqx_pkg::op_e'(op_i)),
    .rs1_i, .rs2_i, .rs3_i,
    .data_o  (data),
    .exc_o   (exc)
  );

  // Probes, connected by the .sby script to dut.{s_q,s_d,o_q,o_d} (S is not observable at the
  // ports, and s_d/o_d are what the registers load at the next clock edge).
  logic [1599:0] p_s_q, p_s_d, p_o_q, p_o_d;

  logic       is_load, is_kabsorb, is_kinit, pair_ok;
  logic [5:0] i;
  assign is_load    = start_i && op_i == pqx_pkg::OpLoad;
  assign is_kabsorb = start_i && op_i == pqx_pkg::OpKabsorb;
  assign is_kinit   = start_i && op_i == pqx_pkg::OpKinit;
  assign i          = rs3_i[5:0];
  assign pair_ok    = i <= 6'd48;

  for (genvar w = 0; w < 50; w++) begin : g_word
    logic [31:0] s_now, s_nxt, o_now, o_nxt;
    assign s_now = p_s_q[w * 32 +: 32];
    assign s_nxt = p_s_d[w * 32 +: 32];
    assign o_now = p_o_q[w * 32 +: 32];
    assign o_nxt = p_o_d[w * 32 +: 32];
    // (unlabelled: Yosys does not scope assertion labels by generate block)
    always @* begin
      if (!(is_load || is_kabsorb || is_kinit)) assert (s_nxt == s_now && o_nxt == o_now);
      if (is_load || is_kabsorb) begin
        assert (o_nxt == o_now);
        if (!pair_ok || (i != 6'(w) && i + 6'd1 != 6'(w)))
          assert (s_nxt == s_now);
        else if (i == 6'(w))
          assert (s_nxt == (is_load ? rs1_i : s_now ^ rs1_i));
        else
          assert (s_nxt == (is_load ? rs2_i : s_now ^ rs2_i));
      end
      if (is_kinit) assert (s_nxt == 32'd0 && o_nxt == 32'd0);
    end
  end

  logic unused;
  assign unused = ^{clk_i, rst_ni, data, exc, rs3_i[31:6]};

endmodule
