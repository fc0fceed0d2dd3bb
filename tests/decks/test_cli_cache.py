"""``deck check`` knows the cards of the user's card cache (offline), not only the bundled pool."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SHATTER = {
    "object": "card", "id": "33333333-1111-1111-1111-111111111111",
    "oracle_id": "44444444-2222-2222-2222-222222222222", "name": "Shatter", "layout": "normal",
    "mana_cost": "{1}{R}", "cmc": 2.0, "type_line": "Instant",
    "oracle_text": "Destroy target artifact.", "colors": ["R"], "keywords": [],
    "rarity": "common", "set": "m10", "collector_number": "158", "image_status": "missing",
}


def _run(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "frontier_desktop", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_deck_check_resolves_cards_from_the_cache(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "FRONTIER_CACHE_DIR": str(tmp_path / "cache"),
           "FRONTIER_OFFLINE": "1"}
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Shatter\n4 Hill Giant\n", encoding="utf-8")
    before = _run("deck", "check", str(deck), "--variant", "frontier", env=env)
    assert "'Shatter' is not a known card" in before.stdout
    bulk = tmp_path / "bulk.json"
    bulk.write_text(json.dumps([SHATTER]), encoding="utf-8")
    imported = _run("cards", "import-bulk", str(bulk), env=env)
    assert imported.returncode == 0, imported.stderr
    after = _run("deck", "check", str(deck), "--variant", "frontier", env=env)
    assert "Shatter" not in after.stdout.split("Rules:")[0]  # no reading problem any more
    assert after.returncode == 1  # still illegal: 8 cards is not a Frontier deck
