"""The bundled pool agrees with the real Scryfall objects in ``../shared/fixtures/scryfall``.

The pool is hand-written; wherever a card also appears in a fixture (a single card object or
an entry of a list object), the rules-relevant fields must be equal. Non-card objects (errors,
catalogs, bulk-data) are skipped. Skips as a whole when ``../shared`` is absent.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from frontier_desktop.cards.pool import BundledPool

FIELDS = ("name", "mana_cost", "cmc", "type_line", "colors", "power", "toughness", "keywords",
          "oracle_text", "produced_mana")
FACE_FIELDS = ("name", "mana_cost", "type_line", "oracle_text", "power", "toughness")


def fixture_cards(folder: Path) -> Iterator[tuple[str, Mapping[str, Any]]]:
    for path in sorted(folder.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        objects = data.get("data", []) if data.get("object") == "list" else [data]
        for obj in objects:
            if isinstance(obj, Mapping) and obj.get("object") == "card":
                yield path.name, obj


def _norm(field: str, value: Any) -> Any:
    if value is None:
        return None
    if field == "cmc":
        return float(value)
    if field in ("keywords", "produced_mana", "colors"):
        return sorted(value)
    return value


def _overlap(folder: Path, pool: BundledPool) -> list[tuple[str, Mapping, Mapping]]:
    out = []
    for fname, obj in fixture_cards(folder):
        if obj.get("layout") in ("token", "reversible_card"):
            continue
        mine = pool.get(obj["name"])
        if mine is not None and mine["name"] == obj["name"]:
            out.append((fname, obj, mine))
    return out


@pytest.fixture(scope="module")
def overlap(shared_dir: Path) -> list[tuple[str, Mapping, Mapping]]:
    folder = shared_dir / "fixtures" / "scryfall"
    if not folder.is_dir():
        pytest.skip("no Scryfall fixtures in ../shared")
    return _overlap(folder, BundledPool.load())


def test_some_cards_overlap(overlap):
    # The pool deliberately includes fixture cards, so the comparison below means something.
    assert len(overlap) >= 20


def test_overlapping_fields_equal(overlap):
    diffs = []
    for fname, real, mine in overlap:
        for field in FIELDS:
            if field not in real:
                continue
            if _norm(field, real.get(field)) != _norm(field, mine.get(field)):
                diffs.append(f"{fname} {real['name']}: {field}: fixture {real.get(field)!r} "
                             f"!= pool {mine.get(field)!r}")
    assert not diffs, "\n".join(diffs)


def test_overlapping_faces_equal(overlap):
    diffs = []
    for fname, real, mine in overlap:
        real_faces = real.get("card_faces") or []
        mine_faces = mine.get("card_faces") or []
        if not real_faces:
            continue
        if len(real_faces) != len(mine_faces):
            diffs.append(f"{fname} {real['name']}: {len(real_faces)} faces != {len(mine_faces)}")
            continue
        for rf, mf in zip(real_faces, mine_faces):
            for field in FACE_FIELDS + ("colors",):
                if field in rf and _norm(field, rf.get(field)) != _norm(field, mf.get(field)):
                    diffs.append(f"{fname} {real['name']} / {rf.get('name')}: {field}: "
                                 f"fixture {rf.get(field)!r} != pool {mf.get(field)!r}")
    assert not diffs, "\n".join(diffs)
