"""The deck builder's view: where things are (hit-testing) and how they are drawn.

:class:`BuilderView` is mixed into :class:`~frontier_desktop.ui.scenes.deck_builder.
DeckBuilderScene`; it reads the scene's state and never changes the deck. Every surface it
blits comes from a cache (card faces, text, the analysis panel), so a frame costs blits.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pygame

from frontier_desktop.cards.search import IndexRow
from frontier_desktop.decks import Section, ValidationReport
from frontier_desktop.ui.builder.model import DeckDraft, DeckStats, section_label
from frontier_desktop.ui.builder.panels import AnalysisPanel
from frontier_desktop.ui.cards import CARD_RATIO, parse_symbols

if TYPE_CHECKING:
    from frontier_desktop.ui.host import UIHost as App
    from frontier_desktop.rules.card import Card


@dataclasses.dataclass
class _Drag:
    kind: str
    """``result`` (from the search grid) or ``row`` (from the deck list)."""
    name: str
    section: Section | None
    start: tuple[int, int]
    pos: tuple[int, int]
    active: bool = False


@dataclasses.dataclass(frozen=True)
class DeckItem:
    """One line of the deck column: a section header or a card row."""

    kind: str
    """``header``, ``row`` or ``hint``."""
    section: Section
    rect: pygame.Rect
    """In screen coordinates (already scrolled)."""
    name: str = ""
    count: int = 0


class BuilderView:
    """Geometry and drawing of the deck builder (state lives in the scene)."""

    app: App
    draft: DeckDraft
    results: list[IndexRow]
    result_note: str
    full_index_ready: bool
    _want_full_index: bool
    active_section: Section
    scroll_results: int
    scroll_deck: int
    drag: _Drag | None
    hover: str | None
    _hover_from: str
    _mouse: tuple[int, int]
    message: str
    message_warn: bool
    progress: tuple[int, int] | None
    report: ValidationReport | None
    stats: DeckStats | None
    analysed_revision: int
    cards: dict[str, Card | None]
    panel: AnalysisPanel
    _panel_key: tuple[Any, ...] | None
    _faces: set[tuple[str, tuple[int, int]]]
    w: dict[str, Any]

    # ------------------------------------------------------------------ geometry
    def _columns(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        w, h = self.app.size
        px = self.app.px
        top, bottom = px(112), h - px(34)
        gap = px(12)
        right_w = max(px(300), int(w * 0.30))
        deck_w = max(px(240), int(w * 0.25))
        left_w = w - right_w - deck_w - 4 * gap
        left = pygame.Rect(gap, top, left_w, bottom - top)
        deck = pygame.Rect(left.right + gap, top, deck_w, bottom - top)
        right = pygame.Rect(deck.right + gap, top, right_w, bottom - top)
        return left, deck, right

    def results_rect(self) -> pygame.Rect:
        left, _, _ = self._columns()
        px = self.app.px
        return pygame.Rect(left.x, left.y + px(70), left.w, left.h - px(70))

    def card_size(self) -> tuple[int, int]:
        area = self.results_rect()
        px = self.app.px
        cols = max(3, (area.w + px(10)) // (px(128) + px(10)))
        cw = (area.w - (cols - 1) * px(10)) // cols
        return cw, int(cw / CARD_RATIO)

    def _grid(self) -> tuple[int, int, int]:
        area = self.results_rect()
        cw, ch = self.card_size()
        gap = self.app.px(10)
        cols = max(1, (area.w + gap) // (cw + gap))
        return cols, cw + gap, ch + gap

    def result_rect(self, index: int) -> pygame.Rect:
        area = self.results_rect()
        cols, step_x, step_y = self._grid()
        cw, ch = self.card_size()
        r, c = divmod(index, cols)
        return pygame.Rect(area.x + c * step_x, area.y + r * step_y - self.scroll_results, cw, ch)

    def visible_results(self) -> Iterator[tuple[int, Any, pygame.Rect]]:
        """``(index, row, rect)`` of each search result whose cell shows in the scrolled grid."""
        area = self.results_rect()
        for i, row in enumerate(self.results):
            rect = self.result_rect(i)
            if rect.bottom < area.top:
                continue
            if rect.top > area.bottom:
                break
            yield i, row, rect

    def result_at(self, pos: tuple[int, int]) -> int:
        area = self.results_rect()
        if not area.collidepoint(pos):
            return -1
        cols, step_x, step_y = self._grid()
        c = (pos[0] - area.x) // step_x
        r = (pos[1] - area.y + self.scroll_results) // step_y
        i = r * cols + c
        if c >= cols or not 0 <= i < len(self.results):
            return -1
        return i if self.result_rect(i).collidepoint(pos) else -1

    def deck_rect(self) -> pygame.Rect:
        _, deck, _ = self._columns()
        return deck

    def deck_items(self) -> list[DeckItem]:
        """Headers and rows of the deck column, in screen coordinates (scrolled)."""
        area = self.deck_rect()
        px = self.app.px
        x, w = area.x + px(8), area.w - px(16)
        y = area.y + px(44) - self.scroll_deck
        out: list[DeckItem] = []
        head_h, row_h = px(34), px(27)
        for section in self.draft.sections():
            out.append(DeckItem("header", section, pygame.Rect(x, y, w, head_h - px(4))))
            y += head_h
            rows = self.draft.rows(section)
            if not rows:
                out.append(DeckItem("hint", section, pygame.Rect(x, y, w, row_h)))
                y += row_h
            for name, count in rows:
                out.append(DeckItem("row", section, pygame.Rect(x, y, w, row_h - px(2)), name,
                                    count))
                y += row_h
            y += px(8)
        return out

    def deck_item_at(self, pos: tuple[int, int]) -> DeckItem | None:
        area = self.deck_rect()
        if not area.collidepoint(pos):
            return None
        items = self.deck_items()
        for item in items:
            if item.rect.collidepoint(pos):
                return item
        # below a section's rows: that section
        last: DeckItem | None = None
        for item in items:
            if item.rect.top <= pos[1]:
                last = item
        return last

    def row_buttons(self, item: DeckItem) -> tuple[pygame.Rect, pygame.Rect]:
        """The ``−`` and ``+`` zones at the right end of a deck row."""
        s = item.rect.h
        plus = pygame.Rect(item.rect.right - s, item.rect.y, s, s)
        minus = pygame.Rect(plus.x - s - self.app.px(2), item.rect.y, s, s)
        return minus, plus

    # ------------------------------------------------------------------ draw
    def draw(self, surface: pygame.Surface) -> None:
        pal, fonts, px = self.app.palette, self.app.fonts, self.app.px
        surface.fill(pal.bg)
        title = fonts.text("Deck builder", 24, pal.accent, True)
        surface.blit(title, (px(14), px(14)))
        state = self.draft.save_state
        back = self.w.get("back")
        if state and back is not None:
            t = fonts.text(state, 13, pal.accent if self.draft.needs_saving else pal.text_dim)
            surface.blit(t, t.get_rect(midright=(back.rect.x - px(12), back.rect.centery)))
        left, deck, right = self._columns()
        self._draw_results(surface, left)
        self._draw_deck(surface, deck)
        self._draw_analysis(surface, right)
        self._draw_status(surface)
        self._draw_drag(surface)
        self._draw_preview(surface)

    def _draw_results(self, surface: pygame.Surface, left: pygame.Rect) -> None:
        pal, fonts, px, images = self.app.palette, self.app.fonts, self.app.px, self.app.images
        note = self.result_note or "Searching…"
        if not self.full_index_ready and self._want_full_index:
            note += " · indexing the card cache…"
        t = fonts.fit(note, 13, pal.text_dim, left.w // 2)
        surface.blit(t, (left.x + px(2), left.y + px(44)))
        hint = fonts.fit(f"Click: add to {section_label(self.active_section, self.draft.variant)}"
                         " · right-click: remove · drag to a section", 13, pal.text_dim,
                         left.w // 2 - px(8))
        surface.blit(hint, hint.get_rect(topright=(left.right - px(2), left.y + px(44))))
        area = self.results_rect()
        size = self.card_size()
        surface.set_clip(area)
        for _, row, rect in self.visible_results():
            if (row.name, size) in self._faces:
                surface.blit(images.face(row.name, None, size), rect)
            else:
                pygame.draw.rect(surface, pal.bg_panel_hi, rect, border_radius=8)
                n = fonts.fit(row.name, 13, pal.text, rect.w - px(12), True)
                surface.blit(n, (rect.x + px(6), rect.y + px(8)))
            copies = self.draft.copies(row.name)
            if copies:
                badge = fonts.text(f"×{copies}", 15, (20, 20, 24), True)
                b = badge.get_rect(topright=(rect.right - px(12), rect.y + int(rect.h * 0.2)))
                pygame.draw.rect(surface, pal.accent, b.inflate(px(10), px(4)), border_radius=9)
                surface.blit(badge, b)
        surface.set_clip(None)

    def _draw_deck(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        pal, fonts, px, images = self.app.palette, self.app.fonts, self.app.px, self.app.images
        pygame.draw.rect(surface, pal.bg_panel, area, border_radius=10)
        main = self.draft.count(Section.MAIN)
        head = fonts.fit(f"{self.draft.name or 'Deck'} — {main} main, "
                         f"{self.draft.count()} in all", 16, pal.text, area.w - px(20), True)
        surface.blit(head, (area.x + px(10), area.y + px(10)))
        body = pygame.Rect(area.x, area.y + px(40), area.w, area.h - px(44))
        surface.set_clip(body)
        unknown = self.stats.unknown if self.stats is not None else frozenset()
        target = self.drag is not None and self.drag.active
        drop = self.deck_item_at(self._mouse) if target else None
        for item in self.deck_items():
            r = item.rect
            if r.bottom < body.top or r.top > body.bottom:
                continue
            if item.kind == "header":
                active = item.section is self.active_section
                lit = drop is not None and drop.section is item.section
                pygame.draw.rect(surface, pal.bg_panel_hi if not lit else pal.bg, r,
                                 border_radius=6)
                if active:
                    pygame.draw.rect(surface, pal.accent, r, 1, border_radius=6)
                label = section_label(item.section, self.draft.variant)
                n = self.draft.count(item.section)
                t = fonts.text(label, 14, pal.accent if active else pal.text, True)
                surface.blit(t, t.get_rect(midleft=(r.x + px(8), r.centery)))
                c = fonts.text(str(n), 14, pal.text_dim, True)
                surface.blit(c, c.get_rect(midright=(r.right - px(8), r.centery)))
            elif item.kind == "hint":
                t = fonts.fit("Empty: click the header, then cards; or drag cards here", 12,
                              pal.text_dim, r.w - px(16))
                surface.blit(t, t.get_rect(midleft=(r.x + px(12), r.centery)))
            else:
                hover = r.collidepoint(self._mouse)
                if hover:
                    pygame.draw.rect(surface, pal.bg_panel_hi, r, border_radius=4)
                bad = item.name in unknown
                count = fonts.text(f"{item.count}", 14, pal.accent, True)
                surface.blit(count, count.get_rect(midright=(r.x + px(30), r.centery)))
                minus, plus = self.row_buttons(item)
                card = self.cards.get(item.name)
                x = minus.x - px(6)
                d = max(10, r.h - px(10))
                for sym in reversed(parse_symbols(card.mana_cost if card else "")[:6]):
                    x -= d + 1
                    surface.blit(images.mana_symbol(sym, d), (x, r.centery - d // 2))
                name = item.name + ("  (unknown card)" if bad else "")
                t = fonts.fit(name, 14, pal.warn if bad else pal.text, x - r.x - px(42))
                surface.blit(t, t.get_rect(midleft=(r.x + px(38), r.centery)))
                for rect, glyph in ((minus, "−"), (plus, "+")):
                    pygame.draw.rect(surface, pal.bg if hover else pal.bg_panel_hi, rect,
                                     border_radius=5)
                    g = fonts.text(glyph, 15, pal.text, True)
                    surface.blit(g, g.get_rect(center=rect.center))
        surface.set_clip(None)

    def _draw_analysis(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        key = (self.analysed_revision, self.draft.variant, area.size, id(self.report))
        if self._panel_key != key or self.panel.surface is None:
            counts = self.draft.to_deck().counts_by_name(Section.MAIN, Section.INITIAL_FORCES)
            self.panel.render(area.size, self.report, self.stats, self.draft.variant,
                              self.draft.points, counts, self.cards)
            self._panel_key = key
        assert self.panel.surface is not None
        surface.blit(self.panel.surface, area)
        if self.analysed_revision != self.draft.revision:
            pal = self.app.palette
            t = self.app.fonts.text("updating…", 12, pal.text_dim)
            surface.blit(t, t.get_rect(topright=(area.right - self.app.px(12),
                                                 area.y + self.app.px(14))))

    def _draw_status(self, surface: pygame.Surface) -> None:
        pal, fonts, px = self.app.palette, self.app.fonts, self.app.px
        w, h = surface.get_size()
        y = h - px(26)
        if self.progress is not None:
            done, total = self.progress
            bar = pygame.Rect(w - px(312), y + px(4), px(300), px(14))
            pygame.draw.rect(surface, pal.bg_panel_hi, bar, border_radius=7)
            if total:
                pygame.draw.rect(surface, pal.accent,
                                 (bar.x, bar.y, int(bar.w * done / total), bar.h), border_radius=7)
            t = fonts.text(f"images {done}/{total}", 12, pal.text)
            surface.blit(t, t.get_rect(midright=(bar.x - px(8), bar.centery)))
        if self.message:
            t = fonts.fit(self.message, 14, pal.warn if self.message_warn else pal.text,
                          w - px(360))
            surface.blit(t, (px(14), y))

    def _draw_drag(self, surface: pygame.Surface) -> None:
        drag = self.drag
        if drag is None or not drag.active:
            return
        pal, fonts, px = self.app.palette, self.app.fonts, self.app.px
        label = fonts.text(drag.name, 14, (20, 20, 24), True)
        r = label.get_rect(midleft=(drag.pos[0] + px(14), drag.pos[1]))
        pygame.draw.rect(surface, pal.accent, r.inflate(px(16), px(8)), border_radius=8)
        surface.blit(label, r)

    def _draw_preview(self, surface: pygame.Surface) -> None:
        if self.hover is None or (self.drag is not None and self.drag.active):
            return
        px = self.app.px
        size = (px(250), int(px(250) / CARD_RATIO))
        name = self.hover
        card = self.cards.get(name)
        if card is None and name not in self.cards:
            return
        face = self.app.images.face(name, card, size)
        _, deck, _ = self._columns()
        if self._hover_from == "deck":
            x = deck.x - size[0] - px(12)
        else:
            x = self._mouse[0] + px(24)
            if x + size[0] > deck.right:
                x = self._mouse[0] - size[0] - px(24)
        area = self.results_rect()
        y = max(area.y, min(self._mouse[1] - size[1] // 2, area.bottom - size[1]))
        surface.blit(face, (x, y))
