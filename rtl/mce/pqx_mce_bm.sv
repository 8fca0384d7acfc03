// PQX Berlekamp-Massey engine (MCE_BM): the error locator of a binary Goppa code from its 2t
// syndromes, as the Classic McEliece decoder's `bm` (connection polynomial C and correction
// polynomial B kept to degree t).
//
// Schedule: fixed, 4t + 1 cycles from start_i to done_o, independent of the syndromes.
//   start   C = 1, B = x, L = 0, b = 1, n = 0                            (cycle 0)
//   per iteration n = 0 .. 2t-1, two cycles:
//     phase Disc    d = sum_{i <= min(n, t)} C_i s_{n-i}  (t + 1 products, registered)
//     phase Update  if d != 0: C = C - (d / b) B; if also 2L <= n: L = n + 1 - L, B = old C,
//                   b = d; then B = x B                    (d / b: one inverse and a product)
//   done    done_o from cycle 4t + 1 until ack_i (the result is taken); sigma_o = C reversed
//           (sigma_i = C_{t-i}, whose roots are the support elements of the error positions) and
//           len_o = L hold while done_o.
// The engine owns only its working registers; the unit copies sigma_o into its locator at ack_i.
// Polynomials are flat vectors, coefficient i in bits [12 i +: 12].
`default_nettype none

module pqx_mce_bm #(
  parameter int unsigned T = pqx_mce_pkg::T
) (
  input  logic                          clk_i,
  input  logic                          rst_ni,
  input  logic                          start_i,
  input  logic [2*T*pqx_mce_pkg::M-1:0] s_i,
  output logic                          done_o,
  output logic [(T+1)*pqx_mce_pkg::M-1:0] sigma_o,
  output logic [7:0]                    len_o,
  input  logic                          ack_i
);

  localparam int unsigned M     = pqx_mce_pkg::M;
  localparam int unsigned IterW = $clog2(2 * T + 1);   // n in 0..2t, L in 0..2t

  typedef enum logic [1:0] { Idle, Disc, Update, Done } phase_e;

  phase_e               phase_q, phase_d;
  logic [IterW-1:0]     n_q, n_d;
  logic [IterW-1:0]     l_q, l_d;
  logic [(T+1)*M-1:0]   c_q, c_d, bp_q, bp_d;         // C and B
  logic [M-1:0]         b_q, b_d, d_q, d_d;

  // Disc: the discrepancy; s_{n-i} is selected before its product (no product for i > n)
  logic [M-1:0] disc, sel;
  always_comb begin
    disc = '0;
    sel  = '0;
    if (phase_q == Disc) begin     // (only then: a simulator skips the products otherwise)
      for (int i = 0; i <= T; i++) begin
        sel = '0;
        for (int k = 0; k < 2 * T; k++) begin
          if (k + i == int'(n_q)) sel = s_i[k*M +: M];
        end
        disc = disc ^ pqx_mce_pkg::gf_mul(c_q[i*M +: M], sel);
      end
    end
  end

  // Update
  logic [M-1:0]       frac;         // d / b
  logic [(T+1)*M-1:0] c_upd;
  logic               d_nz, lengthen;
  assign d_nz     = d_q != '0;
  assign lengthen = d_nz && {l_q, 1'b0} <= {1'b0, n_q};
  always_comb begin
    frac  = '0;
    c_upd = c_q;
    if (phase_q == Update) begin
      frac = pqx_mce_pkg::gf_mul(d_q, pqx_mce_pkg::gf_inv(b_q));
      for (int i = 0; i <= T; i++) begin
        c_upd[i*M +: M] = c_q[i*M +: M] ^ pqx_mce_pkg::gf_mul(frac, bp_q[i*M +: M]);
      end
    end
  end

  always_comb begin
    phase_d = phase_q;
    n_d     = n_q;
    l_d     = l_q;
    c_d     = c_q;
    bp_d    = bp_q;
    b_d     = b_q;
    d_d     = d_q;
    unique case (phase_q)
      Idle: ;
      Disc: begin
        d_d     = disc;
        phase_d = Update;
      end
      Update: begin
        if (d_nz) c_d = c_upd;
        if (lengthen) begin
          l_d = n_q + 1'b1 - l_q;
          b_d = d_q;
        end
        bp_d    = {lengthen ? c_q[T*M-1:0] : bp_q[T*M-1:0], M'(0)};
        n_d     = n_q + 1'b1;
        phase_d = int'(n_q) >= 2 * T - 1 ? Done : Disc;   // (>=: no count past the end)
      end
      Done: if (ack_i) phase_d = Idle;
      default: phase_d = Idle;
    endcase
    if (start_i) begin
      phase_d = Disc;
      n_d     = '0;
      l_d     = '0;
      c_d     = '0;
      c_d[0]  = 1'b1;                  // C = 1
      bp_d    = '0;
      bp_d[M] = 1'b1;                  // B = x
      b_d     = M'(1);
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      phase_q <= Idle;
      n_q     <= '0;
      l_q     <= '0;
      c_q     <= '0;
      bp_q    <= '0;
      b_q     <= '0;
      d_q     <= '0;
    end else begin
      phase_q <= phase_d;
      n_q     <= n_d;
      l_q     <= l_d;
      c_q     <= c_d;
      bp_q    <= bp_d;
      b_q     <= b_d;
      d_q     <= d_d;
    end
  end

  assign done_o = phase_q == Done;
  always_comb begin
    for (int i = 0; i <= T; i++) sigma_o[i*M +: M] = c_q[(T-i)*M +: M];
  end
  assign len_o = 8'(l_q);

endmodule
