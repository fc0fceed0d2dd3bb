"""Issue 23, high 1: the pass-the-device cover ignores input for a moment after it appears and
is taken away only by a deliberate act (its button, or Enter). Space pressed twice, or once
a fraction of a second after the act that hands over, must never skip it and show the next
player's hand to the player who just acted, whatever the hand-over: a new turn, a block, a
damage division, a response, a discard, a free token; in every variant."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from frontier_desktop.ui import games
from frontier_desktop.ui.scenes.cover import ARM_S, CoverScene
from frontier_desktop.ui.scenes.table import TableScene

from .helpers import FIXTURES, bundled_table, click, drag, key, step, uncover
from .test_table_seat import Surfaces, _leaks
from .test_table_seat import _position as seat_position
from .test_targeting import cast_mind_rot

POSITIONS = Path(__file__).resolve().parents[2] / "assets" / "positions"
HABIT_FRAMES = 9
"""0.15 s at 60 frames a second: the play-tester's second Space came this soon."""


def _frontier(tmp_path: Path, **extra: Any) -> Path:
    """Ann's main phase: her Llanowar Elves against Ben's White Knight, a hand each."""
    return seat_position(tmp_path, **extra)


def _table(app, path: Path, seat: int = 0) -> TableScene:
    table = TableScene(app, games.session_from_position(path), seat=seat, hotseat=True)
    app.scenes.push(table)
    step(app, 2)
    return table


def _space_until_cover(app, table: TableScene) -> None:
    """End the turn with Space, a press every 0.15 s, until the cover comes."""
    for _ in range(20):
        if isinstance(app.scenes.top, CoverScene):
            return
        key(app, pygame.K_SPACE)
        step(app, HABIT_FRAMES)
    raise AssertionError(f"no hand-over: {table.view.get('phase')}")


def _sprite(table: TableScene, uid: str) -> tuple[int, int]:
    return table.renderer.sprites[uid].home


def _square(table: TableScene, at: tuple[int, int]) -> tuple[int, int]:
    return table.renderer.square_rect(at).center


# Each case: a table, the act that hands the device over, and the seat that gets it.
def turn_frontier(app, tmp_path: Path) -> TableScene:
    table = _table(app, _frontier(tmp_path))
    _space_until_cover(app, table)
    return table


SECRET_HANDS = [["Giant Growth", "Lightning Bolt"], ["Terror", "Counterspell"],
                ["Hill Giant", "Holy Strength"]]
"""A hand of its own for each seat of a bundled position, no name shared."""


def turn_position(name: str) -> Callable[[Any, Path], TableScene]:
    def deal(data: dict[str, Any]) -> None:
        for player, hand in zip(data["players"], SECRET_HANDS):
            player["hand"] = hand

    def case(app, tmp_path: Path) -> TableScene:
        table = bundled_table(app, tmp_path, name, deal, hotseat=True)
        if isinstance(app.scenes.top, CoverScene):
            uncover(app)
        _space_until_cover(app, table)
        return table
    return case


def block_army(app, tmp_path: Path) -> TableScene:
    table = _table(app, POSITIONS / "army-border-fight.json")
    drag(app, _sprite(table, "giant"), _square(table, (2, 2)))
    return table


def division_band(app, tmp_path: Path) -> TableScene:
    table = _table(app, FIXTURES / "band_attacked.json", seat=1)
    drag(app, _sprite(table, "giant"), _square(table, (0, 1)))
    return table


def response_move(app, tmp_path: Path) -> TableScene:
    app.settings.hold_priority = True
    table = _table(app, _frontier(tmp_path))
    dest = next(u for u in table.view["units"] if u["id"] == "elf")["moves"][0]
    drag(app, _sprite(table, "elf"), _square(table, tuple(dest)))
    return table


def free_token(app, tmp_path: Path) -> TableScene:
    """Ann's Hill Giant kills Ben's only creature: Ben places his free token."""
    table = _table(app, _frontier(
        tmp_path, units=[{"id": "giant", "card": "Hill Giant", "owner": 0, "at": [1, 2]},
                         {"id": "elf", "card": "Llanowar Elves", "owner": 1, "at": [2, 2]}]))
    drag(app, _sprite(table, "giant"), _sprite(table, "elf"))
    return table


CASES = {
    "turn (Frontier)": turn_frontier,
    "turn (Army)": turn_position("army-border-fight.json"),
    "turn (the Conquering)": turn_position("conquering-wurm-swamp.json"),
    "turn (the War Game)": turn_position("wargame-three-way-division.json"),
    "block (Army)": block_army,
    "division (a band)": division_band,
    "response (hold priority)": response_move,
    "discard (Mind Rot)": cast_mind_rot,
    "free token": free_token,
}


def _secrets(table: TableScene, seat: int) -> list[str]:
    """Card names in *seat*'s hand that nobody else may know (not also public or their own)."""
    state, view = table.session.state, table.view
    public = {u.get("name") for u in view.get("units") or ()} | {
        p.get("name") for p in view.get("permanents") or ()}
    for p in view["players"]:
        public |= set(p.get("graveyard") or ())
    others = {state.name(c) for s, p in enumerate(state.players) if s != seat for c in p.hand}
    return sorted({state.name(c) for c in state.players[seat].hand} - others - public)


@pytest.mark.parametrize("case", list(CASES))
def test_space_pressed_twice_never_skips_the_cover(app, tmp_path, monkeypatch, case) -> None:
    table = CASES[case](app, tmp_path)
    cover = app.scenes.top
    assert isinstance(cover, CoverScene), f"{case}: no hand-over ({type(cover).__name__})"
    new_seat, last = table.seat, table.handed_from
    assert last is not None and last != new_seat
    secrets = _secrets(table, new_seat)
    assert secrets, "the new seat holds no secret card: pick another position"
    surfaces = Surfaces(app, monkeypatch)
    # the habit presses: Space twice, 0.15 s apart, a click on the button, Enter
    step(app, HABIT_FRAMES)
    key(app, pygame.K_SPACE)
    step(app, HABIT_FRAMES)
    key(app, pygame.K_SPACE)
    assert cover.button is not None
    click(app, cover.button.rect.center)
    key(app, pygame.K_RETURN)
    assert app.scenes.top is cover, f"{case}: the cover went before it armed"
    drawn: list[str] = []
    monkeypatch.setattr(table, "draw", lambda surface: drawn.append("table"))
    surfaces.seen.clear()
    app.draw(pygame.Surface(app.size))
    assert drawn == [], f"{case}: the table was drawn under the cover"
    assert not [t for t in surfaces.seen if t in secrets], f"{case}: a secret on the cover"
    monkeypatch.undo()
    surfaces = Surfaces(app, monkeypatch)
    # armed, Space still does nothing: it is the table's "Pass / done", not the cover's
    step(app, round(ARM_S * 60) + 1)
    assert cover.armed
    key(app, pygame.K_SPACE)
    assert app.scenes.top is cover
    # Enter takes it away; the new seat sees its own hand, nothing of the last one's
    key(app, pygame.K_RETURN)
    assert app.scenes.top is table and table.seat == new_seat
    texts = surfaces.render(app, table)
    assert set(secrets) & set(texts), "the new seat's own hand is drawn (the capture works)"
    hidden = _secrets(table, last)
    assert _leaks(table, texts, hidden) == []


def test_the_cover_button_works_once_armed(app, tmp_path) -> None:
    table = turn_frontier(app, tmp_path)
    cover = app.scenes.top
    assert isinstance(cover, CoverScene) and not cover.button.is_enabled
    step(app, round(ARM_S * 60) + 1)
    assert cover.button.is_enabled
    click(app, cover.button.rect.center)
    assert app.scenes.top is table


def test_enter_bound_to_a_game_shortcut_leaves_the_button(app, tmp_path) -> None:
    app.settings.keys["pass_or_done"] = "return"
    table = _table(app, _frontier(tmp_path))
    for _ in range(20):
        if isinstance(app.scenes.top, CoverScene):
            break
        key(app, pygame.K_RETURN)
        step(app, HABIT_FRAMES)
    cover = app.scenes.top
    assert isinstance(cover, CoverScene)
    step(app, round(ARM_S * 60) + 1)
    key(app, pygame.K_RETURN)  # the table's Pass / done now: not the cover's
    assert app.scenes.top is cover
    click(app, cover.button.rect.center)
    assert app.scenes.top is table
