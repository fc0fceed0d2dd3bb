"""The ``host`` and ``join`` subcommands: headless LAN play for tests and power users.

``frontier-desktop host --headless --port P [--game SAVE_OR_POSITION_FILE | --decks A B |
--deck A] [--variant V --players N --open-seats LIST] [--seed N] [--script ACTIONS.jsonl]``
serves one game; ``frontier-desktop join HOST:PORT --headless [--deck D] [--seat SEAT]
[--script ACTIONS.jsonl] [--timeout S]`` plays the guest's seat.

More than two players (the Conquering, the War Game): ``--players 3`` opens every seat but
the first to guests (``--open-seats 2,3`` chooses, at most three); the other seats are played
here, by the script (a line with ``"seat"`` acts for that seat when it is played here) or
``--bot``, which plays every seat of this computer. A guest may ask for a seat by number or
name (``--seat``).

Decks: the guest brings its own deck (``join --deck``, the second sample deck by default) and
the host plays it after checking it against the deck rules of the host's variant, unless the
host fixes both decks with ``--decks A B``. ``--deck A`` chooses only the host's own deck; its
variant is the game's (an Army deck hosts Army Magic: the guest's army crosses the wire with
its home base, land grid and initial forces, and a guest without one gets the sample army).

``--bot SEED`` plays the seat with the selfplay bot after the script, to the end of the game
(``--bot-turns N``: it concedes when it is to act after turn N).

A script is JSON Lines of action objects (``{"type": "pass"}``), each sent when its side may
act. A line may carry ``"seat"``: then it waits until that seat is acting (for a manual action
during the other player's turn); the action is always made by this program's own seat — on
the wire the seat comes from the connection, never from the message. A restarted program
skips the lines the host has already accepted from its seat.

Both print their final view as one JSON object on stdout and exit 0 when the script is done or
the game is over; on failure they print one line on stderr and exit non-zero. ``join`` exits
with status 3 when a fairness check failed (each ``FAIRNESS WARNING`` is printed on stderr),
including a game that ended without the host's audit.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from frontier_desktop.decks.loading import DeckFile, deck_checker, read_deck_parts
from frontier_desktop.jsonlines import JsonFileError, read_objects
from frontier_desktop.net.address import lan_address, parse_address
from frontier_desktop.rules import Card
from frontier_desktop.sample_decks import DEFAULT_DECKS, default_deck

FAIRNESS_FAILURE = 3
"""``join --headless`` exit status when a fairness check failed (a warning was printed)."""

END_WAIT = 600.0
"""How long a host whose game is over waits for the guest to (re)join and get the end and
the audit (``--timeout`` stops it sooner)."""

SETTLE_SECONDS = 2.0
"""A guest whose script is done leaves once the host has been quiet this long."""


class ScriptError(ValueError):
    """A script file that cannot be read."""


def refuse_illegal(path: Path | str, parts: DeckFile, args: argparse.Namespace) -> None:
    """Refuse a deck the player gave (``--deck``, ``--decks``) that breaks its variant's
    deck rules, with every reason, unless ``--play-anyway`` (the set-up screen's "Play it
    anyway" tick and the deck builder's override).

    Raises:
        ValueError: the deck is illegal and the player did not override.
    """
    if getattr(args, "play_anyway", False):
        return
    names = [card.name for card in parts.cards]
    sections = {key: [card.name for card in cards]
                for key, cards in (parts.sections or {}).items()} or None
    errors = deck_checker(None, parts.variant, points=parts.points)(names, sections)
    if errors:
        from frontier_desktop.rules import find_variant

        title = find_variant(parts.variant).title
        raise ValueError(f"{path} is not a legal deck for {title}: {'; '.join(errors)} "
                         "(--play-anyway plays it regardless)")


def read_script(path: Path) -> list[dict[str, Any]]:
    """Action lines of a script file.

    Raises:
        ScriptError: unreadable, or a line that is not a JSON object with a ``type``.
    """
    try:
        rows = read_objects(path, "a script of actions")
    except JsonFileError as exc:
        raise ScriptError(str(exc)) from None
    for number, obj in rows:
        if not isinstance(obj.get("type"), str):
            raise ScriptError(f"{path} line {number}: expected an action object with a type")
    return [obj for _, obj in rows]


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    host = subparsers.add_parser(
        "host", help="host a LAN game (headless with --headless)",
        description="Serve one LAN game on a TCP port. The guest joins with "
        "'frontier-desktop join HOST:PORT'.")
    host.add_argument("--headless", action="store_true", help="no window: serve from the terminal")
    host.add_argument("--port", type=int, default=47470, help="TCP port (default 47470)")
    host.add_argument("--bind", default="0.0.0.0", help="address to listen on (default all)")
    source = host.add_mutually_exclusive_group()
    source.add_argument("--game", type=Path, metavar="SAVE_OR_POSITION_FILE",
                        help="resume a saved game (or the LAN autosave) or start from a position")
    source.add_argument("--decks", type=Path, nargs=2, metavar=("A", "B"),
                        help="fix both decks: the host's and the guest's (the guest's own "
                        "deck is then not used)")
    source.add_argument("--deck", type=Path, metavar="A",
                        help="the host's deck (default: a sample deck); the guest brings its "
                        "own")
    host.add_argument("--variant", help="the game's variant (default: the host deck's); "
                      "e.g. conquering, wargame")
    host.add_argument("--players", type=int, default=2, choices=(2, 3, 4),
                      help="players in the game (the Conquering, the War Game: 2-4; "
                      "default 2)")
    host.add_argument("--open-seats", metavar="LIST",
                      help="the seats open to guests, numbered from 1 and separated by commas "
                      "(default: every seat but the first, at most three); the other seats "
                      "are played on this computer (hot-seat, the script or --bot)")
    host.add_argument("--play-anyway", action="store_true",
                      help="play the decks given with --deck/--decks even if they break the "
                      "variant's deck rules (they are refused with the reasons otherwise)")
    host.add_argument("--seed", type=int, help="fix the seed (no commit-reveal: for tests)")
    host.add_argument("--script", type=Path, metavar="ACTIONS.jsonl",
                      help="play the host's seat from this script (default: idle)")
    host.add_argument("--name", default="Host", help="the host player's name")
    _bot_arguments(host)
    host.add_argument("--autosave", type=Path, help="autosave file (default: in the data folder)")
    host.add_argument("--timeout", type=float, help="give up after S seconds")
    host.set_defaults(func=run_host)
    join = subparsers.add_parser(
        "join", help="join a LAN game at HOST:PORT (headless with --headless)",
        description="Join a LAN game and play the guest's seat.")
    join.add_argument("address", metavar="HOST:PORT")
    join.add_argument("--headless", action="store_true", help="no window: play from a script")
    join.add_argument("--script", type=Path, metavar="ACTIONS.jsonl",
                      help="the guest's actions, each sent when the guest may act")
    join.add_argument("--timeout", type=float, default=600.0,
                      help="give up after S seconds (default 600)")
    join.add_argument("--name", default="Guest", help="the guest player's name")
    join.add_argument("--deck", type=Path, help="the guest's deck file (default: a sample "
                      "deck); used unless the host fixed both decks")
    _bot_arguments(join)
    join.add_argument("--seat", help="ask for this seat: its number (from 1) or its "
                      "player's name (default: the first open one)")
    join.add_argument("--session", type=Path,
                      help="where the seat's token is kept for a rejoin (default: data folder)")
    join.set_defaults(func=run_join)


def _bot_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--bot", type=int, metavar="SEED",
                        help="play this seat with the selfplay bot (its choices drawn from SEED) "
                        "after the script, to the end of the game")
    parser.add_argument("--bot-turns", type=int, default=None, metavar="N",
                        help="the bot concedes when it is to act after turn N")


class _Bot:
    """The selfplay bot playing one seat over a session (``--bot``)."""

    def __init__(self, seed: int, turns: int | None) -> None:
        import random

        self.chooser = random.Random(seed)
        self.turns = turns

    def choose(self, session: Any, seat: int) -> Any:
        """The bot's next action for *seat*, or None when it has none."""
        from frontier_desktop.selfplay import pick

        view = session.view(seat)
        if self.turns is not None and int(view.get("turn", 0)) > self.turns:
            return {"type": "concede"}
        options = session.legal_actions(seat)
        if not options:
            return None
        state = getattr(session, "state", None)  # the host's own seats: the rules state
        return pick(str(view.get("variant", "frontier")), options, self.chooser,
                    state if hasattr(state, "perms") else None, seat)


def _fail(command: str, text: str, code: int = 1) -> int:
    print(f"frontier-desktop {command}: {text}", file=sys.stderr)
    return code


def _setup_logging() -> None:
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr,
                        format="%(levelname)s %(name)s: %(message)s")


def _data_dir() -> Path:
    from frontier_desktop.config import Paths

    return Paths.default().data_dir


def build_source(args: argparse.Namespace) -> Any:
    """The :class:`~frontier_desktop.net.host.GameSource` for ``host``'s arguments.

    Raises:
        ValueError: a file that is neither a record nor a position, or a bad deck.
    """
    from frontier_desktop.net.host import GameSource
    from frontier_desktop.record import FORMAT, RecordError, read_record

    players = int(getattr(args, "players", 2) or 2)
    names = [args.name, "Guest"] if players == 2 else \
        [args.name] + [f"Player {i + 1}" for i in range(1, players)]
    if args.game is not None:
        from frontier_desktop.jsonlines import read_text
        from frontier_desktop.position import read_position_document

        text = read_text(args.game, "a saved game or a position file")  # errors in words
        first = (text.lstrip().splitlines() or [""])[0]
        try:
            head = json.loads(first) if first.startswith("{") else None
        except ValueError:
            head = None
        if isinstance(head, dict) and head.get("format") == FORMAT:
            header, actions = read_record(args.game)
            return GameSource(record=(header, actions), names=names, seed=args.seed)
        position = read_position_document(args.game)  # says what the file is when not one
        from frontier_desktop.position import load_position

        load_position(position)  # raises a clear error now rather than when the guest joins
        return GameSource(position=position, names=names, seed=args.seed)
    if args.decks:  # the host fixed both decks: the guest's own deck is not used
        files = [read_deck_parts(Path(p)) for p in args.decks]
        for path, parts in zip(args.decks, files):
            refuse_illegal(path, parts, args)
        if files[0].variant != files[1].variant:
            raise ValueError(f"the two decks are for different variants ({files[0].variant} "
                             f"and {files[1].variant})")
        decks: list[list[Card] | None] = [f.cards for f in files]
        return GameSource(decks=decks, names=names, seed=args.seed, variant=files[0].variant,
                          sections=[f.sections for f in files] if files[0].sections is not None
                          else None, points=files[0].points)
    variant = getattr(args, "variant", None)
    if players > 2 or variant not in (None, "frontier", "army"):
        return _n_seat_source(args, names, variant)
    deck_path = getattr(args, "deck", None)
    if deck_path is None and variant is not None:
        deck_path = default_deck(variant, 0)
    own = read_deck_parts(Path(deck_path or DEFAULT_DECKS[0]))
    if deck_path is not None:
        refuse_illegal(deck_path, own, args)
    if variant is not None and own.variant != variant:
        raise ValueError(f"{deck_path}: a {own.variant} deck, but --variant is {variant}")
    fallback = read_deck_parts(default_deck(own.variant, 1))
    return GameSource(decks=[own.cards, None], guest_fallback=fallback.cards, names=names,
                      seed=args.seed, variant=own.variant,
                      sections=[own.sections, None] if own.sections is not None else None,
                      guest_fallback_sections=fallback.sections, points=own.points)


def _n_seat_source(args: argparse.Namespace, names: list[str], variant: str | None) -> Any:
    """The source for ``--variant``/``--players``: the host's deck (``--deck``, else the
    variant's first sample deck) for the first seat, the variant's sample decks for the
    other seats played here, and for each open seat the deck its guest brings.

    Raises:
        ValueError: an unknown variant, a number of players it does not allow, or a deck
            of another variant.
    """
    from frontier_desktop.net.host import GameSource
    from frontier_desktop.rules import find_variant

    players = len(names)
    own_path = getattr(args, "deck", None)
    if variant is None:
        variant = read_deck_parts(Path(own_path)).variant if own_path else "frontier"
    try:
        rules = find_variant(variant)
    except (KeyError, ValueError):
        raise ValueError(f"no variant called {variant!r}") from None
    low, high = getattr(rules, "min_players", 2), getattr(rules, "max_players", 2)
    if not low <= players <= high:
        raise ValueError(f"{rules.title} is played by {low} to {high} players, not {players}")
    opened = set(open_seats(args, players) or [1])
    own = read_deck_parts(Path(own_path)) if own_path else \
        read_deck_parts(default_deck(rules.name, 0))
    if own.variant != rules.name:
        try:
            what = find_variant(own.variant).title
        except (KeyError, ValueError):
            what = own.variant
        raise ValueError(f"{own_path}: a deck for {what}, but the game is {rules.title}")
    if own_path:
        refuse_illegal(own_path, own, args)
    decks: list[list[Card] | None] = []
    for seat in range(players):
        if seat in opened:
            decks.append(None)
        elif seat == 0:
            decks.append(own.cards)
        else:
            decks.append(read_deck_parts(default_deck(rules.name, seat)).cards)
    fallback = read_deck_parts(default_deck(rules.name, 1))
    return GameSource(decks=decks, guest_fallback=fallback.cards, names=names,
                      seed=args.seed, variant=rules.name)


def open_seats(args: argparse.Namespace, players: int) -> list[int] | None:
    """The seats open to guests from ``--open-seats`` (numbered from 1 on the command line),
    or None (the default: every seat but the first; at most three).

    Raises:
        ValueError: a seat that is not a number of the game, the first seat, or more than
            three seats.
    """
    text = getattr(args, "open_seats", None)
    if text is None:
        return None if players <= 2 else list(range(1, min(players, 4)))
    try:
        seats = sorted({int(part) - 1 for part in str(text).split(",") if part.strip()})
    except ValueError:
        raise ValueError(f"--open-seats: expected seat numbers like 2,3, got {text!r}") from None
    if not seats or any(not 0 <= s < players for s in seats):
        raise ValueError(f"--open-seats: seats are numbered from 1 to {players}")
    if len(seats) >= players:
        raise ValueError("--open-seats: at least one seat is played on the host's computer")
    return seats


def _script_runner(lines: list[dict[str, Any]], seat: int, skip: int
                   ) -> tuple[list[tuple[int, dict[str, Any], int]], int]:
    todo = []
    for number, line in enumerate(lines, 1):
        wait_for = line.get("seat", seat)
        action = {k: v for k, v in line.items() if k != "seat"}
        todo.append((number, action, wait_for if isinstance(wait_for, int) else seat))
    return todo[skip:], min(skip, len(todo))


def run_host(args: argparse.Namespace) -> int:
    if not args.headless:
        from frontier_desktop.launch import run_game

        return run_game(args)
    _setup_logging()
    from frontier_desktop.net.bridge import LEFT
    from frontier_desktop.net.host import HostSession
    from frontier_desktop.record import RecordError
    from frontier_desktop.rules.views import describe

    try:
        source = build_source(args)
        lines = read_script(args.script) if args.script else []
    except (ValueError, RecordError, ScriptError, OSError) as exc:
        return _fail("host", str(exc), 2)
    autosave = args.autosave or (_data_dir() / "lan-autosave.jsonl")
    from frontier_desktop.cards.pool import BundledPool

    pool = BundledPool.load()
    try:
        host = HostSession(source, autosave=autosave, resolve_card=pool.card,
                           check_deck=deck_checker(pool, source.played_variant(),
                                                  points=source.points),
                           guest_seats=open_seats(args, len(source.names)))
        port = host.listen(args.bind, args.port)
    except OSError as exc:
        from frontier_desktop.problems import serve_problem

        return _fail("host", serve_problem(args.port, exc, cli=True), 2)
    except (RecordError, ValueError) as exc:
        return _fail("host", f"cannot serve on port {args.port}: {exc}", 2)
    shown = lan_address() if args.bind in ("0.0.0.0", "") else args.bind
    print(f"your address on this network is {shown}:{port}", file=sys.stderr, flush=True)
    deadline = time.monotonic() + args.timeout if args.timeout else None
    bot = _Bot(args.bot, args.bot_turns) if args.bot is not None else None
    todo: list[tuple[int, dict[str, Any], int]] | None = None
    end_deadline: float | None = None
    code = 0
    try:
        with host.changed:
            while True:
                if host.started.is_set() and all(host.seat_status(seat).state == LEFT
                                                 for seat in host.guests):
                    break
                if host.result is not None:
                    # Over: quit once the guest has the end and the audit. A host restarted
                    # from the autosave of a finished game waits for the guest to rejoin.
                    if host.end_delivered.is_set():
                        break
                    if end_deadline is None:
                        end_deadline = time.monotonic() + END_WAIT
                    if time.monotonic() > end_deadline:
                        print("frontier-desktop host: the guest did not come back for the end "
                              "of the game", file=sys.stderr)
                        break
                if deadline is not None and time.monotonic() > deadline:
                    what = "no guest joined" if not host.started.is_set() else \
                        "the guest did not come back for the end" if host.result is not None \
                        else "game not over"
                    return _fail("host", f"timed out after {args.timeout:g} s ({what})")
                if host.started.is_set() and todo is None:
                    todo, _ = _script_runner(lines, host.host_seat, host._count(host.host_seat))
                acting = host.acting_seat() if host.started.is_set() else None
                if bot is not None and not todo and host.started.is_set() \
                        and host.result is None and acting in host.local_seats \
                        and not host.status().is_paused:
                    assert acting is not None
                    choice = bot.choose(host, acting)
                    if choice is not None:
                        result = host.submit(acting, choice)
                        if not result.ok and not result.reason.startswith("paused"):
                            return _fail("host", f"the bot's action was refused: "
                                         f"{result.reason}")
                        if not result.ok:
                            host.changed.wait(0.2)
                        continue
                if todo and host.acting_seat() == todo[0][2] and not host.status().is_paused:
                    number, action, _ = todo.pop(0)
                    # With several seats on this computer a line acts for the seat it waits
                    # for when that seat is played here (else for the host's own seat).
                    result = host.submit(_ if _ in host.local_seats else host.host_seat, action)
                    if not result.ok and result.reason.startswith("paused"):
                        todo.insert(0, (number, action, _))
                        host.changed.wait(0.2)
                        continue
                    if not result.ok:
                        return _fail("host", f"script line {number} refused: {result.reason}")
                    continue
                host.changed.wait(0.2)
        if host.result is not None:
            _wait_for(lambda: all(host.seat_status(seat).state != "connected"
                                  for seat in host.guests), 3.0)
        state = host.state
        if state is not None:
            json.dump(describe(state, viewer=host.host_seat), sys.stdout, ensure_ascii=False)
            sys.stdout.write("\n")
        return code
    finally:
        host.close()


def _wait_for(predicate: Callable[[], bool], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return predicate()


def run_join(args: argparse.Namespace) -> int:
    if not args.headless:
        from frontier_desktop.launch import run_game

        return run_game(args)
    _setup_logging()
    from frontier_desktop.net.client import GuestSession, JoinError

    try:
        address = parse_address(args.address)
        lines = read_script(args.script) if args.script else []
        parts = read_deck_parts(args.deck or DEFAULT_DECKS[1])
    except (ValueError, ScriptError) as exc:
        return _fail("join", str(exc), 2)
    session_file = args.session or (_data_dir() / f"lan-session-{address[0]}-{address[1]}.json")
    seat: int | str | None = args.seat
    if isinstance(seat, str) and seat.isdigit():
        seat = int(seat) - 1
    guest = GuestSession(address, name=args.name, deck=[c.name for c in parts.cards],
                         sections=parts.section_names(), session_file=session_file, seat=seat)
    deadline = time.monotonic() + args.timeout
    bot = _Bot(args.bot, args.bot_turns) if args.bot is not None else None
    try:
        try:
            guest.connect(timeout=args.timeout)
        except JoinError as exc:
            from frontier_desktop.problems import join_problem

            return _fail("join", join_problem(str(exc)))
        assert guest.seat is not None
        todo, _ = _script_runner(lines, guest.seat, guest.your_actions)
        seen_syncs = guest.resyncs
        with guest.changed:
            while True:
                if guest.resyncs != seen_syncs:  # after a rejoin: skip what the host has
                    seen_syncs = guest.resyncs
                    todo, _ = _script_runner(lines, guest.seat, guest.your_actions)
                if guest.refusal is not None:
                    return _fail("join", guest.refusal)
                if guest.is_over:
                    break
                if not todo and bot is not None:
                    if time.monotonic() > deadline:
                        return _fail("join", f"timed out after {args.timeout:g} s (the bot's "
                                     "game is not over)")
                    if guest.status().state == "left":
                        return _fail("join", f"the host left: {guest.status().detail}")
                    if guest.acting_seat() == guest.seat and not guest.is_paused:
                        choice = bot.choose(guest, guest.seat)
                        if choice is not None:
                            result = guest.submit(guest.seat, choice)
                            if not result.ok and not (guest.is_paused or "paused" in
                                                      result.reason or "connection" in
                                                      result.reason or "stale" in result.reason):
                                return _fail("join", f"the bot's action was refused: "
                                             f"{result.reason}")
                            continue
                    guest.changed.wait(0.2)
                    continue
                if not todo:
                    # Done when the game waits for us again, or the host has gone quiet: the
                    # host's remaining actions (to the end of the game) still reach us.
                    if guest.acting_seat() == guest.seat or \
                            time.monotonic() - guest.last_update > SETTLE_SECONDS:
                        break
                    guest.changed.wait(0.2)
                    continue
                if time.monotonic() > deadline:
                    return _fail("join", f"timed out after {args.timeout:g} s "
                                 f"({len(todo)} script lines left)")
                if guest.status().state == "left":
                    return _fail("join", f"the host left: {guest.status().detail}")
                if guest.acting_seat() == todo[0][2] and not guest.is_paused:
                    number, action, _ = todo[0]
                    result = guest.submit(guest.seat, action)
                    if result.ok:
                        todo.pop(0)
                        continue
                    if guest.is_paused or result.reason.startswith("paused") \
                            or "connection" in result.reason:
                        guest.changed.wait(0.1)
                        continue  # resent after the reconnect (the host never saw it, or a
                        # sync shows it was accepted and the skip count moves on)
                    return _fail("join", f"script line {number} refused: {result.reason}")
                guest.changed.wait(0.2)
        if guest.is_over:
            guest.wait_for_audit()  # a game that ends without an audit is a fairness failure
        if guest.unfair_board is not None:
            print(f"frontier-desktop join: note: {guest.unfair_board}", file=sys.stderr)
        warnings = guest.fairness_warnings
        for problem in warnings:
            print(f"frontier-desktop join: {problem}", file=sys.stderr)
        json.dump(guest.view(), sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
        sys.stdout.flush()
        return FAIRNESS_FAILURE if warnings else 0
    finally:
        guest.close()
