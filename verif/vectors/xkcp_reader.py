"""Reader of XKCP's KeccakF-1600-IntermediateValues.txt: for every example, the input lanes and,
per round, the lanes after theta, rho, pi, chi and iota."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

STEPS = ("theta", "rho", "pi", "chi", "iota")
FILE = Path(__file__).parent / "xkcp" / "KeccakF-1600-IntermediateValues.txt"


@dataclass
class Example:
    input: list[int]
    rounds: list[dict[str, list[int]]] = field(default_factory=list)
    output: list[int] = field(default_factory=list)


def _lanes(lines: list[str], start: int) -> list[int]:
    """The five rows of five 16-hex-digit lanes starting at line `start` (row y, column x)."""
    lanes = [int(tok, 16) for row in lines[start:start + 5] for tok in row.split()]
    if len(lanes) != 25:
        raise ValueError(f"line {start + 1}: expected 5 rows of 5 lanes")
    return lanes


def _bytes_as_lanes(line: str) -> list[int]:
    data = bytes.fromhex(line)
    if len(data) != 200:
        raise ValueError(f"expected 200 state bytes, got {len(data)}")
    return [int.from_bytes(data[8 * i: 8 * i + 8], "little") for i in range(25)]


def read(path: Path = FILE) -> list[Example]:
    lines = path.read_text().splitlines()
    examples: list[Example] = []
    k = 0
    while k < len(lines):
        line = lines[k].strip()
        if line == "Input of permutation:":
            examples.append(Example(_bytes_as_lanes(lines[k + 1])))
            k += 2
            continue
        if line.startswith("--- Round"):
            examples[-1].rounds.append({})
        elif line.startswith("After ") and line.endswith(":") and line[6:-1] in STEPS:
            examples[-1].rounds[-1][line[6:-1]] = _lanes(lines, k + 1)
            k += 6
            continue
        elif line == "State after permutation:":
            examples[-1].output = _bytes_as_lanes(lines[k + 1])
            k += 2
            continue
        k += 1
    return examples
