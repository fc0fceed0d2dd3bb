"""Starting and resuming games for the UI: sample decks, quick game, autosave, card lookup.

No pygame here: this is the glue between the menu scenes and the session/record API.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from frontier_desktop import resources
from frontier_desktop.cards.pool import BundledPool
from frontier_desktop.record import load_record, new_game, write_record
from frontier_desktop.rules import Card
from frontier_desktop.session import LocalSession

DECKS_DIR = resources.decks_dir()
QUICK_DECKS = resources.QUICK_DECKS
AUTOSAVES = "autosaves"
"""Folder in the user data folder with one autosave per game: ``<game id>.jsonl``. (The LAN
host keeps its own ``lan-autosave.jsonl`` beside it.)"""
RECENT_LIMIT = 20
"""Autosaves kept; the oldest readable ones past this are deleted (never the one in play)."""
LEGACY_AUTOSAVE = "autosave.jsonl"
"""The single autosave of older versions: moved into :data:`AUTOSAVES` when first seen."""

@dataclass(frozen=True)
class DeckList:
    """A deck file read for play: its name, variant and ``(count, name)`` main-deck lines."""

    path: Path
    name: str
    variant: str
    cards: tuple[tuple[int, str], ...]
    sections: tuple[tuple[str, tuple[tuple[int, str], ...]], ...] = ()
    """Army Magic: ``(section, lines)`` for ``home_base``, ``land_grid``, ``initial_forces``."""


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
    sections = tuple(
        (s.value, tuple((e.count, e.name) for e in deck.entries if e.section is s))
        for s in (Section.HOME_BASE, Section.LAND_GRID, Section.INITIAL_FORCES)
        if any(e.section is s for e in deck.entries))
    return DeckList(path, deck.name or path.stem, deck.variant or "frontier", cards, sections)


@dataclass(frozen=True)
class ArmyFigures:
    """What the New game screen says of an Army deck (from the deck check)."""

    points: Any
    """The army's spells' total mana value (main deck and initial forces)."""
    agreed: int
    """The points total the deck was built for."""
    forces: tuple[tuple[int, str], ...]
    """The initial forces section: ``(count, name)`` lines."""
    forces_points: Any
    legal: bool
    problem: str
    """The first error of the deck check in words ('' when legal)."""


def army_figures(deck: DeckList, pool: BundledPool | None = None) -> ArmyFigures:
    """Points and initial forces of an Army *deck*, by the deck check (read from its file)."""
    from frontier_desktop.decks import read_deck_file, validate_deck

    pool = pool if pool is not None else BundledPool.load()
    result = read_deck_file(deck.path, cards=pool)
    report = validate_deck(result.deck, "army", pool)
    stats = report.stats
    forces = dict(deck.sections).get("initial_forces", ())
    errors = report.errors
    return ArmyFigures(stats.get("points", 0), int(stats.get("agreed_points") or 100),
                       tuple(forces), stats.get("initial_points", 0), report.is_legal,
                       errors[0].message if errors else "")


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


DECK_SUFFIXES = (".txt", ".dec", ".dek", ".fdeck", ".json", ".cod", ".mwdeck")
"""Files the set-up screen offers from the player's deck folder (any format the reader
knows; a file it can't read is left out)."""


def player_decks(folder: Path, variant: str, *, taken: set[str] | None = None,
                 pool: BundledPool | None = None) -> list[DeckList]:
    """The player's own decks of *variant* in *folder* (the deck builder saves them there),
    sorted by name; a name a sample deck already has gets "(yours)" after it."""
    if not folder.is_dir():
        return []
    pool = pool if pool is not None else BundledPool.load()
    out = []
    for path in sorted(folder.iterdir()):
        if path.suffix.lower() not in DECK_SUFFIXES or not path.is_file():
            continue
        try:
            deck = read_deck(path, pool)
        except (OSError, ValueError):
            continue
        if deck.variant != variant:
            continue
        if taken and deck.name in taken or any(d.name == deck.name for d in out):
            deck = DeckList(deck.path, f"{deck.name} (yours)", deck.variant, deck.cards,
                            deck.sections)
        out.append(deck)
    return sorted(out, key=lambda d: d.name)


def deck_errors(deck: DeckList, variant: str, pool: BundledPool | None = None) -> list[str]:
    """Every reason the deck check (:func:`frontier_desktop.decks.validate_deck`) finds the
    deck illegal in *variant*, in words (empty: legal; warnings don't refuse a deck)."""
    from frontier_desktop.decks import read_deck_file, validate_deck

    pool = pool if pool is not None else BundledPool.load()
    try:
        result = read_deck_file(deck.path, cards=pool)
        report = validate_deck(result.deck, variant, pool)
    except (OSError, ValueError) as exc:
        return [f"the deck can't be read ({exc})"]
    return [p.message for p in report.errors]


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
    """A hot-seat session for one deck per player, all of one variant (the decks' own;
    Frontier starts in its set-up phase, Army Magic with the initial forces on the home
    bases; the Conquering seats two to four)."""
    pool = pool or BundledPool.load()
    variant = decks[0].variant if decks else "frontier"
    if any(d.variant != variant for d in decks):
        raise ValueError("every deck must be built for the same variant")
    sections = None
    if any(d.sections for d in decks):
        sections = [{name: [pool.card(n) for count, n in lines for _ in range(count)]
                     for name, lines in d.sections} for d in decks]
    state, header = new_game(variant, [deck_cards(d, pool) for d in decks], names,
                             seed=seed, options=options, sections=sections)
    return LocalSession(state, record_header=header)


def quick_game(names: tuple[str, str] = ("Ann", "Ben"), *, seed: int = 1,
               pool: BundledPool | None = None) -> LocalSession:
    """Frontier, hot-seat, the two bundled sample decks: works offline on a fresh machine."""
    pool = pool or BundledPool.load()
    decks = [read_deck(DECKS_DIR / name, pool) for name in QUICK_DECKS]
    return start_game(decks, list(names), seed=seed, pool=pool)


def session_from_record(path: Path) -> LocalSession:
    """Resume a saved game (an autosave or a named save) exactly where it stopped.

    The game gets a new game id, so playing on from a file never overwrites the autosave of
    the game it was saved from (:func:`resume_recent` keeps the id of a Recent games entry).

    Raises:
        frontier_desktop.record.RecordError: the file can't be read or doesn't replay; the
            message is one sentence for a player that names the file.
    """
    header, actions, state = load_record(path)
    header.pop("autosave", None)
    header["game_id"] = new_game_id()
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


def new_game_id() -> str:
    return uuid.uuid4().hex[:16]


def game_id(session: LocalSession) -> str | None:
    """The session's game id (in its record header), given one on first asking."""
    header = session.record_header
    if header is None:
        return None
    gid = header.get("game_id")
    if not isinstance(gid, str) or not _safe_id(gid):
        gid = header["game_id"] = new_game_id()
    return gid


def _safe_id(gid: str) -> bool:
    return 0 < len(gid) <= 64 and all(c.isalnum() or c in "-_" for c in gid)


def autosaves_dir(data_dir: Path) -> Path:
    return data_dir / AUTOSAVES


def autosave_path(data_dir: Path, session: LocalSession) -> Path | None:
    """Where *session* autosaves: its own file, named by its game id (``None``: no record)."""
    gid = game_id(session)
    return None if gid is None else autosaves_dir(data_dir) / f"{gid}.jsonl"


def autosave(session: LocalSession, path: Path) -> bool:
    """Write the session's record to *path* atomically; False (never an exception) when
    there is no header or I/O fails.

    The header written carries the game id and a summary (turn, when, finished) that the
    Recent games list reads without replaying.
    """
    if session.record_header is None:
        return False
    game_id(session)
    state = session.state
    summary: dict[str, Any] = {"turn": state.turn, "saved": datetime.now().isoformat(),
                               "finished": bool(state.game_over)}
    if state.game_over and state.winner is not None and 0 <= state.winner < len(state.players):
        summary["winner"] = state.players[state.winner].name
    header = {**session.record_header, "autosave": summary}
    try:
        write_record(path, header, session.actions)
    except OSError:
        return False
    return True


VARIANT_NAMES = {"frontier": "Frontier", "army": "Army Magic", "conquering": "The Conquering",
                 "wargame": "The War Game"}
"""How the Recent games list names each variant."""


@dataclass(frozen=True)
class RecentGame:
    """One autosave in the Recent games list (``problem`` set: the file can't be read)."""

    path: Path
    game_id: str
    names: tuple[str, ...] = ()
    variant: str = ""
    turn: int | None = None
    saved: datetime | None = None
    finished: bool = False
    problem: str = ""
    winner: str = ""
    """The winner's name of a finished game ('' when unknown or a draw)."""

    def title(self) -> str:
        """"Ann vs Ben"; with more players "Ann, Ben, Cy and Dee"."""
        if self.problem:
            return f"Unreadable saved game ({self.path.name})"
        if len(self.names) > 2:
            return ", ".join(self.names[:-1]) + " and " + self.names[-1]
        return " vs ".join(self.names) or "A game"

    def details(self, now: datetime | None = None) -> str:
        """"Frontier, turn 21, today at 14:05"; "The Conquering, 3 players, turn 40, Cy
        won, today at 14:05" (or why the file can't be read)."""
        if self.problem:
            return self.problem
        parts = [VARIANT_NAMES.get(self.variant) or
                 self.variant.replace("_", " ").capitalize() or "Frontier"]
        if len(self.names) > 2:
            parts.append(f"{len(self.names)} players")
        if self.turn is not None:
            end = (f", {self.winner} won" if self.winner else ", finished") \
                if self.finished else ""
            parts.append(f"turn {self.turn}{end}")
        if self.saved is not None:
            parts.append(when_in_words(self.saved, now))
        return ", ".join(parts)


def when_in_words(when: datetime, now: datetime | None = None) -> str:
    now = now or datetime.now()
    clock = when.strftime("%H:%M")
    if when.date() == now.date():
        return f"today at {clock}"
    if when.date() == (now - timedelta(days=1)).date():
        return f"yesterday at {clock}"
    day = f"{when.day} {when.strftime('%B')}"
    return f"{day} at {clock}" if when.year == now.year else f"{day} {when.year}"


def _read_summary(path: Path) -> RecentGame:
    """The list entry of one autosave from its header line only (no replay)."""
    gid = path.stem
    try:
        with path.open("r", encoding="utf-8") as handle:
            first = handle.readline()
        header = json.loads(first)
        if not isinstance(header, dict) or header.get("format") != "frontier-record/1":
            raise ValueError
    except OSError:
        return RecentGame(path, gid, problem="the file could not be opened")
    except (UnicodeDecodeError, ValueError):
        return RecentGame(path, gid, problem="the file is damaged or is not a saved game")
    players = header.get("players") or (header.get("position") or {}).get("players") or []
    names = tuple(str(p.get("name") or f"Player {i + 1}")
                  for i, p in enumerate(players) if isinstance(p, dict))
    summary = header.get("autosave") if isinstance(header.get("autosave"), dict) else {}
    saved = None
    try:
        saved = datetime.fromisoformat(str(summary["saved"]))
    except (KeyError, ValueError):
        try:
            saved = datetime.fromtimestamp(path.stat().st_mtime)
        except OSError:
            saved = None
    turn = summary.get("turn")
    winner = summary.get("winner")
    return RecentGame(path, gid, names, str(header.get("variant") or "frontier"),
                      turn if isinstance(turn, int) else None, saved,
                      bool(summary.get("finished")),
                      winner=winner if isinstance(winner, str) else "")


def _adopt_legacy(data_dir: Path) -> None:
    """Move the single autosave of older versions into the per-game folder (never lost)."""
    legacy = data_dir / LEGACY_AUTOSAVE
    if not legacy.exists():
        return
    folder = autosaves_dir(data_dir)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        legacy.replace(folder / f"{new_game_id()}.jsonl")
    except OSError:
        pass


def recent_games(data_dir: Path) -> list[RecentGame]:
    """Every autosave, the most recently played first (unreadable ones listed too)."""
    _adopt_legacy(data_dir)
    folder = autosaves_dir(data_dir)
    if not folder.is_dir():
        return []
    games = [_read_summary(p) for p in folder.glob("*.jsonl")]
    epoch = datetime.min
    return sorted(games, key=lambda g: (g.saved or epoch, g.game_id), reverse=True)


def prune_autosaves(data_dir: Path, *, keep: str | None = None,
                    limit: int = RECENT_LIMIT) -> list[Path]:
    """Delete the oldest readable autosaves past *limit*; never the game *keep* nor a file
    that can't be read (the player sees it in the list). Returns what was deleted."""
    games = recent_games(data_dir)
    removed = []
    readable = [g for g in games if not g.problem]
    for game in readable[limit:]:
        if game.game_id == keep:
            continue
        try:
            game.path.unlink()
            removed.append(game.path)
        except OSError:
            pass
    return removed


def resume_recent(game: RecentGame) -> LocalSession:
    """The session of a Recent games entry, keeping its game id (it goes on autosaving to
    the same file).

    Raises:
        frontier_desktop.record.RecordError: the file can't be read or doesn't replay.
    """
    session = session_from_record(game.path)
    assert session.record_header is not None
    session.record_header["game_id"] = game.game_id
    return session


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
