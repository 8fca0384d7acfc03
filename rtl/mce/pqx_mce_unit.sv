// PQX Classic McEliece unit: GF(2^12) arithmetic, the Goppa decoder's Berlekamp-Massey engine
// and support-list Chien search, the Gaussian-elimination engine of key generation's minimal
// polynomial, the systematic-form reduction of the parity-check matrix, and the 64 x 64-bit
// transpose store (docs/isa.md, "Classic
// McEliece"). Reduced parameters of the McEliece seed: m = 12, n = 48, t = 2 (pqx_mce_pkg).
//
// Architectural state (registers, zero at reset): the 2t syndromes S, the error locator sigma
// (t + 1 coefficients), the support alpha_0..alpha_{n-1}, the n-bit error bitmap E, the
// parity-check matrix H (mt x n bits), the transpose store.
//
// Schedule:
//   single-cycle (start_i, the cycle the instruction executes): GF12MUL/SQ/INV are
//     combinational; MCE_SYN, MCE_LOC_WR, MCE_SUP_WR, TR_WR write their register at the end of
//     that cycle unless the index is out of range (exc_o, nothing written); MCE_LOC_RD,
//     MCE_ERR_RD, TR_RD read registers. Operand bits above the 12 of a field element are ignored.
//   multi-cycle (mc_start_i .. mc_ack_i): MCE_BM runs pqx_mce_bm on S (done 4t + 1 cycles after
//     its start), MCE_CHIEN runs pqx_mce_chien on sigma and the support (done ceil(n/4) + 1
//     cycles after), MCE_MINPOLY runs pqx_mce_minpoly on beta = rs1 + rs2 y (done 3t cycles
//     after), MCE_SYS runs pqx_mce_systematic on H (done 2 mt + 1 cycles after; H takes the
//     systematic form at the ack if there is one); mc_done_o holds until mc_ack_i, the cycle the result is taken, which is also the
//     cycle sigma (MCE_BM: the locator; MCE_MINPOLY: g, or 0 if singular) or E (MCE_CHIEN)
//     takes the engine's output. mc_data_o is the register length L (MCE_BM), the number of
//     roots found (MCE_CHIEN), or 1 / 0 for found / singular (MCE_MINPOLY, MCE_SYS).
// Nothing is written outside start_i and mc_ack_i, both of which the shell raises only for a
// committed instruction.
`default_nettype none

module pqx_mce_unit (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         start_i,
  input  pqx_pkg::op_e op_i,
  input  logic [31:0]  rs1_i,
  input  logic [31:0]  rs2_i,
  output logic [31:0]  data_o,
  output logic         exc_o,
  input  logic         mc_start_i,
  output logic         mc_done_o,
  output logic [31:0]  mc_data_o,
  input  logic         mc_ack_i
);

  localparam int unsigned M      = pqx_mce_pkg::M;
  localparam int unsigned N      = pqx_mce_pkg::N;
  localparam int unsigned T      = pqx_mce_pkg::T;
  localparam int unsigned EWords = (N + 31) / 32;
  localparam int unsigned Rows   = M * T;          // parity-check matrix: mt x n bits
  localparam int unsigned HWords = 2 * Rows;       // two words per row: bits 31:0, 47:32

  logic [2*T*M-1:0]   syn_q;
  logic [(T+1)*M-1:0] sigma_q;
  logic [N*M-1:0]     sup_q;
  logic [N-1:0]       err_q;
  logic [Rows*N-1:0]  mat_q;       // the matrix H of MCE_SYS, row r in bits [n r +: n]

  // Field elements: the low 12 bits of an operand, zero-extended.
  logic [M-1:0] x, y;
  assign x = rs1_i[M-1:0];
  assign y = rs2_i[M-1:0];

  // ---------------------------------------------------------------- single-cycle instructions
  logic        wr_syn, wr_loc, wr_sup, wr_tr, wr_row;
  logic [31:0] tr_rdata;
  logic [31:0] err_word;
  logic [M-1:0] loc_coeff;
  logic [31:0]  row_word;

  // The read multiplexers, each evaluated only for its own instruction (the operands change with
  // every instruction the host offers; a simulator then skips the other selections).
  always_comb begin
    loc_coeff = '0;
    err_word  = '0;
    row_word  = '0;
    unique case (op_i)
      pqx_pkg::OpMceLocRd: begin
        for (int i = 0; i <= T; i++) begin
          if (rs1_i == 32'(i)) loc_coeff = sigma_q[i*M +: M];
        end
      end
      pqx_pkg::OpMceErrRd: begin
        for (int w = 0; w < EWords; w++) begin
          if (rs1_i == 32'(w)) err_word = 32'(err_q >> (32 * w));
        end
      end
      pqx_pkg::OpMceRowRd: begin
        for (int r = 0; r < Rows; r++) begin
          if (rs1_i == 32'(2 * r))     row_word = mat_q[r*N +: 32];
          if (rs1_i == 32'(2 * r + 1)) row_word = 32'(mat_q[r*N + 32 +: N - 32]);
        end
      end
      default: ;
    endcase
  end

  always_comb begin
    data_o = '0;
    exc_o  = 1'b0;
    wr_syn = 1'b0;
    wr_loc = 1'b0;
    wr_sup = 1'b0;
    wr_tr  = 1'b0;
    wr_row = 1'b0;
    unique case (op_i)
      pqx_pkg::OpGf12Mul: data_o = 32'(pqx_mce_pkg::gf_mul(x, y));
      pqx_pkg::OpGf12Sq:  data_o = 32'(pqx_mce_pkg::gf_sq(x));
      pqx_pkg::OpGf12Inv: data_o = 32'(pqx_mce_pkg::gf_inv(x));
      pqx_pkg::OpMceSyn: begin
        exc_o  = rs2_i >= 32'(2 * T);
        wr_syn = !exc_o;
      end
      pqx_pkg::OpMceLocRd: begin
        exc_o  = rs1_i > 32'(T);
        data_o = 32'(loc_coeff);
      end
      pqx_pkg::OpMceLocWr: begin
        exc_o  = rs2_i > 32'(T);
        wr_loc = !exc_o;
      end
      pqx_pkg::OpMceSupWr: begin
        exc_o  = rs2_i >= 32'(N);
        wr_sup = !exc_o;
      end
      pqx_pkg::OpMceErrRd: begin
        exc_o  = rs1_i >= 32'(EWords);
        data_o = err_word;
      end
      pqx_pkg::OpMceRowWr: begin
        exc_o  = rs2_i >= 32'(HWords);
        wr_row = !exc_o;
      end
      pqx_pkg::OpMceRowRd: begin
        exc_o  = rs1_i >= 32'(HWords);
        data_o = row_word;
      end
      pqx_pkg::OpTrWr: begin
        exc_o = rs2_i >= 32'd128;
        wr_tr = !exc_o;
      end
      pqx_pkg::OpTrRd: begin
        exc_o  = rs1_i >= 32'd128;
        data_o = tr_rdata;
      end
      default: ;
    endcase
    if (exc_o) data_o = '0;
  end

  pqx_mce_transpose u_transpose (
    .clk_i,
    .rst_ni,
    .we_i    (start_i && wr_tr),
    .wrow_i  (rs2_i[5:0]),
    .whalf_i (rs2_i[6]),
    .wdata_i (rs1_i),
    .re_i    (op_i == pqx_pkg::OpTrRd),
    .rcol_i  (rs1_i[5:0]),
    .rhalf_i (rs1_i[6]),
    .rdata_o (tr_rdata)
  );

  // ---------------------------------------------------------------- engines
  typedef enum logic [1:0] { EngBm, EngChien, EngMinpoly, EngSys } engine_e;
  engine_e            mc_eng_q;    // the engine of the running multi-cycle instruction
  logic               mc_bm_q;
  logic               bm_done, chien_done, mp_done, mp_ok;
  logic [(T+1)*M-1:0] mp_g;
  logic               sys_done, sys_ok;
  logic [Rows*N-1:0]  sys_rows;
  logic [(T+1)*M-1:0] bm_sigma;
  logic [7:0]         bm_len;
  logic [N-1:0]       chien_bitmap;

  pqx_mce_bm #(.T(T)) u_bm (
    .clk_i,
    .rst_ni,
    .start_i (mc_start_i && op_i == pqx_pkg::OpMceBm),
    .s_i     (syn_q),
    .done_o  (bm_done),
    .sigma_o (bm_sigma),
    .len_o   (bm_len),
    .ack_i   (mc_ack_i && mc_eng_q == EngBm)
  );

  pqx_mce_chien #(.N(N), .T(T)) u_chien (
    .clk_i,
    .rst_ni,
    .start_i   (mc_start_i && op_i == pqx_pkg::OpMceChien),
    .sigma_i   (sigma_q),
    .support_i (sup_q),
    .done_o    (chien_done),
    .bitmap_o  (chien_bitmap),
    .ack_i     (mc_ack_i && mc_eng_q == EngChien)
  );

  // MCE_MINPOLY: beta = rs1[11:0] + rs2[11:0] y (t = 2: one operand per coefficient)
  pqx_mce_minpoly #(.T(T)) u_minpoly (
    .clk_i,
    .rst_ni,
    .start_i (mc_start_i && op_i == pqx_pkg::OpMceMinpoly),
    .beta_i  ({y, x}),
    .done_o  (mp_done),
    .ok_o    (mp_ok),
    .g_o     (mp_g),
    .ack_i   (mc_ack_i && mc_eng_q == EngMinpoly)
  );

  pqx_mce_systematic #(.Rows(Rows), .Cols(N)) u_systematic (
    .clk_i,
    .rst_ni,
    .start_i (mc_start_i && op_i == pqx_pkg::OpMceSys),
    .rows_i  (mat_q),
    .done_o  (sys_done),
    .ok_o    (sys_ok),
    .rows_o  (sys_rows),
    .ack_i   (mc_ack_i && mc_eng_q == EngSys)
  );

  logic [7:0] roots;
  always_comb begin
    roots = '0;
    if (mc_eng_q == EngChien) begin   // (a simulator skips the count otherwise)
      for (int j = 0; j < N; j++) roots = roots + 8'(chien_bitmap[j]);
    end
  end

  assign mc_bm_q = mc_eng_q == EngBm;
  always_comb begin
    unique case (mc_eng_q)
      EngBm:      begin mc_done_o = bm_done;    mc_data_o = 32'(bm_len); end
      EngChien:   begin mc_done_o = chien_done; mc_data_o = 32'(roots);  end
      EngMinpoly: begin mc_done_o = mp_done;    mc_data_o = 32'(mp_ok);  end
      EngSys:     begin mc_done_o = sys_done;   mc_data_o = 32'(sys_ok); end
      default:    begin mc_done_o = 1'b0;       mc_data_o = '0;          end
    endcase
  end

  // ---------------------------------------------------------------- registers
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      syn_q   <= '0;
      sigma_q <= '0;
      sup_q   <= '0;
      err_q   <= '0;
      mat_q   <= '0;
      mc_eng_q <= EngBm;
    end else begin
      if (mc_start_i) begin
        mc_eng_q <= op_i == pqx_pkg::OpMceBm ? EngBm
                  : op_i == pqx_pkg::OpMceChien ? EngChien
                  : op_i == pqx_pkg::OpMceMinpoly ? EngMinpoly : EngSys;
      end
      // (each write loop runs only for its own instruction: a simulator skips the others)
      if (start_i && wr_syn) begin
        for (int k = 0; k < 2 * T; k++) begin
          if (rs2_i == 32'(k)) syn_q[k*M +: M] <= x;
        end
      end
      if (start_i && wr_loc) begin
        for (int i = 0; i <= T; i++) begin
          if (rs2_i == 32'(i)) sigma_q[i*M +: M] <= x;
        end
      end
      if (start_i && wr_sup) begin
        for (int j = 0; j < N; j++) begin
          if (rs2_i == 32'(j)) sup_q[j*M +: M] <= x;
        end
      end
      if (mc_ack_i && mc_bm_q)  sigma_q <= bm_sigma;
      if (mc_ack_i && mc_eng_q == EngMinpoly) sigma_q <= mp_g;
      if (mc_ack_i && mc_eng_q == EngChien) err_q <= chien_bitmap;
      if (start_i && wr_row) begin
        for (int r = 0; r < Rows; r++) begin
          if (rs2_i == 32'(2 * r))     mat_q[r*N +: 32]          <= rs1_i;
          if (rs2_i == 32'(2 * r + 1)) mat_q[r*N + 32 +: N - 32] <= rs1_i[N-33:0];
        end
      end
      if (mc_ack_i && mc_eng_q == EngSys && sys_ok) mat_q <= sys_rows;
    end
  end

endmodule
