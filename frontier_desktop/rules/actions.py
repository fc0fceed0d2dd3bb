"""Actions: frozen dataclasses with a JSON round-trip (``{"type": ..., fields}``).

The wire format is the one of ``spec/position-format.md`` (``move``, ``scout``, ``tap_land``,
``attack``, ``done_moving``, ``done_attacking``, ``cast``, ``pass``) plus the actions the
engine adds (set-up choices, activation, discard, manual actions). :func:`action_from_wire`
checks every field's presence and type and raises :class:`InvalidActionError` naming the field.

A position is ``[row, col]`` on a grid (decoded to a tuple) or an area name (a string).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, ClassVar

from frontier_desktop.rules.errors import InvalidActionError

Pos = Any


def _pos(value: object, field: str) -> Pos:
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        return (int(value[0]), int(value[1]))
    if isinstance(value, str) and value:
        return value
    raise InvalidActionError(f"'{field}' must be a square [row, col] or an area name")


def _pos_wire(pos: Pos) -> object:
    return [pos[0], pos[1]] if isinstance(pos, tuple) else pos


_CODECS: dict[str, tuple[Any, Any]] = {}

MAX_DAMAGE = 1_000_000
"""Largest amount one ``assign`` puts on one unit (the wire bound; the rules check the total)."""
MAX_DIVISION = 64
"""Most units one ``assign`` names."""
MAX_TARGETS = 16
"""Most targets one ``cast`` or ``activate`` names."""
MAX_X = 1_000_000
"""Largest X (and mode index) an action may carry."""
MAX_MODES = 8
"""Most modes a ``mode`` list names."""


def _target(value: object, field: str) -> Any:
    """One target ``T`` (``spec/variant-positions.md``) in its decoded, hashable form.

    A unit or permanent id stays a string; ``[r, c]`` becomes a tuple; ``{"player": N}`` →
    ``("player", N)``; ``{"stack": ID}`` → ``("stack", ID)``; ``{"graveyard": N, "card": NAME}``
    → ``("graveyard", N, NAME)``.
    """
    if isinstance(value, str) and value:
        return value
    if isinstance(value, (list, tuple)):
        return _pos(value, field)
    if isinstance(value, Mapping):
        def whole(v: object) -> bool:
            return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 64
        if set(value) == {"player"} and whole(value["player"]):
            return ("player", int(value["player"]))
        if set(value) == {"stack"} and isinstance(value["stack"], str) and value["stack"]:
            return ("stack", value["stack"])
        if set(value) == {"graveyard", "card"} and whole(value["graveyard"]) and isinstance(
                value["card"], str) and value["card"]:
            return ("graveyard", int(value["graveyard"]), value["card"])
    raise InvalidActionError(f"'{field}' must be a unit id, [row, col], {{\"player\": N}}, "
                             "{\"stack\": ID} or {\"graveyard\": N, \"card\": NAME}")


def target_to_wire(target: Any) -> object:
    """The wire form of a decoded target (see :func:`_target`)."""
    if isinstance(target, str):
        return target
    if isinstance(target, tuple) and target and target[0] == "player":
        return {"player": target[1]}
    if isinstance(target, tuple) and target and target[0] == "stack":
        return {"stack": target[1]}
    if isinstance(target, tuple) and target and target[0] == "graveyard":
        return {"graveyard": target[1], "card": target[2]}
    return _pos_wire(target)
MAX_CARD_NAME = 150
"""Longest card name a manual action's ``for`` may give (the longest real name is 141)."""


@dataclasses.dataclass(frozen=True)
class AbilityPayment:
    """A ``pay`` entry that activates a permanent's mana ability (wire: ``{"unit", "ability",
    "mana"}``) instead of tapping a land (a square, or ``{"at", "via", "color"}``)."""

    unit: str
    ability: int = 0
    """The 0-based activated ability of the permanent, in oracle-text order."""
    mana: str | None = None
    """Which mana to make when the ability offers a choice (see :class:`Activate`)."""

    def to_wire(self) -> dict[str, object]:
        out: dict[str, object] = {"unit": self.unit, "ability": self.ability}
        if self.mana is not None:
            out["mana"] = self.mana
        return out


def _mana_choice(value: object, field: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidActionError(f"'{field}' must be a kind of mana (W, U, B, R, G, C) or "
                                 "mana symbols like {R}{G}")
    return value.strip()


def _decode(kind: str, value: object, field: str) -> Any:
    if kind == "str":
        if not isinstance(value, str) or not value:
            raise InvalidActionError(f"'{field}' must be a non-empty string")
        return value
    if kind == "int":
        if not isinstance(value, int) or isinstance(value, bool):
            raise InvalidActionError(f"'{field}' must be an integer")
        return value
    if kind == "bool":
        if not isinstance(value, bool):
            raise InvalidActionError(f"'{field}' must be true or false")
        return value
    if kind == "pos":
        return _pos(value, field)
    if kind == "mana":
        return _mana_choice(value, field)
    if kind == "card_name":  # the card whose text a manual action carries out
        if not isinstance(value, str) or not 1 <= len(value.strip()) <= MAX_CARD_NAME:
            raise InvalidActionError(f"'{field}' must be a card name (1 to {MAX_CARD_NAME} "
                                     "characters)")
        return value.strip()
    if kind == "target":  # a square, an area, a unit id or "player"
        if value == "player":
            return "player"
        return _pos(value, field)
    if kind == "ref":  # a unit id or a square (manual actions on creatures or lands)
        if isinstance(value, str) and value:
            return value
        return _pos(value, field)
    if kind == "targets":
        if not isinstance(value, (list, tuple)) or len(value) > MAX_TARGETS:
            raise InvalidActionError(f"'{field}' must be a list of at most {MAX_TARGETS} targets")
        return tuple(_target(v, f"{field}[{i}]") for i, v in enumerate(value))
    if kind == "x":  # the range (0 to MAX_X) is the rules' check: an illegal action
        if not isinstance(value, int) or isinstance(value, bool):
            raise InvalidActionError(f"'{field}' must be an integer")
        return value
    if kind == "mode":
        items = value if isinstance(value, (list, tuple)) else [value]
        if not items or len(items) > MAX_MODES or not all(
                isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 64 for v in items):
            raise InvalidActionError(f"'{field}' must be a mode number from 0 (or a list of "
                                     f"at most {MAX_MODES})")
        return tuple(v for v in items if isinstance(v, int))
    if kind == "choice":
        if isinstance(value, (bool, str)) or (isinstance(value, int) and abs(value) <= MAX_X):
            return value
        raise InvalidActionError(f"'{field}' must be true, false, a number or a word")
    if kind == "strs":
        if not isinstance(value, (list, tuple)) or not all(
            isinstance(v, str) and v for v in value
        ):
            raise InvalidActionError(f"'{field}' must be a list of strings")
        return tuple(value)
    if kind == "colours":
        if not isinstance(value, (list, tuple)) or not all(v in "WUBRG" and v for v in value):
            raise InvalidActionError(f"'{field}' must be a list of colours (W, U, B, R, G)")
        return tuple(value)
    if kind == "damage":  # a division: unit id -> non-negative amount
        if not isinstance(value, Mapping) or not value or len(value) > MAX_DIVISION or not all(
            isinstance(k, str) and k and isinstance(v, int) and not isinstance(v, bool)
            and 0 <= v <= MAX_DAMAGE for k, v in value.items()
        ):
            raise InvalidActionError(f"'{field}' must map unit ids to damage (whole numbers "
                                     f"from 0 to {MAX_DAMAGE}, at most {MAX_DIVISION} units)")
        return tuple((str(k), int(v)) for k, v in value.items())
    if kind == "pay":
        if not isinstance(value, (list, tuple)):
            raise InvalidActionError(f"'{field}' must be a list of squares")
        out: list[object] = []
        for i, item in enumerate(value):
            if isinstance(item, Mapping) and "unit" in item:
                unit = item["unit"]
                if not (isinstance(unit, str) and unit):
                    raise InvalidActionError(f"'{field}[{i}].unit' must be a unit id")
                ability = item.get("ability", 0)
                if not isinstance(ability, int) or isinstance(ability, bool):
                    raise InvalidActionError(f"'{field}[{i}].ability' must be an integer")
                mana = item.get("mana")
                out.append(AbilityPayment(unit, ability, None if mana is None else
                                          _mana_choice(mana, f"{field}[{i}].mana")))
            elif isinstance(item, Mapping):
                if "at" not in item:
                    raise InvalidActionError(f"'{field}[{i}]' needs 'at'")
                via = item.get("via")
                if via is not None and not (isinstance(via, str) and via):
                    raise InvalidActionError(f"'{field}[{i}].via' must be a unit id")
                colour = item.get("color")
                if colour is not None and colour not in ("W", "U", "B", "R", "G", "C"):
                    raise InvalidActionError(f"'{field}[{i}].color' must be W, U, B, R, G or C")
                out.append((_pos(item["at"], f"{field}[{i}].at"), via, colour))
            else:
                out.append((_pos(item, f"{field}[{i}]"), None, None))
        return tuple(out)
    raise AssertionError(kind)


def _encode(kind: str, value: Any) -> object:
    if kind in ("pos",):
        return _pos_wire(value)
    if kind in ("target", "ref"):
        return value if isinstance(value, str) else _pos_wire(value)
    if kind in ("strs", "colours"):
        return list(value)
    if kind == "targets":
        return [target_to_wire(t) for t in value]
    if kind == "mode":
        return value[0] if len(value) == 1 else list(value)
    if kind == "damage":
        return {k: v for k, v in value}
    if kind == "pay":
        out: list[object] = []
        for item in value:
            if isinstance(item, AbilityPayment):
                out.append(item.to_wire())
                continue
            at, via, colour = item
            if via is None and colour is None:
                out.append(_pos_wire(at))
            else:
                entry: dict[str, object] = {"at": _pos_wire(at)}
                if via is not None:
                    entry["via"] = via
                if colour is not None:
                    entry["color"] = colour
                out.append(entry)
        return out
    return value


def field(kind: str, *, default: Any = dataclasses.MISSING) -> Any:
    """A dataclass field with a wire codec *kind*; fields with a default are optional."""
    if default is dataclasses.MISSING:
        return dataclasses.field(metadata={"kind": kind})
    return dataclasses.field(default=default, metadata={"kind": kind})


def _wire_name(f: dataclasses.Field[Any]) -> str:
    """The field's name on the wire (``for_card`` is ``for``, a Python keyword)."""
    return str(f.metadata.get("wire", f.name))


@dataclasses.dataclass(frozen=True)
class Action:
    """Base of every action. ``type`` is the wire name; ``manual`` marks table actions."""

    type: ClassVar[str] = ""
    manual: ClassVar[bool] = False
    """A manual action: carries out card text the engine doesn't model; logged for all."""
    instant: ClassVar[bool] = False
    """May be taken at instant speed (also by the non-active player)."""

    def to_wire(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if value is None or (f.default is not dataclasses.MISSING and value == f.default
                                 and f.name not in ("to",)):
                continue
            out[_wire_name(f)] = _encode(f.metadata["kind"], value)
        return out

    @classmethod
    def from_wire(cls, data: Mapping[str, Any]) -> Action:
        values: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            name = _wire_name(f)
            if name not in data or data[name] is None:
                if f.default is dataclasses.MISSING:
                    raise InvalidActionError(f"{cls.type}: missing field '{name}'")
                continue
            values[f.name] = _decode(f.metadata["kind"], data[name], name)
        return cls(**values)


ACTIONS: dict[str, type[Action]] = {}


def _register(cls: type[Action]) -> type[Action]:
    ACTIONS[cls.type] = cls
    return cls


def _lead_unit(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """``{"units": [A, B]}`` without ``unit``: the first of ``units`` leads (Army Magic's form)."""
    units = data.get("units")
    if "unit" not in data and isinstance(units, (list, tuple)) and units \
            and isinstance(units[0], str):
        return {**data, "unit": units[0]}
    return data


# ---------------------------------------------------------------------- game actions
@_register
@dataclasses.dataclass(frozen=True)
class Move(Action):
    """Move a unit (and its banding stack) to a square; flying/landwalk/shadow name the end."""

    type: ClassVar[str] = "move"
    unit: str = field("str")
    to: Pos = field("pos")
    units: tuple[str, ...] | None = field("strs", default=None)
    """Move only these members of a banding stack (default: the whole stack); Army Magic:
    the creatures moving together as one unit (``unit`` may then be left out)."""
    carry: str | None = field("str", default=None)
    """The War Game: the islandhome creature this one carries across land."""

    @classmethod
    def from_wire(cls, data: Mapping[str, Any]) -> Action:
        return super().from_wire(_lead_unit(data))


@_register
@dataclasses.dataclass(frozen=True)
class Scout(Action):
    """Tap a creature to flip a face-down land next to it."""

    type: ClassVar[str] = "scout"
    unit: str = field("str")
    target: Pos = field("pos")


@_register
@dataclasses.dataclass(frozen=True)
class TapLand(Action):
    """Tap a land for mana: under one of your creatures, or next to one (``via`` taps it)."""

    type: ClassVar[str] = "tap_land"
    instant: ClassVar[bool] = True
    at: Pos = field("pos")
    via: str | None = field("str", default=None)
    color: str | None = field("str", default=None)
    """Which colour to make when the land makes several (default: its first); symbols
    (``"{R}{R}"``) name one of the land's own mana abilities."""
    ability: int | None = field("int", default=None)
    """Use the land's non-mana ability of this index (``Card.activated``) instead: it goes on
    the stack (Strip Mine's "Destroy target land"); see rules/core/fx_mana.py."""
    targets: tuple[Any, ...] = field("targets", default=())
    """The targets of that ability."""


@_register
@dataclasses.dataclass(frozen=True)
class Attack(Action):
    """Declare and resolve one attack on an adjacent enemy creature or on the player."""

    type: ClassVar[str] = "attack"
    unit: str = field("str")
    target: Pos = field("target")
    units: tuple[str, ...] | None = field("strs", default=None)
    """Army Magic: the creatures from one land attacking together (``unit`` may be left
    out); Frontier attacks with the whole stack and ignores it."""

    @classmethod
    def from_wire(cls, data: Mapping[str, Any]) -> Action:
        return super().from_wire(_lead_unit(data))


@_register
@dataclasses.dataclass(frozen=True)
class DoneMoving(Action):
    type: ClassVar[str] = "done_moving"


@_register
@dataclasses.dataclass(frozen=True)
class DoneAttacking(Action):
    type: ClassVar[str] = "done_attacking"


@_register
@dataclasses.dataclass(frozen=True)
class Cast(Action):
    """Cast a card from hand (by name or object id), paying from the pool after tapping ``pay``."""

    type: ClassVar[str] = "cast"
    instant: ClassVar[bool] = True  # instants and flash only; checked by the variant
    card: str = field("str")
    pay: tuple[Any, ...] = field("pay", default=())
    target: Any = field("ref", default=None)
    """An aura's permanent: a unit id or a land's square (``targets`` may name it instead)."""
    x: int = field("x", default=0)
    targets: tuple[Any, ...] = field("targets", default=())
    """The spell's targets in the order its text names them (see :func:`_target`)."""
    mode: tuple[int, ...] = field("mode", default=(0,))
    """The chosen mode(s) of a "choose one" spell (0-based)."""
    origin: Any = field("pos", default=None)
    """The originating land of an effect with no target that reaches "all"/"each" (Army
    Magic: a land you control or next to one; the effect reaches it and its neighbours)."""
    sacrifice: tuple[str, ...] = field("strs", default=())
    """The permanents sacrificed for "As an additional cost to cast this spell, sacrifice a
    creature" (fx-oneshots; none named: that part is paid by hand)."""


@_register
@dataclasses.dataclass(frozen=True)
class Activate(Action):
    """Activate a permanent's "cost: effect" ability (index into its abilities).

    A mana ability adds its mana to the pool at once (no stack, at instant speed). ``mana``
    picks the mana when the text offers a choice: a kind of mana (``"G"``) for "one mana of
    any color", "{R} or {G}" or "three mana of any one color", or symbols (``"{R}{R}{G}"``)
    for "any combination"; without it the first choice in WUBRG order is made.
    """

    type: ClassVar[str] = "activate"
    instant: ClassVar[bool] = True
    unit: str = field("str")
    ability: int = field("int", default=0)
    pay: tuple[Any, ...] = field("pay", default=())
    mana: str | None = field("mana", default=None)
    targets: tuple[Any, ...] = field("targets", default=())
    """The ability's targets in the order its text names them."""
    x: int = field("x", default=0)
    mode: tuple[int, ...] = field("mode", default=(0,))
    sacrifice: tuple[str, ...] = field("strs", default=())
    """The permanents sacrificed to pay "Sacrifice a creature" (one per such cost part)."""


@_register
@dataclasses.dataclass(frozen=True)
class Choose(Action):
    """Answer a pending choice: ``pay`` or ``decline`` "unless its controller pays" (a
    ``choice`` decision), ``accept`` or ``decline`` a manual action on the chooser's things (a
    ``consent`` decision)."""

    type: ClassVar[str] = "choose"
    instant: ClassVar[bool] = True
    choice: Any = field("choice")


@_register
@dataclasses.dataclass(frozen=True)
class Targets(Action):
    """Answer a ``targets`` decision: the targets of a triggered ability just put on the
    stack, in the order its text names them (``spec/variant-positions.md``)."""

    type: ClassVar[str] = "targets"
    instant: ClassVar[bool] = True
    targets: tuple[Any, ...] = field("targets")
    """The chosen targets (see :func:`_target`); ``[]`` only when every target is optional."""


@_register
@dataclasses.dataclass(frozen=True)
class Pass(Action):
    """End the step or phase; in a response window, let the pending move or attack resolve."""

    type: ClassVar[str] = "pass"


@_register
@dataclasses.dataclass(frozen=True)
class Assign(Action):
    """Divide one creature's (or stack's) damage among the members of a stack it hits.

    Answers the ``assign`` decision: ``attacker`` is the id the decision names (the creature
    dealing the damage, or the first member of the stack dealing it); ``damage`` maps each
    member of the stack hit to its share, summing to the decision's ``amount``.
    """

    type: ClassVar[str] = "assign"
    attacker: str = field("str")
    damage: tuple[tuple[str, int], ...] = field("damage")
    at: Any = field("pos", default=None)
    """The War Game: the place of the combat whose damage one side divides (``attacker``
    is then left out: it reads "side")."""

    @classmethod
    def from_wire(cls, data: Mapping[str, Any]) -> Action:
        if "attacker" not in data and data.get("at") is not None:
            data = {**data, "attacker": "side"}
        return super().from_wire(data)


@_register
@dataclasses.dataclass(frozen=True)
class SetAssign(Action):
    """Ask (or stop asking) to divide combat damage dealt to your banding stacks yourself."""

    type: ClassVar[str] = "set_assign"
    instant: ClassVar[bool] = True
    on: bool = field("bool")


@_register
@dataclasses.dataclass(frozen=True)
class PlaceToken(Action):
    """Place your 1/1 token (set-up, or the free token) on a home-row square, in a colour."""

    type: ClassVar[str] = "place_token"
    at: Pos = field("pos")
    color: str | None = field("str", default=None)


@_register
@dataclasses.dataclass(frozen=True)
class Mulligan(Action):
    type: ClassVar[str] = "mulligan"


@_register
@dataclasses.dataclass(frozen=True)
class Keep(Action):
    """Keep the hand, putting one card per mulligan on the bottom (London mulligan)."""

    type: ClassVar[str] = "keep"
    bottom: tuple[str, ...] = field("strs", default=())


@_register
@dataclasses.dataclass(frozen=True)
class Discard(Action):
    """Discard a card (down to the hand size at cleanup), or the cards a ``discard`` decision
    asks for (``cards``: names or ids, as many as it says)."""

    type: ClassVar[str] = "discard"
    card: str | None = field("str", default=None)
    cards: tuple[str, ...] = field("strs", default=())


@_register
@dataclasses.dataclass(frozen=True)
class KeepTapped(Action):
    """Choose ahead that a land you tapped whose text says "You may choose not to untap
    CARDNAME during your untap step" (storage lands) stays tapped in your untap steps
    (``on``), or untaps again (fx-mana, docs/rules-notes.md)."""

    type: ClassVar[str] = "keep_tapped"
    instant: ClassVar[bool] = True
    at: Pos = field("pos")
    on: bool = field("bool", default=True)


@_register
@dataclasses.dataclass(frozen=True)
class SetResponses(Action):
    """Ask for (or stop asking for) a response window on each of the opponent's moves/attacks."""

    type: ClassVar[str] = "set_responses"
    instant: ClassVar[bool] = True
    on: bool = field("bool")


@_register
@dataclasses.dataclass(frozen=True)
class Concede(Action):
    type: ClassVar[str] = "concede"
    instant: ClassVar[bool] = True


# ---------------------------------------------------------------------- manual actions
@dataclasses.dataclass(frozen=True)
class Manual(Action):
    manual: ClassVar[bool] = True
    instant: ClassVar[bool] = True
    for_card: str | None = dataclasses.field(
        default=None, kw_only=True, metadata={"kind": "card_name", "wire": "for"})
    """The card (in play or in hand) whose text this action carries out (wire: ``for``);
    shown in the log and in a request for the opponent's consent."""


@_register
@dataclasses.dataclass(frozen=True)
class ManualTap(Manual):
    """Tap a unit (id) or a land (square) as card text says."""

    type: ClassVar[str] = "manual_tap"
    target: Any = field("ref")


@_register
@dataclasses.dataclass(frozen=True)
class ManualUntap(Manual):
    type: ClassVar[str] = "manual_untap"
    target: Any = field("ref")


@_register
@dataclasses.dataclass(frozen=True)
class Counters(Manual):
    """Add (or with a negative ``delta`` remove) counters of a kind, e.g. ``+1/+1``."""

    type: ClassVar[str] = "counters"
    unit: str = field("str")
    kind: str = field("str", default="+1/+1")
    delta: int = field("int", default=1)


@_register
@dataclasses.dataclass(frozen=True)
class PTChange(Manual):
    """Change a unit's power/toughness until end of turn (e.g. Giant Growth: +3/+3)."""

    type: ClassVar[str] = "pt_change"
    unit: str = field("str")
    power: int = field("int", default=0)
    toughness: int = field("int", default=0)


@_register
@dataclasses.dataclass(frozen=True)
class LifeChange(Manual):
    type: ClassVar[str] = "life"
    player: int = field("int")
    delta: int = field("int")


@_register
@dataclasses.dataclass(frozen=True)
class MoveCard(Manual):
    """Move a card between zones: hand, graveyard, exile, library_top, library_bottom, staging."""

    type: ClassVar[str] = "move_card"
    card: str = field("str")
    to: str = field("str")


@_register
@dataclasses.dataclass(frozen=True)
class CreateToken(Manual):
    """Create a creature token on a square or in your staging row."""

    type: ClassVar[str] = "create_token"
    at: Any = field("target", default="staging")
    name: str = field("str", default="Token")
    power: int = field("int", default=1)
    toughness: int = field("int", default=1)
    colors: tuple[str, ...] = field("colours", default=())
    keywords: tuple[str, ...] = field("strs", default=())


@_register
@dataclasses.dataclass(frozen=True)
class DestroyLand(Manual):
    """Destroy a land: it goes to its owner's land graveyard and leaves a hole."""

    type: ClassVar[str] = "destroy_land"
    at: Pos = field("pos")


@_register
@dataclasses.dataclass(frozen=True)
class SacrificeLand(Manual):
    """Sacrifice a land one of your creatures stands on."""

    type: ClassVar[str] = "sacrifice_land"
    at: Pos = field("pos")


@_register
@dataclasses.dataclass(frozen=True)
class Destroy(Manual):
    """Destroy a permanent (a regeneration shield saves a creature to the staging row)."""

    type: ClassVar[str] = "destroy"
    unit: str = field("str")


@_register
@dataclasses.dataclass(frozen=True)
class Regenerate(Manual):
    """Give a creature a regeneration shield (card text the engine doesn't model)."""

    type: ClassVar[str] = "regenerate"
    unit: str = field("str")


@_register
@dataclasses.dataclass(frozen=True)
class Roll(Manual):
    """Roll a die (d6, d20, …) from the game's seed."""

    type: ClassVar[str] = "roll"
    sides: int = field("int", default=6)


@_register
@dataclasses.dataclass(frozen=True)
class AddMana(Manual):
    """Add mana to your pool by hand, for card text the engine can't read (``"{G}{G}"``, ``"R"``)."""

    type: ClassVar[str] = "add_mana"
    mana: str = field("mana")


@_register
@dataclasses.dataclass(frozen=True)
class Draw(Manual):
    type: ClassVar[str] = "draw"
    count: int = field("int", default=1)


def action_from_wire(data: object) -> Action:
    """Decode an action.

    Raises:
        InvalidActionError: not an object, an unknown ``type``, or a bad field.
    """
    if not isinstance(data, Mapping):
        raise InvalidActionError("an action must be a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise InvalidActionError("an action needs a string 'type'")
    cls = ACTIONS.get(kind)
    if cls is None:
        raise InvalidActionError(f"unknown action type {kind!r}")
    return cls.from_wire(data)
