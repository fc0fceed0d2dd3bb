"""Player markers: one colour and one shape per seat, so that players who can't tell the
colours apart still tell the markers apart (issue 14: up to four players).

Seat 0 is a blue circle, seat 1 an orange square, seat 2 a green triangle, seat 3 a purple
diamond. The colours are those of the palette's ``seat`` entries (the Okabe–Ito family, which
stays distinct for the common colour-vision deficiencies) and the shapes differ in outline,
so a marker never relies on its colour alone. The players panel, the cover screen, the set-up
screen and the board's area markers all draw them with :func:`draw_marker`.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

SHAPES = ("circle", "square", "triangle", "diamond")
"""The marker shape of each seat, by seat number."""
SHAPE_WORDS = {"circle": "circle", "square": "square", "triangle": "triangle",
               "diamond": "diamond"}
COLOUR_WORDS = ("blue", "orange", "green", "purple")
"""The colour of each seat's marker in words (the set-up screen and help say them)."""
FALLBACK = ((74, 163, 255), (255, 146, 64), (64, 196, 140), (204, 121, 207))
"""The dark palette's seat colours (used when no palette is given)."""


def marker_for(seat: int, palette: Any = None) -> tuple[tuple[int, int, int], str]:
    """``(colour, shape)`` of *seat*'s marker: the palette's seat colour and its shape."""
    colours = tuple(getattr(palette, "seat", ()) or ()) or FALLBACK
    i = seat % len(SHAPES)
    colour = colours[i] if i < len(colours) else FALLBACK[i]
    return (int(colour[0]), int(colour[1]), int(colour[2])), SHAPES[i]


def marker_words(seat: int) -> str:
    """"the blue circle": how the help and set-up name a seat's marker."""
    i = seat % len(SHAPES)
    return f"the {COLOUR_WORDS[i]} {SHAPE_WORDS[SHAPES[i]]}"


def shape_points(shape: str, center: tuple[int, int], radius: int) -> list[tuple[int, int]]:
    """The outline of a polygon shape (square, triangle, diamond) around *center*."""
    cx, cy = center
    r = radius
    if shape == "square":
        s = round(r * 0.86)
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "triangle":
        return [(round(cx + r * math.cos(a)), round(cy + r * 1.05 * math.sin(a) + r * 0.12))
                for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    return []


def draw_marker(surface: pygame.Surface, seat: int, center: tuple[int, int], radius: int,
                palette: Any = None, *, outline: tuple[int, int, int] = (12, 12, 16)) -> pygame.Rect:
    """Draw *seat*'s marker (filled, with a dark outline) centred on *center*; its rect."""
    colour, shape = marker_for(seat, palette)
    radius = max(3, int(radius))
    width = max(1, radius // 5)
    light = (250, 250, 246)
    # dark outside, light inside: the marker shows on any land, card back or panel
    if shape == "circle":
        pygame.draw.circle(surface, outline, center, radius + 2)
        rect = pygame.draw.circle(surface, colour, center, radius)
        pygame.draw.circle(surface, light, center, radius, max(1, width // 2))
        return rect.inflate(4, 4)
    points = shape_points(shape, center, radius)
    pygame.draw.polygon(surface, outline, points, width + 2)
    rect = pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, light, points, max(1, width // 2))
    return rect.inflate(4, 4)
