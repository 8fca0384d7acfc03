"""Build PQX firmware: a C file (or an existing ELF) to an ELF and a `$readmemh` RAM image
(`python -m scripts.fw` is its command line). The SoC's memory map lives here too.

`build(source, out_dir)` compiles `source` (freestanding C11, GNU dialect, `int main(void)`) together
with firmware/crt0.S and firmware/runtime/pqx_rt.c into `out_dir/<stem>.elf`, writes the image
`out_dir/<stem>.hex` next to it and returns the image's path. An `.elf` is only converted (its
image is written into `out_dir`). Every failure (missing source, compile or link error, an
image that does not fit the RAM) raises `FirmwareError`, whose first line says what went wrong;
the compiler's own message lines may follow. Compiler warnings of a successful build go to stderr.

Compiler: `sys.executable -m ziglang cc` (the `ziglang` wheel in .venv, clang inside), one
invocation for all three sources. The flags, and why each one:

    -target riscv32-freestanding-none   32-bit RISC-V, no OS, no libc
    -mcpu=generic_rv32+m+c+zicsr        the CV32E40X's RV32IMC + Zicsr (zig refuses -march=;
                                        docs/soc.md, "Firmware")
    -O2                                 optimised, as the cycle figures are meant to be
    -g0                                 no debug sections (smaller ELF; the image is unaffected)
    -fomit-frame-pointer                s0 stays a general register
    -ffreestanding                      no hosted library assumed; implies -fno-builtin, so the
                                        runtime's memcpy/memset loops are not turned into calls
                                        to themselves (the compiler may still call them for
                                        struct copies and large initialisers: pqx_rt.c has them)
    -std=gnu11 -Wall -Wextra            C11 with the GNU extensions (the `asm` keyword as well as
                                        `__asm__`), with the usual warnings
    -nostartfiles                       no crt files: crt0.S is ours. No libc exists for this
                                        target; zig links only its compiler runtime (64-bit
                                        division, soft float: __udivdi3, __addsf3, ...)
    -Wl,--gc-sections                   and only the parts of it the program uses
    -Wl,--entry=_start                  lld ignores the linker script's ENTRY() (docs/soc.md)
    -T firmware/link.ld                 RAM 512 KiB at 0, trap handler at 0, _start at 0x80
    -I firmware/include -I firmware/runtime   pqx.h (the instructions) and pqx_rt.h

Image: one 8-hex-digit 32-bit little-endian word per line; a `@<word address>` line (hex, word
address = byte address / 4) starts every run of words, so only the words the ELF loads are
listed. It is built from the ELF's PT_LOAD segments at their physical (load) address p_paddr:
p_filesz bytes from the file, then zeros up to p_memsz (.bss; crt0 zeroes it again).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from verif.soc import errata as errata_rules

ROOT = Path(__file__).resolve().parents[2]
FW_DIR = ROOT / "firmware"
CRT0 = FW_DIR / "crt0.S"
LINK_LD = FW_DIR / "link.ld"
RUNTIME = [FW_DIR / "runtime" / "pqx_rt.c"]
INCLUDE_DIRS = [FW_DIR / "include", FW_DIR / "runtime", FW_DIR / "lib"]

RAM_BASE = 0x0000_0000
RAM_BYTES = 512 * 1024
BOOT_ADDR = 0x80

CFLAGS = [
    "-target", "riscv32-freestanding-none",
    "-mcpu=generic_rv32+m+c+zicsr",
    "-O2", "-g0", "-fomit-frame-pointer",
    "-ffreestanding", "-std=gnu11", "-Wall", "-Wextra",
    "-Wno-unused-command-line-argument",  # zig cc passes -c along with -S
]
ASFLAGS = CFLAGS[:4] + ["-g0", "-Wno-unused-command-line-argument"]   # assembling and linking
LDFLAGS = ["-nostartfiles", "-Wl,--gc-sections", "-Wl,--entry=_start", "-T", str(LINK_LD)]


class FirmwareError(Exception):
    """A firmware build failed. The first line of str() says what failed; the compiler's
    messages, if any, follow on the next lines."""

    def __init__(self, headline: str, details: str = "") -> None:
        self.headline = headline
        self.details = details.rstrip()
        super().__init__(headline + (f"\n{self.details}" if self.details else ""))


def compile_command(source: Path, out: Path, extra: tuple[str, ...] = (),
                    assemble_only: bool = False) -> list[str]:
    """The `zig cc` command that compiles one C file to assembly (`assemble_only`), or links
    crt0 and the given sources (C or assembly) into an ELF."""
    zig = [sys.executable, "-m", "ziglang", "cc"]
    if assemble_only:
        return (zig + CFLAGS + list(extra) + [f"-I{d}" for d in INCLUDE_DIRS]
                + ["-S", "-o", str(out), str(source)])
    return zig + ASFLAGS + LDFLAGS + ["-o", str(out), str(CRT0), str(source)]


def _first_error(output: str) -> str:
    """The compiler's first `error:` line, for the headline."""
    for line in output.splitlines():
        if "error:" in line:
            return line.strip()
    lines = [ln.strip() for ln in output.splitlines() if ln.strip()]
    return lines[0] if lines else "no message"


def _zig(cmd: list[str], what: str) -> None:
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, errors="replace")
    if proc.returncode != 0:
        output = (proc.stderr + proc.stdout).strip()
        raise FirmwareError(f"cannot compile {what}: {_first_error(output)}", output)
    if proc.stderr.strip():                    # warnings: shown, not fatal
        print(proc.stderr.rstrip(), file=sys.stderr)


def compile_c(source: Path, elf: Path, cflags: tuple[str, ...] = (),
              errata: bool = True, extra: tuple[Path, ...] = ()) -> errata_rules.Report:
    """Build `elf` from `source`, the `extra` C files and the runtime: each C file to assembly, the host-core errata
    pass over it (verif/soc/errata.py; `errata=False` leaves the hazards in, for the tests that
    show the checks catch them), then assembled and linked with crt0. Returns what the pass did."""
    try:
        import ziglang  # noqa: F401
    except ImportError:
        raise FirmwareError("the ziglang package is not installed in this Python "
                            "(pip install ziglang; see requirements.txt)") from None
    elf.parent.mkdir(parents=True, exist_ok=True)
    elf.unlink(missing_ok=True)
    report = errata_rules.Report()
    fixed = []
    for src in [source] + list(extra) + RUNTIME:
        asm = elf.parent / f"{src.stem}.s"
        _zig(compile_command(src, asm, cflags, assemble_only=True), str(src))
        out = elf.parent / f"{src.stem}.errata.s"
        out.write_text(errata_rules.fix_asm(asm.read_text(), report, enabled=errata))
        fixed.append(out)
    cmd = compile_command(fixed[0], elf, cflags) + [str(f) for f in fixed[1:]]
    _zig(cmd, str(source))
    if not elf.exists():
        raise FirmwareError(f"cannot compile {source}: the linker wrote no ELF")
    left = errata_rules.scan_elf(elf)
    if left and errata:
        raise FirmwareError(f"{source}: the host-core errata pass missed a hazard: {left[0]}",
                            "\n".join(left))
    return report


def load_segments(elf: Path) -> list[tuple[int, bytes]]:
    """(load address, bytes) of every PT_LOAD segment with a non-zero size: p_filesz bytes of
    the file, padded with zeros to p_memsz."""
    from elftools.common.exceptions import ELFError
    from elftools.elf.elffile import ELFFile

    try:
        with elf.open("rb") as fh:
            ef = ELFFile(fh)
            if ef.get_machine_arch() != "RISC-V" or ef.elfclass != 32:
                raise FirmwareError(f"{elf} is not a 32-bit RISC-V ELF "
                                    f"({ef.elfclass}-bit {ef.get_machine_arch()})")
            segs = []
            for seg in ef.iter_segments():
                if seg["p_type"] != "PT_LOAD" or seg["p_memsz"] == 0:
                    continue
                addr, size = seg["p_paddr"], seg["p_memsz"]
                if addr < RAM_BASE or addr + size > RAM_BASE + RAM_BYTES or seg["p_filesz"] > size:
                    # before any allocation: a damaged header may claim gigabytes
                    raise FirmwareError(
                        f"{elf}: a segment of {size} bytes at 0x{addr:08x} (file size {seg['p_filesz']}) "
                        f"does not fit the RAM, 0x{RAM_BASE:08x}..0x{RAM_BASE + RAM_BYTES - 1:08x} (512 KiB)")
                data = seg.data()[: seg["p_filesz"]]
                segs.append((seg["p_paddr"], data + bytes(seg["p_memsz"] - len(data))))
            return segs
    except FirmwareError:
        raise
    except Exception as exc:     # noqa: BLE001 -- ELFError, and whatever else a damaged file makes pyelftools raise
        what = f"{exc}" if isinstance(exc, (ELFError, OSError)) else f"{type(exc).__name__}: {exc}"
        raise FirmwareError(f"cannot read {elf} as an ELF: {what}") from None


def symbol(elf: Path, name: str) -> tuple[int, int]:
    """(address, size) of a global object of the ELF; FirmwareError if it has none by that name."""
    from elftools.elf.elffile import ELFFile
    with open(elf, "rb") as fh:
        tab = ELFFile(fh).get_section_by_name(".symtab")
        syms = tab.get_symbol_by_name(name) if tab is not None else None
    if not syms:
        raise FirmwareError(f"{elf} has no symbol {name}")
    return syms[0]["st_value"], syms[0]["st_size"]


def ram_image(segments: list[tuple[int, bytes]]) -> dict[int, int]:
    """{word address: 32-bit value} of the RAM words the segments cover (a partly covered word
    gets zeros in its other bytes)."""
    words: dict[int, bytearray] = {}
    for addr, data in segments:
        end = addr + len(data)
        if addr < RAM_BASE or end > RAM_BASE + RAM_BYTES:
            raise FirmwareError(
                f"the image does not fit the RAM: a segment at 0x{addr:08x}..0x{end - 1:08x} "
                f"lies outside 0x{RAM_BASE:08x}..0x{RAM_BASE + RAM_BYTES - 1:08x} (512 KiB)")
        for i, byte in enumerate(data):
            a = addr - RAM_BASE + i
            words.setdefault(a // 4, bytearray(4))[a % 4] = byte
    return {w: int.from_bytes(b, "little") for w, b in words.items()}


def write_readmemh(words: dict[int, int], path: Path) -> None:
    lines, prev = [], None
    for w in sorted(words):
        if prev is None or w != prev + 1:
            lines.append(f"@{w:08x}")
        lines.append(f"{words[w]:08x}")
        prev = w
    path.write_text("\n".join(lines) + "\n")


def build(source: Path, out_dir: Path, cflags: tuple[str, ...] = (), errata: bool = True,
          quiet: bool = False) -> Path:
    """Compile `source` (.c) or take it as is (.elf); write `<stem>.elf` (for .c) and
    `<stem>.hex` in `out_dir`. Returns the image (.hex) path; the ELF is next to it for a .c.
    `cflags` are added to the compiler's (e.g. -D, -I); `errata=False` switches the host-core
    errata workaround off. A line on stderr says what the errata pass did (unless `quiet`)."""
    source, out_dir = Path(source), Path(out_dir)
    if not source.is_file():
        raise FirmwareError(f"no such firmware source: {source}")
    if source.suffix == ".elf":
        elf = source
        load_segments(elf)       # a readable 32-bit RISC-V ELF (FirmwareError otherwise) before the scan
        for hazard in errata_rules.scan_elf(elf):
            print(f"fw: warning: {elf}: host-core erratum hazard at {hazard}", file=sys.stderr)
    elif source.suffix == ".c":
        elf = out_dir / f"{source.stem}.elf"
        rep = compile_c(source.resolve(), elf.resolve(), tuple(cflags), errata)
        if not quiet and (rep.nops or not errata):
            print(f"fw: host-core errata: {rep.e1_nops} nop(s) for rs3 distance (E1), "
                  f"{rep.e2_nops} after EX-stalling instructions (E2)"
                  + ("" if errata else " NOT inserted (workaround off)"), file=sys.stderr)
    else:
        raise FirmwareError(f"firmware must be a .c or an .elf file, not {source}")
    words = ram_image(load_segments(elf))
    if not words:
        raise FirmwareError(f"{elf} has no loadable contents")
    out_dir.mkdir(parents=True, exist_ok=True)
    image = out_dir / f"{source.stem}.hex"
    write_readmemh(words, image)
    return image
