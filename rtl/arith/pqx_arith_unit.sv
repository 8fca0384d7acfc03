// PQX arithmetic unit: lattice butterflies and reductions (ML-KEM, ML-DSA, Falcon) and
// the HQC binary-field instructions, around one shared 32x32 multiplier.
//
// Schedule: every instruction but MODP_MONTYMUL takes one cycle. On start_i the
// result data_o is valid combinationally in that cycle (the dispatch stage registers
// it) and the latches update at the following clock edge. Per instruction, the one
// product of the shared multiplier (pqx_mul32) and its reduction:
//   BFNTTK   z b -> MontK = t;  rd = {a - t, a + t}                  (16-bit halves)
//   BFINTTK  z (b - a) -> MontK; BarrettK(a + b)   rd = {MontK, Barrett}
//   MQMULK   rs1 rs2 -> MontK         BARRETT  BarrettK(rs1) (no product)
//   BFNTTD   z b -> MontD = t;  rd = a + t, H <- a - t
//   BFINTTD  z (a - b) -> MontD -> H; rd = a + b
//   BFNTTDH, BFINTTDH  rd = H         MQMULD  rs1 rs2 -> MontD     RED32 (no product)
//   BFNTTF   z b -> MontF = t;  rd = {(a - t) mod q, (a + t) mod q}
//   BFINTTF  z ((a - b) mod q) -> MontF; rd = {MontF, (a + b) mod q}
//   MQMULF   rs1 rs2 -> MontF
//   GFMUL8   carry-less rs1[7:0] rs2[7:0]     GF_REDUCE  rs1[15:0] mod 0x11D
//   KARATS1  carry-less a_lo b_lo = L, latched with a_lo, b_lo; rd = L[31:0]
//   KARATS2  carry-less a_hi b_hi = G, latched with a_hi, b_hi; rd = G[63:32]
//   KARATS3/4 carry-less (a_lo ^ a_hi)(b_lo ^ b_hi) ^ L ^ G = M (Karatsuba middle);
//            rd = L[63:32] ^ M[31:0] / G[31:0] ^ M[63:32]
//   BARRETT_HQC1/3/5  rs1 mod N (pqx_barrett)
// KARATS3 and KARATS4 each recompute M, so they work in either order and after any
// other instruction; the H and K latches are separate, so the sequences interleave.
// MODP_MONTYMUL runs in its own multi-cycle datapath (pqx_modp_montymul; mc_* ports).
`default_nettype none

module pqx_arith_unit (
  input  logic         clk_i,
  input  logic         rst_ni,

  input  logic         start_i,     // a single-cycle instruction executes this cycle
  input  pqx_pkg::op_e op_i,
  input  logic [31:0]  rs1_i,
  input  logic [31:0]  rs2_i,
  input  logic [31:0]  rs3_i,
  output logic [31:0]  data_o,

  input  logic         mc_start_i,  // MODP_MONTYMUL starts
  output logic         mc_done_o,
  output logic [31:0]  mc_data_o,
  input  logic         mc_ack_i
);

  // Falcon mq_add/mq_sub tail: a uint32 difference, plus q if it went negative.
  function automatic logic [31:0] mod_q_f(logic [31:0] d);
    mod_q_f = d + (d[31] ? 32'(pqx_pkg::QF) : 32'd0);
  endfunction

  // ---------------------------------------------------------------- latches
  logic [31:0] h_q, h_d;
  logic [63:0] ka_q, kb_q;          // Karatsuba operands {hi, lo}
  logic [62:0] kl_q, kg_q;          // a_lo b_lo and a_hi b_hi (carry-less)
  logic        h_we, kl_we, kg_we;

  // ---------------------------------------------------------------- shared product
  logic [31:0] mul_a, mul_b;
  logic        mul_cl;
  logic [63:0] prod;

  // Operands formed before the product.
  logic [15:0] a16, b16;
  logic [15:0] k_diff;              // ML-KEM inverse butterfly: b - a (int16)
  logic [31:0] f_sub_ab, f_add_ab;  // Falcon: (a - b) mod q, (a + b) mod q
  logic [31:0] d_diff;              // ML-DSA inverse butterfly: a - b

  assign a16      = rs1_i[15:0];
  assign b16      = rs2_i[15:0];
  assign k_diff   = b16 - a16;
  assign d_diff   = rs1_i - rs2_i;
  assign f_sub_ab = mod_q_f(32'(a16) - 32'(b16));
  assign f_add_ab = mod_q_f(32'(a16) + 32'(b16) - 32'(pqx_pkg::QF));

  always_comb begin
    mul_a  = rs3_i;
    mul_b  = rs2_i;
    mul_cl = 1'b0;
    unique case (op_i)
      pqx_pkg::OpBfinttK: mul_b = {{16{k_diff[15]}}, k_diff};
      pqx_pkg::OpBfinttD: mul_b = d_diff;
      pqx_pkg::OpBfinttF: mul_b = f_sub_ab;
      pqx_pkg::OpMqmulK, pqx_pkg::OpMqmulD, pqx_pkg::OpMqmulF: mul_a = rs1_i;
      pqx_pkg::OpGfmul8: begin
        mul_a  = {24'b0, rs1_i[7:0]};
        mul_b  = {24'b0, rs2_i[7:0]};
        mul_cl = 1'b1;
      end
      pqx_pkg::OpKarats1, pqx_pkg::OpKarats2: begin
        mul_a  = rs1_i;
        mul_cl = 1'b1;
      end
      pqx_pkg::OpKarats3, pqx_pkg::OpKarats4: begin
        mul_a  = ka_q[31:0] ^ ka_q[63:32];
        mul_b  = kb_q[31:0] ^ kb_q[63:32];
        mul_cl = 1'b1;
      end
      default: ;
    endcase
  end

  pqx_mul32 u_mul (
    .a_i     (mul_a),
    .b_i     (mul_b),
    .clmul_i (mul_cl),
    .p_o     (prod)
  );

  // ---------------------------------------------------------------- reductions
  pqx_pkg::mont_mode_e mont_mode;
  logic [31:0]         mont;

  always_comb begin
    unique case (op_i)
      pqx_pkg::OpBfnttD, pqx_pkg::OpBfinttD, pqx_pkg::OpMqmulD: mont_mode = pqx_pkg::MontD;
      pqx_pkg::OpBfnttF, pqx_pkg::OpBfinttF, pqx_pkg::OpMqmulF: mont_mode = pqx_pkg::MontF;
      default:                                                   mont_mode = pqx_pkg::MontK;
    endcase
  end

  pqx_mont_reduce u_mont (
    .mode_i (mont_mode),
    .x_i    (prod),
    .r_o    (mont)
  );

  pqx_pkg::barrett_mode_e bar_mode;
  logic signed [32:0]     bar_in;
  logic [15:0]            k_sum;
  logic [31:0]            bar;

  assign k_sum = a16 + b16;
  always_comb begin
    bar_in = $signed({rs1_i[31], rs1_i});
    unique case (op_i)
      pqx_pkg::OpBfinttK:     begin bar_mode = pqx_pkg::BarK; bar_in = $signed({{17{k_sum[15]}}, k_sum}); end
      pqx_pkg::OpRed32:       bar_mode = pqx_pkg::BarD;
      pqx_pkg::OpBarrettHqc1: begin bar_mode = pqx_pkg::BarHqc1; bar_in = $signed({1'b0, rs1_i}); end
      pqx_pkg::OpBarrettHqc3: begin bar_mode = pqx_pkg::BarHqc3; bar_in = $signed({1'b0, rs1_i}); end
      pqx_pkg::OpBarrettHqc5: begin bar_mode = pqx_pkg::BarHqc5; bar_in = $signed({1'b0, rs1_i}); end
      default:                bar_mode = pqx_pkg::BarK;
    endcase
  end

  pqx_barrett u_barrett (
    .mode_i (bar_mode),
    .a_i    (bar_in),
    .r_o    (bar)
  );

  // GF(2^8) reduction of a 15-bit carry-less product (or any 16-bit value).
  logic [15:0] gf_rem;
  always_comb begin
    gf_rem = rs1_i[15:0];
    for (int i = 15; i >= 8; i--) begin
      if (gf_rem[i]) gf_rem = gf_rem ^ (16'h011D << (i - 8));
    end
  end

  // ---------------------------------------------------------------- results
  logic [31:0] f_sub_at, f_add_at;  // Falcon forward butterfly: a -/+ t mod q
  logic [62:0] k_mid;               // Karatsuba middle term

  assign f_sub_at = mod_q_f(32'(a16) - mont);
  assign f_add_at = mod_q_f(32'(a16) + mont - 32'(pqx_pkg::QF));
  assign k_mid    = prod[62:0] ^ kl_q ^ kg_q;

  always_comb begin
    data_o = '0;
    h_d    = h_q;
    h_we   = 1'b0;
    kl_we  = 1'b0;
    kg_we  = 1'b0;
    unique case (op_i)
      pqx_pkg::OpBfnttK:   data_o = {a16 - mont[15:0], a16 + mont[15:0]};
      pqx_pkg::OpBfinttK:  data_o = {mont[15:0], bar[15:0]};
      pqx_pkg::OpMqmulK,
      pqx_pkg::OpMqmulD,
      pqx_pkg::OpMqmulF:   data_o = mont;
      pqx_pkg::OpBarrett,
      pqx_pkg::OpRed32,
      pqx_pkg::OpBarrettHqc1,
      pqx_pkg::OpBarrettHqc3,
      pqx_pkg::OpBarrettHqc5: data_o = bar;
      pqx_pkg::OpBfnttD: begin
        data_o = rs1_i + mont;
        h_d    = rs1_i - mont;
        h_we   = 1'b1;
      end
      pqx_pkg::OpBfinttD: begin
        data_o = rs1_i + rs2_i;
        h_d    = mont;
        h_we   = 1'b1;
      end
      pqx_pkg::OpBfnttDH,
      pqx_pkg::OpBfinttDH: data_o = h_q;
      pqx_pkg::OpBfnttF:   data_o = {f_sub_at[15:0], f_add_at[15:0]};
      pqx_pkg::OpBfinttF:  data_o = {mont[15:0], f_add_ab[15:0]};
      pqx_pkg::OpGfmul8:   data_o = prod[31:0];
      pqx_pkg::OpGfReduce: data_o = {16'b0, gf_rem};
      pqx_pkg::OpKarats1: begin
        data_o = prod[31:0];
        kl_we  = 1'b1;
      end
      pqx_pkg::OpKarats2: begin
        data_o = prod[63:32];
        kg_we  = 1'b1;
      end
      pqx_pkg::OpKarats3:  data_o = {1'b0, kl_q[62:32]} ^ k_mid[31:0];
      pqx_pkg::OpKarats4:  data_o = kg_q[31:0] ^ {1'b0, k_mid[62:32]};
      default: ;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      h_q  <= '0;
      ka_q <= '0;
      kb_q <= '0;
      kl_q <= '0;
      kg_q <= '0;
    end else if (start_i) begin
      if (h_we) h_q <= h_d;
      if (kl_we) begin
        ka_q[31:0] <= rs1_i;
        kb_q[31:0] <= rs2_i;
        kl_q       <= prod[62:0];
      end
      if (kg_we) begin
        ka_q[63:32] <= rs1_i;
        kb_q[63:32] <= rs2_i;
        kg_q        <= prod[62:0];
      end
    end
  end

  // The Falcon results keep their low 16 bits, as the reference's uint16_t stores do.
  logic unused_bits;
  assign unused_bits = ^{f_add_ab[31:16], f_sub_at[31:16], f_add_at[31:16]};

  // ---------------------------------------------------------------- MODP_MONTYMUL
  pqx_modp_montymul u_modp (
    .clk_i,
    .rst_ni,
    .start_i  (mc_start_i),
    .a_i      (rs1_i),
    .b_i      (rs2_i),
    .p_i      (rs3_i),
    .done_o   (mc_done_o),
    .result_o (mc_data_o),
    .ack_i    (mc_ack_i)
  );

endmodule
