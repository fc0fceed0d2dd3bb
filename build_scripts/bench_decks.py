"""Deck-builder figures: search-as-you-type over a 35,000-card imported cache.

    python build_scripts/bench.py decks
    python build_scripts/bench_decks.py

* ``decks_search_ms``: median time of one search-as-you-type query (the deck builder's
  :class:`frontier_desktop.cards.search.CardIndex`) over the bundled pool plus a cache holding
  35,000 cards imported from a generated ``oracle_cards``-shaped file by the real bulk
  importer. The queries are what a player types letter by letter (``s``, ``se``, ``ser``...),
  plus filters (``t:creature mv<=3``, ``o:flying c:w``...). Target <= 30 ms.
* ``decks_search_p95_ms``: the 95th percentile of the same timings.
* ``decks_index_build_s``: building that index once (done on a background thread when the
  builder opens; the builder searches the pool alone until it is ready).
* ``decks_search_local_ms``: the same queries through ``CardDatabase.search_local`` (SQLite
  ``LIKE`` plus a parse of every pool card per query): the path the index replaced, kept as
  the "before" figure.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for p in (str(ROOT), str(HERE)):
    if p not in sys.path:
        sys.path.insert(0, p)

TARGETS: dict[str, object] = {"decks_search_ms": "<= 30"}

TYPED = ("serra angel", "bench card 12", "lightning", "giant")
FILTERS = ("t:creature mv<=3", "o:flying c:w", "c:g t:giant", "r:rare", "o:\"draw a card\"",
           "-t:land mv>=5", "wurm o:trample")


def _queries() -> list[str]:
    out: list[str] = []
    for phrase in TYPED:
        out.extend(phrase[:i] for i in range(1, len(phrase) + 1))
    out.extend(FILTERS)
    return out


def _import_cache(work: Path) -> Path:
    """A cache folder holding 35,000 generated cards, imported by the real bulk importer."""
    from bench_cards import BULK_CARDS, _write_bulk

    from frontier_desktop.cards.bulk import iter_bulk_cards
    from frontier_desktop.cards.cache import CardCache

    bulk = work / "oracle-cards.json"
    _write_bulk(bulk)
    cache_dir = work / "cache"
    with CardCache(cache_dir) as cache:
        count = cache.bulk_import(iter_bulk_cards(bulk))
    assert count == BULK_CARDS, count
    bulk.unlink()
    return cache_dir


def _time(fn, queries: list[str], rounds: int) -> list[float]:  # type: ignore[no-untyped-def]
    timings = []
    for _ in range(rounds):
        for q in queries:
            start = time.perf_counter()
            fn(q)
            timings.append((time.perf_counter() - start) * 1000)
    return timings


def run() -> dict[str, float]:
    """Import the cache (about 20-40 s), then time the queries."""
    from frontier_desktop.cards.database import CardDatabase, CardSettings
    from frontier_desktop.cards.pool import BundledPool
    from frontier_desktop.cards.search import CardIndex

    with tempfile.TemporaryDirectory(prefix="bench-decks-") as folder:
        cache_dir = _import_cache(Path(folder))
        pool = BundledPool.load()
        db = CardDatabase(CardSettings(cache_dir, "http://127.0.0.1:9", offline=True),
                          pool=pool)
        start = time.perf_counter()
        index = CardIndex.build(cache=db.cache, pool=pool)
        build_s = time.perf_counter() - start
        assert len(index) >= 35_000, len(index)
        assert index.search("serra angel")[0].name == "Serra Angel"
        assert index.search("bench card 12")
        queries = _queries()
        timings = _time(lambda q: index.search(q, limit=300), queries, 5)
        before = _time(lambda q: db.search_local(q, limit=300), queries, 1)
        db.close()
    timings.sort()
    return {
        "decks_search_ms": round(statistics.median(timings), 2),
        "decks_search_p95_ms": round(timings[int(len(timings) * 0.95)], 2),
        "decks_search_max_ms": round(timings[-1], 2),
        "decks_index_build_s": round(build_s, 2),
        "decks_search_local_ms": round(statistics.median(before), 2),
        "decks_search_queries": float(len(queries)),
    }


if __name__ == "__main__":
    print(json.dumps(run(), indent=2, sort_keys=True))
