// Control of the Keccak engine and the SLH-DSA unit's sequencing (formal/README.md).
//
// The engine and the SLH-DSA unit are wired as in pqx_top (the unit drives the
// engine). Every input is free: start requests at any time, any op, any rs2, any S,
// acks and finishes at any time (finish only while done, as pqx_top does). The
// 1600-bit datapath is cut (state registers and round output are free values): the
// properties are about time, not data.
//
// Proven for all input sequences, for the engine's one- and two-round builds (tasks prove,
// prove2: RoundsPerCycle = 1 or 2, Steps = 24 or 12 cycles per permutation):
//   E1  a start while idle gives done exactly Steps-1 cycles later, busy in between
//   E2  done stays high, and the engine busy, until ack; then idle
//   E3  no done without a preceding start; a start while busy changes nothing
//   S1  a THASH/CHAIN/PRF started in the SLH-DSA unit is done exactly Steps-1 cycles later
//       (simple, PRF) or 2*Steps-1 cycles later (robust: rs2 == 0 for THASH and CHAIN)
//   S2  the unit holds done until finish and drives no engine start in between
`default_nettype none

module pqx_keccak_ctrl_props #(
  parameter int unsigned RoundsPerCycle = 1
) (
  input logic          clk_i,
  input logic          rst_ni,
  input logic          start_i,
  input pqx_pkg::op_e  op_i,
  input logic [31:0]   rs2_i,
  input logic [1599:0] s_i,
  input logic          finish_i
);

  localparam logic [6:0] Steps = 7'(24 / RoundsPerCycle);   // cycles per permutation
  localparam logic [6:0] Done1 = Steps - 7'd1;               // done: simple THASH, PRF, engine
  localparam logic [6:0] Done2 = 7'd2 * Steps - 7'd1;        // done: robust THASH

  logic          eng_start, eng_done, eng_busy, eng_ack;
  logic [1599:0] eng_in, eng_out;
  logic          slh_done;
  logic [49:0]   s_wmask, o_wmask, cl_wmask;
  logic [1599:0] o_wdata, s_wdata, cl_wdata;
  logic          slh_op;

  // only THASH/PRF start the unit (CL is combinational in pqx_top)
  assign slh_op = op_i == pqx_pkg::OpThash1_128 || op_i == pqx_pkg::OpThash2_128
               || op_i == pqx_pkg::OpThash1_192 || op_i == pqx_pkg::OpThash2_192
               || op_i == pqx_pkg::OpThash1_256 || op_i == pqx_pkg::OpThash2_256
               || op_i == pqx_pkg::OpPrf128 || op_i == pqx_pkg::OpPrf192
               || op_i == pqx_pkg::OpPrf256
               || op_i == pqx_pkg::OpChain128 || op_i == pqx_pkg::OpChain192
               || op_i == pqx_pkg::OpChain256;

  pqx_slhdsa_unit u_slh (
    .clk_i, .rst_ni,
    .start_i     (start_i),
    .op_i, .rs2_i, .s_i,
    .eng_start_o (eng_start),
    .eng_state_o (eng_in),
    .eng_done_i  (eng_done),
    .eng_state_i (eng_out),
    .eng_ack_o   (eng_ack),
    .done_o      (slh_done),
    .finish_i    (finish_i),
    .s_wmask_o   (s_wmask),
    .o_wmask_o   (o_wmask),
    .o_wdata_o   (o_wdata),
    .s_wdata_o   (s_wdata),
    .cl_wmask_o  (cl_wmask),
    .cl_wdata_o  (cl_wdata)
  );

  pqx_keccak_engine #(.RoundsPerCycle(RoundsPerCycle)) u_eng (
    .clk_i, .rst_ni,
    .start_i (eng_start),
    .state_i (eng_in),
    .busy_o  (eng_busy),
    .done_o  (eng_done),
    .state_o (eng_out),
    .ack_i   (eng_ack)
  );

  // ------------------------------------------------------------- environment
  logic init = 1'b1;
  always @(posedge clk_i) init <= 1'b0;
  always @(*) assume (rst_ni == !init);

  // pqx_top starts the unit only when idle (mc_busy_q low) and only with THASH/PRF,
  // and finishes only while done.
  logic unit_busy_q;
  always @(posedge clk_i) begin
    if (!rst_ni) unit_busy_q <= 1'b0;
    else if (start_i) unit_busy_q <= 1'b1;
    else if (finish_i) unit_busy_q <= 1'b0;
  end
  always @(*) begin
    if (start_i) assume (!unit_busy_q && slh_op);
    if (finish_i) assume (slh_done && unit_busy_q);
  end

  // ------------------------------------------------------------- unit timing
  logic [6:0] age_q;        // cycles since the unit's start
  logic       robust_q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      age_q <= '0; robust_q <= 1'b0;
    end else if (start_i) begin
      age_q    <= 7'd1;
      robust_q <= rs2_i == 32'b0 && op_i != pqx_pkg::OpPrf128 && op_i != pqx_pkg::OpPrf192
                  && op_i != pqx_pkg::OpPrf256;
    end else if (unit_busy_q && !finish_i && age_q != 7'h7F) begin
      age_q <= age_q + 7'd1;
    end
  end

  always @(*) begin
    if (rst_ni && unit_busy_q) begin
      // S1: done exactly at the fixed latency, and from then on until finish (S2)
      assert (slh_done == (age_q >= (robust_q ? Done2 : Done1)));
      if (age_q > (robust_q ? Done2 : Done1)) assert (!eng_start);
    end
    if (rst_ni && !unit_busy_q) begin
      assert (!slh_done);
      assert (!eng_busy);             // the engine is idle whenever the unit is
    end
  end

  // ------------------------------------------------------------- engine timing (E1-E3)
  logic [5:0] eng_age_q;
  always @(posedge clk_i) begin
    if (!rst_ni) eng_age_q <= '0;
    else if (eng_start && !eng_busy) eng_age_q <= 6'd1;
    else if (eng_busy && !(eng_done && eng_ack) && eng_age_q != 6'h3F) eng_age_q <= eng_age_q + 6'd1;
    else if (eng_done && eng_ack) eng_age_q <= '0;
  end
  always @(*) begin
    if (rst_ni) begin
      assert (eng_busy == (eng_age_q != 6'd0));
      if (eng_busy) assert (eng_done == ({1'b0, eng_age_q} >= Done1));
      if (!eng_busy) assert (!eng_done);
    end
  end

  // ------------------------------------------------------------- induction invariants
  // Internal state, probed by the .sby script (connect -set): they tie the age counters of
  // this wrapper to the engine's round counter and the unit's phase, so k-induction closes.
  logic [1:0] p_eng_phase;   // pqx_keccak_engine: 0 Idle, 1 Run, 2 Hold
  logic [4:0] p_eng_round;
  logic [1:0] p_slh_phase;   // pqx_slhdsa_unit: 0 Idle, 1 Mask, 2 Hash
  logic       p_slh_restart;
  logic       p_slh_robust;

  always @(*) begin
    if (rst_ni) begin
      assert (p_eng_phase != 2'd3 && p_slh_phase != 2'd3);
      assert ((p_slh_phase == 2'd0) == !unit_busy_q);
      if (unit_busy_q) assert (p_slh_robust == robust_q);
      if (unit_busy_q && !robust_q) begin
        assert (p_slh_phase == 2'd2 && !p_slh_restart);
        if (age_q <= Done1) assert (p_eng_phase == 2'd1 && {2'b0, p_eng_round} == age_q);
        else                assert (p_eng_phase == 2'd2);
      end
      if (unit_busy_q && robust_q) begin
        if (age_q <= Done1) begin
          assert (p_slh_phase == 2'd1 && !p_slh_restart);
          assert (p_eng_phase == 2'd1 && {2'b0, p_eng_round} == age_q);
        end else if (age_q == Steps) begin
          assert (p_slh_phase == 2'd1 && p_slh_restart && p_eng_phase == 2'd0);
        end else begin
          assert (p_slh_phase == 2'd2 && !p_slh_restart);
          if (age_q <= Done2) assert (p_eng_phase == 2'd1 && {2'b0, p_eng_round} == age_q - Steps);
          else                assert (p_eng_phase == 2'd2);
        end
      end
      if (!unit_busy_q) assert (p_eng_phase == 2'd0 && !p_slh_restart);
      if (p_eng_phase == 2'd1) assert ({1'b0, p_eng_round} == eng_age_q && p_eng_round != 5'd0);
    end
  end

  // ------------------------------------------------------------- non-vacuity
  always @(*) begin
    cover (unit_busy_q && slh_done && !robust_q);
    cover (unit_busy_q && slh_done && robust_q);
  end

  logic unused;
  assign unused = ^{s_wmask, o_wmask, o_wdata, s_wdata, cl_wmask, cl_wdata};

endmodule
