"""``frontier-desktop effects`` end to end, as a subprocess: per-card lines, the per-type shares,
the summary line counted independently from the card lines, ``--json``, and bad input."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import find_shared_dir

REPO = Path(__file__).resolve().parent.parent.parent
POOL = REPO / "card_cache" / "pool.jsonl"
STATUSES = ("automated", "read", "manual")
CARD_LINE = re.compile(r"^(?:automated|read|manual) +.+? \((?:creature|instant|sorcery|"
                       r"enchantment|artifact|land|other)\)(?: — |$)")


def cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "frontier_desktop", "effects", *map(str, args)],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=120,
                          check=False)


def corpus() -> Path:
    shared = find_shared_dir()
    path = shared / "corpus" / "classic-dev.jsonl" if shared else None
    if path is None or not path.is_file():
        pytest.skip("../shared/corpus/classic-dev.jsonl is not beside the repository")
    return path


def count_cards(path: Path) -> int:
    return sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.strip())


def check_report(done: subprocess.CompletedProcess[str], cards: int) -> dict[str, int]:
    """The summary lines agree with the card lines; returns the counts per status."""
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    card_lines = [line for line in lines if CARD_LINE.match(line)]
    assert len(card_lines) == cards
    counts = {s: sum(1 for line in card_lines if line.split(" ", 1)[0] == s) for s in STATUSES}
    assert lines[-1] == f"automated {counts['automated']}/{cards}"
    read = counts["automated"] + counts["read"]
    assert lines[-2].startswith(f"read {read}/{cards} (")
    # Per type: the shares add up to the card lines of that type.
    for line in lines:
        m = re.match(r"^(\w+): read (\d+)/(\d+) \(\d+%\), automated (\d+)/(\d+) \(\d+%\)$", line)
        if not m:
            continue
        kind = m.group(1)
        typed = [c for c in card_lines if re.search(rf"\({kind}\)", c)]
        assert int(m.group(3)) == len(typed)
        assert int(m.group(4)) == sum(1 for c in typed if c.startswith("automated "))
        assert int(m.group(2)) == sum(1 for c in typed if not c.startswith("manual "))
    # Every manual card names what it can't read.
    assert all("not read: “" in c for c in card_lines if c.startswith("manual "))
    return counts


def test_the_bundled_pool_is_reported_card_by_card() -> None:
    counts = check_report(cli(POOL), count_cards(POOL))
    assert counts["automated"] > 0


def test_the_classic_corpus_is_reported_card_by_card() -> None:
    path = corpus()
    counts = check_report(cli(path), count_cards(path))
    assert counts["automated"] > 0 and counts["manual"] > 0


def test_json_output_agrees_with_itself() -> None:
    done = cli(POOL, "--json")
    assert done.returncode == 0, done.stderr
    objects = [json.loads(line) for line in done.stdout.splitlines()]
    cards, summary = objects[:-1], objects[-1]["summary"]
    assert summary["cards"] == len(cards) == count_cards(POOL)
    assert summary["automated"] == sum(c["automated"] for c in cards)
    assert summary["read"] == sum(c["read"] for c in cards)
    assert all(c["read"] for c in cards if c["automated"])
    assert all(c["unimplemented"] for c in cards if not c["read"])


def test_known_cards_get_honest_verdicts(tmp_path: Path) -> None:
    cards = [
        {"name": "Grizzly Bears", "type_line": "Creature — Bear", "oracle_text": ""},
        {"name": "Llanowar Elves", "type_line": "Creature — Elf Druid",
         "oracle_text": "{T}: Add {G}."},
        {"name": "Lightning Bolt", "type_line": "Instant",
         "oracle_text": "Lightning Bolt deals 3 damage to any target."},
        {"name": "Test Tutor", "type_line": "Sorcery",
         "oracle_text": "Search your library for three cards, put them into your hand, "
                        "then shuffle."},
        {"name": "Odd Ogre", "type_line": "Creature — Ogre",
         "oracle_text": "Odd Ogre fights a random squirrel."},
    ]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(cards), encoding="utf-8")  # a JSON array works too
    done = cli(path)
    lines = done.stdout.splitlines()
    assert lines[0] == "automated Grizzly Bears (creature)"
    assert lines[1] == "automated Llanowar Elves (creature)"
    assert lines[2] == "automated Lightning Bolt (instant)"  # the stack carries it out
    # read, but no executor searches for several cards to put into a hand
    assert lines[3] == ("read      Test Tutor (sorcery) — not yet carried out: "
                        "“Search your library for three cards, put them into your hand, "
                        "then shuffle.”")
    assert lines[4] == ("manual    Odd Ogre (creature) — not read: "
                        "“Odd Ogre fights a random squirrel.”")
    assert lines[-1] == "automated 3/5"


def test_bad_lines_are_named_and_the_rest_still_reported(tmp_path: Path) -> None:
    path = tmp_path / "cards.jsonl"
    path.write_text("\n".join([
        json.dumps({"name": "Grizzly Bears", "type_line": "Creature — Bear", "oracle_text": ""}),
        "{not json",
        json.dumps({"type_line": "Instant", "oracle_text": "Draw a card."}),
        json.dumps({"name": "Nameless Text", "type_line": "Instant"}),
        json.dumps({"name": "Ancestral Recall", "type_line": "Instant",
                    "oracle_text": "Target player draws three cards."}),
    ]) + "\n", encoding="utf-8")
    done = cli(path)
    assert done.returncode == 2
    errors = done.stderr.splitlines()
    assert len(errors) == 3
    assert errors[0].endswith("line 2: not JSON (Expecting property name enclosed in "
                              "double quotes)")
    assert "line 3: a card needs a 'name'" in errors[1]
    assert "line 4: Nameless Text: no 'oracle_text'" in errors[2]
    assert done.stdout.splitlines()[-1] == "automated 2/2"  # Ancestral Recall: the stack draws
    assert "Traceback" not in done.stderr


def test_a_missing_file_is_one_line(tmp_path: Path) -> None:
    done = cli(tmp_path / "nope.jsonl")
    assert done.returncode == 2
    assert done.stderr.strip() == f"{tmp_path / 'nope.jsonl'}: no such file"
