// Sampling instructions against their definitions, for every operand (formal/README.md).
//
// pqx_sampler_unit is combinational; the properties restate each instruction from the
// FIPS text with a different construction (bit sums by a loop over the slice, the
// rejection bounds as integer comparisons, the unpacking as a subtraction of a masked
// shift) and compare for all rs1, rs2 and every op. A depth-1 proof is a proof for all
// inputs.
`default_nettype none

module pqx_sampler_props (
  input logic [6:0]  op_raw,
  input logic [31:0] rs1_i,
  input logic [31:0] rs2_i
);

  pqx_pkg::op_e op;
  logic [31:0]  data;
  logic         exc;
  assign op = pqx_pkg::op_e'(op_raw);

  pqx_sampler_unit dut (.op_i(op), .rs1_i, .rs2_i, .data_o(data), .exc_o(exc));

  // CBD_eta (FIPS 203 SamplePolyCBD, one coefficient j of a 32-bit word of raw bits):
  // x = sum of bits 2 eta j .. 2 eta j + eta - 1, y = the next eta bits, rd = x - y;
  // the slice must lie inside the word.
  function automatic logic signed [31:0] cbd_spec(int eta, logic [31:0] w, int j);
    int x, y;
    x = 0;
    y = 0;
    for (int k = 0; k < 4; k++) begin
      if (k < eta) begin
        x = x + int'(w[(2 * eta * j + k) % 32]);
        y = y + int'(w[(2 * eta * j + eta + k) % 32]);
      end
    end
    cbd_spec = x - y;
  endfunction

  logic signed [31:0] want;
  logic [3:0]         nib;
  int                 eta, j;

  always @(*) begin
    j   = int'(rs2_i[4:0]);
    nib = rs2_i[0] ? rs1_i[7:4] : rs1_i[3:0];
    eta = (op == pqx_pkg::OpCbd1) ? 1 : (op == pqx_pkg::OpCbd2) ? 2 : (op == pqx_pkg::OpCbd3) ? 3 : 4;
    want = '0;

    if (op == pqx_pkg::OpCbd1 || op == pqx_pkg::OpCbd2 || op == pqx_pkg::OpCbd3
        || op == pqx_pkg::OpCbd4) begin
      if (2 * eta * (j + 1) > 32) begin
        assert (exc && data == 32'd0);
      end else begin
        want = cbd_spec(eta, rs1_i, j);
        assert (!exc && data == want);
      end
    end else begin
      assert (!exc);
    end

    // REJ_UNIFORM (FIPS 204 CoeffFromThreeBytes: bit 23 dropped, accept below q)
    if (op == pqx_pkg::OpRejUniform) begin
      if ({9'b0, rs1_i[22:0]} < 32'd8380417) assert (data == {1'b1, 8'b0, rs1_i[22:0]});
      else                                   assert (data == 32'd0);
    end
    // REJ_ETA2 (CoeffFromHalfByte, eta = 2): accept nib < 15, value 2 - (nib mod 5)
    if (op == pqx_pkg::OpRejEta2) begin
      if (nib < 4'd15) begin
        want = 32'sd2 - 32'(nib % 4'd5);
        assert (data[31] && data[30:0] == want[30:0] && $signed(data[30:0]) >= -31'sd2
                && $signed(data[30:0]) <= 31'sd2);
      end else assert (data == 32'd0);
    end
    // REJ_ETA4: accept nib < 9, value 4 - nib (nib = 8 gives -4)
    if (op == pqx_pkg::OpRejEta4) begin
      if (nib < 4'd9) begin
        want = 32'sd4 - 32'(nib);
        assert (data[31] && data[30:0] == want[30:0]);
      end else assert (data == 32'd0);
    end
    // UNPACK_Z17 / Z19 (ExpandMask's BitUnpack: gamma1 - raw)
    if (op == pqx_pkg::OpUnpackZ17)
      assert ($signed(data) == 32'sd131072 - $signed({14'b0, 18'(rs1_i >> (2 * rs2_i[1:0]))}));
    if (op == pqx_pkg::OpUnpackZ19)
      assert ($signed(data) == 32'sd524288 - $signed({12'b0, 20'(rs1_i >> (4 * rs2_i[0]))}));
  end

endmodule
