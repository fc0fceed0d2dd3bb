"""Army Magic's set-up: both halves of the land grid, the initial forces (and hidden
treasure), shuffled libraries, the first player and the opening hands."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from frontier_desktop.rules.board import GridBoard, Pos
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.core.planeswalkers import entering_counters
from frontier_desktop.rules.state import Cell, GameState, Permanent, PlayerState
from frontier_desktop.rules.variants.army.board import (
    COLS, HOME_LIFE, HOME_SQUARES, ROWS, TREASURE, info,
)
from frontier_desktop.rules.variants.base import Event
from frontier_desktop.rules.core.shared import draw_cards, save_rng, shuffle_library


def lay_out(name: str, decks: Sequence[Sequence[Card]], names: Sequence[str], seed: int | str,
            opts: dict[str, Any],
            sections: Sequence[Mapping[str, Sequence[Card]]] | None) -> GameState:
    """A new game of variant *name* up to its first turn (see :meth:`~.army.Army.new_game`).

    Raises:
        ValueError: not two players, or a grid that is not 15 lands.
    """
    if len(decks) != 2 or len(names) != 2:
        raise ValueError("Army Magic is for two players")
    rng = game_rng_for(seed)
    players = [PlayerState(str(n), 20) for n in names]
    state = GameState(name, GridBoard(ROWS, COLS), players)
    state.options = opts
    state.seed = str(seed)
    defs: dict[str, Card] = {}
    for seat in (0, 1):
        library, home, grid, forces = _split_deck(list(decks[seat]),
                                                  sections[seat] if sections else None,
                                                  names[seat])
        _lay_half(state, rng, seat, home, grid, defs)
        treasure: list[str] = []
        for card in forces:
            defs[card.name] = card
            obj = state.new_id("f")
            state.cards[obj] = (card.name, seat)
            if opts["hidden_treasure"] and "Artifact" in card.types and not card.is_creature:
                treasure.append(obj)
                continue
            state.perms[obj] = Permanent(obj, seat, "board", HOME_SQUARES[seat],
                                         counters=entering_counters(card))  # loyalty
        if treasure:
            hidden = [p for p in state.cells if _half(p) == seat and not state.cells[p].face_up]
            for obj in treasure:
                pos = hidden[rng.randbelow(len(hidden))]
                info(state.cells[pos]).setdefault(TREASURE, []).append(obj)
        shuffle_library(state, seat, library, rng, defs)
    state.defs = defs
    first = int(opts["first_player"])
    if first < 0:
        first = rng.randbelow(2)
    save_rng(state, rng)
    state.first_player = first
    state.active = first
    players[first].skip_draw = True
    events: list[Event] = []
    for seat in (0, 1):
        draw_cards(state, seat, 7, events)
    state.turn = 1
    return state


def _lay_half(state: GameState, rng: Any, seat: int, home: Card, grid: list[Card],
              defs: dict[str, Card]) -> None:
    squares = [p for p in _half_squares(seat) if p != HOME_SQUARES[seat]]
    rng.shuffle(grid)
    defs[home.name] = home
    r, c = HOME_SQUARES[seat]
    state.cards[f"L{r}-{c}"] = (home.name, seat)
    state.cells[(r, c)] = Cell(f"L{r}-{c}", face_up=True, extra={
        "controller": seat, "life": HOME_LIFE, "stronghold_of": seat})
    for (r, c), card in zip(squares, grid):
        defs[card.name] = card
        state.cards[f"L{r}-{c}"] = (card.name, seat)
        state.cells[(r, c)] = Cell(f"L{r}-{c}", face_up=False, extra={
            "controller": None, "life": None, "stronghold_of": None})


def game_rng_for(seed: int | str) -> Any:
    from frontier_desktop.rules.rng import Rng

    return Rng(seed)


def _half(pos: Pos) -> int:
    return 0 if pos[0] < ROWS // 2 else 1


def cell_order(state: GameState) -> list[Pos]:
    """The set-up's order of the lands: each player's home base, then the rest of their half
    of the board row by row (a puzzle board's halves are its first and last rows)."""
    rows = state.board.rows  # type: ignore[attr-defined]
    homes = {int(cell.extra["stronghold_of"]): pos for pos, cell in state.cells.items()
             if cell.extra and cell.extra.get("stronghold_of") is not None}
    out: list[Pos] = []
    for seat, half in ((0, range(0, rows // 2)), (1, range(rows // 2, rows))):
        if seat in homes:
            out.append(homes[seat])
        out.extend(p for p in state.board.positions() if p[0] in half and p not in out
                   and p not in homes.values())
    out.extend(p for p in homes.values() if p not in out)
    return out


def _half_squares(seat: int) -> list[Pos]:
    rows = range(0, ROWS // 2) if seat == 0 else range(ROWS // 2, ROWS)
    return [(r, c) for r in rows for c in range(COLS)]


def _split_deck(deck: list[Card], sections: Mapping[str, Sequence[Card]] | None,
                name: str) -> tuple[list[Card], Card, list[Card], list[Card]]:
    """``(library, home base, the 14 other grid lands, initial forces)`` of one player."""
    if sections:
        home_list = list(sections.get("home_base", ()))
        grid = list(sections.get("land_grid", ()))
        forces = list(sections.get("initial_forces", ()))
        library = list(deck)
        if not home_list and grid:
            home_list = [grid[0]]
            grid = grid[1:]
        if len(home_list) != 1:
            raise ValueError(f"{name}'s army needs exactly one home base land")
        home = home_list[0]
        if len(grid) == 15:
            names = [c.name for c in grid]
            if home.name in names:
                grid.pop(names.index(home.name))
    else:
        lands = [c for c in deck if c.is_land]
        if len(lands) < 15:
            raise ValueError(f"{name}'s deck has {len(lands)} lands: an army needs 15 for its "
                             "land grid")
        home, grid = lands[0], lands[1:15]
        library = []
        skipped = 0
        for card in deck:
            if card.is_land and skipped < 15 and any(card is c for c in lands[:15]):
                skipped += 1
                continue
            library.append(card)
        forces = []
    if len(grid) != 14:
        raise ValueError(f"{name}'s land grid has {len(grid) + 1} lands with the home base: "
                         "it needs 15")
    for card in [home, *grid]:
        if not card.is_land:
            raise ValueError(f"{card.name} in {name}'s land grid is not a land")
    for card in forces:
        if not card.is_permanent or card.is_land:
            raise ValueError(f"{card.name} in {name}'s initial forces is not a permanent spell")
        if card.is_aura:
            raise ValueError(f"{card.name}: an aura can't start in play among the initial forces")
    return library, home, grid, forces
