/* PQX firmware start-up for the CV32E40X host core (RV32IMC + Zicsr).
 *
 * Layout (firmware/link.ld): the trap handler sits at address 0 (128-byte aligned, as mtvec's
 * base must be: docs/soc.md), `_start` at 0x80 = the core's
 * boot_addr. Because mtvec resets to 0, a trap taken even before `_start` has set mtvec still
 * lands in the handler and is reported.
 *
 * Everything runs from RAM and .data is loaded in place by the image, so the only set-up is:
 * stack, gp, .bss zeroed, counters enabled, mtvec; then exit(main()).
 */

#define SYSREG_BASE     0x80000000
#define SYSREG_CAUSE    0x10
#define SYSREG_EPC      0x14
#define SYSREG_TVAL     0x18
#define SYSREG_TRAP     0x1C

/* ---------------------------------------------------------------------------- trap handler
 * Any exception or interrupt: write mcause, mepc, mtval to the TRAP_* registers, clear PQX's
 * registers (ZEROIZE: a trap may come in the middle of an operation on a secret), then write
 * TRAP (the bench stops on it) and spin. It never returns, so it may clobber t0/t1. The RAM is
 * left as it is (the report must come at once; docs/isa.md, "Zeroization"). */
    .section .text.trap, "ax", @progbits
    .p2align 7
    .globl  pqx_trap_handler
    .type   pqx_trap_handler, @function
pqx_trap_handler:
    li      t0, SYSREG_BASE
    csrr    t1, mcause
    sw      t1, SYSREG_CAUSE(t0)
    csrr    t1, mepc
    sw      t1, SYSREG_EPC(t0)
    csrr    t1, mtval
    sw      t1, SYSREG_TVAL(t0)
    .insn   r 0x3b, 7, 0x0c, zero, zero, zero     /* ZEROIZE (firmware/include/pqx.h) */
    li      t1, 1
    sw      t1, SYSREG_TRAP(t0)
1:  j       1b
    .size   pqx_trap_handler, . - pqx_trap_handler

/* ---------------------------------------------------------------------------- reset entry */
    .section .text.start, "ax", @progbits
    .globl  _start
    .type   _start, @function
_start:
    /* gp with relaxation off, or the assembler would make this gp-relative to itself. */
    .option push
    .option norelax
    la      gp, __global_pointer$
    .option pop
    la      sp, __stack_top

    /* Zero .bss (both ends are 4-byte aligned by link.ld). */
    la      t0, __bss_start
    la      t1, __bss_end
    bgeu    t0, t1, 2f
1:  sw      zero, 0(t0)
    addi    t0, t0, 4
    bltu    t0, t1, 1b
2:
    /* mcountinhibit resets to all-inhibited: let mcycle and minstret count. */
    csrw    mcountinhibit, zero

    /* Direct mode (mtvec[1:0] = 0): the handler is 128-byte aligned, so its address is usable
     * as is. */
    la      t0, pqx_trap_handler
    csrw    mtvec, t0

    call    main
    /* a0 = main's return value = the exit code. */
    call    pqx_exit
3:  j       3b                      /* pqx_exit does not return */
    .size   _start, . - _start
