// PQX Falcon floating-point helper unit: pack (sign, exponent, 55-bit mantissa) into an
// IEEE-754 binary64 word with round to nearest even, and the 64-bit normalisation, both
// bit-exact with the Falcon reference fpr.h (`FPR` and `FPR_NORM64`, 32-bit int and
// 64-bit unsigned C arithmetic, two's-complement wrap) for every operand value.
//
// Schedule: every instruction takes one cycle. In the cycle start_i is high, data_o is
// the combinational result of op_i (the dispatch stage registers it) and the latches
// update at the clock edge that ends that cycle; with start_i low no latch changes.
// Reset clears every latch. The three latch groups are separate registers, so pack and
// normalise sequences may interleave:
//   FPR_LOAD_SE      s <- rs1[0], e <- rs2 (int32)               data_o = 0 (no rd)
//   FPR_EXEC         x = FPR(s, e, {rs2, rs1});  F <- x[63:32]    data_o = x[31:0]
//   FPR_RDHI         data_o = F
//   FPR_NORM64_EXEC  (m', e') = FPR_NORM64({rs2, rs1}, rs3);
//                    NM <- m'[63:32], NE <- e'                    data_o = m'[31:0]
//   FPR_NORM64_RDHI  data_o = NM       FPR_NORM64_RDE  data_o = NE
// Any other op_i: data_o = 0, no latch change.
//
// FPR(s, e, m), as the reference computes it:
//   e += 1076; if e < 0 then m = 0           (below the subnormal threshold: zero)
//   e &= -(m >> 54)                          (m = 0: exponent field 0, the sign kept)
//   x  = ({s, 63'b0} | m >> 2) + (e[11:0] << 52)   (m's bit 54 adds the implicit 1)
//   x += (0xC8 >> m[2:0]) & 1                (low bits 011, 110, 111: round up)
// FPR_NORM64(m, e): six stages k = 32, 16, 8, 4, 2, 1; each shifts m left by k when its
// top k bits are zero. e' = e - 63 + (sum of the k not shifted) = e - shift, so a zero m
// stays zero with e' = e - 63.
`default_nettype none

module pqx_fpr_unit (
  input  logic         clk_i,
  input  logic         rst_ni,

  input  logic         start_i,     // an instruction executes this cycle
  input  pqx_pkg::op_e op_i,
  input  logic [31:0]  rs1_i,
  input  logic [31:0]  rs2_i,
  input  logic [31:0]  rs3_i,
  output logic [31:0]  data_o
);

  // Round-up decision by the three bits below the kept mantissa (the reference's 0xC8).
  localparam logic [7:0] RoundUp = 8'hC8;

  // ---------------------------------------------------------------- latches
  logic        s_q, s_d;            // sign (FPR_LOAD_SE)
  logic [31:0] e_q, e_d;            // exponent, int32 (FPR_LOAD_SE)
  logic [31:0] f_q, f_d;            // high word of the last packed value (FPR_EXEC)
  logic [31:0] nm_q, nm_d;          // high word of the last normalised mantissa
  logic [31:0] ne_q, ne_d;          // exponent of the last normalisation
  logic        se_we, f_we, n_we;

  logic [63:0] m_in;
  assign m_in = {rs2_i, rs1_i};

  // ---------------------------------------------------------------- FPR (pack)
  logic [31:0] pk_eb;               // e + 1076
  logic [63:0] pk_m;                // m, cleared below the subnormal threshold
  logic [31:0] pk_e;                // biased exponent after the zero-mantissa mask
  logic        pk_rnd;
  logic [63:0] pk_x;

  assign pk_eb  = e_q + 32'd1076;
  assign pk_m   = pk_eb[31] ? 64'd0 : m_in;
  // -(int)(uint32_t)(m >> 54): the mask is all ones for m in [2^54, 2^55), zero for m = 0
  assign pk_e   = pk_eb & (32'd0 - {22'b0, pk_m[63:54]});
  assign pk_rnd = RoundUp[pk_m[2:0]];
  assign pk_x   = {s_q, 1'b0, pk_m[63:2]} + {pk_e[11:0], 52'b0} + {63'b0, pk_rnd};

  // (uint64_t)(uint32_t)e << 52 keeps the exponent's low 12 bits only.
  logic unused_bits;
  assign unused_bits = ^pk_e[31:12];

  // ---------------------------------------------------------------- FPR_NORM64
  logic [5:0]  nz;                  // nz[j]: stage 2^j shifted (its top bits were zero)
  logic [63:0] n32, n16, n8, n4, n2, n1;

  assign nz[5] = ~|m_in[63:32];
  assign n32   = nz[5] ? {m_in[31:0], 32'b0} : m_in;
  assign nz[4] = ~|n32[63:48];
  assign n16   = nz[4] ? {n32[47:0], 16'b0} : n32;
  assign nz[3] = ~|n16[63:56];
  assign n8    = nz[3] ? {n16[55:0], 8'b0} : n16;
  assign nz[2] = ~|n8[63:60];
  assign n4    = nz[2] ? {n8[59:0], 4'b0} : n8;
  assign nz[1] = ~|n4[63:62];
  assign n2    = nz[1] ? {n4[61:0], 2'b0} : n4;
  assign nz[0] = ~n2[63];
  assign n1    = nz[0] ? {n2[62:0], 1'b0} : n2;

  // e - 63 + (63 - shift) = e - shift, with shift = nz (63 for m = 0)
  logic [31:0] n_e;
  assign n_e = rs3_i - {26'b0, nz};

  // ---------------------------------------------------------------- results
  always_comb begin
    data_o = '0;
    s_d    = s_q;
    e_d    = e_q;
    f_d    = f_q;
    nm_d   = nm_q;
    ne_d   = ne_q;
    se_we  = 1'b0;
    f_we   = 1'b0;
    n_we   = 1'b0;
    unique case (op_i)
      pqx_pkg::OpFprLoadSe: begin
        s_d   = rs1_i[0];
        e_d   = rs2_i;
        se_we = 1'b1;
      end
      pqx_pkg::OpFprExec: begin
        data_o = pk_x[31:0];
        f_d    = pk_x[63:32];
        f_we   = 1'b1;
      end
      pqx_pkg::OpFprRdhi:       data_o = f_q;
      pqx_pkg::OpFprNorm64Exec: begin
        data_o = n1[31:0];
        nm_d   = n1[63:32];
        ne_d   = n_e;
        n_we   = 1'b1;
      end
      pqx_pkg::OpFprNorm64Rdhi: data_o = nm_q;
      pqx_pkg::OpFprNorm64Rde:  data_o = ne_q;
      default: ;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      s_q  <= 1'b0;
      e_q  <= '0;
      f_q  <= '0;
      nm_q <= '0;
      ne_q <= '0;
    end else if (start_i) begin
      if (se_we) begin
        s_q <= s_d;
        e_q <= e_d;
      end
      if (f_we) f_q <= f_d;
      if (n_we) begin
        nm_q <= nm_d;
        ne_q <= ne_d;
      end
    end
  end

endmodule
