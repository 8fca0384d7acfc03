// PQX AES-128 encryption engine (AES128_ENC): one block with on-the-fly key expansion, one round
// per cycle (FIPS 197 5.1, 5.2), key and plaintext read from the block buffer B.
//
// Schedule: fixed, 15 cycles from start_i to done_o.
//   start   the block's base index b is latched, step = 0                           (cycle 0)
//   steps 0, 1   the key: B[b], B[b + 1]                                        (cycles 1, 2)
//   steps 2, 3   the plaintext B[b + 2], B[b + 3], XORed with the key as it arrives (the
//                initial AddRoundKey)                                           (cycles 3, 4)
//   steps 4 .. 13  rounds 1 .. 10: the next round key (RotWord, SubWord, Rcon) and the round
//                (SubBytes, ShiftRows, MixColumns but in round 10, AddRoundKey) in one cycle
//                                                                              (cycles 5 .. 14)
//   done    done_o from cycle 15 until ack_i; ct_o holds the ciphertext (byte i in bits
//           [8 i +: 8], memory order). Indices into B are modulo 128.
// B does not change while the engine runs (the execute stage is held).
`default_nettype none

module pqx_crv_aes (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         start_i,
  input  logic [6:0]   base_i,
  output logic [6:0]   b_idx_o,    // B read port (combinational, while running)
  input  logic [63:0]  b_word_i,
  output logic         done_o,
  output logic [127:0] ct_o,
  input  logic         ack_i
);

  localparam logic [3:0] LastStep = 4'd13;

  logic [6:0]   base_q;
  logic         run_q, done_q;
  logic [3:0]   step_q;
  logic [127:0] key_q, st_q;
  logic [7:0]   rc_q;                // Rcon of the next round

  assign b_idx_o = base_q + 7'(step_q);

  logic [127:0] key_d, st_d;
  logic [7:0]   rc_d;
  always_comb begin
    key_d = key_q;
    st_d  = st_q;
    rc_d  = rc_q;
    if (run_q) begin   // (idle: a simulator skips the datapath)
      unique case (step_q)
        4'd0: key_d[63:0]   = b_word_i;
        4'd1: key_d[127:64] = b_word_i;
        4'd2: st_d[63:0]    = b_word_i ^ key_q[63:0];
        4'd3: st_d[127:64]  = b_word_i ^ key_q[127:64];
        default: begin
          key_d = pqx_crv_pkg::aes_next_key(key_q, rc_q);
          st_d  = pqx_crv_pkg::aes_round(st_q, key_d, step_q == LastStep);
          rc_d  = pqx_crv_pkg::xtime(rc_q);
        end
      endcase
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      base_q <= '0;
      run_q  <= 1'b0;
      done_q <= 1'b0;
      step_q <= '0;
      key_q  <= '0;
      st_q   <= '0;
      rc_q   <= '0;
    end else if (start_i) begin
      base_q <= base_i;
      run_q  <= 1'b1;
      done_q <= 1'b0;
      step_q <= '0;
      rc_q   <= 8'h01;
    end else if (run_q) begin
      key_q  <= key_d;
      st_q   <= st_d;
      rc_q   <= rc_d;
      step_q <= step_q + 1'b1;
      if (step_q >= LastStep) begin   // (>=: no count past the end)
        run_q  <= 1'b0;
        done_q <= 1'b1;
      end
    end else if (ack_i) begin
      done_q <= 1'b0;
    end
  end

  assign done_o = done_q;
  assign ct_o   = st_q;

endmodule
