"""Frontier Magic's set-up, mixed into :class:`~.frontier.Frontier`: the decks' lands laid
face down as the board, shuffled libraries, opening hands, the starting tokens (and the free
token a player gets when they have no creature), mulligans and the first turn."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.board import GridBoard, Pos
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.errors import IllegalActionError, InvalidActionError
from frontier_desktop.rules.rng import Rng
from frontier_desktop.rules.state import Cell, GameState, Permanent, PlayerState
from frontier_desktop.rules.variants.base import Event
from frontier_desktop.rules.variants.frontier.board import home_row
from frontier_desktop.rules.variants.frontier.combat import wire
from frontier_desktop.rules.core.shared import _COLOUR_NAMES, token_card
from frontier_desktop.rules.core.shared import shuffle_library

if TYPE_CHECKING:
    from frontier_desktop.rules.core.magic import SquareMagic


class FrontierSetup:
    """Set-up, tokens and mulligans in Frontier Magic."""

    if TYPE_CHECKING:  # frontier.py, turns.py, base.py
        magic: SquareMagic  # the variant's engine (base.Variant)
        name: ClassVar[str]

        def draw(self, state: GameState, seat: int, count: int, events: list[Event]) -> None: ...

        def _pos(self, state: GameState, action: A.Action, pos: Pos, what: str) -> Pos: ...

        def game_rng(self, state: GameState) -> Rng: ...

        def save_rng(self, state: GameState, rng: Rng) -> None: ...

        def reveal(self, state: GameState, pos: Pos, events: list[Event]) -> None: ...

        def options_with_defaults(self, options: Mapping[str, Any] | None) -> dict[str, Any]: ...

    def cell_order(self, state: GameState) -> list[Pos]:
        """Lands are laid in columns, left to right (:meth:`Variant.cell_order`)."""
        return sorted(state.board.positions(), key=lambda pos: (pos[1], pos[0]))

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
            self.draw(state, seat, 7, [])
        state.decision = {"kind": "place_token", "player": first, "setup": True}
        return state

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
        rng = self.game_rng(state)
        player.library.extend(player.hand)
        player.hand.clear()
        rng.shuffle(player.library)
        self.save_rng(state, rng)
        player.mulligans += 1
        events.append({"type": "mulligan", "player": seat, "count": player.mulligans})
        self.draw(state, seat, 7, events)

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
        self.magic.start_turn(state, events, "upkeep")  # turns.py; the first turn has no untap
