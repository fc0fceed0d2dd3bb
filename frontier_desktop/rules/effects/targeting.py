"""Targets: which objects a card's target phrase allows, and why one is refused.

Pure and variant-neutral: :func:`target_slots` lists the targets an ability asks for (in the
order its text names them), :func:`spec_problem` says in words why an object does not match a
:class:`TargetSpec`. The variant's own reach (range, terrain, protection) is asked separately
through ``Variant.target_problem``.

A decoded target (``actions._target``) is a permanent id (``"u3"``), a square (a tuple),
``("player", N)``, ``("stack", ID)`` or ``("graveyard", N, NAME)``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from frontier_desktop.rules.effects.nodes import (
    Effect, Modal, Selector, TargetSpec, Unimplemented,
)
from frontier_desktop.rules.state import GameState

COLOUR_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
LETTER_COLOUR = {v: k for k, v in COLOUR_LETTER.items()}


@dataclasses.dataclass(frozen=True)
class Slot:
    """One target an ability asks for."""

    spec: TargetSpec
    effect: int
    """Index of the effect (in the ability's effect list) whose phrase names it."""
    selector: Selector | None
    """The selector it fills (``None`` for a target phrase of an unread clause)."""
    optional: bool = False
    """"up to N": this one may be left out (only trailing ones)."""
    kind: str = ""
    """The kind of the effect whose phrase names it (``deal_damage``: a variant may send the
    damage meant for a player to a land of theirs, ``Variant.player_damage_to_land``)."""
    divided: bool = False
    """One point of damage "divided as you choose among any number of targets": each slot is
    one point, and a target named in several slots gets that many (fx-oneshots)."""


def chosen_effects(effects: Iterable[Effect], modes: tuple[int, ...]) -> tuple[Effect, ...]:
    """The effects with each "choose one" replaced by the chosen modes' effects."""
    out: list[Effect] = []
    for effect in effects:
        if isinstance(effect, Modal):
            for k in modes or (0,):
                if 0 <= k < len(effect.modes):
                    out.extend(effect.modes[k].effects)
        else:
            out.append(effect)
    return tuple(out)


_SLOTS: dict[tuple[int, int], tuple[tuple[Effect, ...], list[Slot]]] = {}


def target_slots(effects: tuple[Effect, ...], x: int = 0) -> list[Slot]:
    """The targets *effects* ask for, in text order (``X target …`` counts *x*).

    Cached by the identity of *effects* (the cached readings hand out the same tuples).
    """
    key = (id(effects), x)
    hit = _SLOTS.get(key)
    if hit is not None and hit[0] is effects:
        return list(hit[1])
    if len(_SLOTS) > 4096:
        _SLOTS.clear()
    slots = _target_slots(effects, x)
    _SLOTS[key] = (effects, slots)
    return list(slots)


def _target_slots(effects: tuple[Effect, ...], x: int) -> list[Slot]:
    out: list[Slot] = []
    for index, effect in enumerate(effects):
        for node in effect.walk():
            if isinstance(node, Selector) and node.ref == "target" and node.spec is not None:
                points = divided_points(effect, node, x)
                if points is not None:  # one slot per point of damage
                    out.extend(Slot(node.spec, index, node, False, effect.kind, True)
                               for _ in range(points))
                    continue
                count = x if node.spec.count_var else max(1, node.spec.count)
                for _ in range(count):
                    out.append(Slot(node.spec, index, node, node.spec.up_to, effect.kind))
            elif isinstance(node, Unimplemented):
                for spec in node.targets:
                    count = x if spec.count_var else max(1, spec.count)
                    for _ in range(count):
                        out.append(Slot(spec, index, None, spec.up_to, effect.kind))
    return out


def divided_points(effect: Effect, sel: Selector, x: int) -> int | None:
    """The points of damage of "N damage divided as you choose among any number of targets"
    (None: not that form)."""
    from frontier_desktop.rules.effects.nodes import DealDamage

    if not (isinstance(effect, DealDamage) and effect.divided and sel.spec is not None
            and sel.spec.count_var == "any" and effect.to == (sel,)):
        return None
    amount = effect.amount
    if amount.var == "X":
        return amount.n * x
    if amount.var.startswith("X plus ") and amount.var[7:].isdigit():
        return x + int(amount.var[7:])
    return None if amount.var else amount.n


def describe_target(state: GameState, target: Any) -> str:
    """A target in words: "Sengir Vampire", "Ben", "the spell Lightning Bolt", "column 3, row 2"."""
    if isinstance(target, str):
        if target in state.cards:
            return state.name(target)
        return "that permanent"
    if isinstance(target, tuple) and target and target[0] == "player":
        n = target[1]
        return state.players[n].name if 0 <= n < len(state.players) else f"player {n}"  # as given
    if isinstance(target, tuple) and target and target[0] == "stack":
        for item in state.stack:
            if item["id"] == target[1]:
                return f"the spell {item['card']}" if item.get("kind") == "spell" else \
                    f"{item['card']}'s ability"
        return "that spell"
    if isinstance(target, tuple) and target and target[0] == "graveyard":
        return f"{target[2]} in a graveyard"
    if isinstance(target, tuple) and len(target) == 2:
        return f"the land at column {target[1] + 1}, row {target[0] + 1}"
    return "that"


def _colours(colours: Iterable[str]) -> set[str]:
    return {LETTER_COLOUR.get(c, c) for c in colours}


def spec_problem(state: GameState, spec: TargetSpec, target: Any, *, seat: int,
                 source: str | None, attacking: Iterable[str] = (),
                 blocking: Iterable[str] = (), blocked: bool = False) -> str | None:
    """Why *target* doesn't match *spec* for a spell or ability of *seat* (None: it does).

    *source* is the permanent the ability belongs to (for "other"), *attacking* the ids of the
    creatures attacking now, *blocking* the creatures they attack (Frontier: the attacked
    creature is the blocker for card text), *blocked* whether the attack is on a creature.
    """
    nouns = spec.noun.split("_or_")
    if isinstance(target, tuple) and target and target[0] == "player":
        n = target[1]
        if not 0 <= n < len(state.players) or state.players[n].lost:
            return "there is no such player"
        if not ({"player", "any", "opponent"} & set(nouns)):
            return "it is a player"
        if ("opponent" in nouns and "player" not in nouns and "any" not in nouns) or \
                spec.controller == "opponent":
            if n == seat:
                return "you are not your own opponent"
        return None
    if isinstance(target, tuple) and target and target[0] == "stack":
        item = next((i for i in state.stack if i["id"] == target[1]), None)
        if item is None:
            return "it is not on the stack"
        if "spell" not in nouns:
            return "it is a spell, not a permanent"
        if item.get("kind") != "spell":
            return "it is an ability, not a spell"
        card = state.defs.get(str(item["card"]))
        if card is not None:
            return _card_problem(spec, card.colors, card.types, card.subtypes,
                                 " ".join(card.types).lower(), nouns, spell=True)
        return None
    if isinstance(target, tuple) and target and target[0] == "graveyard":
        if not spec.zone.endswith("graveyard"):
            return "it is in a graveyard"
        n, name = target[1], target[2]
        if not 0 <= n < len(state.players):
            return "there is no such player"
        if spec.zone == "your_graveyard" and n != seat:
            return "it is not in your graveyard"
        if spec.zone == "opponent_graveyard" and n == seat:
            return "it is not in an opponent's graveyard"
        cards = [c for c in state.players[n].graveyard if state.name(c) == name]
        if not cards:
            return "it is not in that graveyard"
        card = state.defs[name]
        noun_ok = "card" in nouns or any(t.lower() in nouns for t in card.types)
        if not noun_ok:
            return f"it is not a {spec.noun.replace('_or_', ' or ')} card"
        return _card_problem(spec, card.colors, card.types, card.subtypes, "", nouns, spell=True)
    if spec.zone:
        return "it is not in the right zone"
    if (isinstance(target, tuple) and len(target) == 2) or (
            isinstance(target, str) and target not in state.perms
            and state.board.is_place(target)):
        # A land on the board: its square, or a place by name (an area, a stronghold "S1").
        if not ({"land", "permanent"} & set(nouns)):
            return "it is a land"
        cell = state.cells.get(target)
        if cell is None or cell.land is None:
            return "there is no land there"
        if not cell.face_up:
            if spec.subtypes or spec.colours or spec.types:
                return "it is face down"
            return None
        card = state.card(cell.land)
        return _card_problem(spec, card.colors, card.types, card.subtypes, "", nouns,
                             spell=False)
    if not isinstance(target, str) or target not in state.perms:
        return "it is not on the battlefield"
    perm = state.perms[target]
    card = state.card(target)
    kinds = {t.lower() for t in card.types}
    if "any" in nouns:  # "any target": a creature, a player or a planeswalker
        if not kinds & {"creature", "planeswalker"}:
            return "it is not a creature, a player or a planeswalker"
    elif "permanent" not in nouns and not kinds & set(nouns):
        what = spec.noun.replace("_or_", " or ")
        return f"it is not {'an' if what[0] in 'aeiou' else 'a'} {what}"
    if spec.other and target == source:
        return "it can't target itself"
    if spec.controller == "you" and perm.controller != seat:
        return "it is not yours"
    if spec.controller in ("opponent", "not_you") and perm.controller == seat:
        return "it is yours"
    if spec.state == "tapped" and not perm.tapped:
        return "it is untapped"
    if spec.state == "untapped" and perm.tapped:
        return "it is tapped"
    attackers, blockers = set(attacking), set(blocking)
    if spec.state == "attacking" and target not in attackers:
        return "it is not attacking"
    if spec.state == "attacking_or_blocking" and target not in attackers | blockers:
        return "it is not attacking or blocking"
    if spec.state == "blocking" and target not in blockers:
        return "it is not blocking (being attacked)"
    if spec.state == "blocked" and (target not in attackers or not blocked):
        return "it is not a blocked attacker"
    if spec.state == "unblocked" and (target not in attackers or blocked):
        return "it is not an unblocked attacker"
    for kw in spec.with_keywords:
        if not card.has(kw) and kw not in perm.granted:
            return f"it doesn't have {kw}"
    for kw in spec.without_keywords:
        if card.has(kw) or kw in perm.granted:
            return f"it has {kw}"
    if spec.power:  # the continuous P/T, as the playing variant's engine computes it
        from frontier_desktop.rules.core.hooks import variant_of

        power = variant_of(state).magic.continuous_pt(state, perm)[0]
        op, value = spec.power[:2], int(spec.power[2:])
        if (op == "<=" and power > value) or (op == ">=" and power < value):
            return f"its power is {power}"
    return _card_problem(spec, card.colors, card.types, card.subtypes, "", nouns, spell=False)


def _card_problem(spec: TargetSpec, colors: Iterable[str], types: Iterable[str],
                  subtypes: Iterable[str], _kind: str, nouns: list[str], *,
                  spell: bool) -> str | None:
    have = _colours(colors)
    type_set = {t.lower() for t in types}
    sub_set = {t.lower() for t in subtypes}
    if spell and "spell" in nouns:
        pass
    if spec.colours and not have & set(spec.colours):
        return f"it is not {' or '.join(spec.colours)}"
    for colour in spec.not_colours:
        if colour in have:
            return f"it is {colour}"
    for t in spec.types:
        low = t.lower()
        if low in ("basic", "legendary", "snow"):
            continue  # supertypes: not modelled as a refusal
        if low not in type_set:
            return f"it is not {'an' if low[0] in 'aeiou' else 'a'} {low}"
    for t in spec.not_types:
        low = t.lower()
        if low in type_set or low in sub_set:
            return f"it is {'an' if low[0] in 'aeiou' else 'a'} {low}"
    if spec.subtypes and not {s.lower() for s in spec.subtypes} & sub_set:
        return f"it is not {'an' if spec.subtypes[0][0] in 'AEIOU' else 'a'} " \
               f"{' or '.join(spec.subtypes)}"
    return None
