"""Actions: frozen dataclasses with a JSON round-trip (``{"type": ..., fields}``).

The wire format is the one of ``spec/position-format.md`` (``move``, ``scout``, ``tap_land``,
``attack``, ``done_moving``, ``done_attacking``, ``cast``, ``pass``) plus the actions the
engine adds (set-up choices, activation, discard, manual actions). :func:`action_from_wire`
checks every field's presence and type and raises :class:`InvalidActionError` naming the field.

A position is ``[row, col]`` on a grid (decoded to a tuple) or an area name (a string).

The wire machinery (the :class:`Action` base, :func:`field`, the codecs, :data:`ACTIONS`) is
in :mod:`.action_wire`, the manual actions in :mod:`.manual_actions`; both are importable from
here. This module holds the game actions and :func:`action_from_wire`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, ClassVar

from frontier_desktop.rules.action_wire import (
    _CODECS as _CODECS, ACTIONS as ACTIONS, MAX_CARD_NAME as MAX_CARD_NAME,
    MAX_DAMAGE as MAX_DAMAGE, MAX_DIVISION as MAX_DIVISION, MAX_MODES as MAX_MODES,
    MAX_TARGETS as MAX_TARGETS, MAX_X as MAX_X, AbilityPayment as AbilityPayment,
    Action as Action, Pos as Pos, _decode as _decode, _encode as _encode,
    _mana_choice as _mana_choice, _pos as _pos, _pos_wire as _pos_wire,
    _register as _register, _target as _target, _wire_name as _wire_name, field as field,
    target_to_wire as target_to_wire,
)
from frontier_desktop.rules.errors import InvalidActionError


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
    origin: Any = field("pos", default=None)
    """The chosen terrain of an ability's untargeted whole-table effect (the War Game:
    Pestilence; a creature's within its reach)."""


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
# The manual actions, registered in ACTIONS after the game actions above (imported here, once
# these are defined, so that ACTIONS keeps its order: game actions first).
from frontier_desktop.rules.manual_actions import (  # noqa: E402
    AddMana as AddMana, Counters as Counters, CreateToken as CreateToken, Destroy as Destroy,
    DestroyLand as DestroyLand, Draw as Draw, LifeChange as LifeChange, Manual as Manual,
    ManualTap as ManualTap, ManualUntap as ManualUntap, MoveCard as MoveCard,
    PTChange as PTChange, Regenerate as Regenerate, Roll as Roll, SacrificeLand as SacrificeLand,
)


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
