// PQX SoC system registers: what firmware uses to talk to the bench (exit, console,
// counters, trap reports, PQX's exceptions). Base 0x8000_0000 (the SoC sends every data
// access with addr[31] = 1 here); offsets, 32-bit, write-only except PQX_EXC:
//
//   0x00 EXIT        exit_valid_o pulses for one cycle, exit_code_o = the written word
//   0x04 PUTC        putc_valid_o pulses for one cycle, putc_char_o = wdata[7:0]
//   0x08 CYCLES      latched into report_cycles_o  (firmware writes mcycle before EXIT)
//   0x0C INSTRET     latched into report_instret_o (minstret, before EXIT)
//   0x10 TRAP_CAUSE  latched into trap_cause_o
//   0x14 TRAP_EPC    latched into trap_epc_o
//   0x18 TRAP_TVAL   latched into trap_tval_o
//   0x1C TRAP        trap_valid_o pulses for one cycle (the trap handler writes the three above first)
//   0x20 PQX_EXC     read/write: the number of PQX results with exc = 1 the core has taken
//                    (pqx_exc_i pulses once per such result handshake; the core itself
//                    ignores result.exc apart from suppressing the register write, so this
//                    is how firmware learns of PQX's out-of-range exceptions, like a sticky
//                    floating-point flag). A write sets it (firmware writes 0 to clear); a
//                    write and an exception in the same cycle: the write wins.
//
// Schedule: OBI-style like the RAM: gnt = req, rvalid one cycle after the request,
// rdata with rvalid (PQX_EXC as it was in the request cycle; every other offset reads
// 0). A write takes effect at the clock edge that ends its request
// cycle, so every output is a flop: a pulse is high for exactly the cycle after
// that edge, and a latched value is visible from the same cycle on (EXIT written
// after CYCLES/INSTRET therefore sees them already latched). Byte enables are
// ignored (the whole word is taken; a `sb` to PUTC works because byte lane 0 is
// wdata[7:0]). Offsets 0x24 and up (addr[30:6] != 0, or 0x24..0x3C) are ignored.
`default_nettype none

module pqx_soc_sysregs (
  input  logic        clk_i,
  input  logic        rst_ni,

  // bus (OBI-style, data port of the core after the SoC's address decode)
  input  logic        req_i,
  input  logic        we_i,
  input  logic [31:0] addr_i,
  input  logic [31:0] wdata_i,
  output logic        gnt_o,
  output logic        rvalid_o,
  output logic [31:0] rdata_o,

  // from the SoC: a PQX result with exc = 1 was taken by the core this cycle
  input  logic        pqx_exc_i,

  // to the bench
  output logic        exit_valid_o,
  output logic [31:0] exit_code_o,
  output logic        putc_valid_o,
  output logic [7:0]  putc_char_o,
  output logic [31:0] report_cycles_o,
  output logic [31:0] report_instret_o,
  output logic        trap_valid_o,
  output logic [31:0] trap_cause_o,
  output logic [31:0] trap_epc_o,
  output logic [31:0] trap_tval_o
);

  localparam logic [3:0] RegExit      = 4'd0;
  localparam logic [3:0] RegPutc      = 4'd1;
  localparam logic [3:0] RegCycles    = 4'd2;
  localparam logic [3:0] RegInstret   = 4'd3;
  localparam logic [3:0] RegTrapCause = 4'd4;
  localparam logic [3:0] RegTrapEpc   = 4'd5;
  localparam logic [3:0] RegTrapTval  = 4'd6;
  localparam logic [3:0] RegTrap      = 4'd7;
  localparam logic [3:0] RegPqxExc    = 4'd8;

  logic       wr, rd;
  logic [3:0] sel;

  assign sel = addr_i[5:2];
  assign wr  = req_i && we_i && (addr_i[30:6] == '0);
  assign rd  = req_i && !we_i && (addr_i[30:6] == '0) && sel == RegPqxExc;

  assign gnt_o = req_i;

  logic        rvalid_q;
  logic [31:0] exc_count_q, rdata_q;
  logic        exit_valid_q, putc_valid_q, trap_valid_q;
  logic [31:0] exit_code_q, cycles_q, instret_q, cause_q, epc_q, tval_q;
  logic [7:0]  putc_char_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rvalid_q     <= 1'b0;
      exit_valid_q <= 1'b0;
      putc_valid_q <= 1'b0;
      trap_valid_q <= 1'b0;
      exit_code_q  <= '0;
      putc_char_q  <= '0;
      cycles_q     <= '0;
      instret_q    <= '0;
      cause_q      <= '0;
      epc_q        <= '0;
      tval_q       <= '0;
      exc_count_q  <= '0;
      rdata_q      <= '0;
    end else begin
      rvalid_q     <= req_i;
      exit_valid_q <= wr && sel == RegExit;
      putc_valid_q <= wr && sel == RegPutc;
      trap_valid_q <= wr && sel == RegTrap;
      if (wr && sel == RegExit)      exit_code_q <= wdata_i;
      if (wr && sel == RegPutc)      putc_char_q <= wdata_i[7:0];
      if (wr && sel == RegCycles)    cycles_q    <= wdata_i;
      if (wr && sel == RegInstret)   instret_q   <= wdata_i;
      if (wr && sel == RegTrapCause) cause_q     <= wdata_i;
      if (wr && sel == RegTrapEpc)   epc_q       <= wdata_i;
      if (wr && sel == RegTrapTval)  tval_q      <= wdata_i;
      if (wr && sel == RegPqxExc)    exc_count_q <= wdata_i;
      else if (pqx_exc_i)            exc_count_q <= exc_count_q + 32'd1;
      rdata_q      <= rd ? exc_count_q : 32'd0;
    end
  end

  assign rvalid_o         = rvalid_q;
  assign rdata_o          = rdata_q;
  assign exit_valid_o     = exit_valid_q;
  assign exit_code_o      = exit_code_q;
  assign putc_valid_o     = putc_valid_q;
  assign putc_char_o      = putc_char_q;
  assign report_cycles_o  = cycles_q;
  assign report_instret_o = instret_q;
  assign trap_valid_o     = trap_valid_q;
  assign trap_cause_o     = cause_q;
  assign trap_epc_o       = epc_q;
  assign trap_tval_o      = tval_q;

  // addr[31] selected this block (SoC decode); addr[1:0]: word registers.
  logic unused_addr;
  assign unused_addr = ^{addr_i[31], addr_i[1:0]};

endmodule
