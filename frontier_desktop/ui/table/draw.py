"""Per-frame drawing of the table scene over the renderer's cached layer: highlights,
tokens (resting, gliding, carried), the status column with its prompt, the preview, dice,
menus and the rules overlay. Reads the scene's state; changes nothing but hit rectangles."""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

import pygame

from frontier_desktop.ui.scenes.base import shade
from frontier_desktop.ui.table.input import DRAG_THRESHOLD

if TYPE_CHECKING:
    from frontier_desktop.ui.scenes.table import TableScene

PROMPT_MIN_SIZE = 10
"""The smallest size (before UI scaling) the status column's prompt steps down to."""


class TableDrawing:
    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.colour_rects: list[tuple[pygame.Rect, str | None]] = []
        self._bands: dict[tuple[str, int, int], pygame.Surface | None] = {}
        self.refusal_shown = ""
        """The last reason shown for a place the carried creature can't go to."""

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scene
        st = s.local
        r = s.renderer
        r.prepare(s.app.size)
        r.draw_static(surface)
        lay = r.layout
        assert lay is not None
        pal, fonts = s.app.palette, s.app.fonts
        mouse = s.input.mouse
        cw, ch = lay.cell
        # lands the seat can tap right now: a golden corner mark
        if not st.highlights:
            for sq in s.tappable():
                rect = r.square_rect(sq)
                spot = (rect.x + 15, rect.bottom - 15)
                pygame.draw.circle(surface, pal.tap, spot, 8)
                pygame.draw.circle(surface, (20, 20, 20), spot, 8, 2)
        for sq, kind in st.highlights.items():
            rect = r.place_rect(sq)
            if rect is not None:
                surface.blit(r.tile(kind, (cw - 2, ch - 2)), (rect.x + 1, rect.y + 1))
        # tokens
        moving = s.moving_ids()
        gliding = {g.unit: g for g in st.glides}
        s.fx.draw_under(surface)
        resting = []
        fanned = [(uid, r.sprites[uid]) for uid in r.fan_ids if uid in r.sprites]
        others = [(uid, sp) for uid, sp in r.sprites.items() if uid not in r.fan_ids]
        for uid, sprite in others + fanned:
            if sprite.hidden or uid in moving:
                continue
            if fanned and uid == fanned[0][0]:
                # the board's badges, then the fanned-out stack's panel over them
                for sp, at in resting:
                    r.draw_badges(surface, sp, at)
                resting = []
                self.draw_fan_panel(surface)
            glide = gliding.get(uid)
            if glide is not None:
                t = 1 - (1 - glide.t) ** 3
                cx = glide.start[0] + (sprite.home[0] - glide.start[0]) * t
                cy = glide.start[1] + (sprite.home[1] - glide.start[1]) * t
                r.draw_sprite(surface, sprite, (int(cx), int(cy)))
                continue
            if uid == st.selected or uid in st.group:
                pygame.draw.circle(surface, pal.select, sprite.home, sprite.radius + 5,
                                   3 if uid == st.selected else 2)
            at = s.fx.offset(uid, sprite.home) if s.fx.lunges else sprite.home
            r.draw_sprite(surface, sprite, at, badges=False)
            resting.append((sprite, at))
        for sprite, at in resting:  # over every token: a stack's figures stay in view
            r.draw_badges(surface, sprite, at)
        r.draw_place_badges(surface)  # markers and conquer values, never under a creature
        self.draw_board_note(surface)
        if r.fan_rect is not None and not moving:
            for label, at in r.fan_labels:
                surface.blit(label, at)
        self.draw_blocks(surface)
        if s.fx.lunges:
            s.fx.draw_under(surface, lunging=True)
        # hand: mulligan picks
        for rect, cid, _ in r.hand_rects:
            if cid in st.discard_pick:
                pygame.draw.rect(surface, pal.warn, rect.inflate(6, 6), 3, border_radius=8)
                t = fonts.text("discard", 12, pal.warn, True)
                surface.blit(t, t.get_rect(midbottom=(rect.centerx, rect.y - 1)))
            if cid in st.bottom_pick:
                pygame.draw.rect(surface, pal.warn, rect.inflate(6, 6), 3, border_radius=8)
                t = fonts.text("bottom", 12, pal.warn, True)
                surface.blit(t, t.get_rect(midbottom=(rect.centerx, rect.y - 1)))
        hand_hover = r.hand_at(mouse) if st.drag is None else None
        if hand_hover is not None:
            rect = r.hand_rects[hand_hover[0]][0]
            pygame.draw.rect(surface, pal.accent, rect.inflate(4, 4), 2, border_radius=8)
        self.draw_status(surface)
        self.draw_message(surface)
        self.draw_preview(surface)
        s.fx.draw_over(surface, fonts)
        if s.dice is not None:
            self.draw_dice(surface)
        drag = st.drag
        if drag is not None and drag.active:
            pos = (drag.pos[0] - drag.offset[0], drag.pos[1] - drag.offset[1])
            if drag.kind == "token":
                lead = r.sprites.get(drag.ident)
                for uid in moving:
                    sprite = r.sprites.get(uid)
                    if sprite and lead and uid != lead.id:
                        r.draw_sprite(surface, sprite, (pos[0] + sprite.home[0] - lead.home[0],
                                                        pos[1] + sprite.home[1] - lead.home[1]),
                                      lifted=True)
                if lead:
                    r.draw_sprite(surface, lead, pos, lifted=True)
            else:
                face = s.app.images.face(drag.name, s.info.get(drag.name), lay.hand_card)
                surface.blit(face, pos)
        if s.respond.showing and r.layout is not None:
            s.respond.draw(surface, s.app, r.layout.opp_strip, mouse)
        if st.box is not None:
            (x0, y0), (x1, y1) = st.box
            box = pygame.Rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
            if box.w >= DRAG_THRESHOLD or box.h >= DRAG_THRESHOLD:
                pygame.draw.rect(surface, pal.select, box, 2, border_radius=4)
        s.stack_panel.draw(surface)
        s.targeting.draw(surface)
        s.division.draw(surface)
        if st.menu is not None:
            st.menu.draw(surface, s.app, mouse)
        if s.help:
            self.draw_help(surface)

    def draw_fan_panel(self, surface: pygame.Surface) -> None:
        """The backing of a fanned-out stack: a dark rounded panel over the lands it covers."""
        s = self.scene
        rect = s.renderer.fan_rect
        if rect is None or s.moving_ids():
            return
        pal, px = s.app.palette, s.app.px
        pygame.draw.rect(surface, pal.bg, rect, border_radius=px(10))
        pygame.draw.rect(surface, pal.accent, rect, 2, border_radius=px(10))

    def draw_blocks(self, surface: pygame.Surface) -> None:
        """The blocks declared so far: a line from each blocker to the attacker it blocks."""
        s = self.scene
        r = s.renderer
        colour = s.app.palette.select
        for blocker, attacker in s.block_pairs:
            a, b = r.sprites.get(blocker), r.sprites.get(attacker)
            if a is None or b is None:
                continue
            start = a.home if not a.hidden else r.sprites[self._top_of(a)].home
            end = b.home if not b.hidden else r.sprites[self._top_of(b)].home
            pygame.draw.line(surface, (12, 12, 14), start, end, 7)
            pygame.draw.line(surface, colour, start, end, 4)
            for point in (start, end):
                pygame.draw.circle(surface, colour, point, 6)

    def _top_of(self, sprite: Any) -> str:
        """The visible top of the collapsed stack *sprite* is hidden under."""
        members = self.scene.presentation.stack_members(sprite.unit)
        return members[0] if members and members[0] in self.scene.renderer.sprites else sprite.id

    def status_lines(self) -> tuple[list[str], list[str]]:
        """The status column's heading lines (whose turn, which step) and "You are …" lines,
        wrapped to the column: two of each with more than two players and in the Conquering
        and the War Game (one for the Frontier). Before, a two-player War Game at 960x600
        showed one line, "Turn 2 · Ann ·", its step cut off."""
        s = self.scene
        lay = s.renderer.layout
        assert lay is not None
        fonts, box = s.app.fonts, lay.status
        head_text, you_text = s.renderer.phase_text(), \
            f"You are {s.view['players'][s.seat]['name']}"
        rows = 1
        if len(s.view.get("players") or ()) > 2 or \
                s.view.get("variant") in ("conquering", "wargame"):
            from frontier_desktop.ui.table.words import turn_words

            # whose turn it is and who chooses now ("You are Theresa: you choose blockers")
            head_text, you_text = turn_words(s.view, s.seat, s.names)
            rows = 2
        mark = max(5, fonts.font(13, True).get_linesize() // 2 - 1)
        heads = fonts.wrap(head_text, 15, box.w, bold=True)
        if len(heads) > rows == 1:  # one line: all of the heading, a little smaller, not cut
            heads = [head_text]
        return (heads[:rows],
                fonts.wrap(you_text, 13, box.w - 2 * mark - 4, bold=True)[:rows])

    def draw_status(self, surface: pygame.Surface) -> None:
        s = self.scene
        st = s.local
        lay = s.renderer.layout
        assert lay is not None
        pal, fonts = s.app.palette, s.app.fonts
        box = lay.status
        y = box.y + 6
        # The text stops above the topmost widget in the column (the buttons are stacked from
        # the bottom; a subclass may add more, e.g. the LAN table's chat line).
        limit = min((wd.rect.y for wd in s.widgets if box.colliderect(wd.rect)),
                    default=box.bottom) - s.app.px(6)
        heads, yous = self.status_lines()
        for line in heads:
            head = fonts.fit(line, 15, pal.accent, box.w, bold=True)
            surface.blit(head, (box.x, y))
            y += head.get_height() + 2
        from frontier_desktop.ui.table.markers import draw_marker

        mark = max(5, fonts.font(13, True).get_linesize() // 2 - 1)
        for i, line in enumerate(yous):
            you = fonts.fit(line, 13, pal.seat[s.seat % len(pal.seat)],
                            box.w - 2 * mark - 4, bold=True)
            if i == 0:
                draw_marker(surface, s.seat, (box.x + mark, y + you.get_height() // 2), mark,
                            pal)
            surface.blit(you, (box.x + 2 * mark + 4, y))
            y += you.get_height()
        y += 8
        # The prompt wraps onto as many lines as it needs; when they don't all fit above the
        # buttons (and the colour chooser), its size steps down to a still legible one.
        self.colour_rects = []
        chooser = s.presentation.colour_choice(s.view, s.seat)
        px = s.app.px
        d = gap = cap_h = 0
        if chooser is not None:
            n = len(chooser[1])
            gap = px(6)
            d = max(12, min(px(26), (box.w - px(4) - (n - 1) * gap) // n))
            cap_h = fonts.font(12).get_linesize() + px(2)
        prompt = s.prompt()
        # larger text first; the chooser's caption goes before the prompt's size drops to the
        # smallest (the prompt itself asks for the colour)
        tries = [(size, True) for size in range(13, PROMPT_MIN_SIZE, -1)] + \
                [(size, False) for size in range(13, PROMPT_MIN_SIZE - 1, -1)]
        for size, with_caption in tries:
            line_h = fonts.font(size).get_linesize()
            lines = fonts.wrap(prompt, size, box.w)
            chooser_h = 0 if chooser is None else \
                (cap_h if with_caption else 0) + d + px(4) + px(8) + px(6)
            if len(lines) * line_h <= limit - y - chooser_h:
                break
        # The prompt, then the variant's colour chooser (Frontier: the starting token's), or the
        # chooser at the bottom of the text area when they don't both fit above the buttons:
        # the prompt is cut short (only below the minimum window), not the chooser.
        if chooser is not None:
            caption, options = chooser
            cap = fonts.fit(caption, 12, pal.text_dim, box.w) if with_caption else None
            cap_drawn = cap.get_height() + px(2) if cap is not None else 0
            top = min(max(y, limit - d - px(4) - cap_drawn),
                      y + len(lines) * line_h + px(8))
            limit = top - px(6)
            if cap is not None:
                surface.blit(cap, (box.x, top))
            row = top + cap_drawn
            for i, colour in enumerate(options):
                rect = pygame.Rect(box.x + px(3) + i * (d + gap), row, d, d)
                sym = s.app.images.mana_symbol(colour or "C", d)
                surface.blit(sym, rect)
                if colour == st.colour:
                    pygame.draw.circle(surface, pal.select, rect.center, d // 2 + px(2), 2)
                self.colour_rects.append((rect, colour))
        room = max(0, (limit - y) // line_h)
        if len(lines) > room:
            lines = lines[:room]
            if lines:
                lines[-1] = lines[-1].rstrip(" .,;:") + " …"
        for line in lines:
            surface.blit(fonts.fit(line, size, pal.text, box.w), (box.x, y))
            y += line_h

    def draw_message(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The message for the seat (a refusal, "Saved as …") in a box over the opponent's
        off-board strip, clear of the player's own pieces and hand, wrapped in full; errors and
        refusals in the warning colour, information in the normal one. Returns the box (None
        when there is none)."""
        s = self.scene
        st = s.local
        lay = s.renderer.layout
        if lay is None or st.message_t <= 0 or not st.message:
            return None
        pal, fonts, px = s.app.palette, s.app.fonts, s.app.px
        area = lay.opp_strip.inflate(-px(24), 0)
        width = min(area.w, px(560)) - 2 * px(12)
        lines = fonts.wrap(st.message, 13, width, True)[:6]
        line_h = fonts.font(13, True).get_linesize()
        box = pygame.Rect(0, 0, width + 2 * px(12), len(lines) * line_h + 2 * px(6))
        # below the row's label when it fits there, else as high as the row allows
        below_label = area.y + 8 + fonts.font(11).get_linesize()
        box.midtop = (area.centerx, below_label if below_label + box.h <= area.bottom - 2
                      else max(area.y + 2, area.bottom - 2 - box.h))
        colour = pal.warn if st.message_warn else pal.text
        alpha = int(235 * min(1.0, st.message_t / 0.4))
        back = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(back, (*pal.bg, alpha), back.get_rect(), border_radius=px(10))
        edge = pal.warn if st.message_warn else pal.accent
        pygame.draw.rect(back, (*edge, alpha), back.get_rect(), 2, border_radius=px(10))
        surface.blit(back, box.topleft)
        y = box.y + px(6)
        for line in lines:
            t = fonts.fit(line, 13, colour, width, bold=True)
            surface.blit(t, t.get_rect(midtop=(box.centerx, y)))
            y += line_h
        return box

    def preview_target(self) -> tuple[str, Any] | None:
        """What the preview shows: the hovered thing, else the pinned one. A unit is looked
        up in the current view by id (hover and pin remember which unit, not its figures),
        so the preview and the board show the same facts; a unit gone from the board is
        shown as its card."""
        st = self.scene.local
        target = st.hover or st.pinned
        if target is None or target[0] != "unit":
            return target
        unit = self.scene.unit(str(target[1].get("id")))
        if unit is None:
            name = target[1].get("name")
            if name and self.scene.info.get(name) is None:
                return ("unit", target[1])  # a token has no card: as it was last seen
            return ("card", name) if name else None
        return ("unit", unit)

    def draw_preview(self, surface: pygame.Surface) -> None:
        s = self.scene
        lay = s.renderer.layout
        assert lay is not None
        target = self.preview_target()
        pal, fonts = s.app.palette, s.app.fonts
        box = lay.preview
        if target is None:
            pygame.draw.rect(surface, pal.bg, box, border_radius=12)
            pygame.draw.rect(surface, pal.bg_panel_hi, box, 2, border_radius=12)
            step = fonts.font(13).get_linesize()
            for i, line in enumerate(("Hover a card or token", "to see it here.",
                                      "Click to pin it.")):
                t = fonts.text(line, 13, pal.text_dim)
                surface.blit(t, t.get_rect(center=(box.centerx, box.centery + (i - 1) * step)))
            return
        kind, data = target
        if kind == "unit":
            name = data.get("name", "?")
            pt = s.presentation.unit_pt(data)  # the same figures as the board's badge
            face = s.app.images.face(name, s.info.get(name), box.size, pt=pt,
                                     colours=tuple(data.get("colors") or ()))
        else:
            face = s.app.images.face(data, s.info.get(data), box.size)
        surface.blit(face, box.topleft)
        band = self.support_band(name if kind == "unit" else str(data), box.w)
        if band is not None:
            # under the card, over the log's top while hovering (its covered lines hidden
            # entirely), never over the card's text
            top = box.bottom + s.app.px(4)
            bottom = top + band.get_height()
            if bottom >= lay.log.y:  # cover entire log lines: no half line peeks out below
                title_bottom = lay.log.y + 6 + fonts.font(13, True).get_linesize() + 4
                below = max(title_bottom, bottom + fonts.font(13).get_linesize())
                cover = pygame.Rect(lay.log.x, lay.log.y, lay.log.w,
                                    min(below, lay.log.bottom) - lay.log.y)
                pygame.draw.rect(surface, pal.bg, cover)
            surface.blit(band, (box.x, top))

    def support_band(self, name: str, width: int) -> pygame.Surface | None:
        """The zoom's band: which of the card's abilities the table plays and which parts
        are by hand; built once per (card, width, palette), cached."""
        key = (name, width, id(self.scene.app.palette))
        if key not in self._bands:
            from frontier_desktop.ui.table.support import support_band

            self._bands[key] = support_band(self.scene.app, self.scene.info.get(name), width)
        return self._bands[key]

    def draw_board_note(self, surface: pygame.Surface) -> None:
        """The variant's line over the board (the Conquering's block order), and while a
        creature is carried over a place it can't go to, why not."""
        s = self.scene
        r, lay = s.renderer, s.renderer.layout
        assert lay is not None
        fonts, pal = s.app.fonts, s.app.palette
        note = s.presentation.board_note(s.view, s.seat)
        if note:
            lines = fonts.fit_lines(note, 12, pal.text, lay.board.w + 16, bold=True,
                                    min_size=9)
            h = sum(t.get_height() for t in lines)
            box = pygame.Rect(0, 0, max(t.get_width() for t in lines) + 16, h + 8)
            # over the opponents' hand, its foot at the board's top edge
            box.midbottom = (lay.board.centerx, max(box.h, lay.opp_strip.bottom))
            pygame.draw.rect(surface, pal.bg_panel, box, border_radius=8)
            pygame.draw.rect(surface, pal.accent, box, 1, border_radius=8)
            y = box.y + 4
            for t in lines:
                surface.blit(t, t.get_rect(midtop=(box.centerx, y)))
                y += t.get_height()
        drag = s.local.drag
        if drag is not None and drag.active and drag.kind == "token":
            uid, pos = drag.ident, drag.pos
        elif drag is None and s.local.selected and s.local.mode == "move":
            uid, pos = s.local.selected, s.input.mouse  # a chosen creature, the mouse over
        else:
            return
        place = r.place_at(pos)
        unit = s.unit(uid) or {}
        if place is None or place in s.local.highlights or \
                place == s.presentation.place(unit.get("at")) or r.sprite_at(pos) is not None:
            return
        state = getattr(s.session, "state", None)
        why = s.presentation.move_refusal(state, s.seat, uid, place) \
            if state is not None else ""
        if not why:
            return
        tip = fonts.fit(why, 12, pal.warn, lay.board.w + 40, True)
        box = tip.get_rect(midbottom=(pos[0], pos[1] - lay.cell[1] // 2))
        box = box.inflate(12, 6).clamp(surface.get_rect())
        pygame.draw.rect(surface, pal.bg_panel, box, border_radius=8)
        surface.blit(tip, tip.get_rect(center=box.center))
        self.refusal_shown = why

    def dice_near(self) -> pygame.Rect | None:
        """The place the die rolls beside on a board of places: the area turned up (a
        conquer value) or the roller's stronghold; None on a plain board."""
        s = self.scene
        r = s.renderer
        if r.places is None or not r.place_rects or s.dice is None:
            return None
        if s.dice.get("at") is not None:
            near = r.place_rect(r.pres.place(s.dice["at"]))
            if near is not None:
                return near
        board = (r.view or {}).get("board") or {}
        return next((r.place_rects.get(st.get("place")) for st in board.get("strongholds") or []
                     if st.get("player") == s.dice.get("player")), None)

    def dice_spot(self) -> pygame.Rect:
        """Where the die rolls: in the middle of a plain board; on a board of places (the
        Conquering), a smaller die beside the roller's stronghold (a conquer value: beside
        the area turned up), on the side that covers the fewest places, so no area's
        creatures are hidden while it rolls."""
        s = self.scene
        r = s.renderer
        lay = r.layout
        assert lay is not None and s.dice is not None
        if r.places is None or not r.place_rects:
            return pygame.Rect(0, 0, 90, 90).move(lay.board.centerx - 45, lay.board.centery - 45)
        near = self.dice_near()
        size = max(28, min(s.app.px(56), int(lay.cell[1] * 0.7)))
        screen = pygame.Rect((0, 0), s.app.size)
        if near is None:
            return pygame.Rect(0, 0, size, size).move(lay.board.right - size - 8,
                                                      lay.board.bottom - size - 8)
        gap = s.app.px(6)
        spots = []
        for dx, dy in ((1, 0), (-1, 0), (0, -1), (0, 1), (1, -1), (-1, -1), (1, 1), (-1, 1)):
            cx = near.centerx + dx * (near.w // 2 + gap + size // 2)
            cy = near.centery + dy * (near.h // 2 + gap + size // 2)
            spot = pygame.Rect(0, 0, size, size)
            spot.center = (cx, cy)
            covered = sum(spot.clip(p).w * spot.clip(p).h for p in r.place_rects.values())
            outside = size * size - spot.clip(screen).w * spot.clip(screen).h
            off_board = size * size - spot.clip(lay.board).w * spot.clip(lay.board).h
            spots.append((covered * 4 + outside * 8 + off_board, len(spots), spot))
        return min(spots)[2]

    def draw_dice(self, surface: pygame.Surface) -> None:
        s = self.scene
        assert s.dice is not None
        lay = s.renderer.layout
        assert lay is not None
        t = s.dice["t"]
        sides = s.dice["sides"]
        rolling = t < 0.7
        value = random.randint(1, sides) if rolling else s.dice["result"]
        spot = self.dice_spot()
        size, centre = spot.w, spot.center
        angle = (1 - min(1.0, t / 0.7)) * 540
        die = pygame.Surface((size, size), pygame.SRCALPHA)
        col = (240, 236, 224) if sides == 6 else (200, 60, 60)
        if sides == 6:
            pygame.draw.rect(die, col, (4, 4, size - 8, size - 8), border_radius=14)
            pygame.draw.rect(die, (30, 30, 30), (4, 4, size - 8, size - 8), 3, border_radius=14)
        else:
            pts = [(size / 2 + math.cos(math.pi / 3 * k + math.pi / 6) * (size / 2 - 4),
                    size / 2 + math.sin(math.pi / 3 * k + math.pi / 6) * (size / 2 - 4))
                   for k in range(6)]
            pygame.draw.polygon(die, col, pts)
            pygame.draw.polygon(die, (30, 30, 30), pts, 3)
        ink = (20, 20, 20) if sides == 6 else (255, 255, 255)
        label = s.app.fonts.text(str(value), max(14, round(36 * size / 90 / s.app.fonts.scale)),
                                 ink, True)
        die.blit(label, label.get_rect(center=(size // 2, size // 2)))
        rot = pygame.transform.rotate(die, angle) if rolling else die
        surface.blit(rot, rot.get_rect(center=centre))
        if not rolling:
            words = s.dice.get("caption") or f"d{sides}: {value}"
            cap = s.app.fonts.fit(words, 16, s.app.palette.accent, lay.board.w - 16, True)
            box = self.caption_rect(spot, cap.get_size())
            pygame.draw.rect(surface, s.app.palette.bg_panel, box, border_radius=8)
            surface.blit(cap, cap.get_rect(center=box.center))

    def caption_rect(self, spot: pygame.Rect, size: tuple[int, int]) -> pygame.Rect:
        """Where the die's caption of *size* goes: under or over the die at *spot* (or the
        die with the place it rolls beside), centred or running off to one side, wherever
        it covers least of the board's places, the roller's own counting double and its
        name band eight times (under the die and centred on a tie); always inside the board, never over the side columns'
        words or the die."""
        r = self.scene.renderer
        lay = r.layout
        assert lay is not None
        board = lay.board
        near = self.dice_near()
        best = []
        for around in (spot, spot.union(near) if near is not None else spot):
            for y_edge in ("top", "bottom"):  # under, then over
                for x_edge in ("centerx", "left", "right"):  # centred, or off to one side
                    box = pygame.Rect((0, 0), size).inflate(12, 6)
                    setattr(box, y_edge,
                            around.bottom + 6 if y_edge == "top" else around.top - 6)
                    setattr(box, x_edge, getattr(spot, x_edge))
                    box = box.clamp(board)
                    hidden = sum(box.clip(p).w * box.clip(p).h for p in r.place_rects.values())
                    if near is not None:  # the roller's own place counts double, its name
                        name = near.clip(near.x, near.y, near.w, near.h // 3)  # band: 8 times
                        hidden += box.clip(near).w * box.clip(near).h + \
                            box.clip(name).w * box.clip(name).h * 6
                    best.append((box.colliderect(spot), hidden, len(best), box))
        return min(best, key=lambda b: b[:3])[3]

    def draw_help(self, surface: pygame.Surface) -> None:
        s = self.scene
        w, h = s.app.size
        shade(surface, 215)
        fonts, pal = s.app.fonts, s.app.palette
        from frontier_desktop.ui.keys import INTENT_LABELS

        keys = "  ·  ".join(f"{label}: {s.app.settings.keys.get(intent, '')}"
                           for intent, label in INTENT_LABELS.items())
        lines = s.presentation.help_text.strip("\n").replace("{keys}", keys).splitlines()
        # wrapped to the design frame, centred vertically in the window
        frame, px = s.app.frame, s.app.px
        width = frame.w - px(60)
        rows: list[tuple[str, int, bool]] = []
        for line in lines:
            bold = line.startswith("#")
            size = 18 if bold else 14
            rows.extend((part, size, bold) for part in fonts.wrap(line.lstrip("# "), size, width,
                                                                   bold))
        height = sum(fonts.font(size, bold).get_linesize() + (px(6) if bold else px(1))
                     for _, size, bold in rows)
        y = max(px(8), (h - height) // 2)
        for text, size, bold in rows:
            t = fonts.fit(text, size, pal.accent if bold else pal.text, width, bold)
            surface.blit(t, (frame.x + px(30), y))
            y += fonts.font(size, bold).get_linesize() + (px(6) if bold else px(1))
