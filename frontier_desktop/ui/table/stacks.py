"""Army-style stacks and dice on the table: a land's life die, and the panel a clicked stack
fans out in. Built once per view (the renderer calls these from its static layer and sprite
build); nothing here runs per frame."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from frontier_desktop.ui.table.render import Square, TableRenderer
    from frontier_desktop.ui.variants.base import Die


def die_size(r: TableRenderer) -> int:
    """A life die's side: a third of a square, never under 20 px at 100% (readable)."""
    assert r.layout is not None
    cw, ch = r.layout.cell
    return max(r.app.px(20), min(cw, ch) * 34 // 100)


def draw_die(r: TableRenderer, surf: pygame.Surface, die: Die, square: pygame.Rect,
             band: pygame.Rect | None) -> pygame.Rect:
    """A die at the square's right edge under the land's name band (the unit on the land
    stands left of it, its P/T at the bottom): a d6 as a rounded square, a d20 as a
    hexagon, in the seat's colour with the value in white."""
    fonts, pal = r.app.fonts, r.app.palette
    d = die_size(r)
    rect = pygame.Rect(0, 0, d, d)
    rect.topright = (square.right - 3, (band.bottom if band is not None else square.y) + 2)
    colour = pal.seat[die.seat % len(pal.seat)]
    dark = (int(colour[0] * 0.45), int(colour[1] * 0.45), int(colour[2] * 0.45))
    if die.sides == 20:
        cx, cy, rad = rect.centerx, rect.centery, d / 2 + 1
        pts = [(cx + math.cos(math.pi / 3 * k + math.pi / 6) * rad,
                cy + math.sin(math.pi / 3 * k + math.pi / 6) * rad) for k in range(6)]
        pygame.draw.polygon(surf, colour, pts)
        inner = [(cx + (x - cx) * 0.55, cy + (y - cy) * 0.55) for x, y in pts]
        for a, b in zip(pts, inner):
            pygame.draw.line(surf, dark, a, b, 1)
        pygame.draw.polygon(surf, dark, pts, 2)
    else:
        pygame.draw.rect(surf, colour, rect, border_radius=max(3, d // 5))
        pygame.draw.rect(surf, dark, rect, 2, border_radius=max(3, d // 5))
    size = max(8, int(d * 0.62 / fonts.scale))
    text = str(die.value)
    while size > 8 and fonts.text(text, size, (255, 255, 255), True).get_width() > d - 4:
        size -= 1
    label = fonts.text(text, size, (255, 255, 255), True)
    shadow = fonts.text(text, size, (10, 10, 12), True)
    surf.blit(shadow, shadow.get_rect(center=(rect.centerx + 1, rect.centery + 1)))
    surf.blit(label, label.get_rect(center=rect.center))
    return rect


def lay_out_fan(r: TableRenderer, members: list[str], sq: Square, d: int) -> None:
    """Lay out the panel that fans out the stack on *sq*: its members side by side, top
    first, each token *d* wide with its name (up to two lines) under it. The panel sits
    over the square, towards the board's middle, inside the table's middle column."""
    lay, fonts, pal, view = r.layout, r.app.fonts, r.app.palette, r.view
    assert lay is not None and view is not None
    px = r.app.px
    names = {str(u["id"]): str(u.get("name", "?")) for u in view.get("units", [])}
    slot = max(d + px(10), px(96))
    size = 11
    line_h = fonts.font(size, True).get_linesize()
    pad = px(8)
    width = slot * len(members) + 2 * pad
    height = pad + d + px(4) + 2 * line_h + pad
    square = r.square_rect(sq)
    rect = pygame.Rect(0, 0, width, height)
    rect.centerx = square.centerx
    above = square.centery > lay.board.centery
    if r.fan_away is not None and r.fan_away != sq:
        away = r.square_rect(r.fan_away)
        if away.centery != square.centery:
            above = away.centery > square.centery
    if above:
        rect.bottom = square.bottom
    else:
        rect.top = square.top
    area = pygame.Rect(lay.left.right, 0, lay.side.x - lay.left.right, lay.own_hand.y)
    rect.clamp_ip(area)
    r.fan_rect = rect
    r.fan_ids = list(members)
    r.fan_slots = {}
    for i, uid in enumerate(members):
        cx = rect.x + pad + slot * i + slot // 2
        cy = rect.y + pad + d // 2
        r.fan_slots[uid] = (d, (cx, cy))
        lines = fonts.fit_lines(names.get(uid, "?"), size, pal.text, slot - px(6),
                                bold=True, min_size=9)[:2]
        y = cy + d // 2 + px(4)
        for t in lines:
            r.fan_labels.append((t, (cx - t.get_width() // 2, y)))
            y += t.get_height()
