"""The host core's two eXtension-interface errata, handled in firmware builds (docs/errata.md).

CV32E40X 0.6.0 (the pinned `pythondata-cpu-cv32e40x`), measured with directed tests:

  E1  rs3 is not forwarded: an offloaded R4 instruction whose rs3 was written by one of the two
      instructions before it (in execution order) reads the stale register.
  E2  an offloaded instruction whose issue handshake happens while EX is stalled loses its
      register write (and reads unfinished rs1/rs2): directly after a div/rem, a mulh*, or a CSR
      instruction. (EX stalls behind PQX's own multi-cycle instructions are the bridge's hold.)

Two pieces, one rule set:

`fix_asm(text)`: the workaround. Every C file of a firmware build is compiled to assembly
(`zig cc -S`); this pass inserts `nop`s where a hazard could arise and the assembler then
builds the object. It works on the compiler's output, inline `.insn` statements included, so
programs need no special wrappers. Rules, over the instructions in layout order:
  E1  before an R4 `.insn`, the two preceding instructions must not write its rs3. Looking back,
      a label ends the view: a jump into it is itself one instruction between, so at least one
      clean instruction must sit between the label and the R4 instruction. A call (or any jump
      and link) counts as writing every register (the callee's last instruction may be the
      producer).
  E2  an offloaded instruction (any `.insn`/`.word` of a non-standard opcode) must not directly
      follow an EX-stalling instruction (M-extension divide/remainder/high multiply, any CSR
      instruction; `mul` too, to be safe: one nop).
Padding is `nop` (2 bytes once compressed); each costs one cycle when executed.

`scan_words(...)`: the check. The linked ELF's text is decoded (RV32IMC, Zicsr, PQX) and the
same rules are applied in address order (labels are not visible there: straight-line hazards
only). A C build whose scan still finds a hazard is an error (the pass missed one); for an
ELF given as is, the hazards are printed as warnings, and the dynamic checks of `make run
CHECK=1` (lockstep against an ISS) catch what a program actually trips.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from verif.models.isa import OPCODE_R4, decode

ABI = ["zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3",
       "a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11",
       "t3", "t4", "t5", "t6"]
REG = {name: i for i, name in enumerate(ABI)} | {f"x{i}": i for i in range(32)} | {"fp": 8}
ALL_REGS = frozenset(range(1, 32))

# Mnemonics whose first operand is not a destination.
NO_RD = {
    "sb", "sh", "sw", "beq", "bne", "blt", "bge", "bltu", "bgeu", "beqz", "bnez", "blez", "bgez",
    "bltz", "bgtz", "bgt", "ble", "bgtu", "bleu", "j", "jr", "ret", "tail", "fence", "fence.i",
    "fence.tso", "ecall", "ebreak", "mret", "wfi", "nop", "unimp", "csrw", "csrs", "csrc",
    "csrwi", "csrsi", "csrci", "c.nop", "c.j", "c.jr", "c.sw", "c.swsp", "c.beqz", "c.bnez",
    "c.ebreak", "pause",
}
STALLERS = {"div", "divu", "rem", "remu", "mulh", "mulhsu", "mulhu", "mul"}
CSR_PREFIX = ("csr", "rdcycle", "rdtime", "rdinstret", "frcsr", "fscsr")
CALLS = {"call", "jal", "jalr", "c.jal", "c.jalr"}

E1_DISTANCE = 2   # instructions needed between an rs3 producer and the R4 instruction
STANDARD_OPCODES = {0x03, 0x0F, 0x13, 0x17, 0x23, 0x33, 0x37, 0x63, 0x67, 0x6F, 0x73}


@dataclass
class Instr:
    """What the rules need of one instruction."""
    text: str
    writes: frozenset[int] = frozenset()
    r4_rs3: int | None = None     # rs3 of an offloaded R4 instruction
    offloaded: bool = False
    stalls_ex: bool = False


@dataclass
class Report:
    e1_nops: int = 0
    e2_nops: int = 0
    hazards: list[str] = field(default_factory=list)

    @property
    def nops(self) -> int:
        return self.e1_nops + self.e2_nops


# ----------------------------------------------------------------------------- assembly text

def _int(tok: str) -> int | None:
    try:
        return int(tok, 0)
    except ValueError:
        return None


def parse_asm(stmt: str) -> Instr | None:
    """The instruction of one assembly statement (a line without label and comment), or None
    for a directive other than `.insn`/`.word`."""
    stmt = stmt.strip()
    if not stmt:
        return None
    mnem, rest = (re.split(r"\s+", stmt, maxsplit=1) + [""])[:2]
    mnem = mnem.lower()
    ops = [o.strip() for o in rest.replace("\t", " ").split(",")] if rest.strip() else []
    if mnem == ".insn":
        return _parse_insn(stmt, ops)
    if mnem in (".word", ".4byte", ".long"):
        val = _int(ops[0]) if ops else None
        return from_word(val, stmt) if val is not None else Instr(stmt, writes=ALL_REGS,
                                                                 offloaded=True)
    if mnem.startswith("."):
        return None
    if mnem in CALLS and (mnem in ("call", "c.jal", "c.jalr") or len(ops) <= 1
                          or REG.get(ops[0]) != 0):
        return Instr(stmt, writes=ALL_REGS)
    stalls = mnem in STALLERS or mnem.startswith(CSR_PREFIX)
    if mnem in NO_RD or not ops:
        return Instr(stmt, stalls_ex=stalls)
    rd = REG.get(ops[0])
    return Instr(stmt, writes=frozenset({rd}) - {0} if rd is not None else frozenset(),
                 stalls_ex=stalls)


def _parse_insn(stmt: str, ops: list[str]) -> Instr:
    """`.insn r4 opcode, f3, f2, rd, rs1, rs2, rs3`, `.insn r opcode, f3, f7, rd, rs1, rs2`, or
    `.insn <32-bit value>`; anything else is taken as an offloaded writer of every register."""
    head = ops[0].split() if ops else []
    fmt = head[0].lower() if head else ""
    if len(head) == 1 and _int(fmt) is not None:
        return from_word(_int(fmt) or 0, stmt)
    regs = [REG.get(o) for o in ([" ".join(head[1:])] + ops[1:])[3:]] if len(head) > 1 else []
    if fmt in ("r4", "r") and len(regs) >= (4 if fmt == "r4" else 3) and None not in regs:
        rd = regs[0]
        return Instr(stmt, writes=frozenset({rd}) - {0}, offloaded=True,
                     r4_rs3=regs[3] if fmt == "r4" else None)
    return Instr(stmt, writes=ALL_REGS, offloaded=True, r4_rs3=None)


def fix_asm(text: str, report: Report | None = None, enabled: bool = True) -> str:
    """`text` (a compiler's assembly output) with the nops the rules need inserted. With
    `enabled=False` the text is returned unchanged and the hazards only counted in `report`."""
    report = report if report is not None else Report()
    out: list[str] = []
    window: list[Instr | None] = []   # recent instructions, newest last; None = a label
    in_text = True
    for line in text.splitlines():
        code = line.split("#", 1)[0]
        stripped = code.strip()
        low = stripped.lower()
        if low.startswith(".section") or low in (".text", ".data", ".bss", ".rodata"):
            in_text = low.startswith(".text") or ".text" in low
            window.clear()
        label_m = re.match(r"^\s*([A-Za-z_.$][\w.$]*|\d+):", code)
        if label_m:
            window.append(None)
            stripped = code[label_m.end():].strip()
        stmts = [s for s in stripped.split(";") if s.strip()] if in_text else []
        pad_lines: list[str] = []
        for stmt in stmts:
            ins = parse_asm(stmt)
            if ins is None:
                continue
            need = _needed_nops(window, ins, report, where=stmt.strip())
            for _ in range(need):
                window.append(Instr("nop"))
            pad_lines += ["\tnop"] * need
            window.append(ins)
            del window[:-4]
        if pad_lines and enabled:
            if label_m:       # keep the label before the nops
                out.append(code[:label_m.end()])
                line = "\t" + line[label_m.end():].lstrip()
            out += pad_lines
            out.append(line)
        else:
            out.append(line)
    if not enabled:
        return text
    return "\n".join(out) + ("\n" if text.endswith("\n") else "")


def _needed_nops(window: list[Instr | None], ins: Instr, report: Report, where: str) -> int:
    """Nops to put before `ins` given the instructions before it (newest last)."""
    need = 0
    if ins.offloaded and window and window[-1] is not None and window[-1].stalls_ex:
        need = 1
        report.e2_nops += 1
        report.hazards.append(f"E2: {where!r} directly after {window[-1].text!r}")
    if ins.r4_rs3 is not None and ins.r4_rs3 != 0:
        clean = need                       # nops already planned are clean instructions
        e1 = 0
        for prev in reversed(window):
            if clean >= E1_DISTANCE:
                break
            if prev is None:               # a label: a jump into it is one more instruction
                e1 = max(0, 1 - clean)
                break
            if ins.r4_rs3 in prev.writes:
                e1 = E1_DISTANCE - clean
                break
            clean += 1
        if e1:
            report.e1_nops += e1
            report.hazards.append(f"E1: {where!r} rs3 x{ins.r4_rs3} written too close")
        need += e1
    return need


# ----------------------------------------------------------------------------- machine code

def from_word(word: int, text: str = "") -> Instr:
    """A 32-bit instruction word."""
    text = text or f"0x{word:08x}"
    op = word & 0x7F
    rd = (word >> 7) & 0x1F
    f3 = (word >> 12) & 7
    if op not in STANDARD_OPCODES:
        info = decode(word)
        r4 = op == OPCODE_R4 and (info is None or info.register_read & 4)
        wb = info.writeback if info is not None else True
        return Instr(text, writes=frozenset({rd}) - {0} if wb else frozenset(), offloaded=True,
                     r4_rs3=(word >> 27) & 0x1F if r4 else None)
    if op in (0x23, 0x63, 0x0F):           # stores, branches, fences
        return Instr(text)
    if op == 0x73:                         # SYSTEM: CSR instructions stall EX
        is_csr = f3 != 0
        return Instr(text, writes=frozenset({rd}) - {0} if is_csr else frozenset(),
                     stalls_ex=is_csr)
    if op in (0x6F, 0x67) and rd != 0:     # jal/jalr with link: a call
        return Instr(text, writes=ALL_REGS)
    stalls = op == 0x33 and (word >> 25) == 1   # M extension
    return Instr(text, writes=frozenset({rd}) - {0}, stalls_ex=stalls)


def from_half(h: int) -> Instr:
    """A 16-bit (C extension, RV32) instruction."""
    text = f"0x{h:04x}"
    q, f3 = h & 3, (h >> 13) & 7
    rd_full, rdp = (h >> 7) & 0x1F, 8 + ((h >> 2) & 7)
    rdp_hi = 8 + ((h >> 7) & 7)
    if q == 0:
        return Instr(text, writes=frozenset({rdp}) if f3 in (0, 2) else frozenset())
    if q == 1:
        if f3 == 1:                         # c.jal
            return Instr(text, writes=ALL_REGS)
        if f3 in (0, 2, 3):                 # c.addi/c.nop, c.li, c.lui/c.addi16sp
            return Instr(text, writes=frozenset({rd_full}) - {0})
        if f3 == 4:                         # c.srli/srai/andi/sub/xor/or/and
            return Instr(text, writes=frozenset({rdp_hi}))
        return Instr(text)                  # c.j, c.beqz, c.bnez
    if q == 2:
        if f3 in (0, 2):                    # c.slli, c.lwsp
            return Instr(text, writes=frozenset({rd_full}) - {0})
        if f3 == 4:
            bit12, rs2 = (h >> 12) & 1, (h >> 2) & 0x1F
            if rs2 != 0:                    # c.mv, c.add
                return Instr(text, writes=frozenset({rd_full}) - {0})
            if bit12 and rd_full != 0:      # c.jalr
                return Instr(text, writes=ALL_REGS)
        return Instr(text)                  # c.jr, c.ebreak, c.swsp
    raise ValueError("not a 16-bit instruction")


def decode_text(code: bytes, base: int) -> list[tuple[int, Instr]]:
    """(address, instruction) for every instruction of a code section, in address order."""
    out, i = [], 0
    while i + 2 <= len(code):
        half = int.from_bytes(code[i:i + 2], "little")
        if half & 3 == 3:
            if i + 4 > len(code):
                break
            out.append((base + i, from_word(int.from_bytes(code[i:i + 4], "little"))))
            i += 4
        else:
            out.append((base + i, from_half(half)))
            i += 2
    return out


def scan_words(code: bytes, base: int) -> list[str]:
    """Straight-line hazards of a code section (one line each: address, erratum, why)."""
    found = []
    window: list[Instr | None] = []
    for addr, ins in decode_text(code, base):
        rep = Report()
        if _needed_nops(window, ins, rep, where=ins.text):
            found += [f"0x{addr:08x}: {h}" for h in rep.hazards]
        window.append(ins)
        del window[:-4]
    return found


def scan_elf(elf) -> list[str]:
    """Hazards in the executable sections of an ELF file (path)."""
    from elftools.elf.elffile import ELFFile
    from elftools.elf.constants import SH_FLAGS

    found = []
    with open(elf, "rb") as fh:
        ef = ELFFile(fh)
        for sec in ef.iter_sections():
            if sec["sh_flags"] & SH_FLAGS.SHF_EXECINSTR and sec["sh_size"]:
                found += scan_words(sec.data(), sec["sh_addr"])
    return found
