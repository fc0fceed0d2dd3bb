"""The deck builder's analysis column: validation, mana curve, colours and types, and the
variant panel (Frontier's board of lands, Army's budgets as bars).

Rendered once into a surface whenever the analysis changes (never per frame).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from frontier_desktop.decks import Severity, ValidationReport
from frontier_desktop.decks.validate import (
    ARMY_COPY_LIMITS,
    ARMY_DEFAULT_POINTS,
    ARMY_GRID_LANDS,
    ARMY_RARITY_BUDGET,
)
from frontier_desktop.ui.builder.model import CURVE_BUCKETS, TYPE_ORDER, DeckStats
from frontier_desktop.ui.theme import MANA_COLOURS, Palette

if TYPE_CHECKING:
    from frontier_desktop.ui.host import UIHost as App
    from frontier_desktop.rules.card import Card

OK_GREEN = (96, 200, 120)


class AnalysisPanel:
    """Draws the analysis of one deck into a cached surface of the column's size."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.surface: pygame.Surface | None = None
        self.problem_rows: list[tuple[pygame.Rect, str]] = []
        """Hit rects (panel coordinates) of each problem line, with its full text."""

    def render(self, size: tuple[int, int], report: ValidationReport | None,
               stats: DeckStats | None, variant: str, points: int | None,
               counts: dict[str, int], cards: dict[str, Card | None]) -> pygame.Surface:
        pal, fonts, px = self.app.palette, self.app.fonts, self.app.px
        w, h = size
        self.problem_rows = []
        surf = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surf, pal.bg_panel, surf.get_rect(), border_radius=10)
        pad = px(14)
        x, y, inner = pad, pad, w - 2 * pad
        # ------------------------------------------------------------ validation
        y = self._heading(surf, "Deck check", x, y)
        if report is None:
            t = fonts.text("Checking…", 14, pal.text_dim)
            surf.blit(t, (x, y))
            y += t.get_height() + px(8)
        else:
            colour = OK_GREEN if report.is_legal else pal.warn
            for line in fonts.wrap(report.summary, 15, inner, bold=True)[:3]:
                t = fonts.text(line, 15, colour, True)
                surf.blit(t, (x, y))
                y += t.get_height()
            y += px(4)
            budget_bottom = int(h * 0.42)
            shown = 0
            lines_left = report.problems
            for problem in report.problems:
                mark = {Severity.ERROR: ("×", pal.warn), Severity.WARNING: ("!", pal.accent),
                        Severity.INFO: ("i", pal.text_dim)}[problem.severity]
                wrapped = fonts.wrap(str(problem), 13, inner - px(18))
                need = len(wrapped) * fonts.font(13).get_linesize()
                if y + need > budget_bottom and shown:
                    break
                d = fonts.font(13).get_linesize() - px(4)
                centre = (x + d // 2, y + fonts.font(13).get_linesize() // 2)
                pygame.draw.circle(surf, mark[1], centre, d // 2)
                m = fonts.text(mark[0], 12, pal.bg_panel, True)
                surf.blit(m, m.get_rect(center=centre))
                top = y
                for line in wrapped[:3]:
                    t = fonts.text(line, 13, pal.text)
                    surf.blit(t, (x + px(18), y))
                    y += fonts.font(13).get_linesize()
                self.problem_rows.append((pygame.Rect(x, top, inner, y - top), str(problem)))
                shown += 1
                y += px(2)
            lines_left = report.problems[shown:]
            if lines_left:
                t = fonts.text(f"… and {len(lines_left)} more", 13, pal.text_dim)
                surf.blit(t, (x, y))
                y += t.get_height()
            if not report.problems:
                t = fonts.text("No problems.", 13, pal.text_dim)
                surf.blit(t, (x, y))
                y += t.get_height()
        y += px(10)
        if stats is None:
            self.surface = surf
            return surf
        # ------------------------------------------------------------ curve + colours/types
        half = (inner - px(16)) // 2
        top = y
        y1 = self._heading(surf, "Mana curve (spells)", x, top)
        chart_h = min(px(92), max(px(56), int(h * 0.13)))
        self._curve(surf, pygame.Rect(x, y1, half, chart_h), stats.curve, pal)
        y2 = self._heading(surf, "Colours and types", x + half + px(16), top)
        self._colours_types(surf, pygame.Rect(x + half + px(16), y2, half, chart_h + px(20)),
                            stats, pal)
        y = max(y1, y2) + chart_h + px(30)
        # ------------------------------------------------------------ variant panel
        rest = pygame.Rect(x, y, inner, h - y - pad)
        if variant == "frontier":
            self._frontier_board(surf, rest, stats, cards)
        elif variant == "army":
            self._army_bars(surf, rest, report, counts, cards, points)
        else:
            self._library_note(surf, rest, stats, variant)
        self.surface = surf
        return surf

    # ------------------------------------------------------------------ pieces
    def _heading(self, surf: pygame.Surface, text: str, x: int, y: int) -> int:
        pal, fonts = self.app.palette, self.app.fonts
        t = fonts.text(text.upper(), 12, pal.accent, True)
        surf.blit(t, (x, y))
        return y + t.get_height() + self.app.px(4)

    def _curve(self, surf: pygame.Surface, rect: pygame.Rect, curve: tuple[int, ...],
               pal: Palette) -> None:
        fonts, px = self.app.fonts, self.app.px
        peak = max(max(curve), 1)
        label_h = fonts.font(12).get_linesize()
        bars_h = rect.h - 2 * label_h
        slot = rect.w // CURVE_BUCKETS
        for i, n in enumerate(curve):
            bx = rect.x + i * slot + px(3)
            bw = slot - px(6)
            bh = int(bars_h * n / peak)
            base = rect.y + label_h + bars_h
            pygame.draw.rect(surf, pal.bg_panel_hi, (bx, rect.y + label_h, bw, bars_h),
                             border_radius=3)
            if bh:
                pygame.draw.rect(surf, pal.accent, (bx, base - bh, bw, bh), border_radius=3)
            if n:
                t = fonts.text(str(n), 12, pal.text, True)
                surf.blit(t, t.get_rect(midbottom=(bx + bw // 2, base - bh - 1)))
            lab = fonts.text("7+" if i == CURVE_BUCKETS - 1 else str(i), 12, pal.text_dim)
            surf.blit(lab, lab.get_rect(midtop=(bx + bw // 2, base + 2)))

    def _colours_types(self, surf: pygame.Surface, rect: pygame.Rect, stats: DeckStats,
                       pal: Palette) -> None:
        fonts, px, images = self.app.fonts, self.app.px, self.app.images
        total = sum(stats.colours.values()) or 1
        x = rect.x
        d = px(18)
        bar = pygame.Rect(rect.x, rect.y, rect.w, px(8))
        pygame.draw.rect(surf, pal.bg_panel_hi, bar, border_radius=4)
        bx = bar.x
        for colour in "WUBRGC":
            n = stats.colours.get(colour, 0)
            if not n:
                continue
            seg = max(2, int(bar.w * n / total))
            pygame.draw.rect(surf, MANA_COLOURS[colour], (bx, bar.y, seg, bar.h))
            bx += seg
        y = bar.bottom + px(6)
        for colour in "WUBRGC":
            n = stats.colours.get(colour, 0)
            if not n:
                continue
            sym = images.mana_symbol(colour, d)
            surf.blit(sym, (x, y))
            t = fonts.text(str(n), 13, pal.text)
            surf.blit(t, t.get_rect(midleft=(x + d + px(3), y + d // 2)))
            x += d + t.get_width() + px(10)
        y += d + px(6)
        col_w = rect.w // 2
        for i, kind in enumerate(k for k in TYPE_ORDER if stats.types.get(k)):
            t = fonts.fit(f"{kind} {stats.types[kind]}", 13, pal.text, col_w - px(4))
            surf.blit(t, (rect.x + (i % 2) * col_w, y + (i // 2) * fonts.font(13).get_linesize()))

    def _frontier_board(self, surf: pygame.Surface, rect: pygame.Rect, stats: DeckStats,
                        cards: dict[str, Card | None]) -> None:
        pal, fonts, px, images = self.app.palette, self.app.fonts, self.app.px, self.app.images
        y = self._heading(surf, "The board your lands make", rect.x, rect.y)
        lands = sorted(stats.lands)
        n = len(lands)
        full, over = divmod(n, 5)
        note = (f"{n} land{'s' if n != 1 else ''}: {full} full column{'s' if full != 1 else ''} "
                f"of five" + (f" and {over} more" if over else "") +
                " (beside the opponent's lands, shuffled)")
        for line in fonts.wrap(note, 13, rect.w):
            t = fonts.text(line, 13, pal.text_dim)
            surf.blit(t, (rect.x, y))
            y += t.get_height()
        y += px(6)
        if not n:
            t = fonts.text("No lands yet: add some from the search.", 13, pal.warn)
            surf.blit(t, (rect.x, y))
            return
        cols = (n + 4) // 5
        space_h = rect.bottom - y
        cell_h = max(12, min(px(60), space_h // 5 - px(3)))
        cell_w = max(9, int(cell_h * 63 / 88))
        gap = px(3)
        cols_fit = max(1, (rect.w + gap) // (cell_w + gap))
        for i, name in enumerate(lands[:cols_fit * 5]):
            c, r = divmod(i, 5)
            face = images.land(name, cards.get(name), (cell_w, cell_h))
            surf.blit(face, (rect.x + c * (cell_w + gap), y + r * (cell_h + gap)))
        if cols > cols_fit:
            t = fonts.text(f"+{n - cols_fit * 5} more", 12, pal.text_dim)
            surf.blit(t, (rect.right - t.get_width(), y + 5 * (cell_h + gap)))

    def _bar(self, surf: pygame.Surface, rect: pygame.Rect, label: str, used: float,
             limit: float, pal: Palette) -> int:
        fonts, px = self.app.fonts, self.app.px
        over = used > limit
        text = f"{label}: {_fmt(used)} / {_fmt(limit)}"
        t = fonts.fit(text, 13, pal.warn if over else pal.text, rect.w)
        surf.blit(t, (rect.x, rect.y))
        bar = pygame.Rect(rect.x, rect.y + t.get_height() + px(2), rect.w, px(9))
        pygame.draw.rect(surf, pal.bg_panel_hi, bar, border_radius=4)
        frac = min(1.0, used / limit) if limit else (1.0 if used else 0.0)
        if frac:
            pygame.draw.rect(surf, pal.warn if over else OK_GREEN,
                             (bar.x, bar.y, max(3, int(bar.w * frac)), bar.h), border_radius=4)
        return bar.bottom + px(5)

    def _army_bars(self, surf: pygame.Surface, rect: pygame.Rect,
                   report: ValidationReport | None, counts: dict[str, int],
                   cards: dict[str, Card | None], points: int | None) -> None:
        pal, px = self.app.palette, self.app.px
        stats = dict(report.stats) if report is not None else {}
        agreed = int(stats.get("agreed_points") or points or ARMY_DEFAULT_POINTS)
        y = self._heading(surf, "Army budget", rect.x, rect.y)
        half = (rect.w - px(16)) // 2
        left = pygame.Rect(rect.x, y, half, px(30))
        y_left = self._bar(surf, left, "Points", float(stats.get("points", 0)), agreed, pal)
        rarity_points = stats.get("rarity_points") or {}
        for rarity, percent in ARMY_RARITY_BUDGET.items():
            y_left = self._bar(surf, pygame.Rect(rect.x, y_left, half, px(30)),
                               f"{rarity.capitalize()} points",
                               float(rarity_points.get(rarity, 0)), agreed * percent / 100, pal)
        y_left = self._bar(surf, pygame.Rect(rect.x, y_left, half, px(30)), "Grid lands",
                           float(stats.get("grid_lands", 0)), ARMY_GRID_LANDS, pal)
        # copy limits: the most-copied card of each rarity against its limit
        right_x = rect.x + half + px(16)
        y_right = y
        worst: dict[str, tuple[str, int]] = {}
        for name, n in counts.items():
            card = cards.get(name)
            if card is None or card.is_land:
                continue
            rarity = {"special": "rare", "bonus": "mythic"}.get(card.rarity, card.rarity)
            if rarity in ARMY_COPY_LIMITS and n > worst.get(rarity, ("", 0))[1]:
                worst[rarity] = (name, n)
        for rarity, limit in ARMY_COPY_LIMITS.items():
            name, n = worst.get(rarity, ("", 0))
            label = f"Most {rarity}" + (f" ({name})" if name else "")
            y_right = self._bar(surf, pygame.Rect(right_x, y_right, half, px(30)), label,
                                n, limit, pal)
        self._bar(surf, pygame.Rect(right_x, y_right, half, px(30)), "Initial forces",
                  float(stats.get("initial_points", 0)), agreed * 0.25, pal)

    def _library_note(self, surf: pygame.Surface, rect: pygame.Rect, stats: DeckStats,
                      variant: str) -> None:
        pal, fonts = self.app.palette, self.app.fonts
        y = self._heading(surf, "Library", rect.x, rect.y)
        note = (f"{len(stats.library)} spells in the library. The War Game and the Conquering "
                "use no lands but the stronghold's basic land: choose it in the Stronghold "
                "section.")
        for line in fonts.wrap(note, 13, rect.w):
            t = fonts.text(line, 13, pal.text_dim)
            surf.blit(t, (rect.x, y))
            y += t.get_height()


def _fmt(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"
