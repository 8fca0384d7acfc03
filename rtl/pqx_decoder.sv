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
  parameter logic [7:0] UnitsBuilt = pqx_pkg::UnitsBuilt
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

  always_comb begin
    op = pqx_pkg::OpIllegal;
    if (opcode == pqx_pkg::OpcR4) begin
      unique case ({funct3, funct2})
        {pqx_pkg::F3Keccak, 2'd0}: op = pqx_pkg::OpKstart;
        {pqx_pkg::F3Keccak, 2'd1}: op = pqx_pkg::OpKabsorb;
        {pqx_pkg::F3Keccak, 2'd2}: op = pqx_pkg::OpKperm;
        {pqx_pkg::F3Keccak, 2'd3}: op = pqx_pkg::OpLoad;
        {pqx_pkg::F3NttKD,  2'd0}: op = pqx_pkg::OpBfnttK;
        {pqx_pkg::F3NttKD,  2'd1}: op = pqx_pkg::OpBfinttK;
        {pqx_pkg::F3NttKD,  2'd2}: op = pqx_pkg::OpBfnttD;
        {pqx_pkg::F3NttKD,  2'd3}: op = pqx_pkg::OpBfinttD;
        {pqx_pkg::F3NttF,   2'd0}: op = pqx_pkg::OpBfnttF;
        {pqx_pkg::F3NttF,   2'd1}: op = pqx_pkg::OpBfinttF;
        {pqx_pkg::F3NttF,   2'd2}: op = pqx_pkg::OpModpMontymul;
        {pqx_pkg::F3NttF,   2'd3}: op = pqx_pkg::OpFprNorm64Exec;
        default:          op = pqx_pkg::OpIllegal;
      endcase
    end else if (opcode == pqx_pkg::OpcR && funct3 == pqx_pkg::F3R) begin
      unique case (funct7)
        7'h00: op = pqx_pkg::OpCbd1;
        7'h01: op = pqx_pkg::OpCbd2;
        7'h02: op = pqx_pkg::OpCbd3;
        7'h03: op = pqx_pkg::OpCbd4;
        7'h05: op = pqx_pkg::OpBarrett;
        7'h0D: op = pqx_pkg::OpKread3;
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
    end
  end

  // Unit, writeback and source registers of each op.
  always_comb begin
    dec_o.op        = op;
    dec_o.unit      = pqx_pkg::UnitArith;
    dec_o.writeback = 1'b1;
    dec_o.rs_read   = 3'b011;
    unique case (op)
      pqx_pkg::OpLoad, pqx_pkg::OpKabsorb: begin
        dec_o.unit = pqx_pkg::UnitState;  dec_o.writeback = 1'b0; dec_o.rs_read = 3'b111;
      end
      pqx_pkg::OpKinit: begin
        dec_o.unit = pqx_pkg::UnitState;  dec_o.writeback = 1'b0; dec_o.rs_read = 3'b000;
      end
      pqx_pkg::OpStore, pqx_pkg::OpKread3: begin
        dec_o.unit = pqx_pkg::UnitState;  dec_o.rs_read = 3'b001;
      end
      pqx_pkg::OpCompareU32: dec_o.unit = pqx_pkg::UnitState;
      pqx_pkg::OpKstart, pqx_pkg::OpKperm: begin
        dec_o.unit = pqx_pkg::UnitKeccak; dec_o.writeback = 1'b0; dec_o.rs_read = 3'b000;
      end
      pqx_pkg::OpCl128, pqx_pkg::OpCl192, pqx_pkg::OpCl256, pqx_pkg::OpPrf128, pqx_pkg::OpPrf192, pqx_pkg::OpPrf256: begin
        dec_o.unit = pqx_pkg::UnitSlhdsa; dec_o.writeback = 1'b0; dec_o.rs_read = 3'b000;
      end
      pqx_pkg::OpThash1_128, pqx_pkg::OpThash2_128, pqx_pkg::OpThash1_192, pqx_pkg::OpThash2_192, pqx_pkg::OpThash1_256, pqx_pkg::OpThash2_256: begin
        dec_o.unit = pqx_pkg::UnitSlhdsa; dec_o.writeback = 1'b0; dec_o.rs_read = 3'b010;
      end
      pqx_pkg::OpBfnttK, pqx_pkg::OpBfinttK, pqx_pkg::OpBfnttD, pqx_pkg::OpBfinttD, pqx_pkg::OpBfnttF, pqx_pkg::OpBfinttF, pqx_pkg::OpModpMontymul:
        dec_o.rs_read = 3'b111;
      pqx_pkg::OpBfnttDH, pqx_pkg::OpBfinttDH, pqx_pkg::OpKarats3, pqx_pkg::OpKarats4:
        dec_o.rs_read = 3'b000;
      pqx_pkg::OpBarrett, pqx_pkg::OpRed32, pqx_pkg::OpGfReduce, pqx_pkg::OpBarrettHqc1, pqx_pkg::OpBarrettHqc3, pqx_pkg::OpBarrettHqc5:
        dec_o.rs_read = 3'b001;
      pqx_pkg::OpMqmulF, pqx_pkg::OpMqmulK, pqx_pkg::OpMqmulD, pqx_pkg::OpKarats1, pqx_pkg::OpKarats2, pqx_pkg::OpGfmul8:
        dec_o.rs_read = 3'b011;
      pqx_pkg::OpCbd1, pqx_pkg::OpCbd2, pqx_pkg::OpCbd3, pqx_pkg::OpCbd4, pqx_pkg::OpRejEta2, pqx_pkg::OpRejEta4, pqx_pkg::OpUnpackZ17, pqx_pkg::OpUnpackZ19:
        dec_o.unit = pqx_pkg::UnitSampler;
      pqx_pkg::OpRejUniform: begin
        dec_o.unit = pqx_pkg::UnitSampler; dec_o.rs_read = 3'b001;
      end
      pqx_pkg::OpFprLoadSe: begin
        dec_o.unit = pqx_pkg::UnitFpr; dec_o.writeback = 1'b0;
      end
      pqx_pkg::OpFprExec: dec_o.unit = pqx_pkg::UnitFpr;
      pqx_pkg::OpFprNorm64Exec: begin
        dec_o.unit = pqx_pkg::UnitFpr; dec_o.rs_read = 3'b111;
      end
      pqx_pkg::OpFprRdhi, pqx_pkg::OpFprNorm64Rdhi, pqx_pkg::OpFprNorm64Rde: begin
        dec_o.unit = pqx_pkg::UnitFpr; dec_o.rs_read = 3'b000;
      end
      default: begin  // pqx_pkg::OpIllegal: no unit, nothing read
        dec_o.unit = pqx_pkg::UnitState;  dec_o.writeback = 1'b0; dec_o.rs_read = 3'b000;
      end
    endcase
    // Everything of the state, Keccak and SLH-DSA units touches S or O, except COMPARE_U32.
    dec_o.uses_so = (dec_o.unit == pqx_pkg::UnitState || dec_o.unit == pqx_pkg::UnitKeccak
                     || dec_o.unit == pqx_pkg::UnitSlhdsa)
                    && op != pqx_pkg::OpCompareU32 && op != pqx_pkg::OpIllegal;
  end

  assign accept_o = (op != pqx_pkg::OpIllegal) && UnitsBuilt[dec_o.unit];

  // Register fields are not part of the decode.
  logic unused_reg_fields;
  assign unused_reg_fields = ^{instr_i[24:15], instr_i[11:7]};

endmodule
