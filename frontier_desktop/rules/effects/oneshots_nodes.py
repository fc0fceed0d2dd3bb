"""The nodes of fx-oneshots' one-shot effects (read by ``oneshots.py``, carried out by
``rules/variants/fx_oneshots*.py``): frozen dataclasses like those of :mod:`.nodes`, each with its
``kind`` (registered in ``nodes.NODE_KINDS`` for the wire form)."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from frontier_desktop.rules.effects import nodes as n


@dataclasses.dataclass(frozen=True)
class ExchangeLife(n.Effect):
    """"Exchange life totals with ``to``" (``within``: only when the totals differ by at most
    that much, Psychic Transfer)."""

    to: n.Selector
    within: int = 0

    kind: ClassVar[str] = "exchange_life"


@dataclasses.dataclass(frozen=True)
class Refill(n.Effect):
    """Each player empties their hand, then draws: ``what`` is ``discard_hand`` (Wheel of
    Fortune), ``hand_and_graveyard`` (shuffled into the library, Timetwister) or ``hand``
    (shuffled into the library, then draw that many: Winds of Change); ``draw`` 0 = as many
    as the hand held."""

    what: str
    draw: int = 7

    kind: ClassVar[str] = "refill"


@dataclasses.dataclass(frozen=True)
class LookAtHand(n.Effect):
    """"Look at target player's hand" (shown to the caster only)."""

    to: n.Selector

    kind: ClassVar[str] = "look_at_hand"


@dataclasses.dataclass(frozen=True)
class TapOrUntap(n.Effect):
    """"(You may) tap or untap ``to``": the controller chooses on resolution."""

    to: n.Selector
    may: bool = False

    kind: ClassVar[str] = "tap_or_untap"


@dataclasses.dataclass(frozen=True)
class PutFromHand(n.Effect):
    """"Put ``amount`` cards from your hand on top of your library in any order"."""

    amount: n.Amount

    kind: ClassVar[str] = "put_from_hand"


@dataclasses.dataclass(frozen=True)
class ReturnAllOwned(n.Effect):
    """"Return all artifacts target player owns to their hand"."""

    who: n.Selector
    noun: str

    kind: ClassVar[str] = "return_all_owned"


@dataclasses.dataclass(frozen=True)
class BounceOwn(n.Effect):
    """"Return target permanent you both own and control to your hand" (``with_self``: "Return
    CARDNAME and target … to their owner's hand")."""

    to: n.Selector
    with_self: bool = False

    kind: ClassVar[str] = "bounce_own"


@dataclasses.dataclass(frozen=True)
class ShuffleLibrary(n.Effect):
    """``who`` shuffles their library (``may``: "you may have that player shuffle")."""

    who: n.Selector
    may: bool = False

    kind: ClassVar[str] = "shuffle_library"


@dataclasses.dataclass(frozen=True)
class ExileGraveyard(n.Effect):
    """"Exile target player's graveyard"."""

    who: n.Selector

    kind: ClassVar[str] = "exile_graveyard"


@dataclasses.dataclass(frozen=True)
class GraveyardToBottom(n.Effect):
    """"Put the top card of your graveyard on the bottom of your library"."""

    kind: ClassVar[str] = "graveyard_to_bottom"


@dataclasses.dataclass(frozen=True)
class CantRegenerate(n.Effect):
    """"Target creature can't be regenerated this turn"."""

    to: n.Selector

    kind: ClassVar[str] = "cant_regenerate"


@dataclasses.dataclass(frozen=True)
class LookTop(n.Effect):
    """Look at the top ``count`` cards of ``who``'s library; keep ``keep`` of them
    (``keep_to``: ``hand``), the rest go to ``rest``: ``exile``, ``graveyard``, ``back`` (on
    top in any order) or "" (stay: a later :class:`PutLooked` says where)."""

    who: n.Selector
    count: int
    keep: int = 0
    keep_to: str = ""
    rest: str = ""
    x: bool = False
    """"the top X cards": ``count`` is the X paid."""

    kind: ClassVar[str] = "look_top"


@dataclasses.dataclass(frozen=True)
class PutLooked(n.Effect):
    """"Put two of them into your hand and the rest into your graveyard" (after LookTop)."""

    keep: int
    keep_to: str
    rest: str

    kind: ClassVar[str] = "put_looked"


@dataclasses.dataclass(frozen=True)
class SearchExile(n.Effect):
    """"Search (target player's / your) library for ``count`` cards, exile them" (``shuffle``:
    "then shuffle" in the same sentence)."""

    who: n.Selector
    count: int
    shuffle: bool = False

    kind: ClassVar[str] = "search_exile"


@dataclasses.dataclass(frozen=True)
class HandToTop(n.Effect):
    """"Target player chooses three cards from their hand and puts them on top of their
    library in any order"."""

    who: n.Selector
    count: int

    kind: ClassVar[str] = "hand_to_top"


@dataclasses.dataclass(frozen=True)
class ChooseFromHand(n.Effect):
    """"Look at target player's hand and choose X cards from it" (the next sentence, "That
    player discards those cards", is :class:`DiscardThose`)."""

    who: n.Selector
    amount: n.Amount

    kind: ClassVar[str] = "choose_from_hand"


@dataclasses.dataclass(frozen=True)
class DiscardThose(n.Effect):
    """"That player discards those cards": carried out when the choice before it is made."""

    kind: ClassVar[str] = "discard_those"


@dataclasses.dataclass(frozen=True)
class GraveyardToTop(n.Effect):
    """"Put up to three target (creature) cards from a graveyard on top of their owner's
    library (in any order)": in the order the targets are named, the first on top."""

    to: n.Selector

    kind: ClassVar[str] = "graveyard_to_top"


@dataclasses.dataclass(frozen=True)
class MayDraw(n.Effect):
    """"(Target opponent / defending player / you) may draw a card": ``who`` chooses."""

    who: n.Selector
    amount: n.Amount

    kind: ClassVar[str] = "may_draw"


@dataclasses.dataclass(frozen=True)
class ExileTopCost(n.CostPart):
    """"Exile the top N cards of your library" (a cost)."""

    amount: n.Amount

    kind: ClassVar[str] = "exile_top_cost"


@dataclasses.dataclass(frozen=True)
class ExileTopPrevented(n.Effect):
    """"Exile cards from the top of your library equal to the damage prevented this way"
    (after a "source of your choice" prevention: done when the shield is used)."""

    kind: ClassVar[str] = "exile_top_prevented"


@dataclasses.dataclass(frozen=True)
class IfColour(n.Effect):
    """"Destroy / Counter target … if it's blue": ``verb`` happens only when the target has
    ``colour`` on resolution (a target of another colour is legal and untouched)."""

    verb: str
    to: n.Selector
    colour: str
    no_regenerate: bool = False
    """"A creature destroyed this way can't be regenerated" (folded in by the reader)."""

    kind: ClassVar[str] = "if_colour"


@dataclasses.dataclass(frozen=True)
class NamedToken(n.Effect):
    """"Create a 1/1 … creature token named Wasp": ``token`` with its own ``name``."""

    token: n.CreateToken
    name: str

    kind: ClassVar[str] = "named_token"


@dataclasses.dataclass(frozen=True)
class TwoDamage(n.Effect):
    """"… deals 2 damage to any target and 3 damage to itself" / "X damage to target opponent
    and half X damage, rounded up, to you": both parts."""

    first: n.DealDamage
    second: n.DealDamage

    kind: ClassVar[str] = "two_damage"


@dataclasses.dataclass(frozen=True)
class ReturnAuras(n.Effect):
    """"Return all Auras attached to target permanent you own to their owners' hands"."""

    to: n.Selector

    kind: ClassVar[str] = "return_auras"


@dataclasses.dataclass(frozen=True)
class DamageThose(n.Effect):
    """"… deals 2 damage to each of those creatures with flying" (the ones a clause before
    reached)."""

    amount: n.Amount
    keyword: str

    kind: ClassVar[str] = "damage_those"


@dataclasses.dataclass(frozen=True)
class DamageEachPlus(n.Effect):
    """"… deals X damage to each creature with flying and 1 additional damage to each blue
    creature": ``amount`` to each ``first``, ``extra`` more to each ``second``."""

    amount: n.Amount
    first: n.TargetSpec
    extra: int
    second: n.TargetSpec

    kind: ClassVar[str] = "damage_each_plus"


@dataclasses.dataclass(frozen=True)
class DamageByValue(n.Effect):
    """"… deals damage equal to that Wall's mana value to the Wall's controller" (the object
    the clause before destroyed)."""

    kind: ClassVar[str] = "damage_by_value"


@dataclasses.dataclass(frozen=True)
class ExileRandomRest(n.Effect):
    """"Exile four of them at random, then put the rest on top of your library in any order"
    (after "look at the top N cards of your library")."""

    count: int

    kind: ClassVar[str] = "exile_random_rest"


@dataclasses.dataclass(frozen=True)
class DamageEvenly(n.Effect):
    """"… deals X damage divided evenly, rounded down, among all creatures target opponent
    controls"."""

    amount: n.Amount
    who: n.Selector

    kind: ClassVar[str] = "damage_evenly"


@dataclasses.dataclass(frozen=True)
class SourceShield(n.Effect):
    """"The next time a source (an unblocked creature) of your choice would deal damage …":
    ``mode`` is ``reflect`` (dealt to that source's controller instead), ``eye`` (dealt, and
    CARDNAME deals as much to that source's controller) or ``all_but_1`` (prevent all but 1);
    ``to`` None: damage to anything."""

    by: n.Selector
    to: n.Selector | None
    mode: str
    combat_only: bool = False

    kind: ClassVar[str] = "source_shield"


@dataclasses.dataclass(frozen=True)
class FlyerShield(n.Effect):
    """"Prevent all damage that would be dealt to you this turn by creatures with flying"."""

    keyword: str

    kind: ClassVar[str] = "flyer_shield"


@dataclasses.dataclass(frozen=True)
class RevealCard(n.Effect):
    """"Draw a card and reveal it" (``draw``) / "Reveal the top card of target opponent's
    library": the card is shown to both players."""

    who: n.Selector
    draw: bool = False

    kind: ClassVar[str] = "reveal_card"


@dataclasses.dataclass(frozen=True)
class IfLand(n.Effect):
    """"If it isn't a land card, discard it" / "If it's a land, you gain 1 life" / "If the
    exiled card is a snow land, CARDNAME gets +1/+1 until end of turn": ``then`` happens when
    the card revealed (or exiled) is (``land``) or isn't a (snow) land — in Frontier libraries
    hold no lands."""

    land: bool
    then: str
    """``discard``, ``gain_1`` or ``pump_self``."""
    snow: bool = False

    kind: ClassVar[str] = "if_land"


@dataclasses.dataclass(frozen=True)
class RedirectNext(n.Effect):
    """"The next N damage that would be dealt to target … this turn is dealt to CARDNAME
    instead"."""

    to: n.Selector
    amount: n.Amount

    kind: ClassVar[str] = "redirect_next"


@dataclasses.dataclass(frozen=True)
class DiscardHand(n.Effect):
    """"That player / target player discards their hand"."""

    who: n.Selector

    kind: ClassVar[str] = "discard_hand"


@dataclasses.dataclass(frozen=True)
class SelfShield(n.Effect):
    """"The next time CARDNAME would deal damage to you this turn, prevent that damage"."""

    kind: ClassVar[str] = "self_shield"


@dataclasses.dataclass(frozen=True)
class MayBottom(n.Effect):
    """"You may put that card on the bottom of that player's library" (after a look at the
    top card)."""

    kind: ClassVar[str] = "may_bottom"


__all__ = ["ExchangeLife", "Refill", "LookAtHand", "TapOrUntap", "PutFromHand", "ReturnAllOwned",
           "BounceOwn", "ShuffleLibrary", "ExileGraveyard", "GraveyardToBottom", "CantRegenerate",
           "LookTop", "PutLooked", "SearchExile", "HandToTop", "ChooseFromHand", "DiscardThose",
           "GraveyardToTop", "MayDraw", "ExileTopCost", "ExileTopPrevented", "IfColour",
           "NamedToken", "TwoDamage", "ReturnAuras", "DamageThose", "DamageEachPlus",
           "DamageByValue", "ExileRandomRest", "DamageEvenly", "SourceShield", "FlyerShield",
           "RevealCard", "IfLand", "RedirectNext", "DiscardHand", "SelfShield", "MayBottom"]
