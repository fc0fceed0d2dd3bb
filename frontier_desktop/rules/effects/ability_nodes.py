"""The cost, trigger and ability nodes of :mod:`.nodes`, up to a whole :class:`CardReading`.

Cost parts (:class:`CostPart` and its kinds: mana, {T}, sacrifice, life, discard, counters,
exile, loyalty, :class:`UnreadCost`), the :class:`Trigger` of a triggered ability, keywords, the
five kinds of :class:`Ability`, and :class:`CardReading`: one card's abilities in text order.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from frontier_desktop.rules.effects.effect_nodes import Unimplemented
from frontier_desktop.rules.effects.node_base import Amount, Effect, Node, Selector, TargetSpec


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
