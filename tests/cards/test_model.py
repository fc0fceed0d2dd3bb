"""CardData: every layout, images per face, strings for P/T, and the rules card it yields."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import pytest

from frontier_desktop.cards.model import CardData
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.errors import InvalidCardError
from tests.cards.fakescryfall import load_fixture_cards

CARDS_PACKAGE = Path(__file__).resolve().parents[2] / "frontier_desktop" / "cards"


def _by_name(name: str) -> CardData:
    for obj in load_fixture_cards():
        if obj["name"] == name or obj["name"].startswith(name + " //"):
            return CardData.from_scryfall(obj)
    raise KeyError(name)


def test_normal_card() -> None:
    card = _by_name("Hill Giant")
    assert card.layout == "normal" and card.front_name == "Hill Giant"
    assert card.image_faces() == (0,)
    assert card.image_uri("normal").endswith(".jpg?1700000000")
    rules = card.to_rules_card()
    assert isinstance(rules, Card)
    assert (rules.power, rules.toughness, rules.base_power) == ("3", "3", 3)
    assert rules.scryfall_id == card.id


def test_power_and_toughness_are_strings() -> None:
    rules = _by_name("Tarmogoyf").to_rules_card()
    assert (rules.power, rules.toughness) == ("*", "1+*")
    assert _by_name("Gideon Jura").raw["loyalty"] == "6"


@pytest.mark.parametrize("name", ["Wear", "Bonecrusher Giant", "Bushi Tenderfoot"])
def test_split_flip_adventure_share_one_top_level_image(name: str) -> None:
    card = _by_name(name)
    assert not card.is_double_faced
    assert card.image_faces() == (0,)
    assert card.image_uri("normal", face=1) == card.image_uri("normal", face=0)
    assert len(card.faces) == 2 and card.front_name == name


def test_transform_has_an_image_per_face() -> None:
    card = _by_name("Delver of Secrets")
    assert card.is_double_faced and card.image_faces() == (0, 1)
    assert card.image_uris == {}
    assert "/back/" in (card.image_uri("normal", face=1) or "")
    assert card.image_uri("normal", face=0) != card.image_uri("normal", face=1)
    assert card.front_name == "Delver of Secrets"
    assert "insectile aberration" not in card.lookup_names
    assert card.lookup_names[1] == "delver of secrets"
    rules = card.to_rules_card()
    assert rules.mana_cost == "{U}" and rules.power == "1"  # plays as its front face


def test_reversible_card_takes_its_oracle_id_from_the_face() -> None:
    card = _by_name("Zndrsplt, Eye of Wisdom")
    assert "oracle_id" not in card.raw
    assert card.oracle_id == card.faces[0].oracle_id is not None
    assert card.image_faces() == (0, 1)
    assert card.to_rules_card().type_line.startswith("Legendary Creature")


def test_missing_image_means_a_proxy_not_a_crash() -> None:
    card = _by_name("Valki, God of Lies")
    assert card.image_status == "missing"
    assert card.image_uri("normal") is None and card.image_uri("normal", face=1) is None
    assert not card.has_image and card.image_faces() == ()
    assert "Loyalty: 5" in card.describe()


def test_image_sizes_are_an_open_set() -> None:
    obj = dict(load_fixture_cards()[0])
    obj["image_uris"] = {"hologram": "https://cards.scryfall.io/hologram/x.jpg"}
    card = CardData.from_scryfall(obj)
    assert card.image_uri("hologram") == "https://cards.scryfall.io/hologram/x.jpg"
    assert card.image_uri("normal") == "https://cards.scryfall.io/hologram/x.jpg"  # fallback
    assert card.image_uri("normal", face=3) is not None  # one image for every face


@pytest.mark.parametrize("bad", [
    {"object": "error", "details": "x"},
    {"object": "card"},
    {"object": "card", "name": "X", "card_faces": "nope"},
    {"object": "card", "name": "X", "image_uris": ["a"]},
    {"object": "card", "name": "X", "power": ["3"]},
    "not a mapping",
])
def test_invalid_objects_are_rejected(bad: Any) -> None:
    with pytest.raises(InvalidCardError):
        CardData.from_scryfall(bad)


def test_every_own_fixture_parses() -> None:
    for obj in load_fixture_cards():
        card = CardData.from_scryfall(obj)
        assert card.to_rules_card().name == card.name


def test_real_fixtures_parse_into_the_model(shared_dir: Path) -> None:
    folder = shared_dir / "fixtures" / "scryfall"
    objects: list[dict[str, Any]] = []
    for path in sorted(folder.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("object") == "card":
            objects.append(data)
        elif data.get("object") == "list" and data["data"] and isinstance(data["data"][0], dict):
            objects.extend(d for d in data["data"] if d.get("object") == "card")
    assert len(objects) > 200
    layouts = set()
    for obj in objects:
        card = CardData.from_scryfall(obj)
        rules = card.to_rules_card()
        layouts.add(card.layout)
        assert rules.name == card.name and card.id
        assert card.oracle_id, card.name  # reversible: taken from the face
        if obj.get("image_status") == "missing":
            assert card.image_uri("normal") is None
        elif card.layout in ("transform", "modal_dfc", "reversible_card"):
            assert card.image_uri("normal", face=0)
        else:
            assert card.image_uri("normal")
    assert {"normal", "split", "transform", "modal_dfc", "reversible_card", "flip",
            "adventure"} <= layouts


def test_real_dfc_with_one_imageless_back_face(shared_dir: Path) -> None:
    path = (shared_dir / "fixtures" / "scryfall"
            / "the-restoration-of-eiganjo-architect-of-restoration.json")
    card = CardData.from_scryfall(json.loads(path.read_text(encoding="utf-8")))
    assert card.image_faces() == (0,)
    assert card.image_uri("normal", face=1) is None  # proxy for the back


# ---------------------------------------------------------------------- boundaries
ALLOWED_ROOTS = {"requests", "platformdirs"}
STDLIB_LEAVES = ("frontier_desktop.resources", "frontier_desktop.problems")
"""Top-level modules that import only the stdlib (tests/test_resources.py checks): where the
shipped data is, and problems in words."""


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_cards_package_imports_only_stdlib_requests_platformdirs_and_rules() -> None:
    import sys

    for path in sorted(CARDS_PACKAGE.glob("*.py")):
        for name in _imports(path):
            root = name.split(".")[0]
            if root in sys.stdlib_module_names or root in ALLOWED_ROOTS:
                continue
            assert name in ("frontier_desktop", *STDLIB_LEAVES) or name.startswith(
                ("frontier_desktop.rules", "frontier_desktop.cards")
            ), f"{path.name} imports {name}"
            assert "pygame" not in name
