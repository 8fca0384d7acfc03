"""The Python layering: `scripts/` holds the command-line tools, `verif/` the library they and the
benches use. Nothing under verif/ imports scripts/, and no two modules import each other, not
even through an import inside a function (which only hides a circle from Python)."""

from __future__ import annotations

import ast
from pathlib import Path

from verif.units import ROOT

PACKAGES = ("scripts", "verif")


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(root: Path, packages: tuple[str, ...] = PACKAGES) -> dict[str, set[str]]:
    """module -> the project modules it imports anywhere in its text (functions included)."""
    files = {module_name(p, root): p for pkg in packages for p in (root / pkg).rglob("*.py")
             if "__pycache__" not in p.parts}

    def resolve(name: str) -> str | None:
        while name and name not in files:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for mod, path in files.items():
        package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([base] if base else []))
                # `from package import module` imports the module; `from module import name`, the module
                names = [f"{base}.{a.name}" if f"{base}.{a.name}" in files else base for a in node.names]
            else:
                continue
            found.update(m for m in map(resolve, names) if m and m != mod and m.split(".")[0] in packages)
        graph[mod] = found
    return graph


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
