"""A seeded War Game chooser for the hot-seat tests: casts, marches on the nearest stronghold
it does not hold (and stays in one it is taking), divides and taps as the rules offer, and
otherwise passes, so that random play reaches an end in a bounded number of actions."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from frontier_desktop.rules.variants.conquering_spells import has_keyword
from frontier_desktop.rules.variants.conquering_board import controller, land_type
from frontier_desktop.rules.variants.wargame_board import diagonal_neighbours, stronghold


def _steps(state: Any, seat: int, flying: bool, islander: bool) -> dict[Any, int]:
    """Steps from each place to the nearest stronghold *seat* does not control, for a flyer or
    not, islandhome or not: islands only for flyers and islandhome creatures, flyers also
    diagonally (a breadth-first walk back from the targets; a place with no way is missing)."""
    board = state.board

    def enterable(place: Any) -> bool:
        return flying or islander or not isinstance(place, tuple) \
            or land_type(state, place) != "Island"

    def around(place: Any) -> list[Any]:
        out = list(board.neighbours(place))
        if flying:
            out.extend(diagonal_neighbours(state, place))
        return out

    targets = [name for name in board.outside if controller(state, name) != seat]
    steps = {name: 0 for name in targets}
    frontier = list(targets)
    while frontier:
        nearer = []
        for place in frontier:
            for prev in around(place):  # adjacency is symmetric: walk it backwards
                if prev in steps or not (place in targets or enterable(place)):
                    continue
                steps[prev] = steps[place] + 1
                nearer.append(prev)
        frontier = nearer
    return steps


def _may_march(state: Any, seat: int, card_id: str) -> bool:
    """Whether a card cast now could go on: a creature with no way out of its stronghold (a
    ground creature behind an island) would only block the stronghold's three places."""
    if state is None:
        return True
    held = [obj for obj in state.players[seat].hand if obj == card_id or state.name(obj) == card_id]
    card = state.card(held[0]) if held else None
    if card is None or not card.is_creature:
        return True
    steps = _steps(state, seat, card.has("flying"), "Island" in card.landhome)
    return stronghold(seat) in steps


def pick(options: Sequence[Any], chooser: random.Random, state: Any, seat: int) -> Any:
    by_kind: dict[str, list[Any]] = {}
    for action in options:
        by_kind.setdefault(action.type, []).append(action)
    for kind in ("assign", "tap_attacker", "discard", "targets", "choose"):
        if by_kind.get(kind):
            return chooser.choice(by_kind[kind])
    casts = [c for c in by_kind.get("cast") or [] if _may_march(state, seat, c.card)]
    if casts and chooser.random() < 0.9:
        return chooser.choice(casts)
    moves = by_kind.get("move") or []
    if moves and state is not None:
        onward, stuck = [], []
        for m in moves:
            perm = state.perms.get(m.unit)
            if perm is None or perm.at is None:
                continue
            to = state.board.pos_from_wire(m.to_wire().get("to"))
            steps = _steps(state, seat, has_keyword(state, perm.id, "flying"),
                           "Island" in state.card(perm.id).landhome)
            if steps.get(to, 99) < steps.get(perm.at, 99):
                onward.append(m)
            elif perm.at not in steps:  # no way on from here: wander, and free the stronghold
                stuck.append(m)
        if onward and chooser.random() < 0.95:
            return chooser.choice(onward)
        if stuck and chooser.random() < 0.5:
            return chooser.choice(stuck)
    calm = by_kind.get("pass") or list(options)
    return calm[0] if chooser.random() < 0.97 else chooser.choice(list(options))
