"""The War Game's heal and movement phases (``shared/rules/wargame.md``, turn steps 4 and 5),
mixed into :class:`~frontier_desktop.rules.variants.wargame.variant.WarGame`.

- Heal: ``heal`` pays 1 supply per damage, at most 2 paid points per creature per turn
  (``healed``); a regeneration's free point (the variant's ``on_heal``) comes on top.
- Movement: one place orthogonally (flyers also diagonally), landwalk's second move, Islands
  only for flyers and islandhome creatures, an islandhome creature carried across land
  (``move`` with ``carry``; while it carries, the carrier moves only together with it),
  Mountains tap when movement ends (the variant's ``on_combat``), at most three of a
  player's creatures in their own stronghold.

This turn's record is ``state.extra["turn"]`` (:meth:`WarGameMoves._turn`): ``moves`` by
creature, ``walk`` (a landwalker's second move is due), ``mountain``, ``carriers``,
``healed``; the carrying, ``state.extra["carried"]`` (carried id -> carrier id).
"""

from __future__ import annotations

from typing import Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.core import keywords as core_keywords
from frontier_desktop.rules.core.shared import unit_and_place, wire
from frontier_desktop.rules.errors import IllegalActionError, InvalidActionError
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.variants.base import Event
from frontier_desktop.rules.variants.wargame.actions import Heal
from frontier_desktop.rules.variants.wargame.board import (
    STRONGHOLD_LIMIT, diagonal_neighbours, is_stronghold, land_type, place_words, stronghold,
)
from frontier_desktop.rules.variants.wargame.spells import (
    WHERE, fold_pool, own_creatures_at, set_supply, supply,
)

HEAL_LIMIT = 2
"""Damage healed with supply per creature per turn, at most (a regeneration's free point
comes on top)."""


def has_keyword(state: GameState, obj: str, name: str) -> bool:
    """Whether the permanent *obj* has the keyword *name* now (the Magic core's answer, with
    a creature's grants reaching only its own terrain)."""
    return core_keywords.has_keyword(state, WHERE, obj, name)


def landwalks(state: GameState, perm: Permanent) -> frozenset[str]:
    """The basic land types *perm* walks: printed, gained or granted in reach."""
    return core_keywords.landwalks(state, WHERE, perm)



def _island_bound(state: GameState, perm: Permanent) -> bool:
    """An islandhome creature that can't fly: it crosses land only when carried."""
    return "Island" in state.card(perm.id).landhome and not has_keyword(state, perm.id, "flying")


class WarGameMoves:
    """Healing and moving (see the module docstring)."""

    @staticmethod
    def _turn(state: GameState) -> dict[str, Any]:
        turn = state.extra.get("turn")
        if not isinstance(turn, dict) or "moves" not in turn:
            turn = state.extra["turn"] = {"moves": {}, "walk": [], "mountain": [],
                                          "carriers": [], "healed": {}}
        return turn

    def healed(self, state: GameState, unit: str) -> int:
        return int(self._turn(state)["healed"].get(unit, 0))

    # ================================================================== heal
    def heal_problem(self, state: GameState, seat: int, perm: Permanent, amount: int) -> str | None:
        name = state.name(perm.id)
        if state.phase != "heal":
            return "creatures are healed in the heal phase"
        if perm.controller != seat or perm.zone != "board":
            return f"{name} is not a creature of yours"
        if amount < 1:
            return "heal at least 1 damage"
        if amount > perm.damage:
            return f"{name} has only {perm.damage} damage"
        if self.healed(state, perm.id) + amount > HEAL_LIMIT:
            return f"a creature heals at most {HEAL_LIMIT} damage a turn"
        if supply(state, seat) < amount:
            return f"healing {amount} takes {amount} supply; you have {supply(state, seat)}"
        return None

    def _do_heal(self, state: GameState, seat: int, action: Heal, events: list[Event]) -> None:
        perm = state.perms.get(action.unit)
        if perm is None:
            raise InvalidActionError(f"there is no unit {action.unit}")
        problem = self.heal_problem(state, seat, perm, action.amount)
        if problem:
            raise IllegalActionError(action, problem)
        fold_pool(state, seat)
        set_supply(state, seat, supply(state, seat) - action.amount)
        perm.damage -= action.amount
        self._turn(state)["healed"][perm.id] = self.healed(state, perm.id) + action.amount
        events.append({"type": "healed", "unit": perm.id, "amount": action.amount,
                       "paid": action.amount, "damage": perm.damage, "free": False})

    # ================================================================== movement
    def reachable(self, state: GameState, perm: Permanent) -> list[Pos]:
        """The places next to *perm*: orthogonal (strongholds beside), flyers also diagonal."""
        out = list(state.board.neighbours(perm.at))
        if has_keyword(state, perm.id, "flying"):
            out.extend(diagonal_neighbours(state, perm.at))
        return out

    def move_problem(self, state: GameState, seat: int, perm: Permanent, dest: Pos,
                     carry: str | None = None) -> str | None:
        """Why *perm* may not move to *dest* (carrying *carry*) now (None: it may)."""
        name = state.name(perm.id)
        if state.phase != "movement" or state.decision is not None:
            return "creatures move in the movement phase"
        if perm.controller != seat or perm.zone != "board" or not state.card(perm.id).is_creature:
            return f"{name} is not a creature of yours on the board"
        turn = self._turn(state)
        if perm.id in turn["carriers"]:
            return f"{name} carried a creature this turn and stays put"
        load = next((c for c, by in (state.extra.get("carried") or {}).items()
                     if by == perm.id and c in state.perms), None)
        if load is not None and carry != load:  # the ruling: it can't leave it behind
            return (f"{name} carries {state.name(load)}: it moves only together with it "
                    "(carry)")
        moves = int(turn["moves"].get(perm.id, 0))
        if moves >= 2 or (moves == 1 and perm.id not in turn["walk"]):
            return f"{name} has already moved this turn"
        if dest not in self.reachable(state, perm):
            return f"{place_words(state, dest)} is not next to {place_words(state, perm.at)}"
        flying = has_keyword(state, perm.id, "flying")
        kind = land_type(state, dest)
        if kind == "Island" and not flying and "Island" not in state.card(perm.id).landhome:
            return "only flyers and islandhome creatures may enter an Island"
        if carry is None and _island_bound(state, perm) and kind not in (None, "Island"):
            return f"{name} crosses land only when another creature carries it"
        movers = 1
        if carry is not None:
            other = state.perms.get(carry)
            if other is None or other.controller != seat or other.at != perm.at \
                    or other.id == perm.id:
                return "the carried creature must be yours and stand with the carrier"
            if not _island_bound(state, other):
                return f"{state.name(carry)} is not an islandhome creature"
            if _island_bound(state, perm):
                return f"{name} can't carry: it is islandhome itself"
            if int(turn["moves"].get(carry, 0)) > 0:
                return f"{state.name(carry)} has already moved this turn"
            movers = 2
        if dest == stronghold(seat) and len(own_creatures_at(state, seat, dest)) + movers \
                > STRONGHOLD_LIMIT:
            return f"your stronghold holds at most {STRONGHOLD_LIMIT} of your creatures"
        return None

    def _do_move(self, state: GameState, seat: int, action: A.Move, events: list[Event]) -> None:
        perm, dest = unit_and_place(state, action)
        problem = self.move_problem(state, seat, perm, dest, action.carry)
        if problem:
            raise IllegalActionError(action, problem)
        turn = self._turn(state)
        start = perm.at
        moves = int(turn["moves"].get(perm.id, 0))
        perm.at = dest
        perm.moved = True
        turn["moves"] = {**turn["moves"], perm.id: moves + 1}
        kind = land_type(state, dest) if not is_stronghold(state, dest) else None
        if moves == 0 and kind is not None and kind in landwalks(state, perm):
            turn["walk"] = [*turn["walk"], perm.id]
        if kind == "Mountain":
            turn["mountain"] = [*turn["mountain"], perm.id]
        carried = dict(state.extra.get("carried") or {})
        if _island_bound(state, perm) and kind in (None, "Island"):
            carried.pop(perm.id, None)
        event: Event = {"type": "moved", "unit": perm.id, "name": state.name(perm.id),
                        "from": wire(state, start), "to": wire(state, dest),
                        "tapped": perm.tapped}
        if action.carry is not None:
            other = state.perms[action.carry]
            other.at = dest
            other.moved = True
            turn["moves"] = {**turn["moves"], other.id: 2}
            turn["carriers"] = [*turn["carriers"], perm.id]
            if kind in (None, "Island"):
                carried.pop(other.id, None)
            else:
                carried[other.id] = perm.id
                perm.tapped = other.tapped = True
            if kind == "Mountain":
                turn["mountain"] = [*turn["mountain"], other.id]
            event["carry"] = other.id
        state.extra["carried"] = carried
        events.append(event)
