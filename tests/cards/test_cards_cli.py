"""``frontier-desktop cards …`` against the fake server and offline."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from frontier_desktop import cli as top_cli
from frontier_desktop.cards import ratelimit
from frontier_desktop.cards.errors import CardDataError
from tests.cards.fakescryfall import FakeScryfall, deck_cards, deck_text, load_fixture_cards

POOL = [
    {"object": "card", "name": "Forest", "type_line": "Basic Land — Forest",
     "oracle_text": "({T}: Add {G}.)", "colors": [], "produced_mana": ["G"]},
    {"object": "card", "name": "Grizzly Bears", "mana_cost": "{1}{G}", "cmc": 2.0,
     "type_line": "Creature — Bear", "power": "2", "toughness": "2", "colors": ["G"]},
]


@pytest.fixture
def fake() -> Iterator[FakeScryfall]:
    with FakeScryfall(load_fixture_cards() + deck_cards(30)) as server:
        yield server


@pytest.fixture
def env(tmp_path: Path, fake: FakeScryfall, monkeypatch: pytest.MonkeyPatch) -> Path:
    pool = tmp_path / "pool.jsonl"
    pool.write_text("".join(json.dumps(c) + "\n" for c in POOL), encoding="utf-8")
    monkeypatch.setenv("FRONTIER_CARD_POOL", str(pool))
    monkeypatch.setenv("FRONTIER_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("FRONTIER_SCRYFALL_API", fake.base_url)
    monkeypatch.delenv("FRONTIER_OFFLINE", raising=False)
    # The spacing itself is tested with a fake clock; here it would only slow the tests.
    monkeypatch.setattr(ratelimit, "SPACING_S", {"cards": 0.0, "api": 0.0, "files": 0.0})
    monkeypatch.setattr(top_cli, "SUBCOMMAND_MODULES", ("frontier_desktop.cards.cli",))
    return tmp_path


def run(*argv: str) -> int:
    return top_cli.main(["cards", *argv])


def test_get_prints_card_and_source(env: Path, fake: FakeScryfall,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert run("get", "Tarmogoyf", "grizzly bears") == 0
    out = capsys.readouterr().out
    assert "Creature — Lhurgoyf" in out and "*/1+*" in out and "[source: network]" in out
    assert "Grizzly Bears  {1}{G}" in out and "[source: bundled]" in out
    assert run("get", "tarmogoyf") == 0
    assert "[source: cache]" in capsys.readouterr().out


def test_get_double_faced_prints_both_faces(env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("get", "Delver of Secrets") == 0
    out = capsys.readouterr().out
    assert "Delver of Secrets  {U}" in out and "Insectile Aberration" in out and "3/2" in out


def test_unknown_card_is_one_line_and_nonzero(env: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert run("get", "Qwxyzzy") == 1
    err = capsys.readouterr().err
    assert "Qwxyzzy" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_ambiguous_name_offers_choices(env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("get", "Giant") == 1
    err = capsys.readouterr().err
    assert "ambiguous" in err and "Did you mean:" in err and "Hill Giant" in err


def test_offline_flag_makes_no_request(env: Path, fake: FakeScryfall,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert run("--offline", "get", "Forest", "Hill Giant") == 1
    captured = capsys.readouterr()
    assert "[source: bundled]" in captured.out
    assert "'Hill Giant' is not available offline" in captured.err
    assert fake.requests == []


def test_offline_env_makes_no_request(env: Path, fake: FakeScryfall,
                                      monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("FRONTIER_OFFLINE", "1")
    deck = _deck(env)
    assert run("prefetch", str(deck)) == 1
    err = capsys.readouterr().err
    assert "not available offline" in err
    assert f"Run `frontier-desktop cards prefetch {deck}` when online to fetch them" in err
    assert fake.requests == []


def _deck(folder: Path, count: int = 25, total: int = 60) -> Path:
    path = folder / "deck.txt"
    path.write_text("# a test deck\n" + deck_text(count, total) + "\nSideboard\n", encoding="utf-8")
    return path


def test_prefetch_60_cards_one_collection_request_then_none(
    env: Path, fake: FakeScryfall, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = _deck(env)
    assert run("prefetch", str(deck)) == 0
    captured = capsys.readouterr()
    assert "60 cards (25 distinct)" in captured.out and "25 downloaded" in captured.out
    assert "images [" in captured.err  # the progress bar
    assert fake.paths("/cards/") == ["/cards/collection"]
    assert len(fake.paths("/file/images/")) == 25
    fake.clear()
    assert run("prefetch", str(deck)) == 0
    assert "0 requests" in capsys.readouterr().out
    assert fake.requests == []


def test_prefetch_reports_missing_cards(env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = env / "deck.txt"
    deck.write_text("4 Hill Giant\n2 Not A Real Card\n", encoding="utf-8")
    assert run("prefetch", str(deck)) == 1
    assert "missing: Not A Real Card" in capsys.readouterr().err


def test_search_local_and_online(env: Path, fake: FakeScryfall,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert run("search", "t:bear") == 0
    out = capsys.readouterr().out
    assert "Grizzly Bears" in out and "[bundled]" in out and fake.requests == []
    assert run("search", "--online", "giant") == 0
    out = capsys.readouterr().out
    assert "Hill Giant" in out and "[network]" in out
    assert run("search", "hill giant") == 0
    assert "[cache]" in capsys.readouterr().out
    assert run("search", "--online", "mm:123") == 1
    err = capsys.readouterr().err
    assert "All of your terms were ignored." in err and "Traceback" not in err


def test_cache_info_and_clear(env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run("prefetch", str(_deck(env, 3, 4)))
    capsys.readouterr()
    assert run("cache-info") == 0
    out = capsys.readouterr().out
    assert f"cache folder: {env / 'cache'}" in out and "cards: 3" in out and "images: 3" in out
    assert run("--cache-dir", str(env / "elsewhere"), "cache-info") == 0
    assert str(env / "elsewhere") in capsys.readouterr().out
    assert run("cache-clear") == 0
    capsys.readouterr()
    run("cache-info")
    assert "cards: 0" in capsys.readouterr().out


def test_import_bulk_file(env: Path, fake: FakeScryfall,
                          capsys: pytest.CaptureFixture[str]) -> None:
    path = env / "oracle-cards.json"
    path.write_text(json.dumps(fake.cards), encoding="utf-8")
    assert run("import-bulk", str(path)) == 0
    captured = capsys.readouterr()
    assert f"indexed {len(fake.cards)} cards" in captured.out and "import [" in captured.err
    assert run("--offline", "get", "Amber Bear") == 0
    assert "[source: cache]" in capsys.readouterr().out


def test_import_bulk_download_prefers_json_lines(env: Path, fake: FakeScryfall,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert run("import-bulk", "--download") == 0
    assert f"indexed {len(fake.cards)} cards" in capsys.readouterr().out
    assert fake.paths() == ["/bulk-data", "/file/bulk/oracle-cards.jsonl.gz"]
    assert not list((env / "cache" / "bulk").glob("*"))  # the download is removed


def test_import_bulk_errors_are_one_line(env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("import-bulk", str(env / "nope.json")) == 1
    assert "no such file" in capsys.readouterr().err
    bad = env / "bad.json.gz"
    with gzip.open(bad, "wt") as handle:
        handle.write('[{"name": "x"},')
    assert run("import-bulk", str(bad)) == 1
    err = capsys.readouterr().err
    assert "ends inside" in err and len(err.strip().splitlines()) == 1
    assert run("import-bulk") == 1
    assert "FILE or --download" in capsys.readouterr().err


def test_import_bulk_interrupted(env: Path, monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    from frontier_desktop.cards import cli as cards_cli

    def interrupted(*args: object, **kwargs: object) -> Iterator[object]:
        yield from deck_cards(3)
        raise KeyboardInterrupt

    monkeypatch.setattr(cards_cli, "iter_bulk_cards", interrupted)
    path = env / "x.json"
    path.write_text("[]")
    assert run("import-bulk", str(path)) == 130
    assert "previous card index is unchanged" in capsys.readouterr().err


def test_network_down_is_one_line(env: Path, fake: FakeScryfall,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    fake.stop()
    assert run("get", "Hill Giant") == 1
    err = capsys.readouterr().err
    assert "could not connect" in err and "Traceback" not in err
