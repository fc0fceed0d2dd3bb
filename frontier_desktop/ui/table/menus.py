"""The table's drawn pop-up menus (right-click and the Game menu)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from frontier_desktop.ui.host import UIHost


@dataclass
class MenuItem:
    label: str
    run: Callable[[], None]
    enabled: bool = True


class ContextMenu:
    """A small drawn pop-up list (right-click)."""

    def __init__(self, host: UIHost, pos: tuple[int, int], items: list[MenuItem],
                 title: str = "") -> None:
        self.items = items
        self.title = title
        fonts = host.fonts
        width = max([fonts.text(i.label, 14, (0, 0, 0)).get_width() for i in items] +
                    [fonts.text(title, 12, (0, 0, 0), True).get_width()]) + 28
        self.row_h = fonts.font(14).get_linesize() + 8
        head = self.row_h if title else 0
        self.rect = pygame.Rect(pos[0], pos[1], width, head + self.row_h * len(items) + 8)
        self.rect.clamp_ip(pygame.Rect((0, 0), host.size))
        self.head = head

    def item_at(self, pos: tuple[int, int]) -> MenuItem | None:
        if not self.rect.collidepoint(pos):
            return None
        i = (pos[1] - self.rect.y - 4 - self.head) // self.row_h
        if 0 <= i < len(self.items):
            return self.items[i]
        return None

    def item_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(self.rect.x + 4, self.rect.y + 4 + self.head + index * self.row_h,
                           self.rect.w - 8, self.row_h)

    def draw(self, surface: pygame.Surface, host: UIHost, mouse: tuple[int, int]) -> None:
        pal, fonts = host.palette, host.fonts
        shadow = self.rect.move(4, 6)
        pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=8)
        pygame.draw.rect(surface, pal.bg_panel_hi, self.rect, border_radius=8)
        pygame.draw.rect(surface, pal.accent, self.rect, 1, border_radius=8)
        if self.title:
            t = fonts.text(self.title, 12, pal.accent, True)
            surface.blit(t, (self.rect.x + 12, self.rect.y + 8))
        for i, item in enumerate(self.items):
            r = self.item_rect(i)
            if r.collidepoint(mouse) and item.enabled:
                pygame.draw.rect(surface, pal.bg_panel, r, border_radius=6)
            colour = pal.text if item.enabled else pal.text_dim
            t = fonts.text(item.label, 14, colour)
            surface.blit(t, t.get_rect(midleft=(r.x + 10, r.centery)))
