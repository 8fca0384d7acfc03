// PQX SoC: the arbiter that shares the RAM's data port between the core's data port and PQX's
// polynomial DMA (both OBI-style masters: a request is held until granted, then answered once,
// in order).
//
// Schedule: the RAM grants every request at once and answers exactly one cycle later
// (pqx_soc_ram), so the arbiter grants one master per cycle and routes the next cycle's
// response to it (owner_q). The core always wins: when both request in one cycle, the DMA's
// request stays pending, ungranted, which is the back-pressure the DMA must take; the DMA
// takes every cycle the core's data port leaves free (the core waits for PQX at the issue port
// or runs non-memory instructions most of the time; a core loop that accesses memory in every
// cycle stalls the DMA for its length). The core must never wait for a grant: the CV32E40X
// drops the register write of an offloaded instruction whose issue handshake happens while a
// load or store waits in EX (erratum E2, docs/errata.md; an earlier round-robin arbiter made the
// core wait one cycle against the DMA and lost a STORE result, found by
// firmware/tests/context_switch.c). Requests to the system registers never come here (the SoC
// decodes the core's address first).
`default_nettype none

module pqx_soc_arbiter (
  input  logic        clk_i,
  input  logic        rst_ni,

  // master 0: the core's data port (RAM addresses only)
  input  logic        core_req_i,
  input  logic        core_we_i,
  input  logic [3:0]  core_be_i,
  input  logic [31:0] core_addr_i,
  input  logic [31:0] core_wdata_i,
  output logic        core_gnt_o,
  output logic        core_rvalid_o,

  // master 1: PQX's DMA (whole words)
  input  logic        dma_req_i,
  input  logic        dma_we_i,
  input  logic [31:0] dma_addr_i,
  input  logic [31:0] dma_wdata_i,
  output logic        dma_gnt_o,
  output logic        dma_rvalid_o,

  // the RAM's data port (read data goes to both masters unchanged)
  output logic        ram_req_o,
  output logic        ram_we_o,
  output logic [3:0]  ram_be_o,
  output logic [31:0] ram_addr_o,
  output logic [31:0] ram_wdata_o,
  input  logic        ram_gnt_i,
  input  logic        ram_rvalid_i
);

  logic pick_dma;      // this cycle's grant goes to the DMA
  logic owner_dma_q;   // the response of this cycle is the DMA's

  assign pick_dma = dma_req_i && !core_req_i;

  assign ram_req_o   = core_req_i || dma_req_i;
  assign ram_we_o    = pick_dma ? dma_we_i    : core_we_i;
  assign ram_be_o    = pick_dma ? 4'hF        : core_be_i;
  assign ram_addr_o  = pick_dma ? dma_addr_i  : core_addr_i;
  assign ram_wdata_o = pick_dma ? dma_wdata_i : core_wdata_i;

  assign core_gnt_o = ram_gnt_i && core_req_i && !pick_dma;
  assign dma_gnt_o  = ram_gnt_i && pick_dma;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      owner_dma_q <= 1'b0;
    end else begin
      if (ram_req_o && ram_gnt_i) owner_dma_q <= pick_dma;
    end
  end

  assign core_rvalid_o = ram_rvalid_i && !owner_dma_q;
  assign dma_rvalid_o  = ram_rvalid_i && owner_dma_q;

endmodule
