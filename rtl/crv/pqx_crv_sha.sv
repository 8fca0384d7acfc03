// PQX unified SHA-256 / SHA-512 / SM3 compression engine (SHA256_BLK, SHA512_BLK, SM3_BLK):
// one message expander and one round datapath shared by the three Merkle-Damgard hashes, as the
// Crypto-RV seed's unit (32-bit words in the low half of the 64-bit datapath).
//
// Schedule: fixed, R + 6 cycles from start_i to done_o (R = 64 rounds, 80 for SHA-512).
//   start   the working variables a..h = h_i, the algorithm and the block's base index in B
//           are latched, step = 0                                                    (cycle 0)
//   step s = 0 .. R + 4, one per cycle (cycles 1 .. R + 5):
//     expand  W_s into the 16-word window: for s < 16 the message word from B (its bytes in
//             memory order, read big-endian: B word base + s for SHA-512, half s mod 2 of word
//             base + s / 2 otherwise; indices modulo 128), else the algorithm's recurrence
//             (FIPS 180-4 6.2.2 / 6.4.2 step 1, GB/T 32905 5.3.2)
//     round  j = s - 5 (s >= 5) on a..h with W_j, five steps old, and for SM3 W'_j = W_j xor
//             W_{j+4}, the word of the step before: both come from registers, so no cycle
//             holds an expansion and a round in series
//   done    done_o from cycle R + 6 until ack_i; h_o = h_i + (a..h) word by word (SM3: xor).
//           The unit copies h_o into its chaining state at ack_i.
// h_i and B do not change while the engine runs (the execute stage is held).
`default_nettype none

module pqx_crv_sha (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              start_i,
  input  pqx_crv_pkg::alg_e alg_i,
  input  logic [6:0]        base_i,
  input  logic [511:0]      h_i,
  output logic [6:0]        b_idx_o,    // B read port (combinational, while running)
  input  logic [63:0]       b_word_i,
  output logic              done_o,
  output logic [511:0]      h_o,
  input  logic              ack_i
);

  localparam int unsigned Lead = 5;     // steps before round 0

  pqx_crv_pkg::alg_e             alg_q;
  logic [6:0]       base_q;
  logic             run;               // stepping (rtl/pqx_step_counter.sv)
  logic [6:0]       step;
  logic [7:0][63:0]  v_q;             // a..h
  logic [15:0][63:0] w_q;             // w_q[k] = W_{s-1-k}

  logic             wide;              // SHA-512: 64-bit words
  logic [6:0]       last_step;
  assign wide      = alg_q == pqx_crv_pkg::AlgSha512;
  assign last_step = wide ? 7'(80 + Lead - 1) : 7'(64 + Lead - 1);
  assign b_idx_o   = wide ? base_q + step : base_q + 7'(step >> 1);

  // start / run / done: steps 0 .. last_step, then done until ack_i
  pqx_step_counter #(.StepW(7)) u_steps (
    .clk_i, .rst_ni, .start_i, .last_i (last_step), .ack_i,
    .run_o (run), .step_o (step), .done_o
  );

  // ---------------------------------------------------------------- expander
  function automatic logic [31:0] p1(logic [31:0] x);
    p1 = x ^ pqx_crv_pkg::rotl32(x, 15) ^ pqx_crv_pkg::rotl32(x, 23);
  endfunction

  // w<k> = W_{s-1-k}; w2, w5, w8 and w12 are SM3's only (32-bit)
  function automatic logic [63:0] expand(pqx_crv_pkg::alg_e alg, logic [6:0] s, logic [63:0] word,
                                         logic [63:0] w1, logic [31:0] w2, logic [31:0] w5,
                                         logic [63:0] w6, logic [31:0] w8, logic [31:0] w12,
                                         logic [63:0] w14, logic [63:0] w15);
    logic [31:0] x;
    if (s < 7'd16) begin
      if (alg == pqx_crv_pkg::AlgSha512) expand = pqx_crv_pkg::bswap64(word);
      else                  expand = {32'b0, pqx_crv_pkg::bswap32(s[0] ? word[63:32] : word[31:0])};
    end else if (alg == pqx_crv_pkg::AlgSha512) begin      // W_{s-2}, W_{s-7}, W_{s-15}, W_{s-16}
      expand = (pqx_crv_pkg::rotr64(w1, 19) ^ pqx_crv_pkg::rotr64(w1, 61) ^ (w1 >> 6)) + w6
               + (pqx_crv_pkg::rotr64(w14, 1) ^ pqx_crv_pkg::rotr64(w14, 8) ^ (w14 >> 7)) + w15;
    end else if (alg == pqx_crv_pkg::AlgSha256) begin
      x = (pqx_crv_pkg::rotr32(w1[31:0], 17) ^ pqx_crv_pkg::rotr32(w1[31:0], 19) ^ (w1[31:0] >> 10)) + w6[31:0]
          + (pqx_crv_pkg::rotr32(w14[31:0], 7) ^ pqx_crv_pkg::rotr32(w14[31:0], 18) ^ (w14[31:0] >> 3)) + w15[31:0];
      expand = {32'b0, x};
    end else begin                            // SM3: W_{s-16}, W_{s-9}, W_{s-3}, W_{s-13}, W_{s-6}
      x = p1(w15[31:0] ^ w8 ^ pqx_crv_pkg::rotl32(w2, 15)) ^ pqx_crv_pkg::rotl32(w12, 7) ^ w5;
      expand = {32'b0, x};
    end
  endfunction

  // ---------------------------------------------------------------- rounds
  function automatic logic [31:0] maj32(logic [31:0] a, logic [31:0] b, logic [31:0] c);
    maj32 = (a & b) ^ (a & c) ^ (b & c);
  endfunction

  function automatic logic [31:0] ch32(logic [31:0] e, logic [31:0] f, logic [31:0] g);
    ch32 = (e & f) ^ (~e & g);
  endfunction

  logic [63:0] w_new;
  logic [7:0][63:0] v_d;
  always_comb begin
    logic [6:0]  j;
    logic [63:0] t1, t2, k;
    logic [31:0] a12, ss1, ss2, tt1, tt2, ff, gg, tj;
    w_new = '0;
    for (int i = 0; i < 8; i++) v_d[i] = v_q[i];
    j   = step - 7'(Lead);
    k   = '0;
    t1  = '0;
    t2  = '0;
    a12 = '0;
    ss1 = '0;
    ss2 = '0;
    tt1 = '0;
    tt2 = '0;
    ff  = '0;
    gg  = '0;
    tj  = '0;
    if (run) begin   // (idle: a simulator skips the datapath)
      w_new = expand(alg_q, step, b_word_i, w_q[1], w_q[2][31:0], w_q[5][31:0], w_q[6],
                     w_q[8][31:0], w_q[12][31:0], w_q[14], w_q[15]);
      if (step >= 7'(Lead)) begin
        k = pqx_crv_pkg::sha_k(j);
        unique case (alg_q)
          pqx_crv_pkg::AlgSha512: begin
            t1 = v_q[7] + (pqx_crv_pkg::rotr64(v_q[4], 14) ^ pqx_crv_pkg::rotr64(v_q[4], 18) ^ pqx_crv_pkg::rotr64(v_q[4], 41))
                 + ((v_q[4] & v_q[5]) ^ (~v_q[4] & v_q[6])) + k + w_q[4];
            t2 = (pqx_crv_pkg::rotr64(v_q[0], 28) ^ pqx_crv_pkg::rotr64(v_q[0], 34) ^ pqx_crv_pkg::rotr64(v_q[0], 39))
                 + ((v_q[0] & v_q[1]) ^ (v_q[0] & v_q[2]) ^ (v_q[1] & v_q[2]));
            v_d[0] = t1 + t2;
            v_d[4] = v_q[3] + t1;
          end
          pqx_crv_pkg::AlgSha256: begin
            t1[31:0] = v_q[7][31:0]
                       + (pqx_crv_pkg::rotr32(v_q[4][31:0], 6) ^ pqx_crv_pkg::rotr32(v_q[4][31:0], 11)
                          ^ pqx_crv_pkg::rotr32(v_q[4][31:0], 25))
                       + ch32(v_q[4][31:0], v_q[5][31:0], v_q[6][31:0]) + k[63:32]
                       + w_q[4][31:0];
            t2[31:0] = (pqx_crv_pkg::rotr32(v_q[0][31:0], 2) ^ pqx_crv_pkg::rotr32(v_q[0][31:0], 13)
                        ^ pqx_crv_pkg::rotr32(v_q[0][31:0], 22))
                       + maj32(v_q[0][31:0], v_q[1][31:0], v_q[2][31:0]);
            v_d[0] = {32'b0, t1[31:0] + t2[31:0]};
            v_d[4] = {32'b0, v_q[3][31:0] + t1[31:0]};
          end
          default: begin   // SM3 (GB/T 32905 5.3.3)
            tj  = j < 7'd16 ? 32'h79cc_4519 : 32'h7a87_9d8a;
            a12 = pqx_crv_pkg::rotl32(v_q[0][31:0], 12);
            ss1 = pqx_crv_pkg::rotl32(a12 + v_q[4][31:0] + pqx_crv_pkg::rotl32(tj, int'(j[4:0])), 7);
            ss2 = ss1 ^ a12;
            ff  = j < 7'd16 ? v_q[0][31:0] ^ v_q[1][31:0] ^ v_q[2][31:0]
                            : maj32(v_q[0][31:0], v_q[1][31:0], v_q[2][31:0]);
            gg  = j < 7'd16 ? v_q[4][31:0] ^ v_q[5][31:0] ^ v_q[6][31:0]
                            : ch32(v_q[4][31:0], v_q[5][31:0], v_q[6][31:0]);
            tt1 = ff + v_q[3][31:0] + ss2 + (w_q[4][31:0] ^ w_q[0][31:0]);
            tt2 = gg + v_q[7][31:0] + ss1 + w_q[4][31:0];
            v_d[0] = {32'b0, tt1};
            v_d[4] = {32'b0, tt2 ^ pqx_crv_pkg::rotl32(tt2, 9) ^ pqx_crv_pkg::rotl32(tt2, 17)};   // P0
          end
        endcase
        // the other six words move down; SM3 rotates two of them
        v_d[1] = v_q[0];
        v_d[2] = alg_q == pqx_crv_pkg::AlgSm3 ? {32'b0, pqx_crv_pkg::rotl32(v_q[1][31:0], 9)} : v_q[1];
        v_d[3] = v_q[2];
        v_d[5] = v_q[4];
        v_d[6] = alg_q == pqx_crv_pkg::AlgSm3 ? {32'b0, pqx_crv_pkg::rotl32(v_q[5][31:0], 19)} : v_q[5];
        v_d[7] = v_q[6];
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      alg_q  <= pqx_crv_pkg::AlgSha256;
      base_q <= '0;
      for (int i = 0; i < 8; i++) v_q[i] <= '0;
      for (int k = 0; k < 16; k++) w_q[k] <= '0;
    end else if (start_i) begin
      alg_q  <= alg_i;
      base_q <= base_i;
      for (int i = 0; i < 8; i++) v_q[i] <= h_i[64*i +: 64];
    end else if (run) begin
      for (int i = 0; i < 8; i++) v_q[i] <= v_d[i];
      w_q[0] <= w_new;
      for (int k = 1; k < 16; k++) w_q[k] <= w_q[k-1];
    end
  end

  // the chaining value after the block: H + (a..h), or H xor (a..h) for SM3
  always_comb begin
    for (int i = 0; i < 8; i++) begin
      unique case (alg_q)
        pqx_crv_pkg::AlgSha512: h_o[64*i +: 64] = h_i[64*i +: 64] + v_q[i];
        pqx_crv_pkg::AlgSha256: h_o[64*i +: 64] = {32'b0, h_i[64*i +: 32] + v_q[i][31:0]};
        default:   h_o[64*i +: 64] = {32'b0, h_i[64*i +: 32] ^ v_q[i][31:0]};
      endcase
    end
  end

endmodule
