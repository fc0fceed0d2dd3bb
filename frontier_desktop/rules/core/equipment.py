"""Equipment as normal Magic plays it, written once for every variant.

This module owns an equipment's attachment:

- "Equip {N}" (``ActivatedAbility.equip``; the effects reader's :class:`~.nodes.Attach`) is
  an activated ability: pay its cost, only as a sorcery (:func:`activation_problem`), target a
  creature you control (the reader's target phrase; a variant may narrow it, Army Magic to a
  creature on the equipment's own land: :func:`equip_problem`); on resolution the equipment
  is attached to that creature (:func:`attach`), leaving the one it was on.
- "Equipped creature gets +N/+M" and "Equipped creature has …" are read as the attached
  permanent's static bonus and grants, as an aura's are (``targets.read_object``), so every
  variant's P/T and keywords include them.
- When the equipped creature leaves the battlefield the equipment stays on the battlefield,
  unattached (:func:`drop`, from ``shared.leave_battlefield``; an aura goes to the
  graveyard): where its variant keeps non-creature permanents. A variant that keeps them on
  the board's lands (Army Magic) says so with :func:`keep_on_lands`: the equipment then stays
  on the land its creature stood on, and when another player controls that land (a captured
  land) that player takes it ("dropped on the land: whoever holds it takes it"). Every other
  variant keeps it in its controller's staging row (Frontier) or off the board (the
  Conquering, the War Game).

Pure Python: no I/O, no randomness.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.core.planeswalkers import sorcery_problem
from frontier_desktop.rules.state import GameState, Permanent

Event = dict[str, Any]


@dataclasses.dataclass(frozen=True)
class Lands:
    """How a variant that keeps non-creature permanents on the board's lands answers the
    equipment rules (:func:`keep_on_lands`)."""

    place_of: Callable[[GameState, str], Pos | None]
    """The land an object stands on (an attached one: its host's land), or None."""
    controller: Callable[[GameState, Pos], int | None]
    """The seat controlling the land at a position (None: nobody)."""


_LANDS: dict[str, Lands] = {}
"""Variant name → its :class:`Lands` (filled once, as the variant's module is imported)."""


def keep_on_lands(variant: str, place_of: Callable[[GameState, str], Pos | None],
                  controller: Callable[[GameState, Pos], int | None]) -> None:
    """Say that *variant* keeps non-creature permanents on its lands: an equipment whose
    creature leaves stays on that land, and "Equip" reaches only a creature on the
    equipment's land."""
    _LANDS[variant] = Lands(place_of, controller)


def is_equipment(state: GameState, obj: str) -> bool:
    """Whether the object *obj* is an Equipment artifact."""
    return state.card(obj).is_equipment


# ---------------------------------------------------------------------- equipping
def activation_problem(state: GameState, seat: int, perm: Permanent, index: int,
                       main_phases: Sequence[str]) -> str | None:
    """Why "Equip" ability *index* of *perm* can't be activated now (None: it can, or it is
    no equip ability): only as a sorcery."""
    card = state.card(perm.id)
    if not 0 <= index < len(card.activated) or not card.activated[index].equip:
        return None
    return sorcery_problem(state, seat, main_phases, f"{card.name} can equip")


def equip_problem(state: GameState, equipment: str | None, target: Any) -> str | None:
    """Why the equipment *equipment* can't be attached to *target* (None: it can): not to
    itself, only to a creature on the battlefield, and where the variant keeps permanents on
    lands, only to a creature on the equipment's own land (the one carrying it included)."""
    if equipment is None or not isinstance(target, str) or target not in state.perms:
        return None
    if target == equipment:
        return "an equipment can't equip itself"
    host = state.perms[target]
    if host.zone == "attached" or not state.card(target).is_creature:
        return "only a creature on the battlefield can be equipped"
    lands = _LANDS.get(state.variant)
    if lands is None or equipment not in state.perms:
        return None
    here, there = lands.place_of(state, equipment), lands.place_of(state, target)
    if here is None or there != here:
        return (f"{state.name(equipment)} equips only a creature on its own land (the one "
                "carrying it, or one standing with it)")
    return None


def attach(state: GameState, equipment: str | None, objs: list[Any],
           events: list[Event]) -> list[Any]:
    """Equip's effect: attach *equipment* (the ability's source, if still on the battlefield)
    to the first creature of *objs* (its target, if still legal); the objects reached."""
    eq = state.perms.get(equipment) if equipment is not None else None
    target = next((o for o in objs if isinstance(o, str) and o in state.perms
                   and equip_problem(state, equipment, o) is None), None)
    if eq is None or target is None:
        return []
    if eq.attached_to == target:
        return [target]  # already on it: nothing happens
    before = eq.attached_to
    eq.zone, eq.at, eq.attached_to = "attached", None, target
    event: Event = {"type": "attached", "unit": eq.id, "name": state.name(eq.id), "to": target}
    if before is not None:
        event["from"] = before
    events.append(event)
    return [target]


# ---------------------------------------------------------------------- its creature leaves
def drop(state: GameState, eq: Permanent, host: Permanent, events: list[Event]) -> bool:
    """*host*, which *eq* is attached to, has left the battlefield: *eq* stays, unattached,
    where its variant keeps non-creature permanents (see the module docstring). False when
    there is nowhere to drop it (its creature stood on no land): the caller
    (``shared.leave_battlefield``) puts it into the graveyard."""
    lands = _LANDS.get(state.variant)
    eq.attached_to = None
    if lands is None:
        eq.zone, eq.at = "staging", None
        events.append({"type": "unattached", "unit": eq.id, "name": state.name(eq.id),
                       "from": host.id, "to": "staging"})
        return True
    place = host.at if host.zone == "board" else None
    if place is None:
        return False
    at = state.board.pos_to_wire(place)
    eq.zone, eq.at = "board", place
    events.append({"type": "unattached", "unit": eq.id, "name": state.name(eq.id),
                   "from": host.id, "at": at})
    holder = lands.controller(state, place)
    if holder is not None and holder != eq.controller:
        eq.controller = holder  # dropped on the land: whoever holds it takes it
        events.append({"type": "dropped", "unit": eq.id, "name": state.name(eq.id),
                       "at": at, "to": holder})
    return True
