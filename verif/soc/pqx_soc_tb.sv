// Bench wrapper of the PQX SoC for the fast `make run` path (verif/soc/sim_main.cpp drives the
// clock and reset from C++; no Python in the per-cycle loop).
//
// Simulation only (this is the bench, not the design): the firmware image is loaded into the
// SoC's RAM with $readmemh from the plusarg +fw=<file.hex> (scripts/fw.py writes it: one 32-bit
// word per line, @<word address> lines). Everything the C++ main reports comes from the SoC's
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
  output logic [31:0] trap_tval_o
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

  string fw;
  initial begin
    if ($value$plusargs("fw=%s", fw)) $readmemh(fw, u_soc.u_ram.mem_q);
    else $fatal(1, "pqx_soc_tb: no firmware image (+fw=<file.hex>)");
  end

endmodule
