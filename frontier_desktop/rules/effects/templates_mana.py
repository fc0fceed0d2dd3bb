"""Reader templates for land and mana clauses (fx-mana), registered with the reader's
``_template`` (:mod:`.clause_registry`) when :mod:`frontier_desktop.rules.effects.reader`
imports this module. Their nodes are defined in :mod:`.mana_nodes` (and importable from here)."""

from __future__ import annotations

import re

from frontier_desktop.rules.effects.clause_registry import _template, read_clause
from frontier_desktop.rules.effects.mana_nodes import (
    AddManaEqual as AddManaEqual, AddManaExtra as AddManaExtra,
    AddManaInstead as AddManaInstead, AddManaOpponentLand as AddManaOpponentLand,
    AddManaPerCard as AddManaPerCard, AddManaPerCounter as AddManaPerCounter,
    DoesntUntapWithCounter as DoesntUntapWithCounter, IfSnowLand as IfSnowLand,
    LandManaReplaced as LandManaReplaced, ManaForEachCard as ManaForEachCard,
    ManaShort as ManaShort, ProducesColourless as ProducesColourless,
    RemoveCounters as RemoveCounters, SpendOnly as SpendOnly,
)
from frontier_desktop.rules.effects.nodes import (
    Amount, Effect, GrantKeyword, Selector as Selector, TargetSpec as TargetSpec,
)
from frontier_desktop.rules.effects.targets import read_object, read_spec


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


@_template(r"if that land was a snow land, (?P<rest>.+)")
def _if_snow(m: re.Match[str], text: str, context: str) -> Effect | None:
    rest = text.strip().rstrip(".")
    inner = read_clause(rest[rest.lower().index(", ") + 2:], context)
    return IfSnowLand((inner,), text=text) if inner is not None else None


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


@_template(r"its controller adds an additional \{(?P<m>[wubrgc])\}")
def _extra_mana(m: re.Match[str], text: str, context: str) -> Effect | None:
    return AddManaExtra("{" + m.group("m").upper() + "}", text=text)


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
