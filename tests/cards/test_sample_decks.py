"""The sample decks in ``assets/decks`` are legal under their variant's digest rules.

Every fact is recomputed from the pool data (mana value, rarity, colours, types, text), not
taken from the comments in the deck files. Deliberately small and self-contained: the
general deck validators are another team's work.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from frontier_desktop.cards.pool import BundledPool
from frontier_desktop.rules.card import Card
from tests.cards.deckfile import DeckFile, all_decks

DECKS = all_decks()
VARIANTS = ("frontier", "army", "wargame", "conquering")


@pytest.fixture(scope="module")
def pool() -> BundledPool:
    return BundledPool.load()


def cards_of(pool: BundledPool, entries) -> list[tuple[int, Card]]:
    out = []
    for count, name in entries:
        card = pool.card(name)
        assert card is not None, name
        out.append((count, card))
    return out


def total(entries) -> int:
    return sum(count for count, _ in entries)


def by_variant(variant: str) -> list[DeckFile]:
    return [d for d in DECKS if d.meta.get("variant") == variant]


def deck_id(deck: DeckFile) -> str:
    return deck.path.stem


def test_every_deck_names_itself_and_a_known_variant():
    assert len(DECKS) >= 5
    for deck in DECKS:
        assert deck.meta.get("name"), deck.path.name
        assert deck.meta.get("variant") in VARIANTS, deck.path.name
    assert len(by_variant("frontier")) >= 2
    for variant in ("army", "wargame", "conquering"):
        assert len(by_variant(variant)) >= 1, variant


# ------------------------------------------------------------------ Frontier
FRONTIER_UNSUPPORTED = {"Armageddon", "Sunder", "Stalking Stones", "Chimeric Staff"}
FRONTIER_KEYWORDS = {"flying", "trample", "banding", "shadow", "first_strike", "regeneration"}


@pytest.mark.parametrize("deck", by_variant("frontier"), ids=deck_id)
def test_frontier_deck(pool, deck):
    cards = cards_of(pool, deck.main)
    assert total(cards) >= 60
    for count, card in cards:
        if "Basic" not in card.supertypes:
            assert count <= 4, card.name
        assert card.name not in FRONTIER_UNSUPPORTED
    lands = sum(c for c, card in cards if card.is_land)
    assert 20 <= lands <= 26
    colours = {col for _, card in cards for col in card.colors}
    assert 1 <= len(colours) <= 2
    creatures = [card for _, card in cards if card.is_creature]
    assert sum(c for c, card in cards if card.is_creature) >= 20
    assert any(card.landwalk or card.abilities & FRONTIER_KEYWORDS for card in creatures)


def test_two_frontier_decks_make_a_board(pool):
    decks = by_variant("frontier")
    for first in decks:
        for second in decks:
            if first is second:
                continue
            lands = sum(c for c, card in cards_of(pool, first.main + second.main) if card.is_land)
            assert 40 <= lands <= 50


# ------------------------------------------------------------------ Army
COPY_LIMIT = {"mythic": 2, "rare": 4, "uncommon": 8, "common": 16}
BUDGET = {"mythic": 0.10, "rare": 0.20, "uncommon": 0.40}


def personality(card: Card) -> str | None:
    if "Planeswalker" in card.types:
        return card.type_line.split("—", 1)[1].split()[0].lower()
    if card.is_legendary:
        return card.name.split(",")[0].strip().lower()
    return None


@pytest.mark.parametrize("deck", by_variant("army"), ids=deck_id)
def test_army_deck(pool, deck):
    army = cards_of(pool, deck.main)
    grid = cards_of(pool, deck.sections.get("grid", []))
    assert not any(card.is_land for _, card in army)  # lands belong to the grid section
    points = sum(count * card.cmc for count, card in army)
    declared = int(deck.meta.get("points", "100"))
    assert 50 <= declared <= 500
    assert points == declared
    spent = Counter()
    for count, card in army:
        spent[card.rarity] += count * card.cmc
    for rarity, share in BUDGET.items():
        assert spent[rarity] <= share * declared, (rarity, spent[rarity])
    copies = Counter()
    people = Counter()
    for count, card in army:
        copies[card.name] += count
        if (who := personality(card)) is not None:
            people[who] += count
    for count, card in army:
        assert copies[card.name] <= COPY_LIMIT[card.rarity], card.name
    assert all(n == 1 for n in people.values()), people
    assert total(grid) == 15 and all(card.is_land for _, card in grid)
    home = pool.card(deck.meta["home"])
    assert home is not None and home.name in {card.name for _, card in grid}


# ------------------------------------------------------------------ War Game
@pytest.mark.parametrize("deck", by_variant("wargame"), ids=deck_id)
def test_wargame_deck(pool, deck):
    cards = cards_of(pool, deck.main)
    lands = [(c, card) for c, card in cards if card.is_land]
    assert total(lands) == 1 and "Basic" in lands[0][1].supertypes
    assert total(cards) - 1 >= 40


# ------------------------------------------------------------------ Conquering
CONQUERING_BANNED_NAMES = {
    "Wrath of God", "Massacre", "Slice and Dice", "Moat", "Teferi's Moat", "Arboria",
    "Wild Growth", "Caustic Tar", "Earthcraft", "Vampiric Tutor", "Lich", "Channel",
    "Chaos Orb", "Falling Star", "Armageddon", "Stone Rain", "Sizzle", "Necropotence",
}
CONQUERING_BANNED_TEXT = [
    r"\bdestroy all (creatures|lands)\b", r"\bdeals? \d+ damage to each creature\b",
    r"\bcreatures? can't attack\b", r"\bdestroy target land\b", r"\bhexproof\b", r"\bshroud\b",
    r"\bante\b", r"\bpay \d+ life\b", r"\byou lose \d+ life\b", r"\bto each opponent\.?$",
    r"\benchanted land\b", r"\buntap target (basic )?land\b",
]


CONQUERING_ALLOWED = {"Peacekeeper"}  # the source allows it by name


def conquering_flags(card: Card) -> list[str]:
    """Why *card* is banned in the Conquering (empty when it is not)."""
    if card.name in CONQUERING_ALLOWED:
        return []
    flags = []
    if card.name in CONQUERING_BANNED_NAMES:
        flags.append("named in appendix A")
    if {k.lower() for k in card.keywords} & {"shroud", "hexproof"}:
        flags.append("shroud/hexproof")
    flags += [p for p in CONQUERING_BANNED_TEXT
              if re.search(p, card.oracle_text, re.IGNORECASE | re.MULTILINE)]
    return flags


@pytest.mark.parametrize("deck", by_variant("conquering"), ids=deck_id)
def test_conquering_deck(pool, deck):
    cards = cards_of(pool, deck.main)
    assert total(cards) >= 60
    colours = {col for _, card in cards for col in card.colors}
    assert len(colours) == 1
    for count, card in cards:
        assert count <= 4, card.name
        assert not card.is_land, card.name
        assert len(card.colors) <= 1 and "/" not in card.mana_cost, card.name
        assert "//" not in card.name, card.name
        assert not conquering_flags(card), (card.name, conquering_flags(card))


def test_conquering_checks_catch_the_sources_examples(pool):
    """The checks are not vacuous: each banned example the source names is flagged."""
    for name in ("Wrath of God", "Massacre", "Slice and Dice", "Moat", "Teferi's Moat",
                 "Arboria", "Wild Growth", "Caustic Tar", "Earthcraft", "Vampiric Tutor",
                 "Lich", "Channel", "Chaos Orb", "Falling Star", "Stone Rain", "Sizzle"):
        assert conquering_flags(pool.card(name)), name
    assert not conquering_flags(pool.card("Peacekeeper"))
    assert not conquering_flags(pool.card("Grizzly Bears"))
