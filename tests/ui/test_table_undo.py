"""Undo at the table is per seat (issue 10 item 5): the table asks the engine about the seat at
the screen, and says why when there is nothing of that seat's to take back."""

from __future__ import annotations

import pygame

from frontier_desktop.ui import games
from frontier_desktop.ui.scenes.table import TableScene

from .helpers import FIXTURES, key, press, step


def _table(app, seat: int, *, hotseat: bool = False) -> TableScene:
    session = games.session_from_position(FIXTURES / "skirmish.json")
    table = TableScene(app, session, seat=seat, hotseat=hotseat,
                       autosave_path=app.paths.autosave_file)
    app.scenes.push(table)
    step(app)
    return table


def test_undo_is_off_and_explains_itself_before_any_decision(app) -> None:
    table = _table(app, 0, hotseat=True)
    assert not table.buttons["undo"].is_enabled
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert table.local.message == "Nothing of yours to undo this turn."


def test_the_seat_at_the_screen_cannot_undo_the_other_seats_decision(app) -> None:
    table = _table(app, 1)
    assert table.session.submit(0, {"type": "tap_land", "at": [0, 0]}).ok
    table.refresh()
    assert table.view["players"][0]["mana_pool"] == "{G}"
    assert not table.buttons["undo"].is_enabled
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert table.local.message == "Nothing of yours to undo this turn."
    assert table.session.view(0)["players"][0]["mana_pool"] == "{G}"


def test_own_decision_is_undone_with_the_button(app) -> None:
    table = _table(app, 0)
    assert table.session.submit(0, {"type": "tap_land", "at": [0, 0]}).ok
    table.refresh()
    assert table.buttons["undo"].is_enabled
    press(app, table.buttons["undo"])
    assert table.view["players"][0]["mana_pool"] == ""
    assert table.local.message == "Undone."
    assert not table.buttons["undo"].is_enabled


def test_hidden_information_is_named_only_when_it_is_the_reason(app) -> None:
    table = _table(app, 0)
    assert table.session.submit(0, {"type": "draw", "count": 1}).ok
    table.refresh()
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert table.local.message == "Nothing to undo (the last action revealed hidden information)."
