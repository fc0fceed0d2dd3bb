"""Army Magic's presentation: a 6x5 board of lands with life dice, home bases at 20, no
staging rows; attacks land against land, blocks, retreats and the quick rules.

Each controlled land shows its life on a die in its controller's colour (a d6; a home base's
d20). A unit is drawn as a stack: its biggest creature on top, the next ones peeking out under
it, a count; a click fans it out (names and P/T). Dragging the stack moves or attacks with the
whole unit, dragging one fanned-out member (or a shift-chosen part) with only those; the lands
the rules allow for that group are lit while it is carried. The defender drags blockers onto
the attackers; a retreat or a placement is a click on a lit land.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from frontier_desktop.ui.variants.base import (
    Badge,
    Die,
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



class ArmyPresentation(VariantPresentation):
    name: ClassVar[str] = "army"
    aliases: ClassVar[tuple[str, ...]] = ("army-magic",)
    step_buttons: ClassVar[tuple[StepButton, ...]] = (
        StepButton("done_blocking", "Done blocking"),)
    primary_order: ClassVar[tuple[str, ...]] = ("done_blocking", "pass")
    collapse_stacks: ClassVar[bool] = True
    strip_room: ClassVar[float] = 0.25
    cell_wide: ClassVar[float] = 1.15
    help_text: ClassVar[str] = (
        "# Quick rules\n"
        "Reduce the opponent's home base from 20 life to 0.\n"
        "Main phases: move a unit one land N/S/E/W: onto a face-down land to explore it (the "
        "movers tap, the land is yours with 6 life) or onto your own land. Never onto an "
        "enemy land: attack it in combat.\n"
        "Combat: creatures from one of your lands attack an adjacent enemy land; the defender "
        "blocks; unblocked damage hits the land's life. A land at 0 is yours.\n"
        "# Keys\n{keys}\n")

    def __init__(self) -> None:
        self._units: dict[str, Mapping[str, Any]] = {}
        self._where: dict[str, tuple[int, int]] = {}

    def observe(self, view: Mapping[str, Any]) -> None:
        self._units = {str(u.get("id")): u for u in view.get("units") or []}
        self._where = {uid: sq for uid, u in self._units.items()
                       if (sq := grid_square(u.get("at"))) is not None}

    def strips(self, view: Mapping[str, Any], seat: int, opponent: int) -> tuple[Strip, Strip]:
        """Thin bars in each side's colour, unlabelled: Army has no staging rows (every
        permanent stands on a land), so the board takes the room."""
        return Strip(opponent, ""), Strip(seat, "")

    def strip_of(self, unit: Mapping[str, Any]) -> int | None:
        return None  # every Army permanent stands on a land

    def panel_life(self, view: Mapping[str, Any], seat: int) -> tuple[Any, str]:
        """The home base's life: the one that ends the game (a player has no life of their
        own in Army Magic)."""
        for row in (view.get("board") or {}).get("rows") or []:
            for cell in row:
                if cell.get("stronghold_of") == seat:
                    return cell.get("life"), "home base"
        return None, ""

    def cell_die(self, cell: Mapping[str, Any]) -> Die | None:
        """The land's life die in its controller's colour: a d20 on a home base, else a d6."""
        who, life = cell.get("controller"), cell.get("life")
        if not isinstance(who, int) or not isinstance(life, int):
            return None
        return Die(20 if cell.get("stronghold_of") is not None else 6, life, who)

    def unit_badges(self, unit: Mapping[str, Any]) -> list[Badge]:
        out = super().unit_badges(unit)
        here = unit.get("unit") or []
        if len(here) > 1 and unit.get("top") == unit.get("id"):
            out.append(Badge(f"×{len(here)}", (20, 20, 20), (226, 182, 92), "top",
                             count=True))
        return out

    # ------------------------------------------------------------------ stacks
    def stack_members(self, unit: Mapping[str, Any]) -> list[str]:
        """The unit's creatures, the rules' top card first, then the others in their order."""
        here = [str(u) for u in unit.get("unit") or []] or [str(unit.get("id"))]
        top = str(unit.get("top") or here[0])
        return [top, *(u for u in here if u != top)] if top in here else here

    def declared_blocks(self, view: Mapping[str, Any]) -> list[tuple[str, str]] | None:
        """The blocks the ``blocks`` decision lists (``pending.blocks``)."""
        pending = view.get("pending") or {}
        blocks = pending.get("blocks")
        if pending.get("kind") != "blocks" or not isinstance(blocks, list):
            return None
        return [(str(b.get("blocker")), str(b.get("attacker"))) for b in blocks
                if isinstance(b, Mapping)]

    def auto_fan(self, view: Mapping[str, Any], seat: int) -> tuple[Place, Place | None] | None:
        """While *seat* blocks: its creatures on the attacked land, clear of the attackers."""
        decision = view.get("decision") or {}
        if decision.get("kind") != "blocks" or decision.get("player") != seat:
            return None
        target = grid_square(decision.get("target"))
        attackers = [self._where.get(str(a)) for a in decision.get("attackers") or []]
        away = next((sq for sq in attackers if sq is not None), None)
        return (target, away) if target is not None else None

    def carry(self, unit: Mapping[str, Any], fanned: bool,
              legal: Sequence[Mapping[str, Any]]) -> list[str]:
        """A blocker goes alone; a fanned-out creature alone; a stack's top the whole unit."""
        uid = str(unit.get("id"))
        if fanned or any(a.get("type") == "block" and a.get("blocker") == uid for a in legal):
            return [uid]
        return self.stack_members(unit)

    click_taps_land_under: ClassVar[bool] = True

    def can_pick_up(self, unit: Mapping[str, Any], seat: int,
                    legal: Sequence[Mapping[str, Any]]) -> bool:
        """Your creatures that may move or attack, and your blockers while you block."""
        uid = str(unit.get("id"))
        return unit.get("controller") == seat and (
            bool(unit.get("moves") or unit.get("attacks")) or any(
                a.get("type") == "block" and a.get("blocker") == uid for a in legal))

    def group_targets(self, mode: str, unit: Mapping[str, Any], ids: Sequence[str],
                      legal: Sequence[Mapping[str, Any]]) -> dict[Place, str]:
        """The lands the rules list a move or an attack to for exactly these creatures (any
        group the rules don't list: the lands every one of them may reach); for a blocker,
        the lands of the attackers it may block."""
        if mode != "move":
            return {}
        want = set(ids)
        units = {str(a.get("attacker")) for a in legal
                 if a.get("type") == "block" and a.get("blocker") in want}
        if units:
            return {sq: "block" for sq in self._attacker_squares(units, legal)}
        out: dict[Place, str] = {}
        listed = False
        for a in legal:
            kind = a.get("type")
            if kind not in ("move", "attack"):
                continue
            group = set(a.get("units") or [a.get("unit")])
            if group != want:
                continue
            listed = True
            sq = grid_square(a.get("to") if kind == "move" else a.get("target"))
            if sq is not None:
                out[sq] = kind
        if listed or len(want) == 1:
            return out if listed else self.targets(mode, unit, legal)
        return {}

    def _attacker_squares(self, attackers: set[str], legal: Sequence[Mapping[str, Any]]
                          ) -> list[tuple[int, int]]:
        return sorted({sq for uid, sq in self._where.items() if uid in attackers})

    def group_action(self, kind: str, ids: Sequence[str], place: Any) -> dict[str, Any] | None:
        """A move or an attack of exactly these creatures (the rules move only those named)."""
        where = list(place) if isinstance(place, tuple) else place
        if kind == "move":
            return {"type": "move", "unit": ids[0], "to": where, "units": list(ids)}
        if kind == "attack":
            return {"type": "attack", "unit": ids[0], "units": list(ids), "target": where}
        return None

    def drop_choices(self, view: Mapping[str, Any], ids: Sequence[str], place: Any,
                     onto: str | None, legal: Sequence[Mapping[str, Any]],
                     fanned: bool = False) -> list[MenuEntry]:
        """A blocker dropped on an attacker (alone, or fanned out) blocks it; dropped on the
        attackers' land or their collapsed stack, one line per attacker it may block
        ("Block Hill Giant 3/3")."""
        units = {str(u.get("id")): u for u in view.get("units") or []}
        blocks = [a for a in legal if a.get("type") == "block" and a.get("blocker") in ids]
        if not blocks:
            return []
        exact = [a for a in blocks if a.get("attacker") == onto]
        stacked = onto is not None and len(self.stack_members(units.get(onto, {}))) > 1 and \
            not fanned
        if exact and not stacked:
            return [MenuEntry(self._block_words(exact[0], units), exact[0])]
        here = [a for a in blocks
                if grid_square(units.get(str(a.get("attacker")), {}).get("at")) == place]
        return [MenuEntry(self._block_words(a, units), a) for a in here]

    @staticmethod
    def _block_words(action: Mapping[str, Any], units: Mapping[str, Any]) -> str:
        u = units.get(str(action.get("attacker")), {})
        return f"Block {u.get('name', 'that attacker')} {u.get('power', '?')}/" \
               f"{u.get('toughness', '?')}"

    def prompt(self, ctx: PromptContext) -> str:
        v = ctx.view
        if v.get("game_over"):
            return "The game is over."
        pending = v.get("pending") or {}
        kind = pending.get("kind")
        if kind and pending.get("seat") != ctx.seat:
            return f"Waiting for the opponent ({kind})."
        if kind == "blocks":
            return ("Block: drag each of your creatures on the attacked land onto the attacker "
                    "it blocks (click a stack to fan it out), then press Done blocking.")
        if kind == "retreat":
            first = str(((pending.get("options") or [{}])[0]).get("unit", ""))
            name = str(self._units.get(first, {}).get("name") or "the creature")
            return (f"Your land is lost: click a lit land of yours for {name} to retreat to "
                    "(each creature in turn).")
        if kind == "place":
            first = str(((pending.get("options") or [{}])[0]).get("id", ""))
            name = str(self._units.get(first, {}).get("name") or "the permanent")
            return f"Click a lit land to put {name} on."
        if kind == "assign":
            return "Divide the attacker's damage (the main button takes lethal damage first)."
        if kind == "priority":
            return "Your opponent is moving: respond with an instant, or let it resolve."
        if "discard" in ctx.legal_types:
            return self.discard_prompt(ctx.view, ctx.seat)
        if ctx.selected:
            return ("Drag or click a lit land: move, explore or attack. Click a stack to fan it "
                    "out; shift-click to move part of it. Right-click for more.")
        if ctx.fanned and ctx.view.get("active") == ctx.seat:
            return ("Drag one of the fanned-out creatures to move or attack with it alone, or "
                    "shift-click several first. Esc closes the stack.")
        if ctx.view.get("active") == ctx.seat and ctx.view.get("phase") in ("main", "main2"):
            return ("Drag a stack to move or attack; click a land (or your lone creature on "
                    "it) to tap it for mana, a stack to fan it out. Right-click for more.")
        return super().prompt(ctx)

    def target_range(self, state: Any, seat: int, card_id: str,
                     ability: int | None = None) -> set[Place]:
        """The lands the rules let this card or ability reach (asked once, when choosing
        its targets begins): the rules' ``target_problem`` for every land."""
        from frontier_desktop.rules.variants import find_variant

        try:
            rules = find_variant(state.variant)
            source = card_id if card_id in state.perms else None
            return {pos for pos in state.cells
                    if rules.target_problem(state, seat, source, pos) is None}
        except Exception:  # a state the rules can't read: nothing lit, nothing refused
            return set()

    def cover_reason(self, view: Mapping[str, Any]) -> str:
        """Why the device is handed over, in Army's words (blocks, a retreat, a placement)."""
        kind = (view.get("pending") or {}).get("kind")
        if kind == "blocks":
            return "Your land is attacked: choose your blockers."
        if kind == "retreat":
            return "Your land was taken: choose where your creatures retreat."
        if kind == "place":
            return "Choose the land to put your permanent on."
        return super().cover_reason(view)

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
                items.append(MenuEntry(self._block_words(a, self._units), a))
        if unit.get("controller") != seat:
            return items
        if unit.get("moves") or unit.get("attacks"):
            items.append(MenuEntry("Move / attack (drag me)", mode="move"))
        for a in legal:
            if a.get("type") == "activate" and a.get("unit") == uid:
                items.append(MenuEntry(f"Activate ability {int(a.get('ability', 0)) + 1}", a))
        return items
