"""The unit manifests: one `unit.toml` per RTL folder holds that unit's facts, and every tool takes
them from here (file lists, simulation units, proof jobs, synthesis builds) or is checked against
them by `problems()` in `make test` (scripts/test_manifest.py).

A manifest's keys:
  name     the unit's name (the folder's, `top` for rtl/ itself)
  top      the module the unit is instantiated as (pqx_top instantiates it; a unit's tests and
           synthesis build it)
  needs    sources outside the folder that come first, relative to the root: packages and shared
           primitives (rtl/pqx_pkg.sv, rtl/pqx_step_counter.sv)
  files    the folder's own .sv files in compile order (every .sv file of the folder, once)
  formal   the proof jobs (formal/<job>/) that read the unit's files; a job that reads the unit's
           top module lists all of `needs` + `files`, in order
  sims     its `make sim` units (verif/units.py): those whose top-level module is declared in
           the unit's files
  synth    [[synth]] tables, one per `make synth` unit, the default build first: name, budget_s
           (place and route, 2 cores) and optionally top and files (default the unit's), params,
           cut, router, gate_count, place_only, unplaced, about (scripts/synth.py)
  id       (execution units) the unit's number, pqx_pkg::unit_e (the decoder's unit field;
           0..15): rtl/pqx_pkg.sv's unit_e and UnitsBuilt and the ISA table's units come from the
           ids, and pqx_top.f lists the units in id order
  about    (execution units) what the unit does, in a few words (unit_e's comment)
  contract (execution units) true: the unit has only ports of the unit port contract
           (docs/architecture.md, "The unit port contract"), and pqx_top's generated region
           instantiates it; false or absent: pqx_top wires it by hand (it has ports beyond them)
  mutant   [[mutant]] tables, planted bugs of the unit (verif/mutation/table.py holds the older
           ones): name, file (in the folder), original, replacement, about, and optionally
           checker, note, killed_by (the fields of verif/mutation/table.py's Mutation)
  last     (rtl/unit.toml only) the files after the units: rtl/pqx_top.f is the top's `files`,
           each execution unit's `needs` not yet listed and its `files`, then `last`
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KEYS = {"name", "top", "needs", "files", "formal", "sims", "synth", "id", "about", "contract", "mutant",
        "last"}
MUTANT_KEYS = {"name", "file", "original", "replacement", "about", "checker", "note", "killed_by"}
SYNTH_KEYS = {"name", "top", "files", "budget_s", "params", "cut", "router", "gate_count", "place_only",
              "unplaced", "about"}


class ManifestError(ValueError):
    """A manifest that cannot be read (one line: the file and what is wrong)."""


@dataclass(frozen=True)
class Manifest:
    name: str
    folder: str                        # relative to the root: "rtl", "rtl/arith", ...
    top: str
    needs: tuple[str, ...]
    files: tuple[str, ...]             # relative to the root
    formal: tuple[str, ...]
    sims: tuple[str, ...]
    synth: tuple[dict, ...] = ()
    last: tuple[str, ...] = ()
    id: int | None = None              # pqx_pkg::unit_e (execution units only)
    about: str = ""
    contract: bool = False
    mutants: tuple[dict, ...] = ()     # [[mutant]] tables, file relative to the root

    @property
    def sources(self) -> tuple[str, ...]:
        """What builds the unit alone: `needs`, then the folder's files (without `last`: a unit
        folder has none; the top's full list is top_file_list())."""
        return self.needs + self.files


def _read(path: Path, root: Path) -> Manifest:
    rel = path.relative_to(root)
    try:
        doc = tomllib.loads(path.read_text())
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ManifestError(f"{rel}: not readable TOML ({exc})") from None
    unknown = set(doc) - KEYS
    missing = {"name", "top", "files"} - set(doc)
    if unknown or missing:
        raise ManifestError(f"{rel}: " + "; ".join(
            ([f"unknown key(s) {', '.join(sorted(unknown))}"] if unknown else []) +
            ([f"missing key(s) {', '.join(sorted(missing))}"] if missing else [])))
    folder = str(path.parent.relative_to(root))
    for table in doc.get("synth", []):
        bad = set(table) - SYNTH_KEYS
        if bad or "name" not in table or "budget_s" not in table:
            raise ManifestError(f"{rel}: [[synth]] {table.get('name', '?')}: needs name and budget_s"
                                + (f", unknown key(s) {', '.join(sorted(bad))}" if bad else ""))
    for table in doc.get("mutant", []):
        bad = set(table) - MUTANT_KEYS
        need = {"name", "file", "original", "replacement", "about"} - set(table)
        if bad or need:
            raise ManifestError(f"{rel}: [[mutant]] {table.get('name', '?')}: "
                                + "; ".join(([f"missing {', '.join(sorted(need))}"] if need else [])
                                            + ([f"unknown key(s) {', '.join(sorted(bad))}"] if bad else [])))
    uid = doc.get("id")
    if uid is not None and (not isinstance(uid, int) or isinstance(uid, bool) or not 0 <= uid <= 15):
        raise ManifestError(f"{rel}: id {uid!r} is not a unit number 0..15 (pqx_pkg::unit_e is 4 bits)")
    if ("about" in doc or "contract" in doc) and uid is None:
        raise ManifestError(f"{rel}: about and contract belong to execution units (with an id)")
    if not isinstance(doc.get("contract", False), bool):
        raise ManifestError(f"{rel}: contract is true or false")
    return Manifest(doc["name"], folder, doc["top"], tuple(doc.get("needs", ())),
                    tuple(f"{folder}/{f}" for f in doc["files"]), tuple(doc.get("formal", ())),
                    tuple(doc.get("sims", ())), tuple(doc.get("synth", ())),
                    tuple(f"{folder}/{f}" for f in doc.get("last", ())), uid, doc.get("about", ""),
                    doc.get("contract", False),
                    tuple(dict(t, file=f"{folder}/{t['file']}") for t in doc.get("mutant", ())))


@lru_cache(maxsize=None)
def manifests(root: Path = ROOT) -> dict[str, Manifest]:
    """Every manifest of the tree by unit name: rtl/unit.toml and rtl/*/unit.toml."""
    out: dict[str, Manifest] = {}
    for path in [root / "rtl" / "unit.toml", *sorted((root / "rtl").glob("*/unit.toml"))]:
        if path.is_file():
            m = _read(path, root)
            if m.name in out:
                raise ManifestError(f"{path.relative_to(root)}: unit '{m.name}' already named by "
                                    f"{out[m.name].folder}/unit.toml")
            out[m.name] = m
    return out


def unit(name: str, root: Path = ROOT) -> Manifest:
    try:
        return manifests(root)[name]
    except KeyError:
        raise ManifestError(f"no unit '{name}' (units: {', '.join(manifests(root))})") from None


def execution_units(root: Path = ROOT) -> list[Manifest]:
    """The units behind pqx_top's dispatch stage (the manifests with an id), in id order."""
    units = sorted((m for m in manifests(root).values() if m.id is not None), key=lambda m: m.id)
    for a, b in zip(units, units[1:]):
        if a.id == b.id:
            raise ManifestError(f"{b.folder}/unit.toml: id {b.id} is {a.name}'s already")
    return units


def top_file_list(root: Path = ROOT) -> list[str]:
    """rtl/pqx_top.f's sources, from the manifests."""
    top = unit("top", root)
    out = list(top.needs + top.files)
    for m in execution_units(root):
        out += [f for f in m.sources if f not in out]
    return out + list(top.last)


def top_file_list_text(root: Path = ROOT) -> str:
    return ("# pqx_top's sources in compile order, generated from the unit manifests (rtl/unit.toml,\n"
            "# rtl/*/unit.toml) by `make gen` (python -m scripts.gen_isa); make test fails when it is stale.\n"
            + "".join(f + "\n" for f in top_file_list(root)))


def owner(path: str, root: Path = ROOT) -> Manifest | None:
    """The manifest whose files hold an RTL file (relative to the root)."""
    return next((m for m in manifests(root).values() if path in m.files + m.last), None)


def declared_modules(files: tuple[str, ...] | list[str], root: Path = ROOT) -> set[str]:
    found: set[str] = set()
    for f in files:
        text = (root / f).read_text() if (root / f).is_file() else ""
        found.update(re.findall(r"^\s*module\s+(\w+)", text, re.M))
    return found


def sby_files(sby: Path) -> list[str]:
    """The RTL files (relative to the root) of a .sby's [files] section."""
    out, on = [], False
    for line in sby.read_text().splitlines():
        s = line.strip()
        if s.startswith("["):
            on = s == "[files]"
        elif on and s and not s.startswith("#"):
            p = s.split()[-1]
            if "rtl/" in p:
                out.append(p[p.index("rtl/"):])
    return out


def sby_problems(root: Path, sby: Path) -> list[str]:
    """A proof job against the manifests: a job that reads a unit's file (a package aside) is in
    the unit's `formal`, and one that reads a unit's top module lists all of the unit's sources
    in order (all of rtl/pqx_top.f for pqx_top), so a new file cannot escape the proof."""
    ms, out = manifests(root), []
    if "top" not in ms:
        return ["rtl/unit.toml is missing"]
    job, files = sby.parent.name, sby_files(sby)
    top = ms["top"]
    whole = top.top in declared_modules([f for f in files if f in top.last], root)
    shared = {f for m in ms.values() for f in m.needs}      # packages and primitives units share
    for m in ms.values():
        mine = [f for f in files if f in m.files + m.last]
        if whole and m.name != "top":
            continue                   # a job over all of pqx_top is the top's
        own = [f for f in mine if not f.endswith("_pkg.sv") and f not in shared]
        if own and job not in m.formal:
            out.append(f"{m.folder}/unit.toml: formal lacks {job} (it reads {own[0]})")
        if m.top in declared_modules(mine, root):
            want = list(m.sources + m.last) if m.name != "top" else top_file_list(root)
            got = [f for f in files if f in want]
            if got != want:
                out.append(f"{sby.relative_to(root)}: [files] should hold {m.name}'s sources in "
                           f"manifest order: {', '.join(w for w in want if w not in got) or 'order'}")
    return out


def problems(root: Path = ROOT) -> list[str]:
    """Where the tree disagrees with its manifests, one line each (empty: they agree)."""
    try:
        ms = manifests(root)
    except ManifestError as exc:
        return [str(exc)]
    out: list[str] = []
    for folder in sorted(p for p in (root / "rtl").iterdir() if p.is_dir()):
        if not (folder / "unit.toml").is_file():
            out.append(f"{folder.relative_to(root)}/ has no unit.toml")
    if "top" not in ms:
        return out + ["rtl/unit.toml is missing"]
    for m in ms.values():
        where = f"{m.folder}/unit.toml"
        own = {str(p.relative_to(root)) for p in (root / m.folder).glob("*.sv")}
        listed = m.files + m.last
        if sorted(listed) != sorted(own):
            out.append(f"{where}: files {sorted(set(listed) - own) or ''} not in the folder, "
                       f"{sorted(own - set(listed)) or ''} not listed".replace(" ,", ","))
        if len(set(listed)) != len(listed):
            out.append(f"{where}: a file listed twice")
        for f in m.needs:
            if not (root / f).is_file():
                out.append(f"{where}: needs {f}, which does not exist")
        if m.top not in declared_modules(listed, root):
            out.append(f"{where}: top module {m.top} is declared in none of its files")
        for job in m.formal:
            if not (root / "formal" / job / f"{job}.sby").is_file():
                out.append(f"{where}: proof job {job} has no formal/{job}/{job}.sby")
        for s in m.synth:
            for f in s.get("files", ()):
                if not (root / f).is_file():
                    out.append(f"{where}: [[synth]] {s['name']} reads {f}, which does not exist")
            for c in s.get("cut", ()):
                if c not in ms:
                    out.append(f"{where}: [[synth]] {s['name']} cuts unknown unit {c}")
    try:
        units = execution_units(root)
    except ManifestError as exc:
        return out + [str(exc)]
    for m in units:
        if not m.synth:
            out.append(f"{m.folder}/unit.toml: no [[synth]] table (make synth measures every unit)")
    idless = set(ms) - {m.name for m in units} - {"top", "soc"}
    if idless:
        out.append(f"units {', '.join(sorted(idless))}: no id (every unit below rtl/ but the SoC is an "
                   "execution unit of pqx_top)")
    if out:
        return out
    for sby in sorted((root / "formal").glob("*/*.sby")):
        out += sby_problems(root, sby)
    soc = ms.get("soc")
    soc_f = root / "rtl" / "soc" / "pqx_soc.f"
    if soc and soc_f.is_file():
        own = [line.strip() for line in soc_f.read_text().splitlines() if line.strip()
               and not line.startswith(("#", "$CORE/", "-f "))]
        if own != list(soc.files):
            out.append("rtl/soc/pqx_soc.f: its own files differ from rtl/soc/unit.toml's (order included)")
    return out
