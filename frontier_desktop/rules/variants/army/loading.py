"""What an Army Magic position file may say (``spec/variant-positions.md``): its defaults
filled in, and the absurd positions refused in words (the ``position`` command exits 2 with
that one line)."""

from __future__ import annotations

from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.state import GameState
from frontier_desktop.rules.variants.army.board import HOME_LIFE, LAND_LIFE, info, land_words


def position_problem(state: GameState) -> str | None:
    """Fill a position's defaults (every cell's control data, life 6 / 20, a home base its
    player's) and say what Army Magic can't accept: a controlled land that is not face up, two
    home bases for one player, a home base controlled by another player, a staging row, a
    permanent on a hole, two players' creatures on one land."""
    homes: dict[int, Pos] = {}
    for pos, cell in sorted(state.cells.items(), key=lambda item: repr(item[0])):
        extra = info(cell)
        owner = extra["stronghold_of"]
        if owner is not None and extra["controller"] is None:
            extra["controller"] = owner
        if extra["controller"] is not None and extra["life"] is None:
            extra["life"] = HOME_LIFE if owner is not None else LAND_LIFE
        if extra["controller"] is not None and (cell.land is None or not cell.face_up):
            return f"{land_words(state, pos)} can't have a controller: it is not a " \
                   "face-up land"
        if owner is None:
            continue
        name = state.players[owner].name
        if owner in homes:
            return (f"{name} has two home bases, {land_words(state, homes[owner])} and "
                    f"{land_words(state, pos)}: a player has one")
        homes[owner] = pos
        if extra["controller"] != owner:
            return (f"{land_words(state, pos)} is {name}'s home base: only {name} controls "
                    f"it, not {state.players[extra['controller']].name}")
    for perm in state.perms.values():
        if perm.zone == "staging":
            return f"{state.name(perm.id)}: Army Magic has no staging row (give [row, col])"
        if perm.zone == "board" and state.cells[perm.at].land is None:
            return f"{state.name(perm.id)} stands on a hole"
    lands: dict[Pos, set[int]] = {}
    for perm in state.board_creatures():
        lands.setdefault(perm.at, set()).add(perm.controller)
    for pos, who in lands.items():
        if len(who) > 1:
            return f"both players' creatures stand on {land_words(state, pos)}"
    return None
