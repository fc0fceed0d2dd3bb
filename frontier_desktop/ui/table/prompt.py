"""The non-blocking response prompt: the opponent moved or attacked and you may respond.

It floats over the opponent's staging row, names what is waiting, and offers two choices:
"Respond" (fold the prompt away and play an instant, tap lands, use the right-click manual
actions, then press "Let it resolve") or "Let it resolve" (pass at once). The rest of the
table stays live while it shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from frontier_desktop.ui.table.words import Namer, action_words

if TYPE_CHECKING:
    from frontier_desktop.ui.host import UIHost as App


class ResponsePrompt:
    """Where the prompt is and what it says, for one pending action."""

    def __init__(self) -> None:
        self.key: Any = None
        """The pending action it was built for (a new one shows the prompt again)."""
        self.folded = False
        self.text = ""
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.respond_rect = pygame.Rect(0, 0, 0, 0)
        self.resolve_rect = pygame.Rect(0, 0, 0, 0)

    def update(self, view: dict[str, Any], seat: int, names: Namer) -> None:
        pending = view.get("pending") or None
        if not pending or pending.get("responder") != seat:
            self.key = None
            return
        key = repr(sorted(pending.items()))  # the same window while the responder acts
        if key != self.key:
            self.key = key
            self.folded = False
            actor = pending.get("seat")
            if not isinstance(actor, int):  # an older engine: the two-player game's other seat
                actor = view.get("active") if isinstance(view.get("active"), int) else 1 - seat
            words = action_words(pending.get("action") or {}, int(actor), names)
            self.text = (words or f"{names.player(actor)} acted") + "."

    @property
    def showing(self) -> bool:
        return self.key is not None and not self.folded

    def hit(self, pos: tuple[int, int]) -> str | None:
        """``respond``, ``resolve``, ``inside`` or None."""
        if not self.showing:
            return None
        if self.respond_rect.collidepoint(pos):
            return "respond"
        if self.resolve_rect.collidepoint(pos):
            return "resolve"
        return "inside" if self.rect.collidepoint(pos) else None

    def draw(self, surface: pygame.Surface, app: App, area: pygame.Rect,
             mouse: tuple[int, int]) -> None:
        if not self.showing:
            return
        pal, fonts, px = app.palette, app.fonts, app.px
        title = fonts.text("Respond?", 15, pal.accent, True)
        line = fonts.fit(self.text, 14, pal.text, area.w - px(360))
        bw, bh = px(150), px(34)
        w = max(title.get_width(), line.get_width()) + 2 * bw + px(60)
        self.rect = pygame.Rect(0, 0, min(area.w - px(8), w), max(area.h - px(8), bh + px(16)))
        self.rect.center = area.center
        pygame.draw.rect(surface, (0, 0, 0), self.rect.move(3, 5), border_radius=10)
        pygame.draw.rect(surface, pal.bg_panel_hi, self.rect, border_radius=10)
        pygame.draw.rect(surface, pal.accent, self.rect, 2, border_radius=10)
        x = self.rect.x + px(14)
        surface.blit(title, (x, self.rect.centery - title.get_height() - 1))
        surface.blit(line, (x, self.rect.centery + 1))
        self.resolve_rect = pygame.Rect(0, 0, bw, bh)
        self.resolve_rect.midright = (self.rect.right - px(12), self.rect.centery)
        self.respond_rect = pygame.Rect(0, 0, bw, bh)
        self.respond_rect.midright = (self.resolve_rect.left - px(8), self.rect.centery)
        for rect, label, primary in ((self.respond_rect, "Respond…", False),
                                     (self.resolve_rect, "Let it resolve", True)):
            hover = rect.collidepoint(mouse)
            fill = pal.accent if primary else pal.bg_panel
            if hover:
                fill = tuple(min(255, c + 25) for c in fill)
            pygame.draw.rect(surface, fill, rect, border_radius=7)
            pygame.draw.rect(surface, pal.accent, rect, 1, border_radius=7)
            ink = pal.bg if primary else pal.text
            t = fonts.text(label, 14, ink, True)
            surface.blit(t, t.get_rect(center=rect.center))
