"""Frontier Magic combat: one attack at a time, no blockers, trample through, banding stacks.

Also the ways a creature leaves the board (death, regeneration to the staging row), which
combat and the state-based checks share.
"""

from __future__ import annotations

from typing import Any

from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.variants.frontier_board import (
    Occupancy,
    effective_pt,
    home_row,
    stack_at,
)

Event = dict[str, Any]


def wire(state: GameState, pos: Pos | None) -> object:
    return state.board.pos_to_wire(pos) if pos is not None else None


def destroy(state: GameState, perm: Permanent, events: list[Event], *, reason: str) -> None:
    """Destroy a permanent; a regeneration shield sends a creature to the staging row instead."""
    card = state.card(perm.id)
    if card.is_creature and perm.regen_shield > 0:
        perm.regen_shield -= 1
        frm = perm.at
        perm.zone, perm.at = "staging", None
        perm.tapped, perm.attack_tapped = True, False
        perm.damage, perm.deathtouched = 0, False
        perm.moved = True  # back on the board from its controller's next turn
        events.append({"type": "regenerated", "unit": perm.id, "name": card.name,
                       "from": wire(state, frm)})
        return
    leave_battlefield(state, perm, "graveyard", events, reason=reason)


def leave_battlefield(state: GameState, perm: Permanent, zone: str, events: list[Event], *,
                      reason: str) -> None:
    """Move a permanent off the battlefield to its owner's *zone* (tokens cease to exist)."""
    name, owner = state.cards[perm.id]
    del state.perms[perm.id]
    events.append({"type": "died" if zone == "graveyard" else "left", "unit": perm.id,
                   "name": name, "owner": owner, "controller": perm.controller,
                   "at": wire(state, perm.at), "to": zone, "reason": reason})
    if state.card(perm.id).type_line.startswith("Token"):  # tokens cease to exist
        del state.cards[perm.id]
    else:
        getattr(state.players[owner], zone).append(perm.id)
    for other in list(state.perms.values()):
        if other.attached_to == perm.id:
            leave_battlefield(state, other, "graveyard", events, reason="its permanent left")


def _assign(state: GameState, members: list[Permanent], amount: int, occ: Occupancy, *,
            deathtouch: bool, lethal_first: bool) -> tuple[dict[str, int], int]:
    """Divide *amount* damage among a stack; return (per member, excess beyond lethal).

    With ``lethal_first`` (the attacker's trample assignment) lethal damage is assigned to each
    member in turn and the rest is excess. Otherwise the stack's controller divides it to lose
    as few creatures as possible: spread without killing when it fits, else all on one member.
    """
    alive = [m for m in members if m.id in state.perms]
    if not alive:
        return {}, amount
    if len(alive) == 1 and not lethal_first:
        return {alive[0].id: amount}, 0

    def needed(m: Permanent) -> int:
        _, t = effective_pt(state, m, occ)
        left = max(0, t - m.damage)
        if deathtouch:
            left = min(left, 1) if m.damage == 0 else 0
        return left

    out: dict[str, int] = {}
    if lethal_first:
        rest = amount
        for m in alive:
            take = min(rest, needed(m))
            if take:
                out[m.id] = take
            rest -= take
        return out, rest
    spare = {m.id: max(0, needed(m) - 1) for m in alive}
    if deathtouch or sum(spare.values()) < amount:
        victim = min(alive, key=lambda m: (effective_pt(state, m, occ)[1], m.id))
        return {victim.id: amount}, 0
    rest = amount
    for m in alive:
        take = min(rest, spare[m.id])
        if take:
            out[m.id] = take
        rest -= take
    return out, 0


def _deal(state: GameState, targets: dict[str, int], source: str, events: list[Event], *,
          deathtouch: bool) -> int:
    dealt = 0
    for unit, amount in targets.items():
        perm = state.perms.get(unit)
        if perm is None or amount <= 0:
            continue
        perm.damage += amount
        if deathtouch:
            perm.deathtouched = True
        dealt += amount
        events.append({"type": "damage", "source": source, "target": unit, "amount": amount})
    return dealt


def damage_player(state: GameState, seat: int, amount: int, source: str,
                  events: list[Event]) -> None:
    if amount <= 0:
        return
    player = state.players[seat]
    player.life -= amount
    events.append({"type": "damage", "source": source, "target": "player", "player": seat,
                   "amount": amount})
    events.append({"type": "life", "player": seat, "life": player.life, "delta": -amount})


def gain_life(state: GameState, seat: int, amount: int, events: list[Event]) -> None:
    if amount > 0:
        state.players[seat].life += amount
        events.append({"type": "life", "player": seat, "life": state.players[seat].life,
                       "delta": amount})


def check_deaths(state: GameState, events: list[Event]) -> None:
    """Creatures with lethal damage (or any deathtouch damage) die."""
    while True:
        occ = state.occupants()
        doomed: list[tuple[Permanent, int]] = []
        for perm in list(state.creatures()):
            _, t = effective_pt(state, perm, occ)
            if t <= 0 or (perm.damage > 0 and (perm.damage >= t or perm.deathtouched)):
                doomed.append((perm, t))
        if not doomed:
            return
        # All deaths are simultaneous: decided above from one board, carried out below
        # (toughness is not recomputed against a board some of them have already left).
        for perm, t in doomed:
            if perm.id not in state.perms:
                continue
            if t <= 0 and perm.damage == 0:
                leave_battlefield(state, perm, "graveyard", events, reason="toughness 0")
            else:
                destroy(state, perm, events, reason="lethal damage")


def resolve_attack(state: GameState, seat: int, unit_ids: list[str], target: Any,
                   events: list[Event]) -> None:
    """Resolve a declared attack: damage exchanged, trample carried on, deaths."""
    attackers = [state.perms[u] for u in unit_ids if u in state.perms]
    attackers = [a for a in attackers if a.zone == "board"]
    if not attackers or len({a.at for a in attackers}) != 1:
        events.append({"type": "fizzled", "unit": unit_ids[0], "reason": "the attacker is gone"})
        return
    origin = attackers[0].at
    lead = attackers[0].id
    opponent = state.opponent(seat)
    occ = state.occupants()
    if target == "player":
        power = sum(effective_pt(state, a, occ)[0] for a in attackers)
        damage_player(state, opponent, max(0, power), lead, events)
        lifelink = sum(effective_pt(state, a, occ)[0] for a in attackers
                       if state.card(a.id).has("lifelink"))
        gain_life(state, seat, lifelink, events)
        return
    defenders = [d for d in stack_at(state, target, occ) if d.controller != seat]
    if not defenders:
        events.append({"type": "fizzled", "unit": lead, "reason": "the defender is gone"})
        return
    direction = state.board.direction_between(origin, target)
    strikers = [state.card(m.id) for m in attackers + defenders]
    two_steps = any(c.has("first_strike") or c.has("double_strike") for c in strikers)
    steps = ("first", "regular") if two_steps else ("regular",)
    for step in steps:
        occ = state.occupants()
        att_alive = [a for a in attackers if a.id in state.perms and state.perms[a.id].zone == "board"]
        def_alive = [d for d in defenders if d.id in state.perms and state.perms[d.id].zone == "board"]
        if not att_alive or not def_alive:
            break
        att_sources = _sources(state, att_alive, step, two_steps)
        def_sources = _sources(state, def_alive, step, two_steps)
        att_power = sum(max(0, effective_pt(state, a, occ)[0]) for a in att_sources)
        def_power = sum(max(0, effective_pt(state, d, occ)[0]) for d in def_sources)
        att_dt = any(state.card(a.id).has("deathtouch") for a in att_sources)
        def_dt = any(state.card(d.id).has("deathtouch") for d in def_sources)
        trample = bool(att_sources) and all(state.card(a.id).has("trample") for a in att_sources)
        to_def, excess = _assign(state, def_alive, att_power, occ, deathtouch=att_dt,
                                 lethal_first=trample)
        to_att, _ = _assign(state, att_alive, def_power, occ, deathtouch=def_dt,
                            lethal_first=False)
        # Simultaneous damage: work out trample's target before anything dies.
        trample_units: dict[str, int] = {}
        trample_player = 0
        if trample and excess > 0:
            if target[0] == home_row(state, opponent):
                trample_player = excess
            else:
                beyond = state.board.step(target, direction[0]) if direction else None
                there = stack_at(state, beyond, occ) if beyond is not None else []
                if there:
                    trample_units, _ = _assign(state, there, excess, occ, deathtouch=att_dt,
                                               lethal_first=False)
                    events.append({"type": "trample", "unit": lead, "at": wire(state, beyond),
                                   "amount": excess})
                else:
                    events.append({"type": "trample", "unit": lead, "at": None,
                                   "amount": excess, "lost": True})
        elif not trample and excess:
            pass
        dealt = _deal(state, to_def, lead, events, deathtouch=att_dt)
        dealt += _deal(state, trample_units, lead, events, deathtouch=att_dt)
        if trample_player:
            damage_player(state, opponent, trample_player, lead, events)
            dealt += trample_player
        dealt_back = _deal(state, to_att, defenders[0].id, events, deathtouch=def_dt)
        if any(state.card(a.id).has("lifelink") for a in att_sources):
            gain_life(state, seat, dealt, events)
        if any(state.card(d.id).has("lifelink") for d in def_sources):
            gain_life(state, opponent, dealt_back, events)
        check_deaths(state, events)


def _sources(state: GameState, members: list[Permanent], step: str, two_steps: bool) -> list[Permanent]:
    if not two_steps:
        return members
    out = []
    for m in members:
        card = state.card(m.id)
        first = card.has("first_strike") or card.has("double_strike")
        if step == "first" and first:
            out.append(m)
        elif step == "regular" and (not first or card.has("double_strike")):
            out.append(m)
    return out
