// PQX package: encodings of the whole PQX instruction set (docs/isa.md), CV-X-IF
// parameters, architectural sizes and the unit map of the dispatch stage.
//
// The decoder (pqx_decoder.sv) turns an instruction word into an op_e value; every
// instruction of the ISA is listed here, so later units only add datapaths and flip
// their bit in UnitsBuilt.
`default_nettype none

package pqx_pkg;

  // ---------------------------------------------------------------- CV-X-IF 1.0
  localparam int unsigned XNumRs    = 3;
  localparam int unsigned XIdWidth  = 4;
  localparam int unsigned XRfrWidth = 32;

  // CV-X-IF exception code for a bad operand: RISC-V "illegal instruction".
  localparam logic [5:0] ExcIllegal = 6'd2;

  // ---------------------------------------------------------------- state
  localparam int unsigned NumWords  = 50;    // S and O: 50 x 32 bit = 1600 bit
  localparam int unsigned MaxLoadIdx  = 48;  // LOAD/KABSORB write words i and i+1
  localparam int unsigned MaxStoreIdx = 49;
  localparam int unsigned MaxRead3Idx = 197; // KREAD3 reads bytes o..o+2 of 200

  // ---------------------------------------------------------------- arithmetic
  localparam int unsigned QK = 3329;       // ML-KEM
  localparam int unsigned QD = 8380417;    // ML-DSA
  localparam int unsigned QF = 12289;      // Falcon

  // Montgomery reduction of the shared product (arith/pqx_mont_reduce.sv).
  typedef enum logic [1:0] { MontK, MontD, MontF } mont_mode_e;
  // Barrett-style reductions by a constant (arith/pqx_barrett.sv).
  typedef enum logic [2:0] { BarK, BarD, BarHqc1, BarHqc3, BarHqc5 } barrett_mode_e;

  // ---------------------------------------------------------------- encodings
  localparam logic [6:0] OpcR4 = 7'h6B;      // R4 type: funct3 + funct2
  localparam logic [6:0] OpcR  = 7'h3B;      // R type:  funct3 = 3'b111 + funct7
  localparam logic [2:0] F3R   = 3'b111;

  // R4 funct3 groups
  localparam logic [2:0] F3Keccak = 3'b001;
  localparam logic [2:0] F3NttKD  = 3'b111;
  localparam logic [2:0] F3NttF   = 3'b110;

  // Execution units behind the dispatch stage.
  typedef enum logic [2:0] {
    UnitState   = 3'd0,  // LOAD KABSORB KINIT STORE KREAD3 COMPARE_U32
    UnitKeccak  = 3'd1,  // KSTART KPERM
    UnitSlhdsa  = 3'd2,  // THASH* PRF* CL_*
    UnitArith   = 3'd3,  // lattice + binary field multiplier tree
    UnitSampler = 3'd4,  // CBD REJ_* UNPACK_*
    UnitFpr     = 3'd5   // Falcon FPR helpers
  } unit_e;

  // Units whose datapath exists; the decoder rejects (accept=0) every other unit.
  localparam logic [7:0] UnitsBuilt = 8'b0011_1111;

  typedef enum logic [6:0] {
    OpIllegal,
    // Keccak and state
    OpKstart, OpKabsorb, OpKperm, OpLoad, OpKinit, OpStore, OpKread3, OpCompareU32,
    // lattice
    OpBfnttK, OpBfinttK, OpBfnttD, OpBfinttD, OpBfnttF, OpBfinttF, OpModpMontymul,
    OpBfnttDH, OpBfinttDH, OpMqmulF, OpMqmulK, OpMqmulD, OpBarrett, OpRed32,
    // binary field
    OpKarats1, OpKarats2, OpKarats3, OpKarats4, OpGfmul8, OpGfReduce,
    OpBarrettHqc1, OpBarrettHqc3, OpBarrettHqc5,
    // SLH-DSA
    OpCl128, OpCl192, OpCl256,
    OpThash1_128, OpThash2_128, OpPrf128, OpThash1_192, OpThash2_192, OpPrf192,
    OpThash1_256, OpThash2_256, OpPrf256,
    // sampling
    OpCbd1, OpCbd2, OpCbd3, OpCbd4, OpRejUniform, OpRejEta2, OpRejEta4,
    OpUnpackZ17, OpUnpackZ19,
    // Falcon floating point
    OpFprLoadSe, OpFprExec, OpFprRdhi, OpFprNorm64Exec, OpFprNorm64Rdhi, OpFprNorm64Rde
  } op_e;

  // Decoded form of one instruction, carried through the in-flight queue.
  typedef struct packed {
    op_e         op;
    unit_e       unit;
    logic        writeback;
    logic [2:0]  rs_read;   // bit k: rs(k+1) is a source operand
    logic        uses_so;   // reads or writes S or O (waits while a permutation runs)
  } dec_t;

  // One issued instruction waiting in the in-flight queue for its commit. Rejected
  // instructions are queued too (accepted = 0), so that a kill of a rejected id
  // still kills the younger accepted ones; they leave the queue without a result.
  typedef struct packed {
    logic [XIdWidth-1:0]        id;
    logic                       accepted;
    logic                       hartid;
    logic [4:0]                 rd;
    dec_t                       dec;
    logic [XNumRs*XRfrWidth-1:0] rs;   // rs1 in [31:0], rs2 in [63:32], rs3 in [95:64]
  } entry_t;

  // Field access through a function: Yosys cannot select a field of an indexed
  // element of a packed struct array. Only the id is read, by design.
  /* verilator lint_off UNUSEDSIGNAL */
  // Width of entry_t: storage arrays use plain vectors of this width, because Yosys
  // silently drops the packed dimension of an array of structs ($bits does not parse
  // there either). Verilator's width checks keep the two in step.
  localparam int unsigned DecW   = 7 + 3 + 1 + 3 + 1;
  localparam int unsigned EntryW = XIdWidth + 1 + 1 + 5 + DecW + XNumRs * XRfrWidth;

  function automatic logic [XIdWidth-1:0] entry_id(entry_t e);
    entry_id = e.id;
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

endpackage
