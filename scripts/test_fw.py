"""verif/soc/firmware.py and its command line scripts/fw.py: a tiny program to an ELF and a
$readmemh image, checked without a simulator."""

from __future__ import annotations

from pathlib import Path

import pytest
from elftools.elf.elffile import ELFFile
from elftools.elf.sections import SymbolTableSection

from scripts import fw as fw_cli
from verif.soc import firmware as fw
from verif.models.isa import decode

TINY = r"""
#include "pqx.h"
#include "pqx_rt.h"

static const char msg[] = "tiny\n";

int main(void)
{
    pqx_puts(msg);
    return (int)pqx_compare_u32(0x1234u, 0x1234u) - 1;
}
"""


def read_image(path: Path) -> dict[int, int]:
    """{word address: value} of a $readmemh image, parsed independently of fw.py."""
    words, cur = {}, 0
    for tok in path.read_text().split():
        if tok.startswith("@"):
            cur = int(tok[1:], 16)
            continue
        assert len(tok) == 8, f"not an 8-digit word: {tok!r}"
        words[cur] = int(tok, 16)
        cur += 1
    return words


def symbols(ef: ELFFile) -> dict[str, int]:
    tab = ef.get_section_by_name(".symtab")
    assert isinstance(tab, SymbolTableSection)
    return {s.name: s["st_value"] for s in tab.iter_symbols() if s.name}


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    d = tmp_path_factory.mktemp("tiny")
    src = d / "tiny.c"
    src.write_text(TINY)
    image = fw.build(src, d / "out")
    elf = image.with_suffix(".elf")
    assert image.name == "tiny.hex" and elf.is_file()
    return elf, image


def test_entry_and_start_at_boot_addr(tiny):
    elf, _ = tiny
    with elf.open("rb") as fh:
        ef = ELFFile(fh)
        assert ef["e_entry"] == 0x80
        sym = symbols(ef)
    assert sym["_start"] == 0x80
    assert sym["__stack_top"] == fw.RAM_BYTES
    assert sym["__bss_start"] % 4 == 0 and sym["__bss_end"] % 4 == 0


def test_trap_handler_aligned(tiny):
    elf, _ = tiny
    with elf.open("rb") as fh:
        handler = symbols(ELFFile(fh))["pqx_trap_handler"]
    assert handler % 128 == 0, f"mtvec base {handler:#x} is not 128-byte aligned"
    assert handler == 0, "link.ld puts the handler at 0 (mtvec's reset value)"


def test_start_enables_counters_and_sets_mtvec(tiny):
    """_start has `csrw mcountinhibit, zero` and a `csrw mtvec, <reg>` (4-byte CSR words)."""
    elf, _ = tiny
    with elf.open("rb") as fh:
        ef = ELFFile(fh)
        start = symbols(ef)["_start"]
        tab = ef.get_section_by_name(".symtab")
        size = next(s["st_size"] for s in tab.iter_symbols() if s.name == "_start")
        text = ef.get_section_by_name(".text")
        code = text.data()[start - text["sh_addr"]: start - text["sh_addr"] + size]
    halves = [int.from_bytes(code[i:i + 4], "little") for i in range(0, len(code) - 2, 2)]
    assert 0x32001073 in halves                                    # csrrw x0, 0x320, x0
    assert any(w & 0xFFF07FFF == 0x30501073 for w in halves)       # csrrw x0, 0x305, rs1


def test_image_holds_the_text(tiny):
    elf, image = tiny
    words = read_image(image)
    assert all(0 <= w < fw.RAM_BYTES // 4 for w in words)
    with elf.open("rb") as fh:
        ef = ELFFile(fh)
        for name in (".vectors", ".text", ".rodata"):
            sec = ef.get_section_by_name(name)
            base, data = sec["sh_addr"], sec.data()
            assert base % 4 == 0 and len(data) >= 8, name
            offsets = sorted({0, 4, (len(data) // 8) * 4, (len(data) // 4 - 1) * 4})
            for off in offsets:
                want = int.from_bytes(data[off:off + 4], "little")
                assert words.get((base + off) // 4) == want, f"{name}+{off:#x}"
        text = ef.get_section_by_name(".text")
        base, data = text["sh_addr"], text.data()
    # The first word at 0x80 is _start's first instruction; the message string is in .rodata.
    assert words[0x80 // 4] == int.from_bytes(data[:4], "little")
    image_bytes = b"".join(words.get(w, 0).to_bytes(4, "little") for w in range(max(words) + 1))
    assert b"tiny\n\0" in image_bytes


def test_pqx_instruction_in_text(tiny):
    """The inline function from pqx.h became a COMPARE_U32 word (walk .text, RVC-aware)."""
    elf, _ = tiny
    with elf.open("rb") as fh:
        data = ELFFile(fh).get_section_by_name(".text").data()
    names, i = [], 0
    while i + 2 <= len(data):
        half = int.from_bytes(data[i:i + 2], "little")
        if half & 3 != 3:
            i += 2
            continue
        info = decode(int.from_bytes(data[i:i + 4], "little"))
        if info is not None:
            names.append(info.name)
        i += 4
    assert names == ["COMPARE_U32"]


def test_elf_is_only_converted(tiny, tmp_path):
    elf, image = tiny
    again = fw.build(elf, tmp_path)
    assert again == tmp_path / "tiny.hex"
    assert again.read_text() == image.read_text()
    assert not (tmp_path / "tiny.elf").exists()


def test_compile_error_is_one_clear_line(tmp_path):
    src = tmp_path / "broken.c"
    src.write_text("int main(void)\n{\n    return undefined_name;\n}\n")
    with pytest.raises(fw.FirmwareError) as exc:
        fw.build(src, tmp_path / "out")
    first = str(exc.value).splitlines()[0]
    assert first.startswith("cannot compile ") and "broken.c:3:" in first
    assert "undefined_name" in first and "error:" in first
    assert exc.value.headline == first


def test_missing_source(tmp_path):
    with pytest.raises(fw.FirmwareError, match="^no such firmware source: .*nothere.c$"):
        fw.build(tmp_path / "nothere.c", tmp_path)


def test_too_large_for_ram(tmp_path):
    src = tmp_path / "huge.c"
    src.write_text("#include <stdint.h>\nstatic volatile uint8_t big[600 * 1024];\n"
                   "int main(void) { big[0] = 1; return big[1]; }\n")
    with pytest.raises(fw.FirmwareError) as exc:
        fw.build(src, tmp_path / "out")
    assert str(exc.value).splitlines()[0].startswith("cannot compile ")


def test_image_outside_ram_rejected():
    with pytest.raises(fw.FirmwareError, match="does not fit the RAM"):
        fw.ram_image([(fw.RAM_BYTES - 4, bytes(8))])


def test_cli(tmp_path, capsys):
    src = tmp_path / "ok.c"
    src.write_text(TINY)
    assert fw_cli.main([str(src), "-o", str(tmp_path / "o")]) == 0
    out = capsys.readouterr().out
    assert "ok.elf" in out and "ok.hex" in out
    assert fw_cli.main([str(tmp_path / "missing.c")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"fw: error: no such firmware source: {tmp_path / 'missing.c'}"]


def test_compiler_runtime_is_linked(tmp_path):
    """64-bit division and float arithmetic need the compiler's runtime (__udivdi3, __mulsf3):
    a freestanding program may use them."""
    src = tmp_path / "rt.c"
    src.write_text("volatile unsigned long long a = 123456789012345ull, b = 1000003;\n"
                   "volatile float f = 1.5f;\n"
                   "int main(void) { return (int)(a / b % 7) + (f * 2.0f > 2.9f); }\n")
    image = fw.build(src, tmp_path / "out")
    assert image.exists() and read_image(image)


def test_plain_asm_keyword_compiles(tmp_path):
    """Programs may write `asm volatile(...)` (GNU C) as well as `__asm__`: the dialect is gnu11."""
    src = tmp_path / "kw.c"
    src.write_text('int main(void) {\n  unsigned r, a = 5;\n'
                   '  asm volatile(".insn r 0x3b, 7, 0x79, %0, %1, %1" : "=r"(r) : "r"(a));\n'
                   '  return r != 1;\n}\n')
    assert fw.build(src, tmp_path / "out").exists()
