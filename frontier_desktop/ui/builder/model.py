"""The deck builder's data: an editable deck draft, its statistics and sample hands.

No pygame here: the scene (``ui/scenes/deck_builder.py``) draws these, the tests check them
directly. A :class:`DeckDraft` converts to and from :class:`frontier_desktop.decks.Deck`, so
saving, exporting and validating all go through the decks package.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from frontier_desktop.decks import CardLookup, Deck, DeckEntry, Section
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.errors import InvalidCardError

VARIANT_TITLES = {"frontier": "Frontier Magic", "army": "Army Magic",
                  "wargame": "Magic: the War Game", "conquering": "Magic: the Conquering"}
"""Variant key → the name shown in the builder."""

VARIANT_SECTIONS: dict[str, tuple[Section, ...]] = {
    "frontier": (Section.MAIN, Section.SIDEBOARD),
    "army": (Section.MAIN, Section.INITIAL_FORCES, Section.HOME_BASE, Section.LAND_GRID,
             Section.SIDEBOARD),
    "wargame": (Section.MAIN, Section.STRONGHOLD, Section.SIDEBOARD),
    "conquering": (Section.MAIN, Section.STRONGHOLD, Section.SIDEBOARD),
}
"""The sections the builder offers for each variant, in display order."""

SECTION_LABELS = {
    Section.MAIN: "Main deck", Section.SIDEBOARD: "Sideboard",
    Section.INITIAL_FORCES: "Initial forces", Section.HOME_BASE: "Home base",
    Section.LAND_GRID: "Land grid", Section.STRONGHOLD: "Stronghold",
    Section.COMMANDER: "Commander", Section.COMPANION: "Companion",
    Section.MAYBEBOARD: "Maybeboard", Section.TOKENS: "Tokens",
}

CURVE_BUCKETS = 8
"""Mana values 0-6 and "7+"."""

TYPE_ORDER = ("Creature", "Instant", "Sorcery", "Enchantment", "Artifact", "Planeswalker",
              "Land")


def section_label(section: Section, variant: str) -> str:
    if variant == "army" and section is Section.MAIN:
        return "Army (reinforcements)"
    return SECTION_LABELS.get(section, section.heading)


def slug(name: str) -> str:
    """A file name for a deck name (``"Monk Legion!"`` → ``"monk-legion"``)."""
    text = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return text[:60] or "untitled-deck"


class DeckDraft:
    """A deck being edited: copies per (section, name) in insertion order, plus metadata.

    Printing details read from a file (set code, collector number, foil, categories) are
    kept per (section, name) so a save does not lose them.
    """

    def __init__(self, *, name: str = "", variant: str = "frontier", points: int | None = None,
                 notes: str = "", allowed: tuple[str, ...] = ()) -> None:
        self.name = name
        self.variant = variant
        self.points = points
        self.notes = notes
        self.allowed = allowed
        self.counts: dict[Section, dict[str, int]] = {}
        self._details: dict[tuple[Section, str], DeckEntry] = {}
        self.path: Path | None = None
        """Where the draft was last saved or opened from (None: never saved)."""
        self.revision = 0
        """Bumped on every change (the scene recomputes its panels when it moves)."""
        self.saved_revision = 0

    # ------------------------------------------------------------------ editing
    @property
    def is_dirty(self) -> bool:
        return self.revision != self.saved_revision

    @property
    def needs_saving(self) -> bool:
        """Whether closing this draft would lose work: it changed since it was opened or
        saved, or it came from no file at all (a pasted list), and it is not an empty deck
        that was never saved."""
        if self.path is None and not self.count():
            return False
        return self.is_dirty

    @property
    def save_state(self) -> str:
        """"saved" only when the draft is exactly what its file in the decks folder holds;
        "not saved" for anything else with cards in it; "" for a new, empty deck."""
        if self.path is not None and not self.is_dirty:
            return "saved"
        if self.is_dirty or self.count():
            return "not saved"
        return ""

    def mark_saved(self, path: Path | None = None) -> None:
        if path is not None:
            self.path = path
        self.saved_revision = self.revision

    def touch(self) -> None:
        self.revision += 1

    def add(self, name: str, section: Section = Section.MAIN, count: int = 1) -> None:
        """Add *count* copies of *name* to *section*."""
        if count <= 0:
            return
        bucket = self.counts.setdefault(section, {})
        bucket[name] = bucket.get(name, 0) + count
        self.touch()

    def remove(self, name: str, section: Section = Section.MAIN, count: int = 1) -> int:
        """Take up to *count* copies of *name* out of *section*; return how many were taken."""
        bucket = self.counts.get(section, {})
        have = bucket.get(name, 0)
        taken = min(have, max(0, count))
        if not taken:
            return 0
        if have - taken:
            bucket[name] = have - taken
        else:
            del bucket[name]
            self._details.pop((section, name), None)
        self.touch()
        return taken

    def move(self, name: str, source: Section, target: Section, count: int = 1) -> int:
        """Move copies between sections; return how many moved."""
        if source is target:
            return 0
        moved = self.remove(name, source, count)
        if moved:
            self.add(name, target, moved)
        return moved

    def count(self, *sections: Section) -> int:
        return sum(n for s, bucket in self.counts.items() if not sections or s in sections
                   for n in bucket.values())

    def copies(self, name: str, *sections: Section) -> int:
        return sum(bucket.get(name, 0) for s, bucket in self.counts.items()
                   if not sections or s in sections)

    def rows(self, section: Section) -> list[tuple[str, int]]:
        return list(self.counts.get(section, {}).items())

    def sections(self) -> tuple[Section, ...]:
        """The variant's sections, then any other section holding cards."""
        own = VARIANT_SECTIONS.get(self.variant, VARIANT_SECTIONS["frontier"])
        extra = tuple(s for s in Section if s not in own and self.counts.get(s))
        return own + extra

    def clear(self) -> None:
        self.counts.clear()
        self._details.clear()
        self.touch()

    # ------------------------------------------------------------------ conversion
    def to_deck(self) -> Deck:
        entries: list[DeckEntry] = []
        for section in Section:
            for name, count in self.counts.get(section, {}).items():
                detail = self._details.get((section, name))
                if detail is not None:
                    entries.append(dataclasses.replace(detail, count=count, line=None))
                else:
                    entries.append(DeckEntry(count, name, section))
        return Deck(tuple(entries), name=self.name, variant=self.variant, notes=self.notes,
                    points=self.points if self.variant == "army" else None,
                    allowed=self.allowed)

    @classmethod
    def from_deck(cls, deck: Deck, *, variant: str | None = None) -> DeckDraft:
        """A draft of *deck* (entries of one card in one section are added up)."""
        draft = cls(name=deck.name, variant=variant or deck.variant or "frontier",
                    points=deck.points, notes=deck.notes, allowed=deck.allowed)
        for entry in deck.entries:
            bucket = draft.counts.setdefault(entry.section, {})
            bucket[entry.name] = bucket.get(entry.name, 0) + entry.count
            draft._details.setdefault((entry.section, entry.name), entry)
        draft.saved_revision = draft.revision
        return draft


# ---------------------------------------------------------------------- statistics

@dataclasses.dataclass(frozen=True)
class DeckStats:
    """What the builder's charts show, computed off the UI thread when the deck changes."""

    curve: tuple[int, ...]
    """Spells (non-land cards) of the library per mana value 0..6 and 7+."""
    colours: Mapping[str, int]
    """Spells per colour letter (``W U B R G``; ``C`` colourless); multicolour counts in each."""
    types: Mapping[str, int]
    """Cards per card type (a Creature Land counts in both)."""
    lands: tuple[str, ...]
    """The main deck's lands, one name per copy (Frontier: the deck's part of the board)."""
    unknown: frozenset[str]
    """Names the card source does not know."""
    library: tuple[str, ...]
    """The cards a game shuffles into the library (main deck spells), one per copy."""


def card_of(cards: CardLookup, name: str, memo: dict[str, Card | None] | None = None
            ) -> Card | None:
    """The rules card for *name* from *cards* (None: unknown or unusable data)."""
    if memo is not None and name in memo:
        return memo[name]
    obj = cards.get(name)
    card: Card | None = None
    if obj is not None:
        try:
            card = Card.from_scryfall(obj)
        except (InvalidCardError, KeyError, TypeError, ValueError):
            card = None
    if memo is not None:
        memo[name] = card
    return card


def deck_stats(draft_deck: Deck, cards: CardLookup,
               memo: dict[str, Card | None] | None = None) -> DeckStats:
    """Curve, colours, types and lands of the cards that are played (main deck and, for
    Army, the initial forces)."""
    played = (Section.MAIN, Section.INITIAL_FORCES)
    curve = [0] * CURVE_BUCKETS
    colours: dict[str, int] = {}
    types: dict[str, int] = {}
    lands: list[str] = []
    library: list[str] = []
    unknown: set[str] = set()
    for entry in draft_deck.entries:
        card = card_of(cards, entry.name, memo)
        if card is None:
            unknown.add(entry.name)
            continue
        if entry.section not in played:
            continue
        for kind in TYPE_ORDER:
            if kind in card.types:
                types[kind] = types.get(kind, 0) + entry.count
        if card.is_land:
            if entry.section is Section.MAIN:
                lands.extend([card.name] * entry.count)
            continue
        if entry.section is Section.MAIN:
            library.extend([card.name] * entry.count)
        curve[min(CURVE_BUCKETS - 1, int(card.cmc))] += entry.count
        for colour in (card.colors or ("C",)):
            colours[colour] = colours.get(colour, 0) + entry.count
    return DeckStats(tuple(curve), colours, types, tuple(lands), frozenset(unknown),
                     tuple(library))


# ---------------------------------------------------------------------- sample hand

class SampleHand:
    """Draw sample hands from a library: 7 cards, London mulligan, draw one more.

    Args:
        library: one name per card (lands are not in a grid variant's library: they make the
            board, so the builder passes the main deck's spells).
        rng: the shuffler (seed it in tests).
    """

    HAND = 7

    def __init__(self, library: tuple[str, ...] | list[str], rng: random.Random | None = None
                 ) -> None:
        self.library_cards = list(library)
        self.rng = rng or random.Random()
        self.hand: list[str] = []
        self.library: list[str] = []
        self.mulligans = 0
        self.new_hand()

    def _deal(self) -> None:
        self.library = list(self.library_cards)
        self.rng.shuffle(self.library)
        self.hand = self.library[:self.HAND]
        del self.library[:self.HAND]

    def new_hand(self) -> None:
        """Shuffle and draw seven (forgets the mulligans)."""
        self.mulligans = 0
        self._deal()

    def mulligan(self) -> None:
        """London mulligan: shuffle, draw seven again; that many go to the bottom after."""
        self.mulligans += 1
        self._deal()

    def draw(self) -> str | None:
        """Draw the top card (None when the library is empty)."""
        if not self.library:
            return None
        card = self.library.pop(0)
        self.hand.append(card)
        return card

    @property
    def to_bottom(self) -> int:
        return min(self.mulligans, self.HAND)


def describe_stats(stats: DeckStats) -> dict[str, Any]:
    """The stats as plain data (tests, debugging)."""
    return {"curve": list(stats.curve), "colours": dict(stats.colours),
            "types": dict(stats.types), "lands": len(stats.lands),
            "unknown": sorted(stats.unknown), "library": len(stats.library)}
