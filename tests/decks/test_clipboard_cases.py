"""Cockatrice's clipboard cases end to end through every command that reads a deck list:
``cards prefetch`` (against the fake Scryfall), ``deck check`` and ``deck convert``. They all
use the one deck reader, so they all read the same cards in the same sections."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from frontier_desktop import cli as top_cli
from frontier_desktop.cards import ratelimit
from frontier_desktop.decks import Section, parse_deck
from tests.cards.fakescryfall import FakeScryfall
from tests.decks.clipboard_cases import CARDS, CASES, EMPTY, UNKNOWN, Case


@pytest.fixture
def fake() -> Iterator[FakeScryfall]:
    with FakeScryfall(CARDS) as server:
        yield server


@pytest.fixture
def env(tmp_path: Path, fake: FakeScryfall, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty bundled pool, an empty cache, the fake Scryfall; ``pool.jsonl`` holds every
    card for the commands that check names offline (``--pool``)."""
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    (tmp_path / "pool.jsonl").write_text("".join(json.dumps(c) + "\n" for c in CARDS),
                                         encoding="utf-8")
    monkeypatch.setenv("FRONTIER_CARD_POOL", str(empty))
    monkeypatch.setenv("FRONTIER_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("FRONTIER_SCRYFALL_API", fake.base_url)
    monkeypatch.delenv("FRONTIER_OFFLINE", raising=False)
    monkeypatch.setattr(ratelimit, "SPACING_S", {"cards": 0.0, "api": 0.0, "files": 0.0})
    return tmp_path


def write(folder: Path, text: str, name: str = "deck.txt") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def sections(path: Path) -> tuple[dict[str, int], dict[str, int]]:
    deck = parse_deck(path.read_text(encoding="utf-8")).deck
    return deck.counts_by_name(Section.MAIN), deck.counts_by_name(Section.SIDEBOARD)


def asked_names(fake: FakeScryfall) -> set[str]:
    """The names (or printings) asked of ``/cards/collection``."""
    out: set[str] = set()
    for request in fake.api_requests():
        assert request.path == "/cards/collection"
        for ident in request.body["identifiers"]:
            out.add(ident.get("name") or f"{ident['set']}:{ident['collector_number']}")
    return out


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_cards_prefetch_reads_the_list_like_deck_check(
    case: Case, env: Path, fake: FakeScryfall, capsys: pytest.CaptureFixture[str]
) -> None:
    code = top_cli.main(["cards", "prefetch", str(write(env, case.text))])
    captured = capsys.readouterr()
    total = sum(case.main.values()) + sum(case.side.values())
    assert f"{total} cards ({len(case.names)} distinct)" in captured.out
    if UNKNOWN in case.names:
        assert code == 1
        assert f"missing: {UNKNOWN}" in captured.err
    else:
        assert code == 0, captured.err
        assert "missing" not in captured.err
    # Only the names themselves were asked for: no "SB: 1 Mountain", no "Forest (3)".
    asked = asked_names(fake)
    assert not [n for n in asked if n.lower().startswith("sb") or "(" in n and "B.F.M" not in n]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_deck_check_reads_every_line(case: Case, env: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    top_cli.main(["deck", "check", str(write(env, case.text)), "--variant", "frontier",
                  "--pool", str(env / "pool.jsonl"), "--json"])
    report = json.loads(capsys.readouterr().out)
    unknown = [p["card"] for p in report["read_problems"] if p["code"] == "unknown-card"]
    others = [p for p in report["read_problems"] if p["code"] != "unknown-card"]
    assert others == []
    assert unknown == ([UNKNOWN] if UNKNOWN in case.names else [])


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_deck_convert_keeps_every_card_in_its_section(
    case: Case, env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = env / "out.fdeck"
    code = top_cli.main(["deck", "convert", str(write(env, case.text)), str(out),
                         "--pool", str(env / "pool.jsonl")])
    if UNKNOWN in case.names:  # kept and flagged, so the deck is not written half-read
        assert code == 1 and not out.exists()
        assert UNKNOWN in capsys.readouterr().err
        return
    assert code == 0, capsys.readouterr().err
    assert sections(out) == (case.main, case.side)


@pytest.mark.parametrize("text", list(EMPTY.values()), ids=list(EMPTY))
def test_a_list_without_cards_is_said_so_everywhere(
    text: str, env: Path, fake: FakeScryfall, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = write(env, text)
    assert top_cli.main(["cards", "prefetch", str(deck)]) == 1
    assert "lists no cards" in capsys.readouterr().err
    assert fake.requests == []
    assert top_cli.main(["deck", "check", str(deck), "--variant", "frontier",
                         "--pool", str(env / "pool.jsonl")]) == 1
    assert "no card lines found" in capsys.readouterr().out


def test_prefetch_asks_for_printings_and_names_as_the_deck_reader_reads_them() -> None:
    from frontier_desktop.decks.prefetch import deck_queries

    result = parse_deck("// comment\n4 Lightning Bolt\n1x Forest\nHill Giant\n\nSideboard:\n"
                        "2 Wear/Tear\nSB: 1 Lightning Bolt (M10) 146\n1 Island (M10)\n")
    assert [(n, q.name, q.set_code, q.collector_number) for n, q in deck_queries(result)] == [
        (4, "Lightning Bolt", None, None), (1, "Forest", None, None),
        (1, "Hill Giant", None, None), (2, "Wear // Tear", None, None),
        (1, "Lightning Bolt", "m10", "146"), (1, "Island", None, None),
    ]


def test_prefetch_names_a_line_it_cannot_read_and_fetches_the_rest(
    env: Path, fake: FakeScryfall, capsys: pytest.CaptureFixture[str]
) -> None:
    assert top_cli.main(["cards", "prefetch", str(write(env, "0 Forest\n2 Mountain\n"))]) == 1
    captured = capsys.readouterr()
    assert "line 1" in captured.err and "2 cards (1 distinct)" in captured.out
