"""Reader templates for continuous and combat statics (issue 12, the fx-statics share).

Blocking rules ("can't be blocked except by Walls", "can't block creatures with power 3 or
greater", "can't attack or block"), "as long as" conditions, characteristic-defining power and
toughness, landwalk that "can be blocked as though it didn't have" it, static damage
prevention ("by artifact sources"), "loses flying" / "switch power and toughness" until end of
turn, and spell cost changes. They are registered with the reader's ``_template``
(:mod:`.clause_registry`) when :mod:`.reader` imports this module. Their nodes are defined in
:mod:`.statics_nodes`, and :func:`statics_qualifier` (which forms of these clauses the engine
carries out, ``rules/core/fx_statics.py``) in :mod:`.statics_support`; both are importable
from here.
"""

from __future__ import annotations

import dataclasses
import re

from frontier_desktop.rules.effects.clause_registry import _DUR, _duration, _template, read_clause
from frontier_desktop.rules.effects.nodes import (
    CantAttack as CantAttack, CantBeBlocked as CantBeBlocked, CantBlock as CantBlock, Effect,
    GrantKeyword as GrantKeyword, MustAttack as MustAttack, Node as Node,
    PreventDamage as PreventDamage, Pump as Pump, Selector, TargetSpec,
)
from frontier_desktop.rules.effects.statics_nodes import (
    AsLongAs, BandGrant, BlockRule, CantAttackIf, CantAttackOrBlock, CostChange, ExtraBlock,
    HalfCountPump, IgnoreDefender, IgnoreLandwalk, LoseKeyword, MustBeBlocked, PumpManaValue,
    RedirectUnblocked, SetBasePT, SetPT, StaticPrevent, SwitchPT, Untargetable,
)
from frontier_desktop.rules.effects.statics_support import (
    _TARGETING as _TARGETING, _constant as _constant, _simple_spec as _simple_spec,
    statics_qualifier,
)
from frontier_desktop.rules.effects.targets import read_number, read_object, read_spec


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


# ====================================================================== cost changes
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
