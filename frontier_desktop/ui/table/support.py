"""What the table plays of a card and what the players carry out by hand, for the zoom.

Read once per card name (``rules.effects.read_card`` and ``engine_support.verdict``) and
cached: the preview asks every frame, the reader runs once.
"""

from __future__ import annotations

import dataclasses

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from frontier_desktop.rules.card import Card

if TYPE_CHECKING:
    from frontier_desktop.ui.host import UIHost


@dataclass(frozen=True)
class Support:
    """The lines the zoom shows under a card."""

    automated: tuple[str, ...]
    """Clauses the engine carries out."""
    manual: tuple[str, ...]
    """Clauses the players carry out with manual actions (unread, or read but not run)."""

    def lines(self) -> list[tuple[str, bool]]:
        """(line, automated) for drawing: one line each, automated first."""
        out = [(f"Automatic: {t}", True) for t in self.automated]
        out += [(f"By hand: {t}", False) for t in self.manual]
        return out


_CACHE: dict[str, Support | None] = {}


def support_of(card: Card | None) -> Support | None:
    """The automated and manual parts of *card* (None: no rules text, or it can't be read)."""
    if card is None:
        return None
    if card.name in _CACHE:
        return _CACHE[card.name]
    result: Support | None = None
    if card.oracle_text.strip():
        try:
            from frontier_desktop.rules.effects.engine_support import (
                EXECUTED_BY_ENGINE, clauses, verdict,
            )
            from frontier_desktop.rules.effects.reader import PLACEHOLDER, read_card

            reading = read_card(card.name, card.oracle_text, card.type_line, card.mana_cost)
            colours = getattr(card, "mana_colours", None)
            land = "Land" in card.type_line.split("—")[0]
            done: list[str] = []
            manual: list[str] = []
            # Ability by ability: an ability with any part left to the players is theirs as a
            # whole (the counter of a trigger the engine can't read never happens by itself).
            for ability in reading.abilities:
                one = dataclasses.replace(reading, abilities=(ability,))
                found = verdict(one, card.type_line, colours)
                left = [*found.unread, *found.not_executed]
                if left:
                    whole = (getattr(ability, "text", "") or "").replace(PLACEHOLDER, card.name)
                    manual.extend([whole] if whole else left)
                    continue
                for key, node in clauses(one, land=land, mana_colours=colours):
                    text = (getattr(node, "text", "") or "").replace(PLACEHOLDER, card.name)
                    if key.startswith(("cost:", "land_cost:")):
                        continue  # a cost is part of the ability it pays for
                    if key in EXECUTED_BY_ENGINE and text and text not in done:
                        done.append(text)
            wanted = tuple(dict.fromkeys(manual))
            result = Support(tuple(t for t in done if t not in wanted), wanted)
        except Exception:  # a card the reader chokes on: the zoom just shows the card
            result = None
    _CACHE[card.name] = result
    return result


def support_band(host: UIHost, card: Card | None, width: int) -> pygame.Surface | None:
    """The zoom's band for *card*: its "Automatic: …" lines in the text colour and its
    "By hand: …" lines in the warning colour, *width* wide (None: nothing to say). The
    caller caches it: it is built once per card and width."""
    support = support_of(card)
    if support is None or not support.lines():
        return None
    pal, fonts, px = host.palette, host.fonts, host.px
    surfs = []
    for text, auto in support.lines()[:6]:
        fitted = fonts.whole_lines(text, 12, width - px(12), max_lines=3)
        size, lines = fitted if fitted is not None else (12, [text])
        for line in lines:
            surfs.append(fonts.fit(line, size, pal.text if auto else pal.warn, width - px(12)))
    h = sum(t.get_height() for t in surfs) + px(10)
    band = pygame.Surface((width, h), pygame.SRCALPHA)
    band.fill((*pal.bg_panel_hi[:3], 245))
    pygame.draw.rect(band, pal.accent, band.get_rect(), 1, border_radius=6)
    y = px(5)
    for t in surfs:
        band.blit(t, (px(6), y))
        y += t.get_height()
    return band
