"""A tiny reader for the sample deck files in ``assets/decks`` (format in its README).

Self-contained on purpose: the product's deck parser and validators are written elsewhere;
these tests only need to read the bundled lists.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
DECKS_DIR = REPO_ROOT / "assets" / "decks"
SECTIONS = ("grid",)

_META = re.compile(r"^//\s*(?P<key>[a-z]+):\s*(?P<value>.+?)\s*$", re.IGNORECASE)
_SECTION = re.compile(r"^//\s*(?P<name>[a-z]+)\s*$", re.IGNORECASE)
_CARD = re.compile(r"^(?P<count>\d+)x?\s+(?P<name>\S.*?)\s*$")


@dataclasses.dataclass
class DeckFile:
    path: Path
    meta: dict[str, str]
    sections: dict[str, list[tuple[int, str]]]

    @property
    def main(self) -> list[tuple[int, str]]:
        return self.sections["main"]


def parse_deck(path: Path) -> DeckFile:
    meta: dict[str, str] = {}
    sections: dict[str, list[tuple[int, str]]] = {"main": []}
    current = "main"
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("//"):
            if (m := _SECTION.match(line)) and m.group("name").lower() in SECTIONS:
                current = m.group("name").lower()
                sections.setdefault(current, [])
            elif m := _META.match(line):
                meta.setdefault(m.group("key").lower(), m.group("value"))
            continue
        m = _CARD.match(line)
        if not m or int(m.group("count")) < 1:
            raise ValueError(f"{path.name}:{number}: not a card line: {raw!r}")
        sections[current].append((int(m.group("count")), m.group("name")))
    return DeckFile(path, meta, sections)


def all_decks() -> list[DeckFile]:
    return [parse_deck(p) for p in sorted(DECKS_DIR.glob("*.txt"))]
