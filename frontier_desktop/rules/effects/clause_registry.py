"""The clause templates' registry and :func:`read_clause`, which tries them in order.

A template is a regular expression on a whole lower-case clause and a function building the
effect from its match (or ``None`` to let the next template try). The template modules
(:mod:`.templates_basic`, :mod:`.oneshots`, :mod:`.templates_statics`, :mod:`.templates_timing`,
:mod:`.templates_mana`) register theirs with :func:`_template`; :mod:`.reader` imports them in
the order they are tried. Here too: what every template may use (:func:`_amount`,
:func:`_obj`, :func:`_duration` and the :data:`_PER` / :data:`_DUR` pattern tails), and the
readings tried after every template: mana ("Add {G}") and delayed effects ("… at end of combat").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from frontier_desktop.rules.effects.nodes import AddMana, Amount, Delayed, Effect, Selector
from frontier_desktop.rules.effects.targets import read_number, read_object
from frontier_desktop.rules.mana import parse_mana_effect

Template = Callable[[re.Match[str], str, str], Effect | None]
_TEMPLATES: list[tuple[re.Pattern[str], Template]] = []


def _template(pattern: str) -> Callable[[Template], Template]:
    def register(fn: Template) -> Template:
        _TEMPLATES.append((re.compile(pattern), fn))
        return fn
    return register


def read_clause(clause: str, context: str) -> Effect | None:
    """One clause (no final period) as one effect, or ``None`` when no template reads it."""
    text = clause.strip().rstrip(".").strip()
    low = text.lower()
    for pattern, build in _TEMPLATES:
        m = pattern.fullmatch(low)
        if m is None:
            continue
        effect = build(m, text, context)
        if effect is not None:
            return effect
    mana = _read_mana(text)
    if mana is not None:
        return mana
    for suffix, when in _DELAYS:
        if low.endswith(suffix) and len(low) > len(suffix):
            inner = read_clause(text[:-len(suffix)], context)
            if inner is not None:
                return Delayed(when, (inner,), text=text)
    return None


_DELAYS = ((" at the beginning of the next turn's upkeep", "next_upkeep"),
           (" at the beginning of the next end step", "next_end_step"),
           (" at end of combat", "end_of_combat"))


def _read_mana(text: str) -> Effect | None:
    if not text.lower().startswith("add "):
        return None
    read = parse_mana_effect(text + ".")
    if read is None or read[1]:
        return None
    return AddMana(read[0], text=text)


def _obj(phrase: str | None) -> Selector | None:
    return read_object(phrase) if phrase is not None else None


def _amount(word: str, per: str | None = None) -> Amount | None:
    amount = read_number(word)
    if amount is None:
        return None
    if per:
        return Amount(amount.n, per.strip(), text=f"{word} {per}")
    return Amount(amount.n, amount.var, text=word)


def _duration(m: re.Match[str], context: str) -> str:
    if m.groupdict().get("dur"):
        return "end_of_turn"
    return "" if context == "static" else "end_of_turn"


_PER = r"(?: (?P<per>for each [^,]+))?"
_DUR = r"(?P<dur> until end of turn| this turn)?"
