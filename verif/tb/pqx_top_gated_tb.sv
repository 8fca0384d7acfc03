// Bench wrapper (simulation only): pqx_top behind the SoC's clock gate, with pqx_top's own ports,
// so that the system tests (unit top_soc) run at those ports on the SoC's build as the SoC
// clocks it: PQX's clock runs while its clock_en_o is high (latched while the clock is low, as
// the SoC's cv32e40x_clock_gate cell does) and stops otherwise; the tests' host follows clk_i,
// which never stops.
`default_nettype none

module pqx_top_gated_tb #(
  parameter bit IssueBypass = 1'b0
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        issue_valid_i,
  output logic        issue_ready_o,
  input  logic [31:0] issue_instr_i,
  input  logic [1:0]  issue_mode_i,
  input  logic [0:0]  issue_hartid_i,
  input  logic [3:0]  issue_id_i,
  output logic        issue_accept_o,
  output logic        issue_writeback_o,
  output logic [2:0]  issue_register_read_o,
  input  logic [95:0] register_rs_i,
  input  logic [2:0]  register_rs_valid_i,
  input  logic        commit_valid_i,
  input  logic [0:0]  commit_hartid_i,
  input  logic [3:0]  commit_id_i,
  input  logic        commit_kill_i,
  output logic        result_valid_o,
  input  logic        result_ready_i,
  output logic [0:0]  result_hartid_o,
  output logic [3:0]  result_id_o,
  output logic [31:0] result_data_o,
  output logic [4:0]  result_rd_o,
  output logic        result_we_o,
  output logic        result_exc_o,
  output logic [5:0]  result_exccode_o,
  output logic        result_dbg_o,
  output logic        result_err_o,
  output logic        dma_req_o,
  output logic        dma_we_o,
  output logic [31:0] dma_addr_o,
  output logic [31:0] dma_wdata_o,
  input  logic        dma_gnt_i,
  input  logic        dma_rvalid_i,
  input  logic [31:0] dma_rdata_i,
  output logic        clock_en_o
);

  logic en_q;
  logic gated_clk;
  always_latch begin
    if (!clk_i) en_q = clock_en_o;
  end
  assign gated_clk = clk_i && en_q;

  pqx_top #(.IssueBypass(IssueBypass)) u_pqx (.clk_i (gated_clk), .*);

endmodule
