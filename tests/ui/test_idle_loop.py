"""The main loop draws only when something changed: idle passes sleep, input and requests draw.

The loop's sleep (``App.wait_event``) and frame clock (``App.frame_clock``) are injected, so no
test waits on the wall clock.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pygame

from frontier_desktop.app import IDLE_TICK_MS, App
from frontier_desktop.ui.scenes.base import Scene
from frontier_desktop.ui.scenes.main_menu import MainMenuScene

REPO = Path(__file__).resolve().parents[2]


class FakeTime:
    """Stands in for the loop's sleep and frame clock: records what the loop asked for."""

    def __init__(self) -> None:
        self.waits: list[int] = []
        self.ticks: list[int] = []

    def wait(self, timeout_ms: int) -> pygame.event.Event:
        self.waits.append(timeout_ms)
        return pygame.event.Event(pygame.NOEVENT)

    def tick(self, fps: int) -> int:
        self.ticks.append(fps)
        return 100


def settled(app: App) -> FakeTime:
    fake = FakeTime()
    app.wait_event = fake.wait
    app.frame_clock = fake.tick
    pygame.event.clear()
    for _ in range(20):      # the first frame, the linger after it, card images arriving
        app.art.wait_idle()
        app.run_once()
    fake.waits.clear()
    fake.ticks.clear()
    return fake


def idle_draws(app: App, passes: int = 50) -> int:
    before = app.draws
    for _ in range(passes):
        app.run_once()
    return app.draws - before


def test_idle_menu_draws_nothing_and_sleeps(app: App) -> None:
    app.scenes.push(MainMenuScene(app))
    fake = settled(app)
    assert idle_draws(app) == 0
    assert fake.waits == [IDLE_TICK_MS] * 50, "idle passes must sleep in event.wait"


def test_an_input_event_draws(app: App) -> None:
    app.scenes.push(MainMenuScene(app))
    settled(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1),
                                         buttons=(0, 0, 0)))
    before = app.draws
    assert app.run_once() is True
    assert app.draws == before + 1
    # then it settles again
    for _ in range(10):
        app.run_once()
    assert idle_draws(app) == 0


def test_request_redraw_draws_one_frame(app: App) -> None:
    app.scenes.push(MainMenuScene(app))
    settled(app)
    app.request_redraw()
    assert idle_draws(app, 10) == 1


def test_a_request_from_another_thread_wakes_the_sleeping_loop(app: App) -> None:
    app.scenes.push(MainMenuScene(app))
    settled(app)
    worker = threading.Thread(target=app.request_redraw)
    worker.start()
    worker.join()
    assert pygame.event.peek(app._wake_type), "no wake-up event for event.wait"
    assert idle_draws(app, 10) == 1


class Spinner(Scene):
    """A scene that animates for a number of frames."""

    def __init__(self, app: App, frames: int) -> None:
        super().__init__(app)
        self.left = frames
        self.drawn = 0

    def is_animating(self) -> bool:
        return self.left > 0

    def update(self, dt: float) -> None:
        self.left = max(0, self.left - 1)

    def draw(self, surface: pygame.Surface) -> None:
        self.drawn += 1


def test_an_animating_scene_gets_capped_frames_then_the_loop_sleeps(app: App) -> None:
    spinner = app.scenes.push(Spinner(app, 0))
    fake = settled(app)
    assert isinstance(spinner, Spinner)
    spinner.left = 5
    spinner.drawn = 0
    assert idle_draws(app, 30) == 5
    assert spinner.drawn == 5
    assert fake.ticks[:5] == [app.fps] * 5, "animation frames are capped at app.fps"
    assert len(fake.waits) == 30 - 5


def test_base_scene_is_not_animating(app: App) -> None:
    assert Scene(app).is_animating() is False


def _launch(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "frontier_desktop"], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=60)


def _env_without_display(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    env.update(XDG_RUNTIME_DIR=str(runtime), HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_DATA_HOME=str(tmp_path / "data"), SDL_AUDIODRIVER="dummy",
               PYTHONPATH=str(REPO))
    return env


def test_no_display_says_so_and_fails(tmp_path: Path) -> None:
    done = _launch(_env_without_display(tmp_path))
    assert done.returncode != 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "screen" in lines[0] and "Traceback" not in done.stderr


def test_a_display_that_refuses_says_so_and_fails(tmp_path: Path) -> None:
    env = _env_without_display(tmp_path)
    env["DISPLAY"] = ":65000"          # no X server there
    done = _launch(env)
    assert done.returncode != 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "window" in lines[0], done.stderr


def test_a_focused_text_box_blinks_its_caret_while_idle(app: App) -> None:
    from frontier_desktop.ui.scenes.settings import SettingsScene

    settings = app.scenes.push(SettingsScene(app))
    assert isinstance(settings, SettingsScene)
    settled(app)
    assert idle_draws(app, 20) == 0
    entry = settings.w["cache"]
    app.ui.set_focus_set(entry)            # as a click on it does
    # the caret blinks every 0.4 s: 20 passes of 0.1 s draw a handful of frames, not 20
    drawn = idle_draws(app, 20)
    assert 2 <= drawn < 20


def test_a_network_notice_wakes_the_loop(app: App) -> None:
    from frontier_desktop.net.bridge import Inbox

    app.scenes.push(MainMenuScene(app))
    settled(app)
    inbox = Inbox()
    inbox.on_post = app.request_redraw          # what the LAN scene hooks up for its table
    worker = threading.Thread(target=inbox.post, args=("status", None))
    worker.start()
    worker.join()
    assert pygame.event.peek(app._wake_type)
    assert idle_draws(app, 10) == 1


def test_arriving_card_images_keep_frames_coming_a_moment(app: App) -> None:
    app.scenes.push(MainMenuScene(app))
    settled(app)
    app.art._done.put((("Forest", "normal"), (10, 10), pygame.Surface((10, 10))))
    # one pass shows it, and a few more follow (scenes rebuild card layers at most every
    # 0.3 s); then the loop sleeps again
    drawn = idle_draws(app, 30)
    assert 3 <= drawn <= 10
    assert idle_draws(app, 20) == 0
