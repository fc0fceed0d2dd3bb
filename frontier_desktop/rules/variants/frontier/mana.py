"""Frontier Magic's mana, mixed into :class:`~.frontier.Frontier`: tapping a land a
creature stands on or stands next to, and paying a cost's ``pay`` list (lands and mana
abilities)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.mana import add_mana, format_pool
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.variants.base import Event
from frontier_desktop.rules.variants.frontier.board import Occupancy
from frontier_desktop.rules.variants.frontier.combat import wire
from frontier_desktop.rules.core.shared import square_words

if TYPE_CHECKING:
    from frontier_desktop.rules.core.magic import SquareMagic


class FrontierMana:
    """Lands for mana and payment in Frontier Magic."""

    if TYPE_CHECKING:  # frontier.py, frontier_cast.py, fx_mana.py
        magic: SquareMagic  # the variant's engine (base.Variant)
        def _activate(self, state: GameState, seat: int, action: A.Action, unit: str, index: int,
                      mana_choice: str | None, pay_list: Sequence[Any],
                      events: list[Event]) -> None: ...

        def end_move_block(self, state: GameState, seat: int) -> None: ...

        def _label(self, state: GameState, perm: Permanent) -> str: ...

        def _pos(self, state: GameState, action: A.Action, pos: Pos, what: str) -> Pos: ...

    def _do_tap_land(self, state: GameState, seat: int, action: A.TapLand,
                     events: list[Event]) -> None:
        pos = self._pos(state, action, action.at, "land")
        if action.ability is not None:  # a land's non-mana ability (fx_mana.py)
            self.magic.land_ability(state, seat, action, pos, events)
            return
        self.end_move_block(state, seat)
        self._tap_for_mana(state, seat, action, pos, action.via, action.color, events)

    def tap_problem(self, state: GameState, seat: int, pos: Pos, via: str | None,
                    occ: Occupancy) -> str | None:
        """Why *seat* may not tap the land at *pos* (via creature *via*), or None."""
        cell = state.cells[pos]
        if cell.land is None:
            return "that square is a hole"
        if not cell.face_up:
            return "the land is face down"
        if cell.tapped_by is not None:
            return "the land is already tapped"
        here = [state.perms[i] for i in occ.get(pos, ())]
        if any(m.controller == seat for m in here):
            if via is not None:
                return "your creature stands on that land: tap it without choosing another creature"
            return None
        if via is None:
            return "none of your creatures stands on that land: choose one of yours next to it to tap it"
        perm = state.perms.get(via)
        if perm is None or not state.card(via).is_creature or perm.controller != seat:
            return "the creature chosen to tap it is not one of yours"
        if perm.zone != "board" or pos not in state.board.neighbours(perm.at):
            return f"{self._label(state, perm)} is not next to that land"
        if perm.tapped:
            return f"{self._label(state, perm)} is tapped"
        if perm.sick:
            return f"{self._label(state, perm)} is summoning sick"
        if here:
            return "the land is under an opponent's creature"
        return None

    def _tap_for_mana(self, state: GameState, seat: int, action: A.Action, pos: Pos,
                      via: str | None, colour: str | None, events: list[Event]) -> None:
        occ = state.occupants()
        problem = self.tap_problem(state, seat, pos, via, occ)
        if problem:
            raise IllegalActionError(action, problem)
        cell = state.cells[pos]
        assert cell.land is not None  # tap_problem refuses holes
        # The land's own mana abilities: costs, pain, counters, sacrifice (fx_mana.py).
        made, after = self.magic.land_mana(state, seat, action, pos, colour, events)
        cell.tapped_by = seat
        if via is not None:
            perm = state.perms[via]
            perm.tapped, perm.attack_tapped = True, False
        pool = state.players[seat].pool
        add_mana(pool, made if made.startswith("{") else "{" + made + "}")
        events.append({"type": "land_tapped", "at": wire(state, pos), "player": seat,
                       "via": via, "mana": made.strip("{}") if len(made) == 3 else made,
                       "pool": format_pool(pool)})
        self.magic.after_land_mana(state, seat, action, after, events)

    def auto_via(self, state: GameState, seat: int, pos: Pos, occ: Occupancy,
                 used: set[str]) -> str | None:
        """An untapped, non-sick creature of *seat* next to *pos* (lowest id first)."""
        for n in state.board.neighbours(pos):
            for unit in sorted(occ.get(n, ())):
                perm = state.perms[unit]
                if (perm.controller == seat and not perm.tapped and not perm.sick
                        and unit not in used):
                    return unit
        return None

    def _pay_lands(self, state: GameState, seat: int, action: A.Action,
                   pay_list: Sequence[Any], events: list[Event], *,
                   exclude: str | None = None) -> None:
        """Tap the lands and activate the mana abilities of *pay_list* (the action's ``pay``).

        *exclude* is the permanent whose own ability is being paid for: it can't pay itself.
        """
        used: set[str] = set()
        for entry in pay_list:
            if isinstance(entry, A.AbilityPayment):
                self._pay_with_ability(state, seat, action, entry, events, exclude)
                if entry.unit in state.perms:
                    used.add(entry.unit)
                continue
            at, via, colour = entry
            pos = self._pos(state, action, at, "land to pay with")
            occ = state.occupants()
            under_own = any(state.perms[i].controller == seat for i in occ.get(pos, ()))
            if via is None and not under_own:
                via = self.auto_via(state, seat, pos, occ, used)
                if via is None:
                    raise IllegalActionError(action, f"no untapped creature of yours can tap the "
                                                     f"land at {square_words(pos)}")
            if via is not None:
                used.add(via)
            self._tap_for_mana(state, seat, action, pos, via, colour, events)

    def _pay_with_ability(self, state: GameState, seat: int, action: A.Action,
                          entry: A.AbilityPayment, events: list[Event],
                          exclude: str | None) -> None:
        perm = state.perms.get(entry.unit)
        if perm is None or perm.controller != seat:
            raise IllegalActionError(action, f"{entry.unit!r} is not a permanent you control")
        card = state.card(perm.id)
        if entry.unit == exclude:
            raise IllegalActionError(action, f"{card.name} can't pay for its own ability")
        if not 0 <= entry.ability < len(card.activated) or \
                not card.activated[entry.ability].is_mana_ability:
            raise IllegalActionError(action, f"{card.name} has no mana ability "
                                             f"#{entry.ability + 1} to pay with")
        ability = card.activated[entry.ability]
        if ability.mana_cost or ability.other_cost:
            raise IllegalActionError(action, f"activate {card.name}'s ability first: its cost "
                                             f"({ability.cost}) can't be paid while paying")
        self._activate(state, seat, action, entry.unit, entry.ability, entry.mana, (), events)
