// PQX coprocessor top: the CV-X-IF 1.0 shell and the dispatch into the units.
//
// Pipeline (one instruction per cycle when nothing stalls):
//   issue   decoder answers accept/writeback/register_read from the instruction
//           word; issue_ready waits for the rs_valid bits the instruction needs
//           and for room in the in-flight queue.
//   commit  pqx_inflight holds issued instructions until commit; kills drop
//           them (and all younger ones) before they ever touch a unit. Rejected
//           instructions pass through the queue too, so commits and kills of their
//           ids keep their place in program order; they leave without a result.
//   execute the committed head goes to its unit when the result register is
//           free (or being drained); single-cycle units update state at the end
//           of that cycle. KSTART/KPERM run 24 rounds in the Keccak engine; while
//           it runs, instructions that use S or O wait at the issue port.
//   result  one registered result slot; it holds its payload while
//           result_valid && !result_ready, so nothing reaches the result outputs
//           combinationally from the issue or register inputs.
// With a commit in the issue cycle a single-cycle instruction's result is valid
// in the next cycle (latency 1), a permutation's 24 cycles later (latency 24),
// MODP_MONTYMUL's 6 cycles later,
// and back-to-back single-cycle instructions sustain one per cycle.
//
// Pipelined build (Pipelined = 1; docs/synthesis.md): a dispatch register sits between
// the queue's head and the units, so no unit sees the issue port or the queue's bypass
// in the cycle it executes: every instruction takes one cycle more, back-to-back
// single-cycle instructions still one per cycle. The arithmetic unit is a three-stage
// pipeline (product | Montgomery digits and Barrett estimates | reductions | result): its
// instructions enter one per cycle and their results come out three cycles later, in
// order; another instruction executes only once the pipeline is empty, so results stay
// in program order.
// Two-round Keccak build (KeccakRoundsPerCycle = 2): the engine runs two rounds per cycle,
// so every permutation takes 12 cycles instead of 24 (KSTART/KPERM/PRF/THASH 12, robust
// THASH 24). The latencies of every build are the instruction table's
// (verif/models/isa_table.py, latency_for).
// Polynomial engine builds (PolyButterflies = 1, 2 or 4): the engine's run lengths (how long a
// polynomial instruction waits behind a transform) scale with 1 / PolyButterflies
// (verif/models/consts.py poly_run_cycles); 1 is the Vortex PCU's engine, 2 (the default) the
// RoCC seed's dual-butterfly engine.
// Queue-only execute (IssueBypass = 0; the SoC's build): the in-flight queue no longer offers an
// instruction at execute in its issue cycle, so no unit sees the issue or register inputs in the
// cycle they arrive. An instruction committed in its issue cycle then takes one cycle more; a
// host that commits one cycle after issue at the earliest (the CV32E40X) sees the same cycles.
// For a simulator the units then no longer hang off the host's issue port (docs/soc.md,
// "Simulation speed").
// Zeroization (ZEROIZE; docs/isa.md): ZEROIZE executes once every unit is idle (no multi-cycle
// instruction, no engine or DMA run, an empty arithmetic pipeline); in the next cycle the units'
// reset (rst_units_n) is asserted, so every register of the units returns to its reset value and
// the polynomial engine clears its slot memory again (busy 1,024 / PolyButterflies cycles, as
// after reset). Nothing executes in that cycle. The in-flight queue and the dispatch register
// hold only live instructions (a slot that empties is zeroed), and the result register holds
// ZEROIZE's own result, so no operand or result of an earlier instruction survives either.
`default_nettype none

module pqx_top #(
  parameter logic [15:0] UnitsBuilt = pqx_pkg::UnitsBuilt,  // accepted units (proofs narrow it)
  parameter bit         Pipelined  = 1'b0,                 // dispatch register, arithmetic pipeline
  parameter int unsigned KeccakRoundsPerCycle = 1,          // 2: permutations in 12 cycles
  parameter int unsigned PolyButterflies = 2,               // NTT engine's butterfly units: 1, 2, 4
  parameter bit         IssueBypass = 1'b1                 // 0: execute from the queue only
) (
  input  logic        clk_i,
  input  logic        rst_ni,

  // issue
  input  logic        issue_valid_i,
  output logic        issue_ready_o,
  input  logic [31:0] issue_instr_i,
  input  logic [1:0]  issue_mode_i,
  input  logic [0:0]  issue_hartid_i,
  input  logic [3:0]  issue_id_i,
  output logic        issue_accept_o,
  output logic        issue_writeback_o,
  output logic [2:0]  issue_register_read_o,

  // register (X_ISSUE_REGISTER_SPLIT = 0: valid with the issue request)
  input  logic [95:0] register_rs_i,
  input  logic [2:0]  register_rs_valid_i,

  // commit
  input  logic        commit_valid_i,
  input  logic [0:0]  commit_hartid_i,
  input  logic [3:0]  commit_id_i,
  input  logic        commit_kill_i,

  // result
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

  // DMA bus master of the polynomial unit (POLY_LD / POLY_ST; OBI-style, whole words, one
  // response per granted request in request order: rtl/poly/pqx_poly_dma.sv). A system
  // without the polynomial DMA ties gnt, rvalid and rdata to 0 (then a POLY_LD or POLY_ST
  // keeps the unit busy).
  output logic        dma_req_o,
  output logic        dma_we_o,
  output logic [31:0] dma_addr_o,
  output logic [31:0] dma_wdata_o,
  input  logic        dma_gnt_i,
  input  logic        dma_rvalid_i,
  input  logic [31:0] dma_rdata_i,

  // Clock enable: 0 when nothing is in flight, no result waits, no unit runs and no issue or
  // commit arrives; then no register of PQX changes at the next edge, so a system may stop PQX's
  // clock for that cycle (the SoC does: rtl/soc/pqx_soc.sv).
  output logic        clock_en_o
);

  // ------------------------------------------------------------------ issue
  logic   mc_busy_q;        // a multi-cycle instruction runs (execute stage below)
  pqx_pkg::dec_t   dec;
  logic   accept;
  logic   operands_ok;
  logic   queue_space;
  logic   issue_fire;
  pqx_pkg::entry_t issue_entry;

  pqx_decoder #(.UnitsBuilt(UnitsBuilt)) u_decoder (
    .instr_i  (issue_instr_i),
    .accept_o (accept),
    .dec_o    (dec)
  );

  assign operands_ok           = (register_rs_valid_i & issue_register_read_o)
                                 == issue_register_read_o;
  assign issue_accept_o        = accept;
  assign issue_writeback_o     = accept && dec.writeback;
  assign issue_register_read_o = accept ? dec.rs_read : 3'b000;
  // While a permutation runs, instructions that use S or O wait at the issue port; while a unit
  // is busy in the background (the polynomial engine), or a background instruction waits in the
  // queue, that unit's instructions do (so each one's latency counts from an idle engine).
  logic [15:0] unit_busy;   // per unit_e: the unit works in the background (busy_o)
  logic   bg_pending;       // a background instruction waits in the queue or the dispatch register
  logic   queue_background;
  logic   dsp_background;
  assign bg_pending = queue_background || dsp_background;
  // ZEROIZE waits for every unit so (its latency, too, counts from an idle PQX).
  logic issue_zeroize;
  assign issue_zeroize         = dec.op == pqx_pkg::OpZeroize;
  assign issue_ready_o         = operands_ok && queue_space
                                 && !(accept && dec.uses_so && mc_busy_q)
                                 && !(accept && (unit_busy[dec.unit]
                                      || (pqx_pkg::BackgroundUnits[dec.unit] && bg_pending)))
                                 && !(accept && issue_zeroize && (|unit_busy || bg_pending));
  assign issue_fire            = issue_valid_i && issue_ready_o;

  assign issue_entry.id       = issue_id_i;
  assign issue_entry.accepted = accept;
  assign issue_entry.hartid = issue_hartid_i;
  assign issue_entry.rd     = issue_instr_i[11:7];
  assign issue_entry.dec    = dec;
  assign issue_entry.rs     = register_rs_i;

  // ------------------------------------------------------------------ commit
  logic   head_valid;
  pqx_pkg::entry_t head;
  logic   exec_fire;
  logic   head_pop;
  logic   queue_busy;

  pqx_inflight #(.Depth(4), .Bypass(IssueBypass)) u_inflight (
    .clk_i,
    .rst_ni,
    .in_valid_i     (issue_fire),
    .in_i           (issue_entry),
    .space_o        (queue_space),
    .busy_o         (queue_busy),
    .commit_valid_i,
    .commit_id_i,
    .commit_kill_i,
    .head_valid_o   (head_valid),
    .head_o         (head),
    .head_pop_i     (head_pop),
    .background_o   (queue_background)
  );

  // ------------------------------------------------------------------ dispatch
  // ex: the accepted, committed instruction at execute: the queue's head (default build) or
  // the dispatch register the head moves into (pipelined build). Rejected entries leave the
  // queue without executing.
  logic            ex_valid;
  pqx_pkg::entry_t ex;
  logic            ex_leave;        // it starts this cycle (exec_fire, mc_start, arith_start)

  if (Pipelined) begin : g_dispatch
    logic            dsp_valid_q;
    pqx_pkg::entry_t dsp_q;
    logic            dsp_take;      // the accepted head moves into the register

    assign dsp_take = head_valid && head.accepted && (!dsp_valid_q || ex_leave);
    assign head_pop = dsp_take || (head_valid && !head.accepted);

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        dsp_valid_q <= 1'b0;
        dsp_q       <= '0;
      end else if (dsp_take) begin
        dsp_valid_q <= 1'b1;
        dsp_q       <= head;
      end else if (ex_leave) begin
        dsp_valid_q <= 1'b0;
        dsp_q       <= '0;          // no operand outlives its instruction (ZEROIZE)
      end
    end

    assign ex_valid = dsp_valid_q;
    assign ex       = dsp_q;
    assign dsp_background = dsp_valid_q && dsp_q.dec.background;
  end else begin : g_direct
    assign dsp_background = 1'b0;
    assign head_pop = ex_leave || (head_valid && !head.accepted);
    assign ex_valid = head_valid && head.accepted;
    assign ex       = head;
  end

  // ------------------------------------------------------------------ execute
  // Single-cycle instructions execute in the cycle they reach ex (leave the queue). A
  // multi-cycle one (latency > 1 in the instruction table, ex.dec.multi_cycle: KSTART, KPERM,
  // THASH*, PRF*, MODP_MONTYMUL, MCE_BM, MCE_CHIEN, MCE_MINPOLY, MCE_SYS, SHA256_BLK,
  // SHA512_BLK, SM3_BLK, AES128_ENC, HARAKA256/512) leaves the queue when it starts,
  // keeps its unit and result fields in mc_*, and holds the execute stage (mc_busy_q) until
  // its unit is done and the result register is free (mc_finish); then S and O take
  // the unit's writes and its result is registered. One Keccak engine serves the
  // Keccak unit and the SLH-DSA unit.
  //
  // The unit port contract (docs/architecture.md): every unit answers in the arrays below, indexed
  // by pqx_pkg::unit_e: unit_data/unit_exc (a single-cycle instruction's result in its start_i
  // cycle), unit_mc_done/unit_mc_data (a multi-cycle result, held until mc_ack_i), unit_busy
  // (background work). The units that have only contract ports are instantiated in the generated
  // region further down (their manifests say `contract = true`); the others are wired by hand
  // and drive the same arrays.
  logic        res_valid_q;
  logic        res_free;
  logic        head_is_cl;
  logic        multi_cycle;
  logic        mc_start;
  logic        mc_finish;
  logic        mc_done;
  pqx_pkg::unit_e mc_unit_q;    // the running instruction's unit
  logic        mc_kperm_q;      // ... and it is KPERM (S takes the permutation too)
  logic [3:0]  mc_id_q;
  logic        mc_hartid_q;
  logic [4:0]  mc_rd_q;
  logic        mc_we_q;

  logic          engine_start;
  logic [1599:0] engine_in;
  logic          engine_done;
  logic [1599:0] engine_out;
  logic          engine_ack;
  logic          unused_engine_busy;
  logic [1599:0] s_flat;
  logic [1599:0] o_flat;

  logic [15:0][31:0] unit_data;     // per unit_e (the contract above)
  logic [15:0]       unit_exc;
  logic [15:0]       unit_mc_done;
  logic [15:0][31:0] unit_mc_data;
  logic [31:0] ex_data;          // ex's unit's single-cycle result
  logic        ex_exc;

  assign head_is_cl  = ex.dec.op == pqx_pkg::OpCl128 || ex.dec.op == pqx_pkg::OpCl192
                       || ex.dec.op == pqx_pkg::OpCl256;
  // Pipelined build: an arithmetic instruction (not MODP_MONTYMUL) enters the arithmetic
  // pipeline (arith_start) and leaves it with its result (arith_take); others wait until the
  // pipeline is empty. In the default build arith_pipe is 0 and the pipeline always empty.
  logic        arith_pipe;      // ex goes into the arithmetic pipeline
  logic        arith_start;
  logic        arith_take;
  logic        arith_ready;     // the pipeline takes an instruction this cycle
  logic        arith_valid;     // a result leaves the pipeline when the result register is free
  logic        arith_empty;
  logic        ex_busy;         // ex's unit (ZEROIZE: any unit) works in the background
  logic        zeroize_q;       // ZEROIZE executed in the last cycle: the units are in reset
  logic        rst_units_n;
  assign multi_cycle = ex.dec.multi_cycle;   // from the instruction table (latency > 1)
  assign arith_pipe  = Pipelined && ex.dec.unit == pqx_pkg::UnitArith && !multi_cycle;
  assign res_free    = !res_valid_q || result_ready_i;
  // (A polynomial instruction never reaches ex while the engine runs: the issue port holds it.
  // The term below keeps an engine run undisturbed even so.)
  assign exec_fire   = ex_valid && !arith_pipe && !mc_busy_q && !multi_cycle && res_free && arith_empty
                       && !ex_busy && !zeroize_q;
  assign mc_start    = ex_valid && !mc_busy_q && multi_cycle && arith_empty && !zeroize_q;
  assign mc_finish   = mc_busy_q && mc_done && res_free;
  assign arith_start = ex_valid && arith_pipe && !mc_busy_q && arith_ready && !zeroize_q;

  // ZEROIZE waits for every unit, any other instruction for its own.
  logic ex_zeroize;
  assign ex_zeroize = ex.dec.op == pqx_pkg::OpZeroize;
  assign ex_busy    = ex_zeroize ? |unit_busy : unit_busy[ex.dec.unit];

  // The units' reset: rst_ni, or the cycle after ZEROIZE executes (from a register, so it
  // has no glitch; it ends at the next edge). A design with scan test muxes it as any reset.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) zeroize_q <= 1'b0;
    else         zeroize_q <= exec_fire && ex_zeroize;
  end
  assign rst_units_n = rst_ni && !zeroize_q;
  assign arith_take  = arith_valid && res_free;
  assign ex_leave    = exec_fire || mc_start || arith_start;

  // SLH-DSA unit
  logic          slh_eng_start;
  logic [1599:0] slh_eng_state;
  logic          slh_eng_ack;
  logic          slh_done;
  logic [49:0]   slh_s_wmask;
  logic [49:0]   slh_o_wmask;
  logic [1599:0] slh_wdata;
  logic [1599:0] slh_s_wdata;
  logic [49:0]   cl_wmask;
  logic [1599:0] cl_wdata;

  pqx_slhdsa_unit u_slhdsa (
    .clk_i,
    .rst_ni (rst_units_n),
    .start_i     (mc_start && ex.dec.unit == pqx_pkg::UnitSlhdsa),
    .op_i        (ex.dec.op),
    .rs2_i       (ex.rs[63:32]),
    .s_i         (s_flat),
    .eng_start_o (slh_eng_start),
    .eng_state_o (slh_eng_state),
    .eng_done_i  (engine_done),
    .eng_state_i (engine_out),
    .eng_ack_o   (slh_eng_ack),
    .done_o      (slh_done),
    .finish_i    (mc_finish && mc_unit_q == pqx_pkg::UnitSlhdsa),
    .s_wmask_o   (slh_s_wmask),
    .o_wmask_o   (slh_o_wmask),
    .o_wdata_o   (slh_wdata),
    .s_wdata_o   (slh_s_wdata),
    .cl_wmask_o  (cl_wmask),
    .cl_wdata_o  (cl_wdata)
  );

  // Keccak engine, shared: KSTART/KPERM hash S itself, THASH/PRF a block the SLH-DSA
  // unit builds.
  logic kec_start;
  assign kec_start    = mc_start && ex.dec.unit == pqx_pkg::UnitKeccak;
  assign engine_start = kec_start || slh_eng_start;
  assign engine_in    = kec_start ? s_flat : slh_eng_state;
  assign engine_ack   = (mc_finish && mc_unit_q == pqx_pkg::UnitKeccak) || slh_eng_ack;
  assign mc_done      = unit_mc_done[mc_unit_q];

  // The Keccak and SLH-DSA units in the contract's arrays: multi-cycle only (CL_* single-cycle,
  // no result), no result data.
  assign unit_data[pqx_pkg::UnitKeccak]    = '0;
  assign unit_exc[pqx_pkg::UnitKeccak]     = 1'b0;
  assign unit_mc_done[pqx_pkg::UnitKeccak] = engine_done;
  assign unit_mc_data[pqx_pkg::UnitKeccak] = '0;
  assign unit_busy[pqx_pkg::UnitKeccak]    = 1'b0;
  assign unit_data[pqx_pkg::UnitSlhdsa]    = '0;
  assign unit_exc[pqx_pkg::UnitSlhdsa]     = 1'b0;
  assign unit_mc_done[pqx_pkg::UnitSlhdsa] = slh_done;
  assign unit_mc_data[pqx_pkg::UnitSlhdsa] = '0;
  assign unit_busy[pqx_pkg::UnitSlhdsa]    = 1'b0;

  pqx_keccak_engine #(.RoundsPerCycle(KeccakRoundsPerCycle)) u_keccak (
    .clk_i,
    .rst_ni (rst_units_n),
    .start_i (engine_start),
    .state_i (engine_in),
    .busy_o  (unused_engine_busy),
    .done_o  (engine_done),
    .state_o (engine_out),
    .ack_i   (engine_ack)
  );

  // Writes into S and O from the multi-cycle units and from CL.
  logic [49:0]   s_wmask, o_wmask;
  logic [1599:0] o_wdata, s_wdata;
  always_comb begin
    s_wmask = '0;
    o_wmask = '0;
    o_wdata = engine_out;
    s_wdata = engine_out;
    if (mc_finish && mc_unit_q == pqx_pkg::UnitKeccak) begin
      o_wmask = '1;
      s_wmask = {50{mc_kperm_q}};
    end else if (mc_finish && mc_unit_q == pqx_pkg::UnitSlhdsa) begin
      o_wmask = slh_o_wmask;
      s_wmask = slh_s_wmask;
      o_wdata = slh_wdata;
      s_wdata = slh_s_wdata;
    end else if (exec_fire && head_is_cl) begin
      o_wmask = cl_wmask;
      o_wdata = cl_wdata;
    end
  end

  pqx_state_unit u_state (
    .clk_i,
    .rst_ni (rst_units_n),
    .start_i   (exec_fire && ex.dec.unit == pqx_pkg::UnitState),
    .op_i      (ex.dec.op),
    .rs1_i     (ex.rs[31:0]),
    .rs2_i     (ex.rs[63:32]),
    .rs3_i     (ex.rs[95:64]),
    .data_o    (unit_data[pqx_pkg::UnitState]),
    .exc_o     (unit_exc[pqx_pkg::UnitState]),
    .s_o       (s_flat),
    .o_o       (o_flat),
    .s_wmask_i (s_wmask),
    .s_wdata_i (s_wdata),
    .o_wmask_i (o_wmask),
    .o_wdata_i (o_wdata)
  );

  assign unit_mc_done[pqx_pkg::UnitState] = 1'b0;
  assign unit_mc_data[pqx_pkg::UnitState] = '0;
  assign unit_busy[pqx_pkg::UnitState]    = 1'b0;

  always_ff @(posedge clk_i or negedge rst_units_n) begin
    if (!rst_units_n) begin
      mc_busy_q   <= 1'b0;
      mc_unit_q   <= pqx_pkg::UnitState;
      mc_kperm_q  <= 1'b0;
      mc_id_q     <= '0;
      mc_hartid_q <= 1'b0;
      mc_rd_q     <= '0;
      mc_we_q     <= 1'b0;
    end else if (mc_start) begin
      mc_busy_q   <= 1'b1;
      mc_unit_q   <= ex.dec.unit;
      mc_kperm_q  <= ex.dec.op == pqx_pkg::OpKperm;
      mc_id_q     <= ex.id;
      mc_hartid_q <= ex.hartid;
      mc_rd_q     <= ex.rd;
      mc_we_q     <= ex.dec.writeback;
    end else if (mc_finish) begin
      mc_busy_q   <= 1'b0;
    end
  end

  // Arithmetic unit: single-cycle lattice/HQC instructions (pipelined build: its pipeline,
  // which carries the result fields as a tag), MODP_MONTYMUL multi-cycle.
  localparam int unsigned ArithTagW = pqx_pkg::XIdWidth + 1 + 5 + 1;
  logic [31:0]          arith_data;
  logic [ArithTagW-1:0] arith_tag;
  logic [3:0]           arith_id;
  logic                 arith_hartid;
  logic [4:0]           arith_rd;
  logic                 arith_we;

  assign {arith_id, arith_hartid, arith_rd, arith_we} = arith_tag;

  pqx_arith_unit #(.Pipelined(Pipelined), .TagW(ArithTagW)) u_arith (
    .clk_i,
    .rst_ni (rst_units_n),
    .start_i    ((exec_fire || arith_start) && ex.dec.unit == pqx_pkg::UnitArith),
    .op_i       (ex.dec.op),
    .rs1_i      (ex.rs[31:0]),
    .rs2_i      (ex.rs[63:32]),
    .rs3_i      (ex.rs[95:64]),
    .data_o     (arith_data),
    .tag_i      ({ex.id, ex.hartid, ex.rd, ex.dec.writeback}),
    .pipe_ready_o (arith_ready),
    .pipe_valid_o (arith_valid),
    .tag_o      (arith_tag),
    .pipe_take_i  (arith_take),
    .pipe_empty_o (arith_empty),
    .mc_start_i (mc_start && ex.dec.unit == pqx_pkg::UnitArith),
    .mc_done_o  (unit_mc_done[pqx_pkg::UnitArith]),
    .mc_data_o  (unit_mc_data[pqx_pkg::UnitArith]),
    .mc_ack_i   (mc_finish && mc_unit_q == pqx_pkg::UnitArith)
  );
  assign unit_data[pqx_pkg::UnitArith] = arith_data;
  assign unit_exc[pqx_pkg::UnitArith]  = 1'b0;
  assign unit_busy[pqx_pkg::UnitArith] = 1'b0;

  // The units with only contract ports (their manifests' `contract = true`).
  // ---- BEGIN GENERATED from rtl/*/unit.toml by `python -m scripts.gen_isa`: do not edit ----
  // sampler: CBD REJ_* UNPACK_*
  pqx_sampler_unit u_sampler (
    .op_i   (ex.dec.op),
    .rs1_i  (ex.rs[31:0]),
    .rs2_i  (ex.rs[63:32]),
    .data_o (unit_data[pqx_pkg::UnitSampler]),
    .exc_o  (unit_exc[pqx_pkg::UnitSampler])
  );
  assign unit_mc_done[pqx_pkg::UnitSampler] = '0;
  assign unit_mc_data[pqx_pkg::UnitSampler] = '0;
  assign unit_busy[pqx_pkg::UnitSampler] = '0;
  // fpr: Falcon FPR helpers
  pqx_fpr_unit u_fpr (
    .clk_i   (clk_i),
    .rst_ni  (rst_units_n),
    .start_i (exec_fire && ex.dec.unit == pqx_pkg::UnitFpr),
    .op_i    (ex.dec.op),
    .rs1_i   (ex.rs[31:0]),
    .rs2_i   (ex.rs[63:32]),
    .rs3_i   (ex.rs[95:64]),
    .data_o  (unit_data[pqx_pkg::UnitFpr])
  );
  assign unit_exc[pqx_pkg::UnitFpr] = '0;
  assign unit_mc_done[pqx_pkg::UnitFpr] = '0;
  assign unit_mc_data[pqx_pkg::UnitFpr] = '0;
  assign unit_busy[pqx_pkg::UnitFpr] = '0;
  // mce: Classic McEliece: GF(2^12), BM, Chien search, minimal polynomial, systematic form
  pqx_mce_unit u_mce (
    .clk_i      (clk_i),
    .rst_ni     (rst_units_n),
    .start_i    (exec_fire && ex.dec.unit == pqx_pkg::UnitMce),
    .op_i       (ex.dec.op),
    .rs1_i      (ex.rs[31:0]),
    .rs2_i      (ex.rs[63:32]),
    .data_o     (unit_data[pqx_pkg::UnitMce]),
    .exc_o      (unit_exc[pqx_pkg::UnitMce]),
    .mc_start_i (mc_start && ex.dec.unit == pqx_pkg::UnitMce),
    .mc_done_o  (unit_mc_done[pqx_pkg::UnitMce]),
    .mc_data_o  (unit_mc_data[pqx_pkg::UnitMce]),
    .mc_ack_i   (mc_finish && mc_unit_q == pqx_pkg::UnitMce)
  );
  assign unit_busy[pqx_pkg::UnitMce] = '0;
  // crv: Crypto-RV: block buffer B, SHA-2 / SM3, AES-128 / Haraka
  pqx_crv_unit u_crv (
    .clk_i      (clk_i),
    .rst_ni     (rst_units_n),
    .start_i    (exec_fire && ex.dec.unit == pqx_pkg::UnitCrv),
    .op_i       (ex.dec.op),
    .rs1_i      (ex.rs[31:0]),
    .rs2_i      (ex.rs[63:32]),
    .data_o     (unit_data[pqx_pkg::UnitCrv]),
    .exc_o      (unit_exc[pqx_pkg::UnitCrv]),
    .mc_start_i (mc_start && ex.dec.unit == pqx_pkg::UnitCrv),
    .mc_done_o  (unit_mc_done[pqx_pkg::UnitCrv]),
    .mc_data_o  (unit_mc_data[pqx_pkg::UnitCrv]),
    .mc_ack_i   (mc_finish && mc_unit_q == pqx_pkg::UnitCrv)
  );
  assign unit_busy[pqx_pkg::UnitCrv] = '0;
  // ---- END GENERATED ----

  // Polynomial unit: single-cycle instructions; NTT, INTT and PWM start its engine, which runs
  // in the background (busy_o, unit_busy) while other units' instructions go on.
  pqx_poly_unit #(.Butterflies(PolyButterflies)) u_poly (
    .clk_i,
    .rst_ni (rst_units_n),
    .start_i (exec_fire && ex.dec.unit == pqx_pkg::UnitPoly),
    .op_i    (ex.dec.op),
    .rs1_i   (ex.rs[31:0]),
    .rs2_i   (ex.rs[63:32]),
    .o_i     (o_flat[8*pqx_poly_pkg::CbdBytes-1:0]),
    .data_o  (unit_data[pqx_pkg::UnitPoly]),
    .exc_o   (unit_exc[pqx_pkg::UnitPoly]),
    .busy_o  (unit_busy[pqx_pkg::UnitPoly]),
    .dma_req_o,
    .dma_we_o,
    .dma_addr_o,
    .dma_wdata_o,
    .dma_gnt_i,
    .dma_rvalid_i,
    .dma_rdata_i
  );

  assign unit_mc_done[pqx_pkg::UnitPoly] = 1'b0;
  assign unit_mc_data[pqx_pkg::UnitPoly] = '0;

  // unit_e values no unit has: no response.
  for (genvar k = 0; k < 16; k++) begin : g_no_unit
    if (!pqx_pkg::UnitsBuilt[k]) begin : g_tie
      assign unit_data[k]    = '0;
      assign unit_exc[k]     = 1'b0;
      assign unit_mc_done[k] = 1'b0;
      assign unit_mc_data[k] = '0;
      assign unit_busy[k]    = 1'b0;
    end
  end

  // Response of ex's unit (single-cycle).
  assign ex_data = unit_data[ex.dec.unit];
  assign ex_exc  = unit_exc[ex.dec.unit];

  // ------------------------------------------------------------------ result
  logic [3:0]  res_id_q;
  logic        res_hartid_q;
  logic [31:0] res_data_q;
  logic [4:0]  res_rd_q;
  logic        res_we_q;
  logic        res_exc_q;

  // One result a cycle at most, from whichever path finishes an instruction: the arithmetic
  // pipeline (pipelined build), a single-cycle unit, or a multi-cycle instruction.
  logic        res_load;
  logic [3:0]  res_id_d;
  logic        res_hartid_d;
  logic [31:0] res_data_d;
  logic [4:0]  res_rd_d;
  logic        res_we_d;
  logic        res_exc_d;

  assign res_load = arith_take || exec_fire || mc_finish;
  always_comb begin
    if (arith_take) begin            // pipelined build only
      {res_id_d, res_hartid_d, res_rd_d, res_we_d} = {arith_id, arith_hartid, arith_rd, arith_we};
      res_data_d = arith_data;
      res_exc_d  = 1'b0;
    end else if (exec_fire) begin
      {res_id_d, res_hartid_d, res_rd_d, res_we_d} = {ex.id, ex.hartid, ex.rd, ex.dec.writeback};
      res_data_d = ex_exc ? 32'b0 : ex_data;
      res_exc_d  = ex_exc;
    end else begin                   // mc_finish
      {res_id_d, res_hartid_d, res_rd_d, res_we_d} = {mc_id_q, mc_hartid_q, mc_rd_q, mc_we_q};
      res_data_d = unit_mc_data[mc_unit_q];
      res_exc_d  = 1'b0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      res_valid_q  <= 1'b0;
      res_id_q     <= '0;
      res_hartid_q <= 1'b0;
      res_data_q   <= '0;
      res_rd_q     <= '0;
      res_we_q     <= 1'b0;
      res_exc_q    <= 1'b0;
    end else if (res_load) begin
      res_valid_q  <= 1'b1;
      res_id_q     <= res_id_d;
      res_hartid_q <= res_hartid_d;
      res_data_q   <= res_data_d;
      res_rd_q     <= res_rd_d;
      res_we_q     <= res_we_d;
      res_exc_q    <= res_exc_d;
    end else if (result_ready_i) begin
      res_valid_q  <= 1'b0;
    end
  end

  assign result_valid_o   = res_valid_q;
  assign result_hartid_o  = res_hartid_q;
  assign result_id_o      = res_id_q;
  assign result_data_o    = res_data_q;
  assign result_rd_o      = res_rd_q;
  assign result_we_o      = res_we_q;
  assign result_exc_o     = res_exc_q;
  assign result_exccode_o = res_exc_q ? pqx_pkg::ExcIllegal : 6'd0;
  assign result_dbg_o     = 1'b0;
  assign result_err_o     = 1'b0;

  // Clock enable (the SoC's clock gate): an issue or a commit, or anything that changes a register
  // without one (`active`): a queued instruction, a result waiting for result_ready, a multi-cycle
  // instruction, the polynomial engine or DMA (busy from reset through the slot clear), the
  // pipelined build's dispatch register and arithmetic pipeline, the units' reset after ZEROIZE.
  logic active;
  assign active = queue_busy || res_valid_q || mc_busy_q || |unit_busy
                  || (Pipelined && ex_valid) || !arith_empty || zeroize_q;
  assign clock_en_o = active || issue_valid_i || commit_valid_i;

  // issue_mode_i (privilege) and commit_hartid_i (single hart) do not affect PQX; ex is
  // accepted whenever ex_valid.
  logic unused_inputs;
  assign unused_inputs = ^{issue_mode_i, commit_hartid_i, ex.accepted,
                           o_flat[1599:8*pqx_poly_pkg::CbdBytes]};

  // At most one path finishes an instruction a cycle (the result register's mux gives priority
  // to the pipeline, then the single-cycle units, but never needs it).
  `PQX_ASSERT(OneResultSource_A, $onehot0({arith_take, exec_fire, mc_finish}))

endmodule
