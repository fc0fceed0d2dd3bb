"""What the seat at the table may act on: the legal actions by kind, its units, the lit
squares, stacks and fanned-out stacks, bands and groups, drag boxes and the move action; a
mixin of :class:`~frontier_desktop.ui.scenes.table.TableScene` (its state lives there)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import pygame

from frontier_desktop.ui.table.render import Square

if TYPE_CHECKING:
    from frontier_desktop.ui.scenes.table import TableScene


class TableSelection:
    """Selection and the legal-action helpers of the table (mixed into the scene)."""

    # ------------------------------------------------------------------ legal helpers
    def legal_of(self, kind: str, **match: Any) -> list[dict[str, Any]]:
        out = []
        for a in self.legal:
            if a.get("type") != kind:
                continue
            if all(a.get(k) == v for k, v in match.items()):
                out.append(a)
        return out

    def unit(self, unit_id: str | None) -> dict[str, Any] | None:
        sprite = self.renderer.sprites.get(unit_id or "")
        return sprite.unit if sprite else None

    def _compute_highlights(self) -> None:
        pres = self.presentation
        hl: dict[Hashable, str] = dict(pres.decision_targets(self.view, self.seat, self.legal))
        unit = self.unit(self.selected)
        if unit is not None:
            self.local.carried = self.carried_ids(str(self.selected))
            hl.update(pres.group_targets(self.mode, unit, self.local.carried, self.legal))
        else:
            self.local.carried = []
        self.highlights = hl

    def carried_ids(self, unit_id: str) -> list[str]:
        """The creatures a press on *unit_id* picks up: the chosen group it belongs to, else
        what the variant says (its stack; a fanned-out creature alone; a blocker alone)."""
        if self.group and unit_id in self.group:
            return list(self.group)
        unit = self.unit(unit_id)
        if unit is None:
            return [unit_id]
        return self.presentation.carry(unit, unit_id in self.renderer.fan_ids, self.legal)

    def expand(self, sq: Any, *, recompute: bool = True) -> None:
        """Fan out the stack on *sq* (None: close the fanned-out stack); *recompute*: light
        the lands again for what the selection now picks up (not while it is carried)."""
        if self.renderer.expanded == sq:
            return
        self.renderer.expanded = sq
        self.renderer.fan_away = None
        if self.renderer.view is not None:
            self.renderer.rebuild()
        if self.selected and recompute:
            self._compute_highlights()

    def stack_square(self, unit_id: str) -> Any:
        """The place of the collapsed stack whose top is *unit_id* (None: not such a top)."""
        sprite = self.renderer.sprites.get(unit_id)
        if sprite is None or sprite.hidden or not self.presentation.collapse_stacks or \
                unit_id in self.renderer.fan_ids or \
                len(self.presentation.stack_members(sprite.unit)) < 2:
            return None
        return self.presentation.place(sprite.unit.get("at"))

    def _block_pairs(self) -> list[tuple[str, str]]:
        """(blocker, attacker) declared in the combat now being blocked: from the view where
        the variant's decision names them (Army), otherwise from the log."""
        if (self.view.get("pending") or {}).get("kind") != "blocks":
            return []
        declared = self.presentation.declared_blocks(self.view)
        if declared is not None:
            return declared
        pairs: list[tuple[str, str]] = []
        for entry in self.session.log(self.seat):
            action = entry.get("action") or {}
            if action.get("type") == "attack":
                pairs = []
            elif action.get("type") == "block":
                pairs.append((str(action.get("blocker")), str(action.get("attacker"))))
        return pairs

    def tappable(self) -> dict[Square, list[dict[str, Any]]]:
        out: dict[Square, list[dict[str, Any]]] = {}
        for a in self.legal_of("tap_land") + self.legal_of("keep_tapped"):  # fx-mana
            sq = self.presentation.place(a.get("at"))
            if isinstance(sq, tuple):
                out.setdefault(sq, []).append(a)
        return out

    def is_movable_mine(self, unit_id: str) -> bool:
        unit = self.unit(unit_id)
        return bool(unit and unit.get("controller") == self.seat and
                    self.presentation.strip_of(unit) is None)

    def toggle_group(self, unit_id: str) -> None:
        """Shift-click: add or remove a creature of the selected square to the moving group."""
        unit = self.unit(unit_id)
        if unit is None or not self.is_movable_mine(unit_id):
            return
        first = self.unit(self.group[0]) if self.group else self.unit(self.selected)
        if first is None or first.get("at") != unit.get("at"):
            self.group = []
        elif not self.group and self.selected:
            self.group = [self.selected]
        if unit_id in self.group:
            self.group.remove(unit_id)
        else:
            self.group.append(unit_id)
        lead = self.group[0] if self.group else None
        self.select(unit_id if unit_id in self.group else lead, keep_group=True)
        n = len(self.group)
        if n:
            self.say(f"{n} chosen to move together: drag one of them." if n > 1 else
                     "Only this creature will move: drag it (shift-click adds more).")

    def box_select(self, rect: pygame.Rect) -> None:
        """A drag box: choose your creatures inside it (those of the square with the most)."""
        by_square: dict[tuple[int, int], list[str]] = {}
        for uid, sprite in self.renderer.sprites.items():
            if rect.collidepoint(sprite.home) and self.is_movable_mine(uid):
                at = sprite.unit["at"]
                by_square.setdefault((int(at[0]), int(at[1])), []).append(uid)
        if not by_square:
            self.select(None)
            return
        ids = max(by_square.values(), key=len)
        self.select(ids[0])
        self.group = ids if len(ids) > 1 else []
        if len(ids) > 1:
            self.say(f"{len(ids)} chosen to move together: drag one of them.")

    def moving_ids(self) -> list[str]:
        """The creatures a token drag carries: those picked up with it (the chosen group,
        else the dragged one's stack; see :meth:`carried_ids`)."""
        if self.drag is None or self.drag.kind != "token" or not self.drag.active:
            return []
        return self.ids_for(self.drag.ident)

    def ids_for(self, unit_id: str) -> list[str]:
        """The creatures acting with *unit_id*: those picked up with it when it is selected."""
        if unit_id == self.selected and unit_id in self.local.carried:
            return list(self.local.carried)
        return self.carried_ids(unit_id)

    def move_action(self, unit_id: str, sq: Square) -> dict[str, Any]:
        """A move of *unit_id* to *sq*, naming the chosen group when it is part of a stack."""
        custom = self.presentation.group_action("move", self.ids_for(unit_id), sq)
        if custom is not None:
            return custom
        action: dict[str, Any] = {"type": "move", "unit": unit_id, "to": list(sq)}
        unit = self.unit(unit_id) or {}
        stack = (unit.get("stack") or {}).get("units") or [unit_id]
        if self.group and unit_id in self.group and set(self.group) != set(stack):
            action["units"] = sorted(self.group, key=stack.index if set(self.group) <= set(stack)
                                     else self.group.index)
        return action

    def select(self, unit_id: str | None, mode: str = "move", *, keep_group: bool = False) -> None:
        if not keep_group:
            self.group = []
        self.selected = unit_id
        self.mode = mode
        self._compute_highlights()
        if unit_id:
            unit = self.unit(unit_id)
            if unit:
                self.pinned = ("unit", unit)
