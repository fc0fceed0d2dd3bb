"""Issue 11.9 in hot-seat: "Manual: ask first" in New game turns on the consent rule; then a
manual action on the other player's things hands the device over to them for Accept /
Decline (off by default: both players sit at the table)."""

from __future__ import annotations

import json

import pygame

from frontier_desktop.ui import games
from frontier_desktop.ui.scenes.cover import CoverScene
from frontier_desktop.ui.scenes.main_menu import MainMenuScene
from frontier_desktop.ui.scenes.setup import SetupScene
from frontier_desktop.ui.scenes.table import TableScene

from .helpers import FIXTURES, click, key, press, step, uncover
from .test_lan_table import choose


def test_new_game_offers_the_consent_rule_off_by_default(app) -> None:
    for label, on in (("Manual: at once", False), ("Manual: ask first", True)):
        menu = app.scenes.push(MainMenuScene(app))
        step(app)
        press(app, menu.buttons["new"])
        setup = app.scenes.top
        assert isinstance(setup, SetupScene)
        if on:
            choose(app, setup.w["consent"], label)
        press(app, setup.w["start"])
        table = app.scenes.find(TableScene)
        assert table is not None
        assert table.session.state.options["manual_consent"] is on
        app.scenes.reset(MainMenuScene(app))


def test_a_request_hands_the_device_over_and_decline_changes_nothing(app, tmp_path) -> None:
    doc = json.loads((FIXTURES / "band_attacked.json").read_text())
    doc["options"] = {"manual_consent": True}
    path = tmp_path / "consent.json"
    path.write_text(json.dumps(doc))
    session = games.session_from_position(path)
    table = TableScene(app, session, seat=1, hotseat=True, autosave_path=app.paths.autosave_file)
    app.scenes.push(table)
    step(app)
    result = table.submit({"type": "destroy", "unit": "hero1", "for": "Hill Giant"})
    assert result.ok, result.reason
    step(app, 2)
    cover = app.scenes.top
    assert isinstance(cover, CoverScene) and cover.player == "Ann"
    uncover(app)
    assert app.scenes.top is table and table.seat == 0
    assert table.consent.asked
    assert table.consent.lines() == ("Ben asks you to accept", "Ben destroys Benalish Hero")
    click(app, table.consent.geometry().decline.center)
    assert "hero1" in session.state.perms and session.state.decision is None
    step(app, 2)
    assert isinstance(app.scenes.top, CoverScene) and app.scenes.top.player == "Ben"
