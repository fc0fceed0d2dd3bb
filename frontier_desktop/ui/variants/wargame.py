"""Magic: the War Game's presentation: a 3x5 board of face-up terrain with the players'
strongholds outside it (A west, B north, C east, D south; face down to the others), supply
points in the players' panels, damage counters that stay on creatures, the supply die beside
the roller's stronghold, moves by drag onto a lit place (flyers diagonally too), an islandhome
creature carried across land, heals from a creature's menu, the stronghold owner's tap of one
attacker, and the combat division (the shared division panel, capped per creature).

Geometry comes from the base's grid-with-outside-places layout (:meth:`place_layout`); this
module only says what the War Game's places, badges, prompts and menus say.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from frontier_desktop.ui.table.places import PlaceMap, grid_points
from frontier_desktop.ui.variants.base import (
    Badge,
    DivisionRequest,
    MenuEntry,
    Place,
    PromptContext,
    Recipient,
    Strip,
    VariantPresentation,
    ability_label,
    grid_square,
    wire,
)

DAMAGE_RED = (200, 30, 30)
HEALED_GREEN = (40, 140, 70)
TAP_GOLD = (246, 214, 96)
HEAL_LIMIT = 2
"""Damage healed per creature per turn, at most (the rules' limit, shown in the menu)."""


class WarGamePresentation(VariantPresentation):
    name: ClassVar[str] = "wargame"
    aliases: ClassVar[tuple[str, ...]] = ("war-game", "magic-the-war-game")
    strip_room: ClassVar[float] = 0.25
    member_spread: ClassVar[float] = 0.85
    mana_row: ClassVar[bool] = False
    help_text: ClassVar[str] = (
        "# Quick rules\n"
        "Take every stronghold to win. Strongholds lie outside the 3x5 terrain: A west, "
        "B north, C east, D south; each is face down to the other players.\n"
        "Supply: at the start of your turn a d6 adds supply points (they carry over); one "
        "point pays one mana of any colour.\n"
        "Heal phase: right-click a damaged creature: Heal 1 (1 supply) or Heal 2; at most 2 a "
        "creature a turn. Damage stays until healed (in red on the creature; where several "
        "crowd one terrain, its toughness left shows in red: 4/1).\n"
        "Movement: drag a creature to a lit place (one step; flyers also diagonally). Islands: "
        "only flyers and islandhome creatures; drop an islandhome creature on a lit land to be "
        "carried, or right-click the carrier: Carry.\n"
        "Combat: where your creatures meet others after movement. Each side divides its "
        "untapped power among the opposing creatures: drag points onto them, at most what "
        "kills each, then Done (Default: the rules' division).\n"
        "Casting: creatures enter your stronghold (at most three of yours there). A "
        "stronghold beside an Island lets only flyers and islandhome creatures in or out: "
        "a ground creature cast there stays.\n"
        "# Keys\n{keys}\n")

    def __init__(self) -> None:
        self._units: dict[str, Mapping[str, Any]] = {}
        self._names: list[str] = []
        self._tappable: set[str] = set()
        self._supply: dict[int, int] = {}

    def observe(self, view: Mapping[str, Any]) -> None:
        self._units = {str(u.get("id")): u for u in view.get("units") or []}
        players = view.get("players") or []
        self._names = [str(p.get("name", f"Player {i + 1}")) for i, p in enumerate(players)]
        self._supply = {i: int(p.get("supply") or 0) for i, p in enumerate(players)}
        d = view.get("decision") or {}
        self._tappable = {str(u) for u in d.get("options") or []} \
            if d.get("kind") == "choice" and d.get("by") == "stronghold" else set()

    def _name(self, seat: Any) -> str:
        return self._names[seat] if isinstance(seat, int) and 0 <= seat < len(self._names) \
            else "a player"

    # ------------------------------------------------------------------ geometry
    def strips(self, view: Mapping[str, Any], seat: int, opponent: int) -> tuple[Strip, Strip]:
        return Strip(opponent, ""), Strip(seat, "")

    def strip_of(self, unit: Mapping[str, Any]) -> int | None:
        return None  # every creature stands on a terrain or in a stronghold

    def place_title(self, place: Place, cell: Mapping[str, Any],
                    view: Mapping[str, Any]) -> str:
        owner = cell.get("stronghold_of", cell.get("player"))
        if cell.get("place") is not None and owner is not None:
            letter = str(cell.get("letter") or "")
            who = cell.get("controller")
            # the band covers the card's own name: its owner (whose view names the land) reads
            # the land in it ("A: Ann's Plains stronghold"); to the others it is face down
            land = str(cell.get("land") or "") if self.face_shown(cell) else ""
            what = f"{self._name(owner)}'s {land + ' ' if land else ''}stronghold"
            if isinstance(who, int) and who != owner:
                what = f"{self._name(owner)}'s{' ' + land if land else ''}, held by " \
                    f"{self._name(who)}"
            return f"{letter}: {what}" if letter else what
        return str(cell.get("land") or "") if cell.get("face_up") else ""

    def face_shown(self, cell: Mapping[str, Any]) -> bool:
        """The terrain, and a stronghold whose land the view names: its owner's own (face
        down to everyone else, whose views name no land there)."""
        return bool(cell.get("land")) and (bool(cell.get("face_up"))
                                           or cell.get("place") is not None)

    def cell_marker(self, cell: Mapping[str, Any]) -> int | None:
        """A stronghold taken by another player carries its new controller's marker."""
        who, owner = cell.get("controller"), cell.get("stronghold_of")
        if cell.get("place") is not None and isinstance(who, int) and who != owner:
            return who
        return None

    def cell_badges(self, cell: Mapping[str, Any]) -> list[Badge]:
        if cell.get("place") is None:
            return []
        # its letter and who holds it are in its name band ("B: Ben's, held by Cy"): a badge
        # along its foot covered the P/T of the creatures there
        return []

    def panel_life(self, view: Mapping[str, Any], seat: int) -> tuple[Any, str]:
        """The big figure of a player's panel is their supply (there is no life)."""
        players = view.get("players") or []
        value = players[seat].get("supply") if seat < len(players) else None
        return value, "supply"

    def score_line(self, view: Mapping[str, Any], seat: int) -> str:
        players = view.get("players") or []
        p = players[seat] if 0 <= seat < len(players) else {}
        return f"Supply {int(p.get('supply') or 0)} · Removed {int(p.get('removed') or 0)}"

    def panel_facts(self, view: Mapping[str, Any], seat: int) -> list[str]:
        """Library and hand, the removed pile, and whose the player's stronghold is."""
        players = view.get("players") or []
        p = players[seat] if 0 <= seat < len(players) else {}
        strongholds = (view.get("board") or {}).get("strongholds") or []
        home: Mapping[str, Any] = next(
            (s for s in strongholds if s.get("stronghold_of", s.get("player")) == seat), {})
        held = home.get("controller")
        where = f"Stronghold {home.get('letter', '')}".rstrip()
        where += f": held by {self._name(held)}" if isinstance(held, int) and held != seat \
            else f" ({home.get('land')})" if home.get("land") else ""
        return [f"Library {p.get('library_count', 0)}   Hand {p.get('hand_count', 0)}",
                f"Supply {int(p.get('supply') or 0)}   Removed {int(p.get('removed') or 0)}",
                where]

    def place_layout(self, view: Mapping[str, Any], seat: int) -> PlaceMap | None:
        """The 3x5 as the rules draw it, the same for every seat (one screen for all):
        the last row and B at the top (north), row 0 and D at the bottom (south), A west,
        C east."""
        board = view.get("board") or {}
        rows = board.get("rows") or []
        outside = {str(s.get("place")): grid_square(s.get("beside"))
                   for s in board.get("strongholds") or []}
        if not rows or any(sq is None for sq in outside.values()):
            return super().place_layout(view, seat)
        beside: dict[Place, tuple[int, int]] = {k: v for k, v in outside.items()
                                                 if v is not None}
        points = grid_points(len(rows), len(rows[0]), beside)
        return PlaceMap.of(points)

    def dice_caption(self, events: Sequence[Mapping[str, Any]]) -> str:
        for e in events:
            if e.get("type") == "supply" and isinstance(e.get("roll"), int):
                return (f"{self._name(e.get('player'))} rolls {e['roll']} for supply: "
                        f"{e.get('total')} supply points")
            if e.get("type") == "dice" and e.get("purpose") != "supply":
                return f"{self._name(e.get('player'))} goes first"
        return ""

    # ------------------------------------------------------------------ badges
    def unit_badges(self, unit: Mapping[str, Any]) -> list[Badge]:
        out: list[Badge] = []
        damage = int(unit.get("damage") or 0)
        if damage:
            out.append(Badge(f"{damage} dmg", (255, 255, 255), DAMAGE_RED, "bottom_left", 13,
                             short=f"-{damage}"))
        healed = int(unit.get("healed") or 0)
        if healed:
            out.append(Badge(f"+{healed} healed", (255, 255, 255), HEALED_GREEN, "top", 11,
                             short=f"+{healed}"))
        if unit.get("carried_by"):
            carrier = self._units.get(str(unit.get("carried_by")), {})
            out.append(Badge(f"carried by {carrier.get('name', 'a creature')}",
                             (20, 20, 20), (150, 200, 240), "left", 10, short="carried"))
        if str(unit.get("id")) in self._tappable:
            # a gold ring around the token: a pill on every attacker could only cover the
            # stronghold's name and the next attacker's (the prompt says what to do)
            out.append(Badge("tap?", (20, 20, 20), TAP_GOLD, "ring"))
        counters = unit.get("counters") or {}
        if counters:
            text = " ".join(f"{k}×{v}" for k, v in counters.items())
            out.append(Badge(text, (20, 20, 20), (230, 200, 110), "top", 10))
        return out

    # ------------------------------------------------------------------ divisions
    def division(self, view: Mapping[str, Any], seat: int) -> DivisionRequest | None:
        """The combat division: the side's power shared among the opposing creatures at one
        place, each capped at what kills it now (``caps``)."""
        d = view.get("decision") or {}
        pending = view.get("pending") or {}
        if pending.get("kind") != "assign" or pending.get("seat") != seat:
            return None
        option = (pending.get("options") or [d])[0]
        caps = {str(k): int(v) for k, v in (option.get("caps") or {}).items()}
        recipients = []
        for uid in option.get("units") or []:
            unit = self._units.get(str(uid)) or next(
                (u for u in view.get("units") or [] if u.get("id") == uid), {})
            cap = caps.get(str(uid), 0)
            recipients.append(Recipient(
                str(uid), str(unit.get("name", "a creature")), unit.get("power", "?"),
                unit.get("toughness", "?"), int(unit.get("damage") or 0), cap, cap))
        amount = int(option.get("amount") or 0)
        at = option.get("at")
        where = self._place_words(at, view)
        return DivisionRequest(
            f"{wire(at)}:{option.get('side')}:{seat}",
            f"Divide {amount} damage {where}",
            amount, tuple(recipients),
            {str(k): int(v) for k, v in (option.get("default") or {}).items()},
            default_label="Default", confirm_label="Done", running_total=True,
            context={"at": wire(at)})

    def division_action(self, request: DivisionRequest,
                        shares: Mapping[str, int]) -> dict[str, Any]:
        return {"type": "assign", "at": request.context.get("at"),
                "damage": {r.id: int(shares.get(r.id, 0)) for r in request.recipients
                           if shares.get(r.id, 0)}}

    def _place_words(self, at: Any, view: Mapping[str, Any]) -> str:
        for s in (view.get("board") or {}).get("strongholds") or []:
            if s.get("place") == at:
                return f"at {self._name(s.get('stronghold_of', s.get('player')))}'s stronghold"
        sq = grid_square(at)
        if sq is not None:
            return f"at column {sq[1] + 1}, row {sq[0] + 1}"
        return "here"

    # ------------------------------------------------------------------ actions
    def _carries(self, legal: Sequence[Mapping[str, Any]], ids: Sequence[str]
                 ) -> list[Mapping[str, Any]]:
        want = set(ids)
        return [a for a in legal if a.get("type") == "move" and a.get("carry") is not None
                and (a.get("unit") in want or a.get("carry") in want)]

    def can_pick_up(self, unit: Mapping[str, Any], seat: int,
                    legal: Sequence[Mapping[str, Any]]) -> bool:
        return unit.get("controller") == seat and (
            bool(unit.get("moves")) or bool(self._carries(legal, [str(unit.get("id"))])))

    def carry(self, unit: Mapping[str, Any], fanned: bool,
              legal: Sequence[Mapping[str, Any]]) -> list[str]:
        return [str(unit.get("id"))]

    def group_targets(self, mode: str, unit: Mapping[str, Any], ids: Sequence[str],
                      legal: Sequence[Mapping[str, Any]]) -> dict[Place, str]:
        """The places the creature may move to, and those it may reach carrying (or carried
        by) an islandhome companion."""
        if mode != "move":
            return {}
        out: dict[Place, str] = {}
        for m in unit.get("moves") or []:
            p = self.place(m)
            if p is not None:
                out[p] = "move"
        for a in self._carries(legal, ids):
            p = self.place(a.get("to"))
            if p is not None:
                out[p] = "move"
        return out

    def group_action(self, kind: str, ids: Sequence[str], place: Any) -> dict[str, Any] | None:
        if kind == "move":
            return {"type": "move", "unit": ids[0], "to": wire(place)}
        return None

    def _carry_words(self, action: Mapping[str, Any]) -> str:
        unit = self._units.get(str(action.get("unit")), {}).get("name", "a creature")
        other = self._units.get(str(action.get("carry")), {}).get("name", "a creature")
        return f"{unit} carries {other} there"

    def drop_choices(self, view: Mapping[str, Any], ids: Sequence[str], place: Any,
                     onto: str | None, legal: Sequence[Mapping[str, Any]],
                     fanned: bool = False) -> list[MenuEntry]:
        """Dropped where a carry is legal: move alone (when it may) or carry/be carried."""
        carries = [a for a in self._carries(legal, ids) if self.place(a.get("to")) == place]
        if not carries:
            return []
        out: list[MenuEntry] = []
        alone = {"type": "move", "unit": ids[0], "to": wire(place)}
        if any(a.get("type") == "move" and a.get("carry") is None and a.get("unit") == ids[0]
               and self.place(a.get("to")) == place for a in legal):
            out.append(MenuEntry("Move alone", alone))
        out.extend(MenuEntry(self._carry_words(a), a) for a in carries)
        return out

    def unit_menu(self, unit: Mapping[str, Any], seat: int,
                  legal: Sequence[Mapping[str, Any]],
                  abilities: Sequence[Any] = ()) -> list[MenuEntry]:
        uid = str(unit.get("id"))
        items: list[MenuEntry] = []
        if uid in self._tappable and any(a.get("type") == "tap_attacker" and
                                         a.get("unit") == uid for a in legal):
            items.append(MenuEntry(f"Tap {unit.get('name', 'this attacker')}",
                                   {"type": "tap_attacker", "unit": uid}))
        if unit.get("controller") != seat:
            return items
        if any(a.get("type") == "heal" and a.get("unit") == uid for a in legal):
            damage = int(unit.get("damage") or 0)
            room = HEAL_LIMIT - int(unit.get("healed") or 0)
            have = self._supply.get(seat, 0)
            for n in (1, 2):
                if n <= min(damage, room):
                    items.append(MenuEntry(f"Heal {n} ({n} supply)",
                                           {"type": "heal", "unit": uid, "amount": n},
                                           enabled=n <= have))
        if unit.get("moves"):
            items.append(MenuEntry("Move (drag me to a lit place)", mode="move"))
        for a in legal:
            if a.get("type") == "move" and a.get("unit") == uid and a.get("carry") is not None:
                to = self._place_words(a.get("to"), {"board": {}}).removeprefix("at ")
                other = self._units.get(str(a.get("carry")), {}).get("name", "a creature")
                items.append(MenuEntry(f"Carry {other} to {to}", a))
        for a in legal:
            if a.get("type") == "activate" and a.get("unit") == uid:
                items.append(MenuEntry(ability_label(a, abilities), a))
        return items

    def unit_click_action(self, unit: Mapping[str, Any], seat: int,
                          legal: Sequence[Mapping[str, Any]]) -> dict[str, Any] | None:
        """A click on a lit attacker of your stronghold taps it."""
        uid = str(unit.get("id"))
        if uid in self._tappable and any(a.get("type") == "tap_attacker" and
                                         a.get("unit") == uid for a in legal):
            return {"type": "tap_attacker", "unit": uid}
        return None

    # ------------------------------------------------------------------ words
    hand_size_words: ClassVar[str] = "eight"

    def prompt(self, ctx: PromptContext) -> str:
        v = ctx.view
        if v.get("game_over"):
            return "The game is over."
        d = v.get("decision") or {}
        if d.get("kind") == "choice" and d.get("by") == "stronghold":
            if d.get("player") == ctx.seat:
                return ("Your stronghold is attacked: click one attacker ringed in gold to tap "
                        "it (it deals no damage), or press Tap none.")
            return f"Waiting for {self._name(d.get('player'))} to tap an attacker."
        if d.get("kind") == "choice" and d.get("by") == "origin":
            card = d.get("card") or "A card"
            if d.get("player") == ctx.seat:
                return (f"{card}'s triggered ability affects one terrain: press the one you "
                        "choose in the panel at the right.")
            return (f"Waiting for {self._name(d.get('player'))} to choose the terrain "
                    f"{card}'s triggered ability affects.")
        if d.get("kind") == "assign":
            if d.get("player") == ctx.seat:
                return ("Divide your damage: drag the points onto the opposing creatures, "
                        "then press Done.")
            return f"Waiting for {self._name(d.get('player'))} to divide their damage."
        if "discard" in ctx.legal_types:
            return self.discard_prompt(ctx.view, ctx.seat)
        if v.get("active") != ctx.seat:
            return f"{self._name(v.get('active'))} is playing."
        phase = v.get("phase")
        if ctx.selected:
            return "Drag the creature to a lit place next to it. Right-click for more."
        if phase == "heal":
            return ("Heal: right-click a damaged creature (1 supply a damage, at most 2 a "
                    "turn), then pass to move.")
        if phase == "movement":
            return ("Movement: drag a creature to a lit place (flyers also diagonally); "
                    "then pass to fight where creatures meet.")
        if phase == "casting":
            return "Casting: spend supply on spells; creatures enter your stronghold."
        return super().prompt(ctx)

    def cover_reason(self, view: Mapping[str, Any]) -> str:
        d = view.get("decision") or {}
        if d.get("kind") == "choice" and d.get("by") == "stronghold":
            owner = self._name(d.get("player"))
            return f"{owner}'s stronghold is attacked: {owner} may tap one attacker."
        if d.get("kind") == "choice" and d.get("by") == "origin":
            return f"{d.get('card') or 'A card'}'s triggered ability: choose its terrain."
        if d.get("kind") == "assign":
            return "Combat: divide your creatures' damage."
        return super().cover_reason(view)

    def move_refusal(self, state: Any, seat: int, unit_id: str, place: Any) -> str:
        return self.rules_move_refusal(state, seat, unit_id, place)
