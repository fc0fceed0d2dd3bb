"""Deck values: entries, sections, problems and parse results.

Plain data only: frozen dataclasses with a ``to_wire()`` / ``from_wire()`` JSON round trip.
Nothing here reads files or knows card data; :mod:`frontier_desktop.decks.formats` fills these
from text and :mod:`frontier_desktop.decks.resolve` checks the names against a card source.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable, Iterator, Mapping
from typing import Any


class DeckError(ValueError):
    """Base class for deck errors (unreadable files, unwritable decks)."""


class DeckReadError(DeckError):
    """The input is not a deck list at all (binary, an image, too big, not UTF-8, bad XML)."""


class DeckWriteError(DeckError):
    """A deck cannot be written: it was not read completely, or the format cannot hold it."""


class Section(str, enum.Enum):
    """Where an entry belongs. The values are the wire names."""

    MAIN = "main"
    """The main deck (the library; for Army, the reinforcements)."""
    SIDEBOARD = "sideboard"
    """The sideboard."""
    COMMANDER = "commander"
    """Arena's ``Commander`` section (kept; none of our variants uses it)."""
    COMPANION = "companion"
    """Arena's ``Companion`` section (kept; none of our variants uses it)."""
    MAYBEBOARD = "maybeboard"
    """Cards considered but out of the deck (Archidekt ``Maybeboard``/``{noDeck}``)."""
    TOKENS = "tokens"
    """Cockatrice's ``tokens`` zone."""
    HOME_BASE = "home_base"
    """Army: the one land played face up as the home base."""
    LAND_GRID = "land_grid"
    """Army: the 14 other lands laid face down in the grid."""
    INITIAL_FORCES = "initial_forces"
    """Army: permanents of the army that start in play on the home base."""
    STRONGHOLD = "stronghold"
    """War Game and Conquering: the basic land chosen as the stronghold."""

    @property
    def heading(self) -> str:
        """The section's name as a header line (``"Home base"``)."""
        return _SECTION_TITLES[self]


_SECTION_TITLES = {
    Section.MAIN: "Deck",
    Section.SIDEBOARD: "Sideboard",
    Section.COMMANDER: "Commander",
    Section.COMPANION: "Companion",
    Section.MAYBEBOARD: "Maybeboard",
    Section.TOKENS: "Tokens",
    Section.HOME_BASE: "Home base",
    Section.LAND_GRID: "Land grid",
    Section.INITIAL_FORCES: "Initial forces",
    Section.STRONGHOLD: "Stronghold",
}


class Severity(str, enum.Enum):
    """How bad a problem is. Only errors make a deck illegal or a read incomplete."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclasses.dataclass(frozen=True)
class DeckEntry:
    """One line of a deck list: a number of copies of one card in one section."""

    count: int
    """Number of copies (at least 1)."""
    name: str
    """Card name: Scryfall's full name once resolved, else the name as written (folded)."""
    section: Section = Section.MAIN
    """The section the copies belong to."""
    set_code: str | None = None
    """Printing's set code as written (``"M10"``), upper-cased; None when not given."""
    collector_number: str | None = None
    """Printing's collector number as written (``"146"``, ``"MH2-123"``)."""
    finish: str = ""
    """``""`` (non-foil or unknown), ``"foil"`` (``*F*``) or ``"etched"`` (``*E*``)."""
    categories: tuple[str, ...] = ()
    """The user's categories (Archidekt ``[Ramp]``), kept for round trips."""
    mtgo_id: int | None = None
    """MTGO catalogue id (``.dek`` ``CatID``), when known and non-zero."""
    scryfall_id: str | None = None
    """Scryfall id of the printing (Cockatrice ``uuid``), when known."""
    layout: str | None = dataclasses.field(default=None, compare=False)
    """Scryfall layout once resolved (``"split"``, ``"transform"``...): writers use it to
    write a double-faced card by its front face where a format expects that."""
    line: int | None = dataclasses.field(default=None, compare=False)
    """Line number in the source text (1-based), for messages; not part of equality."""

    @property
    def is_foil(self) -> bool:
        return self.finish in ("foil", "etched")

    @property
    def front_name(self) -> str:
        """The front face name (the whole name for single-faced cards)."""
        return self.name.split(" // ")[0]

    def to_wire(self) -> dict[str, Any]:
        out: dict[str, Any] = {"count": self.count, "name": self.name,
                               "section": self.section.value}
        for key in ("set_code", "collector_number", "mtgo_id", "scryfall_id", "layout", "line"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        if self.finish:
            out["finish"] = self.finish
        if self.categories:
            out["categories"] = list(self.categories)
        return out

    @classmethod
    def from_wire(cls, data: Mapping[str, Any]) -> DeckEntry:
        """Decode from a wire dict.

        Raises:
            DeckError: a field is missing or has the wrong type.
        """
        try:
            count = data["count"]
            name = data["name"]
            if isinstance(count, bool) or not isinstance(count, int) or count < 1:
                raise DeckError(f"entry count must be a positive integer, not {count!r}")
            if not isinstance(name, str) or not name:
                raise DeckError("entry name must be a non-empty string")
            return cls(
                count=count,
                name=name,
                section=Section(data.get("section", "main")),
                set_code=_opt_str(data, "set_code"),
                collector_number=_opt_str(data, "collector_number"),
                finish=str(data.get("finish", "")),
                categories=tuple(str(c) for c in data.get("categories", ())),
                mtgo_id=_opt_int(data, "mtgo_id"),
                scryfall_id=_opt_str(data, "scryfall_id"),
                layout=_opt_str(data, "layout"),
                line=_opt_int(data, "line"),
            )
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, DeckError):
                raise
            raise DeckError(f"bad deck entry: {exc}") from None


@dataclasses.dataclass(frozen=True)
class Deck:
    """A deck list with its metadata. Entries keep their source order."""

    entries: tuple[DeckEntry, ...] = ()
    """Every entry, in source order (one name may appear on several lines)."""
    name: str = ""
    """Deck name."""
    variant: str | None = None
    """The variant the deck is built for (``"frontier"``, ``"army"``...), when known."""
    notes: str = ""
    """Free text (several lines allowed)."""
    points: int | None = None
    """Army: the agreed points total the deck was built for."""
    allowed: tuple[str, ...] = ()
    """Card names the player allows despite a validator flag that may be overridden."""

    def section(self, section: Section) -> tuple[DeckEntry, ...]:
        """The entries of one section, in order."""
        return tuple(e for e in self.entries if e.section is section)

    def count(self, *sections: Section) -> int:
        """Number of cards in *sections* (all sections when none is given)."""
        return sum(e.count for e in self.entries if not sections or e.section in sections)

    @property
    def sections(self) -> tuple[Section, ...]:
        """The sections that hold cards, in :class:`Section` order."""
        present = {e.section for e in self.entries}
        return tuple(s for s in Section if s in present)

    def counts_by_name(self, *sections: Section) -> dict[str, int]:
        """Copies per card name over *sections* (all when none is given)."""
        out: dict[str, int] = {}
        for e in self.entries:
            if not sections or e.section in sections:
                out[e.name] = out.get(e.name, 0) + e.count
        return out

    def replace(self, **changes: Any) -> Deck:
        """A copy with *changes* applied (``dataclasses.replace``)."""
        return dataclasses.replace(self, **changes)

    def to_wire(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "entries": [e.to_wire() for e in self.entries]}
        if self.variant is not None:
            out["variant"] = self.variant
        if self.notes:
            out["notes"] = self.notes
        if self.points is not None:
            out["points"] = self.points
        if self.allowed:
            out["allowed"] = list(self.allowed)
        return out

    @classmethod
    def from_wire(cls, data: Mapping[str, Any]) -> Deck:
        """Decode from a wire dict.

        Raises:
            DeckError: a field is missing or has the wrong type.
        """
        if not isinstance(data, Mapping):
            raise DeckError("a deck must be an object")
        entries = data.get("entries", [])
        if not isinstance(entries, list):
            raise DeckError("'entries' must be a list")
        points = data.get("points")
        if points is not None and (isinstance(points, bool) or not isinstance(points, int)):
            raise DeckError("'points' must be an integer")
        return cls(
            entries=tuple(DeckEntry.from_wire(e) for e in entries),
            name=str(data.get("name", "")),
            variant=_opt_str(data, "variant"),
            notes=str(data.get("notes", "")),
            points=points,
            allowed=tuple(str(a) for a in data.get("allowed", ())),
        )


@dataclasses.dataclass(frozen=True)
class DeckProblem:
    """One thing wrong with a deck list or a deck, with the reason in words."""

    message: str
    """What is wrong, one sentence a player can read."""
    severity: Severity = Severity.ERROR
    """Error, warning or info."""
    code: str = ""
    """Stable machine name (``"unknown-card"``, ``"copy-limit"``...)."""
    line: int | None = None
    """Source line number, when the problem comes from one line."""
    card: str | None = None
    """The card concerned, when there is one."""
    suggestions: tuple[str, ...] = ()
    """Closest known card names for an unknown one."""
    overridable: bool = False
    """Whether the player may allow the card anyway (``Deck.allowed``)."""

    def __str__(self) -> str:
        prefix = f"line {self.line}: " if self.line is not None else ""
        text = prefix + self.message
        if self.suggestions:
            text += " — did you mean " + " or ".join(self.suggestions) + "?"
        return text

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def to_wire(self) -> dict[str, Any]:
        out: dict[str, Any] = {"message": self.message, "severity": self.severity.value,
                               "code": self.code, "text": str(self)}
        if self.line is not None:
            out["line"] = self.line
        if self.card is not None:
            out["card"] = self.card
        if self.suggestions:
            out["suggestions"] = list(self.suggestions)
        if self.overridable:
            out["overridable"] = True
        return out

    @classmethod
    def from_wire(cls, data: Mapping[str, Any]) -> DeckProblem:
        return cls(
            message=str(data["message"]),
            severity=Severity(data.get("severity", "error")),
            code=str(data.get("code", "")),
            line=_opt_int(data, "line"),
            card=_opt_str(data, "card"),
            suggestions=tuple(str(s) for s in data.get("suggestions", ())),
            overridable=bool(data.get("overridable", False)),
        )


@dataclasses.dataclass(frozen=True)
class ParseResult:
    """A deck as read from text, plus every problem met while reading it.

    Unknown and unreadable lines are reported in :attr:`problems`; unknown cards stay in the
    deck (flagged), unreadable lines cannot. A result with any error is *incomplete* and must
    not be saved or converted.
    """

    deck: Deck
    """The entries read, with the metadata found."""
    problems: tuple[DeckProblem, ...] = ()
    """Every problem, in line order."""
    format: str = ""
    """The format the text was read as (a key of ``FORMATS``)."""

    @property
    def is_complete(self) -> bool:
        """True when every line was read and every card is known."""
        return not any(p.is_error for p in self.problems)

    @property
    def errors(self) -> tuple[DeckProblem, ...]:
        return tuple(p for p in self.problems if p.is_error)

    def to_wire(self) -> dict[str, Any]:
        return {"format": self.format, "deck": self.deck.to_wire(),
                "problems": [p.to_wire() for p in self.problems]}


def merge_entries(entries: Iterable[DeckEntry]) -> Iterator[DeckEntry]:
    """Add up entries that differ only in count and line (same card, printing, section)."""
    order: list[tuple[Any, ...]] = []
    totals: dict[tuple[Any, ...], DeckEntry] = {}
    for entry in entries:
        key = (entry.name, entry.section, entry.set_code, entry.collector_number, entry.finish,
               entry.categories, entry.mtgo_id, entry.scryfall_id)
        if key in totals:
            first = totals[key]
            totals[key] = dataclasses.replace(first, count=first.count + entry.count)
        else:
            order.append(key)
            totals[key] = entry
    for key in order:
        yield totals[key]


def _opt_str(data: Mapping[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise DeckError(f"'{key}' must be a string")
    return value


def _opt_int(data: Mapping[str, Any], key: str) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise DeckError(f"'{key}' must be an integer")
    return value
