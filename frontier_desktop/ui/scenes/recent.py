"""Recent games: every autosaved game, the most recently played first, to resume any of them.

Each game autosaves to its own file (``ui.games``), so leaving a long game for a puzzle never
loses it. A file that can't be read is listed with what is wrong and where it is kept.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from frontier_desktop.ui.scenes.base import Scene

if TYPE_CHECKING:
    from frontier_desktop.ui.host import UIHost as App


class RecentGamesScene(Scene):
    name = "recent"

    # Design pixels of the 960x600 frame (``App.drect``).
    LIST = (90, 110, 780, 380)
    BUTTONS_Y, BUTTON_W, BUTTON_H = 510, 200, 44

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.games: list[Any] = []
        self.list: pygame_gui.elements.UISelectionList | None = None
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.note = ""

    def build(self) -> None:
        from frontier_desktop.ui import games

        self.games = games.recent_games(self.app.paths.data_dir)
        ui = self.app.ui
        self.list = pygame_gui.elements.UISelectionList(
            self.app.drect(*self.LIST), [], ui)
        # pygame-gui sizes rows at 20 px whatever the font: rows fit the scaled text instead
        self.list.list_item_height = self.app.px(30)
        self.list.set_item_list([self.label(g) for g in self.games])
        x0 = 480 - self.BUTTON_W - 8
        self.buttons = {
            "continue": pygame_gui.elements.UIButton(
                self.app.drect(x0, self.BUTTONS_Y, self.BUTTON_W, self.BUTTON_H), "Continue",
                ui, object_id="#primary"),
            "back": pygame_gui.elements.UIButton(
                self.app.drect(488, self.BUTTONS_Y, self.BUTTON_W, self.BUTTON_H), "Back", ui,
                object_id="#menu_button"),
        }
        if not self.games:
            self.buttons["continue"].disable()
        self.widgets = [self.list, *self.buttons.values()]

    def label(self, game: Any) -> str:
        return f"{game.title()}  —  {game.details()}"

    def selected(self) -> Any:
        if self.list is None:
            return None
        text = self.list.get_single_selection()
        if text is None:
            return self.games[0] if self.games else None
        return next((g for g in self.games if self.label(g) == text), None)

    def resume(self, game: Any) -> None:
        from frontier_desktop.ui.scenes.main_menu import continue_game

        if game is not None:
            self.note = continue_game(self.app, game)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.buttons.get("continue"):
                self.resume(self.selected())
                return True
            if event.ui_element is self.buttons.get("back"):
                self.app.scenes.pop()
                return True
        if event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and \
                event.ui_element is self.list:
            self.resume(self.selected())
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pal, fonts, px = self.app.palette, self.app.fonts, self.app.px
        surface.fill(pal.bg)
        title = fonts.text("Recent games", 36, pal.accent, True)
        surface.blit(title, title.get_rect(center=self.app.dpos(480, 50)))
        if self.note:
            text, colour = self.note, pal.warn
        elif self.games:
            text, colour = ("Every game keeps its own autosave. Pick one and Continue "
                            "(double-click works too)."), pal.text_dim
        else:
            text, colour = "No saved games yet: a game autosaves as soon as it starts.", \
                pal.text_dim
        lines = fonts.wrap(text, 14, px(self.LIST[2]))[:2]
        for i, line in enumerate(lines):
            t = fonts.text(line, 14, colour)
            surface.blit(t, t.get_rect(center=self.app.dpos(480, 84 + i * 18 - 9 * (len(lines) - 1))))
