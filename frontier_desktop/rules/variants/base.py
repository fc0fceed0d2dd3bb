"""The variant interface: set-up, turn structure, movement, mana, combat, bonuses, winning.

A variant is a stateless object (one instance per registry entry) whose methods read and
change a *cloned* :class:`GameState`. The engine calls, for one action:

1. :meth:`Variant.check_may_act` — may this seat act at all now (decisions, response windows,
   the active player's blocks)?
2. :meth:`Variant.perform` — check the action's own rules and carry it out, appending events.
3. :meth:`Variant.after_action` — state-based checks (deaths, free tokens, losing), control.

Variants are siblings (Frontier, Army, War Game, Conquering), registered by name in
:mod:`frontier_desktop.rules.variants`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from frontier_desktop.rules.actions import Action
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.core.hooks import Event as Event  # re-exported: a game event
from frontier_desktop.rules.core.engine_hooks import VariantHooks
from frontier_desktop.rules.core.hooks import Where
from frontier_desktop.rules.core.magic import Magic
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.state import GameState



class Variant(VariantHooks):
    """Base class of every variant. Subclasses override the hooks they need.

    A variant is also the effects engine's :class:`VariantHooks`: it holds its own engine
    (:attr:`magic`, made from :attr:`magic_class` with the variant itself as its hooks) and
    calls it for normal Magic; the engine calls back only what ``VariantHooks`` declares.
    """

    where: ClassVar[Where] = Where()
    """The variant's answers to the Magic core (:mod:`frontier_desktop.rules.core.hooks`)."""
    magic_class: ClassVar[type[Magic]] = Magic
    """The effects engine the variant makes for itself (Frontier's: with land squares)."""

    def __init__(self) -> None:
        self.magic = self.magic_class(self)
    name: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str] = ""
    automatic_steps: ClassVar[tuple[str, ...]] = ("untap", "upkeep", "draw")
    """Steps whose pass is no decision (the table passes them itself; undo steps over them)."""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    starting_life: ClassVar[int] = 20
    default_options: ClassVar[Mapping[str, Any]] = {}
    """House-rule switches and their defaults (names are part of the position format)."""
    option_ranges: ClassVar[Mapping[str, tuple[int, int]]] = {}
    """The smallest and largest value of each whole-number option."""

    # ------------------------------------------------------------------ set-up
    def new_game(self, decks: Sequence[Sequence[Card]], names: Sequence[str], *,
                 seed: int | str = 0, options: Mapping[str, Any] | None = None,
                 sections: Sequence[Mapping[str, Sequence[Card]]] | None = None) -> GameState:
        """A new game from each player's deck (a list of cards, one entry per copy).

        *sections* (one mapping per player, or None) gives the deck sections beside the
        library that a variant reads: Army Magic's ``home_base``, ``land_grid`` and
        ``initial_forces`` (the names of :class:`frontier_desktop.decks.Section`).
        """
        raise NotImplementedError

    def options_with_defaults(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Merge *options* over the defaults; unknown names are refused.

        Raises:
            ValueError: an unknown option or a value of the wrong type.
        """
        merged = dict(self.default_options)
        for key, value in (options or {}).items():
            if key not in merged:
                known = ", ".join(sorted(merged)) or "none"
                raise ValueError(f"unknown option {key!r} for {self.name} (known: {known})")
            default = merged[key]
            if isinstance(default, bool) != isinstance(value, bool) or (
                not isinstance(value, type(default))
            ):
                raise ValueError(f"option {key!r} must be {type(default).__name__}")
            if key in self.option_ranges:
                low, high = self.option_ranges[key]
                if not low <= value <= high:
                    raise ValueError(f"option {key!r} must be from {low} to {high}")
            merged[key] = value
        return merged

    # ------------------------------------------------------------------ turn
    def acting_seat(self, state: GameState) -> int | None:
        """The seat that must act for play to go on (None when the game is over)."""
        if state.game_over:
            return None
        if state.decision is not None:
            return int(state.decision["player"])
        if state.pending is not None:
            return int(state.pending["responder"])
        return state.active

    def check_may_act(self, state: GameState, seat: int, action: Action) -> None:
        """Raise :class:`IllegalActionError` when *seat* may not take *action* now."""
        raise NotImplementedError

    def perform(self, state: GameState, seat: int, action: Action, events: list[Event]) -> None:
        """Carry out *action* for *seat* on *state* (a clone), appending events.

        Raises:
            IllegalActionError: the action breaks a rule; the clone is then discarded.
        """
        raise NotImplementedError

    def after_action(self, state: GameState, events: list[Event]) -> None:
        """State-based checks after every action."""

    occupants_control_lands: ClassVar[bool] = True
    """Views print a land's ``controller`` as the one player whose creatures stand there (a
    variant whose cells keep their own ``controller`` prints that instead); False: a terrain
    is nobody's (the War Game's ``controller`` is null on every terrain)."""
    cell_fields: ClassVar[tuple[str, ...]] = ("life", "cv", "stronghold_of")
    """The object fields of a position file's board cell this variant reads into
    :attr:`Cell.extra`."""
    turn_record: ClassVar[Mapping[str, Any]] = {}
    """The shape of what this variant notes in :attr:`GameState.extra` about the turn so far
    (Army's combats fought, the War Game's moves): printed as ``this_turn`` and read back by
    the position reader, which checks it against this shape (``"id"``: a card on the
    battlefield, ``"place"``, ``"count"``, ``[shape]``: a list, ``{"*": shape}``: a map by
    card id, ``{key: shape}``: an object with those keys)."""

    def cell_order(self, state: GameState) -> list[Any]:
        """The order of :attr:`GameState.cells` at this variant's set-up: outside places
        (strongholds) first, then the board's positions. The engine lists lands in it (which
        land pays first, the order of ``legal_actions``), so the position reader puts every
        state it reads in it too: a printed game reads back to the same answers."""
        return [*state.board.outside, *state.board.positions()]

    def position_loaded(self, state: GameState) -> str | None:
        """Complete a state read from a position file (the variant's defaults) and return why
        the variant can't accept it, or None. Called before the state-based checks."""
        return None

    player_damage_to_land: ClassVar[bool] = False
    """Damage to a player is dealt to a land of theirs instead (Army Magic): a spell names the
    land as its target, never the player."""

    def effective_pt(self, state: GameState, perm: Any, occ: Any = None) -> tuple[int, int]:
        """A creature's power and toughness now, with every modelled effect of the variant."""
        from frontier_desktop.rules.core.shared import own_pt

        return own_pt(state, perm)

    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        """Every game action *seat* may take now (manual actions are not listed)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ analysis
    def unit_facts(self, state: GameState, unit_id: str) -> dict[str, Any]:
        """Effective power/toughness, moves, attacks of a unit (for views and the CLI)."""
        raise NotImplementedError

    @staticmethod
    def illegal(action: Action, reason: str) -> IllegalActionError:
        return IllegalActionError(action, reason)
