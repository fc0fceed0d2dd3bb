"""Frontier Magic combat: one attack at a time, no blockers, trample through, banding stacks.

Also the ways a creature leaves the board (death, regeneration to the staging row), which
combat and the state-based checks share.
"""

from __future__ import annotations

import copy
from typing import Any

from frontier_desktop.rules.core import sba
from frontier_desktop.rules.core.life import damage_player as damage_player
from frontier_desktop.rules.core.life import gain_life as gain_life
from frontier_desktop.rules.core.hooks import Where
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.core.shared import assign_problem as assign_problem
from frontier_desktop.rules.core.shared import leave_battlefield as leave_battlefield
from frontier_desktop.rules.core.shared import lethal_first as lethal_first
from frontier_desktop.rules.core.shared import wire as wire
from frontier_desktop.rules.variants.frontier.board import (
    Occupancy,
    effective_pt,
    has_ability,
    has_ability_id,
    home_row,
    stack_at,
)

Event = dict[str, Any]



def destroy(state: GameState, perm: Permanent, events: list[Event], *, reason: str) -> None:
    """Destroy a permanent (not an indestructible one); a regeneration shield sends a creature
    to the staging row instead."""
    sba.destroy(state, WHERE, perm, events, reason=reason)


def regenerate_to_staging(state: GameState, perm: Permanent, events: list[Event], *,
                          reason: str) -> None:
    """Frontier's destruction: a regeneration shield sends a creature to the staging row."""
    card = state.card(perm.id)
    no_regen = (state.extra.get("fx_no_regen") or {}).get(perm.id) == state.turn  # Gravebind
    if card.is_creature and perm.regen_shield > 0 and not no_regen:
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


class FrontierWhere(Where):
    """Frontier's answers to the Magic core: the terrain bonus (occupancy computed once for a
    board), the attacked creature always fights back (no evasion decides blocks), and a
    regenerated creature goes to the staging row."""

    evasion = False

    def pt(self, state: GameState, perm: Permanent) -> tuple[int, int]:
        return effective_pt(state, perm)

    def pts(self, state: GameState) -> Any:
        occ = state.occupants()
        return lambda perm: effective_pt(state, perm, occ)

    def destroy(self, state: GameState, perm: Permanent, events: list[Event], *,
                reason: str) -> None:
        regenerate_to_staging(state, perm, events, reason=reason)


WHERE = FrontierWhere()
"""The one :class:`FrontierWhere` the Frontier modules hand the core."""


def lethal_needs(state: GameState, members: list[Permanent], occ: Occupancy, *,
                 deathtouch: bool) -> dict[str, int]:
    """Damage each member still needs to be dealt lethal damage (1 from a deathtouch source)."""
    out: dict[str, int] = {}
    for m in members:
        _, t = effective_pt(state, m, occ)
        left = max(0, t - m.damage)
        if deathtouch:
            left = min(left, 1) if m.damage == 0 else 0
        out[m.id] = left
    return out


def _deal(state: GameState, targets: dict[str, int], source: str, sources: list[str],
          events: list[Event], *, deathtouch: bool) -> int:
    dealt = 0
    for unit, amount in targets.items():
        perm = state.perms.get(unit)
        if perm is None or amount <= 0:
            continue
        from frontier_desktop.rules.core.spell_grants import prevent, protected_from

        from frontier_desktop.rules.core.fx_statics import prevents

        if protected_from(state, perm, source) or prevents(state, perm, source, combat=True):
            events.append({"type": "prevented", "unit": unit, "amount": amount})
            continue
        from frontier_desktop.rules.core.life import shield_prevents

        amount = shield_prevents(state, sources or [source], unit, amount, events, combat=True)
        if amount <= 0:
            continue
        kept = prevent(perm, amount)
        if kept < amount:
            events.append({"type": "prevented", "unit": unit, "amount": amount - kept})
            amount = kept
            if amount <= 0:
                continue
        perm.damage += amount
        if deathtouch:
            perm.deathtouched = True
        dealt += amount
        event: Event = {"type": "damage", "source": source, "target": unit, "amount": amount}
        if len(sources) > 1:
            event["sources"] = list(sources)
        events.append(event)
    return dealt


def check_deaths(state: GameState, events: list[Event]) -> None:
    """The core's state-based deaths with Frontier's terrain bonuses."""
    sba.check_deaths(state, WHERE, events)


def resolve_attack(state: GameState, seat: int, unit_ids: list[str], target: Any,
                   events: list[Event]) -> None:
    """Resolve a declared attack: damage exchanged, trample carried on, deaths.

    Damage dealt to a stack of two or more is divided by the stack's controller: when they
    asked to (``PlayerState.assign``) the combat stops on an ``assign`` decision and goes on
    with :func:`continue_combat` once they answer; otherwise lethal damage goes to each
    member in order (:func:`lethal_first`).
    """
    attackers = [state.perms[u] for u in unit_ids if u in state.perms]
    attackers = [a for a in attackers if a.zone == "board"]
    from frontier_desktop.rules.core.fx_statics import end_combat

    if not attackers or len({a.at for a in attackers}) != 1:
        end_combat(state)
        events.append({"type": "fizzled", "unit": unit_ids[0], "reason": "the attacker is gone"})
        return
    origin = attackers[0].at
    lead = attackers[0].id
    opponent = state.opponent(seat)
    occ = state.occupants()
    if target == "player":
        from frontier_desktop.rules.core.fx_statics import combat_power, unblocked_guard

        powers = [(a, combat_power(state, a, effective_pt(state, a, occ)[0], events))
                  for a in attackers]
        sources = [a.id for a, p in powers if p > 0] or [lead]
        total = max(0, sum(p for _, p in powers))
        guard = unblocked_guard(state, opponent) if total > 0 else None
        if guard is not None:  # "… dealt to you by unblocked creatures is dealt to … instead"
            events.append({"type": "redirected", "unit": guard, "player": opponent,
                           "amount": total})
            _deal(state, {guard: total}, sources[0], sources, events,
                  deathtouch=any(has_ability(state, a, "deathtouch") for a, _ in powers))
            check_deaths(state, events)
        else:
            damage_player(state, opponent, total, sources[0], events, sources)
        lifelink = sum(p for a, p in powers if has_ability(state, a, "lifelink"))
        gain_life(state, seat, lifelink, events)
        end_combat(state)
        return
    defenders = [d for d in stack_at(state, target, occ) if d.controller != seat]
    if not defenders:
        end_combat(state)
        events.append({"type": "fizzled", "unit": lead, "reason": "the defender is gone"})
        return
    direction = state.board.direction_between(origin, target)
    two_steps = any(has_ability(state, m, "first_strike") or has_ability(state, m, "double_strike")
                    for m in attackers + defenders)
    combat: dict[str, Any] = {
        "seat": seat, "attackers": [a.id for a in attackers],
        "defenders": [d.id for d in defenders], "target": wire(state, target),
        "direction": list(direction[0]) if direction else None,
        "steps": ["first", "regular"] if two_steps else ["regular"], "step": 0,
        "packets": None,
    }
    continue_combat(state, combat, events)


def continue_combat(state: GameState, combat: dict[str, Any], events: list[Event]) -> None:
    """Carry a combat on from where it stands: plan a strike, ask for divisions, deal it."""
    while combat["step"] < len(combat["steps"]):
        if combat["packets"] is None:
            packets = _plan_strike(state, combat, events)
            if packets is None:
                break
            combat["packets"] = packets
        packets = combat["packets"]
        seat = combat["seat"]
        # Divisions are made active player first, then the other (as in Magic's APNAP order).
        for i in sorted(range(len(packets)), key=lambda j: (packets[j]["divider"] != seat, j)):
            packet = packets[i]
            if packet["division"] is not None:
                continue
            divider = packet["divider"]
            if state.players[divider].assign and not state.players[divider].lost:
                state.decision = {
                    "kind": "assign", "player": divider, "attacker": packet["source"],
                    "sources": list(packet["sources"]), "units": list(packet["to"]),
                    "amount": packet["amount"], "lethal": dict(packet["lethal"]),
                    "default": lethal_first(packet["to"], packet["amount"], packet["lethal"]),
                    "_combat": combat, "_packet": i,
                }
                events.append({"type": "choose", "player": divider, "kind": "assign",
                               "attacker": packet["source"], "units": list(packet["to"]),
                               "amount": packet["amount"]})
                return
            packet["division"] = lethal_first(packet["to"], packet["amount"], packet["lethal"])
        _deal_strike(state, combat, events)
        check_deaths(state, events)
        combat["step"] += 1
        combat["packets"] = None
    from frontier_desktop.rules.core.fx_statics import end_combat

    end_combat(state)  # nothing attacks or blocks any more


def _alive(state: GameState, ids: list[str]) -> list[Permanent]:
    return [state.perms[i] for i in ids if i in state.perms and state.perms[i].zone == "board"]


def _plan_strike(state: GameState, combat: dict[str, Any],
                 events: list[Event]) -> list[dict[str, Any]] | None:
    """The damage of one strike (first-strike or regular), decided from the board now.

    Each packet is one side's damage to one place: ``to`` (member ids in order, or
    ``"player"``), ``amount``, ``source``/``sources`` (who deals it), ``divider`` (the seat
    that divides it) and ``division`` (None until divided; fixed when there is no choice).
    None: the combat is over (an attacker or a defender is gone and nothing tramples on).
    """
    seat = combat["seat"]
    opponent = state.opponent(seat)
    step = combat["steps"][combat["step"]]
    two_steps = len(combat["steps"]) == 2
    occ = state.occupants()
    att_alive = _alive(state, combat["attackers"])
    def_alive = _alive(state, combat["defenders"])
    if not att_alive:
        return None
    att_sources = _sources(state, att_alive, step, two_steps)
    trample = bool(att_sources) and all(has_ability(state, a, "trample") for a in att_sources)
    # Once the defender is dead a trampler's later strike is all excess (CR 702.19e).
    if not def_alive and not trample:
        return None
    from frontier_desktop.rules.core.fx_statics import combat_blockers, combat_power

    # The blockers strike back: every attacked creature (the digest's ruling), the combat's
    # record of them (fx_statics.combat_blockers).
    blocking = set(combat_blockers(state, combat["defenders"]))
    def_sources = _sources(state, [d for d in def_alive if d.id in blocking], step, two_steps)
    # A creature whose combat damage is prevented (Demonic Torment) deals none: its share of
    # the packet is left out; one made to deal none (Horn of Deafening, fx-oneshots) has 0.
    silent = state.extra.get("fx_silenced") or {}
    att_powers = [(a.id, 0 if silent.get(a.id) == state.turn else combat_power(
        state, a, max(0, effective_pt(state, a, occ)[0]), events)) for a in att_sources]
    def_powers = [(d.id, 0 if silent.get(d.id) == state.turn else combat_power(
        state, d, max(0, effective_pt(state, d, occ)[0]), events)) for d in def_sources]
    att_power = sum(p for _, p in att_powers)
    def_power = sum(p for _, p in def_powers)
    att_dt = any(has_ability(state, a, "deathtouch") for a in att_sources)
    def_dt = any(has_ability(state, d, "deathtouch") for d in def_sources)
    att_ids = [i for i, p in att_powers if p > 0]
    def_ids = [i for i, p in def_powers if p > 0]
    packets: list[dict[str, Any]] = []

    def packet(side: str, sources: list[str], members: list[Permanent], amount: int,
               deathtouch: bool, forced: dict[str, int] | None = None) -> None:
        if amount <= 0:
            return
        to = [m.id for m in members]
        lethal = lethal_needs(state, members, occ, deathtouch=deathtouch)
        division = forced
        if division is None and len(to) == 1:
            division = {to[0]: amount}
        packets.append({"side": side, "source": sources[0], "sources": sources, "to": to,
                        "amount": amount, "deathtouch": deathtouch, "lethal": lethal,
                        "divider": members[0].controller, "division": division})

    excess = 0
    if att_ids:
        if def_alive:
            lethal = lethal_needs(state, def_alive, occ, deathtouch=att_dt)
            if trample and att_power >= sum(lethal.values()):
                # Lethal damage to every member is all the stack gets: nothing to divide.
                excess = att_power - sum(lethal.values())
                forced = {k: v for k, v in lethal.items() if v}
                if forced:
                    packet("attack", att_ids, def_alive, sum(forced.values()), att_dt, forced)
            else:
                packet("attack", att_ids, def_alive, att_power, att_dt)
        else:
            excess = att_power
    if excess > 0:
        target = state.board.pos_from_wire(combat["target"])
        if target[0] == home_row(state, opponent):
            packets.append({"side": "attack", "source": att_ids[0], "sources": att_ids,
                            "to": "player", "player": opponent, "amount": excess,
                            "deathtouch": att_dt, "lethal": {}, "divider": seat,
                            "division": {}})
        else:
            direction = combat["direction"]
            beyond = state.board.step(target, tuple(direction)) if direction else None
            there = stack_at(state, beyond, occ) if beyond is not None else []
            if there:
                events.append({"type": "trample", "unit": att_ids[0], "at": wire(state, beyond),
                               "amount": excess})
                packet("attack", att_ids, there, excess, att_dt)
            else:
                events.append({"type": "trample", "unit": att_ids[0], "at": None,
                               "amount": excess, "lost": True})
    if def_ids and att_alive:
        packet("defence", def_ids, att_alive, def_power, def_dt)
    return packets


def _deal_strike(state: GameState, combat: dict[str, Any], events: list[Event]) -> None:
    """Deal every packet of the strike at once (all combat damage is simultaneous)."""
    seat = combat["seat"]
    dealt = {"attack": 0, "defence": 0}
    lifelink = {"attack": False, "defence": False}
    from frontier_desktop.rules.core.spell_grants import no_combat_damage

    fog = no_combat_damage(state)
    for packet in combat["packets"]:
        side = packet["side"]
        if fog:  # "prevent all combat damage that would be dealt this turn"
            hit = (packet["division"] or {}) if packet["to"] != "player" else {
                None: packet["amount"]}
            for unit, amount in hit.items():
                if amount > 0:
                    events.append({"type": "prevented", "amount": amount,
                                   **({"player": packet["player"]} if unit is None
                                      else {"unit": unit})})
            continue
        if any(has_ability_id(state, i, "lifelink") for i in packet["sources"]):
            lifelink[side] = True
        if packet["to"] == "player":
            damage_player(state, packet["player"], packet["amount"], packet["source"], events,
                          packet["sources"])
            dealt[side] += packet["amount"]
        else:
            dealt[side] += _deal(state, packet["division"], packet["source"], packet["sources"],
                                 events, deathtouch=packet["deathtouch"])
    if lifelink["attack"]:
        gain_life(state, seat, dealt["attack"], events)
    if lifelink["defence"]:
        gain_life(state, state.opponent(seat), dealt["defence"], events)


def finish_assign(state: GameState, damage: dict[str, int] | None, events: list[Event]) -> None:
    """Answer the pending ``assign`` decision (None: the default) and carry the combat on."""
    decision = state.decision
    assert decision is not None and decision["kind"] == "assign"
    combat = copy.deepcopy(decision["_combat"])  # the previous state keeps its own copy
    packet = combat["packets"][decision["_packet"]]
    chosen = dict(decision["default"]) if damage is None else \
        {k: v for k, v in damage.items() if v > 0}
    packet["division"] = chosen
    state.decision = None
    events.append({"type": "assigned", "player": decision["player"],
                   "attacker": decision["attacker"], "damage": dict(chosen),
                   "default": damage is None})
    continue_combat(state, combat, events)


def _sources(state: GameState, members: list[Permanent], step: str, two_steps: bool) -> list[Permanent]:
    if not two_steps:
        return members
    out = []
    for m in members:
        double = has_ability(state, m, "double_strike")
        first = has_ability(state, m, "first_strike") or double
        if step == "first" and first:
            out.append(m)
        elif step == "regular" and (not first or double):
            out.append(m)
    return out
