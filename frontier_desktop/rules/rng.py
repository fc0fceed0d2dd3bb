"""Version-stable seeded randomness: a SHA-256 counter stream with our own Fisher–Yates.

Python's :mod:`random` may change its sequences between releases; a game record must replay
the same shuffles and dice on every machine, so the engine draws only from :class:`Rng`.
The generator's whole state is ``(seed, counter)``, which the game state stores as plain data.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1


class Rng:
    """A deterministic stream of 64-bit values: ``sha256(seed || counter)``, 4 values a block.

    Args:
        seed: any int or string; it is encoded as UTF-8 text of its ``str()``.
        counter: the number of blocks already used (to resume a stream).
    """

    __slots__ = ("seed", "counter", "_buffer")

    def __init__(self, seed: int | str, counter: int = 0) -> None:
        self.seed = str(seed)
        self.counter = counter
        self._buffer: list[int] = []

    def _refill(self) -> None:
        digest = hashlib.sha256(
            self.seed.encode("utf-8") + b"\x00" + self.counter.to_bytes(8, "big")
        ).digest()
        self.counter += 1
        self._buffer = [int.from_bytes(digest[i : i + 8], "big") for i in (24, 16, 8, 0)]

    def next64(self) -> int:
        """The next 64-bit unsigned value. Each block of 4 values advances ``counter`` by 1."""
        if not self._buffer:
            self._refill()
        return self._buffer.pop()

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` by rejection sampling (no modulo bias)."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle *items* in place (Fisher–Yates, from the end)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def roll(self, sides: int) -> int:
        """A die roll in ``[1, sides]``."""
        return self.randbelow(sides) + 1

    def token(self) -> str:
        """A short opaque identifier (8 hex digits) for cards whose ids must reveal nothing."""
        return f"{self.next64() & 0xFFFFFFFF:08x}"

    def resume_point(self) -> int:
        """The counter to store so that a resumed stream never repeats a used block."""
        return self.counter
