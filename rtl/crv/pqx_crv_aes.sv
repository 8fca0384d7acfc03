// PQX AES engine: AES-128 encryption with on-the-fly key expansion (AES128_ENC; FIPS 197 5.1,
// 5.2) and Haraka v2-256 / v2-512 (HARAKA256 / HARAKA512), through one AES round datapath, one
// AES round per cycle; the input is read from the block buffer B a 64-bit word per cycle.
//
// Haraka's lanes take turns in the round: the state register is a ring of lanes, each cycle the
// round runs on lane 0 and its result enters at the last lane while the others move down, so
// after n cycles (n = 2 or 4 lanes) every lane has had its AES round and the lanes are back in
// order; after every second such pass the columns are mixed in the same cycle. The round
// constant of step k is RC[k] (round r's AES round j on lane l is step n (2 r + j) + l).
//
// Schedule (start in cycle 0; b = base_i, B indices modulo 128):
//   AES-128   steps 0, 1: the key B[b], B[b + 1]; steps 2, 3: the plaintext B[b + 2], B[b + 3],
//             XORed with the key as it arrives (the initial AddRoundKey); steps 4 .. 13: rounds
//             1 .. 10, each with the next round key (RotWord, SubWord, Rcon); done in cycle 15.
//   Haraka-256  steps 0 .. 3: the input B[b .. b + 3]; steps 4 .. 23: the 20 AES rounds;
//             steps 24 .. 27: the feed-forward, B[b + i] XORed into 64-bit word i; done in 29.
//   Haraka-512  steps 0 .. 7: the input B[b .. b + 7]; steps 8 .. 47: the 40 AES rounds;
//             steps 48 .. 51: the feed-forward of the four 64-bit words kept (1, 3, 4, 6); done
//             in cycle 53.
// Step s runs in cycle s + 1. done_o holds from then until ack_i; out_o holds the result bytes in
// memory order (byte i in bits [8 i +: 8]): the AES ciphertext in bits 127:0, or Haraka's 32
// bytes. B does not change while the engine runs (the execute stage is held).
`default_nettype none

module pqx_crv_aes (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              start_i,
  input  pqx_crv_pkg::alg_e alg_i,     // AlgAes128, AlgHaraka256 or AlgHaraka512
  input  logic [6:0]        base_i,
  output logic [6:0]        b_idx_o,   // B read port (combinational, while running)
  input  logic [63:0]       b_word_i,
  output logic              done_o,
  output logic [255:0]      out_o,
  input  logic              ack_i
);

  typedef enum logic [1:0] {ModeAes, Mode256, Mode512} mode_e;

  mode_e        mode_q;
  logic [6:0]   base_q;
  logic [5:0]   step;
  logic         run;
  logic [127:0] key_q;
  logic [511:0] st_q;                // AES: lane 0; Haraka-256: lanes 0, 1; Haraka-512: 0 .. 3
  logic [7:0]   rc_q;                // Rcon of the next round (AES)

  // the schedule's phases, per mode: input words, AES rounds, feed-forward words
  logic [5:0] n_in, n_rounds, last_step;
  always_comb begin
    unique case (mode_q)
      Mode256: begin n_in = 6'd4; n_rounds = 6'd20; last_step = 6'd27; end
      Mode512: begin n_in = 6'd8; n_rounds = 6'd40; last_step = 6'd51; end
      default: begin n_in = 6'd4; n_rounds = 6'd10; last_step = 6'd13; end
    endcase
  end

  // start / run / done (rtl/pqx_step_counter.sv): steps 0 .. last_step, then done until ack_i
  pqx_step_counter #(.StepW(6)) u_steps (
    .clk_i, .rst_ni, .start_i, .last_i (last_step), .ack_i,
    .run_o (run), .step_o (step), .done_o
  );

  logic       in_phase, round_phase;
  logic [5:0] k;                     // AES round (0-based) in the round phase
  logic [1:0] ff;                    // feed-forward word (0 .. 3) in its phase
  logic [2:0] ff_word;               // the 64-bit word of the state it updates
  assign in_phase    = step < n_in;
  assign round_phase = !in_phase && step < n_in + n_rounds;
  assign k           = step - n_in;
  assign ff          = 2'(step - n_in - n_rounds);
  // Haraka-512 keeps words 1, 3, 4, 6 of its 64-byte result
  assign ff_word     = mode_q == Mode512 ? {ff[1], ff[0], ~ff[1]} : {1'b0, ff};

  always_comb begin
    if (in_phase) b_idx_o = base_q + 7'(step);
    else          b_idx_o = base_q + 7'(ff_word);
  end

  logic [127:0] key_d, key_next, rk, aes_out;
  logic [511:0] st_d, rotated;
  logic [7:0]   rc_d;
  assign key_next = pqx_crv_pkg::aes_next_key(key_q, rc_q);   // AES: this round's key
  assign rk       = mode_q == ModeAes ? key_next : pqx_crv_pkg::haraka_rc(k);
  assign aes_out = pqx_crv_pkg::aes_round(st_q[127:0], rk, mode_q == ModeAes && step == last_step);

  always_comb begin
    key_d   = key_q;
    st_d    = st_q;
    rc_d    = rc_q;
    rotated = st_q;
    if (run) begin   // (idle: a simulator skips the datapath)
      if (in_phase) begin
        if (mode_q == ModeAes && step < 6'd2) key_d[64*step[0] +: 64] = b_word_i;
        else if (mode_q == ModeAes) st_d[64*step[0] +: 64] = b_word_i ^ key_q[64*step[0] +: 64];
        else st_d[64*step[2:0] +: 64] = b_word_i;
      end else if (round_phase) begin
        unique case (mode_q)
          Mode256: begin
            rotated[255:0] = {aes_out, st_q[255:128]};
            st_d = rotated;
            if (k[1:0] == 2'd3) st_d[255:0] = pqx_crv_pkg::haraka_mix256(rotated[255:0]);
          end
          Mode512: begin
            rotated = {aes_out, st_q[511:128]};
            st_d = k[2:0] == 3'd7 ? pqx_crv_pkg::haraka_mix512(rotated) : rotated;
          end
          default: begin
            key_d = key_next;
            st_d[127:0] = aes_out;
            rc_d  = pqx_crv_pkg::xtime(rc_q);
          end
        endcase
      end else begin
        st_d[64*ff_word +: 64] = st_q[64*ff_word +: 64] ^ b_word_i;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      mode_q <= ModeAes;
      base_q <= '0;
      key_q  <= '0;
      st_q   <= '0;
      rc_q   <= '0;
    end else if (start_i) begin
      mode_q <= alg_i == pqx_crv_pkg::AlgHaraka256 ? Mode256
              : alg_i == pqx_crv_pkg::AlgHaraka512 ? Mode512 : ModeAes;
      base_q <= base_i;
      rc_q   <= 8'h01;
    end else if (run) begin
      key_q  <= key_d;
      st_q   <= st_d;
      rc_q   <= rc_d;
    end
  end

  // Haraka-512's output: 64-bit words 1, 3, 4, 6 of the state; AES-128's upper half is 0 (the
  // upper lanes may hold an earlier Haraka state)
  always_comb begin
    unique case (mode_q)
      Mode512: out_o = {st_q[64*6 +: 64], st_q[64*4 +: 64], st_q[64*3 +: 64], st_q[64*1 +: 64]};
      Mode256: out_o = st_q[255:0];
      default: out_o = {128'b0, st_q[127:0]};
    endcase
  end

endmodule
