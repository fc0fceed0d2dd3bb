"""Players' control markers: a colour *and* a shape per seat, so that colour-blind players
tell them apart (circle, square, triangle, diamond), drawn on the areas a player controls.

Shared by every variant with markers (the Conquering, the War Game); the seat colours are
the palette's for seats 0 and 1 and two more from a colour-blind-safe set for seats 2 and 3.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

Colour = tuple[int, int, int]

SHAPES = ("circle", "square", "triangle", "diamond")
"""The marker shape of seats 0..3."""
EXTRA_COLOURS: tuple[Colour, ...] = ((0, 170, 120), (214, 110, 190))
"""Seats 2 and 3 (bluish green, reddish purple: apart from the palette's blue and orange)."""


def seat_colour(palette_seats: Sequence[Colour], seat: int) -> Colour:
    """The colour of *seat*: the palette's for the first seats, then the extra ones."""
    seats = list(palette_seats) + [c for c in EXTRA_COLOURS]
    return seats[seat % len(seats)] if seat >= 0 else (160, 160, 160)


def shape_of(seat: int) -> str:
    return SHAPES[seat % len(SHAPES)]


def marker_points(shape: str, centre: tuple[int, int], radius: int) -> list[tuple[int, int]]:
    """The polygon of a triangle, square or diamond marker (empty for a circle)."""
    cx, cy = centre
    r = radius
    if shape == "square":
        k = int(r * 0.86)
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if shape == "triangle":
        return [(cx, cy - r), (cx + int(r * 0.95), cy + int(r * 0.75)),
                (cx - int(r * 0.95), cy + int(r * 0.75))]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    return []


def draw_marker(surf: pygame.Surface, seat: int, colour: Colour, centre: tuple[int, int],
                radius: int) -> pygame.Rect:
    """Seat *seat*'s marker (its shape, filled with *colour*, outlined dark then light so it
    shows on any land); returns the rectangle it covers."""
    shape = shape_of(seat)
    outline = max(2, radius // 5)
    if shape == "circle":
        pygame.draw.circle(surf, (12, 12, 14), centre, radius + 2)
        pygame.draw.circle(surf, colour, centre, radius)
        pygame.draw.circle(surf, (250, 250, 246), centre, radius, max(1, outline // 2))
    else:
        pts = marker_points(shape, centre, radius)
        pygame.draw.polygon(surf, (12, 12, 14), pts, outline + 2)
        pygame.draw.polygon(surf, colour, pts)
        pygame.draw.polygon(surf, (250, 250, 246), pts, max(1, outline // 2))
    return pygame.Rect(centre[0] - radius - 2, centre[1] - radius - 2, 2 * radius + 5,
                       2 * radius + 5)
