"""``frontier-desktop cards …``: look up, search, prefetch, import and manage card data.

Global flags of the ``cards`` subcommand: ``--cache-dir DIR`` (else ``FRONTIER_CACHE_DIR``,
else the platform cache folder) and ``--offline`` (else ``FRONTIER_OFFLINE``). The API base is
``FRONTIER_SCRYFALL_API``. Errors print one line on stderr and exit non-zero, never a traceback.
``prefetch`` reads deck lists, so it lives in :mod:`frontier_desktop.decks.prefetch` and the
program's command line attaches it here; run ``python -m frontier_desktop cards ...``.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from frontier_desktop.cards.bulk import iter_bulk_cards, pick_bulk_file
from frontier_desktop.cards.errors import (
    AmbiguousCardError,
    CardDataError,
    ImportInterrupted,
    NetworkError,
)
from frontier_desktop.cards.progress import ProgressBar
from frontier_desktop.problems import network_problem

def register(subparsers: Any) -> Any:
    """Add the ``cards`` subcommand to the program's parser.

    Returns:
        Its actions (an argparse subparsers object), so that the program can attach actions
        that live in other layers: ``cards prefetch`` reads deck lists, which this layer may
        not import (it lives in :mod:`frontier_desktop.decks.prefetch`).
    """
    parser = subparsers.add_parser(
        "cards",
        help="card data: look up, search, prefetch a deck, import Scryfall bulk data",
        description="Card data from the bundled pool, the local cache and Scryfall.",
    )
    parser.add_argument("--cache-dir", type=Path, default=None,
                        help="cache folder (default: $FRONTIER_CACHE_DIR or the user cache dir)")
    parser.add_argument("--offline", action="store_true", default=None,
                        help="make no network request (also $FRONTIER_OFFLINE=1)")
    sub = parser.add_subparsers(dest="cards_command", metavar="ACTION", required=True)

    get = sub.add_parser("get", help="print cards: oracle text, type, P/T, and the data source")
    get.add_argument("names", nargs="+", metavar="NAME")
    get.set_defaults(func=guard(_cmd_get))

    search = sub.add_parser("search", help="search the local cache (or Scryfall with --online)")
    search.add_argument("query", nargs="+", metavar="QUERY",
                        help="name words, t:TYPE, c:COLOURS, o:TEXT (Scryfall syntax with --online)")
    search.add_argument("--online", action="store_true", help="use Scryfall's search")
    search.add_argument("--limit", type=int, default=100)
    search.set_defaults(func=guard(_cmd_search))

    info = sub.add_parser("cache-info", help="where the cache is and what it holds")
    info.set_defaults(func=guard(_cmd_cache_info))

    clear = sub.add_parser("cache-clear", help="delete the cached card data and images")
    clear.add_argument("--images-only", action="store_true", help="keep the card data")
    clear.set_defaults(func=guard(_cmd_cache_clear))

    bulk = sub.add_parser("import-bulk", help="index a Scryfall bulk file for offline use")
    bulk.add_argument("file", nargs="?", type=Path, metavar="FILE",
                      help="a downloaded oracle_cards/default_cards file (.json, .jsonl, .gz)")
    bulk.add_argument("--download", action="store_true",
                      help="download the current bulk file (read from /bulk-data) first")
    bulk.add_argument("--type", default="oracle_cards", dest="bulk_type",
                      help="bulk file type for --download (default: oracle_cards)")
    bulk.set_defaults(func=guard(_cmd_import_bulk))
    return sub


def guard(command: Callable[[argparse.Namespace, Any], int]) -> Callable[[argparse.Namespace], int]:
    """Run *command* with a CardDatabase; turn every failure into one line on stderr.

    The wrapper every ``cards`` action runs in, those attached from other layers too.
    """

    def run(args: argparse.Namespace) -> int:
        from frontier_desktop.cards.database import CardDatabase, CardSettings

        db = None
        try:
            db = CardDatabase(CardSettings.from_env(cache_dir=args.cache_dir, offline=args.offline))
            code = command(args, db)
            _print_notices(db)
            return code
        except (KeyboardInterrupt, ImportInterrupted) as exc:
            print(f"frontier-desktop cards: {exc or 'interrupted'}", file=sys.stderr)
            return 130
        except NetworkError as exc:  # one line: what happened and what to do
            if db is not None:
                db.cache.notices.clear()
                db.notices.clear()
            print(f"frontier-desktop cards: {network_problem(str(exc))}", file=sys.stderr)
            return 1
        except (CardDataError, OSError) as exc:
            if db is not None:
                _print_notices(db)
            print(f"frontier-desktop cards: error: {exc}", file=sys.stderr)
            return 1
        except Exception as exc:  # noqa: BLE001 - the CLI boundary: one line, no traceback
            print(f"frontier-desktop cards: unexpected error: {type(exc).__name__}: {exc}",
                  file=sys.stderr)
            return 1
        finally:
            if db is not None:
                try:
                    db.close()
                except Exception:  # noqa: BLE001
                    pass

    return run


def _print_notices(db: Any) -> None:
    for message in dict.fromkeys(db.cache.notices + db.notices):
        print(f"frontier-desktop cards: {message}", file=sys.stderr)
    db.cache.notices.clear()
    db.notices.clear()


def _cmd_get(args: argparse.Namespace, db: Any) -> int:
    code = 0
    for index, name in enumerate(args.names):
        try:
            hit = db.find(name)
        except AmbiguousCardError as exc:
            print(f"frontier-desktop cards: {exc}", file=sys.stderr)
            code = 1
            continue
        except CardDataError as exc:
            print(f"frontier-desktop cards: {exc}", file=sys.stderr)
            code = 1
            continue
        if index:
            print()
        print(hit.card.describe())
        stale = " (stale, refreshing)" if hit.is_stale else ""
        print(f"[source: {hit.source}{stale}]")
    return code


def _cmd_search(args: argparse.Namespace, db: Any) -> int:
    query = " ".join(args.query)
    hits = db.search_online(query) if args.online else db.search_local(query, limit=args.limit)
    for hit in hits[: args.limit]:
        card = hit.card
        cost = card.raw.get("mana_cost") or (card.faces[0].mana_cost if card.faces else "")
        type_line = card.raw.get("type_line") or (card.faces[0].type_line if card.faces else "")
        print(f"{card.name}  {cost}  — {type_line}  [{hit.source}]".replace("   —", "  —"))
    if not hits:
        print("no card matches", file=sys.stderr)
        return 1
    return 0


def _cmd_cache_info(args: argparse.Namespace, db: Any) -> int:
    info = db.cache.info()
    print(f"cache folder: {info.path}")
    print(f"cards: {info.cards} ({info.database_bytes / 1e6:.1f} MB index)")
    print(f"images: {info.images} ({info.image_bytes / 1e6:.1f} MB)")
    print(f"last bulk import: {info.last_bulk_import or 'never'}")
    print(f"bundled pool: {len(db.pool)} cards")
    print(f"offline: {'yes' if db.is_offline else 'no'}; API: {db.settings.api_base}")
    return 0


def _cmd_cache_clear(args: argparse.Namespace, db: Any) -> int:
    db.cache.clear(images_only=args.images_only)
    print("cleared cached images" if args.images_only else f"cleared {db.cache.root}")
    return 0


def _cmd_import_bulk(args: argparse.Namespace, db: Any) -> int:
    if args.download == (args.file is not None):
        raise CardDataError("give either a FILE or --download")
    downloaded: Path | None = None
    path = args.file
    if args.download:
        if db.is_offline:
            raise CardDataError("offline: --download needs the network")
        url = pick_bulk_file(db.client.bulk_data(), args.bulk_type)
        name = re.sub(r"[^A-Za-z0-9._-]", "_", url.rsplit("/", 1)[-1].split("?")[0]) or "bulk"
        downloaded = db.cache.root / "bulk" / name
        bar = ProgressBar("download", unit="bytes")
        try:
            db.client.download(url, downloaded, check_image=False,
                               progress=lambda done, total: bar.update(done, total))
        except BaseException:
            bar.abort()
            raise
        bar.close()
        path = downloaded
    assert path is not None
    if not path.is_file():
        raise CardDataError(f"no such file: {path}")
    size = path.stat().st_size
    consumed = [0]
    bar = ProgressBar("import", size, unit="bytes")
    try:
        count = db.cache.bulk_import(
            iter_bulk_cards(path, progress_bytes=consumed),
            progress=lambda n: bar.update(consumed[0], extra=f"{n} cards"),
        )
        bar.update(size, extra=f"{count} cards")
        bar.close()
    except BaseException:
        bar.abort()
        raise
    finally:
        if downloaded is not None:
            downloaded.unlink(missing_ok=True)
    print(f"indexed {count} cards into {db.cache.db_path}")
    return 0
