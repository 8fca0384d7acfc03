// Multi-cycle instructions inside pqx_top (formal/README.md): for every state and
// every input, combinationally (so a depth-1 induction is a proof for all reachable
// states and more):
//   T1  while a permutation instruction runs (mc_busy_q) and has not finished,
//       nothing else executes and nothing writes S or O
//   T2  KSTART never writes S; KPERM writes all of S; THASH/PRF write only S[0..nw-1]
//       (at most 8 words), CHAIN only S[11..23] (ADRS word 7 and in1)
//   T3  a multi-cycle instruction starts only while none runs
//   T4  MODP_MONTYMUL (the arithmetic unit's multi-cycle instruction) writes neither
//       S nor O
`default_nettype none

module pqx_keccak_top_props #(
  parameter bit Pipelined = 1'b0   // the prove_pipe task: pqx_top's pipelined build
) (
  input logic        clk_i,
  input logic        rst_ni,
  input logic        issue_valid_i,
  input logic [31:0] issue_instr_i,
  input logic [1:0]  issue_mode_i,
  input logic [0:0]  issue_hartid_i,
  input logic [3:0]  issue_id_i,
  input logic [95:0] register_rs_i,
  input logic [2:0]  register_rs_valid_i,
  input logic        commit_valid_i,
  input logic [0:0]  commit_hartid_i,
  input logic [3:0]  commit_id_i,
  input logic        commit_kill_i,
  input logic        result_ready_i
);

  logic unused_outputs;
  logic        issue_ready, accept, writeback, result_valid, result_we, result_exc, result_dbg,
               result_err;
  logic [2:0]  register_read;
  logic [0:0]  result_hartid;
  logic [3:0]  result_id;
  logic [31:0] result_data;
  logic [4:0]  result_rd;
  logic [5:0]  result_exccode;

  // The polynomial unit's DMA bus (POLY_LD/POLY_ST): any bus behaviour is legal (the DMA
  // ignores rvalid with nothing outstanding and reduces any rdata), so the inputs are free
  // every cycle and the outputs unused.
  (* anyseq *) logic        dma_gnt, dma_rvalid;
  (* anyseq *) logic [31:0] dma_rdata;
  logic        dma_req, dma_we;
  logic [31:0] dma_addr, dma_wdata;
  logic        unused_dma;
  assign unused_dma = ^{dma_req, dma_we, dma_addr, dma_wdata};

  pqx_top #(.Pipelined(Pipelined)) dut (
    .clk_i, .rst_ni, .issue_valid_i, .issue_ready_o(issue_ready), .issue_instr_i, .issue_mode_i,
    .issue_hartid_i, .issue_id_i, .issue_accept_o(accept), .issue_writeback_o(writeback),
    .issue_register_read_o(register_read), .register_rs_i, .register_rs_valid_i, .commit_valid_i,
    .commit_hartid_i, .commit_id_i, .commit_kill_i, .result_valid_o(result_valid),
    .result_ready_i, .result_hartid_o(result_hartid), .result_id_o(result_id),
    .result_data_o(result_data), .result_rd_o(result_rd), .result_we_o(result_we),
    .result_exc_o(result_exc), .result_exccode_o(result_exccode), .result_dbg_o(result_dbg),
    .result_err_o(result_err),
    .dma_req_o(dma_req), .dma_we_o(dma_we), .dma_addr_o(dma_addr), .dma_wdata_o(dma_wdata),
    .dma_gnt_i(dma_gnt), .dma_rvalid_i(dma_rvalid), .dma_rdata_i(dma_rdata)
  );
  assign unused_outputs = ^{issue_ready, accept, writeback, register_read, result_valid,
                            result_hartid, result_id, result_data, result_rd, result_we,
                            result_exc, result_exccode, result_dbg, result_err};

  // Probes onto pqx_top internals (connect -set in the .sby script).
  logic        p_mc_busy, p_mc_finish, p_mc_start, p_mc_kperm;
  logic [3:0]  p_mc_unit;    // pqx_pkg::unit_e of the running multi-cycle instruction
  logic        p_mc_kec, p_mc_slh, p_mc_arith;
  assign p_mc_kec   = p_mc_unit == pqx_pkg::UnitKeccak;
  assign p_mc_slh   = p_mc_unit == pqx_pkg::UnitSlhdsa;
  assign p_mc_arith = p_mc_unit == pqx_pkg::UnitArith;
  logic        p_exec_fire;
  logic        p_state_start, p_engine_start;
  logic [49:0] p_s_wmask, p_o_wmask;
  logic [3:0]  p_slh_nw;     // n / 4 of the running THASH/PRF
  logic        p_slh_chain;  // it is a CHAIN (writes in1 and ADRS word 7 instead of words 0..nw-1)

  logic init = 1'b1;
  always @(posedge clk_i) init <= 1'b0;
  always @(*) if (init) assume (!rst_ni);

  always @(*) begin
    // T1
    if (p_mc_busy && !p_mc_finish) begin
      assert (!p_exec_fire && !p_state_start && !p_mc_start);
      assert (p_s_wmask == '0 && p_o_wmask == '0);
    end
    // the unit's word count is one of the three levels (makes T2 inductive)
    assert (p_slh_nw == 4'd4 || p_slh_nw == 4'd6 || p_slh_nw == 4'd8);
    // T2 (the running instruction's unit: Keccak, SLH-DSA, MODP)
    if (p_mc_finish && p_mc_kec && !p_mc_kperm) assert (p_s_wmask == '0 && p_o_wmask == '1);
    if (p_mc_finish && p_mc_kec && p_mc_kperm)  assert (p_s_wmask == '1 && p_o_wmask == '1);
    if (p_mc_finish && !p_mc_kec && p_mc_slh && !p_slh_chain)
      assert (p_s_wmask[49:8] == '0 && p_o_wmask == '1);
    if (p_mc_finish && !p_mc_kec && p_mc_slh && p_slh_chain)
      assert (p_s_wmask[49:24] == '0 && p_s_wmask[10:0] == '0 && p_o_wmask == '1);
    // T4
    if (p_mc_finish && !p_mc_kec && !p_mc_slh && p_mc_arith) assert (p_s_wmask == '0 && p_o_wmask == '0);
    // T3
    if (p_mc_start) assert (!p_mc_busy && !p_exec_fire);
    // S/O writes happen only when an instruction executes or finishes
    if (p_s_wmask != '0 || p_o_wmask != '0) assert (p_mc_finish || p_exec_fire);
  end

endmodule
