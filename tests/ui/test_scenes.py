"""Menu, new-game setup, replay viewer and settings, driven by posted events."""

from __future__ import annotations

import pygame

from frontier_desktop.config import load_settings
from frontier_desktop.ui.scenes.cover import CoverScene
from frontier_desktop.ui.scenes.main_menu import MainMenuScene
from frontier_desktop.ui.scenes.replay import ReplayScene
from frontier_desktop.ui.scenes.settings import SettingsScene
from frontier_desktop.ui.scenes.setup import SetupScene
from frontier_desktop.ui.scenes.table import TableScene
from frontier_desktop.ui.screenshot import demo_session
from frontier_desktop.ui.table.words import Namer, entry_lines

from .helpers import key, press, step


def test_new_game_setup_starts_a_table(app) -> None:
    menu = app.scenes.push(MainMenuScene(app))
    step(app)
    press(app, menu.buttons["new"])
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    press(app, setup.w["start"])
    assert app.scenes.find(TableScene) is not None
    assert isinstance(app.scenes.top, CoverScene)


def test_replay_steps_and_jumps(app) -> None:
    session = demo_session(seed=3, turns=2)
    replay = app.scenes.push(ReplayScene(app, session.record_header, session.actions))
    step(app)
    assert replay.index == 0
    press(app, replay.buttons["next"])
    assert replay.index == 1
    key(app, pygame.K_RIGHT)
    assert replay.index == 2
    press(app, replay.buttons["last"])
    assert replay.index == len(session.actions)
    assert replay.states[-1].state_id == session.state.state_id
    press(app, replay.buttons["prev_turn"])
    assert replay.index < len(session.actions)
    press(app, replay.buttons["first"])
    assert replay.index == 0


def test_replay_jumps_by_phase(app) -> None:
    session = demo_session(seed=3, turns=2)
    replay = app.scenes.push(ReplayScene(app, session.record_header, session.actions))
    step(app)
    press(app, replay.buttons["next_turn"])
    start = replay.states[replay.index]
    press(app, replay.buttons["next_phase"])
    after = replay.states[replay.index]
    # The first state of a different phase, and every state in between was the old phase.
    assert (after.turn, after.phase) != (start.turn, start.phase)
    between = [replay.state_at(k) for k in range(replay.index - 1, -1, -1)]
    assert (between[0].turn, between[0].phase) == (start.turn, start.phase)
    press(app, replay.buttons["prev_phase"])
    back = replay.states[replay.index]
    assert (back.turn, back.phase) == (start.turn, start.phase)
    assert replay.index == 0 or (replay.state_at(replay.index - 1).turn,
                                 replay.state_at(replay.index - 1).phase) != (back.turn, back.phase)
    key(app, pygame.K_DOWN)
    assert (replay.states[replay.index].turn, replay.states[replay.index].phase) != (back.turn, back.phase)


def test_settings_persist(app) -> None:
    app.scenes.push(MainMenuScene(app))
    settings = app.scenes.push(SettingsScene(app))
    step(app)
    press(app, settings.w["save"])
    assert app.paths.settings_file.exists()
    assert load_settings(app.paths).theme == "dark"


def test_log_words_for_a_played_game() -> None:
    session = demo_session(seed=5, turns=3)
    names = Namer(["Ann", "Ben"])
    lines = [line for entry in session.log(0) for line in entry_lines(entry, names)]
    assert any(line.startswith("Turn ") for line in lines)
    assert all(isinstance(line, str) and line for line in lines)
    # Ben's draws are not named in Ann's log
    assert not any(line.startswith("  Ben draws ") and line != "  Ben draws a card"
                   for line in lines)
