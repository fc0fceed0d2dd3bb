"""Army Magic's carried artifacts (``shared/rules/army.md``, "Units" and the equipment ruling).

A unit is its creatures "with what they carry": an artifact a creature carries stands on that
creature's land and goes wherever it goes (a move, a retreat, a capture, a change of control:
its controller is the carrier's). It is *dropped* on its land when the creature leaves the
battlefield (as a dropped equipment, ``rules/core/equipment.py``: whoever controls that land
takes it); an artifact lying on a land (dropped, placed there when cast, or not carried when
its land was lost) may be picked up by any creature standing there, of either army
(``pick_up``, or naming it in a ``move``'s ``units``); the picker's controller then controls
it. An equipment attached to a creature moves with it as an attachment (``attached_to``); once
dropped it lies on the land like any other artifact (``rules/core/equipment.py``).

The record is ``GameState.extra[CARRIED]``: artifact id → the id of the creature carrying it.
:func:`follow` keeps every carried artifact on its carrier's land and drops those whose
carrier is gone; the variant calls it after each death check and each action.
"""

from __future__ import annotations

from typing import Any

from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.core.shared import wire
from frontier_desktop.rules.variants.army.board import controller

Event = dict[str, Any]

CARRIED = "carried"
"""``GameState.extra`` key: artifact id → the creature carrying it."""


def record(state: GameState) -> dict[str, str]:
    """The carried artifacts (artifact id → carrier id), as stored (read only)."""
    value = state.extra.get(CARRIED)
    return value if isinstance(value, dict) else {}


def is_carriable(state: GameState, obj: str) -> bool:
    """A non-creature artifact (equipment included): what a unit may carry."""
    card = state.card(obj)
    return "Artifact" in card.types and not card.is_creature


def _on_board_creature(state: GameState, obj: str | None) -> Permanent | None:
    perm = state.perms.get(obj) if obj is not None else None
    if perm is None or perm.zone != "board" or not state.card(perm.id).is_creature:
        return None
    return perm


def carrier_of(state: GameState, obj: str) -> str | None:
    """The creature on the battlefield carrying the artifact *obj* (None: it is carried by
    nobody, or its carrier is gone)."""
    carrier = _on_board_creature(state, record(state).get(obj))
    return carrier.id if carrier is not None else None


def carried_by(state: GameState, creature: str) -> list[str]:
    """The artifacts *creature* carries."""
    return sorted(a for a, c in record(state).items() if c == creature and a in state.perms)


def lying_at(state: GameState, pos: Pos) -> list[Permanent]:
    """The artifacts lying on the land at *pos*: on the board there, carried by nobody."""
    return [p for p in state.perms.values() if p.zone == "board" and p.at == pos
            and is_carriable(state, p.id) and carrier_of(state, p.id) is None
            and not state.card(p.id).is_land]


def pickup_problem(state: GameState, seat: int, creature: str, obj: str) -> str | None:
    """Why *seat*'s *creature* can't pick up *obj* now (None: it can)."""
    perm = _on_board_creature(state, creature)
    if perm is None:
        return f"no creature {creature!r} on the board"
    if perm.controller != seat:
        return f"{state.name(creature)} is not yours"
    art = state.perms.get(obj)
    if art is None or not is_carriable(state, obj) or state.card(obj).is_land:
        return f"there is no artifact {obj!r} on the battlefield to pick up"
    if art.zone == "attached":
        return f"{state.name(obj)} is attached to {state.name(art.attached_to or '')}"
    holder = carrier_of(state, obj)
    if holder == creature:
        return f"{state.name(creature)} already carries {state.name(obj)}"
    if holder is not None:
        return f"{state.name(holder)} carries {state.name(obj)}"
    if art.zone != "board" or art.at != perm.at:
        return f"{state.name(obj)} does not lie on {state.name(creature)}'s land"
    return None


def pick_up(state: GameState, creature: str, obj: str, events: list[Event]) -> None:
    """*creature* picks up (or takes over within its unit) the artifact *obj*: its unit
    carries it, and its controller controls it."""
    carrier = state.perms[creature]
    art = state.perms[obj]
    before = art.controller
    art.zone, art.at, art.attached_to = "board", carrier.at, None
    art.controller = carrier.controller
    state.extra[CARRIED] = {**record(state), obj: creature}
    event: Event = {"type": "picked_up", "unit": creature, "permanent": obj,
                    "name": state.name(obj), "at": wire(state, carrier.at),
                    "player": carrier.controller}
    if before != carrier.controller:
        event["from"] = before
    events.append(event)


def stop_carrying(state: GameState, obj: str) -> None:
    """*obj* is no longer carried (it was attached by "Equip", or left the battlefield)."""
    if obj in record(state):
        state.extra[CARRIED] = {a: c for a, c in record(state).items() if a != obj}


def follow(state: GameState, events: list[Event]) -> None:
    """Every carried artifact stands on its carrier's land, under its carrier's controller;
    one whose carrier left the battlefield is dropped on the land where it stood (a
    ``dropped`` event); one that left the battlefield or became attached is forgotten."""
    carried = record(state)
    if not carried:
        return
    kept: dict[str, str] = {}
    for obj, creature in carried.items():
        art = state.perms.get(obj)
        if art is None or art.zone != "board":
            continue  # gone, or attached by "Equip": no longer carried
        carrier = _on_board_creature(state, creature)
        if carrier is None:
            event: Event = {"type": "dropped", "unit": obj, "name": state.name(obj),
                            "at": wire(state, art.at), "by": creature}
            holder = controller(state, art.at) if art.at is not None else None
            if holder is not None and holder != art.controller:
                art.controller = holder  # as an equipment: whoever holds the land takes it
                event["to"] = holder
            events.append(event)
            continue
        art.at = carrier.at
        art.controller = carrier.controller
        kept[obj] = creature
    if kept != carried:
        if kept:
            state.extra[CARRIED] = kept
        else:
            state.extra.pop(CARRIED, None)
