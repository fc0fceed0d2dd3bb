"""Frontier Magic's legal-action generator (game actions; manual actions are not listed)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.core.planeswalkers import with_x_choices
from frontier_desktop.rules.state import GameState
from frontier_desktop.rules.core.shared import ability_payers as ability_payers
from frontier_desktop.rules.core.shared import assign_actions as assign_actions
from frontier_desktop.rules.core.shared import mana_key as mana_key
from frontier_desktop.rules.core.shared import pay_tuple, plan_payment_ranked, ranked_payers
from frontier_desktop.rules.core.land_mana import free_makes, spendable_pool, tap_choices
from frontier_desktop.rules.core.shared import plan_payment as plan_payment
from frontier_desktop.rules.variants.frontier.board import (
    Occupancy,
    home_squares,
    move_options,
    stack_of,
)
from frontier_desktop.rules.core.cast_choices import mode_choices, x_costs
from frontier_desktop.rules.core.fx_statics import must_attack_problem, spell_cost
from frontier_desktop.rules.core.spell_reading import (
    ability_effects, executed, sacrifice_specs, spell_effects, spell_executed,
)

if TYPE_CHECKING:
    from frontier_desktop.rules.variants.frontier.variant import Frontier

Source = tuple[Pos, "str | None", tuple[str, ...]]


def mana_sources(v: Frontier, state: GameState, seat: int, occ: Occupancy) -> list[Source]:
    """Lands *seat* could tap now for mana with just {T} (:func:`tap_sources` with a mana
    ability): free ones (under a creature) first, then via a neighbour."""
    free: list[Source] = []
    via: list[Source] = []
    for pos, unit in tap_sources(v, state, seat, occ):
        land = state.cells[pos].land
        assert land is not None
        makes = free_makes(state.card(land))  # fx_mana: what it makes for just {T}
        if makes:  # no mana ability (Maze of Ith): no mana source
            (free if unit is None else via).append((pos, unit, makes))
    return free + via


def tap_sources(v: Frontier, state: GameState, seat: int, occ: Occupancy
                ) -> list[tuple[Pos, str | None]]:
    """Every face-up untapped land *seat* could tap now (and the creature tapped for it),
    whatever its mana abilities cost (fx_mana.tap_choices says how it may be tapped)."""
    out: list[tuple[Pos, str | None]] = []
    for pos, cell in state.cells.items():
        if cell.land is None or not cell.face_up or cell.tapped_by is not None:
            continue
        here = [state.perms[i] for i in occ.get(pos, ())]
        if any(m.controller == seat for m in here):
            out.append((pos, None))
            continue
        if here:
            continue
        for n in state.board.neighbours(pos):
            for unit in occ.get(n, ()):
                perm = state.perms[unit]
                if perm.controller == seat and not perm.tapped and not perm.sick:
                    out.append((pos, unit))
    return out


def legal_actions(v: Frontier, state: GameState, seat: int) -> list[A.Action]:
    if state.game_over:
        return []
    out: list[A.Action] = []
    occ = state.occupants()
    if state.decision is not None:
        d = state.decision
        if d["player"] != seat:
            return []
        if d["kind"] == "place_token":
            for pos in home_squares(state, seat):
                if state.cells[pos].land is not None and not occ.get(pos):
                    out.append(A.PlaceToken(at=pos))
                    out.extend(A.PlaceToken(at=pos, color=c) for c in "WUBRG")
        elif d["kind"] == "mulligan":
            player = state.players[seat]
            out.append(A.Keep(bottom=tuple(player.hand[: player.mulligans])))
            if player.mulligans < 7:
                out.append(A.Mulligan())
        elif d["kind"] == "assign":
            out.extend(assign_actions(d))
            out.append(A.Pass())
        elif d["kind"] == "discard":
            hand = state.players[seat].hand
            count = min(int(d["count"]), len(hand))
            if count == 1:
                out.extend(A.Discard(cards=(c,)) for c in hand)
            else:  # a representative few: any choice of that many is accepted
                for start in range(len(hand)):
                    pick = tuple((hand[start:] + hand[:start])[:count])
                    out.append(A.Discard(cards=pick))
        elif d["kind"] == "choice" and "_fx" in d:  # fx_oneshots: the options offered
            out.extend(A.Choose(choice=o) for o in v.magic.oneshot_options(d))
        elif d["kind"] == "choice":
            if v.can_pay_generic(state, seat, int(d["amount"])):
                out.append(A.Choose(choice="pay"))
            out.append(A.Choose(choice="decline"))
        elif d["kind"] == "consent":
            out.extend(A.Choose(choice) for choice in ("accept", "decline"))
        elif d["kind"] == "targets":
            out.extend(v.magic.target_answers(state, seat))
        return out
    if state.pending is not None:
        if seat != state.pending["responder"]:
            return []
        out.append(A.Pass())
        out.extend(_instant_actions(v, state, seat, occ))
        return out
    if seat != state.active:
        return _instant_actions(v, state, seat, occ)
    must = must_attack_problem(v, state, seat)  # fx-statics: "attacks each combat if able"
    if state.attacking:
        out.extend(_attacks(v, state, seat, occ))
        if must is None:
            out.append(A.DoneAttacking())
        return out
    if state.phase == "main":
        if not state.moves_closed:
            seen: set[str] = set()
            for perm in list(state.creatures()):
                if perm.controller != seat or perm.id in seen:
                    continue
                members = stack_of(state, perm, occ)
                seen.update(m.id for m in members)
                for dest in sorted(move_options(state, members, occ), key=_sort_key):
                    out.append(A.Move(unit=members[0].id, to=dest))
            if state.moves_started:
                out.append(A.DoneMoving())
        for perm in state.board_creatures():
            if perm.controller != seat or perm.tapped or perm.sick:
                continue
            for n in state.board.neighbours(perm.at):
                cell = state.cells[n]
                if cell.land is not None and not cell.face_up:
                    out.append(A.Scout(unit=perm.id, target=n))
        out.extend(_attacks(v, state, seat, occ))
    out.extend(_instant_actions(v, state, seat, occ, sorcery=state.phase == "main"))
    if state.phase == "end":
        limit = int(state.options.get("hand_size", v.hand_size))
        hand = state.players[seat].hand
        if len(hand) > limit:
            out.extend(A.Discard(card=c) for c in hand)
            return out
    if must is None or state.phase != "main":
        out.append(A.Pass())
    return out


def _sacrifice_pick(state: GameState, seat: int, source: str,
                    specs: tuple[Any, ...]) -> tuple[str, ...] | None:
    """A representative choice of permanents for the "Sacrifice a …" costs (any fitting choice
    is accepted); None when there is none."""
    from frontier_desktop.rules.effects.targeting import spec_problem

    picked: list[str] = []
    for spec in specs:
        pick = next((pid for pid in sorted(state.perms) if pid != source and pid not in picked
                     and state.perms[pid].controller == seat
                     and spec_problem(state, spec, pid, seat=seat, source=source) is None), None)
        if pick is None:
            return None
        picked.append(pick)
    return tuple(picked)


def _sort_key(pos: Pos) -> Any:
    return pos if isinstance(pos, tuple) else (999, str(pos))


def _attacks(v: Frontier, state: GameState, seat: int, occ: Occupancy) -> list[A.Action]:
    out: list[A.Action] = []
    if state.phase != "main" or state.attacks_closed:
        return out
    seen: set[str] = set()
    for perm in state.board_creatures():
        if perm.controller != seat or perm.id in seen:
            continue
        members = stack_of(state, perm, occ)
        seen.update(m.id for m in members)
        lead = members[0]
        # attack_problem, with the band's own checks (tapped, sick, "can't attack") asked
        # once for all its targets.
        if v.band_attack_problem(state, lead, occ) is not None:
            continue
        for n in state.board.neighbours(lead.at):
            if v.attack_target_problem(state, seat, lead, n, occ) is None:
                out.append(A.Attack(unit=lead.id, target=n))
        if v.attack_target_problem(state, seat, lead, "player", occ) is None:
            out.append(A.Attack(unit=lead.id, target="player"))
    return out


def _instant_actions(v: Frontier, state: GameState, seat: int, occ: Occupancy, *,
                     sorcery: bool = False) -> list[A.Action]:
    out: list[A.Action] = []
    sources = mana_sources(v, state, seat, occ)
    pool = state.players[seat].pool
    for pos, via in tap_sources(v, state, seat, occ):
        cell = state.cells[pos]
        assert cell.land is not None
        for colour in tap_choices(state.card(cell.land), pool, cell.extra or {}):
            out.append(A.TapLand(at=pos, via=via, color=colour))
        out.extend(v.magic.land_ability_actions(state, seat, pos, via))
    out.extend(v.magic.keep_tapped_actions(state, seat))
    player = state.players[seat]
    abilities = ability_payers(state, seat)
    ranked = ranked_payers(sources, abilities)  # built once for every payment planned here
    plans: dict[str, tuple[Any, ...] | None] = {}
    seen_names: set[str] = set()
    for card_id in player.hand:
        name = state.name(card_id)
        if name in seen_names:
            continue
        seen_names.add(name)
        card = state.card(card_id)
        if card.is_land or not card.type_line or card.name == "(unknown card)":
            continue
        fast = card.is_instant or card.has_flash
        if not fast and not (sorcery and seat == state.active and state.pending is None
                             and not state.stack):
            continue
        cost = spell_cost(state, seat, card)  # fx-statics: cost changes on the battlefield
        key = cost + ("#artifact" if card.types & {"Artifact"} else "")
        if key not in plans:  # fx_mana: Mishra's Workshop's mana pays for artifacts only
            planned = plan_payment_ranked(spendable_pool(state, seat, card), player.life, cost,
                                          ranked)
            plans[key] = None if planned is None else pay_tuple(planned)
        pay_with = plans[key]
        if pay_with is None:
            continue
        if card.is_aura:
            for target in sorted(state.perms):
                if state.perms[target].zone != "attached" and \
                        v.aura_problem(state, seat, card, card_id, target) is None:
                    out.append(A.Cast(card=name, pay=pay_with, target=target))
        elif card.is_instant or card.is_sorcery:
            effects = spell_effects(card)
            if not spell_executed(card):
                out.append(A.Cast(card=name, pay=pay_with))  # all by hand: no targets
                continue
            offered: tuple[str, ...] = ()
            extra = v.magic.additional_sacrifice_specs(card)  # fx-oneshots: "sacrifice a creature"
            if extra:
                picked = _sacrifice_pick(state, seat, card_id, extra)
                if picked is None:
                    continue
                offered = picked
            modes_listed = mode_choices(card)
            for modes in modes_listed:  # each mode of a "choose one" (cast_choices.py)
                chosen = spell_effects(card, modes) if modes != (0,) else effects
                for targets in v.magic.legal_target_lists(state, seat, card.name, card_id, chosen):
                    out.append(A.Cast(card=name, pay=pay_with, targets=targets,
                                      mode=modes, sacrifice=offered))
            for x, cost in x_costs(card):  # each X the player can pay, with its payment
                x_plan = plan_payment_ranked(player.pool, player.life, cost, ranked)
                if x_plan is None:
                    break
                lists = v.magic.legal_target_lists(state, seat, card.name, card_id,
                                             spell_effects(card, modes_listed[0]), x)
                if lists:
                    out.append(A.Cast(card=name, pay=pay_tuple(x_plan), targets=lists[0], x=x,
                                      mode=modes_listed[0], sacrifice=offered))
        else:
            out.append(A.Cast(card=name, pay=pay_with))
    for perm in list(state.perms.values()):
        if perm.controller != seat:
            continue
        card = state.card(perm.id)
        for index, ability in enumerate(card.activated):
            if ability.taps and (perm.tapped or (card.is_creature and perm.sick)):
                continue
            if v.activation_problem(state, seat, perm, index):
                continue
            if ability.life_cost and player.life < ability.life_cost:
                continue
            cost = ability.mana_cost
            # The permanent can't pay for its own ability (with its own {T} or as a 'via').
            plan = plan_payment_ranked(player.pool, player.life, cost,
                                       [p for p in ranked if p.via != perm.id
                                        and p.unit != perm.id])
            if plan is None:
                continue
            pay_with = pay_tuple(plan)
            choices: list[str | None] = [None]
            if len(ability.mana) > 1:
                choices = [mana_key(option) for option in ability.mana]
            target_lists: list[tuple[Any, ...]] = [()]
            if not ability.is_mana_ability and not ability.is_regeneration:
                found = ability_effects(card, index)
                if found and any(executed(e, "activated") for e in found):
                    target_lists = v.magic.legal_target_lists(state, seat, card.name, perm.id,
                                                              found)
            victims: tuple[str, ...] = ()
            specs = sacrifice_specs(card, index)
            if specs:
                picked = _sacrifice_pick(state, seat, perm.id, specs)
                if picked is None:
                    continue
                victims = picked
            for choice in choices:
                for targets in target_lists:
                    out.append(A.Activate(unit=perm.id, ability=index, pay=pay_with, mana=choice,
                                          targets=targets, sacrifice=victims))
    return with_x_choices(state, out)  # each X of a loyalty ability's "−X" (rules/core)
