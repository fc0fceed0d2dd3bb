"""Magic: the Conquering (issue 14): two to four players conquer areas instead of taking life.

In the variant registry (``find_variant("conquering")``); its tests also import
:class:`Conquering` and play it through ``engine.apply(..., variant=...)``.

Done (``shared/rules/conquering.md``):

- The boards (:mod:`conquering_board`): 3x3 for two, the triangle for three, 3x5 for four;
  strongholds beside each side's middle land and adjacent only to it; the unused table
  lands set aside face down (in :attr:`GameState.aside`, in no cell).
- Set-up: each player's stronghold is a basic land of their deck's colour (or
  ``sections[seat]["stronghold"]``); 7 cards each; the first player (drawn from the seed
  unless ``first_player``) skips their first draw.
- The turn: untap, mana production (a d6 of your colour, one mana of each controlled area's
  colour, two of a conquered opposing stronghold's, nothing while your own is held by
  another; the pool lasts to the end of the turn), upkeep, draw two, main, movement,
  attack/conquer, main, end (hand size 7); the next player clockwise (increasing seat).
- Movement: one adjacent area; taps (vigilance excepted); only a creature that could attack
  (haste excepted), never a defender, untapped, once a turn; the first entry flips the land
  and rolls its conquer value 1-6 (strongholds 7). Summoned creatures start in the stronghold.
- Attack/conquer (:mod:`conquering_combat`): untapped creatures that have been in the area
  since the turn began (haste excepted) conquer it; blocks by every other player with a
  creature there, clockwise from the attacker; landwalk unblockable except in strongholds.
- The area bonuses (+1/+1 in an area of the creature's colour, +0/+1 in one its controller
  controls; none of the second in the own stronghold, none of the first as an attacker in
  an opposing stronghold).
- Winning at more than half of the board's areas (5 of 9, 7 of 12, 8 of 15; a puzzle board
  its own half); a conquered stronghold: its owner's areas go
  neutral, they conquer nothing but their stronghold and make no mana, are eliminated after
  5 of their turns without retaking it or whenever their creatures' power is below 7; the
  last player left wins. An eliminated player's stronghold keeps only its double mana (the
  +1/+1 and landwalk work there again); strongholds they held go back to their owners, and
  creatures they controlled but didn't own to theirs, where they stand.
- Views (:func:`~frontier_desktop.rules.views.describe` with ``variant=``): ``board.areas``,
  ``board.strongholds``, each player's ``color``, the ``blocks`` decision as ``pending``.

- The effects engine (:mod:`conquering_spells`): instants, sorceries and abilities through
  the stack, paid from the pool (mana creatures and rocks add to it); response windows for
  every other player who asked for them and holds something playable, clockwise from the
  controller; the Conquering's reach (``target_problem``: opposing creatures need their area
  or a creature there, opponents an area next to their stronghold or the stronghold, never
  an opposing stronghold's land; a creature's ability reaches only its own area).
- Statics: a creature's "all …" ability (a lord) reaches only its own area, an
  enchantment's or artifact's the whole field; auras are cast with ``target`` within the
  reach. Players have no life: damage and life changes to a player do nothing and the log
  says so (``life_ignored``; ``docs/rules-notes.md``).
- ``assign``: a player (``set_assign``; on at set-up) divides a blocked attacker's damage
  among its blockers and ``"land"`` (the conquer value, only after lethal damage to every
  blocker) whenever that is a real choice (two or more blockers, or a trampler with more than
  lethal damage); switched off, or with one blocker and no trample, lethal damage in block
  order, the rest to the conquer value.

- Keywords (haste, vigilance, defender, first strike, deathtouch, flying/reach, landwalk)
  count when printed, gained until end of turn or granted by a static ability in reach
  (:func:`~conquering_spells.has_keyword`).

Not done yet: response windows around moves and conquests; drawing from an empty library has
no effect (the digest is silent).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.core.hooks import Where
from frontier_desktop.rules.card import BASIC_LAND_COLOUR, COLOURS, Card
from frontier_desktop.rules.errors import IllegalActionError, InvalidActionError
from frontier_desktop.rules.mana import add_mana, format_pool
from frontier_desktop.rules.state import Cell, GameState, Permanent
from frontier_desktop.rules.core.attacking import attack_problem as core_attack_problem
from frontier_desktop.rules.core.attacking import taps_to_attack
from frontier_desktop.rules.core import actions as AA
from frontier_desktop.rules.core.manual import PoolManual
from frontier_desktop.rules.variants.base import Event, Variant
from frontier_desktop.rules.variants.conquering.actions import Conquer
from frontier_desktop.rules.variants.conquering.board import (
    LAND_TYPES, RETAKE_POWER, STRONGHOLD_CV, TABLE_LANDS_EACH, areas_of, controller,
    has_lost_stronghold, info, is_stronghold, land_type, place_words,
    standard_board, stronghold, stronghold_of, win_areas,
)
from frontier_desktop.rules.variants.conquering.combat import (
    assign_division_problem, block_options, block_refusal, continue_conquest, done_blocking,
    start_conquest,
)
from frontier_desktop.rules.variants.conquering.spells import (
    WHERE, ConqueringSpells, conquering_pt, has_keyword, no_life,
)
from frontier_desktop.rules.core.shared import (
    assign_actions, basic_land, check_decider, check_responder_or_active, draw_cards, game_rng,
    leave_battlefield, save_rng, new_seated_state, seat_may_always_act, shuffle_library,
    unit_and_place, wire,
)

PHASES = ("untap", "mana", "upkeep", "draw", "main", "movement", "conquer", "main2", "end")
MAIN_PHASES = ("main", "main2")
DRAW_EACH_TURN = 2
_LAND_OF_COLOUR = {colour: land for land, colour in BASIC_LAND_COLOUR.items()}


class Conquering(PoolManual, ConqueringSpells, Variant):
    """Magic: the Conquering for two to four players (see the module docstring)."""

    name: ClassVar[str] = "conquering"
    where: ClassVar[Where] = WHERE
    aliases: ClassVar[tuple[str, ...]] = ("magic-the-conquering",)
    title: ClassVar[str] = "Magic: the Conquering"
    phases: ClassVar[tuple[str, ...]] = PHASES
    automatic_steps: ClassVar[tuple[str, ...]] = ("untap", "mana", "upkeep", "draw")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    starting_life: ClassVar[int] = 0
    hand_size: ClassVar[int] = 7
    draw_count: ClassVar[int] = DRAW_EACH_TURN
    pools_empty: ClassVar[str] = "turn"
    cell_fields: ClassVar[tuple[str, ...]] = ("controller", "cv", "stronghold_of")
    turn_record: ClassVar[Mapping[str, Any]] = {
        "turn": {"conquered": ["place"], "attacking": ["id"]}}
    """The areas conquered this turn, and the creatures of a conquest under way."""
    default_options: ClassVar[Mapping[str, Any]] = {"first_player": -1, "hand_size": 7,
                                                    "manual_consent": False}
    """``first_player`` -1 draws the first player from the seed; ``manual_consent``: manual
    actions on others' things wait for their consent (core/consent.py; on over LAN)."""
    option_ranges: ClassVar[Mapping[str, tuple[int, int]]] = {
        "first_player": (-1, 3), "hand_size": (0, 1000)}

    # ================================================================== set-up
    def new_game(self, decks: Sequence[Sequence[Card]], names: Sequence[str], *,
                 seed: int | str = 0, options: Mapping[str, Any] | None = None,
                 sections: Sequence[Mapping[str, Sequence[Card]]] | None = None) -> GameState:
        """Lay the board face down, put each stronghold in play, shuffle, draw 7, and carry
        out the first player's untap and mana production.

        *sections* may give each player's ``stronghold`` (one basic land); by default it is
        the basic land of the deck's colour.

        Raises:
            ValueError: not 2-4 players, or a bad option.
        """
        state, rng = new_seated_state(self, decks, names, seed, options, standard_board,
                                      "the Conquering")
        opts, n = state.options, len(decks)
        defs: dict[str, Card] = {}
        colours = []
        for seat in range(n):
            home = _stronghold_land(list(decks[seat]), sections[seat] if sections else None,
                                    seat)
            colours.append(BASIC_LAND_COLOUR[next(t for t in LAND_TYPES if t in home.subtypes)])
            defs[home.name] = home
            state.cards[f"H{seat}"] = (home.name, seat)
            state.cells[stronghold(seat)] = Cell(f"H{seat}", face_up=True, extra={
                "controller": seat, "cv": STRONGHOLD_CV, "stronghold_of": seat,
                "turns_left": None})
        state.extra["colors"] = colours
        table = [basic_land(t) for t in LAND_TYPES for _ in range(TABLE_LANDS_EACH[n])]
        rng.shuffle(table)
        for number, land in enumerate(table, start=1):
            defs[land.name] = land
            state.cards[f"L{number}"] = (land.name, -1)
        ids = [f"L{k}" for k in range(1, len(table) + 1)]
        positions = list(state.board.positions())
        for pos, land_id in zip(positions, ids):
            state.cells[pos] = Cell(land_id, face_up=False, extra={"controller": None, "cv": None})
        state.aside = ids[len(positions):]
        for seat in range(n):
            shuffle_library(state, seat, decks[seat], rng, defs)
        state.defs = defs
        first = int(opts["first_player"])
        if first < 0:
            first = rng.randbelow(n)
        save_rng(state, rng)
        state.first_player = state.active = first
        state.players[first].skip_draw = True
        events: list[Event] = []
        for seat in range(n):
            draw_cards(state, seat, 7, events)
        self.magic.enter_step(state, PHASES[0], events)  # turns.py
        return state

    # ================================================================== who may act
    def acting_seat(self, state: GameState) -> int | None:
        if state.game_over:
            return None
        if state.decision is not None:
            return int(state.decision["player"])
        return state.active

    def check_may_act(self, state: GameState, seat: int, action: A.Action) -> None:
        if seat_may_always_act(state, seat, action):
            return
        d = state.decision
        if d is not None:
            allowed: dict[str, tuple[type[A.Action], ...]] = {
                "blocks": (AA.Block, AA.DoneBlocking), "assign": (A.Assign,),
                "choice": (A.Choose,), "consent": (A.Choose,),
                "discard": (A.Discard,), "targets": (A.Targets,)}
            what = "blocks" if d["kind"] == "blocks" else f"({d['kind']})"
            check_decider(state, seat, action, allowed.get(str(d["kind"]), ()),
                          f"choose {what}", f"first choose your {what}")
            return
        if isinstance(action, (AA.Block, AA.DoneBlocking)):
            raise IllegalActionError(action, "there are no blocks to choose now")
        if self.manual_any_time(state, action):  # any seat, as in Frontier (core/manual.py)
            return
        if check_responder_or_active(state, seat, action):
            return
        if state.phase == "mana" and not isinstance(action, A.Pass):
            raise IllegalActionError(action, "nothing may be played during mana production")

    # ================================================================== perform
    # perform: ConqueringSpells.perform (the War Game's too).
    # ------------------------------------------------------------------ turn structure
    def _do_pass(self, state: GameState, seat: int, action: A.Pass, events: list[Event]) -> None:
        if state.pending is not None:
            self.magic.pass_priority(state, events)  # the next responder, or the top resolves
            return
        if state.stack:
            raise IllegalActionError(action, "something waits to resolve on the stack")
        self.magic.pass_step(state, seat, action, events)  # turns.py

    def on_mana(self, state: GameState, events: list[Event]) -> None:
        self._produce_mana(state, state.active, events)

    def end_of_turn(self, state: GameState, events: list[Event]) -> None:
        """A player without their stronghold counts down the turns left to retake it."""
        seat = state.active
        if has_lost_stronghold(state, seat):
            cell = info(state.cells[stronghold(seat)])
            cell["turns_left"] = int(cell["turns_left"] or 0) - 1
            events.append({"type": "retake_countdown", "player": seat,
                           "turns_left": cell["turns_left"]})
            if cell["turns_left"] <= 0:
                self._eliminate(state, seat, "did not retake their stronghold in time", events)
        if not state.game_over:
            state.extra["turn"] = {}

    def _produce_mana(self, state: GameState, seat: int, events: list[Event]) -> None:
        """A d6 of the player's colour, one of each controlled area's colour, two of each
        conquered opposing stronghold's; nothing while their own stronghold is lost."""
        pool = state.players[seat].pool
        if has_lost_stronghold(state, seat):
            events.append({"type": "mana", "player": seat, "roll": None, "added": "",
                           "holder": controller(state, stronghold(seat)),
                           "reason": "their stronghold is held by another player"})
            return
        rng = game_rng(state)
        roll = rng.randbelow(6) + 1
        save_rng(state, rng)
        colour = self.colour(state, seat)
        made = f"{{{colour}}}" * roll
        for pos in state.board.places():
            if controller(state, pos) != seat or stronghold_of(state, pos) == seat:
                continue
            kind = land_type(state, pos)
            if kind is not None:
                made += f"{{{BASIC_LAND_COLOUR[kind]}}}" * (2 if is_stronghold(state, pos) else 1)
        add_mana(pool, made)
        events.append({"type": "dice", "player": seat, "sides": 6, "result": roll,
                       "purpose": "mana production"})
        events.append({"type": "mana", "player": seat, "roll": roll,
                       "added": format_pool(_pool_of(made)), "pool": format_pool(pool)})

    def colour(self, state: GameState, seat: int) -> str:
        """The colour of *seat*'s mana-production die."""
        colours = state.extra.get("colors") or []
        if seat < len(colours):
            return str(colours[seat])
        kind = land_type(state, stronghold(seat))
        return BASIC_LAND_COLOUR[kind] if kind else COLOURS[seat % len(COLOURS)]

    # ------------------------------------------------------------------ movement
    def move_problem(self, state: GameState, seat: int, perm: Permanent, dest: Pos) -> str | None:
        """Why *perm* may not move to *dest* now (None: it may)."""
        name = state.name(perm.id)
        card = state.card(perm.id)
        if state.phase != "movement":
            return "creatures move in the movement phase"
        if perm.controller != seat or perm.zone != "board" or not card.is_creature:
            return f"{name} is not a creature of yours on the board"
        if has_keyword(state, perm.id, "defender"):
            return f"{name} has defender and can't move"
        if perm.moved:
            return f"{name} has already moved this turn"
        if perm.tapped:
            return f"{name} is tapped"
        if perm.sick and not has_keyword(state, perm.id, "haste"):
            return (f"{name} can move once it could attack (from your next turn; haste lets "
                    "it move at once)")
        if dest not in state.board.neighbours(perm.at):
            return f"{place_words(state, dest)} is not next to {place_words(state, perm.at)}"
        return None

    def _do_move(self, state: GameState, seat: int, action: A.Move, events: list[Event]) -> None:
        perm, dest = unit_and_place(state, action)
        problem = self.move_problem(state, seat, perm, dest)
        if problem:
            raise IllegalActionError(action, problem)
        start = perm.at
        perm.at = dest
        perm.moved = True
        if not has_keyword(state, perm.id, "vigilance"):
            perm.tapped = True
        events.append({"type": "moved", "unit": perm.id, "name": state.name(perm.id),
                       "from": wire(state, start), "to": wire(state, dest),
                       "tapped": perm.tapped})
        cell = state.cells[dest]
        if not cell.face_up and cell.land is not None:
            cell.face_up = True
            rng = game_rng(state)
            value = rng.randbelow(6) + 1
            save_rng(state, rng)
            info(cell)["cv"] = value
            events.append({"type": "revealed", "at": wire(state, dest),
                           "land": state.name(cell.land)})
            events.append({"type": "dice", "player": seat, "sides": 6, "result": value,
                           "purpose": "conquer value"})
            events.append({"type": "cv", "at": wire(state, dest), "value": value})

    # ------------------------------------------------------------------ attack/conquer
    def may_attack(self, state: GameState, perm: Permanent) -> bool:
        """Untapped, in its area since the turn began (or haste), and nothing of normal Magic
        (defender, "can't attack", Pacifism) stops it."""
        return self.attack_words(state, perm) is None

    def attack_words(self, state: GameState, perm: Permanent) -> str | None:
        """Why *perm* can't conquer now, in words (None: it may)."""
        name = state.name(perm.id)
        if perm.zone != "board" or not state.card(perm.id).is_creature:
            return f"{name} is not a creature on the board"
        if perm.attacked:
            return f"{name} can't conquer now: it has already attacked this turn"
        if perm.tapped:
            return f"{name} can't conquer now: it is tapped"
        if (perm.sick or perm.moved) and not has_keyword(state, perm.id, "haste"):
            return (f"{name} can't conquer now (it must be in the area since the turn began, "
                    "or have haste)")
        return core_attack_problem(state, WHERE, perm, sickness=False)

    def conquer_problem(self, state: GameState, seat: int, at: Pos,
                        members: list[Permanent]) -> str | None:
        """Why *members* may not attack/conquer *at* now (None: they may)."""
        if state.phase != "conquer":
            return "areas are conquered in the attack/conquer phase"
        if not members:
            return "name the creatures that conquer"
        if has_lost_stronghold(state, seat) and stronghold_of(state, at) != seat:
            return "you conquer nothing until you retake your stronghold"
        if controller(state, at) == seat:
            return f"you already control {place_words(state, at)}"
        if wire(state, at) in (state.extra.get("turn") or {}).get("conquered", []):
            return f"{place_words(state, at)} was already attacked this turn"
        for perm in members:
            name = state.name(perm.id)
            if perm.controller != seat or not state.card(perm.id).is_creature:
                return f"{name} is not a creature of yours"
            if perm.at != at:
                return f"{name} is not in {place_words(state, at)}"
            problem = self.attack_words(state, perm)
            if problem:
                return problem
        return None

    def _do_conquer(self, state: GameState, seat: int, action: Conquer,
                    events: list[Event]) -> None:
        at = action.at
        if not state.board.is_place(at):
            raise IllegalActionError(action, "that place is not on the board")
        if len(set(action.units)) != len(action.units):
            raise IllegalActionError(action, "a creature is named twice")
        members = []
        for unit in action.units:
            if unit not in state.perms:
                raise InvalidActionError(f"there is no unit {unit}")
            members.append(state.perms[unit])
        problem = self.conquer_problem(state, seat, at, members)
        if problem:
            raise IllegalActionError(action, problem)
        turn = state.extra.setdefault("turn", {})
        turn.setdefault("conquered", []).append(wire(state, at))
        for perm in members:
            perm.attacked = True
            if taps_to_attack(state, WHERE, perm):
                perm.tapped = True
        start_conquest(state, seat, members, self._pt(state), events)

    def _do_block(self, state: GameState, seat: int, action: AA.Block,
                  events: list[Event]) -> None:
        d = state.decision
        assert d is not None
        blocker = state.perms.get(action.blocker)
        attacker = state.perms.get(action.attacker)
        if blocker is None or attacker is None:
            raise InvalidActionError("there is no such creature")
        if action.attacker not in d["attackers"]:
            raise IllegalActionError(action, f"{state.name(attacker.id)} is not attacking")
        if blocker.controller != seat:
            raise IllegalActionError(action, f"{state.name(blocker.id)} is not yours")
        if any(b == blocker.id for b, _ in d["blocks"]):
            raise IllegalActionError(action, f"{state.name(blocker.id)} is already blocking")
        if {"blocker": blocker.id, "attacker": attacker.id} not in d["options"]:
            raise IllegalActionError(action, block_refusal(state, d, blocker, attacker))
        d["blocks"] = [*d["blocks"], [blocker.id, attacker.id]]
        d["options"] = block_options(state, d)
        events.append({"type": "block", "player": seat, "blocker": blocker.id,
                       "attacker": attacker.id})

    def _do_done_blocking(self, state: GameState, seat: int, action: AA.DoneBlocking,
                          events: list[Event]) -> None:
        done_blocking(state, self._pt(state), events)

    def division_problem(self, state: GameState, decision: dict[str, Any], action: A.Assign,
                         damage: dict[str, int]) -> str | None:
        """A blocked attacker's whole damage among its blockers and the conquer value."""
        return assign_division_problem(decision, action.attacker, damage)

    def finish_division(self, state: GameState, damage: dict[str, int] | None,
                       events: list[Event]) -> None:
        """Record the division (None: the default) and carry on with the combat."""
        import copy

        decision = state.decision
        assert decision is not None
        combat = copy.deepcopy(decision["_conquest"])
        division = dict(decision["default"]) if damage is None else \
            {k: v for k, v in damage.items() if v > 0}
        combat["divisions"][str(decision["attacker"])] = division
        state.decision = None
        events.append({"type": "assigned", "player": decision["player"],
                       "attacker": decision["attacker"], "damage": dict(division),
                       "default": damage is None})
        continue_conquest(state, combat, self._pt(state), events)

    def _do_concede(self, state: GameState, seat: int, action: A.Concede,
                    events: list[Event]) -> None:
        self._eliminate(state, seat, "conceded", events)
        if not state.game_over and state.active == seat:
            state.phase = "end"
            self.magic.end_turn(state, events)

    # ================================================================== state checks
    def after_action(self, state: GameState, events: list[Event]) -> None:
        """Deaths (the Magic core's state-based actions), eliminations (power below 7 without a
        stronghold), the last player left, and the win by areas."""
        if state.game_over:
            return
        self.state_checks(state, events)  # the core's deaths: toughness fell to the damage
        for seat, player in enumerate(state.players):
            if player.life != self.starting_life:  # a path the life hooks don't cover
                delta, player.life = player.life - self.starting_life, self.starting_life
                no_life(state, seat, abs(delta), "gain" if delta > 0 else "loss", None, events)
        for seat, player in enumerate(state.players):
            if player.lost or not has_lost_stronghold(state, seat):
                continue
            power = sum(max(0, self.effective_pt(state, p)[0]) for p in state.creatures()
                        if p.controller == seat)
            if power < RETAKE_POWER:
                self._eliminate(state, seat, f"creatures' power {power} is below "
                                             f"{RETAKE_POWER}", events)
        if state.game_over:
            return
        need = win_areas(state)  # more than half of the board's areas
        for seat, player in enumerate(state.players):
            if not player.lost and len(areas_of(state, seat)) >= need:
                self._win(state, seat, f"controls {len(areas_of(state, seat))} areas", events)
                return

    def _eliminate(self, state: GameState, seat: int, reason: str,
                   events: list[Event]) -> None:
        """*seat* is out: their permanents leave the game; their areas go neutral. "Ruling
        (elimination)": a stronghold they held returns to its owner (no countdown), and what
        they controlled but didn't own returns to its owner's control where it stands."""
        state.players[seat].lost = True
        events.append({"type": "eliminated", "player": seat, "reason": reason})
        for perm in [p for p in state.perms.values() if state.owner(p.id) == seat]:
            if perm.id in state.perms:
                leave_battlefield(state, perm, "exile", events, reason="its owner is out")
        for perm in [p for p in state.perms.values() if p.controller == seat]:
            owner = state.owner(perm.id)
            perm.controller, perm.sick = owner, True  # a new controller: sick until their turn
            events.append({"type": "control", "unit": perm.id, "name": state.name(perm.id),
                           "from": seat, "to": owner, "reason": "its controller is out"})
        for pos in state.board.positions():
            if controller(state, pos) == seat:
                info(state.cells[pos])["controller"] = None
        for pos in state.board.outside:
            home = stronghold_of(state, pos)
            if controller(state, pos) != seat or home is None:
                continue
            back = home if home != seat and not state.players[home].lost else None
            info(state.cells[pos]).update({"controller": back, "turns_left": None})
            if back is not None:
                events.append({"type": "stronghold_returned", "at": pos, "player": back,
                               "from": seat})
        if state.decision is not None and int(state.decision["player"]) == seat:
            if state.decision["kind"] == "assign":
                self.finish_division(state, None, events)
            else:
                done_blocking(state, self._pt(state), events)
        left = [s for s, p in enumerate(state.players) if not p.lost]
        if len(left) == 1:
            self._win(state, left[0], "is the last player left", events)

    @staticmethod
    def _win(state: GameState, seat: int, reason: str, events: list[Event]) -> None:
        state.winner = seat
        state.game_over = True
        events.append({"type": "game_over", "winner": seat, "reason": reason})

    def land_controllers(self, state: GameState) -> dict[Any, int]:
        return {pos: c for pos in state.board.places()
                if (c := controller(state, pos)) is not None}

    # ================================================================== analysis
    def effective_pt(self, state: GameState, perm: Any, occ: Any = None) -> tuple[int, int]:
        """Printed P/T with counters and changes, plus the area bonuses."""
        return conquering_pt(state, perm)

    def _pt(self, state: GameState) -> Any:
        return lambda perm: self.effective_pt(state, perm)

    def unit_facts(self, state: GameState, unit_id: str) -> dict[str, Any]:
        return self._unit_facts(state, state.perms[unit_id], None, True)

    def _may_move_now(self, state: GameState) -> bool:
        return state.phase == "movement" and state.decision is None and not state.game_over

    def _unit_facts(self, state: GameState, perm: Permanent, occ: Any,
                    may_move: bool) -> dict[str, Any]:
        power, toughness = self.effective_pt(state, perm)
        moves = [n for n in state.board.neighbours(perm.at)
                 if self.move_problem(state, perm.controller, perm, n) is None] \
            if perm.zone == "board" and perm.controller == state.active else []
        attacks = [perm.at] if perm.zone == "board" and self.conquer_problem(
            state, perm.controller, perm.at, [perm]) is None else []
        return {"power": power, "toughness": toughness, "moves": moves, "attacks": attacks}

    def legal_actions(self, state: GameState, seat: int) -> list[A.Action]:
        """The game actions *seat* may take now: pass, moves, one conquer per area with every
        creature able, blocks, the casts and activations the pool pays for (at instant speed
        outside the main phases and in a response window), end-of-turn discards."""
        if state.game_over or state.players[seat].lost:
            return []
        d = state.decision
        if d is not None:
            if seat != d["player"]:
                return []
            if d["kind"] == "consent":  # a manual action waiting (core/consent.py)
                return self.consent_answers(state, seat)
            if d["kind"] == "discard":
                hand = state.players[seat].hand
                return [A.Discard(cards=tuple(hand[:min(int(d["count"]), len(hand))]))]
            if d["kind"] == "targets":  # a triggered ability's targets (trigger_targets.py)
                return self.magic.target_answers(state, seat)
            if d["kind"] == "choice":
                return self.choice_answers(state, seat)
            if d["kind"] == "assign":
                return [a for a in assign_actions(d) if isinstance(a, A.Assign)
                        and assign_division_problem(d, a.attacker, dict(a.damage)) is None]
            if d["kind"] != "blocks":
                return []
            return [AA.DoneBlocking(), *(AA.Block(blocker=o["blocker"], attacker=o["attacker"])
                                         for o in block_options(state, d))]
        if state.pending is not None:
            if seat != state.pending["responder"]:
                return []
            return [A.Pass(), *self.spell_choices(state, seat, sorcery=False)]
        if seat != state.active:
            return []
        out: list[A.Action] = []
        limit = int(state.options.get("hand_size", self.hand_size))
        if state.phase != "end" or len(state.players[seat].hand) <= limit:
            out.append(A.Pass())
        else:
            out.extend(A.Discard(card=name)
                       for name in dict.fromkeys(state.name(c) for c in state.players[seat].hand))
        if state.phase != "mana":
            sorcery = state.phase in MAIN_PHASES and not state.stack and state.pending is None
            out.extend(self.spell_choices(state, seat, sorcery=sorcery))
        mine = [p for p in state.board_creatures() if p.controller == seat]
        if state.phase == "movement":
            for perm in mine:
                for n in state.board.neighbours(perm.at):
                    if self.move_problem(state, seat, perm, n) is None:
                        out.append(A.Move(unit=perm.id, to=n))
        if state.phase == "conquer":
            by_place: dict[Any, list[Permanent]] = {}
            for perm in mine:
                if self.may_attack(state, perm):
                    by_place.setdefault(perm.at, []).append(perm)
            for at, members in by_place.items():
                if self.conquer_problem(state, seat, at, members) is None:
                    out.append(Conquer(at=at, units=tuple(p.id for p in members)))
        return out


def _pool_of(mana: str) -> dict[str, int]:
    from frontier_desktop.rules.mana import parse_pool

    return parse_pool(mana)


def _stronghold_land(deck: list[Card], section: Mapping[str, Sequence[Card]] | None,
                     seat: int) -> Card:
    """The player's stronghold: the section's basic land, else the basic land of the deck's
    colour (the first coloured card's), else one by seat."""
    chosen = list((section or {}).get("stronghold", ()))
    if chosen:
        land = chosen[0]
        if not any(t in land.subtypes for t in LAND_TYPES):
            raise ValueError(f"a stronghold must be a basic land type, not {land.name}")
        return land
    colour = next((c for card in deck for c in card.colors), COLOURS[seat % len(COLOURS)])
    return basic_land(_LAND_OF_COLOUR[colour])
