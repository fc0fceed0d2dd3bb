"""The effects engine's variant hooks: where Frontier, Army Magic and the variants after them
differ, :class:`~frontier_desktop.rules.core.spells.SpellActions` asks one of
these methods. Frontier's behaviour is the default; a variant overrides what differs (Army
Magic: :mod:`army_spells`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.core import planeswalkers
from frontier_desktop.rules.effects.targeting import Slot, spec_problem
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.core.hooks import Event
from frontier_desktop.rules.core.shared import assign_problem, is_square
from frontier_desktop.rules.core import sba
from frontier_desktop.rules.core.hooks import where_of
from frontier_desktop.rules.core.life import damage_player, gain_life

if TYPE_CHECKING:
    from frontier_desktop.rules.core.spell_context import _Context

Target = Any


class EngineHooks:
    """The variant hooks of the effects engine, with Frontier's answers."""

    # ------------------------------------------------------------------ player settings
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

    # ------------------------------------------------------------------ damage division
    def _do_assign(self, state: GameState, seat: int, action: A.Assign,
                   events: list[Event]) -> None:
        """Answer the pending ``assign`` decision: one attacker's damage, divided as the
        variant allows (:meth:`division_problem`), then the combat goes on
        (:meth:`finish_division`)."""
        decision = state.decision
        assert decision is not None and decision["kind"] == "assign"  # check_may_act
        damage: dict[str, int] = {}
        for unit, amount in action.damage:
            damage[unit] = damage.get(unit, 0) + amount
        problem = self.division_problem(state, decision, action, damage)
        if problem:
            raise IllegalActionError(action, problem)
        self.finish_division(state, damage, events)

    def division_problem(self, state: GameState, decision: dict[str, Any], action: A.Assign,
                         damage: dict[str, int]) -> str | None:
        """Why *damage* (the summed division of *action*) is not a division the pending
        decision accepts (None: it is)."""
        return assign_problem(decision, action.attacker, damage)

    def finish_division(self, state: GameState, damage: dict[str, int] | None,
                        events: list[Event]) -> None:  # pragma: no cover
        """Record the division (None: the default) and carry the combat on (each variant's
        combat)."""
        raise NotImplementedError

    def continue_stack(self, state: GameState, events: list[Event]) -> None:  # pragma: no cover
        raise NotImplementedError  # SpellActions'

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

    def land_controllers(self, state: GameState) -> dict[Any, int]:
        """See :meth:`Variant.land_controllers` (each variant overrides it)."""
        return {}

    # ------------------------------------------------------------------ variant hooks
    # Where the variants differ, the engine asks one of these. Frontier's behaviour is the
    # default; Army Magic (army.py) and the variants after it override what differs.
    main_phases: ClassVar[tuple[str, ...]] = ("main",)
    """The phases in which sorcery-speed things happen (Army Magic has two)."""
    player_damage_to_land: ClassVar[bool] = False
    """See :attr:`Variant.player_damage_to_land` (the variant's class sets it)."""

    def land_tapper(self, state: GameState, pos: Any, seat: int) -> int:
        """Who counts as having tapped the land at *pos* when an effect *seat* controls taps
        it: whose untap step untaps it. Frontier: *seat* (each player untaps only the lands
        they tapped, ../shared/rules/frontier.md); a variant whose lands have controllers
        (Army) answers the land's controller."""
        return seat

    def defending_players(self, state: GameState, seat: int) -> list[int]:
        """Who "defending player" names for *seat*'s spell or ability. Frontier and Army: the
        opponent; with more seats a variant answers the players defending against *seat*'s
        attack now (none: an effect naming the defending player is carried out by hand)."""
        return [state.opponent(seat)]

    def wants_responses(self, state: GameState, seat: int) -> bool:
        """Whether *seat* asked for response windows (``set_responses``). Army Magic: also
        every player when the game's ``responses`` option is on."""
        return bool(state.players[seat].responses)

    def damaged_player(self, event: Event) -> int | None:
        """The player a ``damage`` event dealt damage to, for "deals damage to a player"
        triggers (None: not a player). Army Magic: also damage to a land of theirs."""
        if event.get("target") == "player":
            return int(event.get("player") or 0)
        return None

    def state_checks(self, state: GameState, events: list[Event]) -> None:
        """The core's state-based actions after each resolution (Frontier: with its terrain
        bonuses): deaths, and planeswalkers with no loyalty left."""
        sba.check_deaths(state, where_of(state), events)

    def put_onto_battlefield(self, state: GameState, obj: str, seat: int, events: list[Event],
                             *, sick: bool, tapped: bool = False) -> Any:
        """Put *obj* (a resolving permanent spell, a token, a card returned from a graveyard)
        onto the battlefield under *seat*'s control where the variant puts new permanents;
        return where, in wire form, for the event. Frontier: the staging row."""
        state.perms[obj] = Permanent(obj, seat, "staging", sick=sick, tapped=tapped)
        planeswalkers.enter(state, state.perms[obj])  # its loyalty (rules/core)
        return "staging"

    def damage_to_player(self, ctx: _Context, seat: int, amount: int,
                         events: list[Event]) -> None:
        """A spell or ability deals *amount* damage to player *seat* without targeting them
        ("each player", "you"). Frontier: their life."""
        damage_player(ctx.state, seat, amount, ctx.source_label, events)

    def damage_to_place(self, ctx: _Context, place: Any, amount: int,
                        events: list[Event]) -> bool:
        """Damage dealt to a land targeted as a place (where :attr:`player_damage_to_land`);
        False: not carried out (Frontier's lands have no life)."""
        return False

    def life_change(self, ctx: _Context, seat: int, amount: int, events: list[Event]) -> None:
        """Player *seat* gains (*amount* > 0) or loses life from an effect. Frontier: their
        life total."""
        if amount >= 0:
            gain_life(ctx.state, seat, amount, events)
            return
        player = ctx.state.players[seat]
        player.life += amount
        events.append({"type": "life", "player": seat, "life": player.life, "delta": amount})

    def effect_area(self, state: GameState, item: dict[str, Any],
                    source: str | None) -> Any:
        """What an effect without a target ("all creatures") reaches: a predicate on object
        ids, or None for the whole battlefield (Frontier)."""
        return None

    def resolve_other(self, state: GameState, item: dict[str, Any], events: list[Event]) -> None:
        """Resolve a stack item of a variant's own kind (Army Magic's moves)."""
        raise AssertionError(f"unknown stack item kind {item.get('kind')!r}")

    def stack_emptied(self, state: GameState, events: list[Event]) -> None:
        """The stack is empty and nothing waits: carry out what waited for it (a variant's
        attack that waited for its triggers). Default: nothing."""

    def player_place_problem(self, state: GameState, seat: int, slot: Slot,
                             target: Target) -> str | None:
        """Where damage to a player is dealt to a land of theirs: why *target* can't take
        *slot*'s damage (None: it can). The land must be a face-up land a player controls
        whom the card's text may name."""
        if isinstance(target, tuple) and target and target[0] == "player":
            return "damage to a player is dealt to a land of theirs: target the land"
        if is_square(target):
            owner = self.land_controllers(state).get(target)
            if owner is None:
                return "nobody controls that land"
            return spec_problem(state, slot.spec, ("player", owner), seat=seat, source=None)
        return None

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
