"""The players panel for more than two players, and each player's facts in words.

With three or four players the left column's top panel lists every other player, clockwise
from the seat at the screen: marker (colour and shape), name, whose turn it is, hand and
library counts, areas held, mana pool, and a lost stronghold's countdown or an elimination.
The viewer's own panel stays below. Nothing here reads a hand's contents: only the counts
every view carries.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pygame

from frontier_desktop.ui.table.markers import draw_marker
from frontier_desktop.ui.table.words import Namer

if TYPE_CHECKING:
    from frontier_desktop.ui.table.render import TableRenderer

WIN_AREAS = {2: 5, 3: 7, 4: 8}
"""The Conquering: areas that win at once, by number of players (the rules' figures)."""


def _cells(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    board = view.get("board") or {}
    cells: list[Mapping[str, Any]] = [c for row in board.get("rows") or () for c in row
                                      if isinstance(c, Mapping)]
    cells += [c for c in (board.get("areas") or {}).values() if isinstance(c, Mapping)]
    return cells


def areas_held(view: Mapping[str, Any], seat: int) -> int:
    """The areas (strongholds not counted) *seat* controls in the view."""
    return sum(1 for c in _cells(view) if c.get("controller") == seat and not c.get("hole"))


def stronghold_of(view: Mapping[str, Any], seat: int) -> Mapping[str, Any] | None:
    for place in (view.get("board") or {}).get("strongholds") or ():
        if isinstance(place, Mapping) and place.get("player") == seat:
            return place
    return None


def status_words(view: Mapping[str, Any], seat: int, names: Any = None, *,
                 short: bool = False) -> str:
    """A player's standing in words: eliminated, or a lost stronghold's countdown ('' when
    neither); *short*: "Stronghold lost: 3 turns left to retake it" (a narrow panel)."""
    players = view.get("players") or []
    p = players[seat] if 0 <= seat < len(players) else {}
    if p.get("eliminated") or p.get("lost"):
        return "Eliminated" if view.get("winner") != seat else "Winner"
    home = stronghold_of(view, seat)
    if home is not None and isinstance(home.get("turns_left"), int) and \
            home.get("controller") not in (seat, None):
        n = int(home["turns_left"])
        if short:
            return f"Stronghold lost: {n} turn{'s' if n != 1 else ''} left to retake it"
        holder = ""
        if names is not None:
            holder = f" (held by {names.player(home.get('controller'))})"
        return (f"Has lost their stronghold{holder} — {n} turn{'s' if n != 1 else ''} left "
                f"to retake it")
    return ""


def fact_lines(view: Mapping[str, Any], seat: int) -> list[str]:
    """The counts a player panel shows for the Conquering: hand, library, areas held."""
    players = view.get("players") or []
    p = players[seat]
    need = WIN_AREAS.get(len(players))
    areas = f"Areas {areas_held(view, seat)}" + (f" ({need} win)" if need else "")
    return [f"Hand {p.get('hand_count', 0)} · Library {p.get('library_count', 0)}", areas]


def clockwise_others(view: Mapping[str, Any], seat: int) -> list[int]:
    """Every other seat, clockwise (increasing seat) from the one after *seat*."""
    n = len(view.get("players") or ())
    return [(seat + k) % n for k in range(1, n)]


PANEL_SIZE = 12
"""The players panel's text size (before UI scaling): its rows make room for it."""


def fit_players_panel(layout: Any, app: Any, others: int, lines: int = 3) -> None:
    """Make the top panel of the left column tall enough for *others* rows of *lines* lines
    at :data:`PANEL_SIZE` (the status column below gives up the room, the panel never
    reaching below the middle of the window)."""
    line = app.fonts.font(PANEL_SIZE, True).get_linesize()
    want = others * (lines * line + app.px(6)) + app.px(8)
    panel = layout.opp_panel
    most = max(panel.h, layout.size[1] // 2 - panel.y)
    height = max(panel.h, min(want, most))
    if height == panel.h:
        return
    grow = height - panel.h
    layout.opp_panel = pygame.Rect(panel.x, panel.y, panel.w, height)
    status = layout.status
    layout.status = pygame.Rect(status.x, status.y + grow, status.w, max(0, status.h - grow))


def draw_players(renderer: TableRenderer, surf: pygame.Surface, rect: pygame.Rect,
                 seats: list[int]) -> list[tuple[pygame.Rect, int]]:
    """Every player of *seats* in *rect*, one row each; returns each row's rect and seat
    (a click there targets that player)."""
    app, view = renderer.app, renderer.view
    assert view is not None
    pal, fonts, images, px = app.palette, app.fonts, app.images, app.px
    players = view.get("players") or []
    pygame.draw.rect(surf, pal.bg_panel_hi, rect, border_radius=10)
    pygame.draw.rect(surf, pal.grid_line, rect, 1, border_radius=10)
    out: list[tuple[pygame.Rect, int]] = []
    if not seats:
        return out
    pad = px(6)
    row_h = (rect.h - pad) // len(seats)
    # the sizes step down until a row's three lines fit its height
    statuses = any(status_words(view, seat) for seat in seats)
    size = PANEL_SIZE + 1
    while size > 9 and (4 if statuses else 3) * fonts.font(size).get_linesize() + px(4) > row_h:
        size -= 1
    small = max(9, size - 1)
    for i, seat in enumerate(seats):
        row = pygame.Rect(rect.x + px(4), rect.y + pad // 2 + i * row_h, rect.w - px(8),
                          row_h)
        p = players[seat]
        active = view.get("active") == seat and not view.get("game_over")
        acting = view.get("acting") == seat and not view.get("game_over")
        out_of_game = bool(p.get("eliminated") or p.get("lost"))
        if active:
            pygame.draw.rect(surf, pal.seat[seat % len(pal.seat)], row, 2, border_radius=7)
        elif i:
            pygame.draw.line(surf, pal.grid_line, (row.x + px(4), row.y),
                             (row.right - px(4), row.y))
        line_h = fonts.font(size, True).get_linesize()
        y = row.y + px(2)
        mark = max(4, line_h // 2 - 1)
        draw_marker(surf, seat, (row.x + px(3) + mark, y + line_h // 2), mark, pal)
        tag = " (to play)" if active else (" (choosing)" if acting else "")
        name = fonts.fit(str(p.get("name", "")) + tag, size,
                         pal.text_dim if out_of_game else pal.text,
                         row.w - 2 * mark - px(10), bold=True)
        surf.blit(name, (row.x + px(6) + 2 * mark, y))
        y += line_h
        status = status_words(view, seat, short=True)
        p_hand = f"Hand {p.get('hand_count', 0)} · Library {p.get('library_count', 0)}"
        need = WIN_AREAS.get(len(players))
        areas = renderer.pres.score_line(view, seat) or \
            f"Areas {areas_held(view, seat)}" + (f" ({need} win)" if need else "")
        lines = [status] if out_of_game else [p_hand, status] if status else [p_hand]
        room = max(1, (row.bottom - y) // fonts.font(small).get_linesize())
        for text in lines:
            colour = pal.warn if text == status and status else pal.text_dim
            wrapped = fonts.wrap(text, small, row.w - px(8))
            for piece in wrapped[:max(1, room) if text == status else 1]:
                t = fonts.fit(piece, small, colour, row.w - px(8))
                surf.blit(t, (row.x + px(4), y))
                y += t.get_height()
                room -= 1
        if not out_of_game and not status and room > 0:
            from frontier_desktop.ui.cards import parse_symbols

            lab = fonts.text(areas, small, pal.text_dim)
            surf.blit(lab, (row.x + px(4), y))
            x = row.x + px(4) + lab.get_width() + px(8)
            d = max(8, lab.get_height() - 2)
            symbols = parse_symbols(str(p.get("mana_pool") or ""))
            room_syms = max(0, (row.right - px(4) - x) // (d + 1))
            shown = symbols if len(symbols) <= room_syms else symbols[:max(0, room_syms - 1)]
            for sym in shown:
                surf.blit(images.mana_symbol(sym, d), (x, y + 1))
                x += d + 1
            if len(shown) < len(symbols):
                more = fonts.text(f"+{len(symbols) - len(shown)}", small, pal.text_dim)
                surf.blit(more, (x, y))
        out.append((row, seat))
    return out


def draw_other_hands(renderer: TableRenderer, surf: pygame.Surface, rect: pygame.Rect,
                     seats: list[int]) -> None:
    """The other players' hands as card backs, one group per player with their marker."""
    app, view = renderer.app, renderer.view
    assert view is not None
    images, px, pal = app.images, app.px, app.palette
    players = view.get("players") or []
    if not seats:
        return
    slot = rect.w // len(seats)
    bh = rect.h - px(16)
    bw = int(bh * 63 / 88)
    back = images.back((bw, bh))
    for i, seat in enumerate(seats):
        area = pygame.Rect(rect.x + i * slot, rect.y, slot, rect.h)
        n = int(players[seat].get("hand_count", 0))
        mark = max(5, px(8))
        draw_marker(surf, seat, (area.x + px(6) + mark, area.centery), mark, pal)
        x0 = area.x + px(12) + 2 * mark
        room = area.right - px(8) - x0 - bw
        step = min(bw // 3, room // max(1, n - 1)) if n > 1 else 0
        for k in range(n):
            surf.blit(back, (x0 + k * step, area.y + px(8)))
