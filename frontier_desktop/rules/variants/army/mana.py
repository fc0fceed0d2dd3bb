"""Army Magic's mana: tapping the lands a player controls (and the extra lands under a home
base) and paying costs from them, mixed into :class:`~.army.Army`."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.mana import format_pool, pay
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.variants.army.board import controller, home_of, land_life, land_words
from frontier_desktop.rules.variants.base import Event
from frontier_desktop.rules.core.shared import Source, land_makes, plan_payment, wire

if TYPE_CHECKING:
    from frontier_desktop.rules.core.magic import Magic


class ArmyMana:
    """Lands for mana and payment in Army Magic."""

    if TYPE_CHECKING:  # army.py
        magic: Magic  # the variant's engine (base.Variant)
        def _pos(self, state: GameState, action: A.Action, pos: Any, what: str) -> Pos: ...
        def land_amount(self, state: GameState, by: int, purpose: str, at: Pos, amount: int,
                        events: list[Event], *, source: str | None = None) -> None: ...

    def _do_tap_land(self, state: GameState, seat: int, action: A.TapLand,
                     events: list[Event]) -> None:
        if action.via is not None:
            raise IllegalActionError(action, "in Army Magic you tap lands you control: no 'via'")
        self._tap_land_for(state, seat, action, action.at, action.color, events)

    def _tap_land_for(self, state: GameState, seat: int, action: A.Action, key: Any,
                      colour: str | None, events: list[Event]) -> None:
        """Tap a land (a square, or the id of an extra land under a home base) for mana."""
        if isinstance(key, str):
            perm = state.perms.get(key)
            if perm is None or perm.controller != seat or not state.card(key).is_land:
                raise IllegalActionError(action, "that is not a land of yours")
            if perm.tapped:
                raise IllegalActionError(action, f"{state.name(key)} is already tapped")
            land, pos = state.card(key), perm.at
        else:
            pos = self._pos(state, action, key, "land")
            cell = state.cells[pos]
            if cell.land is None or not cell.face_up:
                raise IllegalActionError(action, f"{land_words(state, pos)} is not a face-up land")
            if controller(state, pos) != seat:
                raise IllegalActionError(action, f"you don't control {land_words(state, pos)}")
            if cell.tapped_by is not None:
                extra = [p for p in self._extra_lands(state, pos, seat) if not p.tapped]
                if not extra:
                    raise IllegalActionError(action, f"{land_words(state, pos)} is already tapped")
                self._tap_land_for(state, seat, action, extra[0].id, colour, events)
                return
            land = state.card(cell.land)
        makes = land_makes(land)
        if not makes:
            raise IllegalActionError(action, f"{land.name} makes no mana")
        colour = colour or makes[0]
        if colour not in makes:
            raise IllegalActionError(action, f"{land.name} makes {''.join(makes)}, not {colour}")
        if isinstance(key, str):
            state.perms[key].tapped = True
        else:
            state.cells[pos].tapped_by = seat
        pool = state.players[seat].pool
        pool[colour] += 1
        events.append({"type": "land_tapped", "at": wire(state, pos), "player": seat,
                       "mana": colour, "pool": format_pool(pool)})

    @staticmethod
    def _extra_lands(state: GameState, pos: Pos, seat: int) -> list[Permanent]:
        return [p for p in state.perms.values() if p.zone == "board" and p.at == pos
                and p.controller == seat and state.card(p.id).is_land]

    def mana_sources(self, state: GameState, seat: int) -> list[Source]:
        """Untapped face-up lands *seat* controls, then untapped extra lands under home bases."""
        out: list[Source] = []
        for pos, cell in state.cells.items():
            if cell.land is None or not cell.face_up or cell.tapped_by is not None:
                continue
            if controller(state, pos) != seat:
                continue
            makes = land_makes(state.card(cell.land))
            if makes:
                out.append((pos, None, makes))
        for perm in state.perms.values():
            if perm.controller == seat and not perm.tapped and perm.zone == "board" \
                    and state.card(perm.id).is_land:
                makes = land_makes(state.card(perm.id))
                if makes:
                    out.append((perm.id, None, makes))
        return out

    def _pay(self, state: GameState, seat: int, action: A.Action, cost: str,
             pay_list: Sequence[Any], events: list[Event], x: int = 0, *,
             source: str | None = None) -> None:
        """Tap the lands of *pay_list*, then as many more as the cost needs, and pay. The
        untapped lands pay before life does (Phyrexian mana); life paid is life lost on a land
        the payer chooses (:meth:`pay_life`, for *source*: the spell's card or the ability's
        permanent)."""
        for entry in pay_list:
            if isinstance(entry, A.AbilityPayment):
                raise IllegalActionError(action, "in Army Magic pay with lands (activate mana "
                                                 "abilities first)")
            at, _via, colour = entry
            self._tap_land_for(state, seat, action, at, colour, events)
        player = state.players[seat]
        if pay(player.pool, cost, x=x) is None:
            plan = self._lands_before_life(state, seat, _with_x(cost, x))
            if plan is None:
                raise IllegalActionError(action, f"{cost or '{0}'} can't be paid: your lands "
                                                 f"and pool ({format_pool(player.pool) or 'empty'}) "
                                                 "don't make enough mana")
            for entry in plan:
                key, colour = (entry["at"], entry.get("color")) if isinstance(entry, dict) \
                    else (entry, None)
                self._tap_land_for(state, seat, action, key, colour, events)
        paid = pay(player.pool, cost, x=x, life=player.life)
        if paid is None:
            raise IllegalActionError(action, f"{cost} can't be paid from your mana pool")
        player.pool, life_paid = paid
        if life_paid:
            self.pay_life(state, seat, life_paid, source, events)

    def _lands_before_life(self, state: GameState, seat: int, cost: str) -> list[Any] | None:
        """The lands to tap for *cost*, paying as many Phyrexian symbols with mana as the
        untapped lands can (each symbol paid with life only when no land is left for it)."""
        player = state.players[seat]
        sources = self.mana_sources(state, seat)
        phyrexian = _PHYREXIAN.findall(cost)
        for with_mana in range(len(phyrexian), -1, -1):
            mana_cost = cost if not with_mana else _PHYREXIAN.sub(  # count=0 would mean all
                lambda m: "{%s}" % m.group(1), cost, count=with_mana)
            plan = plan_payment(player.pool, 0 if with_mana == len(phyrexian) else player.life,
                                mana_cost, sources)
            if plan is not None:
                return plan
        return None

    def pay_life(self, state: GameState, seat: int, amount: int, source: str | None,
                 events: list[Event]) -> None:
        """*seat* pays *amount* life: life lost on a land they control (the ruling on paying
        life), chosen with a ``place`` decision (``purpose: "lose"``) when they have more than
        one and nothing else waits; otherwise on their only land, or their home base."""
        from frontier_desktop.rules.variants.army.control import life_option

        lands = sorted(p for p in state.board.positions()
                       if controller(state, p) == seat and land_life(state, p) is not None)
        events.append({"type": "life_paid", "player": seat, "amount": amount,
                       "source": source})
        if not lands:
            return
        home = home_of(state, seat)
        key = source or f"life:{seat}"
        if len(lands) == 1 or state.decision is not None:
            self.land_amount(state, seat, "lose", home if home in lands else lands[0], amount,
                             events)
            return
        name = state.name(source) if source is not None and source in state.cards else "life"
        state.decision = {"kind": "place", "player": seat, "id": key, "purpose": "lose",
                          "amount": amount, "of": seat, "by": seat, "card": name,
                          "options": [life_option(state, key, p, "lose", amount)
                                      for p in lands]}
        events.append({"type": "choose", "player": seat, "kind": "place", "unit": key,
                       "purpose": "lose", "amount": amount, "of": seat, "card": name})


_PHYREXIAN = re.compile(r"\{([WUBRGC])/P\}")
"""A Phyrexian mana symbol (``{G/P}``): its colour, or 2 life."""


def _with_x(cost: str, x: int) -> str:
    return cost.replace("{X}", f"{{{x}}}") if x else cost.replace("{X}", "")


__all__ = ["ArmyMana"]
