"""Build PQX firmware from the command line (verif/soc/firmware.py does the work).

    python -m scripts.fw <file.c|file.elf> [-o DIR]      prints the ELF and image paths
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from verif.soc.firmware import ROOT, FirmwareError, build


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m scripts.fw",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("source", type=Path, help="a .c file (int main(void)) or an .elf")
    ap.add_argument("-o", "--out-dir", type=Path, default=None,
                    help="output directory (default: build/fw/<stem>)")
    args = ap.parse_args(argv)
    out = args.out_dir or ROOT / "build" / "fw" / args.source.stem
    try:
        image = build(args.source, out)
    except FirmwareError as exc:
        print(f"fw: error: {exc.headline}", file=sys.stderr)
        if exc.details:
            print(exc.details, file=sys.stderr)
        return 1
    elf = args.source if args.source.suffix == ".elf" else image.with_suffix(".elf")
    print(f"elf:   {elf}")
    print(f"image: {image}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
