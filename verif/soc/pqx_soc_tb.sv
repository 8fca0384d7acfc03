// Bench wrapper of the PQX SoC for the fast `make run` path (verif/soc/sim_main.cpp drives the
// clock and reset from C++; no Python in the per-cycle loop).
//
// Simulation only (this is the bench, not the design): the firmware image is loaded into the
// SoC's RAM with $readmemh from the plusarg +fw=<file.hex> (verif/soc/firmware.py writes it: one 32-bit
// word per line, @<word address> lines); a second image +in=<file.hex>, if given, is loaded over it
// (a scheme's inputs for one run: scripts/schemes.py). Everything the C++ main reports comes from the SoC's
// system-register outputs (exit, putc, the cycle and instruction counts the firmware writes
// before it exits, trap reports).
`default_nettype none

module pqx_soc_tb (
  input  logic        clk_i,
  input  logic        rst_ni,
  output logic        exit_valid_o,
  output logic [31:0] exit_code_o,
  output logic        putc_valid_o,
  output logic [7:0]  putc_char_o,
  output logic [31:0] report_cycles_o,
  output logic [31:0] report_instret_o,
  output logic        trap_valid_o,
  output logic [31:0] trap_cause_o,
  output logic [31:0] trap_epc_o,
  output logic [31:0] trap_tval_o,
  // leakage traces (scripts/tvla.py, verif/soc/sim_main.cpp with PQX_POWER): the value of the
  // last write to the bench's MARK address (0 = not in a trace), and the op code of the PQX
  // instruction that executes or starts this cycle (0 = none)
  output logic [31:0] mark_o,
  output logic [6:0]  pqx_op_o
);

  pqx_soc u_soc (
    .clk_i,
    .rst_ni,
    .exit_valid_o,
    .exit_code_o,
    .putc_valid_o,
    .putc_char_o,
    .report_cycles_o,
    .report_instret_o,
    .trap_valid_o,
    .trap_cause_o,
    .trap_epc_o,
    .trap_tval_o
  );

  // Retirement probe of the lockstep check (`make run CHECK=1`, verif/soc/check_soc.py): the
  // core's writeback stage, read through hierarchical references (bench only). The package's
  // RVFI tracer (bhv/cv32e40x_rvfi.sv) would be the natural source, but Verilator 5.48 stops
  // with an internal error on its interface-typed probe port, so these are the signals it
  // would use: an instruction retires in the cycle wb_valid_o is high (for an instruction
  // that raises an exception too: exception_in_wb), with its register write (rf_we/waddr/wdata).
  logic        retire_valid, retire_exception, retire_rf_we;
  logic [31:0] retire_pc, retire_rf_wdata;
  logic [4:0]  retire_rf_waddr;
  assign retire_valid     = u_soc.u_core.wb_stage_i.wb_valid_o;
  assign retire_exception = u_soc.u_core.controller_i.controller_fsm_i.exception_in_wb;
  assign retire_pc        = u_soc.u_core.wb_stage_i.ex_wb_pipe_i.pc;
  assign retire_rf_we     = u_soc.u_core.wb_stage_i.rf_we_wb_o;
  assign retire_rf_waddr  = u_soc.u_core.wb_stage_i.rf_waddr_wb_o;
  assign retire_rf_wdata  = u_soc.u_core.wb_stage_i.rf_wdata_wb_o;

  // Stores as the core puts them on its data bus (granted write requests), for the same check.
  logic        store_valid;
  logic [31:0] store_addr, store_wdata;
  logic [3:0]  store_be;
  assign store_valid = u_soc.data_req && u_soc.data_gnt && u_soc.data_we;
  assign store_addr  = u_soc.data_addr;
  assign store_wdata = u_soc.data_wdata;
  assign store_be    = u_soc.data_be;

  // MARK (0x8000_0024, an offset the system registers ignore): firmware brackets each leakage
  // trace with a write of its class (non-zero) and a write of 0 (firmware/runtime/pqx_rt.h).
  localparam logic [31:0] MarkAddr = 32'h8000_0024;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)                                   mark_o <= '0;
    else if (store_valid && store_addr == MarkAddr) mark_o <= store_wdata;
  end
  assign pqx_op_o = u_soc.u_pqx.exec_fire || u_soc.u_pqx.mc_start ? u_soc.u_pqx.ex.dec.op : '0;

  string fw, inputs;
  initial begin
    if ($value$plusargs("fw=%s", fw)) $readmemh(fw, u_soc.u_ram.mem_q);
    else $fatal(1, "pqx_soc_tb: no firmware image (+fw=<file.hex>)");
    if ($value$plusargs("in=%s", inputs)) $readmemh(inputs, u_soc.u_ram.mem_q);
  end

endmodule
