"""Reader templates for continuous and combat statics (issue 12, the fx-statics share).

Blocking rules ("can't be blocked except by Walls", "can't block creatures with power 3 or
greater", "can't attack or block"), "as long as" conditions, characteristic-defining power and
toughness, landwalk that "can be blocked as though it didn't have" it, static damage
prevention ("by artifact sources"), and "loses flying" / "switch power and toughness" until
end of turn. The nodes are defined here and registered with the reader's ``_template``; this
module is imported once, at the end of :mod:`.reader`.

:func:`statics_qualifier` says which forms of these clauses the engine carries out
(``rules/core/fx_statics.py``); :mod:`.engine_support` asks it first.
"""

from __future__ import annotations

import dataclasses
import re
from typing import ClassVar

from frontier_desktop.rules.effects.nodes import (
    CantAttack, CantBeBlocked, CantBlock, Effect, GrantKeyword, MustAttack, Node, PreventDamage,
    Pump, Selector, TargetSpec,
)
from frontier_desktop.rules.effects.reader import _DUR, _duration, _template, read_clause
from frontier_desktop.rules.effects.targets import read_number, read_object, read_spec


# ====================================================================== nodes
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


# ====================================================================== templates
_WALK_TYPES = {"plainswalk": "Plains", "islandwalk": "Island", "swampwalk": "Swamp",
               "mountainwalk": "Mountain", "forestwalk": "Forest"}


@_template(r"(?P<to>.+?) can't be blocked(?P<dur> this turn)? except by (?P<by>.+?)"
           r"(?P<dur2> this turn)?")
def _except_by(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    if to is None:
        return None
    duration = "end_of_turn" if (m.group("dur") or m.group("dur2")) else (
        "" if context == "static" else "end_of_turn")
    count = re.fullmatch(r"(\w+) or more creatures", m.group("by"))
    if count:
        n = read_number(count.group(1))
        if n is None:
            return None
        return BlockRule(to, "min_blockers", count=n.n, duration=duration, text=text)
    spec = read_spec(m.group("by"))
    if spec is None:
        return None
    return BlockRule(to, "except_by", spec, duration=duration, text=text)


@_template(r"(?P<to>.+?) can't be blocked by more than (?P<n>\w+) creatures?" + _DUR)
def _max_blockers(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    n = read_number(m.group("n"))
    if to is None or n is None:
        return None
    return BlockRule(to, "max_blockers", count=n.n, duration=_duration(m, context), text=text)


@_template(r"(?P<to>.+?) can't block creatures with power equal to or greater than the "
           r"enchanted creature's toughness")
def _cant_block_bigger(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    if to is None or to.ref != "enchanted":
        return None
    return BlockRule(to, "cant_block_own_toughness", text=text)


@_template(r"(?P<to>.+?) can't block (?P<what>(?!this turn$).+?)" + _DUR)
def _cant_block_some(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    spec = read_spec(m.group("what"))
    if to is None or spec is None or spec.noun != "creature":
        return None
    return BlockRule(to, "cant_block", spec, duration=_duration(m, context), text=text)


@_template(r"(?P<to>.+?) can't attack or block" + _DUR)
def _cant_attack_or_block(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return CantAttackOrBlock(to, _duration(m, context), text=text) if to else None


@_template(r"(?P<to>.+?) can block an additional creature(?: each combat)?")
def _extra_block(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return ExtraBlock(to, text=text) if to else None


@_template(r"creatures with (?P<walk>\w+walk|landwalk abilities) can be blocked as though "
           r"they didn't have (?P<again>\w+walk|those abilities)")
def _ignore_landwalk(m: re.Match[str], text: str, context: str) -> Effect | None:
    walk = m.group("walk")
    if walk == "landwalk abilities":
        if m.group("again") != "those abilities":
            return None
        return IgnoreLandwalk(tuple(sorted(_WALK_TYPES.values())), text=text)
    if walk not in _WALK_TYPES or m.group("again") != walk:
        return None
    return IgnoreLandwalk((_WALK_TYPES[walk],), text=text)


@_template(r"cardname's (?P<which>power and toughness are each|power is|toughness is) equal to "
           r"(?:(?P<plus>\d+) plus )?the number of (?P<what>.+)")
def _set_pt(m: re.Match[str], text: str, context: str) -> Effect | None:
    which = {"power and toughness are each": "both", "power is": "power",
             "toughness is": "toughness"}[m.group("which")]
    what = m.group("what")
    named = ""
    found = re.fullmatch(r"creatures named (?P<name>.+?) on the battlefield", what)
    if found:
        spec: TargetSpec | None = TargetSpec("creature", text=what)
        named = found.group("name")
    else:
        what = re.sub(r" on the battlefield$", "", what)
        pair = re.fullmatch(r"(?P<a>\w+) and (?P<b>\w+) you control", what)
        if pair:
            a, b = read_spec(pair.group("a")), read_spec(pair.group("b"))
            if a is None or b is None or not a.subtypes or not b.subtypes:
                return None
            spec = dataclasses.replace(a, subtypes=a.subtypes + b.subtypes, controller="you",
                                       text=what)
        else:
            spec = read_spec(what)
    if spec is None:
        return None
    return SetPT(which, int(m.group("plus") or 0), spec, named, text=text)


_CONDITIONS = (
    (r"you control no (?P<spec>.+)", "you_control_none"),
    (r"(?:it's|it is|cardname is) untapped", "untapped"),
    (r"(?:it's|it is|cardname is) attacking", "attacking"),
    (r"(?:it's|it is|cardname is) not attacking", "not_attacking"),
    (r"it's your turn", "your_turn"),
    (r"it's not your turn", "not_your_turn"),
    (r"you control (?:an?) (?P<spec>.+)", "you_control"),
    (r"an opponent controls (?:an?) (?P<spec>.+)", "opponent_controls"),
)


def _read_condition(text: str) -> tuple[str, TargetSpec | None] | None:
    for pattern, when in _CONDITIONS:
        m = re.fullmatch(pattern, text)
        if m is None:
            continue
        if "spec" not in m.groupdict():
            return when, None
        spec = read_spec(m.group("spec"))
        if spec is None:
            return None
        return when, spec
    return None


def _as_long_as(body: str, cond: str, text: str, context: str) -> Effect | None:
    condition = _read_condition(cond)
    if condition is None or context != "static":
        return None
    inner = read_clause(body, context)
    if inner is None:
        return None
    subject = "self" if cond.startswith("cardname ") else (
        "it" if cond.startswith("it") else "")
    return AsLongAs(condition[0], (inner,), condition[1], subject, text=text)


@_template(r"(?P<body>.+?) as long as (?P<cond>.+)")
def _as_long_as_after(m: re.Match[str], text: str, context: str) -> Effect | None:
    body = text[:m.start("cond") - len(" as long as ")]
    return _as_long_as(body, m.group("cond"), text, context)


@_template(r"as long as (?P<cond>.+?), (?P<body>.+)")
def _as_long_as_before(m: re.Match[str], text: str, context: str) -> Effect | None:
    return _as_long_as(text[m.start("body"):], m.group("cond"), text, context)


@_template(r"prevent all (?P<combat>combat )?damage that would be dealt to cardname by "
           r"(?P<by>artifact sources|creatures it's blocking|enchanted creatures)")
def _static_prevent(m: re.Match[str], text: str, context: str) -> Effect | None:
    if context != "static":
        return None
    by = {"artifact sources": "artifact", "creatures it's blocking": "blocked",
          "enchanted creatures": "enchanted"}[m.group("by")]
    return StaticPrevent(by, bool(m.group("combat")), text=text)


LOSABLE = ("flying", "first strike", "trample", "plainswalk", "islandwalk", "swampwalk",
           "mountainwalk", "forestwalk")
"""Keywords a creature can lose that the engine then honours (fx_statics.lost)."""


@_template(r"(?P<to>.+?) loses? (?P<kw>(?:" + "|".join(LOSABLE) + r")(?: and (?:"
           + "|".join(LOSABLE) + r"))?)" + _DUR)
def _lose_keyword(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    keywords = tuple(m.group("kw").split(" and "))
    return LoseKeyword(to, keywords, _duration(m, context), text=text) if to else None


@_template(r"switch (?P<to>.+?)'s? power and toughness" + _DUR)
def _switch_pt(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return SwitchPT(to, _duration(m, context), text=text) if to else None


@_template(r"(?P<to>.+?) gets \+(?P<p>0|x)/\+(?P<t>0|x) until end of turn, where x is its "
           r"mana value")
def _pump_mana_value(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    if to is None or (m.group("p"), m.group("t")) == ("0", "0"):
        return None
    return PumpManaValue(to, m.group("p") == "x", m.group("t") == "x", text=text)


@_template(r"(?P<to>.+?) can't (?P<verb>attack|block) unless at least (?P<n>\w+) other "
           r"creatures (?P=verb)")
def _not_alone(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    n = read_number(m.group("n"))
    if to is None or n is None:
        return None
    rule = "attack_with_others" if m.group("verb") == "attack" else "block_with_others"
    return BlockRule(to, rule, count=n.n, text=text)


@_template(r"all (?:combat )?damage that would be dealt to you by unblocked creatures"
           r"(?P<dur> this turn)? is dealt to cardname instead")
def _redirect_unblocked(m: re.Match[str], text: str, context: str) -> Effect | None:
    return RedirectUnblocked(_duration(m, context), text=text)


@_template(r"(?:all )?(?P<att>attacking )?creatures banded with (?:cardname|it) gain "
           r"(?P<kw>first strike|trample|flying) until end of turn")
def _band_grant(m: re.Match[str], text: str, context: str) -> Effect | None:
    return BandGrant((m.group("kw"),), bool(m.group("att")), text=text)


@_template(r"(?P<to>.+?) can't be the target of spells(?P<unless> unless it attacked or "
           r"blocked this turn)?")
def _untargetable(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return Untargetable(to, bool(m.group("unless")), text=text) if to else None


@_template(r"(?P<to>.+?) gets \+x/\+y, where x is half the number of (?P<a>.+?), rounded down, "
           r"and y is half the number of (?P<b>.+?), rounded up")
def _half_count_pump(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    spec = read_spec(m.group("a"))
    if to is None or spec is None or m.group("a") != m.group("b"):
        return None
    return HalfCountPump(to, spec, text=text)


@_template(r"(?P<to>.+?) can only attack alone")
def _attack_alone(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return BlockRule(to, "attack_alone", text=text) if to else None


@_template(r"no more than (?P<n>\w+) creatures can (?P<verb>attack|block) each combat")
def _combat_limit(m: re.Match[str], text: str, context: str) -> Effect | None:
    n = read_number(m.group("n"))
    if n is None:
        return None
    rule = "max_attackers" if m.group("verb") == "attack" else "max_blocking"
    return BlockRule(Selector("all", TargetSpec("creature", text="creatures"), text="creatures"),
                     rule, count=n.n, text=text)


@_template(r"(?P<to>.+?) can't attack if (?P<cond>.+)")
def _cant_attack_if(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    cond = m.group("cond")
    if to is None:
        return None
    if cond == "there's another creature on the battlefield":
        return CantAttackIf(to, "another_creature", text=text)
    found = re.fullmatch(r"defending player controls an? (?P<spec>.+)", cond)
    spec = read_spec(found.group("spec")) if found else None
    if spec is None or spec.noun != "creature":
        return None
    return CantAttackIf(to, "opponent_controls", spec, text=text)


@_template(r"(?P<to>.+?) can attack(?P<dur> this turn)? as though (?:it|they) didn't have "
           r"defender")
def _ignore_defender(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = Selector("enchanted", text=m.group("to")) if m.group("to") == "enchanted wall" \
        else read_object(m.group("to"))
    return IgnoreDefender(to, _duration(m, context), text=text) if to else None


@_template(r"all (?P<by>creatures|walls) able to block (?P<to>.+?) do so")
def _must_be_blocked(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    by = read_spec(m.group("by")) if m.group("by") != "creatures" else None
    return MustBeBlocked(to, by, text=text) if to else None


@_template(r"(?P<to>.+?) has base power and toughness (?P<p>\d+)/(?P<t>\d+)" + _DUR)
def _set_base_pt(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    if to is None:
        return None
    return SetBasePT(to, int(m.group("p")), int(m.group("t")), _duration(m, context),
                     text=text)


# ====================================================================== what the engine does
_TARGETING = frozenset({"shroud", "hexproof", "protection from white", "protection from blue",
                        "protection from black", "protection from red",
                        "protection from green"})


def _constant(pump: Pump) -> bool:
    return not pump.power.var and not pump.toughness.var


def _simple_spec(spec: TargetSpec | None) -> bool:
    return spec is None or not (spec.zone or spec.count_var)


def statics_qualifier(node: Node, where: str) -> str | None:
    """The clause-key suffix for a node of this family ("" when the engine carries it out in
    this form, a suffix naming the form otherwise), or ``None`` for a node of another family
    (see :func:`.engine_support._qualifier`)."""
    from frontier_desktop.rules.effects.engine_support import GRANTABLE

    if isinstance(node, (CantBeBlocked, CantBlock, CantAttack, CantAttackOrBlock)):
        if where == "static":
            refs = ("self", "enchanted", "all") if isinstance(node, CantAttack) else (
                "self", "enchanted")
            if node.duration or node.to.ref not in refs or not _simple_spec(node.to.spec):
                return "_other"
            return ""
        if where in ("spell", "activated") and node.duration == "end_of_turn" and \
                node.to.ref in ("target", "self") and (
                    not isinstance(node, CantBeBlocked) or node.by is None):
            return ""  # a mark until end of turn (fx_statics.MARKS)
        return "_other"
    if isinstance(node, BlockRule):
        if where == "static" and not node.duration and node.to.ref in ("self", "enchanted") \
                and _simple_spec(node.spec):
            return ""
        if where == "static" and node.rule in ("max_attackers", "max_blocking"):
            return ""  # Caverns of Despair (fx_statics: every Frontier attack is a combat)
        if where in ("spell", "activated") and node.duration == "end_of_turn" and \
                node.to.ref in ("target", "self") and node.rule == "except_by" and \
                node.spec is not None and _simple_spec(node.spec):
            return ""  # a mark until end of turn (fx_statics.StaticsActions)
        return "_other"
    if isinstance(node, HalfCountPump):
        return "" if where == "static" and node.to.ref in ("self", "enchanted") and \
            _simple_spec(node.count) else "_other"
    if isinstance(node, Untargetable):
        # Frontier.target_problem asks fx_statics.untargetable.
        return "" if where == "static" and node.to.ref in ("self", "enchanted") else "_other"
    if isinstance(node, BandGrant):
        if where in ("activated", "triggered") and all(k in GRANTABLE for k in node.keywords):
            return ""  # fx_statics.StaticsActions: the rest of its banding stack
        return "_other"
    if isinstance(node, RedirectUnblocked):
        if where == "activated" and node.duration == "end_of_turn":
            return ""  # a mark on the permanent until end of turn (Kjeldoran Royal Guard)
        return "_other"
    if isinstance(node, PumpManaValue):
        if where in ("spell", "activated") and node.to.ref in ("target", "self"):
            return ""
        return "_other"
    if isinstance(node, (GrantKeyword, Pump)) and where == "static" and \
            "haste" in node.keywords:
        return "_keywords"  # haste is honoured when gained until end of turn only
    if isinstance(node, ExtraBlock):
        return "" if where == "static" and node.to.ref == "self" else "_other"
    if isinstance(node, IgnoreLandwalk):
        return "" if where == "static" else "_other"
    if isinstance(node, StaticPrevent):
        return "" if where == "static" else "_other"
    if isinstance(node, SetPT):
        return "" if where == "static" and _simple_spec(node.count) else "_other"
    if isinstance(node, AsLongAs):
        if where != "static" or len(node.effects) != 1:
            return "_other"
        if node.when in ("you_control", "opponent_controls") and (
                node.spec is None or node.spec.noun not in ("land", "permanent")):
            return "_other"
        if node.when == "you_control_none" and (
                node.spec is None or node.spec.noun not in ("creature", "permanent")):
            return "_other"
        inner = node.effects[0]
        if "haste" in getattr(inner, "keywords", ()):
            return "_other"
        if isinstance(inner, RedirectUnblocked) and node.when == "untapped" and \
                node.subject == "self" and not inner.duration:
            return ""  # Veteran Bodyguard (fx_statics.unblocked_guard)
        if isinstance(inner, Pump) and _constant(inner) and not inner.duration and \
                inner.to.ref in ("self", "enchanted", "all") and \
                all(k in GRANTABLE and k not in _TARGETING for k in inner.keywords):
            return ""
        if isinstance(inner, GrantKeyword) and not inner.duration and \
                inner.to.ref in ("self", "enchanted", "all") and \
                all(k in GRANTABLE and (k not in _TARGETING or k in ("shroud", "hexproof"))
                    for k in inner.keywords):
            return ""  # shroud and hexproof: spell_grants.protection_keywords asks
        return "_other"
    if isinstance(node, PreventDamage) and where == "static" and node.amount.var == "all" and \
            "this turn" not in node.text.lower() and node.to is not None and node.to.ref == "self" and \
            node.by is not None and node.by.ref == "all" and node.by.spec is not None and \
            node.by.spec.noun == "creature" and _simple_spec(node.by.spec):
        return ""  # "prevent all (combat) damage … to CARDNAME by Walls" (fx_statics.prevents)
    if isinstance(node, PreventDamage) and where == "static" and node.to is None and \
            node.combat_only and node.amount.var == "all" and node.by is not None and \
            node.by.ref == "enchanted" and "this turn" not in node.text.lower():
        return ""  # "… combat damage that would be dealt by enchanted creature" (combat_power)
    if isinstance(node, PreventDamage) and where == "static":
        return "_other"
    if isinstance(node, MustAttack):
        return "" if where == "static" and node.to.ref == "self" else "_other"
    if isinstance(node, CantAttackIf):
        return "" if where == "static" and node.to.ref == "self" else "_other"
    if isinstance(node, IgnoreDefender):
        if where == "static" and not node.duration and node.to.ref in ("self", "enchanted"):
            return ""
        if where in ("spell", "activated") and node.duration == "end_of_turn" and \
                node.to.ref in ("target", "self"):
            return ""  # a mark until end of turn
        return "_other"
    if isinstance(node, MustBeBlocked):
        # The attacked creature always blocks when it may (the digest): nothing to force.
        return "" if where == "static" and node.to.ref in ("self", "enchanted") else "_other"
    if isinstance(node, SetBasePT):
        if where in ("spell", "activated") and node.duration == "end_of_turn" and \
                node.to.ref in ("target", "self"):
            return ""
        return "_other"
    if isinstance(node, LoseKeyword) and where == "static":
        return "" if not node.duration and node.to.ref == "all" else "_other"
    if isinstance(node, CostChange):
        return "" if where == "static" else "_other"  # fx_statics.spell_cost
    if isinstance(node, (LoseKeyword, SwitchPT)):
        if where in ("spell", "activated") and node.duration == "end_of_turn" and \
                node.to.ref in ("target", "self"):
            return ""
        return "_other"
    if isinstance(node, Pump) and where == "static" and node.to.ref == "all" and \
            node.to.spec is not None and node.to.spec.state == "attacking" and \
            not node.duration and _constant(node) and \
            all(k in GRANTABLE for k in node.keywords):
        return ""  # "attacking creatures (you control) get +1/+0" (fx_statics.combat)
    return None




# ====================================================================== cost changes
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


_SPELL_WORDS = frozenset(("white", "blue", "black", "red", "green", "creature", "artifact",
                          "enchantment", "instant", "sorcery", "colorless"))


@_template(r"(?P<what>[a-z ]+?) spells(?P<mine> you cast)? cost (?P<up>up to )?"
           r"(?P<sym>(?:\{[^}]+\})+) (?P<dir>more|less) to cast")
def _cost_change(m: re.Match[str], text: str, context: str) -> Effect | None:
    if context != "static":
        return None
    kinds: list[str] = []
    for part in re.split(r" spells and | and ", m.group("what")):
        words = part.split()
        if not words or not all(w in _SPELL_WORDS for w in words):
            return None
        kinds.append(part)
    less = m.group("dir") == "less"
    symbols = m.group("sym").upper()
    if less and (not m.group("up") or not re.fullmatch(r"\{\d+\}", symbols)):
        return None  # only "up to {N} less": generic mana taken off
    return CostChange(tuple(kinds), bool(m.group("mine")), symbols, less, text=text)


__all__ = ["AsLongAs", "BlockRule", "CantAttackIf", "CantAttackOrBlock", "CostChange",
           "ExtraBlock", "IgnoreDefender", "IgnoreLandwalk", "LoseKeyword", "MustBeBlocked",
           "PumpManaValue", "RedirectUnblocked", "BandGrant", "Untargetable",
           "HalfCountPump",
           "SetBasePT", "SetPT", "StaticPrevent", "SwitchPT", "statics_qualifier"]
