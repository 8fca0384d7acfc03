// Lemma for property (a) of the CV-X-IF shell proof (task `state` of xif_shell.sby): the state
// unit alone, with free inputs. S and O have two kinds of writers: the unit's own instructions
// (start_i with LOAD, KABSORB, KINIT, OWRITE) and the word write ports (s_wmask_i/o_wmask_i) through
// which pqx_top stores the results of KSTART, KPERM, THASH, PRF and CL. For every word w:
//   * S[w] changes only if start_i with LOAD/KABSORB/KINIT or s_wmask_i[w]; O[w] only if start_i
//     with KINIT/OWRITE or o_wmask_i[w];
//   * a set mask bit stores that word of the write data;
//   * LOAD / KABSORB with i > 48 change nothing; with i <= 48 they change S[i] and S[i+1] only
//     (LOAD: rs1, rs2; KABSORB: xor) and never O; KINIT clears S and O; OWRITE with rs2 > 49
//     changes nothing, with rs2 <= 49 it sets O[rs2] = rs1 only and never S.
// Assumed: start_i and the write ports are never active in the same cycle (pqx_top: the ports
// write only at mc_finish or for CL, never with a state-unit start; keccak_top proves it).
// Stated on the unit's next-state values s_d/o_d against s_q/o_q in the same cycle (the
// registers load s_d/o_d at every clock edge out of reset), so the proof is combinational
// (depth 1); one set of assertions per word, with constant indices (all 50 in `state`, ~3 min;
// words 46-49 in `state_edge`, the cheap form CI runs). The top-level tasks cut S/O
// away and prove instead that start_i and the write ports are active only for the oldest in-flight
// instruction when it is accepted, committed and not killed; together: a killed or rejected
// instruction never changes S or O.
`default_nettype none

module pqx_state_unit_props #(
  parameter int WordLo = 0,    // the words checked (task `state`: all; `state_edge`: the top
  parameter int WordHi = 49    // words, where the LOAD/KABSORB bound i <= 48 matters)
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic          start_i,
  input  logic [6:0]    op_i,
  input  logic [31:0]   rs1_i,
  input  logic [31:0]   rs2_i,
  input  logic [31:0]   rs3_i,
  input  logic [49:0]   s_wmask_i,
  input  logic [1599:0] s_wdata_i,
  input  logic [49:0]   o_wmask_i,
  input  logic [1599:0] o_wdata_i
);

  logic [31:0]   data;
  logic        exc;
  logic [1599:0] s_flat, o_flat;

  pqx_state_unit dut (
    .clk_i, .rst_ni,
    .start_i,
    .op_i    (pqx_pkg::op_e'(op_i)),
    .rs1_i, .rs2_i, .rs3_i,
    .data_o  (data),
    .exc_o   (exc),
    .s_o     (s_flat),
    .o_o     (o_flat),
    .s_wmask_i, .s_wdata_i, .o_wmask_i, .o_wdata_i
  );

  // Probes, connected by the .sby script to dut.{s_q,s_d,o_q,o_d} (s_d/o_d are what the
  // registers load at the next clock edge).
  logic [1599:0] p_s_q, p_s_d, p_o_q, p_o_d;

  always @* assume (!(start_i && (s_wmask_i != '0 || o_wmask_i != '0)));

  logic       is_load, is_kabsorb, is_kinit, is_owrite, pair_ok;
  logic [5:0] i;
  assign is_load    = start_i && op_i == pqx_pkg::OpLoad;
  assign is_kabsorb = start_i && op_i == pqx_pkg::OpKabsorb;
  assign is_kinit   = start_i && op_i == pqx_pkg::OpKinit;
  assign is_owrite  = start_i && op_i == pqx_pkg::OpOwrite;
  assign i          = rs3_i[5:0];
  assign pair_ok    = i <= 6'd48;

  for (genvar w = WordLo; w <= WordHi; w++) begin : g_word
    logic [31:0] s_now, s_nxt, o_now, o_nxt;
    assign s_now = p_s_q[w * 32 +: 32];
    assign s_nxt = p_s_d[w * 32 +: 32];
    assign o_now = p_o_q[w * 32 +: 32];
    assign o_nxt = p_o_d[w * 32 +: 32];
    // (unlabelled: Yosys does not scope assertion labels by generate block)
    always @* begin
      // who may write
      if (!(is_load || is_kabsorb || is_kinit) && !s_wmask_i[w]) assert (s_nxt == s_now);
      if (!is_kinit && !is_owrite && !o_wmask_i[w]) assert (o_nxt == o_now);
      // what the write ports store
      if (s_wmask_i[w]) assert (s_nxt == s_wdata_i[w * 32 +: 32]);
      if (o_wmask_i[w]) assert (o_nxt == o_wdata_i[w * 32 +: 32]);
      // what the unit's own instructions store
      if (is_load || is_kabsorb) begin
        if (!pair_ok || (i != 6'(w) && i + 6'd1 != 6'(w)))
          assert (s_nxt == s_now);
        else if (i == 6'(w))
          assert (s_nxt == (is_load ? rs1_i : s_now ^ rs1_i));
        else
          assert (s_nxt == (is_load ? rs2_i : s_now ^ rs2_i));
      end
      if (is_kinit) assert (s_nxt == 32'd0 && o_nxt == 32'd0);
      if (is_owrite)
        assert (o_nxt == (rs2_i == 32'(w) ? rs1_i : o_now) && s_nxt == s_now);
    end
  end

  logic unused;
  assign unused = ^{clk_i, rst_ni, data, exc, s_flat, o_flat, rs3_i[31:6]};

endmodule
