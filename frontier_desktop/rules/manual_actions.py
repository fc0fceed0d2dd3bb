"""Manual actions: the table's actions that carry out card text the engine doesn't model.

Tapping and untapping, counters, power/toughness changes, life, moving a card between zones,
tokens, destroying or sacrificing lands and permanents, regeneration shields, dice rolls,
mana and draws by hand. Each is a :class:`Manual` (``manual`` and ``instant``), may name the
card whose text it carries out (wire: ``for``), is logged for all players, and is registered
in :data:`.action_wire.ACTIONS` (after the game actions: :mod:`.actions` imports this module
once they are defined).
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from frontier_desktop.rules.action_wire import Action, Pos, _register, field


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
