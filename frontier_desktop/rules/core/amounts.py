"""What one-shot effects count and read: the counted amounts of their text ("equal to the
number of Swamps you control", "half your life, rounded up"), poison counters, silenced
creatures. Pure functions of the state.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from frontier_desktop.rules.card import Card
from frontier_desktop.rules.effects import nodes as n
from frontier_desktop.rules.effects.oneshots import HALF_LIFE, land_type_of
from frontier_desktop.rules.effects.targeting import COLOUR_LETTER
from frontier_desktop.rules.mana import mana_value
from frontier_desktop.rules.state import GameState

if TYPE_CHECKING:
    from frontier_desktop.rules.core.spell_context import _Context


POISON_LIMIT = 10
"""A player with this many poison counters loses the game."""


# ====================================================================== state helpers
def poison(state: GameState, seat: int) -> int:
    """The poison counters *seat* has."""
    return int(state.extra.get("fx_poison", {}).get(str(seat), 0))


def silenced(state: GameState, unit: str) -> bool:
    """Whether all combat damage *unit* would deal this turn is prevented (Horn of
    Deafening): its power counts 0 in combat."""
    return bool(state.extra.get("fx_silenced", {}).get(unit) == state.turn)


def controller_of(state: GameState, obj: str) -> int | None:
    """The controller of a permanent or of a spell on the stack (its owner otherwise)."""
    if obj in state.perms:
        return state.perms[obj].controller
    for item in state.stack:
        if item.get("obj") == obj:
            return int(item["controller"])
    return state.owner(obj) if obj in state.cards else None


def card_matches(card: Card, spec: n.TargetSpec) -> bool:
    """Whether a card in a hidden zone (a library) fits "a blue instant card"."""
    from frontier_desktop.rules.effects.targeting import _card_problem

    nouns = spec.noun.split("_or_")
    kinds = {t.lower() for t in card.types}
    if "card" not in nouns and not kinds & set(nouns):
        return False
    return _card_problem(spec, card.colors, card.types, card.subtypes, "", nouns,
                         spell=True) is None


def amount_of(ctx: _Context, amount: n.Amount, target: Any = None) -> int:
    """A counted amount (``oneshots.AMOUNT_PATTERNS``); *target*: the object it goes to (for
    "that player's hand"). An amount it doesn't know counts its number (as before)."""
    state, var = ctx.state, amount.var
    if var == HALF_LIFE:
        return max(0, (state.players[ctx.seat].life + 1) // 2)
    m = re.fullmatch(r"half the number of (\w+) you control, rounded up", var)
    if m:
        count = _lands_of(state, ctx.seat, str(land_type_of(f"number of {m.group(1)} you control")))
        return (count + 1) // 2
    m = re.fullmatch(r"equal to the number of (\w+|nonbasic lands) they control", var)
    if m:
        if not (isinstance(target, tuple) and target[0] == "player"):
            return 0
        what = m.group(1)
        if what == "nonbasic lands":
            return _lands_of(state, int(target[1]), "") * amount.n
        return _lands_of(state, int(target[1]),
                         str(land_type_of(f"number of {what} you control"))) * amount.n
    m = re.fullmatch(r"(\d+) minus the number of cards in their hand", var)
    if m:
        if not (isinstance(target, tuple) and target[0] == "player"):
            return 0
        return max(0, int(m.group(1)) - len(state.players[int(target[1])].hand))
    m = re.fullmatch(r"(\d+) plus the number of (\w+) creatures on the battlefield", var)
    if m:
        letter = COLOUR_LETTER[m.group(2)]
        return int(m.group(1)) + sum(1 for pid, p in state.perms.items()
                                     if p.zone != "attached" and state.card(pid).is_creature
                                     and letter in state.card(pid).colors)
    m = re.fullmatch(r"(\d+) plus the number of creatures that died this way", var)
    if m:
        return int(m.group(1)) + sum(1 for o in ctx.previous if isinstance(o, str)
                                     and o not in state.perms)
    if re.fullmatch(r"equal to (?:its|that creature's|that card's) mana value", var):
        first = next((o for o in ctx.previous if isinstance(o, str) and o in state.cards), None)
        return mana_value(state.card(first).mana_cost) * amount.n if first else 0
    m = re.fullmatch(r"equal to the sacrificed creature's (power|toughness|mana value)", var)
    if m:
        lki = (ctx.item.get("sacrificed_lki") or [{}])[0]
        return int(lki.get(m.group(1), 0)) * amount.n
    if re.fullmatch(r"equal to (?:its|cardname's) power", var):
        return _source_power(ctx) * amount.n
    land = land_type_of(var)
    if land is not None:
        from frontier_desktop.rules.core.hooks import variant_of as find_variant_of

        owned = find_variant_of(state).land_controllers(state)
        return sum(1 for pos, seat in owned.items() if seat == ctx.seat
                   and state.cells[pos].face_up and state.cells[pos].land is not None
                   and land in state.card(str(state.cells[pos].land)).subtypes) * amount.n
    if var == "equal to the number of cards in that player's hand":
        if isinstance(target, tuple) and target[0] == "player":
            return len(state.players[int(target[1])].hand) * amount.n
        return 0
    if var == "equal to the number of cards in your hand":
        return len(state.players[ctx.seat].hand) * amount.n
    m = re.fullmatch(r"cards in your hand minus (\d+)", var)
    if m:
        return max(0, len(state.players[ctx.seat].hand) - int(m.group(1))) * amount.n
    m = re.fullmatch(r"X plus (\d+)", var)
    if m:
        return ctx.x + int(m.group(1))
    if re.fullmatch(r"equal to (?:its|cardname's) toughness", var):
        first = next((o for o in ctx.previous if isinstance(o, str)), None)
        perm = state.perms.get(first) if first else None
        if perm is not None:
            from frontier_desktop.rules.core.hooks import effective_pt

            return max(0, effective_pt(state, perm, state.occupants())[1]) * amount.n
        return 0
    if var == "twice the number of white creatures that player controls":
        if not (isinstance(target, tuple) and target[0] == "player"):
            return 0
        return 2 * sum(1 for pid, p in state.perms.items() if p.controller == int(target[1])
                       and p.zone != "attached" and state.card(pid).is_creature
                       and "W" in state.card(pid).colors)
    if var == "equal to the number of attacking creatures":
        from frontier_desktop.rules.core.hooks import variant_of as find_variant_of

        magic = getattr(find_variant_of(state), "magic", None)  # the variant's engine
        attacking = magic.attacking_ids(state) if magic is not None else []
        return len(attacking) * amount.n
    return amount.n


def _lands_of(state: GameState, seat: int, land_type: str) -> int:
    """Face-up lands *seat* controls (their creatures stand on them) of *land_type*; ""
    counts the nonbasic ones."""
    from frontier_desktop.rules.core.hooks import variant_of as find_variant_of

    owned = find_variant_of(state).land_controllers(state)
    count = 0
    for pos, who in owned.items():
        cell = state.cells[pos]
        if who != seat or not cell.face_up or cell.land is None:
            continue
        card = state.card(str(cell.land))
        if (land_type and land_type in card.subtypes) or (
                not land_type and "Basic" not in card.type_line):
            count += 1
    return count


def _source_power(ctx: _Context) -> int:
    """The power of the ability's permanent, or its last known power once it is gone."""
    from frontier_desktop.rules.core.hooks import effective_pt

    perm = ctx.state.perms.get(ctx.source) if ctx.source else None
    if perm is not None:
        return max(0, effective_pt(ctx.state, perm, ctx.state.occupants())[0])
    return int((ctx.item.get("self_lki") or {}).get("power", 0))
