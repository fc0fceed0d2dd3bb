"""The consent rule for manual actions, once for every variant and any number of seats.

With the option ``manual_consent`` (forced on in every LAN game; a New game setting in
hot-seat) a manual action that touches anything that is not the actor's — another player's
life, a card of theirs in any zone, a permanent they own or control, a land the actor does
not control — and every draw or token by hand (cards and creatures out of nothing change the
game for everyone) does not happen at once: it becomes a ``consent`` decision.

**Who is asked** (``docs/protocol.md``, "Manual actions need consent"): every other seat still
in the game, one at a time, clockwise from the actor (the next seat first). With two players
that is the other player, as it always was. The request happens only when the last of them
accepts; the first ``decline`` ends it (nothing happens, the log says so). While more seats
are to be asked the decision names them in ``then`` (in order); each acceptance but the last
is a ``consent`` event with ``answer`` ``accepted`` and ``next`` (the seat asked now).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.core.engine_hooks import VariantHooks
from frontier_desktop.rules.core.hooks import Event
from frontier_desktop.rules.errors import IllegalActionError, InvalidActionError
from frontier_desktop.rules.state import GameState

if TYPE_CHECKING:
    from collections.abc import Callable

CONSENT_DECLINES = 3
"""Requests one player may have had declined in a turn; further ones that turn are refused,
so a player cannot flood the others with requests."""


def consent_seats(state: GameState, seat: int) -> list[int]:
    """The seats asked to consent to *seat*'s request, in the order they are asked: every
    other seat still in the game, clockwise (increasing seat) from the one after *seat*."""
    n = len(state.players)
    return [s for s in ((seat + k) % n for k in range(1, n)) if not state.players[s].lost]


class ConsentRule(VariantHooks):
    """The consent rule's part of the manual actions (mixed into every variant that has the
    option ``manual_consent``; :class:`~frontier_desktop.rules.core.manual.CoreManual`)."""

    def _manual_handler(self, action: A.Action) -> Callable[..., None]:
        handler: Callable[..., None] = getattr(self, "_do_" + action.type)
        return handler

    # ------------------------------------------------------------------ asking
    def consent_first(self, state: GameState, seat: int, action: A.Action,
                      events: list[Event]) -> bool:
        """The consent rule, called before every action is carried out.

        With the option ``manual_consent``, a manual action that touches anything that is not
        *seat*'s does not happen: it becomes a ``consent`` decision for the first seat of
        :func:`consent_seats` (answered by ``choose``), and this returns True. A concession
        with a request open lets it lapse (logged).

        Raises:
            InvalidActionError / IllegalActionError: the action would be refused anyway (it is
                tried on a copy first), its ``for`` names no card the actor can see, or the
                actor's requests have been declined :data:`CONSENT_DECLINES` times this turn.
        """
        if isinstance(action, A.Concede):
            self._lapse(state, events, "the game ended")
            return False
        if not action.manual:
            return False
        self._check_for_card(state, seat, action)
        if not state.options.get("manual_consent") or not self.touches_other(state, seat, action):
            return False
        asked = consent_seats(state, seat)
        if not asked:
            return False  # nobody else is left to ask
        # Tried first, so that a card the actor can't reach is refused in the same words
        # whether or not requests are refused (no probing of hidden ids).
        self._manual_handler(action)(state.clone(), seat, action, [])  # refused now, not later
        declined = self.declines_this_turn(state, seat)
        if declined >= CONSENT_DECLINES:
            who = state.players[asked[0]].name if len(state.players) == 2 else "the others"
            verb = "has" if len(state.players) == 2 else "have"
            raise IllegalActionError(action, f"{who} {verb} declined {declined} of your "
                                             "requests this turn: ask again next turn")
        self._ask(state, seat, action.to_wire(), getattr(action, "for_card", None), asked,
                  events)
        return True

    @staticmethod
    def _ask(state: GameState, by: int, action: dict[str, Any], for_card: Any,
             asked: list[int], events: list[Event]) -> None:
        """Open the request *action* of *by* to ``asked[0]`` (``then``: the rest)."""
        decision: dict[str, Any] = {"kind": "consent", "player": asked[0], "by": by,
                                    "action": action, "for": for_card}
        if asked[1:]:
            decision["then"] = list(asked[1:])
        state.decision = decision
        events.append({"type": "consent_asked", "player": asked[0], "by": by,
                       "action": action, "for": for_card})

    def touches_other(self, state: GameState, seat: int, action: A.Action) -> bool:
        """Whether manual *action* by *seat* touches anything that is not *seat*'s: another
        player's life, a card of theirs in any zone, a permanent they own or control, or a
        land *seat* does not control (every face-down land among them: who owns it is
        hidden, so only control, which everyone sees, decides)."""
        if isinstance(action, A.LifeChange):
            return action.player != seat
        if isinstance(action, (A.Roll, A.AddMana)):
            return False  # a die roll, the actor's own pool
        if isinstance(action, (A.Draw, A.CreateToken)):
            # Cards and creatures out of nothing change the game for every player (the
            # issue's "draw five cards" and "create a 99/99 flyer"): the others agree.
            return True
        if isinstance(action, (A.DestroyLand, A.SacrificeLand)):
            return self.foreign_land(state, seat, action.at)
        ref: Any = None
        if isinstance(action, (A.ManualTap, A.ManualUntap)):
            ref = action.target
        elif isinstance(action, (A.Counters, A.PTChange, A.Destroy, A.Regenerate)):
            ref = action.unit
        elif isinstance(action, A.MoveCard):
            ref = action.card
        if isinstance(ref, str):
            perm = state.perms.get(ref)
            if perm is not None and perm.controller != seat:
                return True
            return ref in state.cards and state.owner(ref) not in (seat, -1)
        if ref is not None:
            if isinstance(action, A.ManualUntap) and state.board.contains(ref) \
                    and state.cells[ref].tapped_by == seat:
                return False  # a land this player tapped
            return self.foreign_land(state, seat, ref)
        return True  # a manual action this rule does not know: ask

    def foreign_land(self, state: GameState, seat: int, pos: Any) -> bool:
        """Whether the land at *pos* is not *seat*'s to touch by hand (the variant's
        controller of it is someone else, or nobody)."""
        return self.land_controller(state, pos) != seat

    @staticmethod
    def declines_this_turn(state: GameState, seat: int) -> int:
        """How many of *seat*'s requests were declined this turn (the log)."""
        count = 0
        for entry in reversed(state.log):
            if entry.get("turn") != state.turn:
                break
            count += sum(1 for e in entry.get("events", ())
                         if e.get("type") == "consent" and e.get("by") == seat
                         and e.get("answer") == "declined")
        return count

    def _check_for_card(self, state: GameState, seat: int, action: A.Action) -> None:
        """A manual action's ``for`` must name a card *seat* can see: in their hand, on the
        battlefield or in a graveyard or exile (the same answer for any other name)."""
        name = getattr(action, "for_card", None)
        if not name:
            return
        seen: set[str] = set()
        for card_id in state.players[seat].hand:
            seen.add(state.name(card_id))
        for perm_id in state.perms:
            seen.add(state.name(perm_id))
        for player in state.players:
            for card_id in (*player.graveyard, *player.exile):
                seen.add(state.name(card_id))
        if name not in seen:
            raise IllegalActionError(action, f"{name} is not in your hand, in play, in a "
                                             "graveyard or in exile")

    def _lapse(self, state: GameState, events: list[Event], why: str) -> None:
        d = state.decision
        if d is None or d.get("kind") != "consent":
            return
        state.decision = None
        events.append({"type": "consent", "player": d["player"], "by": d["by"],
                       "action": d["action"], "for": d.get("for"), "answer": "lapsed",
                       "why": why})

    # ------------------------------------------------------------------ answering
    @staticmethod
    def consent_answers(state: GameState, seat: int) -> list[A.Action]:
        """The legal answers to an open request: accept and decline, for the seat asked."""
        d = state.decision
        if d is None or d.get("kind") != "consent" or seat != d["player"]:
            return []
        return [A.Choose(choice="accept"), A.Choose(choice="decline")]

    def answer_consent(self, state: GameState, seat: int, action: A.Choose,
                       events: list[Event]) -> None:
        """``choose`` ``accept`` or ``decline`` for the open request: a decline ends it; an
        acceptance asks the next seat (``then``), and the last one carries it out as the
        requester's action.

        Raises:
            IllegalActionError: no request is open.
            InvalidActionError: a choice other than accept or decline.
        """
        d = state.decision
        if d is None or d.get("kind") != "consent":  # pragma: no cover - check_may_act
            raise IllegalActionError(action, "there is no request to answer")
        if action.choice not in ("accept", "decline"):
            raise InvalidActionError("choose: 'choice' must be accept or decline")
        request = A.action_from_wire(d["action"])
        by = int(d["by"])
        rest = [int(s) for s in d.get("then") or () if not state.players[int(s)].lost]
        state.decision = None
        answer = "accepted" if action.choice == "accept" else "declined"
        event: Event = {"type": "consent", "player": seat, "by": by, "action": d["action"],
                        "for": d.get("for"), "answer": answer}
        if answer == "accepted" and rest:
            event["next"] = rest[0]
            events.append(event)
            self._ask(state, by, d["action"], d.get("for"), rest, events)
            return
        events.append(event)
        if answer == "accepted":
            self._manual_handler(request)(state, by, request, events)


__all__ = ["CONSENT_DECLINES", "ConsentRule", "consent_seats"]
