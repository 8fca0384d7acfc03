// PQX SoC RAM: one word array behind two OBI-style ports, as the CV32E40X core's
// instruction and data interfaces expect them.
//
//   instruction port  read only.
//   data port         read/write, byte enables (be[k] writes bits 8k+7:8k).
//
// Schedule of both ports: gnt = req (the RAM always grants, so every request is
// accepted in the cycle it is made); the response comes exactly one cycle later:
// rvalid is high in the cycle after the request and rdata is registered (a read
// gets the word as it was before that clock edge; a write's response keeps the
// previous rdata, which the core ignores). A request every cycle is fine:
// responses come back in request order. Word address = addr[AddrW+1:2], i.e. the
// byte address modulo 4*Words (the RAM answers every address it is given; the SoC
// decides which addresses reach it). Words must be a power of two, at most 2**29.
// No error responses.
//
// Storage: mem_q[Words] of 32-bit words, word k at byte address 4k. A bench fills
// it by hierarchical reference (e.g. $readmemh(file, u_soc.u_ram.mem_q)); it is
// not reset and nothing here is simulation-only.
`default_nettype none

module pqx_soc_ram #(
  parameter int unsigned Words = 131072    // 512 KiB
) (
  input  logic        clk_i,
  input  logic        rst_ni,

  // instruction port (read only)
  input  logic        instr_req_i,
  input  logic [31:0] instr_addr_i,
  output logic        instr_gnt_o,
  output logic        instr_rvalid_o,
  output logic [31:0] instr_rdata_o,

  // data port
  input  logic        data_req_i,
  input  logic        data_we_i,
  input  logic [3:0]  data_be_i,
  input  logic [31:0] data_addr_i,
  input  logic [31:0] data_wdata_i,
  output logic        data_gnt_o,
  output logic        data_rvalid_o,
  output logic [31:0] data_rdata_o
);

  localparam int unsigned AddrW = (Words > 1) ? $clog2(Words) : 1;

  logic [31:0] mem_q [Words];

  logic [AddrW-1:0] instr_idx;
  logic [AddrW-1:0] data_idx;
  logic             instr_rvalid_q;
  logic             data_rvalid_q;
  logic [31:0]      instr_rdata_q;
  logic [31:0]      data_rdata_q;

  assign instr_idx = instr_addr_i[AddrW+1:2];
  assign data_idx  = data_addr_i[AddrW+1:2];

  assign instr_gnt_o = instr_req_i;
  assign data_gnt_o  = data_req_i;

  // Storage and read data: no reset (a memory).
  always_ff @(posedge clk_i) begin
    if (data_req_i && data_we_i) begin
      for (int unsigned k = 0; k < 4; k++) begin
        if (data_be_i[k]) begin
          mem_q[data_idx][8*k +: 8] <= data_wdata_i[8*k +: 8];
        end
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (instr_req_i) begin
      instr_rdata_q <= mem_q[instr_idx];
    end
    if (data_req_i && !data_we_i) begin
      data_rdata_q <= mem_q[data_idx];
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      instr_rvalid_q <= 1'b0;
      data_rvalid_q  <= 1'b0;
    end else begin
      instr_rvalid_q <= instr_req_i;
      data_rvalid_q  <= data_req_i;
    end
  end

  assign instr_rvalid_o = instr_rvalid_q;
  assign instr_rdata_o  = instr_rdata_q;
  assign data_rvalid_o  = data_rvalid_q;
  assign data_rdata_o   = data_rdata_q;

  // Address bits above the RAM's size and the byte offset are not decoded here.
  logic unused_addr;
  assign unused_addr = ^{instr_addr_i[31:AddrW+2], instr_addr_i[1:0],
                         data_addr_i[31:AddrW+2], data_addr_i[1:0]};

endmodule
