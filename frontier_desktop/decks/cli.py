"""``frontier-desktop deck check|convert``: deck lists from the command line.

``deck check FILE --variant V [--points N]`` prints every problem reading the file and every
rule the deck breaks; exit status 0 when legal, 1 when illegal (or not read completely),
2 when the input cannot be read at all (or the card pool cannot be loaded).
``deck convert IN OUT`` rewrites a deck in the format of OUT's extension (or ``--to``); it
refuses to write a deck that was not read completely.

Errors are one line on stderr, never a traceback. ``--json`` prints machine-readable output.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from frontier_desktop.decks.formats import (
    FORMATS,
    format_for_path,
    read_deck_file,
    save_deck,
)
from frontier_desktop.decks.model import DeckError, ParseResult, Severity
from frontier_desktop.decks.resolve import CardLookup
from frontier_desktop.decks.validate import VARIANTS, normalise_variant, validate_deck

EXIT_LEGAL = 0
EXIT_ILLEGAL = 1
EXIT_UNREADABLE = 2

CardSource = Callable[[argparse.Namespace], CardLookup]
"""Builds the card source for a command (tests inject an in-memory one)."""


def default_cards(args: argparse.Namespace) -> CardLookup:
    """The bundled pool plus the user's card cache when there is one, fetching the names
    neither knows from Scryfall (one request per 75) unless offline (``--offline`` or
    ``FRONTIER_OFFLINE=1``), when the check names them and says how to fetch them.

    ``--pool FILE`` picks another JSON Lines pool and leaves the cache and network out.
    """
    from frontier_desktop.cards.pool import BundledPool

    if getattr(args, "pool", None):
        return BundledPool.load(Path(args.pool))
    pool = BundledPool.load()
    from frontier_desktop.cards.cache import CardCache
    from frontier_desktop.cards.database import CardDatabase, CardSettings
    from frontier_desktop.cards.search import CardIndex
    from frontier_desktop.decks.online import OnlineCards

    settings = CardSettings.from_env(offline=True if getattr(args, "offline", False) else None)
    local: CardLookup = pool
    if (settings.cache_dir / "cards.sqlite").exists():
        try:
            local = CardIndex.build(cache=CardCache(settings.cache_dir), pool=pool)
        except Exception:  # a broken cache must not stop a deck check: the pool still answers
            local = pool
    try:
        database = CardDatabase(settings, pool=pool)
    except Exception:  # no cache folder to be had: check against what is here, offline
        return local
    return OnlineCards(local, database)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
             cards: CardSource = default_cards) -> None:
    """Add the ``deck`` subcommand (``check`` and ``convert``)."""
    deck = subparsers.add_parser("deck", help="check a deck list against a variant's rules, "
                                 "or convert it between formats",
                                 description=__doc__.split("\n\n")[1])
    sub = deck.add_subparsers(dest="deck_command", metavar="ACTION", required=True)

    check = sub.add_parser("check", help="read a deck list and check it for a variant")
    check.add_argument("file", help="the deck file (any supported format)")
    check.add_argument("--variant", required=True,
                       help=f"the variant ({', '.join(VARIANTS)})")
    check.add_argument("--points", type=int, help="Army: the agreed points total (default: the "
                       "deck's own, else 100)")
    check.add_argument("--initial-share", type=float, metavar="PERCENT",
                       help="Army: the agreed share of the points for initial forces")
    check.add_argument("--allow", action="append", default=[], metavar="CARD",
                       help="allow a card despite an overridable flag (repeatable)")
    _common(check)
    check.set_defaults(func=lambda a: _guard(a, _check, cards))

    convert = sub.add_parser("convert", help="convert a deck list to another format")
    convert.add_argument("input", help="the deck file to read")
    convert.add_argument("output", help="the file to write")
    convert.add_argument("--to", choices=sorted(FORMATS), help="output format (default: from "
                         "OUT's extension; .txt is MTGO plain text)")
    _common(convert)
    convert.set_defaults(func=lambda a: _guard(a, _convert, cards))


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--from", dest="from_format", choices=sorted(FORMATS),
                        help="input format (default: detected from content and extension)")
    parser.add_argument("--pool", help="card pool file (JSON Lines of Scryfall objects); "
                        "the card cache and Scryfall are left out")
    parser.add_argument("--offline", action="store_true",
                        help="ask Scryfall for nothing (also $FRONTIER_OFFLINE=1): unknown "
                        "names are listed with how to fetch them")
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def _guard(args: argparse.Namespace, command: Callable[..., int], cards: CardSource) -> int:
    """Run *command*; any expected failure becomes one line on stderr and exit status 2."""
    try:
        try:
            source = cards(args)
        except (OSError, ValueError) as exc:
            raise DeckError(f"cannot load the card pool: {exc}") from None
        try:
            return command(args, source, sys.stdout)
        finally:
            _close(source)
    except DeckError as exc:
        return _fail(args, str(exc))
    except ValueError as exc:  # an unknown variant
        return _fail(args, str(exc))


def _close(source: CardLookup) -> None:
    database = getattr(source, "database", None)
    close = getattr(database, "close", None)
    if callable(close):
        try:
            close()
        except Exception:  # noqa: BLE001 - closing the cache must not change the verdict
            pass


def _fail(args: argparse.Namespace, message: str) -> int:
    if getattr(args, "json", False):
        print(json.dumps({"error": message}))
    print(f"frontier-desktop deck: {message}", file=sys.stderr)
    return EXIT_UNREADABLE


def _read(args: argparse.Namespace, path: str, source: CardLookup) -> ParseResult:
    return read_deck_file(path, fmt=args.from_format, cards=source)


def _check(args: argparse.Namespace, source: CardLookup, out: TextIO) -> int:
    variant = normalise_variant(args.variant)
    result = _read(args, args.file, source)
    report = validate_deck(result.deck, variant, source, points=args.points,
                           initial_share=args.initial_share, allowed=args.allow)
    # Unknown cards are reported by both; show them once (the reading problem has the line).
    read_problems = list(result.problems)
    seen = {(p.code, p.card) for p in read_problems}
    rule_problems = [p for p in report.problems if (p.code, p.card) not in seen]
    legal = result.is_complete and report.is_legal
    if args.json:
        payload: dict[str, Any] = {
            "file": args.file, "format": result.format, "variant": variant, "legal": legal,
            "summary": report.summary, "stats": dict(report.stats),
            "read_problems": [p.to_wire() for p in read_problems],
            "problems": [p.to_wire() for p in rule_problems],
        }
        out.write(json.dumps(payload, indent=2, ensure_ascii=False) + "\n")
    else:
        deck = result.deck
        title = f"{deck.name} " if deck.name else ""
        out.write(f"{title}({args.file}, {FORMATS[result.format].title}, "
                  f"{deck.count()} cards)\n")
        if read_problems:
            out.write("Reading:\n")
            for p in read_problems:
                out.write(f"  {_mark(p.severity)} {p}\n")
        if rule_problems:
            out.write("Rules:\n")
            for p in rule_problems:
                extra = " (may be allowed with --allow)" if p.overridable and p.is_error else ""
                out.write(f"  {_mark(p.severity)} {p}{extra}\n")
        out.write(report.summary + "\n")
    return EXIT_LEGAL if legal else EXIT_ILLEGAL


def _mark(severity: Severity) -> str:
    return {Severity.ERROR: "error:", Severity.WARNING: "warning:", Severity.INFO: "note:"}[
        severity]


def _convert(args: argparse.Namespace, source: CardLookup, out: TextIO) -> int:
    fmt = args.to or format_for_path(args.output)
    if fmt is None:
        raise DeckError(f"cannot tell the output format from '{args.output}': use --to "
                        f"({', '.join(sorted(FORMATS))})")
    result = _read(args, args.input, source)
    if not result.is_complete:
        lines = [f"not converted: {len(result.errors)} problem(s) reading {args.input}:"]
        lines += [f"  {p}" for p in result.errors]
        if args.json:
            out.write(json.dumps({"converted": False, "problems": [
                p.to_wire() for p in result.problems]}, indent=2, ensure_ascii=False) + "\n")
        print("\n".join(lines), file=sys.stderr)
        return EXIT_ILLEGAL
    written = save_deck(result, args.output, fmt=fmt)
    if args.json:
        out.write(json.dumps({"converted": True, "from": result.format, "to": written,
                              "output": args.output, "cards": result.deck.count()}) + "\n")
    else:
        out.write(f"{args.input} ({FORMATS[result.format].title}) → {args.output} "
                  f"({FORMATS[written].title}), {result.deck.count()} cards\n")
    return EXIT_LEGAL


def main(argv: list[str] | None = None, cards: CardSource = default_cards) -> int:
    """Run ``deck ...`` on its own (tests; ``python -m frontier_desktop.decks.cli``)."""
    parser = argparse.ArgumentParser(prog="frontier-desktop")
    register(parser.add_subparsers(dest="command", required=True), cards)
    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
