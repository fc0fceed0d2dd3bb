"""Issue 23, medium: the main button says what a pass does. It read "End turn" in every main
phase, while in Army, the Conquering and the War Game it moves one step (3-4 presses to end a
turn); now it names the step it goes to, and "End turn" only where the pass ends the turn."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from frontier_desktop.rules.variants import find_variant
from frontier_desktop.ui import games
from frontier_desktop.ui.scenes.table import TableScene
from frontier_desktop.ui.table.buttons import STEP_SHORT, pass_label

from .helpers import key, step

POSITIONS = Path(__file__).resolve().parents[2] / "assets" / "positions"


@pytest.mark.parametrize("variant", ["frontier", "army", "conquering", "wargame"])
def test_end_turn_only_where_the_next_step_is_the_last(variant) -> None:
    phases = find_variant(variant).phases
    for here, there in zip(phases, phases[1:]):
        label = pass_label(variant, here)
        if label.startswith("End turn"):
            assert there in ("end", "discard"), (variant, here)
        if label.startswith("To "):
            assert label.split("  ")[0] == f"To {STEP_SHORT[there]}", (variant, here)
    assert pass_label(variant, phases[-1]).startswith("Pass the turn")


@pytest.mark.parametrize("name", ["army-border-fight.json", "wargame-three-way-division.json",
                                  "spec-example.json"])
def test_the_button_goes_where_it_says(app, name) -> None:
    session = games.session_from_position(POSITIONS / name)
    table = TableScene(app, session, seat=session.acting_seat() or 0, hotseat=False)
    app.scenes.push(table)
    step(app, 2)
    label = table.buttons["pass"].text
    turn, phase = table.view["turn"], table.view["phase"]
    assert label.split("  ")[0] in {"End turn", "Pass the turn", "Next step"} | {
        f"To {s}" for s in STEP_SHORT.values()}, label
    for _ in range(3):  # Frontier's main phase: done moving first, then the pass
        key(app, pygame.K_SPACE)
        if (table.view["turn"], table.view["phase"]) != (turn, phase):
            break
    if label.startswith("To "):
        assert STEP_SHORT.get(table.view["phase"]) == label[3:].split("  ")[0]
    elif label.startswith("End turn"):
        assert table.view["turn"] != turn or table.view["phase"] in ("end", "discard")
