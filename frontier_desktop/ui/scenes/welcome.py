"""The first-run welcome: what the game is, Quick game, where cards come from, offline mode.

Shown over the main menu the first time (``Settings.welcome_seen`` is False) and from Help;
closing it by any way remembers it in the settings, so it never comes back by itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from frontier_desktop.ui.scenes.base import Scene, centred_box, draw_modal

if TYPE_CHECKING:
    from frontier_desktop.ui.host import UIHost as App

PARAGRAPHS: tuple[tuple[str, str], ...] = (
    ("What it is", "A tabletop for the grid-based Magic: the Gathering variants. Frontier "
     "Magic: the lands of both decks become a board of face-down squares, and creatures march "
     "over it, scout and fight for terrain. Army Magic: armies bought with points explore a "
     "board of lands with life dice and fight for them. Magic: the Conquering: up to four "
     "players take areas. Magic: the War Game: march on the other players' strongholds."),
    ("Quick game", "Starts at once: two players at this computer with the two sample decks. "
     "A cover screen hides the table whenever it is the other player's turn to look."),
    ("Where cards come from", "Card data and images come from Scryfall (scryfall.com) when "
     "first needed and are kept in the card cache on this computer. A pool of cards ships "
     "with the game, so the sample decks play with no network at all."),
    ("Offline", "Turn on Offline in Settings and the game never uses the network: cards come "
     "from the bundled pool and your card cache, and cards without an image are drawn as "
     "frames with their text."),
)
BOX = (780, 480)
"""The dialog's size in design pixels (fits the smallest window at any UI scale)."""


class WelcomeScene(Scene):
    """A dialog over the menu: four short paragraphs, Quick game, Help, and Start."""

    opaque = False
    name = "welcome"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.drawn = (0, 0, 0)

    def _box(self) -> pygame.Rect:
        return centred_box(self.app, *BOX)

    def build(self) -> None:
        box, px = self._box(), self.app.px
        bw, bh, gap = px(210), px(42), px(16)
        specs = (("rules", "Read the rules", "#menu_button"),
                 ("quick", "Quick game", "#menu_primary"),
                 ("close", "To the main menu", "#menu_button"))
        x = box.centerx - (3 * bw + 2 * gap) // 2
        self.buttons = {}
        for key, label, oid in specs:
            self.buttons[key] = pygame_gui.elements.UIButton(
                pygame.Rect(x, box.bottom - bh - px(20), bw, bh), label, self.app.ui,
                object_id=oid)
            x += bw + gap
        self.widgets = list(self.buttons.values())

    def done(self) -> None:
        """Remember that the welcome was seen, and close it."""
        self.app.settings.welcome_seen = True
        self.app.scenes.pop()

    def press(self, key: str) -> None:
        self.done()
        if key == "quick":
            from frontier_desktop.ui.scenes.main_menu import MainMenuScene

            menu = self.app.scenes.find(MainMenuScene)
            if menu is not None:
                menu.activate("quick")
        elif key == "rules":
            from frontier_desktop.ui.scenes.help import HelpScene

            if self.app.scenes.find(HelpScene) is None:
                self.app.scenes.push(HelpScene(self.app))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, button in self.buttons.items():
                if event.ui_element is button:
                    self.press(key)
                    return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.press("close")
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surface: pygame.Surface) -> None:
        pal, fonts, px = self.app.palette, self.app.fonts, self.app.px
        box = self._box()
        draw_modal(surface, self.app, box, alpha=170)
        title = fonts.text("Welcome to Frontier Desktop", 26, pal.accent, True)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + px(20))))
        y = box.y + px(70)
        width = box.w - px(60)
        for heading, text in PARAGRAPHS:
            h = fonts.text(heading, 16, pal.accent, True)
            surface.blit(h, (box.x + px(30), y))
            y += h.get_height()
            for line in fonts.wrap(text, 14, width):
                t = fonts.text(line, 14, pal.text)
                surface.blit(t, (box.x + px(30), y))
                y += t.get_height()
            y += px(8)
        note = fonts.fit("Shown once. Help (F1, or Help on the main menu) shows it again.", 13,
                         pal.text_dim, width)
        where = note.get_rect(midbottom=(box.centerx, box.bottom - px(72)))
        surface.blit(note, where)
        self.drawn = (y, where.top, where.bottom)
        """Where the last frame's text ended, and the note's top and bottom (tests check
        that nothing overlaps at every scale)."""
