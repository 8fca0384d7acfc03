// PQX Barrett unit: reductions by a constant with a quotient estimate.
//
// Schedule: combinational. The quotient estimates (all modes) of the operand on ae_i leave on
// t_o; the estimates of a_i come back on t_i. The default build wires ae_i = a_i and t_i = t_o
// (one cycle); the pipelined build (pqx_arith_unit) forms the estimates of one pipeline
// stage's operand and registers them with it, so that the estimate's constant product and the
// remainder's land in different cycles. Each estimate is carried in the width its range needs for every
// 33-bit a (|t_k| < 2^21, |t_d| <= 2^9, |t_hN| < 2^18), so nothing is lost. All modes compute
//   t = (v * a + rnd) >> s,   r = a - t q,   and r - q if the mode corrects and r >= q
// on the exact signed value a (33 bits: s32 operands, or u32 for HQC):
//   BarK     ML-KEM barrett_reduce: v = 20159, s = 26, rnd = 2^25, q = 3329
//   BarD     ML-DSA reduce32:       v = 1,     s = 23, rnd = 2^22, q = 8380417
//   BarHqcN  a mod N (a unsigned):  v = floor(2^32 / N), s = 32, rnd = 0, then one
//            correction (the estimate is floor(a/N) or one less for a < 2^32)
`default_nettype none

module pqx_barrett (
  input  pqx_pkg::barrett_mode_e mode_i,
  input  logic signed [32:0]     a_i,   // the operand reduced
  input  logic signed [32:0]     ae_i,  // the operand whose estimates are formed
  output logic [87:0]            t_o,   // {t_h5 18, t_h3 18, t_h1 19, t_d 11, t_k 22} of ae_i
  input  logic [87:0]            t_i,   // the estimates of a_i
  output logic [31:0]            r_o
);

  // One quotient estimate and remainder per mode, each with constant factors only
  // (shift-and-add multipliers); the mode selects among them.
  logic signed [63:0] a;
  logic signed [63:0] t_k, t_d, t_h1, t_h3, t_h5;
  logic signed [63:0] r_k, r_d, r_h1, r_h3, r_h5;
  logic signed [63:0] t, r, n, r_corr;
  logic               correct;

  logic signed [63:0] ae;
  logic signed [63:0] e_k, e_d, e_h1, e_h3, e_h5;   // the estimates of ae_i, formed here

  assign a    = $signed({{31{a_i[32]}}, a_i});
  assign ae   = $signed({{31{ae_i[32]}}, ae_i});
  assign e_k  = (ae * 64'sd20159 + (64'sd1 <<< 25)) >>> 26;
  assign e_d  = (ae + (64'sd1 <<< 22)) >>> 23;
  assign e_h1 = (ae * 64'sd243079) >>> 32;   // floor(2^32 / 17669)
  assign e_h3 = (ae * 64'sd119800) >>> 32;   // floor(2^32 / 35851)
  assign e_h5 = (ae * 64'sd74517) >>> 32;    // floor(2^32 / 57637)
  assign t_o  = {e_h5[17:0], e_h3[17:0], e_h1[18:0], e_d[10:0], e_k[21:0]};

  // the estimates used (t_i), sign-extended back
  assign t_k  = 64'($signed(t_i[21:0]));
  assign t_d  = 64'($signed(t_i[32:22]));
  assign t_h1 = 64'($signed(t_i[51:33]));
  assign t_h3 = 64'($signed(t_i[69:52]));
  assign t_h5 = 64'($signed(t_i[87:70]));
  assign r_k  = a - t_k * 64'sd3329;
  assign r_d  = a - t_d * 64'sd8380417;
  assign r_h1 = a - t_h1 * 64'sd17669;
  assign r_h3 = a - t_h3 * 64'sd35851;
  assign r_h5 = a - t_h5 * 64'sd57637;

  always_comb begin
    correct = 1'b1;
    unique case (mode_i)
      pqx_pkg::BarK:    begin t = t_k;  r = r_k;  n = 64'(pqx_pkg::QK);    correct = 1'b0; end
      pqx_pkg::BarD:    begin t = t_d;  r = r_d;  n = 64'sd8380417; correct = 1'b0; end
      pqx_pkg::BarHqc1: begin t = t_h1; r = r_h1; n = 64'sd17669; end
      pqx_pkg::BarHqc3: begin t = t_h3; r = r_h3; n = 64'sd35851; end
      default:          begin t = t_h5; r = r_h5; n = 64'sd57637; end
    endcase
  end

  assign r_corr = r - n;
  assign r_o    = (correct && r >= n) ? r_corr[31:0] : r[31:0];

  // Bits above 31 are the sign extension (K, D) or zero (HQC) the 32-bit result drops.
  logic unused_bits;
  assign unused_bits = ^{r[63:32], r_corr[63:32], t, e_k[63:22], e_d[63:11], e_h1[63:19],
                         e_h3[63:18], e_h5[63:18]};

endmodule
