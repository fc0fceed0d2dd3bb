"""Bulk import: JSON arrays and gzipped JSON Lines, streamed, swapped in atomically."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from frontier_desktop.cards import bulk
from frontier_desktop.cards.bulk import iter_bulk_cards
from frontier_desktop.cards.cache import CardCache
from frontier_desktop.cards.errors import CardDataError, ImportInterrupted
from tests.cards.fakescryfall import deck_cards, load_fixture_cards, make_card


def _cards() -> list[dict[str, Any]]:
    return load_fixture_cards() + deck_cards(30)


def _write_array(path: Path, cards: list[dict[str, Any]], *, gz: bool = False) -> Path:
    text = json.dumps(cards, indent=2, ensure_ascii=False)
    if gz:
        with gzip.open(path, "wt", encoding="utf-8") as handle:
            handle.write(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def _write_jsonl(path: Path, cards: list[dict[str, Any]], *, gz: bool = True) -> Path:
    lines = "".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cards)
    if gz:
        with gzip.open(path, "wt", encoding="utf-8") as handle:
            handle.write(lines)
    else:
        path.write_text(lines, encoding="utf-8")
    return path


@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    # Element and token boundaries fall inside chunks: the stream must stitch them.
    monkeypatch.setattr(bulk, "CHUNK", 97)
    yield


@pytest.mark.parametrize("writer", [
    lambda p, c: _write_array(p / "a.json", c),
    lambda p, c: _write_array(p / "a.json.gz", c, gz=True),
    lambda p, c: _write_jsonl(p / "a.jsonl.gz", c),
    lambda p, c: _write_jsonl(p / "a.jsonl", c, gz=False),
])
def test_reads_every_format(tmp_path: Path, small_chunks: None, writer: Any) -> None:
    cards = _cards()
    assert list(iter_bulk_cards(writer(tmp_path, cards))) == cards


def test_progress_counts_file_bytes(tmp_path: Path, small_chunks: None) -> None:
    path = _write_array(tmp_path / "a.json", _cards())
    seen = [0]
    marks = []
    for _ in iter_bulk_cards(path, progress_bytes=seen):
        marks.append(seen[0])
    assert marks == sorted(marks) and 0 < marks[-1] <= path.stat().st_size


@pytest.mark.parametrize("text, message", [
    ('[{"name": "A"}, {"name": ', "malformed"),
    ('[{"name": "A"} {"name": "B"}]', "expected ','"),
    ('[{"name": "A"},', "ends inside"),
    ("hello", "not a Scryfall bulk file"),
    ('{"name": "A"}\n{oops}\n', "line 2"),
])
def test_malformed_files_are_clear_errors(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(CardDataError, match=message):
        list(iter_bulk_cards(path))


def test_empty_array(tmp_path: Path) -> None:
    path = tmp_path / "e.json"
    path.write_text(" [ ] ")
    assert list(iter_bulk_cards(path)) == []


def test_import_indexes_and_keeps_other_cached_cards(tmp_path: Path) -> None:
    path = _write_jsonl(tmp_path / "oracle.jsonl.gz", _cards())
    with CardCache(tmp_path / "cache") as cache:
        cache.put([make_card("Fetched Earlier")])
        counts: list[int] = []
        assert cache.bulk_import(iter_bulk_cards(path), progress=counts.append, batch=7) == 42
        assert counts[-1] == 42
        assert cache.count() == 43
        assert cache.by_name("Fetched Earlier") is not None
        assert cache.by_name("aether vial").card.name == "Æther Vial"  # type: ignore[union-attr]
        assert cache.by_name("Delver of Secrets") is not None
        assert "last_bulk_import" in str(cache.info())


def test_interrupted_import_leaves_the_previous_index_intact(tmp_path: Path) -> None:
    with CardCache(tmp_path / "cache") as cache:
        cache.put(load_fixture_cards())
        before = cache.count()

        def interrupted() -> Iterator[dict[str, Any]]:
            yield from deck_cards(20)
            raise KeyboardInterrupt  # Ctrl-C half-way

        with pytest.raises(ImportInterrupted, match="unchanged"):
            cache.bulk_import(interrupted(), batch=5)
        assert cache.count() == before
        assert cache.by_name("Amber Bear") is None
        assert cache.by_name("Hill Giant") is not None
        tables = cache._run(lambda c: c.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'").fetchall())
        assert ("cards_import",) not in tables


def test_killed_import_leftover_table_is_dropped_on_open(tmp_path: Path) -> None:
    root = tmp_path / "cache"
    with CardCache(root) as cache:
        cache.put(load_fixture_cards())
        cache._run(lambda c: c.execute("CREATE TABLE cards_import (x)"))
    with CardCache(root) as cache:
        tables = cache._run(lambda c: c.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'").fetchall())
        assert ("cards_import",) not in tables and cache.count() == len(load_fixture_cards())


def test_invalid_objects_in_a_bulk_file_are_skipped(tmp_path: Path) -> None:
    path = _write_array(tmp_path / "a.json", [{"object": "card", "name": "Good"},
                                              {"object": "card"}, 42, {"object": "related"}])
    with CardCache(tmp_path / "cache") as cache:
        assert cache.bulk_import(iter_bulk_cards(path)) == 1
