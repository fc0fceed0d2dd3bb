"""Oracle-text reader figures: ``rules_parse_corpus_s`` (issue 12).

- ``rules_parse_corpus_s``: seconds to read every card of ``../shared/corpus/classic-dev.jsonl``
  (1,122 cards of Alpha through Mirage) with an empty cache — the bundled pool when the corpus
  isn't beside the repository (``rules_parse_corpus_cards`` says how many cards were read).
- ``rules_parse_cached_ms``: milliseconds to read them all again from the per-card cache.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from frontier_desktop.rules.effects import read_card

TARGETS = {"rules_parse_corpus_s": "<= 2"}
ROOT = Path(__file__).resolve().parent.parent


def corpus_cards() -> list[dict[str, object]]:
    shared = Path(os.environ.get("FRONTIER_SHARED_DIR", ROOT.parent / "shared"))
    path = shared / "corpus" / "classic-dev.jsonl"
    if not path.is_file():
        path = ROOT / "card_cache" / "pool.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def parse_all(cards: list[dict[str, object]]) -> float:
    t0 = time.perf_counter()
    for card in cards:
        read_card(str(card["name"]), str(card.get("oracle_text", "")),
                  str(card.get("type_line", "")), str(card.get("mana_cost", "")))
    return time.perf_counter() - t0


def run() -> dict[str, float]:
    cards = corpus_cards()
    read_card.cache_clear()
    cold = parse_all(cards)
    warm = parse_all(cards)
    return {"rules_parse_corpus_s": round(cold, 3), "rules_parse_corpus_cards": len(cards),
            "rules_parse_cached_ms": round(warm * 1000, 3)}


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
