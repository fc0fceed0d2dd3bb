"""A small text progress bar for the command line (stderr), throttled to ~10 updates/s."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class ProgressBar:
    """``label [#########.........]  45% 12/25 extra`` redrawn in place on *stream*.

    Args:
        label: the text before the bar.
        total: the total (``None`` for unknown: a counter without a bar).
        stream: where to draw (``sys.stderr`` by default).
        unit: ``"bytes"`` shows MB figures; anything else shows counts.
    """

    WIDTH = 28

    def __init__(
        self, label: str, total: int | None = None, *, stream: TextIO | None = None,
        unit: str = "",
    ) -> None:
        self.label = label
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.unit = unit
        self.done = 0
        self.extra = ""
        self._last_draw = 0.0
        self._drawn = False

    def update(self, done: int, total: int | None = None, *, extra: str = "") -> None:
        """Set the progress (redrawn at most every 0.1 s, and always at the end)."""
        self.done = done
        if total is not None:
            self.total = total
        self.extra = extra or self.extra
        now = time.monotonic()
        finished = self.total is not None and done >= self.total
        if finished or now - self._last_draw >= 0.1:
            self._last_draw = now
            self._draw()

    def _figure(self, value: int) -> str:
        if self.unit == "bytes":
            return f"{value / 1e6:.1f} MB"
        return str(value)

    def _draw(self) -> None:
        if self.total:
            frac = min(1.0, self.done / self.total)
            filled = int(frac * self.WIDTH)
            bar = "#" * filled + "." * (self.WIDTH - filled)
            text = (f"{self.label} [{bar}] {frac * 100:3.0f}% "
                    f"{self._figure(self.done)}/{self._figure(self.total)}")
        else:
            text = f"{self.label} {self._figure(self.done)}"
        if self.extra:
            text += f" {self.extra}"
        self.stream.write("\r" + text)
        self.stream.flush()
        self._drawn = True

    def abort(self) -> None:
        """End the line without redrawing (before an error message is printed)."""
        if self._drawn:
            self.stream.write("\n")
            self.stream.flush()
            self._drawn = False

    def close(self) -> None:
        """Draw the final state and end the line."""
        self._draw()
        self.stream.write("\n")
        self.stream.flush()
