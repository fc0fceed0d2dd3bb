"""The nodes of continuous and combat statics (fx-statics), read by :mod:`.templates_statics`.

Blocking rules, "can't attack or block", an additional block, landwalk ignored, power and
toughness set or switched, "as long as" conditions, static prevention, keywords lost, "can't
attack if …", defender ignored, "must be blocked", base power and toughness, damage redirected
from unblocked creatures, banding grants, untargetability, Aspect of Wolf's pump and spell cost
changes. :mod:`.statics_support` says which forms of them the engine carries out.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from frontier_desktop.rules.effects.nodes import Effect, Selector, TargetSpec


@dataclasses.dataclass(frozen=True)
class BlockRule(Effect):
    """Who may block whom. Frontier: the attacked creature is the blocker for card text.

    ``rule``: ``except_by`` (can't be blocked except by *spec*), ``min_blockers`` (except by
    *count* or more creatures), ``max_blockers`` (by more than *count* creatures) — rules of the
    attacker *to*; ``cant_block`` (*to* can't block creatures matching *spec*).
    """

    to: Selector
    rule: str
    spec: TargetSpec | None = None
    count: int = 0
    duration: str = ""

    kind: ClassVar[str] = "block_rule"


@dataclasses.dataclass(frozen=True)
class CantAttackOrBlock(Effect):
    """"Enchanted creature can't attack or block" (Pacifism)."""

    to: Selector
    duration: str = ""

    kind: ClassVar[str] = "cant_attack_or_block"


@dataclasses.dataclass(frozen=True)
class ExtraBlock(Effect):
    """"CARDNAME can block an additional creature each combat"."""

    to: Selector

    kind: ClassVar[str] = "extra_block"


@dataclasses.dataclass(frozen=True)
class IgnoreLandwalk(Effect):
    """"Creatures with islandwalk can be blocked as though they didn't have islandwalk":
    ``land_types`` (``("Island",)``; every basic type for "landwalk abilities")."""

    land_types: tuple[str, ...]

    kind: ClassVar[str] = "ignore_landwalk"


@dataclasses.dataclass(frozen=True)
class SetPT(Effect):
    """Characteristic-defining power/toughness: ``plus`` + the number of ``count`` objects.

    ``which``: ``both``, ``power`` or ``toughness``; ``named``: for "creatures named X".
    """

    which: str
    plus: int
    count: TargetSpec
    named: str = ""

    kind: ClassVar[str] = "set_pt"


@dataclasses.dataclass(frozen=True)
class AsLongAs(Effect):
    """A static ability that applies only while a condition holds.

    ``when``: ``untapped``, ``attacking`` (the permanent itself), ``your_turn``,
    ``not_your_turn``, ``you_control`` / ``opponent_controls`` (*spec*: a land type, read as
    the lands the player's creatures stand on, or a permanent).
    """

    when: str
    effects: tuple[Effect, ...]
    spec: TargetSpec | None = None
    subject: str = ""
    """For ``untapped``/``attacking``/``not_attacking``: ``self`` ("as long as CARDNAME is
    untapped") or ``it`` (the creature the effect reaches: the permanent itself, the enchanted
    creature, or each creature of an "each creature … as long as it's …")."""

    kind: ClassVar[str] = "as_long_as"


@dataclasses.dataclass(frozen=True)
class StaticPrevent(Effect):
    """"Prevent all (combat) damage that would be dealt to CARDNAME by …": ``by`` is
    ``artifact`` (artifact sources), ``blocked`` (creatures it's blocking) or ``enchanted``
    (enchanted creatures); ``combat``: combat damage only. ("… by Walls" is the reader's
    PreventDamage with a ``by`` spec: fx_statics.prevents.)"""

    by: str
    combat: bool = False

    kind: ClassVar[str] = "static_prevent"


@dataclasses.dataclass(frozen=True)
class LoseKeyword(Effect):
    """"Target creature loses flying until end of turn"."""

    to: Selector
    keywords: tuple[str, ...]
    duration: str = "end_of_turn"

    kind: ClassVar[str] = "lose_keyword"


@dataclasses.dataclass(frozen=True)
class SwitchPT(Effect):
    """"Switch target creature's power and toughness until end of turn"."""

    to: Selector
    duration: str = "end_of_turn"

    kind: ClassVar[str] = "switch_pt"


@dataclasses.dataclass(frozen=True)
class CantAttackIf(Effect):
    """"CARDNAME can't attack if defending player controls an untapped creature with power 3
    or greater" (``when`` ``opponent_controls``, *spec*) / "if there's another creature on the
    battlefield" (``another_creature``)."""

    to: Selector
    when: str
    spec: TargetSpec | None = None

    kind: ClassVar[str] = "cant_attack_if"


@dataclasses.dataclass(frozen=True)
class IgnoreDefender(Effect):
    """"… can attack (this turn) as though it didn't have defender"."""

    to: Selector
    duration: str = ""

    kind: ClassVar[str] = "ignore_defender"


@dataclasses.dataclass(frozen=True)
class MustBeBlocked(Effect):
    """"All creatures (Walls) able to block CARDNAME do so" (Lure, Elvish Bard)."""

    to: Selector
    by: TargetSpec | None = None

    kind: ClassVar[str] = "must_be_blocked"


@dataclasses.dataclass(frozen=True)
class SetBasePT(Effect):
    """"Target creature … has base power and toughness 0/2 until end of turn"."""

    to: Selector
    power: int
    toughness: int
    duration: str = "end_of_turn"

    kind: ClassVar[str] = "set_base_pt"


@dataclasses.dataclass(frozen=True)
class PumpManaValue(Effect):
    """"Target creature gets +0/+X until end of turn, where X is its mana value"."""

    to: Selector
    power: bool
    toughness: bool

    kind: ClassVar[str] = "pump_mana_value"


@dataclasses.dataclass(frozen=True)
class RedirectUnblocked(Effect):
    """"All (combat) damage that would be dealt to you by unblocked creatures (this turn) is
    dealt to CARDNAME instead" (Veteran Bodyguard, Kjeldoran Royal Guard)."""

    duration: str = ""

    kind: ClassVar[str] = "redirect_unblocked"


@dataclasses.dataclass(frozen=True)
class BandGrant(Effect):
    """"(All / attacking) creatures banded with CARDNAME gain first strike until end of turn"
    (Icatian Skirmishers, Urza's Engine): the other members of its banding stack."""

    keywords: tuple[str, ...]
    attacking: bool = False

    kind: ClassVar[str] = "band_grant"


@dataclasses.dataclass(frozen=True)
class Untargetable(Effect):
    """"CARDNAME can't be the target of spells (unless it attacked or blocked this turn)",
    "Enchanted creature … can't be the target of spells"."""

    to: Selector
    unless_fought: bool = False

    kind: ClassVar[str] = "untargetable"


@dataclasses.dataclass(frozen=True)
class HalfCountPump(Effect):
    """Aspect of Wolf: "+X/+Y, where X is half the number of Forests you control, rounded down,
    and Y is half …, rounded up"."""

    to: Selector
    count: TargetSpec

    kind: ClassVar[str] = "half_count_pump"


@dataclasses.dataclass(frozen=True)
class CostChange(Effect):
    """"Creature spells cost {2} more to cast" (Feroz's Ban), "Black spells you cast cost {B}
    more", "Creature spells you cast cost up to {2} less" (Planar Gate).

    ``kinds``: each a spell description (``"creature"``, ``"green enchantment"``, ``"black"``);
    a spell matching any of them is changed. ``mine``: only the controller's spells.
    ``symbols``: the mana added, or for ``less`` the generic mana taken off (up to it).
    """

    kinds: tuple[str, ...]
    mine: bool
    symbols: str
    less: bool = False

    kind: ClassVar[str] = "cost_change"
