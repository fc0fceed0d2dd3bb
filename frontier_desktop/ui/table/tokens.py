"""The tokens: each unit's pre-built sprite and badges (P/T, damage, counters, a stack's
count), where it rests on its place (in rows on a crowded one, fanned in a stack), and how a
tapped or lifted token looks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import pygame

from frontier_desktop.ui.table.geometry import TableGeometry
from frontier_desktop.ui.table.layout import CELL_RATIO, TokenSprite
from frontier_desktop.ui.table.markers import marker_for
from frontier_desktop.ui.table.stacks import lay_out_fan

if TYPE_CHECKING:
    from frontier_desktop.ui.table.render import TableRenderer


def _int(value: Any, default: int = 0) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


class TokenLayer(TableGeometry):
    """Builds the tokens' sprites for a view and draws them each frame."""

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
            lay_out_fan(cast("TableRenderer", self), fans[self.expanded], self.expanded,
                        max(d, self.app.px(46)))
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
                      # beside the token, off its initials (play-test L4: "zz" covered them)
                      "left": (-d // 2 - bw + 3, -bh // 2),
                      # inside the token's square: above it is the land's name band
                      "top": (-bw // 2, -d // 2),
                      "top_left": (-d // 2 - 4, -d // 2),
                      "bottom": (-bw // 2, d // 2 - bh + 2)}.get(spec.anchor,
                                                                 (-bw // 2, -bh // 2))
            out.append((pill, offset))
        return out

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
