// Formal property wrapper: the PQX issue response for every 32-bit instruction word.
//
// The reference table below is written from the ISA document (docs/isa.md, "Encoding" and
// the operand columns of the instruction tables), not from pqx_decoder.sv:
//   * R4 type, opcode 0x6B: funct3 (bits 14:12) x funct2 (bits 26:25);
//   * R type, opcode 0x3B, funct3 = 111: funct7 (bits 31:25);
//   * R type, opcode 0x0B (custom-0), key {funct3, funct7}: the Classic McEliece unit (funct3 000);
//   * R type, opcode 0x2B (custom-1), key {funct3, funct7}: the Crypto-RV unit (funct3 000);
//   * R type, opcode 0x5B (custom-2), key {funct3, funct7}: the polynomial unit;
//   * every other word is not in the ISA.
// For each instruction: its execution unit (the unit map of pqx_pkg::unit_e: State, Keccak,
// Slhdsa, Arith, Sampler, Fpr, Mce, Crv, Poly), writeback (0 for LOAD KABSORB KINIT ZEROIZE KSTART
// KPERM OWRITE CL_* THASH* PRF* CHAIN_* FPR_LOAD_SE MCE_SYN MCE_LOC_WR MCE_SUP_WR TR_WR MCE_ROW_WR, CRV_BPTR CRV_BWR, the
// SHA/SM3 INIT and BLK instructions, AES128_ENC, HARAKA256/512, POLY_WR POLY_LD POLY_ST POLY_NTT
// POLY_INTT POLY_PWM POLY_CBD; 1 otherwise) and the source registers it reads (bit k = rs(k+1)).
//
// Checked for every instruction word and every value of the other pqx_top inputs and state
// (the properties read no state; the job is a depth-1 induction):
//   * pqx_top: issue_accept = (in the ISA) && UnitsBuilt[unit]; so accept depends on the
//     instruction word only;
//   * pqx_top: accept = 1 -> writeback and register_read as in the table; accept = 0 -> both 0;
//   * pqx_decoder: for every word in the ISA (built unit or not) the decoded unit, writeback and
//     rs_read match the table, so flipping a UnitsBuilt bit exposes a correct response.
`default_nettype none

module pqx_decoder_props #(
  // the units of the build (task `partial` leaves the FPR unit out: its instructions must then be
  // rejected, which is what pqx_pkg::UnitsBuilt cannot show once every unit is built)
  parameter logic [15:0] UnitsBuilt = pqx_pkg::UnitsBuilt
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        issue_valid_i,
  input  logic [31:0] issue_instr_i,
  input  logic [1:0]  issue_mode_i,
  input  logic [0:0]  issue_hartid_i,
  input  logic [3:0]  issue_id_i,
  input  logic [95:0] register_rs_i,
  input  logic [2:0]  register_rs_valid_i,
  input  logic        commit_valid_i,
  input  logic [0:0]  commit_hartid_i,
  input  logic [3:0]  commit_id_i,
  input  logic        commit_kill_i,
  input  logic        result_ready_i
);

  // ---------------------------------------------------------------- reference table (ISA)
  localparam logic [3:0] U_STATE   = 4'd0;
  localparam logic [3:0] U_KECCAK  = 4'd1;
  localparam logic [3:0] U_SLHDSA  = 4'd2;
  localparam logic [3:0] U_ARITH   = 4'd3;
  localparam logic [3:0] U_SAMPLER = 4'd4;
  localparam logic [3:0] U_FPR     = 4'd5;
  localparam logic [3:0] U_MCE     = 4'd6;
  localparam logic [3:0] U_CRV     = 4'd7;
  localparam logic [3:0] U_POLY    = 4'd8;

  logic [31:0] w;
  logic        ref_known;   // the word is an instruction of the ISA
  logic [3:0]  ref_unit;
  logic        ref_wb;
  logic [2:0]  ref_rs;

  assign w = issue_instr_i;

  always @* begin
    ref_known = 1'b0;
    ref_unit  = U_STATE;
    ref_wb    = 1'b0;
    ref_rs    = 3'b000;
    if (w[6:0] == 7'b1101011) begin                      // 0x6B, R4 type
      ref_known = 1'b1;
      case ({w[14:12], w[26:25]})
        // funct3 001: Keccak and state
        5'b001_00: begin ref_unit = U_KECCAK;  ref_wb = 1'b0; ref_rs = 3'b000; end  // KSTART
        5'b001_01: begin ref_unit = U_STATE;   ref_wb = 1'b0; ref_rs = 3'b111; end  // KABSORB
        5'b001_10: begin ref_unit = U_KECCAK;  ref_wb = 1'b0; ref_rs = 3'b000; end  // KPERM
        5'b001_11: begin ref_unit = U_STATE;   ref_wb = 1'b0; ref_rs = 3'b111; end  // LOAD
        // funct3 111: ML-KEM / ML-DSA butterflies (a, b, z)
        5'b111_00, 5'b111_01, 5'b111_10, 5'b111_11:
                   begin ref_unit = U_ARITH;   ref_wb = 1'b1; ref_rs = 3'b111; end  // BF(I)NTTK/D
        // funct3 110: Falcon
        5'b110_00, 5'b110_01, 5'b110_10:
                   begin ref_unit = U_ARITH;   ref_wb = 1'b1; ref_rs = 3'b111; end  // BF(I)NTTF MODP_MONTYMUL
        5'b110_11: begin ref_unit = U_FPR;     ref_wb = 1'b1; ref_rs = 3'b111; end  // FPR_NORM64_EXEC
        default:   ref_known = 1'b0;
      endcase
    end else if (w[6:0] == 7'b0111011 && w[14:12] == 3'b111) begin   // 0x3B, R type, funct3 111
      ref_known = 1'b1;
      case (w[31:25])
        7'h00, 7'h01, 7'h02, 7'h03:                                          // CBD1..CBD4
                 begin ref_unit = U_SAMPLER; ref_wb = 1'b1; ref_rs = 3'b011; end
        7'h05:   begin ref_unit = U_ARITH;   ref_wb = 1'b1; ref_rs = 3'b001; end  // BARRETT
        7'h0D:   begin ref_unit = U_STATE;   ref_wb = 1'b1; ref_rs = 3'b001; end  // KREAD3
        7'h0C:   begin ref_unit = U_STATE;   ref_wb = 1'b0; ref_rs = 3'b000; end  // ZEROIZE
        7'h0E:   begin ref_unit = U_STATE;   ref_wb = 1'b0; ref_rs = 3'b000; end  // KINIT
        7'h0F:   begin ref_unit = U_STATE;   ref_wb = 1'b1; ref_rs = 3'b001; end  // STORE
        7'h10, 7'h11, 7'h12:                                                 // MQMULF/K/D
                 begin ref_unit = U_ARITH;   ref_wb = 1'b1; ref_rs = 3'b011; end
        7'h13, 7'h14:                                                        // KARATS1, KARATS2
                 begin ref_unit = U_ARITH;   ref_wb = 1'b1; ref_rs = 3'b011; end
        7'h15, 7'h19:                                                        // KARATS3, KARATS4
                 begin ref_unit = U_ARITH;   ref_wb = 1'b1; ref_rs = 3'b000; end
        7'h16:   begin ref_unit = U_ARITH;   ref_wb = 1'b1; ref_rs = 3'b011; end  // GFMUL8
        7'h17, 7'h18:                                                        // BFNTTDH BFINTTDH
                 begin ref_unit = U_ARITH;   ref_wb = 1'b1; ref_rs = 3'b000; end
        7'h1A:   begin ref_unit = U_ARITH;   ref_wb = 1'b1; ref_rs = 3'b001; end  // RED32
        7'h1B, 7'h1C, 7'h1D:                                                 // CL_128/192/256
                 begin ref_unit = U_SLHDSA;  ref_wb = 1'b0; ref_rs = 3'b000; end
        7'h1E:   begin ref_unit = U_STATE;   ref_wb = 1'b1; ref_rs = 3'b001; end  // SREAD
        7'h1F:   begin ref_unit = U_STATE;   ref_wb = 1'b0; ref_rs = 3'b011; end  // OWRITE
        7'h30, 7'h31, 7'h3C, 7'h3D, 7'h3E, 7'h3F:                            // THASH1/2_n (rs2)
                 begin ref_unit = U_SLHDSA;  ref_wb = 1'b0; ref_rs = 3'b010; end
        7'h32, 7'h40, 7'h41:                                                 // PRF_128/192/256
                 begin ref_unit = U_SLHDSA;  ref_wb = 1'b0; ref_rs = 3'b000; end
        7'h42, 7'h43, 7'h44:                                                 // CHAIN_128/192/256 (rs2)
                 begin ref_unit = U_SLHDSA;  ref_wb = 1'b0; ref_rs = 3'b010; end
        7'h33:   begin ref_unit = U_FPR;     ref_wb = 1'b0; ref_rs = 3'b011; end  // FPR_LOAD_SE
        7'h34:   begin ref_unit = U_FPR;     ref_wb = 1'b1; ref_rs = 3'b011; end  // FPR_EXEC
        7'h35, 7'h36, 7'h37:                                                 // FPR_RDHI, _NORM64_RDHI/_RDE
                 begin ref_unit = U_FPR;     ref_wb = 1'b1; ref_rs = 3'b000; end
        7'h48:   begin ref_unit = U_SAMPLER; ref_wb = 1'b1; ref_rs = 3'b001; end  // REJ_UNIFORM
        7'h49, 7'h4A, 7'h4B, 7'h4C:                                          // REJ_ETA2/4 UNPACK_Z17/19
                 begin ref_unit = U_SAMPLER; ref_wb = 1'b1; ref_rs = 3'b011; end
        7'h58, 7'h59, 7'h5A:                                                 // BARRETT_HQC1/3/5
                 begin ref_unit = U_ARITH;   ref_wb = 1'b1; ref_rs = 3'b001; end
        7'h78:   begin ref_unit = U_ARITH;   ref_wb = 1'b1; ref_rs = 3'b001; end  // GF_REDUCE
        7'h79:   begin ref_unit = U_STATE;   ref_wb = 1'b1; ref_rs = 3'b011; end  // COMPARE_U32
        default: ref_known = 1'b0;
      endcase
    end else if (w[6:0] == 7'b0001011) begin                        // 0x0B, R type (McEliece)
      ref_known = 1'b1;
      case ({w[14:12], w[31:25]})
        10'h000:          begin ref_unit = U_MCE; ref_wb = 1'b1; ref_rs = 3'b011; end  // GF12MUL
        10'h001, 10'h002: begin ref_unit = U_MCE; ref_wb = 1'b1; ref_rs = 3'b001; end  // GF12SQ, GF12INV
        10'h008, 10'h00B, 10'h00C, 10'h010, 10'h012:  // MCE_SYN MCE_LOC_WR MCE_SUP_WR TR_WR MCE_ROW_WR
                          begin ref_unit = U_MCE; ref_wb = 1'b0; ref_rs = 3'b011; end
        10'h00F:          begin ref_unit = U_MCE; ref_wb = 1'b1; ref_rs = 3'b011; end  // MCE_MINPOLY
        10'h009, 10'h00D, 10'h014:                             // MCE_BM, MCE_CHIEN, MCE_SYS
                          begin ref_unit = U_MCE; ref_wb = 1'b1; ref_rs = 3'b000; end
        10'h00A, 10'h00E, 10'h011, 10'h013:                    // MCE_LOC_RD MCE_ERR_RD TR_RD MCE_ROW_RD
                          begin ref_unit = U_MCE; ref_wb = 1'b1; ref_rs = 3'b001; end
        default:          ref_known = 1'b0;
      endcase
    end else if (w[6:0] == 7'b0101011) begin                        // 0x2B, R type (Crypto-RV)
      ref_known = 1'b1;
      case ({w[14:12], w[31:25]})
        10'h000, 10'h010, 10'h011, 10'h012, 10'h018, 10'h019, 10'h01A:
                          // CRV_BPTR, SHA256/512_BLK, SM3_BLK, AES128_ENC, HARAKA256/512
                          begin ref_unit = U_CRV; ref_wb = 1'b0; ref_rs = 3'b001; end
        10'h001:          begin ref_unit = U_CRV; ref_wb = 1'b0; ref_rs = 3'b011; end  // CRV_BWR
        10'h002, 10'h00B: begin ref_unit = U_CRV; ref_wb = 1'b1; ref_rs = 3'b001; end  // CRV_BRD, HASH_RD
        10'h008, 10'h009, 10'h00A:            // SHA256_INIT, SHA512_INIT, SM3_INIT
                          begin ref_unit = U_CRV; ref_wb = 1'b0; ref_rs = 3'b000; end
        default:          ref_known = 1'b0;
      endcase
    end else if (w[6:0] == 7'b1011011) begin                        // 0x5B, R type (polynomial)
      ref_known = 1'b1;
      case ({w[14:12], w[31:25]})
        10'h000, 10'h00A, 10'h004, 10'h005:   // POLY_WR, POLY_PWM, POLY_LD, POLY_ST
                          begin ref_unit = U_POLY; ref_wb = 1'b0; ref_rs = 3'b011; end
        10'h001, 10'h010: begin ref_unit = U_POLY; ref_wb = 1'b1; ref_rs = 3'b001; end  // POLY_RD, POLY_CNT
        10'h008, 10'h009, 10'h00C:            // POLY_NTT, POLY_INTT, POLY_CBD
                          begin ref_unit = U_POLY; ref_wb = 1'b0; ref_rs = 3'b001; end
        default:          ref_known = 1'b0;
      endcase
    end
  end

  logic ref_accept;
  assign ref_accept = ref_known && UnitsBuilt[ref_unit];

  // ---------------------------------------------------------------- DUTs
  logic        issue_ready_o, issue_accept_o, issue_writeback_o;
  logic [2:0]  issue_register_read_o;
  logic        result_valid_o, result_we_o, result_exc_o, result_dbg_o, result_err_o;
  logic [0:0]  result_hartid_o;
  logic [3:0]  result_id_o;
  logic [31:0] result_data_o;
  logic [4:0]  result_rd_o;
  logic [5:0]  result_exccode_o;

  // The polynomial unit's DMA bus (POLY_LD/POLY_ST): any bus behaviour is legal (the DMA
  // ignores rvalid with nothing outstanding and reduces any rdata), so the inputs are free
  // every cycle and the outputs unused.
  (* anyseq *) logic        dma_gnt, dma_rvalid;
  (* anyseq *) logic [31:0] dma_rdata;
  logic        dma_req, dma_we;
  logic [31:0] dma_addr, dma_wdata;
  logic        unused_dma;
  assign unused_dma = ^{dma_req, dma_we, dma_addr, dma_wdata};

  pqx_top #(.UnitsBuilt(UnitsBuilt)) dut (
    .clk_i, .rst_ni,
    .issue_valid_i, .issue_ready_o, .issue_instr_i, .issue_mode_i, .issue_hartid_i, .issue_id_i,
    .issue_accept_o, .issue_writeback_o, .issue_register_read_o,
    .register_rs_i, .register_rs_valid_i,
    .commit_valid_i, .commit_hartid_i, .commit_id_i, .commit_kill_i,
    .result_valid_o, .result_ready_i, .result_hartid_o, .result_id_o, .result_data_o,
    .result_rd_o, .result_we_o, .result_exc_o, .result_exccode_o, .result_dbg_o, .result_err_o,
    .dma_req_o(dma_req), .dma_we_o(dma_we), .dma_addr_o(dma_addr), .dma_wdata_o(dma_wdata),
    .dma_gnt_i(dma_gnt), .dma_rvalid_i(dma_rvalid), .dma_rdata_i(dma_rdata)
  );

  logic          dec_accept;
  pqx_pkg::dec_t dec;
  pqx_decoder #(.UnitsBuilt(UnitsBuilt)) u_dec (
    .instr_i  (issue_instr_i),
    .accept_o (dec_accept),
    .dec_o    (dec)
  );

  // ---------------------------------------------------------------- properties
  always @* begin
    top_accept: assert (issue_accept_o == ref_accept);
    if (ref_accept) begin
      top_writeback:     assert (issue_writeback_o == ref_wb);
      top_register_read: assert (issue_register_read_o == ref_rs);
    end else begin
      top_reject_clean:  assert (!issue_writeback_o && issue_register_read_o == 3'b000);
    end
    dec_accept_same:     assert (dec_accept == ref_accept);
    if (ref_known) begin
      dec_unit:          assert (dec.unit == pqx_pkg::unit_e'(ref_unit));
      dec_writeback:     assert (dec.writeback == ref_wb);
      dec_rs_read:       assert (dec.rs_read == ref_rs);
    end
  end

  // non-vacuity: each built instruction is reachable as an accepted word
  always @* begin
    cov_load:    cover (issue_accept_o && w[6:0] == 7'h6B && w[14:12] == 3'b001 && w[26:25] == 2'd3);
    cov_kabsorb: cover (issue_accept_o && w[6:0] == 7'h6B && w[14:12] == 3'b001 && w[26:25] == 2'd1);
    cov_kinit:   cover (issue_accept_o && w[6:0] == 7'h3B && w[31:25] == 7'h0E);
    cov_store:   cover (issue_accept_o && w[6:0] == 7'h3B && w[31:25] == 7'h0F);
    cov_kread3:  cover (issue_accept_o && w[6:0] == 7'h3B && w[31:25] == 7'h0D);
    cov_compare: cover (issue_accept_o && w[6:0] == 7'h3B && w[31:25] == 7'h79);
    cov_bfnttk:  cover (issue_accept_o && w[6:0] == 7'h6B && w[14:12] == 3'b111 && w[26:25] == 2'd0);
    cov_modp:    cover (issue_accept_o && w[6:0] == 7'h6B && w[14:12] == 3'b110 && w[26:25] == 2'd2);
    cov_karats4: cover (issue_accept_o && w[6:0] == 7'h3B && w[31:25] == 7'h19);
    cov_cbd4:    cover (issue_accept_o && w[6:0] == 7'h3B && w[31:25] == 7'h03);
    cov_fprexec: cover (issue_accept_o && w[6:0] == 7'h3B && w[31:25] == 7'h34);
    // (`partial` rejects FPR words; the mutant accept_ignores_units shows that it checks that)
  end

  logic unused;
  assign unused = ^{issue_ready_o, result_valid_o, result_we_o, result_exc_o, result_dbg_o,
                    result_err_o, result_hartid_o, result_id_o, result_data_o, result_rd_o,
                    result_exccode_o, dec.op};

endmodule
