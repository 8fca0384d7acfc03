// PQX support-list Chien search (MCE_CHIEN): evaluates the error locator sigma at every support
// element alpha_j and marks the roots, the error positions of the Goppa decoder.
//
// Schedule: fixed, ceil(n / Lanes) + 1 cycles from start_i to done_o.
//   start   step = 0, bitmap cleared                                            (cycle 0)
//   step s  Lanes evaluators (Horner's rule, t products each) take alpha_j for
//           j = Lanes s .. Lanes s + Lanes - 1 and set bit j of the bitmap when sigma(alpha_j) = 0
//                                                                      (cycles 1 .. ceil(n/Lanes))
//   done    done_o until ack_i; bitmap_o holds. The unit copies it into its error bitmap at ack_i.
// sigma_i and support_i are the unit's registers; they do not change while the search runs (the
// execute stage is held).
`default_nettype none

module pqx_mce_chien #(
  parameter int unsigned N     = pqx_mce_pkg::N,
  parameter int unsigned T     = pqx_mce_pkg::T,
  parameter int unsigned Lanes = pqx_mce_pkg::Lanes
) (
  input  logic                            clk_i,
  input  logic                            rst_ni,
  input  logic                            start_i,
  input  logic [(T+1)*pqx_mce_pkg::M-1:0] sigma_i,
  input  logic [N*pqx_mce_pkg::M-1:0]     support_i,
  output logic                            done_o,
  output logic [N-1:0]                    bitmap_o,
  input  logic                            ack_i
);

  localparam int unsigned M     = pqx_mce_pkg::M;
  localparam int unsigned Steps = (N + Lanes - 1) / Lanes;
  localparam int unsigned StepW = $clog2(Steps + 1);

  logic [StepW-1:0]  step;
  logic              run;

  // start / run / done (rtl/pqx_step_counter.sv): steps 0 .. Steps - 1, then done until ack_i
  pqx_step_counter #(.StepW(StepW)) u_steps (
    .clk_i, .rst_ni, .start_i, .last_i (StepW'(Steps - 1)), .ack_i,
    .run_o (run), .step_o (step), .done_o
  );

  logic [N-1:0]      bitmap_q;

  // Lanes evaluations of sigma at alpha_{Lanes step + l}
  logic [Lanes-1:0]   root;
  logic [Lanes*M-1:0] alpha, acc;
  always_comb begin
    alpha = '0;
    acc   = '0;
    root  = '0;
    if (run) begin   // (idle: a simulator skips the products)
      for (int l = 0; l < Lanes; l++) begin
        for (int s = 0; s < Steps; s++) begin
          if (s * Lanes + l < N && s == int'(step)) alpha[l*M +: M] = support_i[(s*Lanes + l)*M +: M];
        end
        acc[l*M +: M] = sigma_i[T*M +: M];
        for (int i = T - 1; i >= 0; i--) begin
          acc[l*M +: M] = pqx_mce_pkg::gf_mul(acc[l*M +: M], alpha[l*M +: M]) ^ sigma_i[i*M +: M];
        end
        root[l] = acc[l*M +: M] == '0;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      bitmap_q <= '0;
    end else if (start_i) begin
      bitmap_q <= '0;
    end else if (run) begin
      for (int s = 0; s < Steps; s++) begin
        for (int l = 0; l < Lanes; l++) begin
          if (s * Lanes + l < N && s == int'(step)) bitmap_q[s*Lanes + l] <= root[l];
        end
      end
    end
  end

  assign bitmap_o = bitmap_q;

endmodule
