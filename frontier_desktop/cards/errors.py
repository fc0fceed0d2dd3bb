"""Errors of the card-data layer.

Every error here carries a message a player can read as one line; the command line prints
``str(error)`` and exits non-zero, the UI shows it in a status line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


class CardDataError(Exception):
    """Base class for every card-data failure (network, Scryfall, cache, import)."""


class ScryfallError(CardDataError):
    """Scryfall answered with an error object (``object: "error"``).

    Attributes:
        status: the HTTP status Scryfall reported.
        code: Scryfall's error code (``not_found``, ``bad_request``...).
        details: the human-readable explanation, shown to the user.
        type: the optional sub-type (``ambiguous`` for a fuzzy name that matches many cards).
        warnings: the optional warnings (ignored search terms...).
    """

    def __init__(
        self,
        status: int,
        code: str,
        details: str,
        *,
        type: str | None = None,
        warnings: Sequence[str] = (),
    ) -> None:
        text = details
        if warnings:
            text += " (" + "; ".join(warnings) + ")"
        super().__init__(text)
        self.status = status
        self.code = code
        self.details = details
        self.type = type
        self.warnings = tuple(warnings)

    @classmethod
    def from_object(cls, data: Mapping[str, Any], http_status: int) -> ScryfallError:
        """Build from a decoded error object, tolerating missing fields."""
        status = data.get("status")
        warnings = data.get("warnings") or ()
        return cls(
            status if isinstance(status, int) else http_status,
            str(data.get("code") or "error"),
            str(data.get("details") or f"Scryfall answered HTTP {http_status}"),
            type=data.get("type") if isinstance(data.get("type"), str) else None,
            warnings=[str(w) for w in warnings] if isinstance(warnings, list) else (),
        )

    @property
    def is_not_found(self) -> bool:
        return self.status == 404 or self.code == "not_found"


class CardNotFoundError(CardDataError):
    """No card matches a name (after the exact and fuzzy look-ups)."""

    def __init__(self, name: str, details: str | None = None) -> None:
        super().__init__(details or f"no card named {name!r}")
        self.name = name


class AmbiguousCardError(CardDataError):
    """A fuzzy name matches several cards; :attr:`choices` lists candidates to offer."""

    def __init__(self, name: str, details: str, choices: Sequence[str]) -> None:
        text = details
        if choices:
            text += " Did you mean: " + ", ".join(choices[:10]) + "?"
        super().__init__(text)
        self.name = name
        self.details = details
        self.choices = tuple(choices)


class RateLimitedError(CardDataError):
    """Scryfall answered 429, or an endpoint family is still paused after one.

    No request is made while the pause lasts; :attr:`retry_in` says how long is left.
    """

    def __init__(self, family: str, retry_in: float) -> None:
        super().__init__(
            f"Scryfall asked us to slow down: {family} requests are paused for "
            f"{max(0.0, retry_in):.0f} s more"
        )
        self.family = family
        self.retry_in = retry_in


class NetworkError(CardDataError):
    """Scryfall could not be reached (connection failure, timeouts, 5xx after retries)."""


class OfflineError(CardDataError):
    """A request was needed but the card layer is offline (so none was attempted)."""


class BadResponseError(CardDataError):
    """Scryfall (or an image host) sent something we cannot use: bad JSON, a truncated file."""


class CacheCorruptError(CardDataError):
    """The cache database was unreadable; it was moved aside and rebuilt."""


class ImportInterrupted(CardDataError):
    """A bulk import was interrupted; the previous index is unchanged."""
