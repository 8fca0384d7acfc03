// PQX systematic-form engine (MCE_SYS): the reduction of Classic McEliece key generation's
// parity-check matrix H (mt x n over GF(2), here 24 x 48) to the systematic form (I_mt | T) by
// Gauss-Jordan elimination; T is the public key. The first mt columns must be invertible (no
// column swaps, the non-"f" parameter sets), otherwise the key is rejected.
//
// Schedule: fixed, 2 mt + 1 cycles from start_i to done_o, the same for a rejected matrix.
//   start   the working copy W = rows_i                                            (cycle 0)
//   per column c = 0 .. mt-1, two cycles:
//     Pivot row c ^= row k for k = c+1 .. mt-1 in order while W[c][c] = 0 (the reference's
//           constant-time pivot search); W[c][c] still 0: not systematic (ok cleared)
//     Elim  row k ^= row c for every k != c with W[k][c] = 1
//   done    done_o until ack_i; ok_o, and rows_o = W (= (I | T) when ok_o). The unit copies
//           rows_o into its matrix at ack_i when ok_o, and keeps the matrix otherwise.
// Row r is bits [n r +: n] of the flat vectors, bit j of a row column j.
`default_nettype none

module pqx_mce_systematic #(
  parameter int unsigned Rows = pqx_mce_pkg::M * pqx_mce_pkg::T,
  parameter int unsigned Cols = pqx_mce_pkg::N
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic                 start_i,
  input  logic [Rows*Cols-1:0] rows_i,
  output logic                 done_o,
  output logic                 ok_o,
  output logic [Rows*Cols-1:0] rows_o,
  input  logic                 ack_i
);

  localparam int unsigned Steps = 2 * Rows;
  localparam int unsigned StepW = $clog2(Steps + 1);
  localparam int unsigned ColW  = $clog2(Rows);

  logic [Rows*Cols-1:0] w_q, w_d;
  logic                 ok_q;
  logic [StepW-1:0]     step;
  logic                run;

  // start / run / done (rtl/pqx_step_counter.sv): steps 0 .. Steps - 1, then done until ack_i
  pqx_step_counter #(.StepW(StepW)) u_steps (
    .clk_i, .rst_ni, .start_i, .last_i (StepW'(Steps - 1)), .ack_i,
    .run_o (run), .step_o (step), .done_o
  );

  logic [ColW-1:0]      c;                  // the column of this step
  logic                 pivot_step;

  assign c          = ColW'(step >> 1);
  assign pivot_step = !step[0];

  logic [Cols-1:0] prow;                    // row c during the pivot search
  logic            piv_zero;
  always_comb begin
    w_d      = w_q;
    prow     = '0;
    piv_zero = 1'b0;
    if (!run) begin
      // idle: nothing to compute (and a simulator skips the row loops)
    end else if (pivot_step) begin
      for (int r = 0; r < int'(Rows); r++) begin
        if (r == int'(c)) prow = w_q[r*Cols +: Cols];
      end
      for (int k = 0; k < int'(Rows); k++) begin
        if (k > int'(c) && !prow[int'(c)]) prow = prow ^ w_q[k*Cols +: Cols];
      end
      piv_zero = !prow[int'(c)];
      for (int r = 0; r < int'(Rows); r++) begin
        if (r == int'(c)) w_d[r*Cols +: Cols] = prow;
      end
    end else begin
      for (int r = 0; r < int'(Rows); r++) begin
        if (r == int'(c)) prow = w_q[r*Cols +: Cols];
      end
      for (int k = 0; k < int'(Rows); k++) begin
        if (k != int'(c) && w_q[k*Cols + int'(c)]) w_d[k*Cols +: Cols] = w_q[k*Cols +: Cols] ^ prow;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      w_q    <= '0;
      ok_q   <= 1'b0;
    end else if (start_i) begin
      w_q    <= rows_i;
      ok_q   <= 1'b1;
    end else if (run) begin
      w_q    <= w_d;
      if (piv_zero) ok_q <= 1'b0;
    end
  end

  assign ok_o   = ok_q;
  assign rows_o = w_q;

endmodule
