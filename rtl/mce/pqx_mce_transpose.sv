// PQX 64 x 64-bit transpose store (TR_WR / TR_RD): written a half row at a time, read a half
// column at a time, so that firmware transposes a bit matrix in 128 writes and 128 reads (the
// McEliece seed's cross-wired store; a plain register file there was one of its defects).
//
// Schedule: writes take effect at the end of the cycle of we_i; reads are combinational from
// the stored bits while re_i (the unit registers the result).
//   write  row r, half h:  bits [32 h +: 32] of row r = wdata_i
//   read   column c, half h: rdata_o[k] = bit c of row 32 h + k, k = 0..31
`default_nettype none

module pqx_mce_transpose (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        we_i,
  input  logic [5:0]  wrow_i,
  input  logic        whalf_i,
  input  logic [31:0] wdata_i,
  input  logic        re_i,       // a read this cycle (otherwise rdata_o is 0)
  input  logic [5:0]  rcol_i,
  input  logic        rhalf_i,
  output logic [31:0] rdata_o
);

  localparam int unsigned Size = 64;   // two 32-bit halves per row and per column

  logic [Size*Size-1:0] bits_q;        // row r in bits [Size r +: Size]

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      bits_q <= '0;
    end else if (we_i) begin
      for (int r = 0; r < Size; r++) begin
        if (r == int'(wrow_i)) begin
          if (whalf_i) bits_q[r*Size + 32 +: 32] <= wdata_i;
          else         bits_q[r*Size +: 32]      <= wdata_i;
        end
      end
    end
  end

  // Column c of the rows 32 h .. 32 h + 31: each bit crosses from a row to the output word.
  logic [Size-1:0] col;            // bit r = bit rcol_i of row r
  always_comb begin
    col = '0;
    if (re_i) begin   // (a simulator skips the 64 selections when nothing is read)
      for (int r = 0; r < Size; r++) col[r] = bits_q[r*Size + int'(rcol_i)];
    end
  end
  assign rdata_o = rhalf_i ? col[63:32] : col[31:0];

endmodule
