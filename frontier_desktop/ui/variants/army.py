"""Army Magic's presentation: a 6x5 board of lands with life dice, home bases at 20, no
staging rows; attacks land against land, blocks, retreats and the quick rules.

Minimal for now (see docs/table-ui.md): each controlled land shows its life in its
controller's colour (a home base its d20), a unit's top creature carries the unit's size,
dragging a creature onto an enemy land attacks it with that creature (shift-select more first
to attack or move together), the defender's blocks come from the right-click menu of their
creatures, and a retreat is a click on a lit land.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from frontier_desktop.ui.variants.base import (
    Badge,
    DivisionRequest,
    MenuEntry,
    Place,
    PromptContext,
    Recipient,
    StepButton,
    Strip,
    VariantPresentation,
    grid_square,
)

SEAT_COLOURS = ((70, 120, 220), (200, 70, 60))


class ArmyPresentation(VariantPresentation):
    name: ClassVar[str] = "army"
    aliases: ClassVar[tuple[str, ...]] = ("army-magic",)
    step_buttons: ClassVar[tuple[StepButton, ...]] = (
        StepButton("done_blocking", "Done blocking"),)
    primary_order: ClassVar[tuple[str, ...]] = ("done_blocking", "pass")
    help_text: ClassVar[str] = (
        "# Quick rules\n"
        "Reduce the opponent's home base from 20 life to 0.\n"
        "Main phases: move a unit one land N/S/E/W: onto a face-down land to explore it (the "
        "movers tap, the land is yours with 6 life) or onto your own land. Never onto an "
        "enemy land: attack it in combat.\n"
        "Combat: creatures from one of your lands attack an adjacent enemy land; the defender "
        "blocks; unblocked damage hits the land's life. A land at 0 is yours.\n"
        "# Keys\n{keys}\n")

    def strips(self, view: Mapping[str, Any], seat: int, opponent: int) -> tuple[Strip, Strip]:
        players = view.get("players") or []

        def label(s: int) -> str:
            return f"{players[s]['name']}'s side" if s < len(players) else ""

        return Strip(opponent, label(opponent)), Strip(seat, label(seat))

    def strip_of(self, unit: Mapping[str, Any]) -> int | None:
        return None  # every Army permanent stands on a land

    def cell_badges(self, cell: Mapping[str, Any]) -> list[Badge]:
        """The land's life die in its controller's colour ("d20 17" on a home base)."""
        who, life = cell.get("controller"), cell.get("life")
        if not isinstance(who, int) or life is None:
            return []
        colour = SEAT_COLOURS[who % 2]
        text = f"d20 {life}" if cell.get("stronghold_of") is not None else str(life)
        return [Badge(text, (255, 255, 255), colour, "top_left", 12)]

    def unit_badges(self, unit: Mapping[str, Any]) -> list[Badge]:
        out = super().unit_badges(unit)
        here = unit.get("unit") or []
        if len(here) > 1 and unit.get("top") == unit.get("id"):
            out.append(Badge(f"×{len(here)}", (20, 20, 20), (226, 182, 92), "top_left"))
        return out

    def prompt(self, ctx: PromptContext) -> str:
        v = ctx.view
        if v.get("game_over"):
            return "The game is over."
        pending = v.get("pending") or {}
        kind = pending.get("kind")
        if kind and pending.get("seat") != ctx.seat:
            return f"Waiting for the opponent ({kind})."
        if kind == "blocks":
            return ("Block: right-click one of your creatures on the attacked land and choose "
                    "the attacker it blocks, then press Done blocking.")
        if kind == "retreat":
            return "Your land is lost: click a lit land of yours for the creature to retreat to."
        if kind == "place":
            return "Click a lit land to put the permanent on."
        if kind == "assign":
            return "Divide the attacker's damage (the main button takes lethal damage first)."
        if kind == "priority":
            return "Your opponent is moving: respond with an instant, or let it resolve."
        if "discard" in ctx.legal_types:
            return "Discard down to seven: click a card in your hand."
        if ctx.selected:
            return "Drag or click a lit land: move, explore or attack. Right-click for more."
        return super().prompt(ctx)

    def decision_targets(self, view: Mapping[str, Any], seat: int,
                         legal: Sequence[Mapping[str, Any]]) -> dict[Place, str]:
        out: dict[Place, str] = {}
        for a in legal:
            if a.get("type") == "retreat":
                sq = grid_square(a.get("to"))
                if sq is not None:
                    out[sq] = "retreat"
            elif a.get("type") == "place":
                sq = grid_square(a.get("at"))
                if sq is not None:
                    out[sq] = "place"
        self._answers = [dict(a) for a in legal if a.get("type") in ("retreat", "place")]
        return out

    def decision_action(self, kind: str, place: Any, colour: str | None) -> dict[str, Any] | None:
        key = "to" if kind == "retreat" else "at"
        for a in getattr(self, "_answers", []):
            if a.get("type") == kind and grid_square(a.get(key)) == place:
                return a
        return None

    def target_action(self, kind: str, unit_id: str, place: Any) -> dict[str, Any] | None:
        if kind == "attack":
            return {"type": "attack", "units": [unit_id],
                    "target": list(place) if isinstance(place, tuple) else place}
        return None

    def division(self, view: Mapping[str, Any], seat: int) -> DivisionRequest | None:
        """The attacker's division among its blockers and, with trample, the land."""
        request = super().division(view, seat)
        if request is None:
            return None
        option = ((view.get("pending") or {}).get("options") or [{}])[0]
        target = option.get("at")
        cell: Mapping[str, Any] = {}
        sq = grid_square(target)
        rows = (view.get("board") or {}).get("rows") or []
        if sq is not None and sq[0] < len(rows) and sq[1] < len(rows[sq[0]]):
            cell = rows[sq[0]][sq[1]]
        recipients = tuple(
            Recipient("land", f"the {cell.get('land') or 'land'} (its life)", "", cell.get(
                "life", "?"), 0, 0) if r.id == "land" else r
            for r in request.recipients)
        attacker = next((u for u in view.get("units") or []
                         if u.get("id") == request.key), {})
        title = (f"Divide {attacker.get('name', 'the attacker')}'s {request.amount} damage among "
                 "its blockers" + (" and the land" if any(r.id == "land" for r in recipients)
                                   else ""))
        return DivisionRequest(request.key, title, request.amount, recipients, request.default)

    def unit_menu(self, unit: Mapping[str, Any], seat: int,
                  legal: Sequence[Mapping[str, Any]]) -> list[MenuEntry]:
        uid = str(unit.get("id"))
        items: list[MenuEntry] = []
        for a in legal:
            if a.get("type") == "block" and a.get("blocker") == uid:
                items.append(MenuEntry(f"Block attacker {a.get('attacker')}", a))
        if unit.get("controller") != seat:
            return items
        if unit.get("moves") or unit.get("attacks"):
            items.append(MenuEntry("Move / attack (drag me)", mode="move"))
        for a in legal:
            if a.get("type") == "activate" and a.get("unit") == uid:
                items.append(MenuEntry(f"Activate ability {int(a.get('ability', 0)) + 1}", a))
        return items
