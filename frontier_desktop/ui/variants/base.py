"""The interface a variant's presentation implements, with Magic-wide defaults.

Places follow ``spec/variant-positions.md``: a grid square ``[row, col]`` (a tuple here), a
stronghold ``"S0"`` or a graph-board area name. A presentation turns a view's place values
into hashable :data:`Place` keys with :meth:`VariantPresentation.place`; the renderer asks it
which places are on the grid and which units rest in an off-board strip (Frontier's staging
rows, a War Game stronghold...). Seats are counted from the view: 2 or more.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from frontier_desktop.ui.table.places import PlaceMap, grid_points, side_of

ABILITY_LABEL_CHARS = 44
"""An activated ability's menu label is cut to this many characters ("…" marks the cut)."""

Place = Hashable
"""A grid square ``(row, col)``, a stronghold ``"S0"`` or an area name."""
Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Badge:
    """A small label drawn on a unit token."""

    text: str
    fg: Colour
    bg: Colour
    anchor: str
    """Where on the token: ``bottom``, ``bottom_left``, ``left``, ``top``, ``top_left``; or
    ``ring``: no words on the board, a ring of *bg* around the token (*text* names it)."""
    size: int = 12
    pill: bool = True
    count: bool = False
    """A stack's count (left off a creature shown fanned out of its stack)."""
    short: str = ""
    """What the badge says where *text* has no room (the Conquering: "4" for "CV 4"; the War
    Game: "-2" for "2 dmg" on a small token)."""


@dataclass(frozen=True)
class Die:
    """A die lying on a land (Army Magic's life dice): *sides* 6 or 20, showing *value*, in
    the colour of the seat it belongs to."""

    sides: int
    value: int
    seat: int


@dataclass(frozen=True)
class Strip:
    """An off-board row of the table (Frontier: a staging row) for one seat."""

    seat: int
    label: str


@dataclass(frozen=True)
class StepButton:
    """A button that submits a bare action of this type when legal ("Done moving")."""

    action: str
    label: str


@dataclass(frozen=True)
class MenuEntry:
    """One line of a unit's right-click menu: submit *action*, or pick the unit in *mode*."""

    label: str
    action: Mapping[str, Any] | None = None
    mode: str | None = None
    enabled: bool = True


@dataclass(frozen=True)
class PromptContext:
    """What the status prompt may depend on, besides the view."""

    view: Mapping[str, Any]
    seat: int
    legal_types: frozenset[str]
    selected: bool = False
    mode: str = "move"
    mulligans: int = 0
    bottom_chosen: int = 0
    keys: Mapping[str, str] = field(default_factory=dict)
    fanned: bool = False
    """A stack is fanned out on the board (its creatures can be picked one by one)."""


@dataclass(frozen=True)
class Recipient:
    """One creature a division prompt shares an amount among."""

    id: str
    name: str
    power: Any
    toughness: Any
    damage: int = 0
    """Damage already marked on it."""
    lethal: int = 1
    """How much more of the amount kills it."""
    cap: int | None = None
    """The most of the amount it may be given (the War Game: what kills it now); None: no
    limit."""
    lines: tuple[str, ...] = ()
    """What the card says under the name instead of its P/T, damage and lethal lines (the
    Conquering's land: its conquer value)."""
    marks: tuple[str, str] = ("dies", "survives")
    """The word under a share that reaches *lethal*, and under one that doesn't."""


def names_apart(request: DivisionRequest | None,
                view: Mapping[str, Any]) -> DivisionRequest | None:
    """*request* with recipients of one name told apart: by controller where they differ
    ("Ann's Hill Giant", "Cy's Hill Giant"), then by number ("Hill Giant 1", "Hill Giant 2").
    Two Hill Giants on one square read the same otherwise (play-test L7)."""
    if request is None:
        return None
    from collections import Counter
    import dataclasses

    counts = Counter(r.name for r in request.recipients)
    if all(n == 1 for n in counts.values()):
        return request
    units = {str(u.get("id")): u for u in view.get("units") or []}
    players = [str(p.get("name") or f"Player {i + 1}")
               for i, p in enumerate(view.get("players") or [])]

    def controller(r: Recipient) -> Any:
        return units.get(r.id, {}).get("controller")

    labels = []
    for r in request.recipients:
        label = r.name
        if counts[r.name] > 1:
            owners = {controller(o) for o in request.recipients if o.name == r.name}
            who = controller(r)
            if len(owners) > 1 and isinstance(who, int) and 0 <= who < len(players):
                label = f"{players[who]}'s {r.name}"
        labels.append(label)
    again = Counter(labels)
    seen: Counter[str] = Counter()
    out = []
    for r, label in zip(request.recipients, labels):
        if again[label] > 1:
            seen[label] += 1
            label = f"{label} {seen[label]}"
        out.append(dataclasses.replace(r, name=label) if label != r.name else r)
    return dataclasses.replace(request, recipients=tuple(out))


@dataclass(frozen=True)
class DivisionRequest:
    """A decision to divide *amount* among *recipients* (banding: the damage dealt to your
    stack; blockers' damage in the war-game variants). The table draws it generically."""

    key: str
    """What the decision is about (the attacker's id): a new key starts a fresh division."""
    title: str
    amount: int
    recipients: tuple[Recipient, ...]
    default: Mapping[str, int]
    """The division the rules make when the player doesn't (lethal damage first, in order)."""
    verb: str = "damage"
    default_label: str = "Lethal first"
    """The button that fills in :attr:`default`."""
    confirm_label: str = "Confirm"
    running_total: bool = False
    """Show the shares so far as "4 of 6 assigned" (instead of "To divide: 2")."""
    context: Mapping[str, Any] = field(default_factory=dict)
    """What the variant's answer needs besides the shares (the War Game: the combat's place)."""


def grid_square(value: Any) -> tuple[int, int] | None:
    """``[row, col]`` → ``(row, col)``; anything else → None."""
    if isinstance(value, (list, tuple)) and len(value) == 2:
        try:
            return int(value[0]), int(value[1])
        except (TypeError, ValueError):
            return None
    return None


def wire(place: Any) -> Any:
    """A place key as the wire names it: a square ``(r, c)`` as ``[r, c]``; others as they
    are."""
    return list(place) if isinstance(place, tuple) else place


class VariantPresentation:
    """Defaults that fit any grid variant of Magic; subclasses override what differs."""

    name: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    step_buttons: ClassVar[tuple[StepButton, ...]] = ()
    """Extra "done" buttons, top to bottom, above the Pass button."""
    primary_order: ClassVar[tuple[str, ...]] = ("pass",)
    """The space bar / main button submits the first legal of these bare actions."""
    key_modes: ClassVar[Mapping[str, str]] = {}
    """Key intent → unit mode it switches the selected unit to."""
    help_text: ClassVar[str] = "# Quick rules\nSee the rules of this variant.\n# Keys\n{keys}\n"
    collapse_stacks: ClassVar[bool] = False
    """Several creatures on one place are drawn as one stack (the top one, the others under
    it, a count) that a click fans out; False: side by side in the square (Frontier's bands)."""
    cell_wide: ClassVar[float] = 0.9
    """The widest a square may be, as a share of its height (the renderer's default)."""
    member_spread: ClassVar[float] = 0.45
    """How far apart creatures side by side on one place stand, as a share of a token
    (Frontier's band: overlapping; the Conquering's several players: each one whole)."""
    strip_room: ClassVar[float] = 1.0
    """The height of the off-board strips, as a share of the default (Army: thin, no staging)."""
    mana_row: ClassVar[bool] = True
    """The players' panels show a "Mana:" row, even when the pool is empty (False: only while
    mana waits there; the War Game's panels count supply instead)."""

    def observe(self, view: Mapping[str, Any]) -> None:
        """The table's new view (called once per state change, before anything else asks)."""

    # ------------------------------------------------------------------ geometry
    def place(self, value: Any) -> Place | None:
        """A view's place value as a hashable key (grid squares as tuples)."""
        sq = grid_square(value)
        if sq is not None:
            return sq
        return value if isinstance(value, str) and value else None

    def place_cell(self, view: Mapping[str, Any], place: Place) -> Mapping[str, Any] | None:
        """The cell of *place* in the view (a square, an area or a stronghold); None."""
        for key, cell in self.places_of(view):
            if key == place:
                return cell
        return None

    def place_layout(self, view: Mapping[str, Any], seat: int) -> PlaceMap | None:
        """Where the board's places lie when it is more than a plain grid (None: the plain
        grid, drawn and hit-tested square by square). By default a grid with outside places
        (``board.strongholds``, each ``beside`` a square: the Conquering's grids, the War
        Game) puts each one a cell beyond its side, turned so the seat's own side is at the
        bottom."""
        board = view.get("board") or {}
        outside = {str(s.get("place")): grid_square(s.get("beside"))
                   for s in board.get("strongholds") or []}
        rows = board.get("rows") or []
        if not outside or not rows or any(sq is None for sq in outside.values()):
            return None
        n_rows, n_cols = len(rows), len(rows[0])
        beside = {k: v for k, v in outside.items() if v is not None}
        own = next((beside.get(str(s.get("place"))) for s in board.get("strongholds") or []
                    if s.get("player") == seat), None)
        # every seat sees its own side at the bottom: across the table turned round, at the
        # left or right end turned a quarter (the board stands taller and a little smaller,
        # but a player never has to find their stronghold on the side: play-test L11)
        turns = {"bottom": 0, "left": 1, "top": 2, "right": 3}.get(
            side_of(own, n_rows, n_cols), 0) if own is not None else 0
        return PlaceMap.of(grid_points(n_rows, n_cols, beside, turns))

    def places_of(self, view: Mapping[str, Any]) -> list[tuple[Place, Mapping[str, Any]]]:
        """Every place of the board with its cell: grid squares, graph areas, then outside
        places (strongholds)."""
        board = view.get("board") or {}
        out: list[tuple[Place, Mapping[str, Any]]] = []
        for r, row in enumerate(board.get("rows") or []):
            out.extend(((r, c), cell) for c, cell in enumerate(row))
        out.extend((str(name), cell) for name, cell in (board.get("areas") or {}).items())
        out.extend((str(s.get("place")), s) for s in board.get("strongholds") or [])
        return out

    def place_title(self, place: Place, cell: Mapping[str, Any],
                    view: Mapping[str, Any]) -> str:
        """The words on a place's name band: its land's name when face up ('' : no band).
        Variants add the area's name or say whose stronghold it is."""
        return str(cell.get("land") or "") if cell.get("face_up") else ""

    def cell_marker(self, cell: Mapping[str, Any]) -> int | None:
        """The seat whose control marker lies on a place (:mod:`ui.table.markers`); None."""
        return None

    def board_note(self, view: Mapping[str, Any], seat: int) -> str:
        """A line shown over the board for everyone (the Conquering's block order); ''."""
        return ""

    def dice_caption(self, events: Sequence[Mapping[str, Any]]) -> str:
        """Words under the rolled die for these events ('' : the die's own "d6: 4")."""
        return ""

    def move_refusal(self, state: Any, seat: int, unit_id: str, place: Any) -> str:
        """Why the carried creature can't go to *place* (shown while it hovers an unlit
        place; hot-seat, from the game *state*); '' when the variant can't tell."""
        return ""

    @staticmethod
    def rules_move_refusal(state: Any, seat: int, unit_id: str, place: Any,
                           check: Any = None) -> str:
        """The variant's own ``move_problem`` for moving *unit_id* to *place*, as a sentence
        ('' when it may, or the rules can't read the state). *check* ``(state, perm, dest)``
        may answer first, in words of its own."""
        try:
            from frontier_desktop.rules.variants import find_variant

            rules = find_variant(state.variant)
            perm = state.perms[unit_id]
            dest = state.board.pos_from_wire(wire(place))
            first = check(state, perm, dest) if check is not None else None
            if first:
                return str(first)
            problem = getattr(rules, "move_problem")(state, seat, perm, dest)
            return (str(problem)[0].upper() + str(problem)[1:] + ".") if problem else ""
        except Exception:  # a state the rules can't read: say nothing
            return ""

    def grid_size(self, view: Mapping[str, Any]) -> tuple[int, int]:
        rows = (view.get("board") or {}).get("rows") or []
        return (len(rows) or 5, len(rows[0]) if rows else 1)

    def home_row(self, seat: int, rows: int) -> int:
        """The grid row nearest *seat* (row 0 nearest player 0)."""
        return 0 if seat == 0 else rows - 1

    def strips(self, view: Mapping[str, Any], seat: int, opponent: int) -> tuple[Strip, Strip]:
        """The (opponent's, viewer's) off-board strips above and below the board."""
        players = view.get("players") or []

        def label(s: int) -> str:
            return f"{players[s]['name']}'s side" if s < len(players) else ""

        return Strip(opponent, label(opponent)), Strip(seat, label(seat))

    def strip_of(self, unit: Mapping[str, Any]) -> int | None:
        """The seat whose strip holds *unit* when it is off the grid, else None."""
        if grid_square(unit.get("at")) is not None:
            return None
        return int(unit.get("controller", 0))

    def face_shown(self, cell: Mapping[str, Any]) -> bool:
        """Whether a place's land is drawn face up for the seat at the screen (else its
        back); the view names only what that seat may see."""
        return bool(cell.get("face_up") and cell.get("land"))

    def cell_mark(self, cell: Mapping[str, Any]) -> str:
        """A word drawn on a square instead of a land ("hole"), or ''."""
        return ""

    def panel_life(self, view: Mapping[str, Any], seat: int) -> tuple[Any, str]:
        """The figure a player's panel shows big, and a caption for it ('' for none): the
        player's life by default."""
        players = view.get("players") or []
        return (players[seat].get("life") if seat < len(players) else None), ""

    def score_line(self, view: Mapping[str, Any], seat: int) -> str:
        """The short line of a player's row in the players panel after hand and library
        ('' : the table's default, the areas held)."""
        return ""

    def panel_facts(self, view: Mapping[str, Any], seat: int) -> list[str]:
        """The count lines of a player's own panel under the mana ([] : the table's default,
        library, hand, graveyard, exile...)."""
        return []

    def cell_die(self, cell: Mapping[str, Any]) -> Die | None:
        """A die drawn on a land's square (Army Magic: its life in its controller's colour)."""
        return None

    def cell_badges(self, cell: Mapping[str, Any]) -> list[Badge]:
        """Labels drawn on a land's square (Army Magic: its life die); none by default."""
        return []

    # ------------------------------------------------------------------ badges
    def unit_badges(self, unit: Mapping[str, Any]) -> list[Badge]:
        """Damage, summoning sickness, counters and stack size (P/T is drawn by the renderer
        from :meth:`unit_pt`)."""
        out: list[Badge] = []
        if unit.get("damage"):
            out.append(Badge(f"-{unit['damage']}", (255, 255, 255), (190, 40, 40), "bottom_left"))
        if unit.get("sick"):
            out.append(Badge("zz", (230, 230, 255), (70, 70, 140), "left", 11))
        counters = unit.get("counters") or {}
        if counters:
            text = " ".join(f"{k}×{v}" for k, v in counters.items())
            out.append(Badge(text, (20, 20, 20), (230, 200, 110), "top", 10))
        stack = unit.get("stack")
        if stack and (stack.get("units") or [None])[0] == unit.get("id"):
            out.append(Badge(f"×{len(stack['units'])}", (20, 20, 20), (226, 182, 92), "top_left"))
        return out

    def unit_pt(self, unit: Mapping[str, Any]) -> tuple[Any, Any]:
        """The power/toughness the board and the preview show for *unit* (the view's facts:
        the stack's combined figures on a stack's lead)."""
        power, tough = unit.get("power"), unit.get("toughness")
        stack = unit.get("stack")
        if stack and (stack.get("units") or [None])[0] == unit.get("id"):
            power, tough = stack.get("power", power), stack.get("toughness", tough)
        if power is None:
            power, tough = unit.get("base_power"), unit.get("base_toughness")
        return power, tough

    # ------------------------------------------------------------------ words
    def prompt(self, ctx: PromptContext) -> str:
        if ctx.view.get("game_over"):
            return "The game is over."
        targets = targets_words(ctx.view, ctx.seat)
        if targets:
            return targets
        if "discard" in ctx.legal_types:
            return self.discard_prompt(ctx.view, ctx.seat)
        if ctx.selected:
            return "Drag or click a lit square. Right-click for more."
        keys = ctx.keys
        return (f"{keys.get('pass_or_done', 'space').capitalize()} passes. Right-click for table "
                f"actions; {keys.get('help', 'f1').upper()} for rules help.")

    hand_size_words: ClassVar[str] = "seven"
    """The end-step hand size in words ("Discard down to seven")."""

    def discard_prompt(self, view: Mapping[str, Any], seat: int) -> str:
        """What a discard asks of *seat*: a card's own ("Ravenous Rats: choose 1 card to
        discard, click it in your hand"), else down to the hand size."""
        pending = view.get("pending") or {}
        by = pending.get("by")
        if pending.get("kind") == "discard" and pending.get("seat") == seat and \
                isinstance(by, str) and by and by != "the hand size":
            n = int(pending.get("count") or 1)
            return (f"{by}: choose {n} card{'s' if n != 1 else ''} to discard; click "
                    f"{'it' if n == 1 else 'them'} in your hand.")
        return f"Discard down to {self.hand_size_words}: click a card in your hand."

    def waiting_hint(self, view: Mapping[str, Any], seat: int, legal_types: frozenset[str]) -> str:
        """What the main button says when nothing it offers is legal ('' for nothing)."""
        if "discard" in legal_types:
            return "Discard down to the hand size first: click a card in your hand."
        return ""

    def cover_reason(self, view: Mapping[str, Any]) -> str:
        pending = view.get("pending") or {}
        if pending.get("kind") == "targets":
            return f"Choose the targets of {pending.get('card') or 'a'}'s triggered ability."
        if (view.get("pending") or {}).get("kind") == "assign":
            return "Divide the damage dealt to your creatures."
        if pending.get("kind") == "discard":
            n = int(pending.get("count") or 1)
            by = pending.get("by")
            why = f" for {by}" if isinstance(by, str) and by and by != "the hand size" else ""
            return f"Choose {n} card{'s' if n != 1 else ''} to discard{why}."
        if view.get("pending"):
            return "Your opponent acted: you may respond."
        return f"Turn {view.get('turn')}: your turn."

    # ------------------------------------------------------------------ divisions
    def division(self, view: Mapping[str, Any], seat: int) -> DivisionRequest | None:
        """A division the seat at the screen must make now (None: none).

        Reads the ``assign`` decision of ``spec/variant-positions.md``: ``view["pending"] =
        {"seat", "kind": "assign", "options": [{"attacker", "sources", "units", "amount",
        "lethal", "default"}]}``."""
        pending = view.get("pending") or {}
        if pending.get("kind") != "assign" or pending.get("seat") != seat:
            return None
        options = pending.get("options") or []
        if not options:
            return None
        option = options[0]
        units = {str(u.get("id")): u for u in view.get("units") or []}
        recipients = []
        for uid in option.get("units") or []:
            unit = units.get(str(uid), {})
            # the member's own P/T (the board's badge shows a stack's combined one)
            power, toughness = unit.get("power", "?"), unit.get("toughness", "?")
            recipients.append(Recipient(
                str(uid), str(unit.get("name", "a creature")), power, toughness,
                int(unit.get("damage") or 0), int((option.get("lethal") or {}).get(uid, 1))))
        sources = [str(units.get(str(i), {}).get("name", "a creature"))
                   for i in option.get("sources") or [option.get("attacker")]]
        amount = int(option.get("amount") or 0)
        return DivisionRequest(str(option.get("attacker")),
                               self.division_title(sources, amount), amount, tuple(recipients),
                               {str(k): int(v) for k, v in (option.get("default") or {}).items()})

    def division_title(self, sources: Sequence[str], amount: int) -> str:
        who = sources[0] if len(set(sources)) == 1 else " and ".join(sorted(set(sources)))
        return f"Divide {who}'s {amount} damage among your creatures"

    def division_action(self, request: DivisionRequest,
                        shares: Mapping[str, int]) -> dict[str, Any]:
        """The answer to *request* dividing it as *shares*."""
        return {"type": "assign", "attacker": request.key,
                "damage": {r.id: int(shares.get(r.id, 0)) for r in request.recipients}}

    # ------------------------------------------------------------------ actions
    click_taps_land_under: ClassVar[bool] = False
    """Whether a click (no drag) on your own lone creature taps the land under it when you
    may (Army); else the click selects it (a stack's click fans it out either way)."""

    def can_pick_up(self, unit: Mapping[str, Any], seat: int,
                    legal: Sequence[Mapping[str, Any]]) -> bool:
        """Whether clicking *unit* selects it (and a drag carries it)."""
        return unit.get("controller") == seat and bool(unit.get("moves") or unit.get("attacks"))

    def unit_click_action(self, unit: Mapping[str, Any], seat: int,
                          legal: Sequence[Mapping[str, Any]]) -> dict[str, Any] | None:
        """The action a click on *unit* submits now (the War Game: tap an attacker of your
        stronghold); None: the click selects or shows it as usual."""
        return None

    def stack_members(self, unit: Mapping[str, Any]) -> list[str]:
        """The ids of the creatures that move with *unit* as one, the top one first (Frontier:
        its band)."""
        stack = unit.get("stack") or {}
        return [str(u) for u in stack.get("units") or []] or [str(unit.get("id"))]

    def declared_blocks(self, view: Mapping[str, Any]) -> list[tuple[str, str]] | None:
        """The (blocker, attacker) pairs declared in the combat being blocked, when the view
        names them (None: it doesn't, and the table reads them from the log: Frontier)."""
        return None

    def auto_fan(self, view: Mapping[str, Any], seat: int) -> tuple[Place, Place | None] | None:
        """A stack to fan out by itself now, and the place its panel keeps clear (Army: the
        defender's creatures while they choose blocks, away from the attackers)."""
        return None

    def carry(self, unit: Mapping[str, Any], fanned: bool,
              legal: Sequence[Mapping[str, Any]]) -> list[str]:
        """The creatures a press on *unit* picks up (*fanned*: it is shown apart from its
        stack, so it goes alone)."""
        return self.stack_members(unit)

    def group_targets(self, mode: str, unit: Mapping[str, Any], ids: Sequence[str],
                      legal: Sequence[Mapping[str, Any]]) -> dict[Place, str]:
        """Highlight kind per place for the creatures *ids* picked up with *unit* (by default
        the unit's own targets)."""
        return self.targets(mode, unit, legal)

    def group_action(self, kind: str, ids: Sequence[str], place: Any
                     ) -> dict[str, Any] | None:
        """The action that takes the creatures *ids* to a place lit *kind*; None: the table's
        default (a move of the chosen group, :meth:`target_action`)."""
        return None

    def drop_choices(self, view: Mapping[str, Any], ids: Sequence[str], place: Any,
                     onto: str | None, legal: Sequence[Mapping[str, Any]],
                     fanned: bool = False) -> list[MenuEntry]:
        """What dropping the creatures *ids* on *place* (over the creature *onto*, if any;
        *fanned*: shown apart from its stack) may mean besides a move (Army: which attacker
        a blocker blocks); [] for nothing."""
        return []

    def targets(self, mode: str, unit: Mapping[str, Any],
                legal: Sequence[Mapping[str, Any]]) -> dict[Place, str]:
        """Highlight kind per place for the selected *unit* in *mode* (``move``: its moves
        and attacks from the view)."""
        out: dict[Place, str] = {}
        if mode == "move":
            for m in unit.get("moves", []):
                p = self.place(m)
                if p is not None:
                    out[p] = "move"
            for a in unit.get("attacks", []):
                p = self.place(a)
                if p is not None:
                    out[p] = "attack"
        return out

    def decision_targets(self, view: Mapping[str, Any], seat: int,
                         legal: Sequence[Mapping[str, Any]]) -> dict[Place, str]:
        """Places lit for a set-up decision of *seat* (none by default)."""
        return {}

    def colour_choice(self, view: Mapping[str, Any], seat: int
                      ) -> tuple[str, tuple[str | None, ...]] | None:
        """A colour to choose under the prompt now: (caption, options; None is colourless)."""
        return None

    def decision_action(self, kind: str, place: Any, colour: str | None) -> dict[str, Any] | None:
        """The action a click on a place lit *kind* by :meth:`decision_targets` submits."""
        return None

    def target_action(self, kind: str, unit_id: str, place: Any) -> dict[str, Any] | None:
        """The action a click on a place lit *kind* submits (``move`` is built by the table,
        which knows the moving group)."""
        if kind == "attack":
            return {"type": "attack", "unit": unit_id, "target": list(place)
                    if isinstance(place, tuple) else place}
        return None

    def target_slots(self, state: Any, seat: int, card_id: str,
                     ability: int | None = None, mode: int = 0
                     ) -> list[dict[str, Any]] | None:
        """The targets a card (or a permanent's ability) asks for, in order, each ``{"text",
        "noun", "optional", "legal": [T, ...]}``, read from the game *state* (hot-seat);
        None: the table groups the legal actions' ``targets`` instead (LAN, other variants)."""
        return None

    def target_range(self, state: Any, seat: int, card_id: str,
                     ability: int | None = None) -> set[Place]:
        """The places a card's (or a permanent's ability's) targets can reach, lit softly
        while its targets are chosen (Army Magic: its land and the lands next to it, or the
        caster's lands and their neighbours); empty: no range to show."""
        return set()

    def x_payments(self, state: Any, seat: int, card_id: str) -> list[Any]:
        """For a card with {X} (hot-seat): the ``pay`` of each X the player can afford, by X
        (index 0 is X = 0); [] when the card has no X or the variant can't tell."""
        return []

    def card_modes(self, state: Any, card_id: str) -> list[str]:
        """A "choose one" card's modes in words (hot-seat); [] when it has none."""
        return []

    def target_refusal(self, state: Any, seat: int, card_id: str, ability: int | None,
                       index: int, target: Any) -> str:
        """One line saying why *target* (wire form) can't be the *index*-th target; "" when
        the variant can't tell (the table then says "not a legal target")."""
        return ""

    def unit_menu(self, unit: Mapping[str, Any], seat: int,
                  legal: Sequence[Mapping[str, Any]],
                  abilities: Sequence[Any] = ()) -> list[MenuEntry]:
        """The variant's own entries of a unit's right-click menu (before the manual ones).

        *abilities* are the card's activated abilities (objects with ``cost``, ``effect`` and
        ``mana``, as :class:`~frontier_desktop.rules.card.ActivatedAbility`), which name the
        ``activate`` entries; without them an entry says "Activate ability N"."""
        uid = str(unit.get("id"))
        items: list[MenuEntry] = []
        if unit.get("controller") != seat:
            return items
        if unit.get("moves") or unit.get("attacks"):
            items.append(MenuEntry("Move / attack (drag me)", mode="move"))
        if unit.get("can_attack_player"):
            items.append(MenuEntry("Attack the player", {"type": "attack", "unit": uid,
                                                         "target": "player"}))
        for a in legal:
            if a.get("type") == "activate" and a.get("unit") == uid:
                items.append(MenuEntry(ability_label(a, abilities), a))
        return items


def targets_words(view: Mapping[str, Any], seat: int) -> str:
    """The prompt while a triggered ability waits for its targets (``pending`` kind
    ``targets``); "" when none waits."""
    pending = view.get("pending") or {}
    if pending.get("kind") != "targets":
        return ""
    card = pending.get("card") or "a card"
    if pending.get("seat") == seat:
        return f"Click a lit target for {card}'s triggered ability."
    players = view.get("players") or []
    who = pending.get("seat")
    name = players[who]["name"] if isinstance(who, int) and 0 <= who < len(players) else \
        "The opponent"
    return f"Waiting for {name} to choose the targets of {card}'s triggered ability."


def mana_words(mana: str) -> str:
    """An ``activate`` action's ``mana`` choice in pool notation: ``"G"`` → ``"{G}"``."""
    mana = mana.strip()
    return mana if "{" in mana else "".join(f"{{{m}}}" for m in mana)


def ability_label(action: Mapping[str, Any], abilities: Sequence[Any] = ()) -> str:
    """The menu label of an ``activate`` action: "Add {G}" for a mana ability (one line per
    choice of mana), else the ability's own text "cost: effect", cut to fit."""
    index = int(action.get("ability") or 0)
    ability = abilities[index] if 0 <= index < len(abilities) else None
    made = action.get("mana")
    if not made and ability is not None and len(getattr(ability, "mana", ()) or ()) == 1:
        made = ability.mana[0]
    if made:
        cost = str(getattr(ability, "cost", "") or "{T}")
        words = f"Add {mana_words(str(made))}"
        return words if cost == "{T}" else f"{cost}: {words}"
    if ability is not None:
        text = f"{ability.cost}: {ability.effect}".strip()
        if len(text) > ABILITY_LABEL_CHARS:
            text = text[:ABILITY_LABEL_CHARS - 1].rstrip(" ,.;:") + "…"
        return text
    return f"Activate ability {index + 1}"


PRESENTATIONS: dict[str, type[VariantPresentation]] = {}
"""Presentation classes by variant name and alias."""


def register(cls: type[VariantPresentation]) -> type[VariantPresentation]:
    for key in (cls.name, *cls.aliases):
        PRESENTATIONS[key] = cls
    return cls


def presentation_for(variant: Any) -> VariantPresentation:
    """The presentation of *variant* (a name from the view); the generic one when unknown."""
    cls = PRESENTATIONS.get(str(variant or ""))
    return cls() if cls is not None else VariantPresentation()
