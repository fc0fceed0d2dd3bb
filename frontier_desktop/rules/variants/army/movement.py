"""Army Magic's movement (``shared/rules/army.md``, "Movement"): a unit moves one land, on the
stack, with the artifacts it carries (a ``move`` naming an artifact lying on its land picks it
up: :mod:`.carrying`); entering a face-down land explores it (it turns face up at 6 life, the
mover's); the hidden treasure there is found. Mixed into :class:`~.variant.Army`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.state import UNKNOWN_LAND, GameState, Permanent
from frontier_desktop.rules.variants.army import carrying
from frontier_desktop.rules.variants.army.board import (
    LAND_LIFE, TREASURE, controller, info, is_walker, land_words, top_card,
)
from frontier_desktop.rules.variants.base import Event
from frontier_desktop.rules.core.shared import game_rng, save_rng, wire

if TYPE_CHECKING:
    from frontier_desktop.rules.core.magic import Magic


class ArmyMovement:
    """Moving units and exploring lands."""

    if TYPE_CHECKING:
        magic: Magic  # the variant's engine (base.Variant)

    # Provided by the Army class and the effects engine (annotations only: no stand-ins that
    # would shadow them in the method order).
    _label: Callable[[GameState, Permanent], str]
    _pos: Callable[[GameState, A.Action, Any, str], Pos]
    _members: Callable[..., list[Permanent]]
    _main_check: Callable[[GameState, int, A.Action], None]
    push: Callable[..., Any]

    def move_problem(self, state: GameState, seat: int, members: list[Permanent],
                     dest: Pos) -> str | None:
        """Why *members* (one unit, on one land) may not move to *dest* now (None: they may)."""
        sick_stops = bool(state.options.get("sick_cant_move", False))
        for m in members:
            card = state.card(m.id)
            label = self._label(state, m)
            if m.tapped:
                return f"{label} is tapped"
            if m.moved:
                return f"{label} has already moved this turn"
            if m.attacked:
                return f"{label} has attacked this turn"
            if card.has("defender"):
                return f"{label} has defender: defenders can't move"
            if sick_stops and m.sick and not card.has("haste"):
                return f"{label} is summoning sick (this game's option: sick creatures can't move)"
        start = members[0].at
        if dest not in state.board.neighbours(start):
            return "a unit moves one land north, south, east or west"
        cell = state.cells[dest]
        if cell.land is None:
            return "that square is a hole"
        owner = controller(state, dest)
        if owner is not None and owner != seat:
            return f"{land_words(state, dest)} is the opponent's: attack it in combat instead"
        return None

    def _do_move(self, state: GameState, seat: int, action: A.Move, events: list[Event]) -> None:
        named = list(dict.fromkeys([action.unit, *(action.units or ())]))
        artifacts = [i for i in named if i in state.perms and carrying.is_carriable(state, i)
                     and not state.card(i).is_land]
        movers = [i for i in named if i not in artifacts]
        if not movers:
            raise IllegalActionError(action, "an artifact moves only with the creature "
                                             "carrying it: name the creature too")
        members = self._members(state, seat, action, movers[0], movers, walkers=True)
        dest = self._pos(state, action, action.to, "destination")
        self._main_check(state, seat, action)
        problem = self.move_problem(state, seat, members, dest)
        if not problem:
            problem = self._carry_problem(state, seat, members, artifacts)
        if problem:
            raise IllegalActionError(action, problem)
        self._take_along(state, members, artifacts, events)
        ids = [m.id for m in members]
        for m in members:
            m.moved = True  # declared: they can't move again or attack this turn
        events.append({"type": "move_declared", "units": ids, "to": wire(state, dest)})
        self.push(state, {"kind": "move", "card": state.name(top_card(state, ids)),
                          "controller": seat, "targets": [], "x": 0, "units": ids,
                          "to": wire(state, dest)}, events)

    @staticmethod
    def _carry_problem(state: GameState, seat: int, members: list[Permanent],
                       artifacts: list[str]) -> str | None:
        """Why the moving *members* can't take *artifacts* along (None: they can): each is
        carried by one of them or attached to one, carried by another creature of theirs on
        that land (handed over), or lying there for one of them to pick up."""
        ids = {m.id for m in members}
        creatures = [m for m in members if state.card(m.id).is_creature]
        for obj in artifacts:
            perm = state.perms[obj]
            if perm.zone == "attached":
                if perm.attached_to in ids:
                    continue
                return (f"{state.name(obj)} is attached to "
                        f"{state.name(perm.attached_to or '')}, which is not moving")
            holder = carrying.carrier_of(state, obj)
            if holder in ids:
                continue
            if not creatures:
                return f"only a creature carries {state.name(obj)}"
            if holder is not None and (state.perms[holder].controller != seat
                                       or state.perms[holder].at != members[0].at):
                return f"{state.name(holder)} carries {state.name(obj)}"
            if holder is None:
                problem = carrying.pickup_problem(state, seat, creatures[0].id, obj)
                if problem:
                    return problem
        return None

    @staticmethod
    def _take_along(state: GameState, members: list[Permanent], artifacts: list[str],
                    events: list[Event]) -> None:
        """The first moving creature picks up (or takes over) each named artifact the movers
        don't carry yet (:meth:`_carry_problem` said it may)."""
        ids = {m.id for m in members}
        creatures = [m for m in members if state.card(m.id).is_creature]
        for obj in artifacts:
            if state.perms[obj].zone == "attached" or carrying.carrier_of(state, obj) in ids:
                continue
            carrying.pick_up(state, creatures[0].id, obj, events)

    def resolve_other(self, state: GameState, item: dict[str, Any], events: list[Event]) -> None:
        """A move on the stack resolves (:meth:`resolve_move`)."""
        assert item["kind"] == "move"
        events.append({"type": "resolving", "kind": "move", "id": item["id"]})
        self.resolve_move(state, int(item["controller"]), list(item["units"]),
                          state.board.pos_from_wire(item["to"]), events)

    def resolve_move(self, state: GameState, seat: int, ids: list[str], dest: Pos,
                     events: list[Event]) -> None:
        """A declared move resolves: onto your own land, or exploring a face-down one."""
        members = [state.perms[i] for i in ids if i in state.perms]
        members = [m for m in members if m.zone == "board" and m.controller == seat]
        if not members:
            events.append({"type": "fizzled", "unit": ids[0], "reason": "the unit is gone"})
            return
        owner = controller(state, dest)
        cell = state.cells[dest]
        if cell.land is None or (owner is not None and owner != seat):
            events.append({"type": "fizzled", "unit": ids[0], "at": wire(state, dest),
                           "reason": "the land can't be entered any more"})
            return
        frm = members[0].at
        for m in members:
            m.at = dest
        carrying.follow(state, events)  # what the unit carries goes with it
        kind = "own" if owner == seat else "explore"
        moved: Event = {"type": "moved", "unit": top_card(state, [m.id for m in members]),
                        "units": [m.id for m in members], "from": wire(state, frm),
                        "to": wire(state, dest), "kind": kind}
        carried = [a for m in members for a in carrying.carried_by(state, m.id)]
        if carried:
            moved["carried"] = carried
        events.append(moved)
        if kind == "explore":
            for m in members:
                if is_walker(state, m.id):
                    # A planeswalker that explored uses no loyalty ability this turn.
                    state.extra.setdefault("explored", []).append(m.id)
                elif not state.card(m.id).has("vigilance"):
                    m.tapped = True
            self.explore(state, dest, seat, events)

    def explore(self, state: GameState, pos: Pos, seat: int, events: list[Event]) -> None:
        """*seat* explores the land at *pos*: face up, their die at 6, theirs (with any hidden
        treasure under it); a land that enters tapped enters tapped."""
        cell = state.cells[pos]
        if not cell.face_up:
            self._reveal(state, pos, events)
        extra = info(cell)
        extra["controller"] = seat
        extra["life"] = LAND_LIFE
        events.append({"type": "explored", "at": wire(state, pos), "by": seat})
        events.append({"type": "land_life", "at": wire(state, pos), "life": LAND_LIFE})
        assert cell.land is not None
        if "enters the battlefield tapped" in state.card(cell.land).oracle_text.lower() or \
                "enters tapped" in state.card(cell.land).oracle_text.lower():
            cell.tapped_by = seat
        for obj in extra.pop(TREASURE, []):
            state.perms[obj] = Permanent(obj, seat, "board", pos)
            events.append({"type": "treasure", "at": wire(state, pos), "player": seat,
                           "unit": obj, "name": state.name(obj)})

    def _reveal(self, state: GameState, pos: Pos, events: list[Event]) -> None:
        cell = state.cells[pos]
        assert cell.land is not None
        if state.cards[cell.land][0] == UNKNOWN_LAND:
            from frontier_desktop.rules.core.shared import basic_land

            rng = game_rng(state)
            land_type = ("Plains", "Island", "Swamp", "Mountain", "Forest")[rng.randbelow(5)]
            save_rng(state, rng)
            if land_type not in state.defs:
                state.defs = {**state.defs, land_type: basic_land(land_type)}
            state.cards[cell.land] = (land_type, state.cards[cell.land][1])
        cell.face_up = True
        events.append({"type": "revealed", "at": wire(state, pos), "land": state.name(cell.land)})
