"""Table layout, hit-testing and rendering of one player view.

Everything that depends only on the view (board, lands, zones, hands, panels, log) is drawn
once into a static layer when the view changes; tokens are pre-built sprites blitted per
frame (so a dragged token can follow the mouse and a rejected one can glide back) and
highlights are cached translucent tiles. Nothing per frame scales, loads or lays out text.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from frontier_desktop.rules.state import UNKNOWN_CARD
from frontier_desktop.ui.cards import CARD_RATIO, parse_symbols
from frontier_desktop.ui.table.markers import draw_marker, marker_for
from frontier_desktop.ui.table.places import PlaceMap
from frontier_desktop.ui.table.stacks import draw_die, lay_out_fan
from frontier_desktop.ui.table.words import PHASE_NAMES

from frontier_desktop.ui.variants import VariantPresentation, presentation_for

if TYPE_CHECKING:
    from frontier_desktop.ui.games import CardInfo
    from frontier_desktop.ui.host import UIHost as App

CELL_RATIO = 0.8
"""Board cell width / height at least (a land card stands upright in it)."""
CELL_WIDE_RATIO = 0.9
"""Board cell width / height at most, when the window is wide enough."""

Square = tuple[int, int]

HAND_NAME_SIZE = 11
HAND_NAME_MIN = 8
"""The hand cards' name tags: their text size, and the smallest it shrinks to before wrapping."""
BAND_RESERVE = 44
"""Design pixels kept free under the zoom for a two-line support band."""

LAND_NAME_SIZE = 10
LAND_NAME_MIN = 7
"""The land name band's smallest usual text size, and the least it shrinks to to fit."""


def _int(value: Any, default: int = 0) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


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


class TableRenderer:
    """Draws a view (from one seat, or the revealed replay) and answers hit tests."""

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

    # ------------------------------------------------------------------ build
    def set_view(self, view: dict[str, Any], seat: int, log_lines: list[str] | None = None,
                 *, hidden_hand: bool = False) -> None:
        """Adopt a new view and rebuild the static layer and sprites (once per state change)."""
        self.view = view
        self.seat = seat
        if log_lines is not None:
            self.log_lines = log_lines
        self.places = self.pres.place_layout(view, seat)
        extent = (self.places.height, self.places.width) if self.places is not None else \
            (self.rows, self.cols)
        self.layout = Layout(self.app.size, extent[0], extent[1], self.app.scale,
                             self.app.settings.card_scale, self.pres.strip_room,
                             self.pres.cell_wide)
        if len(view.get("players") or ()) > 2:
            from frontier_desktop.ui.table.players import fit_players_panel, status_words

            others = [s for s in range(len(view["players"])) if s != seat]
            fit_players_panel(self.layout, self.app, len(others),
                              4 if any(status_words(view, s) for s in others) else 3)
        self._lay_out_places()
        self.hidden_hand = hidden_hand
        self._build_static()
        self._build_sprites()

    def rebuild(self) -> None:
        if self.view is not None:
            self.set_view(self.view, self.seat, hidden_hand=self.hidden_hand)

    def _build_static(self) -> None:
        app, pal, fonts, images = self.app, self.app.palette, self.app.fonts, self.app.images
        lay = self.layout
        assert lay is not None and self.view is not None
        view = self.view
        surf = self.new_layer(app.size)
        surf.fill(pal.bg)
        # panels
        pygame.draw.rect(surf, pal.bg_panel, lay.side)
        pygame.draw.line(surf, pal.bg_panel_hi, lay.side.topleft, lay.side.bottomleft, 2)
        pygame.draw.rect(surf, pal.bg_panel, lay.left)
        pygame.draw.line(surf, pal.bg_panel_hi, lay.left.topright, lay.left.bottomright, 2)
        # felt under the board
        felt = lay.board.inflate(18, 18)
        pygame.draw.rect(surf, pal.felt, felt, border_radius=12)
        pygame.draw.rect(surf, pal.grid_line, felt, 2, border_radius=12)
        opp = (self.seat + 1) % max(1, len(view["players"]))  # the next seat clockwise
        me = self.seat
        if self.places is None:
            # home-row tint (whose home row is which)
            for seat_idx, r in ((me, self._home_row(me)), (opp, self._home_row(opp))):
                rect = self.square_rect((r, 0)).union(self.square_rect((r, self.cols - 1)))
                tint = pygame.Surface(rect.size, pygame.SRCALPHA)
                tint.fill((*pal.seat[seat_idx % len(pal.seat)], 26))
                surf.blit(tint, rect.topleft)
        cw, ch = lay.cell
        self.land_name_rects = {}
        self.land_name_texts = []
        self.dice_rects = {}
        self.badge_rects = {}
        self._place_badges = []
        card_size = (min(cw, int(ch * CELL_RATIO)) - 8, ch - 8)
        tapped_size = (card_size[0], int(card_size[0] * CARD_RATIO))
        if self.places is None:
            board_cells: list[tuple[Any, Any]] = [
                ((r, c), cell) for r, row in enumerate(view["board"]["rows"])
                for c, cell in enumerate(row)]
        else:
            board_cells = list(self.pres.places_of(view))
            self._draw_links(surf)
        for key, cell in board_cells:
            rect = self.square_rect(key) if self.places is None else self.place_rects.get(key)
            if rect is None:
                continue
            inner = rect.inflate(-8, -8)
            word = self.pres.cell_mark(cell)
            if word:
                pygame.draw.rect(surf, (8, 9, 12), inner, border_radius=8)
                pygame.draw.rect(surf, (40, 30, 26), inner, 3, border_radius=8)
                mark = fonts.text(word, 11, pal.text_dim)
                surf.blit(mark, mark.get_rect(center=inner.center))
                continue
            name = cell.get("land")
            if self.pres.face_shown(cell):  # the War Game: your own stronghold, to you
                face = images.land(name, self.info.get(name), card_size)
            else:
                face = images.back(card_size)
            tapper = cell.get("tapped_by")
            if tapper is not None:
                key_size = tapped_size
                rot = images._get(("rot", id(face), key_size),
                                  lambda f=face: pygame.transform.rotate(
                                      pygame.transform.smoothscale(f, (key_size[1], key_size[0])), 90))
                surf.blit(rot, rot.get_rect(center=rect.center))
            else:
                surf.blit(face, face.get_rect(center=rect.center))
            tap_col = None if tapper is None else \
                (pal.seat[tapper] if isinstance(tapper, int) and tapper < len(pal.seat) else pal.tap)
            title = str(name or "") if self.places is None else \
                self.pres.place_title(key, cell, view)
            if (cell.get("face_up") and name) if self.places is None else title:
                # a tapped land's band is underlined in the colour of the seat that tapped it
                card_band = pygame.Rect(0, 0, card_size[0] + 4, inner.h)
                card_band.center = rect.center
                fonts_ok = self.app.fonts.whole_lines(title, self.land_name_size,
                                                      card_band.w - 4,
                                                      True, min_size=LAND_NAME_MIN)
                # as wide as the card, or the whole square for a longer name
                band = self._land_band(surf, title, card_band if fonts_ok else
                                       rect.inflate(-2, -8), tap_col,
                                       LAND_NAME_MIN if self.places is None else
                                       LAND_NAME_SIZE)
                self.land_name_rects[key] = band
            elif tap_col is not None:
                dot = pygame.Rect(0, 0, 12, 12)
                dot.topright = (inner.right - 2, inner.top + 2)
                pygame.draw.circle(surf, tap_col, dot.center, 6)
                pygame.draw.circle(surf, (10, 10, 12), dot.center, 6, 1)
            if self.places is not None:
                self._place_extras(surf, key, cell, rect)
                continue
            for spec in self.pres.cell_badges(cell):
                pill = _pill(fonts.text(spec.text, spec.size, spec.fg, bold=True), spec.bg)
                surf.blit(pill, (inner.x + 2, inner.y + 2))
            die = self.pres.cell_die(cell)  # Army: the land's life die
            if die is not None:
                self.dice_rects[key] = draw_die(
                    self, surf, die, rect, self.land_name_rects.get(key))
        # coordinates along the edges (players talk in squares), in the bands the layout keeps
        self.label_rects = []
        for c in range(self.cols if self.places is None else 0):
            rect = self.square_rect((self._home_row(me), c))
            lab = fonts.text(str(c + 1), 10, pal.text_dim)
            at = lab.get_rect(center=(rect.centerx, lay.board.bottom + (lay.label + 4) // 2))
            surf.blit(lab, at)
            self.label_rects.append(at)
        for r in range(self.rows if self.places is None else 0):
            rect = self.square_rect((r, 0))
            lab = fonts.text(str(r + 1), 10, pal.text_dim)
            side_x = lay.board.left - (lay.label + 4) // 2 if self.seat == 0 else \
                lay.board.right + (lay.label + 4) // 2
            at = lab.get_rect(center=(side_x, rect.centery))
            surf.blit(lab, at)
            self.label_rects.append(at)
        if self.places is not None:
            self._place_coordinates(surf)
        # the off-board strips (Frontier: staging rows), labelled by the variant
        opp_strip, own_strip = self.pres.strips(view, me, opp)
        self.strip_label_rects = []
        for strip, info in ((lay.opp_strip, opp_strip), (lay.own_strip, own_strip)):
            seat_idx = info.seat
            box = strip.inflate(-16, -10)
            pygame.draw.rect(surf, pal.bg_panel, box, border_radius=10)
            pygame.draw.rect(surf, marker_for(seat_idx, pal)[0], box, 1, border_radius=10)
            if info.label:
                lab = fonts.text(info.label, 11, pal.text_dim)
                surf.blit(lab, (box.x + 8, box.y + 3))
                self.strip_label_rects.append(lab.get_rect(topleft=(box.x + 8, box.y + 3)))
        self._draw_hands(surf, me, opp)
        self.player_rects = []
        if len(view["players"]) > 2:
            # three or four players: every other player listed, clockwise from the viewer
            from frontier_desktop.ui.table.players import clockwise_others, draw_players

            self.player_rects = draw_players(self, surf, lay.opp_panel,
                                             clockwise_others(view, me))
        else:
            self._draw_panel(surf, lay.opp_panel, opp, top=True)
        self._draw_panel(surf, lay.own_panel, me, top=False)
        self._draw_permanents(surf, me, opp)
        self._draw_log(surf)
        self.static = surf.convert() if pygame.display.get_surface() is not None else surf

    def _place_extras(self, surf: pygame.Surface, key: Any, cell: Any,
                      rect: pygame.Rect) -> None:
        """A place's control marker (top right, under its name band) and badges (bottom
        right, upwards: the Conquering's conquer value), pre-built here and drawn over the
        tokens each frame (:meth:`draw_place_badges`) so a creature never hides them."""
        fonts, pal = self.app.fonts, self.app.palette
        inner = rect.inflate(-8, -8)
        band = self.land_name_rects.get(key)
        top = band.bottom + 1 if band is not None else inner.top + 1
        right = inner.right
        rects: list[pygame.Rect] = []
        seat = self.pres.cell_marker(cell)
        if seat is not None:  # under the name band, on the right
            rad = max(5, min(inner.w, inner.h) // 10)
            size = 2 * rad + 6
            mark = pygame.Surface((size, size), pygame.SRCALPHA)
            draw_marker(mark, seat, (size // 2, size // 2), rad, pal)
            at = mark.get_rect(topright=(right + 2, top - 1))
            self._place_badges.append((mark, at.topleft))
            rects.append(at)
        x, bottom = inner.left, inner.bottom - 1
        row_bottom = max([top] + [r.bottom for r in rects])
        for spec in self.pres.cell_badges(cell):
            size = max(spec.size, min(15, round(inner.w / 6 / self.app.fonts.scale)))
            pill = _pill(fonts.text(spec.text, size, spec.fg, bold=True), spec.bg)
            if pill.get_width() > inner.w:  # never wider than the land
                pill = _pill(fonts.fit(spec.text, spec.size, spec.fg, inner.w - 8, True),
                             spec.bg)
            if spec.anchor == "bottom":  # along the foot, upwards
                at = pill.get_rect(bottomright=(right, bottom))
                bottom = at.top - 1
            else:  # under the name band, left of the marker (or under it: never cut)
                room = (min(r.left for r in rects) if rects else inner.right) - x - 1
                if spec.short and pill.get_width() > min(room, inner.w // 2):
                    pill = _pill(fonts.text(spec.short, size, spec.fg, bold=True), spec.bg)
                at = pill.get_rect(topleft=(x, top))
                if any(at.colliderect(r) for r in rects):
                    at = pill.get_rect(topleft=(inner.left, row_bottom))
                x = at.right + 2
            self._place_badges.append((pill, at.topleft))
            rects.append(at)
        self.badge_rects[key] = rects

    def _draw_links(self, surf: pygame.Surface) -> None:
        """Which places touch, on the felt under the lands: a graph board's neighbours and
        each stronghold's land beside it (a grid's squares touch where they meet)."""
        view, pal = self.view, self.app.palette
        assert view is not None
        board = view.get("board") or {}
        ink = tuple(max(0, min(255, int(c * 0.55 + g * 0.45)))
                    for c, g in zip(pal.felt, pal.grid_line))
        width = max(3, self.app.px(4))
        pairs = [(name, n) for name, area in (board.get("areas") or {}).items()
                 for n in area.get("neighbours") or [] if str(name) < str(n)]
        pairs += [(s.get("place"), self.pres.place(s.get("beside")))
                  for s in board.get("strongholds") or []]
        for a, b in pairs:
            ra, rb = self.place_rects.get(a), self.place_rects.get(b)
            if ra is not None and rb is not None:
                pygame.draw.line(surf, ink, ra.center, rb.center, width)

    def _place_coordinates(self, surf: pygame.Surface) -> None:
        """Column and row numbers of a grid with outside places, whichever way it is turned:
        under the board for the lines that run up the screen, beside it for the others."""
        lay, fonts, pal = self.layout, self.app.fonts, self.app.palette
        assert lay is not None
        squares = {k: r for k, r in self.place_rects.items() if isinstance(k, tuple)}
        for axis in (1, 0):  # columns, then rows
            lines: dict[int, list[pygame.Rect]] = {}
            for k, r in squares.items():
                lines.setdefault(int(k[axis]), []).append(r)
            for n, rects in sorted(lines.items()):
                lab = fonts.text(str(n + 1), 10, pal.text_dim)
                if len({r.centerx for r in rects}) == 1:
                    at = lab.get_rect(center=(rects[0].centerx,
                                              lay.board.bottom + (lay.label + 4) // 2))
                else:
                    at = lab.get_rect(center=(lay.board.left - (lay.label + 4) // 2,
                                              rects[0].centery))
                surf.blit(lab, at)
                self.label_rects.append(at)

    def draw_place_badges(self, surface: pygame.Surface) -> None:
        """The places' markers and badges, over the tokens (built with the static layer)."""
        for badge, at in self._place_badges:
            surface.blit(badge, at)

    def _land_band(self, surf: pygame.Surface, name: str, inner: pygame.Rect,
                   tapped_by: tuple[int, int, int] | None,
                   min_size: int = LAND_NAME_MIN) -> pygame.Rect:
        """The land's name on a dark band across the top of its card, where no token rests
        (the card's own title is under the tokens' row otherwise); in *tapped_by*'s colour,
        darkened and underlined, when the land is tapped."""
        fonts = self.app.fonts
        min_size = min(min_size, self.land_name_size)
        whole = fonts.whole_lines(name, self.land_name_size, inner.w - 4, True,
                                  min_size=min_size) or \
            fonts.whole_lines(name, self.land_name_size, inner.w - 4, True,
                              min_size=LAND_NAME_MIN)
        self.land_name_texts.append((name, None if whole is None else whole[1]))
        lines = [fonts.text(t, whole[0], (250, 250, 246), True) for t in whole[1]] \
            if whole is not None else \
            fonts.fit_lines(name, self.land_name_size, (250, 250, 246), inner.w - 4,
                            bold=True, min_size=LAND_NAME_MIN)
        under = 3 if tapped_by is not None else 0
        assert self.layout is not None
        cw, ch = self.layout.cell
        pad = max(0, (min(cw, int(ch * CELL_RATIO)) - 8) // 16 + 1)  # the card's title margin
        band = pygame.Rect(inner.x, inner.y, inner.w,
                           sum(t.get_height() for t in lines) + 3 + pad + under)
        shade = pygame.Surface(band.size, pygame.SRCALPHA)
        # a tapped land's band takes the tapper's colour (darkened for the white text): it
        # shows above a creature that covers the turned card (play-test L5)
        fill = (14, 14, 18) if tapped_by is None else \
            tuple(14 + (c * 9) // 20 for c in tapped_by)
        pygame.draw.rect(shade, (*fill, 255), shade.get_rect(),
                         border_top_left_radius=6, border_top_right_radius=6)
        if tapped_by is not None:
            pygame.draw.rect(shade, (*tapped_by, 255), (0, band.h - under, band.w, under))
        surf.blit(shade, band.topleft)
        y = band.y + 1 + pad // 2
        for t in lines:
            surf.blit(t, t.get_rect(midtop=(band.centerx, y)))
            y += t.get_height()
        return band

    @property
    def land_name_size(self) -> int:
        """The land name band's text size: as large as the land card's own title (which the
        band covers), at least LAND_NAME_SIZE."""
        assert self.layout is not None
        cw, ch = self.layout.cell
        card_w = min(cw, int(ch * CELL_RATIO)) - 8
        return max(LAND_NAME_SIZE, min(16, int(card_w * 0.16 / self.app.fonts.scale)))

    def new_layer(self, size: tuple[int, int]) -> pygame.Surface:
        """The surface the static layer is drawn on (tests swap it to see where text goes)."""
        return pygame.Surface(size)

    def _home_row(self, seat: int) -> int:
        return self.pres.home_row(seat, self.rows)

    def _draw_hands(self, surf: pygame.Surface, me: int, opp: int) -> None:
        lay, view, images = self.layout, self.view, self.app.images
        assert lay is not None and view is not None
        # opponent: backs (three or four players: each other player's, beside their marker)
        if len(view["players"]) > 2:
            from frontier_desktop.ui.table.players import clockwise_others, draw_other_hands

            draw_other_hands(self, surf, lay.opp_hand, clockwise_others(view, me))
            n = 0
        else:
            n = view["players"][opp]["hand_count"]
        bh = lay.opp_hand.h - 16
        bw = int(bh * CARD_RATIO)
        step = min(bw + 6, (lay.opp_hand.w - 140) // max(1, n)) if n else bw
        x0 = lay.opp_hand.centerx - (step * (n - 1) + bw) // 2
        back = images.back((bw, bh))
        for i in range(n):
            surf.blit(back, (x0 + i * step, lay.opp_hand.y + 8))
        # own hand
        self.hand_rects = []
        self.hand_name_rects = []
        self.hand_name_texts = []
        me_p = view["players"][me]
        names = me_p.get("hand") or []
        ids = me_p.get("hand_ids") or []
        cw, chh = lay.hand_card
        n = len(names) if not self.hidden_hand else me_p["hand_count"]
        if n:
            step = min(cw + 8, (lay.own_hand.w - 40 - cw) // max(1, n - 1)) if n > 1 else cw
            x0 = lay.own_hand.centerx - (step * (n - 1) + cw) // 2
            for i in range(n):
                rect = pygame.Rect(x0 + i * step, lay.own_hand.y + 10, cw, chh)
                if self.hidden_hand or i >= len(names):
                    surf.blit(images.back((cw, chh)), rect.topleft)
                    continue
                card = self.info.get(names[i])
                surf.blit(images.face(names[i], card, (cw, chh)), rect.topleft)
                self.hand_rects.append((rect, ids[i] if i < len(ids) else names[i], names[i]))
            # each card's name in a readable strip over the bottom of the part that shows (the
            # card's own title is too small to read at hand size, and hidden where they overlap)
            self.hand_name_rects = []
            for k, (rect, _, name) in enumerate(self.hand_rects):
                shown = rect.w if k == len(self.hand_rects) - 1 else min(rect.w, step)
                self.hand_name_rects.append(self._name_tag(
                    surf, "Unnamed card" if name == UNKNOWN_CARD else name, rect, shown))

    def _name_tag(self, surf: pygame.Surface, name: str, card: pygame.Rect,
                  shown: int) -> pygame.Rect:
        """*name* on a dark tag over the part of a hand card that shows (*shown* pixels wide):
        across its bottom at a legible size, on two lines when one is too narrow; where the
        cards overlap so much that it can't be read across, along the slice's edge, turned a
        quarter like the corner of a fanned card. Never cut while it can be read whole."""
        fonts = self.app.fonts
        ink = (250, 250, 246)
        whole = fonts.whole_lines(name, HAND_NAME_SIZE, shown - 6, True, min_size=HAND_NAME_MIN)
        vertical = whole is None
        if vertical:
            whole = fonts.whole_lines(name, HAND_NAME_SIZE, card.h - 8, True,
                                      min_size=HAND_NAME_MIN)
            if whole is not None and \
                    len(whole[1]) * fonts.font(whole[0], True).get_linesize() > shown - 2:
                whole = fonts.whole_lines(name, HAND_NAME_SIZE, card.h - 8, True,
                                          min_size=HAND_NAME_MIN, max_lines=1)
        if whole is None:  # too narrow either way: the name, shortened
            size, texts = HAND_NAME_MIN, None
            lines = [fonts.fit(name, size, ink, shown - 6, bold=True)]
            vertical = False
        else:
            size, texts = whole
            lines = [fonts.text(t, size, ink, True) for t in texts]
        self.hand_name_texts.append((name, size, texts, vertical))
        h = sum(t.get_height() for t in lines) + 2
        if vertical:
            tag = pygame.Rect(card.x, card.y, min(h, shown - 1), card.h)
        else:
            tag = pygame.Rect(card.x, card.bottom - h, shown - 1, h)
        shade = pygame.Surface(tag.size, pygame.SRCALPHA)
        shade.fill((10, 10, 14, 225))
        surf.blit(shade, tag.topleft)
        if vertical:
            x = tag.x + 1
            for t in lines:
                turned = pygame.transform.rotate(t, 90)
                surf.blit(turned, turned.get_rect(midleft=(x, tag.centery)))
                x += t.get_height()
        else:
            y = tag.y + 1
            for t in lines:
                surf.blit(t, t.get_rect(midtop=(tag.centerx, y)))
                y += t.get_height()
        return tag

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

    def _draw_permanents(self, surf: pygame.Surface, me: int, opp: int) -> None:
        """Non-creature permanents: small chips at the right end of their staging row."""
        lay, fonts, pal, view = self.layout, self.app.fonts, self.app.palette, self.view
        assert lay is not None and view is not None
        self.permanent_rects = []
        for strip, seat in ((lay.opp_strip, opp), (lay.own_strip, me)):
            x = strip.right - 18
            # one chip a name ("Marble Diamond ×3"), and never past the strip's left end:
            # the rest counted on a last chip ("+2 more"), the preview names each
            counts: dict[str, int] = {}
            for perm in view.get("permanents", []):
                if perm.get("controller") == seat:
                    counts[str(perm["name"])] = counts.get(str(perm["name"]), 0) + 1
            names = list(counts)
            for k, name in enumerate(names):
                label = name if counts[name] == 1 else f"{name} ×{counts[name]}"
                chip = fonts.fit(label, 11, pal.text, 120)
                r = chip.get_rect().inflate(12, 6)
                rest = len(names) - k - 1
                last = False
                more = fonts.text(f"+{rest + 1} more", 11, pal.text)
                if (x - r.w - 6 - more.get_width() - 12 if rest else x - r.w) < strip.left + 18:
                    chip, r, last = more, more.get_rect().inflate(12, 6), True
                r.topright = (x, min(strip.y + 8, strip.centery - r.h // 2))
                pygame.draw.rect(surf, pal.bg_panel_hi, r, border_radius=6)
                surf.blit(chip, chip.get_rect(center=r.center))
                self.permanent_rects.append(r)
                x = r.left - 6
                if last:
                    break

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

    def _build_sprites(self) -> None:
        lay, view, images, pal = self.layout, self.view, self.app.images, self.app.palette
        assert lay is not None and view is not None
        self.sprites = {}
        cw, ch = lay.cell
        band_h = self.app.fonts.font(self.land_name_size, True).get_linesize() + 3 + \
            max(0, (min(cw, int(ch * CELL_RATIO)) - 8) // 16 + 1)
        d0 = int(min(cw, ch) * 0.74)
        # on a land: between its name band and the square's bottom edge
        d = max(12, min(d0, ch - 4 - band_h - 5))
        staged: dict[int, int] = {}
        me = self.seat
        per_square: dict[tuple[int, int], list[str]] = {}
        pres = self.pres
        for unit in view.get("units", []):
            if pres.strip_of(unit) is None:
                per_square.setdefault(pres.place(unit.get("at")), []).append(str(unit["id"]))
        for unit in view.get("units", []):  # a stack fans out in its own order, lead first
            order = [str(u) for u in ((unit.get("stack") or {}).get("units") or [])]
            if pres.collapse_stacks:
                order = pres.stack_members(unit)
            members = per_square.get(pres.place(unit.get("at"))) if order else None
            if members and set(order) == set(members):
                members[:] = order
        self.fan_rect, self.fan_ids, self.fan_labels = None, [], []
        self._crowded = {}
        fans = {sq: m for sq, m in per_square.items() if len(m) > 1}
        if pres.collapse_stacks and self.expanded in fans:
            lay_out_fan(self, fans[self.expanded], self.expanded, max(d, self.app.px(46)))
        by_id = {str(u["id"]): u for u in view.get("units", [])}
        for unit in view.get("units", []):
            strip_seat = pres.strip_of(unit)
            role: tuple[str, int, int] | None = None
            hidden = False
            under: list[tuple[pygame.Surface, tuple[int, int]]] = []
            if strip_seat is None:
                sq = pres.place(unit.get("at"))
                rect = self.place_rect(sq) or lay.board
                centre = rect.center
                members = per_square[sq]
                dd = d
                band = self.land_name_rects.get(sq)
                # above the place's badges along its foot (the War Game's "held by Cy"), which
                # would cover the creatures' P/T pills
                lows = [m.top - 3 for m in self.badge_rects.get(sq) or []
                        if m.top >= rect.centery]
                floor = min([rect.bottom - 3, *lows])
                if band is not None:
                    # below the land's name band (a long name on two lines: a smaller token)
                    dd = max(12, min(dd, floor - band.bottom - 2))
                    centre = (centre[0], max(centre[1], band.bottom + 2 + dd // 2))
                if lows:
                    centre = (centre[0], min(centre[1], floor - dd // 2 - 2))
                die = self.dice_rects.get(sq) if isinstance(sq, tuple) else None
                if die is not None:  # left of the land's life die, overlapping it a little
                    centre = (min(centre[0], die.left + 4 - dd // 2), centre[1])
                marks = [m for m in self.badge_rects.get(sq) or [] if m.top < rect.centery]
                if marks:  # below the place's marker and conquer value when there is room
                    low = max(m.bottom for m in marks)
                    below = floor - low
                    if below >= dd * 0.75:  # else they are drawn over the token's top
                        dd = min(dd, below)
                        centre = (centre[0], max(centre[1], low + dd // 2))
                if pres.collapse_stacks and len(members) > 1:
                    uid = str(unit["id"])
                    if uid in self.fan_ids:
                        # fanned out in the panel: its own place, size, badges and name
                        dd, centre = self.fan_slots[uid]
                    else:
                        # a collapsed stack: the top creature, the next two peeking out
                        # under it up and to the right, the count on the top's badges
                        shift = max(3, dd // 12)
                        centre = (centre[0] - shift, centre[1] + shift // 2)
                        hidden = members.index(uid) > 0
                        if not hidden:
                            for k, other in enumerate(members[1:3], start=1):
                                o = by_id.get(other, {})
                                face = images.token(str(o.get("name", "?")),
                                                    self.info.get(str(o.get("name", "?"))),
                                                    tuple(o.get("colors") or ()),
                                                    pal.seat[int(o.get("owner", 0)) % len(pal.seat)], dd)
                                under.insert(0, (_dim(face, 0.7), (k * shift, -k * shift)))
                elif len(members) > 1:
                    # a banding stack: members fanned out side by side so each can be picked
                    # (shift-click); one badge for the stack, under the fan (see _badges)
                    dd = int(dd * 0.8)
                    n = len(members)
                    apart = pres.member_spread
                    if apart > 0.45:  # each creature shown whole where the land has room
                        dd = max(12, min(dd, int((cw - 6) / (1 + apart * (n - 1)))))
                    spread = min(dd * apart, (cw - dd - 6) / max(1, n - 1))
                    i = members.index(str(unit["id"]))
                    dx = int((i - (n - 1) / 2) * spread)
                    centre = (centre[0] + dx, centre[1])
                    if unit.get("stack"):
                        role = ("lead", n, -dx) if i == 0 else ("member", n, -dx)
                    elif apart > 0.45:
                        dd, centre = self._crowd(rect, band, floor, dd, spread, members, i,
                                                 by_id, centre)
            else:
                strip = lay.own_strip if strip_seat == me else lay.opp_strip
                k = staged.get(strip_seat, 0)
                staged[strip_seat] = k + 1
                dd = min(d0, strip.h - 28)  # clear of the row's label
                centre = (strip.x + 30 + dd // 2 + k * (dd + 10), strip.centery + 9)
            name = unit.get("name", "?")
            card = self.info.get(name)
            owner_col = marker_for(int(unit.get("owner", 0)), pal)[0]
            base = images.token(name, card, tuple(unit.get("colors") or ()), owner_col, dd)
            if unit.get("tapped"):
                # the word when it fits whole and legible (a small token: turned, dimmed and
                # ringed only; a stamp shrunk to fit would hide its letters and P/T)
                fits = self.app.fonts.whole_lines("TAPPED", 11, dd - 8, True, min_size=10,
                                                  max_lines=1) if dd >= self.app.px(64) else []
                mark = self.app.fonts.text("TAPPED", fits[0], pal.tap, True) if fits else None
                base = images._get(("tapped-token", id(base), id(mark)),
                                   lambda b=base, m=mark: _tapped(b, m, pal.tap))
            badges = self._badges(unit, dd, role)
            self.sprites[str(unit["id"])] = TokenSprite(unit, centre, base, badges, dd // 2,
                                                        hidden, under)

    def _pt_size(self, d: int) -> int:
        """The text size of a token's P/T pill, *d* wide."""
        return max(9, min(13, round(d / 3.2 / self.app.fonts.scale)))

    def _pill_size(self, text: str, d: int) -> tuple[int, int]:
        """The size of a token's P/T pill saying *text*, the token *d* wide."""
        t = self.app.fonts.text(text, self._pt_size(d), (0, 0, 0), bold=True)
        return t.get_width() + 10, t.get_height() + 2

    def _crowd(self, rect: pygame.Rect, band: pygame.Rect | None, floor: int, d: int,
               spread: float,
               members: list[str], i: int, by_id: dict[str, dict[str, Any]],
               centre: tuple[int, int]) -> tuple[int, tuple[int, int]]:
        """Creatures side by side too close for their figures (a P/T pill at each token's
        foot, a damage counter at its left) to sit in one row: in rows and columns instead,
        as large as the place allows with every pill clear of the next token's (each P/T
        centred under its token, a damaged one's toughness left in red: see
        :meth:`_badges`). Before, three or four creatures on one place at 960x600 showed
        their pills on top of each other."""
        n = len(members)
        damaged = any(by_id.get(m, {}).get("damage") for m in members)
        pill_w, _ = self._pill_size("4/4", d)
        # in one row a damage counter (left of the foot) must clear the P/T pill (right of
        # the foot, overhanging) of the creature before it
        if spread >= (d + pill_w // 2 + 6 if damaged else pill_w + 1):
            self._crowded.pop(members[i], None)
            return d, centre
        top = (band.bottom if band is not None else rect.top + 2) + 2
        room = floor - top
        wide = rect.w - 6
        _, pill_h = self._pill_size("4/4", 12)
        drop = pill_h - 3  # a pill hung under its token, not over its lower half
        best: tuple[int, int, int, int, int] | None = None
        for rows in (1, 2, 3):
            cols = -(-n // rows)
            if rows > 1 and (rows - 1) * cols >= n:
                continue
            for below in (1, 0):
                row_h = (room - 3 * (rows - 1)) // rows
                dd = min(d, row_h - drop * below)
                joined = self._pill_size("4/4", dd)[0]
                if cols > 1:
                    dd = min(dd, wide - (cols - 1) * (joined + 3))
                seen = dd - (0 if below else pill_h - 2)  # the token's part left in view
                if dd >= 12 and (best is None or seen > best[0]):
                    best = (seen, dd, rows, cols, below)
        fits = best is not None
        if best is None:  # five or more on a small place: in three rows, inside it
            rows = 3 if n > 4 else 2
            cols = -(-n // rows)
            best = (0, max(12, min((room - 6) // rows, wide // cols)), rows, cols, 0)
        _, dd, rows, cols, below = best
        joined = self._pill_size("4/4", dd)[0]
        sx = min(dd + 4, (wide - dd) / max(1, cols - 1))
        if fits:
            sx = max(joined + 3, sx)
        row, col = divmod(i, cols)
        in_row = min(cols, n - row * cols)
        row_h = dd + drop * below
        y0 = top + max(0, room - rows * row_h - 3 * (rows - 1)) // 2
        self._crowded[members[i]] = bool(below)
        return dd, (int(rect.centerx + (col - (in_row - 1) / 2) * sx),
                    y0 + dd // 2 + row * (row_h + 3))

    def _badges(self, unit: dict[str, Any], d: int, role: tuple[str, int, int] | None = None
                ) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """The P/T pill (green when boosted, red when shrunk), then the variant's badges.

        In a stack of *n* (*role* ``("lead" | "member", n, dx)``, *dx* from this token to the
        fan's centre) only the lead carries badges: the stack's combined P/T (the view's
        ``stack`` facts) centred under the fan, and its count; each member's own figures are
        in the preview. Side by side, the members' own pills could only overlap."""
        fonts = self.app.fonts
        out: list[tuple[pygame.Surface, tuple[int, int]]] = []
        if role is not None and role[0] == "member":
            return out
        power, tough = self.pres.unit_pt(unit)
        bonus = _int(unit.get("power"), 0) - _int(unit.get("base_power"), 0)
        p_col = (120, 230, 140) if bonus > 0 else ((255, 130, 110) if bonus < 0 else (250, 250, 250))
        size = self._pt_size(d)
        ptext = fonts.text(str(power), size, p_col, bold=True)
        ttext = fonts.text(f"/{tough}", size, (250, 250, 250), bold=True)
        w = ptext.get_width() + ttext.get_width() + 10
        hgt = ptext.get_height() + 2
        badge = pygame.Surface((w, hgt), pygame.SRCALPHA)
        pygame.draw.rect(badge, (16, 16, 20, 235), (0, 0, w, hgt), border_radius=hgt // 2)
        pygame.draw.rect(badge, (200, 200, 200, 160), (0, 0, w, hgt), 1, border_radius=hgt // 2)
        badge.blit(ptext, (5, (hgt - ptext.get_height()) // 2))
        badge.blit(ttext, (5 + ptext.get_width(), (hgt - ttext.get_height()) // 2))
        crowded = str(unit.get("id")) in self._crowded
        specs = self.pres.unit_badges(unit)
        if role is None and crowded:
            # in rows (see _crowd): under its own token; a damaged creature's toughness left
            # in red ("4/1": 3 damage on a 4/4, as card games show it) instead of the
            # damage counter (the foot's left badge), which has no room there
            damage = _int(unit.get("damage"), 0)
            if damage > 0 and isinstance(tough, int):
                specs = [x for x in specs if x.anchor != "bottom_left"]
                ttext = fonts.text(f"/{tough - damage}", size, (255, 120, 110), bold=True)
                w = ptext.get_width() + ttext.get_width() + 10
                badge = pygame.Surface((w, hgt), pygame.SRCALPHA)
                pygame.draw.rect(badge, (16, 16, 20, 235), (0, 0, w, hgt),
                                 border_radius=hgt // 2)
                pygame.draw.rect(badge, (230, 90, 80, 230), (0, 0, w, hgt), 1,
                                 border_radius=hgt // 2)
                badge.blit(ptext, (5, (hgt - ptext.get_height()) // 2))
                badge.blit(ttext, (5 + ptext.get_width(), (hgt - ttext.get_height()) // 2))
            hung = self._crowded.get(str(unit.get("id")), False)
            out.append((badge, (-w // 2, d // 2 - 3 if hung else d // 2 - hgt + 2)))
        elif role is None:
            out.append((badge, (d // 2 - w // 2 + 4, d // 2 - hgt + 2)))
        else:
            out.append((badge, (role[2] - w // 2, d // 2 - hgt + 2)))
        fanned = str(unit.get("id")) in self.fan_ids
        for spec in specs:
            if spec.count and fanned:
                continue
            if spec.anchor == "ring":
                width = max(2, self.app.px(3))
                rad = d // 2 + width + 1
                ring = pygame.Surface((2 * rad + 2, 2 * rad + 2), pygame.SRCALPHA)
                pygame.draw.circle(ring, spec.bg, (rad + 1, rad + 1), rad, width)
                out.insert(0, (ring, (-rad - 1, -rad - 1)))  # under the token's figures
                continue
            text_size = min(spec.size, size) if crowded else spec.size
            pill = _pill(fonts.text(spec.text, text_size, spec.fg, bold=True), spec.bg)
            if spec.short and pill.get_width() > d * 0.7:  # a small token: the short words
                pill = _pill(fonts.text(spec.short, text_size, spec.fg, bold=True), spec.bg)
            bw, bh = pill.get_size()
            offset = {"bottom_left": (-d // 2 - 2, d // 2 - bh + 2),
                      "left": (-d // 2 - 6, -bh // 2),
                      # inside the token's square: above it is the land's name band
                      "top": (-bw // 2, -d // 2),
                      "top_left": (-d // 2 - 4, -d // 2),
                      "bottom": (-bw // 2, d // 2 - bh + 2)}.get(spec.anchor,
                                                                 (-bw // 2, -bh // 2))
            out.append((pill, offset))
        return out

    # ------------------------------------------------------------------ draw
    def prepare(self, size: tuple[int, int]) -> None:
        """Before drawing: lay out again after a resize, else take in newly loaded card art."""
        if self.layout is None or self.layout.size != size:
            self.rebuild()
        else:
            self.refresh_art()

    def refresh_art(self, *, throttle_s: float = 0.3) -> bool:
        """Rebuild the cached layers when card images arrived (at most every *throttle_s*)."""
        art = self.app.art
        if art.version == self._art_version or self.view is None:
            return False
        now = time.perf_counter()
        if now - self._art_checked < throttle_s and self._art_version >= 0:
            return False
        self._art_checked = now
        self._art_version = art.version
        self.rebuild()
        return True

    def draw_static(self, surface: pygame.Surface) -> None:
        if self.static is not None:
            surface.blit(self.static, (0, 0))

    def draw_sprite(self, surface: pygame.Surface, sprite: TokenSprite,
                    centre: tuple[int, int] | None = None, *, lifted: bool = False,
                    badges: bool = True) -> None:
        """The token at *centre* (its home), with its badges unless *badges* is False (the
        table draws every resting token first, then every badge, so a fanned stack's
        neighbour never covers the stack's figures)."""
        cx, cy = centre or sprite.home
        if lifted:
            shadow = self.app.images._get(("shadow", sprite.radius), lambda: _shadow(sprite.radius))
            surface.blit(shadow, shadow.get_rect(center=(cx + 6, cy + 10)))
        for face, (dx, dy) in sprite.under:
            surface.blit(face, face.get_rect(center=(cx + dx, cy + dy)))
        surface.blit(sprite.surface, sprite.surface.get_rect(center=(cx, cy)))
        if badges:
            self.draw_badges(surface, sprite, (cx, cy))

    def draw_badges(self, surface: pygame.Surface, sprite: TokenSprite,
                    centre: tuple[int, int] | None = None) -> None:
        cx, cy = centre or sprite.home
        for badge, (dx, dy) in sprite.badges:
            surface.blit(badge, (cx + dx, cy + dy))

    def phase_text(self) -> str:
        view = self.view
        if not view:
            return ""
        if view.get("game_over"):
            w = view.get("winner")
            return "Game over" + (f": {view['players'][w]['name']} wins" if w is not None else "")
        active = view["players"][view["active"]]["name"]
        return f"Turn {view['turn']} · {active} · {PHASE_NAMES.get(view['phase'], view['phase'])}"


def _pill(text: pygame.Surface, colour: tuple[int, int, int]) -> pygame.Surface:
    w, h = text.get_width() + 8, text.get_height() + 2
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, colour, (0, 0, w, h), border_radius=h // 2)
    surf.blit(text, (4, 1))
    return surf


def _tapped(token: pygame.Surface, mark: pygame.Surface | None,
            colour: tuple[int, int, int]) -> pygame.Surface:
    """A tapped token, like a tapped card on a table: turned a quarter, dimmed, ringed in the
    tap colour and marked TAPPED across its middle, so it shows at a glance."""
    out = _dim(pygame.transform.rotate(token, -90), 0.5)
    w, h = out.get_size()
    c = (w // 2, h // 2)
    pygame.draw.circle(out, colour, c, min(w, h) // 2 - 1, max(2, w // 16))
    if mark is None:
        return out
    pill = mark.get_rect(center=c).inflate(6, 2)
    pygame.draw.rect(out, (12, 12, 16), pill, border_radius=pill.h // 2)
    pygame.draw.rect(out, colour, pill, 1, border_radius=pill.h // 2)
    out.blit(mark, mark.get_rect(center=pill.center))
    return out


def _dim(surf: pygame.Surface, factor: float = 0.59) -> pygame.Surface:
    out = surf.copy()
    shade = pygame.Surface(out.get_size(), pygame.SRCALPHA)
    v = int(255 * factor)
    shade.fill((v, v, v, 255))
    out.blit(shade, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def _shadow(radius: int) -> pygame.Surface:
    d = radius * 2 + 8
    surf = pygame.Surface((d, d), pygame.SRCALPHA)
    for i in range(4):
        pygame.draw.circle(surf, (0, 0, 0, 40), (d // 2, d // 2), radius + 4 - i * 2)
    return surf
