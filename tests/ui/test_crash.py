"""An unexpected exception in a scene: logged with its traceback, a dialog in words with the
log's place and Copy details, and the game's autosave intact and loadable (issue 16)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from frontier_desktop.app import App
from frontier_desktop.logs import setup_logging
from frontier_desktop.ui import games
from frontier_desktop.ui.scenes.crash import CrashScene
from frontier_desktop.ui.scenes.main_menu import MainMenuScene, continue_game, start_table
from frontier_desktop.ui.scenes.table import TableScene
from frontier_desktop.ui.screenshot import demo_session


@pytest.fixture
def logged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("FRONTIER_LOG_DIR", str(tmp_path / "logs"))
    path = setup_logging()
    yield path
    for handler in list(logging.getLogger().handlers):
        if getattr(handler, "_frontier_handler", False):
            logging.getLogger().removeHandler(handler)
            handler.close()


def test_a_failing_scene_shows_the_crash_dialog_and_the_autosave_still_loads(
        app: App, logged: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    session = demo_session(seed=7, turns=3)
    start_table(app, session, cover_first=False)
    table = app.scenes.find(TableScene)
    table._autosave()
    saved_turn, saved_actions = session.state.turn, len(session.actions)
    app.step()

    def broken(dt: float) -> None:
        raise RuntimeError("injected failure for the test")

    monkeypatch.setattr(table, "update", broken)
    app.wait_event = lambda ms: __import__("pygame").event.Event(0)
    assert app.run_guarded()

    crash = app.scenes.top
    assert isinstance(crash, CrashScene) and len(app.scenes) == 1
    words = " ".join(crash.lines())
    assert str(logged) in words and "autosaved" in words and "Continue" in words
    assert "RuntimeError" not in words, "the player reads words, not the exception"
    assert set(crash.buttons) == {"copy", "menu", "quit"}
    app.step()

    text = logged.read_text(encoding="utf-8")
    assert "injected failure for the test" in text and "Traceback" in text
    assert "injected failure for the test" in crash.details

    crash.press("copy")
    assert crash.note  # on the clipboard, or where else the details are
    crash.press("menu")
    menu = app.scenes.top
    assert isinstance(menu, MainMenuScene)
    latest = menu.latest()
    assert latest is not None and latest.game_id == games.game_id(session)
    assert continue_game(app, latest) == ""
    resumed = app.scenes.find(TableScene)
    assert resumed.session.state.turn == saved_turn
    assert len(resumed.session.actions) == saved_actions


def test_a_failing_crash_dialog_is_raised_not_looped(app: App, logged: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    app.scenes.push(MainMenuScene(app))
    app.report_crash(RuntimeError("first"))
    with pytest.raises(RuntimeError, match="second"):
        app.report_crash(RuntimeError("second"))
