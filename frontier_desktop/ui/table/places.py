"""Where a board's places lie on the table when the board is more than a plain grid: grid
squares plus strongholds outside their sides (the Conquering's 3x3 and 3x5, the War Game's
3x5 with A-D outside), or a free geometry such as the Conquering's triangle.

A :class:`PlaceMap` holds each place's centre in *cell units* (x in cell widths, y in cell
heights); the renderer multiplies by its cell size, draws each place as one cell-sized land
and hit-tests clicks, drags and hovers by the place's rectangle, never by grid arithmetic.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Mapping
from dataclasses import dataclass

Place = Hashable
Point = tuple[float, float]

@dataclass(frozen=True)
class PlaceMap:
    """Centres of places in cell units (the top-left cell's corner at 0, 0) and the extent."""

    centres: Mapping[Place, Point]
    width: float
    height: float

    @staticmethod
    def of(points: Mapping[Place, Point]) -> PlaceMap:
        """Shift *points* (cell units, centres) so the leftmost and topmost cells touch 0."""
        if not points:
            return PlaceMap({}, 1.0, 1.0)
        x0 = min(p[0] for p in points.values()) - 0.5
        y0 = min(p[1] for p in points.values()) - 0.5
        centres = {k: (x - x0, y - y0) for k, (x, y) in points.items()}
        return PlaceMap(centres, max(p[0] for p in centres.values()) + 0.5,
                        max(p[1] for p in centres.values()) + 0.5)


def side_of(square: tuple[int, int], rows: int, cols: int) -> str:
    """The grid side a square is on as seat 0 sees it (row 0 nearest seat 0: the bottom);
    a middle square of two sides counts for the row side."""
    r, c = square
    if r == 0:
        return "bottom"
    if r == rows - 1:
        return "top"
    return "left" if c == 0 else "right"


def grid_points(rows: int, cols: int, outside: Mapping[Place, tuple[int, int]],
                turns: int = 0) -> dict[Place, Point]:
    """Grid squares ``(r, c)`` and the outside places beside their squares, one cell beyond
    the side they are on, turned *turns* quarter turns (the picture's left side coming to
    the bottom each turn)."""
    points: dict[Place, Point] = {}
    for r in range(rows):
        for c in range(cols):
            points[(r, c)] = (float(c), float(rows - 1 - r))
    step = {"bottom": (0.0, 1.0), "top": (0.0, -1.0), "left": (-1.0, 0.0),
            "right": (1.0, 0.0)}
    for name, beside in outside.items():
        x, y = points[beside]
        dx, dy = step[side_of(beside, rows, cols)]
        points[name] = (x + dx, y + dy)
    cx, cy = (cols - 1) / 2, (rows - 1) / 2
    out: dict[Place, Point] = {}
    for name, (x, y) in points.items():
        x, y = x - cx, y - cy
        for _ in range(turns % 4):
            x, y = y, -x  # the left side comes to the bottom
        out[name] = (x, y)
    return out


def fit_points(points: Mapping[Place, Point], aspect: float, gap: float = 0.1
               ) -> dict[Place, Point]:
    """Points of a free geometry (same unit across and down) scaled to cell units, as close
    as they go without two cells (*aspect* wide for 1 high) overlapping or nearer than
    *gap* cells."""
    scale = 0.0
    for (_, p), (_, q) in itertools.combinations(points.items(), 2):
        dx, dy = abs(p[0] - q[0]), abs(p[1] - q[1])
        need = min((1 + gap) * aspect / dx if dx > 1e-9 else float("inf"),
                   (1 + gap) / dy if dy > 1e-9 else float("inf"))
        scale = max(scale, need)
    scale = scale or 1.0
    return {k: (x * scale / aspect, y * scale) for k, (x, y) in points.items()}
