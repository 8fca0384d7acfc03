// PQX sampling unit: centred binomial sampling on raw random bits, the rejection checks of
// ML-DSA's uniform and bounded samplers, and the ExpandMask coefficient unpacking.
//
// Schedule: purely combinational, no clock and no state. Every instruction takes one cycle:
// data_o and exc_o follow op_i/rs1_i/rs2_i in the same cycle (the dispatch stage registers
// them). An op_i outside the sampling instructions gives data_o = 0, exc_o = 0.
//
//   CBDeta  (eta = 1..4)  j = rs2[4:0], x = rs1[2 eta j +: eta], y = rs1[2 eta j + eta +: eta]
//           rd = popcount(x) - popcount(y), sign-extended (FIPS 203 SamplePolyCBD on raw bits;
//           the popcounts are done here). 2 eta (j + 1) > 32 (the slice leaves rs1) raises exc_o
//           with data_o = 0.
//   REJ_UNIFORM  c = rs1[22:0] (FIPS 204 CoeffFromThreeBytes): c < q ? {1, 8'b0, c} : 0
//   REJ_ETA2     nib = rs2[0] ? rs1[7:4] : rs1[3:0] (FIPS 204 CoeffFromHalfByte, eta = 2):
//                nib < 15 ? {1, s31(2 - nib mod 5)} : 0
//   REJ_ETA4     as REJ_ETA2, eta = 4: nib < 9 ? {1, s31(4 - nib)} : 0 (nib 8 gives -4)
//   UNPACK_Z17   raw = (rs1 >> 2 rs2[1:0])[17:0]: rd = 2^17 - raw (ExpandMask, gamma1 = 2^17)
//   UNPACK_Z19   raw = (rs1 >> 4 rs2[0])[19:0]:   rd = 2^19 - raw (gamma1 = 2^19)
//
// Bit 31 of a rejection result is the valid flag; s31(v) is v as a 31-bit two's complement
// number in bits 30:0. The UNPACK results are 32-bit two's complement in (-gamma1, gamma1].
// Operand bits not named above are ignored.
`default_nettype none

module pqx_sampler_unit (
  input  pqx_pkg::op_e op_i,
  input  logic [31:0]  rs1_i,
  input  logic [31:0]  rs2_i,
  output logic [31:0]  data_o,
  output logic         exc_o
);

  function automatic logic [2:0] popcount4(logic [3:0] v);
    popcount4 = 3'(v[0]) + 3'(v[1]) + 3'(v[2]) + 3'(v[3]);
  endfunction

  // ---------------------------------------------------------------- CBD
  logic        cbd_op;
  logic [2:0]  cbd_eta;     // 1..4
  logic [3:0]  cbd_mask;    // the low eta bits
  logic [4:0]  cbd_j;
  logic [8:0]  cbd_lo;      // first bit of the slice: 2 eta j
  logic [8:0]  cbd_end;     // one past its last bit:  2 eta (j + 1)
  logic [31:0] cbd_bits;    // rs1 >> 2 eta j
  logic [3:0]  cbd_x, cbd_y;
  logic [3:0]  cbd_diff;    // popcount(x) - popcount(y), in [-4, 4]
  logic        cbd_exc;

  always_comb begin
    cbd_op   = 1'b1;
    cbd_eta  = 3'd1;
    cbd_mask = 4'b0001;
    unique case (op_i)
      pqx_pkg::OpCbd1: ;
      pqx_pkg::OpCbd2: begin cbd_eta = 3'd2; cbd_mask = 4'b0011; end
      pqx_pkg::OpCbd3: begin cbd_eta = 3'd3; cbd_mask = 4'b0111; end
      pqx_pkg::OpCbd4: begin cbd_eta = 3'd4; cbd_mask = 4'b1111; end
      default:         cbd_op = 1'b0;
    endcase
  end

  // 2 eta j as shifts and one addition (a multiplier here was the unit's critical path)
  assign cbd_j       = rs2_i[4:0];
  assign cbd_lo      = (cbd_eta[0] ? 9'({cbd_j, 1'b0}) : 9'd0) + (cbd_eta[1] ? 9'({cbd_j, 2'b0}) : 9'd0)
                     + (cbd_eta[2] ? 9'({cbd_j, 3'b0}) : 9'd0);
  assign cbd_end     = cbd_lo + 9'({cbd_eta, 1'b0});
  assign cbd_exc     = cbd_end > 9'd32;
  assign cbd_bits    = rs1_i >> cbd_lo;
  assign cbd_x       = cbd_bits[3:0] & cbd_mask;
  assign cbd_y       = 4'(cbd_bits >> cbd_eta) & cbd_mask;
  assign cbd_diff    = {1'b0, popcount4(cbd_x)} - {1'b0, popcount4(cbd_y)};

  // ---------------------------------------------------------------- rejection checks
  logic [22:0] rej_c;
  logic        rej_c_ok;
  logic [3:0]  rej_nib;
  logic [3:0]  rej_nib_mod5;
  logic [2:0]  rej_eta2;    // 2 - nib mod 5, in [-2, 2]
  logic [3:0]  rej_eta4;    // 4 - nib, in [-4, 4] for nib < 9

  assign rej_c    = rs1_i[22:0];
  assign rej_c_ok = rej_c < 23'(pqx_pkg::QD);
  assign rej_nib  = rs2_i[0] ? rs1_i[7:4] : rs1_i[3:0];

  always_comb begin
    if (rej_nib >= 4'd10)     rej_nib_mod5 = rej_nib - 4'd10;
    else if (rej_nib >= 4'd5) rej_nib_mod5 = rej_nib - 4'd5;
    else                      rej_nib_mod5 = rej_nib;
  end

  assign rej_eta2 = 3'd2 - rej_nib_mod5[2:0];
  assign rej_eta4 = 4'd4 - rej_nib;

  // ---------------------------------------------------------------- z unpacking
  logic [17:0] z17_raw;
  logic [19:0] z19_raw;

  assign z17_raw = 18'(rs1_i >> {rs2_i[1:0], 1'b0});
  assign z19_raw = 20'(rs1_i >> {rs2_i[0], 2'b00});

  // ---------------------------------------------------------------- result
  always_comb begin
    data_o = '0;
    exc_o  = 1'b0;
    if (cbd_op) begin
      if (cbd_exc) exc_o  = 1'b1;
      else         data_o = {{28{cbd_diff[3]}}, cbd_diff};
    end else begin
      unique case (op_i)
        pqx_pkg::OpRejUniform: if (rej_c_ok)           data_o = {1'b1, 8'b0, rej_c};
        pqx_pkg::OpRejEta2:    if (rej_nib < 4'd15)    data_o = {1'b1, {28{rej_eta2[2]}}, rej_eta2};
        pqx_pkg::OpRejEta4:    if (rej_nib < 4'd9)     data_o = {1'b1, {27{rej_eta4[3]}}, rej_eta4};
        pqx_pkg::OpUnpackZ17:  data_o = 32'(1 << 17) - 32'(z17_raw);
        pqx_pkg::OpUnpackZ19:  data_o = 32'(1 << 19) - 32'(z19_raw);
        default: ;
      endcase
    end
  end

  // rs2 carries only j (CBD), the nibble select (REJ_ETA*) and the shift (UNPACK).
  logic unused_bits;
  assign unused_bits = ^{rs2_i[31:5], rej_nib_mod5[3]};

endmodule
