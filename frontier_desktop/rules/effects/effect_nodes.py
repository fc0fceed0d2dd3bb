"""The effect nodes of :mod:`.nodes`: one frozen dataclass per thing a clause makes happen.

Damage, pumps and keywords, destruction, tapping, cards and life, counters, regeneration and
prevention, moving objects between zones, counterspells, searches and tokens, sacrifice and
control; the combat and untap restrictions and the "enters the battlefield" statics; mana; and
the effects that wrap or condition others (:class:`Delayed`, :class:`IfPaid`,
:class:`Modal` and its :class:`Mode`, :class:`May`). :class:`Unimplemented` is a clause the
reader could not read.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, ClassVar

from frontier_desktop.rules.effects.node_base import Amount, Effect, Node, Selector, TargetSpec

if TYPE_CHECKING:
    from frontier_desktop.rules.effects.ability_nodes import CostPart


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
    """"" for good, ``end_of_turn``, ``attached`` (an aura's "You control enchanted …"), or
    the condition in words."""

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
