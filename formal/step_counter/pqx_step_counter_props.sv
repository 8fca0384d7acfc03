// Properties of rtl/pqx_step_counter.sv, the start / run / done handshake shared by the
// fixed-schedule engines (formal/step_counter/step_counter.sby).
//
// The counter is checked against its schedule written in time, not in steps: g_since_q counts the
// cycles since the last start (saturating), g_acked_q says an acknowledge came after the run.
// With L = last_i (held from the first cycle after a start to the next start, as the users do:
// they register what sets it at the start), the header's schedule is
//   cycles 1 .. L + 1 after a start    run_o high, step_o = cycles since the start - 1
//   from cycle L + 2 on                done_o high until the first ack_i, run_o low
//   before any start                   run_o and done_o low
// Inputs are free otherwise: a start may come at any time (it restarts the count), an
// acknowledge at any time (it only matters while done).
`default_nettype none

module pqx_step_counter_props (
  input logic       clk_i,
  input logic       rst_ni,
  input logic       start_i,
  input logic [2:0] last_i,
  input logic       ack_i
);

  localparam int unsigned StepW = 3;

  logic             run, done;
  logic [StepW-1:0] step;

  pqx_step_counter #(.StepW(StepW)) dut (
    .clk_i, .rst_ni, .start_i, .last_i, .ack_i, .run_o (run), .step_o (step), .done_o (done)
  );

  // every trace starts in reset, then stays out of it
  logic f_first = 1'b1;
  always @(posedge clk_i) f_first <= 1'b0;
  always @* begin
    if (f_first) assume (!rst_ni);
    else         assume (rst_ni);
  end

  logic       g_started_q;   // a start since reset
  logic [3:0] g_since_q;     // cycles since that start, saturating at 15 (> any L + 2)
  logic       g_acked_q;     // an acknowledge in a cycle after the run
  logic       g_run, g_done;

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      g_started_q <= 1'b0;
      g_since_q   <= '0;
      g_acked_q   <= 1'b0;
    end else if (start_i) begin
      g_started_q <= 1'b1;
      g_since_q   <= 4'd1;
      g_acked_q   <= 1'b0;
    end else begin
      if (g_since_q != 4'd15 && g_started_q) g_since_q <= g_since_q + 1'b1;
      if (g_done && ack_i) g_acked_q <= 1'b1;
    end
  end

  // the schedule, from the cycles since the start and L
  assign g_run  = g_started_q && g_since_q >= 4'd1 && g_since_q <= 4'(last_i) + 4'd1;
  assign g_done = g_started_q && g_since_q >= 4'(last_i) + 4'd2 && !g_acked_q;

  // L holds from the first cycle after a start to the next start (the users' contract)
  always @(posedge clk_i) if (!f_first && g_started_q && !$past(start_i))
    assume ($stable(last_i));

  always @* begin
    if (rst_ni) begin
      a_run:  assert (run == g_run);
      a_step: assert (!g_run || 4'(step) == g_since_q - 4'd1);
      a_done: assert (done == g_done);
    end
  end

  // reachable: the longest run ends in done
  always @* if (rst_ni) c_longest: cover (done && last_i == 3'd7 && g_since_q == 4'd9);

endmodule
