"""The core's answers to the decisions every variant shares: who divides combat damage
(``set_assign``, ``assign``), response windows (``set_responses``), a card named in hand, the
land that takes a player's damage, and "target player discards two cards" (``discard``).

A part of the effects engine (:class:`~frontier_desktop.rules.core.magic.Magic`); what differs
between the variants it asks of ``self.variant`` (:class:`.engine_hooks.VariantHooks`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.state import GameState
from frontier_desktop.rules.core.hooks import Event

if TYPE_CHECKING:
    from frontier_desktop.rules.core.engine_hooks import VariantHooks



def waiting(state: GameState, action: A.Action, kind: str, what: str) -> dict[str, Any]:
    """The pending decision of *kind* that *action* answers ("no division is waiting" when
    nothing of its kind waits: an answer with no question is refused, never a crash)."""
    decision = state.decision
    if decision is None or decision.get("kind") != kind:
        raise IllegalActionError(action, f"no {what} is waiting")
    return decision


class DecisionActions:
    """The shared decisions' answers (a part of the effects engine)."""

    if TYPE_CHECKING:
        variant: VariantHooks

        def continue_stack(self, state: GameState, events: list[Event]) -> None: ...

    def _do_set_assign(self, state: GameState, seat: int, action: A.SetAssign,
                       events: list[Event]) -> None:
        """Ask (or stop asking) to divide combat damage yourself (``pending`` ``assign``)."""
        state.players[seat].assign = action.on
        events.append({"type": "assign_choice", "player": seat, "on": action.on})

    def _do_set_responses(self, state: GameState, seat: int, action: A.SetResponses,
                          events: list[Event]) -> None:
        """Ask for (or stop asking for) response windows."""
        state.players[seat].responses = action.on
        events.append({"type": "responses", "player": seat, "on": action.on})

    def _do_assign(self, state: GameState, seat: int, action: A.Assign,
                   events: list[Event]) -> None:
        """Answer the pending ``assign`` decision: one attacker's damage, divided as the
        variant allows (:meth:`division_problem`), then the combat goes on
        (:meth:`finish_division`)."""
        decision = waiting(state, action, "assign", "division")
        damage: dict[str, int] = {}
        for unit, amount in action.damage:
            damage[unit] = damage.get(unit, 0) + amount
        problem = self.variant.division_problem(state, decision, action, damage)
        if problem:
            raise IllegalActionError(action, problem)
        self.variant.finish_division(state, damage, events)

    def _hand_card(self, state: GameState, seat: int, action: A.Action, ref: str) -> str:
        """The card in *seat*'s hand that *ref* names (its id or its name, any spelling);
        refused in words (an id is never echoed back)."""
        hand = state.players[seat].hand
        if ref in hand:
            return ref
        from frontier_desktop.rules.card import normalise_name

        want = normalise_name(ref)
        for card_id in hand:
            if normalise_name(state.name(card_id)) == want:
                return card_id
        raise IllegalActionError(action, "that card is not in your hand" if ref in state.cards
                                 else f"{ref} is not in your hand")

    def _discard_chosen(self, state: GameState, seat: int, action: A.Discard,
                        events: list[Event]) -> None:
        """Answer a ``discard`` decision ("target player discards two cards")."""
        decision = state.decision
        assert decision is not None
        player = state.players[seat]
        refs = list(action.cards) or ([action.card] if action.card else [])
        count = min(int(decision["count"]), len(player.hand))
        if len(refs) != count:
            raise IllegalActionError(action, f"discard exactly {count} card"
                                             f"{'s' if count != 1 else ''}")
        chosen: list[str] = []
        for ref in refs:
            card_id = self._hand_card(state, seat, action, ref)
            if card_id in chosen:  # the same name twice: the next copy of it
                others = [c for c in player.hand if c not in chosen
                          and state.name(c) == state.name(card_id)]
                if not others:
                    raise IllegalActionError(action, f"you hold only one {state.name(card_id)}")
                card_id = others[0]
            chosen.append(card_id)
        for card_id in chosen:
            player.hand.remove(card_id)
            player.graveyard.append(card_id)
            events.append({"type": "discarded", "player": seat, "card": state.name(card_id),
                           "id": card_id})
        state.decision = None
        self.continue_stack(state, events)
