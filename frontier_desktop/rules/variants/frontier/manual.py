"""Frontier Magic's manual actions: the core's (:mod:`frontier_desktop.rules.core.manual`)
with Frontier's land squares — tapping them by hand, holes where a land is destroyed or
sacrificed, tokens on a square or in the staging row, the staging row as a zone.

Each handler checks only what keeps the state consistent (the object exists, the zone is one
the actor may touch) and appends an event that every player sees in the game log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.core.manual import CoreManual, zone_of
from frontier_desktop.rules.core.planeswalkers import entering_counters
from frontier_desktop.rules.errors import IllegalActionError, InvalidActionError
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.variants.frontier.combat import leave_battlefield, wire

from frontier_desktop.rules.core.consent import CONSENT_DECLINES as CONSENT_DECLINES  # re-exported
from frontier_desktop.rules.core.manual import MANUAL_BOUNDS as MANUAL_BOUNDS  # re-exported
from frontier_desktop.rules.core.manual import check_bounds as check_bounds  # re-exported
from frontier_desktop.rules.core.shared import TOKEN_TYPE_LINE as TOKEN_TYPE_LINE  # re-exported
from frontier_desktop.rules.core.shared import token_card as token_card  # re-exported

Event = dict[str, Any]

if TYPE_CHECKING:
    from frontier_desktop.rules.core.magic import SquareMagic


class ManualActions(CoreManual):
    """The core's manual actions on Frontier's board of land squares."""

    if TYPE_CHECKING:
        magic: SquareMagic  # the variant's engine (base.Variant)

    def reveal(self, state: GameState, pos: Pos, events: list[Event]) -> None:  # pragma: no cover
        raise NotImplementedError

    # ------------------------------------------------------------------ consent
    def _do_choose(self, state: GameState, seat: int, action: A.Choose,
                   events: list[Event]) -> None:
        """A ``consent`` decision's answer (core/consent.py)."""
        self.answer_consent(state, seat, action, events)

    def foreign_land(self, state: GameState, seat: int, pos: Any) -> bool:
        """A land is *seat*'s to touch only when their creatures alone stand on it."""
        controllers = {state.perms[i].controller for i in state.occupants().get(pos, ())}
        return controllers != {seat}

    # ------------------------------------------------------------------ where
    def manual_tap_land(self, state: GameState, seat: int, action: A.Action, ref: Any,
                        tapped: bool, events: list[Event]) -> None:
        """Tap (for *seat*) or untap the land square *ref*."""
        if not state.board.contains(ref):
            raise InvalidActionError(f"{action.type}: {ref!r} is not on the board")
        cell = state.cells[ref]
        if cell.land is None:
            raise IllegalActionError(action, "that square is a hole")
        if not tapped:
            cell.tapped_by = None
        elif cell.tapped_by is None:
            cell.tapped_by = seat
        self._manual(events, seat, action, at=wire(state, ref))

    def manual_remove_land(self, state: GameState, seat: int, action: A.Action, pos: Any,
                           verb: str, events: list[Event]) -> None:
        """The land leaves a hole; a land is sacrificed only where the actor's creatures
        stand."""
        if state.cells[pos].land is None:
            raise IllegalActionError(action, "that square is already a hole")
        if verb == "sacrificed" and not any(state.perms[i].controller == seat
                                            for i in state.occupants().get(pos, ())):
            raise IllegalActionError(action, "you may sacrifice only lands your creatures stand on")
        start = len(events)
        self.remove_land(state, seat, pos, action, events, verb)
        if getattr(action, "for_card", None):
            for event in events[start:]:
                if event["type"] == "land_destroyed":
                    event["for"] = getattr(action, "for_card")

    # ------------------------------------------------------------------ handlers
    _ZONES = ("hand", "graveyard", "exile", "library_top", "library_bottom", "staging")

    def _do_move_card(self, state: GameState, seat: int, action: A.MoveCard,
                      events: list[Event]) -> None:
        if action.to not in self._ZONES:
            raise InvalidActionError(f"move_card: 'to' must be one of {', '.join(self._ZONES)}")
        card_id = action.card
        owner = state.owner(card_id) if card_id in state.cards else -1
        source = zone_of(state, card_id)
        if source is None or source in ("hand", "library") and owner != seat:
            # One answer for every card the actor can't reach: a missing id, a card set aside
            # (the short column of lands) or one hidden from them. Different answers would let
            # a player probe ids and count the opponent's lands or cards.
            raise IllegalActionError(action, "that card is hidden from you or not in a zone "
                                             "you can reach")
        hidden_before = source in ("hand", "library")
        name = state.name(card_id)
        if source == "battlefield":
            perm = state.perms[card_id]
            if action.to == "staging":
                perm.zone, perm.at = "staging", None
                self._manual(events, seat, action, card=card_id, name=name, to="staging")
                return
            zone = {"library_top": "library", "library_bottom": "library"}.get(action.to, action.to)
            leave_battlefield(state, perm, zone, events, reason="moved by hand")
            if card_id not in state.cards:
                return  # a token ceased to exist
            lib = state.players[owner].library
            if action.to == "library_top" and lib and lib[-1] == card_id:
                lib.insert(0, lib.pop())
        else:
            getattr(state.players[owner], source).remove(card_id)
            if action.to == "staging":
                sick = state.card(card_id).is_creature
                state.perms[card_id] = Permanent(card_id, owner, "staging", sick=sick,
                                                 counters=entering_counters(
                                                     state.card(card_id)))  # loyalty
            elif action.to == "library_top":
                state.players[owner].library.insert(0, card_id)
            elif action.to == "library_bottom":
                state.players[owner].library.append(card_id)
            else:
                getattr(state.players[owner], action.to).append(card_id)
        hidden_after = action.to in ("hand", "library_top", "library_bottom")
        event: Event = {"type": "manual", "player": seat, "action": action.type,
                        "from": source, "to": action.to, "card": card_id, "name": name}
        if getattr(action, "for_card", None):
            event["for"] = getattr(action, "for_card")
        if hidden_before and hidden_after:
            event["_private"] = {"seat": owner, "fields": ["card", "name"]}
        events.append(event)

    def _do_create_token(self, state: GameState, seat: int, action: A.CreateToken,
                         events: list[Event]) -> None:
        check_bounds(action, power=action.power, toughness=action.toughness, name=action.name,
                     keywords=action.keywords)
        for keyword in action.keywords:
            check_bounds(action, keyword=keyword)
        card = token_card(None, action.name, action.power, action.toughness, action.keywords,
                          colours=action.colors)
        if card.name not in state.defs:
            state.defs = {**state.defs, card.name: card}
        unit_id = state.new_id("t")
        if action.at == "staging":
            perm = Permanent(unit_id, seat, "staging", sick=True)
        else:
            pos = action.at
            if not state.board.contains(pos):
                raise InvalidActionError("create_token: 'at' is not on the board")
            if state.cells[pos].land is None:
                raise IllegalActionError(action, "a token can't be put on a hole")
            if state.occupants().get(pos):
                raise IllegalActionError(action, "that square is taken")
            perm = Permanent(unit_id, seat, "board", pos, sick=True)
        state.cards[unit_id] = (card.name, seat)
        state.perms[unit_id] = perm
        event: Event = {"type": "token", "player": seat, "unit": unit_id, "name": card.name,
                        "at": "staging" if perm.at is None else wire(state, perm.at)}
        if getattr(action, "for_card", None):
            event["for"] = getattr(action, "for_card")
        events.append(event)
        if perm.at is not None:
            self.reveal(state, perm.at, events)

    def remove_land(self, state: GameState, seat: int, pos: Pos, action: A.Action,
                     events: list[Event], verb: str) -> None:
        cell = state.cells[pos]
        land_id = cell.land
        assert land_id is not None
        owner = state.owner(land_id)
        if not cell.face_up:
            self.reveal(state, pos, events)  # a land in the land graveyard is public
        state.players[owner if owner >= 0 else seat].land_graveyard.append(land_id)
        cell.land, cell.face_up, cell.tapped_by = None, False, None
        events.append({"type": "land_destroyed", "at": wire(state, pos),
                       "land": state.name(land_id), "player": seat, "how": verb})


__all__ = ["CONSENT_DECLINES", "MANUAL_BOUNDS", "ManualActions", "check_bounds", "token_card"]
