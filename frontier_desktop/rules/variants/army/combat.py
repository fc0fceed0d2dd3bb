"""Army Magic combat: land against adjacent enemy land, normal Magic blocking and damage.

One combat at a time: the attackers from one land against one target land. The defender
blocks (a ``blocks`` decision), damage is dealt in a first-strike and a regular step, an
attacker blocked by several creatures (or trampling over them) has its controller divide its
damage (the shared ``assign`` decision, with ``"land"`` as a place to put trample damage), and
what nobody blocks hits the land's life. A land at 0 is captured; a home base at 0 ends the
game for its owner.
"""

from __future__ import annotations

import copy
from typing import Any

from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.core import blocking, damage, sba
from frontier_desktop.rules.core.keywords import has_keyword
from frontier_desktop.rules.variants.army import carrying
from frontier_desktop.rules.variants.army.board import (
    LAND_LIFE,
    WHERE,
    army_pt,
    controller,
    creatures_at,
    info,
    land_life,
    stronghold_of,
)
from frontier_desktop.rules.core.shared import (
    leave_battlefield,
    lethal_first,
    wire,
)

Event = dict[str, Any]
LAND = "land"
"""The name of the attacked land in an ``assign`` division (trample damage)."""


def walkers_at(state: GameState, pos: Pos, seat: int) -> list[Permanent]:
    """*seat*'s planeswalkers on the land at *pos* (an unblocked attacker may hit one)."""
    return [p for p in state.perms.values() if p.zone == "board" and p.at == pos
            and p.controller == seat and "Planeswalker" in state.card(p.id).types]


# ---------------------------------------------------------------------- deaths
def destroy(state: GameState, perm: Permanent, events: list[Event], *, reason: str) -> None:
    """Destroy a permanent (not an indestructible one); a regeneration shield taps a creature
    and keeps it where it is."""
    sba.destroy(state, WHERE, perm, events, reason=reason)


def check_deaths(state: GameState, events: list[Event]) -> None:
    """The core's state-based deaths with Army Magic's power and toughness; what a creature
    that died carried is dropped on its land (:func:`.carrying.follow`)."""
    sba.check_deaths(state, WHERE, events)
    carrying.follow(state, events)


# ---------------------------------------------------------------------- blocking
def can_block(state: GameState, blocker: Permanent, attacker: Permanent) -> bool:
    """Whether *blocker* may block *attacker* (the Magic core's blocking rules)."""
    return blocking.block_problem(state, WHERE, blocker, attacker) is None


def block_options(state: GameState, combat: dict[str, Any]) -> list[dict[str, str]]:
    """Every ``block`` the defender may still declare in *combat*: legal for the core, and
    on an attacker enough of the defender's creatures there could block (menace)."""
    target = state.board.pos_from_wire(combat["target"])
    defender = int(combat["defender"])
    attackers = _alive(state, combat["attackers"], None)
    blocks: dict[str, str] = combat["blocks"]
    mine = creatures_at(state, target, defender)
    out: list[dict[str, str]] = []
    for attacker in attackers:
        on_it = [b for b, a in blocks.items() if a == attacker.id]
        most = blocking.max_blockers(state, WHERE, attacker)
        if most is not None and len(on_it) >= most:
            continue
        free = [b for b in mine if b.id not in blocks]
        able = [b for b in free if can_block(state, b, attacker)]
        if len(on_it) + len(able) < blocking.min_blockers(state, WHERE, attacker):
            continue  # menace: not enough creatures to block it
        out.extend({"blocker": b.id, "attacker": attacker.id} for b in able)
    out.sort(key=lambda o: [p.id for p in mine].index(o["blocker"]))
    return out


def block_refusal(state: GameState, combat: dict[str, Any], blocker: str,
                  attacker: str) -> str:
    """Why the ``block`` of *blocker* on *attacker* is not among the options, in words."""
    if blocker in combat["blocks"]:
        return "that creature is already blocking"
    b, a = state.perms.get(blocker), state.perms.get(attacker)
    if a is None or attacker not in combat["attackers"]:
        return "that creature is not attacking in this combat"
    target = state.board.pos_from_wire(combat["target"])
    if b is None or b.zone != "board" or b.at != target or \
            b.controller != int(combat["defender"]):
        return "only the defender's creatures on the attacked land block"
    problem = blocking.block_problem(state, WHERE, b, a)
    if problem is not None:
        return problem
    most = blocking.max_blockers(state, WHERE, a)
    if most is not None:
        return blocking.count_problem(state, WHERE, a, most + 1) or "too many blockers"
    return blocking.count_problem(state, WHERE, a, 1) or \
        "that creature can't block that attacker"


def start_combat(state: GameState, seat: int, ids: list[str], origin: Pos, target: Pos,
                 events: list[Event]) -> dict[str, Any] | None:
    """Declare one combat (attackers already tapped and marked) and ask for blocks; the
    combat itself when nobody can block (the caller fires its triggers and resolves it)."""
    defender = controller(state, target)
    assert defender is not None and defender != seat
    combat: dict[str, Any] = {
        "seat": seat, "defender": defender, "from": wire(state, origin),
        "target": wire(state, target), "attackers": list(ids), "blocks": {},
        "steps": None, "step": 0, "packets": None,
    }
    options = block_options(state, combat)
    if not options:
        return combat
    state.decision = {"kind": "blocks", "player": defender, "options": options,
                      "attackers": list(ids), "target": combat["target"], "blocks": [],
                      "_combat": combat}
    events.append({"type": "choose", "player": defender, "kind": "blocks",
                   "attackers": list(ids), "at": combat["target"]})
    return None


def declare_block(state: GameState, blocker: str, attacker: str, events: list[Event]) -> str | None:
    """Record a block in the waiting ``blocks`` decision; the reason when it is not allowed."""
    decision = state.decision
    assert decision is not None and decision["kind"] == "blocks"
    if {"blocker": blocker, "attacker": attacker} not in decision["options"]:
        return block_refusal(state, decision["_combat"], blocker, attacker)
    combat = copy.deepcopy(decision["_combat"])
    combat["blocks"][blocker] = attacker
    events.append({"type": "block", "blocker": blocker, "attacker": attacker,
                   "player": decision["player"]})
    decision = dict(decision)
    decision["_combat"] = combat
    decision["options"] = block_options(state, combat)
    decision["blocks"] = [{"blocker": b, "attacker": a} for b, a in combat["blocks"].items()]
    state.decision = decision
    return None


def done_blocking(state: GameState, events: list[Event]) -> dict[str, Any]:
    """The defender is done: the combat, its blocks declared (the caller fires the blocks'
    triggers and resolves it)."""
    decision = state.decision
    assert decision is not None and decision["kind"] == "blocks"
    combat: dict[str, Any] = copy.deepcopy(decision["_combat"])
    state.decision = None
    for blocker, attacker, reason in blocking.lone_blocks(state, WHERE,
                                                          list(combat["blocks"].items())):
        del combat["blocks"][blocker]  # menace: a lone block is taken back
        events.append({"type": "unblocked", "blocker": blocker, "attacker": attacker,
                       "player": decision["player"], "reason": reason})
    events.append({"type": "done_blocking", "player": decision["player"],
                   "blocks": dict(combat["blocks"])})
    return combat


# ---------------------------------------------------------------------- damage
def _alive(state: GameState, ids: list[str], at: Pos | None) -> list[Permanent]:
    return [state.perms[i] for i in ids if i in state.perms and state.perms[i].zone == "board"
            and (at is None or state.perms[i].at == at)]


def _strikes(state: GameState, perm: Permanent, step: str, steps: list[str]) -> bool:
    return damage.strikes(state, WHERE, perm.id, step, steps)


def _lethal(state: GameState, members: list[Permanent], deathtouch: bool) -> dict[str, int]:
    return {m.id: damage.lethal_damage(state, WHERE, m, deathtouch=deathtouch) for m in members}


def _has(state: GameState, obj: str, keyword: str) -> bool:
    return has_keyword(state, WHERE, obj, keyword)


def resolve_combat(state: GameState, combat: dict[str, Any], events: list[Event]) -> None:
    """Deal the combat's damage step by step (stopping on an ``assign`` decision), then
    capture the land if its life reached 0."""
    if combat["steps"] is None:
        ids = combat["attackers"] + list(combat["blocks"])
        combat["steps"] = damage.strike_steps(state, WHERE, [i for i in ids if i in state.perms])
    target = state.board.pos_from_wire(combat["target"])
    while combat["step"] < len(combat["steps"]):
        if combat["packets"] is None:
            combat["packets"] = _plan(state, combat, target)
        for i, packet in enumerate(combat["packets"]):
            if packet["division"] is not None:
                continue
            seat = int(combat["seat"])
            if state.players[seat].assign:
                state.decision = {
                    "kind": "assign", "player": seat, "attacker": packet["source"],
                    "sources": [packet["source"]], "units": list(packet["to"]),
                    "amount": packet["amount"], "lethal": dict(packet["lethal"]),
                    "default": dict(packet["default"]), "trample": packet["trample"],
                    "one_target": bool(packet.get("one_target")),
                    "_combat": combat, "_packet": i,
                }
                state.decision["options"] = [{**{k: state.decision[k] for k in (
                    "attacker", "sources", "units", "amount", "lethal", "default")},
                    "at": combat["target"]}]
                events.append({"type": "choose", "player": seat, "kind": "assign",
                               "attacker": packet["source"], "units": list(packet["to"]),
                               "amount": packet["amount"]})
                return
            packet["division"] = dict(packet["default"])
        _deal(state, combat, target, events)
        check_deaths(state, events)
        combat["step"] += 1
        combat["packets"] = None
    finish_combat(state, combat, target, events)


def _plan(state: GameState, combat: dict[str, Any], target: Pos) -> list[dict[str, Any]]:
    step = combat["steps"][combat["step"]]
    steps = list(combat["steps"])
    blocks: dict[str, str] = combat["blocks"]
    packets: list[dict[str, Any]] = []
    attackers = _alive(state, combat["attackers"], None)
    for attacker in attackers:
        if not _strikes(state, attacker, step, steps):
            continue
        power = max(0, army_pt(state, attacker)[0])
        if power <= 0:
            continue
        trample = _has(state, attacker.id, "trample")
        deathtouch = _has(state, attacker.id, "deathtouch")
        blocked_by = [b for b, a in blocks.items() if a == attacker.id]
        alive = _alive(state, blocked_by, target)
        walkers: list[str] = []
        if not blocked_by:
            # Unblocked: the land's life or, the attacker's choice, a planeswalker there.
            walkers = [p.id for p in walkers_at(state, target, int(combat["defender"]))]
            to: list[str] = [LAND, *walkers]
            lethal: dict[str, int] = {}
        elif not alive:
            if not trample:
                continue  # blocked, and its blockers are gone: no damage (CR 506.4)
            to, lethal = [LAND], {}
        else:
            to = [b.id for b in alive] + ([LAND] if trample else [])
            lethal = _lethal(state, alive, deathtouch)
        default = {LAND: power} if walkers else lethal_first(to, power, lethal)
        division = default if len(to) == 1 else None
        packets.append({"source": attacker.id, "to": to, "amount": power, "lethal": lethal,
                        "default": default, "division": division, "trample": trample,
                        "deathtouch": deathtouch, "side": "attack", "one_target": bool(walkers)})
    for blocker_id, attacker_id in blocks.items():
        still = _alive(state, [blocker_id], target)
        hit = _alive(state, [attacker_id], None)
        if not still or not hit or not _strikes(state, still[0], step, steps):
            continue
        power = max(0, army_pt(state, still[0])[0])
        if power <= 0:
            continue
        packets.append({"source": blocker_id, "to": [attacker_id], "amount": power,
                        "lethal": {}, "default": {attacker_id: power},
                        "division": {attacker_id: power}, "trample": False,
                        "deathtouch": _has(state, blocker_id, "deathtouch"),
                        "side": "block"})
    return packets


def _deal(state: GameState, combat: dict[str, Any], target: Pos, events: list[Event]) -> None:
    """Deal every packet of the step at once (combat damage is simultaneous)."""
    from frontier_desktop.rules.core.life import shield_prevents

    if damage.fog(state):  # "prevent all combat damage that would be dealt this turn"
        return  # (its ``fog`` event said so when it resolved)
    to_land = 0
    gains: dict[str, int] = {}
    for packet in combat["packets"]:
        source = packet["source"]
        for unit, amount in packet["division"].items():
            if amount <= 0:
                continue
            if unit == LAND:  # damage to the land is damage to its player: their shields
                amount = shield_prevents(state, [source], ("player", int(combat["defender"])),
                                         amount, events, combat=True)
                if amount <= 0:
                    continue
                to_land += amount
                events.append({"type": "damage", "source": source, "target": "land",
                               "at": combat["target"], "player": int(combat["defender"]),
                               "amount": amount})
            else:  # a creature, or a planeswalker (its loyalty): the core deals it
                amount = damage.deal_combat_damage(state, WHERE, source, unit, amount, events,
                                                   deathtouch=bool(packet["deathtouch"]))
                if amount <= 0:
                    continue
            if _has(state, source, "lifelink"):
                gains[source] = gains.get(source, 0) + amount
    if to_land:
        damage_land(state, target, to_land, events)
    for source, amount in gains.items():
        gain_life(state, state.perms[source].controller if source in state.perms
                  else state.owner(source), amount, events, source=source)


GAINS = "life_gains"
"""``GameState.extra`` key: life gained in combat (lifelink) waiting for its player to choose
a land (``[seat, amount, source]``; ``Army.after_action`` asks when no other choice waits)."""


def damage_land(state: GameState, pos: Pos, amount: int, events: list[Event]) -> None:
    """The land at *pos* loses *amount* life (not below 0): a ``land_life`` event with the
    life after and the real change (``delta``)."""
    extra = info(state.cells[pos])
    life = int(extra["life"] or 0)
    extra["life"] = max(0, life - amount)
    events.append({"type": "land_life", "at": wire(state, pos), "life": extra["life"],
                   "delta": extra["life"] - life})


def gain_life(state: GameState, seat: int, amount: int, events: list[Event], *,
              source: str) -> None:
    """Life *seat* gains in combat from *source* (lifelink): on a land they choose once the
    damage is dealt (queued in ``state.extra[GAINS]``; see ``Army.after_action``)."""
    if amount > 0:
        state.extra[GAINS] = [*state.extra.get(GAINS, []), [seat, amount, source]]


def finish_combat(state: GameState, combat: dict[str, Any], target: Pos,
                  events: list[Event]) -> None:
    """After the damage: a land at 0 is captured by the attacker (a home base: game over)."""
    seat = int(combat["seat"])
    life = land_life(state, target)
    events.append({"type": "combat_over", "at": combat["target"], "life": life})
    if life is None or life > 0 or controller(state, target) == seat:
        return
    attackers = _alive(state, combat["attackers"], None)
    capture(state, target, seat, attackers, events)


def capture(state: GameState, pos: Pos, seat: int, movers: list[Permanent],
            events: list[Event]) -> None:
    """*seat* takes the land at *pos* (untapped, die at 6); *movers* move onto it (with what
    they carry); the loser's creatures and planeswalkers there retreat or are sacrificed, and
    the artifacts and non-aura enchantments no unit carries stay, their controller unchanged.
    A home base at 0 puts its owner out instead."""
    owner = stronghold_of(state, pos)
    loser = controller(state, pos)
    if owner is not None:
        player = state.players[owner]
        if not player.lost:
            player.lost = True
            events.append({"type": "lost", "player": owner, "reason": "home base at 0 life"})
        return
    cell = state.cells[pos]
    extra = info(cell)
    extra["controller"] = seat
    extra["life"] = LAND_LIFE
    cell.tapped_by = None
    events.append({"type": "captured", "at": wire(state, pos), "by": seat, "from": loser})
    events.append({"type": "land_life", "at": wire(state, pos), "life": LAND_LIFE})
    for m in movers:
        m.at = pos
    if movers:
        events.append({"type": "moved", "unit": movers[0].id, "units": [m.id for m in movers],
                       "to": wire(state, pos), "kind": "capture"})
    if loser is not None:
        # The loser's creatures and planeswalkers retreat (with what they carry); artifacts
        # and non-aura enchantments not carried by a unit stay on the land, their controller
        # unchanged (the ruling on capture and land loss).
        evict(state, pos, loser, events)
    carrying.follow(state, events)  # the movers' artifacts come with them


def retreat_lands(state: GameState, pos: Pos, seat: int) -> list[Pos]:
    return [n for n in state.board.neighbours(pos) if controller(state, n) == seat]


def troops_at(state: GameState, pos: Pos, seat: int) -> list[Permanent]:
    """*seat*'s creatures and planeswalkers on the land at *pos* (what retreats from it)."""
    return creatures_at(state, pos, seat) + walkers_at(state, pos, seat)


def evict(state: GameState, pos: Pos, loser: int, events: list[Event]) -> None:
    """The loser's creatures and planeswalkers on *pos* retreat to an adjacent land they
    control (asked with a ``retreat`` decision when there is more than one), or are
    sacrificed (what they carry is dropped on the land)."""
    lands = retreat_lands(state, pos, loser)
    waiting: list[str] = []
    for perm in troops_at(state, pos, loser):
        if not lands:
            leave_battlefield(state, perm, "graveyard", events,
                              reason="sacrificed: no land of theirs to retreat to")
        elif len(lands) == 1:
            perm.at = lands[0]
            events.append({"type": "retreated", "unit": perm.id, "from": wire(state, pos),
                           "to": wire(state, lands[0])})
        else:
            waiting.append(perm.id)
    if waiting:
        ask_retreat(state, pos, loser, waiting, events)


def ask_retreat(state: GameState, pos: Pos, seat: int, units: list[str],
                events: list[Event]) -> None:
    lands = retreat_lands(state, pos, seat)
    state.decision = {
        "kind": "retreat", "player": seat, "from": wire(state, pos), "units": list(units),
        "options": [{"unit": u, "to": wire(state, n)} for u in units for n in lands],
    }
    events.append({"type": "choose", "player": seat, "kind": "retreat", "units": list(units),
                   "at": wire(state, pos)})
