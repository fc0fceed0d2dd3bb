"""The effects engine as one object: :class:`Magic`, held by a variant (``variant.magic``).

Normal Magic — the stack and priority, targets, costs and paying, triggered abilities, the
executors the card-text reader drives, "until end of turn" marks, step triggers and the turn's
walk — is written once, in the parts this class is built from (each in its own module of
``rules/core``). A variant does not inherit it: it makes one engine for itself, ``Magic(self)``
(or :class:`SquareMagic` where any player taps the land squares), calls it for what normal
Magic does, and answers the engine's questions as a
:class:`~frontier_desktop.rules.core.engine_hooks.VariantHooks` (``engine.variant``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from frontier_desktop.rules.core.decisions import DecisionActions
from frontier_desktop.rules.core.fx_mana import LandAbilities, ManaActions, SpellMana
from frontier_desktop.rules.core.fx_oneshots import OneShotActions
from frontier_desktop.rules.core.fx_turns import TurnEffects
from frontier_desktop.rules.core.spell_grants import continuous_pt
from frontier_desktop.rules.core.turns import TurnMachine
from frontier_desktop.rules.state import GameState, Permanent

if TYPE_CHECKING:
    from frontier_desktop.rules.core.engine_hooks import VariantHooks
    from frontier_desktop.rules.core.fx_mana import SquareHooks


class Magic(SpellMana, TurnEffects, OneShotActions, DecisionActions, TurnMachine):
    """Normal Magic for one variant: every method reads and changes the state it is given
    (the engine holds nothing but its variant)."""

    def __init__(self, variant: VariantHooks) -> None:
        self.variant = variant

    @staticmethod
    def continuous_pt(state: GameState, perm: Permanent) -> tuple[int, int]:
        """*perm*'s P/T from its card, counters and the static abilities in play (no board
        bonus): what "creatures with power 2 or less" counts (``effects.targeting`` asks it
        through the variant registry, below the grants that ask target specs back)."""
        return continuous_pt(state, perm)


class SquareMagic(ManaActions, LandAbilities, Magic):
    """:class:`Magic` on a board of land squares any player taps (Frontier): "Destroy target
    land" makes a hole, "Tap target land" taps a square, lands with their own abilities."""

    variant: SquareHooks

    def __init__(self, variant: SquareHooks) -> None:
        super().__init__(variant)
        self.variant = variant


__all__ = ["Magic", "SquareMagic"]
