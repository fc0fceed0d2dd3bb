"""The log's names for things: players, units, lands and places as a seat knows them
(:class:`Namer`), squares as the board labels them, and the phases' and zones' names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

COLOUR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
PHASE_NAMES = {"setup": "set-up", "upkeep": "upkeep", "draw": "draw step", "main": "main phase",
               "end": "end step", "cleanup": "cleanup", "combat": "combat",
               "main2": "second main phase", "mana": "mana production",
               "movement": "movement", "conquer": "attack and conquer", "untap": "untap step",
               "supply": "supply roll", "heal": "heal phase", "casting": "casting phase",
               "discard": "discard step"}
ZONE_NAMES = {"hand": "its owner's hand", "graveyard": "its owner's graveyard",
              "exile": "exile", "library": "its owner's library",
              "library_top": "the top of its owner's library",
              "library_bottom": "the bottom of its owner's library",
              "staging": "the staging row", "battlefield": "the battlefield"}


def _place_key(at: Any) -> Any:
    """A place as a dictionary key: ``(row, column)`` or a graph place's name."""
    if isinstance(at, str) and at and at != "staging":
        return at
    return _pos(at)


def _stronghold_seat(at: str) -> int | None:
    """The seat of a stronghold's place name ``"S2"``, else None."""
    return int(at[1:]) if at[:1] == "S" and at[1:].isdigit() else None


def _pos(at: Any) -> tuple[int, int] | None:
    if isinstance(at, (list, tuple)) and len(at) == 2 and all(isinstance(v, int) for v in at):
        return int(at[0]), int(at[1])
    return None


def square(at: Any) -> str:
    """A board square as the board's edge labels show it: ``[1, 4]`` → ``"column 5, row 2"``
    (the wire is ``[row, column]`` from 0); the staging row and anything else in words."""
    pos = _pos(at)
    if pos is not None:
        return f"column {pos[1] + 1}, row {pos[0] + 1}"
    if at == "staging":
        return "the staging row"
    if isinstance(at, str) and at:  # a graph board's area, a stronghold (by its place)
        return f"stronghold {at}" if _stronghold_seat(at) is not None else f"area {at}"
    return "somewhere off the board"


def _and(items: Sequence[str]) -> str:
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def _signed(n: Any) -> str:
    return f"+{n}" if isinstance(n, int) and n >= 0 else str(n)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


class Namer:
    """Names of players, units and face-up lands for the log, from what the seat has seen.

    ``units`` maps ids to names (from views and from the log's own ``names``); ``lands``
    maps board squares to the names of lands seen face up there. A face-down land is only
    ever "the land at …"; a unit never named to this seat is "a creature".
    """

    def __init__(self, players: Sequence[str], units: Mapping[str, str] | None = None) -> None:
        self.players = list(players)
        self.units: dict[str, str] = dict(units or {})
        self.lands: dict[Any, str] = {}
        """Face-up lands by place: a square ``(row, column)`` or a graph place's name."""
        self.cvs: dict[Any, int] = {}
        """The Conquering: conquer values rolled so far, by place (from ``cv`` events)."""
        self.possessive = False
        """Name a creature with its controller ("Ben's Serra Angel") when creatures of that
        name have been seen under more than one player (the War Game: every seat may play
        the same deck)."""
        self.owners: dict[str, int] = {}
        self._name_owners: dict[str, set[int]] = {}
        self.actor: int | None = None
        """The seat whose action a headline tells: its own creatures go without its name
        ("Cy moves Mesa Pegasus", not "Cy moves Cy's Mesa Pegasus")."""

    def learn_unit(self, unit_id: str, name: str, owner: Any) -> None:
        """A unit seen in a view: its name and (for :attr:`possessive`) its controller."""
        self.units[unit_id] = name
        if isinstance(owner, int) and not isinstance(owner, bool):
            self.owners[unit_id] = owner
            self._name_owners.setdefault(name, set()).add(owner)

    def qualified(self, unit_id: Any, name: str) -> str:
        """*name*, with its controller's when :attr:`possessive` and the name is shared."""
        if not self.possessive or not isinstance(unit_id, str):
            return name
        owner = self.owners.get(unit_id)
        if owner is None or owner == self.actor or len(self._name_owners.get(name, ())) < 2:
            return name
        return f"{self.player(owner)}'s {name}"

    def player(self, seat: Any) -> str:
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(self.players):
            return self.players[seat] or f"Player {seat + 1}"
        return "a player"

    def others(self, seat: Any) -> str:
        """Every player but *seat*, by name ("Ben", "Ben and Cy"); "the other players" when
        *seat* isn't one of them."""
        if not (isinstance(seat, int) and 0 <= seat < len(self.players)):
            return "the other players"
        return _and([self.player(s) for s in range(len(self.players)) if s != seat]) or \
            "nobody"

    def opponent(self, seat: Any) -> str:
        """The one opponent of a two-player game by name; "an opponent" with more players."""
        if len(self.players) == 2 and isinstance(seat, int) and seat in (0, 1):
            return self.player(1 - seat)
        return "an opponent"

    def unit(self, unit_id: Any) -> str:
        if isinstance(unit_id, str):
            name = self.units.get(unit_id)
            return self.qualified(unit_id, name) if name else "a creature"
        return "a creature"

    def units_of(self, ids: Any, lead: Any = None) -> list[str]:
        """Names of *ids* (lead first), for a band or a stack."""
        out: list[str] = []
        seq = [lead] if lead is not None else []
        if isinstance(ids, (list, tuple)):
            seq += [i for i in ids if i != lead]
        for unit_id in seq:
            out.append(self.unit(unit_id))
        return out

    def land(self, at: Any, name: Any = None) -> str:
        """"the Forest at column 5, row 2" (or "the land at …" while it is face down); a
        graph board's area "the Swamp at C2", a stronghold "Ben's stronghold"."""
        pos = _place_key(at)
        if isinstance(name, str) and name:
            if pos is not None:
                self.lands[pos] = name
            known: str | None = name
        else:
            known = self.lands.get(pos) if pos is not None else None
        if isinstance(at, str) and _stronghold_seat(at) is not None:
            return f"{self.player(_stronghold_seat(at))}'s stronghold"
        if isinstance(at, str) and at != "staging":
            return f"the {known or 'land'} at {at}"
        return f"the {known or 'land'} at {square(at)}"

    def learn(self, entry: Mapping[str, Any]) -> None:
        """Take the names an entry carries (its ``names`` and its events' own names)."""
        names = entry.get("names")
        if isinstance(names, Mapping):
            for unit_id, name in names.items():
                if isinstance(unit_id, str) and isinstance(name, str) and name:
                    self.units[unit_id] = name
        for item in entry.get("lands") or ():
            if isinstance(item, (list, tuple)) and len(item) == 3 and _pos(item[:2]) is not None \
                    and isinstance(item[2], str):
                self.lands[(int(item[0]), int(item[1]))] = item[2]
        for event in entry.get("events") or ():
            if not isinstance(event, Mapping):
                continue
            kind = event.get("type")
            if kind == "cast" and isinstance(event.get("id"), str) \
                    and isinstance(event.get("card"), str):
                self.units.setdefault(event["id"], event["card"])
            elif isinstance(event.get("unit"), str) and isinstance(event.get("name"), str) \
                    and kind in ("token", "died", "left", "activated", "regenerated", "manual"):
                self.units.setdefault(event["unit"], event["name"])
            elif kind == "cv" and isinstance(event.get("value"), int) and \
                    _place_key(event.get("at")) is not None:
                self.cvs[_place_key(event.get("at"))] = int(event["value"])

    def learn_view(self, view: Mapping[str, Any]) -> None:
        """Names of the units and face-up lands a view shows."""
        for unit in view.get("units") or ():
            if isinstance(unit, Mapping) and isinstance(unit.get("id"), str) and unit.get("name"):
                self.units[unit["id"]] = str(unit["name"])
        rows = (view.get("board") or {}).get("rows") or []
        for r, row in enumerate(rows):
            for c, cell in enumerate(row):
                if isinstance(cell, Mapping) and isinstance(cell.get("land"), str):
                    self.lands[(r, c)] = cell["land"]
                if isinstance(cell, Mapping) and isinstance(cell.get("cv"), int):
                    self.cvs[(r, c)] = cell["cv"]
        for name, cell in ((view.get("board") or {}).get("areas") or {}).items():
            if isinstance(cell, Mapping) and isinstance(cell.get("land"), str):
                self.lands[name] = cell["land"]
            if isinstance(cell, Mapping) and isinstance(cell.get("cv"), int):
                self.cvs[name] = cell["cv"]


def place_words(at: Any, names: Namer) -> str:
    """A place of any board: a square, a stronghold ``"S1"`` (whose it is), an area name."""
    if isinstance(at, str) and at[:1] == "S" and at[1:].isdigit():
        return f"{names.player(int(at[1:]))}'s stronghold"
    if isinstance(at, str) and at != "staging":
        return f"area {at}"
    return square(at)
