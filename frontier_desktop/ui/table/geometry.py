"""What the renderer holds of a view and where it lies on screen: its state, the board's
geometry (squares, places, the viewer's side at the bottom) and the hit tests.

:class:`TableGeometry` is the base the drawing parts (``board_layer.py``, ``hand.py``,
``panels.py``, ``tokens.py``) build on; ``render.py`` puts them together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from frontier_desktop.ui.table.layout import (
    CELL_RATIO,
    LAND_NAME_SIZE,
    Layout,
    Square,
    TokenSprite,
)
from frontier_desktop.ui.table.places import PlaceMap
from frontier_desktop.ui.variants import VariantPresentation, presentation_for

if TYPE_CHECKING:
    from frontier_desktop.ui.games import CardInfo
    from frontier_desktop.ui.host import UIHost as App


class TableGeometry:
    """A view's table: what is shown where, and what lies under a point."""

    hidden_hand: bool
    """The viewer's hand drawn face down (set with each view: :meth:`TableRenderer.set_view`)."""

    def __init__(self, app: App, info: CardInfo) -> None:
        self.app = app
        self.info = info
        self.view: dict[str, Any] | None = None
        self.seat = 0
        self.layout: Layout | None = None
        self.static: pygame.Surface | None = None
        self.sprites: dict[str, TokenSprite] = {}
        self.hand_rects: list[tuple[pygame.Rect, str, str]] = []
        self.player_rects: list[tuple[pygame.Rect, int]] = []
        """Three or four players: each other player's row in the players panel, and its seat."""
        """(rect, card id, name) of the viewer's hand cards, left to right."""
        self.label_rects: list[pygame.Rect] = []
        """Where the board's column and row numbers are drawn."""
        self.panel_parts: dict[int, tuple[pygame.Rect, list[pygame.Rect]]] = {}
        """Each seat's panel: where its big figure and caption are drawn, and its lines of
        facts (kept for the layout tests)."""
        self.strip_label_rects: list[pygame.Rect] = []
        """Where the off-board strips' labels are drawn (opponent's first)."""
        self.hand_name_rects: list[pygame.Rect] = []
        """The name tag of each hand card (same order as ``hand_rects``)."""
        self.hand_name_texts: list[tuple[str, int, list[str] | None, bool]] = []
        """(name, size, lines drawn or None when shortened, turned) of each name tag."""
        self.land_name_rects: dict[Square, pygame.Rect] = {}
        self.land_name_texts: list[tuple[str, list[str] | None]] = []
        """(name, its lines; None when too long to show whole) of each land name band."""
        """The name band at the top of each face-up land (tokens rest below it)."""
        self.log_lines: list[str] = []
        self.log_scroll = 0
        self._tiles: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}
        self.subtitle = ""
        self.presentation: VariantPresentation | None = None
        """The variant's presentation (from the view's ``variant`` when not set)."""
        self._art_version = -1
        self._art_checked = 0.0
        self.expanded: Square | None = None
        """The square whose stack is fanned out in a panel (a click on a stack opens it)."""
        self.fan_away: Square | None = None
        """A square the fanned-out panel keeps clear of (the attackers, while blocking)."""
        self.fan_rect: pygame.Rect | None = None
        """The fanned stack's panel; its members rest in it, each with its name below."""
        self.fan_ids: list[str] = []
        self._crowded: dict[str, bool] = {}
        """Creatures drawn in rows on a crowded place (their P/T under them: see _crowd),
        True for a pill hung below the token rather than over its foot."""
        self.fan_labels: list[tuple[pygame.Surface, tuple[int, int]]] = []
        self.fan_slots: dict[str, tuple[int, tuple[int, int]]] = {}
        self.dice_rects: dict[Square, pygame.Rect] = {}
        """Where each land's life die is drawn (the looks test checks they stay readable)."""
        self.places: PlaceMap | None = None
        """Where the places lie when the board is more than a plain grid (strongholds
        outside it, a graph board such as the Conquering's triangle); None: a plain grid."""
        self.place_rects: dict[Any, pygame.Rect] = {}
        self.permanent_rects: list[pygame.Rect] = []
        """The non-creature permanents' chips in the staging rows (inside their strips)."""
        """Each place's rectangle on screen (boards with :attr:`places`)."""
        self._place_badges: list[tuple[pygame.Surface, tuple[int, int]]] = []
        self.badge_rects: dict[Any, list[pygame.Rect]] = {}
        """Where each place's badges, markers and captions are drawn (the looks test checks
        them readable and apart)."""

    # ------------------------------------------------------------------ geometry
    @property
    def pres(self) -> VariantPresentation:
        if self.presentation is None:
            self.presentation = presentation_for((self.view or {}).get("variant"))
        return self.presentation

    @property
    def rows(self) -> int:
        return self.pres.grid_size(self.view)[0] if self.view else 5

    @property
    def cols(self) -> int:
        return self.pres.grid_size(self.view)[1] if self.view else 1

    def place_rect(self, place: Any) -> pygame.Rect | None:
        """The screen rectangle of a place key (grid squares, areas, strongholds; None for
        places not drawn)."""
        if self.places is not None:
            rect = self.place_rects.get(place)
            return rect.copy() if rect is not None else None
        if isinstance(place, tuple) and len(place) == 2:
            return self.square_rect(place)
        return None

    def place_at(self, pos: tuple[int, int]) -> Any:
        """The place under *pos* (a square, an area, a stronghold), or None."""
        if self.places is not None:
            for place, rect in self.place_rects.items():
                if rect.collidepoint(pos):
                    return place
            return None
        return self.square_at(pos)

    def _lay_out_places(self) -> None:
        """Each place's rectangle from the place map and the layout's cell."""
        self.place_rects = {}
        if self.places is None or self.layout is None:
            return
        cw, ch = self.layout.cell
        x0, y0 = self.layout.board.topleft
        for place, (x, y) in self.places.centres.items():
            self.place_rects[place] = pygame.Rect(round(x0 + (x - 0.5) * cw),
                                                  round(y0 + (y - 0.5) * ch), cw, ch)

    def screen_cell(self, r: int, c: int) -> tuple[int, int]:
        """Board square → (screen row, screen column): the viewer's home row at the bottom."""
        if self.seat == 1:
            return r, self.cols - 1 - c
        return self.rows - 1 - r, c

    def square_rect(self, sq: Square) -> pygame.Rect:
        assert self.layout is not None
        if self.places is not None:
            rect = self.place_rects.get(sq)
            return rect.copy() if rect is not None else pygame.Rect(0, 0, 0, 0)
        sr, sc = self.screen_cell(*sq)
        cw, ch = self.layout.cell
        return pygame.Rect(self.layout.board.x + sc * cw, self.layout.board.y + sr * ch, cw, ch)

    def square_at(self, pos: tuple[int, int]) -> Square | None:
        """The place under *pos* (on a plain grid: the square by arithmetic)."""
        if self.places is not None:
            return self.place_at(pos)  # type: ignore[no-any-return]
        if self.layout is None or not self.layout.board.collidepoint(pos):
            return None
        cw, ch = self.layout.cell
        sc = (pos[0] - self.layout.board.x) // cw
        sr = (pos[1] - self.layout.board.y) // ch
        if not (0 <= sr < self.rows and 0 <= sc < self.cols):
            return None
        if self.seat == 1:
            return int(sr), int(self.cols - 1 - sc)
        return int(self.rows - 1 - sr), int(sc)

    def sprite_at(self, pos: tuple[int, int]) -> TokenSprite | None:
        """The token under *pos*; where fanned stack members overlap, the nearest centre."""
        best: TokenSprite | None = None
        best_d = 0
        for sprite in self.sprites.values():
            if sprite.hidden:
                continue
            dx, dy = pos[0] - sprite.home[0], pos[1] - sprite.home[1]
            dist = dx * dx + dy * dy
            if dist <= sprite.radius * sprite.radius and (best is None or dist <= best_d):
                best, best_d = sprite, dist
        return best

    def hand_at(self, pos: tuple[int, int]) -> tuple[int, str, str] | None:
        for i in range(len(self.hand_rects) - 1, -1, -1):
            rect, cid, name = self.hand_rects[i]
            if rect.collidepoint(pos):
                return i, cid, name
        return None

    def cell(self, sq: Square) -> dict[str, Any] | None:
        if not self.view:
            return None
        if self.places is not None:
            found = self.pres.place_cell(self.view, sq)
            return dict(found) if found is not None else None
        rows = self.view["board"]["rows"]
        if 0 <= sq[0] < len(rows) and 0 <= sq[1] < len(rows[0]):
            return rows[sq[0]][sq[1]]
        return None

    def tile(self, kind: str, size: tuple[int, int]) -> pygame.Surface:
        """A cached translucent highlight tile of *kind* (move, attack, scout, place, tap)."""
        key = (kind, size)
        surf = self._tiles.get(key)
        if surf is None:
            pal = self.app.palette
            colour = {"move": pal.move, "attack": pal.attack, "scout": pal.scout,
                      "place": pal.move, "retreat": pal.move, "block": pal.select,
                      "range": pal.accent, "tap": pal.tap, "select": pal.select,
                      "bad": pal.warn}.get(kind, pal.select)
            surf = pygame.Surface(size, pygame.SRCALPHA)
            w, h = size
            fill = 70 if kind not in ("tap", "range") else (0 if kind == "tap" else 34)
            pygame.draw.rect(surf, (*colour, fill), (0, 0, w, h), border_radius=8)
            pygame.draw.rect(surf, (*colour, 235 if kind != "range" else 110), (0, 0, w, h),
                             max(3, w // 22) if kind != "range" else 2, border_radius=8)
            if kind == "attack":
                m = w // 4
                pygame.draw.line(surf, (*colour, 200), (m, m), (w - m, h - m), 4)
                pygame.draw.line(surf, (*colour, 200), (w - m, m), (m, h - m), 4)
            self._tiles[key] = surf
        return surf

    @property
    def land_name_size(self) -> int:
        """The land name band's text size: as large as the land card's own title (which the
        band covers), at least LAND_NAME_SIZE."""
        assert self.layout is not None
        cw, ch = self.layout.cell
        card_w = min(cw, int(ch * CELL_RATIO)) - 8
        return max(LAND_NAME_SIZE, min(16, int(card_w * 0.16 / self.app.fonts.scale)))

    def _home_row(self, seat: int) -> int:
        return self.pres.home_row(seat, self.rows)
