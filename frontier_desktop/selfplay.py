"""``frontier-desktop selfplay``: computer players play a game to the end.

    frontier-desktop selfplay --seed 3 --record game.jsonl
    frontier-desktop selfplay --variant army --seed 3     # the sample armies
    frontier-desktop selfplay --variant conquering --players 3 --seed 3
    frontier-desktop selfplay --variant wargame --players 4 --seed 11

For the Conquering (two to four players, the sample Conquering decks in turn) the bot
conquers whenever it can (95%), else casts (90%), else moves, to an area it doesn't hold when
it can (80%), blocks half the time, and otherwise passes.

For the War Game (two to four players, the sample War Game decks) the bot divides damage,
taps an attacker and discards as offered, casts (90%) what could leave its stronghold, marches
(95%) on the nearest stronghold it does not hold by a way the rules allow (islands only for
flyers and islandhome creatures), moves creatures with no way on half the time, else passes.

For Army Magic the bot prefers attacks (90%), then moves (70%), then passing, so that the
armies meet and a home base falls; a game still going after ``--turns`` turns ends with the
acting player's concession (the state is still checked and replayed).

It checks an install (the rules, the bundled pool and the sample decks work together) and
makes game records to replay. The bot is simple and aggressive: it prefers attacking, casting
and moving, so games end within a few dozen turns. The record is replayed at the end and must
reach the same final state.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from frontier_desktop import resources

PREFERENCE = ("attack", "cast", "move", "place_token", "keep", "done_attacking", "done_moving",
              "pass")
"""Action kinds the bot picks first (80% of the time), in this order."""
MAX_ACTIONS = 4000
"""A game still running after this many actions stops there (a draw by exhaustion)."""
ARMY_TURNS = 60
"""An Army bot game still going after this many turns ends with a concession."""
ARMY_SECTIONS = ("home_base", "land_grid", "initial_forces")


def pick(variant: str, options: Sequence[Any], chooser: random.Random, state: Any = None,
         seat: int = 0) -> Any:
    """The bot's choice among *options* (rules actions of one seat), from *chooser*.

    Frontier: the first kind of :data:`PREFERENCE` present 80% of the time, else a random
    kind. Army Magic: an attack 90% of the time when there is one, else a move 70%, else a
    pass half the time, else anything.
    """
    if variant == "conquering":
        return _pick_conquering(options, chooser, state, seat)
    if variant == "wargame":
        return _pick_wargame(options, chooser, state, seat)
    if variant == "army":
        pool = list(options)
        attacks = [a for a in options if a.type == "attack"]
        moves = [a for a in options if a.type == "move"]
        if attacks and chooser.random() < 0.9:
            pool = attacks
        elif moves and chooser.random() < 0.7:
            pool = moves
        elif chooser.random() < 0.5:
            pool = [a for a in options if a.type == "pass"] or pool
        return chooser.choice(pool)
    by_kind: dict[str, list[Any]] = {}
    for action in options:
        by_kind.setdefault(action.type, []).append(action)
    preferred = [k for k in PREFERENCE if k in by_kind]
    kind = (preferred[0] if preferred and chooser.random() < 0.8
            else chooser.choice(sorted(by_kind)))
    return chooser.choice(by_kind[kind])


def _pick_conquering(options: Sequence[Any], chooser: random.Random, state: Any,
                     seat: int) -> Any:
    """The Conquering's bot: conquer, cast, move onward, sometimes block, else pass."""
    by_kind: dict[str, list[Any]] = {}
    for action in options:
        by_kind.setdefault(action.type, []).append(action)
    if by_kind.get("conquer") and chooser.random() < 0.95:
        return chooser.choice(by_kind["conquer"])
    if by_kind.get("cast") and chooser.random() < 0.9:
        return chooser.choice(by_kind["cast"])
    if by_kind.get("move") and chooser.random() < 0.8:
        onward = by_kind["move"]
        if state is not None:
            from frontier_desktop.rules.variants.conquering.board import controller

            board = state.board
            onward = [m for m in onward
                      if controller(state, board.pos_from_wire(m.to_wire().get("to"))) != seat
                      ] or onward
        return chooser.choice(onward)
    if by_kind.get("block") and chooser.random() < 0.5:
        return chooser.choice(by_kind["block"])
    calm = by_kind.get("pass") or by_kind.get("done_blocking") or list(options)
    return calm[0] if chooser.random() < 0.9 else chooser.choice(list(options))


def _wargame_steps(state: Any, seat: int, flying: bool, islander: bool) -> dict[Any, int]:
    """Steps from each place to the nearest stronghold *seat* does not control, for a flyer or
    not, islandhome or not: islands only for flyers and islandhome creatures, flyers also
    diagonally (a breadth-first walk back from the targets; a place with no way is missing)."""
    from frontier_desktop.rules.variants.conquering.board import controller, land_type
    from frontier_desktop.rules.variants.wargame.board import diagonal_neighbours

    board = state.board

    def enterable(place: Any) -> bool:
        return flying or islander or not isinstance(place, tuple) \
            or land_type(state, place) != "Island"

    def around(place: Any) -> list[Any]:
        out = list(board.neighbours(place))
        if flying:
            out.extend(diagonal_neighbours(state, place))
        return out

    targets = [name for name in board.outside if controller(state, name) != seat]
    steps = {name: 0 for name in targets}
    frontier = list(targets)
    while frontier:
        nearer = []
        for place in frontier:
            for prev in around(place):  # adjacency is symmetric: walk it backwards
                if prev in steps or not (place in targets or enterable(place)):
                    continue
                steps[prev] = steps[place] + 1
                nearer.append(prev)
        frontier = nearer
    return steps


def _may_march(state: Any, seat: int, card_id: str) -> bool:
    """Whether a card cast now could go on: a creature with no way out of its stronghold (a
    ground creature behind an island) would only block the stronghold's three places."""
    from frontier_desktop.rules.variants.wargame.board import stronghold

    if state is None:
        return True
    held = [obj for obj in state.players[seat].hand if obj == card_id or state.name(obj) == card_id]
    card = state.card(held[0]) if held else None
    if card is None or not card.is_creature:
        return True
    steps = _wargame_steps(state, seat, card.has("flying"), "Island" in card.landhome)
    return stronghold(seat) in steps


def _pick_wargame(options: Sequence[Any], chooser: random.Random, state: Any, seat: int) -> Any:
    """The War Game's bot: divide, tap and discard as offered; cast (90%) what can leave its
    stronghold; march on the nearest stronghold it does not hold (95%) by a way the rules
    allow; move creatures with no way on (half the time); else pass."""
    by_kind: dict[str, list[Any]] = {}
    for action in options:
        by_kind.setdefault(action.type, []).append(action)
    for kind in ("assign", "tap_attacker", "discard", "targets", "choose"):
        if by_kind.get(kind):
            return chooser.choice(by_kind[kind])
    casts = [c for c in by_kind.get("cast") or [] if _may_march(state, seat, c.card)]
    if casts and chooser.random() < 0.9:
        return chooser.choice(casts)
    moves = by_kind.get("move") or []
    if moves and state is not None:
        from frontier_desktop.rules.variants.conquering.spells import has_keyword

        onward, stuck = [], []
        for m in moves:
            perm = state.perms.get(m.unit)
            if perm is None or perm.at is None:
                continue
            to = state.board.pos_from_wire(m.to_wire().get("to"))
            steps = _wargame_steps(state, seat, has_keyword(state, perm.id, "flying"),
                           "Island" in state.card(perm.id).landhome)
            if steps.get(to, 99) < steps.get(perm.at, 99):
                onward.append(m)
            elif perm.at not in steps:  # no way on from here: wander, and free the stronghold
                stuck.append(m)
        if onward and chooser.random() < 0.95:
            return chooser.choice(onward)
        if stuck and chooser.random() < 0.5:
            return chooser.choice(stuck)
    calm = by_kind.get("pass") or list(options)
    return calm[0] if chooser.random() < 0.97 else chooser.choice(list(options))


NAMES = ("Ann", "Ben", "Cy", "Dee")
"""The bots' names, by seat."""


def bot_game(seed: int, names: Sequence[str] = ("Ann", "Ben"), *, board_depth: int = 3,
             max_actions: int = MAX_ACTIONS, variant: str = "frontier",
             turns: int = ARMY_TURNS) -> tuple[Any, dict[str, Any], list[dict[str, Any]]]:
    """Play two sample decks against each other: ``(final state, header, actions)``.

    Frontier: the two quick-game decks. Army Magic: the sample armies (the first two in name
    order; one army plays itself when there is only one), each with its deck sections; after
    *turns* turns the acting player concedes.
    """
    from frontier_desktop.cards.pool import BundledPool
    from frontier_desktop.record import new_game
    from frontier_desktop.rules import acting_seat, apply, legal_actions
    from frontier_desktop.rules.actions import Concede

    pool = BundledPool.load()
    if variant in ("conquering", "wargame"):
        decks = [_deck(path, pool) for path in sample_paths(variant, len(names))]
        state, header = new_game(variant, decks, list(names), seed=seed)
    elif variant == "army":
        armies = [_deck_parts(path, pool) for path in sample_paths("army", 2)]
        state, header = new_game("army", [a[0] for a in armies], list(names), seed=seed,
                                 sections=[a[1] for a in armies])
    else:
        decks = [_deck(resources.decks_dir() / name, pool) for name in resources.QUICK_DECKS]
        state, header = new_game("frontier", decks, list(names), seed=seed,
                                 options={"board_depth": board_depth})
    chooser = random.Random(seed)
    lines: list[dict[str, Any]] = []
    for _ in range(max_actions):
        seat = acting_seat(state)
        if seat is None:
            break
        if variant == "army" and state.turn > turns:
            action: Any = Concede()
        else:
            options = legal_actions(state, seat)
            if not options:
                break
            action = pick(variant, options, chooser, state, seat)
        state, _ = apply(state, action, seat)
        lines.append({"seat": seat, "action": action.to_wire()})
    return state, header, lines


def sample_paths(variant: str, count: int) -> list[Path]:
    """*count* bundled sample decks of *variant* (by file name; repeated when there are
    fewer).

    Raises:
        ValueError: no sample deck of *variant*.
    """
    found = []
    for path in sorted(resources.decks_dir().glob("*.txt")):
        try:
            head = path.read_text(encoding="utf-8")[:2000]
        except OSError:
            continue
        if any(line.strip().lower().replace(" ", "") == f"//variant:{variant}"
               for line in head.splitlines()):
            found.append(path)
    if not found:
        raise ValueError(f"no sample deck for {variant}")
    return [found[i % len(found)] for i in range(count)]


def _deck(path: Path, pool: Any) -> list[Any]:
    """The main deck of a sample deck file, one rules card per copy.

    Raises:
        ValueError: the file is incomplete (a card the pool doesn't know...).
    """
    return _deck_parts(path, pool)[0]


def _deck_parts(path: Path, pool: Any) -> tuple[list[Any], dict[str, list[Any]]]:
    """``(main deck, Army sections)`` of a sample deck file, one rules card per copy.

    Raises:
        ValueError: the file is incomplete (a card the pool doesn't know...).
    """
    from frontier_desktop.decks import Section, read_deck_file

    result = read_deck_file(path, cards=pool)
    if not result.is_complete:
        raise ValueError(f"{path.name}: " + "; ".join(str(p) for p in result.problems))
    cards: list[Any] = []
    sections: dict[str, list[Any]] = {}
    for entry in result.deck.entries:
        if entry.section is Section.MAIN:
            cards += [pool.card(entry.name)] * entry.count
        elif entry.section.value in ARMY_SECTIONS:
            sections.setdefault(entry.section.value, []).extend(
                [pool.card(entry.name)] * entry.count)
    return cards, sections


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "selfplay", help="computer players play a game to the end (checks an install)",
        description="Simple computer players play the quick-game decks (or the sample "
        "armies, or two to four sample Conquering or War Game decks) against each other until the game ends, then replay the record to check it. "
        "Prints one JSON object: winner, turns, actions.")
    parser.add_argument("--variant", choices=("frontier", "army", "conquering", "wargame"),
                        default="frontier",
                        help="frontier (default), army (the sample armies), conquering "
                        "(the sample Conquering decks) or wargame (the sample War Game decks)")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2,
                        help="conquering and wargame: how many players (default 2)")
    parser.add_argument("--turns", type=int, default=ARMY_TURNS,
                        help=f"army: the acting player concedes after this many turns "
                        f"(default {ARMY_TURNS})")
    parser.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    parser.add_argument("--depth", type=int, default=3, metavar="ROWS",
                        help="board depth: rows between the armies (default 3, a short game)")
    parser.add_argument("--record", type=Path, metavar="FILE.jsonl",
                        help="also save the game record here (open it with Replay a game…)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from frontier_desktop.record import replay, write_record
    from frontier_desktop.rules import RulesError

    try:
        players = getattr(args, "players", 2) if args.variant in ("conquering", "wargame") \
            else 2
        state, header, lines = bot_game(args.seed, NAMES[:players], board_depth=args.depth,
                                        variant=args.variant, turns=args.turns)
        if replay(header, lines).to_wire() != state.to_wire():
            print("frontier-desktop selfplay: the record does not replay to the same game",
                  file=sys.stderr)
            return 1
        if args.record is not None:
            write_record(args.record, header, lines)
    except (OSError, ValueError, KeyError, RulesError) as exc:
        print(f"frontier-desktop selfplay: {exc}", file=sys.stderr)
        return 2
    names = [p["name"] for p in header["players"]]
    out = {"winner": names[state.winner] if state.winner is not None else None,
           "game_over": state.game_over, "turns": state.turn, "actions": len(lines)}
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")
    return 0
