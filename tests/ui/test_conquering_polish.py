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


def _dark_pill_pixels(surface: pygame.Surface) -> int:
    """Pixels of the TAPPED stamp's dark pill (12, 12, 16) on a token."""
    w, h = surface.get_size()
    return sum(1 for x in range(w) for y in range(h)
               if tuple(surface.get_at((x, y)))[:3] == (12, 12, 16))


def test_a_small_tapped_token_is_turned_and_ringed_without_a_stamp_over_its_face(app) -> None:
    sess, ids = session(4)
    for key in ("bears", "elves"):
        sess.state.perms[ids[key]].tapped = True
    table = TableScene(app, sess, seat=0, hotseat=False)
    app.scenes.push(table)
    step(app, 2)
    sprite = table.renderer.sprites[ids["bears"]]
    assert sprite.radius * 2 < 60  # two creatures side by side: small tokens
    assert _dark_pill_pixels(sprite.surface) == 0


def test_a_large_tapped_token_keeps_the_word(app) -> None:
    from frontier_desktop.ui.table.render import _tapped

    token = pygame.Surface((90, 90), pygame.SRCALPHA)
    token.fill((200, 200, 200))
    mark = app.fonts.text("TAPPED", 11, (250, 200, 80), True)
    assert _dark_pill_pixels(_tapped(token, mark, (250, 200, 80))) > 0


def test_the_summoning_sick_mark_stays_inside_its_token(app) -> None:
    table = _table(app, 4)
    sick = next(s for s in table.renderer.sprites.values() if s.unit.get("sick"))
    r = sick.radius
    body = pygame.Rect(-r, -r, 2 * r, 2 * r).inflate(6, 6)
    pills = sick.badges[1:]  # after the P/T pill: the "zz"
    assert pills
    for badge, (dx, dy) in pills:
        rect = badge.get_rect(topleft=(dx, dy))
        assert body.contains(rect), (rect, body)  # not over a neighbour
        assert rect.top > 0  # the lower half: a stronghold's conquer value is over the top
        assert rect.h <= r  # small: the token's letters show


def test_a_lone_tapped_creature_of_a_small_area_shows_its_face_too(app) -> None:
    sess, ids = session(4)
    sess.state.perms[ids["walt"]].tapped = True  # alone on (1, 4)
    app.resize((1280, 720))
    table = TableScene(app, sess, seat=0, hotseat=False)
    app.scenes.push(table)
    step(app, 2)
    sprite = table.renderer.sprites[ids["walt"]]
    assert sprite.radius * 2 < app.px(64)
    assert _dark_pill_pixels(sprite.surface) == 0


def test_many_non_creature_permanents_stay_inside_their_row(app) -> None:
    """At 960x600 seven enchantments and artifacts ran left over the player's panel."""
    from tests.rules.conquering_helpers import put

    app.resize((960, 600))
    sess, _ = session(3)
    names = ["Marble Diamond", "Marble Diamond", "Marble Diamond", "No Mercy", "Web",
             "Gaea's Anthem", "Regeneration", "Icy Manipulator", "Castle", "Crusade"]
    for name in names:
        try:
            put(sess.state, name, 0, None)
        except Exception:  # a card the pool lacks: fewer chips
            continue
    table = TableScene(app, sess, seat=0, hotseat=False)
    app.scenes.push(table)
    step(app, 2)
    r = table.renderer
    strip = r.layout.own_strip
    assert len(r.permanent_rects) >= 3
    for chip in r.permanent_rects:
        if chip.centery > strip.top - 10:
            assert strip.left <= chip.left and chip.right <= strip.right, (chip, strip)
