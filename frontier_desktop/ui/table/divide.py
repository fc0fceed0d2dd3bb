"""The division prompt: share an amount (combat damage) among creatures, by hand.

Variant-blind: the presentation turns the view's decision into a
:class:`~frontier_desktop.ui.variants.DivisionRequest` (recipients, amount, lethal marks, the
rules' default) and its answer into an action. The panel spreads the recipients out (name,
P/T, damage so far, lethal), shows the undivided points as red pips to drag onto them (or
click a recipient, or its + and -), marks each "dies" or "survives" as the shares change, and
offers "Lethal first" (the default) and Confirm (only when every point is given). A request
may cap each recipient (the War Game: no creature takes more than kills it), relabel the
buttons ("Default", "Done") and show a running total ("4 of 6 assigned").
Keyboard: left / right (or tab) choose a creature, up / + give it a point, down / - take one
back, L divides lethal first, Enter (or the pass key) confirms.

The shares live in the seat's :class:`~frontier_desktop.ui.table.seat.SeatState`, so a
hand-over forgets them with everything else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from frontier_desktop.ui.keys import intent_of
from frontier_desktop.ui.variants import DivisionRequest, Recipient
from frontier_desktop.ui.variants.base import names_apart

if TYPE_CHECKING:
    from frontier_desktop.ui.scenes.table import TableScene

DRAG_THRESHOLD = 5
ADD_KEYS = (pygame.K_UP, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
TAKE_KEYS = (pygame.K_DOWN, pygame.K_MINUS, pygame.K_KP_MINUS)


@dataclass
class Card:
    """Where one recipient is drawn."""

    recipient: Recipient
    box: pygame.Rect
    pips: pygame.Rect
    minus: pygame.Rect
    plus: pygame.Rect


@dataclass
class Geometry:
    panel: pygame.Rect
    pool: pygame.Rect
    cards: list[Card] = field(default_factory=list)
    lethal: pygame.Rect = field(default_factory=pygame.Rect)
    confirm: pygame.Rect = field(default_factory=pygame.Rect)


class DivisionPanel:
    """The table's division prompt for the seat at the screen."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene

    # ------------------------------------------------------------------ state
    @property
    def request(self) -> DivisionRequest | None:
        s = self.scene
        if not s.view:
            return None
        return names_apart(s.presentation.division(s.view, s.seat), s.view)

    @property
    def showing(self) -> bool:
        return self.request is not None and not self.scene.local.help

    def sync(self) -> None:
        """After a refresh: a new decision starts with nothing divided."""
        st = self.scene.local
        request = self.request
        key = request.key if request is not None else None
        if key != st.division_key:
            st.division_key = key
            st.division = {}
            st.division_drag = None
            st.division_focus = 0

    def shares(self) -> dict[str, int]:
        return self.scene.local.division

    def given(self) -> int:
        return sum(self.shares().values())

    def left(self, request: DivisionRequest) -> int:
        return request.amount - self.given()

    def add(self, uid: str, delta: int = 1) -> None:
        """Give *uid* one more point (from the undivided ones), or take one back (-1)."""
        request = self.request
        if request is None:
            return
        shares = self.shares()
        if delta > 0 and self.left(request) <= 0:
            self.scene.say(f"All {request.amount} points are divided: take one back first (-).")
            return
        if delta > 0 and self.full(request, uid):
            who = next((r.name for r in request.recipients if r.id == uid), "That creature")
            self.scene.say(f"{who} can take at most {self.cap(request, uid)}: that kills it.")
            return
        shares[uid] = max(0, shares.get(uid, 0) + delta)

    @staticmethod
    def cap(request: DivisionRequest, uid: str) -> int | None:
        return next((r.cap for r in request.recipients if r.id == uid), None)

    def full(self, request: DivisionRequest, uid: str) -> bool:
        """Whether *uid* has all its cap allows."""
        cap = self.cap(request, uid)
        return cap is not None and self.shares().get(uid, 0) >= cap

    def move(self, source: str, target: str) -> None:
        """Carry one point from *source* ("" = undivided) to *target* ("" = undivided)."""
        if source == target:
            return
        shares = self.shares()
        request = self.request
        if source:
            if shares.get(source, 0) <= 0:
                return
            if target and request is not None and self.full(request, target):
                self.add(target)  # says why it can't take more
                return
            shares[source] -= 1
            if target:
                shares[target] = shares.get(target, 0) + 1
        elif target:
            self.add(target)

    def total_words(self, request: DivisionRequest) -> str:
        """The pool's label: "3 of 5 assigned" (a running total) or "To divide: 2"."""
        left = self.left(request)
        if left < 0:
            return f"{-left} too many"
        if request.running_total:
            return f"{self.given()} of {request.amount} assigned"
        return f"To divide: {left}"

    def lethal_first(self) -> None:
        request = self.request
        if request is not None:
            self.scene.local.division = {k: int(v) for k, v in request.default.items()}

    def confirm(self) -> None:
        request = self.request
        if request is None:
            return
        left = self.left(request)
        if left:
            self.scene.say(f"{left} point(s) still to divide: drag them onto the creatures "
                           f"(or press {request.default_label})." if left > 0 else
                           f"{-left} point(s) too many: take some back.")
            return
        self.scene.submit(self.scene.presentation.division_action(request, dict(self.shares())))

    # ------------------------------------------------------------------ layout
    def in_view(self, request: DivisionRequest) -> pygame.Rect | None:
        """What the panel must leave in sight: the place of the combat (the request's
        ``at``) and every creature standing there with its figures, or else the creatures it
        shares among."""
        s = self.scene
        r = s.renderer
        place = s.presentation.place(request.context.get("at")) \
            if request.context.get("at") is not None else None
        rect = r.place_rect(place) if place is not None and r.places is not None else None
        ids = {x.id for x in request.recipients}
        for uid, sprite in r.sprites.items():
            if uid in ids or (rect is not None and rect.collidepoint(sprite.home)):
                box = pygame.Rect(0, 0, 2 * sprite.radius, 2 * sprite.radius)
                box.center = sprite.home
                for badge, (dx, dy) in sprite.badges:  # its P/T and damage too
                    box.union_ip(badge.get_rect(topleft=(sprite.home[0] + dx,
                                                         sprite.home[1] + dy)))
                rect = box if rect is None else rect.union(box)
        return rect

    def geometry(self, request: DivisionRequest) -> Geometry:
        """The panel beside the combat, never over it: the room left, right, above or below
        the combat's place (and its creatures) that holds the recipients in the fewest rows,
        else the side of the table away from it. Never over the left column (the prompt and
        the Done button)."""
        s = self.scene
        px = s.app.px
        lay = s.renderer.layout
        screen = pygame.Rect((0, 0), s.app.size)
        area = pygame.Rect(lay.left.right, 0, screen.w - lay.left.right, screen.h) \
            if lay is not None else screen
        area = area.inflate(-px(12), -px(12))
        keep = self.in_view(request)
        n = max(1, len(request.recipients))
        gap, pad = px(12), px(16)
        box_h, head, foot = px(144), px(84), px(60)
        min_w, max_w = px(124), px(170)
        regions = [area]
        if keep is not None:
            k_ = keep.inflate(px(16), px(16))
            regions = [pygame.Rect(k_.right, area.top, area.right - k_.right, area.h),
                       pygame.Rect(area.left, area.top, k_.left - area.left, area.h),
                       pygame.Rect(area.left, k_.bottom, area.w, area.bottom - k_.bottom),
                       pygame.Rect(area.left, area.top, area.w, k_.top - area.top)]
        preview = lay.preview if lay is not None else pygame.Rect(0, 0, 0, 0)
        best: tuple[tuple[int, int, int, int], pygame.Rect, int, int] | None = None
        centre = lay.board.center if lay is not None else screen.center
        for order, region in enumerate(regions):
            for k in range(n, 0, -1):  # the most side by side that fit: the fewest rows
                rows = -(-n // k)
                box_w = min(max_w, (region.w - 2 * pad - (k - 1) * gap) // k)
                width = max(px(330), k * box_w + (k - 1) * gap + 2 * pad)
                height = head + rows * box_h + (rows - 1) * gap + foot
                if box_w < min_w or width > region.w or height > region.h:
                    continue
                panel = pygame.Rect(0, 0, width, height)
                panel.center = centre
                panel.clamp_ip(region)
                score = (rows, int(panel.colliderect(preview)), -box_w, order)
                if best is None or score < best[0]:
                    best = (score, panel, k, box_w)
                break
        if best is None:  # no room beside it: one row, at the edge of the table away from it
            k = n
            box_w = max(px(90), min(max_w, (area.w - 2 * pad - (k - 1) * gap) // k))
            width = min(area.w, k * box_w + (k - 1) * gap + 2 * pad)
            panel = pygame.Rect(0, 0, width, min(area.h, head + box_h + foot))
            panel.centerx = area.centerx
            if keep is not None and keep.centery < area.centery:
                panel.bottom = area.bottom
            else:
                panel.top = area.top
            best = ((1, 0, 0, 0), panel, k, box_w)
        _, panel, k, box_w = best
        geo = Geometry(panel, pygame.Rect(panel.x + pad, panel.y + px(40), panel.w - 2 * pad,
                                          px(34)))
        top = panel.y + head
        for i, r in enumerate(request.recipients):
            row, col = divmod(i, k)
            in_row = min(k, n - row * k)
            x0 = panel.centerx - (in_row * box_w + (in_row - 1) * gap) // 2
            box = pygame.Rect(x0 + col * (box_w + gap), top + row * (box_h + gap), box_w,
                              box_h)
            pips = pygame.Rect(box.x + px(8), box.y + px(66), box.w - px(16), px(20))
            minus = pygame.Rect(box.x + px(8), box.bottom - px(34), px(38), px(26))
            plus = pygame.Rect(box.right - px(46), box.bottom - px(34), px(38), px(26))
            geo.cards.append(Card(r, box, pips, minus, plus))
        bw, bh = px(140), px(36)
        geo.lethal = pygame.Rect(panel.x + pad, panel.bottom - bh - px(12), bw, bh)
        geo.confirm = pygame.Rect(panel.right - pad - bw, panel.bottom - bh - px(12), bw, bh)
        return geo

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Events for the panel while it shows; True when consumed."""
        s = self.scene
        request = self.request
        if request is None or s.local.help or s.local.menu is not None:
            return False
        st = s.local
        if event.type == pygame.KEYDOWN:
            return self.on_key(event, request)
        geo = self.geometry(request)
        if event.type == pygame.MOUSEMOTION:
            if st.division_drag is not None:
                source, start, _ = st.division_drag
                st.division_drag = (source, start, event.pos)
            if not geo.panel.collidepoint(event.pos):
                return False  # hover previews still follow the mouse off the panel
            # over the panel the preview shows the creature under the mouse, not the board
            card = next((c for c in geo.cards if c.box.collidepoint(event.pos)), None)
            unit = s.unit(card.recipient.id) if card is not None else None
            if unit is not None:
                st.hover = ("unit", unit)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and geo.panel.collidepoint(event.pos):
            if event.button == 1:
                self.press(geo, event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and \
                st.division_drag is not None:
            self.release(geo, event.pos)
            return True
        return False

    def on_key(self, event: pygame.event.Event, request: DivisionRequest) -> bool:
        s = self.scene
        st = s.local
        intent = intent_of(s.app.settings.keys, event)
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) or intent == "pass_or_done":
            self.confirm()
            return True
        if intent is not None or not request.recipients:
            return False  # the player's own bindings (Esc, F1, undo...) keep their meaning
        n = len(request.recipients)
        focus = min(st.division_focus, n - 1)
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            back = event.key == pygame.K_LEFT or (event.key == pygame.K_TAB and
                                                  bool(event.mod & pygame.KMOD_SHIFT))
            st.division_focus = (focus + (-1 if back else 1)) % n
            return True
        if event.key in ADD_KEYS or event.key in TAKE_KEYS:
            self.add(request.recipients[focus].id, 1 if event.key in ADD_KEYS else -1)
            return True
        if event.key == pygame.K_l:
            self.lethal_first()
            return True
        return False

    def press(self, geo: Geometry, pos: tuple[int, int]) -> None:
        st = self.scene.local
        if geo.lethal.collidepoint(pos):
            self.lethal_first()
            return
        if geo.confirm.collidepoint(pos):
            self.confirm()
            return
        for card in geo.cards:
            if card.minus.collidepoint(pos):
                self.add(card.recipient.id, -1)
                return
            if card.plus.collidepoint(pos):
                self.add(card.recipient.id)
                return
            if card.box.collidepoint(pos):
                st.division_drag = (card.recipient.id, pos, pos)
                return
        if geo.pool.collidepoint(pos):
            st.division_drag = ("", pos, pos)

    def release(self, geo: Geometry, pos: tuple[int, int]) -> None:
        st = self.scene.local
        drag, st.division_drag = st.division_drag, None
        if drag is None:
            return
        source, start, _ = drag
        moved = abs(pos[0] - start[0]) + abs(pos[1] - start[1]) >= DRAG_THRESHOLD
        target = next((c.recipient.id for c in geo.cards if c.box.collidepoint(pos)), "")
        if not moved:
            if source:  # a click on a creature gives it one more point
                self.add(source)
            return
        self.move(source, target)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        request = self.request
        if request is None or self.scene.local.help:
            return
        s = self.scene
        pal, fonts, px = s.app.palette, s.app.fonts, s.app.px
        geo = self.geometry(request)
        mouse = s.input.mouse
        shares = self.shares()
        left = self.left(request)
        shadow = geo.panel.move(px(5), px(7))
        pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=px(10))
        pygame.draw.rect(surface, pal.bg_panel_hi, geo.panel, border_radius=px(10))
        pygame.draw.rect(surface, pal.accent, geo.panel, 2, border_radius=px(10))
        title = fonts.fit(request.title, 17, pal.accent, geo.panel.w - px(36), bold=True)
        surface.blit(title, (geo.panel.x + px(16), geo.panel.y + px(10)))
        # the undivided points
        pygame.draw.rect(surface, pal.bg_panel, geo.pool, border_radius=px(8))
        label = fonts.text(self.total_words(request), 14,
                           pal.text if left >= 0 else pal.warn, True)
        surface.blit(label, label.get_rect(midleft=(geo.pool.x + px(10), geo.pool.centery)))
        dragging = s.local.division_drag
        carried = 1 if dragging and dragging[0] == "" and self._moved(dragging) else 0
        self._pips(surface, pygame.Rect(geo.pool.x + label.get_width() + px(24), geo.pool.y,
                                        geo.pool.w - label.get_width() - px(30), geo.pool.h),
                   max(0, left) - carried)
        hint = fonts.text("drag a point onto a creature, or click it (keys: arrows, + -)", 12,
                          pal.text_dim)
        if geo.pool.w > label.get_width() + hint.get_width() + px(40) + max(0, left) * px(21):
            surface.blit(hint, hint.get_rect(midright=(geo.pool.right - px(10),
                                                       geo.pool.centery)))
        focus = min(s.local.division_focus, len(geo.cards) - 1)
        for i, card in enumerate(geo.cards):
            self._card(surface, card, shares.get(card.recipient.id, 0), mouse)
            if i == focus:
                pygame.draw.rect(surface, pal.accent, card.box.inflate(px(8), px(8)), 2,
                                 border_radius=px(10))
        for rect, text, on in ((geo.lethal, request.default_label, True),
                               (geo.confirm, request.confirm_label, left == 0)):
            hot = on and rect.collidepoint(mouse)
            primary = text == request.confirm_label
            pygame.draw.rect(surface, pal.accent if (on and primary) else pal.bg_panel,
                             rect, border_radius=px(8))
            pygame.draw.rect(surface, pal.select if hot else pal.text_dim, rect, 1,
                             border_radius=px(8))
            colour = (pal.bg if primary else pal.text) if on else pal.text_dim
            t = fonts.text(text, 15, colour, True)
            surface.blit(t, t.get_rect(center=rect.center))
        if dragging is not None and self._moved(dragging):
            pygame.draw.circle(surface, pal.attack, dragging[2], px(9))
            pygame.draw.circle(surface, (20, 20, 20), dragging[2], px(9), 2)

    @staticmethod
    def _moved(drag: tuple[str, tuple[int, int], tuple[int, int]]) -> bool:
        _, start, now = drag
        return abs(now[0] - start[0]) + abs(now[1] - start[1]) >= DRAG_THRESHOLD

    def _pips(self, surface: pygame.Surface, rect: pygame.Rect, count: int) -> None:
        """*count* red damage points in rows inside *rect* ("+N" when they don't fit)."""
        pal, px = self.scene.app.palette, self.scene.app.px
        r = px(8)
        step = 2 * r + px(5)
        per_row = max(1, rect.w // step)
        rows = max(1, rect.h // step)
        shown = min(count, per_row * rows)
        if count > shown:
            shown -= 1
        for i in range(max(0, shown)):
            cx = rect.x + r + (i % per_row) * step
            cy = rect.y + rect.h // 2 if rows == 1 else rect.y + r + (i // per_row) * step
            pygame.draw.circle(surface, pal.attack, (cx, cy), r)
            pygame.draw.circle(surface, (20, 20, 20), (cx, cy), r, 2)
        if count > shown:
            t = self.scene.app.fonts.text(f"+{count - shown}", 12, pal.text, True)
            i = shown
            cx = rect.x + r + (i % per_row) * step
            cy = rect.y + rect.h // 2 if rows == 1 else rect.y + r + (i // per_row) * step
            surface.blit(t, t.get_rect(center=(cx, cy)))

    def _card(self, surface: pygame.Surface, card: Card, share: int,
              mouse: tuple[int, int]) -> None:
        s = self.scene
        pal, fonts, px = s.app.palette, s.app.fonts, s.app.px
        r = card.recipient
        dies = share >= r.lethal > 0
        box = card.box
        drop = s.local.division_drag is not None and box.collidepoint(mouse)
        pygame.draw.rect(surface, pal.bg_panel, box, border_radius=px(8))
        pygame.draw.rect(surface, pal.select if drop else (pal.attack if dies else pal.text_dim),
                         box, 2 if drop or dies else 1, border_radius=px(8))
        inner = box.w - px(16)
        y = box.y + px(8)
        name = fonts.fit(r.name, 14, pal.text, inner, bold=True)
        surface.blit(name, (box.x + px(8), y))
        y += name.get_height() + px(2)
        for line in r.lines or (f"{r.power}/{r.toughness}, {r.damage} damage so far",
                                f"lethal: {r.lethal}" if r.cap is None
                                else f"takes at most {r.cap}"):
            t = fonts.fit(line, 12, pal.text_dim, inner)
            surface.blit(t, (box.x + px(8), y))
            y += t.get_height() + px(1)
        dragging = s.local.division_drag
        carried = 1 if dragging and dragging[0] == r.id and self._moved(dragging) else 0
        self._pips(surface, card.pips, share - carried)
        mark = fonts.text(r.marks[0] if dies else r.marks[1], 14,
                          pal.attack if dies else pal.move, True)
        surface.blit(mark, mark.get_rect(midbottom=(box.centerx, card.minus.y - px(4))))
        for rect, text in ((card.minus, "-"), (card.plus, "+")):
            hot = rect.collidepoint(mouse)
            pygame.draw.rect(surface, pal.bg_panel_hi, rect, border_radius=px(6))
            pygame.draw.rect(surface, pal.select if hot else pal.text_dim, rect, 1,
                             border_radius=px(6))
            t = fonts.text(text, 16, pal.text, True)
            surface.blit(t, t.get_rect(center=rect.center))
        n = fonts.text(str(share), 20, pal.text, True)
        surface.blit(n, n.get_rect(center=(box.centerx, card.minus.centery)))
