// PQX state unit: the Keccak state S and output buffer O (50 x 32 bit each) and the
// instructions that move words in and out of them.
//
// Schedule: every instruction takes one cycle. On `start_i` the result
// (`data_o`, `exc_o`) is valid combinationally in the same cycle and S/O update at
// the following clock edge; the dispatch stage registers the result. Out-of-range
// indices (LOAD/KABSORB i > 48, STORE/SREAD/OWRITE i > 49, KREAD3 o > 197) raise `exc_o` and
// leave S and O unchanged. Reset and KINIT clear both buffers.
//
//   LOAD     S[i] <- rs1, S[i+1] <- rs2                 (i = rs3[5:0])
//   KABSORB  S[i] ^= rs1, S[i+1] ^= rs2
//   KINIT    S <- 0, O <- 0
//   STORE    rd <- O[rs1]
//   SREAD    rd <- S[rs1]                                (context save; LOAD restores S)
//   OWRITE   O[rs2] <- rs1                               (context restore; STORE saves O)
//   KREAD3   rd <- {8'b0, O bytes o+2, o+1, o}          (o = rs1[7:0])
//   COMPARE_U32  rd <- (rs1 == rs2)
`default_nettype none

module pqx_state_unit
(
  input  logic                         clk_i,
  input  logic                         rst_ni,

  input  logic                         start_i,
  input  pqx_pkg::op_e                          op_i,
  input  logic [31:0]                  rs1_i,
  input  logic [31:0]                  rs2_i,
  input  logic [31:0]                  rs3_i,
  output logic [31:0]                  data_o,
  output logic                         exc_o,

  output logic [pqx_pkg::NumWords*32-1:0] s_o,
  output logic [pqx_pkg::NumWords*32-1:0] o_o,           // O (POLY_CBD samples its bytes)
  input  logic [pqx_pkg::NumWords-1:0]    s_wmask_i,   // word w of S <- s_wdata_i word w
  input  logic [pqx_pkg::NumWords*32-1:0] s_wdata_i,
  input  logic [pqx_pkg::NumWords-1:0]    o_wmask_i,
  input  logic [pqx_pkg::NumWords*32-1:0] o_wdata_i
);

  logic [pqx_pkg::NumWords-1:0][31:0] s_q, s_d;
  logic [pqx_pkg::NumWords-1:0][31:0] o_q, o_d;

  logic [pqx_pkg::NumWords*32-1:0]    o_bytes;  // O as 200 little-endian bytes
  logic [5:0] pair_idx;     // LOAD/KABSORB word index
  logic [7:0] byte_idx;     // KREAD3 byte offset
  logic       pair_ok, store_ok, read3_ok, owrite_ok;

  assign o_bytes  = o_q;
  assign o_o      = o_q;
  assign pair_idx = rs3_i[5:0];
  assign byte_idx = rs1_i[7:0];
  assign pair_ok  = (pair_idx <= 6'(pqx_pkg::MaxLoadIdx));
  assign store_ok = (rs1_i <= 32'(pqx_pkg::MaxStoreIdx));
  assign read3_ok = (byte_idx <= 8'(pqx_pkg::MaxRead3Idx));
  assign owrite_ok = (rs2_i <= 32'(pqx_pkg::MaxStoreIdx));

  always_comb begin
    // The write ports are idle in almost every cycle: the per-word loops sit behind a test of
    // the whole mask, so that a simulator skips them then (same values either way).
    s_d = s_q;
    o_d = o_q;
    if (s_wmask_i != '0) begin
      for (int unsigned w = 0; w < pqx_pkg::NumWords; w++) begin
        if (s_wmask_i[w]) s_d[w] = s_wdata_i[32*w +: 32];
      end
    end
    if (o_wmask_i != '0) begin
      for (int unsigned w = 0; w < pqx_pkg::NumWords; w++) begin
        if (o_wmask_i[w]) o_d[w] = o_wdata_i[32*w +: 32];
      end
    end
    data_o = '0;
    exc_o  = 1'b0;
    if (start_i) begin
      unique case (op_i)
        pqx_pkg::OpLoad: begin
          if (pair_ok) begin
            s_d[pair_idx]        = rs1_i;
            s_d[pair_idx + 6'd1] = rs2_i;
          end else begin
            exc_o = 1'b1;
          end
        end
        pqx_pkg::OpKabsorb: begin
          if (pair_ok) begin
            s_d[pair_idx]        = s_q[pair_idx] ^ rs1_i;
            s_d[pair_idx + 6'd1] = s_q[pair_idx + 6'd1] ^ rs2_i;
          end else begin
            exc_o = 1'b1;
          end
        end
        pqx_pkg::OpKinit: begin
          s_d = '0;
          o_d = '0;
        end
        pqx_pkg::OpStore: begin
          if (store_ok) data_o = o_q[rs1_i[5:0]];
          else          exc_o  = 1'b1;
        end
        pqx_pkg::OpSread: begin
          if (store_ok) data_o = s_q[rs1_i[5:0]];
          else          exc_o  = 1'b1;
        end
        pqx_pkg::OpOwrite: begin
          // one comparison per word rather than an indexed write: the `state` proof (all 50
          // words at once) has no verdict in 15 minutes with the indexed form
          for (int unsigned w = 0; w < pqx_pkg::NumWords; w++) begin
            if (rs2_i == 32'(w)) o_d[w] = rs1_i;
          end
          if (!owrite_ok) exc_o = 1'b1;
        end
        pqx_pkg::OpKread3: begin
          if (read3_ok) data_o = {8'b0, o_bytes[byte_idx * 8 +: 24]};
          else          exc_o  = 1'b1;
        end
        pqx_pkg::OpCompareU32: data_o = {31'b0, rs1_i == rs2_i};
        default: ;
      endcase
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      s_q <= '0;
      o_q <= '0;
    end else begin
      s_q <= s_d;
      o_q <= o_d;
    end
  end

  assign s_o = s_q;

  // Only the word index of rs3 is an operand.
  logic unused_rs3;
  assign unused_rs3 = ^rs3_i[31:6];

endmodule
