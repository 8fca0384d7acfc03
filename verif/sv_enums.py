"""Reads enum values out of rtl/pqx_pkg.sv, so tests never hard-code the RTL's op codes."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterable

from verif.models import INSTRUCTIONS

PKG = Path(__file__).resolve().parents[1] / "rtl" / "pqx_pkg.sv"

def parse_enum(text: str, type_name: str) -> dict[str, int]:
    """Name -> value of `typedef enum ... { ... } type_name;` in SystemVerilog source `text`."""
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    m = re.search(r"typedef\s+enum\b[^{]*\{([^}]*)\}\s*" + re.escape(type_name) + r"\s*;", text)
    if m is None:
        raise RuntimeError(f"enum {type_name} not found in {PKG}")
    values: dict[str, int] = {}
    nxt = 0
    for item in (s.strip() for s in m.group(1).split(",")):
        if not item:
            continue
        if "=" in item:
            name, val = (s.strip() for s in item.split("=", 1))
            vm = re.fullmatch(r"(?:\d*'[sS]?([dDhHbB]))?\s*([0-9a-fA-F_]+)", val)
            if vm is None:
                raise RuntimeError(f"cannot parse enum value {val!r} of {name}")
            base = {"d": 10, "h": 16, "b": 2}[(vm.group(1) or "d").lower()]
            nxt = int(vm.group(2).replace("_", ""), base)
        else:
            name = item
        values[name] = nxt
        nxt += 1
    return values


def pkg_enum(type_name: str) -> dict[str, int]:
    """Name -> value of enum `type_name` of pqx_pkg."""
    return parse_enum(PKG.read_text(), type_name)


def isa_op_codes(required: Iterable[str] = ()) -> dict[str, int]:
    """ISA instruction name -> op_e code, for every ISA instruction with an op_e member (member
    Op<name> with underscores and case ignored: OpModpMontymul is MODP_MONTYMUL, OpThash1_128 is
    THASH1_128). RuntimeError if an instruction of `required` has no member."""
    norm = {n.replace("_", "").upper(): n for n in INSTRUCTIONS}
    codes: dict[str, int] = {}
    for member, code in pkg_enum("op_e").items():
        isa = norm.get(member.removeprefix("Op").replace("_", "").upper())
        if isa is not None:
            codes[isa] = code
    missing = [n for n in required if n not in codes]
    if missing:
        raise RuntimeError(f"op_e has no member for {missing}")
    return codes
