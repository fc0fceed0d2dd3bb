"""Frontier Magic (The Duelist #31): creatures roam a board of face-down lands.

Every bullet of ``shared/rules/frontier.md`` is enforced here or in :mod:`frontier_board`
(terrain, movement), :mod:`frontier_combat` (attacks, deaths, regeneration) and the mixins
:mod:`frontier_setup` (set-up, tokens, mulligans), :mod:`frontier_mana` (lands for mana,
payment), :mod:`frontier_cast` (casting, activating) and :mod:`frontier_attack` (attacks).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.core.hooks import Where
from frontier_desktop.rules.core.decisions import waiting
from frontier_desktop.rules.errors import IllegalActionError, InvalidActionError
from frontier_desktop.rules.mana import format_pool, pay
from frontier_desktop.rules.rng import Rng
from frontier_desktop.rules.state import UNKNOWN_LAND, GameState, Permanent
from frontier_desktop.rules.variants.base import Event, Variant
from frontier_desktop.rules.core import fx_statics
from frontier_desktop.rules.core.shared import (
    basic_land, draw_cards, game_rng, pay_tuple, save_rng,
)
from frontier_desktop.rules.core.shared import square_words as square_words  # re-exported
from frontier_desktop.rules.variants.frontier.board import (
    Occupancy,
    effective_pt,
    enterable,
    home_squares,
    land_has_type,
    move_options,
    stack_of,
    stack_pt,
)
from frontier_desktop.rules.variants.frontier.attack import FrontierAttack
from frontier_desktop.rules.variants.frontier.cast import FrontierCast
from frontier_desktop.rules.variants.frontier.mana import FrontierMana
from frontier_desktop.rules.variants.frontier.manual import ManualActions, token_card
from frontier_desktop.rules.variants.frontier.setup import FrontierSetup
from frontier_desktop.rules.core.magic import SquareMagic
from frontier_desktop.rules.core.fx_mana import SquareHooks
from frontier_desktop.rules.core.land_mana import RESTRICTED
from frontier_desktop.rules.core.amounts import POISON_LIMIT, poison
from frontier_desktop.rules.variants.frontier.combat import (
    WHERE,
    check_deaths,
    finish_assign,
    leave_battlefield,
    resolve_attack,
    wire,
)

_REVEAL_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


class Frontier(FrontierSetup, FrontierMana, FrontierCast, FrontierAttack, ManualActions,
               SquareHooks, Variant):
    """Frontier Magic for two players."""

    magic_class = SquareMagic
    magic: SquareMagic
    """Frontier's engine: normal Magic on a board of land squares anyone taps."""

    name: ClassVar[str] = "frontier"
    where: ClassVar[Where] = WHERE
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

    # set-up, mulligans and the token choice: frontier_setup.py (FrontierSetup)
    # ================================================================== helpers
    def game_rng(self, state: GameState) -> Rng:
        return game_rng(state)

    def save_rng(self, state: GameState, rng: Rng) -> None:
        save_rng(state, rng)

    def draw(self, state: GameState, seat: int, count: int, events: list[Event]) -> None:
        draw_cards(state, seat, count, events)

    def reveal(self, state: GameState, pos: Pos, events: list[Event]) -> None:
        """Turn the land at *pos* face up (drawing an unknown land's identity from the seed)."""
        cell = state.cells[pos]
        if cell.land is None or cell.face_up:
            return
        if state.cards[cell.land][0] == UNKNOWN_LAND:
            rng = self.game_rng(state)
            land_type = _REVEAL_TYPES[rng.randbelow(len(_REVEAL_TYPES))]
            self.save_rng(state, rng)
            if land_type not in state.defs:
                state.defs = {**state.defs, land_type: basic_land(land_type)}
            state.cards[cell.land] = (land_type, state.cards[cell.land][1])
        cell.face_up = True
        events.append({"type": "revealed", "at": wire(state, pos), "land": state.name(cell.land)})
        self.magic.land_revealed(state, pos, events)  # fx_mana: "enters the battlefield tapped"

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

    def end_move_block(self, state: GameState, seat: int) -> None:
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
        handler = getattr(self, "_do_" + action.type, None) or getattr(
            self.magic, "_do_" + action.type, None)
        if handler is None:
            raise IllegalActionError(action, f"{action.type} is not part of Frontier Magic")
        if self.consent_first(state, seat, action, events):  # frontier_manual.py
            return
        start = len(events)
        handler(state, seat, action, events)
        self.magic.fire_triggers(state, events, start)  # spell_triggers.py
        self.magic.after_combat(state, events)  # fx_timing.py: "at end of combat"

    # ------------------------------------------------------------------ turn structure
    def _do_pass(self, state: GameState, seat: int, action: A.Pass, events: list[Event]) -> None:
        if state.decision is not None and state.decision["kind"] == "assign":
            finish_assign(state, None, events)  # no division given: lethal damage first
            return
        if state.pending is not None:
            self._resolve_pending(state, events)
            return
        if state.stack:  # not reached: a stack always resolves or waits for a window
            self.magic.continue_stack(state, events)
            return
        if state.phase == "setup":
            raise IllegalActionError(action, "the game has not started")
        if state.phase == "main" and seat == state.active:
            problem = fx_statics.must_attack_problem(self, state, seat)  # "attacks each combat"
            if problem:
                raise IllegalActionError(action, problem)
        self.end_move_block(state, seat)
        self.magic.pass_step(state, seat, action, events)  # turns.py

    def on_upkeep(self, state: GameState, events: list[Event]) -> None:
        self.magic.land_upkeep(state, events)  # fx_mana: depletion counters
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

    # ------------------------------------------------------------------ scouting
    # lands for mana, paying and "pay {N}" choices: frontier_mana.py (FrontierMana)
    def _do_scout(self, state: GameState, seat: int, action: A.Scout, events: list[Event]) -> None:
        perm = self._unit(state, action, action.unit, seat)
        target = self._pos(state, action, action.target, "target")
        self._main_phase_check(state, seat, action)
        reason = self._scout_problem(state, perm, target)
        if reason:
            raise IllegalActionError(action, reason)
        self.end_move_block(state, seat)
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

    # casting and activating: frontier_cast.py (FrontierCast)
    # attacks: frontier_attack.py (FrontierAttack)

    # ------------------------------------------------------------------ responses
    def _resolve_pending(self, state: GameState, events: list[Event]) -> None:
        pending = state.pending
        assert pending is not None
        if pending["kind"] == "priority":
            self.magic.pass_priority(state, events)
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
            self.magic.answer_oneshot(state, seat, action, events)
            return
        waiting(state, action, "choice", "choice")
        self.magic.answer_pay_choice(state, seat, action, events)  # spell_paying.py

    def pay_choice_cost(self, state: GameState, seat: int, action: A.Action, cost: str,
                        events: list[Event]) -> None:
        """Pay a ``choice``'s *cost* from the pool, tapping lands (and using mana abilities)
        automatically for what it lacks.

        Raises:
            IllegalActionError: *seat* can't pay it.
        """
        from frontier_desktop.rules.variants.frontier.legal import (
            ability_payers, mana_sources, plan_payment,
        )

        player = state.players[seat]
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
    def finish_division(self, state: GameState, damage: dict[str, int] | None,
                        events: list[Event]) -> None:
        """Record a banding stack's division (None: the default) and carry the attack on."""
        finish_assign(state, damage, events)

    def stack_emptied(self, state: GameState, events: list[Event]) -> None:
        """An attack that waited only for its triggers (nobody asked to respond to it)."""
        if state.pending is not None and state.pending.get("after_triggers"):
            attack, state.pending = state.pending, None
            target = attack["target"]
            resolve_attack(state, int(attack["seat"]), list(attack["units"]),
                           target if target == "player" else state.board.pos_from_wire(target),
                           events)

    def band_of(self, state: GameState, perm: Permanent) -> list[Permanent]:
        """The banding stack *perm* belongs to."""
        return stack_of(state, perm)

    def mana_sources(self, state: GameState, seat: int) -> list[Any]:
        """Lands *seat* could tap now for mana with just {T} (:func:`legal.mana_sources`)."""
        from frontier_desktop.rules.variants.frontier.legal import mana_sources

        return mana_sources(self, state, seat, state.occupants())

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
        from frontier_desktop.rules.variants.frontier.legal import legal_actions

        return legal_actions(self, state, seat)

    def instant_choices(self, state: GameState, seat: int) -> list[A.Action]:
        from frontier_desktop.rules.variants.frontier.legal import _instant_actions

        return _instant_actions(self, state, seat, state.occupants())


def _option_wire(state: GameState, option: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(option)
    out["path"] = [wire(state, p) for p in option["path"]]
    return out


