// PQX polynomial unit: the DMA engine that moves one slot between the slot memory and host
// memory (POLY_LD, POLY_ST), as an OBI-style bus master.
//
// Bus (OBI 1.x subset): req_o with addr_o / we_o / wdata_o (whole words) is held, unchanged,
// until gnt_i; a request is granted in the cycle req_o && gnt_i. Every granted request (read or
// write) gets exactly one response, rvalid_i, in request order, any number of cycles later; a
// read's data comes with it (rdata_i). The bus may stall any grant and any response; rvalid_i
// with nothing outstanding is ignored.
//
// Word format: an ML-KEM slot (0..3) is 128 words, coefficient 2k in bits 15:0 of word k and
// 2k + 1 in bits 31:16 (the layout of a uint16_t[256] in little-endian memory); an ML-DSA slot
// (4..7) is 256 words, one coefficient each (a uint32_t[256]). Word k is at base + 4 k. A load
// reduces each 16-bit (ML-KEM) or 32-bit (ML-DSA) field modulo q (pqx_poly_reduce), so a slot
// only ever holds coefficients below q; a store writes the coefficients zero-extended.
//
// Schedule: from start_i (the cycle POLY_LD / POLY_ST executes; the unit starts the DMA only
// while idle) the DMA is busy. Requests and responses overlap: the request of word k goes out
// as soon as word k - 1 is granted (one per cycle at most, never more than the words of the
// slot), and the response of word k is taken whenever it comes: a load writes its coefficients
// into the slot in that cycle, a store only counts it. Two counters, words granted (req_q) and
// words answered (rsp_q), make the whole state; busy_o falls in the cycle after the last
// response (so every write the store made has been answered before the unit takes another
// instruction). With a bus that grants at once and answers in the next cycle, a transfer takes
// words + 1 cycles after its start: ML-KEM 129, ML-DSA 257.
// A store reads the slot (two asynchronous read ports) at the word being requested, so the
// write data is stable while the request waits for its grant.
`default_nettype none

module pqx_poly_dma (
  input  logic                                clk_i,
  input  logic                                rst_ni,
  input  logic                                start_i,
  input  logic                                store_i,     // POLY_ST (else POLY_LD)
  input  logic [31:0]                         base_i,      // word-aligned byte address
  input  logic [2:0]                          slot_i,
  output logic                                busy_o,

  // slot memory
  output logic [1:0][pqx_poly_pkg::AddrW-1:0] raddr_o,
  input  logic [1:0][pqx_poly_pkg::CoefW-1:0] rdata_i,
  output logic [1:0]                          we_o,
  output logic [1:0][pqx_poly_pkg::AddrW-1:0] waddr_o,
  output logic [1:0][pqx_poly_pkg::CoefW-1:0] wdata_o,

  // bus master
  output logic                                req_o,
  output logic                                we_bus_o,
  output logic [31:0]                         addr_o,
  output logic [31:0]                         wdata_bus_o,
  input  logic                                gnt_i,
  input  logic                                rvalid_i,
  input  logic [31:0]                         rdata_bus_i
);

  logic        busy_q, store_q;
  logic [31:0] base_q;
  logic [2:0]  slot_q;
  logic [8:0]  req_q;          // words granted
  logic [8:0]  rsp_q;          // words answered

  logic       kem;
  logic [8:0] words;
  assign kem   = slot_q < 3'(pqx_poly_pkg::KemSlots);
  assign words = kem ? 9'd128 : 9'd256;

  logic granted, answered;
  assign req_o    = busy_q && req_q != words;
  assign granted  = req_o && gnt_i;
  assign answered = busy_q && rvalid_i && rsp_q != req_q;

  assign we_bus_o = store_q;
  assign addr_o   = base_q + {21'd0, req_q, 2'b00};

  // Store data: the requested word's coefficients.
  assign raddr_o[0] = kem ? {slot_q, req_q[6:0], 1'b0} : {slot_q, req_q[7:0]};
  assign raddr_o[1] = {slot_q, req_q[6:0], 1'b1};
  assign wdata_bus_o = kem ? {rdata_i[1][15:0], rdata_i[0][15:0]} : {8'd0, rdata_i[0]};

  // Load data: the answered word's coefficients, reduced.
  logic [23:0] lo_k, hi_k, word_d;
  pqx_poly_reduce #(.Q(3329),    .IW(16)) u_lo_k (.x_i(rdata_bus_i[15:0]),  .r_o(lo_k));
  pqx_poly_reduce #(.Q(3329),    .IW(16)) u_hi_k (.x_i(rdata_bus_i[31:16]), .r_o(hi_k));
  pqx_poly_reduce #(.Q(8380417), .IW(32)) u_w_d  (.x_i(rdata_bus_i),        .r_o(word_d));

  assign we_o       = answered && !store_q ? (kem ? 2'b11 : 2'b01) : 2'b00;
  assign waddr_o[0] = kem ? {slot_q, rsp_q[6:0], 1'b0} : {slot_q, rsp_q[7:0]};
  assign waddr_o[1] = {slot_q, rsp_q[6:0], 1'b1};
  assign wdata_o[0] = kem ? lo_k : word_d;
  assign wdata_o[1] = hi_k;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q  <= 1'b0;
      store_q <= 1'b0;
      base_q  <= '0;
      slot_q  <= '0;
      req_q   <= '0;
      rsp_q   <= '0;
    end else if (!busy_q) begin
      if (start_i) begin
        busy_q  <= 1'b1;
        store_q <= store_i;
        base_q  <= base_i;
        slot_q  <= slot_i;
        req_q   <= '0;
        rsp_q   <= '0;
      end
    end else begin
      if (granted) req_q <= req_q + 9'd1;
      if (answered) begin
        rsp_q <= rsp_q + 9'd1;
        if (rsp_q + 9'd1 == words) busy_q <= 1'b0;
      end
    end
  end

  assign busy_o = busy_q;

  // Port 1 serves only ML-KEM stores: 16-bit coefficients.
  logic unused;
  assign unused = ^rdata_i[1][23:16];

endmodule
