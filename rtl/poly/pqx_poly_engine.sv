// PQX polynomial unit: the Vortex-PCU-style NTT engine, one butterfly unit in a two-stage
// pipeline (read | compute and write back).
//
// Schedule. After reset the engine clears the slot memory (StClear: two coefficients per
// cycle, 1,024 cycles). Then, from start_i (the cycle the starting instruction executes), in
// StRun one step is read per cycle (the addresses come from the step and pass counters only)
// and registered with its write addresses, twiddle and kind, and in the next cycle its
// butterfly (or its pair's products) is computed from those registers and written back in
// place while the next step is read; after the last step's write, StDone for one cycle, then
// StIdle. The PCU's PHASE_READ and PHASE_WRITE of consecutive butterflies overlap here: the
// memory has four read and two write ports. A step's reads never meet the write of the cycle:
// inside a pass the steps touch disjoint coefficients, and the first read of a pass (0 and
// len, or 0 and 1) is never a coefficient the previous pass's last step writes (255 - len and
// 255, or 127 and 255).
// A step is one butterfly of an NTT layer, or one pair of coefficients (2k, 2k+1) of the
// scaling pass or of the point-wise product; a pass is 128 steps. The passes:
//   NTT   layers l = 0 .. L-1 (len = 128 >> l; L = 7 for ML-KEM slots, 8 for ML-DSA), the
//         Cooley-Tukey butterfly a, b -> a + z b, a - z b with z = zetas[2^l + group];
//   INTT  layers l = L-1 .. 0, the Gentleman-Sande butterfly a, b -> a + b, z (b - a) with
//         z = zetas[2^(l+1) - 1 - group] (FIPS 203 Alg. 10; FIPS 204 Alg. 42's -zeta (a - b)
//         is the same product), then the scaling pass (n^-1 times each coefficient);
//   PWM   one pass: ML-KEM's base case (FIPS 203 Alg. 12) of pairs of slots a and b with
//         gamma_k, or ML-DSA's two coefficient products, into slot a;
//   CBD   one pass: SamplePolyCBD_2 (FIPS 203 Alg. 8) of the 128 bytes latched from O at the
//         start (cbd_i), byte k giving coefficients 2k and 2k + 1 of slot a (an ML-KEM slot).
// So the engine is busy steps + 2 cycles after its start: ML-DSA NTT 1,026, INTT 1,154, PWM
// 130 (the PCU, two cycles per butterfly: 2,049, 2,305, 257); ML-KEM NTT 898, INTT 1,026;
// CBD 130.
// The ISA's in-place order is FIPS's: input in natural order, NTT output in bit-reversed
// order, so no bit-reversal pass. The counter strobes (cnt_*_o) report each cycle's work.
`default_nettype none

module pqx_poly_engine (
  input  logic                                clk_i,
  input  logic                                rst_ni,
  input  logic                                start_i,
  input  pqx_poly_pkg::eng_op_e               op_i,
  input  logic [2:0]                          slot_a_i,    // transformed / product slot
  input  logic [2:0]                          slot_b_i,    // PWM's second factor
  input  logic [8*pqx_poly_pkg::CbdBytes-1:0] cbd_i,       // CBD: O's first bytes
  output logic                                busy_o,
  output logic [3:0][pqx_poly_pkg::AddrW-1:0] raddr_o,
  input  logic [3:0][pqx_poly_pkg::CoefW-1:0] rdata_i,
  output logic [1:0]                          we_o,
  output logic [1:0][pqx_poly_pkg::AddrW-1:0] waddr_o,
  output logic [1:0][pqx_poly_pkg::CoefW-1:0] wdata_o,
  output logic                                cnt_busy_o,  // a cycle of a run
  output logic                                cnt_bf_o,    // a butterfly written
  output logic [2:0]                          cnt_mul_o    // modular products written
);

  localparam int unsigned CW = pqx_poly_pkg::CoefW;

  typedef enum logic [1:0] { StClear, StIdle, StRun, StDone } state_e;
  // what a step computes
  typedef enum logic [2:0] { KNtt, KIntt, KScale, KPwmK, KPwmD, KCbd } kind_e;

  state_e                 state_q;
  pqx_poly_pkg::eng_op_e  op_q;
  logic [2:0]             slot_a_q, slot_b_q;
  logic                   reading_q;    // StRun: a step is read this cycle
  logic [3:0]             pass_q;       // of the step read: NTT/INTT layers done; INTT L: scaling
  logic [6:0]             step_q;       // the step read, within its pass
  logic [9:0]             clear_q;      // pair of addresses cleared
  logic [8*pqx_poly_pkg::CbdBytes-1:0] cbd_q;   // CBD: the bytes sampled

  // the step read last cycle, written this cycle
  logic                          wvalid_q;
  kind_e                         wkind_q;
  logic [1:0][pqx_poly_pkg::AddrW-1:0] waddr_q;
  logic [CW-1:0]                 wz_q;          // its twiddle (NTT/INTT) or gamma (ML-KEM PWM)
  logic [3:0][CW-1:0]            x_q;           // its coefficients

  // ---------------------------------------------------------------- the step read
  logic       kem;
  logic [3:0] layers;
  logic [3:0] last_pass;
  logic       scaling;                  // the INTT's scaling pass
  logic       pairwise;                 // a pair step (scaling, PWM), not a butterfly
  logic [2:0] l;                        // the butterfly's layer
  logic [7:0] len;
  logic [7:0] group;
  logic [7:0] j;                        // the butterfly's first index
  logic [7:0] zidx;
  logic       last_step;
  kind_e      kind;

  assign kem       = slot_a_q < 3'(pqx_poly_pkg::KemSlots);
  assign layers    = kem ? 4'd7 : 4'd8;
  assign last_pass = op_q == pqx_poly_pkg::EngNtt ? layers - 4'd1
                     : op_q == pqx_poly_pkg::EngIntt ? layers : 4'd0;
  assign scaling   = op_q == pqx_poly_pkg::EngIntt && pass_q == layers;
  assign pairwise  = scaling || op_q == pqx_poly_pkg::EngPwm || op_q == pqx_poly_pkg::EngCbd;
  assign l         = op_q == pqx_poly_pkg::EngNtt ? pass_q[2:0] : 3'(layers - 4'd1 - pass_q);
  assign len       = 8'd128 >> l;
  assign group     = 8'({1'b0, step_q} >> (3'd7 - l));
  assign j         = (group << (4'd8 - 4'(l))) | ({1'b0, step_q} & (len - 8'd1));
  assign zidx      = op_q == pqx_poly_pkg::EngNtt ? 8'((9'd1 << l) + 9'(group))
                                                  : 8'((9'd2 << l) - 9'd1 - 9'(group));
  assign last_step = step_q == 7'd127 && pass_q == last_pass;

  always_comb begin
    unique case (op_q)
      pqx_poly_pkg::EngNtt:  kind = KNtt;
      pqx_poly_pkg::EngIntt: kind = scaling ? KScale : KIntt;
      pqx_poly_pkg::EngCbd:  kind = KCbd;
      default:               kind = kem ? KPwmK : KPwmD;
    endcase
  end

  // Addresses: the butterfly's j, j + len, or the pair 2k, 2k + 1 (and slot b's pair).
  logic [7:0] i0, i1;
  assign i0 = pairwise ? {step_q, 1'b0} : j;
  assign i1 = pairwise ? {step_q, 1'b1} : j + len;

  assign raddr_o[0] = {slot_a_q, i0};
  assign raddr_o[1] = {slot_a_q, i1};
  assign raddr_o[2] = {slot_b_q, step_q, 1'b0};
  assign raddr_o[3] = {slot_b_q, step_q, 1'b1};

  logic [CW-1:0] z_read;     // the twiddle, gamma, or (CBD) the step's byte
  assign z_read = op_q == pqx_poly_pkg::EngPwm ? pqx_poly_pkg::gamma_k(step_q)
                  : op_q == pqx_poly_pkg::EngCbd ? CW'(cbd_q[8 * step_q +: 8])
                  : kem ? pqx_poly_pkg::zeta_k(zidx[6:0]) : pqx_poly_pkg::zeta_d(zidx);

  // ---------------------------------------------------------------- the step written
  logic [CW-1:0] q, ninv;
  assign q    = kem ? pqx_poly_pkg::QK : pqx_poly_pkg::QD;
  assign ninv = kem ? pqx_poly_pkg::NInvK : pqx_poly_pkg::NInvD;

  function automatic logic [CW-1:0] add_mod(logic [CW-1:0] a, logic [CW-1:0] b,
                                            logic [CW-1:0] m);
    logic [CW:0] s;
    s = {1'b0, a} + {1'b0, b};
    add_mod = s >= {1'b0, m} ? CW'(s - {1'b0, m}) : CW'(s);
  endfunction

  function automatic logic [CW-1:0] sub_mod(logic [CW-1:0] a, logic [CW-1:0] b,
                                            logic [CW-1:0] m);
    sub_mod = a >= b ? a - b : a + (m - b);
  endfunction

  // ML-KEM base case partial products (PWM only): a0 b0, a1 b1, a1 b0.
  logic [CW-1:0] k00, k11, k10;
  pqx_poly_mulmod #(.Q(3329)) u_k00 (.a_i(x_q[0]), .b_i(x_q[2]), .c_i('0), .r_o(k00));
  pqx_poly_mulmod #(.Q(3329)) u_k11 (.a_i(x_q[1]), .b_i(x_q[3]), .c_i('0), .r_o(k11));
  pqx_poly_mulmod #(.Q(3329)) u_k10 (.a_i(x_q[1]), .b_i(x_q[2]), .c_i('0), .r_o(k10));

  // The two general multiply-adds, each for both moduli.
  logic [CW-1:0] m0a, m0b, m0c, m1a, m1b, m1c;
  logic [CW-1:0] m0k, m0d, m1k, m1d, m0, m1;
  always_comb begin
    {m0a, m0b, m0c} = {wz_q, x_q[1], CW'(0)};       // NTT: z b
    {m1a, m1b, m1c} = {ninv, x_q[1], CW'(0)};       // scaling: n^-1 b
    unique case (wkind_q)
      KIntt:  m0b = sub_mod(x_q[1], x_q[0], q);     // z (b - a)
      KScale: {m0a, m0b} = {ninv, x_q[0]};
      KPwmK: begin
        {m0a, m0b, m0c} = {k11, wz_q, k00};         // a0 b0 + a1 b1 gamma
        {m1a, m1b, m1c} = {x_q[0], x_q[3], k10};    // a0 b1 + a1 b0
      end
      KPwmD: begin
        {m0a, m0b} = {x_q[0], x_q[2]};
        {m1a, m1b} = {x_q[1], x_q[3]};
      end
      default: ;
    endcase
  end

  pqx_poly_mulmod #(.Q(3329))    u_m0k (.a_i(m0a), .b_i(m0b), .c_i(m0c), .r_o(m0k));
  pqx_poly_mulmod #(.Q(8380417)) u_m0d (.a_i(m0a), .b_i(m0b), .c_i(m0c), .r_o(m0d));
  pqx_poly_mulmod #(.Q(3329))    u_m1k (.a_i(m1a), .b_i(m1b), .c_i(m1c), .r_o(m1k));
  pqx_poly_mulmod #(.Q(8380417)) u_m1d (.a_i(m1a), .b_i(m1b), .c_i(m1c), .r_o(m1d));
  assign m0 = kem ? m0k : m0d;
  assign m1 = kem ? m1k : m1d;

  // CBD_2 of four bits: (b0 + b1) - (b2 + b3) mod q (ML-KEM)
  function automatic logic [CW-1:0] cbd2(logic [3:0] n);
    logic [1:0] x, y;
    x = {1'b0, n[0]} + {1'b0, n[1]};
    y = {1'b0, n[2]} + {1'b0, n[3]};
    cbd2 = x >= y ? CW'(x - y) : pqx_poly_pkg::QK - CW'(y - x);
  endfunction

  logic [1:0][CW-1:0] w;
  always_comb begin
    unique case (wkind_q)
      KNtt:    w = {sub_mod(x_q[0], m0, q), add_mod(x_q[0], m0, q)};
      KIntt:   w = {m0, add_mod(x_q[0], x_q[1], q)};
      KCbd:    w = {cbd2(wz_q[7:4]), cbd2(wz_q[3:0])};
      default: w = {m1, m0};
    endcase
  end

  always_comb begin
    if (state_q == StClear) begin
      we_o    = 2'b11;
      waddr_o = {{clear_q, 1'b1}, {clear_q, 1'b0}};
      wdata_o = '0;
    end else begin
      we_o    = {2{wvalid_q}};
      waddr_o = waddr_q;
      wdata_o = w;
    end
  end

  // ---------------------------------------------------------------- schedule
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q   <= StClear;
      op_q      <= pqx_poly_pkg::EngNtt;
      slot_a_q  <= '0;
      slot_b_q  <= '0;
      reading_q <= 1'b0;
      pass_q    <= '0;
      step_q    <= '0;
      clear_q   <= '0;
      cbd_q     <= '0;
      wvalid_q  <= 1'b0;
    end else begin
      wvalid_q <= state_q == StRun && reading_q;
      unique case (state_q)
        StClear: begin
          clear_q <= clear_q + 10'd1;
          if (clear_q == 10'h3FF) state_q <= StIdle;
        end
        StIdle: begin
          if (start_i) begin
            state_q   <= StRun;
            op_q      <= op_i;
            slot_a_q  <= slot_a_i;
            slot_b_q  <= slot_b_i;
            reading_q <= 1'b1;
            pass_q    <= '0;
            step_q    <= '0;
            if (op_i == pqx_poly_pkg::EngCbd) cbd_q <= cbd_i;
          end
        end
        StRun: begin
          if (reading_q) begin
            step_q <= step_q + 7'd1;
            if (step_q == 7'd127) pass_q <= pass_q + 4'd1;
            if (last_step) reading_q <= 1'b0;
          end else begin
            state_q <= StDone;         // the last step is written this cycle
          end
        end
        StDone:  state_q <= StIdle;
        default: state_q <= StIdle;
      endcase
    end
  end

  // The step's data path registers: written with each read, no reset needed.
  always_ff @(posedge clk_i) begin
    if (state_q == StRun && reading_q) begin
      x_q     <= rdata_i;
      waddr_q <= {raddr_o[1], raddr_o[0]};
      wz_q    <= z_read;
      wkind_q <= kind;
    end
  end

  assign busy_o     = state_q != StIdle;
  assign cnt_busy_o = state_q == StRun || state_q == StDone;
  assign cnt_bf_o   = wvalid_q && (wkind_q == KNtt || wkind_q == KIntt);
  always_comb begin
    unique case (wkind_q)
      KNtt, KIntt: cnt_mul_o = 3'(wvalid_q);
      KPwmK:       cnt_mul_o = wvalid_q ? 3'd5 : 3'd0;
      KCbd:        cnt_mul_o = 3'd0;
      default:     cnt_mul_o = wvalid_q ? 3'd2 : 3'd0;
    endcase
  end

endmodule
