"""What may attack: normal Magic's attack restrictions, written once for every variant.

:func:`attack_problem` answers for one creature: defender (unless "can attack as though it
didn't have defender"), "can't attack" (printed, until end of turn, a Pacifism-style aura, a
static such as Peacekeeper's within the variant's area of effect), and summoning sickness
without haste. Whether it taps is :func:`taps_to_attack` (vigilance). Where it may attack from
and to, and whether it moved this turn, are the variant's.
"""

from __future__ import annotations

from frontier_desktop.rules.core.hooks import Where
from frontier_desktop.rules.core.keywords import has_keyword
from frontier_desktop.rules.state import GameState, Permanent


def defender_problem(state: GameState, where: Where, perm: Permanent) -> str | None:
    """"Defender": it can't attack, unless something lets it attack as though it hadn't."""
    from frontier_desktop.rules.core.fx_statics import ignores_defender

    if has_keyword(state, where, perm.id, "defender") and not ignores_defender(state, perm):
        return f"{state.name(perm.id)} has defender: it can't attack"
    return None


def sick_problem(state: GameState, where: Where, perm: Permanent) -> str | None:
    """Summoning sickness: a creature that came under its controller's control since their
    turn began can't attack, unless it has haste."""
    if perm.sick and not has_keyword(state, where, perm.id, "haste"):
        return f"{state.name(perm.id)} came under your control this turn (no haste)"
    return None


def attack_problem(state: GameState, where: Where, perm: Permanent, *, band: int = 1,
                   sickness: bool = True) -> str | None:
    """Why *perm* can't attack now by normal Magic (None: nothing forbids it); *band*: how
    many creatures attack together; *sickness*: whether summoning sickness counts here (the
    variant may judge it itself, as the Conquering's "in the area since the turn began")."""
    from frontier_desktop.rules.core.fx_statics import attack_restriction

    if perm.tapped:
        return f"{state.name(perm.id)} is tapped"
    return (defender_problem(state, where, perm)
            or attack_restriction(state, perm, band, where.reaches)
            or (sick_problem(state, where, perm) if sickness else None))


def taps_to_attack(state: GameState, where: Where, perm: Permanent) -> bool:
    """Whether attacking taps *perm* (vigilance: it doesn't)."""
    return not has_keyword(state, where, perm.id, "vigilance")
