"""Army Magic's changes of control and life on lands (``shared/rules/army.md``, "Ruling
(change of control)" and "Ruling (life on lands)").

- A creature or planeswalker standing on a land its controller doesn't control has changed
  control (units stand only on their own army's lands): its new controller places it on a land
  they control next to the land where it stands; when they control none there, on their land
  nearest to it (ties: their choice, a ``place`` decision). Never farther. Artifacts and
  non-aura enchantments may lie on any land (an opponent's included, the placing ruling), so
  they never move for this.
- Life gained or lost goes on a land its player controls: a gain stops at 6 (a home base at
  20), the excess lost; a loss may go on any of their lands, one it brings to 0 included (the
  land is then destroyed; a home base at 0 loses the game). The ``place`` options say what each
  land would show (``life``) and what is lost or destroyed.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.state import GameState
from frontier_desktop.rules.variants.army.board import (
    HOME_LIFE, LAND_LIFE, controller, is_walker, land_life, stronghold_of,
)
from frontier_desktop.rules.core.shared import leave_battlefield, wire

Event = dict[str, Any]


# ---------------------------------------------------------------------- change of control
def nearest_lands(state: GameState, seat: int, pos: Pos) -> list[Pos]:
    """The face-up lands *seat* controls nearest to *pos*: those next to it, else those at
    the fewest steps N/S/E/W from it (empty: *seat* controls no land)."""
    mine = {p for p in state.board.positions() if controller(state, p) == seat
            and state.cells[p].land is not None and state.cells[p].face_up}
    if not mine:
        return []
    seen = {pos}
    frontier: deque[tuple[Pos, int]] = deque([(pos, 0)])
    best: int | None = None
    found: list[Pos] = []
    while frontier:
        here, steps = frontier.popleft()
        if best is not None and steps > best:
            break
        if here in mine and here != pos:
            best = steps
            found.append(here)
            continue
        for n in state.board.neighbours(here):
            if n not in seen:
                seen.add(n)
                frontier.append((n, steps + 1))
    return sorted(found)


def changes_of_control(state: GameState, events: list[Event]) -> None:
    """A creature or planeswalker on a land its controller doesn't control moves to the
    nearest land its controller controls (``place`` when there is a choice; to the graveyard
    when they control no land)."""
    if state.decision is not None:
        return
    for perm in list(state.perms.values()):
        if perm.zone != "board" or perm.at is None or perm.id not in state.perms:
            continue
        card = state.card(perm.id)
        if card.is_land or not (card.is_creature or is_walker(state, perm.id)):
            continue
        here = controller(state, perm.at)
        if here is None or here == perm.controller:
            continue  # its own land, or an explorer's face-down step (the move resolves it)
        places = nearest_lands(state, perm.controller, perm.at)
        if not places:
            leave_battlefield(state, perm, "graveyard", events,
                              reason="its controller has no land to put it on")
            continue
        if len(places) == 1:
            perm.at = places[0]
            events.append({"type": "placed", "unit": perm.id, "at": wire(state, places[0])})
            continue
        state.decision = {"kind": "place", "player": perm.controller, "id": perm.id,
                          "options": [{"id": perm.id, "at": wire(state, p)} for p in places]}
        events.append({"type": "choose", "player": perm.controller, "kind": "place",
                       "unit": perm.id})
        return


# ---------------------------------------------------------------------- life on lands
def life_cap(state: GameState, pos: Pos) -> int:
    """The most life the land at *pos* shows: 6, a home base 20."""
    return HOME_LIFE if stronghold_of(state, pos) is not None else LAND_LIFE


def life_option(state: GameState, key: str, pos: Pos, purpose: str,
                amount: int) -> dict[str, Any]:
    """One ``place`` option for a gain or a loss of *amount* on the land at *pos*: the land
    (``id``, ``at``), the ``life`` it would show, and what the choice costs: ``lost`` (life
    gained beyond its cap), ``destroyed`` (a land brought to 0), ``loses_game`` (a home base
    at 0)."""
    option: dict[str, Any] = {"id": key, "at": wire(state, pos)}
    life = land_life(state, pos) or 0
    if purpose == "gain":
        after = max(life, min(life_cap(state, pos), life + amount))
        option["life"] = after
        if life + amount > after:
            option["lost"] = life + amount - after
    elif purpose == "lose":
        after = max(0, life - amount)
        option["life"] = after
        if after == 0:
            option["loses_game" if stronghold_of(state, pos) is not None else "destroyed"] = True
    return option
