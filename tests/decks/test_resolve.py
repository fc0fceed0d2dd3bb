"""Name checking against card sources: the bundled pool, real Scryfall objects, suggestions."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from frontier_desktop.cards.pool import BundledPool
from frontier_desktop.decks.formats import parse_deck
from frontier_desktop.decks.resolve import CardList, CardLookup, Suggester
from frontier_desktop.decks.validate import validate_deck

DECKS_PACKAGE = Path(__file__).resolve().parent.parent.parent / "frontier_desktop" / "decks"


def test_bundled_pool_is_a_card_lookup(tmp_path: Path) -> None:
    pool = tmp_path / "pool.jsonl"
    pool.write_text(
        json.dumps(
            {
                "name": "Hill Giant",
                "type_line": "Creature — Giant",
                "cmc": 4,
                "colors": ["R"],
                "rarity": "common",
            }
        )
        + "\n"
    )
    source = BundledPool.load(pool)
    assert isinstance(source, CardLookup)
    result = parse_deck("4 Hill Gaint\n4 hill giant\n", cards=source)
    assert [str(p) for p in result.problems] == [
        "line 1: 'Hill Gaint' is not a known card — did you mean Hill Giant?"
    ]
    assert result.deck.entries[1].name == "Hill Giant"


def test_card_source_without_iteration_still_works() -> None:
    class OnlyGet:
        def get(self, name: str) -> dict[str, object] | None:
            return (
                {"name": "Mountain", "type_line": "Basic Land — Mountain"}
                if name.lower() == "mountain"
                else None
            )

    result = parse_deck("20 Mountain\n1 Mountian\n", cards=OnlyGet())
    assert [p.code for p in result.problems] == ["unknown-card"]
    assert result.problems[0].suggestions == ()  # no names to suggest from, but still reported


def test_suggester_finds_close_names() -> None:
    s = Suggester(["Lightning Bolt", "Lightning Helix", "Chain Lightning", "Wear // Tear"])
    assert s.suggest("Lightning Blot") == ("Lightning Bolt",)
    assert s.suggest("Wear/Teer") == ("Wear // Tear",)
    assert s.suggest("zzzz") == ()


def test_real_scryfall_objects(shared_dir: Path) -> None:
    folder = shared_dir / "fixtures" / "scryfall"
    objects = []
    for name in (
        "wear-tear",
        "dusk-dawn",
        "driven-despair",
        "arlinn-the-packs-hope-arlinn-the-moons-fury",
        "lightning-bolt",
        "black-lotus",
        "mountain",
    ):
        path = folder / f"{name}.json"
        if not path.exists():
            pytest.skip(f"{path.name} is not in shared/fixtures")
        objects.append(json.loads(path.read_text(encoding="utf-8")))
    cards = CardList(objects)
    text = (
        "1 Wear/Tear\n1 Dusk /// Dawn\n1 Driven\n1 Arlinn, the Pack's Hope\n"
        "4 Lightning Bolt (M10) 146\n1 Black Lotus\n"
    )
    result = parse_deck(text, cards=cards)
    assert result.is_complete, [str(p) for p in result.problems]
    assert [e.name for e in result.deck.entries] == [
        "Wear // Tear",
        "Dusk // Dawn",
        "Driven // Despair",
        "Arlinn, the Pack's Hope // Arlinn, the Moon's Fury",
        "Lightning Bolt",
        "Black Lotus",
    ]
    report = validate_deck(result.deck, "conquering", cards)
    multicolour = {p.card for p in report.problems if p.code == "multicolour"}
    # Dusk // Dawn is mono white; Arlinn's colours are on its faces (red and green).
    assert multicolour == {
        "Wear // Tear",
        "Driven // Despair",
        "Arlinn, the Pack's Hope // Arlinn, the Moon's Fury",
    }
    # Restricted, but one copy is fine.
    assert not any(p.code == "vintage" for p in report.problems)


def test_decks_package_imports_only_stdlib_rules_and_cards() -> None:
    allowed_roots = {"frontier_desktop"}
    for path in DECKS_PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                modules = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules = [node.module]
            else:
                continue
            for module in modules:
                root = module.split(".")[0]
                if root in allowed_roots:
                    assert module.startswith(
                        (
                            "frontier_desktop.decks",
                            "frontier_desktop.rules",
                            "frontier_desktop.cards",
                        )
                    ), (path.name, module)
                else:
                    import sys

                    assert root in sys.stdlib_module_names or root == "__future__", (
                        path.name,
                        module,
                    )
