// PQX instruction decoder (combinational).
//
// Maps a 32-bit instruction word to its op, unit, writeback flag and the source
// registers it reads. `accept_o` is set for an encoding of the ISA table whose
// unit is built (UnitsBuilt, by default pqx_pkg::UnitsBuilt). It looks at the instruction word only, as CV-X-IF
// requires of the issue response.
`default_nettype none

module pqx_decoder #(
  // Units whose instructions are accepted (bit per pqx_pkg::unit_e); a proof may
  // narrow it to study the shell with fewer units.
  parameter logic [15:0] UnitsBuilt = pqx_pkg::UnitsBuilt
) (
  input  logic [31:0] instr_i,
  output logic        accept_o,
  output pqx_pkg::dec_t        dec_o
);

  logic [6:0] opcode;
  logic [2:0] funct3;
  logic [1:0] funct2;
  logic [6:0] funct7;
  pqx_pkg::op_e        op;

  assign opcode = instr_i[6:0];
  assign funct3 = instr_i[14:12];
  assign funct2 = instr_i[26:25];
  assign funct7 = instr_i[31:25];

  // ---- BEGIN GENERATED from verif/models/isa_table.py by `python -m scripts.gen_isa`: do not edit ----
  always_comb begin
    op = pqx_pkg::OpIllegal;
    if (opcode == 7'h6B) begin         // R4: funct3 x funct2
      unique case ({funct3, funct2})
        {3'b001, 2'd0}: op = pqx_pkg::OpKstart;
        {3'b001, 2'd1}: op = pqx_pkg::OpKabsorb;
        {3'b001, 2'd2}: op = pqx_pkg::OpKperm;
        {3'b001, 2'd3}: op = pqx_pkg::OpLoad;
        {3'b111, 2'd0}: op = pqx_pkg::OpBfnttK;
        {3'b111, 2'd1}: op = pqx_pkg::OpBfinttK;
        {3'b111, 2'd2}: op = pqx_pkg::OpBfnttD;
        {3'b111, 2'd3}: op = pqx_pkg::OpBfinttD;
        {3'b110, 2'd0}: op = pqx_pkg::OpBfnttF;
        {3'b110, 2'd1}: op = pqx_pkg::OpBfinttF;
        {3'b110, 2'd2}: op = pqx_pkg::OpModpMontymul;
        {3'b110, 2'd3}: op = pqx_pkg::OpFprNorm64Exec;
        default:          op = pqx_pkg::OpIllegal;
      endcase
    end else if (opcode == 7'h3B && funct3 == 3'b111) begin   // R: funct7
      unique case (funct7)
        7'h00: op = pqx_pkg::OpCbd1;
        7'h01: op = pqx_pkg::OpCbd2;
        7'h02: op = pqx_pkg::OpCbd3;
        7'h03: op = pqx_pkg::OpCbd4;
        7'h05: op = pqx_pkg::OpBarrett;
        7'h0D: op = pqx_pkg::OpKread3;
        7'h0C: op = pqx_pkg::OpZeroize;
        7'h0E: op = pqx_pkg::OpKinit;
        7'h0F: op = pqx_pkg::OpStore;
        7'h10: op = pqx_pkg::OpMqmulF;
        7'h11: op = pqx_pkg::OpMqmulK;
        7'h12: op = pqx_pkg::OpMqmulD;
        7'h13: op = pqx_pkg::OpKarats1;
        7'h14: op = pqx_pkg::OpKarats2;
        7'h15: op = pqx_pkg::OpKarats3;
        7'h16: op = pqx_pkg::OpGfmul8;
        7'h17: op = pqx_pkg::OpBfnttDH;
        7'h18: op = pqx_pkg::OpBfinttDH;
        7'h19: op = pqx_pkg::OpKarats4;
        7'h1A: op = pqx_pkg::OpRed32;
        7'h1B: op = pqx_pkg::OpCl128;
        7'h1C: op = pqx_pkg::OpCl192;
        7'h1D: op = pqx_pkg::OpCl256;
        7'h1E: op = pqx_pkg::OpSread;
        7'h1F: op = pqx_pkg::OpOwrite;
        7'h30: op = pqx_pkg::OpThash1_128;
        7'h31: op = pqx_pkg::OpThash2_128;
        7'h32: op = pqx_pkg::OpPrf128;
        7'h33: op = pqx_pkg::OpFprLoadSe;
        7'h34: op = pqx_pkg::OpFprExec;
        7'h35: op = pqx_pkg::OpFprRdhi;
        7'h36: op = pqx_pkg::OpFprNorm64Rdhi;
        7'h37: op = pqx_pkg::OpFprNorm64Rde;
        7'h3C: op = pqx_pkg::OpThash1_192;
        7'h3D: op = pqx_pkg::OpThash2_192;
        7'h3E: op = pqx_pkg::OpThash1_256;
        7'h3F: op = pqx_pkg::OpThash2_256;
        7'h40: op = pqx_pkg::OpPrf192;
        7'h41: op = pqx_pkg::OpPrf256;
        7'h42: op = pqx_pkg::OpChain128;
        7'h43: op = pqx_pkg::OpChain192;
        7'h44: op = pqx_pkg::OpChain256;
        7'h48: op = pqx_pkg::OpRejUniform;
        7'h49: op = pqx_pkg::OpRejEta2;
        7'h4A: op = pqx_pkg::OpRejEta4;
        7'h4B: op = pqx_pkg::OpUnpackZ17;
        7'h4C: op = pqx_pkg::OpUnpackZ19;
        7'h58: op = pqx_pkg::OpBarrettHqc1;
        7'h59: op = pqx_pkg::OpBarrettHqc3;
        7'h5A: op = pqx_pkg::OpBarrettHqc5;
        7'h78: op = pqx_pkg::OpGfReduce;
        7'h79: op = pqx_pkg::OpCompareU32;
        default: op = pqx_pkg::OpIllegal;
      endcase
    end else if (opcode == 7'h0B && funct3 == 3'b000) begin   // R: funct7
      unique case (funct7)
        7'h00: op = pqx_pkg::OpGf12Mul;
        7'h01: op = pqx_pkg::OpGf12Sq;
        7'h02: op = pqx_pkg::OpGf12Inv;
        7'h08: op = pqx_pkg::OpMceSyn;
        7'h09: op = pqx_pkg::OpMceBm;
        7'h0A: op = pqx_pkg::OpMceLocRd;
        7'h0B: op = pqx_pkg::OpMceLocWr;
        7'h0C: op = pqx_pkg::OpMceSupWr;
        7'h0D: op = pqx_pkg::OpMceChien;
        7'h0E: op = pqx_pkg::OpMceErrRd;
        7'h0F: op = pqx_pkg::OpMceMinpoly;
        7'h12: op = pqx_pkg::OpMceRowWr;
        7'h13: op = pqx_pkg::OpMceRowRd;
        7'h14: op = pqx_pkg::OpMceSys;
        7'h10: op = pqx_pkg::OpTrWr;
        7'h11: op = pqx_pkg::OpTrRd;
        default: op = pqx_pkg::OpIllegal;
      endcase
    end else if (opcode == 7'h2B && funct3 == 3'b000) begin   // R: funct7
      unique case (funct7)
        7'h00: op = pqx_pkg::OpCrvBptr;
        7'h01: op = pqx_pkg::OpCrvBwr;
        7'h02: op = pqx_pkg::OpCrvBrd;
        7'h08: op = pqx_pkg::OpSha256Init;
        7'h09: op = pqx_pkg::OpSha512Init;
        7'h0A: op = pqx_pkg::OpSm3Init;
        7'h0B: op = pqx_pkg::OpHashRd;
        7'h10: op = pqx_pkg::OpSha256Blk;
        7'h11: op = pqx_pkg::OpSha512Blk;
        7'h12: op = pqx_pkg::OpSm3Blk;
        7'h18: op = pqx_pkg::OpAes128Enc;
        7'h19: op = pqx_pkg::OpHaraka256;
        7'h1A: op = pqx_pkg::OpHaraka512;
        default: op = pqx_pkg::OpIllegal;
      endcase
    end else if (opcode == 7'h5B && funct3 == 3'b000) begin   // R: funct7
      unique case (funct7)
        7'h00: op = pqx_pkg::OpPolyWr;
        7'h01: op = pqx_pkg::OpPolyRd;
        7'h04: op = pqx_pkg::OpPolyLd;
        7'h05: op = pqx_pkg::OpPolySt;
        7'h08: op = pqx_pkg::OpPolyNtt;
        7'h09: op = pqx_pkg::OpPolyIntt;
        7'h0A: op = pqx_pkg::OpPolyPwm;
        7'h0C: op = pqx_pkg::OpPolyCbd;
        7'h10: op = pqx_pkg::OpPolyCnt;
        default: op = pqx_pkg::OpIllegal;
      endcase
    end
  end

  // Unit, writeback, source registers, S/O use, multi-cycle and background flags of each op: every
  // field is 0 unless the op sets it (unit 0 is pqx_pkg::UnitState; OpIllegal is never accepted,
  // so its fields are never used).
  always_comb begin
    dec_o    = '0;
    dec_o.op = op;
    unique case (op)
      pqx_pkg::OpKstart: begin   // KSTART
        dec_o.unit = pqx_pkg::UnitKeccak; dec_o.uses_so = 1'b1; dec_o.multi_cycle = 1'b1;
      end
      pqx_pkg::OpKabsorb: begin   // KABSORB
        dec_o.rs_read = 3'b111; dec_o.uses_so = 1'b1;
      end
      pqx_pkg::OpKperm: begin   // KPERM
        dec_o.unit = pqx_pkg::UnitKeccak; dec_o.uses_so = 1'b1; dec_o.multi_cycle = 1'b1;
      end
      pqx_pkg::OpLoad: begin   // LOAD
        dec_o.rs_read = 3'b111; dec_o.uses_so = 1'b1;
      end
      pqx_pkg::OpBfnttK: begin   // BFNTTK
        dec_o.unit = pqx_pkg::UnitArith; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b111;
      end
      pqx_pkg::OpBfinttK: begin   // BFINTTK
        dec_o.unit = pqx_pkg::UnitArith; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b111;
      end
      pqx_pkg::OpBfnttD: begin   // BFNTTD
        dec_o.unit = pqx_pkg::UnitArith; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b111;
      end
      pqx_pkg::OpBfinttD: begin   // BFINTTD
        dec_o.unit = pqx_pkg::UnitArith; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b111;
      end
      pqx_pkg::OpBfnttF: begin   // BFNTTF
        dec_o.unit = pqx_pkg::UnitArith; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b111;
      end
      pqx_pkg::OpBfinttF: begin   // BFINTTF
        dec_o.unit = pqx_pkg::UnitArith; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b111;
      end
      pqx_pkg::OpModpMontymul: begin   // MODP_MONTYMUL
        dec_o.unit = pqx_pkg::UnitArith; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b111; dec_o.multi_cycle = 1'b1;
      end
      pqx_pkg::OpFprNorm64Exec: begin   // FPR_NORM64_EXEC
        dec_o.unit = pqx_pkg::UnitFpr; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b111;
      end
      pqx_pkg::OpCbd1: begin   // CBD1
        dec_o.unit = pqx_pkg::UnitSampler; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b011;
      end
      pqx_pkg::OpCbd2: begin   // CBD2
        dec_o.unit = pqx_pkg::UnitSampler; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b011;
      end
      pqx_pkg::OpCbd3: begin   // CBD3
        dec_o.unit = pqx_pkg::UnitSampler; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b011;
      end
      pqx_pkg::OpCbd4: begin   // CBD4
        dec_o.unit = pqx_pkg::UnitSampler; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b011;
      end
      pqx_pkg::OpBarrett: begin   // BARRETT
        dec_o.unit = pqx_pkg::UnitArith; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b001;
      end
      pqx_pkg::OpKread3: begin   // KREAD3
        dec_o.writeback = 1'b1; dec_o.rs_read = 3'b001; dec_o.uses_so = 1'b1;
      end
      pqx_pkg::OpZeroize: begin   // ZEROIZE
        dec_o.uses_so = 1'b1;
      end
      pqx_pkg::OpKinit: begin   // KINIT
        dec_o.uses_so = 1'b1;
      end
      pqx_pkg::OpStore: begin   // STORE
        dec_o.writeback = 1'b1; dec_o.rs_read = 3'b001; dec_o.uses_so = 1'b1;
      end
      pqx_pkg::OpMqmulF: begin   // MQMULF
        dec_o.unit = pqx_pkg::UnitArith; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b011;
      end
      pqx_pkg::OpMqmulK: begin   // MQMULK
        dec_o.unit = pqx_pkg::UnitArith; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b011;
      end
      pqx_pkg::OpMqmulD: begin   // MQMULD
        dec_o.unit = pqx_pkg::UnitArith; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b011;
      end
      pqx_pkg::OpKarats1: begin   // KARATS1
        dec_o.unit = pqx_pkg::UnitArith; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b011;
      end
      pqx_pkg::OpKarats2: begin   // KARATS2
        dec_o.unit = pqx_pkg::UnitArith; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b011;
      end
      pqx_pkg::OpKarats3: begin   // KARATS3
        dec_o.unit = pqx_pkg::UnitArith; dec_o.writeback = 1'b1;
      end
      pqx_pkg::OpGfmul8: begin   // GFMUL8
        dec_o.unit = pqx_pkg::UnitArith; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b011;
      end
      pqx_pkg::OpBfnttDH: begin   // BFNTTDH
        dec_o.unit = pqx_pkg::UnitArith; dec_o.writeback = 1'b1;
      end
      pqx_pkg::OpBfinttDH: begin   // BFINTTDH
        dec_o.unit = pqx_pkg::UnitArith; dec_o.writeback = 1'b1;
      end
      pqx_pkg::OpKarats4: begin   // KARATS4
        dec_o.unit = pqx_pkg::UnitArith; dec_o.writeback = 1'b1;
      end
      pqx_pkg::OpRed32: begin   // RED32
        dec_o.unit = pqx_pkg::UnitArith; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b001;
      end
      pqx_pkg::OpCl128: begin   // CL_128
        dec_o.unit = pqx_pkg::UnitSlhdsa; dec_o.uses_so = 1'b1;
      end
      pqx_pkg::OpCl192: begin   // CL_192
        dec_o.unit = pqx_pkg::UnitSlhdsa; dec_o.uses_so = 1'b1;
      end
      pqx_pkg::OpCl256: begin   // CL_256
        dec_o.unit = pqx_pkg::UnitSlhdsa; dec_o.uses_so = 1'b1;
      end
      pqx_pkg::OpSread: begin   // SREAD
        dec_o.writeback = 1'b1; dec_o.rs_read = 3'b001; dec_o.uses_so = 1'b1;
      end
      pqx_pkg::OpOwrite: begin   // OWRITE
        dec_o.rs_read = 3'b011; dec_o.uses_so = 1'b1;
      end
      pqx_pkg::OpThash1_128: begin   // THASH1_128
        dec_o.unit = pqx_pkg::UnitSlhdsa; dec_o.rs_read = 3'b010; dec_o.uses_so = 1'b1; dec_o.multi_cycle = 1'b1;
      end
      pqx_pkg::OpThash2_128: begin   // THASH2_128
        dec_o.unit = pqx_pkg::UnitSlhdsa; dec_o.rs_read = 3'b010; dec_o.uses_so = 1'b1; dec_o.multi_cycle = 1'b1;
      end
      pqx_pkg::OpPrf128: begin   // PRF_128
        dec_o.unit = pqx_pkg::UnitSlhdsa; dec_o.uses_so = 1'b1; dec_o.multi_cycle = 1'b1;
      end
      pqx_pkg::OpFprLoadSe: begin   // FPR_LOAD_SE
        dec_o.unit = pqx_pkg::UnitFpr; dec_o.rs_read = 3'b011;
      end
      pqx_pkg::OpFprExec: begin   // FPR_EXEC
        dec_o.unit = pqx_pkg::UnitFpr; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b011;
      end
      pqx_pkg::OpFprRdhi: begin   // FPR_RDHI
        dec_o.unit = pqx_pkg::UnitFpr; dec_o.writeback = 1'b1;
      end
      pqx_pkg::OpFprNorm64Rdhi: begin   // FPR_NORM64_RDHI
        dec_o.unit = pqx_pkg::UnitFpr; dec_o.writeback = 1'b1;
      end
      pqx_pkg::OpFprNorm64Rde: begin   // FPR_NORM64_RDE
        dec_o.unit = pqx_pkg::UnitFpr; dec_o.writeback = 1'b1;
      end
      pqx_pkg::OpThash1_192: begin   // THASH1_192
        dec_o.unit = pqx_pkg::UnitSlhdsa; dec_o.rs_read = 3'b010; dec_o.uses_so = 1'b1; dec_o.multi_cycle = 1'b1;
      end
      pqx_pkg::OpThash2_192: begin   // THASH2_192
        dec_o.unit = pqx_pkg::UnitSlhdsa; dec_o.rs_read = 3'b010; dec_o.uses_so = 1'b1; dec_o.multi_cycle = 1'b1;
      end
      pqx_pkg::OpThash1_256: begin   // THASH1_256
        dec_o.unit = pqx_pkg::UnitSlhdsa; dec_o.rs_read = 3'b010; dec_o.uses_so = 1'b1; dec_o.multi_cycle = 1'b1;
      end
      pqx_pkg::OpThash2_256: begin   // THASH2_256
        dec_o.unit = pqx_pkg::UnitSlhdsa; dec_o.rs_read = 3'b010; dec_o.uses_so = 1'b1; dec_o.multi_cycle = 1'b1;
      end
      pqx_pkg::OpPrf192: begin   // PRF_192
        dec_o.unit = pqx_pkg::UnitSlhdsa; dec_o.uses_so = 1'b1; dec_o.multi_cycle = 1'b1;
      end
      pqx_pkg::OpPrf256: begin   // PRF_256
        dec_o.unit = pqx_pkg::UnitSlhdsa; dec_o.uses_so = 1'b1; dec_o.multi_cycle = 1'b1;
      end
      pqx_pkg::OpChain128: begin   // CHAIN_128
        dec_o.unit = pqx_pkg::UnitSlhdsa; dec_o.rs_read = 3'b010; dec_o.uses_so = 1'b1; dec_o.multi_cycle = 1'b1;
      end
      pqx_pkg::OpChain192: begin   // CHAIN_192
        dec_o.unit = pqx_pkg::UnitSlhdsa; dec_o.rs_read = 3'b010; dec_o.uses_so = 1'b1; dec_o.multi_cycle = 1'b1;
      end
      pqx_pkg::OpChain256: begin   // CHAIN_256
        dec_o.unit = pqx_pkg::UnitSlhdsa; dec_o.rs_read = 3'b010; dec_o.uses_so = 1'b1; dec_o.multi_cycle = 1'b1;
      end
      pqx_pkg::OpRejUniform: begin   // REJ_UNIFORM
        dec_o.unit = pqx_pkg::UnitSampler; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b001;
      end
      pqx_pkg::OpRejEta2: begin   // REJ_ETA2
        dec_o.unit = pqx_pkg::UnitSampler; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b011;
      end
      pqx_pkg::OpRejEta4: begin   // REJ_ETA4
        dec_o.unit = pqx_pkg::UnitSampler; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b011;
      end
      pqx_pkg::OpUnpackZ17: begin   // UNPACK_Z17
        dec_o.unit = pqx_pkg::UnitSampler; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b011;
      end
      pqx_pkg::OpUnpackZ19: begin   // UNPACK_Z19
        dec_o.unit = pqx_pkg::UnitSampler; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b011;
      end
      pqx_pkg::OpBarrettHqc1: begin   // BARRETT_HQC1
        dec_o.unit = pqx_pkg::UnitArith; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b001;
      end
      pqx_pkg::OpBarrettHqc3: begin   // BARRETT_HQC3
        dec_o.unit = pqx_pkg::UnitArith; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b001;
      end
      pqx_pkg::OpBarrettHqc5: begin   // BARRETT_HQC5
        dec_o.unit = pqx_pkg::UnitArith; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b001;
      end
      pqx_pkg::OpGfReduce: begin   // GF_REDUCE
        dec_o.unit = pqx_pkg::UnitArith; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b001;
      end
      pqx_pkg::OpCompareU32: begin   // COMPARE_U32
        dec_o.writeback = 1'b1; dec_o.rs_read = 3'b011;
      end
      pqx_pkg::OpGf12Mul: begin   // GF12MUL
        dec_o.unit = pqx_pkg::UnitMce; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b011;
      end
      pqx_pkg::OpGf12Sq: begin   // GF12SQ
        dec_o.unit = pqx_pkg::UnitMce; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b001;
      end
      pqx_pkg::OpGf12Inv: begin   // GF12INV
        dec_o.unit = pqx_pkg::UnitMce; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b001;
      end
      pqx_pkg::OpMceSyn: begin   // MCE_SYN
        dec_o.unit = pqx_pkg::UnitMce; dec_o.rs_read = 3'b011;
      end
      pqx_pkg::OpMceBm: begin   // MCE_BM
        dec_o.unit = pqx_pkg::UnitMce; dec_o.writeback = 1'b1; dec_o.multi_cycle = 1'b1;
      end
      pqx_pkg::OpMceLocRd: begin   // MCE_LOC_RD
        dec_o.unit = pqx_pkg::UnitMce; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b001;
      end
      pqx_pkg::OpMceLocWr: begin   // MCE_LOC_WR
        dec_o.unit = pqx_pkg::UnitMce; dec_o.rs_read = 3'b011;
      end
      pqx_pkg::OpMceSupWr: begin   // MCE_SUP_WR
        dec_o.unit = pqx_pkg::UnitMce; dec_o.rs_read = 3'b011;
      end
      pqx_pkg::OpMceChien: begin   // MCE_CHIEN
        dec_o.unit = pqx_pkg::UnitMce; dec_o.writeback = 1'b1; dec_o.multi_cycle = 1'b1;
      end
      pqx_pkg::OpMceErrRd: begin   // MCE_ERR_RD
        dec_o.unit = pqx_pkg::UnitMce; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b001;
      end
      pqx_pkg::OpMceMinpoly: begin   // MCE_MINPOLY
        dec_o.unit = pqx_pkg::UnitMce; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b011; dec_o.multi_cycle = 1'b1;
      end
      pqx_pkg::OpMceRowWr: begin   // MCE_ROW_WR
        dec_o.unit = pqx_pkg::UnitMce; dec_o.rs_read = 3'b011;
      end
      pqx_pkg::OpMceRowRd: begin   // MCE_ROW_RD
        dec_o.unit = pqx_pkg::UnitMce; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b001;
      end
      pqx_pkg::OpMceSys: begin   // MCE_SYS
        dec_o.unit = pqx_pkg::UnitMce; dec_o.writeback = 1'b1; dec_o.multi_cycle = 1'b1;
      end
      pqx_pkg::OpTrWr: begin   // TR_WR
        dec_o.unit = pqx_pkg::UnitMce; dec_o.rs_read = 3'b011;
      end
      pqx_pkg::OpTrRd: begin   // TR_RD
        dec_o.unit = pqx_pkg::UnitMce; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b001;
      end
      pqx_pkg::OpCrvBptr: begin   // CRV_BPTR
        dec_o.unit = pqx_pkg::UnitCrv; dec_o.rs_read = 3'b001;
      end
      pqx_pkg::OpCrvBwr: begin   // CRV_BWR
        dec_o.unit = pqx_pkg::UnitCrv; dec_o.rs_read = 3'b011;
      end
      pqx_pkg::OpCrvBrd: begin   // CRV_BRD
        dec_o.unit = pqx_pkg::UnitCrv; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b001;
      end
      pqx_pkg::OpSha256Init: begin   // SHA256_INIT
        dec_o.unit = pqx_pkg::UnitCrv;
      end
      pqx_pkg::OpSha512Init: begin   // SHA512_INIT
        dec_o.unit = pqx_pkg::UnitCrv;
      end
      pqx_pkg::OpSm3Init: begin   // SM3_INIT
        dec_o.unit = pqx_pkg::UnitCrv;
      end
      pqx_pkg::OpHashRd: begin   // HASH_RD
        dec_o.unit = pqx_pkg::UnitCrv; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b001;
      end
      pqx_pkg::OpSha256Blk: begin   // SHA256_BLK
        dec_o.unit = pqx_pkg::UnitCrv; dec_o.rs_read = 3'b001; dec_o.multi_cycle = 1'b1;
      end
      pqx_pkg::OpSha512Blk: begin   // SHA512_BLK
        dec_o.unit = pqx_pkg::UnitCrv; dec_o.rs_read = 3'b001; dec_o.multi_cycle = 1'b1;
      end
      pqx_pkg::OpSm3Blk: begin   // SM3_BLK
        dec_o.unit = pqx_pkg::UnitCrv; dec_o.rs_read = 3'b001; dec_o.multi_cycle = 1'b1;
      end
      pqx_pkg::OpAes128Enc: begin   // AES128_ENC
        dec_o.unit = pqx_pkg::UnitCrv; dec_o.rs_read = 3'b001; dec_o.multi_cycle = 1'b1;
      end
      pqx_pkg::OpHaraka256: begin   // HARAKA256
        dec_o.unit = pqx_pkg::UnitCrv; dec_o.rs_read = 3'b001; dec_o.multi_cycle = 1'b1;
      end
      pqx_pkg::OpHaraka512: begin   // HARAKA512
        dec_o.unit = pqx_pkg::UnitCrv; dec_o.rs_read = 3'b001; dec_o.multi_cycle = 1'b1;
      end
      pqx_pkg::OpPolyWr: begin   // POLY_WR
        dec_o.unit = pqx_pkg::UnitPoly; dec_o.rs_read = 3'b011;
      end
      pqx_pkg::OpPolyRd: begin   // POLY_RD
        dec_o.unit = pqx_pkg::UnitPoly; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b001;
      end
      pqx_pkg::OpPolyLd: begin   // POLY_LD
        dec_o.unit = pqx_pkg::UnitPoly; dec_o.rs_read = 3'b011; dec_o.background = 1'b1;
      end
      pqx_pkg::OpPolySt: begin   // POLY_ST
        dec_o.unit = pqx_pkg::UnitPoly; dec_o.rs_read = 3'b011; dec_o.background = 1'b1;
      end
      pqx_pkg::OpPolyNtt: begin   // POLY_NTT
        dec_o.unit = pqx_pkg::UnitPoly; dec_o.rs_read = 3'b001; dec_o.background = 1'b1;
      end
      pqx_pkg::OpPolyIntt: begin   // POLY_INTT
        dec_o.unit = pqx_pkg::UnitPoly; dec_o.rs_read = 3'b001; dec_o.background = 1'b1;
      end
      pqx_pkg::OpPolyPwm: begin   // POLY_PWM
        dec_o.unit = pqx_pkg::UnitPoly; dec_o.rs_read = 3'b011; dec_o.background = 1'b1;
      end
      pqx_pkg::OpPolyCbd: begin   // POLY_CBD
        dec_o.unit = pqx_pkg::UnitPoly; dec_o.rs_read = 3'b001; dec_o.uses_so = 1'b1; dec_o.background = 1'b1;
      end
      pqx_pkg::OpPolyCnt: begin   // POLY_CNT
        dec_o.unit = pqx_pkg::UnitPoly; dec_o.writeback = 1'b1; dec_o.rs_read = 3'b001;
      end
      default: ;
    endcase
  end
  // ---- END GENERATED ----

  assign accept_o = (op != pqx_pkg::OpIllegal) && UnitsBuilt[dec_o.unit];

  // Register fields are not part of the decode.
  logic unused_reg_fields;
  assign unused_reg_fields = ^{instr_i[24:15], instr_i[11:7]};

endmodule
