"""The board in the static layer: the felt, each land or place with its name band, marker
and badges, the links of a graph board, the coordinates, and the off-board strips with their
permanents' chips."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import pygame

from frontier_desktop.ui.cards import CARD_RATIO
from frontier_desktop.ui.table.geometry import TableGeometry
from frontier_desktop.ui.table.layout import CELL_RATIO, LAND_NAME_MIN, LAND_NAME_SIZE
from frontier_desktop.ui.table.markers import draw_marker, marker_for
from frontier_desktop.ui.table.stacks import draw_die
from frontier_desktop.ui.table.tokens import _pill

if TYPE_CHECKING:
    from frontier_desktop.ui.table.render import TableRenderer


class BoardLayer(TableGeometry):
    """Draws the board and the strips into the static layer (see
    :meth:`TableRenderer._build_static`)."""

    def _draw_board(self, surf: pygame.Surface, me: int, opp: int) -> None:
        """The felt, the home rows' tint, every land or place (its card, name band, marker,
        badges and life die) and the coordinates along the edges."""
        pal, fonts, images = self.app.palette, self.app.fonts, self.app.images
        lay = self.layout
        assert lay is not None and self.view is not None
        view = self.view
        # felt under the board
        felt = lay.board.inflate(18, 18)
        pygame.draw.rect(surf, pal.felt, felt, border_radius=12)
        pygame.draw.rect(surf, pal.grid_line, felt, 2, border_radius=12)
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
                    cast("TableRenderer", self), surf, die, rect, self.land_name_rects.get(key))
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

    def _draw_strips(self, surf: pygame.Surface, me: int, opp: int) -> None:
        """The off-board strips (Frontier: staging rows), labelled by the variant."""
        pal, fonts = self.app.palette, self.app.fonts
        lay = self.layout
        assert lay is not None and self.view is not None
        view = self.view
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
                if any(at.colliderect(r) for r in rects):  # a small place: the foot's left
                    at = pill.get_rect(bottomleft=(inner.left, bottom))
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
