"""What one resolving spell or ability knows while its effects run (:class:`_Context`).

The executors (``spell_executors``, fx_oneshots, fx_timing, fx_statics) get one context per
effect: the controller, the source, the chosen targets per selector, what the previous effect
reached ("that creature"), X, and the stack item; :meth:`_Context.objects` follows a selector
to the objects it reaches now and :meth:`_Context.amount` counts an amount. A stack item's
targets are decoded from wire form with :func:`_decode_target`.
"""

from __future__ import annotations

from typing import Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.effects.nodes import Amount, Selector
from frontier_desktop.rules.effects.targeting import spec_problem
from frontier_desktop.rules.state import GameState


def _decode_target(value: Any) -> Any:
    return A._target(value, "targets")


class _Context:
    """What one resolving spell or ability knows while its effects run."""

    def __init__(self, state: GameState, seat: int, source: str | None, name: str, x: int,
                 chosen: dict[int, list[Any]], previous: list[Any], item: dict[str, Any]) -> None:
        self.state = state
        self.seat = seat
        self.source = source
        self.name = name
        self.x = x
        self.chosen = chosen
        self.previous = previous
        self.item = item
        self.source_label = source if source is not None else str(item.get("obj", name))
        self.stopped = False
        """Set by an intervening "if" that doesn't hold: the rest does nothing."""
        self.area: Any = None
        """What an effect without a target reaches (``SpellActions.effect_area``): a
        predicate on object ids, or None for everything."""

    def amount(self, amount: Amount) -> int:
        if amount.var not in ("", "X"):  # fx-oneshots: counted amounts ("equal to …")
            from frontier_desktop.rules.core.amounts import amount_of

            return amount_of(self, amount)
        return amount.n * (self.x if amount.var == "X" else 1)

    def objects(self, sel: Selector) -> list[Any] | None:
        """The objects *sel* reaches now (None: a selector the engine doesn't follow)."""
        state = self.state
        ref = sel.ref
        if ref == "target":
            return list(self.chosen.get(id(sel), []))
        if ref == "self":
            return [self.source] if self.source is not None and self.source in state.perms else []
        if ref == "you":
            return [("player", self.seat)]
        if ref == "each_player":
            return [("player", n) for n, p in enumerate(state.players) if not p.lost]
        if ref in ("each_opponent", "opponent"):
            return [("player", n) for n, p in enumerate(state.players)
                    if n != self.seat and not p.lost]
        if ref == "that":
            if "others" in self.item and sel.text.lower() in ("that creature",
                                                              "the other creature"):
                # A combat trigger's creature on the other side (fx_timing).
                return [o for o in self.item["others"] if o in state.perms]
            return list(self.previous)
        if ref == "controller":
            first = self.previous[0] if self.previous else None
            if isinstance(first, str) and first in state.perms:
                return [("player", state.perms[first].controller)]
            if isinstance(first, str) and first in state.cards:
                return [("player", state.owner(first))]
            return None
        if ref == "enchanted":
            if self.source is None or self.source not in state.perms:
                return []
            host = state.perms[self.source].attached_to
            return [host] if host in state.perms else []
        if ref == "all" and sel.spec is not None:
            spec = sel.spec
            nouns = set(spec.noun.split("_or_"))
            if nouns & {"player", "opponent"}:
                return [("player", n) for n, p in enumerate(state.players) if not p.lost
                        and spec_problem(state, spec, ("player", n), seat=self.seat,
                                         source=self.source) is None]
            return [pid for pid, p in state.perms.items() if p.zone != "attached"
                    and (self.area is None or self.area(pid))
                    and spec_problem(state, spec, pid, seat=self.seat,
                                     source=self.source) is None]
        return None
