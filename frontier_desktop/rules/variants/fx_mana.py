"""Frontier Magic: mana from spells, and effects that reach a land square (issue 12, fx-mana).

Mixed into :class:`~frontier_desktop.rules.variants.frontier.Frontier` before
:class:`~frontier_desktop.rules.variants.frontier_spells.SpellActions`:

- ``Add {B}{B}{B}`` on a spell (Dark Ritual) adds that mana to its controller's pool as it
  resolves;
- a land on the Frontier board is a square (``../shared/rules/frontier.md``, Land
  destruction): "Destroy target land" turns the square into a hole (the land goes to its
  owner's land graveyard, creatures on it stay), "Tap target land" taps the square as the
  spell's controller ("untaps only the lands they tapped": it untaps in that player's untap
  step), "Untap target land" untaps it. See ``docs/rules-notes.md``, Lands with abilities.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.effects.mana_support import land_target_problem, spell_mana_problem
from frontier_desktop.rules.effects.nodes import AddMana, Destroy, Tap, Untap
from frontier_desktop.rules.mana import add_mana, format_pool
from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.state import GameState
from frontier_desktop.rules.variants.base import Event
from frontier_desktop.rules.variants.frontier_combat import wire

LAND_TARGET_KINDS: frozenset[str] = frozenset({"destroy", "tap", "untap"})
"""Effect kinds whose executors here follow a land square chosen as a target."""


def is_square(target: Any) -> bool:
    """A decoded target naming a board square: ``(row, col)``."""
    return isinstance(target, tuple) and len(target) == 2 and \
        all(isinstance(v, int) for v in target)


class ManaActions:
    """Executors for mana added by spells and effects that reach land squares."""

    land_target_kinds: ClassVar[frozenset[str]] = LAND_TARGET_KINDS

    if TYPE_CHECKING:  # provided by ManualActions (later in Frontier's bases)
        def _remove_land(self, state: GameState, seat: int, pos: Pos, action: A.Action,
                         events: list[Event], verb: str) -> None: ...

    def _exec_add_mana(self, ctx: Any, effect: AddMana, events: list[Event]) -> list[Any] | None:
        if spell_mana_problem(effect):
            return None
        state: GameState = ctx.state
        pool = state.players[ctx.seat].pool
        add_mana(pool, effect.options[0])
        events.append({"type": "mana_added", "player": ctx.seat, "mana": effect.options[0],
                       "by": ctx.name, "pool": format_pool(pool)})
        return [("player", ctx.seat)]

    def _squares(self, ctx: Any) -> list[Pos]:
        return [t for targets in ctx.chosen.values() for t in targets if is_square(t)]

    def _without_squares(self, ctx: Any) -> None:
        ctx.chosen = {k: [t for t in v if not is_square(t)] for k, v in ctx.chosen.items()}

    def _exec_destroy(self, ctx: Any, effect: Destroy, events: list[Event]) -> list[Any] | None:
        squares = self._squares(ctx)
        if squares:
            if land_target_problem(effect):
                return None
            state: GameState = ctx.state
            for pos in squares:
                if state.board.contains(pos) and state.cells[pos].land is not None:
                    self._remove_land(state, ctx.seat, pos, A.DestroyLand(at=pos), events,
                                      f"destroyed by {ctx.name}")
            self._without_squares(ctx)
        done: list[Any] | None = super()._exec_destroy(ctx, effect, events)  # type: ignore[misc]
        return None if done is None else list(squares) + done

    def _set_land_tapped(self, ctx: Any, effect: Tap | Untap, tapped: bool,
                         events: list[Event]) -> list[Pos] | None:
        squares = self._squares(ctx)
        if not squares:
            return []
        if land_target_problem(effect):
            return None
        state: GameState = ctx.state
        for pos in squares:
            cell = state.cells.get(pos)
            if cell is None or cell.land is None or (cell.tapped_by is not None) == tapped:
                continue
            cell.tapped_by = ctx.seat if tapped else None
            said = {"at": wire(state, pos), "land": state.name(cell.land), "player": ctx.seat,
                    "by": ctx.name}
            if tapped:
                events.append({"type": "land_tapped_by_effect", **said})
            else:
                events.append({"type": "land_untapped", **said})
        self._without_squares(ctx)
        return squares

    def _exec_tap(self, ctx: Any, effect: Tap, events: list[Event]) -> list[Any] | None:
        squares = self._set_land_tapped(ctx, effect, True, events)
        if squares is None:
            return None
        done: list[Any] | None = super()._exec_tap(ctx, effect, events)  # type: ignore[misc]
        return None if done is None else list(squares) + done

    def _exec_untap(self, ctx: Any, effect: Untap, events: list[Event]) -> list[Any] | None:
        squares = self._set_land_tapped(ctx, effect, False, events)
        if squares is None:
            return None
        done: list[Any] | None = super()._exec_untap(ctx, effect, events)  # type: ignore[misc]
        return None if done is None else list(squares) + done
