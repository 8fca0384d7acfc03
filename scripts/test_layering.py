"""The Python layering: `scripts/` holds the command-line tools, `verif/` the library they and the
benches use. Nothing under verif/ imports scripts/, and no two modules import each other, not
even through an import inside a function (which only hides a circle from Python)."""

from __future__ import annotations

from pathlib import Path

from scripts.imports import imports
from verif.units import ROOT

def upward(graph: dict[str, set[str]]) -> list[str]:
    """Imports of scripts/ from verif/."""
    return sorted(f"{m} imports {d}" for m, ds in graph.items() if m.startswith("verif")
                  for d in ds if d.startswith("scripts"))


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles (strongly connected components of more than one module; a package's
    __init__ importing its own modules, which import nothing back, is not one)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:                  # Tarjan (recursive: the import graph is shallow)
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_verif_never_imports_scripts():
    assert upward(imports(ROOT)) == []


def test_no_import_circle():
    assert circles(imports(ROOT)) == []


def test_the_checks_see_a_planted_circle_and_an_upward_import(tmp_path):
    """The same checks on a small tree: a circle held apart by an import inside a function, a
    relative import, and verif/ reaching into scripts/."""
    for rel, text in {
        "scripts/__init__.py": "",
        "scripts/a.py": "from scripts import b\n",
        "scripts/b.py": "def f():\n    from scripts.a import g\n",
        "scripts/c.py": "import verif.x\n",
        "verif/__init__.py": "",
        "verif/x.py": "from .y import z\n",
        "verif/y.py": "def z():\n    from scripts.c import main\n",
    }.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    graph = imports(tmp_path)
    assert graph["verif.x"] == {"verif.y"}
    assert upward(graph) == ["verif.y imports scripts.c"]
    assert circles(graph) == [["scripts.a", "scripts.b"], ["scripts.c", "verif.x", "verif.y"]]
