// Keccak-f[1600] engine: 24 rounds through RoundsPerCycle chained round instances
// (1, the default, or 2: the Crypto-RV seed's SHA3 engine; docs/synthesis.md compares them).
//
// Schedule (start in cycle t; Steps = 24 / RoundsPerCycle = 24 or 12):
//   t        step 0 on state_i (the first round's input is muxed from state_i on start)
//   t+1..    steps 1..Steps-1 on the registered state; step k runs rounds
//            k*RoundsPerCycle .. k*RoundsPerCycle + RoundsPerCycle-1
//   t+Steps-1  last step (round 23) done: done_o = 1 and state_o = its output (combinational)
// If the consumer does not take the result in that cycle (ack_i low), the final
// state is registered and done_o stays high, state_o = that register, until ack_i.
// The number of cycles never depends on the data. A start while busy is ignored
// (the dispatch stage never issues one).
`default_nettype none

module pqx_keccak_engine #(
  parameter int unsigned RoundsPerCycle = 1   // 1 or 2
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic          start_i,
  input  logic [1599:0] state_i,
  output logic          busy_o,     // rounds in progress or result waiting
  output logic          done_o,     // state_o holds Keccak-f[1600](state_i)
  output logic [1599:0] state_o,
  input  logic          ack_i       // consumer takes state_o this cycle
);

  localparam int unsigned Steps    = 24 / RoundsPerCycle;
  localparam logic [4:0]  LastStep = 5'(Steps - 1);

  typedef enum logic [1:0] {Idle, Run, Hold} phase_e;

  phase_e        phase_q, phase_d;
  logic [4:0]    round_q, round_d;   // step counter (the round number when RoundsPerCycle = 1)
  logic [1599:0] state_q;
  logic          state_we;   // state_q <- round_out, the step's output (a step runs: start, or Run)

  logic [1599:0] round_in, round_out;
  logic [4:0]    step_idx;
  logic          last_step;

  assign round_in   = (phase_q == Idle) ? state_i : state_q;
  assign step_idx  = (phase_q == Idle) ? 5'd0 : round_q;
  assign last_step = (phase_q == Run) && (round_q == LastStep);

  // chain[r] is the input of the step's round r; round r of step k is round k*R + r.
  logic [RoundsPerCycle:0][1599:0] chain;
  assign chain[0] = round_in;
  assign round_out = chain[RoundsPerCycle];

  for (genvar r = 0; r < RoundsPerCycle; r++) begin : g_round
    logic [4:0] idx;
    // The per-step outputs are for the round's own test only.
    logic [1599:0] unused_theta, unused_rho, unused_pi, unused_chi;
    assign idx = 5'(step_idx * 5'(RoundsPerCycle) + 5'(r));
    pqx_keccak_round u_round (
      .state_i (chain[r]),
      .round_i (idx),
      .theta_o (unused_theta),
      .rho_o   (unused_rho),
      .pi_o    (unused_pi),
      .chi_o   (unused_chi),
      .state_o (chain[r+1])
    );
  end

  // The 1600-bit state register is write-enabled rather than fed by a next-state mux: a
  // simulator then copies the wide value once per clock edge, not on every evaluation of the
  // combinational logic (same register contents in every cycle).
  assign state_we = (phase_q == Idle && start_i) || (phase_q == Run);

  always_comb begin
    phase_d = phase_q;
    round_d = round_q;
    unique case (phase_q)
      Idle: if (start_i) begin
        phase_d = Run;
        round_d = 5'd1;
      end
      Run: begin
        round_d = round_q + 5'd1;
        if (last_step) phase_d = ack_i ? Idle : Hold;
      end
      Hold: if (ack_i) phase_d = Idle;
      default: phase_d = Idle;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      phase_q <= Idle;
      round_q <= '0;
      state_q <= '0;
    end else begin
      phase_q <= phase_d;
      round_q <= round_d;
      if (state_we) state_q <= round_out;
    end
  end

  assign busy_o  = (phase_q != Idle);
  assign done_o  = last_step || (phase_q == Hold);
  assign state_o = (phase_q == Hold) ? state_q : round_out;

endmodule
