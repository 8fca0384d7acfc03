"""Consistency of the mutation table with the RTL and with the builds its checkers use.

* `stale`: each mutant's original text occurs exactly once in its file.
* `outside_build`: the mutated file is part of the build its checker runs (rtl/pqx_top.f for the
  system test, the [files] of the .sby for a proof task).
* `unknown_program`: a `killed_by` names a program of its checker's self-test.
* `no_op_in_build`: a mutant that reads a module parameter must run on a build that sets it.
  The full build gives every module its default parameters, so a test of a parameter can be dead
  there (`UnitsBuilt[unit]` once every unit is built: the mutant `accept_ignores_units` survived
  for that reason). That is the one way a mutant of this table can be a no-op in its build that a
  text check can see; any other no-op shows up as a survivor in `make mutants`. (A SAT miter of
  original and mutant per module was tried: minutes per mutant, and out of memory for the state
  unit and pqx_top.)
"""

from __future__ import annotations

import importlib
import re
import tomllib
from pathlib import Path

from verif.mutation.table import Mutation

ROOT = Path(__file__).resolve().parents[2]
TOP_LIST = ROOT / "rtl" / "pqx_top.f"


def top_files() -> list[str]:
    return [ln.strip() for ln in TOP_LIST.read_text().splitlines()
            if ln.strip() and not ln.startswith("#")]


def stale(mutations: list[Mutation]) -> list[str]:
    problems = []
    for m in mutations:
        path = ROOT / m.file
        if not path.exists():
            problems.append(f"{m.name}: {m.file} does not exist")
            continue
        n = path.read_text().count(m.original)
        if n != 1:
            problems.append(f"{m.name}: original text occurs {n} times in {m.file} (must be once): "
                            f"{m.original!r}")
    return problems


def checker_files(m: Mutation) -> list[str] | None:
    """Repository-relative files of the build the mutant's checker runs, None for a bad checker
    (or a `param` that is no parameter set, or on a checker other than "firmware")."""
    if m.param:
        from verif.soc.schemes import PARAM_SETS
        if m.checker != "firmware" or m.param not in PARAM_SETS:
            return None
    if m.checker == "sim":
        return top_files()
    if m.checker.startswith("sim:"):
        from verif.units import UNITS
        parts = m.checker.split(":")
        unit = UNITS.get(parts[1])
        if unit is not None and len(parts) == 3:      # sim:UNIT:TEST: the test must exist
            module = ROOT / (unit.test_module.replace(".", "/") + ".py")
            if f"class {parts[2]}(" not in module.read_text():
                return None
        return None if unit is None or len(parts) > 3 else [str(f.resolve().relative_to(ROOT)) for f in unit.source_files()]
    if m.checker in ("soc", "soc-check", "tvla"):
        from verif.soc.sources import soc_sources
        rtl = (ROOT / "rtl").resolve()
        return [str(Path(f).relative_to(ROOT)) for f in soc_sources()[0]
                if Path(f).is_relative_to(rtl)]
    if m.checker == "firmware":      # the scheme firmware (scripts/schemes.py) and its headers
        from verif.soc.schemes import SOURCES
        files = [f for main, extra in SOURCES.values() for f in (main, *extra)]
        return files + [str(p.relative_to(ROOT)) for d in ("firmware/lib", "firmware/runtime")
                        for p in sorted((ROOT / d).iterdir()) if p.is_file()]
    parts = m.checker.split(":")
    if len(parts) != 3 or parts[0] != "formal":
        return None
    entry = tomllib.loads((ROOT / "formal" / "tasks.toml").read_text()).get(parts[1], {}).get(parts[2])
    if entry and entry.get("runner"):      # a task proven by its own module: the RTL it reads
        return list(importlib.import_module(entry["runner"]).RTL)
    sby = ROOT / "formal" / parts[1] / f"{parts[1]}.sby"
    if not sby.exists():
        return None
    text = sby.read_text()
    if not re.search(rf"^\s*{re.escape(parts[2])}\b", text.split("[tasks]", 1)[-1].split("[", 1)[0],
                     re.M):
        return None
    files = text.split("[files]", 1)[-1].split("\n[", 1)[0].split()
    return [str((sby.parent / f).resolve().relative_to(ROOT)) for f in files
            if (sby.parent / f).resolve().is_relative_to(ROOT / "rtl")]


def outside_build(mutations: list[Mutation]) -> list[str]:
    problems = []
    for m in mutations:
        files = checker_files(m)
        if files is None:
            problems.append(f"{m.name}: checker {m.checker!r} is not 'sim', 'sim:UNIT', 'soc', "
                            f"'soc-check', 'firmware', 'tvla' or 'formal:JOB:TASK' with a task of "
                            f"formal/JOB/JOB.sby or a runner in formal/tasks.toml")
        elif m.file not in files:
            problems.append(f"{m.name}: {m.file} is not part of the build of its checker "
                            f"{m.checker}")
    return problems


def parameters(path: Path) -> set[str]:
    """Names of the (overridable) parameters of the module in `path`; localparams are not."""
    text = re.sub(r"//.*", "", path.read_text())
    return set(re.findall(r"\bparameter\s+(?:[\w:]+\s+)?(?:\[[^\]]*\]\s*)?(\w+)\s*=", text))


def set_parameters(m: Mutation) -> set[str]:
    """Parameters whose value the checker's build sets (chparam in the .sby; none for sim)."""
    if m.checker in ("sim", "soc", "soc-check", "firmware", "tvla"):
        return set()
    if m.checker.startswith("sim:"):
        from verif.units import UNITS
        return set(UNITS[m.checker.split(":")[1]].parameters)
    job = m.checker.split(":")[1]
    return set(re.findall(r"chparam\s+-set\s+(\w+)", (ROOT / "formal" / job / f"{job}.sby")
                          .read_text()))


def no_op_in_build(mutations: list[Mutation]) -> list[str]:
    """Mutants whose original text reads a parameter that their build leaves at its default.

    The full build instantiates every module with its default parameters, so code that tests a
    parameter (`UnitsBuilt[unit]` once every unit is built) can be dead there and the mutant cannot
    change anything: it must run on a build that sets the parameter (a proof task with chparam).
    """
    problems = []
    for m in mutations:
        if m.checker == "firmware":         # C, no module parameters
            continue
        read = {p for p in parameters(ROOT / m.file) if re.search(rf"\b{p}\b", m.original)}
        unset = read - set_parameters(m)
        if unset:
            problems.append(f"{m.name}: reads parameter(s) {', '.join(sorted(unset))}, which the "
                            f"build of its checker {m.checker} leaves at the default; the mutant may "
                            f"change nothing there (use a proof task that sets them)")
    return problems


def unknown_program(mutations: list[Mutation]) -> list[str]:
    from verif.soc import selftests
    programs = {"soc": selftests.RUN, "soc-check": selftests.CHECK}
    problems = []
    for m in mutations:
        if not m.killed_by:
            continue
        names = {Path(case[0]).name for case in programs.get(m.checker, [])}
        if m.killed_by not in names:
            problems.append(f"{m.name}: killed_by {m.killed_by!r} is not a program of the "
                            f"{m.checker!r} self-test")
    return problems


def problems(mutations: list[Mutation]) -> list[str]:
    return stale(mutations) + outside_build(mutations) + unknown_program(mutations) + no_op_in_build(mutations)
