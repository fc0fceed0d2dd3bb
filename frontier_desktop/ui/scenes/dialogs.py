"""Small modal dialogs drawn over the current scene."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from frontier_desktop.ui.scenes.base import Scene, centred_box, draw_modal

if TYPE_CHECKING:
    from frontier_desktop.ui.host import UIHost as App


class ConfirmScene(Scene):
    """Ask before a destructive action (concede, leave a game). Esc or No cancels."""

    opaque = False
    name = "confirm"

    def __init__(self, app: App, question: str, on_yes: Callable[[], None]) -> None:
        super().__init__(app)
        self.question = question
        self.on_yes = on_yes
        self.yes: pygame_gui.elements.UIButton | None = None
        self.no: pygame_gui.elements.UIButton | None = None

    def _box(self) -> pygame.Rect:
        return centred_box(self.app, 520, 170)

    def build(self) -> None:
        box = self._box()
        bw, bh = self.app.px(150), self.app.px(40)
        self.yes = pygame_gui.elements.UIButton(
            pygame.Rect(box.centerx - bw - 10, box.bottom - bh - 20, bw, bh), "Yes", self.app.ui,
            object_id="#danger")
        self.no = pygame_gui.elements.UIButton(
            pygame.Rect(box.centerx + 10, box.bottom - bh - 20, bw, bh), "No", self.app.ui)
        self.widgets = [self.yes, self.no]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.yes:
                self.app.scenes.pop()
                self.on_yes()
                return True
            if event.ui_element is self.no:
                self.app.scenes.pop()
                return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.scenes.pop()
            elif event.key == pygame.K_RETURN:
                self.app.scenes.pop()
                self.on_yes()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surface: pygame.Surface) -> None:
        pal, fonts = self.app.palette, self.app.fonts
        box = self._box()
        draw_modal(surface, self.app, box)
        y = box.y + 24
        for line in fonts.wrap(self.question, 17, box.w - 40):
            t = fonts.text(line, 17, pal.text, True)
            surface.blit(t, t.get_rect(midtop=(box.centerx, y)))
            y += t.get_height() + 2


def safe_file_stem(name: str) -> str:
    """A file name from what the player typed: letters, digits, spaces, - and _ kept."""
    import re

    stem = re.sub(r"[^\w\- ]+", "", name, flags=re.UNICODE).strip().replace(" ", "_")
    return stem[:60] or "game"


class SaveAsScene(Scene):
    """Ask for a name and save the game record there (``user_data_dir/saves/NAME.jsonl``)."""

    opaque = False
    name = "save_as"

    def __init__(self, app: App, default: str, on_save: Callable[[str], str]) -> None:
        super().__init__(app)
        self.default = default
        self.on_save = on_save
        """Called with the chosen name; returns a message for the player."""
        self.entry: pygame_gui.elements.UITextEntryLine | None = None
        self.ok: pygame_gui.elements.UIButton | None = None
        self.cancel: pygame_gui.elements.UIButton | None = None

    def _box(self) -> pygame.Rect:
        return centred_box(self.app, 520, 190)

    def build(self) -> None:
        box, px = self._box(), self.app.px
        self.entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(box.x + px(30), box.y + px(62), box.w - px(60), px(38)), self.app.ui)
        self.entry.set_text(self.default)
        self.entry.focus()
        bw, bh = px(150), px(40)
        self.ok = pygame_gui.elements.UIButton(
            pygame.Rect(box.centerx + 10, box.bottom - bh - px(18), bw, bh), "Save", self.app.ui,
            object_id="#primary")
        self.cancel = pygame_gui.elements.UIButton(
            pygame.Rect(box.centerx - bw - 10, box.bottom - bh - px(18), bw, bh), "Cancel",
            self.app.ui)
        self.widgets = [self.entry, self.ok, self.cancel]

    def save(self) -> None:
        assert self.entry is not None
        name = self.entry.get_text().strip() or self.default
        self.app.scenes.pop()
        self.on_save(name)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.ok:
                self.save()
                return True
            if event.ui_element is self.cancel:
                self.app.scenes.pop()
                return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.save()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def draw(self, surface: pygame.Surface) -> None:
        pal, fonts = self.app.palette, self.app.fonts
        box = self._box()
        draw_modal(surface, self.app, box)
        t = fonts.text("Save the game as", 17, pal.text, True)
        surface.blit(t, (box.x + self.app.px(30), box.y + self.app.px(24)))
