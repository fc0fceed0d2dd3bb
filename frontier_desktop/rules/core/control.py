"""Changes of control, written once for every variant (normal Magic; the digests' rulings
"change of control" say where the permanent goes).

Two kinds of effect give a player control of a permanent another controls:

- an aura's static "You control enchanted creature/artifact/permanent." (Control Magic, Steal
  Artifact): for as long as the aura is attached, its controller controls what it enchants;
- a spell's or ability's "Gain control of target … [until end of turn]": for good (the
  controller simply changes), or until the end of the turn (``state.extra["control_eot"]``:
  permanent id -> seat; printed as a unit's ``this_turn.control``).

:func:`update_control` puts every permanent under the control those effects say, after every
action and every resolution. A permanent no effect holds any longer returns to its owner's
control (the rulings: "When the effect ends it returns to its owner's control where it
stands"); ``state.extra["controlled"]`` lists those an effect holds now. Each change is a
``control`` event (``unit``, ``name``, ``from``, ``to``); the permanent is summoning sick under
its new controller, stays where it stands, and the variant says if it must go elsewhere
(``VariantHooks.control_changed``: Army Magic's nearest land).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from frontier_desktop.rules.card import Card
from frontier_desktop.rules.state import GameState, Permanent

if TYPE_CHECKING:
    from frontier_desktop.rules.core.hooks import Event

EOT = "control_eot"
"""``state.extra``: permanent id -> the seat that controls it until end of turn."""
HELD = "controlled"
"""``state.extra``: the ids of the permanents an effect of this module holds now."""


@functools.lru_cache(maxsize=4096)
def controls_enchanted(card: Card) -> bool:
    """Whether the aura *card* says "You control enchanted …" (and the engine reads it)."""
    from frontier_desktop.rules.core.spell_reading import reading_of
    from frontier_desktop.rules.effects.ability_nodes import StaticAbility
    from frontier_desktop.rules.effects.effect_nodes import GainControl

    if not card.is_aura:
        return False
    return any(isinstance(e, GainControl) and e.to.ref == "enchanted"
               for a in reading_of(card).abilities if isinstance(a, StaticAbility)
               for e in a.effects)


def wanted_control(state: GameState) -> dict[str, int]:
    """Permanent id -> the seat an effect gives it to now (the last such effect wins: an
    aura's over an until-end-of-turn one)."""
    out: dict[str, int] = {}
    for obj, seat in (state.extra.get(EOT) or {}).items():
        if obj in state.perms:
            out[str(obj)] = int(seat)
    for aura in state.perms.values():
        target = aura.attached_to
        if aura.zone != "attached" or target is None or target not in state.perms:
            continue
        if controls_enchanted(state.card(aura.id)):
            out[target] = aura.controller
    return out


def change_controller(state: GameState, perm: Permanent, seat: int,
                      events: list[Event]) -> None:
    """*perm* comes under *seat*'s control where it stands, summoning sick;
    the variant may move it (``control_changed``)."""
    from frontier_desktop.rules.core.hooks import variant_of

    old = perm.controller
    if old == seat:
        return
    perm.controller = seat
    perm.sick = True
    events.append({"type": "control", "unit": perm.id, "name": state.name(perm.id),
                   "from": old, "to": seat})
    variant = variant_of(state)
    hook = getattr(variant, "control_changed", None)
    if hook is not None:
        hook(state, perm, old, events)


def update_control(state: GameState, events: list[Event]) -> None:
    """Put every permanent under the control the effects say; one no effect holds any longer
    goes back to its owner."""
    eot = state.extra.get(EOT)
    held = state.extra.get(HELD)
    if not eot and not held and not any(
            p.zone == "attached" and controls_enchanted(state.card(p.id))
            for p in state.perms.values()):
        return
    if eot:
        kept = {k: v for k, v in eot.items() if k in state.perms}
        if kept:
            state.extra[EOT] = kept
        else:
            state.extra.pop(EOT, None)
    wanted = wanted_control(state)
    now_held = set(wanted)
    for obj, seat in sorted(wanted.items()):
        perm = state.perms.get(obj)
        if perm is not None and not state.players[seat].lost:
            change_controller(state, perm, seat, events)
    for obj in sorted(set(held or ()) - now_held):
        perm = state.perms.get(obj)
        if perm is not None:
            change_controller(state, perm, state.owner(obj), events)
    if now_held:
        state.extra[HELD] = sorted(now_held)
    else:
        state.extra.pop(HELD, None)


def gain_control(state: GameState, perm: Permanent, seat: int, until_end_of_turn: bool,
                 events: list[Event]) -> None:
    """"Gain control of …": *seat* controls *perm* for good, or until end of turn."""
    if until_end_of_turn:
        state.extra[EOT] = {**(state.extra.get(EOT) or {}), perm.id: seat}
        update_control(state, events)
        return
    eot = dict(state.extra.get(EOT) or {})
    if eot.pop(perm.id, None) is not None:  # a later "for good" outlasts it
        state.extra[EOT] = eot
    held = [h for h in state.extra.get(HELD) or () if h != perm.id]
    if held:
        state.extra[HELD] = held
    else:
        state.extra.pop(HELD, None)
    change_controller(state, perm, seat, events)


def end_of_turn(state: GameState, events: list[Event]) -> None:
    """"Until end of turn" control ends at cleanup."""
    if state.extra.pop(EOT, None) is not None:
        update_control(state, events)


def eot_mark(state: GameState, obj: str) -> Any:
    """The seat controlling *obj* until end of turn (None: none), for ``this_turn``."""
    return (state.extra.get(EOT) or {}).get(obj)


__all__ = ["EOT", "HELD", "change_controller", "controls_enchanted", "end_of_turn",
           "eot_mark", "gain_control", "update_control", "wanted_control"]
