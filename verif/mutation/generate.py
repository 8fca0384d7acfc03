"""Mutants generated from the RTL's syntax tree (pyslang), not chosen by hand.

Four kinds, on every line of a file:
* `op`: a binary operator swapped (+ -, & |, ^ |, && ||, == !=, < <=, > >=, << >>, * +, ...),
  except in widths and declarations (as for constants);
* `const`: an integer literal in an expression changed (decimal n -> n+1, a sized or based
  literal with its lowest bit flipped); widths of declarations are left alone (a port of another
  width is a build error, not a bug);
* `cond`: the condition of an `if` or a `?:` inverted;
* `drop`: an assignment statement removed (a procedural one becomes `;`, a continuous assign goes).
Nothing inside an assertion is mutated. A mutant is a byte range of the file and its replacement;
its id names the file, line, column and kind, so it is stable while the file does not change.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SWAPS = {"+": "-", "-": "+", "*": "+", "&": "|", "|": "&", "^": "|", "&&": "||", "||": "&&",
         "==": "!=", "!=": "==", "===": "!==", "!==": "===", "<": "<=", "<=": "<", ">": ">=",
         ">=": ">", "<<": ">>", ">>": "<<", "<<<": ">>>", ">>>": "<<<", "~^": "^", "^~": "^"}
"""Operator swaps. Relational `<=` is a binary expression in the syntax tree; the non-blocking
assignment `<=` is not, so it is never swapped."""

_NO_CONST = ("Dimension", "DataType", "LogicType", "BitType", "IntegerType", "ImplicitType",
             "PortHeader", "Port", "RangeSelect", "Declarator", "ParameterDeclaration",
             "TypeParameter")
"""A literal under one of these syntax kinds is a width, an index range or a declaration; nor are
case labels, cast sizes and repetition counts mutated (`_label_like`): changing one makes a
different interface or an ill-formed design (duplicate labels), not a plausible slip in logic."""
_LINT_SINK = re.compile(r"\bunused\w*\s*=")
_NO_MUTATION = ("Assert", "Assume", "Cover", "Property", "Sequence")


@dataclass(frozen=True)
class Mutant:
    file: str          # repository-relative
    line: int
    column: int
    kind: str          # op | const | cond | drop
    start: int         # byte offsets of the replaced text
    end: int
    original: str
    replacement: str

    @property
    def id(self) -> str:
        return f"{self.file}:{self.line}:{self.column}:{self.kind}"

    def apply(self, data: bytes) -> bytes:
        if data[self.start:self.end].decode() != self.original:
            raise ValueError(f"{self.id}: the file changed since the mutant was generated")
        return data[:self.start] + self.replacement.encode() + data[self.end:]

    def describe(self) -> str:
        orig = " ".join(self.original.split())
        repl = " ".join(self.replacement.split()) or "(removed)"
        return f"{self.file}:{self.line}: {orig} -> {repl}"


def _ancestor_kinds(node) -> list[str]:
    kinds = []
    p = node.parent
    while p is not None:
        kinds.append(p.kind.name)
        p = p.parent
    return kinds


def _same(a, b) -> bool:
    return (a.sourceRange.start.offset, a.sourceRange.end.offset) == \
        (b.sourceRange.start.offset, b.sourceRange.end.offset)


def _label_like(node) -> bool:
    """The literal is a case label, the size of a cast `N'(x)` or a repetition count `{N{x}}`."""
    child, p = node, node.parent
    while p is not None:
        k = p.kind.name
        if k == "StandardCaseItem":
            return node.getFirstToken().location.offset < p.colon.location.offset
        if k == "CastExpression" and _same(p.left, child):
            return True
        if k == "MultipleConcatenationExpression" and _same(p.expression, child):
            return True
        child, p = p, p.parent
    return False


def _const_replacement(text: str) -> str | None:
    t = text.replace("_", "")
    if t.isdigit():
        return str(int(t) + 1)
    if "'" not in t:
        return None
    size, _, rest = t.partition("'")
    signed = rest[:1] in "sS"
    base, digits = (rest[1:2], rest[2:]) if signed else (rest[:1], rest[1:])
    radix = {"d": 10, "D": 10, "h": 16, "H": 16, "b": 2, "B": 2, "o": 8, "O": 8}.get(base)
    if radix is None or not digits or any(c in "xXzZ?" for c in digits):
        return None          # '0, '1, x/z literals
    value = int(digits, radix) ^ 1
    body = {10: str(value), 16: f"{value:x}", 2: f"{value:b}", 8: f"{value:o}"}[radix]
    return f"{size}'{'s' if signed else ''}{base}{body}"


def generate(rel: str, root: Path = ROOT) -> list[Mutant]:
    """Every mutant of one RTL file (path relative to `root`), in file order."""
    from pyslang import syntax

    path = root / rel
    data = path.read_bytes()
    tree = syntax.SyntaxTree.fromFile(str(path))
    line_starts = [0] + [i + 1 for i, b in enumerate(data) if b == 0x0A]
    out: list[Mutant] = []

    def where(offset: int) -> tuple[int, int]:
        import bisect
        ln = bisect.bisect_right(line_starts, offset)
        return ln, offset - line_starts[ln - 1] + 1

    def add(kind: str, start: int, end: int, replacement: str) -> None:
        ln, col = where(start)
        out.append(Mutant(rel, ln, col, kind, start, end, data[start:end].decode(), replacement))

    def span(node) -> tuple[int, int]:
        first, last = node.getFirstToken(), node.getLastToken()
        return first.location.offset, last.location.offset + len(last.rawText)

    def visit(node) -> None:
        kind = node.kind.name
        if not hasattr(node, "parent"):
            return
        if hasattr(node, "operatorToken") and hasattr(node, "left") and hasattr(node, "right"):
            tok = node.operatorToken
            if kind.endswith("Expression") and "Assignment" not in kind and tok.rawText in SWAPS:
                if not any(k in a for a in _ancestor_kinds(node) for k in _NO_CONST + _NO_MUTATION):
                    add("op", tok.location.offset, tok.location.offset + len(tok.rawText),
                        SWAPS[tok.rawText])
        elif kind in ("IntegerLiteralExpression", "IntegerVectorExpression"):
            if not any(k in a for a in _ancestor_kinds(node) for k in _NO_CONST + _NO_MUTATION) \
                    and not _label_like(node):
                start, end = span(node)
                repl = _const_replacement(data[start:end].decode())
                if repl is not None:
                    add("const", start, end, repl)
        elif kind in ("ConditionalStatement", "ConditionalExpression"):
            start, end = span(node.predicate)
            if not any(a.startswith(_NO_MUTATION) for a in _ancestor_kinds(node)):
                add("cond", start, end, f"!({data[start:end].decode()})")
        elif kind == "ExpressionStatement" and "Assignment" in node.expr.kind.name:
            start, end = span(node)
            add("drop", start, end, ";")
        elif kind == "ContinuousAssign":
            start, end = span(node)
            add("drop", start, end, "")

    tree.root.visit(_Visitor(visit))
    lines = data.decode().splitlines()
    # a lint sink (`assign unused_x = ^{...}`) has no reader: mutating it cannot change behaviour
    return sorted((m for m in out if not _LINT_SINK.search(lines[m.line - 1])),
                  key=lambda m: (m.start, m.kind))


class _Visitor:
    """pyslang calls the visitor with each node (and token); tokens are skipped."""

    def __init__(self, fn) -> None:
        self.fn = fn

    def __call__(self, node):
        if hasattr(node, "kind") and hasattr(node, "parent"):
            self.fn(node)


def generate_files(files: list[str]) -> list[Mutant]:
    return [m for f in files for m in generate(f)]
