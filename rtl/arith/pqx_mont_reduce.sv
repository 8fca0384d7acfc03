// PQX Montgomery reduction: the three lattice moduli on one product.
//
// Schedule: combinational. The quotient digits (all three moduli) of the product whose low
// word is on xd_i leave on digit_o; the digits of x_i come back on digit_i. The default build
// wires xd_i = x_i[31:0] and digit_i = digit_o (one cycle with the product); the pipelined
// build (pqx_arith_unit) forms the digits of one pipeline stage's product and registers them
// with it, so that the digit's constant product and the final one land in different cycles. The mode picks the
// modulus and the reference formula:
//   MontK  q = 3329,    R = 2^16: t = s16(x * 62209),    r = (x - t q) >> 16
//   MontD  q = 8380417, R = 2^32: t = s32(x * 58728449), r = (x - t q) >> 32
//   MontF  q = 12289,   R = 2^16: Falcon mq_montymul on z = x mod 2^32 (uint32):
//          w = (z * 12287 mod 2^16) q, r = ((z + w) mod 2^32 >> 16) - q, + q if < 0
// K and D are the ML-KEM/ML-DSA `montgomery_reduce` (r in (-q, q) for |x| < q R/2);
// F is in [0, q) for x < q^2. r_o is the low 32 bits of r.
`default_nettype none

module pqx_mont_reduce (
  input  pqx_pkg::mont_mode_e mode_i,
  input  logic [63:0]         x_i,       // the product reduced
  input  logic [31:0]         xd_i,      // the low word of the product whose digits are formed
  output logic [63:0]         digit_o,   // {t_d, w_digit, t_k} of xd_i
  input  logic [63:0]         digit_i,   // the digits of x_i
  output logic [31:0]         r_o
);

  // Signed Montgomery (K, D): the quotient digit t and x - t q, exact in 64 bits
  // (|x| < 2^63 - 2^55 for every product of two s32 values); q is a constant factor
  // in each, so these are shift-and-add multipliers.
  logic        [15:0] t_k;
  logic        [31:0] t_d;
  logic signed [63:0] diff_k, diff_d;
  logic signed [63:0] r_k, r_d;

  assign t_k    = digit_i[15:0];
  assign t_d    = digit_i[63:32];
  assign diff_k = $signed(x_i) - $signed({{48{t_k[15]}}, t_k}) * $signed(64'(pqx_pkg::QK));
  assign diff_d = $signed(x_i) - $signed({{32{t_d[31]}}, t_d}) * $signed(64'(pqx_pkg::QD));
  assign r_k    = diff_k >>> 16;
  assign r_d    = diff_d >>> 32;

  assign digit_o = {xd_i[31:0] * 32'd58728449,   // t_d: q^-1 mod 2^32
                    xd_i[15:0] * 16'd12287,      // w_digit: -q^-1 mod 2^16 (Falcon)
                    xd_i[15:0] * 16'd62209};     // t_k: q^-1 mod 2^16

  // Falcon mq_montymul, uint32 arithmetic throughout.
  logic [31:0] z, w, f_sum, f_sub;
  logic [15:0] w_digit;

  assign z       = x_i[31:0];
  assign w_digit = digit_i[31:16];
  assign w       = 32'(w_digit) * 32'(pqx_pkg::QF);
  assign f_sum   = (z + w) >> 16;
  assign f_sub   = f_sum - 32'(pqx_pkg::QF);

  always_comb begin
    unique case (mode_i)
      pqx_pkg::MontK: r_o = r_k[31:0];
      pqx_pkg::MontD: r_o = r_d[31:0];
      default:        r_o = f_sub + (f_sub[31] ? 32'(pqx_pkg::QF) : 32'd0);
    endcase
  end

  // r_k/r_d above bit 31 are the sign extension the 32-bit result drops.
  logic unused_bits;
  assign unused_bits = ^{r_k[63:32], r_d[63:32]};

endmodule
