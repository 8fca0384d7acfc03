// PQX Crypto-RV unit: the 128 x 64-bit block buffer B, the result state H, the unified SHA-256 /
// SHA-512 / SM3 engine (pqx_crv_sha) that compresses a block held in B into H, and the AES engine
// (pqx_crv_aes) that encrypts a block held in B (AES-128) or hashes one (Haraka v2-256 / v2-512)
// into H (docs/isa.md, "Crypto-RV instructions").
//
// Architectural state (registers, zero at reset): B[0..127] (64 bits each; a message block's
// bytes in memory order, byte 0 in bits 7:0, as two 32-bit loads give them), the write pointer P
// (7 bits), H (8 x 64 bits; 32-bit algorithms use the low halves; AES-128 writes its ciphertext
// as four big-endian words H_0..H_3, H_4..H_7 = 0, Haraka its 32 bytes as eight) and the
// algorithm A of H.
//
// Schedule:
//   single-cycle (start_i, the cycle the instruction executes): CRV_BPTR, CRV_BWR, the three
//     INITs write their register at the end of that cycle unless an index is out of range
//     (exc_o, nothing written); CRV_BRD and HASH_RD read registers.
//   multi-cycle (mc_start_i .. mc_ack_i): SHA256_BLK / SHA512_BLK / SM3_BLK run pqx_crv_sha on
//     the block at B[rs1 mod 128] (done R + 6 cycles after the start), AES128_ENC / HARAKA256 /
//     HARAKA512 run pqx_crv_aes on the key and plaintext or the input there (done 15 / 29 / 53
//     cycles after); the two engines share
//     B's read port (one runs at a time). mc_done_o holds until mc_ack_i, the cycle the result
//     is taken, which is also the cycle H takes the engine's result and A its algorithm.
//     mc_data_o is 0.
// Nothing is written outside start_i and mc_ack_i, both of which the shell raises only for a
// committed instruction.
`default_nettype none

module pqx_crv_unit (
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

  logic [pqx_crv_pkg::BufWords-1:0][63:0] buf_q;
  logic [6:0]   ptr_q;
  logic [511:0] h_q;
  pqx_crv_pkg::alg_e         alg_q;

  // ---------------------------------------------------------------- single-cycle instructions
  logic        wr_ptr, wr_buf, wr_init;
  logic [63:0] brd_word;
  logic [63:0] hrd_word;
  pqx_crv_pkg::alg_e        init_alg;
  logic [511:0] init_h;

  always_comb begin
    data_o   = '0;
    exc_o    = 1'b0;
    wr_ptr   = 1'b0;
    wr_buf   = 1'b0;
    wr_init  = 1'b0;
    brd_word = '0;
    hrd_word = '0;
    init_alg = pqx_crv_pkg::AlgSha256;
    unique case (op_i)
      pqx_pkg::OpCrvBptr: begin
        exc_o  = rs1_i >= 32'(pqx_crv_pkg::BufWords);
        wr_ptr = !exc_o;
      end
      pqx_pkg::OpCrvBwr: wr_buf = 1'b1;
      pqx_pkg::OpCrvBrd: begin
        exc_o    = rs1_i >= 32'(2 * pqx_crv_pkg::BufWords);
        brd_word = buf_q[rs1_i[7:1]];
        data_o   = rs1_i[0] ? brd_word[63:32] : brd_word[31:0];
      end
      pqx_pkg::OpSha256Init: begin wr_init = 1'b1; init_alg = pqx_crv_pkg::AlgSha256; end
      pqx_pkg::OpSha512Init: begin wr_init = 1'b1; init_alg = pqx_crv_pkg::AlgSha512; end
      pqx_pkg::OpSm3Init:    begin wr_init = 1'b1; init_alg = pqx_crv_pkg::AlgSm3;    end
      pqx_pkg::OpHashRd: begin
        // digest bytes 4 k .. 4 k + 3 as a little-endian word (the digest is big-endian)
        if (alg_q == pqx_crv_pkg::AlgSha512) begin
          exc_o    = rs1_i >= 32'd16;
          hrd_word = h_q[64*rs1_i[3:1] +: 64];
          data_o   = pqx_crv_pkg::bswap32(rs1_i[0] ? hrd_word[31:0] : hrd_word[63:32]);
        end else begin
          exc_o    = rs1_i >= (alg_q == pqx_crv_pkg::AlgAes128 ? 32'd4 : 32'd8);   // (Haraka: 8)
          hrd_word = h_q[64*rs1_i[2:0] +: 64];
          data_o   = pqx_crv_pkg::bswap32(hrd_word[31:0]);
        end
      end
      default: ;
    endcase
    if (exc_o) data_o = '0;
  end

  // the initial values: SHA-256's are the upper halves of SHA-512's (FIPS 180-4 5.3)
  always_comb begin
    unique case (init_alg)
      pqx_crv_pkg::AlgSha512: init_h = pqx_crv_pkg::IvSha512;
      pqx_crv_pkg::AlgSm3:    init_h = pqx_crv_pkg::IvSm3;
      default: begin
        for (int i = 0; i < 8; i++) init_h[64*i +: 64] = {32'b0, pqx_crv_pkg::IvSha512[64*i + 32 +: 32]};
      end
    endcase
  end

  // ---------------------------------------------------------------- engines
  logic         sha_done, aes_done;
  logic [511:0] sha_h, aes_h, eng_h;
  logic [255:0] aes_out;
  logic [6:0]   sha_idx, aes_idx;
  logic [63:0]  b_word;
  logic         blk_aes, eng_aes;
  pqx_crv_pkg::alg_e         blk_alg, eng_alg_q;

  always_comb begin
    unique case (op_i)
      pqx_pkg::OpSha512Blk: blk_alg = pqx_crv_pkg::AlgSha512;
      pqx_pkg::OpSm3Blk:    blk_alg = pqx_crv_pkg::AlgSm3;
      pqx_pkg::OpAes128Enc: blk_alg = pqx_crv_pkg::AlgAes128;
      pqx_pkg::OpHaraka256: blk_alg = pqx_crv_pkg::AlgHaraka256;
      pqx_pkg::OpHaraka512: blk_alg = pqx_crv_pkg::AlgHaraka512;
      default:              blk_alg = pqx_crv_pkg::AlgSha256;
    endcase
  end
  // the AES engine's algorithms (the running or done engine: eng_alg_q)
  assign blk_aes = blk_alg == pqx_crv_pkg::AlgAes128 || blk_alg == pqx_crv_pkg::AlgHaraka256
                   || blk_alg == pqx_crv_pkg::AlgHaraka512;
  assign eng_aes = eng_alg_q == pqx_crv_pkg::AlgAes128 || eng_alg_q == pqx_crv_pkg::AlgHaraka256
                   || eng_alg_q == pqx_crv_pkg::AlgHaraka512;
  assign b_word  = buf_q[eng_aes ? aes_idx : sha_idx];

  pqx_crv_sha u_sha (
    .clk_i,
    .rst_ni,
    .start_i  (mc_start_i && !blk_aes),
    .alg_i    (blk_alg),
    .base_i   (rs1_i[6:0]),
    .h_i      (h_q),
    .b_idx_o  (sha_idx),
    .b_word_i (b_word),
    .done_o   (sha_done),
    .h_o      (sha_h),
    .ack_i    (mc_ack_i && !eng_aes)
  );

  pqx_crv_aes u_aes (
    .clk_i,
    .rst_ni,
    .start_i  (mc_start_i && blk_aes),
    .alg_i    (blk_alg),
    .base_i   (rs1_i[6:0]),
    .b_idx_o  (aes_idx),
    .b_word_i (b_word),
    .done_o   (aes_done),
    .out_o    (aes_out),
    .ack_i    (mc_ack_i && eng_aes)
  );

  // the AES engine's H: its result as big-endian words (HASH_RD then reads it in byte order);
  // AES-128's upper 16 bytes are 0
  always_comb begin
    aes_h = '0;
    for (int i = 0; i < 8; i++) aes_h[64*i +: 32] = pqx_crv_pkg::bswap32(aes_out[32*i +: 32]);
  end
  assign eng_h     = eng_aes ? aes_h : sha_h;
  assign mc_done_o = eng_aes ? aes_done : sha_done;
  assign mc_data_o = '0;

  // ---------------------------------------------------------------- registers
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      buf_q     <= '0;
      ptr_q     <= '0;
      h_q       <= '0;
      alg_q     <= pqx_crv_pkg::AlgSha256;
      eng_alg_q <= pqx_crv_pkg::AlgSha256;
    end else begin
      if (start_i && wr_ptr) ptr_q <= rs1_i[6:0];
      if (start_i && wr_buf) begin
        buf_q[ptr_q] <= {rs2_i, rs1_i};
        ptr_q        <= ptr_q + 1'b1;          // (wraps: B is a ring)
      end
      if (start_i && wr_init) begin
        h_q   <= init_h;
        alg_q <= init_alg;
      end
      if (mc_start_i) eng_alg_q <= blk_alg;
      if (mc_ack_i) begin
        h_q   <= eng_h;
        alg_q <= eng_alg_q;
      end
    end
  end

endmodule
