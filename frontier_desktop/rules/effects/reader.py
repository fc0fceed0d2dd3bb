"""The oracle-text reader: a card's rules text → :class:`~.nodes.CardReading`.

Steps: the text is normalised (:func:`normalise_text`, :mod:`.normalising`: reminder text out,
the card's own name → ``CARDNAME``, old wordings → current ones); each line becomes one ability
(keywords, activated "cost: effect", triggered "When/Whenever/At …, effect", an instant's or
sorcery's effect, or a static ability; the parts around the effects are read by
:mod:`.ability_parts`); each sentence of an effect is matched against the templates of
:func:`read_clause` (:mod:`.clause_registry`), splitting "A and B" / "A, then B" when the whole
doesn't match. A clause that matches nothing becomes an :class:`~.nodes.Unimplemented` node
carrying its text and whatever target phrase it has: nothing is dropped.

Templates match whole clauses of lower-case text and read every noun phrase whole (see
:mod:`.targets`), so a clause with words the reader doesn't know is never half-read. They live
in the template modules this module imports (after its other imports, in the order they are
tried), which register them with :mod:`.clause_registry`.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Iterator

from frontier_desktop.rules.effects.ability_parts import (
    _COST_START as _COST_START, _HOME_RE as _HOME_RE, _KEYWORDS as _KEYWORDS,
    _TRIGGERS as _TRIGGERS, _cost_colon, _read_cost, _read_landhome, read_keyword,
    read_keyword_line, read_trigger,
)
from frontier_desktop.rules.effects.clause_registry import (
    _DELAYS as _DELAYS, _DUR as _DUR, _PER as _PER, _TEMPLATES as _TEMPLATES,
    Template as Template, _amount as _amount, _duration as _duration, _obj as _obj,
    _read_mana as _read_mana, _template as _template, read_clause,
)
from frontier_desktop.rules.effects.nodes import (
    Ability, ActivatedAbility, AdditionalCost, Attach, CardReading, Condition, Destroy, Effect,
    IfPaid, KeywordLine, Landhome, LoyaltyCost, May, Modal, Mode, Node, NoRegenerate, PayMana,
    Restriction, SpellAbility, StaticAbility, TargetSpec, Trigger, TriggeredAbility,
    Unimplemented, UnreadCost,
)
from frontier_desktop.rules.effects.normalising import (
    _WORDINGS as _WORDINGS, PLACEHOLDER, _name_forms as _name_forms, normalise_text,
    split_sentences,
)
from frontier_desktop.rules.effects.targets import NUMBER_WORDS, find_targets, read_object
from frontier_desktop.rules.card import EQUIP_RE, loyalty_cost
# Importable from here as before the reader's templates and ability parts had modules of
# their own (templates_basic, ability_parts).
from frontier_desktop.rules.effects.nodes import (
    AddMana as AddMana, Amount as Amount, Bounce as Bounce, CantAttack as CantAttack,
    CantBeBlocked as CantBeBlocked, CantBlock as CantBlock, ChooseOnEnter as ChooseOnEnter,
    CostPart as CostPart, CounterSpell as CounterSpell, CreateToken as CreateToken,
    DealDamage as DealDamage, Delayed as Delayed, Discard as Discard,
    DiscardCost as DiscardCost, DoesntUntap as DoesntUntap, Draw as Draw,
    EntersTapped as EntersTapped, EntersWithCounters as EntersWithCounters, Exile as Exile,
    ExileCost as ExileCost, ExtraTurn as ExtraTurn, GainControl as GainControl,
    GainLife as GainLife, GrantKeyword as GrantKeyword, Keyword as Keyword,
    LoseLife as LoseLife, ManaCost as ManaCost, MayNotUntap as MayNotUntap,
    MustAttack as MustAttack, PayLifeCost as PayLifeCost, PreventDamage as PreventDamage,
    Pump as Pump, PutCounters as PutCounters, PutOnLibrary as PutOnLibrary,
    PutOntoBattlefield as PutOntoBattlefield, Regenerate as Regenerate,
    RemoveCountersCost as RemoveCountersCost, ReturnFromGraveyard as ReturnFromGraveyard,
    Sacrifice as Sacrifice, SacrificeCost as SacrificeCost, SearchLibrary as SearchLibrary,
    Selector as Selector, Tap as Tap, TapCost as TapCost, Untap as Untap,
    UntapCost as UntapCost,
)
from frontier_desktop.rules.effects.targets import (
    KEYWORD_RE as KEYWORD_RE, read_number as read_number, read_pt as read_pt,
    read_spec as read_spec,
)
from frontier_desktop.rules.mana import parse_mana_effect as parse_mana_effect

# Each template module registers its templates with clause_registry._template as it is
# imported (the engine side imports their nodes from the *_nodes modules, not these), so the
# order here is the order read_clause tries them: the reader's own, the one-shots, the
# continuous and combat statics, the delayed and timed effects, then land and mana clauses.
from frontier_desktop.rules.effects import templates_basic as _templates_basic  # noqa: F401
from frontier_desktop.rules.effects import oneshots as _oneshots

_oneshots.register(_template)  # fx-oneshots: its templates are registered by this call

from frontier_desktop.rules.effects import templates_statics as _templates_statics  # noqa: E402,F401
from frontier_desktop.rules.effects import templates_timing as _templates_timing  # noqa: E402
from frontier_desktop.rules.effects import templates_mana as _templates_mana  # noqa: E402,F401


# ====================================================================== reading
@functools.lru_cache(maxsize=8192)
def read_card(name: str, oracle_text: str, type_line: str = "",
              mana_cost: str = "") -> CardReading:
    """Read a card's rules text. Cached per (name, text, type line, cost): cards repeat."""
    text = normalise_text(name, oracle_text, type_line)
    is_spell = bool(re.search(r"\b(Instant|Sorcery)\b", type_line.split("—")[0]))
    walker = "Planeswalker" in type_line.split("—")[0]
    abilities = tuple(_read_line(line, is_spell, walker) for line in _merge_bullets(text))
    return CardReading(name=name, abilities=abilities, x_cost="{X}" in mana_cost.upper(),
                       text=text)


def _merge_bullets(text: str) -> list[str]:
    """Lines, with the "• mode" lines of a modal card joined to their "Choose one —" line."""
    lines: list[str] = []
    for line in text.split("\n"):
        if line.startswith("•") and lines:
            lines[-1] += "\n" + line
        else:
            lines.append(line)
    return lines


def _read_line(line: str, is_spell: bool, walker: bool = False) -> Ability:
    low = line.lower()
    keywords = read_keyword_line(line)
    if keywords is not None:
        return KeywordLine(keywords, text=line)
    own = _read_equip_or_loyalty(line, walker)
    if own is not None:
        return own
    home = _read_landhome(low)
    if home is not None:
        return StaticAbility((Landhome(home, text=line),), text=line)
    if re.match(r"(when|whenever|at) ", low):
        return _read_triggered(line)
    cost_end = _cost_colon(line)
    if cost_end is not None:
        cost_text, effect_text = line[:cost_end].strip(), line[cost_end + 1:].strip()
        return ActivatedAbility(_read_cost(cost_text), read_effects(effect_text, "activated"),
                                text=line)
    if is_spell:
        return SpellAbility(read_effects(line, "spell"), text=line)
    return StaticAbility(read_effects(line, "static"), text=line)


def _read_equip_or_loyalty(line: str, walker: bool) -> ActivatedAbility | None:
    """"Equip {N}" (attach to target creature you control, as a sorcery) and a planeswalker's
    loyalty abilities ("+1: …", "−2: …", "−X: …", "0: …"): activated abilities whose costs
    the engine pays itself (rules/core/equipment.py, rules/core/planeswalkers.py). The same
    lines as the card model's (``Card.activated``), one ability each."""
    equip = EQUIP_RE.match(line)
    if equip is not None:
        cost = (equip.group("cost") or equip.group("long") or "").strip()
        what = (equip.group("what") or "").strip().lower() or "creature"
        to = read_object(f"target {what} you control")
        effect: Effect = Attach(to, text=line) if to is not None else Unimplemented(
            text=line)
        return ActivatedAbility(_read_cost(cost) if cost else (), (effect,), text=line)
    if not walker or ":" not in line:
        return None
    cost_text, _, effect_text = line.partition(":")
    change = loyalty_cost(cost_text)
    if not change:
        return None
    return ActivatedAbility((LoyaltyCost(change, text=cost_text.strip()),),
                            read_effects(effect_text.strip(), "activated"), text=line)


def _read_triggered(line: str) -> TriggeredAbility:
    # The condition ends at the first comma outside quotes that is followed by an effect.
    comma = line.find(", ")
    if comma < 0:
        return TriggeredAbility(Trigger("unread", text=line), (), text=line)
    condition, effect = line[:comma], line[comma + 2:]
    trigger = read_trigger(condition)
    if trigger.event != "unread" and effect.lower().startswith("if "):
        # An intervening "if" clause.
        end = effect.find(", ")
        if end > 0:
            condition_node = _read_condition(effect[:end])
            return TriggeredAbility(trigger, (condition_node,)
                                    + read_effects(effect[end + 2:], "triggered"), text=line)
    return TriggeredAbility(trigger, read_effects(effect, "triggered"), text=line)


def _read_condition(text: str) -> Effect:
    m = re.fullmatch(r"if (?P<s>.+?) is (?P<state>tapped|untapped)", text.lower())
    subject = read_object(m.group("s")) if m else None
    if m is None or subject is None:
        found = _templates_timing.read_condition(text)  # fx-timing's step conditions
        return found if found is not None else Unimplemented(targets=find_targets(text),
                                                             text=text)
    return Condition(subject, m.group("state"), text=text)


# ---------------------------------------------------------------------- effects
def read_effects(text: str, context: str) -> tuple[Effect, ...]:
    """The effects of one ability's effect text, in order; unread sentences become
    :class:`~.nodes.Unimplemented`. *context* is ``spell``, ``activated``, ``triggered`` or
    ``static`` (a static ability's "gets +1/+1" lasts as long as the ability)."""
    modal = re.match(r"^(?P<head>.*?choose (?P<n>one|two|one or both|one or more) —)\s*\n(?P<rest>•.*)$",
                     text, re.IGNORECASE | re.DOTALL)
    if modal:
        head = modal.group("head")
        modes = []
        for bullet in modal.group("rest").split("\n"):
            body = bullet.lstrip("•").strip()
            modes.append(Mode(read_effects(body, context), text=bullet.strip()))
        n = {"one": 1, "two": 2}.get(modal.group("n").lower(), 1)
        return (Modal(n, tuple(modes), text=head),)
    out: list[Effect] = []
    for sentence in split_sentences(text):
        low = sentence.lower().rstrip(".")
        if out and low in ("it can't be regenerated", "they can't be regenerated") \
                and isinstance(out[-1], Destroy):
            last = out[-1]
            out[-1] = Destroy(last.to, True, text=f"{last.text} {sentence}")
            continue
        if out and low in ("it can't be regenerated", "a creature destroyed this way can't be "
                           "regenerated") and getattr(out[-1], "no_regenerate", None) is False:
            # fx-oneshots: "Destroy target creature if it's white. A creature destroyed this
            # way can't be regenerated." (oneshots.IfColour)
            out[-1] = dataclasses.replace(out[-1], no_regenerate=True,  # type: ignore[call-arg]
                                          text=f"{out[-1].text} {sentence}")
            continue
        if out and low in ("it can't be regenerated", "they can't be regenerated",
                           "a creature destroyed this way can't be regenerated") \
                and any(isinstance(n, Destroy) for n in out[-1].walk()):
            out.append(NoRegenerate(text=sentence))
            continue
        restriction = _read_restriction(low)
        if restriction:
            out.append(Restriction(restriction, text=sentence))
            continue
        m = re.match(r"(if you do|if you don't|if the player does|if they do), (.+)$", sentence,
                     re.IGNORECASE)
        if m and out and isinstance(out[-1], (May, PayMana)):
            inner = read_sentence(m.group(2), context)
            if inner is not None:
                did = "don't" not in m.group(1).lower()
                out.append(IfPaid(tuple(inner), did, text=sentence))
                continue
        m = re.match(r"as an additional cost to cast this spell, (.+?)\.?$", sentence,
                     re.IGNORECASE)
        if m:
            cost = _read_cost(m.group(1))
            if not any(isinstance(c, UnreadCost) for c in cost):
                out.append(AdditionalCost(cost, text=sentence))
                continue
        effects = read_sentence(sentence, context)
        if effects is None:
            out.append(Unimplemented(targets=find_targets(sentence), text=sentence))
        else:
            out.extend(effects)
    return tuple(out)


_RESTRICTIONS = {
    "activate only as an instant": "instant",
    "activate only any time you could cast an instant": "instant",
    "activate only as a sorcery": "sorcery",
    "activate only any time you could cast a sorcery": "sorcery",
    "activate only during your upkeep": "upkeep",
    "activate only during your upkeep and only once each turn": "upkeep+once_each_turn",
    "activate only once each turn": "once_each_turn",
    "activate only during your turn": "your_turn",
    "activate no more than twice each turn": "twice_each_turn",
    "activate no more than three times each turn": "three_times_each_turn",
    "activate only during the declare blockers step": "declare_blockers",
    "cast this spell only during the declare blockers step": "declare_blockers",
    "cast this spell only during combat before blockers are declared": "before_blockers",
    "cast this spell only during combat": "combat",
    "cast this spell only during combat after blockers are declared": "after_blockers",
    "any player may activate this ability": "any_player",
    "x can't be 0": "x_not_0",
}


def _read_restriction(low: str) -> str:
    return _RESTRICTIONS.get(low, "")


_SPLITTERS = (", then ", ", and ", " and ")


def read_sentence(sentence: str, context: str) -> list[Effect] | None:
    """One sentence as effects: the whole as one clause, or split at "and" / ", then"."""
    effects = _read_sentence(sentence.strip(), context)
    if effects and sentence.strip().endswith(".") and not effects[-1].text.endswith("."):
        effects[-1] = _retext(effects[-1], effects[-1].text + ".")
    return effects


def _read_sentence(sentence: str, context: str) -> list[Effect] | None:
    body = sentence.rstrip(".").strip()
    whole = read_clause(body, context)
    if whole is not None:
        return [_retext(whole, body)]
    low = body.lower()
    if low.startswith("you may "):
        inner = _read_sentence(body[len("you may "):], context)
        if inner is not None:
            return [May(tuple(inner), text=body)]
        return None
    m = re.match(r"^(target opponent|target player|that player|each player|its controller|"
                 r"defending player) may (.+)$", body, re.IGNORECASE)
    if m:
        inner = _read_sentence(f"{m.group(1)} {_third_person(m.group(2))}", context)
        if inner is not None:
            return [May(tuple(inner), text=body)]
        return None
    for splitter in _SPLITTERS:
        for m in re.finditer(re.escape(splitter), low):
            left, right = body[:m.start()], body[m.start():]
            right_body = right[len(splitter):]
            left_fx = read_clause(left, context)
            if left_fx is None:
                continue
            right_fx = _read_sentence(_carry_subject(left, right_body), context)
            if right_fx is None:
                continue
            # The right part's text keeps its connector so the clauses tile the sentence.
            first = right_fx[0]
            right_fx[0] = _retext(first, right.strip())
            return [_retext(left_fx, left)] + right_fx
    return None


def _third_person(clause: str) -> str:
    """"draw a card" → "draws a card" (after "that player may …")."""
    first, _, rest = clause.partition(" ")
    if first.lower() in ("have", "pay"):
        return clause
    verb = first + ("es" if first.endswith(("s", "sh", "ch")) else "s")
    return f"{verb} {rest}".strip()


def _carry_subject(left: str, right: str) -> str:
    """"CARDNAME gets +1/+0 and gains flying" → the right part keeps the subject."""
    low = right.lower()
    if re.match(r"(\w+) damage to ", low):
        m = re.match(r"^(.*? deals?) ", left, re.IGNORECASE)
        if m:
            return f"{m.group(1)} {right}"
    verbs = r"(gets|gains|has|deals|can't|can|doesn't|don't|loses|attacks|blocks|get|gain|have)"
    if re.match(verbs + " ", low):
        m = re.match(rf"^(.*?) {verbs} ", left, re.IGNORECASE)
        if m:
            return f"{m.group(1)} {right}"
    return right


def _retext(node: Effect, text: str) -> Effect:
    return dataclasses.replace(node, text=text)


# ====================================================================== clauses
def clause_texts(node: Node) -> Iterator[str]:
    """The source texts of the clauses of *node*, in order: cost parts, triggers, keywords,
    effects (a :class:`~.nodes.Modal` gives its header then its modes' clauses). Joined, they
    cover the card's normalised text; tests check that nothing is dropped."""
    if isinstance(node, CardReading):
        for ability in node.abilities:
            yield from clause_texts(ability)
    elif isinstance(node, KeywordLine):
        for keyword in node.keywords:
            yield keyword.text
    elif isinstance(node, ActivatedAbility):
        for part in node.cost:
            yield part.text
        for effect in node.effects:
            yield from clause_texts(effect)
    elif isinstance(node, TriggeredAbility):
        yield node.trigger.text
        for effect in node.effects:
            yield from clause_texts(effect)
    elif isinstance(node, (SpellAbility, StaticAbility)):
        for effect in node.effects:
            yield from clause_texts(effect)
    elif isinstance(node, Modal):
        yield node.text
        for mode in node.modes:
            for effect in mode.effects:
                yield from clause_texts(effect)
    else:
        yield node.text


__all__ = ["PLACEHOLDER", "clause_texts", "normalise_text", "read_card", "read_clause",
           "read_effects", "read_keyword", "read_keyword_line", "read_sentence",
           "read_trigger", "split_sentences", "NUMBER_WORDS", "TargetSpec"]
