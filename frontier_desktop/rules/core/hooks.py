"""The interface between the Magic core and a variant's board: :class:`Where` (the effects
engine's questions are :class:`~.engine_hooks.VariantHooks`, the other hook object).

The core knows normal Magic (who may block whom, what a creature may attack with, how combat
damage is dealt and prevented, when a creature dies); a variant knows only *where*: the board,
where a creature stands, what the terrain gives it, which of the defender's lands count for
landwalk, where a regenerated creature goes. The core asks those questions of a ``Where``
object the variant hands it, and never imports a variant.

A variant subclasses :class:`Where` and overrides what its digest changes; the defaults are
plain Magic on a table without a board. Every method is a pure function of its arguments
(the state is the only thing that changes, and only through ``destroy``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from frontier_desktop.rules.state import GameState, Permanent

Event = dict[str, Any]


class Where:
    """What the Magic core asks a variant (the defaults: normal Magic, no board)."""

    evasion: ClassVar[bool] = True
    """Whether blocks are chosen, so evasion and "can't block" decide them (False in Frontier,
    where the attacked creature is the blocker and always fights back)."""

    def pt(self, state: GameState, perm: Permanent) -> tuple[int, int]:
        """*perm*'s power and toughness now, with everything the variant adds (terrain)."""
        from frontier_desktop.rules.core.shared import own_pt

        return own_pt(state, perm)

    def pts(self, state: GameState) -> Callable[[Permanent], tuple[int, int]]:
        """:meth:`pt` for many creatures of one unchanged board (a variant may compute what
        they share once: Frontier's occupancy)."""
        return lambda perm: self.pt(state, perm)

    def reaches(self, state: GameState, source: Permanent, perm: Permanent) -> bool:
        """Whether a static "all …" ability of *source* reaches *perm* (the variant's area of
        effect: a Conquering creature's lord ability only its own area)."""
        return True

    def walk_counts(self, state: GameState, attacker: Permanent, blocker: Permanent,
                    land_type: str) -> bool:
        """Whether *attacker*'s landwalk of *land_type* makes it unblockable by *blocker*
        (normal Magic: the blocker's controller controls a land of that type)."""
        defender = blocker.controller
        for pos, seat in self.land_controllers(state).items():
            cell = state.cells.get(pos)
            if seat == defender and cell is not None and cell.land is not None and \
                    cell.face_up and land_type in state.card(cell.land).subtypes:
                return True
        return False

    def land_controllers(self, state: GameState) -> dict[Any, int]:
        """Board position → the seat controlling the land there (absent: nobody)."""
        return {}

    def block_problem(self, state: GameState, blocker: Permanent,
                      attacker: Permanent) -> str | None:
        """What the variant adds to blocking (where the blocker must stand); None: nothing
        stops it. The core has already checked tapped creatures and evasion."""
        return None

    def destroy(self, state: GameState, perm: Permanent, events: list[Event], *,
                reason: str) -> None:
        """Destroy *perm* (a regeneration shield keeps it where the variant says)."""
        from frontier_desktop.rules.core.shared import regenerate_or_die

        regenerate_or_die(state, perm, events, reason=reason)


_REGISTERED: dict[str, Any] = {}
"""Variant name (and alias) → the variant object, filled by the variant registry
(:func:`frontier_desktop.rules.variants.register`) so the core can ask the variant of a state
without importing any variant."""


def register(names: tuple[str, ...], variant: Any) -> None:
    """Let the core find *variant* (a :class:`~frontier_desktop.rules.variants.base.Variant`,
    which names its :class:`Where`) by each of *names*."""
    for name in names:
        _REGISTERED[name] = variant


def variant_of(state: GameState) -> Any:
    """The variant playing *state* (registered by the variant registry)."""
    try:
        return _REGISTERED[state.variant]
    except KeyError:
        raise ValueError(f"no variant {state.variant!r} is registered") from None


def where_of(state: GameState) -> Where:
    """The variant's answers to the core for *state*."""
    where = getattr(_REGISTERED.get(state.variant), "where", None)
    return where if isinstance(where, Where) else _PLAIN


_PLAIN = Where()


def effective_pt(state: GameState, perm: Permanent, occ: Any = None) -> tuple[int, int]:
    """*perm*'s power and toughness now in the variant playing *state* (its terrain and area
    bonuses included); *occ* a board occupancy the variant may reuse."""
    p, t = variant_of(state).effective_pt(state, perm, occ)
    return int(p), int(t)
