"""Game over: the winner, turns played, and the way to the replay or the menu."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from frontier_desktop.ui.scenes.base import Scene, draw_modal

if TYPE_CHECKING:
    from frontier_desktop.ui.host import UIHost as App
    from frontier_desktop.ui.scenes.table import TableScene

_Line = tuple[str, int, Any, bool, int, int]
"""One line of the panel: text, size, colour, bold, width it is fitted to, its height."""


class GameOverScene(Scene):
    """A banner over the final board (not opaque: the table shows through)."""

    opaque = False
    name = "game-over"

    def __init__(self, app: App, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self._laid_out: tuple[pygame.Rect, list[tuple[_Line, int]]] | None = None

    WIDTH, MIN_HEIGHT = 560, 300
    """The panel in design pixels; it grows downwards for long reasons and names."""

    def _box(self) -> pygame.Rect:
        return self._layout()[0]

    def _layout(self) -> tuple[pygame.Rect, list[tuple[_Line, int]]]:
        """The panel and every line of text in it, top to bottom (wrapped to the panel, the
        buttons below the last line); kept until the next :meth:`build`."""
        if self._laid_out is not None:
            return self._laid_out
        app, pal, fonts, px = self.app, self.app.palette, self.app.fonts, self.app.px
        w, h = app.size
        width = min(px(self.WIDTH), w - px(40))
        inner = width - px(40)
        blocks: list[tuple[str, int, Any, bool, int]] = []  # text, size, colour, bold, gap
        title, lines = self._texts()
        blocks.append((title, 36, pal.accent, True, px(14)))
        for i, (text, accent) in enumerate(lines):
            gap = px(6) if i < len(lines) - 1 else 0
            blocks.append((text, 17, pal.accent if accent else pal.text, accent, gap))
        rendered: list[tuple[_Line, int]] = []
        for text, size, colour, bold, gap in blocks:
            wrapped = fonts.wrap(text, size, inner, bold) if size < 36 else [text]
            for j, line in enumerate(wrapped):
                h_line = fonts.fit(line, size, colour, inner, bold).get_height()
                rendered.append(((line, size, colour, bold, inner, h_line),
                                 gap if j == len(wrapped) - 1 else px(2)))
        text_h = sum(line[5] + gap for line, gap in rendered)
        top, buttons = px(28), px(24 + 42 + 24)
        height = min(max(px(self.MIN_HEIGHT), top + text_h + buttons), h - px(20))
        box = pygame.Rect(0, 0, width, height)
        box.center = (w // 2, h // 2)
        placed: list[tuple[_Line, int]] = []
        y = box.y + top
        for line, gap in rendered:
            placed.append((line, y))
            y += line[5] + gap
        self._laid_out = (box, placed)
        return self._laid_out

    def _texts(self) -> tuple[str, list[tuple[str, bool]]]:
        """The title and the lines under it (``(text, accent)``): how it ended (a LAN
        table's ``end_reason``, e.g. "You resigned.", else the log's), turns, life totals."""
        view = self.table.view
        winner = view.get("winner")
        players = view.get("players", [])
        if winner is not None and winner < len(players):
            title = f"{players[winner]['name']} wins!"
        else:
            title = "The game is a draw"
        lines: list[tuple[str, bool]] = []
        reason = str(getattr(self.table, "end_reason", "") or "")
        how = reason or self._how_it_ended(players)
        if how:
            lines.append((how, bool(reason)))
        lines.append((f"Turns played: {view.get('turn')}", False))
        if view.get("variant") == "conquering":
            # no life there: each player's areas, or that they were eliminated
            from frontier_desktop.ui.table.players import areas_held

            lines.append((" · ".join(
                f"{p['name']}: " + ("eliminated" if (p.get("eliminated") or p.get("lost"))
                                    and seat != winner else
                                    f"{areas_held(view, seat)} area"
                                    f"{'' if areas_held(view, seat) == 1 else 's'}")
                for seat, p in enumerate(players)), False))
        elif view.get("variant") == "wargame":
            # no life there either: the strongholds each player holds at the end
            strongholds = (view.get("board") or {}).get("strongholds") or []

            def held(seat: int) -> str:
                n = sum(1 for s in strongholds if s.get("controller") == seat)
                return f"{n} stronghold{'' if n == 1 else 's'}"

            lines.append((" · ".join(f"{p['name']}: {held(seat)}"
                                     for seat, p in enumerate(players)), False))
        else:
            lines.append((" · ".join(f"{p['name']}: {p['life']} life" for p in players),
                          False))
        return title, lines

    def build(self) -> None:
        self._laid_out = None
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
        def name(seat: int) -> str:
            return players[seat]["name"] if seat < len(players) else f"Player {seat + 1}"

        won = ""
        for entry in entries:
            for event in entry.get("events", ()):
                seat = event.get("player")
                if event.get("type") == "lost" and isinstance(seat, int):
                    why = reasons.get(str(event.get("reason")), str(event.get("reason", "lost")))
                    out.append(f"{name(seat)} {why}.")
                elif event.get("type") == "eliminated" and isinstance(seat, int):
                    # the Conquering: each player out before the end, and why
                    why = str(event.get("reason") or "")
                    out.append(f"{name(seat)} was eliminated" + (f" ({why})." if why else "."))
                elif event.get("type") == "game_over" and isinstance(event.get("winner"), int) \
                        and isinstance(event.get("reason"), str) and event["reason"]:
                    won = f"{name(event['winner'])} {_won_words(event['reason'], len(players))}."
        if won:  # how the winner won, then who went out (up to three)
            return " ".join([won, *out[-3:]])
        return " ".join(out[-2:])

    def draw(self, surface: pygame.Surface) -> None:
        box, lines = self._layout()
        draw_modal(surface, self.app, box, alpha=160, radius=16, border=3)
        fonts = self.app.fonts
        for (text, size, colour, bold, width, _), y in lines:
            surf = fonts.fit(text, size, colour, width, bold)  # cached by the fonts
            surface.blit(surf, surf.get_rect(midtop=(box.centerx, y)))


AREAS = {2: 9, 3: 12, 4: 15}
"""The Conquering: areas on the board, by number of players."""


def _won_words(reason: str, players: int) -> str:
    """The rules' win reason for the panel: "controls 7 areas" → "holds 7 of the 12 areas"."""
    parts = reason.split()
    if len(parts) == 3 and parts[0] == "controls" and parts[1].isdigit() and \
            players in AREAS:
        return f"holds {parts[1]} of the {AREAS[players]} areas"
    return reason
