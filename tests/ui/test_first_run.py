"""The first-run welcome (once, remembered in the settings, again from Help) and Help (the
variants' rules with diagrams, the controls from the key bindings, LAN play)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from frontier_desktop.app import App, start_scenes
from frontier_desktop.config import Paths, Settings, load_settings
from frontier_desktop.ui.scenes.help import TOPICS, HelpScene
from frontier_desktop.ui.scenes.main_menu import MainMenuScene
from frontier_desktop.ui.scenes.welcome import WelcomeScene
from tests.ui.helpers import key, press, step


def test_the_welcome_shows_once_and_is_remembered(tmp_path: Path) -> None:
    paths = Paths(tmp_path / "config", tmp_path / "data")
    app = App(paths=paths, size=(1280, 800))
    start_scenes(app)
    welcome = app.scenes.top
    assert isinstance(welcome, WelcomeScene)
    assert isinstance(app.scenes.find(MainMenuScene), MainMenuScene)
    step(app, 2)
    press(app, welcome.buttons["close"])
    assert isinstance(app.scenes.top, MainMenuScene)
    app.shutdown()
    assert load_settings(paths).welcome_seen

    again = App(paths=paths, size=(1280, 800))
    try:
        start_scenes(again)
        assert isinstance(again.scenes.top, MainMenuScene) and len(again.scenes) == 1
    finally:
        again.shutdown()


def test_quick_game_from_the_welcome_starts_a_table(app: App) -> None:
    from frontier_desktop.ui.scenes.table import TableScene

    start_scenes(app)
    step(app)
    app.scenes.top.press("quick")
    assert app.settings.welcome_seen
    assert app.scenes.find(TableScene) is not None


@pytest.mark.parametrize(("size", "scale"), [((960, 600), 1.0), ((1600, 900), 1.5),
                                             ((1280, 800), 1.0)])
def test_the_welcome_text_fits_above_its_buttons(tmp_path: Path, size, scale) -> None:  # type: ignore[no-untyped-def]
    app = App(paths=Paths(tmp_path / "c", tmp_path / "d"), size=size,
              settings=Settings(ui_scale=scale), save_settings_on_exit=False)
    try:
        start_scenes(app)
        step(app)
        welcome = app.scenes.top
        text_end, note_top, note_bottom = welcome.drawn
        buttons_top = min(b.rect.top for b in welcome.buttons.values())
        assert text_end <= note_top and note_bottom <= buttons_top
        assert welcome._box().bottom <= size[1] and welcome._box().top >= 0
    finally:
        pygame.quit()


def test_help_from_the_menu_by_button_and_f1_with_every_topic(app: App) -> None:
    menu = app.scenes.push(MainMenuScene(app))
    step(app)
    press(app, menu.help)
    help_scene = app.scenes.top
    assert isinstance(help_scene, HelpScene)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is menu
    key(app, pygame.K_F1)
    help_scene = app.scenes.top
    assert isinstance(help_scene, HelpScene)
    view_h = help_scene.content_rect().h
    for topic, _ in TOPICS:
        if topic == "welcome":
            continue
        help_scene.choose(topic)
        step(app)
        assert help_scene.page().get_height() > 100
    help_scene.choose("frontier")
    assert [v for k, v in help_scene.blocks() if k == "diagram"] == ["flying", "terrain"]
    assert help_scene.page().get_height() > view_h  # it scrolls
    key(app, pygame.K_PAGEDOWN)
    assert help_scene.scroll > 0
    help_scene.scroll_by(10**6)
    assert help_scene.scroll == help_scene.page().get_height() - view_h
    help_scene.choose("welcome")
    assert isinstance(app.scenes.top, WelcomeScene)


def test_controls_follow_the_key_bindings(app: App) -> None:
    app.settings.keys["undo"] = "ctrl+u"
    help_scene = HelpScene(app, "controls")
    rows = dict(next(v for k, v in help_scene.blocks() if k == "keys"))
    assert rows["Undo"] == "Ctrl+U" and rows["Pass / done"] == "Space"
    assert rows["Rules help"] == "F1"


def test_variants_in_help_follow_the_registry() -> None:
    """Frontier is playable; a variant the rules engine has (Army) is described as playable,
    and the digests' other variants are there, marked as coming (the welcome says so too)."""
    from frontier_desktop.rules.variants import find_variant
    from frontier_desktop.ui.scenes.help import COMING, FRONTIER
    from frontier_desktop.ui.scenes.welcome import PARAGRAPHS

    assert FRONTIER[0] == ("h", "Frontier Magic")
    welcome = " ".join(text for _, text in PARAGRAPHS)
    for name, blocks in COMING.items():
        heading = blocks[0][1]
        try:
            find_variant(name)
        except ValueError:
            assert heading.endswith("— coming"), name
        else:
            assert "coming" not in heading and "first version" not in heading, name
            assert not any("coming" in text for _, text in blocks), name
            assert heading in welcome, name
            assert f"{heading} are coming" not in welcome and f"{heading}, " not in \
                welcome.split("coming")[0].split(".")[-1], name


@pytest.mark.parametrize("scene", ["welcome", "help", "help-controls", "crash"])
def test_screenshot_command_renders_the_first_run_scenes(tmp_path: Path, scene: str) -> None:
    from frontier_desktop.ui.screenshot import render

    out = render(tmp_path / f"{scene}.png", scene=scene, size=(960, 600), scale=1.0)
    assert pygame.image.load(str(out)).get_size() == (960, 600)
