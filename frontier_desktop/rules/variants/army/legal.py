"""Army Magic's legal-action generator (game actions; manual actions are not listed)."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.core.planeswalkers import with_x_choices
from frontier_desktop.rules.mana import parse_pool
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.variants.army import actions as AA
from frontier_desktop.rules.variants.army import carrying
from frontier_desktop.rules.variants.army.board import controller, home_of
from frontier_desktop.rules.variants.army.board import in_range
from frontier_desktop.rules.core.spell_reading import ability_effects, executed, needs_origin, spell_effects
from frontier_desktop.rules.core.shared import assign_actions, plan_payment

if TYPE_CHECKING:
    from frontier_desktop.rules.variants.army.variant import Army

MAX_GROUPS = 16
"""Most sub-groups of one land's creatures listed per move or attack (every creature alone,
the whole unit, then pairs); any other group is legal too, just not listed."""


def _groups(members: list[Permanent]) -> list[list[Permanent]]:
    out: list[list[Permanent]] = [list(members)] if len(members) > 1 else []
    out.extend([m] for m in members)
    for pair in combinations(members, 2):
        if len(out) >= MAX_GROUPS or len(members) <= 2:
            break
        out.append(list(pair))
    return out


def _units(state: GameState, seat: int) -> dict[Pos, list[Permanent]]:
    out: dict[Pos, list[Permanent]] = {}
    for perm in state.board_creatures():
        if perm.controller == seat:
            out.setdefault(perm.at, []).append(perm)
    return out


def _walkers(state: GameState, seat: int) -> list[Permanent]:
    return [p for p in state.perms.values() if p.controller == seat and p.zone == "board"
            and "Planeswalker" in state.card(p.id).types]


def legal_actions(v: Army, state: GameState, seat: int) -> list[A.Action]:
    if state.game_over:
        return []
    out: list[A.Action] = []
    d = state.decision
    if d is not None:
        if d["player"] != seat:
            return []
        if d["kind"] == "blocks":
            out.extend(AA.Block(blocker=o["blocker"], attacker=o["attacker"])
                       for o in d["options"])
            out.append(AA.DoneBlocking())
        elif d["kind"] == "assign" and d.get("one_target"):
            # The land or one planeswalker: all of the attacker's damage to one of them.
            out.extend(A.Assign(attacker=d["attacker"], damage=((u, int(d["amount"])),))
                       for u in d["units"])
            out.append(A.Pass())
        elif d["kind"] == "assign":
            out.extend(assign_actions(d))
            out.append(A.Pass())
        elif d["kind"] == "retreat":
            out.extend(AA.Retreat(unit=o["unit"], to=state.board.pos_from_wire(o["to"]))
                       for o in d["options"])
        elif d["kind"] == "place":
            out.extend(AA.PlaceAt(id=o["id"], at=state.board.pos_from_wire(o["at"]))
                       for o in d["options"])
        elif d["kind"] == "choice" and "_fx" in d:  # fx_oneshots: the options offered
            out.extend(A.Choose(choice=o) for o in v.magic.oneshot_options(d))
        elif d["kind"] == "choice":
            if v.can_pay_generic(state, seat, int(d["amount"])):
                out.append(A.Choose(choice="pay"))
            out.append(A.Choose(choice="decline"))
        elif d["kind"] == "targets":  # a triggered ability's targets (trigger_targets.py)
            out.extend(v.magic.target_answers(state, seat))
        elif d["kind"] == "discard":
            hand = state.players[seat].hand
            count = min(int(d["count"]), len(hand))
            if count == 1:
                out.extend(A.Discard(cards=(c,)) for c in dict.fromkeys(hand))
            else:
                out.append(A.Discard(cards=tuple(hand[:count])))
                if hand[-count:] != hand[:count]:
                    out.append(A.Discard(cards=tuple(hand[-count:])))
        return out
    if state.pending is not None:
        if seat != state.pending["responder"]:
            return []
        return [A.Pass(), *instants(v, state, seat, sorcery=False)]
    if seat != state.active:
        return instants(v, state, seat, sorcery=False)
    units = _units(state, seat)
    if state.phase in ("main", "main2"):
        for pos, members in units.items():
            for group in _groups(members):
                ids = tuple(m.id for m in group)
                for n in state.board.neighbours(pos):
                    if v.move_problem(state, seat, group, n) is None:
                        out.append(A.Move(unit=ids[0], to=n, units=ids))
        for walker in _walkers(state, seat):
            for n in state.board.neighbours(walker.at):
                if v.move_problem(state, seat, [walker], n) is None:
                    out.append(A.Move(unit=walker.id, to=n, units=(walker.id,)))
        if state.pending is None and not state.stack:
            for pos, members in units.items():  # an artifact lying there: either army's
                for art in carrying.lying_at(state, pos):
                    out.extend(AA.PickUp(unit=m.id, permanent=art.id) for m in members)
    if state.phase in ("main", "combat"):
        for pos, members in units.items():
            for group in _groups(members):
                ids = tuple(m.id for m in group)
                for n in state.board.neighbours(pos):
                    if controller(state, n) not in (None, seat) and \
                            v.attack_problem(state, seat, group, n) is None:
                        out.append(A.Attack(unit=ids[0], target=n, units=ids))
    out.extend(instants(v, state, seat, sorcery=state.phase in ("main", "main2")))
    if state.phase == "end":
        limit = int(state.options.get("hand_size", v.hand_size))
        hand = state.players[seat].hand
        if len(hand) > limit:
            out.extend(A.Discard(card=c) for c in hand)
            return out
    out.append(A.Pass())
    return out


def instants(v: Army, state: GameState, seat: int, *, sorcery: bool) -> list[A.Action]:
    out: list[A.Action] = []
    sources = v.mana_sources(state, seat)
    for key, _via, makes in sources:
        if isinstance(key, tuple):
            for colour in makes:
                out.append(A.TapLand(at=key, color=None if colour == makes[0] else colour))
    player = state.players[seat]
    seen: set[str] = set()
    home = home_of(state, seat)
    plans: dict[str, bool] = {}
    for card_id in player.hand:
        name = state.name(card_id)
        if name in seen:
            continue
        seen.add(name)
        card = state.card(card_id)
        if card.is_land:
            if sorcery and not state.extra.get("land_played") and home is not None:
                out.append(A.Cast(card=name))
            continue
        if not card.type_line or card.name == "(unknown card)":
            continue
        if not (card.is_instant or card.has_flash or sorcery):
            continue
        if card.mana_cost not in plans:
            plans[card.mana_cost] = plan_payment(player.pool, player.life, card.mana_cost,
                                                 sources) is not None
        if not plans[card.mana_cost]:
            continue
        if card.is_aura:
            for target in sorted(state.perms):
                if v.aura_problem(state, seat, card_id, target) is None:
                    out.append(A.Cast(card=name, target=target))
        elif card.is_instant or card.is_sorcery:
            effects = spell_effects(card)
            origins: list[Pos | None] = [None]
            if needs_origin(effects):
                origins = [p for p in sorted(state.board.positions())
                           if state.cells[p].land is not None and in_range(state, seat, p)]
            if not any(executed(e, "spell") for e in effects):
                out.extend(A.Cast(card=name, origin=o) for o in origins)  # by hand: no targets
                continue
            for targets in v.magic.legal_target_lists(state, seat, card.name, card_id, effects):
                out.extend(A.Cast(card=name, targets=targets, origin=o) for o in origins)
        else:
            out.append(A.Cast(card=name))
    for perm in list(state.perms.values()):
        if perm.controller != seat:
            continue
        card = state.card(perm.id)
        for index, ability in enumerate(card.activated):
            if ability.taps and (perm.tapped or (card.is_creature and perm.sick
                                                 and not card.has("haste"))):
                continue
            if not ability.is_mana_ability:
                out.extend(_ability_actions(v, state, seat, perm, index, sources))
                continue
            if ability.mana_cost or ability.other_cost or \
                    perm.id in state.extra.get("explored", ()):
                continue
            choices: list[str | None] = [None]
            if len(ability.mana) > 1:
                choices = [_kind(o) for o in ability.mana]
            out.extend(A.Activate(unit=perm.id, ability=index, mana=c) for c in choices)
    return with_x_choices(state, out)  # each X of a loyalty ability's "−X" (rules/core)


def _ability_actions(v: Army, state: GameState, seat: int, perm: Permanent, index: int,
                     sources: list[Any]) -> list[A.Action]:
    """A non-mana activated ability's activations: one per legal target choice (none when it
    can't be paid or activated now; a planeswalker that explored this turn uses none)."""
    ability = state.card(perm.id).activated[index]
    if ability.is_regeneration or perm.id in state.extra.get("explored", ()):
        return []
    if v.activation_problem(state, seat, perm, index):
        return []
    player = state.players[seat]
    if plan_payment(player.pool, player.life, ability.mana_cost, sources) is None:
        return []
    effects = ability_effects(state.card(perm.id), index)
    if effects is None or not any(executed(e, "activated") for e in effects):
        return [A.Activate(unit=perm.id, ability=index)]
    return [A.Activate(unit=perm.id, ability=index, targets=t)
            for t in v.magic.legal_target_lists(state, seat, state.name(perm.id), perm.id, effects)]


def _kind(option: str) -> str:
    pool = parse_pool(option)
    kinds = [k for k in pool if pool[k]]
    return kinds[0] if len(kinds) == 1 else option
