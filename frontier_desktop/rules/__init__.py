"""The pure rules engine: game state, actions, legality, effects, player views.

No pygame, no sockets, no files, no threads, no wall clock: the same code decides on both
ends of a LAN game and in every test.
"""

from __future__ import annotations

from frontier_desktop.rules.actions import ACTIONS, Action, action_from_wire
from frontier_desktop.rules.card import Card, normalise_name
from frontier_desktop.rules.engine import Game, acting_seat, apply, is_legal, legal_actions
from frontier_desktop.rules.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidCardError,
    InvalidPositionError,
    RulesError,
)
from frontier_desktop.rules.rng import Rng
from frontier_desktop.rules.state import GameState
from frontier_desktop.rules.variants import find_variant
from frontier_desktop.rules.views import player_view, redact_event

__all__ = [
    "ACTIONS", "Action", "Card", "Game", "GameState", "IllegalActionError", "InvalidActionError",
    "InvalidCardError", "InvalidPositionError", "Rng", "RulesError", "acting_seat",
    "action_from_wire", "apply", "find_variant", "is_legal", "legal_actions", "normalise_name",
    "player_view", "redact_event",
]
