// Bench wrapper (simulation only) of the pyuvm system tests (verif/uvm/): pqx_top with pqx_top's
// own ports, a clock made inside the simulation and a change flag for the monitor.
//
// * Clock: a zero-width pulse every 10 ns (the posedge and the negedge in one time step: one
//   model evaluation per cycle, no VPI write or callback per edge; pqx_top uses posedges only).
//   The testbench wakes on timers aligned with the edges (verif/uvm/bfm.py, HarnessClock).
// * GatedClock=1: pqx_top behind the SoC's clock gate (unit top_soc): its clock runs while its
//   clock_en_o is high (latched while the clock is low, as the SoC's cv32e40x_clock_gate cell
//   does) and stops otherwise; the host's cycles follow the free-running clock.
// * xif_o: every CV-X-IF value of the cycle in one word (one read per sample for the monitor);
//   xif_changed_o: 1 in a cycle whose xif_o differs from what the last clock edge captured.
//   Fields that mean nothing in a cycle are masked (the request's fields while
//   issue_valid is low, the commit's while commit_valid is low, the result's and result_ready
//   while result_valid is low), so a cycle in which xif_changed_o stays 0 repeats the last
//   cycle's transfers exactly and the monitor may skip it.
// * The host's inputs are registered: the host writes them at a clock edge before the model
//   evaluates that edge (verif/uvm/bfm.py: immediate writes), the edge takes them, and pqx_top
//   sees them in the cycle that edge starts, as it saw the ports written just after the edge
//   before. The logic behind them (the issue bypass hangs the execute units off the request,
//   and commit and result_ready start them) is then evaluated with the clock, when something
//   changed, instead of in every evaluation as logic hanging off top-level inputs.
//   Commit, result_ready and the DMA bus's responses are also taken when load_i changes: the
//   host writes them after the edge's evaluation, for the cycle in progress, when it commits in
//   the issue cycle (it has to see the handshake first), and so does the DMA memory when it
//   wakes on dma_req_o; each then toggles load_i.
// * No code coverage of the bench's own ports and logic (scripts/coverage.py counts rtl/ only;
//   their toggle points cost time in every evaluation); pqx_top's points are its own.
`default_nettype none

/* verilator coverage_off */
module pqx_top_xif_tb #(
  parameter bit          Pipelined = 1'b0,
  parameter int unsigned KeccakRoundsPerCycle = 1,
  parameter int unsigned PolyButterflies = 2,
  parameter bit          IssueBypass = 1'b1,
  parameter bit          GatedClock = 1'b0
) (
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
  input  logic        load_i,
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
  output logic        clock_en_o,
  output logic [200:0] xif_o,
  output logic        xif_changed_o
);

  logic clk_i = 1'b0;
  initial forever begin
    #10ns;
    clk_i = 1'b1;
    #0 clk_i = 1'b0;
  end

  logic pqx_clk;
  if (GatedClock) begin : g_gate
    logic en_q;
    always_latch begin
      if (!clk_i) en_q = clock_en_o;
    end
    assign pqx_clk = clk_i && en_q;
  end else begin : g_free
    assign pqx_clk = clk_i;
  end

  logic        issue_valid_q;
  logic [31:0] issue_instr_q;
  logic [1:0]  issue_mode_q;
  logic [0:0]  issue_hartid_q;
  logic [3:0]  issue_id_q;
  logic [95:0] register_rs_q;
  logic [2:0]  register_rs_valid_q;
  always_ff @(posedge clk_i) begin
    issue_valid_q       <= issue_valid_i;
    issue_instr_q       <= issue_instr_i;
    issue_mode_q        <= issue_mode_i;
    issue_hartid_q      <= issue_hartid_i;
    issue_id_q          <= issue_id_i;
    register_rs_q       <= register_rs_i;
    register_rs_valid_q <= register_rs_valid_i;
  end

  logic        commit_valid_q;
  logic [0:0]  commit_hartid_q;
  logic [3:0]  commit_id_q;
  logic        commit_kill_q;
  logic        result_ready_q;
  logic        dma_gnt_q;
  logic        dma_rvalid_q;
  logic [31:0] dma_rdata_q;
  always_ff @(posedge clk_i or edge load_i) begin
    commit_valid_q  <= commit_valid_i;
    commit_hartid_q <= commit_hartid_i;
    commit_id_q     <= commit_id_i;
    commit_kill_q   <= commit_kill_i;
    result_ready_q  <= result_ready_i;
    dma_gnt_q       <= dma_gnt_i;
    dma_rvalid_q    <= dma_rvalid_i;
    dma_rdata_q     <= dma_rdata_i;
  end

  pqx_top #(
    .Pipelined           (Pipelined),
    .KeccakRoundsPerCycle(KeccakRoundsPerCycle),
    .PolyButterflies     (PolyButterflies),
    .IssueBypass         (IssueBypass)
  ) u_pqx (
    .clk_i              (pqx_clk),
    .issue_valid_i      (issue_valid_q),
    .issue_instr_i      (issue_instr_q),
    .issue_mode_i       (issue_mode_q),
    .issue_hartid_i     (issue_hartid_q),
    .issue_id_i         (issue_id_q),
    .register_rs_i      (register_rs_q),
    .register_rs_valid_i(register_rs_valid_q),
    .commit_valid_i     (commit_valid_q),
    .commit_hartid_i    (commit_hartid_q),
    .commit_id_i        (commit_id_q),
    .commit_kill_i      (commit_kill_q),
    .result_ready_i     (result_ready_q),
    .dma_gnt_i          (dma_gnt_q),
    .dma_rvalid_i       (dma_rvalid_q),
    .dma_rdata_i        (dma_rdata_q),
    .*
  );

  logic [140:0] issue_seen;
  logic [4:0]   commit_seen;
  logic [51:0]  result_seen;
  assign issue_seen = issue_valid_q ? {issue_ready_o, issue_instr_q, issue_id_q, register_rs_q,
                                       register_rs_valid_q, issue_accept_o, issue_writeback_o,
                                       issue_register_read_o} : '0;
  assign commit_seen = commit_valid_q ? {commit_id_q, commit_kill_q} : '0;
  assign result_seen = result_valid_o ? {result_ready_q, result_id_o, result_data_o, result_rd_o,
                                         result_we_o, result_exc_o, result_exccode_o,
                                         result_dbg_o, result_err_o} : '0;
  logic [200:0] xif_last;
  // (verif/uvm/bfm.py, XifBfm.sample, takes the fields apart in this order)
  assign xif_o = {issue_valid_q, issue_seen, commit_valid_q, commit_seen, result_valid_o,
                  result_seen};
  always_ff @(posedge clk_i) xif_last <= xif_o;
  assign xif_changed_o = xif_o != xif_last;

endmodule
/* verilator coverage_on */
