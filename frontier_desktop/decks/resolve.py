"""Checking deck names against a card source, with "did you mean" suggestions.

The card source is injected: anything with ``get(name) -> Scryfall mapping | None`` (the
:class:`CardLookup` protocol). :class:`frontier_desktop.cards.pool.BundledPool` fits as is;
a richer layered database (pool → cache → Scryfall) fits too. If the source can also be
iterated (yielding Scryfall objects), unknown names get suggestions from it; if it has
``get_by_mtgo_id(int)``, ``.dek`` lines that carry only a ``CatID`` can be resolved; if it
has ``fetch_missing(names)`` (:class:`FetchingLookup`, e.g.
:class:`frontier_desktop.decks.online.OnlineCards`), the names it does not know are fetched
all at once before they are reported, and offline the report says how to fetch them.
"""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from frontier_desktop.decks.model import Deck, DeckEntry, DeckProblem, Severity
from frontier_desktop.rules.card import normalise_name

SUGGESTIONS = 3
"""Most suggestions given for one unknown name."""


@runtime_checkable
class CardLookup(Protocol):
    """The one thing a card source must do: find a Scryfall-shaped object by name.

    Names are looked up folded (case, accents, ``Æ``, punctuation, split separators); a
    double-faced or split card must also be found by its front face name alone.
    """

    def get(self, name: str) -> Mapping[str, Any] | None:
        """The Scryfall object for *name*, or None when unknown."""
        ...


@dataclasses.dataclass(frozen=True)
class FetchReport:
    """What :meth:`FetchingLookup.fetch_missing` did."""

    fetched: tuple[str, ...] = ()
    """Names asked for that the source knows now."""
    not_found: tuple[str, ...] = ()
    """Names Scryfall was asked for and does not know."""
    offline: bool = False
    """No request could be made (offline, or Scryfall could not be reached)."""
    reason: str = ""
    """Why not, in words (``"offline"``, ``"Scryfall could not connect"``)."""
    how: str = ""
    """How the player fetches them later, when it is not ``cards prefetch`` on the file
    (the deck builder: ``"import the list again when online to fetch them"``)."""


@runtime_checkable
class FetchingLookup(Protocol):
    """A :class:`CardLookup` that can fetch the names it does not know (from Scryfall)."""

    def get(self, name: str) -> Mapping[str, Any] | None:
        ...

    def fetch_missing(self, names: Sequence[str]) -> FetchReport:
        """Fetch *names* in as few requests as possible; :meth:`get` finds them afterwards."""
        ...


PREFETCH_HINT = "run `frontier-desktop cards prefetch {file}` when online to fetch them"
"""How to fetch a deck's unknown names (``{file}``: the deck file)."""


class CardList:
    """An in-memory :class:`CardLookup` over Scryfall objects (tests, small pools).

    Indexes each card by its full name, the front face of a ``//`` name and each face name,
    like the bundled pool.
    """

    def __init__(self, objects: Iterable[Mapping[str, Any]]) -> None:
        self._objects = list(objects)
        self._by_norm: dict[str, Mapping[str, Any]] = {}
        self._by_mtgo: dict[int, Mapping[str, Any]] = {}
        for obj in self._objects:
            for key in _index_names(obj):
                self._by_norm.setdefault(normalise_name(key), obj)
            mtgo = obj.get("mtgo_id")
            if isinstance(mtgo, int) and not isinstance(mtgo, bool):
                self._by_mtgo.setdefault(mtgo, obj)

    def get(self, name: str) -> Mapping[str, Any] | None:
        return self._by_norm.get(normalise_name(name))

    def get_by_mtgo_id(self, mtgo_id: int) -> Mapping[str, Any] | None:
        return self._by_mtgo.get(mtgo_id)

    def __iter__(self) -> Iterator[Mapping[str, Any]]:
        return iter(self._objects)

    def __len__(self) -> int:
        return len(self._objects)


def _index_names(obj: Mapping[str, Any]) -> Iterator[str]:
    name = str(obj.get("name", ""))
    if name:
        yield name
        if "//" in name:
            yield name.split("//")[0]
    for face in obj.get("card_faces") or ():
        if isinstance(face, Mapping) and isinstance(face.get("name"), str):
            yield face["name"]


class Suggester:
    """Closest known names for a misspelt one (``difflib`` over folded names)."""

    def __init__(self, names: Iterable[str]) -> None:
        self._display: dict[str, str] = {}
        for name in names:
            self._display.setdefault(normalise_name(name), name)
        self._keys = list(self._display)

    @classmethod
    def from_lookup(cls, cards: object) -> Suggester:
        """Names from an iterable card source (full and face names); empty if not iterable."""
        names: list[str] = []
        if isinstance(cards, Iterable):
            try:
                for obj in cards:
                    if isinstance(obj, Mapping):
                        names.extend(_index_names(obj))
            except TypeError:
                names = []
        return cls(names)

    def suggest(self, name: str, n: int = SUGGESTIONS) -> tuple[str, ...]:
        key = normalise_name(name)
        if not key:
            return ()
        close = difflib.get_close_matches(key, self._keys, n=n, cutoff=0.75)
        if not close:  # a long name with a missing word: accept a looser match
            close = difflib.get_close_matches(key, self._keys, n=n, cutoff=0.6)
        if not close:
            return ()
        # Only names about as close as the best one ("Blot" → Bolt, not also Helix).
        ratio = {k: difflib.SequenceMatcher(None, key, k).ratio() for k in close}
        best = max(ratio.values())
        close = [k for k in close if ratio[k] >= best - 0.05]
        return tuple(dict.fromkeys(self._display[k] for k in close))


def other_spellings(name: str) -> tuple[str, ...]:
    """Other ways to write *name* worth a look-up when it is unknown: ``Fire & Ice`` (as
    Cockatrice's lists write split cards) is the split card ``Fire // Ice``. Names with a real
    ``&`` (``Minsc & Boo, Timeless Heroes``) are found as written first."""
    if " & " in name and "//" not in name:
        return (name.replace(" & ", " // "),)
    return ()


def lookup(cards: CardLookup, entry: DeckEntry) -> Mapping[str, Any] | None:
    """Find *entry*'s card: by name (whole, then front face, then ``A & B`` as the split
    card ``A // B``), then by MTGO id."""
    obj = cards.get(entry.name) if entry.name else None
    if obj is None and " // " in entry.name:
        obj = cards.get(entry.front_name)
    for other in other_spellings(entry.name):
        obj = obj or cards.get(other)
    if obj is None and entry.mtgo_id:
        by_id = getattr(cards, "get_by_mtgo_id", None)
        if callable(by_id):
            obj = by_id(entry.mtgo_id)
    return obj


def resolve_deck(
    deck: Deck, cards: CardLookup, *, filename: str | None = None
) -> tuple[Deck, tuple[DeckProblem, ...]]:
    """Check every name of *deck* against *cards*.

    Known cards get Scryfall's name and layout; unknown ones stay in the deck as written and
    are each reported (line number, closest names). Nothing is dropped. When *cards* can
    fetch (:class:`FetchingLookup`), the unknown names are fetched first, all at once; when
    that is impossible (offline), a warning names them and says how to fetch them
    (``cards prefetch`` *filename*).

    Returns:
        The deck with canonical names, and one error per unknown entry (plus that warning).
    """
    suggester: Suggester | None = None
    entries: list[DeckEntry] = []
    problems: list[DeckProblem] = []
    fetch = fetch_unknown(deck, cards)
    for entry in deck.entries:
        obj = lookup(cards, entry)
        if obj is not None:
            layout = obj.get("layout")
            entries.append(dataclasses.replace(
                entry, name=str(obj.get("name", entry.name)),
                layout=layout if isinstance(layout, str) else None,
            ))
            continue
        entries.append(entry)
        if suggester is None:
            suggester = Suggester.from_lookup(cards)
        if entry.name:
            shown = entry.name
            why = ""
            if fetch is not None and shown in fetch.not_found:
                why = " (Scryfall has no card by that name either)"
            problems.append(DeckProblem(
                f"'{shown}' is not a known card{why}", Severity.ERROR, "unknown-card",
                line=entry.line, card=shown, suggestions=suggester.suggest(shown),
            ))
        else:
            problems.append(DeckProblem(
                f"card with MTGO id {entry.mtgo_id} has no name and is not a known card",
                Severity.ERROR, "unknown-card", line=entry.line,
            ))
    if fetch is not None and fetch.offline:
        names = list(dict.fromkeys(p.card for p in problems if p.card))
        if names:
            problems.append(unknown_offline_problem(names, fetch.reason, filename, fetch.how))
    return deck.replace(entries=tuple(entries)), tuple(problems)


def fetch_unknown(deck: Deck, cards: CardLookup) -> FetchReport | None:
    """Ask a fetching source for every name of *deck* it does not know, in one go.

    Returns:
        What it did, or None when nothing was asked (all known, or the source cannot fetch).
    """
    fetch = getattr(cards, "fetch_missing", None)
    if not callable(fetch):
        return None
    unknown: dict[str, str] = {}  # one spelling of each, in deck order
    for entry in deck.entries:
        key = normalise_name(entry.name)
        if entry.name and key not in unknown and lookup(cards, entry) is None:
            unknown[key] = entry.name
    names = list(unknown.values())
    if not names:
        return None
    report = fetch(names)
    return report if isinstance(report, FetchReport) else None


def unknown_offline_problem(names: Sequence[str], reason: str, filename: str | None,
                            how: str = "") -> DeckProblem:
    """The warning that names the cards no one here knows and says how to fetch them
    (*how*, else ``cards prefetch`` on *filename*)."""
    shown = ", ".join(names)
    many = len(names) != 1
    hint = how or (PREFETCH_HINT.format(file=_quote_path(filename)) if filename
                   else "read the list again when online to fetch them")
    return DeckProblem(
        f"{len(names)} card{'s are' if many else ' is'} in neither the bundled pool nor the "
        f"card cache, and no card data could be fetched ({reason or 'offline'}): {shown}; "
        f"{hint}", Severity.WARNING, "cards-not-fetched")


def _quote_path(path: str) -> str:
    return f"'{path}'" if any(c.isspace() for c in path) or not path else path
