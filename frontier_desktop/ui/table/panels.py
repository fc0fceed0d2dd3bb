"""The side panels in the static layer: each seat's panel (name, big figure, mana pool,
counts) and the game log."""

from __future__ import annotations

import pygame

from frontier_desktop.ui.cards import parse_symbols
from frontier_desktop.ui.table.geometry import TableGeometry


class PanelLayer(TableGeometry):
    """Draws the seats' panels and the log into the static layer."""

    def _draw_panel(self, surf: pygame.Surface, rect: pygame.Rect, seat: int, *, top: bool) -> None:
        pal, fonts, view = self.app.palette, self.app.fonts, self.view
        assert view is not None
        p = view["players"][seat]
        active = view.get("active") == seat and not view.get("game_over")
        pygame.draw.rect(surf, pal.bg_panel_hi, rect, border_radius=10)
        pygame.draw.rect(surf, pal.seat[seat % len(pal.seat)], rect,
                         3 if active else 1, border_radius=10)
        pad = 10
        conquering = view.get("variant") == "conquering"
        mark = 0
        if conquering or len(view["players"]) > 2:
            from frontier_desktop.ui.table.markers import draw_marker

            mark = fonts.font(16, True).get_linesize() // 2 - 1
            draw_marker(surf, seat, (rect.x + pad + mark, rect.y + 8 + mark + 1), mark, pal)
            mark = 2 * mark + 6
        name = fonts.fit(p["name"] + ("  (to play)" if active and not mark else ""), 16,
                         pal.text, rect.w - 2 * pad - 60 - mark, bold=True)
        surf.blit(name, (rect.x + pad + mark, rect.y + 8))
        value, caption = self.pres.panel_life(view, seat)
        if conquering:  # no life in the Conquering: the areas held are the score
            from frontier_desktop.ui.table.players import areas_held

            value, caption = areas_held(view, seat), "areas"
        low = isinstance(value, int) and value <= 5 and not conquering
        life = fonts.text("" if value is None else str(value), 30,
                          pal.warn if low else pal.accent, bold=True)
        at = life.get_rect(topright=(rect.right - pad, rect.y + 2))
        surf.blit(life, at)
        figure = at.copy()
        if caption:  # what the figure is (Army: the home base's life)
            cap = fonts.text(caption, 10, pal.text_dim)
            figure.union_ip(surf.blit(cap, cap.get_rect(topright=(rect.right - pad,
                                                                  at.bottom - 4))))
        y = rect.y + 8 + name.get_height() + 4
        pool = parse_symbols(p.get("mana_pool", ""))
        if pool or self.pres.mana_row:
            y = self._draw_pool_row(surf, rect, pool, at, y)
        else:  # the facts start below the big figure and its caption, never beside them
            y = max(y, figure.bottom + 2)
        lines = [f"Library {p['library_count']}   Hand {p['hand_count']}",
                 f"Graveyard {len(p['graveyard'])}   Exile {len(p['exile'])}",
                 f"Land graveyard {len(p['land_graveyard'])}"]
        lines = self.pres.panel_facts(view, seat) or lines  # the variant's own counts
        warn = 0
        if conquering:  # no land graveyard there: the areas held and the stronghold instead
            from frontier_desktop.ui.table.players import fact_lines, status_words

            status = status_words(view, seat, short=True)  # who holds it: board and log
            lines[2] = fact_lines(view, seat)[1]
            if status:  # a lost stronghold's countdown first, whole, in the warning colour
                lines = fonts.wrap(status, 12, rect.w - 2 * pad)[:2] + lines
                warn = len(lines) - 3
        if p["graveyard"] and not warn:
            lines.append("Top: " + p["graveyard"][-1])
        drawn = []
        for i, line in enumerate(lines):
            t = fonts.fit(line, 12, pal.warn if i < warn else pal.text_dim, rect.w - 2 * pad)
            if y + t.get_height() > rect.bottom - 2:
                break  # never below the panel
            drawn.append(surf.blit(t, (rect.x + pad, y)))
            y += t.get_height() + 1
        self.panel_parts[seat] = (figure, drawn)

    def _draw_pool_row(self, surf: pygame.Surface, rect: pygame.Rect, pool: list[str],
                       at: pygame.Rect, y: int) -> int:
        """A panel's "Mana:" row at *y*, its symbols stopping short of the big figure at
        *at*; the y below it."""
        pal, fonts, images = self.app.palette, self.app.fonts, self.app.images
        pad = 10
        lab = fonts.text("Mana:", 12, pal.text_dim)
        surf.blit(lab, (rect.x + pad, y + 2))
        x = rect.x + pad + lab.get_width() + 6
        if not pool:
            surf.blit(fonts.text("empty", 12, pal.text_dim), (x, y + 2))
        sd = self.app.px(18)
        # the symbols stop short of the big figure at the right (a long pool is cut)
        fits = max(1, (at.left - self.app.px(4) - x) // (sd + 2)) \
            if at.top < y + sd and at.bottom > y else 10
        for sym in pool[:min(10, fits)]:
            s = images.mana_symbol(sym, sd)
            surf.blit(s, (x, y))
            x += sd + 2
        return y + max(lab.get_height(), sd) + 6

    def _draw_log(self, surf: pygame.Surface) -> None:
        lay, fonts, pal = self.layout, self.app.fonts, self.app.palette
        assert lay is not None
        box = lay.log
        pygame.draw.rect(surf, pal.bg, box, border_radius=8)
        title = fonts.text("Game log", 13, pal.accent, bold=True)
        surf.blit(title, (box.x + 8, box.y + 6))
        size = 12
        line_h = fonts.font(size).get_linesize()
        width = box.w - 16
        wrapped: list[str] = []
        for line in self.log_lines:
            parts = fonts.wrap(line, size, width)
            wrapped.extend(parts[:1] + ["   " + q for q in parts[1:]])
        top = box.y + 6 + title.get_height() + 4
        room = max(1, (box.bottom - 4 - top) // line_h)
        end = max(0, len(wrapped) - self.log_scroll)
        shown = wrapped[max(0, end - room):end]
        y = top
        for line in shown:
            colour = pal.text if not line.startswith(" ") else pal.text_dim
            if line.startswith("Turn "):
                colour = pal.accent
            surf.blit(fonts.fit(line, size, colour, width), (box.x + 8, y))
            y += line_h
