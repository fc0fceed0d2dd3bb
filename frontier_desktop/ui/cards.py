"""Card and token surfaces: card images from the cache, with drawn proxies as the fallback.

``CardImages`` never scales or lays out text on a cache hit; every surface is built once per
(what, size, image or proxy) and kept. ``land``, ``face`` and ``token`` ask :class:`CardArt`
for the cached Scryfall image (``normal`` for cards, ``art_crop`` for tokens), which loads and
scales it on a worker thread; until it is ready, or when there is none, they draw the proxy.
"""

from __future__ import annotations

import math
import re
from typing import Any

import pygame

from frontier_desktop.rules import Card
from frontier_desktop.rules.state import UNKNOWN_CARD
from frontier_desktop.ui.card_art import CardArt
from frontier_desktop.ui.theme import FRAME_COLOURS, LAND_COLOUR, MANA_COLOURS, Fonts

CARD_RATIO = 63 / 88
"""Width / height of a Magic card."""

_SYMBOL = re.compile(r"\{([^}]+)\}")


def parse_symbols(cost: str) -> list[str]:
    """``"{3}{B}{B}"`` → ``["3", "B", "B"]``."""
    return _SYMBOL.findall(cost or "")


def identity(card: Card | None, name: str | None = None) -> str:
    """One letter for a card's frame: W U B R G, C (colourless/land without type) or M."""
    if card is not None and card.is_land:
        for land, colour in LAND_COLOUR.items():
            if land in card.type_line or land == card.name:
                return colour
        produced = [m for m in card.produced_mana if m in "WUBRG"]
        return produced[0] if len(produced) == 1 else "C"
    if name in LAND_COLOUR:
        return LAND_COLOUR[name]
    colours = list(card.colors) if card else []
    if len(colours) > 1:
        return "M"
    return colours[0] if colours else "C"


def _shade(c: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    if f >= 1:
        return tuple(min(255, int(v + (255 - v) * (f - 1))) for v in c)  # type: ignore[return-value]
    return tuple(int(v * f) for v in c)  # type: ignore[return-value]


def _vgradient(size: tuple[int, int], top: tuple[int, int, int], bottom: tuple[int, int, int]
               ) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(h):
        t = y / max(1, h - 1)
        col = tuple(int(a + (b - a) * t) for a, b in zip(top, bottom))
        pygame.draw.line(surf, col, (0, y), (w, y))
    return surf


def _rounded(surf: pygame.Surface, radius: int) -> pygame.Surface:
    """*surf* with its corners cut round (alpha)."""
    w, h = surf.get_size()
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, h), border_radius=radius)
    out = surf.copy()
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return out


class CardImages:
    """Surfaces for card backs, land faces, full card proxies, mana symbols and tokens."""

    def __init__(self, fonts: Fonts, art: CardArt | None = None) -> None:
        self.fonts = fonts
        self.art = art
        self._cache: dict[tuple[Any, ...], pygame.Surface] = {}

    def _image(self, name: str, kind: str, size: tuple[int, int]) -> pygame.Surface | None:
        return self.art.get(name, kind, size) if self.art is not None and name else None

    def _framed(self, key: tuple[Any, ...], img: pygame.Surface, radius: int,
                border: int) -> pygame.Surface:
        def build() -> pygame.Surface:
            w, h = img.get_size()
            out = _rounded(img.convert_alpha() if pygame.display.get_surface() else img, radius)
            pygame.draw.rect(out, (10, 10, 14), (0, 0, w, h), border, border_radius=radius)
            return out
        return self._get(key, build)

    def _get(self, key: tuple[Any, ...], build: Any) -> pygame.Surface:
        surf = self._cache.get(key)
        if surf is None:
            surf = build()
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            self._cache[key] = surf
        return surf

    def clear(self) -> None:
        self._cache.clear()

    # ------------------------------------------------------------------ mana symbols
    def mana_symbol(self, symbol: str, diameter: int) -> pygame.Surface:
        return self._get(("mana", symbol, diameter), lambda: self._build_symbol(symbol, diameter))

    def _build_symbol(self, symbol: str, d: int) -> pygame.Surface:
        if "/" in symbol:
            return self._build_split_symbol(symbol, d)
        surf = pygame.Surface((d, d), pygame.SRCALPHA)
        colour = MANA_COLOURS.get(symbol, MANA_COLOURS["C"])
        pygame.draw.circle(surf, (0, 0, 0, 120), (d // 2, d // 2 + 1), d // 2)
        pygame.draw.circle(surf, colour, (d // 2, d // 2), d // 2 - 1)
        pygame.draw.circle(surf, _shade(colour, 0.6), (d // 2, d // 2), d // 2 - 1, max(1, d // 14))
        ink = (250, 250, 250) if symbol in ("B",) else (24, 24, 28)
        label = self.fonts.text(symbol, max(7, int(d * 0.62 / self.fonts.scale)), ink, bold=True)
        surf.blit(label, label.get_rect(center=(d // 2, d // 2)))
        return surf

    def _build_split_symbol(self, symbol: str, d: int) -> pygame.Surface:
        """A hybrid (``R/G``, ``2/W``) or Phyrexian (``G/P``) symbol: a circle split in two."""
        first, second = symbol.split("/", 1)
        grey = MANA_COLOURS["C"]
        left = MANA_COLOURS.get(first, grey)
        right = left if second == "P" else MANA_COLOURS.get(second, grey)
        surf = pygame.Surface((d, d), pygame.SRCALPHA)
        c = d // 2
        pygame.draw.circle(surf, (0, 0, 0, 120), (c, c + 1), c)
        pygame.draw.circle(surf, left, (c, c), c - 1)
        if right != left:
            half = pygame.Surface((d, d), pygame.SRCALPHA)
            pygame.draw.circle(half, right, (c, c), c - 1)
            half.fill((0, 0, 0, 0), pygame.Rect(0, 0, c, d))
            surf.blit(half, (0, 0))
            pygame.draw.line(surf, _shade(left, 0.6), (c, 1), (c, d - 2), max(1, d // 14))
        pygame.draw.circle(surf, _shade(left, 0.6), (c, c), c - 1, max(1, d // 14))
        for text, colour, centre in ((first, left, (d * 0.3, c)),
                                     (second, right, (d * 0.7, c))):
            ink = (250, 250, 250) if colour == MANA_COLOURS["B"] else (24, 24, 28)
            label = self.fonts.text(text, max(6, int(d * 0.4 / self.fonts.scale)), ink, bold=True)
            surf.blit(label, label.get_rect(center=(int(centre[0]), int(centre[1]))))
        return surf

    def _art_symbols(self, card: Card | None, ident: str, size: int) -> pygame.Surface:
        """The symbol(s) in a proxy's art box: one per colour for a multicolour card."""
        colours = [c for c in (card.colors if card else ()) if c in MANA_COLOURS]
        if ident != "M" or len(colours) < 2:
            return self.mana_symbol(ident if ident in MANA_COLOURS else "C", size)
        each = max(8, int(size * (0.8 if len(colours) == 2 else 0.62)))
        gap = max(1, each // 10)
        out = pygame.Surface((len(colours) * (each + gap) - gap, each), pygame.SRCALPHA)
        for i, colour in enumerate(colours):
            out.blit(self.mana_symbol(colour, each), (i * (each + gap), 0))
        return out

    # ------------------------------------------------------------------ card back
    def back(self, size: tuple[int, int]) -> pygame.Surface:
        return self._get(("back", size), lambda: self._build_back(size))

    def _build_back(self, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        r = max(3, w // 14)
        surf = _vgradient(size, (38, 46, 84), (16, 18, 40))
        gold = (206, 166, 86)
        cx, cy = w / 2, h / 2
        # a compass-rose star: the frontier's eight directions
        for k in range(16):
            ang = k * math.pi / 8
            length = (min(w, h) * (0.42 if k % 2 == 0 else 0.24))
            tip = (cx + math.cos(ang) * length, cy + math.sin(ang) * length)
            left = (cx + math.cos(ang + 0.22) * length * 0.22, cy + math.sin(ang + 0.22) * length * 0.22)
            right = (cx + math.cos(ang - 0.22) * length * 0.22, cy + math.sin(ang - 0.22) * length * 0.22)
            col = gold if k % 4 == 0 else (_shade(gold, 0.75) if k % 2 == 0 else (120, 104, 70))
            pygame.draw.polygon(surf, col, [left, tip, right, (cx, cy)])
        pygame.draw.circle(surf, (24, 28, 58), (int(cx), int(cy)), max(2, int(min(w, h) * 0.1)))
        pygame.draw.circle(surf, gold, (int(cx), int(cy)), max(2, int(min(w, h) * 0.1)), max(1, w // 50))
        # grid of faint squares: the board
        step = max(4, w // 6)
        for x in range(step // 2, w, step):
            pygame.draw.line(surf, (60, 70, 118, 90), (x, 0), (x, h))
        for y in range(step // 2, h, step):
            pygame.draw.line(surf, (60, 70, 118, 90), (0, y), (w, y))
        out = _rounded(surf, r)
        pygame.draw.rect(out, (10, 10, 16), (0, 0, w, h), max(2, w // 22), border_radius=r)
        inset = max(3, w // 14)
        pygame.draw.rect(out, gold, (inset, inset, w - 2 * inset, h - 2 * inset), max(1, w // 60),
                         border_radius=max(2, r // 2))
        return out

    # ------------------------------------------------------------------ land face (board)
    def land(self, name: str, card: Card | None, size: tuple[int, int]) -> pygame.Surface:
        img = self._image(name, "normal", size)
        if img is not None:
            return self._framed(("land-img", name, size), img, max(3, size[0] // 14),
                                max(1, size[0] // 40))
        return self._get(("land", name, size), lambda: self._build_land(name, card, size))

    def _build_land(self, name: str, card: Card | None, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        ident = identity(card, name)
        light, dark = FRAME_COLOURS.get(ident, FRAME_COLOURS["C"])
        r = max(3, w // 14)
        surf = _vgradient(size, _shade(light, 0.95), _shade(dark, 0.9))
        out = _rounded(surf, r)
        pygame.draw.rect(out, (12, 12, 16), (0, 0, w, h), max(2, w // 22), border_radius=r)
        inner = pygame.Rect(0, 0, w, h).inflate(-max(6, w // 8), -max(6, w // 8))
        pygame.draw.rect(out, _shade(dark, 0.7), inner, max(1, w // 40), border_radius=max(2, r // 2))
        sym = self.mana_symbol(ident if ident in MANA_COLOURS else "C", max(10, int(w * 0.5)))
        out.blit(sym, sym.get_rect(center=(w // 2, int(h * 0.55))))
        ink = (250, 250, 246) if ident in ("B", "G", "R", "U") else (30, 28, 24)
        label = self.fonts.fit(name, max(8, int(w * 0.16 / self.fonts.scale)), ink,
                               inner.width - 2, bold=True)
        out.blit(label, label.get_rect(midtop=(w // 2, inner.top + 2)))
        return out

    # ------------------------------------------------------------------ full card proxy
    def face(self, name: str, card: Card | None, size: tuple[int, int],
             pt: tuple[Any, Any] | None = None, colours: tuple[str, ...] = ()) -> pygame.Surface:
        """The card's cached image (with the effective P/T when it differs from the printed
        one), or a readable proxy: name, cost symbols, type line, wrapped text, P/T.
        *colours* are the object's own colours, used when there is no card (a token)."""
        img = self._image(name, "normal", size)
        if img is not None:
            return self._get(("face-img", name, size, pt),
                             lambda: self._build_face_image(img, card, size, pt))
        return self._get(("face", name, size, pt, colours),
                         lambda: self._build_face(name, card, size, pt, colours))

    def _build_face(self, name: str, card: Card | None, size: tuple[int, int],
                    pt: tuple[Any, Any] | None, colours: tuple[str, ...] = ()) -> pygame.Surface:
        w, h = size
        ident = identity(card, name)
        own = [c for c in colours if c in "WUBRG"]
        if card is None and own:
            ident = own[0] if len(own) == 1 else "M"
        light, dark = FRAME_COLOURS.get(ident, FRAME_COLOURS["C"])
        r = max(4, w // 18)
        out = _rounded(_vgradient(size, _shade(dark, 1.15), _shade(dark, 0.7)), r)
        pygame.draw.rect(out, (10, 10, 14), (0, 0, w, h), max(2, w // 40), border_radius=r)
        pad = max(6, w // 16)
        fs = self.fonts.scale
        title_h = max(18, h // 10)
        title = pygame.Rect(pad, pad, w - 2 * pad, title_h)
        pygame.draw.rect(out, _shade(light, 1.1), title, border_radius=max(3, title_h // 4))
        pygame.draw.rect(out, (20, 20, 24), title, 1, border_radius=max(3, title_h // 4))
        symbols = parse_symbols(card.mana_cost if card else "")
        sd = max(10, int(title_h * 0.72))
        x = title.right - 4
        for sym in reversed(symbols):
            s = self.mana_symbol(sym, sd)
            x -= sd + 1
            out.blit(s, (x, title.centery - sd // 2))
        name_size = max(8, int(title_h * 0.5 / fs))
        unnamed = card is None and name == UNKNOWN_CARD
        label = self.fonts.fit("Unnamed card" if unnamed else name, name_size, (20, 20, 24),
                               x - title.left - 8, bold=True)
        out.blit(label, label.get_rect(midleft=(title.left + 6, title.centery)))
        art = pygame.Rect(pad + 4, title.bottom + 4, w - 2 * pad - 8, int(h * 0.36))
        pygame.draw.rect(out, _shade(dark, 0.55), art, border_radius=4)
        big = self._art_symbols(card, ident, int(art.height * 0.62))
        out.blit(big, big.get_rect(center=art.center))
        type_r = pygame.Rect(pad, art.bottom + 4, w - 2 * pad, max(16, int(title_h * 0.85)))
        pygame.draw.rect(out, _shade(light, 1.1), type_r, border_radius=max(3, title_h // 4))
        type_line = card.type_line if card else ("Token creature" if pt else
                                                 "Not named by the position" if unnamed
                                                 else "Card")
        tl = self.fonts.fit(type_line, max(7, int(type_r.height * 0.52 / fs)), (20, 20, 24),
                            type_r.width - 10)
        out.blit(tl, tl.get_rect(midleft=(type_r.left + 6, type_r.centery)))
        box = pygame.Rect(pad, type_r.bottom + 4, w - 2 * pad, h - type_r.bottom - 8 - pad)
        pygame.draw.rect(out, (244, 240, 230), box, border_radius=4)
        text = card.oracle_text if card else (
            "The position file gives only how many cards this library holds, so this card "
            "has no name or text." if unnamed else "")
        size_px = max(7, int(min(h / 30, w / 18) / fs))
        for attempt in range(6):
            lines = self.fonts.wrap(text, size_px, box.width - 12)
            line_h = self.fonts.font(size_px).get_linesize()
            if len(lines) * line_h <= box.height - 24 or size_px <= 7:
                break
            size_px -= 1
        y = box.top + 6
        for line in lines:
            if y + line_h > box.bottom - 4:
                break
            out.blit(self.fonts.text(line, size_px, (24, 22, 20)), (box.left + 6, y))
            y += line_h
        if pt is None and card is not None and card.is_creature:
            pt = (card.power, card.toughness)
        if pt is not None:
            tag = self.fonts.text(f"{pt[0]}/{pt[1]}", max(8, int(title_h * 0.55 / fs)),
                                  (20, 20, 24), bold=True)
            pr = tag.get_rect().inflate(14, 6)
            pr.bottomright = (w - pad + 2, h - pad + 2)
            pygame.draw.rect(out, _shade(light, 1.1), pr, border_radius=5)
            pygame.draw.rect(out, (20, 20, 24), pr, 1, border_radius=5)
            out.blit(tag, tag.get_rect(center=pr.center))
        return out

    def _build_face_image(self, img: pygame.Surface, card: Card | None, size: tuple[int, int],
                          pt: tuple[Any, Any] | None) -> pygame.Surface:
        w, h = size
        out = self._framed(("face-frame", id(img)), img, max(4, w // 18), max(1, w // 60)).copy()
        printed = (card.power, card.toughness) if card is not None and card.is_creature else None
        if pt is not None and printed is not None and \
                (str(pt[0]), str(pt[1])) != (str(printed[0]), str(printed[1])):
            tag = self.fonts.text(f"now {pt[0]}/{pt[1]}", max(8, int(h / 26 / self.fonts.scale)),
                                  (250, 250, 250), bold=True)
            pr = tag.get_rect().inflate(14, 8)
            pr.bottomright = (w - max(6, w // 16), h - max(6, h // 9))
            pygame.draw.rect(out, (20, 90, 40), pr, border_radius=6)
            pygame.draw.rect(out, (240, 240, 240), pr, 1, border_radius=6)
            out.blit(tag, tag.get_rect(center=pr.center))
        return out

    # ------------------------------------------------------------------ creature tokens
    def token(self, name: str, card: Card | None, colours: tuple[str, ...], owner_colour: Any,
              diameter: int) -> pygame.Surface:
        """A round token: the card's art crop (or a colour-identity disc with the name's
        initials) inside an owner colour ring."""
        ring = max(3, diameter // 12)
        inner = diameter - 2 * (2 + ring)
        art = self._image(name, "art_crop", (inner, inner)) if inner > 4 else None
        if art is not None:
            key = ("token-art", name, owner_colour, diameter)
            return self._get(key, lambda: self._build_art_token(art, name, owner_colour,
                                                                diameter))
        key = ("token", name, colours, owner_colour, diameter)
        return self._get(key, lambda: self._build_token(name, card, colours, owner_colour, diameter))

    def _build_art_token(self, art: pygame.Surface, name: str, owner_colour: Any,
                         d: int) -> pygame.Surface:
        surf = pygame.Surface((d, d), pygame.SRCALPHA)
        c = d // 2
        ring = max(3, d // 12)
        pygame.draw.circle(surf, (0, 0, 0, 110), (c + 2, c + 3), c - 2)
        pygame.draw.circle(surf, owner_colour, (c, c), c - 2)
        inner = pygame.Surface((d, d), pygame.SRCALPHA)
        inner.blit(art, (2 + ring, 2 + ring))
        mask = pygame.Surface((d, d), pygame.SRCALPHA)
        pygame.draw.circle(mask, (255, 255, 255, 255), (c, c), c - 2 - ring)
        inner.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(inner, (0, 0))
        pygame.draw.circle(surf, (12, 12, 16), (c, c), c - 2 - ring, 1)
        # the name on a dark band across the lower part, so tokens stay tellable apart
        short = self.fonts.fit(name, max(7, int(d * 0.13 / self.fonts.scale)), (250, 250, 246),
                               int(d * 0.7))
        band = short.get_rect(center=(c, int(c * 1.42))).inflate(8, 2)
        pygame.draw.rect(surf, (10, 10, 14, 190), band, border_radius=band.h // 2)
        surf.blit(short, short.get_rect(center=band.center))
        return surf

    def _build_token(self, name: str, card: Card | None, colours: tuple[str, ...],
                     owner_colour: Any, d: int) -> pygame.Surface:
        surf = pygame.Surface((d, d), pygame.SRCALPHA)
        c = d // 2
        ident = colours[0] if len(colours) == 1 else ("M" if colours else "C")
        light, dark = FRAME_COLOURS.get(ident, FRAME_COLOURS["C"])
        pygame.draw.circle(surf, (0, 0, 0, 110), (c + 2, c + 3), c - 2)
        ring = max(3, d // 12)
        pygame.draw.circle(surf, owner_colour, (c, c), c - 2)
        inner = _vgradient((d, d), _shade(light, 1.05), _shade(dark, 0.85))
        mask = pygame.Surface((d, d), pygame.SRCALPHA)
        pygame.draw.circle(mask, (255, 255, 255, 255), (c, c), c - 2 - ring)
        inner.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(inner, (0, 0))
        pygame.draw.circle(surf, (12, 12, 16), (c, c), c - 2 - ring, 1)
        words = [w for w in re.split(r"[\s\-]+", name) if w and w[0].isalpha()]
        initials = "".join(w[0] for w in words[:2]).upper() or "?"
        ink = (250, 250, 246) if ident in ("B", "G", "R", "U", "M") else (24, 24, 28)
        label = self.fonts.text(initials, max(8, int(d * 0.3 / self.fonts.scale)), ink, bold=True)
        surf.blit(label, label.get_rect(center=(c, int(c * 0.86))))
        short = self.fonts.fit(name, max(7, int(d * 0.13 / self.fonts.scale)), ink,
                               int(d * 0.7))
        surf.blit(short, short.get_rect(center=(c, int(c * 1.38))))
        return surf
