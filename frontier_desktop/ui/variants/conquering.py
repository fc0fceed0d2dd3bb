"""Magic: the Conquering's presentation: the three-player triangle (or the 3x3 and 3x5
grids) with each seat's stronghold outside the middle land of their side, conquer values,
control markers in four colours and shapes, moves by drag onto a lit adjacent area, the
conquest of an area from its creatures' menu or a click on their lit area, blocks dragged
onto the attackers in clockwise order, and the mana production die.

Geometry and hit-testing come from the renderer's place map (:mod:`ui.table.places`), the
markers from :mod:`ui.table.markers`; this module only says where the triangle's areas lie
and what the Conquering's places, prompts and menus say.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from frontier_desktop.rules.variants.conquering.combat import LAND as LAND_RECIPIENT
from frontier_desktop.ui.table.places import PlaceMap, fit_points
from frontier_desktop.ui.variants.base import (
    Badge,
    DivisionRequest,
    MenuEntry,
    Place,
    PromptContext,
    StepButton,
    Strip,
    VariantPresentation,
    ability_label,
    wire,
)

SIDES = "ABC"
"""The triangle's sides, seat 0's first; clockwise from the viewer's: bottom, left, right."""
TRIANGLE_ALONG = 0.28
"""Where a side's first and last lands lie along it (its middle land at 0.5)."""
TRIANGLE_INNER = 0.4
"""How far the inner lands lie from the centre, as a share of the way to the side's middle."""
TRIANGLE_OUTSIDE = 1.6
"""How far a stronghold lies from the centre, as a share of the way to the side's middle."""
TRIANGLE_SQUASH = 0.8
"""The triangle drawn a little flatter than equilateral: the table is wider than high."""


def triangle_points(seat: int) -> dict[Place, tuple[float, float]]:
    """The triangle's areas and strongholds (free geometry, y down) with *seat*'s side along
    the bottom; the ring runs A1 A2 A3 B1 ... so the next seat's side is on the left."""
    h = math.sqrt(3) / 2
    corners = [(0.5, h), (-0.5, h), (0.0, 0.0)]  # bottom right, bottom left, top
    centre = (0.0, h * 2 / 3)
    out: dict[Place, tuple[float, float]] = {}
    for k in range(3):
        side = SIDES[(k + seat) % 3]
        (x0, y0), (x1, y1) = corners[k], corners[(k + 1) % 3]
        for i, t in zip((1, 2, 3), (TRIANGLE_ALONG, 0.5, 1 - TRIANGLE_ALONG)):
            out[f"{side}{i}"] = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
        mx, my = out[f"{side}2"]
        for name, share in ((f"{side}i", TRIANGLE_INNER), (f"S{(k + seat) % 3}",
                                                            TRIANGLE_OUTSIDE)):
            out[name] = (centre[0] + (mx - centre[0]) * share,
                         centre[1] + (my - centre[1]) * share)
    return {k: (x, y * TRIANGLE_SQUASH) for k, (x, y) in out.items()}


COLOUR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green",
                "C": "colourless"}


def mana_amount_words(pool: str) -> str:
    """``"{W}{W}{G}"`` (or ``"WWG"``) → ``"2 white and 1 green"``."""
    symbols = re.findall(r"\{([^}]*)\}", pool) if "{" in pool else list(pool.strip())
    counts: dict[str, int] = {}
    for sym in symbols:
        if sym.isdigit():
            counts["C"] = counts.get("C", 0) + int(sym)
        elif sym:
            counts[sym] = counts.get(sym, 0) + 1
    parts = [f"{n} {COLOUR_WORDS.get(k, k)}" for k, n in counts.items()]
    return " and ".join([", ".join(parts[:-1]), parts[-1]]) if len(parts) > 1 else \
        "".join(parts)


class ConqueringPresentation(VariantPresentation):
    name: ClassVar[str] = "conquering"
    aliases: ClassVar[tuple[str, ...]] = ("magic-the-conquering",)
    step_buttons: ClassVar[tuple[StepButton, ...]] = (
        StepButton("done_blocking", "Done blocking"),)
    primary_order: ClassVar[tuple[str, ...]] = ("done_blocking", "pass")
    strip_room: ClassVar[float] = 0.25
    member_spread: ClassVar[float] = 0.85
    help_text: ClassVar[str] = (
        "# Quick rules\n"
        "Control more than half of the areas to win (5 of 9, 7 of 12, 8 of 15); strongholds "
        "don't count.\n"
        "Mana production: at the start of your turn a d6 gives that much mana of your colour, "
        "plus one of each area you control (two for a conquered stronghold).\n"
        "Movement: drag a creature to an adjacent area (the lit ones). Entering a face-down "
        "land turns it up and rolls its conquer value (CV).\n"
        "Attack/conquer: click a creature, then its lit area, or right-click it: Conquer. "
        "Power at least the CV (after blocks) captures the area: your marker goes on it.\n"
        "Blocks: the other players in the area block in turn, clockwise from the attacker: "
        "drag your blocker onto an attacker, then Done blocking.\n"
        "Markers: circle, square, triangle, diamond for seats 1 to 4.\n"
        "# Keys\n{keys}\n")

    def __init__(self) -> None:
        self._units: dict[str, Mapping[str, Any]] = {}
        self._names: list[str] = []

    def observe(self, view: Mapping[str, Any]) -> None:
        self._units = {str(u.get("id")): u for u in view.get("units") or []}
        self._names = [str(p.get("name", f"Player {i + 1}"))
                       for i, p in enumerate(view.get("players") or [])]

    def _name(self, seat: Any) -> str:
        return self._names[seat] if isinstance(seat, int) and 0 <= seat < len(self._names) \
            else "a player"

    # ------------------------------------------------------------------ geometry
    def place_layout(self, view: Mapping[str, Any], seat: int) -> PlaceMap | None:
        """The triangle for a graph board (the viewer's side at the bottom), else the grid
        with its strongholds outside (the base's)."""
        if (view.get("board") or {}).get("areas"):
            seat = seat if 0 <= seat < 3 else 0
            return PlaceMap.of(fit_points(triangle_points(seat), self.cell_wide * 0.9,
                                          gap=0.04))
        return super().place_layout(view, seat)

    def strips(self, view: Mapping[str, Any], seat: int, opponent: int) -> tuple[Strip, Strip]:
        return Strip(opponent, ""), Strip(seat, "")

    def strip_of(self, unit: Mapping[str, Any]) -> int | None:
        return None  # every creature stands in an area or a stronghold

    def place_title(self, place: Place, cell: Mapping[str, Any],
                    view: Mapping[str, Any]) -> str:
        owner = cell.get("stronghold_of", cell.get("player"))
        if cell.get("place") is not None and owner is not None:
            return f"{self._name(owner)}'s stronghold"
        land = str(cell.get("land") or "") if cell.get("face_up") else ""
        if isinstance(place, str):  # a triangle area: its name (the log and covers use it)
            return f"{place} · {land}" if land else str(place)
        return land

    def division(self, view: Mapping[str, Any], seat: int) -> DivisionRequest | None:
        """The attacker's damage among its blockers and the land (``"land"``: the conquer
        value, reached only after lethal damage to every blocker), in those words."""
        request = super().division(view, seat)
        if request is None:
            return None
        option = ((view.get("pending") or {}).get("options") or [{}])[0]
        at = option.get("at")
        cell = next((c for p, c in self.places_of(view) if p == at or
                     (isinstance(at, (list, tuple)) and p == tuple(at))), {})
        cv = cell.get("cv")
        land = str(cell.get("land") or "land") if cell.get("face_up") else "land"
        recipients = []
        for r in request.recipients:
            if r.id == LAND_RECIPIENT:
                r = dataclasses.replace(r, name=f"the {land} (CV {cv})" if isinstance(cv, int)
                            else f"the {land}", lethal=cv if isinstance(cv, int) else 0,
                            lines=(f"conquer value {cv}" if isinstance(cv, int) else "",
                                   "takes what the blockers don't"),
                            marks=("conquered", "holds"))
            recipients.append(r)
        blockers = len(recipients) - 1
        attacker = next((str(u.get("name")) for u in view.get("units") or []
                         if u.get("id") == option.get("attacker") and u.get("name")),
                        "the attacker")
        among = "the blocker and the land" if blockers == 1 else \
            "the blockers and the land"
        return dataclasses.replace(
            request, recipients=tuple(recipients),
            title=f"Divide {attacker}'s {request.amount} damage among {among}")

    def cell_marker(self, cell: Mapping[str, Any]) -> int | None:
        who = cell.get("controller")
        return who if isinstance(who, int) else None

    def cell_badges(self, cell: Mapping[str, Any]) -> list[Badge]:
        out: list[Badge] = []
        left = cell.get("turns_left")
        if isinstance(left, int):
            out.append(Badge(f"retake: {left} turn{'s' if left != 1 else ''}", (255, 255, 255),
                             (170, 40, 40), "bottom", 10))
        cv = cell.get("cv")
        if isinstance(cv, int) and (cell.get("face_up") or cell.get("place") is not None):
            stronghold = cell.get("place") is not None
            # a stronghold's along its foot: under its name band it covered the stronghold's
            # mana symbol (play-test L4: Dale's Plains "W" read "N")
            out.append(Badge(f"CV {cv}", (20, 20, 20), (246, 214, 96),
                             "bottom" if stronghold else "top_left", 10,
                             short="" if stronghold else str(cv)))
        return out

    def unit_badges(self, unit: Mapping[str, Any]) -> list[Badge]:
        """The base's badges, summoning sickness compact at the token's bottom left (the
        P/T pill is at its bottom right): creatures of several players stand side by side
        here, the base's "zz" left of a token lay over its neighbour, and the token's top is
        under a stronghold's conquer value."""
        out = super().unit_badges(unit)
        return [Badge("zz", b.fg, b.bg, "bottom_left", 8) if b.text == "zz" and b.anchor == "left"
                else b for b in out]

    def board_note(self, view: Mapping[str, Any], seat: int) -> str:
        """While blocking: who attacks where, who blocks now and who is next, clockwise."""
        d = view.get("decision") or {}
        if d.get("kind") != "blocks":
            return ""
        order = [self._name(s) for s in d.get("order") or []]
        then = f"; then {', then '.join(order)} (clockwise)" if order else \
            ", the last to block"
        return (f"{self._name(d.get('seat'))} attacks {self._place_words(d.get('at'), view)}. "
                f"Blocking now: {self._name(d.get('player'))}{then}.")

    def _place_words(self, at: Any, view: Mapping[str, Any]) -> str:
        board = view.get("board") or {}
        for s in board.get("strongholds") or []:
            if s.get("place") == at:
                return f"{self._name(s.get('player'))}'s stronghold"
        if isinstance(at, str):
            return f"area {at}"
        if isinstance(at, (list, tuple)) and len(at) == 2:
            return f"column {int(at[1]) + 1}, row {int(at[0]) + 1}"
        return "an area"

    def dice_caption(self, events: Sequence[Mapping[str, Any]]) -> str:
        """The mana production roll in words: "Dale rolls 4 for mana: 4 white and 1 green"."""
        for e in events:
            if e.get("type") == "mana" and isinstance(e.get("roll"), int):
                got = mana_amount_words(str(e.get("added") or ""))
                return (f"{self._name(e.get('player'))} rolls {e['roll']} for mana"
                        + (f": {got}" if got else ""))
            if e.get("type") == "cv" and isinstance(e.get("value"), int):
                land = next((str(r.get("land")) for r in events
                             if r.get("type") == "revealed" and r.get("land")), "land")
                return (f"The {land} at {self._place_words(e.get('at'), {})} has a conquer "
                        f"value of {e['value']}")
        return ""

    # ------------------------------------------------------------------ actions
    def can_pick_up(self, unit: Mapping[str, Any], seat: int,
                    legal: Sequence[Mapping[str, Any]]) -> bool:
        uid = str(unit.get("id"))
        return unit.get("controller") == seat and (
            bool(unit.get("moves") or unit.get("attacks")) or any(
                a.get("type") == "block" and a.get("blocker") == uid for a in legal))

    def carry(self, unit: Mapping[str, Any], fanned: bool,
              legal: Sequence[Mapping[str, Any]]) -> list[str]:
        return [str(unit.get("id"))]

    def group_targets(self, mode: str, unit: Mapping[str, Any], ids: Sequence[str],
                      legal: Sequence[Mapping[str, Any]]) -> dict[Place, str]:
        """A blocker lights its attackers' area; creatures picked up together light the
        areas every one of them may move to, and their own area when all may conquer."""
        if mode != "move":
            return {}
        want = set(ids)
        attackers = {str(a.get("attacker")) for a in legal
                     if a.get("type") == "block" and a.get("blocker") in want}
        if attackers:
            return {p: "block" for a in attackers
                    if (p := self.place(self._units.get(a, {}).get("at"))) is not None}
        group = [self._units.get(i, unit if i == unit.get("id") else {}) for i in ids]
        out: dict[Place, str] = {}
        moves = [{self.place(m) for m in u.get("moves") or []} for u in group]
        for p in set.intersection(*moves) if moves else set():
            if p is not None:
                out[p] = "move"
        attacks = [{self.place(m) for m in u.get("attacks") or []} for u in group]
        for p in set.intersection(*attacks) if attacks else set():
            if p is not None:
                out[p] = "attack"
        return out

    def group_action(self, kind: str, ids: Sequence[str], place: Any) -> dict[str, Any] | None:
        if kind == "move":
            return {"type": "move", "unit": ids[0], "to": wire(place)}
        if kind == "attack":
            return {"type": "conquer", "at": wire(place), "units": list(ids)}
        return None

    def target_action(self, kind: str, unit_id: str, place: Any) -> dict[str, Any] | None:
        if kind == "attack":
            return {"type": "conquer", "at": wire(place), "units": [unit_id]}
        return None

    def declared_blocks(self, view: Mapping[str, Any]) -> list[tuple[str, str]] | None:
        d = view.get("decision") or {}
        if d.get("kind") != "blocks":
            return None
        return [(str(b[0]), str(b[1])) for b in d.get("blocks") or [] if len(b) == 2]

    def drop_choices(self, view: Mapping[str, Any], ids: Sequence[str], place: Any,
                     onto: str | None, legal: Sequence[Mapping[str, Any]],
                     fanned: bool = False) -> list[MenuEntry]:
        """A blocker dropped on an attacker blocks it; on the attackers' area, one line per
        attacker it may block."""
        blocks = [a for a in legal if a.get("type") == "block" and a.get("blocker") in ids]
        exact = [a for a in blocks if a.get("attacker") == onto]
        if exact:
            return [MenuEntry(self._block_words(exact[0]), exact[0])]
        return [MenuEntry(self._block_words(a), a) for a in blocks
                if self.place(self._units.get(str(a.get("attacker")), {}).get("at")) == place]

    def _block_words(self, action: Mapping[str, Any]) -> str:
        u = self._units.get(str(action.get("attacker")), {})
        return f"Block {u.get('name', 'that attacker')} {u.get('power', '?')}/" \
               f"{u.get('toughness', '?')}"

    def _conquer_words(self, action: Mapping[str, Any], view_units: Sequence[str]) -> str:
        names = [str(self._units.get(i, {}).get("name", "a creature")) for i in view_units]
        power = sum(int(self._units.get(i, {}).get("power") or 0) for i in view_units)
        who = names[0] if len(names) == 1 else f"all {len(names)} creatures here"
        return f"Conquer with {who} (power {power})"

    def unit_menu(self, unit: Mapping[str, Any], seat: int,
                  legal: Sequence[Mapping[str, Any]],
                  abilities: Sequence[Any] = ()) -> list[MenuEntry]:
        uid = str(unit.get("id"))
        items = [MenuEntry(self._block_words(a), a) for a in legal
                 if a.get("type") == "block" and a.get("blocker") == uid]
        if unit.get("controller") != seat:
            return items
        at = self.place(unit.get("at"))
        for a in legal:
            if a.get("type") == "conquer" and self.place(a.get("at")) == at:
                members = [str(i) for i in a.get("units") or []]
                if len(members) > 1 and uid in members:
                    items.append(MenuEntry(self._conquer_words(a, members), a))
        if unit.get("attacks"):
            alone = {"type": "conquer", "at": wire(at), "units": [uid]}
            items.append(MenuEntry(self._conquer_words(alone, [uid]), alone))
        if unit.get("moves"):
            items.append(MenuEntry("Move (drag me to a lit area)", mode="move"))
        for a in legal:
            if a.get("type") == "activate" and a.get("unit") == uid:
                items.append(MenuEntry(ability_label(a, abilities), a))
        return items

    # ------------------------------------------------------------------ words
    def prompt(self, ctx: PromptContext) -> str:
        v = ctx.view
        if v.get("game_over"):
            return "The game is over."
        d = v.get("decision") or {}
        if d.get("kind") == "blocks":
            if d.get("player") == ctx.seat:
                return ("Block: drag each of your creatures onto the attacker it blocks, then "
                        "press Done blocking. " + self.board_note(v, ctx.seat))
            return "Waiting for blocks. " + self.board_note(v, ctx.seat)
        if "discard" in ctx.legal_types:
            return self.discard_prompt(ctx.view, ctx.seat)
        if v.get("active") != ctx.seat:
            return f"{self._name(v.get('active'))} is playing."
        phase = v.get("phase")
        if ctx.selected:
            if phase == "conquer":
                return ("Click the creature's lit area to conquer it (shift-click more "
                        "creatures there first), or right-click: Conquer.")
            return "Drag the creature to a lit area next to it. Right-click for more."
        if phase == "movement":
            return ("Movement: drag a creature to a lit adjacent area; a face-down land turns "
                    "up and rolls its conquer value.")
        if phase == "conquer":
            return ("Attack/conquer: click a creature (shift-click more in its area), then "
                    "click its lit area, or right-click it: Conquer.")
        return super().prompt(ctx)

    def cover_reason(self, view: Mapping[str, Any]) -> str:
        d = view.get("decision") or {}
        if d.get("kind") == "blocks":
            return f"{self._name(d.get('seat'))} attacks: choose your blockers."
        return super().cover_reason(view)

    def move_refusal(self, state: Any, seat: int, unit_id: str, place: Any) -> str:
        """Why the creature can't move to *place* now, in the rules' words ('' : unknown)."""
        def far(state: Any, perm: Any, dest: Any) -> str | None:
            if dest not in state.board.neighbours(perm.at):
                return "Not next to its area: a creature moves one area at a time."
            return None

        return self.rules_move_refusal(state, seat, unit_id, place, far)
