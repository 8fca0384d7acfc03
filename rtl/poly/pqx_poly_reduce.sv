// PQX polynomial unit: r = x mod Q of an unsigned IW-bit word, for the DMA's loads (a word
// from host memory may hold any value; a slot holds only coefficients below q).
//
// Schedule: combinational. Barrett with the shift K = IW: the estimate t = floor(x M / 2^K),
// M = floor(2^K / Q), is floor(x / Q) or one less (x / Q - x M / 2^K < x / 2^K < 1), so one
// conditional subtraction finishes. For Q = 3329, IW = 16: M = 19; for Q = 8380417, IW = 32:
// M = 512 (t = x >> 23). Formal `poly:reduce_k/d` proves r = x mod Q for every x.
`default_nettype none

module pqx_poly_reduce #(
  parameter int unsigned Q  = 3329,
  parameter int unsigned IW = 16
) (
  input  logic [IW-1:0] x_i,
  output logic [23:0]   r_o
);

  localparam logic [63:0] M  = (64'd1 << IW) / 64'(Q);
  localparam int unsigned MW = $clog2(M + 1);
  localparam int unsigned W  = $clog2(Q) + 1;        // r < 2 Q before the subtraction

  localparam logic [IW-1:0] QI = IW'(Q);
  localparam logic [W-1:0]  QW = W'(Q);

  logic [IW+MW-1:0] prod;
  logic [IW-1:0]    t;
  logic [IW-1:0]    d;
  logic [W-1:0]     r, r_sub;

  assign prod  = (IW+MW)'(x_i) * (IW+MW)'(M[MW-1:0]);
  assign t     = IW'(prod >> IW);
  assign d     = x_i - t * QI;
  assign r     = d[W-1:0];
  assign r_sub = r - QW;
  assign r_o   = 24'(r >= QW ? r_sub : r);

  // x - t Q < 2 Q: the bits of d above W are zero.
  logic unused_high;
  assign unused_high = ^d[IW-1:W];

endmodule
