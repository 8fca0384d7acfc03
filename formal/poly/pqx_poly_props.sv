// Properties of the polynomial unit's engine and its modular multiply-add (formal/poly).
//
// POLY_ENGINE (tasks `engine` for the default build's two butterfly units, `engine_b1`,
// `engine_b4`; k-induction): pqx_poly_engine with free inputs (start, op, slots,
// read data), started only while idle (pqx_poly_unit starts it only for an executed
// instruction, and pqx_top executes none while it is busy). A shadow down-counter `left` is
// loaded with the run length of the ISA (verif/models/consts.py poly_run_cycles: steps + 2,
// steps = 128 / B per NTT layer, per scaling pass, per PWM) at each start and with 1,024 / B at
// reset (the clear), and counts down:
//   busy_o == (left != 0)   every run ends exactly its run length after the start: no
//                           deadlock, no early or late done, the clear after reset included;
//   writes                  only in the clear or a run, and a run writes only its own slot a;
//   banks                   every step's 2 B reads of slot a, its 2 B reads of slot b, its
//                           2 B writes and every clear cycle's writes fall in 2 B distinct
//                           banks of the documented mapping (pqx_poly_mem's one port per bank
//                           and group suffices), and no read of a step meets the write of the
//                           same cycle (the pipeline needs no forwarding);
//   counter strobes         the butterfly and product strobes only with a write.
// The data path (the butterfly results, the registered coefficients and twiddle) is cut: the
// schedule must hold whatever the values.
//
// POLY_MULMOD (tasks `mulmod_k`, `mulmod_d`): pqx_poly_mulmod's Barrett reduction of every
// x < Q^2 (x = a b + c for a, b, c < Q), Q = 3329 and 8380417.
//
// POLY_REDUCE (tasks `reduce_k`, `reduce_d`): pqx_poly_reduce, the DMA's load reduction, for
// every IW-bit word x (a free input): r_o == x % Q (the SMT remainder by the constant Q, not
// the RTL's Barrett steps), Q = 3329 with IW = 16 and Q = 8380417 with IW = 32.
//
// POLY_DMA (task `dma`, k-induction): pqx_poly_dma alone, the bus free (gnt, rvalid, rdata any
// value every cycle: the DMA ignores rvalid with nothing outstanding), started only while idle
// (pqx_poly_unit). The slot memory is modelled only as far as a store needs it: its read data
// is free but stable while the read address is (no other writer during a store). Shadows
// loaded at the start (base, store, words = 128 for slots 0..3, 256 for 4..7) and two shadow
// counters of granted requests and taken responses (a response is taken when rvalid comes with
// a granted request not yet answered). While busy:
//   req_q <= words, rsp_q <= req_q, addr_o == base + 4 req_q, we_bus_o == store;
//   OBI: a request not granted is held next cycle with the same addr, we (and wdata for a store);
//   req_o only while busy and fewer than `words` requests were granted;
//   busy falls only in the cycle after a response is taken with granted == taken == words.
`default_nettype none

module pqx_poly_props (
  input logic clk_i,
  input logic rst_ni
);

`ifdef POLY_ENGINE
  localparam int unsigned B  = `POLY_B;           // the build's butterfly units
  localparam int unsigned LB = $clog2(B);
  localparam int unsigned SW = 7 - LB;
  localparam logic [11:0] Steps = 12'(128 / B);   // steps per pass
  localparam logic [11:0] Clear = 12'(1024 / B);  // cycles of the clear after reset
  (* anyseq *) logic                  start;
  (* anyseq *) pqx_poly_pkg::eng_op_e op;
  (* anyseq *) logic [2:0]            slot_a, slot_b;
  (* anyseq *) logic [4*B-1:0][23:0]  rdata;
  (* anyseq *) logic [1023:0]         cbd;
  logic                  busy;
  logic [4*B-1:0][10:0]  raddr;
  logic [2*B-1:0]        we;
  logic [2*B-1:0][10:0]  waddr;
  logic [2*B-1:0][23:0]  wdata;
  logic                  cnt_busy;
  logic [2:0]            cnt_bf;
  logic [4:0]            cnt_mul;

  pqx_poly_engine #(.Butterflies(B)) dut (
    .clk_i, .rst_ni, .start_i(start), .op_i(op), .slot_a_i(slot_a), .slot_b_i(slot_b),
    .cbd_i(cbd),
    .busy_o(busy), .raddr_o(raddr), .rdata_i(rdata), .we_o(we), .waddr_o(waddr),
    .wdata_o(wdata), .cnt_busy_o(cnt_busy), .cnt_bf_o(cnt_bf), .cnt_mul_o(cnt_mul)
  );

  // every trace starts in reset, then stays out of it
  logic f_first = 1'b1;
  always @(posedge clk_i) f_first <= 1'b0;
  always @* begin
    if (f_first) assume (!rst_ni);
    else         assume (rst_ni);
  end

  always @* begin
    if (rst_ni) begin
      if (start) assume (!busy);
    end
  end

  // the ISA's run length (independent of the engine's counters)
  function automatic logic [11:0] run_cycles(pqx_poly_pkg::eng_op_e o, logic [2:0] s);
    logic [3:0] layers;
    layers = s < 3'd4 ? 4'd7 : 4'd8;
    unique case (o)
      pqx_poly_pkg::EngNtt:  run_cycles = 12'(layers) * Steps + 12'd2;
      pqx_poly_pkg::EngIntt: run_cycles = (12'(layers) + 12'd1) * Steps + 12'd2;
      default:               run_cycles = Steps + 12'd2;
    endcase
  endfunction

  // the documented bank of a coefficient (docs/architecture.md): {parity(i >> lb), i mod B}
  function automatic logic [LB:0] bank(logic [10:0] a);
    logic [7:0] hi;
    hi = a[7:0] >> LB;
    bank = (LB + 1)'((32'(^hi) << LB) | 32'(a[7:0] % 8'(B)));
  endfunction

  // 2 B addresses of one slot in 2 B distinct banks (so also distinct addresses)
  function automatic logic one_per_bank(logic [2*B-1:0][10:0] a, logic [2:0] s);
    logic [2*B-1:0] seen;
    seen = '0;
    one_per_bank = 1'b1;
    for (int k = 0; k < 2 * B; k++) begin
      if (a[k][10:8] != s || seen[bank(a[k])]) one_per_bank = 1'b0;
      seen[bank(a[k])] = 1'b1;
    end
  endfunction

  logic [11:0] left_q;
  logic [2:0]  slot_q;       // the running instruction's slot a
  logic [2:0]  slot_bq;      // and slot b
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      left_q  <= Clear;
      slot_q  <= '0;
      slot_bq <= '0;
    end else if (start && !busy) begin
      left_q  <= run_cycles(op, slot_a);
      slot_q  <= slot_a;
      slot_bq <= slot_b;
    end else if (left_q != '0) begin
      left_q <= left_q - 12'd1;
    end
  end

  logic [2*B-1:0][10:0] raddr_a, raddr_b;
  assign raddr_a = raddr[2*B-1:0];
  assign raddr_b = raddr[4*B-1:2*B];
  logic read_meets_write;     // a step read this cycle touches a coefficient written this cycle
  always_comb begin
    read_meets_write = 1'b0;
    for (int r = 0; r < 2 * B; r++)
      for (int w = 0; w < 2 * B; w++)
        if (we[w] && raddr_a[r] == waddr[w]) read_meets_write = 1'b1;
  end

  always @* begin
    if (rst_ni) begin
      a_busy_exact: assert (busy == (left_q != '0));
      if (we != '0) a_write_in_run: assert (busy);
      if (we != '0 && p_state != StClear)
        a_write_own_slot: assert (we == '1 && one_per_bank(waddr, slot_q));
      if (p_state == StClear) a_clear_banks: assert (we == '1 && one_per_bank(waddr, waddr[0][10:8]));
      if (cnt_bf != '0 || cnt_mul != '0) a_count_with_write: assert (we == '1);
      if (p_state == StRun && p_reading) begin
        a_read_banks:  assert (one_per_bank(raddr_a, slot_q) && one_per_bank(raddr_b, slot_bq));
        a_read_before_write: assert (!read_meets_write);
      end
    end
  end

  // invariants that make the induction close: the shadow against the engine's counters (probes
  // connected to the engine's registers by the .sby script)
  localparam logic [1:0] StClear = 2'd0, StIdle = 2'd1, StRun = 2'd2, StDone = 2'd3;
  logic [1:0]           p_state, p_op;
  logic                 p_reading, p_wvalid;
  logic [3:0]           p_pass;
  logic [SW-1:0]        p_step;
  logic [9-LB:0]        p_clear;
  logic [2:0]           p_slot_a, p_slot_b;
  logic [2*B-1:0][10:0] p_waddr;
  logic [11:0] steps, done_steps;
  assign steps      = run_cycles(pqx_poly_pkg::eng_op_e'(p_op), p_slot_a) - 12'd2;
  assign done_steps = 12'(p_pass) * Steps + 12'(p_step);
  always @* begin
    if (rst_ni) begin
      unique case (p_state)
        StClear: inv_clear: assert (left_q == Clear - 12'(p_clear) && !p_wvalid);
        StIdle:  inv_idle:  assert (left_q == '0 && !p_wvalid);
        StRun: begin
          inv_op:   assert (p_slot_a == slot_q && p_slot_b == slot_bq);
          if (p_reading) begin
            inv_read: assert (done_steps < steps && left_q == steps + 12'd2 - done_steps
                              && p_wvalid == (done_steps != '0));
          end else begin
            inv_last: assert (left_q == 12'd2 && p_wvalid && done_steps == steps);
          end
        end
        default: inv_done: assert (left_q == 12'd1 && !p_wvalid);
      endcase
      // the step written is the one read a cycle ago: its slot, one coefficient per bank
      if (p_wvalid) inv_waddr: assert (one_per_bank(p_waddr, slot_q));
    end
  end
`endif

`ifdef POLY_MULMOD
  // The product x = a b + c is cut (free, below Q^2: what a, b, c < Q give); with the probes
  // (the Barrett estimate t and the remainder r = x - t Q before the correction):
  //   r < 2 Q   (so t Q <= x: no wrap) and   r_o < Q, r_o + (t + [r >= Q]) Q == x,
  // i.e. r_o = x mod Q. The estimate is a product with a constant only.
  localparam int unsigned Q  = `POLY_Q;
  localparam int unsigned W  = $clog2(Q);
  localparam int unsigned XW = 2 * W + 1;
  (* anyconst *) logic [23:0] a, b, c;
  logic [23:0]   r_o;
  logic [XW-1:0] p_x, p_t, p_r;
  pqx_poly_mulmod #(.Q(Q)) dut (.a_i(a), .b_i(b), .c_i(c), .r_o(r_o));
  always @* begin
    assume (p_x < XW'(Q) * XW'(Q));
    a_bound: assert (p_r < XW'(2 * Q));
    a_range: assert (r_o < 24'(Q));
    a_value: assert (XW'(r_o) + (p_t + XW'(p_r >= XW'(Q))) * XW'(Q) == p_x);
  end
  logic unused;
  assign unused = ^{clk_i, rst_ni, a, b, c};
`endif

`ifdef POLY_DMA
  (* anyseq *) logic        start, store;
  (* anyseq *) logic [31:0] base;
  (* anyseq *) logic [2:0]  slot;
  (* anyseq *) logic [1:0][23:0] mem_rdata;
  (* anyseq *) logic        gnt, rvalid;
  (* anyseq *) logic [31:0] rdata_bus;
  logic              busy, req, we_bus;
  logic [31:0]       addr, wdata_bus;
  logic [1:0][10:0]  raddr, waddr;
  logic [1:0]        we;
  logic [1:0][23:0]  wdata;

  pqx_poly_dma dut (
    .clk_i, .rst_ni, .start_i(start), .store_i(store), .base_i(base), .slot_i(slot),
    .busy_o(busy), .raddr_o(raddr), .rdata_i(mem_rdata), .we_o(we), .waddr_o(waddr),
    .wdata_o(wdata), .req_o(req), .we_bus_o(we_bus), .addr_o(addr), .wdata_bus_o(wdata_bus),
    .gnt_i(gnt), .rvalid_i(rvalid), .rdata_bus_i(rdata_bus)
  );

  logic f_first = 1'b1;
  always @(posedge clk_i) f_first <= 1'b0;
  always @* begin
    if (f_first) assume (!rst_ni);
    else         assume (rst_ni);
  end

  // probes (connect -set in the .sby)
  logic [8:0]  p_req, p_rsp;
  logic [31:0] p_base;
  logic [2:0]  p_slot;
  logic        p_store;

  // shadows
  logic        s_store;
  logic [31:0] s_base;
  logic [8:0]  s_words, n_gnt, n_rsp;
  logic        prev_busy, prev_req, prev_gnt, prev_we;
  logic [31:0] prev_addr, prev_wdata;
  logic [1:0][10:0] prev_raddr;
  logic [1:0][23:0] prev_mem;
  logic        took, last_take;
  assign took = busy && rvalid && n_rsp != n_gnt;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      s_store <= 1'b0; s_base <= '0; s_words <= 9'd128; n_gnt <= '0; n_rsp <= '0;
      prev_busy <= 1'b0; prev_req <= 1'b0; prev_gnt <= 1'b0; prev_we <= 1'b0;
      prev_addr <= '0; prev_wdata <= '0; prev_raddr <= '0; prev_mem <= '0; last_take <= 1'b0;
    end else begin
      if (start && !busy) begin
        s_store <= store;
        s_base  <= base;
        s_words <= slot < 3'd4 ? 9'd128 : 9'd256;
        n_gnt   <= '0;
        n_rsp   <= '0;
      end else begin
        if (req && gnt) n_gnt <= n_gnt + 9'd1;
        if (took)       n_rsp <= n_rsp + 9'd1;
      end
      prev_busy  <= busy;
      prev_req   <= req;
      prev_gnt   <= gnt;
      prev_we    <= we_bus;
      prev_addr  <= addr;
      prev_wdata <= wdata_bus;
      prev_raddr <= raddr;
      prev_mem   <= mem_rdata;
      last_take  <= took && n_rsp + 9'd1 == s_words && n_gnt == s_words;
    end
  end

  always @* begin
    if (rst_ni) begin
      if (start) assume (!busy);
      // the slot memory: nothing else writes it during a store
      if (!f_first && raddr == prev_raddr) assume (mem_rdata == prev_mem);

      if (busy) begin
        a_req_bound: assert (p_req <= s_words);
        a_rsp_le_req: assert (p_rsp <= p_req);
        a_addr:      assert (addr == s_base + {21'd0, p_req, 2'b00});
        a_we:        assert (we_bus == s_store);
        a_req_open:  assert (req == (n_gnt != s_words));
      end else begin
        a_no_req:    assert (!req);
      end
      if (!f_first && prev_busy && prev_req && !prev_gnt) begin
        a_obi_hold:  assert (busy && req && addr == prev_addr && we_bus == prev_we);
        if (prev_we) a_obi_wdata: assert (wdata_bus == prev_wdata);
      end
      // busy falls exactly after the last response: `words` granted and `words` taken
      if (!f_first && prev_busy && !busy)
        a_busy_fall: assert (last_take && n_gnt == s_words && n_rsp == s_words);
      if (!f_first && last_take) a_busy_ends: assert (!busy);

      // invariants for the induction: the shadows are the DMA's state
      if (busy) begin
        inv_req:   assert (p_req == n_gnt && p_rsp == n_rsp);
        inv_base:  assert (p_base == s_base && p_store == s_store);
        inv_words: assert (s_words == (p_slot < 3'd4 ? 9'd128 : 9'd256));
        inv_rsp:   assert (n_rsp != s_words);
      end
    end
  end
  logic unused;
  assign unused = ^{we, waddr, wdata};
`endif

`ifdef POLY_REDUCE
  localparam int unsigned Q  = `POLY_Q;
  localparam int unsigned IW = `POLY_IW;
  (* anyconst *) logic [IW-1:0] x;
  logic [23:0] r_o;
  pqx_poly_reduce #(.Q(Q), .IW(IW)) dut (.x_i(x), .r_o(r_o));
  always @* begin
    a_mod: assert (r_o == 24'(x % IW'(Q)));
  end
  logic unused;
  assign unused = ^{clk_i, rst_ni};
`endif

endmodule
