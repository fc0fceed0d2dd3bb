"""A seeded War Game chooser for the hot-seat tests: casts, marches on the nearest stronghold
it does not hold (and stays in one it is taking), divides and taps as the rules offer, and
otherwise passes, so that random play reaches an end in a bounded number of actions."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from frontier_desktop.rules.variants.conquering_board import controller


def _distance(state: Any, place: Any, seat: int) -> int:
    """Steps from *place* to the nearest stronghold *seat* does not control."""
    board = state.board
    best = 99
    for name, beside in board.outside.items():
        if controller(state, name) == seat:
            continue
        if place == name:
            return 0
        if isinstance(place, tuple):
            best = min(best, abs(place[0] - beside[0]) + abs(place[1] - beside[1]) + 1)
        else:  # another stronghold: out through its own terrain square
            own = board.outside.get(place)
            if own is not None:
                best = min(best, abs(own[0] - beside[0]) + abs(own[1] - beside[1]) + 2)
    return best


def pick(options: Sequence[Any], chooser: random.Random, state: Any, seat: int) -> Any:
    by_kind: dict[str, list[Any]] = {}
    for action in options:
        by_kind.setdefault(action.type, []).append(action)
    for kind in ("assign", "tap_attacker", "discard", "targets", "choose"):
        if by_kind.get(kind):
            return chooser.choice(by_kind[kind])
    if by_kind.get("cast") and chooser.random() < 0.9:
        return chooser.choice(by_kind["cast"])
    moves = by_kind.get("move") or []
    if moves and state is not None:
        onward = []
        for m in moves:
            perm = state.perms.get(m.unit)
            if perm is None or perm.at is None:
                continue
            to = state.board.pos_from_wire(m.to_wire().get("to"))
            if _distance(state, to, seat) < _distance(state, perm.at, seat):
                onward.append(m)
        if onward and chooser.random() < 0.95:
            return chooser.choice(onward)
    calm = by_kind.get("pass") or list(options)
    return calm[0] if chooser.random() < 0.97 else chooser.choice(list(options))
