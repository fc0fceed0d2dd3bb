"""Reader templates for delayed and timed effects (fx-timing), registered with the reader's
``_template`` (:mod:`.clause_registry`) when :mod:`.reader` imports this module."""

from __future__ import annotations

import re

from frontier_desktop.rules.effects.nodes import Delayed, Destroy, Effect, Selector, Untap
from frontier_desktop.rules.effects.clause_registry import _template, read_clause
from frontier_desktop.rules.effects.targets import read_object
from frontier_desktop.rules.effects.targets import read_number, read_spec
from frontier_desktop.rules.effects.timing import cumulative_upkeep_cost
from frontier_desktop.rules.effects.timing import (
    CantAttackNextTurn, CombatPump, GrantedUpkeep, IfActivated, LockIfAttacked, StepCondition,
    UnlessNewlyControlled, LoseGame, PhaseOut, ReturnToBattlefield, SkipDraw,
    UnlessPaid,
)


@_template(r"(?P<body>.+?) unless you pay (?P<pay>(?:\{[^}]+\})+)")
def _unless_paid(m: re.Match[str], text: str, context: str) -> Effect | None:
    body = text[:m.end("body")]
    inner = read_clause(body, context)
    if inner is None:
        return None
    return UnlessPaid((inner,), m.group("pay").upper(), text=text)


@_template(r"(?P<to>.+?) phases? out")
def _phase_out(m: re.Match[str], text: str, context: str) -> Effect | None:
    whole = read_object(m.group("to"))
    parts = [whole] if whole is not None else [read_object(p) for p in m.group("to").split(" and ")]
    if not parts or any(p is None for p in parts):
        return None
    return PhaseOut(tuple(p for p in parts if p is not None), text=text)


@_template(r"if this ability has been activated (?P<n>\w+) or more times this turn, "
           r"(?P<body>.+)")
def _if_activated(m: re.Match[str], text: str, context: str) -> Effect | None:
    times = read_number(m.group("n"))
    inner = read_clause(text[m.start("body"):], context)
    if times is None or times.var or inner is None or context != "activated":
        return None
    return IfActivated(times.n, (inner,), text=text)


@_template(r"at the beginning of that turn's end step, you lose the game")
def _lose_after_extra_turn(m: re.Match[str], text: str, context: str) -> Effect | None:
    return Delayed("that_turn_end_step", (LoseGame(Selector("you"), text="you lose the game"),),
                   text=text)


@_template(r"(?:(?P<who>you|target player) )?skips? (?:your|their) next draw step")
def _skip_draw(m: re.Match[str], text: str, context: str) -> Effect | None:
    who = read_object(m.group("who")) if m.group("who") else Selector("you")
    return SkipDraw(who, text=text) if who is not None else None


@_template(r"return (?P<to>it) to the battlefield under its owner's control")
def _return_it(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return ReturnToBattlefield(to, text=text) if to is not None else None


@_template(r"(?P<to>.+?) can't attack during its controller's next turn")
def _cant_attack_next_turn(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return CantAttackNextTurn(to, text=text) if to is not None else None


_UPKEEP_SACRIFICE = re.compile(r"at the beginning of your upkeep, sacrifice cardname unless you "
                               r"pay ((?:\{(?:\d+|[wubrgc])\})+)\.?")


@_template(r"(?P<to>.+?) (?:have|has) \"(?P<inner>[^\"]+)\"")
def _granted_upkeep(m: re.Match[str], text: str, context: str) -> Effect | None:
    if context != "static":
        return None
    to = read_object(m.group("to"))
    inner = m.group("inner").strip()
    cumulative = cumulative_upkeep_cost(inner.rstrip("."))
    paying = _UPKEEP_SACRIFICE.fullmatch(inner)
    if to is None or to.ref != "all" or (cumulative is None and paying is None):
        return None
    cost = cumulative if cumulative is not None else paying.group(1).upper() if paying else ""
    return GrantedUpkeep(to, cost, cumulative is not None, text=text)


@_template(r"(?P<to>.+?) doesn't untap during its controller's untap step if it attacked during "
           r"its controller's last turn")
def _lock_if_attacked(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    if to is None or context != "static":
        return None
    return LockIfAttacked(to, text=text)


@_template(r"untap the creature")
def _untap_the_creature(m: re.Match[str], text: str, context: str) -> Effect | None:
    """Paralyze's "If the player does, untap the creature": the enchanted creature (its
    trigger is "at the beginning of the upkeep of enchanted creature's controller")."""
    return Untap(Selector("enchanted", text="the creature"), text=text)


@_template(r"(?P<body>.+?) unless it came under your control this turn")
def _unless_new(m: re.Match[str], text: str, context: str) -> Effect | None:
    inner = read_clause(text[:m.end("body")], context)
    return UnlessNewlyControlled((inner,), text=text) if inner is not None else None


@_template(r"destroy the other creature")
def _destroy_other(m: re.Match[str], text: str, context: str) -> Effect | None:
    """Venom's "the other creature": the one on the other side of the combat trigger."""
    return Destroy(Selector("that", text="the other creature"), text=text)


@_template(r"(?P<to>.+?) gets? (?P<p>[+-]\d+)/(?P<t>[+-]\d+) until end of combat")
def _combat_pump(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    if to is None:
        return None
    return CombatPump(to, int(m.group("p")), int(m.group("t")), text=text)


def read_condition(text: str) -> Effect | None:
    """An intervening "if" this scope carries out (see :class:`StepCondition`), or None."""
    low = text.lower().strip()
    if low == "if no creatures are on the battlefield":
        return StepCondition("no_creatures", text=text)
    if low == "if cardname didn't attack this turn":
        return StepCondition("self_didnt_attack", text=text)
    found = re.fullmatch(r"if defending player controls no (.+)", low)
    spec = read_spec(found.group(1)) if found else None
    if spec is not None and not spec.zone and spec.controller == "":
        return StepCondition("defender_controls_none", spec=spec, text=text)
    m = re.fullmatch(r"if that player has (\w+) or more cards in hand", low)
    amount = read_number(m.group(1)) if m else None
    if amount is not None and not amount.var:
        return StepCondition("hand_at_least", amount.n, text=text)
    return None


__all__ = ["read_condition"]
