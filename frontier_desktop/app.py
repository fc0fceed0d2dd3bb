"""The application: window, UI manager, scene stack and the fixed-step main loop.

``main()`` is what ``make run`` / ``frontier-desktop`` start. :class:`App` is also what the
tests and the ``screenshot`` command drive: ``App(...).step()`` runs exactly one frame with
whatever events are queued, so a test posts real mouse and keyboard events and steps.
"""

from __future__ import annotations

import json
import logging
import logging.handlers
import os
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from frontier_desktop import resources
from frontier_desktop.config import Paths, Settings, load_settings, save_settings
from frontier_desktop.ui.card_art import CardArt, open_database
from frontier_desktop.ui.cards import CardImages
from frontier_desktop.ui.keys import matches
from frontier_desktop.ui.scenes.base import Scene, SceneStack
from frontier_desktop.ui.scale import DESIGN_SIZE, MIN_SIZE, SCALE_STEP, fit_scale  # noqa: F401
from frontier_desktop.ui.theme import Fonts, Palette, palette

IDLE_TICK_MS = 100
"""When nothing moves the loop sleeps in ``pygame.event.wait`` this long at most, then lets the
UI and the scene update (pygame-gui tooltips, the text caret, background jobs) and draws only if
that changed something."""
LINGER_S = 0.4
"""After an input event the loop keeps drawing at the frame cap this long (hover fades, the
button-pressed event pygame-gui posts a frame later)."""

MAX_CRASHES = 5
"""After this many unexpected exceptions in one run the program stops (a loop of failures)."""
log = logging.getLogger(__name__)


def log_path() -> str | None:
    """The file the log is written to (the rotating file handler's), if any."""
    for handler in logging.getLogger().handlers:
        if isinstance(handler, logging.handlers.RotatingFileHandler):
            return str(handler.baseFilename)
    return None


WAKE_EVENT = pygame.event.custom_type()
"""Posted by :meth:`App.request_redraw` from other threads to wake the sleeping loop (taken
once at import, like pygame-gui's own event types: ``pygame.quit`` restarts the numbering)."""


class NoDisplayError(RuntimeError):
    """The window can't be shown: no display to open it on."""


def display_problem() -> str | None:
    """Why no window could be seen, in words, or ``None`` when a display seems available.

    Without a display SDL quietly falls back to an invisible off-screen window; that is only
    wanted when ``SDL_VIDEODRIVER`` asks for it (tests, screenshots).
    """
    if os.environ.get("SDL_VIDEODRIVER"):
        return None
    if sys.platform.startswith("linux") or "bsd" in sys.platform:
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            return ("Frontier Desktop needs a screen to open its window, and none was found "
                    "(neither DISPLAY nor WAYLAND_DISPLAY is set). Start it from a desktop "
                    "session.")
    return None


_PASS_KEYS = {pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT, pygame.K_RALT, pygame.K_LSHIFT,
              pygame.K_RSHIFT, pygame.K_LMETA, pygame.K_RMETA, *range(pygame.K_F1, pygame.K_F12 + 1)}
"""Keys that are never text: a lone modifier (the table tracks Shift) and the function keys
(F1 help)."""
_EDIT_KEYS = {pygame.K_a, pygame.K_c, pygame.K_v, pygame.K_x, pygame.K_z, pygame.K_y,
              pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_HOME,
              pygame.K_END, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_RETURN,
              pygame.K_KP_ENTER}
"""Ctrl with these edits the text (select all, copy, paste, cut, undo...), not the game."""


def text_keeps(event: pygame.event.Event) -> bool:
    """Whether a key pressed while a text field has the focus is the field's alone: every
    key that types or edits (letters, Space, Enter, Ctrl+Z in the box), and Esc, which leaves
    the field. A lone modifier, a function key and any other Ctrl shortcut (Ctrl+S saves)
    still reach the screen."""
    if event.key in _PASS_KEYS:
        return False
    ctrl = bool(getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META))
    return not ctrl or event.key in _EDIT_KEYS


SCALED_MISC = ("list_item_height", "open_button_width")
"""Theme lengths (pixels) that hold text, scaled with the fonts: a drop-down's option rows
stay 20 px high otherwise and cut their text at 150%."""


def scaled_theme(path: Path, scale: float) -> dict[str, Any] | None:
    """The pygame-gui theme at *path* with every font size and text-holding length
    (:data:`SCALED_MISC`) multiplied by *scale*."""
    try:
        theme = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    for block in theme.values():
        if not isinstance(block, dict):
            continue
        fonts = block.get("font")
        for font in fonts if isinstance(fonts, list) else [fonts]:
            if isinstance(font, dict) and "size" in font:
                try:
                    font["size"] = str(max(6, round(float(font["size"]) * scale)))
                except (TypeError, ValueError):
                    pass
        misc = block.get("misc")
        if isinstance(misc, dict):
            for key in SCALED_MISC:
                try:
                    if key in misc:
                        misc[key] = str(round(float(misc[key]) * scale))
                except (TypeError, ValueError):
                    pass
    return theme


class App:
    """One window with its UI manager, caches and scene stack."""

    def __init__(self, *, paths: Paths, settings: Settings | None = None,
                 size: tuple[int, int] | None = None, save_settings_on_exit: bool = True) -> None:
        self.paths = paths
        self.settings = settings if settings is not None else load_settings(paths)
        self.save_settings_on_exit = save_settings_on_exit
        # the display, fonts and clock only: pygame.init() also opens the audio device, and the
        # game plays no sound (a machine without one printed ALSA errors at every start)
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Frontier Desktop")
        try:
            pygame.display.set_icon(pygame.image.load(str(resources.icon_file())))
        except (pygame.error, OSError, FileNotFoundError):
            pass  # the window keeps the system's default icon
        self.size = size or self.settings.window_size
        flags = pygame.RESIZABLE
        if self.settings.fullscreen and size is None:
            flags = pygame.FULLSCREEN
        try:
            self.window = pygame.display.set_mode(self.size, flags)
        except pygame.error as exc:
            pygame.quit()
            raise NoDisplayError("Frontier Desktop could not open its window: the display "
                                 "refused it.") from exc
        if not os.environ.get("SDL_VIDEODRIVER") and \
                pygame.display.get_driver() in ("offscreen", "dummy"):
            pygame.quit()
            raise NoDisplayError("Frontier Desktop found no screen to show its window on. "
                                 "Start it from a desktop session.")
        self.size = self.window.get_size()
        self._scale = fit_scale(self.settings.ui_scale, self.size)
        self.ui = self._make_ui()
        self.fonts = Fonts(self._scale)
        self.art = self._make_art()
        self.images = CardImages(self.fonts, self.art)
        self.scenes = SceneStack()
        self.running = True
        self.clock = pygame.time.Clock()
        self.frames = 0
        self.crashes = 0
        """Unexpected exceptions reported by :meth:`report_crash` in this run."""
        self.draws = 0
        """Frames drawn by :meth:`run_once` (idle passes draw nothing)."""
        self.fps = 60
        self._redraw = True
        self._linger = 0.0
        self._ui_print: tuple[Any, ...] = ()
        self._wake_type = WAKE_EVENT
        self._wake_posted = threading.Event()
        self.wait_event: Callable[[int], pygame.event.Event] = pygame.event.wait
        """Sleeps until an event or the timeout in ms (tests inject their own)."""
        self.frame_clock: Callable[[int], int] = self.clock.tick
        """``tick(fps)``: waits to cap the frame rate (0: no wait), returns ms since the last."""

    # ------------------------------------------------------------------ parts
    def _make_ui(self) -> pygame_gui.UIManager:
        theme = resources.theme_file(self.settings.theme)
        return pygame_gui.UIManager(self.size, scaled_theme(theme, self._scale))

    def _make_art(self) -> CardArt:
        s = self.settings
        art = CardArt(open_database(s.cache_dir, offline=s.offline), fetch=not s.offline)
        art.on_ready = self.request_redraw
        return art

    @property
    def palette(self) -> Palette:
        return palette(self.settings.theme)

    @property
    def scale(self) -> float:
        """The effective UI scale: the player's ``ui_scale`` as far as the window allows."""
        return self._scale

    def px(self, value: float) -> int:
        """A length in pixels at the effective UI scale."""
        return round(value * self._scale)

    @property
    def frame(self) -> pygame.Rect:
        """The design area (``DESIGN_SIZE`` at the effective scale), centred in the window."""
        rect = pygame.Rect(0, 0, self.px(DESIGN_SIZE[0]), self.px(DESIGN_SIZE[1]))
        rect.center = (self.size[0] // 2, self.size[1] // 2)
        return rect

    def drect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A rectangle given in design pixels of :attr:`frame`."""
        f = self.frame
        return pygame.Rect(f.x + self.px(x), f.y + self.px(y), self.px(w), self.px(h))

    def dpos(self, x: float, y: float) -> tuple[int, int]:
        """A point given in design pixels of :attr:`frame`."""
        f = self.frame
        return f.x + self.px(x), f.y + self.px(y)

    def _rebuild_scaled(self) -> None:
        """New fonts, card images and UI manager at the current effective scale."""
        self.fonts = Fonts(self._scale)
        self.images = CardImages(self.fonts, self.art)
        for scene in self.scenes:
            scene.clear_widgets()
        self.ui = self._make_ui()

    def apply_settings(self) -> None:
        """Rebuild caches and widgets after the settings changed."""
        self._scale = fit_scale(self.settings.ui_scale, self.size)
        self.art.close()
        self.art = self._make_art()
        self._rebuild_scaled()
        self.scenes.on_resize()

    def _size_changed(self) -> None:
        """After the window size changed: a new effective scale rebuilds, else widgets move."""
        scale = fit_scale(self.settings.ui_scale, self.size)
        if scale != self._scale:
            self._scale = scale
            self._rebuild_scaled()
        else:
            self.ui.set_window_resolution(self.size)
        self.scenes.on_resize()

    def resize(self, size: tuple[int, int]) -> None:
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if pygame.display.get_surface() is None or self.window.get_size() != size:
            self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.size = self.window.get_size()
        if not self.settings.fullscreen:
            self.settings.window_size = self.size
        self._size_changed()

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        if self.settings.fullscreen:
            self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.window = pygame.display.set_mode(self.settings.window_size, pygame.RESIZABLE)
        self.size = self.window.get_size()
        self._size_changed()

    # ------------------------------------------------------------------ loop
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            if self.scenes.close_request():  # a scene may ask first (an unsaved deck)
                self.quit()
            return
        if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
            self.resize((event.w, event.h))
            return
        if event.type == pygame.KEYDOWN and matches(self.settings.keys.get("fullscreen", "f11"),
                                                    event):
            self.toggle_fullscreen()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and \
                self.close_drop_downs():
            return  # Esc closes an open drop-down, not the screen under it (and its choices)
        field = self.text_focus() if event.type in (pygame.KEYDOWN, pygame.KEYUP) else None
        if field is not None:
            self.ui.process_events(event)
            if text_keeps(event):
                if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                    field.unfocus()
                    top = self.scenes.top
                    if top is not None and not top.opaque:
                        self.scenes.handle_event(event)  # a dialog's box: Esc cancels it
                return
            self.scenes.handle_event(event)
            return
        consumed = self.ui.process_events(event)
        if not consumed or event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self.scenes.handle_event(event)

    def close_drop_downs(self) -> bool:
        """Close every open drop-down list; True if one was open."""
        closed = False
        for element in self.ui.get_sprite_group().sprites():
            if isinstance(element, pygame_gui.elements.UIDropDownMenu) and \
                    element.current_state is element.menu_states["expanded"]:
                element._switch_to_closed_state()  # noqa: SLF001 - pygame-gui has no public close
                closed = True
        return closed

    def text_focus(self) -> Any:
        """The text field being typed in (a chat, search, paste or name box), if any."""
        for element in self.ui.get_focus_set() or ():
            if isinstance(element, (pygame_gui.elements.UITextEntryLine,
                                    pygame_gui.elements.UITextEntryBox)) and \
                    getattr(element, "is_focused", False) and element.visible:
                return element
        return None

    def step(self, dt: float = 1 / 60, *, flip: bool = True) -> None:
        """One frame: events, update, draw (always draws; tests and screenshots use it)."""
        for event in pygame.event.get():
            if event.type == self._wake_type:
                self._wake_posted.clear()
                continue
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
        self._redraw = False

    def draw(self, surface: pygame.Surface | None = None) -> None:
        surface = surface or self.window
        surface.fill(self.palette.bg)
        self.scenes.draw(surface)
        self.ui.draw_ui(surface)
        self.scenes.draw_over(surface)

    # ------------------------------------------------------------------ redraw on change
    def request_redraw(self) -> None:
        """Ask for one frame: something changed that no input event announced (an image
        finished loading, a network message arrived). Safe from any thread."""
        self._redraw = True
        if threading.current_thread() is not threading.main_thread() and \
                not self._wake_posted.is_set():
            self._wake_posted.set()
            try:
                pygame.event.post(pygame.event.Event(self._wake_type))
            except pygame.error:
                pass  # pygame is shutting down

    def is_animating(self) -> bool:
        top = self.scenes.top
        return top is not None and top.is_animating()

    def needs_frame(self) -> bool:
        """Whether the next pass draws regardless of events (requested, lingering, animating)."""
        return self._redraw or self._linger > 0 or self.is_animating()

    def _ui_fingerprint(self) -> tuple[Any, ...]:
        """What the UI manager would draw, cheaply: each element's image, place and caret."""
        out: list[Any] = [tuple(id(scene) for scene in self.scenes)]
        for sprite in self.ui.get_sprite_group().sprites():
            rect = getattr(sprite, "rect", None)
            out.append((id(sprite), id(getattr(sprite, "image", None)),
                        tuple(rect) if rect is not None else None,
                        getattr(sprite, "visible", True), getattr(sprite, "cursor_on", None)))
        return tuple(out)

    def run_once(self) -> bool:
        """One pass of the main loop; True when it drew a frame.

        Busy (a request, an animation, just after input): frames at the cap, ``self.fps``.
        Idle: sleep in :attr:`wait_event` until an event or ``IDLE_TICK_MS``, update, and draw
        only when an event came or something changed.
        """
        busy = self.needs_frame()
        if busy:
            ms = self.frame_clock(self.fps)
            events = pygame.event.get()
        else:
            first = self.wait_event(IDLE_TICK_MS)
            events = ([first] if first.type != pygame.NOEVENT else []) + pygame.event.get()
            ms = self.frame_clock(0)
        dt = min(max(ms, 0) / 1000.0, 0.1)
        redraw = busy
        for event in events:
            if event.type == self._wake_type:
                self._wake_posted.clear()
                redraw = True
                continue
            self.handle_event(event)
            if not self.running:
                return False
            redraw = True
            self._linger = LINGER_S
        if self.art.pump():
            # keep frames coming a moment: scenes rebuild their card layers at most every
            # few tenths of a second while images arrive
            redraw = True
            self._linger = max(self._linger, LINGER_S + 0.2)
        self.ui.update(dt)
        self.scenes.update(dt)
        self._linger = max(0.0, self._linger - dt)
        fingerprint = self._ui_fingerprint()
        if fingerprint != self._ui_print:
            self._ui_print = fingerprint
            redraw = True
        if not (redraw or self._redraw or self.is_animating()):
            return False
        self._redraw = False
        self.draw()
        pygame.display.flip()
        self.frames += 1
        self.draws += 1
        return True

    def run(self) -> None:
        """The main loop: frames capped at the display's refresh rate (60 when unknown) while
        something moves, asleep otherwise."""
        try:
            rates = pygame.display.get_desktop_refresh_rates()
            if rates and rates[0] > 0:
                self.fps = max(30, min(240, int(rates[0])))
        except (AttributeError, pygame.error):
            pass
        while self.running and self.scenes:
            self.run_guarded()

    def run_guarded(self) -> bool:
        """:meth:`run_once`, turning an unexpected exception into the crash dialog."""
        try:
            return self.run_once()
        except Exception as exc:  # noqa: BLE001 - anything a scene raises is reported
            self.report_crash(exc)
            return True

    def report_crash(self, exc: BaseException) -> None:
        """Log *exc* with its traceback and replace every scene with the crash dialog.

        Autosaves are written whole after each action (atomically), so the game in play is
        intact; the dialog's Main menu leads to Continue. A failure of the dialog itself, or
        too many in a row, is raised (``main`` shuts down and the log keeps it).
        """
        import traceback

        from frontier_desktop import __version__
        from frontier_desktop.ui.scenes.crash import CrashScene

        top = self.scenes.top
        log.error("Unexpected problem in the %s scene", getattr(top, "name", "?"), exc_info=exc)
        self.crashes += 1
        if isinstance(top, CrashScene) or self.crashes > MAX_CRASHES:
            raise exc
        details = (f"frontier-desktop {__version__}, Python {sys.version.split()[0]}, "
                   f"{sys.platform}, scene {getattr(top, 'name', '?')}\n"
                   + "".join(traceback.format_exception(exc)))
        for problem in self.scenes.abandon():
            log.error("Closing a scene after the problem failed too", exc_info=problem)
        self.scenes.push(CrashScene(self, details, log_path()))
        self.request_redraw()

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


def start_scenes(app: App) -> None:
    """What a start shows: the main menu, and the welcome over it the first time."""
    from frontier_desktop.ui.scenes.main_menu import MainMenuScene

    app.scenes.push(MainMenuScene(app))
    if not app.settings.welcome_seen:
        from frontier_desktop.ui.scenes.welcome import WelcomeScene

        app.scenes.push(WelcomeScene(app))


def headless_check(paths: Paths | None = None, frames: int = 10) -> int:
    """Start the program without a screen (SDL's dummy driver), draw a few frames and say
    whether the main menu was reached; settings are read but never written. Exit code 0/1.

    Used by the install tests and by the bundle check of ``build_scripts/build.py``.
    """
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from frontier_desktop.ui.scenes.main_menu import MainMenuScene

    started = time.perf_counter()
    app = App(paths=paths or Paths.default(), save_settings_on_exit=False)
    try:
        start_scenes(app)
        for _ in range(frames):
            app.step(1 / 60)
        menu = app.scenes.find(MainMenuScene)
        reached = menu is not None and bool(menu.buttons) and app.draws + app.frames > 0
    finally:
        app.shutdown()
    if not reached:
        print("frontier-desktop: the main menu was not reached", file=sys.stderr)
        return 1
    print(f"frontier-desktop: reached the main menu ({frames} frames in "
          f"{time.perf_counter() - started:.1f} s)")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Open the window on the main menu and run until the player quits."""
    started = time.perf_counter()

    problem = display_problem()
    if problem is None:
        try:
            app = App(paths=Paths.default())
        except NoDisplayError as exc:
            problem = str(exc)
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2
    start_scenes(app)
    app.started = started  # type: ignore[attr-defined]
    try:
        app.run()
    finally:
        app.shutdown()
    return 0
