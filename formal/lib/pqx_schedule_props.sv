// The fixed schedule of a multi-cycle instruction, as pqx_top drives a unit: shared by the proof
// jobs of the units with multi-cycle engines (formal/crv, formal/mce).
//
// Assumed (pqx_top's protocol): a start only while the unit is idle (neither running nor done),
// an acknowledge only while done is high. Proven: done rises exactly Done cycles after the start,
// stays high until the acknowledge and drops after it, and is low otherwise.
//
// g_cnt_q counts the cycles since the start (0: idle); g_hold_q is done waiting for its acknowledge.
`default_nettype none

module pqx_schedule_props #(
  parameter int unsigned Done = 1
) (
  input logic clk_i,
  input logic rst_ni,
  input logic start_i,
  input logic done_i,
  input logic ack_i
);

  localparam int unsigned CntW = $clog2(Done + 1);

  logic [CntW-1:0] g_cnt_q;
  logic            g_hold_q;

  always @* begin
    if (g_cnt_q != '0 || g_hold_q) assume (!start_i);
    if (!done_i) assume (!ack_i);
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      g_cnt_q  <= '0;
      g_hold_q <= 1'b0;
    end else if (start_i) begin
      g_cnt_q  <= CntW'(1);
    end else if (g_cnt_q == CntW'(Done)) begin
      g_cnt_q  <= '0;
      g_hold_q <= !ack_i;
    end else if (g_cnt_q != '0) begin
      g_cnt_q  <= g_cnt_q + 1'b1;
    end else if (ack_i) begin
      g_hold_q <= 1'b0;
    end
  end

  always @* begin
    if (rst_ni) begin
      a_done_exact: assert (done_i == (g_cnt_q == CntW'(Done) || g_hold_q));
      a_count_range: assert (g_cnt_q <= CntW'(Done));
    end
  end

endmodule
