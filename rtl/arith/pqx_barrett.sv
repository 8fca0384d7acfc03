// PQX Barrett unit: reductions by a constant with a quotient estimate.
//
// Schedule: purely combinational, one cycle. All modes compute
//   t = (v * a + rnd) >> s,   r = a - t q,   and r - q if the mode corrects and r >= q
// on the exact signed value a (33 bits: s32 operands, or u32 for HQC):
//   BarK     ML-KEM barrett_reduce: v = 20159, s = 26, rnd = 2^25, q = 3329
//   BarD     ML-DSA reduce32:       v = 1,     s = 23, rnd = 2^22, q = 8380417
//   BarHqcN  a mod N (a unsigned):  v = floor(2^32 / N), s = 32, rnd = 0, then one
//            correction (the estimate is floor(a/N) or one less for a < 2^32)
`default_nettype none

module pqx_barrett (
  input  pqx_pkg::barrett_mode_e mode_i,
  input  logic signed [32:0]     a_i,
  output logic [31:0]            r_o
);

  logic        [17:0] v;
  logic        [5:0]  s;
  logic        [22:0] q;
  logic signed [63:0] rnd;
  logic               correct;

  always_comb begin
    correct = 1'b0;
    unique case (mode_i)
      pqx_pkg::BarK:    begin v = 18'd20159; s = 6'd26; rnd = 64'sd1 <<< 25; q = 23'(pqx_pkg::QK); end
      pqx_pkg::BarD:    begin v = 18'd1;     s = 6'd23; rnd = 64'sd1 <<< 22; q = 23'(pqx_pkg::QD); end
      pqx_pkg::BarHqc1: begin v = 18'd243079; s = 6'd32; rnd = '0; q = 23'd17669; correct = 1'b1; end
      pqx_pkg::BarHqc3: begin v = 18'd119800; s = 6'd32; rnd = '0; q = 23'd35851; correct = 1'b1; end
      default:          begin v = 18'd74517;  s = 6'd32; rnd = '0; q = 23'd57637; correct = 1'b1; end
    endcase
  end

  logic signed [63:0] a, v_s, q_s, t, r, r_corr;

  assign a      = $signed({{31{a_i[32]}}, a_i});
  assign v_s    = $signed({46'b0, v});
  assign q_s    = $signed({41'b0, q});
  assign t      = (a * v_s + rnd) >>> s;
  assign r      = a - t * q_s;
  assign r_corr = r - q_s;
  assign r_o    = (correct && r >= q_s) ? r_corr[31:0] : r[31:0];

  // Bits above 31 are the sign extension (K, D) or zero (HQC) the 32-bit result drops.
  logic unused_bits;
  assign unused_bits = ^{r[63:32], r_corr[63:32]};

endmodule
