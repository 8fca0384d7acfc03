// PQX polynomial unit: modular multiply-add r = (a b + c) mod Q for a constant modulus Q.
//
// Schedule: combinational. Barrett reduction with the shift K = 2 W + 2 (W = bits of Q):
// the estimate t = floor(x floor(2^K / Q) / 2^K) of x = a b + c is floor(x / Q) or one less for
// every x < 2^(2W) + Q (the error x / 2^K is below 1/4), so one conditional subtraction
// finishes. Operands must be below Q (the engine only feeds reduced values); formal
// `poly:mulmod_k/d` proves r against the definition.
`default_nettype none

module pqx_poly_mulmod #(
  parameter int unsigned Q = 3329
) (
  input  logic [23:0] a_i,
  input  logic [23:0] b_i,
  input  logic [23:0] c_i,
  output logic [23:0] r_o
);

  localparam int unsigned W = $clog2(Q);
  localparam int unsigned K = 2 * W + 2;
  localparam logic [63:0] M = (64'd1 << K) / 64'(Q);
  localparam int unsigned XW = 2 * W + 1;           // x < 2^(2W) + Q < 2^(2W+1)
  localparam int unsigned MW = K - W + 1;           // M < 2^(K - W + 1)

  logic [XW-1:0]    x;
  logic [XW+MW-1:0] prod;
  logic [XW-1:0]    t;
  logic [XW-1:0]    r;

  assign x    = XW'(a_i[W-1:0]) * XW'(b_i[W-1:0]) + XW'(c_i[W-1:0]);
  assign prod = (XW+MW)'(x) * (XW+MW)'(M[MW-1:0]);
  assign t    = XW'(prod >> K);
  assign r    = x - t * XW'(Q);
  assign r_o  = 24'(r >= XW'(Q) ? r - XW'(Q) : r);

  // a_i, b_i, c_i are below Q: their bits from W up are zero by the engine's invariant.
  logic unused_high;
  assign unused_high = ^{a_i[23:W], b_i[23:W], c_i[23:W]};

endmodule
