"""State-based actions as normal Magic checks them, written once for every variant.

After every action (and every resolution) the variant calls :func:`check_deaths`:

- a creature with toughness 0 or less is put into its owner's graveyard (no regeneration,
  indestructible or not);
- a creature with lethal damage marked on it, or any damage from a deathtouch source, is
  destroyed (the variant's :meth:`Where.destroy`: where a regeneration shield puts it), unless
  it is indestructible;
- a planeswalker with no loyalty counters left goes to its owner's graveyard.

All deaths are simultaneous: decided from one board, then carried out, and repeated until
nothing more dies (a lord's death can shrink the creatures it pumped).
"""

from __future__ import annotations

from typing import Any

from frontier_desktop.rules.core.hooks import Where
from frontier_desktop.rules.core.keywords import has_keyword
from frontier_desktop.rules.core.planeswalkers import LOYALTY, is_planeswalker, loyalty
from frontier_desktop.rules.core.shared import regenerate_or_die as regenerate_or_die
from frontier_desktop.rules.state import GameState, Permanent

Event = dict[str, Any]


def indestructible(state: GameState, where: Where, perm: Permanent) -> bool:
    """Whether *perm* is indestructible now (lethal damage and "destroy" don't destroy it)."""
    return has_keyword(state, where, perm.id, "indestructible")




def destroy(state: GameState, where: Where, perm: Permanent, events: list[Event], *,
            reason: str) -> bool:
    """Destroy *perm* unless it is indestructible; True when it was destroyed (or
    regenerated)."""
    if indestructible(state, where, perm):
        return False
    where.destroy(state, perm, events, reason=reason)
    return True


def _doomed(state: GameState, where: Where) -> list[tuple[Permanent, str]]:
    out: list[tuple[Permanent, str]] = []
    pt = where.pts(state)
    for perm in list(state.creatures()):
        toughness = pt(perm)[1]
        if toughness <= 0:
            out.append((perm, "toughness"))
        elif perm.damage > 0 and (perm.damage >= toughness or perm.deathtouched) and \
                not indestructible(state, where, perm):
            out.append((perm, "damage"))
    for perm in list(state.perms.values()):
        if LOYALTY in perm.counters and loyalty(perm) <= 0 and perm.zone != "attached" and \
                is_planeswalker(state, perm.id):
            out.append((perm, "loyalty"))
    return out


def check_deaths(state: GameState, where: Where, events: list[Event]) -> None:
    """Creatures with toughness 0 or lethal damage and planeswalkers with no loyalty leave,
    all at once, until nothing more dies."""
    from frontier_desktop.rules.core.shared import leave_battlefield

    while True:
        doomed = _doomed(state, where)
        if not doomed:
            return
        for perm, why in doomed:
            if perm.id not in state.perms:
                continue
            if why == "toughness":
                leave_battlefield(state, perm, "graveyard", events, reason="toughness 0")
            elif why == "loyalty":
                leave_battlefield(state, perm, "graveyard", events, reason="no loyalty left")
            else:
                where.destroy(state, perm, events, reason="lethal damage")
        if state.game_over:
            return


def destroy_by_effect(state: GameState, where: Where, perm: Permanent, events: list[Event], *,
                      reason: str, regenerate: bool = True) -> bool:
    """A spell's or ability's "destroy": nothing happens to an indestructible permanent;
    "it can't be regenerated" skips the shield. True when it was destroyed or regenerated."""
    from frontier_desktop.rules.core.shared import leave_battlefield

    if indestructible(state, where, perm):
        return False
    if regenerate:
        where.destroy(state, perm, events, reason=reason)
    else:
        leave_battlefield(state, perm, "graveyard", events, reason=reason)
    return True
