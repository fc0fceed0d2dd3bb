"""The UI scale the window can hold: the scenes lay out in design pixels of a 960x600 frame
at 100%, and the player's scale is lowered until that frame fits the window (no pygame, no
I/O; the app and the Settings screen both ask it)."""

from __future__ import annotations

import math

MIN_SIZE = (960, 600)
DESIGN_SIZE = MIN_SIZE
"""Every scene lays out in this many design pixels at 100% (``App.px`` scales them)."""
SCALE_STEP = 0.05
"""The effective scale moves in these steps, so dragging a window edge rebuilds rarely."""


def fit_scale(ui_scale: float, size: tuple[int, int],
              design: tuple[int, int] = DESIGN_SIZE) -> float:
    """The scale the UI is drawn at: the player's *ui_scale*, lowered until *design* fits *size*.

    A scene laid out in ``design`` pixels at 100% then fits the window at any UI scale. At the
    minimum window size and up this is never below 1.0, so text keeps its 100% size or more.
    """
    fit = min(size[0] / design[0], size[1] / design[1])
    fit = math.floor(fit / SCALE_STEP + 1e-6) * SCALE_STEP
    return round(min(ui_scale, fit), 4)
