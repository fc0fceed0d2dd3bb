"""Reading back what the ``position`` command printed (spec/variant-positions.md: the reader
never refuses a state the engine printed).

The command's output is a superset of its input: it adds facts the engine works out (power
and toughness, moves, attacks, legal actions, who acts, which player a Frontier square's
creatures give it to) and it prints some state under other names than the input (a unit's
``name`` for its ``card``, a graph board's area as one flat cell, a stronghold's cell fields).
:func:`as_input` turns a printed object into the input the reader knows, dropping only the
worked-out facts (the engine works them out again), and :func:`restore` puts back, once the
reader has built the state, what the input format has no field for: the ids of the cards in
hand, the state's number, the turn's flags, a stronghold's tapped or face-down state.
:func:`card_lookup` reads the cards the output carries (``cards``: every card it names that
the card database doesn't know as it is, tokens among them).

A document that is no printed output (it has no ``state_id`` and ``acting``) passes through
unchanged, so every input rule still holds for hand-written files.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from frontier_desktop.rules import Card, GameState, InvalidPositionError, RulesError
from frontier_desktop.rules.state import Permanent
from frontier_desktop.rules.core import control
from frontier_desktop.rules.turn_record import shape_problem

MAX_CARDS = 2000
"""Most card objects a printed ``cards`` map may carry."""

_DERIVED_TOP = ("acting", "legal_actions", "events", "viewer", "cards", "this_turn")
"""Top-level facts the engine works out again (who acts, what they may do, what happened)."""
_DERIVED_UNIT = ("power", "toughness", "base_power", "base_toughness", "colors", "moves",
                 "attacks", "can_attack_player", "unit", "top", "stack", "regen_shield",
                 "this_turn")
"""A printed unit's worked-out facts (its effective P/T, where it may go, its land's unit),
and what :func:`restore` puts back."""
_DERIVED_PLAYER = ("hand_count", "library_count", "lost", "hand_ids", "land_graveyard",
                   "poison")
_RESTORED_TOP = ("state_id", "moves_started", "moves_closed", "attacking", "attacks_closed")
_NULL_WHEN_QUIET = ("pending", "decision", "winner")
"""Printed as null when nothing waits (nobody has won): a null one says nothing."""
_DERIVED_CELL = {"frontier": ("controller",), "wargame": ("controller",)}
"""Cell fields a variant works out (who stands there) rather than keeps."""
_STRONGHOLD_PRINTED = ("place", "hole", "stronghold_of", "letter", "face_up", "tapped_by", "id")
"""A printed stronghold's fields that its place, its player or :func:`restore` give."""


def is_printed(data: object) -> bool:
    """Whether *data* looks like the command's output (it always prints ``state_id`` and
    ``acting``)."""
    return isinstance(data, Mapping) and "state_id" in data and "acting" in data


def as_input(data: Any) -> Any:
    """*data* as the reader's input: a printed output with its worked-out facts dropped and
    its renamed fields under their input names; anything else unchanged."""
    if not is_printed(data):
        return data
    out = {k: v for k, v in data.items() if k not in _DERIVED_TOP and k not in _RESTORED_TOP}
    for key in _NULL_WHEN_QUIET:
        if key in out and out[key] is None:
            del out[key]
    if out.get("game_over") is False:
        del out["game_over"]
    variant = out.get("variant", "frontier")
    players = out.get("players")
    if isinstance(players, list):
        out["players"] = [_player(p, str(variant)) for p in players]
    units = out.get("units")
    if isinstance(units, list):
        out["units"] = [_named(_drop(u, _DERIVED_UNIT)) for u in units]
    permanents = out.get("permanents")
    if isinstance(permanents, list):
        out["permanents"] = [_named(_drop(p, ("zone", "this_turn"))) for p in permanents]
    board = out.get("board")
    if isinstance(board, Mapping):
        out["board"] = _board(board, _DERIVED_CELL.get(str(variant), ()))
    return out


def _drop(item: Any, keys: tuple[str, ...]) -> Any:
    if not isinstance(item, Mapping):
        return item
    return {k: v for k, v in item.items() if k not in keys}


def _named(item: Any) -> Any:
    """A printed object's ``name`` as the input's ``card``."""
    if isinstance(item, Mapping) and "name" in item and "card" not in item:
        item = dict(item)
        item["card"] = item.pop("name")
    return item


def _player(pdata: Any, variant: str) -> Any:
    if not isinstance(pdata, Mapping):
        return pdata
    out = _drop(pdata, _DERIVED_PLAYER)
    pile = out.get("graveyard")
    if variant == "wargame" and isinstance(pile, list) and pile \
            and out.get("removed") == len(pile):
        out["removed"] = out.pop("graveyard")  # the removed pile, printed by name and count
    for zone in ("graveyard", "exile"):
        if out.get(zone) == []:
            del out[zone]  # empty, as a file leaves it out (the War Game has neither)
    if "library" not in out and isinstance(pdata.get("library_count"), int):
        out["library"] = pdata["library_count"]  # not revealed: the library's size only
    return out


def _cell(value: Any, derived: tuple[str, ...]) -> Any:
    if not isinstance(value, Mapping):
        return value
    out = {k: v for k, v in value.items() if k not in derived}
    if out.get("hole") is False:
        del out["hole"]
    if "land" in out and out["land"] is None and out.get("face_up") is False:
        del out["land"]  # a face-down land printed without its identity
    return out


def _board(board: Mapping[str, Any], derived: tuple[str, ...]) -> dict[str, Any]:
    out = dict(board)
    areas = board.get("areas")
    if isinstance(areas, Mapping):
        if board.get("rows") == []:
            del out["rows"]  # a graph board prints no grid
        out["areas"] = {
            name: ({"land": _cell(_drop(area, ("neighbours",)), derived),
                    "neighbours": area.get("neighbours", [])}
                   if isinstance(area, Mapping) and "neighbours" in area
                   and not isinstance(area.get("land"), Mapping) else area)
            for name, area in areas.items()}
    rows = out.get("rows")
    if isinstance(rows, list):
        out["rows"] = [[_cell(c, derived) for c in row] if isinstance(row, list) else row
                       for row in rows]
    strongholds = board.get("strongholds")
    if isinstance(strongholds, list):
        out["strongholds"] = [_stronghold(s) for s in strongholds]
    return out


def _stronghold(item: Any) -> Any:
    if not isinstance(item, Mapping):
        return item
    out = _drop(item, _STRONGHOLD_PRINTED)
    for key in ("cv", "turns_left"):
        if key in out and out[key] is None:
            del out[key]
    return out


def card_lookup(data: object, fallback: Callable[[str], Card | None]
                ) -> Callable[[str], Card | None]:
    """A lookup that finds the cards a printed output carries (``cards``: name → card object)
    before *fallback*.

    Raises:
        InvalidPositionError: a ``cards`` map that is no map of card objects.
    """
    if not is_printed(data):
        return fallback
    assert isinstance(data, Mapping)
    given = data.get("cards", {})
    if not isinstance(given, Mapping) or len(given) > MAX_CARDS:
        raise InvalidPositionError(f"invalid position: cards: must map at most {MAX_CARDS} "
                                   "card names to card objects")
    known: dict[str, Card] = {}
    for name, obj in given.items():
        if not isinstance(obj, Mapping) or obj.get("name") != name:
            raise InvalidPositionError(f"invalid position: cards.{name}: must be a card object "
                                       "with that name")
        try:
            known[name] = Card.from_scryfall(obj)
        except (RulesError, ValueError) as exc:
            raise InvalidPositionError(f"invalid position: cards.{name}: {exc}") from None

    def lookup(name: str) -> Card | None:
        return known.get(name) or fallback(name)

    return lookup


def printed_cards(state: GameState, out: Mapping[str, Any],
                  lookup: Callable[[str], Card | None]) -> dict[str, Any]:
    """The ``cards`` map of an output: every card *out* names (units, permanents, hands,
    graveyards, exile, libraries, lands, the stack) that *lookup* doesn't give as it is here,
    as a card object, so that the output reads back on any machine."""
    names: set[str] = set()
    for item in list(out.get("units", ())) + list(out.get("permanents", ())):
        names.add(str(item.get("name")))
    for item in out.get("stack", ()):
        names.add(str(item.get("card")))
    for player in out.get("players", ()):
        for zone in ("hand", "graveyard", "exile", "library", "land_graveyard"):
            value = player.get(zone)
            if isinstance(value, list):
                names.update(str(v) for v in value)
    board = out.get("board", {})
    cells = [c for row in board.get("rows", ()) for c in row]
    cells += list(board.get("areas", {}).values()) + list(board.get("strongholds", ()))
    names.update(str(c["land"]) for c in cells if isinstance(c.get("land"), str))
    result: dict[str, Any] = {}
    for name in sorted(names):
        card = state.defs.get(name)
        if card is not None and lookup(name) != card:
            result[name] = card.to_scryfall()
    return result


def restore(state: GameState, data: object) -> None:
    """Put back on *state* (just read from ``as_input(data)``) what the input format has no
    field for: ids of the cards in hand, the state's number, the turn's flags, units'
    regeneration shields, strongholds' face and tap.

    Raises:
        InvalidPositionError: printed ids that clash with the state's.
    """
    if not is_printed(data):
        return
    assert isinstance(data, Mapping)
    state_id = data.get("state_id")
    if isinstance(state_id, int) and not isinstance(state_id, bool) and 0 <= state_id < 2**62:
        state.state_id = state_id
    for key in _RESTORED_TOP[1:]:
        value = data.get(key)
        if isinstance(value, bool):
            setattr(state, key, value)
    _turn_record(state, data.get("this_turn", {}))
    players = data.get("players")
    if isinstance(players, list):
        for seat, pdata in enumerate(players[:len(state.players)]):
            if isinstance(pdata, Mapping):
                _hand_ids(state, seat, pdata.get("hand_ids"))
                _poison(state, seat, pdata.get("poison"))
    for key in ("units", "permanents"):
        items = data.get(key)
        for i, item in enumerate(items if isinstance(items, list) else ()):
            if isinstance(item, Mapping) and item.get("id") in state.perms:
                _marks(state.perms[item["id"]], item, f"{key}[{i}]")
                if (item.get("this_turn") or {}).get("control"):  # core/control.py
                    perm = state.perms[item["id"]]
                    state.extra[control.EOT] = {**(state.extra.get(control.EOT) or {}),
                                                perm.id: perm.controller}
                    state.extra[control.HELD] = sorted({*state.extra.get(control.HELD, ()),
                                                        perm.id})
    board = data.get("board")
    strongholds = board.get("strongholds") if isinstance(board, Mapping) else None
    for item in strongholds if isinstance(strongholds, list) else ():
        cell = state.cells.get(item.get("place")) if isinstance(item, Mapping) else None
        if cell is None:
            continue
        if isinstance(item.get("face_up"), bool) and item.get("land") is not None:
            cell.face_up = item["face_up"]
        tapper = item.get("tapped_by")
        if tapper is None or (isinstance(tapper, int) and not isinstance(tapper, bool)
                              and 0 <= tapper < len(state.players)):
            cell.tapped_by = tapper


def _hand_ids(state: GameState, seat: int, ids: object) -> None:
    """Give seat's hand the ids the output printed (``hand_ids``), when they fit."""
    hand = state.players[seat].hand
    if not isinstance(ids, list) or len(ids) != len(hand) or not all(
            isinstance(i, str) and i for i in ids):
        return
    if len(set(ids)) != len(ids) or any(i in state.cards and i not in hand for i in ids):
        raise InvalidPositionError(f"invalid position: players[{seat}].hand_ids: must be new, "
                                   "distinct ids, one per card in hand")
    entries = [state.cards.pop(old) for old in hand]
    for new, entry in zip(ids, entries):
        state.cards[new] = entry
    state.players[seat].hand = list(ids)


def _poison(state: GameState, seat: int, value: object) -> None:
    if isinstance(value, int) and not isinstance(value, bool) and 0 < value <= 1000:
        state.extra.setdefault("fx_poison", {})[str(seat)] = value


def _count(value: object, high: int = 1000) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= high


def _marks(perm: Permanent, item: Mapping[str, Any], where: str) -> None:
    """A printed unit's or permanent's regeneration shields and ``this_turn`` effects.

    Raises:
        InvalidPositionError: one that is no such thing (named by its field).
    """
    def fail(field: str, why: str) -> InvalidPositionError:
        return InvalidPositionError(f"invalid position: {where}.{field}: {why}")

    shield = item.get("regen_shield", 0)
    if not _count(shield, 99):
        raise fail("regen_shield", "must be a whole number from 0 to 99")
    perm.regen_shield = shield
    marks = item.get("this_turn", {})
    if not isinstance(marks, Mapping) or set(marks) - _MARKS:
        raise fail("this_turn", f"must be an object of {', '.join(sorted(_MARKS))}")
    pt = marks.get("pt", [0, 0])
    if not (isinstance(pt, list) and len(pt) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) and abs(v) <= MAX_NUMBER for v in pt)):
        raise fail("this_turn.pt", "must be [power change, toughness change]")
    keywords = marks.get("keywords", [])
    if not (isinstance(keywords, list) and len(keywords) <= 50
            and all(isinstance(k, str) and 0 < len(k) <= 40 for k in keywords)):
        raise fail("this_turn.keywords", "must be a list of keywords")
    prevent = marks.get("prevent", 0)
    if not _count(prevent, MAX_NUMBER):
        raise fail("this_turn.prevent", f"must be a whole number from 0 to {MAX_NUMBER}")
    activations = marks.get("activations", {})
    if not (isinstance(activations, Mapping) and len(activations) <= 50 and all(
            isinstance(k, str) and k.isdigit() and _count(v) for k, v in activations.items())):
        raise fail("this_turn.activations", "must map ability indexes to counts")
    flags = {k: marks.get(k, False) for k in ("attack_tapped", "deathtouched", "control")}
    for key, flag in flags.items():
        if not isinstance(flag, bool):
            raise fail(f"this_turn.{key}", "must be true or false")
    perm.pt_mod = (pt[0], pt[1])
    perm.granted = tuple(keywords)
    perm.prevent = prevent
    perm.activations = {str(k): int(v) for k, v in activations.items()}
    perm.attack_tapped = flags["attack_tapped"]
    perm.deathtouched = flags["deathtouched"]


_MARKS = frozenset({"pt", "keywords", "prevent", "activations", "attack_tapped", "deathtouched",
                    "control"})
MAX_NUMBER = 1_000_000


def _turn_record(state: GameState, record: object) -> None:
    """``this_turn``: what the variant notes about the turn so far, checked against the shape
    it declares (:attr:`Variant.turn_record`) and put back.

    Raises:
        InvalidPositionError: a key the variant doesn't note, or a value of another shape.
    """
    from frontier_desktop.rules.variants import find_variant

    shape = find_variant(state.variant).turn_record
    if not isinstance(record, Mapping) or set(record) - set(shape):
        keys = ", ".join(sorted(shape)) or "nothing"
        raise InvalidPositionError(f"invalid position: this_turn: must be an object of {keys}")
    for key, value in record.items():
        problem = shape_problem(state, value, shape[key])
        if problem:
            raise InvalidPositionError(f"invalid position: this_turn.{key}: {problem}")
        state.extra[key] = value

