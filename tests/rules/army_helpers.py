"""Helpers for the Army Magic rules tests: positions, sample armies, random legal play."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from frontier_desktop.position import load_position
from frontier_desktop.rules import GameState, apply, legal_actions
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.variants import find_variant
from tests.rules.helpers import card, pool

ARMY = find_variant("army")
ROOT = Path(__file__).resolve().parents[2]
MONK_LEGION = ROOT / "assets" / "decks" / "army_monk_legion.txt"


def land(name: str, controller: int | None = None, life: int | None = None,
         stronghold_of: int | None = None, face_up: bool = True) -> dict[str, Any]:
    cell: dict[str, Any] = {"land": name, "face_up": face_up}
    if controller is not None:
        cell["controller"] = controller
    if life is not None:
        cell["life"] = life
    if stronghold_of is not None:
        cell["stronghold_of"] = stronghold_of
    return cell


def standard_rows(overrides: Mapping[tuple[int, int], Any] | None = None) -> list[list[Any]]:
    """The 6x5 board: home bases at (0, 2) and (5, 2), every other land face down."""
    rows: list[list[Any]] = [["?Plains"] * 5 for _ in range(6)]
    rows[0][2] = land("Plains", stronghold_of=0)
    rows[5][2] = land("Mountain", stronghold_of=1)
    for (r, c), cell in (overrides or {}).items():
        rows[r][c] = cell
    return rows


def army(rows: Sequence[Sequence[Any]] | None = None, units: Sequence[Mapping[str, Any]] = (),
         *, permanents: Sequence[Mapping[str, Any]] = (),
         players: Sequence[Mapping[str, Any]] | None = None, active: int = 0,
         phase: str = "main", options: Mapping[str, Any] | None = None,
         seed: int | None = None, turn: int | None = None) -> GameState:
    doc: dict[str, Any] = {
        "format": "frontier-position/1", "variant": "army", "options": dict(options or {}),
        "active": active, "phase": phase,
        "players": list(players) if players is not None else [{"name": "Ann"}, {"name": "Ben"}],
        "board": {"rows": [list(r) for r in (rows if rows is not None else standard_rows())]},
        "units": [dict(u) for u in units], "permanents": [dict(p) for p in permanents],
    }
    if seed is not None:
        doc["seed"] = seed
    if turn is not None:
        doc["turn"] = turn
    return load_position(json.loads(json.dumps(doc)), pool().card)


def read_army(path: Path = MONK_LEGION, *, forces_in_library: bool = False,
              ) -> tuple[list[Card], dict[str, list[Card]]]:
    """A sample army as ``(library, sections)`` for :meth:`Army.new_game`;
    *forces_in_library*: its initial forces counted back into the library's lines (the whole
    army in the library, for a test that chooses the forces itself)."""
    from frontier_desktop.decks import Section, read_deck_file

    result = read_deck_file(path, cards=pool())
    assert result.is_complete, result.problems
    library: list[Card] = []
    sections: dict[str, list[Card]] = {}
    forces: dict[str, int] = {}
    if forces_in_library:
        for entry in result.deck.entries:
            if entry.section is Section.INITIAL_FORCES:
                forces[entry.name] = forces.get(entry.name, 0) + entry.count
    for entry in result.deck.entries:
        if entry.section is Section.INITIAL_FORCES and forces_in_library:
            continue
        cards = [card(entry.name)] * (entry.count + forces.pop(entry.name, 0)
                                      if entry.section is Section.MAIN else entry.count)
        if entry.section is Section.MAIN:
            library.extend(cards)
        elif entry.section in (Section.HOME_BASE, Section.LAND_GRID, Section.INITIAL_FORCES):
            sections.setdefault(entry.section.value, []).extend(cards)
    return library, sections


def sample_game(seed: int = 1, options: Mapping[str, Any] | None = None,
                forces: Sequence[str] = ("Benalish Hero", "Mesa Pegasus")) -> GameState:
    """Monk Legion against itself, with a few initial forces each."""
    library, sections = read_army(forces_in_library=True)
    sections = dict(sections)
    sections["initial_forces"] = [card(n) for n in forces]
    return ARMY.new_game([library, list(library)], ["Ann", "Ben"], seed=seed,
                         options=options, sections=[sections, dict(sections)])


def actor(state: GameState) -> int:
    d = state.decision
    if d is not None:
        return int(d["player"])
    if state.pending is not None:
        return int(state.pending["responder"])
    return state.active


def play_randomly(state: GameState, rng: random.Random, steps: int, *,
                  aggressive: bool = True) -> tuple[GameState, list[tuple[int, Any]]]:
    """Random legal play for *steps* actions (or to the end); attacks and moves preferred."""
    played: list[tuple[int, Any]] = []
    for _ in range(steps):
        if state.game_over:
            break
        seat = actor(state)
        options = legal_actions(state, seat)
        assert options, f"no legal action for seat {seat} in {state.phase}"
        pick = options
        if aggressive:
            attacks = [a for a in options if a.type == "attack"]
            moves = [a for a in options if a.type == "move"]
            if attacks and rng.random() < 0.9:
                pick = attacks
            elif moves and rng.random() < 0.7:
                pick = moves
            elif rng.random() < 0.5:
                pick = [a for a in options if a.type == "pass"] or options
        action = rng.choice(pick)
        state, _ = apply(state, action, seat)
        played.append((seat, action))
    return state, played
