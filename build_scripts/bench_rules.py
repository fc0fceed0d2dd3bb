"""Rules engine figures: ``rules_legal_actions_ms``, ``rules_apply_ms``,
``army_legal_actions_ms`` and ``conquering_legal_actions_ms``.

- ``rules_legal_actions_ms``: median time of ``legal_actions`` on a mid-game 5x10 Frontier
  board (half face up) with 12 creatures on it, 3 in the active player's staging row and 7
  cards in hand.
- ``rules_apply_ms``: median time per ``apply`` over a replayed 200-action game (random legal
  play from the two bundled Frontier sample decks, fixed seeds).
- ``rules_legal_actions_stack_ms``: the same position with Ann's Lightning Bolt on the stack,
  targeting one of Ben's creatures, and Ben (who asked for responses and holds Giant Growth,
  Lightning Bolt and a {G}{R} pool) to answer: his legal actions (the stack and targets in it).
- ``army_legal_actions_ms``: median time of ``legal_actions`` on a mid-game Army Magic
  position (6x5 board, 14 lands explored, 12 creatures in units of one to three, 7 cards in
  hand, first main phase).
- ``conquering_legal_actions_ms``: median time of ``legal_actions`` for the active seat of a
  four-player Conquering mid-game (the four sample decks, a fixed seed, random legal play
  biased toward moving and conquering up to Ann's first main phase from turn 28, seven turns
  each: 13 of 15 areas revealed, two held, 27 creatures over the board and strongholds).
- ``conquering_legal_actions_movement_ms``: the same position one pass later, in Ann's
  movement phase (every move of every creature that may move is listed: the heavier case).
- ``rules_steps_per_s``: search steps a second on one core: one ``legal_actions`` and one
  ``apply`` of a seeded chooser's pick (game actions preferred), from the Frontier mid-game
  position above, again from it whenever the game ends or stalls; a figure for now (issue 24
  adds it; the computer opponent's search wants >= 3,000).
- ``wargame_legal_actions_ms``: median time of ``legal_actions`` for the active seat of a
  four-player War Game mid-game (the variant is not registered yet: called on it directly;
  four copies of the Forest Host sample deck, a fixed seed, random legal play biased toward
  moving and casting up to the active player's movement phase from turn 20).
"""

from __future__ import annotations

import random
import statistics
import time
from pathlib import Path
from typing import Any

from frontier_desktop.cards.pool import BundledPool
from frontier_desktop.decks import Section, read_deck_file
from frontier_desktop.position import load_position
from frontier_desktop.rules import apply, legal_actions
from frontier_desktop.record import new_game

TARGETS = {"rules_legal_actions_ms": "<= 1", "rules_legal_actions_stack_ms": "<= 1",
           "rules_apply_ms": "<= 0.2",
           "army_legal_actions_ms": "<= 1", "conquering_legal_actions_ms": "<= 1",
           "conquering_legal_actions_movement_ms": "<= 1",
           "wargame_legal_actions_ms": "<= 1",
           "rules_steps_per_s": "a figure (the computer opponent will need >= 3000)"}
CONQUERING_DECKS = ("conquering_green_tide.txt", "conquering_red_horde.txt",
                    "conquering_black_legion.txt", "conquering_forest_wardens.txt")
ROOT = Path(__file__).resolve().parent.parent


def mid_game_position() -> dict[str, Any]:
    lands = ["Forest", "Swamp", "Mountain", "Plains", "Island"]
    rows = []
    for r in range(5):
        row = []
        for c in range(10):
            name = lands[(r * 3 + c) % 5]
            row.append(name if (r + c) % 2 == 0 else "?" + name)
        rows.append(row)
    rows[2][4] = "#"
    creatures = ["Grizzly Bears", "Hill Giant", "Serra Angel", "Bog Wraith", "Soltari Lancer",
                 "Shanodin Dryads"]
    units = []
    squares0 = [(0, 1), (0, 4), (1, 2), (1, 6), (2, 1), (2, 8)]
    squares1 = [(4, 2), (4, 5), (3, 3), (3, 7), (2, 5), (3, 0)]
    for i, (r, c) in enumerate(squares0):
        units.append({"id": f"a{i}", "card": creatures[i], "owner": 0, "at": [r, c]})
    for i, (r, c) in enumerate(squares1):
        units.append({"id": f"b{i}", "card": creatures[i], "owner": 1, "at": [r, c]})
    for i in range(3):
        units.append({"id": f"s{i}", "card": creatures[i], "owner": 0, "at": "staging"})
    # Reveal the squares the creatures stand on.
    for u in units:
        if u["at"] != "staging":
            r, c = u["at"]
            rows[r][c] = rows[r][c].lstrip("?")
    hand = ["Grizzly Bears", "Giant Growth", "Hill Giant", "Serra Angel", "Bog Wraith",
            "Llanowar Elves", "Lightning Bolt"]
    return {"format": "frontier-position/1", "variant": "frontier", "active": 0,
            "phase": "main", "players": [{"name": "Ann", "hand": hand, "mana_pool": "{G}"},
                                         {"name": "Ben"}],
            "board": {"rows": rows}, "units": units}


def stack_position() -> dict[str, Any]:
    """:func:`mid_game_position` with Ben ready to answer a spell (see the module docstring)."""
    doc = mid_game_position()
    doc["players"][1] = {"name": "Ben", "hand": ["Giant Growth", "Lightning Bolt"],
                         "mana_pool": "{G}{R}", "responses": True}
    doc["players"][0]["mana_pool"] = "{R}"
    return doc


def army_mid_game_position() -> dict[str, Any]:
    """Ann and Ben each hold seven lands around their home base; units meet in the middle."""
    rows: list[list[Any]] = [["?"] * 5 for _ in range(6)]
    mine = {0: [(0, 1), (0, 3), (1, 1), (1, 2), (1, 3), (2, 2), (2, 1)],
            1: [(5, 1), (5, 3), (4, 1), (4, 2), (4, 3), (3, 2), (3, 3)]}
    for seat, squares in mine.items():
        for r, c in squares:
            rows[r][c] = {"land": ("Plains", "Mountain")[(r + c) % 2], "controller": seat,
                          "life": 3 + (r + c) % 4}
    rows[0][2] = {"land": "Plains", "stronghold_of": 0, "life": 17}
    rows[5][2] = {"land": "Mountain", "stronghold_of": 1, "life": 15}
    creatures = ["Grizzly Bears", "Hill Giant", "Serra Angel", "Benalish Hero", "Mesa Pegasus",
                 "White Knight"]
    units = []
    spots = {0: [(2, 2), (2, 2), (2, 2), (1, 1), (1, 3), (0, 2)],
             1: [(3, 2), (3, 2), (3, 3), (4, 1), (4, 2), (5, 2)]}
    for seat, squares in spots.items():
        for i, (r, c) in enumerate(squares):
            units.append({"id": f"{'ab'[seat]}{i}", "card": creatures[i], "owner": seat,
                          "at": [r, c]})
    hand = ["Grizzly Bears", "Lightning Bolt", "Hill Giant", "Serra Angel", "Holy Strength",
            "Plains", "Giant Growth"]
    return {"format": "frontier-position/1", "variant": "army", "active": 0, "phase": "main",
            "players": [{"name": "Ann", "hand": hand}, {"name": "Ben"}],
            "board": {"rows": rows}, "units": units}


def conquering_mid_game(pool: BundledPool, seed: int = 5, turn: int = 28) -> Any:
    """The bench's four-player Conquering position (see the module docstring)."""
    from frontier_desktop.rules.variants import find_variant
    from frontier_desktop.rules.variants.conquering.board import controller

    variant = find_variant("conquering")
    decks = [read_deck(ROOT / "assets/decks" / name, pool) for name in CONQUERING_DECKS]
    state = variant.new_game(decks, ["Ann", "Ben", "Cat", "Dan"], seed=seed)
    chooser = random.Random(seed)
    for _ in range(20_000):
        if state.game_over or (state.turn >= turn and state.phase == "main"
                               and state.decision is None):
            break
        seat = variant.acting_seat(state)
        options = variant.legal_actions(state, seat)
        conquer = [a for a in options if a.type == "conquer"]
        onward = [a for a in options if a.type == "move" and controller(state, a.to) != seat
                  and controller(state, state.perms[a.unit].at) == seat]
        casts = [a for a in options if a.type == "cast"]
        action = (chooser.choice(conquer) if conquer else chooser.choice(onward) if onward
                  else chooser.choice(casts) if casts and chooser.random() < 0.8
                  else chooser.choice(options))
        state, _ = apply(state, action, seat, variant=variant)
    assert not state.game_over and state.phase == "main", "the bench game must be mid-game"
    return state


def wargame_mid_game(pool: BundledPool, seed: int = 5, turn: int = 20) -> tuple[Any, Any]:
    """The bench's four-player War Game position and its variant (see the module docstring)."""
    from frontier_desktop.rules.variants.wargame.variant import WarGame

    variant = WarGame()
    deck = read_deck(ROOT / "assets/decks/wargame_forest_host.txt", pool)
    state = variant.new_game([deck] * 4, ["Ann", "Ben", "Cat", "Dan"], seed=seed)
    chooser = random.Random(seed)
    for _ in range(20_000):
        if state.game_over or (state.turn >= turn and state.phase == "movement"
                               and state.decision is None):
            break
        seat = variant.acting_seat(state)
        assert seat is not None
        options = variant.legal_actions(state, seat)
        busy = [a for a in options if a.type in ("move", "cast", "heal")]
        action = chooser.choice(busy) if busy and chooser.random() < 0.7 \
            else chooser.choice(options)
        state, _ = apply(state, action, seat, variant=variant)
    assert not state.game_over and state.phase == "movement", "the bench game must be mid-game"
    return state, variant


def read_deck(path: Path, pool: BundledPool) -> list[Any]:
    """The main deck of a sample deck file as rules cards, one entry per copy."""
    result = read_deck_file(path, cards=pool)
    if not result.is_complete:
        raise ValueError(f"{path.name}: {result.problems[0]}")
    cards = []
    for entry in result.deck.entries:
        if entry.section is Section.MAIN:
            card = pool.card(entry.name)
            if card is None:
                raise ValueError(f"{path.name}: unknown card {entry.name!r}")
            cards.extend([card] * entry.count)
    return cards


def random_game(pool: BundledPool, length: int = 200, seed: int = 7) -> tuple[Any, list[Any]]:
    decks = [read_deck(ROOT / "assets/decks/frontier_bog_and_forest_walkers.txt", pool),
             read_deck(ROOT / "assets/decks/frontier_banners_of_benalia.txt", pool)]
    state, _ = new_game("frontier", decks, ["Ann", "Ben"], seed=seed)
    start = state
    chooser = random.Random(seed)
    played = []
    while len(played) < length:
        options = legal_actions(state)
        if not options:
            break
        # Prefer game actions over passing so the board fills up.
        non_pass = [a for a in options if a.type != "pass"]
        action = chooser.choice(non_pass) if non_pass and chooser.random() < 0.85 else options[-1]
        seat = state.active if state.decision is None and state.pending is None else None
        state, _ = apply(state, action, seat)
        played.append((action, seat))
    return start, played


def steps_per_second(start: Any, seconds: float = 1.5, seed: int = 11) -> float:
    """Chooser-driven ``legal_actions`` + ``apply`` steps a second from *start*."""
    chooser = random.Random(seed)
    state, steps = start, 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        options = legal_actions(state)
        if not options or state.game_over:
            state = start
            continue
        non_pass = [a for a in options if a.type != "pass"]
        action = chooser.choice(non_pass) if non_pass and chooser.random() < 0.85 \
            else options[-1]
        seat = state.active if state.decision is None and state.pending is None else None
        state, _ = apply(state, action, seat)
        steps += 1
    return steps / (time.perf_counter() - t0)


def run() -> dict[str, float]:
    pool = BundledPool.load()
    state = load_position(mid_game_position(), pool.card)
    times = []
    for _ in range(300):
        t0 = time.perf_counter()
        legal_actions(state)
        times.append(time.perf_counter() - t0)
    start, played = random_game(pool)
    apply_times = []
    for _ in range(5):
        s = start
        for action, seat in played:
            t0 = time.perf_counter()
            s, _ = apply(s, action, seat)
            apply_times.append(time.perf_counter() - t0)
    stacked = load_position(stack_position(), pool.card)
    bolt = next(a for a in legal_actions(stacked) if getattr(a, "card", "") == "Lightning Bolt"
                and a.targets and a.targets[0] == "b0")
    stacked, _ = apply(stacked, bolt, 0)
    assert stacked.stack, "the Bolt waits on the stack for Ben's answer"
    stack_times = []
    for _ in range(300):
        t0 = time.perf_counter()
        legal_actions(stacked, 1)
        stack_times.append(time.perf_counter() - t0)
    army = load_position(army_mid_game_position(), pool.card)
    army_times = []
    for _ in range(300):
        t0 = time.perf_counter()
        legal_actions(army)
        army_times.append(time.perf_counter() - t0)
    conquering = conquering_mid_game(pool)
    conquering_times = []
    for _ in range(300):
        t0 = time.perf_counter()
        legal_actions(conquering, conquering.active)
        conquering_times.append(time.perf_counter() - t0)
    from frontier_desktop.rules.actions import Pass

    moving, _ = apply(conquering, Pass(), conquering.active)
    assert moving.phase == "movement", "one pass from the main phase is the movement phase"
    moving_times = []
    for _ in range(300):
        t0 = time.perf_counter()
        legal_actions(moving, moving.active)
        moving_times.append(time.perf_counter() - t0)
    wargame, wg_variant = wargame_mid_game(pool)
    wargame_times = []
    for _ in range(300):
        t0 = time.perf_counter()
        wg_variant.legal_actions(wargame, wargame.active)
        wargame_times.append(time.perf_counter() - t0)
    return {
        "conquering_legal_actions_movement_ms": round(statistics.median(moving_times) * 1000, 3),
        "conquering_legal_actions_movement_count": len(legal_actions(moving, moving.active)),
        "wargame_legal_actions_ms": round(statistics.median(wargame_times) * 1000, 3),
        "wargame_legal_actions_count": len(wg_variant.legal_actions(wargame, wargame.active)),
        "conquering_legal_actions_ms": round(statistics.median(conquering_times) * 1000, 3),
        "conquering_legal_actions_count": len(legal_actions(conquering, conquering.active)),
        "army_legal_actions_ms": round(statistics.median(army_times) * 1000, 3),
        "army_legal_actions_count": len(legal_actions(army)),
        "rules_legal_actions_ms": round(statistics.median(times) * 1000, 3),
        "rules_legal_actions_count": len(legal_actions(state)),
        "rules_legal_actions_stack_ms": round(statistics.median(stack_times) * 1000, 3),
        "rules_legal_actions_stack_count": len(legal_actions(stacked, 1)),
        "rules_apply_ms": round(statistics.median(apply_times) * 1000, 4),
        "rules_apply_actions": len(played),
        "rules_steps_per_s": round(steps_per_second(state)),
    }


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=2))
