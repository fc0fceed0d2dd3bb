"""The nodes of land and mana clauses (fx-mana), read by :mod:`.templates_mana`.

Depletion and storage counters, mana "instead", "equal to" or "for each", Mishra's Workshop's
restricted mana, "if that land was a snow land", Mana Short, a land made to produce another
kind of mana. The engine side (:mod:`.mana_support`, ``rules/core/fx_mana.py``) asks these.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from frontier_desktop.rules.effects.nodes import Amount, Effect, Selector, TargetSpec


@dataclasses.dataclass(frozen=True)
class DoesntUntapWithCounter(Effect):
    """"CARDNAME doesn't untap during your untap step if it has a ``counter`` counter on it"
    (depletion lands)."""

    to: Selector
    counter: str

    kind: ClassVar[str] = "doesnt_untap_with_counter"


@dataclasses.dataclass(frozen=True)
class RemoveCounters(Effect):
    """Remove ``amount`` ``counter`` counters from ``to`` (an effect, not a cost)."""

    to: Selector
    counter: str
    amount: Amount

    kind: ClassVar[str] = "remove_counters"


@dataclasses.dataclass(frozen=True)
class AddManaPerCounter(Effect):
    """"Add {B} for each storage counter removed this way" (storage lands); with ``base`` 1:
    "Add {W}, then add an additional {W} for each charge counter removed this way" (mana
    batteries)."""

    mana: str
    counter: str
    base: int = 0

    kind: ClassVar[str] = "add_mana_per_counter"


@dataclasses.dataclass(frozen=True)
class SpendOnly(Effect):
    """"Spend this mana only to cast ``what`` spells" (Mishra's Workshop)."""

    what: str

    kind: ClassVar[str] = "spend_only"


@dataclasses.dataclass(frozen=True)
class AddManaInstead(Effect):
    """"If you control an Urza's Power-Plant and an Urza's Tower, add {C}{C} instead"."""

    lands: tuple[str, ...]
    mana: str

    kind: ClassVar[str] = "add_mana_instead"


@dataclasses.dataclass(frozen=True)
class AddManaEqual(Effect):
    """"Add an amount of {B} equal to the sacrificed artifact's mana value"."""

    mana: str
    what: str
    """``sacrificed``: the permanent the cost sacrificed."""

    kind: ClassVar[str] = "add_mana_equal"


@dataclasses.dataclass(frozen=True)
class AddManaOpponentLand(Effect):
    """"Add one mana of any color that a land an opponent controls could produce"."""

    kind: ClassVar[str] = "add_mana_opponent_land"


@dataclasses.dataclass(frozen=True)
class AddManaPerCard(Effect):
    """"Add {B} for each creature card in your graveyard" (Songs of the Damned)."""

    mana: str
    card: TargetSpec

    kind: ClassVar[str] = "add_mana_per_card"


@dataclasses.dataclass(frozen=True)
class IfSnowLand(Effect):
    """"If that land was a snow land, <effects>" after destroying a land (Thermokarst)."""

    effects: tuple[Effect, ...]

    kind: ClassVar[str] = "if_snow_land"


@dataclasses.dataclass(frozen=True)
class ManaShort(Effect):
    """"Tap all lands target player controls and that player loses all unspent mana"."""

    who: Selector

    kind: ClassVar[str] = "mana_short"


@dataclasses.dataclass(frozen=True)
class ProducesColourless(Effect):
    """"If target Plains is tapped for mana, it produces colorless mana instead of white
    mana" (Quarum Trench Gnomes; it lasts indefinitely)."""

    to: Selector
    colour: str
    """The kind of mana it no longer makes (``W``)."""

    kind: ClassVar[str] = "produces_colourless"


@dataclasses.dataclass(frozen=True)
class ManaForEachCard(Effect):
    """"For each artifact or creature card in target opponent's graveyard, add {C} and you
    gain 1 life" (Spoils of Evil)."""

    who: Selector
    types: tuple[str, ...]
    """Card types counted (a card of any of them)."""
    mana: str
    life: int

    kind: ClassVar[str] = "mana_for_each_card"


@dataclasses.dataclass(frozen=True)
class AddManaExtra(Effect):
    """"Its controller adds an additional {R}" after a land is tapped for mana."""

    mana: str

    kind: ClassVar[str] = "add_mana_extra"


@dataclasses.dataclass(frozen=True)
class LandManaReplaced(Effect):
    """"If a land is tapped for mana, it produces colorless mana instead of any other type"
    (Ritual of Subdual: ``mapping`` empty, everything {C}); Naked Singularity's
    "Plains produce {R}, …" (``mapping`` land type → mana)."""

    mapping: tuple[tuple[str, str], ...] = ()

    kind: ClassVar[str] = "land_mana_replaced"
