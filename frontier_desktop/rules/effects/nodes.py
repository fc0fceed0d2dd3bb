"""The abilities of a card read from its oracle text, as plain frozen data.

Every node is a frozen dataclass with a ``kind`` and ``to_wire()`` / ``from_wire()``; nodes nest
(an ability holds effects, an effect holds selectors, a selector a target spec), and the wire form
is JSON: a node is an object with ``"kind"``, a tuple a list. Every node also keeps ``text``: the
clause of the (normalised) oracle text it was read from, so the whole text is accounted for.

The shape, from the top:

- :class:`CardReading` — one card: its abilities in text order.
- abilities — :class:`KeywordLine`, :class:`SpellAbility` (an instant's or sorcery's effects),
  :class:`ActivatedAbility` (cost parts: effects), :class:`TriggeredAbility` (trigger: effects),
  :class:`StaticAbility` (continuous effects).
- effects — :class:`DealDamage`, :class:`Pump`, :class:`Destroy`, … one class per thing the
  engine will do; :class:`Modal` and :class:`May` wrap others; :class:`Unimplemented` is a clause
  the reader could not read (its target phrase is still read when it has one).
- :class:`Selector` — whom an effect reaches: ``"target"`` (with a :class:`TargetSpec` the caster
  chooses for), ``"self"``, ``"that"`` (the object an earlier clause chose), ``"all"`` (every
  object the spec describes), ``"you"``, ``"each_player"``…
- :class:`Amount` — a number, ``X``, or a count the reader names ("for each Swamp you control").
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


@dataclasses.dataclass(frozen=True)
class Unimplemented(Effect):
    """A clause the reader can't read; ``targets`` are the target phrases it still recognised."""

    targets: tuple[TargetSpec, ...] = ()

    kind: ClassVar[str] = "unimplemented"


@dataclasses.dataclass(frozen=True)
class DealDamage(Effect):
    amount: Amount
    to: tuple[Selector, ...]
    divided: bool = False
    """The amount is divided as the caster chooses among the targets."""
    source: Selector | None = None
    """The source when it isn't the card itself ("that creature deals damage …")."""

    kind: ClassVar[str] = "deal_damage"


@dataclasses.dataclass(frozen=True)
class Pump(Effect):
    """``to`` gets +power/+toughness (``duration`` "end_of_turn" or "" for as long as it lasts)."""

    to: Selector
    power: Amount
    toughness: Amount
    keywords: tuple[str, ...] = ()
    """Keywords granted along with the bonus ("gets +1/+1 and gains flying")."""
    duration: str = "end_of_turn"

    kind: ClassVar[str] = "pump"


@dataclasses.dataclass(frozen=True)
class GrantKeyword(Effect):
    to: Selector
    keywords: tuple[str, ...]
    duration: str = "end_of_turn"

    kind: ClassVar[str] = "grant_keyword"


@dataclasses.dataclass(frozen=True)
class Destroy(Effect):
    to: Selector
    no_regenerate: bool = False

    kind: ClassVar[str] = "destroy"


@dataclasses.dataclass(frozen=True)
class NoRegenerate(Effect):
    """"It/They can't be regenerated" after a clause that destroys: that destruction can't be
    regenerated (when the reader couldn't fold it into the :class:`Destroy` itself)."""

    kind: ClassVar[str] = "no_regenerate"


@dataclasses.dataclass(frozen=True)
class PutOntoBattlefield(Effect):
    """Put a card (itself, or one chosen earlier) onto the battlefield from where it is."""

    to: Selector
    tapped: bool = False

    kind: ClassVar[str] = "put_onto_battlefield"


@dataclasses.dataclass(frozen=True)
class Tap(Effect):
    to: Selector

    kind: ClassVar[str] = "tap"


@dataclasses.dataclass(frozen=True)
class Untap(Effect):
    to: Selector

    kind: ClassVar[str] = "untap"


@dataclasses.dataclass(frozen=True)
class Draw(Effect):
    who: Selector
    amount: Amount

    kind: ClassVar[str] = "draw"


@dataclasses.dataclass(frozen=True)
class Discard(Effect):
    who: Selector
    amount: Amount
    at_random: bool = False

    kind: ClassVar[str] = "discard"


@dataclasses.dataclass(frozen=True)
class GainLife(Effect):
    who: Selector
    amount: Amount

    kind: ClassVar[str] = "gain_life"


@dataclasses.dataclass(frozen=True)
class LoseLife(Effect):
    who: Selector
    amount: Amount

    kind: ClassVar[str] = "lose_life"


@dataclasses.dataclass(frozen=True)
class PutCounters(Effect):
    to: Selector
    counter: str
    """``+1/+1``, ``-1/-1``, ``-0/-1``, or a name (``poison``, ``charge``)."""
    amount: Amount

    kind: ClassVar[str] = "put_counters"


@dataclasses.dataclass(frozen=True)
class Regenerate(Effect):
    to: Selector

    kind: ClassVar[str] = "regenerate"


@dataclasses.dataclass(frozen=True)
class PreventDamage(Effect):
    """Prevent ``amount`` (``var="all"`` for all) damage that would be dealt to ``to``.

    ``to`` is ``None`` for damage dealt to anything; ``combat_only`` for combat damage only.
    """

    amount: Amount
    to: Selector | None = None
    combat_only: bool = False
    by: Selector | None = None
    """Only damage dealt by this source ("that would be dealt by target creature")."""
    duration: str = "end_of_turn"

    kind: ClassVar[str] = "prevent_damage"


@dataclasses.dataclass(frozen=True)
class Bounce(Effect):
    """Return ``to`` to its owner's hand."""

    to: Selector

    kind: ClassVar[str] = "bounce"


@dataclasses.dataclass(frozen=True)
class CounterSpell(Effect):
    to: Selector
    unless_pays: Amount | None = None
    """The counter happens unless the spell's controller pays this much generic mana."""

    kind: ClassVar[str] = "counter_spell"


@dataclasses.dataclass(frozen=True)
class SearchLibrary(Effect):
    who: Selector
    card: TargetSpec
    destination: str
    """``hand``, ``battlefield``, ``battlefield_tapped`` or ``top``."""
    amount: Amount
    reveal: bool = False

    kind: ClassVar[str] = "search_library"


@dataclasses.dataclass(frozen=True)
class CreateToken(Effect):
    amount: Amount
    power: int
    toughness: int
    colours: tuple[str, ...]
    """Colour words; ``()`` for colourless."""
    types: tuple[str, ...]
    """Card types and subtypes as printed ("Artifact", "Creature", "Goblin")."""
    keywords: tuple[str, ...] = ()
    who: Selector | None = None
    """Who creates them (``None``: the controller)."""

    kind: ClassVar[str] = "create_token"


@dataclasses.dataclass(frozen=True)
class Sacrifice(Effect):
    who: Selector
    what: Selector
    unless_pays: str = ""
    """Mana symbols: the sacrifice happens unless ``who`` pays them ("" when unconditional)."""

    kind: ClassVar[str] = "sacrifice"


@dataclasses.dataclass(frozen=True)
class GainControl(Effect):
    to: Selector
    duration: str = ""
    """"" for good, ``end_of_turn``, or the condition in words."""

    kind: ClassVar[str] = "gain_control"


@dataclasses.dataclass(frozen=True)
class ReturnFromGraveyard(Effect):
    to: Selector
    destination: str
    """``hand``, ``battlefield`` or ``library_top``."""

    kind: ClassVar[str] = "return_from_graveyard"


@dataclasses.dataclass(frozen=True)
class Exile(Effect):
    to: Selector

    kind: ClassVar[str] = "exile"


@dataclasses.dataclass(frozen=True)
class CantBlock(Effect):
    to: Selector
    duration: str = "end_of_turn"

    kind: ClassVar[str] = "cant_block"


@dataclasses.dataclass(frozen=True)
class CantAttack(Effect):
    to: Selector
    duration: str = ""

    kind: ClassVar[str] = "cant_attack"


@dataclasses.dataclass(frozen=True)
class PutOnLibrary(Effect):
    """Put ``to`` on top of its owner's library."""

    to: Selector

    kind: ClassVar[str] = "put_on_library"


@dataclasses.dataclass(frozen=True)
class CantBeBlocked(Effect):
    to: Selector
    duration: str = "end_of_turn"
    by: TargetSpec | None = None
    """Only creatures of this kind can't block it ("can't be blocked by Walls")."""

    kind: ClassVar[str] = "cant_be_blocked"


@dataclasses.dataclass(frozen=True)
class DoesntUntap(Effect):
    """``to`` doesn't untap during its controller's untap step (static)."""

    to: Selector
    next_only: bool = False
    """Only during its controller's next untap step (a one-shot effect)."""

    kind: ClassVar[str] = "doesnt_untap"


@dataclasses.dataclass(frozen=True)
class MayNotUntap(Effect):
    """"You may choose not to untap ``to`` during your untap step" (static)."""

    to: Selector

    kind: ClassVar[str] = "may_not_untap"


@dataclasses.dataclass(frozen=True)
class EntersTapped(Effect):
    """``to`` enters the battlefield tapped (static)."""

    to: Selector

    kind: ClassVar[str] = "enters_tapped"


@dataclasses.dataclass(frozen=True)
class EntersWithCounters(Effect):
    """The permanent enters the battlefield with ``amount`` ``counter`` counters on it."""

    counter: str
    amount: Amount

    kind: ClassVar[str] = "enters_with_counters"


@dataclasses.dataclass(frozen=True)
class MustAttack(Effect):
    """``to`` attacks each combat if able."""

    to: Selector

    kind: ClassVar[str] = "must_attack"


@dataclasses.dataclass(frozen=True)
class Delayed(Effect):
    """``effects`` happen later, ``when``: ``next_upkeep``, ``next_end_step``,
    ``end_of_combat``."""

    when: str
    effects: tuple[Effect, ...]

    kind: ClassVar[str] = "delayed"


@dataclasses.dataclass(frozen=True)
class AddMana(Effect):
    """Add one of ``options`` (pool notation, as :func:`rules.mana.parse_mana_effect` reads)."""

    options: tuple[str, ...]

    kind: ClassVar[str] = "add_mana"


@dataclasses.dataclass(frozen=True)
class Landhome(Effect):
    """The creature lives on ``land_type`` (old wording: "can't attack unless defending player
    controls an Island" / "When you control no Islands, sacrifice it")."""

    land_type: str

    kind: ClassVar[str] = "landhome"


@dataclasses.dataclass(frozen=True)
class Attach(Effect):
    """"Equip": attach this equipment to ``to`` (target creature you control;
    rules/core/equipment.py)."""

    to: Selector

    kind: ClassVar[str] = "attach"


@dataclasses.dataclass(frozen=True)
class Restriction(Effect):
    """"Activate only …" / "Cast this spell only …": ``when`` is ``instant`` (any time you
    could cast an instant), ``sorcery``, ``upkeep``, ``once_each_turn``, ``twice_each_turn``,
    ``your_turn``, ``declare_blockers``, ``before_blockers``, ``any_player`` (any player may
    activate it), ``x_not_0``."""

    when: str

    kind: ClassVar[str] = "restriction"


@dataclasses.dataclass(frozen=True)
class PayMana(Effect):
    """``who`` pays ``symbols`` (the effect after it usually depends on it: :class:`IfPaid`)."""

    symbols: str
    who: Selector | None = None
    """``None``: the controller."""

    kind: ClassVar[str] = "pay_mana"


@dataclasses.dataclass(frozen=True)
class IfPaid(Effect):
    """"If you do, …" / "If you don't, …" after an optional payment or choice."""

    effects: tuple[Effect, ...]
    did: bool = True
    """``True`` for "if you do", ``False`` for "if you don't"."""

    kind: ClassVar[str] = "if_paid"


@dataclasses.dataclass(frozen=True)
class AdditionalCost(Effect):
    """"As an additional cost to cast this spell, …" — paid when the spell is cast."""

    cost: tuple[CostPart, ...]

    kind: ClassVar[str] = "additional_cost"


@dataclasses.dataclass(frozen=True)
class Condition(Effect):
    """An intervening "if" of a triggered ability: the ability does nothing unless ``subject``
    is in ``state`` (``tapped``, ``untapped``) when it triggers and when it resolves."""

    subject: Selector
    state: str

    kind: ClassVar[str] = "condition"


@dataclasses.dataclass(frozen=True)
class ChooseOnEnter(Effect):
    """"As CARDNAME enters the battlefield, choose …": ``choices`` among ``color``,
    ``opponent``, ``land_type``, ``creature_type``, ``basic_land_type``."""

    choices: tuple[str, ...]

    kind: ClassVar[str] = "choose_on_enter"


@dataclasses.dataclass(frozen=True)
class ExtraTurn(Effect):
    """``who`` takes an extra turn after this one."""

    who: Selector

    kind: ClassVar[str] = "extra_turn"


@dataclasses.dataclass(frozen=True)
class Mode(Node):
    """One mode of a modal spell or ability."""

    effects: tuple[Effect, ...]

    kind: ClassVar[str] = "mode"


@dataclasses.dataclass(frozen=True)
class Modal(Effect):
    """"Choose one —": ``choose`` of ``modes``."""

    choose: int
    modes: tuple[Mode, ...]

    kind: ClassVar[str] = "modal"


@dataclasses.dataclass(frozen=True)
class May(Effect):
    """"You may …": the controller chooses whether ``effects`` happen."""

    effects: tuple[Effect, ...]

    kind: ClassVar[str] = "may"


# ====================================================================== costs and triggers
@dataclasses.dataclass(frozen=True)
class CostPart(Node):
    kind: ClassVar[str] = "cost_part"


@dataclasses.dataclass(frozen=True)
class ManaCost(CostPart):
    symbols: str
    """In Scryfall notation: ``"{2}{R}"``, ``"{X}{R}"``."""

    kind: ClassVar[str] = "mana_cost"


@dataclasses.dataclass(frozen=True)
class TapCost(CostPart):
    kind: ClassVar[str] = "tap_cost"


@dataclasses.dataclass(frozen=True)
class UntapCost(CostPart):
    kind: ClassVar[str] = "untap_cost"


@dataclasses.dataclass(frozen=True)
class SacrificeCost(CostPart):
    what: Selector
    """``self``, or ``chosen`` with a spec ("Sacrifice a Forest")."""

    kind: ClassVar[str] = "sacrifice_cost"


@dataclasses.dataclass(frozen=True)
class PayLifeCost(CostPart):
    amount: Amount

    kind: ClassVar[str] = "pay_life_cost"


@dataclasses.dataclass(frozen=True)
class DiscardCost(CostPart):
    amount: Amount
    at_random: bool = False

    kind: ClassVar[str] = "discard_cost"


@dataclasses.dataclass(frozen=True)
class RemoveCountersCost(CostPart):
    """Remove ``amount`` ``counter`` counters from ``source`` (``var="any"``: any number)."""

    counter: str
    amount: Amount
    source: Selector

    kind: ClassVar[str] = "remove_counters_cost"


@dataclasses.dataclass(frozen=True)
class ExileCost(CostPart):
    what: Selector

    kind: ClassVar[str] = "exile_cost"


@dataclasses.dataclass(frozen=True)
class LoyaltyCost(CostPart):
    """A planeswalker's loyalty cost: ``change`` is ``"+1"``, ``"-2"``, ``"-X"`` or ``"0"``
    (rules/core/planeswalkers.py puts or removes the counters)."""

    change: str

    kind: ClassVar[str] = "loyalty_cost"


@dataclasses.dataclass(frozen=True)
class UnreadCost(CostPart):
    """A cost part the reader can't read ("Remove a charge counter from …")."""

    kind: ClassVar[str] = "unread_cost"


@dataclasses.dataclass(frozen=True)
class Trigger(Node):
    """When a triggered ability triggers.

    ``event``: ``enters``, ``dies``, ``leaves``, ``upkeep``, ``draw_step``, ``end_step``,
    ``attacks``, ``blocks``, ``attacks_or_blocks``, ``becomes_blocked``, ``blocks_or_blocked``,
    ``deals_damage``, ``deals_combat_damage``, ``dealt_damage``, ``end_of_combat``,
    ``becomes_tapped``, or ``unread`` (the condition in ``text`` is not read).
    ``subject``: whose event (``self``, ``enchanted``, ``any``…); ``whose``: for step triggers,
    ``you``, ``each``, ``opponent`` or ``enchanted_controller``.
    """

    event: str
    subject: Selector | None = None
    whose: str = ""
    to: str = ""
    """For damage triggers, whom the damage goes to: ``player``, ``creature`` or ""."""
    by: TargetSpec | None = None
    """For block triggers, what kind of creature blocks or is blocked ("by a Wall")."""

    kind: ClassVar[str] = "trigger"


# ====================================================================== abilities
@dataclasses.dataclass(frozen=True)
class Ability(Node):
    kind: ClassVar[str] = "ability"


@dataclasses.dataclass(frozen=True)
class Keyword(Node):
    """One keyword ability: ``name`` in lower case ("flying", "islandwalk",
    "protection from red", "rampage 2", "enchant creature")."""

    name: str
    enchant: TargetSpec | None = None
    """For "Enchant …": what the aura may enchant (its target when cast)."""

    kind: ClassVar[str] = "keyword"


@dataclasses.dataclass(frozen=True)
class KeywordLine(Ability):
    keywords: tuple[Keyword, ...]

    kind: ClassVar[str] = "keyword_line"


@dataclasses.dataclass(frozen=True)
class SpellAbility(Ability):
    """What an instant or sorcery does when it resolves."""

    effects: tuple[Effect, ...]

    kind: ClassVar[str] = "spell_ability"


@dataclasses.dataclass(frozen=True)
class ActivatedAbility(Ability):
    cost: tuple[CostPart, ...]
    effects: tuple[Effect, ...]

    kind: ClassVar[str] = "activated_ability"


@dataclasses.dataclass(frozen=True)
class TriggeredAbility(Ability):
    trigger: Trigger
    effects: tuple[Effect, ...]

    kind: ClassVar[str] = "triggered_ability"


@dataclasses.dataclass(frozen=True)
class StaticAbility(Ability):
    effects: tuple[Effect, ...]

    kind: ClassVar[str] = "static_ability"


@dataclasses.dataclass(frozen=True)
class CardReading(Node):
    """Everything read from one card's text."""

    name: str
    abilities: tuple[Ability, ...]
    x_cost: bool = False
    """The mana cost has {X} (the caster chooses X)."""

    kind: ClassVar[str] = "card_reading"

    def unimplemented(self) -> list[str]:
        """The clauses the reader left unread, in text order."""
        out: list[str] = []
        for node in self.walk():
            if isinstance(node, (Unimplemented, UnreadCost)) or (
                    isinstance(node, Trigger) and node.event == "unread"):
                out.append(node.text)
        return out

    @property
    def fully_read(self) -> bool:
        return not self.unimplemented()
