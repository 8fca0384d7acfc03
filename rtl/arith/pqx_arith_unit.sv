// PQX arithmetic unit: lattice butterflies and reductions (ML-KEM, ML-DSA, Falcon) and
// the HQC binary-field instructions, around one shared 32x32 multiplier.
//
// Schedule, default build (Pipelined = 0): every instruction but MODP_MONTYMUL takes one
// cycle. On start_i the result data_o is valid combinationally in that cycle (the dispatch
// stage registers it) and the latches update at the following clock edge.
// Pipelined build (Pipelined = 1): every instruction runs on the mc_* ports. Cycle 0 =
// mc_start_i: operand select and the 32x32 product, registered with the instruction;
// cycle 1: the Montgomery quotient digits of the registered product and the Barrett
// quotient estimates of the registered operand, registered;
// cycle 2..: mc_done_o with mc_data_o from the registers, held until mc_ack_i, when the
// latches update. The same operand select, reductions and result logic serve both builds;
// only the registers between them differ.
// Per instruction, the one product of the shared multiplier (pqx_mul32) and its reduction:
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

module pqx_arith_unit #(
  parameter bit Pipelined = 1'b0   // product and Montgomery digits registered (see above)
) (
  input  logic         clk_i,
  input  logic         rst_ni,

  input  logic         start_i,     // a single-cycle instruction executes this cycle (default build)
  input  pqx_pkg::op_e op_i,
  input  logic [31:0]  rs1_i,
  input  logic [31:0]  rs2_i,
  input  logic [31:0]  rs3_i,
  output logic [31:0]  data_o,

  input  logic         mc_start_i,  // MODP_MONTYMUL starts (pipelined build: any instruction)
  output logic         mc_done_o,
  output logic [31:0]  mc_data_o,
  input  logic         mc_ack_i
);

  // Falcon mq_add/mq_sub tail: a uint32 difference, plus q if it went negative.
  function automatic logic [31:0] mod_q_f(logic [31:0] d);
    mod_q_f = d + (d[31] ? 32'(pqx_pkg::QF) : 32'd0);
  endfunction

  // ---------------------------------------------------------------- execute view
  // What the reductions and the result logic work on: this cycle's instruction and product
  // (default build) or the ones registered at mc_start_i (pipelined build).
  pqx_pkg::op_e x_op;
  logic [31:0]  x_rs1, x_rs2;
  logic [63:0]  x_prod;
  logic [63:0]  x_digit;           // Montgomery quotient digits of x_prod
  logic [63:0]  digit;             // ... as pqx_mont_reduce forms them from x_prod
  logic [87:0]  x_bar_t;           // Barrett quotient estimates of the Barrett operand
  logic [87:0]  bar_t;             // ... as pqx_barrett forms them
  logic         latch_we;          // the instruction in x_* updates the latches now

  // ---------------------------------------------------------------- latches
  logic [31:0] h_q, h_d;
  logic [63:0] ka_q, kb_q;          // Karatsuba operands {hi, lo}
  logic [62:0] kl_q, kg_q;          // a_lo b_lo and a_hi b_hi (carry-less)
  logic        h_we, kl_we, kg_we;

  // ---------------------------------------------------------------- shared product
  logic [31:0] mul_a, mul_b;
  logic        mul_cl;
  logic [63:0] prod;

  // Operands formed before the product (from this cycle's inputs in both builds).
  logic [15:0] k_diff;              // ML-KEM inverse butterfly: b - a (int16)
  logic [31:0] f_sub_ab;            // Falcon: (a - b) mod q
  logic [31:0] d_diff;              // ML-DSA inverse butterfly: a - b

  assign k_diff   = rs2_i[15:0] - rs1_i[15:0];
  assign d_diff   = rs1_i - rs2_i;
  assign f_sub_ab = mod_q_f(32'(rs1_i[15:0]) - 32'(rs2_i[15:0]));

  // Operands of the result logic (execute view).
  logic [15:0] a16, b16;
  logic [31:0] f_add_ab;            // Falcon: (a + b) mod q

  assign a16      = x_rs1[15:0];
  assign b16      = x_rs2[15:0];
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
    unique case (x_op)
      pqx_pkg::OpBfnttD, pqx_pkg::OpBfinttD, pqx_pkg::OpMqmulD: mont_mode = pqx_pkg::MontD;
      pqx_pkg::OpBfnttF, pqx_pkg::OpBfinttF, pqx_pkg::OpMqmulF: mont_mode = pqx_pkg::MontF;
      default:                                                   mont_mode = pqx_pkg::MontK;
    endcase
  end

  pqx_mont_reduce u_mont (
    .mode_i  (mont_mode),
    .x_i     (x_prod),
    .digit_o (digit),
    .digit_i (x_digit),
    .r_o     (mont)
  );

  pqx_pkg::barrett_mode_e bar_mode;
  logic signed [32:0]     bar_in;
  logic [15:0]            k_sum;
  logic [31:0]            bar;

  assign k_sum = a16 + b16;
  always_comb begin
    bar_in = $signed({x_rs1[31], x_rs1});
    unique case (x_op)
      pqx_pkg::OpBfinttK:     begin bar_mode = pqx_pkg::BarK; bar_in = $signed({{17{k_sum[15]}}, k_sum}); end
      pqx_pkg::OpRed32:       bar_mode = pqx_pkg::BarD;
      pqx_pkg::OpBarrettHqc1: begin bar_mode = pqx_pkg::BarHqc1; bar_in = $signed({1'b0, x_rs1}); end
      pqx_pkg::OpBarrettHqc3: begin bar_mode = pqx_pkg::BarHqc3; bar_in = $signed({1'b0, x_rs1}); end
      pqx_pkg::OpBarrettHqc5: begin bar_mode = pqx_pkg::BarHqc5; bar_in = $signed({1'b0, x_rs1}); end
      default:                bar_mode = pqx_pkg::BarK;
    endcase
  end

  pqx_barrett u_barrett (
    .mode_i (bar_mode),
    .a_i    (bar_in),
    .t_o    (bar_t),
    .t_i    (x_bar_t),
    .r_o    (bar)
  );

  // GF(2^8) reduction of a 15-bit carry-less product (or any 16-bit value).
  logic [15:0] gf_rem;
  always_comb begin
    gf_rem = x_rs1[15:0];
    for (int i = 15; i >= 8; i--) begin
      if (gf_rem[i]) gf_rem = gf_rem ^ (16'h011D << (i - 8));
    end
  end

  // ---------------------------------------------------------------- results
  logic [31:0] f_sub_at, f_add_at;  // Falcon forward butterfly: a -/+ t mod q
  logic [62:0] k_mid;               // Karatsuba middle term

  assign f_sub_at = mod_q_f(32'(a16) - mont);
  assign f_add_at = mod_q_f(32'(a16) + mont - 32'(pqx_pkg::QF));
  assign k_mid    = x_prod[62:0] ^ kl_q ^ kg_q;

  logic [31:0] x_data;              // the result of the instruction in x_*
  always_comb begin
    x_data = '0;
    h_d    = h_q;
    h_we   = 1'b0;
    kl_we  = 1'b0;
    kg_we  = 1'b0;
    unique case (x_op)
      pqx_pkg::OpBfnttK:   x_data = {a16 - mont[15:0], a16 + mont[15:0]};
      pqx_pkg::OpBfinttK:  x_data = {mont[15:0], bar[15:0]};
      pqx_pkg::OpMqmulK,
      pqx_pkg::OpMqmulD,
      pqx_pkg::OpMqmulF:   x_data = mont;
      pqx_pkg::OpBarrett,
      pqx_pkg::OpRed32,
      pqx_pkg::OpBarrettHqc1,
      pqx_pkg::OpBarrettHqc3,
      pqx_pkg::OpBarrettHqc5: x_data = bar;
      pqx_pkg::OpBfnttD: begin
        x_data = x_rs1 + mont;
        h_d    = x_rs1 - mont;
        h_we   = 1'b1;
      end
      pqx_pkg::OpBfinttD: begin
        x_data = x_rs1 + x_rs2;
        h_d    = mont;
        h_we   = 1'b1;
      end
      pqx_pkg::OpBfnttDH,
      pqx_pkg::OpBfinttDH: x_data = h_q;
      pqx_pkg::OpBfnttF:   x_data = {f_sub_at[15:0], f_add_at[15:0]};
      pqx_pkg::OpBfinttF:  x_data = {mont[15:0], f_add_ab[15:0]};
      pqx_pkg::OpGfmul8:   x_data = x_prod[31:0];
      pqx_pkg::OpGfReduce: x_data = {16'b0, gf_rem};
      pqx_pkg::OpKarats1: begin
        x_data = x_prod[31:0];
        kl_we  = 1'b1;
      end
      pqx_pkg::OpKarats2: begin
        x_data = x_prod[63:32];
        kg_we  = 1'b1;
      end
      pqx_pkg::OpKarats3:  x_data = {1'b0, kl_q[62:32]} ^ k_mid[31:0];
      pqx_pkg::OpKarats4:  x_data = kg_q[31:0] ^ {1'b0, k_mid[62:32]};
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
    end else if (latch_we) begin
      if (h_we) h_q <= h_d;
      if (kl_we) begin
        ka_q[31:0] <= x_rs1;
        kb_q[31:0] <= x_rs2;
        kl_q       <= x_prod[62:0];
      end
      if (kg_we) begin
        ka_q[63:32] <= x_rs1;
        kb_q[63:32] <= x_rs2;
        kg_q        <= x_prod[62:0];
      end
    end
  end

  // The Falcon results keep their low 16 bits, as the reference's uint16_t stores do.
  logic unused_bits;
  assign unused_bits = ^{f_add_ab[31:16], f_sub_at[31:16], f_add_at[31:16]};

  // ---------------------------------------------------------------- MODP_MONTYMUL
  logic        modp_start, modp_done;
  logic [31:0] modp_data;

  pqx_modp_montymul u_modp (
    .clk_i,
    .rst_ni,
    .start_i  (modp_start),
    .a_i      (rs1_i),
    .b_i      (rs2_i),
    .p_i      (rs3_i),
    .done_o   (modp_done),
    .result_o (modp_data),
    .ack_i    (mc_ack_i)
  );

  // ---------------------------------------------------------------- the two builds
  if (Pipelined) begin : g_pipe
    // pst_q: 0 idle, 1 digits being formed, 2 done (held until mc_ack_i).
    logic [1:0]   pst_q;
    pqx_pkg::op_e op_q;
    logic [31:0]  rs1_q, rs2_q;
    logic [63:0]  prod_q, digit_q;
    logic [87:0]  bar_t_q;
    logic         pipe_start;

    assign pipe_start = mc_start_i && op_i != pqx_pkg::OpModpMontymul;
    assign modp_start = mc_start_i && op_i == pqx_pkg::OpModpMontymul;

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        pst_q   <= 2'd0;
        op_q    <= pqx_pkg::OpIllegal;
        rs1_q   <= '0;
        rs2_q   <= '0;
        prod_q  <= '0;
        digit_q <= '0;
        bar_t_q <= '0;
      end else if (pipe_start) begin
        pst_q   <= 2'd1;
        op_q    <= op_i;
        rs1_q   <= rs1_i;
        rs2_q   <= rs2_i;
        prod_q  <= prod;
      end else if (pst_q == 2'd1) begin
        pst_q   <= 2'd2;
        digit_q <= digit;
        bar_t_q <= bar_t;
      end else if (pst_q == 2'd2 && mc_ack_i) begin
        pst_q   <= 2'd0;
      end
    end

    assign x_op      = op_q;
    assign x_rs1     = rs1_q;
    assign x_rs2     = rs2_q;
    assign x_prod    = prod_q;
    assign x_digit   = digit_q;
    assign x_bar_t   = bar_t_q;
    assign latch_we  = pst_q == 2'd2 && mc_ack_i;
    assign data_o    = '0;
    assign mc_done_o = modp_done || pst_q == 2'd2;
    assign mc_data_o = pst_q == 2'd2 ? x_data : modp_data;

    logic unused_start;
    assign unused_start = start_i;
  end else begin : g_comb
    assign x_op      = op_i;
    assign x_rs1     = rs1_i;
    assign x_rs2     = rs2_i;
    assign x_prod    = prod;
    assign x_digit   = digit;
    assign x_bar_t   = bar_t;
    assign latch_we  = start_i;
    assign data_o    = x_data;
    assign modp_start = mc_start_i;
    assign mc_done_o = modp_done;
    assign mc_data_o = modp_data;
  end

endmodule
