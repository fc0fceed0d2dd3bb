"""Card-data figures: prefetch against the fake Scryfall, cached look-ups, bulk import.

    python build_scripts/bench.py cards

* ``cards_prefetch_requests``: API requests to prefetch a 60-card deck of 25 distinct cards
  (images are counted apart in ``cards_prefetch_image_requests``).
* ``cards_prefetch_s``: that prefetch, data and ``normal`` images, against the fake server
  with 50 ms of latency injected on every request (real rate limiter, real clock).
* ``cards_lookup_us``: median look-up by name in a cache holding the 35,000 imported cards.
* ``cards_bulk_import_s`` / ``cards_bulk_import_peak_mb``: import of a generated 35,000-card
  ``oracle_cards``-shaped JSON array (≈ 140 MB, the older and harder format to stream) by a
  subprocess; its peak RSS is read with ``getrusage(RUSAGE_CHILDREN)``.
"""

from __future__ import annotations

import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

BULK_CARDS = 35_000

TARGETS: dict[str, object] = {
    "cards_prefetch_requests": "<= 1 (one /cards/collection request for 25 distinct cards)",
    "cards_bulk_import_s": "<= 60",
    "cards_bulk_import_peak_mb": "<= 250",
}

_FORMATS = ("standard", "future", "historic", "timeless", "gladiator", "pioneer", "explorer",
            "modern", "legacy", "pauper", "vintage", "penny", "commander", "oathbreaker",
            "standardbrawl", "brawl", "alchemy", "paupercommander", "duel", "oldschool",
            "premodern", "predh")
_WORDS = ("target", "creature", "gets", "until", "end", "of", "turn", "draw", "a", "card",
          "each", "opponent", "loses", "life", "you", "control", "flying", "trample", "deals",
          "damage", "to", "any", "return", "battlefield", "graveyard", "exile", "counter")


def _oracle_card(i: int, rng: random.Random) -> dict[str, Any]:
    """One card in the shape (and roughly the size) of an ``oracle_cards`` entry."""
    card_id = str(uuid.UUID(int=rng.getrandbits(128), version=4))
    name = f"Bench Card {i:05d} " + rng.choice(("Giant", "Elf", "Wurm", "Angel", "Bolt"))
    text = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(10, 60))).capitalize() + "."
    image = lambda size, ext="jpg": (
        f"https://cards.scryfall.io/{size}/front/{card_id[0]}/{card_id[1]}/{card_id}.{ext}"
        "?1562000000"
    )
    return {
        "object": "card", "id": card_id, "oracle_id": str(uuid.uuid4()),
        "multiverse_ids": [rng.randint(1, 600000)], "mtgo_id": rng.randint(1, 99999),
        "tcgplayer_id": rng.randint(1, 99999), "cardmarket_id": rng.randint(1, 99999),
        "name": name, "lang": "en", "released_at": "2020-01-01",
        "uri": f"https://api.scryfall.com/cards/{card_id}",
        "scryfall_uri": f"https://scryfall.com/card/tst/{i}/bench-card?utm_source=api",
        "layout": "normal", "highres_image": True, "image_status": "highres_scan",
        "image_uris": {"small": image("small"), "normal": image("normal"),
                       "large": image("large"), "png": image("png", "png"),
                       "art_crop": image("art_crop"), "border_crop": image("border_crop")},
        "mana_cost": "{2}{G}", "cmc": 3.0, "type_line": "Creature — Giant", "oracle_text": text,
        "power": str(rng.randint(0, 8)), "toughness": str(rng.randint(1, 8)),
        "colors": ["G"], "color_identity": ["G"], "keywords": ["Trample"],
        "legalities": {f: rng.choice(("legal", "not_legal")) for f in _FORMATS},
        "games": ["paper", "mtgo"], "reserved": False, "foil": True, "nonfoil": True,
        "finishes": ["nonfoil", "foil"], "oversized": False, "promo": False, "reprint": True,
        "variation": False, "set_id": str(uuid.uuid4()), "set": "tst", "set_name": "Test Set",
        "set_type": "expansion", "set_uri": "https://api.scryfall.com/sets/" + str(uuid.uuid4()),
        "set_search_uri": "https://api.scryfall.com/cards/search?order=set&q=e%3Atst&unique=prints",
        "scryfall_set_uri": "https://scryfall.com/sets/tst?utm_source=api",
        "rulings_uri": f"https://api.scryfall.com/cards/{card_id}/rulings",
        "prints_search_uri": "https://api.scryfall.com/cards/search?order=released&q=oracleid"
                             "%3A0&unique=prints",
        "collector_number": str(i), "digital": False, "rarity": "common",
        "flavor_text": " ".join(rng.choice(_WORDS) for _ in range(rng.randint(0, 25))),
        "card_back_id": "0aeebaf5-8c7d-4636-9e82-8c27447861f7",
        "artist": "Bench Artist", "artist_ids": [str(uuid.uuid4())],
        "illustration_id": str(uuid.uuid4()), "border_color": "black", "frame": "2015",
        "full_art": False, "textless": False, "booster": True, "story_spotlight": False,
        "edhrec_rank": i, "penny_rank": i,
        "prices": {"usd": "0.25", "usd_foil": "1.10", "usd_etched": None, "eur": "0.20",
                   "eur_foil": "0.90", "tix": "0.03"},
        "related_uris": {"gatherer": "https://gatherer.wizards.com/Pages/Card/Details.aspx?"
                                     "multiverseid=1",
                         "tcgplayer_infinite_articles": "https://tcgplayer.pxf.io/c/4931599/"
                                                        "1830156/21018?subId1=api",
                         "edhrec": "https://edhrec.com/route/?cc=Bench+Card"},
        "purchase_uris": {"tcgplayer": "https://tcgplayer.pxf.io/c/4931599/1830156/21018",
                          "cardmarket": "https://www.cardmarket.com/en/Magic/Products/Search",
                          "cardhoarder": "https://www.cardhoarder.com/cards/1"},
    }


def _write_bulk(path: Path) -> int:
    rng = random.Random(20260101)
    with path.open("w", encoding="utf-8") as handle:
        handle.write("[\n")
        for i in range(BULK_CARDS):
            if i:
                handle.write(",\n")
            handle.write(json.dumps(_oracle_card(i, rng), ensure_ascii=False))
        handle.write("\n]\n")
    return path.stat().st_size


_CHILD = """
import json, sys, time
from pathlib import Path
from frontier_desktop.cards.bulk import iter_bulk_cards
from frontier_desktop.cards.cache import CardCache
start = time.perf_counter()
with CardCache(Path(sys.argv[2])) as cache:
    count = cache.bulk_import(iter_bulk_cards(Path(sys.argv[1])))
print(json.dumps({"count": count, "seconds": time.perf_counter() - start}))
"""


def _bench_bulk(work: Path) -> tuple[dict[str, float], Path]:
    path = work / "oracle-cards.json"
    size = _write_bulk(path)
    cache_dir = work / "bulk-cache"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "-c", _CHILD, str(path), str(cache_dir)],
                            check=True, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - start
    child = json.loads(result.stdout)
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    assert child["count"] == BULK_CARDS, child
    path.unlink()
    return {
        "cards_bulk_import_s": round(wall, 2),
        "cards_bulk_import_cards": float(BULK_CARDS),
        "cards_bulk_import_file_mb": round(size / 1e6, 1),
        "cards_bulk_import_peak_mb": round(peak_kb / 1024, 1),
    }, cache_dir


def _bench_lookup(cache_dir: Path) -> dict[str, float]:
    from frontier_desktop.cards.database import CardDatabase, CardSettings
    from frontier_desktop.cards.pool import BundledPool

    db = CardDatabase(CardSettings(cache_dir, "http://127.0.0.1:9", offline=True),
                      pool=BundledPool({}))
    rng = random.Random(7)
    names = [db.cache.search(f"{i:05d}", limit=1)[0].name
             for i in rng.sample(range(BULK_CARDS), 200)]
    timings = []
    for name in names * 5:
        start = time.perf_counter_ns()
        hit = db.lookup_local(name)
        timings.append((time.perf_counter_ns() - start) / 1000)
        assert hit is not None and hit.source == "cache"
    db.close()
    return {"cards_lookup_us": round(statistics.median(timings), 1)}


def _bench_prefetch(work: Path) -> dict[str, float]:
    from frontier_desktop.cards.database import CardDatabase, CardSettings
    from frontier_desktop.cards.pool import BundledPool
    from tests.cards.fakescryfall import FakeScryfall, deck_cards

    with FakeScryfall(deck_cards(25)) as fake:
        fake.latency = 0.050
        db = CardDatabase(CardSettings(work / "prefetch-cache", fake.base_url),
                          pool=BundledPool({}))
        deck = [c["name"] for c in deck_cards(25)]
        deck = [deck[i % 25] for i in range(60)]
        start = time.perf_counter()
        report = db.prefetch(deck)
        seconds = time.perf_counter() - start
        api = len(fake.api_requests())
        images = len(fake.paths("/file/"))
        fake.clear()
        again = db.prefetch(deck)
        db.close()
    assert not report.resolution.missing and again.requests == 0
    return {
        "cards_prefetch_requests": float(api),
        "cards_prefetch_image_requests": float(images),
        "cards_prefetch_s": round(seconds, 3),
        "cards_prefetch_second_run_requests": float(again.requests),
    }


def run() -> dict[str, float]:
    """Measure every card-data figure (about 30-60 s, most of it the bulk import)."""
    with tempfile.TemporaryDirectory(prefix="bench-cards-") as folder:
        work = Path(folder)
        figures = _bench_prefetch(work)
        bulk, cache_dir = _bench_bulk(work)
        figures.update(bulk)
        figures.update(_bench_lookup(cache_dir))
    return figures


if __name__ == "__main__":
    print(json.dumps(run(), indent=2, sort_keys=True))
