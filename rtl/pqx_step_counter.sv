// PQX step counter: the start / run / done handshake of a fixed-schedule engine (the McEliece
// Chien search, minimal polynomial and systematic form, the Crypto-RV AES/Haraka rounds).
//
// Schedule: start_i (cycle 0) clears the step and starts the run; in cycles 1 .. last_i + 1
// run_o is high with step_o = 0 .. last_i (the engine does step step_o in that cycle); the cycle
// after the last step done_o rises and holds until ack_i. A start wins over everything, a run
// over an acknowledge. last_i is read while running (an engine whose length depends on what it
// was started with registers that at the start).
`default_nettype none

module pqx_step_counter #(
  parameter int unsigned StepW = 4
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             start_i,
  input  logic [StepW-1:0] last_i,
  input  logic             ack_i,
  output logic             run_o,
  output logic [StepW-1:0] step_o,
  output logic             done_o
);

  logic             run_q, done_q;
  logic [StepW-1:0] step_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      run_q  <= 1'b0;
      done_q <= 1'b0;
      step_q <= '0;
    end else if (start_i) begin
      run_q  <= 1'b1;
      done_q <= 1'b0;
      step_q <= '0;
    end else if (run_q) begin
      step_q <= step_q + 1'b1;
      if (step_q >= last_i) begin   // (>=: no count past the end)
        run_q  <= 1'b0;
        done_q <= 1'b1;
      end
    end else if (ack_i) begin
      done_q <= 1'b0;
    end
  end

  assign run_o  = run_q;
  assign step_o = step_q;
  assign done_o = done_q;

  // Invariant: done only after a run, never while one goes on (checked in every simulation,
  // proved by the formal jobs that read this module).
  `PQX_ASSERT(DoneAfterRun_A, !(run_q && done_q))

endmodule
