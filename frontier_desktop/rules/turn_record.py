"""The turn's record: what a variant notes in :attr:`GameState.extra` about the turn so far
(:attr:`Variant.turn_record` declares its shape). Views print it as ``this_turn``, without the
cards that have left the battlefield since; the position reader checks what it reads back
against the shape."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from frontier_desktop.rules.state import GameState

MAX_ITEMS = 1000
"""Most entries of one list or map in a record."""


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 1000


def printed(state: GameState, value: Any, shape: Any) -> Any:
    """*value* without the entries that name a card no longer on the battlefield."""
    if isinstance(shape, list) and isinstance(value, list):
        if len(shape) == 1:
            return [printed(state, v, shape[0]) for v in value
                    if shape[0] != "id" or v in state.perms]
        return value
    if isinstance(shape, Mapping) and isinstance(value, Mapping):
        if "*" in shape:
            return {k: printed(state, v, shape["*"]) for k, v in value.items()
                    if k in state.perms}
        return {k: printed(state, v, shape[k]) for k, v in value.items() if k in shape}
    return value


def shape_problem(state: GameState, value: object, shape: Any) -> str | None:
    """Why *value* doesn't have *shape* (``"flag"``, ``"count"``, ``"id"``: a card on the
    battlefield, ``"place"``, ``[shape]``, ``[shape, shape]``, ``{"*": shape}`` by card id,
    ``{key: shape}``), or None."""
    if shape == "flag":
        return None if isinstance(value, bool) else "must be true or false"
    if shape == "count":
        return None if _count(value) else "must hold whole numbers from 0 to 1000"
    if shape == "id":
        return None if isinstance(value, str) and value in state.perms else \
            f"names no card on the battlefield: {str(value)[:40]!r}"
    if shape == "place":
        try:
            pos = state.board.pos_from_wire(value)
        except (ValueError, TypeError):
            pos = None
        return None if pos is not None and state.board.is_place(pos) else \
            f"names no place on the board: {str(value)[:40]!r}"
    if isinstance(shape, list):
        if not isinstance(value, list) or len(value) > MAX_ITEMS:
            return "must be a list"
        if len(shape) == 1:
            return next((p for v in value if (p := shape_problem(state, v, shape[0]))), None)
        if len(value) != len(shape):
            return f"must be a list of {len(shape)}"
        return next((p for v, s in zip(value, shape) if (p := shape_problem(state, v, s))),
                    None)
    if isinstance(shape, Mapping):
        if not isinstance(value, Mapping) or len(value) > MAX_ITEMS:
            return "must be an object"
        if "*" in shape:
            return next((p for k, v in value.items()
                         if (p := shape_problem(state, k, "id")
                             or shape_problem(state, v, shape["*"]))), None)
        if set(value) - set(shape):
            return f"must be an object of {', '.join(sorted(shape))}"
        return next((p for k, v in value.items() if (p := shape_problem(state, v, shape[k]))),
                    None)
    return "has no known shape"
