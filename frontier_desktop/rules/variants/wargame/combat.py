"""The War Game's combat (``shared/rules/wargame.md``, turn step 6).

After all movement, a combat takes place in every place where the active player's creatures
stand with opposing ones (board order, then the strongholds). In one combat:

1. At an opposing stronghold, its controller may tap one attacker (a ``choice`` decision,
   ``by: "stronghold"``, answered by ``tap_attacker`` or ``pass``).
2. "Fast effects first": the ``fast`` window (a ``priority`` pending with ``combat`` and
   ``stage``, opened by the variant) for the players of this combat who asked for
   responses and hold something playable, clockwise from the mover.
3. Each side totals the power of its untapped creatures there and divides it among the
   opposing creatures, none taking more than the damage that would kill it now (toughness
   minus damage marked); all the power the caps allow must be assigned, the rest is lost.
   The attacker (the active player) divides first, then each defender clockwise. Whenever
   the division is a real choice (:func:`is_real_choice`: more than one way within the
   caps), a player who divides their own (``assign``, true by default; ``set_assign``)
   answers an ``assign`` decision (``at``, ``amount``, ``units``, ``caps``, ``default``);
   otherwise the engine divides (:func:`default_division`: the most kills, weakest first). Against banding, the side with the banding creature
   divides the damage dealt to it instead (:func:`protective_division` by default: the
   fewest deaths).
4. The damage is dealt at once (``dealt``), then the ``healing`` window: "healing spells and
   prevention" (a prevention shield put on a creature now prevents the damage this combat
   dealt it, :func:`settle_prevention`); then creatures with lethal damage go to the
   removed pile; survivors keep their damage counters.

The combat in progress is ``state.extra["combat"]``: ``places`` still to fight (wire form),
``current`` (``at``, ``sides``, ``divisions`` by seat, ``asked`` for the tap, ``windows``
come, ``open`` the window waiting, ``dealt`` by creature).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.core import damage
from frontier_desktop.rules.core.hooks import Where
from frontier_desktop.rules.core.keywords import protections, quality_matches
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.variants.base import Event
from frontier_desktop.rules.core.shared import wire
from frontier_desktop.rules.variants.wargame.board import controller, is_stronghold

PT = Callable[[Permanent], tuple[int, int]]


def battle_places(state: GameState) -> list[Pos]:
    """The places where the active player's creatures stand with opposing ones."""
    seat = state.active
    sides: dict[Pos, set[int]] = {}
    for perm in state.board_creatures():
        sides.setdefault(perm.at, set()).add(perm.controller)
    return [pos for pos in state.board.places()
            if seat in sides.get(pos, set()) and len(sides[pos]) > 1]


def sides_at(state: GameState, at: Pos) -> list[int]:
    """The active player, then each defender there clockwise."""
    present = {p.controller for p in state.board_creatures() if p.at == at}
    return [s for s in [state.active, *state.opponents(state.active)] if s in present]


def targets_for(state: GameState, seat: int, at: Pos) -> list[Permanent]:
    """Whom *seat*'s side hits at *at*: the attacker hits every other creature there, a
    defender the attacker's."""
    here = [p for p in state.board_creatures() if p.at == at]
    if seat == state.active:
        return [p for p in here if p.controller != seat]
    return [p for p in here if p.controller == state.active]


def side_creatures(state: GameState, seat: int, at: Pos, where: Where | None = None,
                   step: str | None = None) -> list[Permanent]:
    """*seat*'s untapped creatures at *at* that deal damage now (in *step* of a combat with
    a first-strike step: :func:`damage.strikes`)."""
    here = [p for p in state.board_creatures()
            if p.at == at and p.controller == seat and not p.tapped]
    if where is None or step is None:
        return here
    steps = [damage.FIRST, damage.REGULAR]
    return [p for p in here if damage.strikes(state, where, p.id, step, steps)]


def side_power(state: GameState, seat: int, at: Pos, pt: PT, where: Where | None = None,
               step: str | None = None) -> int:
    return sum(max(0, pt(p)[0]) for p in side_creatures(state, seat, at, where, step))


def protection_caps(state: GameState, sources: list[Permanent], units: list[Permanent],
                    caps: dict[str, int], pt: PT) -> dict[str, int]:
    """The ruling: damage given to a creature with protection from a colour may not exceed the
    power of the side's creatures not of that colour (*sources*: the side's creatures that
    deal damage now)."""
    out = dict(caps)
    for unit in units:
        shields = protections(state, unit)
        if not shields:
            continue
        through = sum(max(0, pt(s)[0]) for s in sources
                      if not any(quality_matches(state, k[len("protection from "):], s.id)
                                 for k in shields))
        out[unit.id] = min(out[unit.id], through)
    return out


def caps_of(units: list[Permanent], pt: PT) -> dict[str, int]:
    """The most damage each may take: what would kill it now."""
    return {p.id: max(0, pt(p)[1] - p.damage) for p in units}


def default_division(amount: int, caps: dict[str, int]) -> dict[str, int]:
    """The engine's division: the most kills, the creature closest to death first, the rest
    where the caps allow."""
    out: dict[str, int] = {}
    left = amount
    for unit in sorted(caps, key=lambda u: (caps[u], u)):
        give = min(caps[unit], left)
        if give > 0:
            out[unit] = give
            left -= give
    return out


def is_real_choice(amount: int, caps: dict[str, int]) -> bool:
    """Whether *amount* can be divided within *caps* in more than one way (all of it that
    the caps allow is assigned): some damage, less than the caps' total, and two creatures
    that may take some. Otherwise the one division is made without asking."""
    return 0 < amount < sum(caps.values()) and sum(1 for c in caps.values() if c > 0) > 1


def division_problem(decision: dict[str, Any], damage: dict[str, int]) -> str | None:
    """Why *damage* is not a legal division for the ``assign`` *decision* (None: it is)."""
    caps: dict[str, int] = decision["caps"]
    for unit, amount in damage.items():
        if unit not in caps:
            return "that creature is not on the other side of this combat"
        if amount > caps[unit]:
            return f"a creature may take at most {caps[unit]} damage (what would kill it)"
    total = sum(damage.values())
    if total != int(decision["amount"]):
        return f"divide exactly {decision['amount']} damage (you gave {total})"
    return None


def banding_side(state: GameState, units: list[Permanent],
                 banding: Callable[[Permanent], bool]) -> int | None:
    """The player who divides the damage dealt to *units* because a creature of theirs
    there has banding (None: the dealing side divides)."""
    return next((p.controller for p in units if banding(p)), None)


def protective_division(amount: int, caps: dict[str, int]) -> dict[str, int]:
    """The engine's division for a banding side receiving damage: as few deaths as it can,
    the toughest first, then lethal damage to the weakest."""
    out: dict[str, int] = {}
    left = amount
    for unit in sorted(caps, key=lambda u: (-caps[u], u)):
        give = min(max(0, caps[unit] - 1), left)
        if give > 0:
            out[unit] = give
            left -= give
    for unit in sorted(caps, key=lambda u: (caps[u], u)):
        if left <= 0:
            break
        extra = min(caps[unit] - out.get(unit, 0), left)
        if extra > 0:
            out[unit] = out.get(unit, 0) + extra
            left -= extra
    return out


def continue_combat(state: GameState, pt: PT, ask: Callable[[int], bool],
                    kill: Callable[[list[Event]], None], events: list[Event],
                    banding: Callable[[Permanent], bool] = lambda p: False,
                    window: Callable[[dict[str, Any], str], bool] = lambda c, s: False,
                    where: Where | None = None) -> None:
    """Carry the combats on until a decision or a window waits or every place has fought
    (*window* opens the ``fast`` or the ``healing`` window of the current combat: True when
    somebody got it).

    When a creature there has first or double strike (*where*: the variant's answers to the
    Magic core), the first-strikers' power is divided and dealt first (``strike`` is
    ``first``), the creatures it kills are gone, then the regular step (``strike``
    ``regular``): the others' and the double strikers' power."""
    combat = state.extra.get("combat")
    while combat is not None:
        current = combat.get("current")
        if current is None:
            if not combat["places"]:
                del state.extra["combat"]
                return
            at_w = combat["places"][0]
            combat["places"] = combat["places"][1:]
            at = state.board.pos_from_wire(at_w)
            if len(sides_at(state, at)) < 2 or state.active not in sides_at(state, at):
                continue
            current = combat["current"] = {"at": at_w, "sides": sides_at(state, at),
                                           "divisions": {}, "asked": False}
        at = state.board.pos_from_wire(current["at"])
        owner = controller(state, at) if is_stronghold(state, at) else None
        if not current["asked"]:
            current["asked"] = True
            attackers = [p.id for p in state.board_creatures()
                         if p.at == at and p.controller == state.active and not p.tapped]
            if owner is not None and owner != state.active and not state.players[owner].lost \
                    and attackers:
                state.decision = {"kind": "choice", "player": owner, "by": "stronghold",
                                  "options": attackers, "amount": 0, "card": "",
                                  "at": current["at"],
                                  "prompt": "tap one attacker of your stronghold"}
                return
        if _window_due(current, "fast") and window(current, "fast"):
            return
        if where is not None and "strike" not in current and "dealt" not in current:
            here = [p.id for p in state.board_creatures() if p.at == at and not p.tapped]
            if len(damage.strike_steps(state, where, here)) == 2:
                current["strike"] = damage.FIRST
        step = current.get("strike")
        for seat in current["sides"]:
            if str(seat) in current["divisions"]:
                continue
            units = targets_for(state, seat, at)
            sources = side_creatures(state, seat, at, where, step)
            caps = protection_caps(state, sources, units, caps_of(units, pt), pt)
            amount = min(side_power(state, seat, at, pt, where, step), sum(caps.values()))
            chooser = banding_side(state, units, banding)
            default = default_division(amount, caps) if chooser is None else \
                protective_division(amount, caps)
            chooser = seat if chooser is None else chooser
            if is_real_choice(amount, caps) and ask(chooser):
                option = {"at": current["at"], "amount": amount, "units": [u.id for u in units],
                          "caps": caps, "default": default, "side": seat}
                state.decision = {"kind": "assign", "player": chooser, **option,
                                  "options": [option]}
                return
            current["divisions"][str(seat)] = default  # the damage events tell it
        if "dealt" not in current:
            current["dealt"] = deal(state, current, events, where, step)
        if step == damage.FIRST:  # the first strike is dealt: its deaths, then the rest
            kill(events)
            current["strike"] = damage.REGULAR
            current["first_dealt"] = current.pop("dealt")
            current["divisions"] = {}
            continue
        if "first_dealt" in current:
            for unit, amount in current.pop("first_dealt").items():
                current["dealt"][unit] = current["dealt"].get(unit, 0) + amount
        if _window_due(current, "healing") and window(current, "healing"):
            return
        settle_prevention(state, current, events)
        combat["current"] = None
        kill(events)


def _window_due(current: dict[str, Any], stage: str) -> bool:
    """Whether the *stage* window of this combat is still to come (it is marked as come)."""
    done = list(current.get("windows", ()))
    if stage in done:
        return False
    current["windows"] = [*done, stage]
    return True


def settle_prevention(state: GameState, current: dict[str, Any], events: list[Event]) -> None:
    """"Then healing spells and prevention": a prevention shield put on a creature after the
    damage (in the ``healing`` window) prevents the damage this combat dealt it."""
    for unit, amount in (current.get("dealt") or {}).items():
        perm = state.perms.get(unit)
        if perm is None or perm.prevent <= 0:
            continue
        stopped = min(perm.prevent, int(amount), perm.damage)
        if stopped > 0:
            perm.prevent -= stopped
            perm.damage -= stopped
            events.append({"type": "prevented", "unit": unit, "amount": stopped,
                           "at": current["at"]})


def record_division(state: GameState, seat: int, damage: dict[str, int],
                    events: list[Event]) -> None:
    """*seat*'s answer to their ``assign`` decision (the division of their side's damage,
    or of the damage dealt to their banding side: the decision's ``side`` deals it)."""
    combat = state.extra["combat"]
    side = int(state.decision["side"]) if state.decision is not None else seat
    combat["current"]["divisions"][str(side)] = dict(damage)
    events.append({"type": "assigned", "player": seat, "side": side,
                   "at": combat["current"]["at"], "damage": dict(damage), "default": False})
    state.decision = None


def deal(state: GameState, current: dict[str, Any], events: list[Event],
         where: Where | None = None, step: str | None = None) -> dict[str, int]:
    """Every side's damage at once (prevention shields first), as damage counters: one
    ``damage`` event per side and creature hit (``sources``: that side's untapped creatures
    there that strike now). "Prevent all combat damage" (Fog) prevents it all in the combat
    of the terrain chosen as its origin. Returns the damage dealt to each creature."""
    at = state.board.pos_from_wire(current["at"])
    hits: list[tuple[list[str], str, int]] = []
    for side, division in current["divisions"].items():
        sources = sorted(p.id for p in side_creatures(state, int(side), at, where, step))
        hits.extend((sources, unit, int(amount)) for unit, amount in division.items())
    dealt: dict[str, int] = {}
    fog = damage.fog(state, current["at"])  # this turn, or this terrain (a Fog's origin)
    for sources, unit, amount in hits:
        perm = state.perms.get(unit)
        if perm is None or amount <= 0:
            continue
        if fog:  # "prevent all combat damage": the War Game, of the chosen terrain's combat
            events.append({"type": "prevented", "unit": unit, "amount": amount,
                           "at": current["at"]})
            continue
        prevented = min(perm.prevent, amount)
        perm.prevent -= prevented
        perm.damage += amount - prevented
        dealt[unit] = dealt.get(unit, 0) + amount - prevented
        events.append({"type": "damage", "source": sources[0] if sources else None,
                       "sources": sources, "target": unit, "amount": amount - prevented,
                       "at": current["at"]})
    return dealt


def start_combat(state: GameState) -> None:
    turn = state.extra.get("turn")
    if isinstance(turn, dict):
        turn["fought"] = True  # this turn's combat step has begun (a printed state says so)
    places = battle_places(state)
    if places:
        state.extra["combat"] = {"places": [wire(state, p) for p in places], "current": None}
