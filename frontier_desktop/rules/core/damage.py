"""Combat damage as normal Magic deals it, written once for every variant.

- The steps: a first-strike step when a creature in the combat has first or double strike,
  then the regular step (:func:`strike_steps`, :func:`strikes`).
- Lethal damage for a division: toughness less the damage already marked; any non-zero
  amount from a deathtouch source (:func:`lethal_damage`).
- Dealing it (:func:`deal_combat_damage`): "prevent all combat damage" (Fog, Holy Day),
  protection and the statics that prevent damage from a source, "the next time a source
  would deal damage" shields, "prevent the next N damage"; then damage marked on a
  creature (deathtouch noted) or loyalty removed from a planeswalker.

Where damage "beyond" goes (a player, a land's life, a conquer value, the next creature) and
who divides it are the variant's: it calls these for the creatures and planeswalkers hit.
"""

from __future__ import annotations

from typing import Any

from frontier_desktop.rules.core.hooks import Where
from frontier_desktop.rules.core.keywords import has_keyword, protected_against
from frontier_desktop.rules.core.planeswalkers import is_planeswalker, remove_loyalty
from frontier_desktop.rules.state import GameState, Permanent

Event = dict[str, Any]

FIRST, REGULAR = "first", "regular"


def fog(state: GameState, at: Any = None) -> bool:
    """Whether "prevent all combat damage that would be dealt this turn" resolved this turn
    (for the combat at *at*, wire form: also one whose chosen terrain was *at*, the War
    Game's reading)."""
    if state.extra.get("no_combat_damage_turn") == state.turn:
        return True
    marked = state.extra.get("no_combat_damage_at") or {}
    return at is not None and marked.get("turn") == state.turn and \
        at in marked.get("places", ())


def strike_steps(state: GameState, where: Where, ids: list[str]) -> list[str]:
    """The combat damage steps of a combat among *ids*: a first-strike step only when one of
    them has first or double strike."""
    two = any(has_keyword(state, where, i, "first_strike")
              or has_keyword(state, where, i, "double_strike") for i in ids)
    return [FIRST, REGULAR] if two else [REGULAR]


def strikes(state: GameState, where: Where, obj: str, step: str, steps: list[str]) -> bool:
    """Whether *obj* deals combat damage in *step* of *steps*: first and double strikers in
    the first step; in the regular step the others and double strikers."""
    if len(steps) < 2:
        return True
    double = has_keyword(state, where, obj, "double_strike")
    first = double or has_keyword(state, where, obj, "first_strike")
    return first if step == FIRST else (not first or double)


def lethal_damage(state: GameState, where: Where, perm: Permanent, *,
                  deathtouch: bool = False) -> int:
    """The damage that is lethal to *perm* now: its toughness less the damage marked on it
    (at least 0); from a deathtouch source 1 while it has any toughness left (CR 702.2c)."""
    left = max(0, where.pt(state, perm)[1] - perm.damage)
    return min(left, 1) if deathtouch else left


def prevention(state: GameState, source: str | None, perm: Permanent) -> str | None:
    """Why combat damage from *source* to *perm* is prevented outright (None: it isn't):
    protection, or a static "prevent all damage dealt to CARDNAME by …"."""
    from frontier_desktop.rules.core.fx_statics import prevents

    if source is None:
        return None
    quality = protected_against(state, perm, source) if source in state.cards else None
    if quality is not None:
        return quality
    if prevents(state, perm, source) or prevents(state, perm, source, combat=True):
        return "prevented"
    return None


def deal_combat_damage(state: GameState, where: Where, source: str, target: str, amount: int,
                       events: list[Event], *, sources: list[str] | None = None,
                       deathtouch: bool | None = None,
                       extra: dict[str, Any] | None = None) -> int:
    """*source* deals *amount* combat damage to the creature or planeswalker *target* (one of
    a packet of *sources* when several creatures deal it together); returns the damage dealt
    after prevention. *extra* fields go on the events (``at``)."""
    from frontier_desktop.rules.core.life import shield_prevents
    from frontier_desktop.rules.core.spell_grants import prevent

    perm = state.perms.get(target)
    if perm is None or amount <= 0:
        return 0
    more = dict(extra or {})
    if fog(state):
        events.append({"type": "prevented", "unit": target, "amount": amount, **more})
        return 0
    why = prevention(state, source, perm)
    if why is not None:
        events.append({"type": "prevented", "unit": target, "amount": amount, **more})
        return 0
    amount = shield_prevents(state, sources or [source], target, amount, events, combat=True)
    if amount <= 0:
        return 0
    kept = prevent(perm, amount)
    if kept < amount:
        events.append({"type": "prevented", "unit": target, "amount": amount - kept, **more})
        amount = kept
        if amount <= 0:
            return 0
    event: Event = {"type": "damage", "source": source, "target": target, "amount": amount, **more}
    if sources is not None and len(sources) > 1:
        event["sources"] = list(sources)
    if is_planeswalker(state, target):
        event["loyalty"] = remove_loyalty(perm, amount)
        events.append(event)
        return amount
    perm.damage += amount
    if deathtouch if deathtouch is not None else has_keyword(state, where, source, "deathtouch"):
        perm.deathtouched = True
    events.append(event)
    return amount
