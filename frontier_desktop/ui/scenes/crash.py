"""What the player sees when something breaks: a problem dialog in words, and the way on.

:class:`CrashScene` replaces every scene after an unexpected exception (the app logged it with
its traceback first): it says that the game is autosaved, where the log is, and offers "Copy
details" (the traceback, for a bug report), "Main menu" (Continue resumes the game) and
"Quit". :class:`ProblemScene` is the same dialog for the problems a player can meet and fix
(no network, a port in use, a damaged file): what happened and what to do, one OK button.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from frontier_desktop.ui.scenes.base import Scene, centred_box

if TYPE_CHECKING:
    from frontier_desktop.ui.host import UIHost as App


def copy_text(text: str) -> bool:
    """Put *text* on the clipboard; False when there is no clipboard (a dummy display)."""
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError, NotImplementedError):
        return False
    try:
        return bool(pygame.scrap.get_text() == text)
    except (pygame.error, AttributeError, NotImplementedError):
        return True


class ProblemScene(Scene):
    """A dialog over the current scene: a title, what happened and what to do, and OK."""

    opaque = False
    name = "problem"
    WIDTH, HEIGHT = 600, 250

    def __init__(self, app: App, title: str, text: str) -> None:
        super().__init__(app)
        self.title = title
        self.text = text
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}

    def _box(self) -> pygame.Rect:
        return centred_box(self.app, self.WIDTH, self.HEIGHT)

    def button_specs(self) -> list[tuple[str, str, str]]:
        """(key, label, object id) of the buttons, left to right."""
        return [("ok", "OK", "#primary")]

    def build(self) -> None:
        box, px = self._box(), self.app.px
        specs = self.button_specs()
        bw, bh, gap = px(170), px(40), px(14)
        x = box.centerx - (len(specs) * bw + (len(specs) - 1) * gap) // 2
        self.buttons = {}
        for key, label, oid in specs:
            rect = pygame.Rect(x, box.bottom - bh - px(18), bw, bh)
            self.buttons[key] = pygame_gui.elements.UIButton(rect, label, self.app.ui,
                                                             object_id=oid)
            x += bw + gap
        self.widgets = list(self.buttons.values())

    def press(self, key: str) -> None:
        self.app.scenes.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, button in self.buttons.items():
                if event.ui_element is button:
                    self.press(key)
                    return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.press("ok" if "ok" in self.buttons else "menu")
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def lines(self) -> list[str]:
        return [self.text]

    def draw(self, surface: pygame.Surface) -> None:
        from frontier_desktop.ui.scenes.base import draw_modal

        pal, fonts, px = self.app.palette, self.app.fonts, self.app.px
        box = self._box()
        draw_modal(surface, self.app, box, alpha=170)
        title = fonts.text(self.title, 20, pal.accent, True)
        surface.blit(title, (box.x + px(24), box.y + px(18)))
        y = box.y + px(56)
        for paragraph in self.lines():
            for line in fonts.wrap(paragraph, 15, box.w - px(48)):
                t = fonts.text(line, 15, pal.text)
                surface.blit(t, (box.x + px(24), y))
                y += t.get_height() + px(2)
            y += px(8)


class CrashScene(ProblemScene):
    """After an unexpected exception: the log's place, Copy details, Main menu, Quit."""

    opaque = True
    name = "crash"
    WIDTH, HEIGHT = 680, 320

    def __init__(self, app: App, details: str, log_path: str | None) -> None:
        super().__init__(app, "Something went wrong", "")
        self.details = details
        """The traceback and version, for "Copy details" (never drawn)."""
        self.log_path = log_path
        self.note = ""

    def button_specs(self) -> list[tuple[str, str, str]]:
        return [("copy", "Copy details", "#menu_button"), ("menu", "Main menu", "#primary"),
                ("quit", "Quit", "#menu_button")]

    def lines(self) -> list[str]:
        where = (f"The details are in the log file:\n{self.log_path}" if self.log_path
                 else "The log file could not be written.")
        out = ["Frontier Desktop hit an unexpected problem and stopped what it was doing. "
               "Your game is autosaved: choose Main menu, then Continue to resume it.",
               where, "Copy details puts them on the clipboard, for a bug report."]
        if self.note:
            out.append(self.note)
        return out

    def press(self, key: str) -> None:
        if key == "copy":
            self.note = ("The details are on the clipboard." if copy_text(self.details)
                         else "No clipboard here: the details are in the log file above.")
        elif key == "menu":
            from frontier_desktop.ui.scenes.main_menu import MainMenuScene

            self.app.scenes.reset(MainMenuScene(self.app))
        elif key == "quit":
            self.app.quit()
