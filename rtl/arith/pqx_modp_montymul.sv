// PQX MODP_MONTYMUL: Falcon keygen's modp_montymul(a, b, p, p0i) for any odd p in
// (2^30, 2^31), with p0i = -1/p mod 2^31 derived here instead of read from a table.
//
// Schedule (fixed, data independent; cycle 0 = start_i), default build:
//   0      a, b, p captured; y <- 2 - p
//   1..4   one Newton step per cycle, y <- y (2 - p y) mod 2^32 (modp_ninv31); in
//          cycle 1 also z <- a b (64 bit)
//   5..    done_o high, result_o = modp_montymul with p0i = -y mod 2^31, held until
//          ack_i (the dispatch stage acks when it registers the result)
// Pipelined build (Pipelined = 1): one product per cycle on every path. Each Newton step
// takes two cycles (1, 3, 5, 7: p y registered; 2, 4, 6, 8: y updated), cycle 9 registers the
// Montgomery digit m = (z p0i) mod 2^31, cycle 10 the result, and done_o rises in cycle 11
// with result_o straight from a register.
// Four steps suffice: 2 - p is p^-1 to 2 bits and each step doubles the correct bits.
`default_nettype none

module pqx_modp_montymul #(
  parameter bit Pipelined = 1'b0
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        start_i,
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic [31:0] p_i,
  output logic        done_o,
  output logic [31:0] result_o,
  input  logic        ack_i
);

  localparam logic [3:0] DoneOneCycle = 4'd5;    // done step: Newton steps of one cycle
  localparam logic [3:0] DoneTwoCycle = 4'd11;   // ... of two cycles, m and the result registered
  localparam logic [3:0] StepDone     = Pipelined ? DoneTwoCycle : DoneOneCycle;

  logic [3:0]  step_q;        // 0 idle, then the cycles since the start; StepDone = done
  logic [31:0] a_q, b_q, p_q, y_q;
  logic [63:0] z_q;
  logic [31:0] py, py_used, y_next;
  logic        y_we;          // this step updates y

  assign py     = p_q * y_q;
  assign y_next = y_q * (32'd2 - py_used);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      step_q <= '0;
      a_q    <= '0;
      b_q    <= '0;
      p_q    <= '0;
      y_q    <= '0;
      z_q    <= '0;
    end else if (start_i) begin
      step_q <= 4'd1;
      a_q    <= a_i;
      b_q    <= b_i;
      p_q    <= p_i;
      y_q    <= 32'd2 - p_i;
    end else if (step_q != 4'd0 && step_q != StepDone) begin
      step_q <= step_q + 4'd1;
      if (y_we) y_q <= y_next;
      if (step_q == 4'd1) z_q <= 64'(a_q) * 64'(b_q);
    end else if (step_q == StepDone && ack_i) begin
      step_q <= '0;
    end
  end

  // Montgomery step: w = ((z p0i) mod 2^31) p, d = (z + w) >> 31 - p, + p if negative.
  logic [30:0] p0i, m, m_used;
  logic [63:0] w, zw;
  logic [31:0] d, result;

  assign p0i      = 31'(-y_q);
  assign m        = z_q[30:0] * p0i;
  assign w        = 64'(m_used) * 64'(p_q);
  assign zw       = z_q + w;
  assign d        = zw[62:31] - p_q;
  assign result   = d + (d[31] ? p_q : 32'd0);
  assign done_o   = step_q == StepDone;

  if (Pipelined) begin : g_pipe
    logic [31:0] py_q, result_q;
    logic [30:0] m_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        py_q     <= '0;
        m_q      <= '0;
        result_q <= '0;
      end else begin
        py_q     <= py;
        m_q      <= m;
        result_q <= result;
      end
    end
    assign py_used  = py_q;
    assign m_used   = m_q;
    assign result_o = result_q;
    assign y_we    = step_q <= 4'd8 && !step_q[0];   // steps 2, 4, 6, 8
  end else begin : g_comb
    assign py_used  = py;
    assign m_used   = m;
    assign result_o = result;
    assign y_we    = 1'b1;
  end

  logic unused_zw;
  assign unused_zw = ^{zw[63], zw[30:0]};

endmodule
