"""``frontier-desktop cards prefetch DECKFILE``: card data and images for every card of a deck.

The command is listed under ``cards`` but lives here because it reads the deck with the one
deck reader (:func:`frontier_desktop.decks.read_deck_file`: every format and spelling that
``deck check`` reads), and the card layer (``cards/``) may not import the deck layer. The
program's command line attaches it to ``cards`` (see ``frontier_desktop.cli``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from frontier_desktop.cards.database import CardQuery
from frontier_desktop.cards.errors import CardDataError
from frontier_desktop.decks.formats import read_deck_file
from frontier_desktop.decks.model import DeckError, ParseResult
from frontier_desktop.decks.resolve import PREFETCH_HINT, other_spellings


def deck_queries(result: ParseResult) -> list[tuple[int, CardQuery]]:
    """``(count, query)`` for every entry of a read deck, in file order (every section).

    A printing (``(M10) 146``) asks for that printing; entries with only an MTGO id and no
    name are left out (Scryfall is asked by name or printing).
    """
    out: list[tuple[int, CardQuery]] = []
    for entry in result.deck.entries:
        if not entry.name:
            continue
        has_printing = bool(entry.set_code and entry.collector_number)
        out.append((entry.count, CardQuery(
            entry.name,
            entry.set_code.lower() if has_printing and entry.set_code else None,
            entry.collector_number if has_printing else None,
        )))
    return out


def register_action(actions: Any, guard: Any) -> None:
    """Add ``prefetch`` to the ``cards`` actions; *guard* runs it with a card database."""
    prefetch = actions.add_parser("prefetch", help="fetch data and images for every card of a deck")
    prefetch.add_argument("deckfile", type=Path, metavar="DECKFILE",
                          help="a deck list in any format `deck check` reads")
    prefetch.add_argument("--sizes", default="normal",
                          help="comma-separated image sizes (default: normal)")
    prefetch.set_defaults(func=guard(run_prefetch))


def run_prefetch(args: argparse.Namespace, db: Any) -> int:
    """Read the deck, fetch what the cache lacks, print one summary line.

    Exit status 0 when every card is there, 1 when a card is missing or a line could not be
    read (the cards that were read are fetched all the same).
    """
    try:
        result = read_deck_file(args.deckfile)
    except DeckError as exc:
        raise CardDataError(f"{args.deckfile}: {exc}") from None
    entries = deck_queries(result)
    for problem in result.errors:
        print(f"frontier-desktop cards: {args.deckfile}: {problem}", file=sys.stderr)
    if not entries:
        raise CardDataError(f"{args.deckfile} lists no cards")
    sizes = [s.strip() for s in args.sizes.split(",") if s.strip()] or ["normal"]
    total_cards = sum(count for count, _ in entries)
    from frontier_desktop.cards.progress import ProgressBar

    bar = ProgressBar("images")

    def progress(done: int, total: int, label: str) -> None:
        bar.update(done, total)

    report = db.prefetch([q for _, q in entries], sizes=sizes, progress=progress)
    bar.close()
    res = report.resolution
    _retry_other_spellings(db, report, sizes)
    sources: dict[str, int] = {}
    for hit in res.found.values():
        sources[hit.source] = sources.get(hit.source, 0) + 1
    print(
        f"{total_cards} cards ({len(res.found) + len(res.missing)} distinct): "
        + ", ".join(f"{n} from {s}" for s, n in sorted(sources.items()))
        + f"; images: {report.images_ready} ready, {report.images_downloaded} downloaded, "
        f"{report.images_failed} unavailable; {report.requests} requests"
    )
    for message in res.messages:
        print(f"frontier-desktop cards: {message}", file=sys.stderr)
    if res.missing:
        print("missing: " + ", ".join(res.missing), file=sys.stderr)
        if db.is_offline:
            print("frontier-desktop cards: "
                  + PREFETCH_HINT.format(file=args.deckfile).capitalize(), file=sys.stderr)
        return 1
    return 1 if result.errors else 0


def _retry_other_spellings(db: Any, report: Any, sizes: list[str]) -> None:
    """Ask again, in one more request, for missing names that have another spelling
    (``Fire & Ice`` → ``Fire // Ice``), and count what is found as found."""
    res = report.resolution
    retry = {other: name for name in res.missing for other in other_spellings(name)}
    if not retry or db.is_offline:
        return
    again = db.prefetch(list(retry), sizes=sizes)
    for other, hit in again.resolution.found.items():
        name = retry[str(other)]
        res.found[name] = hit
        res.missing.remove(name)
    report.images_ready += again.images_ready
    report.images_downloaded += again.images_downloaded
    report.images_failed += again.images_failed
    report.requests += again.requests
    found = set(retry[str(o)] for o in again.resolution.found)
    res.messages[:] = [m for m in res.messages if not m.startswith("Scryfall has no card")]
    still = [n for n in res.missing if n not in found]
    if still and not db.is_offline:
        res.messages.append("Scryfall has no card named: " + ", ".join(still))
