"""The pass-the-device screen: covers the table between seats so no hand is seen."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from frontier_desktop.ui.scenes.base import Scene

if TYPE_CHECKING:
    from frontier_desktop.ui.host import UIHost as App


ARM_S = 0.8
"""How long the cover ignores every key and click after it appears: a second press meant for
the table (Space twice to end a turn, a click just after a move that hands over) must not
take it away and show the next player's table to the one who just acted."""

DISMISS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
"""The keys that take the cover away once it is armed, unless the player bound one of them to
a game shortcut (Space, the default "Pass / done", never does)."""


class CoverScene(Scene):
    """Opaque: nothing of the table is drawn while it is up. After :data:`ARM_S` seconds, a
    click on its button or Enter continues; nothing does before."""

    name = "cover"

    def __init__(self, app: App, player: str, reason: str = "", *, seat: int | None = None,
                 players: int = 2) -> None:
        """*seat*: whose marker to show beside the name; *players*: how many sit at the table
        (more than two: everybody else looks away, not "the other player")."""
        super().__init__(app)
        self.player = player
        self.reason = reason
        self.seat = seat
        self.players = players
        self.button: pygame_gui.elements.UIButton | None = None
        self.age = 0.0
        """Seconds the cover has been up (frames' time, so tests step it exactly)."""

    @property
    def armed(self) -> bool:
        """Whether a deliberate click or Enter takes the cover away now."""
        return self.age >= ARM_S

    def build(self) -> None:
        w, h = self.app.size
        px = self.app.px
        # as wide as its label (a long name), up to the frame; the button font is the theme's
        # 15 px bold at the same scale as app.fonts
        font, widest = self.app.fonts.font(15, True), self.app.frame.w - px(40)
        label = f"I am {self.player}: show my table"
        while font.size(label)[0] + px(32) > widest and len(label) > 12:
            label = label[:-2].rstrip() + "…"
        bw = min(widest, max(px(260), font.size(label)[0] + px(32)))
        rect = pygame.Rect(0, 0, bw, px(48))
        rect.center = (w // 2, h // 2 + px(90) + self._shift())
        self.button = pygame_gui.elements.UIButton(rect, label, self.app.ui, object_id="#primary")
        if not self.armed:
            self.button.disable()
        self.widgets = [self.button]

    def update(self, dt: float) -> None:
        was = self.armed
        self.age += max(0.0, dt)
        if self.armed and not was:
            if self.button is not None:
                self.button.enable()
            self.app.request_redraw()

    def is_animating(self) -> bool:
        return not self.armed  # frames until it arms, so its time passes and it redraws

    def _dismiss_key(self, event: pygame.event.Event) -> bool:
        from frontier_desktop.ui.keys import intent_of

        return event.key in DISMISS_KEYS and intent_of(self.app.settings.keys, event) is None

    def _reason_lines(self) -> list[str]:
        inner = min(self.app.size[0], self.app.frame.w) - self.app.px(40)
        return self.app.fonts.wrap(self.reason, 17, inner)[:2] if self.reason else []

    def _shift(self) -> int:
        """How far the button and hint move down for a reason on a second line."""
        if len(self._reason_lines()) < 2:
            return 0
        return self.app.fonts.font(17).get_linesize() + self.app.px(2)

    def dismiss(self) -> None:
        self.app.scenes.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.button:
            if self.armed:
                self.dismiss()
            return True
        if event.type == pygame.KEYDOWN and self.armed and self._dismiss_key(event):
            self.dismiss()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            return False
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        pal, fonts, images = self.app.palette, self.app.fonts, self.app.images
        surface.fill(pal.bg)
        back = images.back((self.app.px(150), int(self.app.px(150) * 88 / 63)))
        for i, dx in enumerate((-70, 0, 70)):
            rot = pygame.transform.rotate(back, (i - 1) * -12)
            surface.blit(rot, rot.get_rect(center=(w // 2 + self.app.px(dx), h // 2 - self.app.px(150))))
        inner = min(w, self.app.frame.w) - self.app.px(40)
        px = self.app.px
        mark = px(16) if self.seat is not None else 0
        t = fonts.fit(f"Pass the device to {self.player}", 34, pal.accent,
                      inner - (2 * mark + px(12) if mark else 0), bold=True)
        at = t.get_rect(center=(w // 2 + (mark + px(6)) // 2 if mark else w // 2,
                                h // 2 + px(10)))
        surface.blit(t, at)
        if self.seat is not None:
            from frontier_desktop.ui.table.markers import draw_marker

            draw_marker(surface, self.seat, (at.left - px(6) - mark, at.centery), mark,
                        pal)
        if self.reason:
            # the reason on up to two lines (a block names the attacker, the area, the blocker)
            lines = self._reason_lines()
            y = h // 2 + px(40)
            for line in lines:
                r = fonts.fit(line, 17, pal.text, inner)
                surface.blit(r, r.get_rect(midtop=(w // 2, y)))
                y += r.get_height() + px(2)
        others = "The other player looks away" if self.players <= 2 else \
            "Everyone else looks away"
        enter = any(k in ("return", "enter") for k in self.app.settings.keys.values())
        hint = fonts.fit(f"{others}, then click the button" +
                         ("." if enter else " or press Enter."), 13, pal.text_dim, inner)
        surface.blit(hint, hint.get_rect(center=(w // 2, h // 2 + px(140) + self._shift())))
