"""Reader templates for land and mana clauses (fx-mana), registered with the reader's
``_template`` when :mod:`frontier_desktop.rules.effects.reader` imports this module."""

from __future__ import annotations

import dataclasses
import re
from typing import ClassVar

from frontier_desktop.rules.effects.nodes import Amount, Effect, GrantKeyword, Selector
from frontier_desktop.rules.effects.reader import _template
from frontier_desktop.rules.effects.nodes import TargetSpec
from frontier_desktop.rules.effects.targets import read_object, read_spec


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


@_template(r"(?P<to>.+?) doesn't untap during your untap step if it has an? (?P<c>\w+) counter "
           r"on it")
def _untap_with_counter(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return DoesntUntapWithCounter(to, m.group("c"), text=text) if to else None


@_template(r"remove an? (?P<c>\w+) counter from (?P<to>.+)")
def _remove_counter(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return RemoveCounters(to, m.group("c"), Amount(1, text="a"), text=text) if to else None


@_template(r"add \{(?P<m>[wubrgc])\} for each (?P<c>\w+) counter removed this way")
def _mana_per_counter(m: re.Match[str], text: str, context: str) -> Effect | None:
    return AddManaPerCounter("{" + m.group("m").upper() + "}", m.group("c"), text=text)


@_template(r"spend this mana only to cast (?P<what>artifact) spells")
def _spend_only(m: re.Match[str], text: str, context: str) -> Effect | None:
    return SpendOnly(m.group("what"), text=text)


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


_INSTEAD_RE = re.compile(r"^if you control an? (?P<a>.+?) and an? (?P<b>.+?), add "
                         r"(?P<m>(?:\{[wubrgc]\})+) instead$", re.IGNORECASE)


@_template(r"if you control an? .+? and an? .+?, add (?:\{[wubrgc]\})+ instead")
def _instead(m: re.Match[str], text: str, context: str) -> Effect | None:
    found = _INSTEAD_RE.match(text.strip().rstrip("."))
    if found is None:
        return None
    return AddManaInstead((found.group("a"), found.group("b")), found.group("m").upper(),
                          text=text)


@_template(r"add an amount of \{(?P<m>[wubrgc])\} equal to the sacrificed "
           r"(?:artifact|creature|permanent)'s mana value")
def _mana_equal(m: re.Match[str], text: str, context: str) -> Effect | None:
    return AddManaEqual("{" + m.group("m").upper() + "}", "sacrificed", text=text)


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


@_template(r"add \{(?P<m>[wubrgc])\}, then add an additional \{(?P=m)\} for each "
           r"(?P<c>\w+) counter removed this way")
def _battery(m: re.Match[str], text: str, context: str) -> Effect | None:
    return AddManaPerCounter("{" + m.group("m").upper() + "}", m.group("c"), 1, text=text)


@_template(r"add one mana of any colou?r that a land an opponent controls could produce")
def _fellwar(m: re.Match[str], text: str, context: str) -> Effect | None:
    return AddManaOpponentLand(text=text)


@_template(r"add \{(?P<m>[wubrgc])\} for each (?P<spec>[a-z ]+? card) in your graveyard")
def _per_card(m: re.Match[str], text: str, context: str) -> Effect | None:
    spec = read_spec(m.group("spec"))
    return AddManaPerCard("{" + m.group("m").upper() + "}", spec, text=text) if spec else None


@_template(r'(?P<to>.+?) (?:have|has) "bands with other legendary creatures\.?"')
def _legendary_banding(m: re.Match[str], text: str, context: str) -> Effect | None:
    """The legendary lands (Cathedral of Serra): Frontier treats "bands with other …" as
    banding (../shared/rules/frontier.md, Banding)."""
    to = read_object(m.group("to"))
    return GrantKeyword(to, ("banding",), "", text=text) if to is not None else None


@dataclasses.dataclass(frozen=True)
class IfSnowLand(Effect):
    """"If that land was a snow land, <effects>" after destroying a land (Thermokarst)."""

    effects: tuple[Effect, ...]

    kind: ClassVar[str] = "if_snow_land"


@_template(r"if that land was a snow land, (?P<rest>.+)")
def _if_snow(m: re.Match[str], text: str, context: str) -> Effect | None:
    from frontier_desktop.rules.effects.reader import read_clause

    rest = text.strip().rstrip(".")
    inner = read_clause(rest[rest.lower().index(", ") + 2:], context)
    return IfSnowLand((inner,), text=text) if inner is not None else None


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


@_template(r"tap all lands (?P<who>target player) controls and that player loses all unspent "
           r"mana")
def _mana_short(m: re.Match[str], text: str, context: str) -> Effect | None:
    who = read_object(m.group("who"))
    return ManaShort(who, text=text) if who is not None else None


@_template(r"if (?P<to>target (?:plains|island|swamp|mountain|forest)) is tapped for mana, it "
           r"produces colorless mana instead of (?P<c>white|blue|black|red|green) mana")
def _produces_colourless(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    letter = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}[m.group("c")]
    return ProducesColourless(to, letter, text=text) if to is not None else None


_CARD_TYPES = ("artifact", "creature", "enchantment", "instant", "sorcery", "land")


@_template(r"for each (?P<types>[a-z ]+?) card in (?P<who>target opponent)'s graveyard, add "
           r"\{(?P<m>[wubrgc])\} and you gain (?P<n>\d+) life")
def _spoils(m: re.Match[str], text: str, context: str) -> Effect | None:
    types = tuple(t.strip() for t in m.group("types").split(" or "))
    who = read_object(m.group("who"))
    if who is None or not all(t in _CARD_TYPES for t in types):
        return None
    return ManaForEachCard(who, types, "{" + m.group("m").upper() + "}", int(m.group("n")),
                           text=text)


@dataclasses.dataclass(frozen=True)
class AddManaExtra(Effect):
    """"Its controller adds an additional {R}" after a land is tapped for mana."""

    mana: str

    kind: ClassVar[str] = "add_mana_extra"


@_template(r"its controller adds an additional \{(?P<m>[wubrgc])\}")
def _extra_mana(m: re.Match[str], text: str, context: str) -> Effect | None:
    return AddManaExtra("{" + m.group("m").upper() + "}", text=text)


@dataclasses.dataclass(frozen=True)
class LandManaReplaced(Effect):
    """"If a land is tapped for mana, it produces colorless mana instead of any other type"
    (Ritual of Subdual: ``mapping`` empty, everything {C}); Naked Singularity's
    "Plains produce {R}, …" (``mapping`` land type → mana)."""

    mapping: tuple[tuple[str, str], ...] = ()

    kind: ClassVar[str] = "land_mana_replaced"


@_template(r"if a land is tapped for mana, it produces colorless mana instead of any other type")
def _subdual(m: re.Match[str], text: str, context: str) -> Effect | None:
    return LandManaReplaced((), text=text)


_SINGULAR = {"plains": "Plains", "islands": "Island", "swamps": "Swamp", "mountains": "Mountain",
             "forests": "Forest"}


@_template(r"if tapped for mana, (?P<pairs>(?:(?:and )?(?:plains|islands|swamps|mountains|forests)"
           r" produce \{[wubrg]\}(?:, )?)+) instead of any other type")
def _singularity(m: re.Match[str], text: str, context: str) -> Effect | None:
    pairs = re.findall(r"(plains|islands|swamps|mountains|forests) produce \{([wubrg])\}",
                       m.group("pairs"))
    if len(pairs) != 5:
        return None
    return LandManaReplaced(tuple((_SINGULAR[a], b.upper()) for a, b in pairs), text=text)
