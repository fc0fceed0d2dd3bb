"""Magic: the War Game (issue 15): two to four players march on a 3x5 board of face-up
terrain toward each other's strongholds. A first slice, not in the registry yet: its tests
play it through ``engine.apply(..., variant=WarGame())``.

Done (``shared/rules/wargame.md``; its rulings are the defaults):

- Set-up (:mod:`wargame_board`): 15 face-up basic terrains, three of each type, shuffled from
  the seed; strongholds ``S0``.. outside the grid (A west, B north, C east, D south; two
  players A and C, three A B C), adjacent only to the terrain beside them, face down (only
  their owner sees the land). The stronghold is the deck's one basic land (or
  ``sections[seat]["stronghold"]``, or a basic of the deck's colour). 5 cards each; the first
  player by die roll (``first_player`` -1) or the option.
- The turn (:class:`~turns.TurnMachine`): untap, draw 1, supply (a d6 added to the
  player's supply points, none while their stronghold is held by another), heal, movement,
  combat, casting, discard to 8. Untap, draw and supply are carried out by the pass that
  leaves the step before them. Supply carries over (``pools_empty = "never"``); damage stays
  until healed (``damage_wears_off = False``).
- Upkeep (the start of "Upkeep/heal"): the ``heal`` phase event sets off what an upkeep
  step's would (upkeep triggers, cumulative upkeep, granted upkeep costs;
  :meth:`~wargame_spells.WarGameSpells.timing_event`) and effects waiting for the next
  upkeep happen; costs are paid with supply (the pay-or-sacrifice ``choice``).
- Heal: ``heal`` pays 1 supply per damage, at most 2 paid points per creature per turn
  (``healed``); creatures with regeneration heal 1 for free on entering the step, on top of
  those two.
- Movement: one place orthogonally (flyers also diagonally), without tapping, tapped
  creatures too; landwalk's second move when the first entered its land type; Islands only
  for flyers and islandhome creatures; an islandhome creature crosses other terrain only
  carried (``move`` with ``carry``): both stay tapped until it is back on an Island, and the
  carrier moves no more that turn; while it carries, the carrier moves only together with
  its load (``carry``), never leaving it behind; creatures that entered a Mountain tap when movement
  ends; none of this in strongholds; at most three of a player's creatures in their own
  stronghold.
- Combat (:mod:`wargame_combat`), +1/+1 for a creature whose colour matches its terrain;
  a window for fast effects before the damage and one for healing and prevention after it.
- Casting (:mod:`wargame_spells`): supply pays; creatures enter the caster's stronghold;
  the War Game's reach and the one chosen terrain of whole-table spells.
- The removed pile, shuffled into a new library when the library runs out.
- End of turn: a player who alone has creatures in a stronghold they don't control takes it
  (``captured``); the game ends when one player controls every stronghold.
- Views (:func:`~frontier_desktop.rules.views.describe` with ``variant=``):
  ``board.strongholds`` face down to others, supply, removed, damage/healed/carried_by,
  places.

Combat windows: "fast effects first" and "then healing spells and prevention" (before the
deaths) are ``priority`` pendings for the combat's players who asked for responses and hold
something playable, clockwise from the mover (:meth:`WarGame._open_window`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.core.hooks import Where
from frontier_desktop.rules.card import BASIC_LAND_COLOUR, COLOURS, Card
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.state import Cell, GameState, Permanent
from frontier_desktop.rules.variants.base import Event, Variant
from frontier_desktop.rules.core.manual import PoolManual
from frontier_desktop.rules.core.pool_spells import no_life
from frontier_desktop.rules.core.shared import (
    basic_land, check_decider, check_responder_or_active, game_rng, leave_battlefield,
    new_seated_state, save_rng, seat_may_always_act, shuffle_library, wire,
)
from frontier_desktop.rules.variants.wargame.actions import Heal, TapAttacker
from frontier_desktop.rules.variants.wargame.board import (
    EACH_TYPE, LAND_TYPES, controller, has_lost_stronghold, info, letter, place_words,
    standard_board, stronghold,
)
from frontier_desktop.rules.variants.wargame.movement import (
    HEAL_LIMIT as HEAL_LIMIT, WarGameMoves, _island_bound, has_keyword, landwalks as landwalks,
)
from frontier_desktop.rules.variants.wargame.reach import ORIGINS
from frontier_desktop.rules.variants.wargame.combat import (
    continue_combat, division_problem, record_division, start_combat,
)
from frontier_desktop.rules.variants.wargame.spells import (
    WHERE, WarGameSpells, draw_refilling, fold_pool, set_supply, supply, wargame_pt,
)

PHASES = ("untap", "draw", "supply", "heal", "movement", "combat", "casting", "discard")
START_HAND = 5
_LAND_OF_COLOUR = {colour: land for land, colour in BASIC_LAND_COLOUR.items()}



class WarGame(WarGameMoves, PoolManual, WarGameSpells, Variant):
    """Magic: the War Game for two to four players (see the module docstring)."""

    name: ClassVar[str] = "wargame"
    where: ClassVar[Where] = WHERE
    occupants_control_lands: ClassVar[bool] = False  # a terrain is nobody's
    aliases: ClassVar[tuple[str, ...]] = ("war-game", "magic-the-war-game")
    title: ClassVar[str] = "Magic: the War Game"
    phases: ClassVar[tuple[str, ...]] = PHASES
    turn_based_steps: ClassVar[tuple[str, ...]] = ("untap", "draw", "supply")
    automatic_steps: ClassVar[tuple[str, ...]] = ("untap", "draw", "supply")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    starting_life: ClassVar[int] = 0
    hand_size: ClassVar[int] = 8
    pools_empty: ClassVar[str] = "never"
    damage_wears_off: ClassVar[bool] = False
    cell_fields: ClassVar[tuple[str, ...]] = ("controller", "stronghold_of")
    turn_record: ClassVar[Mapping[str, Any]] = {
        "turn": {"moves": {"*": "count"}, "walk": ["id"], "mountain": ["id"],
                 "carriers": ["id"], "healed": {"*": "count"}, "fought": "flag"}}
    """This turn's moves by creature, who walked, entered a mountain or carried, its heals,
    and whether its combat step has begun."""
    default_options: ClassVar[Mapping[str, Any]] = {"first_player": -1, "hand_size": 8,
                                                    "manual_consent": False}
    """``manual_consent``: manual actions on others' things wait for their consent
    (core/consent.py; on over LAN)."""
    option_ranges: ClassVar[Mapping[str, tuple[int, int]]] = {
        "first_player": (-1, 3), "hand_size": (0, 1000)}

    # ================================================================== set-up
    def new_game(self, decks: Sequence[Sequence[Card]], names: Sequence[str], *,
                 seed: int | str = 0, options: Mapping[str, Any] | None = None,
                 sections: Sequence[Mapping[str, Sequence[Card]]] | None = None) -> GameState:
        """Lay the terrain face up and the strongholds face down, shuffle, deal 5 each, roll
        for the first player and begin their turn.

        Raises:
            ValueError: not 2-4 players, or a bad option.
        """
        state, rng = new_seated_state(self, decks, names, seed, options, standard_board,
                                      "the War Game")
        opts, n = state.options, len(decks)
        defs: dict[str, Card] = {}
        libraries: list[list[Card]] = []
        for seat in range(n):
            home, library = _stronghold_land(list(decks[seat]),
                                             sections[seat] if sections else None, seat)
            libraries.append(library)
            defs[home.name] = home
            state.cards[f"H{seat}"] = (home.name, seat)
            state.cells[stronghold(seat)] = Cell(f"H{seat}", face_up=False, extra={
                "controller": seat, "stronghold_of": seat})
        terrain = [basic_land(t) for t in LAND_TYPES for _ in range(EACH_TYPE)]
        rng.shuffle(terrain)
        for number, (pos, land) in enumerate(zip(state.board.positions(), terrain), start=1):
            defs[land.name] = land
            state.cards[f"L{number}"] = (land.name, -1)
            state.cells[pos] = Cell(f"L{number}", face_up=True)
        for seat, library in enumerate(libraries):
            shuffle_library(state, seat, library, rng, defs)
        state.defs = defs
        state.extra["supply"] = [0] * n
        first = int(opts["first_player"])
        events: list[Event] = []
        if first < 0:
            first = rng.randbelow(n)
            events.append({"type": "dice", "player": first, "sides": n, "result": first + 1,
                           "purpose": "first player"})
        save_rng(state, rng)
        state.first_player = state.active = first
        for seat in range(n):
            draw_refilling(state, seat, START_HAND, events)
        self.magic.start_turn(state, events)  # turns.py: untap, draw, supply, then heal
        return state

    # ================================================================== who may act
    def check_may_act(self, state: GameState, seat: int, action: A.Action) -> None:
        if seat_may_always_act(state, seat, action):
            return
        d = state.decision
        if d is not None:
            allowed: dict[str, tuple[type[A.Action], ...]] = {
                "assign": (A.Assign,), "discard": (A.Discard,), "targets": (A.Targets,),
                "consent": (A.Choose,),
                "choice": (TapAttacker, A.Pass) if d.get("by") == "stronghold"
                else (A.Choose,)}
            check_decider(state, seat, action, allowed.get(str(d["kind"]), ()),
                          f"decide ({d['kind']})", f"first decide: {d.get('prompt', d['kind'])}")
            return
        if isinstance(action, TapAttacker):
            raise IllegalActionError(action, "no attacker is waiting to be tapped")
        if self.manual_any_time(state, action):  # any seat, as in Frontier (core/manual.py)
            return
        check_responder_or_active(state, seat, action)

    # ================================================================== the turn
    def _do_pass(self, state: GameState, seat: int, action: A.Pass, events: list[Event]) -> None:
        d = state.decision
        if d is not None and d.get("by") == "stronghold":
            state.decision = None  # the owner taps no attacker
            self._fight_on(state, events)
            return
        if state.pending is not None:
            if state.pending.get("combat") is not None and not state.stack:
                self._pass_combat_window(state, seat, events)
                return
            self.magic.pass_priority(state, events)
            return
        if state.stack:
            raise IllegalActionError(action, "something waits to resolve on the stack")
        self.pass_step(state, seat, action, events)  # turns.py

    def pass_step(self, state: GameState, seat: int, action: A.Action,
                  events: list[Event]) -> None:
        """As turns.py, except that a position saved in a step without decisions (untap,
        draw, supply) is taken as just after its turn-based actions
        (``spec/variant-positions.md``): passing it goes on without rolling the supply or
        drawing again."""
        if state.phase in self.turn_based_steps:
            self.magic.enter_step(state, self.phases[self.phases.index(state.phase) + 1], events)
            return
        self.magic.pass_step(state, seat, action, events)

    def on_untap(self, state: GameState, events: list[Event]) -> None:
        """Untap (turns.py), except a carried islandhome creature and its carrier; a fresh
        record of the turn's moves and heals."""
        super().on_untap(state, events)
        for carried, carrier in (state.extra.get("carried") or {}).items():
            for unit in (carried, carrier):
                if unit in state.perms:
                    state.perms[unit].tapped = True
        state.extra["turn"] = {"moves": {}, "walk": [], "mountain": [], "carriers": [],
                               "healed": {}}

    def on_draw(self, state: GameState, events: list[Event]) -> None:
        draw_refilling(state, state.active, self.draw_count, events)

    def on_supply(self, state: GameState, events: list[Event]) -> None:
        """Roll a d6 into the supply; nothing while the stronghold is held by another."""
        seat = state.active
        if has_lost_stronghold(state, seat):
            events.append({"type": "supply", "player": seat, "roll": None,
                           "total": supply(state, seat),
                           "holder": controller(state, stronghold(seat)),
                           "reason": "their stronghold is held by another player"})
            return
        rng = game_rng(state)
        roll = rng.randbelow(6) + 1
        save_rng(state, rng)
        fold_pool(state, seat)
        set_supply(state, seat, supply(state, seat) + roll)
        events.append({"type": "dice", "player": seat, "sides": 6, "result": roll,
                       "purpose": "supply"})
        events.append({"type": "supply", "player": seat, "roll": roll,
                       "total": supply(state, seat)})

    def on_heal(self, state: GameState, events: list[Event]) -> None:
        """The upkeep part of "Upkeep/heal": effects waiting for the next upkeep happen (the
        ``heal`` phase event sets off the upkeep triggers and costs, wargame_spells
        ``timing_event``); creatures with regeneration heal 1 for free, on top of the two
        paid points a turn (the ruling: it doesn't count toward them)."""
        self.magic.run_delayed(state, "next_upkeep", events)  # fx_timing.py
        for perm in list(state.board_creatures()):
            if perm.controller == state.active and perm.damage > 0 and _regenerates(
                    state.card(perm.id)):
                perm.damage -= 1
                events.append({"type": "healed", "unit": perm.id, "amount": 1, "paid": 0,
                               "damage": perm.damage, "free": True})

    def on_combat(self, state: GameState, events: list[Event]) -> None:
        """Movement ends: creatures that entered a Mountain tap; then every combat."""
        for unit in self._turn(state)["mountain"]:
            perm = state.perms.get(unit)
            if perm is not None and not perm.tapped:
                perm.tapped = True
                events.append({"type": "tapped", "unit": unit, "reason": "entered a Mountain"})
        start_combat(state)
        self._fight_on(state, events)

    def end_of_turn(self, state: GameState, events: list[Event]) -> None:
        """A player alone in a stronghold they don't control takes it; one player holding
        every stronghold wins."""
        for name in state.board.outside:
            present = {p.controller for p in state.board_creatures() if p.at == name}
            if len(present) == 1:
                taker = next(iter(present))
                if controller(state, name) != taker:
                    info(state.cells[name])["controller"] = taker
                    events.append({"type": "captured", "at": name, "by": taker})
        holders = {controller(state, name) for name in state.board.outside}
        if len(holders) == 1:
            winner = holders.pop()
            if winner is not None:
                state.winner = winner
                state.game_over = True
                events.append({"type": "game_over", "winner": winner,
                               "reason": "controls every stronghold"})

    # ================================================================== combat
    def _fight_on(self, state: GameState, events: list[Event]) -> None:
        continue_combat(state, self._pt(state), lambda s: state.players[s].assign,
                        lambda ev: self.state_checks(state, ev), events,
                        lambda p: has_keyword(state, p.id, "banding"),
                        lambda current, stage: self._open_window(state, current, stage, events),
                        self.where)

    def _open_window(self, state: GameState, current: dict[str, Any], stage: str,
                     events: list[Event], after: int | None = None) -> bool:
        """Give the combat's *stage* window (``fast`` before the damage, ``healing`` after
        it) to the first of its players, clockwise from the mover (after *after* when
        given), who asked for responses and holds something playable (frontier_spells
        ``has_window``): a ``priority`` pending with ``combat`` (the place, wire form) and
        ``stage``, shown so in views.
        False (and the window closed): nobody."""
        n = len(state.players)
        order = sorted((int(s) for s in current["sides"]), key=lambda s: (s - state.active) % n)
        if after is not None:
            order = [s for s in order if (s - state.active) % n > (after - state.active) % n]
        seat = next((s for s in order if self.magic.has_window(state, s)), None)
        if seat is None:
            current["open"] = None
            return False
        current["open"] = stage
        public = {"seat": seat, "kind": "priority", "responder": seat, "stack": None,
                  "options": ["respond", "pass"], "combat": current["at"], "stage": stage}
        state.pending = {**public, "outer": None, "view": public}
        events.append({"type": "priority", "player": seat, "stack": None,
                       "combat": current["at"], "stage": stage})
        return True

    def _current_combat(self, state: GameState) -> dict[str, Any] | None:
        combat = state.extra.get("combat")
        current = combat.get("current") if combat is not None else None
        return current if isinstance(current, dict) else None

    def _pass_combat_window(self, state: GameState, seat: int, events: list[Event]) -> None:
        """The player with the combat's window passes: the next of its players with a window
        gets it, else the combat goes on."""
        current = self._current_combat(state)
        state.pending = None
        if current is not None and current.get("open") and self._open_window(
                state, current, str(current["open"]), events, after=seat):
            return
        self._fight_on(state, events)

    def stack_emptied(self, state: GameState, events: list[Event]) -> None:
        """After a spell or ability cast in a combat's window resolved, the window goes round
        again from the mover; nobody with one: the combat goes on."""
        super().stack_emptied(state, events)
        current = self._current_combat(state)
        if current is None or not current.get("open") or state.pending is not None or \
                state.decision is not None or state.game_over:
            return
        if not self._open_window(state, current, str(current["open"]), events):
            self._fight_on(state, events)

    def state_checks(self, state: GameState, events: list[Event]) -> None:
        """As the engine's, except while a combat's ``healing`` window is open: creatures
        with lethal damage wait for the healing and prevention."""
        current = self._current_combat(state)
        if current is not None and current.get("open") == "healing":
            return
        super().state_checks(state, events)

    def _do_tap_attacker(self, state: GameState, seat: int, action: TapAttacker,
                         events: list[Event]) -> None:
        d = state.decision
        assert d is not None
        if action.unit not in d["options"]:
            raise IllegalActionError(action, "tap one of the untapped attackers in your "
                                             "stronghold")
        state.perms[action.unit].tapped = True
        state.decision = None
        events.append({"type": "tapped", "unit": action.unit, "by": seat,
                       "reason": "the stronghold's owner taps an attacker"})
        self._fight_on(state, events)

    def division_problem(self, state: GameState, decision: dict[str, Any], action: A.Assign,
                         damage: dict[str, int]) -> str | None:
        """One side's division of its damage in the combat at ``at`` (the one waiting)."""
        if action.at is not None and wire(state, action.at) != decision["at"]:
            where = place_words(state, state.board.pos_from_wire(decision["at"]))
            return f"the combat waiting is in {where}"
        return division_problem(decision, {k: v for k, v in damage.items() if v > 0})

    def finish_division(self, state: GameState, damage: dict[str, int] | None,
                        events: list[Event]) -> None:
        """Record the side's division and fight on."""
        decision = state.decision
        assert decision is not None and damage is not None
        record_division(state, int(decision["player"]), {k: v for k, v in damage.items()
                                                         if v > 0}, events)
        self._fight_on(state, events)

    def _do_concede(self, state: GameState, seat: int, action: A.Concede,
                    events: list[Event]) -> None:
        state.players[seat].lost = True
        events.append({"type": "eliminated", "player": seat, "reason": "conceded"})
        for perm in [p for p in state.perms.values() if p.controller == seat]:
            if perm.id in state.perms:
                leave_battlefield(state, perm, "exile", events, reason="its controller is out")
        d = state.decision
        if d is not None and int(d["player"]) == seat:
            state.decision = None  # their division (or the damage they let through) is nothing
            if d["kind"] == "assign" and state.extra.get("combat") is not None:
                current = state.extra["combat"]["current"]
                current["divisions"][str(d.get("side", seat))] = {}
            if state.extra.get("combat") is not None:
                self._fight_on(state, events)
        window = state.pending
        if window is not None and window.get("combat") is not None and \
                int(window["responder"]) == seat and state.active != seat:
            self._pass_combat_window(state, seat, events)  # the next of the combat's players
        left = [s for s, p in enumerate(state.players) if not p.lost]
        if len(left) == 1:
            state.winner, state.game_over = left[0], True
            events.append({"type": "game_over", "winner": left[0], "reason": "last player left"})
        elif state.active == seat:
            state.stack, state.pending, state.decision = [], None, None
            state.extra.pop("combat", None)
            state.phase = self.phases[-1]
            self.magic.end_turn(state, events)  # turns.py: the next seat still in the game

    # ================================================================== state checks
    def after_action(self, state: GameState, events: list[Event]) -> None:
        """Mana made joins the supply; players have no life to change; a creature whose
        toughness fell to its damage (it left its terrain's bonus, a pump wore off) goes to
        the removed pile; exiled cards ("removed from the game") join the removed pile too
        (the ruling)."""
        if not state.game_over and state.decision is None:
            self.state_checks(state, events)
        for seat, player in enumerate(state.players):
            if player.exile:
                player.graveyard.extend(player.exile)
                player.exile = []
            fold_pool(state, seat)
            if player.life != self.starting_life:
                delta, player.life = player.life - self.starting_life, self.starting_life
                no_life(state, seat, abs(delta), "gain" if delta > 0 else "loss", None, events)

    def land_controllers(self, state: GameState) -> dict[Any, int]:
        return {name: c for name in state.board.outside
                if (c := controller(state, name)) is not None}

    # ================================================================== analysis
    def effective_pt(self, state: GameState, perm: Any, occ: Any = None) -> tuple[int, int]:
        """Printed P/T with counters and changes, +1/+1 on terrain of its colour."""
        return wargame_pt(state, perm)

    def _pt(self, state: GameState) -> Any:
        return lambda perm: self.effective_pt(state, perm)

    def _may_move_now(self, state: GameState) -> bool:
        return state.phase == "movement" and state.decision is None and not state.game_over

    def unit_facts(self, state: GameState, unit_id: str) -> dict[str, Any]:
        return self._unit_facts(state, state.perms[unit_id], None, True)

    def _unit_facts(self, state: GameState, perm: Permanent, occ: Any,
                    may_move: bool) -> dict[str, Any]:
        power, toughness = self.effective_pt(state, perm)
        moves = [n for n in self.reachable(state, perm)
                 if self.move_problem(state, perm.controller, perm, n) is None] \
            if may_move and perm.zone == "board" and perm.controller == state.active else []
        return {"power": power, "toughness": toughness, "moves": moves, "attacks": []}

    def view_extras(self, state: GameState, out: dict[str, Any], viewer: int | None,
                    show_hidden: bool) -> None:
        """What the War Game adds to a view (``spec/variant-positions.md``): each player's
        ``supply`` and ``removed`` count; each permanent's ``origin`` (the terrain its
        whole-table effects affect, or null); each unit's ``healed`` and ``carried_by``;
        ``board.strongholds`` with their ``letter`` and the land shown only to its owner
        (or the analysis with ``reveal``): a stronghold is face down to the others."""
        for seat, entry in enumerate(out["players"]):
            entry["supply"] = supply(state, seat)
            entry["removed"] = len(state.players[seat].graveyard)
        origins = state.extra.get(ORIGINS) or {}
        for entry in out.get("permanents", ()):
            entry["origin"] = origins.get(entry["id"])
        carried = state.extra.get("carried") or {}
        healed = (state.extra.get("turn") or {}).get("healed") or {}
        for unit in out["units"]:
            unit["healed"] = int(healed.get(unit["id"], 0))
            unit["carried_by"] = carried.get(unit["id"])
        for entry in out["board"].get("strongholds", ()):
            owner = entry.get("player")
            entry["letter"] = letter(len(state.players), int(owner)) if owner is not None \
                else None
            cell = state.cells[entry["place"]]
            entry["land"] = state.name(cell.land) if cell.land is not None and (
                viewer == owner or show_hidden) else None

    def legal_actions(self, state: GameState, seat: int) -> list[A.Action]:
        """The game actions *seat* may take now: decisions' answers, heals, moves (and
        carries), casts and activations the supply pays for, passes, discards."""
        if state.game_over or state.players[seat].lost:
            return []
        d = state.decision
        if d is not None:
            if seat != d["player"]:
                return []
            if d["kind"] == "consent":  # a manual action waiting (core/consent.py)
                return self.consent_answers(state, seat)
            if d["kind"] == "assign":
                return [A.Assign(attacker="side", at=state.board.pos_from_wire(d["at"]),
                                 damage=tuple(d["default"].items()))]
            if d["kind"] == "choice" and d.get("by") == "stronghold":
                return [A.Pass(), *(TapAttacker(unit=u) for u in d["options"])]
            if d["kind"] == "choice":
                return self.choice_answers(state, seat)
            if d["kind"] == "targets":
                return self.magic.target_answers(state, seat)
            if d["kind"] == "discard":
                hand = state.players[seat].hand
                return [A.Discard(cards=tuple(hand[:min(int(d["count"]), len(hand))]))]
            return []
        if state.pending is not None:
            if seat != state.pending["responder"]:
                return []
            return [A.Pass(), *self.spell_choices(state, seat, sorcery=False)]
        if seat != state.active:
            return []
        out: list[A.Action] = []
        hand = state.players[seat].hand
        if state.phase != "discard" or len(hand) <= self.magic._hand_limit(state):
            out.append(A.Pass())
        else:
            out.extend(A.Discard(cards=(c,)) for c in dict.fromkeys(hand))
        out.extend(self.spell_choices(state, seat, sorcery=state.phase == "casting"
                                      and not state.stack))
        mine = [p for p in state.board_creatures() if p.controller == seat]
        if state.phase == "heal":
            out.extend(Heal(unit=p.id, amount=1) for p in mine
                       if self.heal_problem(state, seat, p, 1) is None)
        if state.phase == "movement":
            for perm in mine:
                for dest in self.reachable(state, perm):
                    if self.move_problem(state, seat, perm, dest) is None:
                        out.append(A.Move(unit=perm.id, to=dest))
                    for other in mine:
                        if other.at == perm.at and other.id != perm.id and \
                                _island_bound(state, other) and \
                                self.move_problem(state, seat, perm, dest, other.id) is None:
                            out.append(A.Move(unit=perm.id, to=dest, carry=other.id))
        return out


def _regenerates(card: Card) -> bool:
    return card.has("regeneration") or any(a.is_regeneration for a in card.activated)


def _stronghold_land(deck: list[Card], section: Mapping[str, Sequence[Card]] | None,
                     seat: int) -> tuple[Card, list[Card]]:
    """The player's stronghold (the section's basic, else the deck's one basic land, else a
    basic of the deck's colour) and the library without it."""
    chosen = list((section or {}).get("stronghold", ()))
    if chosen:
        return chosen[0], deck
    for i, card in enumerate(deck):
        if card.is_land and any(t in card.subtypes for t in LAND_TYPES):
            return card, deck[:i] + deck[i + 1:]
    colour = next((c for card in deck for c in card.colors), COLOURS[seat % len(COLOURS)])
    return basic_land(_LAND_OF_COLOUR[colour]), deck
