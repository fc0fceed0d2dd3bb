"""The hands in the static layer: the other players' card backs and the viewer's cards,
each with its name on a readable tag."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import pygame

from frontier_desktop.rules.state import UNKNOWN_CARD
from frontier_desktop.ui.cards import CARD_RATIO
from frontier_desktop.ui.table.geometry import TableGeometry

if TYPE_CHECKING:
    from frontier_desktop.ui.table.render import TableRenderer

HAND_NAME_SIZE = 11
HAND_NAME_MIN = 8
"""The hand cards' name tags: their text size, and the smallest it shrinks to before wrapping."""


class HandLayer(TableGeometry):
    """Draws the hands into the static layer and keeps where each card and name tag lies."""

    def _draw_hands(self, surf: pygame.Surface, me: int, opp: int) -> None:
        lay, view, images = self.layout, self.view, self.app.images
        assert lay is not None and view is not None
        # opponent: backs (three or four players: each other player's, beside their marker)
        if len(view["players"]) > 2:
            from frontier_desktop.ui.table.players import clockwise_others, draw_other_hands

            draw_other_hands(cast("TableRenderer", self), surf, lay.opp_hand,
                             clockwise_others(view, me))
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
