// PQX polynomial unit: the NTT engine, B = Butterflies butterfly units (1, 2 or 4) side by side
// in a two-stage pipeline (read | compute and write back). B = 1 is the Vortex PCU's engine
// (one butterfly unit), B = 2 the RoCC seed's dual-butterfly engine (pqx_top's default).
//
// Schedule. After reset the engine clears the slot memory (StClear: 2 B coefficients per
// cycle, 1,024 / B cycles). Then, from start_i (the cycle the starting instruction executes),
// in StRun one step is read per cycle (the addresses come from the step and pass counters only)
// and registered with its write addresses, twiddles and kind, and in the next cycle its
// butterflies (or its pairs' products) are computed from those registers and written back in
// place while the next step is read; after the last step's write, StDone for one cycle, then
// StIdle. The PCU's PHASE_READ and PHASE_WRITE of consecutive butterflies overlap here: the
// banked memory (pqx_poly_mem) gives every step its 2 B coefficients of slot a and 2 B of slot
// b in one cycle. A step's reads never meet the write of the cycle: inside a pass the steps
// touch disjoint coefficients, and the first step of a pass reads coefficients 0 .. B - 1 and
// len .. len + B - 1 (or 0 .. 2 B - 1), never one of those the previous pass's last step
// writes (the top B of each half of the last group).
// A butterfly index t (0 .. 127) is one butterfly of an NTT layer, or one pair of coefficients
// (2t, 2t+1) of the scaling pass or of the point-wise product; a pass is the 128 of them, and
// step s of a pass is t = B s .. B s + B - 1, one per butterfly unit (lane). The passes:
//   NTT   layers l = 0 .. L-1 (len = 128 >> l; L = 7 for ML-KEM slots, 8 for ML-DSA), the
//         Cooley-Tukey butterfly a, b -> a + z b, a - z b with z = zetas[2^l + group];
//   INTT  layers l = L-1 .. 0, the Gentleman-Sande butterfly a, b -> a + b, z (b - a) with
//         z = zetas[2^(l+1) - 1 - group] (FIPS 203 Alg. 10; FIPS 204 Alg. 42's -zeta (a - b)
//         is the same product), then the scaling pass (n^-1 times each coefficient);
//   PWM   one pass: ML-KEM's base case (FIPS 203 Alg. 12) of pairs of slots a and b with
//         gamma_t, or ML-DSA's two coefficient products, into slot a;
//   CBD   one pass: SamplePolyCBD_2 (FIPS 203 Alg. 8) of the 128 bytes latched from O at the
//         start (cbd_i), byte t giving coefficients 2t and 2t + 1 of slot a (an ML-KEM slot).
// So the engine is busy 128 / B steps per pass + 2 cycles after its start. B = 1: ML-DSA NTT
// 1,026, INTT 1,154, PWM 130 (the PCU, two cycles per butterfly: 2,049, 2,305, 257); ML-KEM
// NTT 898, INTT 1,026; CBD 130. B = 2: ML-KEM NTT 450 (the RoCC seed: 448 compute cycles, the
// limit of two units), INTT 514; ML-DSA NTT 514, INTT 578; PWM and CBD 66. B = 4: halved again.
// The ISA's in-place order is FIPS's: input in natural order, NTT output in bit-reversed
// order, so no bit-reversal pass. The counter strobes (cnt_*_o) report each cycle's work.
`default_nettype none

module pqx_poly_engine #(
  parameter int unsigned Butterflies = 2   // butterfly units: 1, 2 or 4
) (
  input  logic                                clk_i,
  input  logic                                rst_ni,
  input  logic                                start_i,
  input  pqx_poly_pkg::eng_op_e               op_i,
  input  logic [2:0]                          slot_a_i,    // transformed / product slot
  input  logic [2:0]                          slot_b_i,    // PWM's second factor
  input  logic [8*pqx_poly_pkg::CbdBytes-1:0] cbd_i,       // CBD: O's first bytes
  output logic                                busy_o,
  // per lane b: reads 2b, 2b+1 of slot a and 2B+2b, 2B+2b+1 of slot b; writes 2b, 2b+1
  output logic [4*Butterflies-1:0][pqx_poly_pkg::AddrW-1:0] raddr_o,
  input  logic [4*Butterflies-1:0][pqx_poly_pkg::CoefW-1:0] rdata_i,
  output logic [2*Butterflies-1:0]                          we_o,
  output logic [2*Butterflies-1:0][pqx_poly_pkg::AddrW-1:0] waddr_o,
  output logic [2*Butterflies-1:0][pqx_poly_pkg::CoefW-1:0] wdata_o,
  output logic                                cnt_busy_o,  // a cycle of a run
  output logic [2:0]                          cnt_bf_o,    // butterflies written
  output logic [4:0]                          cnt_mul_o    // modular products written
);

  localparam int unsigned CW = pqx_poly_pkg::CoefW;
  localparam int unsigned AW = pqx_poly_pkg::AddrW;
  localparam int unsigned B  = Butterflies;
  localparam int unsigned LB = $clog2(B);
  localparam int unsigned SW = 7 - LB;           // step within a pass: 128 / B steps
  localparam int unsigned CLW = AW - LB - 1;     // clear counter: 2 B coefficients a cycle

  typedef enum logic [1:0] { StClear, StIdle, StRun, StDone } state_e;
  // what a step computes
  typedef enum logic [2:0] { KNtt, KIntt, KScale, KPwmK, KPwmD, KCbd } kind_e;

  state_e                 state_q;
  pqx_poly_pkg::eng_op_e  op_q;
  logic [2:0]             slot_a_q, slot_b_q;
  logic                   reading_q;    // StRun: a step is read this cycle
  logic [3:0]             pass_q;       // of the step read: NTT/INTT layers done; INTT L: scaling
  logic [SW-1:0]          step_q;       // the step read, within its pass
  logic [CLW-1:0]         clear_q;      // the group of 2 B addresses cleared
  logic [8*pqx_poly_pkg::CbdBytes-1:0] cbd_q;   // CBD: the bytes sampled

  // the step read last cycle, written this cycle
  logic                           wvalid_q;
  kind_e                          wkind_q;
  logic [2*B-1:0][AW-1:0]         waddr_q;
  logic [B-1:0][CW-1:0]           wz_q;     // per lane: twiddle (NTT/INTT), gamma, CBD byte
  logic [4*B-1:0][CW-1:0]         x_q;      // lane b: its coefficients at 4b .. 4b + 3

  // ---------------------------------------------------------------- the step read
  logic       kem;
  logic [3:0] layers;
  logic [3:0] last_pass;
  logic       scaling;                  // the INTT's scaling pass
  logic       pairwise;                 // a pair step (scaling, PWM, CBD), not a butterfly
  logic [2:0] l;                        // the butterflies' layer
  logic [7:0] len;
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
  assign last_step = step_q == '1 && pass_q == last_pass;

  always_comb begin
    unique case (op_q)
      pqx_poly_pkg::EngNtt:  kind = KNtt;
      pqx_poly_pkg::EngIntt: kind = scaling ? KScale : KIntt;
      pqx_poly_pkg::EngCbd:  kind = KCbd;
      default:               kind = kem ? KPwmK : KPwmD;
    endcase
  end

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

  // CBD_2 of four bits: (b0 + b1) - (b2 + b3) mod q (ML-KEM)
  function automatic logic [CW-1:0] cbd2(logic [3:0] n);
    logic [1:0] x, y;
    x = {1'b0, n[0]} + {1'b0, n[1]};
    y = {1'b0, n[2]} + {1'b0, n[3]};
    cbd2 = x >= y ? CW'(x - y) : pqx_poly_pkg::QK - CW'(y - x);
  endfunction

  logic [B-1:0][CW-1:0] z_read;         // per lane: the twiddle, gamma or CBD byte read
  logic [2*B-1:0][CW-1:0] w;            // per lane: the two results written

  for (genvar b = 0; b < B; b++) begin : g_lane
    // Addresses: butterfly t's j, j + len, or the pair 2t, 2t + 1 (and slot b's pair).
    logic [6:0] t;
    logic [7:0] group, j, zidx, i0, i1;
    assign t     = 7'((32'(step_q) << LB) | b);
    assign group = 8'({1'b0, t} >> (3'd7 - l));
    assign j     = (group << (4'd8 - 4'(l))) | ({1'b0, t} & (len - 8'd1));
    assign zidx  = op_q == pqx_poly_pkg::EngNtt ? 8'((9'd1 << l) + 9'(group))
                                                : 8'((9'd2 << l) - 9'd1 - 9'(group));
    assign i0    = pairwise ? {t, 1'b0} : j;
    assign i1    = pairwise ? {t, 1'b1} : j + len;

    assign raddr_o[2*b]           = {slot_a_q, i0};
    assign raddr_o[2*b+1]         = {slot_a_q, i1};
    assign raddr_o[2*B + 2*b]     = {slot_b_q, t, 1'b0};
    assign raddr_o[2*B + 2*b + 1] = {slot_b_q, t, 1'b1};

    assign z_read[b] = op_q == pqx_poly_pkg::EngPwm ? pqx_poly_pkg::gamma_k(t)
                       : op_q == pqx_poly_pkg::EngCbd ? CW'(cbd_q[8 * t +: 8])
                       : kem ? pqx_poly_pkg::zeta_k(zidx[6:0]) : pqx_poly_pkg::zeta_d(zidx);

    // ML-KEM base case partial products (PWM only): a0 b0, a1 b1, a1 b0.
    logic [CW-1:0] x0, x1, x2, x3;      // slot a: i0, i1; slot b: the pair
    assign {x3, x2, x1, x0} = {x_q[4*b+3], x_q[4*b+2], x_q[4*b+1], x_q[4*b]};
    logic [CW-1:0] k00, k11, k10;
    pqx_poly_mulmod #(.Q(3329)) u_k00 (.a_i(x0), .b_i(x2), .c_i('0), .r_o(k00));
    pqx_poly_mulmod #(.Q(3329)) u_k11 (.a_i(x1), .b_i(x3), .c_i('0), .r_o(k11));
    pqx_poly_mulmod #(.Q(3329)) u_k10 (.a_i(x1), .b_i(x2), .c_i('0), .r_o(k10));

    // The two general multiply-adds, each for both moduli.
    logic [CW-1:0] m0a, m0b, m0c, m1a, m1b, m1c;
    logic [CW-1:0] m0k, m0d, m1k, m1d, m0, m1;
    always_comb begin
      {m0a, m0b, m0c} = {wz_q[b], x1, CW'(0)};     // NTT: z b
      {m1a, m1b, m1c} = {ninv, x1, CW'(0)};        // scaling: n^-1 b
      unique case (wkind_q)
        KIntt:  m0b = sub_mod(x1, x0, q);        // z (b - a)
        KScale: {m0a, m0b} = {ninv, x0};
        KPwmK: begin
          {m0a, m0b, m0c} = {k11, wz_q[b], k00};     // a0 b0 + a1 b1 gamma
          {m1a, m1b, m1c} = {x0, x3, k10};       // a0 b1 + a1 b0
        end
        KPwmD: begin
          {m0a, m0b} = {x0, x2};
          {m1a, m1b} = {x1, x3};
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

    always_comb begin
      unique case (wkind_q)
        KNtt:    {w[2*b+1], w[2*b]} = {sub_mod(x0, m0, q), add_mod(x0, m0, q)};
        KIntt:   {w[2*b+1], w[2*b]} = {m0, add_mod(x0, x1, q)};
        KCbd:    {w[2*b+1], w[2*b]} = {cbd2(wz_q[b][7:4]), cbd2(wz_q[b][3:0])};
        default: {w[2*b+1], w[2*b]} = {m1, m0};
      endcase
    end
  end

  always_comb begin
    if (state_q == StClear) begin
      we_o = '1;
      for (int p = 0; p < 2 * B; p++) waddr_o[p] = AW'((32'(clear_q) << (LB + 1)) | p);
      wdata_o = '0;
    end else begin
      we_o    = {(2 * B){wvalid_q}};
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
          clear_q <= clear_q + CLW'(1);
          if (clear_q == '1) state_q <= StIdle;
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
            step_q <= step_q + SW'(1);
            if (step_q == '1) pass_q <= pass_q + 4'd1;
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

  // The step's data path registers, written with each read. They hold coefficients, so reset
  // (and ZEROIZE, which is the unit's reset) clears them.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      x_q     <= '0;
      waddr_q <= '0;
      wz_q    <= '0;
      wkind_q <= KNtt;
    end else if (state_q == StRun && reading_q) begin
      for (int b = 0; b < B; b++) begin
        x_q[4*b]       <= rdata_i[2*b];             // slot a: i0, i1
        x_q[4*b+1]     <= rdata_i[2*b + 1];
        x_q[4*b+2]     <= rdata_i[2*B + 2*b];       // slot b: the pair
        x_q[4*b+3]     <= rdata_i[2*B + 2*b + 1];
        waddr_q[2*b]   <= raddr_o[2*b];
        waddr_q[2*b+1] <= raddr_o[2*b+1];
      end
      wz_q    <= z_read;
      wkind_q <= kind;
    end
  end

  assign busy_o     = state_q != StIdle;
  assign cnt_busy_o = state_q == StRun || state_q == StDone;
  assign cnt_bf_o   = wvalid_q && (wkind_q == KNtt || wkind_q == KIntt) ? 3'(B) : 3'd0;
  always_comb begin
    unique case (wkind_q)
      KNtt, KIntt: cnt_mul_o = wvalid_q ? 5'(B) : 5'd0;
      KPwmK:       cnt_mul_o = wvalid_q ? 5'(5 * B) : 5'd0;
      KCbd:        cnt_mul_o = 5'd0;
      default:     cnt_mul_o = wvalid_q ? 5'(2 * B) : 5'd0;
    endcase
  end

endmodule
