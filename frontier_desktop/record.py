"""Game records: a JSON Lines file that replays a game exactly, and the ``replay`` command.

Line 1 is the header::

    {"format": "frontier-record/1", "variant": "frontier", "options": {...}, "seed": 42,
     "players": [{"name": "Ann", "deck": ["Forest", ...]}, ...],
     "cards": {"Forest": {scryfall card object}, ...}}

(or, for a game started from a position file, ``"position": {...}`` instead of decks); every
further line is one accepted action: ``{"seat": 0, "action": {"type": "move", ...}}``. The
header carries the card data, so a record replays on a machine without the same cache.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from frontier_desktop import __version__
from frontier_desktop.jsonlines import KNOWN_FORMATS, JsonFileError, quoted, read_objects
from frontier_desktop.rules import Card, GameState, RulesError, apply, find_variant
from frontier_desktop.rules.errors import InvalidPositionError
from frontier_desktop.rules.views import describe

FORMAT = "frontier-record/1"


class RecordError(ValueError):
    """A record file that can't be read or doesn't replay; the message says where."""


def new_game(variant: str, decks: Sequence[Sequence[Card]], names: Sequence[str], *,
             seed: int | str = 0, options: Mapping[str, Any] | None = None,
             sections: Sequence[Mapping[str, Sequence[Card]]] | None = None
             ) -> tuple[GameState, dict[str, Any]]:
    """Start a game from decks and return it with its record header.

    *sections* (Army Magic: ``home_base``, ``land_grid``, ``initial_forces`` per player) are
    passed to the variant and kept in the header beside each deck.
    """
    rules = find_variant(variant)
    state = rules.new_game(decks, names, seed=seed, options=options, sections=sections)
    cards: dict[str, Any] = {}
    for deck in [*decks, *(c for s in sections or () for c in s.values())]:
        for card in deck:
            cards.setdefault(card.name, card.to_scryfall())
    players: list[dict[str, Any]] = [{"name": n, "deck": [c.name for c in d]}
                                     for n, d in zip(names, decks)]
    for player, parts in zip(players, sections or ()):
        player["sections"] = {k: [c.name for c in v] for k, v in parts.items()}
    header = {
        "format": FORMAT, "program": f"frontier-desktop {__version__}", "variant": rules.name,
        "options": dict(state.options), "seed": seed, "players": players, "cards": cards,
    }
    return state, header


def position_header(position: Mapping[str, Any]) -> dict[str, Any]:
    """The record header of a game that starts from a position document."""
    return {"format": FORMAT, "program": f"frontier-desktop {__version__}",
            "variant": position.get("variant", "frontier"), "position": dict(position)}


SAVED_GAME = "a Frontier Desktop saved game"


def format_problem(header: Mapping[str, Any]) -> str | None:
    """Why a first line is not a record header we read, in a player's words (None: it is)."""
    fmt = header.get("format")
    if fmt == FORMAT:
        return None
    if isinstance(fmt, str) and fmt.startswith("frontier-record/"):
        return "it was saved by another version of Frontier Desktop and can't be opened by this one"
    if isinstance(fmt, str) and fmt.startswith("frontier-position/"):
        return ("it is a position file, not a saved game (open it with Open position, or "
                "the position command)")
    if isinstance(fmt, str) and fmt.split("/")[0] in KNOWN_FORMATS:
        return f"it is {KNOWN_FORMATS[fmt.split('/')[0]]}, not a saved game"
    return "it isn't a Frontier Desktop saved game (it looks like a JSON file of another kind)"


def initial_state(header: Mapping[str, Any]) -> GameState:
    """The state a record starts from.

    Raises:
        RecordError: the header is not a valid record header (the message, a player's words,
            says what is wrong with it).
    """
    problem = format_problem(header)
    if problem:
        raise RecordError(problem[:1].upper() + problem[1:] + ".")
    if "position" in header:
        from frontier_desktop.position import load_position

        try:
            return load_position(header["position"])
        except InvalidPositionError as exc:
            raise RecordError(f"The game's starting position (line 1) is damaged: {exc}.") from None
    try:
        cards = {name: Card.from_scryfall(obj) for name, obj in header["cards"].items()}
        decks = [[cards[name] for name in p["deck"]] for p in header["players"]]
        names = [p["name"] for p in header["players"]]
        sections = [{k: [cards[n] for n in v] for k, v in p["sections"].items()}
                    for p in header["players"]] if any(
                        "sections" in p for p in header["players"]) else None
        rules = find_variant(header["variant"])
        return rules.new_game(decks, names, seed=header["seed"], options=header.get("options"),
                              sections=sections)
    except KeyError as exc:
        what = {"cards": "the card data", "players": "the players", "deck": "a deck",
                "name": "a player's name", "variant": "the variant", "seed": "the shuffle seed"}
        missing = what.get(str(exc.args[0]) if exc.args else "", f"the card {exc}")
        raise RecordError(f"The game's set-up (line 1) is damaged: {missing} is missing.") from None
    except (TypeError, AttributeError):
        raise RecordError("The game's set-up (line 1) is damaged: a field has the wrong "
                          "kind of value.") from None
    except (RulesError, ValueError) as exc:
        raise RecordError(f"The game's set-up (line 1) can't be used: {exc}.") from None


def write_record(path: Path, header: Mapping[str, Any], actions: Sequence[Mapping[str, Any]]) -> None:
    """Write a record atomically (temporary file, fsync, rename)."""
    import os
    import tempfile

    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(json.dumps(header, ensure_ascii=False) + "\n")
            for line in actions:
                handle.write(json.dumps(line, ensure_ascii=False) + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read_record(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """``(header, action lines)`` of a record file.

    Raises:
        RecordError: unreadable, not a saved game, or damaged; one sentence in a player's
            words that names the file (see :mod:`frontier_desktop.jsonlines`).
    """
    try:
        rows = read_objects(path, SAVED_GAME)
    except JsonFileError as exc:
        raise RecordError(str(exc)) from None
    if not rows:
        raise RecordError(f"{quoted(path)} is empty, so it isn't {SAVED_GAME}.")
    (_, header), actions = rows[0], rows[1:]
    problem = format_problem(header)
    if problem:
        raise RecordError(f"{quoted(path)} can't be opened: {problem}.")
    for number, row in actions:
        if not isinstance(row.get("seat"), int) or not isinstance(row.get("action"), dict):
            raise RecordError(f"{quoted(path)} is damaged at line {number} and can't be opened; "
                              "the file was left as it is.")
    return header, [row for _, row in actions]


def replay(header: Mapping[str, Any], actions: Sequence[Mapping[str, Any]],
           upto: int | None = None) -> GameState:
    """The state after the first *upto* actions (all by default).

    Raises:
        RecordError: an action that doesn't replay (the message gives its line).
    """
    state = initial_state(header)
    for i, line in enumerate(actions[:upto] if upto is not None else actions):
        try:
            state, _ = apply(state, line["action"], line["seat"])
        except RulesError as exc:
            raise RecordError(f"The action at line {i + 2} can't be replayed ({exc}).") from None
    return state


def load_record(path: Path, upto: int | None = None
                ) -> tuple[dict[str, Any], list[dict[str, Any]], GameState]:
    """Read a record file and replay it: ``(header, action lines, state)``.

    Raises:
        RecordError: one sentence naming the file: why it can't be read, or where it stops
            replaying (the file is never changed).
    """
    header, actions = read_record(path)
    try:
        state = replay(header, actions, upto)
    except RecordError as exc:
        raise RecordError(f"{quoted(path)} can't be opened: {str(exc)[:1].lower()}{str(exc)[1:]}"
                          ) from None
    return header, actions, state


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser("replay", help="replay a game record and print the final state",
                                   description="Replay a game record (JSON Lines) and print the "
                                   "final state as one JSON object.")
    parser.add_argument("file", type=Path)
    parser.add_argument("--view", metavar="N", help="print player N's view")
    parser.add_argument("--reveal", action="store_true", help="print face-down lands too")
    parser.add_argument("--upto", type=int, metavar="K", help="stop after K actions")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from frontier_desktop.position import view_argument

    try:
        view = view_argument(args.view)
        header, actions, state = load_record(args.file, args.upto)
        if view is not None and not 0 <= view < len(state.players):
            raise RecordError(f"--view {view}: there are {len(state.players)} players")
        out = describe(state, viewer=view, reveal=args.reveal and view is None)
        out["actions"] = len(actions) if args.upto is None else min(args.upto, len(actions))
    except (RecordError, RulesError, OSError, ValueError) as exc:
        print(f"frontier-desktop replay: {exc}", file=sys.stderr)
        return 2
    json.dump(out, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0
