// Formal properties of the Crypto-RV unit (formal/crv/crv.sby), against definitions written here
// from docs/isa.md, not from the RTL:
//   regs     (task regs) the unit's architectural registers (the block buffer B, its pointer P,
//            the chaining state H and its algorithm A) change only in a cycle with start_i (then
//            CRV_BPTR: only P, to rs1; CRV_BWR: only B[P], to rs2:rs1, and P, to P + 1; an INIT:
//            only H and A; nothing with exc_o high) or mc_ack_i (only H and A); with xif_shell's
//            property (a) (start_i and mc_ack_i only for the oldest in-flight instruction,
//            accepted, committed and not killed): a killed or rejected instruction changes none
//            of them. The engine is a cut point (its outputs free), which only strengthens this.
//   sha256 / sha512 / sm3 / aes / haraka256 / haraka512 (tasks of those names) the fixed schedule of the block instruction
//            through the unit: started while idle, mc_done_o rises exactly Done cycles after
//            mc_start_i, stays high until mc_ack_i and drops after it, whatever the other inputs
//            do (k-induction). The datapath registers (B, H, the working variables and the
//            message window) are cut points: no control signal depends on them.
`default_nettype none

module pqx_crv_props (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        start_i,
  input  logic [6:0]  op_i,
  input  logic [31:0] rs1_i,
  input  logic [31:0] rs2_i,
  input  logic        mc_start_i,
  input  logic        mc_ack_i
);

  logic [31:0] data, mc_data;
  logic        exc, mc_done;

  pqx_crv_unit dut (
    .clk_i, .rst_ni, .start_i,
    .op_i       (pqx_pkg::op_e'(op_i)),
    .rs1_i, .rs2_i,
    .data_o     (data),
    .exc_o      (exc),
    .mc_start_i, .mc_done_o (mc_done), .mc_data_o (mc_data), .mc_ack_i
  );

  // every trace starts in reset, then stays out of it
  logic f_first = 1'b1;
  always @(posedge clk_i) f_first <= 1'b0;
  always @* begin
    if (f_first) assume (!rst_ni);
    else         assume (rst_ni);
  end

`ifdef CRV_REGS
  // probes (connected to the unit's registers by the .sby script)
  logic [8191:0] p_buf_q;
  logic [6:0]    p_ptr_q;
  logic [511:0]  p_h_q;
  logic [2:0]    p_alg_q;

  logic [8191:0] f_buf;
  logic [6:0]    f_ptr;
  logic [511:0]  f_h;
  logic [2:0]    f_alg;
  logic          f_start, f_ack, f_exc, f_past;
  logic [6:0]    f_op;
  logic [31:0]   f_rs1, f_rs2;

  // pqx_top never starts a single-cycle instruction in a cycle that acks a multi-cycle one
  always @* assume (!(start_i && mc_ack_i));

  always @(posedge clk_i) begin
    f_past  <= rst_ni;
    f_buf   <= p_buf_q;
    f_ptr   <= p_ptr_q;
    f_h     <= p_h_q;
    f_alg   <= p_alg_q;
    f_start <= start_i;
    f_ack   <= mc_ack_i;
    f_exc   <= exc;
    f_op    <= op_i;
    f_rs1   <= rs1_i;
    f_rs2   <= rs2_i;
  end

  logic f_init, f_bptr, f_bwr;
  assign f_init = f_op == 7'(pqx_pkg::OpSha256Init) || f_op == 7'(pqx_pkg::OpSha512Init)
                  || f_op == 7'(pqx_pkg::OpSm3Init);
  assign f_bptr = f_op == 7'(pqx_pkg::OpCrvBptr);
  assign f_bwr  = f_op == 7'(pqx_pkg::OpCrvBwr);

  always @* begin
    if (rst_ni && f_past) begin
      if ((!f_start && !f_ack) || (f_start && f_exc))
        a_quiet: assert (p_buf_q == f_buf && p_ptr_q == f_ptr && p_h_q == f_h && p_alg_q == f_alg);
      if (f_ack) a_ack_own: assert (p_buf_q == f_buf && p_ptr_q == f_ptr);
      if (f_start && !f_exc) begin
        if (!f_init) a_h_own: assert (p_h_q == f_h && p_alg_q == f_alg);
        if (!f_bptr && !f_bwr) a_ptr_own: assert (p_ptr_q == f_ptr);
        if (f_bptr) a_ptr_set: assert (p_ptr_q == f_rs1[6:0] && f_rs1 < 32'd128);
        if (f_bwr) a_ptr_step: assert (p_ptr_q == f_ptr + 7'd1);
        for (int k = 0; k < 128; k++) begin
          // (unlabelled: Yosys names an assertion once, not per loop iteration)
          if (!f_bwr || f_ptr != 7'(k)) assert (p_buf_q[64*k +: 64] == f_buf[64*k +: 64]);
          else assert (p_buf_q[64*k +: 64] == {f_rs2, f_rs1});
        end
      end
    end
  end
`endif

`ifdef CRV_SHA256
  localparam int unsigned Done = 70;        // R + 6 (docs/isa.md: SHA256_BLK latency 71)
  localparam pqx_pkg::op_e EngineOp = pqx_pkg::OpSha256Blk;
`endif
`ifdef CRV_SHA512
  localparam int unsigned Done = 86;        // R + 6 (docs/isa.md: SHA512_BLK latency 87)
  localparam pqx_pkg::op_e EngineOp = pqx_pkg::OpSha512Blk;
`endif
`ifdef CRV_SM3
  localparam int unsigned Done = 70;        // R + 6 (docs/isa.md: SM3_BLK latency 71)
  localparam pqx_pkg::op_e EngineOp = pqx_pkg::OpSm3Blk;
`endif

`ifdef CRV_AES
  localparam int unsigned Done = 15;        // docs/isa.md: AES128_ENC latency 16
  localparam pqx_pkg::op_e EngineOp = pqx_pkg::OpAes128Enc;
`endif

`ifdef CRV_HARAKA256
  localparam int unsigned Done = 29;        // docs/isa.md: HARAKA256 latency 30
  localparam pqx_pkg::op_e EngineOp = pqx_pkg::OpHaraka256;
`endif
`ifdef CRV_HARAKA512
  localparam int unsigned Done = 53;        // docs/isa.md: HARAKA512 latency 54
  localparam pqx_pkg::op_e EngineOp = pqx_pkg::OpHaraka512;
`endif

`ifdef CRV_SBOX
  // the S-box by its definition (FIPS 197 5.1.1): b = x^-1 in GF(2^8) (0 for 0), then
  // s_i = b_i ^ b_{i+4} ^ b_{i+5} ^ b_{i+6} ^ b_{i+7} ^ c_i, c = 0x63. The inverse is not
  // computed: for s = S(x), the affine map is undone and the product with x must be 1.
  function automatic logic [7:0] gf8_mul(logic [7:0] a, logic [7:0] b);
    logic [7:0] r, az;
    r  = '0;
    az = a;
    for (int i = 0; i < 8; i++) begin
      if (b[i]) r = r ^ az;
      az = {az[6:0], 1'b0} ^ (az[7] ? 8'h1b : 8'h00);
    end
    gf8_mul = r;
  endfunction
  function automatic logic [7:0] affine(logic [7:0] b);
    for (int i = 0; i < 8; i++)
      affine[i] = b[i] ^ b[(i + 4) % 8] ^ b[(i + 5) % 8] ^ b[(i + 6) % 8] ^ b[(i + 7) % 8];
    affine = affine ^ 8'h63;
  endfunction
  (* anyconst *) logic [7:0] f_x;
  (* anyconst *) logic [7:0] f_b;      // a candidate inverse
  logic [7:0] f_s;
  assign f_s = pqx_crv_pkg::aes_sbox(f_x);
  always @* begin
    // S(x) = affine(b) for exactly the b with x b = 1 (x != 0), b = 0 for x = 0
    if (f_x == 8'h00) a_sbox_zero: assert (f_s == 8'h63);
    else if (gf8_mul(f_x, f_b) == 8'h01) a_sbox_inv: assert (f_s == affine(f_b));
  end
`endif

`ifdef CRV_ENGINE
  // the task's instruction is the one started; its schedule (formal/lib/pqx_schedule_props.sv)
  always @* if (mc_start_i) assume (op_i == 7'(EngineOp));
  pqx_schedule_props #(.Done(Done)) u_schedule (
    .clk_i, .rst_ni, .start_i (mc_start_i), .done_i (mc_done), .ack_i (mc_ack_i)
  );
`endif

endmodule
