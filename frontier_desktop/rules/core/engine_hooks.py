"""The effects engine's questions to a variant: :class:`VariantHooks`.

The Magic core talks to a variant through two hook objects, both declared in the core:

- :class:`~frontier_desktop.rules.core.hooks.Where` (``variant.where``) answers the board
  questions of combat and keywords: a creature's power with its terrain, who controls which
  land, where a blocker must stand, where a regenerated creature goes;
- :class:`VariantHooks` (the variant object itself: every variant's class is one) answers the
  effects engine's: where a new permanent enters, who a "defending player" is, where damage to
  a player goes, what "all creatures" reaches, the turn's phases, drawing, the seeded random
  numbers, the mana a player can tap, and the few steps of normal Magic a variant extends
  (what a spell may target, pushing onto the stack, paying a "choice").

The engine (:class:`~frontier_desktop.rules.core.magic.Magic`) is a separate object the variant
holds (``variant.magic``) and calls; the engine calls back only the methods declared here, on
``engine.variant``. The defaults are Frontier's (normal Magic on a table); a hook whose
default is the core's own behaviour hands the work back to the engine (``self.magic``), so a
variant that extends it does its part and calls the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.core import planeswalkers
from frontier_desktop.rules.core import sba
from frontier_desktop.rules.core.control import update_control
from frontier_desktop.rules.core.hooks import Event, Where, where_of
from frontier_desktop.rules.core.life import damage_player, gain_life
from frontier_desktop.rules.core.shared import assign_problem
from frontier_desktop.rules.state import GameState, Permanent

if TYPE_CHECKING:
    from frontier_desktop.rules.core.magic import Magic
    from frontier_desktop.rules.core.spell_context import _Context

Target = Any


class VariantHooks:
    """What the effects engine asks the variant, with Frontier's answers."""

    magic: Magic
    """The variant's effects engine (made by :class:`~frontier_desktop.rules.variants.base.
    Variant`)."""
    where: ClassVar[Where] = Where()
    """The variant's answers to the core's combat and keywords (:mod:`.hooks`)."""

    # ------------------------------------------------------------------ the variant's facts
    phases: ClassVar[tuple[str, ...]] = ("untap", "upkeep", "draw", "main", "end")
    """The turn's steps, in order (the last one is the end step, where the hand size holds)."""
    main_phases: ClassVar[tuple[str, ...]] = ("main",)
    """The phases in which sorcery-speed things happen (Army Magic has two)."""
    hand_size: ClassVar[int] = 7
    player_damage_to_land: ClassVar[bool] = False
    """Whether damage to a player is dealt to a land of theirs (Army Magic)."""
    game_words: ClassVar[str] = "Frontier"
    """The variant's name as the log says it ("no mana in the War Game")."""
    turn_based_steps: ClassVar[tuple[str, ...]] = ("untap",)
    """Steps carried out by the pass that leaves the step before them: no ``phase`` event
    and no stop (a position saved in one carries it out when passed)."""
    draw_count: ClassVar[int] = 1
    """Cards the active player draws on entering ``draw`` (skipped once by ``skip_draw``)."""
    pools_empty: ClassVar[str] = "step"
    """When mana pools empty: ``"step"`` whenever a step ends (Frontier, Army), ``"turn"`` at
    the end of the turn (the Conquering), ``"never"`` (the War Game's supply)."""
    damage_wears_off: ClassVar[bool] = True
    """Damage on permanents goes at the end of the turn (not in the War Game)."""
    discard_one_at_a_time: ClassVar[bool] = False
    """The end step's discard takes one ``card`` per action (Frontier), else ``cards``."""
    discard_is_decision: ClassVar[bool] = False
    """Views show the end step's discard as a pending ``discard`` decision (Army)."""

    # ------------------------------------------------------------------ each variant's own
    def draw(self, state: GameState, seat: int, count: int,
             events: list[Event]) -> None:  # pragma: no cover
        """*seat* draws *count* cards for an effect (the variant's library and its end)."""
        raise NotImplementedError

    def game_rng(self, state: GameState) -> Any:  # pragma: no cover
        """The game's seeded random numbers, where the state keeps them."""
        raise NotImplementedError

    def save_rng(self, state: GameState, rng: Any) -> None:  # pragma: no cover
        """Keep *rng*'s position in the state (the next draw goes on from it)."""
        raise NotImplementedError

    def instant_choices(self, state: GameState, seat: int) -> list[A.Action]:  # pragma: no cover
        """What *seat* may cast or activate at instant speed now (the variant's mana)."""
        raise NotImplementedError

    def mana_sources(self, state: GameState, seat: int) -> list[Any]:  # pragma: no cover
        """The lands *seat* could tap now for mana (each variant's)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ normal Magic, extended
    def target_problem(self, state: GameState, seat: int, source: str | None,
                       target: Target) -> str | None:
        """Why *target* is out of reach of *seat*'s spell or ability from *source* (None: it
        may be targeted). Default: normal Magic (protection, shroud, hexproof); a variant adds
        its range, terrain or reach."""
        return self.magic.target_problem(state, seat, source, target)

    def push(self, state: GameState, item: dict[str, Any], events: list[Event]) -> None:
        """Put *item* on the stack (a variant may note on it what the cast chose first)."""
        self.magic.push(state, item, events)

    def timing_event(self, state: GameState, event: Event, events: list[Event]) -> None:
        """The step and phasing triggers an event sets off (a variant may add its own)."""
        self.magic.timing_event(state, event, events)

    def damage_one(self, ctx: _Context, source: str, obj: Any, amount: int,
                   events: list[Event]) -> None:
        """A spell or ability deals *amount* damage to *obj* (a variant may add where it
        goes beyond)."""
        self.magic.damage_one(ctx, source, obj, amount, events)

    def activation_problem(self, state: GameState, seat: int, perm: Permanent,
                           index: int) -> str | None:
        """Why ability *index* of *perm* can't be activated now (None: it can)."""
        return self.magic.activation_problem(state, seat, perm, index)

    def can_pay_cost(self, state: GameState, seat: int, cost: str) -> bool:
        """Whether *seat* can pay *cost* now (from the pool or by tapping lands)."""
        return self.magic.can_pay_cost(state, seat, cost)

    def can_pay_generic(self, state: GameState, seat: int, amount: int) -> bool:
        """Whether *seat* can pay {*amount*} now."""
        return self.can_pay_cost(state, seat, "{%d}" % amount)

    def pay_choice_cost(self, state: GameState, seat: int, action: A.Action, cost: str,
                        events: list[Event]) -> None:  # pragma: no cover
        """Pay *cost* for a ``choice`` the variant's way (Frontier: from the pool, tapping
        lands for what it lacks; the Conquering: from the pool).

        Raises:
            IllegalActionError: *seat* can't pay it.
        """
        raise NotImplementedError

    def no_mana_from(self, state: GameState, source: str | None) -> str | None:
        """Why the "Add …" of *source* makes no mana here, in the log's words (None: it makes
        its mana; the War Game: only creatures make supply)."""
        return None

    def band_of(self, state: GameState, perm: Permanent) -> list[Permanent]:
        """The creatures *perm* attacks and is attacked together with (Frontier's banding
        stack); default: itself alone."""
        return [perm]

    # ------------------------------------------------------------------ the turn
    def on_untap(self, state: GameState, events: list[Event]) -> None:
        """The untap step (default: the core's untap)."""
        self.magic.on_untap(state, events)

    def on_upkeep(self, state: GameState, events: list[Event]) -> None:
        """The upkeep (default: the core's delayed "at the beginning of the next upkeep")."""
        self.magic.on_upkeep(state, events)

    def on_draw(self, state: GameState, events: list[Event]) -> None:
        """The draw step (default: the core's draw, skipped once by a starting player)."""
        self.magic.on_draw(state, events)

    def on_end(self, state: GameState, events: list[Event]) -> None:
        """The end step (default: the core's delayed "at the beginning of the end step")."""
        self.magic.on_end(state, events)

    def empty_pools(self, state: GameState) -> None:
        """Every mana pool empties."""
        for p in state.players:
            for k in p.pool:
                p.pool[k] = 0

    def end_of_turn(self, state: GameState, events: list[Event]) -> None:
        """The variant's own cleanup, before the next seat is chosen (may end the game)."""

    # ------------------------------------------------------------------ where things go
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

    def land_controllers(self, state: GameState) -> dict[Any, int]:
        """Board position → the seat controlling the land there (absent: nobody)."""
        return {}

    def land_controller(self, state: GameState, pos: Any) -> int | None:
        """Who controls the land at *pos* (None: nobody): :meth:`land_controllers` for one
        land (a variant may answer it without the whole board)."""
        return self.land_controllers(state).get(pos)

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
        bonuses): changes of control (:mod:`.control`), deaths, and planeswalkers with no
        loyalty left."""
        update_control(state, events)
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

    def trigger_origins(self, state: GameState, item: dict[str, Any]) -> list[Any] | None:
        """The places (wire form) one of which the triggered ability *item*, just put on the
        stack, affects: its controller chooses one before anything resolves (a ``choice``
        decision ``by: "origin"``, :mod:`.trigger_targets`); one place is taken at once, none
        removes the ability. None: the ability takes no such choice (every variant but the
        War Game, whose whole-table effects affect one chosen terrain)."""
        return None

    def resolve_other(self, state: GameState, item: dict[str, Any], events: list[Event]) -> None:
        """Resolve a stack item of a variant's own kind (Army Magic's moves)."""
        raise AssertionError(f"unknown stack item kind {item.get('kind')!r}")

    def stack_emptied(self, state: GameState, events: list[Event]) -> None:
        """The stack is empty and nothing waits: carry out what waited for it (a variant's
        attack that waited for its triggers). Default: nothing."""
