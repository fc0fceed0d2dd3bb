"""Rules pieces every grid variant shares: places in words, leaving the battlefield, damage
division, the seeded stream, drawing, mana sources and automatic payment.

Lifted out of the Frontier modules so that Frontier and Army Magic (and the variants after
them) use one implementation; nothing here knows a variant's own rules (terrain, staging
rows, land life).
"""

from __future__ import annotations

import dataclasses
import functools
import math
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.card import BASIC_LAND_COLOUR, Card
from frontier_desktop.rules.mana import (
    POOL_ORDER, Pool, choose_mana, parse_cost, parse_pool, pay,
)
from frontier_desktop.rules.rng import Rng
from frontier_desktop.rules.errors import IllegalActionError, InvalidActionError
from frontier_desktop.rules.state import GameState, Permanent, PlayerState

Event = dict[str, Any]


# ---------------------------------------------------------------------- places and ids
def permanents_in(state: GameState, objs: list[Any]) -> Iterator[Permanent]:
    """The permanents among an effect's objects, in order: each id is looked up as it is
    reached, so one that an earlier step removed is passed over (as are players, squares)."""
    for obj in objs:
        perm = state.perms.get(obj) if isinstance(obj, str) else None
        if perm is not None:
            yield perm


def is_square(target: Any) -> bool:
    """A decoded target naming a board square: ``(row, col)``."""
    return isinstance(target, tuple) and len(target) == 2 and \
        all(isinstance(v, int) for v in target)


def wire(state: GameState, pos: Pos | None) -> object:
    """A board position in wire form (None stays None)."""
    return state.board.pos_to_wire(pos) if pos is not None else None


def square_words(pos: Any) -> str:
    """A grid square as the board's edge labels show it: ``(1, 4)`` → "column 5, row 2"."""
    if isinstance(pos, tuple) and len(pos) == 2:
        return f"column {pos[1] + 1}, row {pos[0] + 1}"
    return "that square"


# ---------------------------------------------------------------------- randomness, cards
def game_rng(state: GameState) -> Rng:
    """The game's seeded stream, resumed where the last action left it."""
    return Rng(state.seed, state.rng_counter)


def save_rng(state: GameState, rng: Rng) -> None:
    state.rng_counter = rng.resume_point()


def hand_size_problem(state: GameState, seat: int, default: int) -> str | None:
    """Why *seat* may not leave the end step yet (too many cards in hand), or None."""
    limit = int(state.options.get("hand_size", default))
    hand = state.players[seat].hand
    if len(hand) > limit:
        return f"discard down to {limit} cards first ({len(hand)} in hand)"
    return None


def draw_cards(state: GameState, seat: int, count: int, events: list[Event]) -> None:
    """Draw *count* cards; drawing from an empty library marks the player (a state check)."""
    player = state.players[seat]
    for _ in range(count):
        if not player.library:
            player.drew_from_empty = True
            events.append({"type": "draw_empty", "player": seat})
            return
        draw_top(state, seat, events)


def draw_top(state: GameState, seat: int, events: list[Event]) -> None:
    """Move the top card of *seat*'s (non-empty) library to their hand: a ``drew`` event whose
    card only they see."""
    player = state.players[seat]
    card_id = player.library.pop(0)
    player.hand.append(card_id)
    events.append({"type": "drew", "player": seat, "card": state.name(card_id),
                   "id": card_id, "_private": {"seat": seat, "fields": ["card", "id"]}})


def seat_may_always_act(state: GameState, seat: Any, action: A.Action) -> bool:
    """The first checks of an N-seat variant's ``check_may_act``: True for an action a seat
    still in the game may take at any time (concede, the response and division settings).

    Raises:
        InvalidActionError: no such seat.
        IllegalActionError: the game is over, or the seat is out of it.
    """
    if not isinstance(seat, int) or not 0 <= seat < len(state.players):
        raise InvalidActionError(f"there is no seat {seat}")
    if state.game_over:
        raise IllegalActionError(action, "the game is over")
    if state.players[seat].lost:
        raise IllegalActionError(action, f"{state.players[seat].name} is out of the game")
    return isinstance(action, (A.Concede, A.SetResponses, A.SetAssign))


def check_decider(state: GameState, seat: int, action: A.Action,
                  allowed: tuple[type[A.Action], ...], waiting: str, first: str) -> None:
    """An N-seat variant's ``check_may_act`` while a decision waits: only its player, and
    only with one of the *allowed* actions.

    Raises:
        IllegalActionError: "waiting for NAME to *waiting*" for another seat; *first* for an
            action the decision doesn't take.
    """
    d = state.decision
    assert d is not None
    if seat != d["player"]:
        raise IllegalActionError(action, f"waiting for {state.players[d['player']].name} to "
                                         f"{waiting}")
    if not isinstance(action, allowed):
        raise IllegalActionError(action, first)


def check_responder_or_active(state: GameState, seat: int, action: A.Action) -> bool:
    """An N-seat variant's ``check_may_act`` with no decision waiting: in a response window
    (True) only its responder, with an instant-speed action or a pass; else (False) only the
    active player.

    Raises:
        IllegalActionError: not this seat's window or turn, or not instant speed.
    """
    if state.pending is not None:
        responder = int(state.pending["responder"])
        if seat != responder:
            raise IllegalActionError(action, f"waiting for {state.players[responder].name}"
                                             "'s response")
        if not (action.instant or isinstance(action, A.Pass)):
            raise IllegalActionError(action, "only instant-speed actions or pass in response")
        return True
    if seat != state.active:
        raise IllegalActionError(action, f"it is {state.players[state.active].name}'s turn")
    return False


def unit_and_place(state: GameState, action: A.Move) -> tuple[Permanent, Pos]:
    """The first checks of a one-unit ``move`` (the Conquering, the War Game): the unit and
    the place it goes to.

    Raises:
        InvalidActionError: no such unit.
        IllegalActionError: the place is not on the board.
    """
    perm = state.perms.get(action.unit)
    if perm is None:
        raise InvalidActionError(f"there is no unit {action.unit}")
    if not state.board.is_place(action.to):
        raise IllegalActionError(action, "that place is not on the board")
    return perm, action.to


def main_phase_check(state: GameState, seat: int, action: A.Action,
                     phases: Sequence[str] = ("main", "main2")) -> None:
    """A sorcery-speed action (Army, the Conquering): in its player's main phase, with
    nothing waiting on the stack.

    Raises:
        IllegalActionError: another player's turn or phase, or the stack is not empty.
    """
    if seat != state.active or state.phase not in phases:
        raise IllegalActionError(action, "only in your main phases")
    if state.pending is not None or state.stack:
        raise IllegalActionError(action, "not while something waits to resolve on the "
                                         "stack")


def own_ability(state: GameState, seat: int, action: A.Action, unit: str | None = None,
                index: int | None = None) -> tuple[Permanent, Card, Any]:
    """The first checks of an activation (every variant): the permanent, its card and the
    ability *action* names (an ``activate``'s ``unit`` and ``ability``, or *unit* and
    *index* for another action that activates), of a permanent *seat* controls.

    Raises:
        IllegalActionError: not a permanent of *seat*'s, or no such ability.
    """
    if unit is None or index is None:
        assert isinstance(action, A.Activate)
        unit, index = action.unit, action.ability
    perm = state.perms.get(unit)
    if perm is None or perm.controller != seat:
        raise IllegalActionError(action, "that is not a permanent you control")
    card = state.card(perm.id)
    if not 0 <= index < len(card.activated):
        count = len(card.activated)
        raise IllegalActionError(action, f"{card.name} has no ability {index} (its activated "
                                         f"abilities are 0 to {count - 1})" if count else
                                 f"{card.name} has no activated ability")
    return perm, card, card.activated[index]


def mana_made(card: Card, ability: Any, action: A.Activate) -> str | None:
    """The mana a mana ability makes, as *action* chose it (its first option when it chose
    none); None for any other ability.

    Raises:
        IllegalActionError: the ability can't make the mana chosen.
    """
    if not ability.is_mana_ability:
        return None
    made = choose_mana(ability.mana, action.mana)
    if made is None:
        raise IllegalActionError(action, f"{card.name} can't make {action.mana}")
    return made


def new_seated_state(variant: Any, decks: Sequence[Sequence[Card]], names: Sequence[str],
                      seed: int | str, options: Any, board: Callable[[int], Any],
                      title: str) -> tuple[GameState, Rng]:
    """The empty state of a new N-seat game (the Conquering, the War Game): the variant's
    options with their defaults, the seat count checked against ``min_players`` and
    ``max_players``, *board* (called with the seat count), one player per name, and the
    game's rng. Each player divides the combat damage the rules give them (an ``assign``
    decision whenever it is a real choice) until they switch it off (``set_assign``).

    Raises:
        ValueError: a seat count the variant doesn't take, or a first player past the seats.
    """
    opts = variant.options_with_defaults(options)
    n = len(decks)
    if not variant.min_players <= n <= variant.max_players or len(names) != n:
        raise ValueError(f"{title} is for two to four players")
    if int(opts["first_player"]) >= n:
        raise ValueError(f"option 'first_player' must be below {n}")
    state = GameState(variant.name, board(n),
                      [PlayerState(str(name), variant.starting_life) for name in names])
    state.options = opts
    state.seed = str(seed)
    return state, Rng(seed)


def shuffle_library(state: GameState, seat: int, cards: Sequence[Card], rng: Any,
                    defs: dict[str, Card]) -> None:
    """Shuffle *cards* with the game's *rng* and make them *seat*'s library: each gets a
    fresh unguessable id (``c`` + a token; the same draws in every variant, so set-ups
    replay exactly) and its card data goes into *defs*."""
    library = list(cards)
    rng.shuffle(library)
    for card in library:
        defs[card.name] = card
        obj = "c" + rng.token()
        while obj in state.cards:
            obj = "c" + rng.token()
        state.cards[obj] = (card.name, seat)
        state.players[seat].library.append(obj)


def own_pt(state: GameState, perm: Permanent) -> tuple[int, int]:
    """Printed P/T plus counters and until-end-of-turn changes (no board bonus)."""
    card = state.card(perm.id)
    p, t = card.base_power, card.base_toughness
    p += perm.pt_mod[0]
    t += perm.pt_mod[1]
    plus = perm.counters.get("+1/+1", 0) - perm.counters.get("-1/-1", 0)
    return p + plus, t + plus


def basic_land(land_type: str) -> Card:
    """The oracle data of the basic land *land_type* (``"Swamp"``), for lands a variant puts
    on the table itself (Frontier's manual land play, the Conquering's board)."""
    colour = BASIC_LAND_COLOUR[land_type]
    return Card(name=land_type, type_line=f"Basic Land — {land_type}", produced_mana=(colour,),
                oracle_text=f"({{T}}: Add {{{colour}}}.)")


_MANA_ORDER = ("W", "U", "B", "R", "G", "C")
_ADD_RE = re.compile(r"\bAdd ((?:\{[^}]+\})+)")


def land_makes(land: Card) -> tuple[str, ...]:
    """The kinds of mana a land can be tapped for (W U B R G C order); empty: it can't.

    From Scryfall's ``produced_mana`` (and basic land types); a land without one that says
    "Add {…}" makes what it says (``{1}`` is colourless). A land with no mana ability (Maze of
    Ith) makes nothing: it is no mana source.
    """
    made = set(land.mana_colours)
    if not made:
        for symbols in _ADD_RE.findall(land.oracle_text):
            for sym in re.findall(r"\{([^}]+)\}", symbols):
                sym = sym.upper()
                made.add("C" if sym.isdigit() else sym)
    return tuple(c for c in _MANA_ORDER if c in made)


# ---------------------------------------------------------------------- leaving play
def leave_battlefield(state: GameState, perm: Permanent, zone: str, events: list[Event], *,
                      reason: str) -> None:
    """Move a permanent off the battlefield to its owner's *zone* (tokens cease to exist).
    The auras on it go to the graveyard; an equipment on it stays on the battlefield,
    unattached (rules/core/equipment.py)."""
    from frontier_desktop.rules.core.equipment import drop, is_equipment

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
        if other.attached_to != perm.id or other.id not in state.perms:
            continue
        if is_equipment(state, other.id):
            if not drop(state, other, perm, events):  # its creature stood on no land
                leave_battlefield(state, other, "graveyard", events,
                                  reason="its creature left no land")
        else:
            leave_battlefield(state, other, "graveyard", events, reason="its permanent left")


def regenerate_or_die(state: GameState, perm: Permanent, events: list[Event], *,
                      reason: str) -> None:
    """Normal Magic's destruction: a regeneration shield taps a creature, removes its damage
    and keeps it where it is; otherwise it goes to its owner's graveyard."""
    card = state.card(perm.id)
    if card.is_creature and perm.regen_shield > 0:
        perm.regen_shield -= 1
        perm.tapped, perm.damage, perm.deathtouched = True, 0, False
        events.append({"type": "regenerated", "unit": perm.id, "name": card.name,
                       "from": wire(state, perm.at), "stays": True})
        return
    leave_battlefield(state, perm, "graveyard", events, reason=reason)


def check_deaths_by(state: GameState, pt: Callable[[Permanent], tuple[int, int]],
                    destroy: Callable[[GameState, Permanent, list[Event]], None],
                    events: list[Event]) -> None:
    """Creatures with lethal damage (or any deathtouch damage), or toughness 0, die at once.

    *pt* is the variant's effective power and toughness; *destroy* its destruction (where a
    regeneration shield puts the creature). All deaths are simultaneous: decided from one
    board, then carried out; repeated until nothing more dies.
    """
    while True:
        doomed: list[tuple[Permanent, int]] = []
        for perm in list(state.creatures()):
            _, t = pt(perm)
            if t <= 0 or (perm.damage > 0 and (perm.damage >= t or perm.deathtouched)):
                doomed.append((perm, t))
        if not doomed:
            return
        for perm, t in doomed:
            if perm.id not in state.perms:
                continue
            if t <= 0 and perm.damage == 0:
                leave_battlefield(state, perm, "graveyard", events, reason="toughness 0")
            else:
                destroy(state, perm, events)


# ---------------------------------------------------------------------- damage division
def lethal_first(units: list[str], amount: int, lethal: dict[str, int]) -> dict[str, int]:
    """The default division: lethal damage to each member in order, any rest on the last."""
    out: dict[str, int] = {}
    rest = amount
    for unit in units:
        take = min(rest, lethal.get(unit, 0))
        if take:
            out[unit] = take
        rest -= take
    if rest > 0 and units:
        out[units[-1]] = out.get(units[-1], 0) + rest
    return out


def assign_problem(decision: dict[str, Any], attacker: str, damage: dict[str, int]) -> str | None:
    """Why *damage* is not a division the pending ``assign`` decision accepts (None: it is)."""
    if attacker != decision["attacker"]:
        return f"the division to make now is of {decision['attacker']}'s damage"
    units = decision["units"]
    for unit, amount in damage.items():
        if unit not in units:
            return f"{unit} is not in the stack the damage is dealt to"
        if amount < 0:
            return "damage can't be negative"
    total = sum(damage.values())
    if total != decision["amount"]:
        return f"divide exactly {decision['amount']} damage ({total} given)"
    return None


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


# ---------------------------------------------------------------------- automatic payment
Source = tuple[Any, "str | None", tuple[str, ...]]
"""A land that could be tapped: ``(key, via, kinds of mana)``; *key* is its position (or any
hashable the variant uses for a land off the grid)."""


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

    @functools.cached_property
    def creatures(self) -> frozenset[str]:
        """The creatures (or permanent) this payment taps (computed once: the payer is frozen)."""
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
    return [_land_payer(pos, via, makes) for pos, via, makes in sources]


@functools.lru_cache(maxsize=4096)
def _land_payer(pos: Any, via: str | None, makes: tuple[str, ...]) -> Payer:
    """The payer tapping the land at *pos* (via *via*) for one of *makes*: a pure function of
    its (immutable) arguments, cached so that each legal-action listing doesn't rebuild it."""
    return Payer(0 if via is None else 2, tuple(f"{{{c}}}" for c in makes), land=pos, via=via)


@functools.lru_cache(maxsize=256)
def _option_mana(option: str) -> tuple[tuple[str, int], ...]:
    """The mana one payer option makes, as ``(kind, count)`` pairs (cached :func:`parse_pool`)."""
    return tuple((k, n) for k, n in parse_pool(option).items() if n)


def _rank(payer: Payer) -> int:
    return payer.rank


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
    return plan_payment_ranked(pool, life, cost, ranked_payers(sources, abilities))


def ranked_payers(sources: list[Source], abilities: list[Payer] | None = None) -> list[Payer]:
    """The payers of *sources* and *abilities* in the order automatic payment tries them (by
    :attr:`Payer.rank`, then as given): build them once to plan several payments."""
    return sorted(land_payers(sources) + list(abilities or ()), key=_rank)


def plan_payment_ranked(pool: Pool, life: int, cost: str,
                        payers: list[Payer]) -> list[Any] | None:
    """:func:`plan_payment` with the payers from :func:`ranked_payers` (a subset of them keeps
    their order)."""
    if pay(pool, cost, life=life) is not None:
        return []
    try:
        symbols = parse_cost(cost)
    except ValueError:
        return None
    have = {k: pool.get(k, 0) for k in POOL_ORDER}
    extra = {k: 0 for k in POOL_ORDER}
    chosen: list[tuple[Payer, str]] = []
    used_lands: set[Any] = set()
    used_units: set[str] = set()

    def usable(p: Payer) -> bool:
        return (p.land is None or p.land not in used_lands) and \
            used_units.isdisjoint(p.creatures)

    def take(p: Payer, option: str) -> None:
        chosen.append((p, option))
        if p.land is not None:
            used_lands.add(p.land)
        used_units.update(p.creatures)
        for kind, n in _option_mana(option):
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

    # Generic mana: the first usable payer in rank order, each time. A payer once unusable
    # stays so (the used sets only grow), so the scan never looks back.
    index = 0
    while pay(current(), symbols, life=life) is None:
        while index < len(payers) and not usable(payers[index]):
            index += 1
        if index == len(payers):
            return None
        take(payers[index], payers[index].options[0])
    return [p.entry(option) for p, option in chosen]


def pay_tuple(plan: list[Any]) -> tuple[Any, ...]:
    """A payment plan as the ``pay`` field of an action."""
    out: list[Any] = []
    for entry in plan:
        if isinstance(entry, A.AbilityPayment):
            out.append(entry)
        elif isinstance(entry, dict):
            out.append((entry["at"], entry.get("via"), entry.get("color")))
        else:
            out.append((entry, None, None))
    return tuple(out)


TOKEN_TYPE_LINE = "Token Creature"
"""The type line of a creature token the engine makes."""
_COLOUR_NAMES = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green"}


def token_card(colour: str | None, name: str = "Token", power: int = 1, toughness: int = 1,
               keywords: Sequence[str] = (), colours: Sequence[str] = ()) -> Card:
    """The card of a creature token (the Frontier 1/1 by default), named by its colour."""
    cols = tuple(colours) or ((colour,) if colour else ())
    label = "/".join(_COLOUR_NAMES[c] for c in cols) if cols else "Colourless"
    label = f"{label} {name}"
    if (power, toughness) != (1, 1) or keywords:
        label += f" {power}/{toughness}" + (f" ({', '.join(keywords)})" if keywords else "")
    return Card(name=label, type_line=TOKEN_TYPE_LINE, colors=cols, power=str(power),
                toughness=str(toughness), keywords=tuple(keywords))
