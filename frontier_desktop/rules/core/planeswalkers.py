"""Planeswalkers as normal Magic plays them, written once for every variant.

This module owns a planeswalker's loyalty:

- it enters the battlefield (cast, or put onto it, or read from a position file without a
  ``counters.loyalty``) with its printed loyalty (Scryfall's ``loyalty``, ``Card.loyalty``) as
  loyalty counters (:func:`enter`);
- damage dealt to it removes that many loyalty counters (:func:`deal_damage`, used by the
  spell and ability damage executors; combat damage: ``core.damage``);
- with no loyalty counters left it goes to its owner's graveyard, a state-based action each
  variant checks after every action (:func:`rules.core.sba.check_deaths`);
- its loyalty abilities ("+1: …", "−2: …", "−X: …", "0: …", ``ActivatedAbility.loyalty``)
  are activated abilities whose cost puts on or removes loyalty counters (:func:`pay_loyalty`;
  never more than it has), one per planeswalker per turn, only at sorcery speed: in its
  controller's main phase (each variant's own, the War Game's casting step) with an empty
  stack (:func:`activation_problem`). A variant adds its own limits (Army Magic: not the turn
  it explored) and its reach for the targets (``target_problem``); the effect after the colon
  is read by the effects reader like any other ability's.

Pure Python: no I/O, no randomness.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.card import ActivatedAbility, Card
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.state import GameState, Permanent

Event = dict[str, Any]

LOYALTY = "loyalty"
"""The counter kind of a planeswalker's loyalty (``Permanent.counters``)."""

MAX_LISTED_X = 20
"""Most values of X listed in the legal actions for one "−X" activation (any X up to the
planeswalker's loyalty is legal)."""


# ---------------------------------------------------------------------- what is one
def is_planeswalker(state: GameState, obj: str) -> bool:
    """Whether the object *obj* is a planeswalker (and no creature: a creature's damage is
    marked on it instead)."""
    card = state.card(obj)
    return card.is_planeswalker and not card.is_creature


def loyalty(perm: Permanent) -> int:
    """The loyalty counters on *perm* now."""
    return int(perm.counters.get(LOYALTY, 0))


def loyalty_indices(card: Card) -> list[int]:
    """The indices (into ``Card.activated``) of *card*'s loyalty abilities."""
    return [i for i, ability in enumerate(card.activated) if ability.loyalty]


def change_of(ability: ActivatedAbility, x: int = 0) -> int:
    """How many loyalty counters *ability*'s cost puts on (positive) or removes (negative),
    with *x* for "−X"."""
    cost = ability.loyalty
    if not cost or cost in ("0", "+0", "-0"):
        return 0
    sign = -1 if cost.startswith("-") else 1
    number = cost.lstrip("+-")
    return sign * (x if number == "X" else int(number))


# ---------------------------------------------------------------------- entering, damage
def entering_counters(card: Card) -> dict[str, int] | None:
    """The counters *card* enters the battlefield with: a planeswalker's printed loyalty as
    loyalty counters; None for anything else (and a planeswalker that prints no loyalty)."""
    if not card.is_planeswalker or card.loyalty is None:
        return None
    return {LOYALTY: max(0, card.printed_loyalty)}


def enter(state: GameState, perm: Permanent) -> None:
    """A permanent enters the battlefield: a planeswalker gets its printed loyalty as loyalty
    counters (unless it already has loyalty counters: a position file's ``counters``, a
    phased-in one)."""
    counters = entering_counters(state.card(perm.id))
    if counters is not None and LOYALTY not in perm.counters:
        perm.counters = {**perm.counters, **counters}


def remove_loyalty(perm: Permanent, amount: int) -> int:
    """Remove *amount* loyalty counters from *perm* (never below 0); how many are left."""
    left = max(0, loyalty(perm) - max(0, amount))
    perm.counters = {**perm.counters, LOYALTY: left}
    return left


def deal_damage(state: GameState, perm: Permanent, amount: int, source: str,
                events: list[Event]) -> bool:
    """Damage *amount* from *source* to *perm*, when it is a planeswalker: its loyalty
    counters go (a ``damage`` event with the ``loyalty`` left; the state-based actions put it
    in the graveyard at 0). False (nothing done) for any other permanent: the caller marks
    the damage on it."""
    if not is_planeswalker(state, perm.id):
        return False
    left = remove_loyalty(perm, amount)
    events.append({"type": "damage", "source": source, "target": perm.id, "amount": amount,
                   "loyalty": left})
    return True


# ---------------------------------------------------------------------- activating
def sorcery_problem(state: GameState, seat: int, main_phases: Sequence[str],
                    what: str) -> str | None:
    """Why *seat* may not do something at sorcery speed now (None: they may): only in their
    own main phase (*main_phases*: the variant's), with nothing on the stack or waiting."""
    if seat != state.active or state.phase not in main_phases:
        return f"{what} only as a sorcery: in your main phase"
    if state.stack or state.pending is not None:
        return f"{what} only as a sorcery: not while something waits to resolve on the stack"
    return None


def activation_problem(state: GameState, seat: int, perm: Permanent, index: int,
                       main_phases: Sequence[str]) -> str | None:
    """Why loyalty ability *index* of *perm* can't be activated now (None: it can, or it is
    no loyalty ability): sorcery speed, one loyalty ability per planeswalker per turn, and a
    cost that removes more counters than it has (a "−X" is checked with its X on paying)."""
    card = state.card(perm.id)
    if not 0 <= index < len(card.activated) or not card.activated[index].loyalty:
        return None
    ability = card.activated[index]
    problem = sorcery_problem(state, seat, main_phases,
                              f"{card.name}'s loyalty abilities can be activated")
    if problem:
        return problem
    if any(perm.activations.get(str(i), 0) for i in loyalty_indices(card)):
        return (f"{card.name} has already used a loyalty ability this turn (one a turn per "
                "planeswalker)")
    change = change_of(ability, 0)
    if change < 0 and -change > loyalty(perm):
        return f"{card.name} has only {loyalty(perm)} loyalty: it can't pay {ability.cost}"
    return None


def pay_loyalty(state: GameState, action: A.Action, perm: Permanent, index: int, x: int,
                events: list[Event]) -> None:
    """Pay loyalty ability *index*'s cost (nothing for another ability): put on or remove
    the loyalty counters it says (``x`` for "−X"), with a ``loyalty`` event.

    Raises:
        IllegalActionError: it would remove more loyalty counters than *perm* has.
    """
    card = state.card(perm.id)
    ability = card.activated[index]
    if not ability.loyalty:
        return
    change = change_of(ability, x)
    have = loyalty(perm)
    if change < 0 and -change > have:
        raise IllegalActionError(action, f"{card.name} has only {have} loyalty: it can't "
                                         f"remove {-change}")
    perm.counters = {**perm.counters, LOYALTY: have + change}
    events.append({"type": "loyalty", "unit": perm.id, "name": card.name, "change": change,
                   "loyalty": have + change})


def with_x_choices(state: GameState, actions: list[A.Action]) -> list[A.Action]:
    """*actions* (a variant's listing) with each "−X" loyalty activation listed once more for
    every X from 1 up to the planeswalker's loyalty (at most :data:`MAX_LISTED_X`); the
    listing has it with X = 0."""
    out: list[A.Action] = []
    for action in actions:
        out.append(action)
        if not isinstance(action, A.Activate) or action.x or action.unit not in state.perms:
            continue
        card = state.card(action.unit)
        if not 0 <= action.ability < len(card.activated) or \
                card.activated[action.ability].loyalty != "-X":
            continue
        top = min(loyalty(state.perms[action.unit]), MAX_LISTED_X)
        out.extend(dataclasses.replace(action, x=x) for x in range(1, top + 1))
    return out
