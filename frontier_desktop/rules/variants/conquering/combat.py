"""Attack/conquer in the Conquering (``shared/rules/conquering.md``, "Attack / conquer").

A ``conquer`` declares the attackers in one area. The other players with a creature there
that could block choose blocks in turn, clockwise from the attacker (a ``blocks`` decision
per player); then the combat resolves: a first-strike step when anyone has first or double
strike, then the regular step. An unblocked attacker deals its damage to the area's conquer
value; a blocked one deals lethal damage to its blockers in order and the rest to the conquer
value, or as its controller divides it (an ``assign`` decision, whenever two or more blockers
or trample give a real choice). The area is captured when that damage reaches the conquer value (it never persists).
Without defenders this is the digest's "total power at least the CV".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from frontier_desktop.rules.core import blocking, damage, sba
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.variants.base import Event
from frontier_desktop.rules.variants.conquering.board import (
    clockwise_from, conquer_value, info, is_opposing_stronghold, land_type,
    stronghold_of,
)
from frontier_desktop.rules.variants.conquering.spells import WHERE, has_keyword, landwalks
from frontier_desktop.rules.core.shared import wire

PT = Callable[[Permanent], tuple[int, int]]


def is_unblockable_here(state: GameState, attacker: Permanent) -> bool:
    """Landwalk: unblockable in an area of its land type, but not in a stronghold (unless its
    owner is eliminated: then the stronghold has no special rules but its double mana)."""
    kind = land_type(state, attacker.at)
    return kind is not None and kind in landwalks(state, attacker) and \
        WHERE.walk_counts(state, attacker, attacker, kind)


def may_block(state: GameState, blocker: Permanent, attacker: Permanent) -> bool:
    """Whether *blocker* may block *attacker* in the area they share (the Magic core's
    blocking rules)."""
    return blocking.block_problem(state, WHERE, blocker, attacker) is None


def defending_seats(state: GameState, seat: int, attackers: list[Permanent]) -> list[int]:
    """The players who may block, clockwise from the attacker: each has a creature in the
    area that could block one of the attackers (one that enough creatures there could block
    for the block to stand: menace)."""
    order = clockwise_from(state, seat)
    here = [p for p in state.board_creatures()
            if p.controller in order and p.at == attackers[0].at]
    blockable = [a for a in attackers if sum(1 for b in here if may_block(state, b, a))
                 >= blocking.min_blockers(state, WHERE, a)]
    return [other for other in order
            if any(may_block(state, b, a) for b in here if b.controller == other
                   for a in blockable)]


def start_conquest(state: GameState, seat: int, attackers: list[Permanent], pt: PT,
                   events: list[Event]) -> None:
    """Declare the attack: the first defender chooses blocks, or (nobody can) it resolves."""
    at = attackers[0].at
    ids = [p.id for p in attackers]
    events.append({"type": "conquer", "player": seat, "at": wire(state, at), "units": ids})
    state.extra.setdefault("turn", {})["attacking"] = list(ids)  # until the combat ends
    defenders = defending_seats(state, seat, attackers)
    if not defenders:
        resolve_conquest(state, seat, at, ids, [], pt, events)
        return
    state.decision = {"kind": "blocks", "player": defenders[0], "seat": seat,
                      "at": wire(state, at), "attackers": ids, "order": defenders[1:],
                      "blocks": []}
    state.decision["options"] = block_options(state, state.decision)


def block_options(state: GameState, d: dict[str, Any]) -> list[dict[str, str]]:
    """The blocks the deciding defender may still declare (``pending.options``): legal for
    the core, on an attacker that enough creatures there could block (menace)."""
    used = {b for b, _ in d["blocks"]}
    mine = [b for b in state.board_creatures() if b.controller == d["player"]]
    out: list[dict[str, str]] = []
    for a in d["attackers"]:
        attacker = state.perms.get(a)
        if attacker is None:
            continue
        on_it = [b for b, x in d["blocks"] if x == a]
        most = blocking.max_blockers(state, WHERE, attacker)
        if most is not None and len(on_it) >= most:
            continue
        able = [b for b in mine if b.id not in used and may_block(state, b, attacker)]
        later = [p for p in state.board_creatures() if p.at == attacker.at
                 and p.controller in d.get("order", ()) and may_block(state, p, attacker)]
        if len(on_it) + len(able) + len(later) < blocking.min_blockers(state, WHERE, attacker):
            continue  # menace: not enough creatures to block it
        out.extend({"blocker": b.id, "attacker": a} for b in able)
    return out


def block_refusal(state: GameState, d: dict[str, Any], blocker: Permanent,
                  attacker: Permanent) -> str:
    """Why *blocker*'s block on *attacker* is not among the options, in words."""
    problem = blocking.block_problem(state, WHERE, blocker, attacker)
    if problem is not None:
        return problem
    on_it = len([b for b, x in d["blocks"] if x == attacker.id])
    most = blocking.max_blockers(state, WHERE, attacker)
    if most is not None and on_it >= most:
        return blocking.count_problem(state, WHERE, attacker, most + 1) or "too many blockers"
    return blocking.count_problem(state, WHERE, attacker, 1) or \
        f"{state.name(blocker.id)} can't block {state.name(attacker.id)}"


def done_blocking(state: GameState, pt: PT, events: list[Event]) -> None:
    """The deciding defender is done: the next one chooses, or the combat resolves."""
    d = state.decision
    assert d is not None
    order = list(d["order"])
    if order:
        state.decision = {**d, "player": order[0], "order": order[1:]}
        state.decision["options"] = block_options(state, state.decision)
        return
    state.decision = None
    at = state.board.pos_from_wire(d["at"])
    blocks = [(str(b), str(a)) for b, a in d["blocks"]]
    undone = blocking.lone_blocks(state, WHERE, blocks)
    for blocker, attacker, reason in undone:  # menace: a lone block is taken back
        events.append({"type": "unblocked", "blocker": blocker, "attacker": attacker,
                       "player": state.perms[blocker].controller if blocker in state.perms
                       else None, "reason": reason})
    gone = {(b, a) for b, a, _ in undone}
    blocks = [pair for pair in blocks if pair not in gone]
    resolve_conquest(state, int(d["seat"]), at, list(d["attackers"]), blocks, pt, events)


def _deals_now(state: GameState, perm_id: str, first_step: bool, two_steps: bool) -> bool:
    steps = [damage.FIRST, damage.REGULAR] if two_steps else [damage.REGULAR]
    return damage.strikes(state, WHERE, perm_id, damage.FIRST if first_step else damage.REGULAR,
                          steps)


LAND = "land"
"""The conquer value's name in an ``assign`` division."""


def resolve_conquest(state: GameState, seat: int, at: Any, attackers: list[str],
                     blocks: list[tuple[str, str]], pt: PT, events: list[Event]) -> None:
    """Deal the combat's damage and capture the area when the conquer value is reached."""
    ids = [*attackers, *(b for b, _ in blocks)]
    two_steps = len(damage.strike_steps(state, WHERE, [i for i in ids if i in state.perms])) == 2
    combat: dict[str, Any] = {"seat": seat, "at": wire(state, at), "attackers": list(attackers),
                              "blocks": [[b, a] for b, a in blocks],
                              "steps": [True, False] if two_steps else [False], "step": 0,
                              "to_land": 0, "divisions": {}}
    continue_conquest(state, combat, pt, events)


def _attacker_plan(state: GameState, combat: dict[str, Any], attacker: str,
                   pt: PT) -> dict[str, Any] | None:
    """What *attacker* deals in the current step: ``amount``, the ``units`` it may hit (its
    living blockers in block order, then :data:`LAND`), their ``lethal`` damage and the
    ``default`` division (lethal damage in order, the rest to the land); None: nothing."""
    first_step = combat["steps"][combat["step"]]
    two_steps = len(combat["steps"]) == 2
    if attacker not in state.perms or not _deals_now(state, attacker, first_step, two_steps):
        return None
    power = max(0, pt(state.perms[attacker])[0])
    if power <= 0:
        return None
    blockers = [b for b, a in combat["blocks"] if a == attacker and b in state.perms]
    lethal: dict[str, int] = {}
    deathtouch = has_keyword(state, attacker, "deathtouch")
    for blocker in blockers:
        lethal[blocker] = damage.lethal_damage(state, WHERE, state.perms[blocker],
                                               deathtouch=deathtouch)
    units = [*blockers, LAND]
    default: dict[str, int] = {}
    rest = power
    for blocker in blockers:
        take = min(rest, lethal[blocker])
        if take:
            default[blocker] = take
        rest -= take
    if rest:
        default[LAND] = rest
    return {"attacker": attacker, "amount": power, "units": units, "lethal": lethal,
            "default": default}


def is_real_choice(state: GameState, plan: dict[str, Any]) -> bool:
    """Whether *plan*'s damage can be divided in more than one way (``conquering.md``, the
    ruling on ``assign``): an attacker blocked by two or more creatures, or a trampler with
    more than lethal damage for its one blocker. One blocker and no trample: lethal damage
    to it and the rest to the conquer value, nothing to choose."""
    blockers = [u for u in plan["units"] if u != LAND]
    if not blockers or int(plan["amount"]) <= 0:
        return False
    if len(blockers) > 1:
        return True  # all on one blocker or all on another, at the least
    return has_keyword(state, str(plan["attacker"]), "trample") \
        and int(plan["amount"]) > int(plan["lethal"][blockers[0]])


def continue_conquest(state: GameState, combat: dict[str, Any], pt: PT,
                      events: list[Event]) -> None:
    """Deal the combat's damage step by step, stopping on an ``assign`` decision when the
    attacking player divides their damage (``set_assign``, on by default) and a blocked
    attacker's damage can be divided in more than one way (:func:`is_real_choice`)."""
    seat = int(combat["seat"])
    at = state.board.pos_from_wire(combat["at"])
    while combat["step"] < len(combat["steps"]):
        first_step = combat["steps"][combat["step"]]
        two_steps = len(combat["steps"]) == 2
        dealt: list[tuple[str, str, int]] = []  # (source, target, amount), simultaneous
        for attacker in combat["attackers"]:
            plan = _attacker_plan(state, combat, attacker, pt)
            if plan is None:
                continue
            division = combat["divisions"].get(attacker)
            if division is None:
                if state.players[seat].assign and is_real_choice(state, plan):
                    state.decision = {"kind": "assign", "player": seat, **plan,
                                      "at": combat["at"], "_conquest": combat}
                    state.decision["options"] = [{**plan, "at": combat["at"]}]
                    events.append({"type": "choose", "player": seat, "kind": "assign",
                                   "attacker": attacker, "units": list(plan["units"]),
                                   "amount": plan["amount"]})
                    return
                division = plan["default"]
            for target in plan["units"]:
                if division.get(target, 0) > 0:
                    dealt.append((attacker, target, int(division[target])))
        for blocker, attacker in combat["blocks"]:
            if blocker in state.perms and attacker in state.perms and _deals_now(
                    state, blocker, first_step, two_steps):
                power = max(0, pt(state.perms[blocker])[0])
                if power:
                    dealt.append((blocker, attacker, power))
        fog = damage.fog(state)
        for source, target, amount in dealt:
            if target == LAND:
                if fog:  # "prevent all combat damage": none reaches the conquer value either
                    events.append({"type": "prevented", "unit": LAND, "amount": amount,
                                   "at": combat["at"]})
                    continue
                events.append({"type": "damage", "source": source, "target": target,
                               "amount": amount, "at": combat["at"]})
                combat["to_land"] += amount
                continue
            damage.deal_combat_damage(state, WHERE, source, target, amount, events,
                                      extra={"at": combat["at"]})
        sba.check_deaths(state, WHERE, events)
        combat["step"] += 1
        combat["divisions"] = {}
    (state.extra.get("turn") or {}).pop("attacking", None)  # the combat is over
    cv = conquer_value(state, at)
    to_land = int(combat["to_land"])
    events.append({"type": "conquer_damage", "at": combat["at"], "damage": to_land, "cv": cv})
    if cv is not None and to_land >= cv:
        capture(state, seat, at, events)


def assign_division_problem(decision: dict[str, Any], attacker: str,
                            damage: dict[str, int]) -> str | None:
    """Why *damage* is not a division the ``assign`` decision accepts (None: it is): the
    attacker's whole damage among its blockers and the land, the land only after every
    blocker is dealt lethal damage."""
    from frontier_desktop.rules.core.shared import assign_problem

    problem = assign_problem(decision, attacker, damage)
    if problem is None and damage.get(LAND, 0) > 0 and any(
            damage.get(u, 0) < need for u, need in decision["lethal"].items()):
        problem = ("damage reaches the conquer value only after every blocker is dealt "
                   "lethal damage")
    return problem


def capture(state: GameState, seat: int, at: Any, events: list[Event]) -> None:
    """*seat* captures *at*. An opposing stronghold taken: its owner's areas become neutral
    and they have :data:`RETAKE_TURNS` turns to retake it; one's own retaken: safe again."""
    from frontier_desktop.rules.variants.conquering.board import RETAKE_TURNS

    cell_info = info(state.cells[at])
    before = cell_info.get("controller")
    cell_info["controller"] = seat
    events.append({"type": "captured", "at": wire(state, at), "by": seat, "from": before})
    owner = stronghold_of(state, at)
    if owner is None:
        return
    if owner == seat:
        cell_info["turns_left"] = None
    elif is_opposing_stronghold(state, at, seat) and cell_info.get("turns_left") is None:
        cell_info["turns_left"] = RETAKE_TURNS
        for pos in state.board.positions():
            if info(state.cells[pos]).get("controller") == owner:
                info(state.cells[pos])["controller"] = None
        events.append({"type": "stronghold_lost", "player": owner, "by": seat,
                       "turns_left": RETAKE_TURNS})
