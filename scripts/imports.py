"""The project's own import graph, read from the source text (nothing is imported): which
modules of scripts/ and verif/ each module imports, functions included. The layering test checks
its shape; the regression keys a cached job by the files its command imports."""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

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


def module_file(root: Path, module: str) -> Path:
    """The file of a module of the graph (a package is its __init__.py)."""
    base = root.joinpath(*module.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def closure(graph: dict[str, set[str]], module: str) -> set[str]:
    """The module and every project module it imports, at any depth (with the packages above
    each, whose __init__ runs first)."""
    seen: set[str] = set()
    todo = [module]
    while todo:
        mod = todo.pop()
        if mod not in seen and mod in graph:
            seen.add(mod)
            todo += graph[mod]
            todo += [mod.rsplit(".", k)[0] for k in range(1, mod.count(".") + 1)]
    return seen


@lru_cache(maxsize=None)
def imported_files(root: Path, module: str) -> tuple[Path, ...]:
    """The files a `python -m module` run reads as code: the module's import closure."""
    return tuple(sorted(module_file(root, m) for m in closure(imports(root), module)))
