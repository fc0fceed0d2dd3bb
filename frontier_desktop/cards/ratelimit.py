"""Scryfall's request limits, enforced by one limiter shared by every thread of a client.

Families (Scryfall's published limits):

* ``"cards"`` — ``/cards/search``, ``/cards/named``, ``/cards/random``, ``/cards/collection``:
  500 ms between requests (2 a second).
* ``"api"`` — the rest of the API: 100 ms between requests (10 a second).
* ``"files"`` — images and bulk files on the ``*.scryfall.io`` hosts: no spacing, but at most
  4 downloads at a time (a semaphore, see :class:`ScryfallClient`).

A 429 pauses its family for at least 30 s (longer when ``Retry-After`` says so); while paused,
:meth:`RateLimiter.acquire` raises :class:`RateLimitedError` at once instead of waiting, so a
429 is never retried in a loop and the caller can tell the user.

The clock and the sleep function are injected so tests never sleep for real.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping

from frontier_desktop.cards.errors import RateLimitedError

CARD_ENDPOINTS = ("/cards/search", "/cards/named", "/cards/random", "/cards/collection")
"""API paths limited to 2 requests a second."""

SPACING_S: Mapping[str, float] = {"cards": 0.5, "api": 0.1, "files": 0.0}
"""Minimum seconds between two requests of a family."""

PAUSE_AFTER_429_S = 30.0
"""Scryfall blocks access for 30 s after a 429."""


def family_for_path(path: str) -> str:
    """The limiter family of an API *path* (``"/cards/named"`` → ``"cards"``)."""
    for prefix in CARD_ENDPOINTS:
        if path == prefix or path.startswith((prefix + "/", prefix + "?")):
            return "cards"
    return "api"


class RateLimiter:
    """Spaces requests per family and holds the 429 pauses. Thread-safe.

    Args:
        clock: monotonic seconds (``time.monotonic`` by default).
        sleep: sleeps that many seconds (``time.sleep`` by default).
        spacing: seconds between requests per family (defaults to :data:`SPACING_S`).
    """

    def __init__(
        self,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
        spacing: Mapping[str, float] | None = None,
    ) -> None:
        self._clock = clock
        self._sleep = sleep
        self._spacing = dict(SPACING_S if spacing is None else spacing)
        self._lock = threading.Lock()
        self._next_slot: dict[str, float] = {}
        self._paused_until: dict[str, float] = {}

    def acquire(self, family: str) -> None:
        """Wait for *family*'s next slot (reserving it), or raise while the family is paused.

        Raises:
            RateLimitedError: the family is paused after a 429; nothing was reserved.
        """
        with self._lock:
            now = self._clock()
            paused = self._paused_until.get(family, 0.0)
            if now < paused:
                raise RateLimitedError(family, paused - now)
            slot = max(now, self._next_slot.get(family, now))
            self._next_slot[family] = slot + self._spacing.get(family, 0.0)
        delay = slot - now
        if delay > 0:
            self._sleep(delay)

    def pause(self, family: str, retry_after: float | None = None) -> float:
        """Pause *family* after a 429 for ``max(30 s, retry_after)``; returns the pause length."""
        length = max(PAUSE_AFTER_429_S, retry_after or 0.0)
        with self._lock:
            until = self._clock() + length
            self._paused_until[family] = max(self._paused_until.get(family, 0.0), until)
        return length

    def paused_for(self, family: str) -> float:
        """Seconds left in *family*'s pause (0 when not paused)."""
        with self._lock:
            return max(0.0, self._paused_until.get(family, 0.0) - self._clock())
