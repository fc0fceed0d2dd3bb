"""Frontier Magic (The Duelist #31): creatures roam a board of face-down lands.

Every bullet of ``shared/rules/frontier.md`` is enforced here or in :mod:`frontier_board`
(terrain, movement) and :mod:`frontier_combat` (attacks, deaths, regeneration).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.board import GridBoard, Pos
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.errors import IllegalActionError, InvalidActionError
from frontier_desktop.rules.mana import add_mana, choose_mana, format_pool, parse_cost, pay
from frontier_desktop.rules.rng import Rng
from frontier_desktop.rules.state import (
    UNKNOWN_LAND,
    Cell,
    GameState,
    Permanent,
    PlayerState,
)
from frontier_desktop.rules.variants.base import Event, Variant
from frontier_desktop.rules.variants import fx_statics
from frontier_desktop.rules.variants.shared import (
    basic_land, draw_cards, game_rng, pay_tuple, save_rng, shuffle_library,
)
from frontier_desktop.rules.variants.shared import square_words as square_words  # re-exported
from frontier_desktop.rules.variants.frontier_board import (
    Occupancy,
    effective_pt,
    enterable,
    has_ability,
    home_row,
    home_squares,
    land_has_type,
    move_options,
    stack_of,
    stack_pt,
)
from frontier_desktop.rules.variants.frontier_manual import (
    _COLOUR_NAMES,
    ManualActions,
    token_card,
)
from frontier_desktop.rules.variants.cast_choices import mode_problem
from frontier_desktop.rules.variants.fx_timing import TimingActions
from frontier_desktop.rules.variants.turns import TurnMachine
from frontier_desktop.rules.variants.fx_mana import (
    RESTRICTED, LandAbilities, ManaActions, ability_mana, mana_note_damage, settle_restricted,
    spendable_pool,
)
from frontier_desktop.rules.variants.fx_oneshots import POISON_LIMIT, OneShotActions, poison
from frontier_desktop.rules.variants.frontier_spells import (
    ability_effects,
    spell_effects,
)
from frontier_desktop.rules.variants.frontier_combat import (
    check_deaths,
    damage_player,
    finish_assign,
    leave_battlefield,
    resolve_attack,
    wire,
)

_REVEAL_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


class Frontier(TimingActions, ManaActions, LandAbilities, OneShotActions, ManualActions,
               TurnMachine, Variant):
    """Frontier Magic for two players."""

    name: ClassVar[str] = "frontier"
    aliases: ClassVar[tuple[str, ...]] = ("frontier-magic",)
    title: ClassVar[str] = "Frontier Magic"
    phases: ClassVar[tuple[str, ...]] = ("untap", "upkeep", "draw", "main", "end")
    discard_one_at_a_time: ClassVar[bool] = True
    default_options: ClassVar[Mapping[str, Any]] = {
        "terrain_neighbours_regardless": False,
        "board_depth": 5,
        "starting_life": 20,
        "hand_size": 7,
        "first_player": 0,
        "mulligans": True,
        "manual_consent": False,
    }
    option_ranges: ClassVar[Mapping[str, tuple[int, int]]] = {
        "board_depth": (2, 100),
        "starting_life": (1, 1_000_000),
        "hand_size": (0, 1000),
        "first_player": (0, 1),
    }

    # ================================================================== set-up
    def new_game(self, decks: Sequence[Sequence[Card]], names: Sequence[str], *,
                 seed: int | str = 0, options: Mapping[str, Any] | None = None,
                 sections: Sequence[Mapping[str, Sequence[Card]]] | None = None) -> GameState:
        """Set up a game: the decks' lands become the board, then tokens and mulligans.

        Raises:
            ValueError: not two decks, a bad option, or too few lands for one column.
        """
        opts = self.options_with_defaults(options)
        if len(decks) != 2 or len(names) != 2:
            raise ValueError("Frontier Magic is for two players")
        depth = int(opts["board_depth"])
        if depth < 2:
            raise ValueError("board_depth must be at least 2")
        rng = Rng(seed)
        lands: list[tuple[Card, int]] = []
        spells: list[list[Card]] = [[], []]
        for seat, deck in enumerate(decks):
            for card in deck:
                if card.is_land:
                    lands.append((card, seat))
                else:
                    spells[seat].append(card)
        rng.shuffle(lands)
        cols = len(lands) // depth
        if cols < 1:
            raise ValueError(f"the two decks hold {len(lands)} lands: a board needs at least "
                             f"{depth} (one column of {depth})")
        players = [PlayerState(str(n), int(opts["starting_life"])) for n in names]
        state = GameState(self.name, GridBoard(depth, cols), players)
        state.options = opts
        state.seed = str(seed)
        defs: dict[str, Card] = {}
        # Lands are laid in columns of five, left to right; ids name the square, not the card.
        for i, (card, owner) in enumerate(lands[: cols * depth]):
            col, row = divmod(i, depth)
            land_id = f"L{row}-{col}"
            defs[card.name] = card
            state.cards[land_id] = (card.name, owner)
            state.cells[(row, col)] = Cell(land_id, face_up=False)
        for j, (card, owner) in enumerate(lands[cols * depth:]):
            aside_id = f"A{j + 1}"
            defs[card.name] = card
            state.cards[aside_id] = (card.name, owner)
            state.aside.append(aside_id)
        for seat in (0, 1):
            shuffle_library(state, seat, spells[seat], rng, defs)
        state.defs = defs
        state.rng_counter = rng.resume_point()
        first = int(opts["first_player"])
        state.first_player = first
        state.active = first
        state.phase = "setup"
        for seat in (0, 1):
            players[seat].first_turn = True
            players[seat].kept = False
        players[first].skip_draw = True
        for seat in (0, 1):
            self._draw(state, seat, 7, [])
        state.decision = {"kind": "place_token", "player": first, "setup": True}
        return state

    # ================================================================== helpers
    def _rng(self, state: GameState) -> Rng:
        return game_rng(state)

    def _save_rng(self, state: GameState, rng: Rng) -> None:
        save_rng(state, rng)

    def _draw(self, state: GameState, seat: int, count: int, events: list[Event]) -> None:
        draw_cards(state, seat, count, events)

    def reveal(self, state: GameState, pos: Pos, events: list[Event]) -> None:
        """Turn the land at *pos* face up (drawing an unknown land's identity from the seed)."""
        cell = state.cells[pos]
        if cell.land is None or cell.face_up:
            return
        if state.cards[cell.land][0] == UNKNOWN_LAND:
            rng = self._rng(state)
            land_type = _REVEAL_TYPES[rng.randbelow(len(_REVEAL_TYPES))]
            self._save_rng(state, rng)
            if land_type not in state.defs:
                state.defs = {**state.defs, land_type: basic_land(land_type)}
            state.cards[cell.land] = (land_type, state.cards[cell.land][1])
        cell.face_up = True
        events.append({"type": "revealed", "at": wire(state, pos), "land": state.name(cell.land)})
        self.land_revealed(state, pos, events)  # fx_mana: "enters the battlefield tapped"

    def _unit(self, state: GameState, action: A.Action, unit_id: str, seat: int) -> Permanent:
        perm = state.perms.get(unit_id)
        if perm is None or not state.card(unit_id).is_creature:
            raise InvalidActionError(f"{action.type}: no unit {unit_id!r} on the battlefield")
        if perm.controller != seat:
            raise IllegalActionError(action, f"{self._label(state, perm)} is not yours")
        return perm

    def _label(self, state: GameState, perm: Permanent) -> str:
        """A permanent as a player finds it: "Hill Giant at column 3, row 2" (never its id)."""
        if perm.zone == "board" and perm.at is not None:
            return f"{state.name(perm.id)} at {square_words(perm.at)}"
        if perm.zone == "staging":
            return f"{state.name(perm.id)} on the staging row"
        return state.name(perm.id)

    def _pos(self, state: GameState, action: A.Action, pos: Pos, what: str) -> Pos:
        if not state.board.contains(pos):
            raise InvalidActionError(f"{action.type}: {what} {list(pos) if isinstance(pos, tuple) else pos} "
                                     "is not on the board")
        return pos

    def _end_move_block(self, state: GameState, seat: int) -> None:
        if seat == state.active and state.moves_started:
            state.moves_closed = True

    # ================================================================== who may act
    def check_may_act(self, state: GameState, seat: int, action: A.Action) -> None:
        if seat not in (0, 1):
            raise InvalidActionError(f"there is no seat {seat}")
        if state.game_over:
            raise IllegalActionError(action, "the game is over")
        if isinstance(action, (A.Concede, A.SetResponses, A.SetAssign, A.KeepTapped)):
            return
        if state.decision is not None:
            d = state.decision
            if seat != d["player"]:
                raise IllegalActionError(action, f"waiting for {state.players[d['player']].name} "
                                                 f"to choose ({d['kind'].replace('_', ' ')})")
            allowed = {"place_token": (A.PlaceToken,), "mulligan": (A.Mulligan, A.Keep),
                       "assign": (A.Assign, A.Pass), "choice": (A.Choose, A.TapLand),
                       "discard": (A.Discard,), "consent": (A.Choose,),
                       "targets": (A.Targets,)}
            if not isinstance(action, allowed[d["kind"]]):
                raise IllegalActionError(action, f"first choose: {d['kind'].replace('_', ' ')}")
            return
        if isinstance(action, (A.PlaceToken, A.Mulligan, A.Keep, A.Assign, A.Choose,
                               A.Targets)):
            raise IllegalActionError(action, f"there is no {action.type.replace('_', ' ')} "
                                             "choice to make now")
        if state.pending is not None:
            if seat != state.pending["responder"]:
                raise IllegalActionError(action, "waiting for the opponent's response")
            if not (action.instant or isinstance(action, A.Pass)):
                raise IllegalActionError(action, "only instant-speed actions or pass in response")
            return
        if seat != state.active:
            if not action.instant:
                raise IllegalActionError(action, f"it is {state.players[state.active].name}'s turn")
            return
        if state.attacking and not (action.manual or isinstance(action, (A.Attack, A.DoneAttacking))):
            raise IllegalActionError(action, "you are attacking: attack again or finish with "
                                             "done attacking")

    # ================================================================== perform
    def perform(self, state: GameState, seat: int, action: A.Action, events: list[Event]) -> None:
        handler = getattr(self, "_do_" + action.type, None)
        if handler is None:
            raise IllegalActionError(action, f"{action.type} is not part of Frontier Magic")
        if self.consent_first(state, seat, action, events):  # frontier_manual.py
            return
        start = len(events)
        handler(state, seat, action, events)
        self.fire_triggers(state, events, start)  # frontier_spells.py
        self.after_combat(state, events)  # fx_timing.py: "at end of combat"

    # ------------------------------------------------------------------ set-up choices
    def _do_place_token(self, state: GameState, seat: int, action: A.PlaceToken,
                        events: list[Event]) -> None:
        pos = self._pos(state, action, action.at, "square")
        if pos[0] != home_row(state, seat):
            raise IllegalActionError(action, "the token goes on your home row")
        cell = state.cells[pos]
        if cell.land is None:
            raise IllegalActionError(action, "that square is a hole")
        if state.occupants().get(pos):
            raise IllegalActionError(action, "that square is taken")
        if action.color is not None and action.color not in _COLOUR_NAMES:
            raise InvalidActionError("place_token: 'color' must be W, U, B, R or G")
        card = token_card(action.color)
        if card.name not in state.defs:
            state.defs = {**state.defs, card.name: card}
        unit_id = state.new_id("t")
        state.cards[unit_id] = (card.name, seat)
        state.perms[unit_id] = Permanent(unit_id, seat, "board", pos)
        events.append({"type": "token", "player": seat, "unit": unit_id, "name": card.name,
                       "at": wire(state, pos)})
        setup = bool(state.decision and state.decision.get("setup"))
        state.decision = None
        if not setup:
            # Ruling (free token): the land under it turns face up at once, as with any
            # creature entering it (set-up tokens wait for their first main phase).
            self.reveal(state, pos, events)
        if setup:
            other = state.opponent(seat)
            if not any(p.controller == other for p in state.creatures()):
                state.decision = {"kind": "place_token", "player": other, "setup": True}
            elif state.options.get("mulligans", True):
                state.decision = {"kind": "mulligan", "player": state.first_player}
            else:
                self._start_first_turn(state, events)

    def _do_mulligan(self, state: GameState, seat: int, action: A.Mulligan,
                     events: list[Event]) -> None:
        player = state.players[seat]
        if player.mulligans >= 7:
            raise IllegalActionError(action, "no cards left to mulligan to")
        rng = self._rng(state)
        player.library.extend(player.hand)
        player.hand.clear()
        rng.shuffle(player.library)
        self._save_rng(state, rng)
        player.mulligans += 1
        events.append({"type": "mulligan", "player": seat, "count": player.mulligans})
        self._draw(state, seat, 7, events)

    def _do_keep(self, state: GameState, seat: int, action: A.Keep, events: list[Event]) -> None:
        player = state.players[seat]
        if len(action.bottom) != player.mulligans or len(set(action.bottom)) != len(action.bottom):
            raise IllegalActionError(action, f"put exactly {player.mulligans} different card(s) "
                                             "from your hand on the bottom")
        for card_id in action.bottom:
            if card_id not in player.hand:
                raise IllegalActionError(action, "that card is not in your hand")
        for card_id in action.bottom:
            player.hand.remove(card_id)
            player.library.append(card_id)
        player.kept = True
        events.append({"type": "kept", "player": seat, "hand": len(player.hand),
                       "bottom": len(action.bottom)})
        other = state.opponent(seat)
        if not state.players[other].kept:
            state.decision = {"kind": "mulligan", "player": other}
        else:
            state.decision = None
            self._start_first_turn(state, events)

    def _start_first_turn(self, state: GameState, events: list[Event]) -> None:
        for p in state.players:
            p.kept = True
        state.turn = 1
        state.active = state.first_player
        self.start_turn(state, events, "upkeep")  # turns.py; the first turn has no untap

    # ------------------------------------------------------------------ turn structure
    def _do_pass(self, state: GameState, seat: int, action: A.Pass, events: list[Event]) -> None:
        if state.decision is not None and state.decision["kind"] == "assign":
            finish_assign(state, None, events)  # no division given: lethal damage first
            return
        if state.pending is not None:
            self._resolve_pending(state, events)
            return
        if state.stack:  # not reached: a stack always resolves or waits for a window
            self.continue_stack(state, events)
            return
        if state.phase == "setup":
            raise IllegalActionError(action, "the game has not started")
        if state.phase == "main" and seat == state.active:
            problem = fx_statics.must_attack_problem(self, state, seat)  # "attacks each combat"
            if problem:
                raise IllegalActionError(action, problem)
        self._end_move_block(state, seat)
        self.pass_step(state, seat, action, events)  # turns.py

    def on_upkeep(self, state: GameState, events: list[Event]) -> None:
        self.land_upkeep(state, events)  # fx_mana: depletion counters
        super().on_upkeep(state, events)

    def on_main(self, state: GameState, events: list[Event]) -> None:
        """A player's creatures are revealed in their first main phase."""
        player = state.players[state.active]
        if player.first_turn:
            player.first_turn = False
            for perm in list(state.board_creatures()):
                if perm.controller == state.active:
                    self.reveal(state, perm.at, events)

    def empty_pools(self, state: GameState) -> None:
        super().empty_pools(state)
        state.extra.pop(RESTRICTED, None)  # fx_mana: Mishra's Workshop's mana

    def end_of_turn(self, state: GameState, events: list[Event]) -> None:
        state.moves_started = state.moves_closed = state.attacking = False
        state.attacks_closed = False

    # ------------------------------------------------------------------ movement
    def _do_move(self, state: GameState, seat: int, action: A.Move, events: list[Event]) -> None:
        perm = self._unit(state, action, action.unit, seat)
        dest = self._pos(state, action, action.to, "destination")
        self._main_phase_check(state, seat, action)
        if state.moves_closed:
            raise IllegalActionError(action, "your moves are over for this turn (another action "
                                             "ended the movement block)")
        occ = state.occupants()
        members = stack_of(state, perm, occ)
        if action.units is not None:
            chosen = set(action.units) | {perm.id}
            members = [m for m in members if m.id in chosen]
            if len(members) != len(chosen):
                raise IllegalActionError(action, "every unit moved together must share a square")
        for m in members:
            if m.tapped:
                raise IllegalActionError(action, f"{self._label(state, m)} is tapped")
            if m.sick:
                raise IllegalActionError(action, f"{self._label(state, m)} is summoning sick")
            if m.moved:
                raise IllegalActionError(action, f"{self._label(state, m)} has already moved "
                                                 "this turn")
        options = move_options(state, members, occ)
        if dest not in options:
            raise IllegalActionError(action, self._why_not_move(state, members, dest, occ))
        option = options[dest]
        state.moves_started = True
        for m in members:
            m.moved = True
        ids = [m.id for m in members]
        if state.players[state.opponent(seat)].responses:
            state.pending = {"kind": "move", "seat": seat, "responder": state.opponent(seat),
                             "units": ids, "option": _option_wire(state, option),
                             "action": action.to_wire()}
            events.append({"type": "pending", "action": action.to_wire(), "seat": seat})
            return
        self._resolve_move(state, ids, option, events)

    def _why_not_move(self, state: GameState, members: list[Permanent], dest: Pos,
                      occ: Occupancy) -> str:
        cell = state.cells[dest]
        name = self._label(state, members[0])
        if cell.land is None:
            return f"{name} can't move onto a hole"
        if occ.get(dest) and not all(m.id in occ[dest] for m in members):
            return f"{name} can't move onto a square that holds another creature"
        homes = set().union(*(state.card(m.id).landhome for m in members))
        if homes and not any(land_has_type(state, dest, h) for h in homes):
            return f"{name} may only stand on face-up {'/'.join(sorted(homes))}"
        if members[0].zone == "staging":
            return f"{name} enters the board only on your home row"
        return f"{name} can't reach that square (one square N/S/E/W, no diagonals)"

    def _resolve_move(self, state: GameState, ids: list[str], option: Mapping[str, Any],
                      events: list[Event]) -> None:
        members = [state.perms[i] for i in ids if i in state.perms]
        if not members:
            return
        frm = members[0].at if members[0].zone == "board" else "staging"
        kind = option["kind"]
        path = list(option["path"])
        occ = state.occupants()
        dest = path[-1]
        if not enterable(state, dest, members, occ):
            # Destroyed (or taken) in response: every kind of move fizzles alike.
            events.append({"type": "fizzled", "unit": ids[0], "at": wire(state, dest),
                           "reason": "the destination can't be entered any more"})
            return
        if kind == "landwalk":
            land_type = option["walk"]
            last = None
            for i, pos in enumerate(path):
                if not enterable(state, pos, members, occ):
                    break
                last = pos
                self._place(state, members, pos)
                self.reveal(state, pos, events)
                if i < len(path) - 1 and not land_has_type(state, pos, land_type):
                    events.append({"type": "stopped", "unit": ids[0], "at": wire(state, pos),
                                   "reason": f"not a {land_type}"})
                    break
            if last is None:
                events.append({"type": "fizzled", "unit": ids[0], "reason": "the way is blocked"})
                return
            events.append({"type": "moved", "unit": ids[0], "units": ids,
                           "from": wire(state, frm) if frm != "staging" else "staging",
                           "to": wire(state, last), "kind": kind})
            return
        self._place(state, members, dest)
        events.append({"type": "moved", "unit": ids[0], "units": ids,
                       "from": wire(state, frm) if frm != "staging" else "staging",
                       "to": wire(state, dest), "kind": kind})
        self.reveal(state, dest, events)

    @staticmethod
    def _place(state: GameState, members: list[Permanent], pos: Pos) -> None:
        for m in members:
            m.zone, m.at = "board", pos

    def _do_done_moving(self, state: GameState, seat: int, action: A.DoneMoving,
                        events: list[Event]) -> None:
        self._main_phase_check(state, seat, action)
        state.moves_closed = True
        events.append({"type": "done_moving", "player": seat})

    def _main_phase_check(self, state: GameState, seat: int, action: A.Action) -> None:
        if seat != state.active or state.phase != "main":
            raise IllegalActionError(action, "only in your main phase")

    # ------------------------------------------------------------------ scouting and mana
    def _do_scout(self, state: GameState, seat: int, action: A.Scout, events: list[Event]) -> None:
        perm = self._unit(state, action, action.unit, seat)
        target = self._pos(state, action, action.target, "target")
        self._main_phase_check(state, seat, action)
        reason = self._scout_problem(state, perm, target)
        if reason:
            raise IllegalActionError(action, reason)
        self._end_move_block(state, seat)
        perm.tapped, perm.attack_tapped = True, False
        events.append({"type": "scouted", "unit": perm.id, "at": wire(state, target)})
        self.reveal(state, target, events)

    def _scout_problem(self, state: GameState, perm: Permanent, target: Pos) -> str | None:
        if perm.zone != "board":
            return f"{self._label(state, perm)} is not on the board"
        if perm.tapped:
            return f"{self._label(state, perm)} is tapped"
        if perm.sick:
            return f"{self._label(state, perm)} is summoning sick"
        if target not in state.board.neighbours(perm.at):
            return "scouting flips a land directly N/S/E/W of the creature"
        cell = state.cells[target]
        if cell.land is None:
            return "that square is a hole"
        if cell.face_up:
            return "that land is already face up"
        return None

    def _do_tap_land(self, state: GameState, seat: int, action: A.TapLand,
                     events: list[Event]) -> None:
        pos = self._pos(state, action, action.at, "land")
        if action.ability is not None:  # a land's non-mana ability (fx_mana.py)
            self.land_ability(state, seat, action, pos, events)
            return
        self._end_move_block(state, seat)
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
        made, after = self.land_mana(state, seat, action, pos, colour, events)
        cell.tapped_by = seat
        if via is not None:
            perm = state.perms[via]
            perm.tapped, perm.attack_tapped = True, False
        pool = state.players[seat].pool
        add_mana(pool, made if made.startswith("{") else "{" + made + "}")
        events.append({"type": "land_tapped", "at": wire(state, pos), "player": seat,
                       "via": via, "mana": made.strip("{}") if len(made) == 3 else made,
                       "pool": format_pool(pool)})
        self.after_land_mana(state, seat, action, after, events)

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

    # ------------------------------------------------------------------ casting
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

    def _do_cast(self, state: GameState, seat: int, action: A.Cast, events: list[Event]) -> None:
        card_id = self._hand_card(state, seat, action, action.card)
        card = state.card(card_id)
        if card.is_land:
            raise IllegalActionError(action, "in Frontier Magic lands make the board; they are "
                                             "not played from hand")
        if not card.type_line or card.name == "(unknown card)":
            raise IllegalActionError(action, f"{card.name} can't be cast")
        fast = card.is_instant or card.has_flash
        if not fast:
            if seat != state.active or state.phase != "main":
                raise IllegalActionError(action, f"{card.name} can be cast only in your main phase")
            if state.pending is not None or state.stack:
                raise IllegalActionError(action, f"{card.name} can't be cast in response")
        if not 0 <= action.x <= A.MAX_X:
            raise IllegalActionError(action, f"X must be a whole number from 0 to {A.MAX_X}")
        if action.x and "{X}" not in card.mana_cost:
            raise IllegalActionError(action, f"{card.name} has no X in its cost")
        problem = mode_problem(card, action.mode)
        if problem:
            raise IllegalActionError(action, problem)
        target_perm: str | None = None
        targets = action.targets
        automatic_targets = True
        if card.is_aura:
            target_perm = self._aura_target(state, seat, action, card, card_id)
            targets = ()
        elif card.is_instant or card.is_sorcery:
            automatic_targets = self.check_targets(
                state, seat, action, card.name, card_id, spell_effects(card, action.mode),
                "spell", targets, action.x)
        elif targets:
            raise IllegalActionError(action, f"{card.name} has no targets")
        victims = self.additional_victims(state, seat, action, card)  # fx-oneshots
        self._end_move_block(state, seat)
        self._pay_lands(state, seat, action, action.pay, events)
        player = state.players[seat]
        cost = fx_statics.spell_cost(state, seat, card)  # with "spells cost {2} more" etc.
        try:
            parse_cost(cost)
        except ValueError as exc:
            raise IllegalActionError(action, str(exc)) from None
        extra_life = self.additional_life(card, action.mode, action.x) if (
            card.is_instant or card.is_sorcery) else 0  # fx-oneshots: "pay N life"
        if extra_life and player.life < extra_life:
            raise IllegalActionError(action, f"{card.name} costs {extra_life} life as well; "
                                             f"you have {player.life}")
        # fx_mana: Mishra's Workshop's mana may pay for an artifact spell.
        paid = pay(spendable_pool(state, seat, card), cost, x=action.x,
                   life=player.life - extra_life)
        if paid is None:
            raise IllegalActionError(action, f"{card.name} costs {cost or '{0}'}; your "
                                             f"mana pool holds {format_pool(player.pool) or 'nothing'}")
        settle_restricted(state, seat, card, paid[0])
        player.pool, life_paid = paid
        life_paid += extra_life
        if life_paid:
            player.life -= life_paid
            events.append({"type": "life", "player": seat, "life": player.life,
                           "delta": -life_paid})
        player.hand.remove(card_id)
        sacrificed = self.sacrifice_for_spell(state, victims, events)
        event: Event = {"type": "cast", "player": seat, "card": card.name, "id": card_id}
        if targets:
            event["targets"] = [A.target_to_wire(t) for t in targets]
        if card.is_instant or card.is_sorcery:
            manual = self._by_hand_clauses(card, action.mode, automatic_targets)
            if manual:
                event["note"] = "carry out by hand (manual actions): " + "; ".join(manual)
        elif card.is_aura:
            event["attached_to"] = target_perm
        else:
            event["to"] = "staging"
        events.append(event)
        item: dict[str, Any] = {"kind": "spell", "card": card.name, "obj": card_id,
                                "controller": seat,
                                "targets": [A.target_to_wire(t) for t in targets],
                                "x": action.x, **sacrificed}
        if action.mode != (0,):
            item["mode"] = list(action.mode)
        if target_perm is not None:
            item["attach"] = target_perm
        self.push(state, item, events)

    def _by_hand_clauses(self, card: Card, modes: tuple[int, ...], targets_given: bool) -> list[str]:
        """The clauses of an instant or sorcery the players carry out with manual actions."""
        from frontier_desktop.rules.effects.targeting import target_slots
        from frontier_desktop.rules.variants.frontier_spells import by_hand_text, executed

        effects = spell_effects(card, modes)
        slots = target_slots(effects)
        out = []
        for index, effect in enumerate(effects):
            if not executed(effect, "spell") or (
                    not targets_given and any(s.effect == index for s in slots)):
                out.append(by_hand_text(effect, card.name))
        if not effects and card.oracle_text:
            out.append(card.oracle_text)
        return out

    def _aura_target(self, state: GameState, seat: int, action: A.Cast, card: Card,
                     card_id: str) -> str:
        """The permanent an aura will enchant (``target``, or the one entry of ``targets``),
        checked against its "Enchant …" phrase and the variant's reach."""
        target = action.target
        if target is None and len(action.targets) == 1:
            target = action.targets[0]
        if target is None:
            raise IllegalActionError(action, "an aura needs a target permanent ('target')")
        problem = self.aura_problem(state, seat, card, card_id, target)
        if problem:
            raise IllegalActionError(action, problem)
        if isinstance(target, str) and target in state.perms:
            return target
        if isinstance(target, tuple) and state.board.contains(target):
            cell = state.cells[target]
            if cell.land is not None and cell.face_up:
                return cell.land
        raise IllegalActionError(action, "the aura's target is not a permanent you can see")

    def aura_problem(self, state: GameState, seat: int, card: Card, card_id: str,
                     target: Any) -> str | None:
        """Why *card* (an aura) can't enchant *target* (None: it can), in words."""
        from frontier_desktop.rules.effects.targeting import Slot
        from frontier_desktop.rules.variants.frontier_spells import enchant_spec

        spec = enchant_spec(card)
        if spec is None:
            return None
        if isinstance(target, str) and target in state.perms and \
                state.perms[target].zone == "attached":
            return f"{card.name} can't enchant {state.name(target)}: it is attached to another"
        return self.target_refusal(state, seat, card.name, card_id, Slot(spec, 0, None),
                                   target)

    def _sacrifice_choice(self, state: GameState, seat: int, action: A.Action,
                          perm: Permanent, index: int) -> list[str]:
        """The permanents ``sacrifice`` names for the ability's "Sacrifice a …" cost, checked
        ([] when none are named: that part of the cost is then paid by hand, as before)."""
        from frontier_desktop.rules.effects.targeting import spec_problem
        from frontier_desktop.rules.variants.frontier_spells import sacrifice_specs

        chosen = action.sacrifice if isinstance(action, A.Activate) else ()
        specs = sacrifice_specs(state.card(perm.id), index)
        if not chosen:
            return []
        name = state.name(perm.id)
        if specs is None or len(chosen) != len(specs):
            wanted = len(specs or ())
            raise IllegalActionError(action, f"{name}'s cost sacrifices {wanted} permanent"
                                             f"{'s' if wanted != 1 else ''}")
        if len(set(chosen)) != len(chosen) or perm.id in chosen:
            raise IllegalActionError(action, "sacrifice different permanents, not the source")
        for victim, spec in zip(chosen, specs):
            victim_perm = state.perms.get(victim)
            if victim_perm is None or victim_perm.controller != seat:
                raise IllegalActionError(action, "you can sacrifice only a permanent you control")
            problem = spec_problem(state, spec, victim, seat=seat, source=perm.id)
            if problem:
                raise IllegalActionError(action, f"{name} can't sacrifice "
                                                 f"{state.name(victim)}: {problem}")
        return list(chosen)

    def _do_activate(self, state: GameState, seat: int, action: A.Activate,
                     events: list[Event]) -> None:
        self._activate(state, seat, action, action.unit, action.ability, action.mana,
                       action.pay, events)

    def _activate(self, state: GameState, seat: int, action: A.Action, unit: str, index: int,
                  mana_choice: str | None, pay_list: Sequence[Any], events: list[Event]) -> None:
        """Activate ability *index* of *unit*: pay its cost, then carry out what the engine can.

        A mana ability adds its mana to the pool at once (mana abilities don't use the stack).
        An effect the engine can't read is logged with ``modelled: false`` and a ``note``
        telling the players to carry it out with manual actions.
        """
        perm = state.perms.get(unit)
        if perm is None or perm.controller != seat:
            raise IllegalActionError(action, "that is not a permanent you control")
        card = state.card(perm.id)
        if not 0 <= index < len(card.activated):
            raise IllegalActionError(action, f"{card.name} has no ability #{index + 1}")
        ability = card.activated[index]
        timing = self.activation_problem(state, seat, perm, index)
        if timing:
            raise IllegalActionError(action, timing)
        if ability.taps:
            if perm.tapped:
                raise IllegalActionError(action, f"{self._label(state, perm)} is tapped")
            if card.is_creature and perm.sick:
                raise IllegalActionError(action, f"{self._label(state, perm)} is summoning sick")
        made: str | None = None
        if ability.is_mana_ability:
            made = choose_mana(ability.mana, mana_choice)
            if made is None:
                raise IllegalActionError(action, f"{card.name} makes "
                                                 f"{' or '.join(ability.mana)}, not {mana_choice}")
        player = state.players[seat]
        if ability.life_cost and player.life < ability.life_cost:
            raise IllegalActionError(action, f"the ability costs {ability.life_cost} life; you "
                                             f"have {player.life}")
        own = isinstance(action, A.Activate) and action.unit == unit
        targets: tuple[Any, ...] = action.targets if isinstance(action, A.Activate) and own else ()
        x = action.x if isinstance(action, A.Activate) and own else 0
        modes: tuple[int, ...] = action.mode if isinstance(action, A.Activate) and own else (0,)
        if not 0 <= x <= A.MAX_X:
            raise IllegalActionError(action, f"X must be a whole number from 0 to {A.MAX_X}")
        stack_effects = None
        automated: list[Any] = []
        if made is None and not ability.is_regeneration and not ability.adds_mana:
            stack_effects = ability_effects(card, index, modes)
            if stack_effects is not None:
                from frontier_desktop.rules.variants.frontier_spells import executed

                automated = [e for e in stack_effects if executed(e, "activated")]
                given = self.check_targets(state, seat, action, card.name, perm.id,
                                           stack_effects, "activated", targets, x)
                if not automated or not given:
                    stack_effects = None
        if stack_effects is None and targets:
            raise IllegalActionError(action, f"the engine doesn't carry out this ability of "
                                             f"{card.name}: leave out its targets")
        sacrificed = self._sacrifice_choice(state, seat, action, perm, index) if own else []
        special = ability_mana(state, seat, perm, index, sacrificed, mana_choice) \
            if made is None and ability.adds_mana else None  # fx_mana: batteries, Fellwar
        if isinstance(special, str):
            raise IllegalActionError(action, special)
        extra_problem = self.oneshot_cost_problem(state, seat, card, index)  # fx-oneshots
        if extra_problem:
            raise IllegalActionError(action, extra_problem)
        lki = self.oneshot_lki(state, sacrificed, perm)
        self._end_move_block(state, seat)
        self._pay_lands(state, seat, action, pay_list, events, exclude=perm.id)
        paid = pay(player.pool, ability.mana_cost, life=player.life)
        if paid is None:
            raise IllegalActionError(action, f"the ability costs {ability.mana_cost}; your mana "
                                             f"pool holds {format_pool(player.pool) or 'nothing'}")
        player.pool, life_paid = paid
        player.life -= life_paid + ability.life_cost
        if life_paid + ability.life_cost:
            events.append({"type": "life", "player": seat, "life": player.life,
                           "delta": -(life_paid + ability.life_cost)})
        if ability.taps:
            perm.tapped, perm.attack_tapped = True, False
        perm.activations = {**perm.activations,
                            str(index): perm.activations.get(str(index), 0) + 1}
        if ability.is_regeneration:
            perm.regen_shield += 1
        event: Event = {"type": "activated", "unit": perm.id, "name": card.name,
                        "cost": ability.cost, "effect": ability.effect,
                        "modelled": ability.is_regeneration or made is not None}
        notes: list[str] = []
        if made is not None:
            add_mana(player.pool, made)
            event.update({"player": seat, "mana": made, "pool": format_pool(player.pool)})
            pain = mana_note_damage(card, ability.mana_note)  # fx_mana: Elves of Deep Shadow
            if ability.mana_note and pain is None and not self.mana_riders(
                    state, seat, perm.id, index, events):
                notes.append(f"carry out the rest by hand: {ability.mana_note}")  # fx_timing
        elif special is not None:  # fx_mana: Priest of Yawgmoth, mana batteries, Fellwar
            add_mana(player.pool, special[0])
            perm.counters = dict(special[1])
            event.update({"player": seat, "mana": special[0], "pool": format_pool(player.pool),
                          "modelled": True})
        elif ability.adds_mana:
            notes.append("the engine can't read how much mana this adds: add it by hand "
                         "(Add mana)")
        elif stack_effects is not None:
            event["modelled"] = len(automated) == len(stack_effects)
            manual = [e for e in stack_effects if e not in automated]
            if manual:
                from frontier_desktop.rules.variants.frontier_spells import by_hand_text

                notes.append("carry out by hand (manual actions): " + "; ".join(
                    by_hand_text(e, card.name) for e in manual))
        elif not ability.is_regeneration:
            notes.append("carry out its text with manual actions")
        if ability.other_cost and not sacrificed and special is None and \
                not self.oneshot_pays_rest(card, index, ability.other_cost):
            notes.append(f"pay the rest of the cost by hand: {ability.other_cost}")
        if notes:
            event["note"] = "; ".join(notes)
        events.append(event)
        if made is not None and pain:
            damage_player(state, seat, pain, perm.id, events)
        lki.update(self.pay_oneshot_costs(state, seat, card, index, events))
        for victim in sacrificed:
            if victim in state.perms:
                leave_battlefield(state, state.perms[victim], "graveyard", events,
                                  reason="sacrificed")
        if ability.sacrifices_self and perm.id in state.perms:
            leave_battlefield(state, perm, "graveyard", events, reason="sacrificed")
        if stack_effects is not None:
            item: dict[str, Any] = {"kind": "ability", "card": card.name, "source": unit,
                                    "ability": index, "controller": seat,
                                    "targets": [A.target_to_wire(t) for t in targets], "x": x,
                                    **lki}
            if modes != (0,):
                item["mode"] = list(modes)
            self.push(state, item, events)

    # ------------------------------------------------------------------ attacks
    def attack_problem(self, state: GameState, seat: int, perm: Permanent, target: Any,
                       occ: Occupancy) -> str | None:
        """Why *perm* may not attack *target* now (None when it may)."""
        return self.band_attack_problem(state, perm, occ) or \
            self.attack_target_problem(state, seat, perm, target, occ)

    def band_attack_problem(self, state: GameState, perm: Permanent,
                            occ: Occupancy) -> str | None:
        """Why *perm* (with its banding stack) may not attack anything now (None: it may
        attack a target :meth:`attack_target_problem` accepts)."""
        if perm.zone != "board":
            return f"{self._label(state, perm)} is not on the board"
        band = stack_of(state, perm, occ)
        for m in band:
            if m.tapped:
                return f"{self._label(state, m)} is tapped"
            if m.sick:
                return f"{self._label(state, m)} is summoning sick"
            if m.attacked:
                return f"{self._label(state, m)} has already attacked this turn"
            if has_ability(state, m, "defender") and not fx_statics.ignores_defender(state, m):
                return f"{self._label(state, m)} has defender"
            restriction = fx_statics.attack_restriction(state, m, len(band))  # "can't attack"
            if restriction:
                return restriction
            locked = self.timing_attack_problem(state, m)  # fx_timing.py
            if locked:
                return locked
        return None

    def attack_target_problem(self, state: GameState, seat: int, perm: Permanent, target: Any,
                              occ: Occupancy) -> str | None:
        """Why *target* is no square (or player) *perm*, on the board, may attack from where it
        stands (None: it may, if :meth:`band_attack_problem` allows an attack at all)."""
        opponent = state.opponent(seat)
        if target == "player":
            if perm.at is None or perm.at[0] != home_row(state, opponent):
                return "attack the player from the row nearest them (their home row)"
            return None
        if not state.board.contains(target):
            return "that square is not on the board"
        if target not in state.board.neighbours(perm.at):
            return "attacks go to a creature directly N/S/E/W"
        if not any(state.perms[i].controller != seat for i in occ.get(target, ())):
            return "there is no enemy creature there"
        return None

    def _do_attack(self, state: GameState, seat: int, action: A.Attack,
                   events: list[Event]) -> None:
        perm = self._unit(state, action, action.unit, seat)
        self._main_phase_check(state, seat, action)
        if state.pending is not None:
            raise IllegalActionError(action, "an attack is already waiting to resolve")
        if state.attacks_closed:
            raise IllegalActionError(action, "your attacks are over for this turn (you said "
                                             "done attacking)")
        occ = state.occupants()
        problem = self.attack_problem(state, seat, perm, action.target, occ)
        if problem:
            raise IllegalActionError(action, problem)
        self._end_move_block(state, seat)
        state.attacking = True
        members = stack_of(state, perm, occ)
        for m in members:
            m.attacked = True
            if not has_ability(state, m, "vigilance"):
                m.tapped, m.attack_tapped = True, True
        ids = [m.id for m in members]
        target_wire = "player" if action.target == "player" else wire(state, action.target)
        defenders = [] if action.target == "player" else [
            i for i in occ.get(action.target, ()) if state.perms[i].controller != seat]
        attack: Event = {"type": "attack", "unit": perm.id, "units": ids, "band": ids,
                         "defenders": defenders, "target": target_wire}
        events.append(attack)
        window = {"kind": "attack", "seat": seat, "responder": state.opponent(seat),
                  "units": ids, "target": target_wire, "action": action.to_wire()}
        if state.players[state.opponent(seat)].responses:
            state.pending = window
            events.append({"type": "pending", "action": action.to_wire(), "seat": seat})
        # "Whenever … attacks / blocks": on the stack before the damage (frontier_spells.py).
        self.fire_combat_triggers(state, attack, events)
        if state.pending is not None and state.pending.get("kind") == "priority" and \
                state.pending.get("outer") is None:
            # The attack resolves once the stack is empty (frontier_spells.continue_stack).
            state.pending["outer"] = {**window, "after_triggers": True}
        if state.pending is None and (state.stack or state.decision is not None):
            # A trigger waits for its targets or a choice (pay or not): the attack resolves
            # once that is answered and the stack is empty (frontier_spells.continue_stack).
            state.pending = {**window, "after_triggers": True}
        if state.pending is not None:
            return
        resolve_attack(state, seat, ids, action.target, events)

    def _do_done_attacking(self, state: GameState, seat: int, action: A.DoneAttacking,
                           events: list[Event]) -> None:
        if not state.attacking:
            raise IllegalActionError(action, "no attack has been declared")
        problem = fx_statics.must_attack_problem(self, state, seat)  # "attacks each combat"
        if problem:
            raise IllegalActionError(action, problem)
        state.attacking = False
        state.attacks_closed = True  # as with moving: no more attacks this turn
        events.append({"type": "done_attacking", "player": seat})

    def _resolve_pending(self, state: GameState, events: list[Event]) -> None:
        pending = state.pending
        assert pending is not None
        if pending["kind"] == "priority":
            self.pass_priority(state, events)
            return
        state.pending = None
        events.append({"type": "resolving", "kind": pending["kind"]})
        if pending["kind"] == "move":
            option = dict(pending["option"])
            option["path"] = [state.board.pos_from_wire(p) for p in option["path"]]
            self._resolve_move(state, list(pending["units"]), option, events)
        else:
            target = pending["target"]
            target = target if target == "player" else state.board.pos_from_wire(target)
            resolve_attack(state, int(pending["seat"]), list(pending["units"]), target, events)

    def _do_choose(self, state: GameState, seat: int, action: A.Choose,
                   events: list[Event]) -> None:
        """Answer "counter it unless its controller pays {N}": ``pay`` (from the pool, tapping
        lands automatically for what it lacks) or ``decline``; a ``consent`` decision (a manual
        action on the chooser's things) is answered by the manual actions' own handler."""
        decision = state.decision
        if decision is not None and decision["kind"] == "consent":
            ManualActions._do_choose(self, state, seat, action, events)
            return
        if decision is not None and "_fx" in decision:  # fx_oneshots: a chosen option
            self.answer_oneshot(state, seat, action, events)
            return
        assert decision is not None and decision["kind"] == "choice"  # check_may_act
        if action.choice not in ("pay", "decline", True, False):
            raise IllegalActionError(action, "choose pay or decline")
        trigger = decision.get("_trigger")  # "you may pay {N}. If you do, …"
        upkeep = decision.get("_timing")  # pay or sacrifice (fx_timing.py)
        amount = int(decision["amount"])
        if action.choice in ("pay", True):
            from frontier_desktop.rules.variants.frontier_legal import (
                ability_payers, mana_sources, plan_payment,
            )

            player = state.players[seat]
            cost = str(decision.get("cost") or "{%d}" % amount)
            if pay(player.pool, cost) is None:
                plan = plan_payment(player.pool, player.life, cost,
                                    mana_sources(self, state, seat, state.occupants()),
                                    ability_payers(state, seat))
                if plan is None:
                    raise IllegalActionError(action, f"you can't pay {cost}: your mana "
                                                     f"pool holds {format_pool(player.pool) or 'nothing'}")
                self._pay_lands(state, seat, action, pay_tuple(plan), events)
            paid = pay(player.pool, cost)
            if paid is None:
                raise IllegalActionError(action, f"you can't pay {cost}")
            player.pool = paid[0]
            events.append({"type": "paid", "player": seat, "amount": amount, "cost": cost,
                           "card": decision["card"]})
            if trigger is not None:
                state.decision = None
                self.trigger_paid(state, dict(trigger), events)
        elif upkeep is not None:
            state.decision = None
            self.timing_answer(state, decision, False, events)
        elif trigger is None:
            self.counter_item(state, str(decision["stack"]), str(decision["by"]), events)
        if state.decision is decision:
            state.decision = None
        self.continue_stack(state, events)

    # ------------------------------------------------------------------ other
    def _do_concede(self, state: GameState, seat: int, action: A.Concede,
                    events: list[Event]) -> None:
        state.players[seat].lost = True
        events.append({"type": "lost", "player": seat, "reason": "conceded"})

    # manual actions live in frontier_manual.py (mixed in below)

    # ================================================================== state-based checks
    def after_action(self, state: GameState, events: list[Event]) -> None:
        if state.phase == "setup":
            # Nothing fights or dies during set-up, but a player may concede: that ends it.
            self._check_winner(state, events)
            return
        check_deaths(state, events)
        for perm in list(state.board_creatures()):
            homes = state.card(perm.id).landhome
            if not homes:
                continue
            cell = state.cells[perm.at]
            if cell.land is None or (cell.face_up and not any(
                    land_has_type(state, perm.at, h) for h in homes)):
                leave_battlefield(state, perm, "graveyard", events,
                                  reason=f"its square is not a {'/'.join(sorted(homes))}")
        # Who has lost first: a player at 0 life is owed no free token.
        self._check_winner(state, events)
        self._free_tokens(state, events)

    def _free_tokens(self, state: GameState, events: list[Event]) -> None:
        for seat in (state.active, state.opponent(state.active)):
            if state.players[seat].lost or state.game_over:
                continue
            if any(p.controller == seat for p in state.creatures()):
                continue
            if state.decision is not None and state.decision.get("player") == seat:
                continue
            occ = state.occupants()
            vacant = [pos for pos in home_squares(state, seat)
                      if state.cells[pos].land is not None and not occ.get(pos)]
            if vacant and state.decision is None:
                state.decision = {"kind": "place_token", "player": seat, "setup": False}
                events.append({"type": "choose", "player": seat, "kind": "place_token"})
            elif not vacant:
                card = token_card(None)
                if card.name not in state.defs:
                    state.defs = {**state.defs, card.name: card}
                unit_id = state.new_id("t")
                state.cards[unit_id] = (card.name, seat)
                state.perms[unit_id] = Permanent(unit_id, seat, "staging")
                events.append({"type": "token", "player": seat, "unit": unit_id,
                               "name": card.name, "at": "staging"})

    def _check_winner(self, state: GameState, events: list[Event]) -> None:
        for seat, player in enumerate(state.players):
            if player.lost:
                continue
            if player.life <= 0:
                player.lost = True
                events.append({"type": "lost", "player": seat, "reason": "life 0 or less"})
            elif poison(state, seat) >= POISON_LIMIT:
                player.lost = True
                events.append({"type": "lost", "player": seat,
                               "reason": f"{POISON_LIMIT} poison counters"})
            elif player.drew_from_empty:
                player.lost = True
                events.append({"type": "lost", "player": seat,
                               "reason": "drew from an empty library"})
        alive = [i for i, p in enumerate(state.players) if not p.lost]
        if len(alive) <= 1 and not state.game_over:
            state.game_over = True
            state.winner = alive[0] if alive else None
            state.pending = state.decision = None
            events.append({"type": "game_over", "winner": state.winner})

    def land_controllers(self, state: GameState) -> dict[Any, int]:
        """For card text a player controls exactly the lands their creatures stand on."""
        out: dict[Any, int] = {}
        for pos, ids in state.occupants().items():
            cell = state.cells.get(pos)
            if cell is None or cell.land is None:
                continue
            controllers = {state.perms[i].controller for i in ids}
            if len(controllers) == 1:
                out[pos] = controllers.pop()
        return out

    # ================================================================== analysis
    def effective_pt(self, state: GameState, perm: Any, occ: Any = None) -> tuple[int, int]:
        return effective_pt(state, perm, occ)

    def unit_facts(self, state: GameState, unit_id: str) -> dict[str, Any]:
        occ = state.occupants()
        return self._unit_facts(state, state.perms[unit_id], occ, self._may_move_now(state))

    def _may_move_now(self, state: GameState) -> bool:
        return (state.phase == "main" and state.pending is None and state.decision is None
                and not state.moves_closed and not state.attacking and not state.game_over)

    def _unit_facts(self, state: GameState, perm: Permanent, occ: Occupancy,
                    may_move: bool) -> dict[str, Any]:
        p, t = effective_pt(state, perm, occ)
        members = stack_of(state, perm, occ)
        mine = perm.controller == state.active
        moves: list[Pos] = []
        if mine and may_move:
            moves = sorted(move_options(state, members, occ))
        attacks: list[Pos] = []
        can_player = False
        if mine and state.phase == "main" and state.pending is None and state.decision is None \
                and not state.attacks_closed and not state.game_over and perm.zone == "board":
            for n in state.board.neighbours(perm.at):
                if self.attack_problem(state, perm.controller, perm, n, occ) is None:
                    attacks.append(n)
            can_player = self.attack_problem(state, perm.controller, perm, "player", occ) is None
        facts: dict[str, Any] = {"power": p, "toughness": t, "moves": moves, "attacks": attacks,
                                 "can_attack_player": can_player}
        if len(members) > 1:
            sp, st = stack_pt(state, members, occ)
            facts["stack"] = {"units": [m.id for m in members], "power": sp, "toughness": st}
        return facts

    def legal_actions(self, state: GameState, seat: int) -> list[A.Action]:
        from frontier_desktop.rules.variants.frontier_legal import legal_actions

        return legal_actions(self, state, seat)

    def _instant_choices(self, state: GameState, seat: int) -> list[A.Action]:
        from frontier_desktop.rules.variants.frontier_legal import _instant_actions

        return _instant_actions(self, state, seat, state.occupants())


def _option_wire(state: GameState, option: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(option)
    out["path"] = [wire(state, p) for p in option["path"]]
    return out


