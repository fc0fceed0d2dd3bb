"""Screenshot tests: key scenes render to PNG; highlights sit where the rules say; text fits."""

from __future__ import annotations

import pygame
import pytest

from frontier_desktop.ui import games
from frontier_desktop.ui.screenshot import render
from frontier_desktop.ui.scenes.table import TableScene
from frontier_desktop.ui.table.render import Layout

from .helpers import FIXTURES, step


@pytest.mark.parametrize("scene", ["menu", "setup", "table", "game-over"])
def test_screenshot_command_renders_scenes(tmp_path, scene) -> None:
    out = render(tmp_path / f"{scene}.png", scene=scene, size=(1280, 720), turns=2)
    pygame.init()
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 720)
    # not a blank frame: many distinct colours
    colours = {image.get_at((x, y))[:3] for x in range(0, 1280, 40) for y in range(0, 720, 40)}
    assert len(colours) > 8


def test_screenshot_of_a_position_from_player_one(tmp_path) -> None:
    out = render(tmp_path / "p1.png", scene="table", position=FIXTURES / "skirmish.json", view=1)
    assert out.exists()


def test_highlighted_squares_are_the_rules_moves(app) -> None:
    session = games.session_from_position(FIXTURES / "skirmish.json")
    table = TableScene(app, session, seat=0, hotseat=False)
    app.scenes.push(table)
    step(app)
    table.select("elf")
    surface = pygame.Surface(app.size)
    app.draw(surface)
    move_colour = app.palette.move
    moves = {tuple(m) for m in next(u for u in table.view["units"] if u["id"] == "elf")["moves"]}
    for r in range(table.renderer.rows):
        for c in range(table.renderer.cols):
            rect = table.renderer.square_rect((r, c))
            edge = surface.get_at((rect.centerx, rect.y + 2))[:3]
            lit = all(abs(a - b) < 40 for a, b in zip(edge, move_colour))
            assert lit == ((r, c) in moves), (r, c, edge)


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1600, 900), (2560, 1440)])
@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
def test_layout_regions_do_not_overlap(size, scale) -> None:
    lay = Layout(size, 5, 10, scale)
    screen = pygame.Rect((0, 0), size)
    regions = [lay.side, lay.opp_hand, lay.opp_staging, lay.board, lay.own_staging, lay.own_hand]
    for rect in regions:
        assert screen.contains(rect)
    middle = regions[1:]
    for i, a in enumerate(middle):
        for b in middle[i + 1:]:
            assert not a.colliderect(b), (a, b)
        assert not a.colliderect(lay.side) and not a.colliderect(lay.left)
    assert not lay.opp_panel.colliderect(lay.own_panel)


def test_fitted_text_never_overflows(app) -> None:
    for name in ("Colossal Dreadmaw", "Shanodin Dryads", "A" * 80):
        for width in (40, 80, 160):
            assert app.fonts.fit(name, 16, (255, 255, 255), width).get_width() <= max(width, 12)
