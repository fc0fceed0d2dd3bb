"""Army Magic's manual actions (by hand: tap, untap, counters, P/T, dice, mana, draws,
destroy, regenerate) and land destruction, mixed into :class:`~.army.Army`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.errors import IllegalActionError, InvalidActionError
from frontier_desktop.rules.mana import format_pool
from frontier_desktop.rules.state import GameState
from frontier_desktop.rules.variants.army import carrying
from frontier_desktop.rules.variants.army.board import info
from frontier_desktop.rules.variants.army.combat import (
    ask_retreat, destroy, retreat_lands, troops_at,
)
from frontier_desktop.rules.variants.base import Event
from frontier_desktop.rules.core.shared import (
    draw_cards, game_rng, leave_battlefield, save_rng, wire,
)

if TYPE_CHECKING:
    from frontier_desktop.rules.core.magic import Magic


class ArmyManual:
    """The manual actions and land destruction of Army Magic."""

    if TYPE_CHECKING:  # army.py
        magic: Magic  # the variant's engine (base.Variant)
        def _pos(self, state: GameState, action: A.Action, pos: Any, what: str) -> Pos: ...

    def _do_destroy(self, state: GameState, seat: int, action: A.Destroy,
                    events: list[Event]) -> None:
        perm = state.perms.get(action.unit)
        if perm is None:
            raise InvalidActionError(f"destroy: no permanent {action.unit!r}")
        destroy(state, perm, events, reason="destroyed by hand")

    def _do_regenerate(self, state: GameState, seat: int, action: A.Regenerate,
                       events: list[Event]) -> None:
        perm = state.perms.get(action.unit)
        if perm is None:
            raise InvalidActionError(f"regenerate: no permanent {action.unit!r}")
        perm.regen_shield += 1
        events.append({"type": "manual", "player": seat, "action": action.type,
                       "unit": perm.id})

    def _do_destroy_land(self, state: GameState, seat: int, action: A.DestroyLand,
                         events: list[Event]) -> None:
        """Land destruction: the land turns face down (nobody's), its troops retreat or die,
        enchantments on it are destroyed."""
        pos = self._pos(state, action, action.at, "land")
        cell = state.cells[pos]
        if cell.land is None or not cell.face_up:
            raise IllegalActionError(action, "only a face-up land can be destroyed")
        if info(cell)["stronghold_of"] is not None:
            raise IllegalActionError(action, "a home base is not destroyed: it loses life")
        self.destroy_land(state, seat, pos, events)

    def destroy_land(self, state: GameState, seat: int, pos: Pos, events: list[Event]) -> None:
        """The land at *pos* turns face down (nobody's), its troops (creatures and
        planeswalkers, with what they carry) retreat or die, the enchantments on it are
        destroyed (the auras attached to the land too); the artifacts no unit carries stay on
        it."""
        cell = state.cells[pos]
        assert cell.land is not None
        extra = info(cell)
        extra["controller"] = None
        extra["life"] = None
        cell.face_up = False
        cell.tapped_by = None
        events.append({"type": "land_destroyed", "at": wire(state, pos), "player": seat,
                       "land": state.name(cell.land)})
        for perm in list(state.perms.values()):
            if perm.id not in state.perms or "Enchantment" not in state.card(perm.id).types:
                continue
            on_it = perm.zone == "board" and perm.at == pos  # an anthem standing there
            on_land = perm.zone == "attached" and perm.attached_to == cell.land  # Wild Growth
            if on_it or on_land:
                leave_battlefield(state, perm, "graveyard", events, reason="its land was destroyed")
        for who in (0, 1):
            units = troops_at(state, pos, who)
            if not units:
                continue
            lands = retreat_lands(state, pos, who)
            for perm in units:
                if not lands:
                    destroy(state, perm, events, reason="no land of theirs to retreat to")
                elif len(lands) == 1:
                    perm.at = lands[0]
                    events.append({"type": "retreated", "unit": perm.id, "from": wire(state, pos),
                                   "to": wire(state, lands[0])})
            waiting = [p.id for p in troops_at(state, pos, who)]
            if waiting and state.decision is None:
                ask_retreat(state, pos, who, waiting, events)
        carrying.follow(state, events)  # what the troops carry goes with them, or is dropped

    def _do_manual_tap(self, state: GameState, seat: int, action: A.ManualTap,
                       events: list[Event]) -> None:
        self._manual_tapping(state, seat, action, action.target, True, events)

    def _do_manual_untap(self, state: GameState, seat: int, action: A.ManualUntap,
                         events: list[Event]) -> None:
        self._manual_tapping(state, seat, action, action.target, False, events)

    def _manual_tapping(self, state: GameState, seat: int, action: A.Action, ref: Any,
                        tapped: bool, events: list[Event]) -> None:
        if isinstance(ref, str):
            perm = state.perms.get(ref)
            if perm is None:
                raise InvalidActionError(f"{action.type}: no permanent {ref!r}")
            perm.tapped = tapped
        else:
            pos = self._pos(state, action, ref, "land")
            if state.cells[pos].land is None:
                raise IllegalActionError(action, "that square is a hole")
            state.cells[pos].tapped_by = seat if tapped else None
        events.append({"type": "manual", "player": seat, "action": action.type,
                       "target": ref if isinstance(ref, str) else wire(state, ref)})

    def _do_counters(self, state: GameState, seat: int, action: A.Counters,
                     events: list[Event]) -> None:
        perm = state.perms.get(action.unit)
        if perm is None:
            raise InvalidActionError(f"counters: no permanent {action.unit!r}")
        perm.counters[action.kind] = max(0, perm.counters.get(action.kind, 0) + action.delta)
        events.append({"type": "manual", "player": seat, "action": action.type,
                       "unit": perm.id, "kind": action.kind, "delta": action.delta})

    def _do_pt_change(self, state: GameState, seat: int, action: A.PTChange,
                      events: list[Event]) -> None:
        perm = state.perms.get(action.unit)
        if perm is None:
            raise InvalidActionError(f"pt_change: no permanent {action.unit!r}")
        perm.pt_mod = (perm.pt_mod[0] + action.power, perm.pt_mod[1] + action.toughness)
        events.append({"type": "manual", "player": seat, "action": action.type, "unit": perm.id,
                       "power": action.power, "toughness": action.toughness})

    def _do_roll(self, state: GameState, seat: int, action: A.Roll, events: list[Event]) -> None:
        if not 2 <= action.sides <= 1000:
            raise IllegalActionError(action, "a die has 2 to 1000 sides")
        rng = game_rng(state)
        value = rng.roll(action.sides)
        save_rng(state, rng)
        events.append({"type": "dice", "player": seat, "sides": action.sides, "value": value})

    def _do_add_mana(self, state: GameState, seat: int, action: A.AddMana,
                     events: list[Event]) -> None:
        from frontier_desktop.rules.mana import parse_pool

        try:
            mana = parse_pool(action.mana if "{" in action.mana else "{" + action.mana + "}")
        except ValueError as exc:
            raise IllegalActionError(action, str(exc)) from None
        if sum(mana.values()) > 100:
            raise IllegalActionError(action, "at most 100 mana at once")
        pool = state.players[seat].pool
        for k, v in mana.items():
            pool[k] += v
        events.append({"type": "manual", "player": seat, "action": action.type,
                       "mana": format_pool(mana), "pool": format_pool(pool)})

    def _do_draw(self, state: GameState, seat: int, action: A.Draw, events: list[Event]) -> None:
        if not 0 <= action.count <= 100:
            raise IllegalActionError(action, "draw 0 to 100 cards")
        draw_cards(state, seat, action.count, events)


__all__ = ["ArmyManual"]
