"""Deck files as a game plays them: the rules cards of a deck file (and an Army deck's
sections), and a variant's deck rules as a host's check of a guest's deck.

The LAN host and guest (the ``host`` and ``join`` commands and the LAN screen) start their
games from these; the sample deck a seat plays when none is given is in
:mod:`frontier_desktop.sample_decks`. No pygame and no network here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from frontier_desktop.rules import Card


@dataclass(frozen=True)
class DeckFile:
    """A deck file read for LAN play: its variant, library and (Army Magic) sections."""

    variant: str
    cards: list[Card]
    """The main deck (the library), one rules card per copy."""
    sections: dict[str, list[Card]] | None = None
    """Army Magic: ``home_base``, ``land_grid``, ``initial_forces`` (None for other variants)."""
    points: int | None = None
    """Army Magic: the agreed army size the deck was built for."""

    def section_names(self) -> dict[str, list[str]] | None:
        """The sections as card names (what a guest sends in its ``hello``)."""
        if self.sections is None:
            return None
        return {k: [c.name for c in v] for k, v in self.sections.items()}


def read_deck_parts(path: Path, pool: Any = None) -> DeckFile:
    """A deck file as rules Cards: the main deck and, for an Army deck, its sections.

    Raises:
        ValueError: the file cannot be read or names cards the pool lacks.
    """
    from frontier_desktop.cards.pool import BundledPool
    from frontier_desktop.decks import DeckReadError, Section, read_deck_file

    pool = pool or BundledPool.load()
    try:
        parsed = read_deck_file(path, cards=pool)
    except (DeckReadError, OSError) as exc:
        raise ValueError(f"{path}: {exc}") from None
    cards: list[Card] = []
    sections: dict[str, list[Card]] = {}
    army = (Section.HOME_BASE, Section.LAND_GRID, Section.INITIAL_FORCES)
    for entry in parsed.deck.entries:
        if entry.section is not Section.MAIN and entry.section not in army:
            continue
        card = pool.card(entry.name)
        if card is None:
            raise ValueError(f"{path}: {entry.name!r} is not in the card data")
        if entry.section is Section.MAIN:
            cards += [card] * entry.count
        else:
            sections.setdefault(entry.section.value, []).extend([card] * entry.count)
    if not cards:
        raise ValueError(f"{path}: no main-deck cards")
    variant = parsed.deck.variant or ("army" if sections else "frontier")
    return DeckFile(variant, cards, sections if variant == "army" else None,
                    parsed.deck.points)


def load_deck(path: Path, pool: Any = None) -> list[Card]:
    """The main deck of a deck file as rules Cards.

    Raises:
        ValueError: the file cannot be read or names cards the pool lacks.
    """
    return read_deck_parts(path, pool).cards


def deck_checker(pool: Any = None, variant: str = "frontier", *,
                 points: int | None = None) -> Callable[..., list[str]]:
    """The deck rules of *variant* as a host's ``check_deck``: card names (and, for Army
    Magic, ``sections``: section name → card names) → the errors, in a player's words.

    *points* is the agreed army size (Army Magic; default: 100).
    """
    from collections import Counter

    from frontier_desktop.cards.pool import BundledPool
    from frontier_desktop.decks import Deck, DeckEntry, Section, validate_deck

    lookup = pool or BundledPool.load()

    def check(names: Sequence[str],
              sections: Mapping[str, Sequence[str]] | None = None) -> list[str]:
        entries = [DeckEntry(n, name) for name, n in Counter(names).items()]
        for key, cards in (sections or {}).items():
            entries += [DeckEntry(n, name, Section(key)) for name, n in Counter(cards).items()]
        deck = Deck(tuple(entries), variant=variant, points=points)
        report = validate_deck(deck, variant, lookup)
        return [p.message for p in report.errors]

    return check
