// One round of Keccak-f[1600] (FIPS 202, section 3.3), purely combinational.
//
// The state is 1600 bits in the FIPS 202 byte order: lane (x, y) = bits
// [64*(x+5y) +: 64], which is how S and O store it (word w = bytes 4w..4w+3,
// little-endian). The step outputs theta..chi exist so that the round can be
// checked on its own against the XKCP intermediate values after every step; the
// engine uses only state_o (after iota).
`default_nettype none

module pqx_keccak_round (
  input  logic [1599:0] state_i,
  input  logic [4:0]    round_i,   // 0..23, selects the iota constant
  output logic [1599:0] theta_o,
  output logic [1599:0] rho_o,
  output logic [1599:0] pi_o,
  output logic [1599:0] chi_o,
  output logic [1599:0] state_o
);

  // Rotation offset of lane (x, y) in rho.
  function automatic logic [5:0] rho_offset(input int unsigned lane);
    unique case (lane)
      0:  rho_offset = 6'd0;   1:  rho_offset = 6'd1;   2:  rho_offset = 6'd62;
      3:  rho_offset = 6'd28;  4:  rho_offset = 6'd27;  5:  rho_offset = 6'd36;
      6:  rho_offset = 6'd44;  7:  rho_offset = 6'd6;   8:  rho_offset = 6'd55;
      9:  rho_offset = 6'd20;  10: rho_offset = 6'd3;   11: rho_offset = 6'd10;
      12: rho_offset = 6'd43;  13: rho_offset = 6'd25;  14: rho_offset = 6'd39;
      15: rho_offset = 6'd41;  16: rho_offset = 6'd45;  17: rho_offset = 6'd15;
      18: rho_offset = 6'd21;  19: rho_offset = 6'd8;   20: rho_offset = 6'd18;
      21: rho_offset = 6'd2;   22: rho_offset = 6'd61;  23: rho_offset = 6'd56;
      default: rho_offset = 6'd14;
    endcase
  endfunction

  // Round constant of iota.
  function automatic logic [63:0] round_constant(input logic [4:0] round);
    unique case (round)
      5'd0:  round_constant = 64'h0000000000000001;
      5'd1:  round_constant = 64'h0000000000008082;
      5'd2:  round_constant = 64'h800000000000808A;
      5'd3:  round_constant = 64'h8000000080008000;
      5'd4:  round_constant = 64'h000000000000808B;
      5'd5:  round_constant = 64'h0000000080000001;
      5'd6:  round_constant = 64'h8000000080008081;
      5'd7:  round_constant = 64'h8000000000008009;
      5'd8:  round_constant = 64'h000000000000008A;
      5'd9:  round_constant = 64'h0000000000000088;
      5'd10: round_constant = 64'h0000000080008009;
      5'd11: round_constant = 64'h000000008000000A;
      5'd12: round_constant = 64'h000000008000808B;
      5'd13: round_constant = 64'h800000000000008B;
      5'd14: round_constant = 64'h8000000000008089;
      5'd15: round_constant = 64'h8000000000008003;
      5'd16: round_constant = 64'h8000000000008002;
      5'd17: round_constant = 64'h8000000000000080;
      5'd18: round_constant = 64'h000000000000800A;
      5'd19: round_constant = 64'h800000008000000A;
      5'd20: round_constant = 64'h8000000080008081;
      5'd21: round_constant = 64'h8000000000008080;
      5'd22: round_constant = 64'h0000000080000001;
      5'd23: round_constant = 64'h8000000080008008;
      default: round_constant = 64'h0;
    endcase
  endfunction

  logic [4:0][63:0] parity;     // theta column parities C[x]
  logic [4:0][63:0] effect;     // theta D[x] = C[x-1] ^ rot(C[x+1], 1)

  for (genvar x = 0; x < 5; x++) begin : g_parity
    assign parity[x] = state_i[64*x +: 64] ^ state_i[64*(x+5) +: 64] ^ state_i[64*(x+10) +: 64]
                     ^ state_i[64*(x+15) +: 64] ^ state_i[64*(x+20) +: 64];
  end
  for (genvar x = 0; x < 5; x++) begin : g_effect
    assign effect[x] = parity[(x + 4) % 5]
                     ^ {parity[(x + 1) % 5][62:0], parity[(x + 1) % 5][63]};
  end

  for (genvar x = 0; x < 5; x++) begin : g_x
    for (genvar y = 0; y < 5; y++) begin : g_y
      localparam int unsigned Lane = x + 5 * y;
      // pi moves lane (x, y) to (y, 2x + 3y)
      localparam int unsigned PiLane = y + 5 * ((2 * x + 3 * y) % 5);
      localparam logic [5:0] Rot = rho_offset(Lane);
      localparam logic [6:0] RotBack = 7'd64 - {1'b0, Rot};  // 64 when Rot = 0: shifts out
      logic [63:0] theta_lane;
      assign theta_lane = state_i[64*Lane +: 64] ^ effect[x];
      assign theta_o[64*Lane +: 64] = theta_lane;
      assign rho_o[64*Lane +: 64]   = (theta_lane << Rot) | (theta_lane >> RotBack);
      assign pi_o[64*PiLane +: 64]  = rho_o[64*Lane +: 64];
      // chi: A[x,y] ^= ~A[x+1,y] & A[x+2,y]
      assign chi_o[64*Lane +: 64]   = pi_o[64*Lane +: 64]
          ^ (~pi_o[64*(((x + 1) % 5) + 5 * y) +: 64] & pi_o[64*(((x + 2) % 5) + 5 * y) +: 64]);
    end
  end

  assign state_o = {chi_o[1599:64], chi_o[63:0] ^ round_constant(round_i)};

endmodule
