"""The node machinery of :mod:`.nodes`: the :class:`Node` base and its wire form, and the values.

:class:`Node` gives every node its ``kind``, its source ``text``, ``to_wire()`` /
``from_wire()`` (the JSON form; :data:`NODE_KINDS` finds a class by its kind, :class:`WireError`
says what is wrong with a wire object) and ``children()`` / ``walk()``. The values nested in
effects live here too: :class:`Amount`, :class:`TargetSpec`, :class:`Selector`, and the
:class:`Effect` base every effect node derives from.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, TypeVar

NODE_KINDS: dict[str, type[Node]] = {}
"""Every node class by its ``kind`` (filled as the classes are defined)."""

N = TypeVar("N", bound="Node")


class WireError(ValueError):
    """A wire object that is not a node of the expected kind or has a malformed field."""


_SCALARS: dict[str, tuple[type, ...]] = {"str": (str,), "int": (int,), "bool": (bool,)}


@dataclasses.dataclass(frozen=True, kw_only=True)
class Node:
    """Base of every node: a ``kind`` tag and the source clause ``text``."""

    text: str = ""
    """The clause of the normalised oracle text this node was read from ("" when implied)."""

    kind: ClassVar[str] = "node"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "kind" in cls.__dict__:
            NODE_KINDS[cls.kind] = cls

    def to_wire(self) -> dict[str, object]:
        """The node as a JSON-able dict (``"kind"`` first)."""
        out: dict[str, object] = {"kind": self.kind}
        for field in dataclasses.fields(self):
            out[field.name] = _encode(getattr(self, field.name))
        return out

    @classmethod
    def from_wire(cls: type[N], data: object) -> N:
        """Decode a node of this class (or any subclass) from its wire dict.

        Raises:
            WireError: not an object, an unknown kind, a kind that isn't a *cls*, or a field
                missing or of the wrong type.
        """
        node = _decode(data)
        if not isinstance(node, cls):
            raise WireError(f"expected a {cls.kind} node, got {_describe(data)}")
        return node

    def children(self) -> Iterator[Node]:
        """The nodes directly inside this one, in field order."""
        for field in dataclasses.fields(self):
            yield from _nodes_in(getattr(self, field.name))

    def walk(self) -> Iterator[Node]:
        """This node and every node inside it, depth first."""
        yield self
        for child in self.children():
            yield from child.walk()


def _nodes_in(value: object) -> Iterator[Node]:
    if isinstance(value, Node):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from _nodes_in(item)


def _encode(value: object) -> object:
    if isinstance(value, Node):
        return value.to_wire()
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


def _describe(data: object) -> str:
    if isinstance(data, Mapping):
        return f"kind {data.get('kind')!r}"
    return type(data).__name__


def _decode(data: object) -> object:
    if isinstance(data, list):
        return tuple(_decode(v) for v in data)
    if not isinstance(data, Mapping):
        if data is None or isinstance(data, (str, int, bool)):
            return data
        raise WireError(f"unexpected {type(data).__name__} in a node")
    kind = data.get("kind")
    cls = NODE_KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise WireError(f"unknown node kind {kind!r}")
    kwargs: dict[str, Any] = {}
    for field in dataclasses.fields(cls):
        if field.name not in data:
            raise WireError(f"{kind} node: missing field {field.name!r}")
        value = _decode(data[field.name])
        expected = _SCALARS.get(str(field.type))
        if expected is not None and (not isinstance(value, expected) or (
                expected == (int,) and isinstance(value, bool))):
            raise WireError(f"{kind} node: field {field.name!r} must be {field.type}")
        if str(field.type).startswith("tuple") and not isinstance(value, tuple):
            raise WireError(f"{kind} node: field {field.name!r} must be a list")
        kwargs[field.name] = value
    try:
        return cls(**kwargs)
    except TypeError as exc:  # pragma: no cover - fields are checked above
        raise WireError(f"{kind} node: {exc}") from None


# ====================================================================== values
@dataclasses.dataclass(frozen=True)
class Amount(Node):
    """A number of things: ``n`` alone, or ``n`` times the count named by ``var``.

    ``var`` is ``""`` (a fixed number), ``"X"`` (the X paid), or the count in words as the card
    names it: ``"for each Swamp you control"``, ``"equal to its power"``, ``"all"``.
    """

    n: int = 1
    var: str = ""

    kind: ClassVar[str] = "amount"

    def describe(self) -> str:
        if not self.var:
            return str(self.n)
        if self.var == "X":
            return "X" if self.n == 1 else f"{self.n}X"
        return f"{self.n} {self.var}" if self.var.startswith("for each") else self.var


@dataclasses.dataclass(frozen=True)
class TargetSpec(Node):
    """What a target (or an "each"/"all" group, or a chosen object) may be.

    ``noun`` is one of ``creature player any land artifact enchantment spell permanent card
    opponent`` or a pair joined by ``_or_`` (``artifact_or_enchantment``); ``subtypes`` narrows
    it (``Wall``, ``Island``, ``Goblin``).
    """

    noun: str
    count: int = 1
    """How many; 0 with ``count_var`` set for "X target …"."""
    count_var: str = ""
    up_to: bool = False
    colours: tuple[str, ...] = ()
    """Colour words the object must have (any of them): ``("black",)``."""
    not_colours: tuple[str, ...] = ()
    """Colours it must not have ("nonblack")."""
    types: tuple[str, ...] = ()
    """Further card types it must have ("artifact" creature, "snow" land, "basic" land)."""
    not_types: tuple[str, ...] = ()
    """Card types or subtypes it must not have ("nonartifact", "non-Wall")."""
    subtypes: tuple[str, ...] = ()
    state: str = ""
    """``tapped``, ``untapped``, ``attacking``, ``blocking``, ``attacking_or_blocking`` or ""."""
    controller: str = ""
    """``you``, ``opponent``, ``not_you`` or "" (anyone)."""
    zone: str = ""
    """Where it is when not on the battlefield: ``graveyard``, ``your_graveyard``, ``stack``."""
    with_keywords: tuple[str, ...] = ()
    without_keywords: tuple[str, ...] = ()
    other: bool = False
    """"other": the source itself is excluded."""
    power: str = ""
    """A power condition: ``"<=2"`` ("with power 2 or less"), ``">=4"``, or ""."""

    kind: ClassVar[str] = "target_spec"


@dataclasses.dataclass(frozen=True)
class Selector(Node):
    """Whom or what an effect reaches.

    ``ref``: ``target`` (chosen on casting, ``spec`` says what may be chosen), ``self`` (the card
    itself), ``that`` (what an earlier clause chose: "it", "that creature"), ``enchanted``,
    ``all`` (every object ``spec`` describes), ``chosen`` (one the affected player chooses on
    resolution: "sacrifice a creature"), ``you``, ``each_player``, ``each_opponent``,
    ``opponent``, ``controller`` (of the object chosen before), ``defending_player``.
    """

    ref: str
    spec: TargetSpec | None = None

    kind: ClassVar[str] = "selector"

    @property
    def targeted(self) -> bool:
        return self.ref == "target"


# ====================================================================== effects
@dataclasses.dataclass(frozen=True)
class Effect(Node):
    """Base of the effect nodes."""

    kind: ClassVar[str] = "effect"

