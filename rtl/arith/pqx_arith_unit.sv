// PQX arithmetic unit: lattice butterflies and reductions (ML-KEM, ML-DSA, Falcon) and
// the HQC binary-field instructions, around one shared 32x32 multiplier.
//
// Schedule, default build (Pipelined = 0): every instruction but MODP_MONTYMUL takes one
// cycle. On start_i the result data_o is valid combinationally in that cycle (the dispatch
// stage registers it) and the latches update at the following clock edge.
// Pipelined build (Pipelined = 1): a three-stage pipeline, one instruction per cycle, one
// constant or variable product per stage on every path.
//   cycle 0 (start_i, accepted when pipe_ready_o): operand select and the 32x32 product,
//           registered (s1) with the instruction, its operands, its Barrett operand and
//           tag_i; KARATS1/2 latch their operands (KA, KB) here, for the KARATS3/4 right
//           behind;
//   cycle 1: the Montgomery digits of that product and the Barrett estimates of that
//           operand, registered with it (s2);
//   cycle 2: the Montgomery and Barrett reductions, registered (s3);
//   cycle 3: pipe_valid_o; data_o and tag_o formed from s3, held until pipe_take_i, when H and
//           the Karatsuba products (L, G) update. The pipeline moves only when its last stage
//           is empty or taken (pipe_ready_o), so results leave in start order.
// The same operand select, reductions and result logic serve both builds; only the
// registers between them differ.
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
// MODP_MONTYMUL runs in its own multi-cycle datapath (pqx_modp_montymul; mc_* ports) in
// both builds (pipelined: its own products one per cycle too, done 11 cycles after start).
`default_nettype none

module pqx_arith_unit #(
  parameter bit          Pipelined = 1'b0,  // the three-stage pipeline (see above)
  parameter int unsigned TagW      = 11     // tag carried with a pipelined instruction
) (
  input  logic            clk_i,
  input  logic            rst_ni,

  input  logic            start_i,       // an instruction starts (default build: executes)
  input  pqx_pkg::op_e    op_i,
  input  logic [31:0]     rs1_i,
  input  logic [31:0]     rs2_i,
  input  logic [31:0]     rs3_i,
  output logic [31:0]     data_o,        // default: this cycle's; pipelined: the last stage's

  // pipelined build (the default build: ready, empty, nothing valid)
  input  logic [TagW-1:0] tag_i,
  output logic            pipe_ready_o,  // start_i is taken this cycle
  output logic            pipe_valid_o,  // a result waits on data_o, tag_o
  output logic [TagW-1:0] tag_o,
  input  logic            pipe_take_i,   // ... and is taken this cycle
  output logic            pipe_empty_o,  // no instruction in the pipeline

  input  logic            mc_start_i,    // MODP_MONTYMUL starts
  output logic            mc_done_o,
  output logic [31:0]     mc_data_o,
  input  logic            mc_ack_i
);

  // Falcon mq_add/mq_sub tail: a uint32 difference, plus q if it went negative.
  function automatic logic [31:0] mod_q_f(logic [31:0] d);
    mod_q_f = d + (d[31] ? 32'(pqx_pkg::QF) : 32'd0);
  endfunction

  // ---------------------------------------------------------------- views
  // In the default build all of them are this cycle's instruction; in the pipelined build
  // each is a pipeline stage. d_*: the product and Barrett operand whose digits and
  // estimates are formed (s1); r_*: what the reductions work on (s2); x_*: what the result
  // logic works on (s3, with the reductions' results).
  pqx_pkg::op_e       r_op;
  logic [63:0]        r_prod;
  logic signed [32:0] r_bar_a;      // the Barrett operand
  logic [63:0]        r_digit;      // Montgomery quotient digits of r_prod
  logic [87:0]        r_bar_t;      // Barrett quotient estimates of r_bar_a
  pqx_pkg::op_e       x_op;
  logic [31:0]        x_rs1, x_rs2;
  logic [63:0]        x_prod;
  logic [31:0]        x_mont, x_bar; // the reductions' results
  logic [31:0]        d_prod;       // (its low word)
  logic signed [32:0] d_bar_a;
  logic [63:0]        digit;        // digits of d_prod (pqx_mont_reduce)
  logic [87:0]        bar_t;        // estimates of d_bar_a (pqx_barrett)
  logic               latch_we;     // the instruction in x_* updates H, L and G now
  logic               ka_lo_we;     // KARATS1 / KARATS2 latch their operands (KA, KB) now
  logic               ka_hi_we;
  logic [31:0]        ka_a, ka_b;   // ... these

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
    unique case (r_op)
      pqx_pkg::OpBfnttD, pqx_pkg::OpBfinttD, pqx_pkg::OpMqmulD: mont_mode = pqx_pkg::MontD;
      pqx_pkg::OpBfnttF, pqx_pkg::OpBfinttF, pqx_pkg::OpMqmulF: mont_mode = pqx_pkg::MontF;
      default:                                                   mont_mode = pqx_pkg::MontK;
    endcase
  end

  pqx_mont_reduce u_mont (
    .mode_i  (mont_mode),
    .x_i     (r_prod),
    .xd_i    (d_prod),
    .digit_o (digit),
    .digit_i (r_digit),
    .r_o     (mont)
  );

  // The Barrett operand, formed from this cycle's inputs (both builds).
  logic signed [32:0]     bar_in;
  logic [15:0]            k_sum;
  assign k_sum = rs1_i[15:0] + rs2_i[15:0];
  always_comb begin
    unique case (op_i)
      pqx_pkg::OpBfinttK:     bar_in = $signed({{17{k_sum[15]}}, k_sum});
      pqx_pkg::OpBarrettHqc1,
      pqx_pkg::OpBarrettHqc3,
      pqx_pkg::OpBarrettHqc5: bar_in = $signed({1'b0, rs1_i});
      default:                bar_in = $signed({rs1_i[31], rs1_i});
    endcase
  end

  pqx_pkg::barrett_mode_e bar_mode;
  logic [31:0]            bar;
  always_comb begin
    unique case (r_op)
      pqx_pkg::OpRed32:       bar_mode = pqx_pkg::BarD;
      pqx_pkg::OpBarrettHqc1: bar_mode = pqx_pkg::BarHqc1;
      pqx_pkg::OpBarrettHqc3: bar_mode = pqx_pkg::BarHqc3;
      pqx_pkg::OpBarrettHqc5: bar_mode = pqx_pkg::BarHqc5;
      default:                bar_mode = pqx_pkg::BarK;
    endcase
  end

  pqx_barrett u_barrett (
    .mode_i (bar_mode),
    .a_i    (r_bar_a),
    .ae_i   (d_bar_a),
    .t_o    (bar_t),
    .t_i    (r_bar_t),
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

  assign f_sub_at = mod_q_f(32'(a16) - x_mont);
  assign f_add_at = mod_q_f(32'(a16) + x_mont - 32'(pqx_pkg::QF));
  assign k_mid    = x_prod[62:0] ^ kl_q ^ kg_q;

  logic [31:0] x_data;              // the result of the instruction in x_*
  always_comb begin
    x_data = '0;
    h_d    = h_q;
    h_we   = 1'b0;
    kl_we  = 1'b0;
    kg_we  = 1'b0;
    unique case (x_op)
      pqx_pkg::OpBfnttK:   x_data = {a16 - x_mont[15:0], a16 + x_mont[15:0]};
      pqx_pkg::OpBfinttK:  x_data = {x_mont[15:0], x_bar[15:0]};
      pqx_pkg::OpMqmulK,
      pqx_pkg::OpMqmulD,
      pqx_pkg::OpMqmulF:   x_data = x_mont;
      pqx_pkg::OpBarrett,
      pqx_pkg::OpRed32,
      pqx_pkg::OpBarrettHqc1,
      pqx_pkg::OpBarrettHqc3,
      pqx_pkg::OpBarrettHqc5: x_data = x_bar;
      pqx_pkg::OpBfnttD: begin
        x_data = x_rs1 + x_mont;
        h_d    = x_rs1 - x_mont;
        h_we   = 1'b1;
      end
      pqx_pkg::OpBfinttD: begin
        x_data = x_rs1 + x_rs2;
        h_d    = x_mont;
        h_we   = 1'b1;
      end
      pqx_pkg::OpBfnttDH,
      pqx_pkg::OpBfinttDH: x_data = h_q;
      pqx_pkg::OpBfnttF:   x_data = {f_sub_at[15:0], f_add_at[15:0]};
      pqx_pkg::OpBfinttF:  x_data = {x_mont[15:0], f_add_ab[15:0]};
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
    end else begin
      if (latch_we) begin
        if (h_we)  h_q  <= h_d;
        if (kl_we) kl_q <= x_prod[62:0];
        if (kg_we) kg_q <= x_prod[62:0];
      end
      if (ka_lo_we) begin
        ka_q[31:0] <= ka_a;
        kb_q[31:0] <= ka_b;
      end
      if (ka_hi_we) begin
        ka_q[63:32] <= ka_a;
        kb_q[63:32] <= ka_b;
      end
    end
  end

  // The Falcon results keep their low 16 bits, as the reference's uint16_t stores do.
  logic unused_bits;
  assign unused_bits = ^{f_add_ab[31:16], f_sub_at[31:16], f_add_at[31:16]};

  // ---------------------------------------------------------------- MODP_MONTYMUL
  pqx_modp_montymul #(.Pipelined(Pipelined)) u_modp (
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

  // ---------------------------------------------------------------- the two builds
  if (Pipelined) begin : g_pipe
    // s1: after the product; s2: after the digits and estimates; s3 (the last stage): after
    // the reductions.
    logic               s1_valid_q, s2_valid_q, s3_valid_q;
    pqx_pkg::op_e       s1_op_q, s2_op_q, s3_op_q;
    logic [31:0]        s1_rs1_q, s1_rs2_q, s2_rs1_q, s2_rs2_q, s3_rs1_q, s3_rs2_q;
    logic [63:0]        s1_prod_q, s2_prod_q, s3_prod_q, s2_digit_q;
    logic signed [32:0] s1_bar_a_q, s2_bar_a_q;
    logic [87:0]        s2_bar_t_q;
    logic [31:0]        s3_mont_q, s3_bar_q;
    logic [TagW-1:0]    s1_tag_q, s2_tag_q, s3_tag_q;
    logic               advance;       // every stage moves on this cycle
    logic               enter;         // start_i taken into s1

    assign advance = !s3_valid_q || pipe_take_i;
    assign enter   = start_i && advance;

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        s1_valid_q <= 1'b0;
        s1_op_q    <= pqx_pkg::OpIllegal;
        s1_rs1_q   <= '0;
        s1_rs2_q   <= '0;
        s1_prod_q  <= '0;
        s1_bar_a_q <= '0;
        s1_tag_q   <= '0;
        s2_valid_q <= 1'b0;
        s2_op_q    <= pqx_pkg::OpIllegal;
        s2_rs1_q   <= '0;
        s2_rs2_q   <= '0;
        s2_prod_q  <= '0;
        s2_bar_a_q <= '0;
        s2_digit_q <= '0;
        s2_bar_t_q <= '0;
        s2_tag_q   <= '0;
        s3_valid_q <= 1'b0;
        s3_op_q    <= pqx_pkg::OpIllegal;
        s3_rs1_q   <= '0;
        s3_rs2_q   <= '0;
        s3_prod_q  <= '0;
        s3_mont_q  <= '0;
        s3_bar_q   <= '0;
        s3_tag_q   <= '0;
      end else if (advance) begin
        s1_valid_q <= start_i;
        s1_op_q    <= op_i;
        s1_rs1_q   <= rs1_i;
        s1_rs2_q   <= rs2_i;
        s1_prod_q  <= prod;
        s1_bar_a_q <= bar_in;
        s1_tag_q   <= tag_i;
        s2_valid_q <= s1_valid_q;
        s2_op_q    <= s1_op_q;
        s2_rs1_q   <= s1_rs1_q;
        s2_rs2_q   <= s1_rs2_q;
        s2_prod_q  <= s1_prod_q;
        s2_bar_a_q <= s1_bar_a_q;
        s2_digit_q <= digit;
        s2_bar_t_q <= bar_t;
        s2_tag_q   <= s1_tag_q;
        s3_valid_q <= s2_valid_q;
        s3_op_q    <= s2_op_q;
        s3_rs1_q   <= s2_rs1_q;
        s3_rs2_q   <= s2_rs2_q;
        s3_prod_q  <= s2_prod_q;
        s3_mont_q  <= mont;
        s3_bar_q   <= bar;
        s3_tag_q   <= s2_tag_q;
      end
    end

    assign d_prod   = s1_prod_q[31:0];
    assign d_bar_a  = s1_bar_a_q;
    assign r_op     = s2_op_q;
    assign r_prod   = s2_prod_q;
    assign r_bar_a  = s2_bar_a_q;
    assign r_digit  = s2_digit_q;
    assign r_bar_t  = s2_bar_t_q;
    assign x_op     = s3_op_q;
    assign x_rs1    = s3_rs1_q;
    assign x_rs2    = s3_rs2_q;
    assign x_prod   = s3_prod_q;
    assign x_mont   = s3_mont_q;
    assign x_bar    = s3_bar_q;
    assign latch_we = s3_valid_q && pipe_take_i;
    assign ka_lo_we = enter && op_i == pqx_pkg::OpKarats1;
    assign ka_hi_we = enter && op_i == pqx_pkg::OpKarats2;
    assign ka_a     = rs1_i;
    assign ka_b     = rs2_i;

    assign data_o       = x_data;
    assign tag_o        = s3_tag_q;
    assign pipe_ready_o = advance;
    assign pipe_valid_o = s3_valid_q;
    assign pipe_empty_o = !s1_valid_q && !s2_valid_q && !s3_valid_q;

  end else begin : g_comb
    assign d_prod   = prod[31:0];
    assign d_bar_a  = bar_in;
    assign r_op     = op_i;
    assign r_prod   = prod;
    assign r_bar_a  = bar_in;
    assign r_digit  = digit;
    assign r_bar_t  = bar_t;
    assign x_op     = op_i;
    assign x_rs1    = rs1_i;
    assign x_rs2    = rs2_i;
    assign x_prod   = prod;
    assign x_mont   = mont;
    assign x_bar    = bar;
    assign latch_we = start_i;
    assign ka_lo_we = start_i && kl_we;
    assign ka_hi_we = start_i && kg_we;
    assign ka_a     = rs1_i;
    assign ka_b     = rs2_i;

    assign data_o       = x_data;
    assign tag_o        = '0;
    assign pipe_ready_o = 1'b1;
    assign pipe_valid_o = 1'b0;
    assign pipe_empty_o = 1'b1;

    logic unused_pipe;
    assign unused_pipe = ^{tag_i, pipe_take_i};
  end

endmodule
