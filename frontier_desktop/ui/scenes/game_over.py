"""Game over: the winner, turns played, and the way to the replay or the menu."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from frontier_desktop.ui.scenes.base import Scene, centred_box, draw_modal

if TYPE_CHECKING:
    from frontier_desktop.ui.host import UIHost as App
    from frontier_desktop.ui.scenes.table import TableScene


class GameOverScene(Scene):
    """A banner over the final board (not opaque: the table shows through)."""

    opaque = False
    name = "game-over"

    def __init__(self, app: App, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}

    def _box(self) -> pygame.Rect:
        return centred_box(self.app, 560, 300)

    def build(self) -> None:
        box = self._box()
        bw, bh = self.app.px(160), self.app.px(42)
        y = box.bottom - bh - self.app.px(24)
        specs = [("replay", "Watch replay", "#primary"), ("board", "Look at board", None),
                 ("menu", "Main menu", None)]
        gap = self.app.px(12)
        x = box.centerx - (3 * bw + 2 * gap) // 2
        self.buttons = {}
        for key, label, oid in specs:
            self.buttons[key] = pygame_gui.elements.UIButton(
                pygame.Rect(x, y, bw, bh), label, self.app.ui, object_id=oid)
            x += bw + gap
        self.widgets = list(self.buttons.values())

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.buttons.get("menu"):
                from frontier_desktop.ui.scenes.main_menu import MainMenuScene

                self.app.scenes.reset(MainMenuScene(self.app))
                return True
            if event.ui_element is self.buttons.get("board"):
                self.app.scenes.pop()
                return True
            if event.ui_element is self.buttons.get("replay"):
                from frontier_desktop.ui.scenes.replay import ReplayScene

                s = self.table.session
                if s.record_header is not None:
                    self.app.scenes.push(ReplayScene(self.app, s.record_header, list(s.actions)))
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def _how_it_ended(self, players: list[dict[str, Any]]) -> str:
        """Why the loser lost, from the last ``lost`` events of the log ("Ann conceded")."""
        reasons = {"conceded": "conceded", "life 0 or less": "fell to 0 life",
                   "drew from an empty library": "had to draw from an empty library"}
        out = []
        try:
            entries = self.table.session.log(self.table.seat)
        except Exception:  # a LAN guest without a log yet: the title says enough
            return ""
        for entry in entries:
            for event in entry.get("events", ()):
                if event.get("type") == "lost" and isinstance(event.get("player"), int):
                    seat = event["player"]
                    name = players[seat]["name"] if seat < len(players) else f"Player {seat + 1}"
                    why = reasons.get(str(event.get("reason")), str(event.get("reason", "lost")))
                    out.append(f"{name} {why}.")
        return " ".join(out[-2:])

    def draw(self, surface: pygame.Surface) -> None:
        pal, fonts = self.app.palette, self.app.fonts
        box = self._box()
        draw_modal(surface, self.app, box, alpha=160, radius=16, border=3)
        view = self.table.view
        winner = view.get("winner")
        players = view.get("players", [])
        if winner is not None and winner < len(players):
            title = f"{players[winner]['name']} wins!"
        else:
            title = "The game is a draw"
        inner = box.w - self.app.px(40)
        t = fonts.fit(title, 36, pal.accent, inner, bold=True)
        surface.blit(t, t.get_rect(midtop=(box.centerx, box.y + self.app.px(28))))
        lines = [f"Turns played: {view.get('turn')}",
                 "   ".join(f"{p['name']}: {p['life']} life" for p in players)]
        how = self._how_it_ended(players)
        if how:
            lines.insert(0, how)
        y = box.y + self.app.px(100)
        for line in lines:
            s = fonts.fit(line, 17, pal.text, inner)
            surface.blit(s, s.get_rect(midtop=(box.centerx, y)))
            y += s.get_height() + self.app.px(6)
