// PQX polynomial unit: the slot memory, 8 slots x 256 coefficients of 24 bits, in 2 B banks
// (B = Butterflies, the engine's butterfly units).
//
// Banking. Coefficient i of a slot lives in bank {parity(i[7:lb]), i[lb-1:0]} (lb = log2 B) at
// row {slot, i[7:lb+1]}. Every engine step touches 2 B coefficients of one slot that are
// either {j + c, j + len + c : c < B} with j a multiple of B and len >= B (the two halves
// differ in one bit at or above lb, so in the parity) or 2 B consecutive coefficients from a
// multiple of 2 B (a small-len layer, a pair step, the clear): either way one per bank, so each
// bank needs one write port and one read port per operand slot (this takes the place of the
// RoCC seed's FIFO and reordering unit: conflict-free operands every cycle).
//
// Ports. Read ports 0 .. 2B-1 are group a (the engine's slot a; the unit's POLY_RD and the
// DMA's store reads on ports 0 and 1), 2B .. 4B-1 group b (PWM's second factor); each bank has
// one asynchronous read per group. Write ports 0 .. 2B-1, written at the clock edge. Within a
// group (and among the write ports) a bank serves the lowest-numbered port that addresses it:
// the callers guarantee that the ports they use address distinct banks (the engine by the
// mapping above, the DMA with a pair 2k, 2k + 1, POLY_RD / POLY_WR alone on port 0), so a port
// the caller does not use never disturbs port 0. No reset: the unit clears the memory after
// reset (pqx_poly_engine).
`default_nettype none

module pqx_poly_mem #(
  parameter int unsigned Butterflies = 2   // 1, 2 or 4
) (
  input  logic                                               clk_i,
  input  logic [4*Butterflies-1:0][pqx_poly_pkg::AddrW-1:0] raddr_i,
  output logic [4*Butterflies-1:0][pqx_poly_pkg::CoefW-1:0] rdata_o,
  input  logic [2*Butterflies-1:0]                          we_i,
  input  logic [2*Butterflies-1:0][pqx_poly_pkg::AddrW-1:0] waddr_i,
  input  logic [2*Butterflies-1:0][pqx_poly_pkg::CoefW-1:0] wdata_i
);

  localparam int unsigned AW    = pqx_poly_pkg::AddrW;
  localparam int unsigned CW    = pqx_poly_pkg::CoefW;
  localparam int unsigned Banks = 2 * Butterflies;
  localparam int unsigned Ports = 2 * Butterflies;          // per group, and write ports
  localparam int unsigned LB    = $clog2(Butterflies);
  localparam int unsigned BW    = LB + 1;                    // bank number
  localparam int unsigned RW    = AW - BW;                   // row within a bank
  localparam int unsigned Rows  = pqx_poly_pkg::Addrs / Banks;

  function automatic logic [BW-1:0] bank_of(logic [7:0] i);   // i: the index in the slot
    bank_of = BW'(pqx_poly_pkg::bank_of(i, LB));
  endfunction

  function automatic logic [RW-1:0] row_of(logic [AW-1:0] a);
    row_of = RW'((32'(a[AW-1:8]) << (7 - LB)) | 32'(a[7:0] >> (LB + 1)));
  endfunction

  logic [Banks-1:0][1:0][CW-1:0] bank_rdata;   // each bank's read data per group

  for (genvar k = 0; k < Banks; k++) begin : g_bank
    logic [CW-1:0] mem_q [Rows];

    logic          wen;
    logic [RW-1:0] wrow;
    logic [CW-1:0] wdat;
    always_comb begin
      wen  = 1'b0;
      wrow = '0;
      wdat = '0;
      for (int p = Ports - 1; p >= 0; p--) begin
        if (we_i[p] && bank_of(waddr_i[p][7:0]) == BW'(k)) begin
          wen  = 1'b1;
          wrow = row_of(waddr_i[p]);
          wdat = wdata_i[p];
        end
      end
    end

    always_ff @(posedge clk_i) begin
      if (wen) mem_q[wrow] <= wdat;
    end

    for (genvar g = 0; g < 2; g++) begin : g_group
      logic [RW-1:0] rrow;
      always_comb begin
        rrow = '0;
        for (int p = Ports - 1; p >= 0; p--) begin
          if (bank_of(raddr_i[g * Ports + p][7:0]) == BW'(k)) rrow = row_of(raddr_i[g * Ports + p]);
        end
      end
      assign bank_rdata[k][g] = mem_q[rrow];
    end
  end

  for (genvar p = 0; p < 2 * Ports; p++) begin : g_read
    assign rdata_o[p] = bank_rdata[bank_of(raddr_i[p][7:0])][p / Ports];
  end

endmodule
