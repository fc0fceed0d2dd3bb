"""Colours and cached fonts/text. Nothing here renders per frame what a cache can hold."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Palette:
    """The table's colours (the widgets' colours are in ``assets/theme*.json``)."""

    bg: Colour
    bg_panel: Colour
    bg_panel_hi: Colour
    felt: Colour
    grid_line: Colour
    text: Colour
    text_dim: Colour
    accent: Colour
    move: Colour
    attack: Colour
    scout: Colour
    tap: Colour
    select: Colour
    warn: Colour
    seat: tuple[Colour, ...]
    """Each seat's marker colour (four seats; :mod:`frontier_desktop.ui.table.markers` pairs
    each with a shape)."""


DARK = Palette(
    bg=(18, 20, 27), bg_panel=(30, 33, 44), bg_panel_hi=(44, 48, 63), felt=(22, 42, 38),
    grid_line=(36, 62, 56), text=(232, 230, 222), text_dim=(150, 152, 162),
    accent=(226, 182, 92), move=(88, 214, 141), attack=(236, 86, 78), scout=(96, 170, 255),
    tap=(240, 200, 80), select=(255, 236, 150), warn=(255, 128, 96),
    seat=((74, 163, 255), (255, 146, 64), (64, 196, 140), (204, 121, 207)),
)
LIGHT = Palette(
    bg=(226, 222, 212), bg_panel=(240, 237, 229), bg_panel_hi=(250, 248, 242),
    felt=(186, 204, 190), grid_line=(160, 182, 168), text=(30, 30, 36), text_dim=(94, 96, 106),
    accent=(160, 110, 20), move=(24, 150, 80), attack=(200, 40, 40), scout=(30, 110, 220),
    tap=(190, 140, 20), select=(200, 150, 0), warn=(200, 70, 40),
    seat=((30, 110, 220), (220, 110, 20), (0, 140, 96), (160, 60, 160)),
)

MANA_COLOURS: dict[str, Colour] = {
    "W": (246, 238, 206), "U": (92, 160, 222), "B": (92, 80, 92), "R": (226, 96, 72),
    "G": (78, 168, 104), "C": (196, 192, 186),
}
"""Fill colour of a mana symbol."""

FRAME_COLOURS: dict[str, tuple[Colour, Colour]] = {
    "W": ((232, 222, 186), (178, 164, 118)), "U": ((150, 196, 232), (56, 112, 176)),
    "B": ((120, 108, 116), (44, 38, 44)), "R": ((230, 150, 120), (170, 60, 40)),
    "G": ((150, 200, 150), (48, 112, 66)), "C": ((200, 198, 194), (120, 118, 116)),
    "M": ((232, 206, 120), (170, 130, 40)),
}
"""(light, dark) frame colours of a card by colour identity (M: multicolour)."""

LAND_COLOUR = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def palette(name: str) -> Palette:
    return LIGHT if name == "light" else DARK


def _font_dir() -> Path | None:
    try:
        import pygame_gui.data as data
    except ImportError:  # pragma: no cover - pygame_gui is a dependency
        return None
    return Path(data.__file__).resolve().parent


class Fonts:
    """Fonts by (size, bold), and rendered text by (text, size, bold, colour): both cached.

    Uses the Noto Sans shipped with pygame-gui, falling back to pygame's default font.
    """

    def __init__(self, scale: float = 1.0) -> None:
        self.scale = scale
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text: dict[tuple[str, int, bool, Colour], pygame.Surface] = {}
        base = _font_dir()
        self._regular = base / "NotoSans-Regular.ttf" if base else None
        self._bold = base / "NotoSans-Bold.ttf" if base else None

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        px = max(6, round(size * self.scale))
        key = (px, bold)
        font = self._fonts.get(key)
        if font is None:
            path = self._bold if bold else self._regular
            try:
                font = pygame.font.Font(str(path) if path and path.exists() else None, px)
            except (OSError, FileNotFoundError):
                font = pygame.font.Font(None, px)
            self._fonts[key] = font
        return font

    def text(self, text: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
        key = (text, size, bold, colour)
        surf = self._text.get(key)
        if surf is None:
            if len(self._text) > 4000:
                self._text.clear()
            surf = self.font(size, bold).render(text, True, colour)
            self._text[key] = surf
        return surf

    def fit(self, text: str, size: int, colour: Colour, width: int, bold: bool = False
            ) -> pygame.Surface:
        """*text* rendered at *size* or smaller, ellipsised if it still doesn't fit *width*."""
        for s in range(size, max(7, size - 5) - 1, -1):
            surf = self.text(text, s, colour, bold)
            if surf.get_width() <= width:
                return surf
        small = max(7, size - 5)
        while len(text) > 1:
            text = text[:-1]
            surf = self.text(text.rstrip() + "…", small, colour, bold)
            if surf.get_width() <= width:
                return surf
        return self.text(text, small, colour, bold)

    def whole_lines(self, text: str, size: int, width: int, bold: bool = False, *,
                    min_size: int = 8, max_lines: int = 2) -> tuple[int, list[str]] | None:
        """``(size, lines)`` that show *text* whole within *width*: one line at *size* or
        smaller down to *min_size*, else up to *max_lines* wrapped lines at the largest size
        that holds them; None when even that can't hold it."""
        sizes = range(size, min(size, min_size) - 1, -1)
        for s in sizes:
            if self.font(s, bold).size(text)[0] <= width:
                return s, [text]
        for lines in range(2, max_lines + 1):
            for s in sizes:
                parts = self.wrap(text, s, width, bold)
                if len(parts) <= lines and all(self.font(s, bold).size(p)[0] <= width
                                               for p in parts):
                    return s, parts
        return None

    def fit_lines(self, text: str, size: int, colour: Colour, width: int, bold: bool = False,
                  *, min_size: int = 8, max_lines: int = 2) -> list[pygame.Surface]:
        """*text* rendered as :meth:`whole_lines` lays it out (a name is never cut while it can
        be read whole); only when it can't is the last line ellipsised."""
        whole = self.whole_lines(text, size, width, bold, min_size=min_size,
                                 max_lines=max_lines)
        if whole is not None:
            return [self.text(p, whole[0], colour, bold) for p in whole[1]]
        small = min(size, min_size)
        parts = self.wrap(text, small, width, bold)
        head = [self.text(p, small, colour, bold) for p in parts[:max_lines - 1]]
        return head + [self.fit(" ".join(parts[max_lines - 1:]), small, colour, width, bold)]

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Break *text* into lines no wider than *width* (hard newlines kept)."""
        font = self.font(size, bold)
        lines: list[str] = []
        for para in text.split("\n"):
            words = para.split()
            line = ""
            for word in words:
                trial = f"{line} {word}".strip()
                if font.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        return lines
