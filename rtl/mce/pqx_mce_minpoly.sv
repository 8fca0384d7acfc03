// PQX Gaussian-elimination engine (MCE_MINPOLY): the minimal polynomial g over GF(2^12) of an
// element beta of GF(2^12)[y]/F(y), as Classic McEliece's Irreducible step computes the Goppa
// polynomial: solve sum_{i<t} g_i beta^i = beta^t (g monic of degree t) by Gauss-Jordan
// elimination on the t x (t + 1) matrix whose column j holds the coefficients of beta^j.
//
// Schedule: fixed, 3t cycles from start_i to done_o, the same for a singular matrix.
//   start    column 0 = 1, column 1 = beta                                        (cycle 0)
//   powers   column j = column j-1 * beta mod F, j = 2 .. t                (cycles 1 .. t-1)
//   per column c = 0 .. t-1, two cycles:
//     Pivot  row c += row k (k = c+1 .. t-1, in order) while entry (c, c) is 0, the reference
//            decoder's constant-time pivot search; entry (c, c) still 0: singular (ok cleared)
//     Elim   row c scaled by the inverse of its pivot, then row k -= M[k][c] row c for every
//            k != c (one inverse, two products deep)
//   done     done_o until ack_i; ok_o = 1 and g_o = (column t, 1) for a nonsingular matrix,
//            ok_o = 0 and g_o = 0 otherwise. The unit copies g_o into its locator at ack_i.
// Matrix entry (r, j), the coefficient of y^r in beta^j, is m_q[(j t + r) 12 +: 12].
// T and FLowP (F(y) = y^t + FLowP, coefficient i at FLowP[12 i +: 12]) default to the unit's t = 2
// field; the unit test builds t = 4 alone, where the pivot row additions occur (t = 2 never needs one).
`default_nettype none

module pqx_mce_minpoly #(
  parameter int unsigned T = pqx_mce_pkg::T,
  parameter logic [T*pqx_mce_pkg::M-1:0] FLowP = pqx_mce_pkg::FLow
) (
  input  logic                            clk_i,
  input  logic                            rst_ni,
  input  logic                            start_i,
  input  logic [T*pqx_mce_pkg::M-1:0]     beta_i,
  output logic                            done_o,
  output logic                            ok_o,
  output logic [(T+1)*pqx_mce_pkg::M-1:0] g_o,
  input  logic                            ack_i
);

  localparam int unsigned M     = pqx_mce_pkg::M;
  localparam int unsigned Cols  = T + 1;
  localparam int unsigned Steps = (T - 1) + 2 * T;     // powers, then two per column
  localparam int unsigned StepW = $clog2(Steps + 1);

  logic [Cols*T*M-1:0] m_q, m_d;
  logic [T*M-1:0]      beta_q;
  logic                ok_q, ok_d;
  logic [StepW-1:0]    step;
  logic                run;

  // start / run / done (rtl/pqx_step_counter.sv): steps 0 .. Steps - 1, then done until ack_i
  pqx_step_counter #(.StepW(StepW)) u_steps (
    .clk_i, .rst_ni, .start_i, .last_i (StepW'(Steps - 1)), .ack_i,
    .run_o (run), .step_o (step), .done_o
  );

  // entry (r, j)
  function automatic logic [M-1:0] ent(logic [Cols*T*M-1:0] m, int r, int j);
    ent = m[(j*T + r)*M +: M];
  endfunction

  // a * b mod F in GF(2^12)[y]/F(y), t coefficients each
  function automatic logic [T*M-1:0] mulmod(logic [T*M-1:0] a, logic [T*M-1:0] b);
    logic [(2*T-1)*M-1:0] p;
    logic [M-1:0]         top;
    p = '0;
    for (int i = 0; i < T; i++) begin
      for (int j = 0; j < T; j++) begin
        p[(i+j)*M +: M] = p[(i+j)*M +: M] ^ pqx_mce_pkg::gf_mul(a[i*M +: M], b[j*M +: M]);
      end
    end
    for (int k = 2 * T - 2; k >= int'(T); k--) begin   // y^t = F_0 + ... + F_{t-1} y^{t-1}
      top = p[k*M +: M];
      for (int i = 0; i < T; i++) begin
        p[(k-T+i)*M +: M] = p[(k-T+i)*M +: M] ^ pqx_mce_pkg::gf_mul(top, FLowP[i*M +: M]);
      end
    end
    mulmod = p[T*M-1:0];
  endfunction

  // which phase a step is: steps 0 .. t-2 powers (column step + 2), then Pivot / Elim of
  // column (step - (t-1)) / 2
  int unsigned          col;
  logic                 is_power, is_pivot;
  logic [Cols*T*M-1:0]  m_piv, m_elim;
  logic [M-1:0]         pivot, pivot_inv, factor;
  logic [T*M-1:0]       power;
  logic                 piv_zero;

  always_comb begin
    is_power  = 1'b0;
    col       = 0;
    is_pivot  = 1'b0;
    power     = '0;
    m_piv     = m_q;
    piv_zero  = 1'b0;
    pivot     = '0;
    pivot_inv = '0;
    m_elim    = m_q;
    factor    = '0;
    if (run) begin   // (idle: a simulator skips the elimination)
      is_power = int'(step) < int'(T) - 1;
      col      = is_power ? 0 : (int'(step) - (int'(T) - 1)) / 2;
      is_pivot = !is_power && ((int'(step) - (int'(T) - 1)) % 2 == 0);
      power    = '0;
      for (int j = 2; j <= int'(T); j++) begin
        if (int'(step) == j - 2) power = mulmod(m_q[(j-1)*T*M +: T*M], beta_q);
      end
      // Pivot: conditional row additions, in order
      m_piv = m_q;
      for (int k = 0; k < int'(T); k++) begin
        if (k > int'(col) && ent(m_piv, int'(col), int'(col)) == '0) begin
          for (int j = 0; j < int'(Cols); j++) begin
            m_piv[(j*T + int'(col))*M +: M] = ent(m_piv, int'(col), j) ^ ent(m_piv, k, j);
          end
        end
      end
      piv_zero = ent(m_piv, int'(col), int'(col)) == '0;
      // Elim: normalise row col, clear column col in every other row
      pivot     = ent(m_q, int'(col), int'(col));
      pivot_inv = pqx_mce_pkg::gf_inv(pivot);
      m_elim    = m_q;
      factor    = '0;
      for (int j = 0; j < int'(Cols); j++) begin
        m_elim[(j*T + int'(col))*M +: M] = pqx_mce_pkg::gf_mul(ent(m_q, int'(col), j), pivot_inv);
      end
      for (int k = 0; k < int'(T); k++) begin
        if (k != int'(col)) begin
          factor = ent(m_q, k, int'(col));
          for (int j = 0; j < int'(Cols); j++) begin
            m_elim[(j*T + k)*M +: M] = ent(m_q, k, j)
                                       ^ pqx_mce_pkg::gf_mul(factor, ent(m_elim, int'(col), j));
          end
        end
      end
    end
  end

  always_comb begin
    m_d  = m_q;
    ok_d = ok_q;
    if (is_power) begin
      for (int j = 2; j <= int'(T); j++) begin
        if (int'(step) == j - 2) m_d[j*T*M +: T*M] = power;
      end
    end else if (is_pivot) begin
      m_d = m_piv;
      if (piv_zero) ok_d = 1'b0;
    end else begin
      m_d = m_elim;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      m_q    <= '0;
      beta_q <= '0;
      ok_q   <= 1'b0;
    end else if (start_i) begin
      m_q              <= '0;
      m_q[M-1:0]       <= M'(1);          // column 0: beta^0 = 1
      m_q[T*M +: T*M]  <= beta_i;         // column 1: beta
      beta_q           <= beta_i;
      ok_q             <= 1'b1;
    end else if (run) begin
      m_q    <= m_d;
      ok_q   <= ok_d;
    end
  end

  assign ok_o   = ok_q;
  assign g_o    = ok_q ? {M'(1), m_q[T*T*M +: T*M]} : '0;

endmodule
