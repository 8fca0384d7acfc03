"""Lockstep reference for the SoC: the firmware run again, instruction by instruction, in the
`unicorn` instruction-set simulator (riscv32, QEMU's RV32IMC), with PQX instructions executed by
PQX's reference model (verif/models/pqx_model.py).

`Lockstep.retire(...)` is called once for every instruction the core retires (verif/soc/
check_soc.py reads them from the core's writeback stage). It steps the ISS by one instruction and
compares: the pc the core retired with the pc the ISS is at, and the core's register write with
the ISS's (a register the ISS changed must be written by the core with the same value; a value
the core writes must be what the ISS holds after the step). The first difference raises
`Divergence`, whose message gives pc, instruction, expected and actual values.

What is not compared, and why:
  * CSR instructions: their values (mcycle, minstret, ...) are the core's own; the ISS takes the
    core's read value into rd (the ISS does not model this core's CSRs).
  * Memory: every store the ISS makes must match, byte for byte, the core's next data-bus
    writes (`core_store`, reported by the bench as the core issues them, before the store
    retires); loads are compared through the register they write.
  * Trap entry and return: the ISS does not model this core's trap machinery. An instruction that
    raises an exception (an illegal instruction, ecall, ...) is not compared, and neither is
    `mret`; after either, the ISS continues at the pc of the core's next retired instruction (the
    handler, or the return address). Registers stay compared throughout.
PQX instructions that PQX answers with an exception (out-of-range operands, `result.exc`, data 0)
write rd = 0 on this SoC (it hands the core exc = 0; docs/errata.md, erratum 3) and are counted in
the SoC's PQX_EXC register: the ISS does the same (PQX_EXC is an ordinary memory word for it).
"""

from __future__ import annotations


from collections import deque

from unicorn import UC_HOOK_MEM_WRITE, Uc, UcError
from unicorn.riscv_const import (UC_RISCV_REG_PC, UC_RISCV_REG_X0)
from unicorn.unicorn_const import UC_ARCH_RISCV, UC_MODE_RISCV32

from verif.soc.errata import STANDARD_OPCODES
from verif.soc.firmware import BOOT_ADDR, RAM_BYTES
from verif.models import PqxModel, decode
from verif.models.isa import accepts

SYSREG_BASE = 0x8000_0000
PQX_EXC = SYSREG_BASE + 0x20      # rtl/soc/pqx_soc_sysregs.sv
MRET = 0x3020_0073
REGS = [UC_RISCV_REG_X0 + i for i in range(32)]


class Divergence(AssertionError):
    pass


class IssMemory:
    """The ISS's RAM as PQX's DMA sees it (PqxModel.host): the model's POLY_LD reads it and its
    POLY_ST writes it when the instruction retires, so the core's later loads see the store only
    if firmware waited for the transfer's end; otherwise the core diverges from the ISS."""

    def __init__(self, uc: Uc) -> None:
        self.uc = uc

    def read(self, addr: int) -> int:
        return int.from_bytes(self.uc.mem_read(addr % RAM_BYTES & ~3, 4), "little")

    def write(self, addr: int, value: int) -> None:
        self.uc.mem_write(addr % RAM_BYTES & ~3, (value & 0xFFFF_FFFF).to_bytes(4, "little"))


class Lockstep:
    def __init__(self, segments: list[tuple[int, bytes]], model: PqxModel | None = None) -> None:
        self.uc = Uc(UC_ARCH_RISCV, UC_MODE_RISCV32)
        self.uc.mem_map(0, RAM_BYTES)
        self.uc.mem_map(SYSREG_BASE, 0x1000)
        for addr, data in segments:
            self.uc.mem_write(addr, data)
        self.uc.reg_write(UC_RISCV_REG_PC, BOOT_ADDR)
        self.model = model or PqxModel()
        self.model.host = IssMemory(self.uc)     # POLY_LD / POLY_ST see the ISS's memory
        self.retired = 0
        self.pqx = 0
        self.traps = 0
        self.core_bytes: deque[dict[int, int]] = deque()   # the core's bus writes, oldest first
        self.iss_writes: list[tuple[int, int, int]] = []     # (addr, size, value) of this step
        self.uc.hook_add(UC_HOOK_MEM_WRITE,
                         lambda uc, access, addr, size, value, user:
                         self.iss_writes.append((addr, size, value & ((1 << 8 * size) - 1))))
        self.resync = False               # next retired pc comes from the core (trap entry/return)

    # ------------------------------------------------------------------ helpers
    def regs(self) -> list[int]:
        return [0] + [self.uc.reg_read(r) for r in REGS[1:]]

    def fetch(self, pc: int) -> tuple[int, int]:
        lo = int.from_bytes(self.uc.mem_read(pc, 2), "little")
        if lo & 3 != 3:
            return lo, 2
        return int.from_bytes(self.uc.mem_read(pc, 4), "little"), 4

    @staticmethod
    def describe(word: int, size: int) -> str:
        if size == 2:
            return f"0x{word:04x} (compressed)"
        info = decode(word)
        return f"0x{word:08x}" + (f" ({info.name})" if info else "")

    def core_store(self, addr: int, be: int, wdata: int) -> None:
        """A write the core put on its data bus."""
        self.core_bytes.append({(addr & ~3) + i: (wdata >> 8 * i) & 0xFF
                                for i in range(4) if be >> i & 1})

    def _compare_stores(self, what: str) -> None:
        for addr, size, value in self.iss_writes:
            want = {addr + i: (value >> 8 * i) & 0xFF for i in range(size)}
            got: dict[int, int] = {}
            while not set(want) <= set(got) and self.core_bytes:
                got.update(self.core_bytes.popleft())
            if {a: got.get(a) for a in want} != want:
                shown = " ".join(f"{got[a]:02x}" if a in got else "--" for a in sorted(want))
                raise Divergence(
                    f"lockstep: {what}: expected a store of 0x{value:0{2 * size}x} to "
                    f"0x{addr:08x} ({size} bytes), the core wrote "
                    + (f"bytes {shown} there" if got else "nothing"))
        self.iss_writes.clear()

    # ------------------------------------------------------------------ one instruction
    def retire(self, pc: int, rf_we: int, rd: int, wdata: int, exception: int) -> None:
        if self.resync:
            self.uc.reg_write(UC_RISCV_REG_PC, pc)
            self.resync = False
        iss_pc = self.uc.reg_read(UC_RISCV_REG_PC)
        if pc != iss_pc:
            word, size = self.fetch(iss_pc)
            raise Divergence(f"lockstep: instruction {self.retired}: the core retired pc 0x{pc:08x}, "
                             f"the ISS is at pc 0x{iss_pc:08x} ({self.describe(word, size)})")
        word, size = self.fetch(pc)
        what = f"pc 0x{pc:08x} instruction {self.describe(word, size)}"
        if exception or word == MRET:
            self.traps += bool(exception)
            self.resync = True
            self.retired += 1
            return
        before = self.regs()
        opcode = word & 0x7F
        core_write = (rd, wdata) if rf_we and rd else None
        if size == 4 and opcode not in STANDARD_OPCODES:
            self._pqx(pc, word, before, what)
        elif size == 4 and opcode == 0x73 and (word >> 12) & 7:
            # CSR instruction: the value read is the core's (counters, ...)
            if core_write:
                self.uc.reg_write(REGS[core_write[0]], core_write[1])
            self.uc.reg_write(UC_RISCV_REG_PC, pc + 4)
        else:
            try:
                self.uc.emu_start(pc, 0xFFFF_FFFF, count=1)
            except UcError as exc:
                raise Divergence(f"lockstep: the ISS faulted at {what}: {exc} (the core retired "
                                 f"it without an exception)") from None
        self._compare_stores(what)
        after = self.regs()
        self.retired += 1
        changed = {r: after[r] for r in range(1, 32) if after[r] != before[r]}
        if core_write is not None and after[core_write[0]] != core_write[1]:
            raise Divergence(f"lockstep: {what}: expected x{core_write[0]} = "
                             f"0x{after[core_write[0]]:08x}, the core wrote 0x{core_write[1]:08x}")
        for r, v in changed.items():
            if core_write is None or core_write[0] != r:
                got = "nothing" if core_write is None else \
                    f"x{core_write[0]} = 0x{core_write[1]:08x}"
                raise Divergence(f"lockstep: {what}: expected x{r} = 0x{v:08x} "
                                 f"(was 0x{before[r]:08x}), the core wrote {got}")

    def _pqx(self, pc: int, word: int, regs: list[int], what: str) -> None:
        info = decode(word)
        if info is None or not accepts(word):
            raise Divergence(f"lockstep: {what}: not a PQX instruction, but the core retired it "
                             f"without an exception")
        rs1, rs2, rs3 = regs[(word >> 15) & 31], regs[(word >> 20) & 31], regs[(word >> 27) & 31]
        res = self.model.execute(word, rs1, rs2, rs3 if info.format == "r4" else 0)
        rd = (word >> 7) & 31
        if info.writeback and rd:      # an exception: data 0 (the SoC hands the core exc = 0)
            self.uc.reg_write(REGS[rd], res.data)
        if res.exc:     # the SoC counts it in PQX_EXC (a memory word for the ISS)
            count = int.from_bytes(self.uc.mem_read(PQX_EXC, 4), "little")
            self.uc.mem_write(PQX_EXC, ((count + 1) & 0xFFFF_FFFF).to_bytes(4, "little"))
        self.uc.reg_write(UC_RISCV_REG_PC, pc + 4)
        self.pqx += 1
