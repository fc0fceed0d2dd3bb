"""The bundled, read-only card pool shipped in ``card_cache/`` (Scryfall field names).

It is the lowest layer under the user cache: it answers lookups by name with no network and
no user data, so a fresh machine can play the sample decks offline.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from frontier_desktop.rules.card import Card, normalise_name

POOL_ENV = "FRONTIER_CARD_POOL"
"""Environment variable naming another pool file (JSON Lines), mainly for tests."""


def default_pool_path() -> Path:
    """The shipped ``card_cache/pool.jsonl`` (or ``$FRONTIER_CARD_POOL``)."""
    override = os.environ.get(POOL_ENV)
    if override:
        return Path(override)
    from frontier_desktop.resources import pool_file

    return pool_file()


class BundledPool:
    """Name → Scryfall card object, loaded once from a JSON Lines file."""

    def __init__(self, objects: Mapping[str, Mapping[str, Any]]) -> None:
        self._by_norm: dict[str, Mapping[str, Any]] = {}
        for obj in objects.values():
            self._index(obj)

    def _index(self, obj: Mapping[str, Any]) -> None:
        name = str(obj["name"])
        self._by_norm.setdefault(normalise_name(name), obj)
        if "//" in name:  # split / double-faced: the front face name alone finds it too
            self._by_norm.setdefault(normalise_name(name.split("//")[0]), obj)
        for face in obj.get("card_faces") or ():
            if isinstance(face, Mapping) and isinstance(face.get("name"), str):
                self._by_norm.setdefault(normalise_name(face["name"]), obj)

    @classmethod
    def load(cls, path: Path | None = None) -> BundledPool:
        """Read the pool file.

        Raises:
            OSError: the file cannot be read.
            ValueError: a line is not a JSON card object (the message names the line).
        """
        path = path or default_pool_path()
        objects: dict[str, Mapping[str, Any]] = {}
        with path.open(encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                try:
                    obj = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise ValueError(f"{path}:{number}: not JSON ({exc.msg})") from None
                if not isinstance(obj, dict) or not isinstance(obj.get("name"), str):
                    raise ValueError(f"{path}:{number}: not a card object with a name")
                objects[obj["name"]] = obj
        return cls(objects)

    def get(self, name: str) -> Mapping[str, Any] | None:
        """The Scryfall object for *name* (case, accents and punctuation folded), or None."""
        return self._by_norm.get(normalise_name(name))

    def card(self, name: str) -> Card | None:
        """The rules :class:`Card` for *name*, or None when the pool lacks it."""
        obj = self.get(name)
        return Card.from_scryfall(obj) if obj is not None else None

    def __iter__(self) -> Iterator[Mapping[str, Any]]:
        seen: set[int] = set()
        for obj in self._by_norm.values():
            if id(obj) not in seen:
                seen.add(id(obj))
                yield obj

    def __len__(self) -> int:
        return sum(1 for _ in self)
