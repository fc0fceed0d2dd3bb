"""Helpers for the Frontier rules scenario tests: build positions, apply actions, assert.

Scenarios are written as position documents (``spec/position-format.md``) so that each test
reads like the rule it checks: a small board, a few units, one or two actions.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest

from frontier_desktop.cards.pool import BundledPool
from frontier_desktop.position import load_position
from frontier_desktop.rules import (
    GameState,
    IllegalActionError,
    RulesError,
    apply,
    legal_actions,
)
from frontier_desktop.rules import actions as A
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.variants import find_variant

FRONTIER = find_variant("frontier")


@functools.lru_cache(maxsize=1)
def pool() -> BundledPool:
    return BundledPool.load()


def card(name: str) -> Card:
    found = pool().card(name)
    assert found is not None, f"{name} is not in the bundled pool"
    return found


def creature(name: str, colours: Sequence[str] = (), power: int = 1, toughness: int = 1,
             keywords: Sequence[str] = (), oracle_text: str = "",
             mana_cost: str = "", type_line: str = "Creature — Test") -> dict[str, Any]:
    """An inline card object for a position file."""
    return {"name": name, "type_line": type_line, "colors": list(colours),
            "power": str(power), "toughness": str(toughness), "keywords": list(keywords),
            "oracle_text": oracle_text, "mana_cost": mana_cost}


def position(rows: Sequence[Sequence[Any]], units: Sequence[Mapping[str, Any]] = (), *,
             players: Sequence[Mapping[str, Any]] | None = None, active: int = 0,
             phase: str = "main", options: Mapping[str, Any] | None = None,
             seed: int | str | None = None, turn: int | None = None) -> GameState:
    """Load a position document; *rows* are listed from row 0 (player 0's home row) up."""
    doc: dict[str, Any] = {
        "format": "frontier-position/1", "variant": "frontier",
        "options": dict(options or {}), "active": active, "phase": phase,
        "players": list(players) if players is not None else [{"name": "Ann"}, {"name": "Ben"}],
        "board": {"rows": [list(r) for r in rows]}, "units": [dict(u) for u in units],
    }
    if seed is not None:
        doc["seed"] = seed
    if turn is not None:
        doc["turn"] = turn
    return load_position(json.loads(json.dumps(doc)), pool().card)


def unit(uid: str, card_ref: Any, owner: int, at: Any, **flags: Any) -> dict[str, Any]:
    return {"id": uid, "card": card_ref, "owner": owner, "at": list(at) if isinstance(at, tuple) else at,
            **flags}


def act(state: GameState, action: Mapping[str, Any], seat: int | None = None
        ) -> tuple[GameState, list[dict[str, Any]]]:
    return apply(state, action, seat)


def run(state: GameState, *actions: Mapping[str, Any]) -> tuple[GameState, list[dict[str, Any]]]:
    """Apply actions in order (an action's ``seat`` field says who acts); all events."""
    events: list[dict[str, Any]] = []
    for action in actions:
        action = dict(action)
        seat = action.pop("seat", None)
        state, new = apply(state, action, seat)
        events.extend(new)
    return state, events


def refused(state: GameState, action: Mapping[str, Any], seat: int | None = None,
            match: str | None = None, error: type[RulesError] = IllegalActionError) -> str:
    """Assert that *action* is refused and leaves *state* exactly as it was; the reason."""
    before = json.dumps(state.to_wire(), sort_keys=True)
    with pytest.raises(error) as info:
        apply(state, action, seat)
    assert json.dumps(state.to_wire(), sort_keys=True) == before, "a refused action changed the state"
    if match is not None:
        assert match.lower() in str(info.value).lower(), str(info.value)
    return str(info.value)


def pt(state: GameState, uid: str) -> tuple[int, int]:
    facts = FRONTIER.unit_facts(state, uid)
    return facts["power"], facts["toughness"]


def facts(state: GameState, uid: str) -> dict[str, Any]:
    return FRONTIER.unit_facts(state, uid)


def moves(state: GameState, uid: str) -> set[tuple[int, int]]:
    return set(FRONTIER.unit_facts(state, uid)["moves"])


def at(state: GameState, uid: str) -> Any:
    perm = state.perms[uid]
    return perm.at if perm.zone == "board" else perm.zone


def cell(state: GameState, pos: tuple[int, int]):
    return state.cells[pos]


def land_name(state: GameState, pos: tuple[int, int]) -> str | None:
    c = state.cells[pos]
    return state.name(c.land) if c.land is not None else None


def legal_wire(state: GameState, seat: int | None = None) -> list[dict[str, Any]]:
    return [a.to_wire() for a in legal_actions(state, seat)]


def types(events: Sequence[Mapping[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def of_type(events: Sequence[Mapping[str, Any]], kind: str) -> list[Mapping[str, Any]]:
    return [e for e in events if e["type"] == kind]


def wire_equal(a: GameState, b: GameState) -> bool:
    return json.dumps(a.to_wire(), sort_keys=True) == json.dumps(b.to_wire(), sort_keys=True)


def deck(*entries: tuple[int, str]) -> list[Card]:
    out: list[Card] = []
    for count, name in entries:
        out.extend([card(name)] * count)
    return out


def to_phase(state: GameState, phase: str, active: int | None = None) -> GameState:
    """The same position in *phase* (and with *active* as the active player)."""
    state = state.clone()
    state.phase = phase
    if active is not None:
        state.active = active
    return state


def pass_until(play: Callable[..., tuple[GameState, Any]], state: GameState, phase: str,
               active: int | None = None, limit: int = 200) -> GameState:
    """Pass (with the variant's *play*) until *phase* of *active*'s turn (default: the
    current player's)."""
    want = state.active if active is None else active
    for _ in range(limit):
        if state.phase == phase and state.active == want:
            return state
        state, _ = play(state, A.Pass())
    raise AssertionError(f"never reached {phase}")
