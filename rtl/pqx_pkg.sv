// PQX package: encodings of the whole PQX instruction set (docs/isa.md), CV-X-IF
// parameters, architectural sizes and the unit map of the dispatch stage.
//
// The decoder (pqx_decoder.sv) turns an instruction word into an op_e value; every
// instruction of the ISA is listed here. The unit map (unit_e, UnitsBuilt) comes from the
// units' manifests (rtl/<unit>/unit.toml).
`default_nettype none

// `PQX_ASSERT(Name_A, cond)`: an invariant of the module it ends, checked at every rising edge of
// clk_i. Defined here because every flow compiles this package before any module that uses it.
// Simulation (Verilator, built with --assert): an immediate assertion that stops the run with
// the assertion's name, file and line; it holds in reset too (the state then has its reset
// values), and not reading rst_ni keeps the flop-style lint clean (SYNCASYNCNET). Yosys (the
// formal jobs, which read the RTL with `read -sv`): the same assertion from the first cycle out
// of reset, so every proof job that reads the module proves it. `make synth` removes the
// assertions (chformal -remove) before it maps anything.
`ifdef VERILATOR
`define PQX_ASSERT(__name, __cond) \
  always @(posedge clk_i) begin : __name \
    assert (__cond); \
  end
`else
`define PQX_ASSERT(__name, __cond) \
  always @(posedge clk_i) begin : __name \
    if (rst_ni) assert (__cond); \
  end
`endif

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
  // The opcodes, function fields and op_e come from verif/models/isa_table.py (docs/isa.md).

  // Execution units behind the dispatch stage: one manifest each (rtl/<unit>/unit.toml, its id).
  // ---- BEGIN GENERATED from rtl/*/unit.toml by `python -m scripts.gen_isa`: do not edit ----
  typedef enum logic [3:0] {
    UnitState   = 4'd0,  // S/O buffers: LOAD KABSORB KINIT STORE KREAD3 COMPARE_U32
    UnitKeccak  = 4'd1,  // KSTART KPERM on the shared Keccak-f[1600] engine
    UnitSlhdsa  = 4'd2,  // THASH* PRF* CL_* (SLH-DSA addresses, masks, hash inputs)
    UnitArith   = 4'd3,  // lattice butterflies and reductions, binary-field and HQC products
    UnitSampler = 4'd4,  // CBD REJ_* UNPACK_*
    UnitFpr     = 4'd5,  // Falcon FPR helpers
    UnitMce     = 4'd6,  // Classic McEliece: GF(2^12), BM, Chien search, minimal polynomial, systematic form
    UnitCrv     = 4'd7,  // Crypto-RV: block buffer B, SHA-2 / SM3, AES-128 / Haraka
    UnitPoly    = 4'd8   // polynomial slots, the NTT engine and its DMA
  } unit_e;

  // Units whose datapath exists; the decoder rejects (accept=0) every other unit.
  localparam logic [15:0] UnitsBuilt = 16'b0000000111111111;
  // Units with background instructions (verif/models/isa_table.py): while one waits in the
  // in-flight queue or runs, the unit's instructions wait at the issue port.
  localparam logic [15:0] BackgroundUnits = 16'b0000000100000000;
  // ---- END GENERATED ----

  // ---- BEGIN GENERATED from verif/models/isa_table.py by `python -m scripts.gen_isa`: do not edit ----
  typedef enum logic [6:0] {
    OpIllegal,
    OpKstart,               // KSTART
    OpKabsorb,              // KABSORB
    OpKperm,                // KPERM
    OpLoad,                 // LOAD
    OpBfnttK,               // BFNTTK
    OpBfinttK,              // BFINTTK
    OpBfnttD,               // BFNTTD
    OpBfinttD,              // BFINTTD
    OpBfnttF,               // BFNTTF
    OpBfinttF,              // BFINTTF
    OpModpMontymul,         // MODP_MONTYMUL
    OpFprNorm64Exec,        // FPR_NORM64_EXEC
    OpCbd1,                 // CBD1
    OpCbd2,                 // CBD2
    OpCbd3,                 // CBD3
    OpCbd4,                 // CBD4
    OpBarrett,              // BARRETT
    OpKread3,               // KREAD3
    OpZeroize,              // ZEROIZE
    OpKinit,                // KINIT
    OpStore,                // STORE
    OpMqmulF,               // MQMULF
    OpMqmulK,               // MQMULK
    OpMqmulD,               // MQMULD
    OpKarats1,              // KARATS1
    OpKarats2,              // KARATS2
    OpKarats3,              // KARATS3
    OpGfmul8,               // GFMUL8
    OpBfnttDH,              // BFNTTDH
    OpBfinttDH,             // BFINTTDH
    OpKarats4,              // KARATS4
    OpRed32,                // RED32
    OpCl128,                // CL_128
    OpCl192,                // CL_192
    OpCl256,                // CL_256
    OpSread,                // SREAD
    OpOwrite,               // OWRITE
    OpThash1_128,           // THASH1_128
    OpThash2_128,           // THASH2_128
    OpPrf128,               // PRF_128
    OpFprLoadSe,            // FPR_LOAD_SE
    OpFprExec,              // FPR_EXEC
    OpFprRdhi,              // FPR_RDHI
    OpFprNorm64Rdhi,        // FPR_NORM64_RDHI
    OpFprNorm64Rde,         // FPR_NORM64_RDE
    OpThash1_192,           // THASH1_192
    OpThash2_192,           // THASH2_192
    OpThash1_256,           // THASH1_256
    OpThash2_256,           // THASH2_256
    OpPrf192,               // PRF_192
    OpPrf256,               // PRF_256
    OpChain128,             // CHAIN_128
    OpChain192,             // CHAIN_192
    OpChain256,             // CHAIN_256
    OpRejUniform,           // REJ_UNIFORM
    OpRejEta2,              // REJ_ETA2
    OpRejEta4,              // REJ_ETA4
    OpUnpackZ17,            // UNPACK_Z17
    OpUnpackZ19,            // UNPACK_Z19
    OpBarrettHqc1,          // BARRETT_HQC1
    OpBarrettHqc3,          // BARRETT_HQC3
    OpBarrettHqc5,          // BARRETT_HQC5
    OpGfReduce,             // GF_REDUCE
    OpCompareU32,           // COMPARE_U32
    OpGf12Mul,              // GF12MUL
    OpGf12Sq,               // GF12SQ
    OpGf12Inv,              // GF12INV
    OpMceSyn,               // MCE_SYN
    OpMceBm,                // MCE_BM
    OpMceLocRd,             // MCE_LOC_RD
    OpMceLocWr,             // MCE_LOC_WR
    OpMceSupWr,             // MCE_SUP_WR
    OpMceChien,             // MCE_CHIEN
    OpMceErrRd,             // MCE_ERR_RD
    OpMceMinpoly,           // MCE_MINPOLY
    OpMceRowWr,             // MCE_ROW_WR
    OpMceRowRd,             // MCE_ROW_RD
    OpMceSys,               // MCE_SYS
    OpTrWr,                 // TR_WR
    OpTrRd,                 // TR_RD
    OpCrvBptr,              // CRV_BPTR
    OpCrvBwr,               // CRV_BWR
    OpCrvBrd,               // CRV_BRD
    OpSha256Init,           // SHA256_INIT
    OpSha512Init,           // SHA512_INIT
    OpSm3Init,              // SM3_INIT
    OpHashRd,               // HASH_RD
    OpSha256Blk,            // SHA256_BLK
    OpSha512Blk,            // SHA512_BLK
    OpSm3Blk,               // SM3_BLK
    OpAes128Enc,            // AES128_ENC
    OpHaraka256,            // HARAKA256
    OpHaraka512,            // HARAKA512
    OpPolyWr,               // POLY_WR
    OpPolyRd,               // POLY_RD
    OpPolyLd,               // POLY_LD
    OpPolySt,               // POLY_ST
    OpPolyNtt,              // POLY_NTT
    OpPolyIntt,             // POLY_INTT
    OpPolyPwm,              // POLY_PWM
    OpPolyCbd,              // POLY_CBD
    OpPolyCnt               // POLY_CNT
  } op_e;
  // ---- END GENERATED ----

  // Decoded form of one instruction, carried through the in-flight queue.
  typedef struct packed {
    op_e         op;
    unit_e       unit;
    logic        writeback;
    logic [2:0]  rs_read;   // bit k: rs(k+1) is a source operand
    logic        uses_so;   // reads or writes S or O (waits while a permutation runs)
    logic        multi_cycle;  // leaves the queue at its start, result when its unit is done
    logic        background;   // starts the polynomial engine, which runs on after the result
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
  // element of a packed struct array. Only the id and the background flag are read.
  /* verilator lint_off UNUSEDSIGNAL */
  // Width of entry_t: storage arrays use plain vectors of this width, because Yosys
  // silently drops the packed dimension of an array of structs ($bits does not parse
  // there either). Verilator's width checks keep the two in step.
  localparam int unsigned DecW   = 7 + 4 + 1 + 3 + 1 + 1 + 1;
  localparam int unsigned EntryW = XIdWidth + 1 + 1 + 5 + DecW + XNumRs * XRfrWidth;

  function automatic logic [XIdWidth-1:0] entry_id(entry_t e);
    entry_id = e.id;
  endfunction

  // An accepted instruction that starts the polynomial engine.
  function automatic logic entry_background(entry_t e);
    entry_background = e.accepted && e.dec.background;
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

endpackage
