"""Issue 17 item 3 at the table: the seat whose band is hit divides the damage among its
members (drag points onto them, click, + and -), with dies/survives marks, Lethal first and
Confirm; in hot-seat the device is handed over for it and back after."""

from __future__ import annotations

import pygame

from frontier_desktop.ui import games
from frontier_desktop.ui.scenes.cover import CoverScene
from frontier_desktop.ui.scenes.settings import SettingsScene
from frontier_desktop.ui.scenes.table import TableScene

from .helpers import FIXTURES, click, drag, key, press, step, uncover


def _attack_the_band(app) -> TableScene:
    """Ben's Hill Giant (4/4 on its Mountain) attacks Ann's two Benalish Heroes."""
    session = games.session_from_position(FIXTURES / "band_attacked.json")
    table = TableScene(app, session, seat=1, hotseat=True, autosave_path=app.paths.autosave_file)
    app.scenes.push(table)
    step(app)
    giant = table.renderer.sprites["giant"]
    drag(app, giant.home, table.renderer.square_rect((0, 1)).center)
    return table


def _units(table: TableScene) -> dict[str, dict]:
    return {u["id"]: u for u in table.session.view(0)["units"]}


def _pool_spot(table: TableScene) -> tuple[int, int]:
    geo = table.division.geometry(table.division.request)
    return geo.pool.x + geo.pool.w // 3, geo.pool.centery


def test_hot_seat_hands_over_to_divide_and_back(app) -> None:
    table = _attack_the_band(app)
    cover = app.scenes.top
    assert isinstance(cover, CoverScene) and cover.player == "Ann"
    assert cover.reason == "Ann: divide the damage to your band."
    uncover(app)
    assert app.scenes.top is table and table.seat == 0
    request = table.division.request
    assert request is not None and request.amount == 4
    assert [(r.id, r.lethal) for r in request.recipients] == [("hero1", 3), ("hero2", 1)]
    geo = table.division.geometry(request)
    hero1, hero2 = geo.cards
    # nothing divided yet: Confirm refuses and says why
    click(app, geo.confirm.center)
    assert table.view.get("pending") and "4 point(s) still to divide" in table.local.message
    drag(app, _pool_spot(table), hero2.box.center)          # drag one point onto hero2
    click(app, hero1.box.center)                             # click hero1: one more
    click(app, hero1.plus.center)
    click(app, hero1.plus.center)
    click(app, hero1.minus.center)                           # hero1 2, hero2 1
    drag(app, _pool_spot(table), hero2.box.center)           # hero2 2: all 4 divided
    assert table.local.division == {"hero1": 2, "hero2": 2}
    drag(app, hero2.pips.center, hero1.box.center)           # carry one from hero2 to hero1
    assert table.local.division == {"hero1": 3, "hero2": 1}
    drag(app, hero1.pips.center, _pool_spot(table))          # and one back to the pool
    drag(app, _pool_spot(table), hero2.box.center)
    assert table.local.division == {"hero1": 2, "hero2": 2}
    click(app, geo.confirm.center)
    units = _units(table)
    assert "hero2" not in units and units["hero1"]["damage"] == 2
    # back to Ben, behind the cover: nothing of Ann's division stays on the screen
    assert isinstance(app.scenes.top, CoverScene) and app.scenes.top.player == "Ben"
    uncover(app)
    assert table.seat == 1 and table.division.request is None and table.local.division == {}


def test_lethal_first_and_the_space_bar(app) -> None:
    table = _attack_the_band(app)
    uncover(app)  # the cover
    geo = table.division.geometry(table.division.request)
    click(app, geo.lethal.center)
    assert table.local.division == {"hero1": 3, "hero2": 1}
    key(app, pygame.K_SPACE)  # confirms
    units = _units(table)
    assert "hero1" not in units and "hero2" not in units


def test_the_pass_button_confirms_the_division_too(app) -> None:
    table = _attack_the_band(app)
    uncover(app)
    assert table.buttons["pass"].text.startswith("Confirm")
    press(app, table.buttons["pass"])
    assert table.view.get("pending")  # nothing divided yet: still asked
    click(app, table.division.geometry(table.division.request).lethal.center)
    press(app, table.buttons["pass"])
    assert not (table.view.get("pending") or {}).get("kind") == "assign"


def test_setting_off_lets_the_rules_divide(app) -> None:
    app.settings.divide_damage = False
    table = _attack_the_band(app)
    players = table.session.view(0)["players"]
    assert not players[0]["assign"] and not players[1]["assign"]
    assert not isinstance(app.scenes.top, CoverScene) and table.seat == 1
    units = _units(table)
    assert "hero1" not in units and "hero2" not in units  # lethal first: 3 then 1


def test_the_setting_is_in_the_settings_scene(app) -> None:
    assert app.settings.divide_damage
    settings = app.scenes.push(SettingsScene(app))
    step(app)
    assert "Divide damage to my bands myself" in settings.rows
    settings.w["divide"].selected_option = ("off", "off")
    settings.save()
    assert app.settings.divide_damage is False


def test_the_log_says_the_division_is_asked_then_made(app) -> None:
    from frontier_desktop.ui.table.words import Namer, entry_lines

    table = _attack_the_band(app)
    namer = Namer(["Ann", "Ben"])
    lines = [line for entry in table.session.log(1) for line in entry_lines(entry, namer)]
    assert any("Ann chooses how to divide 4 damage from Hill Giant" in line for line in lines)


def test_the_keyboard_divides_too(app) -> None:
    table = _attack_the_band(app)
    uncover(app)  # the cover
    key(app, pygame.K_UP)                 # hero1 (focused first) +1
    key(app, pygame.K_RIGHT)              # focus hero2
    for _ in range(3):
        key(app, pygame.K_PLUS)
    key(app, pygame.K_MINUS)              # hero2 back to 2
    key(app, pygame.K_LEFT)
    key(app, pygame.K_UP)                 # hero1 2
    assert table.local.division == {"hero1": 2, "hero2": 2}
    key(app, pygame.K_RETURN)
    units = _units(table)
    assert "hero2" not in units and units["hero1"]["damage"] == 2
