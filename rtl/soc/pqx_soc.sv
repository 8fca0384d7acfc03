// PQX SoC: the CV32E40X host core (pinned PyPI package pythondata-cpu-cv32e40x, not
// copied here) + PQX behind its eXtension interface + one RAM + system registers.
//
//   u_core     cv32e40x_core: RV32IMC + Zicsr, M_EXT = M (mul and div), no B, no A,
//              X_EXT = 1 with X_NUM_RS = 3 (PQX's R4 instructions), X_ID_WIDTH = 4.
//              boot_addr_i = 0x0000_0080 (first fetch), mtvec_addr_i = 0x0000_0000
//              (mtvec resets to 0x0000_0001: vectored mode, base 0, so any exception
//              before crt0 writes mtvec lands at 0x0), fetch_enable_i = 1, no
//              interrupts (irq, CLIC, wfe wake-up all 0), no debug (debug_req 0,
//              dm_* addresses 0), fence.i handshake acknowledged at once (ack = 1, as
//              the core's manual recommends when nothing needs flushing),
//              mhartid 0, mimpid_patch 0, scan_cg_en 0, PMA_NUM_REGIONS 0 (every
//              address is main memory, non-bufferable).
//   u_xif      if_xif, the core's SV interface (pre-1.0 CV-X-IF). The compressed
//              channel is answered "not accepted" (compressed_ready = 1,
//              compressed_resp = 0; this core version never offloads compressed
//              instructions anyway); the memory channels are never requested
//              (mem_valid = 0, mem_req = 0); mem_result and the issue request's
//              ecs/ecs_valid are not used.
//   u_bridge   pqx_xif_bridge: flat fields of u_xif <-> pqx_top's CV-X-IF 1.0 ports
//              (kill filtering and the erratum-2 issue hold: see its header).
//   u_pqx      pqx_top.
//   u_ram      pqx_soc_ram, 512 KiB at 0x0000_0000 (instruction port: fetch; data
//              port: loads/stores below 0x8000_0000 and PQX's DMA, through u_arb).
//              Storage u_ram.mem_q, filled by the bench with $readmemh.
//   u_arb      pqx_soc_arbiter: the RAM's data port shared, the core first, between the
//              core's data port and PQX's polynomial DMA (POLY_LD / POLY_ST; the DMA sees
//              the RAM at every address, aliased like the core's RAM accesses).
//   u_sysregs  pqx_soc_sysregs at 0x8000_0000 (see its header for the registers).
//
// Memory map (data port; the instruction port sees the RAM at every address):
//   0x0000_0000 - 0x0007_FFFF  RAM (addresses 0x0008_0000 - 0x7FFF_FFFF alias it)
//   0x8000_0000 - 0x8000_0023  system registers (0x20 PQX_EXC reads back, the others
//                              read 0; the rest of 0x8000_0000 - 0xFFFF_FFFF reads 0,
//                              ignores writes)
// Both targets answer exactly one cycle after the grant (the RAM's data port may withhold
// the core's grant for a cycle while PQX's DMA uses it), so the response mux follows the
// system registers' rvalid.
//
// Clocks and reset: one clock. The core gates its own clock in its sleep unit
// (module cv32e40x_clock_gate: for simulation bhv/cv32e40x_sim_clock_gate.sv of the
// package, a latch; a synthesis flow brings its own cell), and the SoC gates PQX's clock
// with a second instance while PQX is idle (below). rst_ni is asynchronous
// and active low for every flop here; the core's flops reset only on a falling
// edge of rst_ni, so a bench must drive rst_ni = 1 first, then 0 for a few cycles,
// then 1 (docs/soc.md, "Reset").
//
// Lint note: Verilator reports UNOPTFLAT on loops through u_xif.issue_req -> pqx_top's issue
// decode -> u_xif.issue_ready -> the core's ID/controller -> operand forwarding ->
// u_xif.issue_req. The loop is false at bit level (issue_ready depends on the
// instruction word and rs_valid, the core's forwarding only on rs data), but
// issue_req is one packed struct in the core's interface; it costs simulation speed
// only.
`default_nettype none

module pqx_soc (
  input  logic        clk_i,
  input  logic        rst_ni,

  output logic        exit_valid_o,
  output logic [31:0] exit_code_o,
  output logic        putc_valid_o,
  output logic [7:0]  putc_char_o,
  output logic [31:0] report_cycles_o,
  output logic [31:0] report_instret_o,
  output logic        trap_valid_o,
  output logic [31:0] trap_cause_o,
  output logic [31:0] trap_epc_o,
  output logic [31:0] trap_tval_o
);

  localparam logic [31:0] BootAddr  = 32'h0000_0080;
  localparam logic [31:0] MtvecAddr = 32'h0000_0000;
  localparam int unsigned RamWords  = 131072;         // 512 KiB

  // ------------------------------------------------------------------ core
  logic        instr_req, instr_gnt, instr_rvalid, instr_err;
  logic [31:0] instr_addr, instr_rdata;
  logic [1:0]  instr_memtype;
  logic [2:0]  instr_prot;
  logic        instr_dbg;

  logic        data_req, data_gnt, data_rvalid, data_we, data_err, data_exokay;
  logic [31:0] data_addr, data_wdata, data_rdata;
  logic [3:0]  data_be;
  logic [1:0]  data_memtype;
  logic [2:0]  data_prot;
  logic        data_dbg;
  logic [5:0]  data_atop;

  logic [63:0] mcycle;
  logic        fencei_flush_req;
  logic        debug_havereset, debug_running, debug_halted, core_sleep;

  if_xif #(
    .X_NUM_RS   (3),
    .X_ID_WIDTH (4)
  ) u_xif ();

  cv32e40x_core #(
    .B_EXT      (cv32e40x_pkg::B_NONE),
    .M_EXT      (cv32e40x_pkg::M),
    .X_EXT      (1'b1),
    .X_NUM_RS   (3),
    .X_ID_WIDTH (4)
  ) u_core (
    .clk_i,
    .rst_ni,
    .scan_cg_en_i        (1'b0),

    .boot_addr_i         (BootAddr),
    .dm_exception_addr_i (32'h0),
    .dm_halt_addr_i      (32'h0),
    .mhartid_i           (32'h0),
    .mimpid_patch_i      (4'h0),
    .mtvec_addr_i        (MtvecAddr),

    .instr_req_o         (instr_req),
    .instr_gnt_i         (instr_gnt),
    .instr_rvalid_i      (instr_rvalid),
    .instr_addr_o        (instr_addr),
    .instr_memtype_o     (instr_memtype),
    .instr_prot_o        (instr_prot),
    .instr_dbg_o         (instr_dbg),
    .instr_rdata_i       (instr_rdata),
    .instr_err_i         (instr_err),

    .data_req_o          (data_req),
    .data_gnt_i          (data_gnt),
    .data_rvalid_i       (data_rvalid),
    .data_addr_o         (data_addr),
    .data_be_o           (data_be),
    .data_we_o           (data_we),
    .data_wdata_o        (data_wdata),
    .data_memtype_o      (data_memtype),
    .data_prot_o         (data_prot),
    .data_dbg_o          (data_dbg),
    .data_atop_o         (data_atop),
    .data_rdata_i        (data_rdata),
    .data_err_i          (data_err),
    .data_exokay_i       (data_exokay),

    .mcycle_o            (mcycle),

    .xif_compressed_if   (u_xif),
    .xif_issue_if        (u_xif),
    .xif_commit_if       (u_xif),
    .xif_mem_if          (u_xif),
    .xif_mem_result_if   (u_xif),
    .xif_result_if       (u_xif),

    .irq_i               (32'h0),
    .wu_wfe_i            (1'b0),
    .clic_irq_i          (1'b0),
    .clic_irq_id_i       ('0),
    .clic_irq_level_i    (8'h0),
    .clic_irq_priv_i     (2'h0),
    .clic_irq_shv_i      (1'b0),

    .fencei_flush_req_o  (fencei_flush_req),
    .fencei_flush_ack_i  (1'b1),

    .debug_req_i         (1'b0),
    .debug_havereset_o   (debug_havereset),
    .debug_running_o     (debug_running),
    .debug_halted_o      (debug_halted),

    .fetch_enable_i      (1'b1),
    .core_sleep_o        (core_sleep)
  );

  // ------------------------------------------------------------------ XIF channels PQX does not use
  assign u_xif.compressed_ready = 1'b1;
  assign u_xif.compressed_resp  = '0;      // accept = 0
  assign u_xif.mem_valid        = 1'b0;
  assign u_xif.mem_req          = '0;

  // ------------------------------------------------------------------ bridge + PQX
  logic        pqx_issue_valid, pqx_issue_ready, pqx_issue_accept, pqx_issue_writeback;
  logic [31:0] pqx_issue_instr;
  logic [1:0]  pqx_issue_mode;
  logic [0:0]  pqx_issue_hartid;
  logic [3:0]  pqx_issue_id;
  logic [2:0]  pqx_issue_register_read;
  logic [95:0] pqx_register_rs;
  logic [2:0]  pqx_register_rs_valid;
  logic        pqx_commit_valid, pqx_commit_kill;
  logic [0:0]  pqx_commit_hartid;
  logic [3:0]  pqx_commit_id;
  logic        pqx_result_valid, pqx_result_ready, pqx_result_we, pqx_result_exc;
  logic        pqx_result_dbg, pqx_result_err;
  logic [0:0]  pqx_result_hartid;
  logic [3:0]  pqx_result_id;
  logic [31:0] pqx_result_data;
  logic [4:0]  pqx_result_rd;
  logic [5:0]  pqx_result_exccode;
  logic        dma_req, dma_we, dma_gnt, dma_rvalid;
  logic [31:0] dma_addr, dma_wdata;

  pqx_xif_bridge u_bridge (
    .clk_i,
    .rst_ni,

    .core_issue_valid_i        (u_xif.issue_valid),
    .core_issue_ready_o        (u_xif.issue_ready),
    .core_issue_instr_i        (u_xif.issue_req.instr),
    .core_issue_mode_i         (u_xif.issue_req.mode),
    .core_issue_id_i           (u_xif.issue_req.id),
    .core_issue_rs_i           (u_xif.issue_req.rs),
    .core_issue_rs_valid_i     (u_xif.issue_req.rs_valid),
    .core_issue_accept_o       (u_xif.issue_resp.accept),
    .core_issue_writeback_o    (u_xif.issue_resp.writeback),
    .core_issue_dualwrite_o    (u_xif.issue_resp.dualwrite),
    .core_issue_dualread_o     (u_xif.issue_resp.dualread),
    .core_issue_loadstore_o    (u_xif.issue_resp.loadstore),
    .core_issue_ecswrite_o     (u_xif.issue_resp.ecswrite),
    .core_issue_exc_o          (u_xif.issue_resp.exc),

    .core_commit_valid_i       (u_xif.commit_valid),
    .core_commit_id_i          (u_xif.commit.id),
    .core_commit_kill_i        (u_xif.commit.commit_kill),

    .core_result_valid_o       (u_xif.result_valid),
    .core_result_ready_i       (u_xif.result_ready),
    .core_result_id_o          (u_xif.result.id),
    .core_result_data_o        (u_xif.result.data),
    .core_result_rd_o          (u_xif.result.rd),
    .core_result_we_o          (u_xif.result.we),
    .core_result_ecsdata_o     (u_xif.result.ecsdata),
    .core_result_ecswe_o       (u_xif.result.ecswe),
    .core_result_exc_o         (core_result_exc),
    .core_result_exccode_o     (u_xif.result.exccode),
    .core_result_err_o         (u_xif.result.err),
    .core_result_dbg_o         (u_xif.result.dbg),

    .pqx_issue_valid_o         (pqx_issue_valid),
    .pqx_issue_ready_i         (pqx_issue_ready),
    .pqx_issue_instr_o         (pqx_issue_instr),
    .pqx_issue_mode_o          (pqx_issue_mode),
    .pqx_issue_hartid_o        (pqx_issue_hartid),
    .pqx_issue_id_o            (pqx_issue_id),
    .pqx_issue_accept_i        (pqx_issue_accept),
    .pqx_issue_writeback_i     (pqx_issue_writeback),
    .pqx_issue_register_read_i (pqx_issue_register_read),
    .pqx_register_rs_o         (pqx_register_rs),
    .pqx_register_rs_valid_o   (pqx_register_rs_valid),
    .pqx_commit_valid_o        (pqx_commit_valid),
    .pqx_commit_hartid_o       (pqx_commit_hartid),
    .pqx_commit_id_o           (pqx_commit_id),
    .pqx_commit_kill_o         (pqx_commit_kill),
    .pqx_result_valid_i        (pqx_result_valid),
    .pqx_result_ready_o        (pqx_result_ready),
    .pqx_result_hartid_i       (pqx_result_hartid),
    .pqx_result_id_i           (pqx_result_id),
    .pqx_result_data_i         (pqx_result_data),
    .pqx_result_rd_i           (pqx_result_rd),
    .pqx_result_we_i           (pqx_result_we),
    .pqx_result_exc_i          (pqx_result_exc),
    .pqx_result_exccode_i      (pqx_result_exccode),
    .pqx_result_dbg_i          (pqx_result_dbg),
    .pqx_result_err_i          (pqx_result_err)
  );

  // Queue-only execute: this core commits an instruction one cycle after its issue at the
  // earliest, so the in-flight queue's same-cycle path is never taken here (the same cycles
  // either way, measured on every kernel); without it no PQX unit hangs off the core's
  // combinational loops in simulation (docs/soc.md, "Simulation speed").
  // PQX's clock is gated while it is idle: enabled by pqx_top's clock_en_o (work in flight, a
  // result waiting, a unit running, or an issue or a commit offered). The cell is the core's own clock-gate module (cv32e40x_clock_gate:
  // the package's simulation latch here, the library's cell in a synthesis flow). The same
  // cycles either way; in simulation the idle units' logic is skipped (docs/soc.md, "Clock gate").
  logic pqx_clk;
  logic pqx_clock_en;
  cv32e40x_clock_gate u_pqx_clock_gate (
    .clk_i,
    .en_i         (pqx_clock_en),
    .scan_cg_en_i (1'b0),
    .clk_o        (pqx_clk)
  );

  pqx_top #(.IssueBypass(1'b0)) u_pqx (
    .clk_i                 (pqx_clk),
    .rst_ni,
    .issue_valid_i         (pqx_issue_valid),
    .issue_ready_o         (pqx_issue_ready),
    .issue_instr_i         (pqx_issue_instr),
    .issue_mode_i          (pqx_issue_mode),
    .issue_hartid_i        (pqx_issue_hartid),
    .issue_id_i            (pqx_issue_id),
    .issue_accept_o        (pqx_issue_accept),
    .issue_writeback_o     (pqx_issue_writeback),
    .issue_register_read_o (pqx_issue_register_read),
    .register_rs_i         (pqx_register_rs),
    .register_rs_valid_i   (pqx_register_rs_valid),
    .commit_valid_i        (pqx_commit_valid),
    .commit_hartid_i       (pqx_commit_hartid),
    .commit_id_i           (pqx_commit_id),
    .commit_kill_i         (pqx_commit_kill),
    .result_valid_o        (pqx_result_valid),
    .result_ready_i        (pqx_result_ready),
    .result_hartid_o       (pqx_result_hartid),
    .result_id_o           (pqx_result_id),
    .result_data_o         (pqx_result_data),
    .result_rd_o           (pqx_result_rd),
    .result_we_o           (pqx_result_we),
    .result_exc_o          (pqx_result_exc),
    .result_exccode_o      (pqx_result_exccode),
    .result_dbg_o          (pqx_result_dbg),
    .result_err_o          (pqx_result_err),
    .dma_req_o             (dma_req),
    .dma_we_o              (dma_we),
    .dma_addr_o            (dma_addr),
    .dma_wdata_o           (dma_wdata),
    .dma_gnt_i             (dma_gnt),
    .dma_rvalid_i          (dma_rvalid),
    .dma_rdata_i           (ram_data_rdata),
    .clock_en_o            (pqx_clock_en)
  );

  // ------------------------------------------------------------------ memory
  logic        sys_sel;                // data access to the system registers (addr[31])
  logic        ram_data_gnt, ram_data_rvalid;
  logic [31:0] ram_data_rdata;
  logic        ram_req, ram_we, ram_gnt, ram_rvalid;
  logic [3:0]  ram_be;
  logic [31:0] ram_addr, ram_wdata;
  logic        sys_gnt, sys_rvalid;
  logic [31:0] sys_rdata;

  // PQX's exceptions (out-of-range operands: result.exc = 1, data = 0). This core takes no
  // trap on result.exc; it only suppresses the register write, but not the operand
  // forwarding: the next instruction reads data (0) from WB while the register file keeps
  // the old value (erratum 3, docs/errata.md). So the SoC hands the core exc = 0 (rd = 0,
  // consistently) and counts the exception in the system register PQX_EXC, which is how
  // firmware learns of it (docs/soc.md).
  logic        core_result_exc, pqx_exc_taken;
  assign u_xif.result.exc = 1'b0;
  assign pqx_exc_taken    = u_xif.result_valid && u_xif.result_ready && core_result_exc;

  assign sys_sel = data_addr[31];

  pqx_soc_ram #(
    .Words (RamWords)
  ) u_ram (
    .clk_i,
    .rst_ni,
    .instr_req_i    (instr_req),
    .instr_addr_i   (instr_addr),
    .instr_gnt_o    (instr_gnt),
    .instr_rvalid_o (instr_rvalid),
    .instr_rdata_o  (instr_rdata),
    .data_req_i     (ram_req),
    .data_we_i      (ram_we),
    .data_be_i      (ram_be),
    .data_addr_i    (ram_addr),
    .data_wdata_i   (ram_wdata),
    .data_gnt_o     (ram_gnt),
    .data_rvalid_o  (ram_rvalid),
    .data_rdata_o   (ram_data_rdata)
  );

  pqx_soc_arbiter u_arb (
    .clk_i,
    .rst_ni,
    .core_req_i    (data_req && !sys_sel),
    .core_we_i     (data_we),
    .core_be_i     (data_be),
    .core_addr_i   (data_addr),
    .core_wdata_i  (data_wdata),
    .core_gnt_o    (ram_data_gnt),
    .core_rvalid_o (ram_data_rvalid),
    .dma_req_i     (dma_req),
    .dma_we_i      (dma_we),
    .dma_addr_i    (dma_addr),
    .dma_wdata_i   (dma_wdata),
    .dma_gnt_o     (dma_gnt),
    .dma_rvalid_o  (dma_rvalid),
    .ram_req_o     (ram_req),
    .ram_we_o      (ram_we),
    .ram_be_o      (ram_be),
    .ram_addr_o    (ram_addr),
    .ram_wdata_o   (ram_wdata),
    .ram_gnt_i     (ram_gnt),
    .ram_rvalid_i  (ram_rvalid)
  );

  pqx_soc_sysregs u_sysregs (
    .clk_i,
    .rst_ni,
    .req_i            (data_req && sys_sel),
    .we_i             (data_we),
    .addr_i           (data_addr),
    .wdata_i          (data_wdata),
    .gnt_o            (sys_gnt),
    .rvalid_o         (sys_rvalid),
    .rdata_o          (sys_rdata),
    .pqx_exc_i        (pqx_exc_taken),
    .exit_valid_o,
    .exit_code_o,
    .putc_valid_o,
    .putc_char_o,
    .report_cycles_o,
    .report_instret_o,
    .trap_valid_o,
    .trap_cause_o,
    .trap_epc_o,
    .trap_tval_o
  );

  assign data_gnt    = sys_sel ? sys_gnt : ram_data_gnt;
  assign data_rvalid = ram_data_rvalid || sys_rvalid;
  assign data_rdata  = sys_rvalid ? sys_rdata : ram_data_rdata;
  assign instr_err   = 1'b0;
  assign data_err    = 1'b0;
  assign data_exokay = 1'b0;           // no A extension: no exclusive accesses

  // Core outputs the SoC does not use: memory attributes, debug status, mcycle (the
  // firmware reads mcycle itself), sleep, the fence.i request (acknowledged at once).
  logic unused_core;
  assign unused_core = ^{instr_memtype, instr_prot, instr_dbg, data_memtype, data_prot, data_dbg,
                         data_atop, mcycle, fencei_flush_req, debug_havereset, debug_running,
                         debug_halted, core_sleep};

endmodule
