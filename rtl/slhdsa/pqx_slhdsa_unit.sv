// SLH-DSA (SHAKE parameter sets) unit: the tweakable hashes THASH1/THASH2, PRF, the
// WOTS+ chain step CHAIN and the WOTS+ chain lengths CL, for n = 16, 24, 32 bytes
// (levels 128, 192, 256).
//
// THASH/PRF hash one SHAKE256 block built from S: PK.seed || ADRS || payload, the
// SHAKE padding (0x1F after the payload, 0x80 in byte 135) and a zero capacity.
// Word layout in S, for nw = n/4: PK.seed 0..nw-1, ADRS nw..nw+7, in1 / SK.seed
// nw+8..2nw+7, in2 2nw+8..3nw+7. The Keccak engine belongs to the top; this unit
// drives its start and input and takes its output.
//
// Schedule (start in cycle t; the engine's 24 rounds end in cycle t+23):
//   simple (THASH with rs2 != 0, PRF): one permutation; done in t+23.
//   robust (THASH with rs2 == 0): permutation of PK.seed || ADRS gives the mask
//     (t..t+23, mask registered), then the payload XOR mask is hashed
//     (t+24..t+47); done in t+47.
//   CHAIN hashes as THASH1 (simple or robust, same schedule).
// When done, O takes the permutation output and S[0..nw-1] its first n bytes; the
// top writes both when it takes the result (finish_i). CHAIN instead writes the n
// bytes into in1 (S[nw+8..2nw+7]) and adds 1 to ADRS's hash address (the big-endian
// bytes 28..31, word nw+7), keeping PK.seed: the next step needs no LOAD at all.
// CL is combinational: O[k] = byte-reversed S[k] for k < nw (the message nibbles, high first, 8 per word), and
// O[nw] = {c0, c1, c2, 20'b0}, the three checksum digits of sum(15 - d) << 4.
`default_nettype none

module pqx_slhdsa_unit (
  input  logic                 clk_i,
  input  logic                 rst_ni,

  input  logic                 start_i,      // THASH/PRF leaves the queue
  input  pqx_pkg::op_e         op_i,
  input  logic [31:0]          rs2_i,        // THASH: 0 selects the robust mode
  input  logic [1599:0]        s_i,

  // Keccak engine (owned by the top)
  output logic                 eng_start_o,
  output logic [1599:0]        eng_state_o,
  input  logic                 eng_done_i,
  input  logic [1599:0]        eng_state_i,
  output logic                 eng_ack_o,

  output logic                 done_o,       // result ready; S/O writes below valid
  input  logic                 finish_i,     // the top takes it this cycle
  output logic [49:0]          s_wmask_o,
  output logic [49:0]          o_wmask_o,
  output logic [1599:0]        o_wdata_o,
  output logic [1599:0]        s_wdata_o,

  // CL (combinational, with the op on op_i)
  output logic [49:0]          cl_wmask_o,
  output logic [1599:0]        cl_wdata_o
);

  typedef enum logic [1:0] {Idle, Mask, Hash} phase_e;

  phase_e      phase_q, phase_d;
  logic [3:0]  nw_q, nw_d;         // n / 4: 4, 6 or 8
  logic [4:0]  pw_q, pw_d;         // payload words: nw (THASH1, PRF) or 2nw (THASH2)
  logic        robust_q, robust_d;
  logic        chain_q, chain_d;     // CHAIN: write in1 and the hash address, not S[0..nw-1]
  logic [511:0] mask_q;            // robust mask, up to 2n = 64 bytes
  logic         mask_we;           // mask_q <- the first 2n bytes of the engine output
  logic        restart_q, restart_d;

  // ---------------------------------------------------------------- decode of op_i
  logic [3:0] op_nw;
  logic [4:0] op_pw;
  logic       op_thash;
  logic       op_chain;
  always_comb begin
    op_nw    = 4'd4;
    op_pw    = 5'd4;
    op_thash = 1'b1;
    op_chain = 1'b0;
    unique case (op_i)
      pqx_pkg::OpChain128: begin op_nw = 4'd4; op_pw = 5'd4; op_chain = 1'b1; end
      pqx_pkg::OpChain192: begin op_nw = 4'd6; op_pw = 5'd6; op_chain = 1'b1; end
      pqx_pkg::OpChain256: begin op_nw = 4'd8; op_pw = 5'd8; op_chain = 1'b1; end
      pqx_pkg::OpThash1_128: begin op_nw = 4'd4; op_pw = 5'd4;  end
      pqx_pkg::OpThash2_128: begin op_nw = 4'd4; op_pw = 5'd8;  end
      pqx_pkg::OpThash1_192: begin op_nw = 4'd6; op_pw = 5'd6;  end
      pqx_pkg::OpThash2_192: begin op_nw = 4'd6; op_pw = 5'd12; end
      pqx_pkg::OpThash1_256: begin op_nw = 4'd8; op_pw = 5'd8;  end
      pqx_pkg::OpThash2_256: begin op_nw = 4'd8; op_pw = 5'd16; end
      pqx_pkg::OpPrf128, pqx_pkg::OpCl128: begin op_nw = 4'd4; op_pw = 5'd4; op_thash = 1'b0; end
      pqx_pkg::OpPrf192, pqx_pkg::OpCl192: begin op_nw = 4'd6; op_pw = 5'd6; op_thash = 1'b0; end
      pqx_pkg::OpPrf256, pqx_pkg::OpCl256: begin op_nw = 4'd8; op_pw = 5'd8; op_thash = 1'b0; end
      default: ;
    endcase
  end

  // ---------------------------------------------------------------- block builder
  // One SHAKE256 block: words 0..nw+7+pw of S (payload XOR mask), then 0x1F, 0x80 in
  // byte 135 (word 33), zero elsewhere. Message lengths are whole words (<= 32).
  function automatic logic [1599:0] shake_block(input logic [1599:0] s, input logic [3:0] nw,
                                                input logic [4:0] pw, input logic [511:0] mask);
    logic [5:0] msg_words;
    logic [5:0] first_payload;
    shake_block = '0;
    first_payload = 6'd8 + {2'b0, nw};
    msg_words = first_payload + {1'b0, pw};
    for (int w = 0; w < 33; w++) begin
      if (6'(w) < msg_words) begin
        shake_block[32*w +: 32] = s[32*w +: 32];
        if (6'(w) >= first_payload)
          shake_block[32*w +: 32] = s[32*w +: 32] ^ mask[32*(6'(w) - first_payload) +: 32];
      end else if (6'(w) == msg_words) begin
        shake_block[32*w +: 32] = 32'h0000_001F;
      end
    end
    shake_block[32*33 +: 32] = 32'h8000_0000;
  endfunction

  // ---------------------------------------------------------------- control
  logic [511:0] no_mask;
  assign no_mask = '0;

  // The block of the running instruction (registers only: S, nw_q, pw_q, mask_q). Kept out of
  // the always_comb below, which also reads start_i/op_i: a simulator then evaluates it once per
  // clock edge rather than whenever the issue inputs move (same values either way).
  logic [1599:0] run_block;
  assign run_block = shake_block(s_i, nw_q, pw_q, mask_q);

  always_comb begin
    phase_d     = phase_q;
    nw_d        = nw_q;
    pw_d        = pw_q;
    robust_d    = robust_q;
    chain_d     = chain_q;
    restart_d   = 1'b0;
    mask_we     = 1'b0;
    eng_start_o = 1'b0;
    eng_state_o = run_block;
    eng_ack_o   = 1'b0;
    done_o      = 1'b0;
    unique case (phase_q)
      Idle: if (start_i) begin
        nw_d        = op_nw;
        pw_d        = op_pw;
        robust_d    = op_thash && (rs2_i == 32'b0);
        chain_d     = op_chain;
        eng_start_o = 1'b1;
        // robust: first hash PK.seed || ADRS (no payload) for the mask
        eng_state_o = shake_block(s_i, op_nw, robust_d ? 5'd0 : op_pw, no_mask);
        phase_d     = robust_d ? Mask : Hash;
      end
      Mask: if (restart_q) begin
        eng_start_o = 1'b1;                 // payload XOR mask, from the registered mask
        phase_d     = Hash;
      end else if (eng_done_i) begin
        mask_we     = 1'b1;                 // only the first 2n bytes are used
        eng_ack_o   = 1'b1;
        restart_d   = 1'b1;
      end
      Hash: begin
        done_o    = eng_done_i;
        eng_ack_o = finish_i;
        if (finish_i) phase_d = Idle;
      end
      default: phase_d = Idle;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      phase_q   <= Idle;
      nw_q      <= 4'd4;
      pw_q      <= 5'd4;
      robust_q  <= 1'b0;
      chain_q   <= 1'b0;
      mask_q    <= '0;
      restart_q <= 1'b0;
    end else begin
      phase_q   <= phase_d;
      nw_q      <= nw_d;
      pw_q      <= pw_d;
      robust_q  <= robust_d;
      chain_q   <= chain_d;
      if (mask_we) mask_q <= eng_state_i[511:0];   // write-enabled: no 512-bit next-state mux
      restart_q <= restart_d;
    end
  end

  // Result writes: O <- permutation output; S[0..nw-1] <- its first n bytes, or for CHAIN
  // in1 (S[nw+8..2nw+7]) <- those bytes and S[nw+7] <- the hash address plus one. Only
  // words 11..23 ever take CHAIN data (nw = 4, 6, 8), so the S data mux is that wide.
  function automatic logic [31:0] bswap32(input logic [31:0] x);
    bswap32 = {x[7:0], x[15:8], x[23:16], x[31:24]};
  endfunction

  logic [31:0]   hash_next;      // ADRS word 7 + 1, as the big-endian number it holds
  logic [1599:0] out_at_in1;     // the permutation output moved to word nw+8
  always_comb begin
    unique case (nw_q)
      4'd6:    begin hash_next = s_i[32*13 +: 32]; out_at_in1 = eng_state_i << (32*14); end
      4'd8:    begin hash_next = s_i[32*15 +: 32]; out_at_in1 = eng_state_i << (32*16); end
      default: begin hash_next = s_i[32*11 +: 32]; out_at_in1 = eng_state_i << (32*12); end
    endcase
    hash_next = bswap32(bswap32(hash_next) + 32'd1);
  end

  always_comb begin
    s_wdata_o = eng_state_i;
    for (int w = 0; w < 50; w++) begin
      if (chain_q) s_wmask_o[w] = 6'(w) >= {2'b0, nw_q} + 6'd7 && 6'(w) < {1'b0, nw_q, 1'b0} + 6'd8;
      else         s_wmask_o[w] = 6'(w) < {2'b0, nw_q};
    end
    if (chain_q) begin
      for (int w = 11; w < 24; w++) begin
        s_wdata_o[32*w +: 32] = (6'(w) == {2'b0, nw_q} + 6'd7) ? hash_next : out_at_in1[32*w +: 32];
      end
    end
  end
  assign o_wmask_o = '1;
  assign o_wdata_o = eng_state_i;

  // ---------------------------------------------------------------- CL (combinational)
  // The 2n nibbles are summed as a tree (bytes, words, then the eight words) rather than as one
  // chain of 64 additions: the chain was the unit's critical path (docs/synthesis.md).
  logic [31:0][4:0] byte_sum;   // the two nibbles of byte b, or 0 beyond the message
  logic [7:0][6:0]  word_sum;   // the four bytes of word w
  logic [9:0] digit_sum;        // sum of the 2n message nibbles, at most 64 * 15
  logic [9:0] checksum;         // sum(15 - d) = 15 * 2n - digit_sum
  always_comb begin
    for (int b = 0; b < 32; b++) begin
      byte_sum[b] = (6'(b) < {op_nw, 2'b00}) ? 5'(s_i[8*b + 4 +: 4]) + 5'(s_i[8*b +: 4]) : 5'd0;
    end
    for (int w = 0; w < 8; w++) begin
      word_sum[w] = (7'(byte_sum[4*w])     + 7'(byte_sum[4*w + 1]))
                  + (7'(byte_sum[4*w + 2]) + 7'(byte_sum[4*w + 3]));
    end
    digit_sum = ((10'(word_sum[0]) + 10'(word_sum[1])) + (10'(word_sum[2]) + 10'(word_sum[3])))
              + ((10'(word_sum[4]) + 10'(word_sum[5])) + (10'(word_sum[6]) + 10'(word_sum[7])));
    checksum = 10'd30 * {6'b0, op_nw} * 10'd4 - digit_sum;
    cl_wdata_o = '0;
    cl_wmask_o = '0;
    for (int w = 0; w < 9; w++) begin
      if (6'(w) < {2'b0, op_nw}) begin
        cl_wdata_o[32*w +: 32] = {s_i[32*w +: 8], s_i[32*w + 8 +: 8], s_i[32*w + 16 +: 8],
                                  s_i[32*w + 24 +: 8]};
        cl_wmask_o[w] = 1'b1;
      end else if (6'(w) == {2'b0, op_nw}) begin
        cl_wdata_o[32*w +: 32] = {2'b0, checksum, 20'b0};
        cl_wmask_o[w] = 1'b1;
      end
    end
  end

endmodule
