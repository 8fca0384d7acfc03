// PQX MODP_MONTYMUL: Falcon keygen's modp_montymul(a, b, p, p0i) for any odd p in
// (2^30, 2^31), with p0i = -1/p mod 2^31 derived here instead of read from a table.
//
// Schedule (fixed, data independent; cycle 0 = start_i):
//   0      a, b, p captured; y <- 2 - p
//   1..4   one Newton step per cycle, y <- y (2 - p y) mod 2^32 (modp_ninv31); in
//          cycle 1 also z <- a b (64 bit)
//   5..    done_o high, result_o = modp_montymul with p0i = -y mod 2^31, held until
//          ack_i (the dispatch stage acks when it registers the result)
// Four steps suffice: 2 - p is p^-1 to 2 bits and each step doubles the correct bits.
`default_nettype none

module pqx_modp_montymul (
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

  localparam logic [2:0] StepDone = 3'd5;

  logic [2:0]  step_q;        // 0 idle, 1..4 Newton steps, 5 done
  logic [31:0] a_q, b_q, p_q, y_q;
  logic [63:0] z_q;
  logic [31:0] py, y_next;

  assign py     = p_q * y_q;
  assign y_next = y_q * (32'd2 - py);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      step_q <= '0;
      a_q    <= '0;
      b_q    <= '0;
      p_q    <= '0;
      y_q    <= '0;
      z_q    <= '0;
    end else if (start_i) begin
      step_q <= 3'd1;
      a_q    <= a_i;
      b_q    <= b_i;
      p_q    <= p_i;
      y_q    <= 32'd2 - p_i;
    end else if (step_q != 3'd0 && step_q != StepDone) begin
      step_q <= step_q + 3'd1;
      y_q    <= y_next;
      if (step_q == 3'd1) z_q <= 64'(a_q) * 64'(b_q);
    end else if (step_q == StepDone && ack_i) begin
      step_q <= '0;
    end
  end

  // Montgomery step: w = ((z p0i) mod 2^31) p, d = (z + w) >> 31 - p, + p if negative.
  logic [30:0] p0i, m;
  logic [63:0] w, zw;
  logic [31:0] d;

  assign p0i      = 31'(-y_q);
  assign m        = z_q[30:0] * p0i;
  assign w        = 64'(m) * 64'(p_q);
  assign zw       = z_q + w;
  assign d        = zw[62:31] - p_q;
  assign result_o = d + (d[31] ? p_q : 32'd0);
  assign done_o   = step_q == StepDone;

  logic unused_zw;
  assign unused_zw = ^{zw[63], zw[30:0]};

endmodule
