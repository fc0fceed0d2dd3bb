"""The Conquering table's polish: the mana die rolls beside the roller's stronghold and never
over an area's creatures; tapped and summoning-sick marks stay small on small tokens."""

from __future__ import annotations

import pygame
import pytest

from frontier_desktop.ui.scenes.table import TableScene
from tests.ui.conquering_scenes import session

from .helpers import step


def _table(app, players: int) -> TableScene:
    sess, _ = session(players)
    table = TableScene(app, sess, seat=0, hotseat=False)
    app.scenes.push(table)
    step(app, 2)
    return table


def _to_mana_roll(app, table: TableScene) -> None:
    for _ in range(12):  # Edna passes to the end of her turn: Dale's mana production
        if table.dice is not None:
            return
        table.submit({"type": "pass"})
        step(app)
    raise AssertionError("no mana production roll")


@pytest.mark.parametrize("players", [3, 4])
def test_the_mana_die_rolls_beside_the_rollers_stronghold_clear_of_creatures(app, players
                                                                           ) -> None:
    table = _table(app, players)
    _to_mana_roll(app, table)
    r = table.renderer
    spot = table.drawing.dice_spot()
    cw, ch = r.layout.cell
    assert spot.w < ch and spot.h < ch  # smaller than a place
    stronghold = next(r.place_rects[s["place"]] for s in r.view["board"]["strongholds"]
                      if s["player"] == 1)
    far = max(abs(spot.centerx - stronghold.centerx), abs(spot.centery - stronghold.centery))
    assert far <= max(cw, ch) * 1.2  # beside Dale's stronghold
    for sprite in r.sprites.values():
        body = pygame.Rect(0, 0, sprite.radius * 2, sprite.radius * 2)
        body.center = sprite.home
        assert not spot.colliderect(body), sprite.unit["name"]
    for place, rect in r.place_rects.items():
        assert not spot.colliderect(rect), place
    frame = pygame.Surface(app.size)
    app.draw(frame)  # drawn there without error, the caption too
