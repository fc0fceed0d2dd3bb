"""Starting and resuming games for the UI: sample decks, quick game, autosave, card lookup.

No pygame here: this is the glue between the menu scenes and the session/record API.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from frontier_desktop.cards.pool import BundledPool
from frontier_desktop.record import load_record, new_game, write_record
from frontier_desktop.rules import Card
from frontier_desktop.session import LocalSession

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
ASSETS = REPO_ROOT / "assets"
DECKS_DIR = ASSETS / "decks"
QUICK_DECKS = ("frontier_bog_and_forest_walkers.txt", "frontier_banners_of_benalia.txt")

@dataclass(frozen=True)
class DeckList:
    """A deck file read for play: its name, variant and ``(count, name)`` main-deck lines."""

    path: Path
    name: str
    variant: str
    cards: tuple[tuple[int, str], ...]


def read_deck(path: Path, pool: BundledPool | None = None) -> DeckList:
    """Read a deck file with :func:`frontier_desktop.decks.read_deck_file` (any supported
    format); only the main section is the library.

    Raises:
        ValueError: the file can't be read, or it has problems (unknown cards...); the message
            lists them (``DeckReadError`` is a ``ValueError`` too).
    """
    from frontier_desktop.decks import Section, read_deck_file

    result = read_deck_file(path, cards=pool if pool is not None else BundledPool.load())
    if not result.is_complete:
        raise ValueError(f"{path.name}: " + "; ".join(str(p) for p in result.problems))
    deck = result.deck
    cards = tuple((e.count, e.name) for e in deck.entries if e.section is Section.MAIN)
    return DeckList(path, deck.name or path.stem, deck.variant or "frontier", cards)


def sample_decks(variant: str = "frontier", pool: BundledPool | None = None) -> list[DeckList]:
    """The bundled deck lists of *variant* that read cleanly, sorted by name."""
    pool = pool if pool is not None else BundledPool.load()
    out = []
    for path in sorted(DECKS_DIR.glob("*.txt")):
        try:
            deck = read_deck(path, pool)
        except (OSError, ValueError):
            continue
        if deck.variant == variant:
            out.append(deck)
    return sorted(out, key=lambda d: d.name)


def deck_cards(deck: DeckList, pool: BundledPool) -> list[Card]:
    """One rules ``Card`` per copy.

    Raises:
        KeyError: a card the pool doesn't know.
    """
    out: list[Card] = []
    for count, name in deck.cards:
        out.extend([pool.card(name)] * count)
    return out


def start_game(decks: list[DeckList], names: list[str], *, seed: int,
               options: Mapping[str, Any] | None = None,
               pool: BundledPool | None = None) -> LocalSession:
    """A hot-seat session for two decks (the game starts in its set-up phase)."""
    pool = pool or BundledPool.load()
    state, header = new_game("frontier", [deck_cards(d, pool) for d in decks], names,
                             seed=seed, options=options)
    return LocalSession(state, record_header=header)


def quick_game(names: tuple[str, str] = ("Ann", "Ben"), *, seed: int = 1,
               pool: BundledPool | None = None) -> LocalSession:
    """Frontier, hot-seat, the two bundled sample decks: works offline on a fresh machine."""
    pool = pool or BundledPool.load()
    decks = [read_deck(DECKS_DIR / name, pool) for name in QUICK_DECKS]
    return start_game(decks, list(names), seed=seed, pool=pool)


def session_from_record(path: Path) -> LocalSession:
    """Resume a saved game (an autosave or a named save) exactly where it stopped.

    Raises:
        frontier_desktop.record.RecordError: the file can't be read or doesn't replay; the
            message is one sentence for a player that names the file.
    """
    header, actions, state = load_record(path)
    session = LocalSession(state, record_header=header)
    session.actions = list(actions)
    return session


def session_from_position(path: Path) -> LocalSession:
    """A session starting from a position file (``spec/position-format.md``).

    Raises:
        frontier_desktop.rules.errors.InvalidPositionError: one sentence naming the file.
    """
    from frontier_desktop.position import load_position, read_position_document
    from frontier_desktop.record import position_header
    from frontier_desktop.rules.errors import InvalidPositionError

    doc = read_position_document(path)
    try:
        state = load_position(doc)
    except InvalidPositionError as exc:
        raise InvalidPositionError(f"“{path.name}” can't be opened: {exc}.") from None
    return LocalSession(state, record_header=position_header(doc))


def autosave(session: LocalSession, path: Path) -> bool:
    """Write the session's record; False (never an exception) when there is no header or I/O fails."""
    if session.record_header is None:
        return False
    try:
        write_record(path, session.record_header, session.actions)
    except OSError:
        return False
    return True


class CardInfo:
    """Card data by name for previews: the game record's cards, then the bundled pool.

    Lookups are by the names a view shows, so nothing hidden can leak through here.
    """

    def __init__(self, header: Mapping[str, Any] | None, pool: BundledPool | None = None) -> None:
        self._cards: dict[str, Card] = {}
        for name, obj in ((header or {}).get("cards") or {}).items():
            try:
                self._cards[name] = Card.from_scryfall(obj)
            except (KeyError, TypeError, ValueError):
                continue
        self._pool = pool

    def get(self, name: str) -> Card | None:
        if name in self._cards:
            return self._cards[name]
        if self._pool is None:
            try:
                self._pool = BundledPool.load()
            except (OSError, ValueError):
                return None
        try:
            card = self._pool.card(name)
        except (KeyError, ValueError):
            return None
        self._cards[name] = card
        return card
