"""The bundled card pool: it loads, it is well formed, and it holds what the project needs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from frontier_desktop.cards.pool import BundledPool, default_pool_path
from frontier_desktop.rules.card import Card
from tests.cards.deckfile import REPO_ROOT, all_decks

POOL_FILE = default_pool_path()
SOURCES_MD = REPO_ROOT / "card_cache" / "SOURCES.md"
BASICS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G",
          "Wastes": "C"}


@pytest.fixture(scope="module")
def pool() -> BundledPool:
    return BundledPool.load(POOL_FILE)


@pytest.fixture(scope="module")
def lines() -> list[str]:
    return [ln for ln in POOL_FILE.read_text(encoding="utf-8").splitlines() if ln.strip()]


def sources_rows() -> list[tuple[str, list[str], str]]:
    rows = []
    for line in SOURCES_MD.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("|") or len(cells) != 3 or cells[0] in ("Card", "---"):
            continue
        rows.append((cells[0], [s.strip() for s in cells[1].split(",")], cells[2]))
    return rows


def test_pool_loads_and_is_a_reasonable_size(pool):
    assert 100 <= len(pool) <= 300


def test_every_line_is_a_scryfall_card_that_builds(lines):
    for line in lines:
        obj = json.loads(line)
        assert obj["object"] == "card"
        assert "id" not in obj and "oracle_id" not in obj  # no invented ids
        card = Card.from_scryfall(obj)
        assert card.name == obj["name"]
        assert isinstance(obj["cmc"], float) and obj["rarity"] in (
            "common", "uncommon", "rare", "mythic", "special")
        for face in obj.get("card_faces", []):
            assert face["object"] == "card_face" and face["name"] in obj["name"]


def test_file_is_sorted_canonical_json_with_unique_names(lines):
    names = [json.loads(ln)["name"] for ln in lines]
    assert names == sorted(names)
    assert len(names) == len(set(names))
    for line in lines:
        assert line == json.dumps(json.loads(line), ensure_ascii=False, sort_keys=True)


def test_generator_and_file_agree():
    """``build_scripts/make_pool.py`` is the source; the committed file must be its output."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "make_pool", REPO_ROOT / "build_scripts" / "make_pool.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    expected = [json.dumps(c, ensure_ascii=False, sort_keys=True)
                for c in sorted(module.CARDS, key=lambda c: c["name"])]
    actual = [ln for ln in POOL_FILE.read_text(encoding="utf-8").splitlines() if ln.strip()]
    assert actual == expected, "run: python build_scripts/make_pool.py"


@pytest.mark.parametrize("name,colour", sorted(BASICS.items()))
def test_basic_lands_present_with_their_mana(pool, name, colour):
    obj = pool.get(name)
    assert obj is not None
    assert obj["produced_mana"] == [colour]
    card = pool.card(name)
    assert card.is_land and "Basic" in card.supertypes
    assert card.mana_colours == {colour}
    snow = pool.card(f"Snow-Covered {name}")
    if name != "Wastes":
        assert snow is not None and snow.mana_colours == {colour}


def test_every_source_named_card_is_in_the_pool(pool):
    rows = sources_rows()
    assert len(rows) >= 60
    missing = [name for name, _, _ in rows if pool.get(name) is None
               or pool.get(name)["name"] != name]
    assert not missing


def test_source_table_matches_the_seed_texts(shared_dir: Path):
    seeds = {p.name[:3]: p for p in (shared_dir / "seeds").glob("*.txt")}
    if not seeds:
        pytest.skip("no seed texts in ../shared/seeds")

    def fold(text: str) -> str:
        return re.sub(r"\s+", " ", text.replace("\u2019", "'")).lower()

    texts = {key: fold(p.read_text(encoding="utf-8")) for key, p in seeds.items()}
    wrong = [(name, seed) for name, seeds_of, written in sources_rows() for seed in seeds_of
             if fold(written) not in texts[seed]]
    assert not wrong


def test_every_sample_deck_card_resolves(pool):
    decks = all_decks()
    assert decks
    missing = [(d.path.name, name) for d in decks for section in d.sections.values()
               for _, name in section if pool.get(name) is None]
    assert not missing


# ------------------------------------------------------------------ abilities the variants use
def test_landwalk(pool):
    assert pool.card("Bog Wraith").landwalk == {"Swamp"}
    assert pool.card("Shanodin Dryads").landwalk == {"Forest"}
    assert pool.card("River Boa").landwalk == {"Island"}
    assert pool.card("Vug Lizard").landwalk == {"Mountain"}


def test_simple_abilities(pool):
    expect = {
        "Soltari Lancer": "shadow", "Serra Angel": "flying", "Mesa Pegasus": "banding",
        "Benalish Hero": "banding", "Timber Wolves": "banding", "Colossal Dreadmaw": "trample",
        "White Knight": "first_strike", "Fencing Ace": "double_strike",
        "Typhoid Rats": "deathtouch", "Talruum Minotaur": "haste", "Wall of Stone": "defender",
        "Drudge Skeletons": "regeneration", "River Boa": "regeneration",
    }
    for name, ability in expect.items():
        assert pool.card(name).has(ability), (name, ability)
    assert pool.card("Serra Angel").has("vigilance")
    assert pool.card("Mesa Pegasus").has("flying")


def test_landhome_from_modern_wording(pool):
    serpent = pool.card("Sea Serpent")
    assert serpent.landhome == {"Island"}
    assert pool.card("Goblin Rock Sled").landhome == frozenset()


def test_regeneration_is_an_activated_ability(pool):
    skeletons = pool.card("Drudge Skeletons")
    assert any(a.is_regeneration and a.mana_cost == "{B}" for a in skeletons.activated)


def test_vanilla_and_land_shapes(pool):
    giant = pool.card("Hill Giant")
    assert (giant.base_power, giant.base_toughness, giant.abilities) == (3, 3, frozenset())
    assert pool.card("Savannah").mana_colours == {"G", "W"}
    assert pool.card("Sol Ring").mana_colours == {"C"}
    assert pool.card("Stone Rain").is_sorcery


def test_multi_faced_cards(pool):
    wear = pool.card("Wear // Tear")
    assert wear.mana_cost == "{1}{R} // {W}" and set(wear.colors) == {"R", "W"}
    assert pool.get("Tear")["name"] == "Wear // Tear"
    delver = pool.card("Delver of Secrets")
    assert delver.name == "Delver of Secrets // Insectile Aberration"
    assert delver.mana_cost == "{U}" and delver.colors == ("U",) and delver.base_power == 1
    mdfc = pool.card("Turntimber Symbiosis")
    assert mdfc.mana_cost == "{4}{G}{G}{G}" and mdfc.is_sorcery
    assert "{R/W}" in pool.card("Boros Reckoner").mana_cost
    assert pool.card("Holy Strength").is_aura
