"""Army Magic: armies on a 5-wide x 6-deep board of lands with life dice, home bases at 20.

Every bullet of ``shared/rules/army.md`` is enforced here, in :mod:`army_board` (control, land
life, range) and :mod:`army_combat` (blocks, damage, capture, retreat); the legal-action list
is :mod:`army_legal`, the set-up :mod:`army_setup`, lands for mana :mod:`army_mana`, the
manual actions :mod:`army_manual`, and the turn's steps :mod:`turns` (the shared machine).
Pieces shared with Frontier (leaving play, damage division, payment, the seeded stream) come
from :mod:`shared`.

Spells, abilities and moves use the effects engine's stack (:mod:`frontier_spells`, with
Army's hooks in :mod:`army_spells`). A move is declared by :meth:`Army._do_move` (the unit
can't move again or attack) and goes on the stack as ``{"kind": "move", "units", "to"}``; it
can be answered like a spell (a ``priority`` window for an opponent who asked for responses
and could play something) and :meth:`Army.resolve_move` carries it out when it resolves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.core.hooks import Where
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.core.decisions import waiting
from frontier_desktop.rules.errors import IllegalActionError, InvalidActionError
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.core.attacking import attack_problem as core_attack_problem
from frontier_desktop.rules.core.attacking import taps_to_attack
from frontier_desktop.rules.core.keywords import has_keyword
from frontier_desktop.rules.core.planeswalkers import pay_loyalty
from frontier_desktop.rules.variants.army import actions as AA
from frontier_desktop.rules.core import fx_statics
from frontier_desktop.rules.variants.army.board import (
    army_pt,
    WHERE,
    controller,
    creatures_at,
    home_of,
    in_range,
    info,
    land_words,
    place_of,
    reach,
    is_walker,
    top_card,
)
from frontier_desktop.rules.variants.army.combat import (
    LAND,
    ask_retreat,
    check_deaths,
    declare_block,
    done_blocking,
    resolve_combat,
    start_combat,
)
from frontier_desktop.rules.variants.army import carrying
from frontier_desktop.rules.variants.army.control import changes_of_control, life_option
from frontier_desktop.rules.variants.army.loading import position_problem
from frontier_desktop.rules.variants.army.mana import ArmyMana
from frontier_desktop.rules.variants.army.movement import ArmyMovement
from frontier_desktop.rules.variants.army.manual import ArmyManual
from frontier_desktop.rules.variants.army.setup import lay_out
from frontier_desktop.rules.variants.army.spells import ArmySpells
from frontier_desktop.rules.variants.base import Event, Variant
from frontier_desktop.rules.core.shared import (
    assign_problem,
    draw_cards,
    game_rng,
    leave_battlefield,
    main_phase_check,
    mana_made,
    own_ability,
    save_rng,
    square_words,
    wire,
)

PHASES = ("untap", "upkeep", "draw", "main", "combat", "main2", "end")
MAIN_PHASES = ("main", "main2")


TURN_RECORDS = ("land_played", "combats", "explored", "combat", "life_gains")
"""``GameState.extra`` keys that last one turn (the extra land played, the combats fought,
the planeswalkers that explored, the combat under way for fx_statics, lifelink waiting)."""


class Army(ArmyMovement, ArmyMana, ArmyManual, ArmySpells, Variant):
    """Army Magic for two players (spells, abilities and moves on the shared stack:
    :mod:`army_spells`, :mod:`frontier_spells`)."""

    where: ClassVar[Where] = WHERE
    name: ClassVar[str] = "army"
    aliases: ClassVar[tuple[str, ...]] = ("army-magic",)
    title: ClassVar[str] = "Army Magic"
    phases: ClassVar[tuple[str, ...]] = PHASES
    player_damage_to_land: ClassVar[bool] = True
    discard_is_decision: ClassVar[bool] = True
    main_phases: ClassVar[tuple[str, ...]] = MAIN_PHASES
    cell_fields: ClassVar[tuple[str, ...]] = ("controller", "life", "stronghold_of")
    turn_record: ClassVar[Mapping[str, Any]] = {"combats": [["place", "place"]]}
    """This turn's combats, ``[from, to]`` each (no second attack from one land on another)."""
    default_options: ClassVar[Mapping[str, Any]] = {
        "first_player": -1,
        "hand_size": 7,
        "sick_cant_move": False,
        "hidden_treasure": False,
        "responses": False,
    }
    """``first_player`` -1 draws the first player from the seed; ``sick_cant_move`` is the
    digest's option (summoning-sick creatures can't move); ``hidden_treasure`` hides the
    artifacts among the initial forces under random face-down lands of their owner's half;
    ``responses`` opens a response window for every player who holds something playable
    (``shared/spec/variant-positions.md``), as if each had asked with ``set_responses``."""
    option_ranges: ClassVar[Mapping[str, tuple[int, int]]] = {
        "first_player": (-1, 1),
        "hand_size": (0, 1000),
    }

    # ================================================================== set-up
    def new_game(self, decks: Sequence[Sequence[Card]], names: Sequence[str], *,
                 seed: int | str = 0, options: Mapping[str, Any] | None = None,
                 sections: Sequence[Mapping[str, Sequence[Card]]] | None = None) -> GameState:
        """Lay out both halves, put the initial forces on the home bases, shuffle, draw 7.

        Each player's *sections* give ``home_base`` (one land), ``land_grid`` (the 14 others;
        15 with the home base among them is accepted) and ``initial_forces``; without them the
        first 15 lands of the deck are the grid (the first one the home base) and nothing
        starts in play.

        Raises:
            ValueError: not two players, a bad option, or a grid that is not 15 lands.
        """
        opts = self.options_with_defaults(options)
        state = lay_out(self.name, decks, names, seed, opts, sections)  # army_setup.py
        self.magic.enter_step(state, "upkeep", [])  # turns.py; the first turn has no untap
        return state

    # ================================================================== helpers
    def game_rng(self, state: GameState) -> Any:
        return game_rng(state)

    def save_rng(self, state: GameState, rng: Any) -> None:
        save_rng(state, rng)

    def draw(self, state: GameState, seat: int, count: int, events: list[Event]) -> None:
        draw_cards(state, seat, count, events)

    def _label(self, state: GameState, perm: Permanent) -> str:
        if perm.zone == "board" and perm.at is not None:
            return f"{state.name(perm.id)} at {square_words(perm.at)}"
        return state.name(perm.id)

    def _pos(self, state: GameState, action: A.Action, pos: Any, what: str) -> Pos:
        if not state.board.contains(pos):
            shown = list(pos) if isinstance(pos, tuple) else pos
            raise InvalidActionError(f"{action.type}: {what} {shown} is not on the board")
        return pos

    def _members(self, state: GameState, seat: int, action: A.Action, lead: str,
                 units: Sequence[str] | None, *, walkers: bool = False) -> list[Permanent]:
        """The creatures (and, for a move, planeswalkers) an action names, all on one land."""
        ids = list(dict.fromkeys([lead, *(units or ())]))
        members = []
        for unit in ids:
            perm = state.perms.get(unit)
            if perm is None or perm.zone != "board" or not (
                    state.card(unit).is_creature or (walkers and is_walker(state, unit))):
                what = "creature or planeswalker" if walkers else "creature"
                raise InvalidActionError(f"{action.type}: no {what} {unit!r} on the board")
            if perm.controller != seat:
                raise IllegalActionError(action, f"{self._label(state, perm)} is not yours")
            members.append(perm)
        if len({m.at for m in members}) != 1:
            raise IllegalActionError(action, "creatures moving or attacking together must stand "
                                             "on one land")
        return members

    def _main_check(self, state: GameState, seat: int, action: A.Action) -> None:
        main_phase_check(state, seat, action, MAIN_PHASES)

    # ================================================================== who may act
    def check_may_act(self, state: GameState, seat: int, action: A.Action) -> None:
        if seat not in (0, 1):
            raise InvalidActionError(f"there is no seat {seat}")
        if state.game_over:
            raise IllegalActionError(action, "the game is over")
        if isinstance(action, (A.Concede, A.SetResponses, A.SetAssign)):
            return
        d = state.decision
        if d is not None:
            if seat != d["player"]:
                raise IllegalActionError(action, f"waiting for {state.players[d['player']].name} "
                                                 f"to choose ({d['kind']})")
            allowed: dict[str, tuple[type[A.Action], ...]] = {
                "blocks": (AA.Block, AA.DoneBlocking), "assign": (A.Assign, A.Pass),
                "retreat": (AA.Retreat,), "place": (AA.PlaceAt,),
                "choice": (A.Choose, A.TapLand), "discard": (A.Discard,),
                "targets": (A.Targets,)}  # a triggered ability's targets (trigger_targets.py)
            if not isinstance(action, allowed[d["kind"]]):
                raise IllegalActionError(action, f"first choose: {d['kind']}")
            return
        if isinstance(action, (A.Assign, AA.Block, AA.DoneBlocking, AA.Retreat, AA.PlaceAt,
                               A.Choose, A.Targets)):
            raise IllegalActionError(action, f"there is no {action.type.replace('_', ' ')} "
                                             "choice to make now")
        if state.pending is not None:
            if seat != state.pending["responder"]:
                raise IllegalActionError(action, "waiting for the opponent's response")
            if not (action.instant or isinstance(action, A.Pass)):
                raise IllegalActionError(action, "only instant-speed actions or pass in response")
            return
        if seat != state.active and not action.instant:
            raise IllegalActionError(action, f"it is {state.players[state.active].name}'s turn")

    # ================================================================== perform
    _MANUAL_OK = ("manual_tap", "manual_untap", "counters", "pt_change", "roll", "add_mana",
                  "draw", "destroy", "destroy_land", "regenerate")

    def perform(self, state: GameState, seat: int, action: A.Action, events: list[Event]) -> None:
        if action.manual and action.type not in self._MANUAL_OK:
            raise IllegalActionError(action, f"{action.type.replace('_', ' ')} is not offered in "
                                             "Army Magic yet")
        handler = getattr(self, "_do_" + action.type, None) or getattr(
            self.magic, "_do_" + action.type, None)
        if handler is None:
            raise IllegalActionError(action, f"{action.type} is not part of Army Magic")
        start = len(events)
        handler(state, seat, action, events)
        self.magic.fire_triggers(state, events, start)  # spell_triggers.py

    # ------------------------------------------------------------------ turn structure
    def _do_pass(self, state: GameState, seat: int, action: A.Pass, events: list[Event]) -> None:
        if state.decision is not None and state.decision["kind"] == "assign":
            self.finish_division(state, None, events)
            return
        if state.pending is not None and state.pending.get("kind") == "move":
            # A move window of a game saved before moves went on the stack.
            pending, state.pending = state.pending, None
            self.resolve_move(state, int(pending["seat"]), list(pending["units"]),
                              state.board.pos_from_wire(pending["to"]), events)
            return
        if state.pending is not None:
            self.magic.pass_priority(state, events)  # the top of the stack resolves
            return
        self.magic.pass_step(state, seat, action, events)  # turns.py

    def end_of_turn(self, state: GameState, events: list[Event]) -> None:
        for key in TURN_RECORDS:
            state.extra.pop(key, None)

    # ------------------------------------------------------------------ combat
    def attack_problem(self, state: GameState, seat: int, members: list[Permanent],
                       target: Pos) -> str | None:
        """Why *members* may not attack the land at *target* now (None: they may)."""
        origin = members[0].at
        if controller(state, origin) != seat:
            return "attacks start from a land you control"
        for m in members:
            label = self._label(state, m)
            if m.tapped:
                return f"{label} is tapped"
            locked = self.magic.timing_attack_problem(state, m)  # fx_timing.py
            if locked:
                return locked
            if m.moved:
                return f"{label} moved this turn"
            if m.attacked:
                return f"{label} has already attacked this turn"
            if m.sick and not has_keyword(state, WHERE, m.id, "haste"):
                return f"{label} is summoning sick"
            problem = core_attack_problem(state, WHERE, m, band=len(members), sickness=False)
            if problem:
                return problem
        if target not in state.board.neighbours(origin):
            return "attack a land directly north, south, east or west"
        owner = controller(state, target)
        if owner is None or owner == seat:
            return "attack a land the opponent controls"
        if [wire(state, origin), wire(state, target)] in state.extra.get("combats", []):
            return "the creatures from that land have already fought that land this turn " \
                   "(all of them attack it together)"
        return None

    def _do_attack(self, state: GameState, seat: int, action: A.Attack,
                   events: list[Event]) -> None:
        members = self._members(state, seat, action, action.unit, action.units)
        if not isinstance(action.target, tuple):
            raise IllegalActionError(action, "in Army Magic you attack a land ([row, col])")
        target = self._pos(state, action, action.target, "target")
        if seat != state.active or state.phase not in ("main", "combat"):
            raise IllegalActionError(action, "attacks are made in your combat phase (an attack "
                                             "in the first main phase begins it)")
        if state.pending is not None:
            raise IllegalActionError(action, "a move is waiting to resolve")
        problem = self.attack_problem(state, seat, members, target)
        if problem:
            raise IllegalActionError(action, problem)
        if state.phase == "main":
            self.empty_pools(state)
            # ruling: an attack in main 1 begins combat
            self.magic.enter_step(state, "combat", events)
        origin = members[0].at
        state.extra.setdefault("combats", []).append([wire(state, origin), wire(state, target)])
        ids = [m.id for m in members]
        for m in members:
            m.attacked = True
            if taps_to_attack(state, WHERE, m):
                m.tapped = True
        defenders = [p.id for p in creatures_at(state, target)]
        events.append({"type": "attack", "unit": top_card(state, ids), "units": ids,
                       "band": ids, "defenders": defenders, "from": wire(state, origin),
                       "target": wire(state, target)})
        # "Whenever … attacks" triggers go on the stack and resolve before the blocks; the
        # combat starts when the stack is empty (stack_emptied) if anything made it wait.
        fx_statics.start_combat(state, ids, [])  # what "attacking creature" reads
        self.magic.fire_sides(state, [(u, ("attacks", "attacks_or_blocks"), []) for u in ids],
                              events)
        if not state.stack and state.decision is None:
            combat = start_combat(state, seat, ids, origin, target, events)
            if combat is not None:
                self._blocks_declared(state, combat, events)
            return
        self._wait_for_triggers(state, {
            "kind": "combat", "seat": seat, "responder": seat, "units": ids,
            "from": wire(state, origin), "target": wire(state, target), "after_triggers": True})

    def _do_block(self, state: GameState, seat: int, action: AA.Block,
                  events: list[Event]) -> None:
        problem = declare_block(state, action.blocker, action.attacker, events)
        if problem:
            raise IllegalActionError(action, problem)

    def _do_done_blocking(self, state: GameState, seat: int, action: AA.DoneBlocking,
                          events: list[Event]) -> None:
        self._blocks_declared(state, done_blocking(state, events), events)

    def division_problem(self, state: GameState, decision: dict[str, Any], action: A.Assign,
                         damage: dict[str, int]) -> str | None:
        """The shared checks, then Army's: an unblocked attacker's damage goes to one place,
        trample reaches the land only after lethal damage to every blocker."""
        problem = assign_problem(decision, action.attacker, damage)
        if problem is None and decision.get("one_target") and \
                len([u for u, n in damage.items() if n > 0]) > 1:
            problem = "an unblocked attacker deals all its damage to the land or to one " \
                      "planeswalker there"
        if problem is None and damage.get(LAND, 0) > 0:
            short = [u for u, need in decision["lethal"].items() if damage.get(u, 0) < need]
            if short:
                problem = "trample damage reaches the land only after every blocker is dealt " \
                          "lethal damage"
        return problem

    def finish_division(self, state: GameState, damage: dict[str, int] | None,
                       events: list[Event]) -> None:
        import copy

        decision = state.decision
        assert decision is not None
        combat = copy.deepcopy(decision["_combat"])
        packet = combat["packets"][decision["_packet"]]
        packet["division"] = dict(decision["default"]) if damage is None else \
            {k: v for k, v in damage.items() if v > 0}
        state.decision = None
        events.append({"type": "assigned", "player": decision["player"],
                       "attacker": decision["attacker"], "damage": dict(packet["division"]),
                       "default": damage is None})
        resolve_combat(state, combat, events)

    def _do_retreat(self, state: GameState, seat: int, action: AA.Retreat,
                    events: list[Event]) -> None:
        decision = waiting(state, action, "retreat", "retreat")
        to = self._pos(state, action, action.to, "land")
        if {"unit": action.unit, "to": wire(state, to)} not in decision["options"]:
            raise IllegalActionError(action, "retreat one of the creatures waiting to a land of "
                                             "yours next to the lost land")
        frm = state.board.pos_from_wire(decision["from"])
        state.perms[action.unit].at = to
        events.append({"type": "retreated", "unit": action.unit, "from": decision["from"],
                       "to": wire(state, to)})
        rest = [u for u in decision["units"] if u != action.unit and u in state.perms]
        state.decision = None
        carrying.follow(state, events)  # what it carries retreats with it
        if rest:
            ask_retreat(state, frm, seat, rest, events)

    def _do_pick_up(self, state: GameState, seat: int, action: AA.PickUp,
                    events: list[Event]) -> None:
        """A creature picks up an artifact lying on its land (either army's), in its
        controller's main phase: its unit carries it from now on (:mod:`.carrying`)."""
        self._main_check(state, seat, action)
        problem = carrying.pickup_problem(state, seat, action.unit, action.permanent)
        if problem:
            raise IllegalActionError(action, problem)
        carrying.pick_up(state, action.unit, action.permanent, events)

    def view_extras(self, state: GameState, out: dict[str, Any], viewer: int | None,
                    show_hidden: bool) -> None:
        """What Army Magic adds to a view: each permanent's ``carried_by`` (the creature whose
        unit carries it, or null)."""
        for entry in out["permanents"]:
            entry["carried_by"] = carrying.carrier_of(state, entry["id"])

    def _do_place(self, state: GameState, seat: int, action: AA.PlaceAt,
                  events: list[Event]) -> None:
        decision = waiting(state, action, "place", "choice of a place")
        at = self._pos(state, action, action.at, "land")
        if not any(o["id"] == action.id and o["at"] == wire(state, at)
                   for o in decision["options"]):
            raise IllegalActionError(action, f"choose one of the lands offered for "
                                             f"{self._place_words(state, decision)}")
        state.decision = None
        purpose = decision.get("purpose")
        if purpose is not None:  # damage, life gain or loss: on the land chosen
            source = str(decision["id"])
            self.land_amount(state, int(decision["by"]), str(purpose), at,
                             int(decision["amount"]), events,
                             source=source if source in state.cards else None)
        else:
            perm = state.perms[action.id]
            perm.zone, perm.at = "board", at
            events.append({"type": "placed", "unit": action.id, "at": wire(state, at)})
            carrying.follow(state, events)
        self.magic.continue_stack(state, events)

    @staticmethod
    def _place_words(state: GameState, decision: dict[str, Any]) -> str:
        """What a ``place`` decision places, in words: "the 2 life lost", "Sol Ring"."""
        purpose, key = decision.get("purpose"), str(decision["id"])
        if purpose in ("gain", "lose"):
            return f"the {decision['amount']} life {'gained' if purpose == 'gain' else 'lost'}"
        if purpose == "damage":
            return f"the {decision['amount']} damage"
        return state.name(key) if key in state.cards else key

    # ------------------------------------------------------------------ abilities
    def _do_activate(self, state: GameState, seat: int, action: A.Activate,
                     events: list[Event]) -> None:
        perm, card, ability = own_ability(state, seat, action)
        if perm.id in state.extra.get("explored", []):
            raise IllegalActionError(action, f"{self._label(state, perm)} explored this turn: "
                                             "no loyalty ability until your next turn")
        if ability.taps:
            if perm.tapped:
                raise IllegalActionError(action, f"{self._label(state, perm)} is tapped")
            if card.is_creature and perm.sick and not card.has("haste"):
                raise IllegalActionError(action, f"{self._label(state, perm)} is summoning sick")
        timing = self.activation_problem(state, seat, perm, action.ability)
        if timing:
            raise IllegalActionError(action, timing)
        if not 0 <= action.x <= A.MAX_X:
            raise IllegalActionError(action, f"X must be a whole number from 0 to {A.MAX_X}")
        made = mana_made(card, ability, action)
        stack_effects = None
        if made is None and not ability.is_regeneration:
            stack_effects = self.stack_ability(state, seat, action, perm, action.ability)
        if stack_effects is None and action.targets:
            raise IllegalActionError(action, f"the engine doesn't carry out this ability of "
                                             f"{card.name}: leave out its targets")
        pay_loyalty(state, action, perm, action.ability, action.x, events)  # rules/core
        self._pay(state, seat, action, ability.mana_cost, action.pay, events, source=perm.id)
        event = self.magic.record_activation(state, seat, perm, card, ability, action.ability, made,
                                       stack_effects, "its land and the lands next to it")
        if ability.other_cost:
            event["note"] = "; ".join(n for n in (event.get("note"),
                                                  f"pay the rest of the cost by hand: "
                                                  f"{ability.other_cost}") if n)
        events.append(event)
        if made is not None and ability.mana_note and not self.magic.mana_riders(
                state, seat, perm.id, action.ability, events):  # fx_timing: Astrolabe's draw
            event["note"] = "; ".join(n for n in (event.get("note"), f"carry out the rest by "
                                                  f"hand: {ability.mana_note}") if n)
        if ability.sacrifices_self and perm.id in state.perms:
            origin = wire(state, perm.at)
            leave_battlefield(state, perm, "graveyard", events, reason="sacrificed")
        else:
            origin = None
        if stack_effects is not None:
            self.push_ability(state, seat, action, perm, action.ability, events,
                              origin=origin)

    # ------------------------------------------------------------------ other
    def _do_concede(self, state: GameState, seat: int, action: A.Concede,
                    events: list[Event]) -> None:
        state.players[seat].lost = True
        events.append({"type": "lost", "player": seat, "reason": "conceded"})

    # ================================================================== state-based checks
    def after_action(self, state: GameState, events: list[Event]) -> None:
        check_deaths(state, events)
        if state.extra.get("combat") is not None and state.decision is None and \
                state.pending is None and not state.stack:
            # The combat under way is over (its blocks, triggers, damage and retreats):
            # nothing attacks or blocks now, and "until end of combat" ends (fx_timing).
            fx_statics.end_combat(state)
            self.magic.after_combat(state, events)
        self._combat_gains(state, events)
        for seat in (0, 1):
            home = home_of(state, seat)
            life = info(state.cells[home])["life"] if home is not None else None
            if home is not None and isinstance(life, int) and life <= 0 \
                    and not state.players[seat].lost:
                state.players[seat].lost = True
                events.append({"type": "lost", "player": seat, "reason": "home base at 0 life"})
        self._changes_of_control(state, events)
        for seat, player in enumerate(state.players):
            if not player.lost and player.drew_from_empty:
                player.lost = True
                events.append({"type": "lost", "player": seat,
                               "reason": "drew from an empty library"})
        carrying.follow(state, events)  # carried artifacts stay with their carriers
        alive = [i for i, p in enumerate(state.players) if not p.lost]
        if len(alive) <= 1 and not state.game_over:
            state.game_over = True
            state.winner = alive[0] if alive else None
            state.pending = state.decision = None
            events.append({"type": "game_over", "winner": state.winner})

    def state_checks(self, state: GameState, events: list[Event]) -> None:
        """After each resolution: deaths, then a permanent that changed control moves at once
        next to a land of its new controller's (before the next item resolves)."""
        super().state_checks(state, events)
        self._changes_of_control(state, events)

    def _combat_gains(self, state: GameState, events: list[Event]) -> None:
        """Life gained in combat (lifelink) goes on a land its player chooses, one gain at a
        time when no other choice waits (at once when they have one land)."""
        from frontier_desktop.rules.variants.army.combat import GAINS

        while state.extra.get(GAINS) and state.decision is None and state.pending is None:
            (seat, amount, source), *rest = state.extra[GAINS]
            state.extra[GAINS] = rest
            lands = sorted(p for p, c in self.land_controllers(state).items() if c == seat)
            if len(lands) == 1:
                self.land_amount(state, seat, "gain", lands[0], int(amount), events)
            elif lands:
                name = state.name(source) if source in state.cards else "lifelink"
                state.decision = {"kind": "place", "player": seat, "id": source,
                                  "purpose": "gain", "amount": int(amount), "of": seat,
                                  "by": seat, "card": name,
                                  "options": [life_option(state, source, p, "gain",
                                                          int(amount)) for p in lands]}
                events.append({"type": "choose", "player": seat, "kind": "place",
                               "unit": source, "purpose": "gain", "amount": int(amount),
                               "of": seat, "card": name})

    def _changes_of_control(self, state: GameState, events: list[Event]) -> None:
        """A creature or planeswalker that changed control moves at once to the nearest land
        of its new controller's (:func:`.control.changes_of_control`)."""
        changes_of_control(state, events)
        carrying.follow(state, events)

    def land_tapper(self, state: GameState, pos: Any, seat: int) -> int:
        """A land an effect taps stays tapped until its controller's untap step (Army lands
        have controllers; engine_hooks.land_tapper)."""
        owner = controller(state, pos)
        return seat if owner is None else owner

    def land_controllers(self, state: GameState) -> dict[Any, int]:
        return {pos: c for pos in state.cells if (c := controller(state, pos)) is not None}

    def land_controller(self, state: GameState, pos: Any) -> int | None:
        return controller(state, pos)

    # ================================================================== reach
    def target_problem(self, state: GameState, seat: int, source: str | None,
                       target: Any) -> str | None:
        """Army's area of effect: a spell targets only in lands its caster controls or next to
        them; a permanent's ability only on its land or the lands next to it; players and
        objects off the board need no range (damage to a player is dealt to a land instead).
        Normal Magic's limits (protection, shroud, hexproof) come first."""
        problem = super().target_problem(state, seat, source, target)
        if problem:
            return problem
        if isinstance(target, tuple) and len(target) == 2 and all(
                isinstance(v, int) for v in target):
            place: Pos | None = target
        elif isinstance(target, str):
            place = place_of(state, target)
            if place is None:
                for pos, cell in state.cells.items():
                    if cell.land == target:
                        place = pos
        else:
            return None
        if place is None or not state.board.contains(place):
            return None

        def where() -> str:  # the words, only for a refusal: the target, then its land
            words = land_words(state, place)
            if isinstance(target, str) and target in state.perms:
                return f"{state.name(target)} on {words}"
            return words
        if source is not None and source in state.perms:
            origin = place_of(state, source)
            if origin is not None:
                if place not in reach(state, origin):
                    return (f"out of range: {state.name(source)} reaches only its own land and "
                            f"the lands next to it, not {where()}")
                return None
        if not in_range(state, seat, place):
            return f"out of range: {where()} is neither on a land you control nor next to one" \
                if isinstance(target, str) and target in state.perms else \
                f"out of range: {where()} is neither a land you control nor next to one"
        return None

    # ================================================================== analysis
    def effective_pt(self, state: GameState, perm: Any, occ: Any = None) -> tuple[int, int]:
        return army_pt(state, perm)

    def unit_facts(self, state: GameState, unit_id: str) -> dict[str, Any]:
        return self._unit_facts(state, state.perms[unit_id], state.occupants(),
                                self._may_move_now(state))

    def _may_move_now(self, state: GameState) -> bool:
        return (state.phase in MAIN_PHASES and state.pending is None and state.decision is None
                and not state.stack and not state.game_over)

    def _unit_facts(self, state: GameState, perm: Permanent, occ: Any,
                    may_move: bool) -> dict[str, Any]:
        p, t = army_pt(state, perm)
        here = [i for i in occ.get(perm.at, ()) if state.perms[i].controller == perm.controller]
        moves: list[Pos] = []
        attacks: list[Pos] = []
        if perm.controller == state.active and perm.zone == "board" and not state.game_over:
            if may_move:
                moves = [n for n in state.board.neighbours(perm.at)
                         if self.move_problem(state, perm.controller, [perm], n) is None]
            if state.phase in ("main", "combat") and state.pending is None \
                    and state.decision is None:
                attacks = [n for n in state.board.neighbours(perm.at)
                           if self.attack_problem(state, perm.controller, [perm], n) is None]
        return {"power": p, "toughness": t, "moves": sorted(moves), "attacks": sorted(attacks),
                "can_attack_player": False, "unit": here, "top": top_card(state, here)
                if here else perm.id}

    def legal_actions(self, state: GameState, seat: int) -> list[A.Action]:
        from frontier_desktop.rules.variants.army.legal import legal_actions

        return legal_actions(self, state, seat)

    def cell_order(self, state: GameState) -> list[Pos]:
        from frontier_desktop.rules.variants.army.setup import cell_order

        return cell_order(state)

    def position_loaded(self, state: GameState) -> str | None:
        """Fill a position's defaults and say what Army Magic can't accept
        (:func:`.loading.position_problem`)."""
        return position_problem(state)
