"""The consent prompt: the other player asks to carry out card text on your things.

Under the rules option ``manual_consent`` (every LAN game; a New game setting in hot-seat) a
manual action on the other player's things is a ``consent`` decision for them. The player
asked sees a panel over the top of the board: who asks, what would happen (in words), the
card it is for (hover its name to see it in the preview, click to pin it), and Accept /
Decline. The player who asked sees "Waiting for Ann to accept or decline…". The panel is not
modal: everything outside it works as usual (the preview, the log, chat, menus).

Variant-blind: it reads only ``view["decision"]`` and the words of
:mod:`~frontier_desktop.ui.table.words`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from frontier_desktop.ui.table.words import request_words

if TYPE_CHECKING:
    from frontier_desktop.ui.scenes.table import TableScene


@dataclass
class Geometry:
    panel: pygame.Rect
    card: pygame.Rect = field(default_factory=pygame.Rect)
    """The card's name (hover: the preview shows it)."""
    accept: pygame.Rect = field(default_factory=pygame.Rect)
    decline: pygame.Rect = field(default_factory=pygame.Rect)


class ConsentPrompt:
    """The table's consent prompt for the seat at the screen."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene

    # ------------------------------------------------------------------ state
    @property
    def request(self) -> dict[str, Any] | None:
        """The open request the seat at the screen asked or must answer (else None)."""
        view = self.scene.view or {}
        d = view.get("decision")
        if not isinstance(d, dict) or d.get("kind") != "consent" or view.get("game_over"):
            return None
        if self.scene.seat not in (d.get("player"), d.get("by")):
            return None
        return d

    @property
    def asked(self) -> bool:
        """Whether the seat at the screen is the one asked (else it is the one waiting)."""
        d = self.request
        return d is not None and d.get("player") == self.scene.seat

    def lines(self) -> tuple[str, str]:
        """(title, what would happen) in words."""
        d = self.request
        assert d is not None
        names = self.scene.names
        what = request_words(d.get("action"), d.get("by"), names)
        if self.asked:
            return f"{names.player(d.get('by'))} asks you to accept", what
        return (f"Waiting for {names.player(d.get('player'))} to accept or decline…", what)

    def answer(self, accept: bool) -> None:
        if not self.asked:
            return
        result = self.scene.submit({"type": "choose", "choice": "accept" if accept else "decline"})
        if not result.ok:
            self.scene.say(result.reason)

    # ------------------------------------------------------------------ layout
    def geometry(self) -> Geometry | None:
        lay = self.scene.renderer.layout
        if lay is None or self.request is None:
            return None
        px = self.scene.app.px
        asked = self.asked
        panel = pygame.Rect(0, 0, min(px(620), lay.board.w - px(16)), px(150 if asked else 96))
        panel.midtop = (lay.board.centerx, lay.board.y + px(8))
        geo = Geometry(panel)
        d = self.request
        assert d is not None
        if d.get("for"):
            geo.card = pygame.Rect(panel.x + px(18), panel.y + px(76 if asked else 66),
                                   panel.w - px(36), px(22))
        if asked:
            bw, bh = px(150), px(34)
            y = panel.bottom - bh - px(12)
            geo.accept = pygame.Rect(panel.centerx - bw - px(8), y, bw, bh)
            geo.decline = pygame.Rect(panel.centerx + px(8), y, bw, bh)
        return geo

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Clicks on the panel (True: consumed); the card's name feeds the preview."""
        if self.scene.local.help:
            return False
        geo = self.geometry()
        if geo is None or event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN,
                                             pygame.MOUSEBUTTONUP):
            return False
        pos = event.pos
        d = self.request
        assert d is not None
        card = d.get("for")
        st = self.scene.local
        if event.type == pygame.MOUSEMOTION:
            if card and geo.card.collidepoint(pos):
                st.hover = ("card", card)
                return True
            return False  # hover previews still follow the mouse elsewhere
        if not geo.panel.collidepoint(pos):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if geo.accept.collidepoint(pos):
                self.answer(True)
            elif geo.decline.collidepoint(pos):
                self.answer(False)
            elif card and geo.card.collidepoint(pos):
                st.pinned = ("card", card)
        return True

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        if self.scene.local.help:
            return
        geo = self.geometry()
        if geo is None:
            return
        d = self.request
        assert d is not None
        s = self.scene
        pal, fonts, px = s.app.palette, s.app.fonts, s.app.px
        mouse = s.input.mouse
        colour = pal.warn if self.asked else pal.accent
        pygame.draw.rect(surface, (0, 0, 0), geo.panel.move(px(5), px(7)), border_radius=px(10))
        pygame.draw.rect(surface, pal.bg_panel_hi, geo.panel, border_radius=px(10))
        pygame.draw.rect(surface, colour, geo.panel, 2, border_radius=px(10))
        title, what = self.lines()
        inner = geo.panel.w - px(36)
        y = geo.panel.y + px(12)
        for text, size, tint, bold in ((title, 18, colour, True), (what, 15, pal.text, False)):
            t = fonts.fit(text, size, tint, inner, bold=bold)
            surface.blit(t, (geo.panel.x + px(18), y))
            y += t.get_height() + px(6)
        card = d.get("for")
        if card:
            hot = geo.card.collidepoint(mouse)
            t = fonts.fit(f"For: {card}  (hover to see the card)", 14,
                          pal.select if hot else pal.text_dim, geo.card.w, bold=hot)
            surface.blit(t, t.get_rect(midleft=(geo.card.x, geo.card.centery)))
        elif self.asked:
            t = fonts.fit("No card named: ask them which card this is for", 13, pal.text_dim,
                          inner)
            surface.blit(t, (geo.panel.x + px(18), geo.panel.y + px(76)))
        for rect, text, primary in ((geo.accept, "Accept", True), (geo.decline, "Decline", False)):
            if not rect.w:
                continue
            hot = rect.collidepoint(mouse)
            pygame.draw.rect(surface, pal.accent if primary else pal.bg_panel, rect,
                             border_radius=px(8))
            pygame.draw.rect(surface, pal.select if hot else pal.text_dim, rect, 1,
                             border_radius=px(8))
            t = fonts.text(text, 15, pal.bg if primary else pal.text, True)
            surface.blit(t, t.get_rect(center=rect.center))


__all__ = ["ConsentPrompt"]
