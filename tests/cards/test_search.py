"""The in-memory search index behind the deck builder's search-as-you-type."""

from __future__ import annotations

from pathlib import Path

import pytest

from frontier_desktop.cards.cache import CardCache
from frontier_desktop.cards.pool import BundledPool
from frontier_desktop.cards.search import CardIndex, QueryError
from frontier_desktop.decks import parse_deck


@pytest.fixture(scope="module")
def index() -> CardIndex:
    return CardIndex.build(cache=None, pool=BundledPool.load())


def names(rows) -> list[str]:  # type: ignore[no-untyped-def]
    return [r.name for r in rows]


def test_name_words_are_folded_and_prefix_matches_come_first(index: CardIndex) -> None:
    assert names(index.search("SERRA"))[0] == "Serra Angel"
    assert "Lightning Bolt" in names(index.search("lightning"))
    assert index.search("l")[0].norm.startswith("l")


def test_type_text_colour_mana_value_rarity_and_negation(index: CardIndex) -> None:
    creatures = index.search("t:creature mv<=2")
    assert creatures and all("creature" in r.type_low and r.cmc <= 2 for r in creatures)
    fliers = index.search("o:flying c:w")
    assert "Serra Angel" in names(fliers) and all("W" in r.colors for r in fliers)
    assert all(not r.colors for r in index.search("c:c"))
    assert all(r.rarity == "rare" for r in index.search("r:r"))
    assert not any(r.is_land for r in index.search("-t:land"))
    assert all(r.colors == "G" for r in index.search("c=g"))


def test_a_bad_term_is_a_query_error(index: CardIndex) -> None:
    with pytest.raises(QueryError, match="mv<=x"):
        index.search("mv<=x")


def test_cache_rows_join_the_pool_and_win(tmp_path: Path) -> None:
    cache = CardCache(tmp_path)
    cache.put([{"object": "card", "id": "00000000-0000-4000-8000-000000000001",
                "name": "Zebra Unicorn", "layout": "normal", "type_line": "Creature — Unicorn",
                "mana_cost": "{2}{G}{W}", "cmc": 4.0, "colors": ["G", "W"],
                "oracle_text": "Whenever Zebra Unicorn deals damage, you gain that much life.",
                "rarity": "uncommon"}])
    idx = CardIndex.build(cache=cache, pool=BundledPool.load())
    row = idx.search("zebra")[0]
    assert (row.name, row.source, row.colors, row.cmc) == ("Zebra Unicorn", "cache", "GW", 4.0)
    assert idx.search("c:multi zebra") and idx.get("zebra unicorn")["rarity"] == "uncommon"
    cache.close()


def test_the_index_is_a_card_lookup_with_suggestions(index: CardIndex) -> None:
    result = parse_deck("4 Lightning Blot\n20 Mountain\n", cards=index)
    problem = result.errors[0]
    assert problem.line == 1 and "Lightning Bolt" in problem.suggestions
