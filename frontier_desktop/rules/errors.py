"""Errors raised by the rules engine. All are ``ValueError``s (after python-chess)."""

from __future__ import annotations


class RulesError(ValueError):
    """Base class for every rejection by the rules engine."""


class InvalidCardError(RulesError):
    """A card mapping is not usable (no name, a field of the wrong type)."""


class InvalidActionError(RulesError):
    """An action is malformed: unknown type, missing field, wrong field type, unknown id."""


class IllegalActionError(RulesError):
    """A well-formed action that is not legal in the current state.

    Attributes:
        reason: one sentence a player can read, e.g. ``"Hill Giant is tapped"``.
    """

    def __init__(self, action: object, reason: str) -> None:
        super().__init__(reason)
        self.action = action
        self.reason = reason


class InvalidPositionError(RulesError):
    """A position file is not valid; the message names the field and the reason."""
