"""The application: window, UI manager, scene stack and the fixed-step main loop.

``main()`` is what ``make run`` / ``frontier-desktop`` start. :class:`App` is also what the
tests and the ``screenshot`` command drive: ``App(...).step()`` runs exactly one frame with
whatever events are queued, so a test posts real mouse and keyboard events and steps.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

import pygame
import pygame_gui

from frontier_desktop.config import Paths, Settings, load_settings, save_settings
from frontier_desktop.ui.card_art import CardArt, open_database
from frontier_desktop.ui.cards import CardImages
from frontier_desktop.ui.keys import matches
from frontier_desktop.ui.scenes.base import Scene, SceneStack
from frontier_desktop.ui.theme import Fonts, Palette, palette

ASSETS = Path(__file__).resolve().parent.parent / "assets"
MIN_SIZE = (960, 600)


class App:
    """One window with its UI manager, caches and scene stack."""

    def __init__(self, *, paths: Paths, settings: Settings | None = None,
                 size: tuple[int, int] | None = None, save_settings_on_exit: bool = True) -> None:
        self.paths = paths
        self.settings = settings if settings is not None else load_settings(paths)
        self.save_settings_on_exit = save_settings_on_exit
        pygame.init()
        pygame.display.set_caption("Frontier Desktop")
        self.size = size or self.settings.window_size
        flags = pygame.RESIZABLE
        if self.settings.fullscreen and size is None:
            flags = pygame.FULLSCREEN
        self.window = pygame.display.set_mode(self.size, flags)
        self.size = self.window.get_size()
        self.ui = self._make_ui()
        self.fonts = Fonts(self.settings.ui_scale)
        self.art = self._make_art()
        self.images = CardImages(self.fonts, self.art)
        self.scenes = SceneStack()
        self.running = True
        self.clock = pygame.time.Clock()
        self.frames = 0

    # ------------------------------------------------------------------ parts
    def _make_ui(self) -> pygame_gui.UIManager:
        theme = ASSETS / ("theme-light.json" if self.settings.theme == "light" else "theme.json")
        ui = pygame_gui.UIManager(self.size, str(theme) if theme.exists() else None)
        return ui

    def _make_art(self) -> CardArt:
        s = self.settings
        return CardArt(open_database(s.cache_dir, offline=s.offline), fetch=not s.offline)

    @property
    def palette(self) -> Palette:
        return palette(self.settings.theme)

    @property
    def scale(self) -> float:
        return self.settings.ui_scale

    def px(self, value: float) -> int:
        """A length in pixels at the UI scale."""
        return round(value * self.settings.ui_scale)

    def apply_settings(self) -> None:
        """Rebuild caches and widgets after the settings changed."""
        self.fonts = Fonts(self.settings.ui_scale)
        self.art.close()
        self.art = self._make_art()
        self.images = CardImages(self.fonts, self.art)
        for scene in self.scenes:
            scene.clear_widgets()
        self.ui = self._make_ui()
        self.scenes.on_resize()

    def resize(self, size: tuple[int, int]) -> None:
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if pygame.display.get_surface() is None or self.window.get_size() != size:
            self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.size = self.window.get_size()
        if not self.settings.fullscreen:
            self.settings.window_size = self.size
        self.ui.set_window_resolution(self.size)
        self.scenes.on_resize()

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        if self.settings.fullscreen:
            self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.window = pygame.display.set_mode(self.settings.window_size, pygame.RESIZABLE)
        self.size = self.window.get_size()
        self.ui.set_window_resolution(self.size)
        self.scenes.on_resize()

    # ------------------------------------------------------------------ loop
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
            self.resize((event.w, event.h))
            return
        if event.type == pygame.KEYDOWN and matches(self.settings.keys.get("fullscreen", "f11"),
                                                    event):
            self.toggle_fullscreen()
            return
        consumed = self.ui.process_events(event)
        if not consumed or event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self.scenes.handle_event(event)

    def step(self, dt: float = 1 / 60, *, flip: bool = True) -> None:
        """One frame: events, update, draw."""
        for event in pygame.event.get():
            self.handle_event(event)
            if not self.running:
                return
        self.art.pump()
        self.ui.update(dt)
        self.scenes.update(dt)
        self.draw()
        if flip:
            pygame.display.flip()
        self.frames += 1

    def draw(self, surface: pygame.Surface | None = None) -> None:
        surface = surface or self.window
        surface.fill(self.palette.bg)
        self.scenes.draw(surface)
        self.ui.draw_ui(surface)

    def run(self) -> None:
        """The main loop, capped at the display's refresh rate (60 when unknown)."""
        fps = 60
        try:
            rates = pygame.display.get_desktop_refresh_rates()
            if rates and rates[0] > 0:
                fps = max(30, min(240, int(rates[0])))
        except (AttributeError, pygame.error):
            pass
        while self.running and self.scenes:
            dt = self.clock.tick(fps) / 1000.0
            self.step(min(dt, 0.1))

    def quit(self) -> None:
        self.running = False

    def shutdown(self) -> None:
        self.art.close()
        if self.save_settings_on_exit:
            try:
                save_settings(self.paths, self.settings)
            except OSError:
                pass
        pygame.quit()

    def screenshot(self, path: Path) -> None:
        surf = pygame.Surface(self.size)
        self.draw(surf)
        pygame.image.save(surf, str(path))

    def push(self, scene: Scene) -> Scene:
        return self.scenes.push(scene)


def main(argv: Sequence[str] | None = None) -> int:
    """Open the window on the main menu and run until the player quits."""
    started = time.perf_counter()
    from frontier_desktop.ui.scenes.main_menu import MainMenuScene

    app = App(paths=Paths.default())
    app.scenes.push(MainMenuScene(app))
    app.started = started  # type: ignore[attr-defined]
    try:
        app.run()
    finally:
        app.shutdown()
    return 0
