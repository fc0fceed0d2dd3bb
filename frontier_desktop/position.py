"""Position files (``spec/position-format.md``) and the ``position`` command.

A position file sets up a game state directly (a puzzle, a rules question, a bug report).
:func:`load_position` turns one into a :class:`GameState`, naming the field and the reason for
anything it can't accept; the ``position`` command prints the analysis as one JSON object.

    frontier-desktop position FILE.json [--apply ACTIONS.jsonl] [--view N] [--reveal]

Exit codes: 0 success; 2 for an invalid file or an illegal action (one line on stderr, and no
state printed: nothing is half-applied).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeGuard

from frontier_desktop import position_printed
from frontier_desktop.jsonlines import (
    KNOWN_FORMATS,
    JsonFileError,
    quoted,
    read_document,
    read_objects,
)
from frontier_desktop.rules import (
    Card,
    GameState,
    IllegalActionError,
    InvalidPositionError,
    RulesError,
    apply,
)
from frontier_desktop.rules.board import GridBoard
from frontier_desktop.rules.card import normalise_name
from frontier_desktop.rules.core import planeswalkers
from frontier_desktop.rules.mana import parse_pool
from frontier_desktop.rules.state import UNKNOWN_CARD, UNKNOWN_LAND, Cell, Permanent, PlayerState
from frontier_desktop.rules.variants import find_variant
from frontier_desktop.rules.views import describe, redact_event

if TYPE_CHECKING:
    from frontier_desktop.position_conquering import ConqueringReader

FORMAT = "frontier-position/1"
DEFAULT_LIBRARY = 20
"""Library size (unknown cards) of a player whose ``library`` the file leaves out."""

CardLookup = Callable[[str], Card | None]

_PHASES = ("untap", "upkeep", "draw", "main", "end")

# Bounds on every number a position file may give (docs/position-format.md, "Limits"): a
# file outside them is refused with exit 2 and one line naming the field, rather than
# exhausting memory or failing deep inside the engine.
MAX_SIDE = 100
"""Most rows, and most columns, of a board."""
MAX_CARDS = 1000
"""Most cards in one zone (a library count or list, a hand, a graveyard, exile)."""
MAX_UNITS = 1000
"""Most units in a position."""
MAX_NUMBER = 1_000_000
"""Largest life (either sign), damage, counter count, power/toughness (either sign), turn,
Army land life or Conquering value."""
MAX_POOL = 1000
"""Most mana in one player's pool."""
MAX_SEED = 2 ** 63
"""Seeds are integers of magnitude below 2**63, or strings of at most 200 characters."""
_UNIT_KEYS = {"id", "card", "owner", "controller", "at", "tapped", "sick", "damage", "moved",
              "attacked", "band", "counters"}


def default_lookup() -> CardLookup:
    """Names are looked up in the bundled pool, then in the user's card cache when one exists.

    No network request is made: a position file is analysed offline.
    """
    from frontier_desktop.cards.database import CardDatabase, CardSettings
    from frontier_desktop.cards.pool import BundledPool

    pool = BundledPool.load()
    settings = CardSettings.from_env(offline=True)
    database: list[CardDatabase | None] = []

    def lookup(name: str) -> Card | None:
        card = pool.card(name)
        if card is not None:
            return card
        if not database:
            exists = (settings.cache_dir / "cards.sqlite").exists()
            database.append(CardDatabase(settings) if exists else None)
        if database[0] is None:
            return None
        try:
            hit = database[0].lookup_local(name)
        except Exception:  # a broken cache must not stop a position from loading
            return None
        return hit.rules_card if hit is not None else None

    return lookup


class OnlineLookup:
    """The ``position`` command's look-up: :func:`default_lookup`, and for the names it does
    not know, Scryfall (one ``/cards/collection`` request per 75 names, stored in the card
    cache) unless offline (``FRONTIER_OFFLINE=1``) or Scryfall can't be reached."""

    def __init__(self) -> None:
        self.local = default_lookup()
        self.fetched: dict[str, Card] = {}
        self.requests = 0

    def __call__(self, name: str) -> Card | None:
        return self.local(name) or self.fetched.get(normalise_name(name))

    def fetch(self, names: list[str]) -> tuple[list[str], str]:
        """Fetch *names*; return those still unknown and, when offline, why (else "")."""
        from frontier_desktop.cards.database import CardDatabase, CardSettings
        from frontier_desktop.decks.online import NOT_FOUND, in_words

        settings = CardSettings.from_env()
        if settings.offline:
            return names, "offline"
        database = CardDatabase(settings)
        try:
            resolution = database.resolve_many(names)
            failed = [m for m in resolution.messages if not m.startswith(NOT_FOUND)]
            offline = database.is_offline or bool(failed)
            reason = in_words(next(iter(failed + database.notices),
                                   "Scryfall could not be reached"))
            self.requests += database.client.requests_made
        finally:
            database.close()
        for item, hit in resolution.found.items():
            try:
                card = hit.rules_card
            except RulesError:
                continue
            self.fetched[normalise_name(str(item))] = card
            self.fetched[normalise_name(card.name)] = card
        return list(resolution.missing), reason if offline else ""


def load_position(data: object, lookup: CardLookup | None = None, *,
                  events: list[dict[str, Any]] | None = None) -> GameState:
    """Build a game state from a parsed position document.

    The state-based checks run at once (a player at 0 life loses, lethal damage kills, a
    player with no creature gets the free-token decision), so the state is one the rules
    could have reached; their events are appended to *events* when it is given.

    With a :class:`OnlineLookup`, the card names it does not know are fetched all at once
    first; those still unknown are named together in one error, with how to fetch them.

    Raises:
        InvalidPositionError: the document breaks the format; the message names the field.
    """
    lookup = lookup or default_lookup()
    printed = data  # the command's own output reads back (position_printed)
    data = position_printed.as_input(printed)
    if isinstance(lookup, OnlineLookup):
        lookup.local = position_printed.card_lookup(printed, lookup.local)
        _fetch_unknown_names(data, lookup)
    else:
        lookup = position_printed.card_lookup(printed, lookup)
    loader = _Loader(lookup)
    state = loader.load(data)
    position_printed.restore(state, printed)
    checks: list[dict[str, Any]] = []
    if loader.places is not None:
        loader.places.started(state, checks)
    find_variant(state.variant).after_action(state, checks)
    if events is not None:
        events.extend(checks)
    return state


def _fetch_unknown_names(data: object, lookup: OnlineLookup) -> None:
    collector = _NameCollector(lookup)
    try:
        collector.load(data)
    except (RulesError, KeyError, TypeError, ValueError):
        # The real load names the problem; the names seen so far are still fetched. (A
        # variant's own checks of the dry run, Army's among them, may trip over a stand-in
        # card that is in no card table: a KeyError, not a problem of the file.)
        pass
    if not collector.unknown:
        return
    missing, offline = lookup.fetch(list(collector.unknown))
    if not missing:
        return
    where = collector.unknown[missing[0]]
    shown = ", ".join(repr(n) for n in missing)
    many = len(missing) != 1
    if offline:
        quoted = " ".join(f'"{n}"' for n in missing)
        why = (f"in neither the bundled pool nor the card cache, and no card data could be "
               f"fetched ({offline}); run `frontier-desktop cards get {quoted}` when online "
               f"to fetch {'them' if many else 'it'}, or give card objects instead")
    else:
        why = "Scryfall has no card by " + ("those names" if many else "that name")
        hint = _did_you_mean(missing[0])
        why += f"; did you mean {hint}?" if hint else "; give card objects instead"
    raise InvalidPositionError(f"{where}: unknown card{'s' if many else ''} {shown} ({why})")


def _did_you_mean(name: str) -> str:
    from frontier_desktop.cards.pool import BundledPool
    from frontier_desktop.decks.resolve import Suggester

    try:
        return " or ".join(Suggester.from_lookup(BundledPool.load()).suggest(name))
    except (OSError, ValueError):
        return ""


POSITION_FILE = "a Frontier Desktop position file"


def read_position_document(path: Path) -> dict[str, Any]:
    """The JSON document of a position file, checked to be one (not yet loaded).

    Raises:
        InvalidPositionError: unreadable, damaged, or another kind of file (a saved game, a
            deck list...), in one sentence that names the file.
    """
    try:
        data = read_document(path, POSITION_FILE)
    except JsonFileError as exc:
        raise InvalidPositionError(str(exc)) from None
    if not isinstance(data, dict):
        raise InvalidPositionError(f"{quoted(path)} isn't {POSITION_FILE} (it looks like a JSON "
                                   "file of another kind).")
    fmt = data.get("format", FORMAT)
    if fmt != FORMAT:
        kind = fmt.split("/")[0] if isinstance(fmt, str) else ""
        if kind == FORMAT.split("/")[0]:
            raise InvalidPositionError(f"{quoted(path)} was saved by another version of Frontier "
                                       "Desktop and can't be opened by this one.")
        looks = KNOWN_FORMATS.get(kind, "a JSON file of another kind")
        hint = " (open it with Open saved game, or the replay command)" \
            if kind == "frontier-record" else ""
        raise InvalidPositionError(f"{quoted(path)} isn't {POSITION_FILE}: it is {looks}{hint}.")
    return data


def read_position(path: Path, lookup: CardLookup | None = None, *,
                  events: list[dict[str, Any]] | None = None) -> GameState:
    """Read and load a position file (*events*: as :func:`load_position`).

    Raises:
        InvalidPositionError: unreadable, not JSON, or not a valid position; a file that is
            not a position at all (a saved game, a deck list) is named as what it is.
    """
    return load_position(read_position_document(path), lookup, events=events)


def _non_finite(data: object) -> str | None:
    """The path of the first NaN or ±Infinity in *data* (Python's JSON reader accepts them)."""
    todo: list[tuple[str, object]] = [("", data)]
    while todo:
        where, value = todo.pop()
        if isinstance(value, float) and not math.isfinite(value):
            return where or "position"
        if isinstance(value, Mapping):
            todo.extend((f"{where}.{k}" if where else str(k), v) for k, v in value.items())
        elif isinstance(value, list):
            todo.extend((f"{where}[{i}]", v) for i, v in enumerate(value))
    return None


def _int_in(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def player_index(value: object, players: int) -> TypeGuard[int]:
    """Whether *value* names one of *players* seats (0 to players - 1): every "must be a player
    index" check of the position readers."""
    return _int_in(value, 0, players - 1)


def grid_board(rows: object, other: str = "") -> GridBoard:
    """The grid ``board.rows`` describes: a non-empty list of rows of the same, non-zero
    length, at most :data:`MAX_SIDE` by :data:`MAX_SIDE` (*other*: what a file may give
    instead, in words, for the refusal).

    Raises:
        InvalidPositionError: naming ``board.rows``.
    """
    if not isinstance(rows, list) or not rows or not all(isinstance(r, list) for r in rows):
        raise InvalidPositionError("board.rows: must be a non-empty list of rows (lists of "
                                   f"cells){other}")
    width = len(rows[0])
    if width == 0 or any(len(r) != width for r in rows):
        raise InvalidPositionError("board.rows: every row must have the same, non-zero number "
                                   "of cells")
    if len(rows) > MAX_SIDE or width > MAX_SIDE:
        raise InvalidPositionError(f"board.rows: at most {MAX_SIDE} rows of at most {MAX_SIDE} "
                                   "cells")
    return GridBoard(len(rows), width)


class _Loader:
    dry_run = False
    """True for :class:`_NameCollector` (card names not yet looked up)."""

    def __init__(self, lookup: CardLookup) -> None:
        self.lookup = lookup
        self.reserved: set[str] = set()
        """The ids the file gives its units, permanents and spells: never given to a card."""
        self.places: ConqueringReader | None = None
        """The Conquering's or the War Game's board, strongholds and places, while loading one
        of their files (:class:`~frontier_desktop.position_wargame.WarGameReader` is a kind
        of :class:`ConqueringReader`)."""

    def fail(self, where: str, why: str) -> InvalidPositionError:
        return InvalidPositionError(f"{where}: {why}")

    # ------------------------------------------------------------------ cards
    def card(self, value: object, where: str, state: GameState) -> Card:
        if isinstance(value, str):
            if not value.strip():
                raise self.fail(where, "a card name can't be empty")
            card = self.lookup(value)
            if card is None:
                raise self.fail(where, f"unknown card {value!r} (not in the card database; "
                                       "give a card object instead)")
        elif isinstance(value, Mapping):
            try:
                card = Card.from_scryfall(value)
            except (RulesError, ValueError) as exc:
                raise self.fail(where, str(exc)) from None
            for key, number in (("power", card.base_power), ("toughness", card.base_toughness)):
                if abs(number) > MAX_NUMBER:
                    raise self.fail(f"{where}.{key}", f"must be from {-MAX_NUMBER} to {MAX_NUMBER}")
            if not 0 <= card.cmc <= MAX_NUMBER:
                raise self.fail(f"{where}.cmc", f"must be from 0 to {MAX_NUMBER}")
        else:
            raise self.fail(where, "must be a card name or a card object")
        known = state.defs.get(card.name)
        if known is not None and known != card:
            raise self.fail(where, f"two different cards are called {card.name!r}")
        state.defs[card.name] = card
        return card

    def add_card(self, state: GameState, card: Card, owner: int, prefix: str) -> str:
        obj_id = state.new_id(prefix)
        while obj_id in state.cards or obj_id in self.reserved:  # the file's own ids ("k2")
            obj_id = state.new_id(prefix)
        state.cards[obj_id] = (card.name, owner)
        return obj_id

    # ------------------------------------------------------------------ document
    def load(self, data: object) -> GameState:
        if not isinstance(data, Mapping):
            raise self.fail("position", "must be a JSON object")
        bad = _non_finite(data)
        if bad is not None:
            raise self.fail(bad, "must be a finite number (NaN and Infinity are not JSON)")
        for key in ("units", "permanents", "stack"):
            items = data.get(key)
            if isinstance(items, list):
                self.reserved |= {item["id"] for item in items
                                  if isinstance(item, Mapping) and isinstance(item.get("id"), str)}
        fmt = data.get("format", FORMAT)
        if fmt != FORMAT:
            raise self.fail("format", f"expected {FORMAT!r}, got {fmt!r}")
        variant_name = data.get("variant", "frontier")
        if not isinstance(variant_name, str):
            raise self.fail("variant", "must be a string")
        try:
            variant = find_variant(variant_name)
        except ValueError as exc:
            raise self.fail("variant", str(exc)) from None
        options = data.get("options", {})
        if not isinstance(options, Mapping):
            raise self.fail("options", "must be an object")
        try:
            opts = variant.options_with_defaults(options)
        except ValueError as exc:
            raise self.fail("options", str(exc)) from None
        players_data = data.get("players")
        if not isinstance(players_data, list) or not (
            variant.min_players <= len(players_data) <= variant.max_players
        ):
            raise self.fail("players", f"must list {variant.min_players}"
                                       f"{'' if variant.min_players == variant.max_players else '-' + str(variant.max_players)}"
                                       " players")
        board_data = data.get("board")
        if not isinstance(board_data, Mapping):
            raise self.fail("board", "must be an object with 'rows'")
        self.places = None
        if variant.name in ("conquering", "wargame"):  # strongholds outside the board
            from frontier_desktop.position_conquering import ConqueringReader
            from frontier_desktop.position_wargame import WarGameReader

            reader = WarGameReader if variant.name == "wargame" else ConqueringReader
            self.places = reader(self, board_data, len(players_data))
            state = GameState(variant.name, self.places.board, [])
            rows: list[Any] = []
        else:
            rows = board_data.get("rows")  # type: ignore[assignment]
            state = GameState(variant.name, grid_board(rows), [])
        state.options = opts
        seed = data.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, (int, str)) or (
            isinstance(seed, int) and abs(seed) >= MAX_SEED) or (
                isinstance(seed, str) and len(seed) > 200):
            raise self.fail("seed", "must be an integer of magnitude below 2**63 or a string of "
                                    "at most 200 characters")
        state.seed = str(seed)
        active = data.get("active", 0)
        if not player_index(active, len(players_data)):
            raise self.fail("active", f"must be a player index from 0 to {len(players_data) - 1}")
        state.active = active
        state.first_player = active
        phase = data.get("phase", "main")
        phases = getattr(variant, "phases", _PHASES)
        if phase not in phases:
            raise self.fail("phase", f"must be one of {', '.join(phases)}")
        state.phase = phase
        turn = data.get("turn", 2)
        if not _int_in(turn, 1, MAX_NUMBER):
            raise self.fail("turn", f"must be a whole number from 1 to {MAX_NUMBER}")
        state.turn = turn
        for i, pdata in enumerate(players_data):
            state.players.append(self.player(state, i, pdata, int(opts.get(
                "starting_life", variant.starting_life))))
        for r, row in enumerate(rows):
            for c, cell in enumerate(row):
                state.cells[(r, c)] = self.cell(state, cell, f"board.rows[{r}][{c}]")
        if self.places is not None:
            self.places.read_cells(state, players_data)
        units = data.get("units", [])
        if not isinstance(units, list):
            raise self.fail("units", "must be a list")
        if len(units) > MAX_UNITS:
            raise self.fail("units", f"at most {MAX_UNITS} units")
        for i, udata in enumerate(units):
            self.unit(state, i, udata)
        self.permanents(state, data.get("permanents", []))
        read_permanents = getattr(self.places, "read_permanents", None)
        if read_permanents is not None:  # the variant's own fields (the War Game's origin)
            read_permanents(state, data.get("permanents", []))
        self.check_units(state, units)
        if self.places is not None:
            self.places.read_units(state, units)
        self.stack(state, data.get("stack", []))
        if self.places is not None:
            self.places.finish(state)
        order = [p for p in variant.cell_order(state) if p in state.cells]
        state.cells = {**{p: state.cells[p] for p in order}, **state.cells}  # the set-up's order
        problem = variant.position_loaded(state)
        if problem:
            raise self.fail("position", problem)
        return state

    def stack(self, state: GameState, items: object) -> None:
        """``stack``: spells (and abilities) waiting to resolve, bottom first. The player who
        did not put the top one there has priority when the position starts."""
        from frontier_desktop.rules.actions import MAX_TARGETS, _target, target_to_wire

        if not isinstance(items, list) or len(items) > MAX_UNITS:
            raise self.fail("stack", f"must be a list of at most {MAX_UNITS} spells")
        seen: set[str] = set()
        for i, item in enumerate(items):
            where = f"stack[{i}]"
            if not isinstance(item, Mapping):
                raise self.fail(where, "must be an object with 'card' and 'controller'")
            controller = item.get("controller")
            if not player_index(controller, len(state.players)):
                raise self.fail(f"{where}.controller", "must be a player index")
            card = self.card(item.get("card"), f"{where}.card", state)
            sid = item.get("id", f"s{i + 1}")
            if not isinstance(sid, str) or not sid or sid in seen:
                raise self.fail(f"{where}.id", "must be a unique non-empty string")
            seen.add(sid)
            targets = item.get("targets", [])
            if not isinstance(targets, list) or len(targets) > MAX_TARGETS:
                raise self.fail(f"{where}.targets", f"must be a list of at most {MAX_TARGETS}")
            try:
                decoded = [_target(t, f"{where}.targets[{j}]") for j, t in enumerate(targets)]
            except RulesError as exc:
                raise self.fail(f"{where}.targets", str(exc)) from None
            x = item.get("x", 0)
            if not _int_in(x, 0, MAX_NUMBER):
                raise self.fail(f"{where}.x", f"must be a whole number from 0 to {MAX_NUMBER}")
            entry: dict[str, Any] = {"id": sid, "card": card.name, "controller": controller,
                                     "targets": [target_to_wire(t) for t in decoded], "x": x}
            source = item.get("source")
            if source is not None:
                if not isinstance(source, str) or source not in state.perms:
                    raise self.fail(f"{where}.source", "must be the id of a unit on the board")
                ability = item.get("ability", 0)
                if not _int_in(ability, 0, len(card.activated) - 1):
                    raise self.fail(f"{where}.ability", f"{card.name} has no such ability")
                entry.update({"kind": "ability", "source": source, "ability": ability})
            else:
                entry.update({"kind": "spell",
                              "obj": self.add_card(state, card, controller, "c")})
            state.stack.append(entry)
        if state.stack:
            # The next seat clockwise still in the game (the other player with two seats).
            mover = int(state.stack[-1]["controller"])
            other = next(iter(state.opponents(mover)), state.opponent(mover))
            state.pending = {"kind": "priority", "seat": other, "responder": other,
                             "stack": state.stack[-1]["id"], "outer": None}

    def permanents(self, state: GameState, items: object) -> None:
        """``permanents``: non-creature permanents (spec/variant-positions.md)."""
        if not isinstance(items, list):
            raise self.fail("permanents", "must be a list")
        if len(items) > MAX_UNITS:
            raise self.fail("permanents", f"at most {MAX_UNITS} permanents")
        attached: list[tuple[int, str, object]] = []
        carried: dict[str, str] = {}
        for i, pdata in enumerate(items):
            where = f"permanents[{i}]"
            if not isinstance(pdata, Mapping):
                raise self.fail(where, "must be an object")
            unknown = set(pdata) - {"id", "card", "owner", "controller", "at", "attached_to",
                                    "tapped", "counters", "carried_by"} \
                - getattr(self.places, "permanent_keys", frozenset())
            if unknown:
                raise self.fail(where, f"unknown field {sorted(unknown)[0]!r}")
            obj_id = pdata.get("id", f"p{i + 1}")
            if not isinstance(obj_id, str) or not obj_id or obj_id in state.cards:
                raise self.fail(f"{where}.id", "must be a new, non-empty string")
            if "card" not in pdata:
                raise self.fail(f"{where}.card", "is required")
            card = self.card(pdata["card"], f"{where}.card", state)
            owner = pdata.get("owner")
            if not player_index(owner, len(state.players)):
                raise self.fail(f"{where}.owner", "must be a player index")
            assert isinstance(owner, int)
            controller = pdata.get("controller", owner)
            if not player_index(controller, len(state.players)):
                raise self.fail(f"{where}.controller", "must be a player index")
            assert isinstance(controller, int)
            tapped = pdata.get("tapped", False)
            if not isinstance(tapped, bool):
                raise self.fail(f"{where}.tapped", "must be true or false")
            counters = self.counters(pdata, where)
            at = pdata.get("at")
            host = pdata.get("attached_to")
            carrier = pdata.get("carried_by")
            if carrier is not None:
                perm = self.carried(state, where, obj_id, card, controller, carrier, at, host,
                                    tapped)
                carried[obj_id] = str(carrier)  # self.carried refused anything but an id
            elif host is not None:
                attached.append((i, obj_id, host))
                perm = Permanent(obj_id, controller, "attached", tapped=tapped)
            elif self.places is not None:  # the Conquering and the War Game place none
                if card.is_creature:
                    raise self.fail(where, f"{card.name} is a creature: it belongs in 'units' "
                                           f"({self.places.title} has no staging row)")
                if at is not None:
                    raise self.fail(f"{where}.at", f"{self.places.title} puts no non-creature "
                                                   "permanent on the board: give null")
                perm = Permanent(obj_id, controller, "staging", tapped=tapped)
            elif at is None and state.variant == "frontier":
                # Frontier places no permanent on the board: null is the controller's staging
                # row (spec/variant-positions.md), as "staging" is.
                perm = Permanent(obj_id, controller, "staging", tapped=tapped)
            elif at == "staging" and state.variant == "frontier":
                perm = Permanent(obj_id, controller, "staging", tapped=tapped)
            elif at is None:
                raise self.fail(f"{where}.at", "give the land it is on, 'attached_to' or "
                                               "'carried_by'")
            else:
                try:
                    pos = state.board.pos_from_wire(at)
                except ValueError as exc:
                    raise self.fail(f"{where}.at", str(exc)) from None
                if not state.board.contains(pos):
                    raise self.fail(f"{where}.at", f"{at} is off the board")
                perm = Permanent(obj_id, controller, "board", pos, tapped=tapped)
            state.cards[obj_id] = (card.name, owner)
            perm.counters = counters
            planeswalkers.enter(state, perm)  # counters.loyalty, by default the printed one
            state.perms[obj_id] = perm
        for i, obj_id, host in attached:
            if not isinstance(host, str) or (host not in state.perms and not any(
                    c.land == host for c in state.cells.values())):
                raise self.fail(f"permanents[{i}].attached_to", f"no permanent {host!r}")
            if host == obj_id:
                raise self.fail(f"permanents[{i}].attached_to",
                                f"{state.name(obj_id)} can't be attached to itself")
            if host in state.perms and state.card(host).is_aura and \
                    not _enchants_auras(state.card(obj_id)):
                raise self.fail(f"permanents[{i}].attached_to",
                                f"{state.name(obj_id)} can't be attached to another aura "
                                f"({state.name(host)})")
            state.perms[obj_id].attached_to = host
        if carried:
            state.extra["carried"] = carried  # Army: rules/variants/army/carrying.py

    def carried(self, state: GameState, where: str, obj_id: str, card: Card, controller: int,
                carrier: object, at: object, host: object, tapped: bool) -> Permanent:
        """Army Magic's ``permanents[i].carried_by``: a non-creature artifact carried by a
        creature of the same controller; it stands on that creature's land (``at``, when
        given, must be that land)."""
        if state.variant != "army":
            raise self.fail(f"{where}.carried_by", "only Army Magic's units carry artifacts")
        if host is not None:
            raise self.fail(f"{where}.carried_by", "give 'attached_to' or 'carried_by', not both")
        if "Artifact" not in card.types or card.is_creature or card.is_land:
            raise self.fail(f"{where}.carried_by", f"{card.name} is no artifact a unit carries "
                                                   "(a non-creature artifact)")
        perm = state.perms.get(carrier) if isinstance(carrier, str) else None
        if perm is None or perm.zone != "board" or not state.card(perm.id).is_creature:
            raise self.fail(f"{where}.carried_by", f"no creature {carrier!r} among the units")
        if perm.controller != controller:
            raise self.fail(f"{where}.carried_by", f"{state.name(perm.id)} carries only its own "
                                                   "army's artifacts: give the same controller")
        if at is not None and at != state.board.pos_to_wire(perm.at):
            raise self.fail(f"{where}.at", f"a carried artifact stands on its carrier's land "
                                           f"{state.board.pos_to_wire(perm.at)} (or give null)")
        return Permanent(obj_id, controller, "board", perm.at, tapped=tapped)

    def player(self, state: GameState, i: int, pdata: object, life: int) -> PlayerState:
        where = f"players[{i}]"
        if not isinstance(pdata, Mapping):
            raise self.fail(where, "must be an object")
        name = pdata.get("name", f"Player {i + 1}")
        if not isinstance(name, str) or not name.strip():
            raise self.fail(f"{where}.name", "must be a non-empty string")
        player = PlayerState(name, life)
        state.players.append(player)  # so that ids and owners line up while loading
        value = pdata.get("life", life)
        if not _int_in(value, -MAX_NUMBER, MAX_NUMBER):
            raise self.fail(f"{where}.life", f"must be a whole number from {-MAX_NUMBER} to "
                                             f"{MAX_NUMBER}")
        player.life = value
        for zone in ("hand", "graveyard", "exile"):
            cards = pdata.get(zone, [])
            if not isinstance(cards, list):
                raise self.fail(f"{where}.{zone}", "must be a list of cards")
            if len(cards) > MAX_CARDS:
                raise self.fail(f"{where}.{zone}", f"at most {MAX_CARDS} cards")
            for j, cdata in enumerate(cards):
                card = self.card(cdata, f"{where}.{zone}[{j}]", state)
                getattr(player, zone).append(self.add_card(state, card, i, "h" if zone == "hand" else "g"))
        library = pdata.get("library", DEFAULT_LIBRARY)
        if isinstance(library, int) and not isinstance(library, bool):
            if library < 0:
                raise self.fail(f"{where}.library", "can't be negative")
            if library > MAX_CARDS:
                raise self.fail(f"{where}.library", f"at most {MAX_CARDS} cards")
            if UNKNOWN_CARD not in state.defs:
                state.defs[UNKNOWN_CARD] = Card(name=UNKNOWN_CARD)
            for _ in range(library):
                player.library.append(self.add_card(state, state.defs[UNKNOWN_CARD], i, "k"))
        elif isinstance(library, list):
            if len(library) > MAX_CARDS:
                raise self.fail(f"{where}.library", f"at most {MAX_CARDS} cards")
            for j, cdata in enumerate(library):
                card = self.card(cdata, f"{where}.library[{j}]", state)
                player.library.append(self.add_card(state, card, i, "k"))
        else:
            raise self.fail(f"{where}.library", "must be a count or a list of cards")
        pool = pdata.get("mana_pool", "")
        if not isinstance(pool, str):
            raise self.fail(f"{where}.mana_pool", 'must be a string like "{G}{G}{1}"')
        if len(pool) > 10 * MAX_POOL:
            raise self.fail(f"{where}.mana_pool", f"at most {MAX_POOL} mana")
        try:
            player.pool = parse_pool(pool)
        except ValueError as exc:
            raise self.fail(f"{where}.mana_pool", str(exc)) from None
        if sum(player.pool.values()) > MAX_POOL:
            raise self.fail(f"{where}.mana_pool", f"at most {MAX_POOL} mana")
        responses = pdata.get("responses", False)
        if not isinstance(responses, bool):
            raise self.fail(f"{where}.responses", "must be true or false")
        player.responses = responses
        assign = pdata.get("assign", True)
        if not isinstance(assign, bool):
            raise self.fail(f"{where}.assign", "must be true or false")
        player.assign = assign
        state.players.pop()
        return player

    def cell(self, state: GameState, value: object, where: str) -> Cell:
        if isinstance(value, str):
            text = value.strip()
            if text == "#":
                return Cell(None)
            tapped = text.endswith("*")
            if tapped:
                text = text[:-1].strip()
            face_up = not text.startswith("?")
            if not face_up:
                text = text[1:].strip()
            if not text:
                if face_up:
                    raise self.fail(where, "an empty cell: use a land name, '?' or '#'")
                return self.unknown_land(state, tapped)
            card = self.card(text, where, state)
            self.check_land(card, where)
            land_id = self.add_card(state, card, -1, "L")
            return Cell(land_id, face_up, state.active if tapped else None)
        if isinstance(value, Mapping):
            if value.get("hole") is True:
                return Cell(None)
            land = value.get("land")
            face_up = value.get("face_up", True)
            if not isinstance(face_up, bool):
                raise self.fail(f"{where}.face_up", "must be true or false")
            tapped_by = value.get("tapped_by")
            if tapped_by is not None and not player_index(tapped_by, len(state.players)):
                raise self.fail(f"{where}.tapped_by", "must be a player index or null")
            if land is None:
                if face_up:
                    raise self.fail(f"{where}.land", "a face-up land needs a 'land' (or use "
                                                     '"hole": true)')
                cell = self.unknown_land(state, False)
                cell.tapped_by = tapped_by
                if "id" in value:  # the id an output printed for it
                    state.cards.pop(str(cell.land))
                    cell.land = self.land_id(state, state.defs[UNKNOWN_LAND], value, where)
                return cell
            card = self.card(land, f"{where}.land", state)
            self.check_land(card, f"{where}.land")
            land_id = self.land_id(state, card, value, where)
            fields = find_variant(state.variant).cell_fields
            extra = {k: value[k] for k in fields if k in value}
            controller = extra.get("controller")
            if controller is not None and not player_index(controller, len(state.players)):
                raise self.fail(f"{where}.controller", "must be a player index or null")
            for key in ("life", "cv"):
                if key in extra and extra[key] is not None and not _int_in(
                        extra[key], -MAX_NUMBER, MAX_NUMBER):
                    raise self.fail(f"{where}.{key}", f"must be a whole number from "
                                                      f"{-MAX_NUMBER} to {MAX_NUMBER} or null")
            owner = extra.get("stronghold_of")
            if owner is not None and not player_index(owner, len(state.players)):
                raise self.fail(f"{where}.stronghold_of", "must be a player index or null")
            return Cell(land_id, face_up, tapped_by, extra or None)
        raise self.fail(where, "a cell is a string (\"Forest\", \"?Island\", \"?\", \"#\") or an object")

    def land_id(self, state: GameState, card: Card, value: Mapping[str, Any], where: str) -> str:
        """The id of the land of cell object *value*: its ``id`` when it gives one (the
        command prints each land's, so that an aura's ``attached_to`` reads back), else a
        new one."""
        given = value.get("id")
        if given is None:
            return self.add_card(state, card, -1, "L")
        if not isinstance(given, str) or not given or len(given) > 64 or given in state.cards:
            raise self.fail(f"{where}.id", "must be a new, non-empty string (a land's id)")
        state.cards[given] = (card.name, -1)
        return given

    def unknown_land(self, state: GameState, tapped: bool) -> Cell:
        if UNKNOWN_LAND not in state.defs:
            state.defs[UNKNOWN_LAND] = Card(name=UNKNOWN_LAND, type_line="Land")
        land_id = self.add_card(state, state.defs[UNKNOWN_LAND], -1, "L")
        return Cell(land_id, False, state.active if tapped else None)

    def check_land(self, card: Card, where: str) -> None:
        if not card.is_land:
            raise self.fail(where, f"{card.name} is not a land")

    def unit(self, state: GameState, i: int, udata: object) -> None:
        where = f"units[{i}]"
        if not isinstance(udata, Mapping):
            raise self.fail(where, "must be an object")
        unknown = set(udata) - _UNIT_KEYS - (self.places.unit_keys if self.places else set())
        if unknown:
            raise self.fail(where, f"unknown field {sorted(unknown)[0]!r}")
        unit_id = udata.get("id", f"u{i + 1}")
        if not isinstance(unit_id, str) or not unit_id:
            raise self.fail(f"{where}.id", "must be a non-empty string")
        if unit_id in state.cards:
            raise self.fail(f"{where}.id", f"{unit_id!r} is used twice")
        if "card" not in udata:
            raise self.fail(f"{where}.card", "is required")
        card = self.card(udata["card"], f"{where}.card", state)
        owner = udata.get("owner")
        if not player_index(owner, len(state.players)):
            raise self.fail(f"{where}.owner", f"must be a player index from 0 to {len(state.players) - 1}")
        controller = udata.get("controller", owner)
        if not player_index(controller, len(state.players)):
            raise self.fail(f"{where}.controller", "must be a player index")
        at = udata.get("at")
        if self.places is not None:
            zone, pos = "board", self.places.place(state, at, owner, f"{where}.at")
        elif at == "staging":
            zone, pos = "staging", None
        elif isinstance(at, list):
            try:
                pos = state.board.pos_from_wire(at)
            except ValueError as exc:
                raise self.fail(f"{where}.at", str(exc)) from None
            if not state.board.contains(pos):
                raise self.fail(f"{where}.at", f"{at} is off the board ({state.board.rows} rows x "  # type: ignore[attr-defined]
                                               f"{state.board.cols} columns)")  # type: ignore[attr-defined]
            zone = "board"
        else:
            raise self.fail(f"{where}.at", 'must be [row, col] or "staging"')
        flags = {}
        for key in ("tapped", "sick", "moved", "attacked"):
            value = udata.get(key, False)
            if not isinstance(value, bool):
                raise self.fail(f"{where}.{key}", "must be true or false")
            flags[key] = value
        damage = udata.get("damage", 0)
        if not _int_in(damage, 0, MAX_NUMBER):
            raise self.fail(f"{where}.damage", f"must be a whole number from 0 to {MAX_NUMBER}")
        counters = self.counters(udata, where)
        band = udata.get("band", [])
        if not isinstance(band, list) or not all(isinstance(b, str) for b in band):
            raise self.fail(f"{where}.band", "must be a list of unit ids")
        state.cards[unit_id] = (card.name, owner)
        state.perms[unit_id] = Permanent(
            unit_id, controller, zone, pos, tapped=flags["tapped"], damage=damage,
            counters=dict(counters), sick=flags["sick"], moved=flags["moved"],
            attacked=flags["attacked"],
        )
        planeswalkers.enter(state, state.perms[unit_id])  # a planeswalker's printed loyalty

    def counters(self, data: Mapping[str, Any], where: str) -> dict[str, int]:
        """A unit's or permanent's ``counters`` (``{"loyalty": 3, "+1/+1": 1}``), checked."""
        counters = data.get("counters", {})
        if not isinstance(counters, Mapping) or not all(
            isinstance(k, str) and _int_in(v, 0, MAX_NUMBER) for k, v in counters.items()
        ):
            raise self.fail(f"{where}.counters", 'must map counter kinds to counts (0 to '
                                                 f'{MAX_NUMBER}), e.g. {{"+1/+1": 2}}')
        return dict(counters)

    def check_units(self, state: GameState, units: list[Any]) -> None:
        occupied: dict[Any, list[Permanent]] = {}
        for perm in state.perms.values():
            if perm.zone == "board":
                occupied.setdefault(perm.at, []).append(perm)
        for i, udata in enumerate(units):
            unit_id = udata.get("id", f"u{i + 1}")
            perm = state.perms[unit_id]
            for other in udata.get("band", []):
                if other not in state.perms:
                    raise self.fail(f"units[{i}].band", f"no unit {other!r}")
                if state.perms[other].at != perm.at or perm.zone != "board":
                    raise self.fail(f"units[{i}].band", f"{other!r} is not on the same square")
        from frontier_desktop.rules.variants.frontier.board import can_stack

        if state.variant != "frontier":
            return  # the variant's own check (position_loaded) says who may share a land
        for pos, group in occupied.items():
            if len(group) > 1 and not can_stack(state, group, []):
                ids = ", ".join(p.id for p in group)
                raise self.fail("units", f"{ids} share the square {list(pos)}: only a banding "
                                         "stack (one controller, at most one creature without "
                                         "banding) may")


def _enchants_auras(card: Card) -> bool:
    """Whether an aura's "Enchant …" phrase allows another aura as its host (Enchant Aura,
    Enchant enchantment)."""
    text = card.oracle_text.lower()
    return "enchant aura" in text or "enchant enchantment" in text


# ---------------------------------------------------------------------- command line
class _NameCollector(_Loader):
    """A dry run of the loader that notes every card name its look-up does not know (and
    where it first appears) instead of stopping at the first."""

    dry_run = True

    def __init__(self, lookup: CardLookup) -> None:
        super().__init__(lookup)
        self.unknown: dict[str, str] = {}
        """Each unknown name as first written → where it first appears."""
        self._seen: set[str] = set()

    def card(self, value: object, where: str, state: GameState) -> Card:
        if isinstance(value, str) and value.strip() and self.lookup(value) is None:
            if normalise_name(value) not in self._seen:
                self._seen.add(normalise_name(value))
                self.unknown.setdefault(value, where)
            return Card(name=value, type_line="Land Creature", power="1", toughness="1")
        return super().card(value, where, state)


def read_actions(path: Path) -> list[tuple[int, dict[str, Any]]]:
    """``(line number, action object)`` for each non-blank line of a JSON Lines file.

    Raises:
        InvalidPositionError: unreadable file or a line that is not a JSON object.
    """
    try:
        return read_objects(path, "a list of actions")
    except JsonFileError as exc:
        raise InvalidPositionError(str(exc)) from None


def apply_actions(state: GameState, actions: list[tuple[int, dict[str, Any]]],
                  source: str) -> tuple[GameState, list[dict[str, Any]]]:
    """Apply each action (optional ``"seat"`` field: who acts; default the active player,
    whoever ``pending`` names: spec/variant-positions.md, Actions).

    Raises:
        RulesError: the first illegal or malformed action, its message naming the line.
    """
    events: list[dict[str, Any]] = []
    for number, obj in actions:
        obj = dict(obj)
        seat = obj.pop("seat", None)
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise InvalidPositionError(f"{source} line {number}: 'seat' must be a player index")
        if seat is None:  # the spec: an action without "seat" is the active player's,
            seat = state.active  # whoever ``pending`` names
        try:
            state, new_events = apply(state, obj, seat)
        except RulesError as exc:
            kind = obj.get("type", "action")
            if isinstance(exc, IllegalActionError):
                raise InvalidPositionError(f"{source} line {number}: illegal {kind}: {exc}") from None
            raise InvalidPositionError(f"{source} line {number}: {exc}") from None
        events.extend(new_events)
    return state, events


def analyse(state: GameState, events: list[dict[str, Any]], *, view: int | None,
            reveal: bool, lookup: CardLookup | None = None) -> dict[str, Any]:
    """The ``position`` command's output object; its ``cards`` carry every card it names
    that *lookup* (by default :func:`default_lookup`) doesn't know as it is here, so that the
    output reads back anywhere (:mod:`.position_printed`)."""
    out = describe(state, viewer=view, reveal=reveal)
    out["cards"] = position_printed.printed_cards(state, out, lookup or default_lookup())
    for player, seat in zip(out["players"], state.players):
        player["eliminated"] = bool(seat.lost)  # spec/variant-positions.md's name for it
    out["events"] = []
    for event in events:
        out["events"].append(redact_event(event, view))
        if event.get("type") == "lost":  # the spec's event for a player out of the game
            out["events"].append({"type": "eliminated", "player": event.get("player"),
                                  "reason": event.get("reason")})
    return out


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "position", help="analyse a position file (and apply actions to it)",
        description="Print a position's facts as one JSON object: effective power/toughness, "
        "moves, attacks and legal actions. Exit 2 with one line on stderr for an invalid "
        "file or an illegal action.")
    parser.add_argument("file", type=Path, help="the position file (JSON)")
    parser.add_argument("--apply", type=Path, metavar="ACTIONS.jsonl",
                        help="apply these actions (one JSON object a line) first")
    parser.add_argument("--view", metavar="N",
                        help="print player N's view (only what that player may know)")
    parser.add_argument("--reveal", action="store_true",
                        help="print face-down lands' identities (the analysis sees all)")
    parser.set_defaults(func=run)


def view_argument(text: str | None) -> int | None:
    """``--view N`` as a seat number (None: no view); a value that is no whole number is
    refused in one line (the command's other errors are one line too).

    Raises:
        ValueError: not a whole number.
    """
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"--view {text}: must be a player index (0 for the first player)") \
            from None


def run(args: argparse.Namespace) -> int:
    try:
        events: list[dict[str, Any]] = []
        view = view_argument(args.view)
        lookup = OnlineLookup()
        state = read_position(args.file, lookup, events=events)
        if view is not None and not 0 <= view < len(state.players):
            raise InvalidPositionError(f"--view {view}: there are {len(state.players)} players")
        if view is not None and args.reveal:
            raise InvalidPositionError("--view and --reveal don't go together: a player's view "
                                       "never shows face-down lands")
        if args.apply is not None:
            state, applied = apply_actions(state, read_actions(args.apply), str(args.apply))
            events.extend(applied)
        out = analyse(state, events, view=view, reveal=args.reveal, lookup=lookup)
    except RulesError as exc:
        print(f"frontier-desktop position: {exc}", file=sys.stderr)
        return 2
    except (OSError, ValueError) as exc:
        print(f"frontier-desktop position: {exc}", file=sys.stderr)
        return 2
    json.dump(out, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0
