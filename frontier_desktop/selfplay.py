"""``frontier-desktop selfplay``: two computer players play a Frontier game to the end.

    frontier-desktop selfplay --seed 3 --record game.jsonl

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


def bot_game(seed: int, names: Sequence[str] = ("Ann", "Ben"), *, board_depth: int = 3,
             max_actions: int = MAX_ACTIONS) -> tuple[Any, dict[str, Any], list[dict[str, Any]]]:
    """Play the two quick-game decks against each other: ``(final state, header, actions)``."""
    from frontier_desktop.cards.pool import BundledPool
    from frontier_desktop.record import new_game
    from frontier_desktop.rules import acting_seat, apply, legal_actions

    pool = BundledPool.load()
    decks = [_deck(resources.decks_dir() / name, pool) for name in resources.QUICK_DECKS]
    state, header = new_game("frontier", decks, list(names), seed=seed,
                             options={"board_depth": board_depth})
    chooser = random.Random(seed)
    lines: list[dict[str, Any]] = []
    for _ in range(max_actions):
        seat = acting_seat(state)
        if seat is None:
            break
        by_kind: dict[str, list[Any]] = {}
        for action in legal_actions(state, seat):
            by_kind.setdefault(action.type, []).append(action)
        if not by_kind:
            break
        preferred = [k for k in PREFERENCE if k in by_kind]
        kind = (preferred[0] if preferred and chooser.random() < 0.8
                else chooser.choice(sorted(by_kind)))
        action = chooser.choice(by_kind[kind])
        state, _ = apply(state, action, seat)
        lines.append({"seat": seat, "action": action.to_wire()})
    return state, header, lines


def _deck(path: Path, pool: Any) -> list[Any]:
    """The main deck of a sample deck file, one rules card per copy.

    Raises:
        ValueError: the file is incomplete (a card the pool doesn't know...).
    """
    from frontier_desktop.decks import Section, read_deck_file

    result = read_deck_file(path, cards=pool)
    if not result.is_complete:
        raise ValueError(f"{path.name}: " + "; ".join(str(p) for p in result.problems))
    cards: list[Any] = []
    for entry in result.deck.entries:
        if entry.section is Section.MAIN:
            cards += [pool.card(entry.name)] * entry.count
    return cards


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "selfplay", help="two computer players play a game to the end (checks an install)",
        description="Two simple computer players play the quick-game decks against each other "
        "until the game ends, then replay the record to check it. Prints one JSON object: "
        "winner, turns, actions.")
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
        state, header, lines = bot_game(args.seed, board_depth=args.depth)
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
