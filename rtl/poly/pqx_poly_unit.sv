// PQX polynomial unit: eight polynomial slots, the NTT engine with Butterflies butterfly units
// (1: the Vortex PCU's engine, 2: the RoCC seed's dual-butterfly engine), the DMA engine that
// moves slots to and from host memory, and eight performance counters (docs/isa.md,
// "Polynomial instructions").
//
// Architectural state: the slot memory (pqx_poly_mem: slots 0..3 ML-KEM, q = 3329; slots
// 4..7 ML-DSA, q = 8380417; zero after reset, cleared by the engine) and the counters
// (32 bits, wrapping, zero at reset). A killed or rejected instruction changes neither.
//
// Schedule: every instruction executes in one cycle (start_i). POLY_WR writes its coefficient
// at the end of that cycle, POLY_RD and POLY_CNT read combinationally; POLY_NTT, POLY_INTT
// POLY_PWM and POLY_CBD (which samples O's first 128 bytes, latched at its start) start the
// engine, which then runs in the background (busy_o) for a fixed number of cycles
// (pqx_poly_engine); POLY_LD and POLY_ST start the DMA (pqx_poly_dma), which runs in the
// background until its last bus response. pqx_top executes no polynomial instruction while
// busy_o is high (and holds new ones at the issue port), so a run is never disturbed: the
// memory's ports serve the engine or the DMA while one runs, port 0 serves the instructions
// otherwise. An out-of-range operand raises exc_o, and then nothing is written, started,
// requested or counted.
`default_nettype none

module pqx_poly_unit #(
  parameter int unsigned Butterflies = 2   // the engine's butterfly units: 1, 2 or 4
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         start_i,
  input  pqx_pkg::op_e op_i,
  input  logic [31:0]  rs1_i,
  input  logic [31:0]  rs2_i,
  input  logic [8*pqx_poly_pkg::CbdBytes-1:0] o_i,   // O's first bytes (POLY_CBD)
  output logic [31:0]  data_o,
  output logic         exc_o,
  output logic         busy_o,

  // DMA bus master (pqx_poly_dma)
  output logic         dma_req_o,
  output logic         dma_we_o,
  output logic [31:0]  dma_addr_o,
  output logic [31:0]  dma_wdata_o,
  input  logic         dma_gnt_i,
  input  logic         dma_rvalid_i,
  input  logic [31:0]  dma_rdata_i
);

  localparam int unsigned AW = pqx_poly_pkg::AddrW;
  localparam int unsigned CW = pqx_poly_pkg::CoefW;

  // ---------------------------------------------------------------- operand checks
  logic addr1_ok, addr2_ok, slot1_ok, slot2_ok, value_ok, same_modulus;
  assign addr1_ok     = rs1_i < 32'(pqx_poly_pkg::Addrs);
  assign addr2_ok     = rs2_i < 32'(pqx_poly_pkg::Addrs);
  assign slot1_ok     = rs1_i < 32'(pqx_poly_pkg::Slots);
  assign slot2_ok     = rs2_i < 32'(pqx_poly_pkg::Slots);
  // POLY_WR: the coefficient is below its slot's modulus (address bit 10: an ML-DSA slot)
  assign value_ok     = rs1_i < (rs2_i[AW-1] ? 32'(pqx_poly_pkg::QD) : 32'(pqx_poly_pkg::QK));
  assign same_modulus = rs1_i[2] == rs2_i[2];

  always_comb begin
    unique case (op_i)
      pqx_pkg::OpPolyWr:   exc_o = !(addr2_ok && value_ok);
      pqx_pkg::OpPolyRd:   exc_o = !addr1_ok;
      pqx_pkg::OpPolyNtt, pqx_pkg::OpPolyIntt, pqx_pkg::OpPolyCnt: exc_o = !slot1_ok;
      pqx_pkg::OpPolyPwm:  exc_o = !(slot1_ok && slot2_ok && same_modulus);
      pqx_pkg::OpPolyCbd:  exc_o = !(rs1_i < 32'(pqx_poly_pkg::KemSlots));
      pqx_pkg::OpPolyLd, pqx_pkg::OpPolySt: exc_o = !(slot2_ok && rs1_i[1:0] == 2'b00);
      default:             exc_o = 1'b0;
    endcase
  end

  logic go;          // the instruction takes effect
  assign go = start_i && !exc_o;

  // ---------------------------------------------------------------- engine and memory
  logic                 eng_start;
  pqx_poly_pkg::eng_op_e eng_op;
  logic                 eng_busy;
  logic [4*Butterflies-1:0][AW-1:0] eng_raddr, raddr;
  logic [4*Butterflies-1:0][CW-1:0] rdata;
  logic [2*Butterflies-1:0]         eng_we, we;
  logic [2*Butterflies-1:0][AW-1:0] eng_waddr, waddr;
  logic [2*Butterflies-1:0][CW-1:0] eng_wdata, wdata;
  logic                 cnt_busy;
  logic [2:0]           cnt_bf;
  logic [4:0]           cnt_mul;

  assign eng_start = go && (op_i == pqx_pkg::OpPolyNtt || op_i == pqx_pkg::OpPolyIntt
                            || op_i == pqx_pkg::OpPolyPwm || op_i == pqx_pkg::OpPolyCbd);
  assign eng_op    = op_i == pqx_pkg::OpPolyNtt ? pqx_poly_pkg::EngNtt
                     : op_i == pqx_pkg::OpPolyIntt ? pqx_poly_pkg::EngIntt
                     : op_i == pqx_pkg::OpPolyCbd ? pqx_poly_pkg::EngCbd : pqx_poly_pkg::EngPwm;

  pqx_poly_engine #(.Butterflies(Butterflies)) u_engine (
    .clk_i,
    .rst_ni,
    .start_i    (eng_start),
    .op_i       (eng_op),
    .slot_a_i   (rs1_i[2:0]),
    .slot_b_i   (rs2_i[2:0]),
    .cbd_i      (o_i),
    .busy_o     (eng_busy),
    .raddr_o    (eng_raddr),
    .rdata_i    (rdata),
    .we_o       (eng_we),
    .waddr_o    (eng_waddr),
    .wdata_o    (eng_wdata),
    .cnt_busy_o (cnt_busy),
    .cnt_bf_o   (cnt_bf),
    .cnt_mul_o  (cnt_mul)
  );

  logic                 dma_start, dma_busy;
  logic [1:0][AW-1:0]   dma_raddr, dma_waddr;
  logic [1:0]           dma_we;
  logic [1:0][CW-1:0]   dma_wdata;
  assign dma_start = go && (op_i == pqx_pkg::OpPolyLd || op_i == pqx_pkg::OpPolySt);

  pqx_poly_dma u_dma (
    .clk_i,
    .rst_ni,
    .start_i     (dma_start),
    .store_i     (op_i == pqx_pkg::OpPolySt),
    .base_i      (rs1_i),
    .slot_i      (rs2_i[2:0]),
    .busy_o      (dma_busy),
    .raddr_o     (dma_raddr),
    .rdata_i     (rdata[1:0]),
    .we_o        (dma_we),
    .waddr_o     (dma_waddr),
    .wdata_o     (dma_wdata),
    .req_o       (dma_req_o),
    .we_bus_o    (dma_we_o),
    .addr_o      (dma_addr_o),
    .wdata_bus_o (dma_wdata_o),
    .gnt_i       (dma_gnt_i),
    .rvalid_i    (dma_rvalid_i),
    .rdata_bus_i (dma_rdata_i)
  );

  // The memory's ports: the engine's while it runs (or clears), the DMA's while it runs
  // (never both: the unit starts neither while the other is busy), else port 0 serves
  // POLY_RD / POLY_WR.
  logic wr_go;
  assign wr_go = go && op_i == pqx_pkg::OpPolyWr;
  always_comb begin
    raddr = eng_raddr;
    we    = eng_we;
    waddr = eng_waddr;
    wdata = eng_wdata;
    if (dma_busy) begin
      raddr[1:0] = dma_raddr;
      we         = '0;
      we[1:0]    = dma_we;
      waddr[1:0] = dma_waddr;
      wdata[1:0] = dma_wdata;
    end else if (!eng_busy) begin
      raddr[0] = rs1_i[AW-1:0];
      we[0]    = wr_go;
      waddr[0] = rs2_i[AW-1:0];
      wdata[0] = rs1_i[CW-1:0];
    end
  end

  pqx_poly_mem #(.Butterflies(Butterflies)) u_mem (
    .clk_i,
    .raddr_i (raddr),
    .rdata_o (rdata),
    .we_i    (we),
    .waddr_i (waddr),
    .wdata_i (wdata)
  );

  assign busy_o = eng_busy || dma_busy;

  // The memory serves one write per bank a cycle: no two write ports that write in the same cycle
  // may address one bank (WriteBanksDistinct_A), or a write is lost.
  logic write_banks_distinct;
  always_comb begin
    write_banks_distinct = 1'b1;
    for (int p = 0; p < 2 * Butterflies; p++) begin
      for (int r = p + 1; r < 2 * Butterflies; r++) begin
        if (we[p] && we[r] && pqx_poly_pkg::bank_of(waddr[p][7:0], $clog2(Butterflies))
                              == pqx_poly_pkg::bank_of(waddr[r][7:0], $clog2(Butterflies))) begin
          write_banks_distinct = 1'b0;
        end
      end
    end
  end

  // ---------------------------------------------------------------- counters
  // 0 NTT runs, 1 INTT runs, 2 PWM and CBD runs, 3 engine run cycles, 4 butterflies, 5 engine modular
  // products, 6 coefficients written by POLY_WR and POLY_LD, 7 coefficients read by POLY_RD and
  // POLY_ST (only what executed instructions caused; a transfer counts its 256 at its start).
  logic [pqx_poly_pkg::Counters-1:0][31:0] cnt_q;
  logic [pqx_poly_pkg::Counters-1:0][31:0] cnt_add;
  always_comb begin
    cnt_add    = '0;
    cnt_add[0] = 32'(go && op_i == pqx_pkg::OpPolyNtt);
    cnt_add[1] = 32'(go && op_i == pqx_pkg::OpPolyIntt);
    cnt_add[2] = 32'(go && (op_i == pqx_pkg::OpPolyPwm || op_i == pqx_pkg::OpPolyCbd));
    cnt_add[3] = 32'(cnt_busy);
    cnt_add[4] = 32'(cnt_bf);
    cnt_add[5] = 32'(cnt_mul);
    cnt_add[6] = wr_go ? 32'd1 : go && op_i == pqx_pkg::OpPolyLd ? 32'(pqx_poly_pkg::N) : 32'd0;
    cnt_add[7] = go && op_i == pqx_pkg::OpPolyRd ? 32'd1
                 : go && op_i == pqx_pkg::OpPolySt ? 32'(pqx_poly_pkg::N) : 32'd0;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cnt_q <= '0;
    end else begin
      for (int k = 0; k < pqx_poly_pkg::Counters; k++) begin
        if (cnt_add[k] != 32'd0) cnt_q[k] <= cnt_q[k] + cnt_add[k];
      end
    end
  end

  always_comb begin
    data_o = '0;
    if (exc_o) data_o = '0;
    else if (op_i == pqx_pkg::OpPolyRd) data_o = 32'(rdata[0]);
    else if (op_i == pqx_pkg::OpPolyCnt) data_o = cnt_q[rs1_i[2:0]];
  end

  `PQX_ASSERT(EngineDmaExclusive_A, !(eng_busy && dma_busy))
  `PQX_ASSERT(WriteBanksDistinct_A, write_banks_distinct)

endmodule
