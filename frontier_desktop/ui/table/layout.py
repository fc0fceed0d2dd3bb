"""The table's regions for a window, and a token as the table draws it: plain data.

:class:`Layout` gives every region of the table a rectangle for a window size, UI scale and
board size; :class:`TokenSprite` is one unit's resting place and pre-built surfaces. The
renderer (``render.py``) and its parts draw into these.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pygame

from frontier_desktop.ui.cards import CARD_RATIO

CELL_RATIO = 0.8
"""Board cell width / height at least (a land card stands upright in it)."""
CELL_WIDE_RATIO = 0.9
"""Board cell width / height at most, when the window is wide enough."""

Square = tuple[int, int]

BAND_RESERVE = 44
"""Design pixels kept free under the zoom for a two-line support band."""

LAND_NAME_SIZE = 10
LAND_NAME_MIN = 7
"""The land name band's smallest usual text size, and the least it shrinks to to fit."""


@dataclass
class Layout:
    """Rectangles of every table region for a window size, UI scale and board size."""

    size: tuple[int, int]
    rows: float
    """Rows of cells the board takes (a board with outside places: its extent in cells)."""
    cols: float
    scale: float = 1.0
    card_scale: float = 1.0
    strip_room: float = 1.0
    """The off-board strips' height as a share of the default (Army Magic has no staging)."""
    cell_wide: float = CELL_WIDE_RATIO
    """The widest a square may be, as a share of its height (Army: room for the life die)."""
    side: pygame.Rect = field(init=False)
    left: pygame.Rect = field(init=False)
    opp_hand: pygame.Rect = field(init=False)
    opp_strip: pygame.Rect = field(init=False)
    """The opponent's off-board row, above the board (Frontier: their staging row)."""
    board: pygame.Rect = field(init=False)
    own_strip: pygame.Rect = field(init=False)
    """The viewer's off-board row, below the board."""
    own_hand: pygame.Rect = field(init=False)
    preview: pygame.Rect = field(init=False)
    log: pygame.Rect = field(init=False)
    opp_panel: pygame.Rect = field(init=False)
    own_panel: pygame.Rect = field(init=False)
    status: pygame.Rect = field(init=False)
    cell: tuple[int, int] = field(init=False)
    label: int = field(init=False)
    """Height of the band for the board's coordinates (column numbers below, rows beside)."""
    hand_card: tuple[int, int] = field(init=False)

    def __post_init__(self) -> None:
        w, h = self.size
        s = self.scale
        side_w = min(int(w * 0.26), round(340 * s))
        left_w = min(int(w * 0.19), round(240 * s))
        self.side = pygame.Rect(w - side_w, 0, side_w, h)
        self.left = pygame.Rect(0, 0, left_w, h)
        mid = pygame.Rect(left_w, 0, w - left_w - side_w, h)
        hand_h = min(int(h * 0.2), round(150 * s * self.card_scale))
        opp_h = min(int(h * 0.1), round(80 * s))
        stage_h = round(min(int(h * 0.1), round(78 * s)) * self.strip_room)
        self.opp_hand = pygame.Rect(mid.x, 0, mid.w, opp_h)
        self.opp_strip = pygame.Rect(mid.x, opp_h, mid.w, stage_h)
        self.own_hand = pygame.Rect(mid.x, h - hand_h, mid.w, hand_h)
        self.own_strip = pygame.Rect(mid.x, h - hand_h - stage_h, mid.w, stage_h)
        # room for the coordinates around the board: the column numbers below it, the row
        # numbers beside it (never under a staging strip or a side panel)
        self.label = round(15 * s)
        area = pygame.Rect(mid.x, self.opp_strip.bottom, mid.w,
                           self.own_strip.top - self.opp_strip.bottom
                           ).inflate(-16 - 2 * self.label, -8 - 2 * self.label)
        ch = min(area.h / max(1, self.rows), area.w / max(1, self.cols) / CELL_RATIO)
        # a little wider when the window has the width: room for land names and bands
        cw = min(area.w / max(1, self.cols), ch * self.cell_wide)
        self.cell = (int(cw), int(ch))
        bw, bh = math.ceil(int(cw) * self.cols - 1e-6), math.ceil(int(ch) * self.rows - 1e-6)
        self.board = pygame.Rect(0, 0, bw, bh)
        self.board.center = area.center
        hc_h = hand_h - round(18 * s)
        self.hand_card = (int(hc_h * CARD_RATIO), hc_h)
        prev_w = self.side.w - round(24 * s)
        prev_h = min(int(prev_w / CARD_RATIO), int(h * 0.5))
        prev_w = int(prev_h * CARD_RATIO)
        self.preview = pygame.Rect(0, round(12 * s), prev_w, prev_h)
        self.preview.centerx = self.side.centerx
        # room under the zoom for its Automatic / By hand band (two lines): it covered the
        # log's title and first line whenever a card was hovered (play-test L6)
        band = round(BAND_RESERVE * s)
        self.log = pygame.Rect(self.side.x + round(10 * s),
                               self.preview.bottom + round(12 * s) + band,
                               self.side.w - round(20 * s),
                               h - self.preview.bottom - round(22 * s) - band)
        panel_h = min(round(150 * s), int(h * 0.22))
        pad = round(10 * s)
        self.opp_panel = pygame.Rect(pad, pad, left_w - 2 * pad, panel_h)
        self.own_panel = pygame.Rect(pad, h - panel_h - pad, left_w - 2 * pad, panel_h)
        self.status = pygame.Rect(pad, self.opp_panel.bottom + pad, left_w - 2 * pad,
                                  self.own_panel.top - self.opp_panel.bottom - 2 * pad)

    # Frontier's names for the off-board strips (the LAN table and tests use them).
    @property
    def opp_staging(self) -> pygame.Rect:
        return self.opp_strip

    @property
    def own_staging(self) -> pygame.Rect:
        return self.own_strip


@dataclass
class TokenSprite:
    """A unit drawn on the table: where it rests, and its pre-built surfaces."""

    unit: dict[str, Any]
    home: tuple[int, int]
    """Centre of its resting place."""
    surface: pygame.Surface
    badges: list[tuple[pygame.Surface, tuple[int, int]]]
    """Surfaces and offsets from the centre (P/T, damage, sickness, counters, stack)."""
    radius: int
    hidden: bool = False
    """Under its stack's top creature (a collapsed stack): not drawn, not hit."""
    under: list[tuple[pygame.Surface, tuple[int, int]]] = field(default_factory=list)
    """A collapsed stack's top: the tokens peeking out under it (offsets from the centre)."""

    @property
    def id(self) -> str:
        return str(self.unit["id"])
