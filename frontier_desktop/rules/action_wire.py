"""The wire form of actions: the :class:`Action` base, its field codecs and the registry.

:func:`field` declares a dataclass field with a codec kind (``str``, ``int``, ``pos``,
``target``, ``pay``, …); ``Action.to_wire()`` / ``Action.from_wire()`` encode and decode every
field by its kind, raising :class:`InvalidActionError` naming the field. :data:`ACTIONS` maps a
wire ``type`` to its class (``_register`` adds one). The bounds of the wire (``MAX_*``) and the
decoded forms of a position and a target are here too. The actions themselves are in
:mod:`.actions` (game actions) and :mod:`.manual_actions`; :mod:`.actions` re-exports all this.
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
        if isinstance(value, (list, tuple)):  # a square (the War Game's chosen terrain)
            return _pos(value, field)
        raise InvalidActionError(f"'{field}' must be true, false, a number, a word or a "
                                 "square [row, col]")
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
    if kind == "choice" and isinstance(value, tuple):
        return _pos_wire(value)
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
