// PQX shared multiplier: the one 32x32 product of the arithmetic unit.
//
// Schedule: purely combinational; the arithmetic unit feeds it the operands of the
// instruction executing this cycle and every single-cycle arithmetic instruction uses
// it at most once (HORCRUX's multiplier tree, one tree for lattice and HQC work).
//   integer mode    p = s32(a) * s32(b), the exact 64-bit signed product
//   carry-less mode p = a (x) b over GF(2)[x], 63 bits in p[62:0], p[63] = 0
`default_nettype none

module pqx_mul32 (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic        clmul_i,
  output logic [63:0] p_o
);

  logic signed [63:0] int_p;
  logic        [63:0] cl_p;

  assign int_p = $signed({{32{a_i[31]}}, a_i}) * $signed({{32{b_i[31]}}, b_i});

  // cl_p is only selected in carry-less mode; the loop sits behind clmul_i so that a simulator
  // skips it in integer mode (p_o is the same either way).
  always_comb begin
    cl_p = '0;
    if (clmul_i) begin
      for (int i = 0; i < 32; i++) begin
        if (b_i[i]) cl_p = cl_p ^ (64'(a_i) << i);
      end
    end
  end

  assign p_o = clmul_i ? cl_p : int_p;

endmodule
