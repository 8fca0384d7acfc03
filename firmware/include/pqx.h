/* PQX instructions for firmware: one static inline function per instruction.
 *
 * Generated from verif/models/isa_table.py by `python -m scripts.gen_isa`: do not edit.
 *
 * Arguments are the source registers the instruction reads (rs1, rs2, rs3 in that order); the
 * function returns rd for an instruction with writeback. Registers an instruction does not read
 * are encoded as x0. Every statement is `volatile`: PQX instructions change coprocessor state, so
 * the compiler keeps them, in program order. The polynomial unit's also clobber "memory": POLY_LD
 * reads and POLY_ST writes host memory in the background, and every polynomial instruction waits
 * until the transfer before it has ended, so the compiler must not move loads and stores across
 * any of them (after a POLY_ST, any polynomial instruction, POLY_CNT for one, is the fence).
 * Needs an assembler that knows `.insn` (GNU as, LLVM).
 */
#ifndef PQX_H
#define PQX_H

#include <stdint.h>

/* KSTART: keccak unit, 24 cycles */
static inline void pqx_kstart(void)
{
    __asm__ volatile(".insn r4 0x6b, 1, 0, zero, zero, zero, zero");
}

/* KABSORB: state unit, 1 cycle */
static inline void pqx_kabsorb(uint32_t rs1, uint32_t rs2, uint32_t rs3)
{
    __asm__ volatile(".insn r4 0x6b, 1, 1, zero, %[rs1], %[rs2], %[rs3]" : : [rs1] "r"(rs1), [rs2] "r"(rs2), [rs3] "r"(rs3));
}

/* KPERM: keccak unit, 24 cycles */
static inline void pqx_kperm(void)
{
    __asm__ volatile(".insn r4 0x6b, 1, 2, zero, zero, zero, zero");
}

/* LOAD: state unit, 1 cycle */
static inline void pqx_load(uint32_t rs1, uint32_t rs2, uint32_t rs3)
{
    __asm__ volatile(".insn r4 0x6b, 1, 3, zero, %[rs1], %[rs2], %[rs3]" : : [rs1] "r"(rs1), [rs2] "r"(rs2), [rs3] "r"(rs3));
}

/* BFNTTK: arith unit, 1 cycle */
static inline uint32_t pqx_bfnttk(uint32_t rs1, uint32_t rs2, uint32_t rs3)
{
    uint32_t rd;
    __asm__ volatile(".insn r4 0x6b, 7, 0, %[rd], %[rs1], %[rs2], %[rs3]" : [rd] "=r"(rd) : [rs1] "r"(rs1), [rs2] "r"(rs2), [rs3] "r"(rs3));
    return rd;
}

/* BFINTTK: arith unit, 1 cycle */
static inline uint32_t pqx_bfinttk(uint32_t rs1, uint32_t rs2, uint32_t rs3)
{
    uint32_t rd;
    __asm__ volatile(".insn r4 0x6b, 7, 1, %[rd], %[rs1], %[rs2], %[rs3]" : [rd] "=r"(rd) : [rs1] "r"(rs1), [rs2] "r"(rs2), [rs3] "r"(rs3));
    return rd;
}

/* BFNTTD: arith unit, 1 cycle */
static inline uint32_t pqx_bfnttd(uint32_t rs1, uint32_t rs2, uint32_t rs3)
{
    uint32_t rd;
    __asm__ volatile(".insn r4 0x6b, 7, 2, %[rd], %[rs1], %[rs2], %[rs3]" : [rd] "=r"(rd) : [rs1] "r"(rs1), [rs2] "r"(rs2), [rs3] "r"(rs3));
    return rd;
}

/* BFINTTD: arith unit, 1 cycle */
static inline uint32_t pqx_bfinttd(uint32_t rs1, uint32_t rs2, uint32_t rs3)
{
    uint32_t rd;
    __asm__ volatile(".insn r4 0x6b, 7, 3, %[rd], %[rs1], %[rs2], %[rs3]" : [rd] "=r"(rd) : [rs1] "r"(rs1), [rs2] "r"(rs2), [rs3] "r"(rs3));
    return rd;
}

/* BFNTTF: arith unit, 1 cycle */
static inline uint32_t pqx_bfnttf(uint32_t rs1, uint32_t rs2, uint32_t rs3)
{
    uint32_t rd;
    __asm__ volatile(".insn r4 0x6b, 6, 0, %[rd], %[rs1], %[rs2], %[rs3]" : [rd] "=r"(rd) : [rs1] "r"(rs1), [rs2] "r"(rs2), [rs3] "r"(rs3));
    return rd;
}

/* BFINTTF: arith unit, 1 cycle */
static inline uint32_t pqx_bfinttf(uint32_t rs1, uint32_t rs2, uint32_t rs3)
{
    uint32_t rd;
    __asm__ volatile(".insn r4 0x6b, 6, 1, %[rd], %[rs1], %[rs2], %[rs3]" : [rd] "=r"(rd) : [rs1] "r"(rs1), [rs2] "r"(rs2), [rs3] "r"(rs3));
    return rd;
}

/* MODP_MONTYMUL: arith unit, 6 cycles */
static inline uint32_t pqx_modp_montymul(uint32_t rs1, uint32_t rs2, uint32_t rs3)
{
    uint32_t rd;
    __asm__ volatile(".insn r4 0x6b, 6, 2, %[rd], %[rs1], %[rs2], %[rs3]" : [rd] "=r"(rd) : [rs1] "r"(rs1), [rs2] "r"(rs2), [rs3] "r"(rs3));
    return rd;
}

/* FPR_NORM64_EXEC: fpr unit, 1 cycle */
static inline uint32_t pqx_fpr_norm64_exec(uint32_t rs1, uint32_t rs2, uint32_t rs3)
{
    uint32_t rd;
    __asm__ volatile(".insn r4 0x6b, 6, 3, %[rd], %[rs1], %[rs2], %[rs3]" : [rd] "=r"(rd) : [rs1] "r"(rs1), [rs2] "r"(rs2), [rs3] "r"(rs3));
    return rd;
}

/* CBD1: sampler unit, 1 cycle */
static inline uint32_t pqx_cbd1(uint32_t rs1, uint32_t rs2)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x00, %[rd], %[rs1], %[rs2]" : [rd] "=r"(rd) : [rs1] "r"(rs1), [rs2] "r"(rs2));
    return rd;
}

/* CBD2: sampler unit, 1 cycle */
static inline uint32_t pqx_cbd2(uint32_t rs1, uint32_t rs2)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x01, %[rd], %[rs1], %[rs2]" : [rd] "=r"(rd) : [rs1] "r"(rs1), [rs2] "r"(rs2));
    return rd;
}

/* CBD3: sampler unit, 1 cycle */
static inline uint32_t pqx_cbd3(uint32_t rs1, uint32_t rs2)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x02, %[rd], %[rs1], %[rs2]" : [rd] "=r"(rd) : [rs1] "r"(rs1), [rs2] "r"(rs2));
    return rd;
}

/* CBD4: sampler unit, 1 cycle */
static inline uint32_t pqx_cbd4(uint32_t rs1, uint32_t rs2)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x03, %[rd], %[rs1], %[rs2]" : [rd] "=r"(rd) : [rs1] "r"(rs1), [rs2] "r"(rs2));
    return rd;
}

/* BARRETT: arith unit, 1 cycle */
static inline uint32_t pqx_barrett(uint32_t rs1)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x05, %[rd], %[rs1], zero" : [rd] "=r"(rd) : [rs1] "r"(rs1));
    return rd;
}

/* KREAD3: state unit, 1 cycle */
static inline uint32_t pqx_kread3(uint32_t rs1)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x0d, %[rd], %[rs1], zero" : [rd] "=r"(rd) : [rs1] "r"(rs1));
    return rd;
}

/* ZEROIZE: state unit, 1 cycle */
static inline void pqx_zeroize(void)
{
    __asm__ volatile(".insn r 0x3b, 7, 0x0c, zero, zero, zero");
}

/* KINIT: state unit, 1 cycle */
static inline void pqx_kinit(void)
{
    __asm__ volatile(".insn r 0x3b, 7, 0x0e, zero, zero, zero");
}

/* STORE: state unit, 1 cycle */
static inline uint32_t pqx_store(uint32_t rs1)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x0f, %[rd], %[rs1], zero" : [rd] "=r"(rd) : [rs1] "r"(rs1));
    return rd;
}

/* MQMULF: arith unit, 1 cycle */
static inline uint32_t pqx_mqmulf(uint32_t rs1, uint32_t rs2)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x10, %[rd], %[rs1], %[rs2]" : [rd] "=r"(rd) : [rs1] "r"(rs1), [rs2] "r"(rs2));
    return rd;
}

/* MQMULK: arith unit, 1 cycle */
static inline uint32_t pqx_mqmulk(uint32_t rs1, uint32_t rs2)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x11, %[rd], %[rs1], %[rs2]" : [rd] "=r"(rd) : [rs1] "r"(rs1), [rs2] "r"(rs2));
    return rd;
}

/* MQMULD: arith unit, 1 cycle */
static inline uint32_t pqx_mqmuld(uint32_t rs1, uint32_t rs2)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x12, %[rd], %[rs1], %[rs2]" : [rd] "=r"(rd) : [rs1] "r"(rs1), [rs2] "r"(rs2));
    return rd;
}

/* KARATS1: arith unit, 1 cycle */
static inline uint32_t pqx_karats1(uint32_t rs1, uint32_t rs2)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x13, %[rd], %[rs1], %[rs2]" : [rd] "=r"(rd) : [rs1] "r"(rs1), [rs2] "r"(rs2));
    return rd;
}

/* KARATS2: arith unit, 1 cycle */
static inline uint32_t pqx_karats2(uint32_t rs1, uint32_t rs2)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x14, %[rd], %[rs1], %[rs2]" : [rd] "=r"(rd) : [rs1] "r"(rs1), [rs2] "r"(rs2));
    return rd;
}

/* KARATS3: arith unit, 1 cycle */
static inline uint32_t pqx_karats3(void)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x15, %[rd], zero, zero" : [rd] "=r"(rd));
    return rd;
}

/* GFMUL8: arith unit, 1 cycle */
static inline uint32_t pqx_gfmul8(uint32_t rs1, uint32_t rs2)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x16, %[rd], %[rs1], %[rs2]" : [rd] "=r"(rd) : [rs1] "r"(rs1), [rs2] "r"(rs2));
    return rd;
}

/* BFNTTDH: arith unit, 1 cycle */
static inline uint32_t pqx_bfnttdh(void)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x17, %[rd], zero, zero" : [rd] "=r"(rd));
    return rd;
}

/* BFINTTDH: arith unit, 1 cycle */
static inline uint32_t pqx_bfinttdh(void)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x18, %[rd], zero, zero" : [rd] "=r"(rd));
    return rd;
}

/* KARATS4: arith unit, 1 cycle */
static inline uint32_t pqx_karats4(void)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x19, %[rd], zero, zero" : [rd] "=r"(rd));
    return rd;
}

/* RED32: arith unit, 1 cycle */
static inline uint32_t pqx_red32(uint32_t rs1)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x1a, %[rd], %[rs1], zero" : [rd] "=r"(rd) : [rs1] "r"(rs1));
    return rd;
}

/* CL_128: slhdsa unit, 1 cycle */
static inline void pqx_cl_128(void)
{
    __asm__ volatile(".insn r 0x3b, 7, 0x1b, zero, zero, zero");
}

/* CL_192: slhdsa unit, 1 cycle */
static inline void pqx_cl_192(void)
{
    __asm__ volatile(".insn r 0x3b, 7, 0x1c, zero, zero, zero");
}

/* CL_256: slhdsa unit, 1 cycle */
static inline void pqx_cl_256(void)
{
    __asm__ volatile(".insn r 0x3b, 7, 0x1d, zero, zero, zero");
}

/* SREAD: state unit, 1 cycle */
static inline uint32_t pqx_sread(uint32_t rs1)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x1e, %[rd], %[rs1], zero" : [rd] "=r"(rd) : [rs1] "r"(rs1));
    return rd;
}

/* OWRITE: state unit, 1 cycle */
static inline void pqx_owrite(uint32_t rs1, uint32_t rs2)
{
    __asm__ volatile(".insn r 0x3b, 7, 0x1f, zero, %[rs1], %[rs2]" : : [rs1] "r"(rs1), [rs2] "r"(rs2));
}

/* THASH1_128: slhdsa unit, 24 cycles, 48 robust */
static inline void pqx_thash1_128(uint32_t rs2)
{
    __asm__ volatile(".insn r 0x3b, 7, 0x30, zero, zero, %[rs2]" : : [rs2] "r"(rs2));
}

/* THASH2_128: slhdsa unit, 24 cycles, 48 robust */
static inline void pqx_thash2_128(uint32_t rs2)
{
    __asm__ volatile(".insn r 0x3b, 7, 0x31, zero, zero, %[rs2]" : : [rs2] "r"(rs2));
}

/* PRF_128: slhdsa unit, 24 cycles */
static inline void pqx_prf_128(void)
{
    __asm__ volatile(".insn r 0x3b, 7, 0x32, zero, zero, zero");
}

/* FPR_LOAD_SE: fpr unit, 1 cycle */
static inline void pqx_fpr_load_se(uint32_t rs1, uint32_t rs2)
{
    __asm__ volatile(".insn r 0x3b, 7, 0x33, zero, %[rs1], %[rs2]" : : [rs1] "r"(rs1), [rs2] "r"(rs2));
}

/* FPR_EXEC: fpr unit, 1 cycle */
static inline uint32_t pqx_fpr_exec(uint32_t rs1, uint32_t rs2)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x34, %[rd], %[rs1], %[rs2]" : [rd] "=r"(rd) : [rs1] "r"(rs1), [rs2] "r"(rs2));
    return rd;
}

/* FPR_RDHI: fpr unit, 1 cycle */
static inline uint32_t pqx_fpr_rdhi(void)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x35, %[rd], zero, zero" : [rd] "=r"(rd));
    return rd;
}

/* FPR_NORM64_RDHI: fpr unit, 1 cycle */
static inline uint32_t pqx_fpr_norm64_rdhi(void)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x36, %[rd], zero, zero" : [rd] "=r"(rd));
    return rd;
}

/* FPR_NORM64_RDE: fpr unit, 1 cycle */
static inline uint32_t pqx_fpr_norm64_rde(void)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x37, %[rd], zero, zero" : [rd] "=r"(rd));
    return rd;
}

/* THASH1_192: slhdsa unit, 24 cycles, 48 robust */
static inline void pqx_thash1_192(uint32_t rs2)
{
    __asm__ volatile(".insn r 0x3b, 7, 0x3c, zero, zero, %[rs2]" : : [rs2] "r"(rs2));
}

/* THASH2_192: slhdsa unit, 24 cycles, 48 robust */
static inline void pqx_thash2_192(uint32_t rs2)
{
    __asm__ volatile(".insn r 0x3b, 7, 0x3d, zero, zero, %[rs2]" : : [rs2] "r"(rs2));
}

/* THASH1_256: slhdsa unit, 24 cycles, 48 robust */
static inline void pqx_thash1_256(uint32_t rs2)
{
    __asm__ volatile(".insn r 0x3b, 7, 0x3e, zero, zero, %[rs2]" : : [rs2] "r"(rs2));
}

/* THASH2_256: slhdsa unit, 24 cycles, 48 robust */
static inline void pqx_thash2_256(uint32_t rs2)
{
    __asm__ volatile(".insn r 0x3b, 7, 0x3f, zero, zero, %[rs2]" : : [rs2] "r"(rs2));
}

/* PRF_192: slhdsa unit, 24 cycles */
static inline void pqx_prf_192(void)
{
    __asm__ volatile(".insn r 0x3b, 7, 0x40, zero, zero, zero");
}

/* PRF_256: slhdsa unit, 24 cycles */
static inline void pqx_prf_256(void)
{
    __asm__ volatile(".insn r 0x3b, 7, 0x41, zero, zero, zero");
}

/* CHAIN_128: slhdsa unit, 24 cycles, 48 robust */
static inline void pqx_chain_128(uint32_t rs2)
{
    __asm__ volatile(".insn r 0x3b, 7, 0x42, zero, zero, %[rs2]" : : [rs2] "r"(rs2));
}

/* CHAIN_192: slhdsa unit, 24 cycles, 48 robust */
static inline void pqx_chain_192(uint32_t rs2)
{
    __asm__ volatile(".insn r 0x3b, 7, 0x43, zero, zero, %[rs2]" : : [rs2] "r"(rs2));
}

/* CHAIN_256: slhdsa unit, 24 cycles, 48 robust */
static inline void pqx_chain_256(uint32_t rs2)
{
    __asm__ volatile(".insn r 0x3b, 7, 0x44, zero, zero, %[rs2]" : : [rs2] "r"(rs2));
}

/* REJ_UNIFORM: sampler unit, 1 cycle */
static inline uint32_t pqx_rej_uniform(uint32_t rs1)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x48, %[rd], %[rs1], zero" : [rd] "=r"(rd) : [rs1] "r"(rs1));
    return rd;
}

/* REJ_ETA2: sampler unit, 1 cycle */
static inline uint32_t pqx_rej_eta2(uint32_t rs1, uint32_t rs2)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x49, %[rd], %[rs1], %[rs2]" : [rd] "=r"(rd) : [rs1] "r"(rs1), [rs2] "r"(rs2));
    return rd;
}

/* REJ_ETA4: sampler unit, 1 cycle */
static inline uint32_t pqx_rej_eta4(uint32_t rs1, uint32_t rs2)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x4a, %[rd], %[rs1], %[rs2]" : [rd] "=r"(rd) : [rs1] "r"(rs1), [rs2] "r"(rs2));
    return rd;
}

/* UNPACK_Z17: sampler unit, 1 cycle */
static inline uint32_t pqx_unpack_z17(uint32_t rs1, uint32_t rs2)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x4b, %[rd], %[rs1], %[rs2]" : [rd] "=r"(rd) : [rs1] "r"(rs1), [rs2] "r"(rs2));
    return rd;
}

/* UNPACK_Z19: sampler unit, 1 cycle */
static inline uint32_t pqx_unpack_z19(uint32_t rs1, uint32_t rs2)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x4c, %[rd], %[rs1], %[rs2]" : [rd] "=r"(rd) : [rs1] "r"(rs1), [rs2] "r"(rs2));
    return rd;
}

/* BARRETT_HQC1: arith unit, 1 cycle */
static inline uint32_t pqx_barrett_hqc1(uint32_t rs1)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x58, %[rd], %[rs1], zero" : [rd] "=r"(rd) : [rs1] "r"(rs1));
    return rd;
}

/* BARRETT_HQC3: arith unit, 1 cycle */
static inline uint32_t pqx_barrett_hqc3(uint32_t rs1)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x59, %[rd], %[rs1], zero" : [rd] "=r"(rd) : [rs1] "r"(rs1));
    return rd;
}

/* BARRETT_HQC5: arith unit, 1 cycle */
static inline uint32_t pqx_barrett_hqc5(uint32_t rs1)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x5a, %[rd], %[rs1], zero" : [rd] "=r"(rd) : [rs1] "r"(rs1));
    return rd;
}

/* GF_REDUCE: arith unit, 1 cycle */
static inline uint32_t pqx_gf_reduce(uint32_t rs1)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x78, %[rd], %[rs1], zero" : [rd] "=r"(rd) : [rs1] "r"(rs1));
    return rd;
}

/* COMPARE_U32: state unit, 1 cycle */
static inline uint32_t pqx_compare_u32(uint32_t rs1, uint32_t rs2)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x3b, 7, 0x79, %[rd], %[rs1], %[rs2]" : [rd] "=r"(rd) : [rs1] "r"(rs1), [rs2] "r"(rs2));
    return rd;
}

/* GF12MUL: mce unit, 1 cycle */
static inline uint32_t pqx_gf12mul(uint32_t rs1, uint32_t rs2)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x0b, 0, 0x00, %[rd], %[rs1], %[rs2]" : [rd] "=r"(rd) : [rs1] "r"(rs1), [rs2] "r"(rs2));
    return rd;
}

/* GF12SQ: mce unit, 1 cycle */
static inline uint32_t pqx_gf12sq(uint32_t rs1)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x0b, 0, 0x01, %[rd], %[rs1], zero" : [rd] "=r"(rd) : [rs1] "r"(rs1));
    return rd;
}

/* GF12INV: mce unit, 1 cycle */
static inline uint32_t pqx_gf12inv(uint32_t rs1)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x0b, 0, 0x02, %[rd], %[rs1], zero" : [rd] "=r"(rd) : [rs1] "r"(rs1));
    return rd;
}

/* MCE_SYN: mce unit, 1 cycle */
static inline void pqx_mce_syn(uint32_t rs1, uint32_t rs2)
{
    __asm__ volatile(".insn r 0x0b, 0, 0x08, zero, %[rs1], %[rs2]" : : [rs1] "r"(rs1), [rs2] "r"(rs2));
}

/* MCE_BM: mce unit, 10 cycles */
static inline uint32_t pqx_mce_bm(void)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x0b, 0, 0x09, %[rd], zero, zero" : [rd] "=r"(rd));
    return rd;
}

/* MCE_LOC_RD: mce unit, 1 cycle */
static inline uint32_t pqx_mce_loc_rd(uint32_t rs1)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x0b, 0, 0x0a, %[rd], %[rs1], zero" : [rd] "=r"(rd) : [rs1] "r"(rs1));
    return rd;
}

/* MCE_LOC_WR: mce unit, 1 cycle */
static inline void pqx_mce_loc_wr(uint32_t rs1, uint32_t rs2)
{
    __asm__ volatile(".insn r 0x0b, 0, 0x0b, zero, %[rs1], %[rs2]" : : [rs1] "r"(rs1), [rs2] "r"(rs2));
}

/* MCE_SUP_WR: mce unit, 1 cycle */
static inline void pqx_mce_sup_wr(uint32_t rs1, uint32_t rs2)
{
    __asm__ volatile(".insn r 0x0b, 0, 0x0c, zero, %[rs1], %[rs2]" : : [rs1] "r"(rs1), [rs2] "r"(rs2));
}

/* MCE_CHIEN: mce unit, 14 cycles */
static inline uint32_t pqx_mce_chien(void)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x0b, 0, 0x0d, %[rd], zero, zero" : [rd] "=r"(rd));
    return rd;
}

/* MCE_ERR_RD: mce unit, 1 cycle */
static inline uint32_t pqx_mce_err_rd(uint32_t rs1)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x0b, 0, 0x0e, %[rd], %[rs1], zero" : [rd] "=r"(rd) : [rs1] "r"(rs1));
    return rd;
}

/* MCE_MINPOLY: mce unit, 7 cycles */
static inline uint32_t pqx_mce_minpoly(uint32_t rs1, uint32_t rs2)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x0b, 0, 0x0f, %[rd], %[rs1], %[rs2]" : [rd] "=r"(rd) : [rs1] "r"(rs1), [rs2] "r"(rs2));
    return rd;
}

/* MCE_ROW_WR: mce unit, 1 cycle */
static inline void pqx_mce_row_wr(uint32_t rs1, uint32_t rs2)
{
    __asm__ volatile(".insn r 0x0b, 0, 0x12, zero, %[rs1], %[rs2]" : : [rs1] "r"(rs1), [rs2] "r"(rs2));
}

/* MCE_ROW_RD: mce unit, 1 cycle */
static inline uint32_t pqx_mce_row_rd(uint32_t rs1)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x0b, 0, 0x13, %[rd], %[rs1], zero" : [rd] "=r"(rd) : [rs1] "r"(rs1));
    return rd;
}

/* MCE_SYS: mce unit, 50 cycles */
static inline uint32_t pqx_mce_sys(void)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x0b, 0, 0x14, %[rd], zero, zero" : [rd] "=r"(rd));
    return rd;
}

/* TR_WR: mce unit, 1 cycle */
static inline void pqx_tr_wr(uint32_t rs1, uint32_t rs2)
{
    __asm__ volatile(".insn r 0x0b, 0, 0x10, zero, %[rs1], %[rs2]" : : [rs1] "r"(rs1), [rs2] "r"(rs2));
}

/* TR_RD: mce unit, 1 cycle */
static inline uint32_t pqx_tr_rd(uint32_t rs1)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x0b, 0, 0x11, %[rd], %[rs1], zero" : [rd] "=r"(rd) : [rs1] "r"(rs1));
    return rd;
}

/* CRV_BPTR: crv unit, 1 cycle */
static inline void pqx_crv_bptr(uint32_t rs1)
{
    __asm__ volatile(".insn r 0x2b, 0, 0x00, zero, %[rs1], zero" : : [rs1] "r"(rs1));
}

/* CRV_BWR: crv unit, 1 cycle */
static inline void pqx_crv_bwr(uint32_t rs1, uint32_t rs2)
{
    __asm__ volatile(".insn r 0x2b, 0, 0x01, zero, %[rs1], %[rs2]" : : [rs1] "r"(rs1), [rs2] "r"(rs2));
}

/* CRV_BRD: crv unit, 1 cycle */
static inline uint32_t pqx_crv_brd(uint32_t rs1)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x2b, 0, 0x02, %[rd], %[rs1], zero" : [rd] "=r"(rd) : [rs1] "r"(rs1));
    return rd;
}

/* SHA256_INIT: crv unit, 1 cycle */
static inline void pqx_sha256_init(void)
{
    __asm__ volatile(".insn r 0x2b, 0, 0x08, zero, zero, zero");
}

/* SHA512_INIT: crv unit, 1 cycle */
static inline void pqx_sha512_init(void)
{
    __asm__ volatile(".insn r 0x2b, 0, 0x09, zero, zero, zero");
}

/* SM3_INIT: crv unit, 1 cycle */
static inline void pqx_sm3_init(void)
{
    __asm__ volatile(".insn r 0x2b, 0, 0x0a, zero, zero, zero");
}

/* HASH_RD: crv unit, 1 cycle */
static inline uint32_t pqx_hash_rd(uint32_t rs1)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x2b, 0, 0x0b, %[rd], %[rs1], zero" : [rd] "=r"(rd) : [rs1] "r"(rs1));
    return rd;
}

/* SHA256_BLK: crv unit, 71 cycles */
static inline void pqx_sha256_blk(uint32_t rs1)
{
    __asm__ volatile(".insn r 0x2b, 0, 0x10, zero, %[rs1], zero" : : [rs1] "r"(rs1));
}

/* SHA512_BLK: crv unit, 87 cycles */
static inline void pqx_sha512_blk(uint32_t rs1)
{
    __asm__ volatile(".insn r 0x2b, 0, 0x11, zero, %[rs1], zero" : : [rs1] "r"(rs1));
}

/* SM3_BLK: crv unit, 71 cycles */
static inline void pqx_sm3_blk(uint32_t rs1)
{
    __asm__ volatile(".insn r 0x2b, 0, 0x12, zero, %[rs1], zero" : : [rs1] "r"(rs1));
}

/* AES128_ENC: crv unit, 16 cycles */
static inline void pqx_aes128_enc(uint32_t rs1)
{
    __asm__ volatile(".insn r 0x2b, 0, 0x18, zero, %[rs1], zero" : : [rs1] "r"(rs1));
}

/* HARAKA256: crv unit, 30 cycles */
static inline void pqx_haraka256(uint32_t rs1)
{
    __asm__ volatile(".insn r 0x2b, 0, 0x19, zero, %[rs1], zero" : : [rs1] "r"(rs1));
}

/* HARAKA512: crv unit, 54 cycles */
static inline void pqx_haraka512(uint32_t rs1)
{
    __asm__ volatile(".insn r 0x2b, 0, 0x1a, zero, %[rs1], zero" : : [rs1] "r"(rs1));
}

/* POLY_WR: poly unit, 1 cycle */
static inline void pqx_poly_wr(uint32_t rs1, uint32_t rs2)
{
    __asm__ volatile(".insn r 0x5b, 0, 0x00, zero, %[rs1], %[rs2]" : : [rs1] "r"(rs1), [rs2] "r"(rs2) : "memory");
}

/* POLY_RD: poly unit, 1 cycle */
static inline uint32_t pqx_poly_rd(uint32_t rs1)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x5b, 0, 0x01, %[rd], %[rs1], zero" : [rd] "=r"(rd) : [rs1] "r"(rs1) : "memory");
    return rd;
}

/* POLY_LD: poly unit, 1 cycle */
static inline void pqx_poly_ld(uint32_t rs1, uint32_t rs2)
{
    __asm__ volatile(".insn r 0x5b, 0, 0x04, zero, %[rs1], %[rs2]" : : [rs1] "r"(rs1), [rs2] "r"(rs2) : "memory");
}

/* POLY_ST: poly unit, 1 cycle */
static inline void pqx_poly_st(uint32_t rs1, uint32_t rs2)
{
    __asm__ volatile(".insn r 0x5b, 0, 0x05, zero, %[rs1], %[rs2]" : : [rs1] "r"(rs1), [rs2] "r"(rs2) : "memory");
}

/* POLY_NTT: poly unit, 1 cycle */
static inline void pqx_poly_ntt(uint32_t rs1)
{
    __asm__ volatile(".insn r 0x5b, 0, 0x08, zero, %[rs1], zero" : : [rs1] "r"(rs1) : "memory");
}

/* POLY_INTT: poly unit, 1 cycle */
static inline void pqx_poly_intt(uint32_t rs1)
{
    __asm__ volatile(".insn r 0x5b, 0, 0x09, zero, %[rs1], zero" : : [rs1] "r"(rs1) : "memory");
}

/* POLY_PWM: poly unit, 1 cycle */
static inline void pqx_poly_pwm(uint32_t rs1, uint32_t rs2)
{
    __asm__ volatile(".insn r 0x5b, 0, 0x0a, zero, %[rs1], %[rs2]" : : [rs1] "r"(rs1), [rs2] "r"(rs2) : "memory");
}

/* POLY_CBD: poly unit, 1 cycle */
static inline void pqx_poly_cbd(uint32_t rs1)
{
    __asm__ volatile(".insn r 0x5b, 0, 0x0c, zero, %[rs1], zero" : : [rs1] "r"(rs1) : "memory");
}

/* POLY_CNT: poly unit, 1 cycle */
static inline uint32_t pqx_poly_cnt(uint32_t rs1)
{
    uint32_t rd;
    __asm__ volatile(".insn r 0x5b, 0, 0x10, %[rd], %[rs1], zero" : [rd] "=r"(rd) : [rs1] "r"(rs1) : "memory");
    return rd;
}

#endif /* PQX_H */
