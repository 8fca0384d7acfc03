// PQX polynomial unit: the slot memory, 8 slots x 256 coefficients of 24 bits.
//
// Schedule: four asynchronous read ports (the engine reads two coefficients of each of two
// slots in its read cycle; the unit's POLY_RD uses port 0 while the engine is idle) and two
// write ports written at the clock edge (the engine's two results, POLY_WR on port 0, the
// clearing after reset on both). The two write addresses of one cycle always differ. No reset:
// the unit clears the memory after reset (pqx_poly_unit).
`default_nettype none

module pqx_poly_mem (
  input  logic                             clk_i,
  input  logic [3:0][pqx_poly_pkg::AddrW-1:0] raddr_i,
  output logic [3:0][pqx_poly_pkg::CoefW-1:0] rdata_o,
  input  logic [1:0]                       we_i,
  input  logic [1:0][pqx_poly_pkg::AddrW-1:0] waddr_i,
  input  logic [1:0][pqx_poly_pkg::CoefW-1:0] wdata_i
);

  logic [pqx_poly_pkg::CoefW-1:0] mem_q [pqx_poly_pkg::Addrs];

  always_ff @(posedge clk_i) begin
    if (we_i[0]) mem_q[waddr_i[0]] <= wdata_i[0];
    if (we_i[1]) mem_q[waddr_i[1]] <= wdata_i[1];
  end

  for (genvar p = 0; p < 4; p++) begin : g_read
    assign rdata_o[p] = mem_q[raddr_i[p]];
  end

endmodule
