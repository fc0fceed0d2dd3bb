"""Replay viewer: step through a game record action by action, or jump to a turn or phase.

Shows the board as it was from any player's view (each seat in turn); once the game is over,
"All" reveals everything. States are computed by replaying the record (each step applies one
action to the previous state, cached), never by reading a live game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from frontier_desktop.record import initial_state
from frontier_desktop.rules import apply
from frontier_desktop.rules.views import describe, log_view
from frontier_desktop.ui.games import CardInfo
from frontier_desktop.ui.scenes.base import Scene
from frontier_desktop.ui.table.render import TableRenderer
from frontier_desktop.ui.table.words import Namer, action_sentence, entry_lines

if TYPE_CHECKING:
    from frontier_desktop.ui.host import UIHost as App


class ReplayScene(Scene):
    name = "replay"

    def __init__(self, app: App, header: Mapping[str, Any],
                 actions: Sequence[Mapping[str, Any]]) -> None:
        super().__init__(app)
        self.header = header
        self.actions = list(actions)
        self.states = [initial_state(header)]
        self.index = 0
        self.viewer: int | None = 0
        self.renderer = TableRenderer(app, CardInfo(header))
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.error = ""
        self.names = Namer([p.name for p in self.states[0].players])
        """Player and unit names of the step shown (the "Next:" line uses them)."""

    def state_at(self, k: int) -> Any:
        k = max(0, min(k, len(self.actions)))
        while len(self.states) <= k:
            i = len(self.states) - 1
            line = self.actions[i]
            try:
                new, _ = apply(self.states[-1], line["action"], line["seat"])
            except ValueError as exc:
                self.error = f"action {i + 1} doesn't replay: {exc}"
                self.actions = self.actions[:i]
                return self.states[-1]
            self.states.append(new)
        return self.states[k]

    def build(self) -> None:
        self.show(self.index)
        lay = self.renderer.layout
        assert lay is not None
        px = self.app.px
        box = lay.status
        bw, bh = (box.w - 3 * px(6)) // 4, px(36)
        y = box.bottom - bh
        self.buttons = {}
        for i, (key, label) in enumerate((("first", "|<"), ("prev", "<"), ("next", ">"),
                                          ("last", ">|"))):
            self.buttons[key] = pygame_gui.elements.UIButton(
                pygame.Rect(box.x + i * (bw + px(6)), y, bw, bh), label, self.app.ui)
        y -= bh + px(6)
        half = box.w // 2 - px(3)
        for row in ((("prev_phase", "‹ Phase"), ("next_phase", "Phase ›")),
                    (("prev_turn", "« Turn"), ("next_turn", "Turn »"))):
            for i, (key, label) in enumerate(row):
                self.buttons[key] = pygame_gui.elements.UIButton(
                    pygame.Rect(box.x + i * (half + px(6)), y, half, bh), label, self.app.ui)
            y -= bh + px(6)
        # one row for both, so the text above has room in a 600-pixel window
        self.buttons["view"] = pygame_gui.elements.UIButton(
            pygame.Rect(box.x + half + px(6), y, half, bh), "View", self.app.ui)
        self.buttons["close"] = pygame_gui.elements.UIButton(
            pygame.Rect(box.x, y, half, bh), "Close", self.app.ui, object_id="#danger")
        self.widgets = list(self.buttons.values())

    def show(self, k: int) -> None:
        state = self.state_at(k)
        self.index = max(0, min(k, len(self.states) - 1))
        state = self.states[self.index]
        final = self.state_at(len(self.actions))
        if self.viewer is None and not final.game_over:
            self.viewer = 0
        seat = self.viewer if self.viewer is not None else 0
        view = describe(state, viewer=self.viewer, reveal=self.viewer is None)
        names = Namer([p.name for p in state.players])
        for unit in view.get("units", []):
            names.units[str(unit["id"])] = unit.get("name", "?")
        self.names = names
        lines: list[str] = []
        for entry in log_view(state, self.viewer):
            lines.extend(entry_lines(entry, names))
        self.renderer.set_view(view, seat, lines, hidden_hand=False)

    def jump_turn(self, delta: int) -> None:
        """To the start of the next (``delta`` 1) or previous (-1) turn."""
        self._jump(delta, lambda state: state.turn)

    def jump_phase(self, delta: int) -> None:
        """To the start of the next or previous phase (or step)."""
        self._jump(delta, lambda state: (state.turn, state.phase))

    def _jump(self, delta: int, key: Callable[[Any], Any]) -> None:
        here = key(self.states[self.index])
        k = self.index
        while 0 <= k + delta <= len(self.actions):
            k += delta
            if key(self.state_at(k)) != here:
                if delta < 0:  # go to the start of that earlier turn or phase
                    there = key(self.state_at(k))
                    while k > 0 and key(self.state_at(k - 1)) == there:
                        k -= 1
                break
        self.show(k)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            key = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
            if key is None:
                return False
            if key == "close":
                self.app.scenes.pop()
            elif key == "first":
                self.show(0)
            elif key == "prev":
                self.show(self.index - 1)
            elif key == "next":
                self.show(self.index + 1)
            elif key == "last":
                self.show(len(self.actions))
            elif key == "prev_turn":
                self.jump_turn(-1)
            elif key == "next_turn":
                self.jump_turn(1)
            elif key == "prev_phase":
                self.jump_phase(-1)
            elif key == "next_phase":
                self.jump_phase(1)
            elif key == "view":
                final = self.state_at(len(self.actions))
                seats = range(len(final.players))  # every seat, for three and four too
                order: list[int | None] = [*seats, *([None] if final.game_over else [])]
                self.viewer = order[(order.index(self.viewer) + 1) % len(order)]
                self.show(self.index)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_RIGHT:
                self.show(self.index + 1)
            elif event.key == pygame.K_LEFT:
                self.show(self.index - 1)
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.jump_phase(1 if event.key == pygame.K_DOWN else -1)
            elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.jump_turn(1 if event.key == pygame.K_PAGEDOWN else -1)
            elif event.key == pygame.K_ESCAPE:
                self.app.scenes.pop()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        r = self.renderer
        r.prepare(self.app.size)
        r.draw_static(surface)
        shown = [sp for sp in r.sprites.values() if not sp.hidden]  # under a stack's top
        for sprite in shown:
            r.draw_sprite(surface, sprite, badges=False)
        for sprite in shown:
            r.draw_badges(surface, sprite)
        lay = r.layout
        assert lay is not None
        pal, fonts = self.app.palette, self.app.fonts
        y = lay.status.y + 6
        # the text stops above the topmost button (they are stacked from the bottom)
        limit = min((b.rect.y for b in self.buttons.values()), default=lay.status.bottom) - \
            self.app.px(4)
        who = "all revealed" if self.viewer is None else \
            f"as {self.states[0].players[self.viewer].name} saw it"
        for text, colour, size in (("Replay", pal.accent, 18), (r.phase_text(), pal.text, 14),
                                   (f"Action {self.index} of {len(self.actions)}", pal.text, 14),
                                   (who, pal.text_dim, 13), (self.error, pal.warn, 12)):
            if not text:
                continue
            for line in fonts.wrap(text, size, lay.status.w, bold=True):
                t = fonts.fit(line, size, colour, lay.status.w, bold=True)
                if y + t.get_height() > limit:
                    return
                surface.blit(t, (lay.status.x, y))
                y += t.get_height() + 2
        if self.index < len(self.actions) and y + 6 + fonts.font(12).get_linesize() <= limit:
            nxt = self.actions[self.index]
            sentence = action_sentence(nxt["action"], int(nxt["seat"]), self.names)
            t = fonts.fit(f"Next: {sentence}", 12, pal.text_dim, lay.status.w)
            surface.blit(t, (lay.status.x, y + 6))
