"""Frontier Magic's legal-action generator (game actions; manual actions are not listed)."""

from __future__ import annotations

import dataclasses
import math
from typing import TYPE_CHECKING, Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.mana import POOL_ORDER, Pool, parse_cost, parse_pool, pay
from frontier_desktop.rules.state import GameState
from frontier_desktop.rules.variants.frontier_board import (
    Occupancy,
    home_squares,
    land_makes,
    move_options,
    stack_of,
)

if TYPE_CHECKING:
    from frontier_desktop.rules.variants.frontier import Frontier

Source = tuple[Pos, "str | None", tuple[str, ...]]


def mana_sources(v: Frontier, state: GameState, seat: int, occ: Occupancy) -> list[Source]:
    """Lands *seat* could tap now: free ones (under a creature) first, then via a neighbour."""
    free: list[Source] = []
    via: list[Source] = []
    for pos, cell in state.cells.items():
        if cell.land is None or not cell.face_up or cell.tapped_by is not None:
            continue
        land = state.card(cell.land)
        makes = land_makes(land)
        if not makes:
            continue  # no mana ability (Maze of Ith): no mana source
        here = [state.perms[i] for i in occ.get(pos, ())]
        if any(m.controller == seat for m in here):
            free.append((pos, None, makes))
            continue
        if here:
            continue
        for n in state.board.neighbours(pos):
            for unit in occ.get(n, ()):
                perm = state.perms[unit]
                if perm.controller == seat and not perm.tapped and not perm.sick:
                    via.append((pos, unit, makes))
    return free + via


@dataclasses.dataclass(frozen=True)
class Payer:
    """One way to make mana for automatic payment: a land to tap or a mana ability."""

    rank: int
    """Preference, lowest first: 0 a land under your creature, 1 an artifact's mana ability,
    2 a land tapped via an adjacent creature, 3 a creature's own mana ability (creatures that
    could attack or move are tapped last)."""
    options: tuple[str, ...]
    """The mana it can make, one entry per choice, in pool notation (``"{G}"``, ``"{C}{C}"``)."""
    land: Pos | None = None
    via: str | None = None
    unit: str | None = None
    ability: int = 0

    @property
    def creatures(self) -> frozenset[str]:
        """The creatures (or permanent) this payment taps."""
        return frozenset(x for x in (self.via, self.unit) if x is not None)

    def entry(self, option: str) -> Any:
        """The ``pay`` entry that makes *option*."""
        if self.unit is not None:
            choice = None if option == self.options[0] else mana_key(option)
            return A.AbilityPayment(self.unit, self.ability, choice)
        colour = parse_pool(option)
        kind = next(k for k in POOL_ORDER if colour[k])
        if self.via is None and option == self.options[0]:
            return self.land
        return {"at": self.land, **({"via": self.via} if self.via is not None else {}),
                "color": kind}


def mana_key(option: str) -> str:
    """The ``mana`` choice naming *option*: a kind (``"G"`` for ``{G}{G}``) or its symbols."""
    pool = parse_pool(option)
    kinds = [k for k in POOL_ORDER if pool[k]]
    return kinds[0] if len(kinds) == 1 else option


def ability_payers(state: GameState, seat: int, *, exclude: str | None = None) -> list[Payer]:
    """Mana abilities automatic payment may use: a cost of only {T} (see
    :attr:`ActivatedAbility.pays_automatically`), on an untapped permanent of *seat* that is not
    a summoning-sick creature."""
    out: list[Payer] = []
    for perm in state.perms.values():
        if perm.controller != seat or perm.id == exclude or perm.tapped:
            continue
        card = state.card(perm.id)
        if card.is_creature and perm.sick:
            continue
        for index, ability in enumerate(card.activated):
            if ability.pays_automatically:
                out.append(Payer(3 if card.is_creature else 1, ability.mana, unit=perm.id,
                                 ability=index))
                break  # one {T} ability per permanent: tapping it spends the others
    return out


def land_payers(sources: list[Source]) -> list[Payer]:
    return [Payer(0 if via is None else 2, tuple(f"{{{c}}}" for c in makes), land=pos, via=via)
            for pos, via, makes in sources]


def plan_payment(pool: Pool, life: int, cost: str, sources: list[Source],
                 abilities: list[Payer] | None = None) -> list[Any] | None:
    """Lands to tap and mana abilities to activate so that *pool* plus their mana pays *cost*.

    Greedy and checked: each coloured (or {C}) symbol the pool lacks takes a source that makes
    it (by :attr:`Payer.rank`, then fewest choices), then generic costs take sources in rank
    order; every step is checked with :func:`pay`. Each land and each permanent is used once.
    Returns the ``pay`` entries, or None when the sources can't pay.
    """
    if pay(pool, cost, life=life) is not None:
        return []
    try:
        symbols = parse_cost(cost)
    except ValueError:
        return None
    payers = sorted(land_payers(sources) + list(abilities or ()), key=lambda p: p.rank)
    have = {k: pool.get(k, 0) for k in POOL_ORDER}
    extra = {k: 0 for k in POOL_ORDER}
    chosen: list[tuple[Payer, str]] = []
    used_lands: set[Any] = set()
    used_units: set[str] = set()

    def usable(p: Payer) -> bool:
        return (p.land is None or p.land not in used_lands) and not (p.creatures & used_units)

    def take(p: Payer, option: str) -> None:
        chosen.append((p, option))
        if p.land is not None:
            used_lands.add(p.land)
        used_units.update(p.creatures)
        for kind, n in parse_pool(option).items():
            have[kind] += n
            extra[kind] += n

    for sym in symbols:
        if sym not in POOL_ORDER:
            continue
        if have[sym] <= 0:
            options = [p for p in payers if usable(p) and any(sym in o for o in p.options)]
            if not options:
                return None
            best = min(options, key=lambda p: (p.rank, len(p.options)))
            take(best, max((o for o in best.options if sym in o),
                           key=lambda o: parse_pool(o)[sym]))
        have[sym] -= 1

    def current() -> Pool:
        return {k: pool.get(k, 0) + extra[k] for k in POOL_ORDER}

    while pay(current(), cost, life=life) is None:
        rest = [p for p in payers if usable(p)]
        if not rest:
            return None
        take(rest[0], rest[0].options[0])
    return [p.entry(option) for p, option in chosen]


def _pay_tuple(plan: list[Any]) -> tuple[Any, ...]:
    out: list[Any] = []
    for entry in plan:
        if isinstance(entry, A.AbilityPayment):
            out.append(entry)
        elif isinstance(entry, dict):
            out.append((entry["at"], entry.get("via"), entry.get("color")))
        else:
            out.append((entry, None, None))
    return tuple(out)


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
        elif d["kind"] == "consent":
            out.extend(A.Choose(choice) for choice in ("accept", "decline"))
        return out
    if state.pending is not None:
        if seat != state.pending["responder"]:
            return []
        out.append(A.Pass())
        out.extend(_instant_actions(v, state, seat, occ))
        return out
    if seat != state.active:
        return _instant_actions(v, state, seat, occ)
    if state.attacking:
        out.extend(_attacks(v, state, seat, occ))
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
    out.append(A.Pass())
    return out


ASSIGN_LISTED = 64
"""Divisions listed for an ``assign`` decision before falling back to a few (any is legal)."""


def assign_actions(d: dict[str, Any]) -> list[A.Action]:
    """``assign`` answers: the default first, then every division (or, when there are more
    than :data:`ASSIGN_LISTED`, all the damage on each member in turn)."""
    units: list[str] = list(d["units"])
    amount = int(d["amount"])
    default = tuple(sorted(d["default"].items()))
    out = [default]

    def count(n: int, k: int) -> int:
        return math.comb(n + k - 1, k - 1) if k > 0 else 0

    if count(amount, len(units)) <= ASSIGN_LISTED:
        def splits(n: int, k: int) -> list[list[int]]:
            if k == 1:
                return [[n]]
            return [[first] + rest for first in range(n, -1, -1) for rest in splits(n - first, k - 1)]

        divisions = [tuple(sorted((u, v) for u, v in zip(units, parts) if v))
                     for parts in splits(amount, len(units))]
    else:
        divisions = [((u, amount),) for u in units]
    for division in divisions:
        if division not in out:
            out.append(division)
    return [A.Assign(attacker=str(d["attacker"]), damage=division) for division in out]


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
        for n in state.board.neighbours(lead.at):
            if v.attack_problem(state, seat, lead, n, occ) is None:
                out.append(A.Attack(unit=lead.id, target=n))
        if v.attack_problem(state, seat, lead, "player", occ) is None:
            out.append(A.Attack(unit=lead.id, target="player"))
    return out


def _instant_actions(v: Frontier, state: GameState, seat: int, occ: Occupancy, *,
                     sorcery: bool = False) -> list[A.Action]:
    out: list[A.Action] = []
    sources = mana_sources(v, state, seat, occ)
    for pos, via, makes in sources:
        for colour in makes:
            out.append(A.TapLand(at=pos, via=via, color=None if colour == makes[0] else colour))
    player = state.players[seat]
    abilities = ability_payers(state, seat)
    plans: dict[str, list[Any] | None] = {}
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
        if not fast and not (sorcery and seat == state.active and state.pending is None):
            continue
        if card.mana_cost not in plans:
            plans[card.mana_cost] = plan_payment(player.pool, player.life, card.mana_cost,
                                                 sources, abilities)
        plan = plans[card.mana_cost]
        if plan is None:
            continue
        if card.is_aura:
            for target in sorted(state.perms):
                if state.perms[target].zone != "attached":
                    out.append(A.Cast(card=name, pay=_pay_tuple(plan), target=target))
        else:
            out.append(A.Cast(card=name, pay=_pay_tuple(plan)))
    for perm in list(state.perms.values()):
        if perm.controller != seat:
            continue
        card = state.card(perm.id)
        for index, ability in enumerate(card.activated):
            if ability.taps and (perm.tapped or (card.is_creature and perm.sick)):
                continue
            if ability.life_cost and player.life < ability.life_cost:
                continue
            cost = ability.mana_cost
            # The permanent can't pay for its own ability (with its own {T} or as a 'via').
            own_sources = [s for s in sources if s[1] != perm.id]
            plan = plan_payment(player.pool, player.life, cost, own_sources,
                                [p for p in abilities if p.unit != perm.id])
            if plan is None:
                continue
            pay_with = _pay_tuple(plan)
            choices: list[str | None] = [None]
            if len(ability.mana) > 1:
                choices = [mana_key(option) for option in ability.mana]
            for choice in choices:
                out.append(A.Activate(unit=perm.id, ability=index, pay=pay_with, mana=choice))
    return out
