"""Draws ``assets/icon.png``, the program's icon, with pygame in the table's colours.

    python build_scripts/make_icon.py [--size 256] [--out assets/icon.png]

A rounded dark tile with a gold rim, a 3x3 patch of felt grid, a blue and an orange army
token facing each other, and a gold arrow between them: a move on the Frontier board.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "assets" / "icon.png"


def draw_icon(size: int = 256):  # type: ignore[no-untyped-def]
    import pygame

    from frontier_desktop.ui.theme import DARK

    s = size / 256
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    tile = pygame.Rect(0, 0, size, size).inflate(-round(8 * s), -round(8 * s))
    pygame.draw.rect(icon, DARK.bg_panel, tile, border_radius=round(44 * s))
    pygame.draw.rect(icon, DARK.accent, tile, max(2, round(8 * s)), border_radius=round(44 * s))
    grid = tile.inflate(-round(56 * s), -round(56 * s))
    pygame.draw.rect(icon, DARK.felt, grid, border_radius=round(10 * s))
    cell = grid.w / 3
    for i in range(1, 3):
        x = round(grid.x + i * cell)
        y = round(grid.y + i * cell)
        pygame.draw.line(icon, DARK.grid_line, (x, grid.y), (x, grid.bottom - 1), max(1, round(4 * s)))
        pygame.draw.line(icon, DARK.grid_line, (grid.x, y), (grid.right - 1, y), max(1, round(4 * s)))

    def centre(col: int, row: int) -> tuple[int, int]:
        return round(grid.x + (col + 0.5) * cell), round(grid.y + (row + 0.5) * cell)

    r = round(cell * 0.34)
    for (col, row), colour in (((0, 2), DARK.seat[0]), ((2, 0), DARK.seat[1])):
        c = centre(col, row)
        pygame.draw.circle(icon, (10, 12, 16), (c[0] + round(3 * s), c[1] + round(4 * s)), r)
        pygame.draw.circle(icon, colour, c, r)
        pygame.draw.circle(icon, DARK.text, c, r, max(2, round(5 * s)))
    # the move: from the blue token's cell towards the middle
    a, b = centre(0, 2), centre(1, 1)
    w = max(3, round(10 * s))
    start = (a[0] + r, a[1] - r)
    tip = (b[0] + round(8 * s), b[1] - round(8 * s))
    pygame.draw.line(icon, DARK.accent, start, tip, w)
    head = round(26 * s)
    pygame.draw.polygon(icon, DARK.accent, [(tip[0] + round(8 * s), tip[1] - round(8 * s)),
                                            (tip[0] - head, tip[1] - round(4 * s)),
                                            (tip[0] + round(4 * s), tip[1] + head)])
    return icon


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=256)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.init()
    pygame.image.save(draw_icon(args.size), str(args.out))
    pygame.quit()
    print(args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
