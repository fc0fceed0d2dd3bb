"""``deck check`` and ``deck convert`` fetch the names that are in neither the bundled pool
nor the card cache from Scryfall (the fake one on 127.0.0.1): one ``/cards/collection``
request per 75 names, stored in the cache; offline, or with Scryfall unreachable, they name
the unknown cards and say how to fetch them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from frontier_desktop import cli as top_cli
from frontier_desktop.cards import ratelimit
from frontier_desktop.decks import CardList, Section, parse_deck
from frontier_desktop.decks.resolve import FetchReport
from tests.cards.fakescryfall import FakeScryfall, make_card

NAMES = [f"Fetched Creature {i:03d}" for i in range(150)]


@pytest.fixture
def fake() -> Iterator[FakeScryfall]:
    cards = [make_card(n, number=i + 1) for i, n in enumerate(NAMES)]
    cards.append(make_card("Lightning Bolt", number=146, set_code="m10"))
    with FakeScryfall(cards) as server:
        yield server


@pytest.fixture
def env(tmp_path: Path, fake: FakeScryfall, monkeypatch: pytest.MonkeyPatch) -> Path:
    pool = tmp_path / "pool.jsonl"
    pool.write_text(json.dumps({"object": "card", "name": "Forest", "layout": "normal",
                                "type_line": "Basic Land — Forest", "colors": []}) + "\n",
                    encoding="utf-8")
    monkeypatch.setenv("FRONTIER_CARD_POOL", str(pool))
    monkeypatch.setenv("FRONTIER_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("FRONTIER_SCRYFALL_API", fake.base_url)
    monkeypatch.delenv("FRONTIER_OFFLINE", raising=False)
    monkeypatch.setattr(ratelimit, "SPACING_S", {"cards": 0.0, "api": 0.0, "files": 0.0})
    return tmp_path


def write(folder: Path, text: str) -> Path:
    path = folder / "deck.txt"
    path.write_text(text, encoding="utf-8")
    return path


def check(path: Path, capsys: pytest.CaptureFixture[str], *flags: str) -> dict:
    top_cli.main(["deck", "check", str(path), "--variant", "frontier", "--json", *flags])
    return json.loads(capsys.readouterr().out)


def test_150_unknown_names_cost_two_requests_then_none(
    env: Path, fake: FakeScryfall, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = write(env, "".join(f"1 {n}\n" for n in NAMES) + "10 Forest\n")
    report = check(deck, capsys)
    assert report["read_problems"] == []
    requests = fake.api_requests()
    assert [r.path for r in requests] == ["/cards/collection", "/cards/collection"]
    asked = [i["name"] for r in requests for i in r.body["identifiers"]]
    assert sorted(asked) == NAMES  # the pool's Forest was not asked for
    assert [len(r.body["identifiers"]) for r in requests] == [75, 75]
    fake.clear()
    assert check(deck, capsys)["read_problems"] == []  # now from the cache
    assert fake.requests == []


def test_convert_fetches_and_writes(env: Path, fake: FakeScryfall,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    deck = write(env, "4 fetched creature 001\n2 Lightning Bolt (M10) 146\n\nSB: 3 Forest\n")
    out = env / "out.fdeck"
    assert top_cli.main(["deck", "convert", str(deck), str(out)]) == 0, capsys.readouterr().err
    read = parse_deck(out.read_text(encoding="utf-8")).deck
    assert read.counts_by_name(Section.MAIN) == {"Fetched Creature 001": 4, "Lightning Bolt": 2}
    assert read.counts_by_name(Section.SIDEBOARD) == {"Forest": 3}
    assert len(fake.api_requests()) == 1


def test_a_name_scryfall_does_not_know_gets_did_you_mean(
    env: Path, fake: FakeScryfall, capsys: pytest.CaptureFixture[str]
) -> None:
    report = check(write(env, "4 Lightning Bolt\n2 Lightning Blot\n"), capsys)
    [problem] = report["read_problems"]
    assert problem["card"] == "Lightning Blot" and problem["line"] == 2
    assert "Scryfall has no card by that name" in problem["text"]
    assert "did you mean Lightning Bolt?" in problem["text"]
    assert len(fake.api_requests()) == 1


def test_offline_names_the_unknown_cards_and_how_to_fetch_them(
    env: Path, fake: FakeScryfall, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = write(env, "1 Fetched Creature 001\n1 Fetched Creature 002\n10 Forest\n")
    assert top_cli.main(["deck", "check", str(deck), "--variant", "frontier",
                         "--offline"]) == 1
    out = capsys.readouterr().out
    assert fake.requests == []
    assert "Fetched Creature 001, Fetched Creature 002" in out
    assert f"run `frontier-desktop cards prefetch {deck}` when online" in out


def test_scryfall_unreachable_is_said_in_words(
    env: Path, fake: FakeScryfall, capsys: pytest.CaptureFixture[str]
) -> None:
    fake.stop()
    report = check(write(env, "1 Fetched Creature 001\n10 Forest\n"), capsys)
    [unknown, hint] = report["read_problems"]
    assert unknown["card"] == "Fetched Creature 001"
    assert hint["code"] == "cards-not-fetched" and "could not connect" in hint["text"]
    assert "cards prefetch" in hint["text"] and "Traceback" not in hint["text"]


class Fetcher(CardList):
    """A fetching source in memory: knows *later* only once asked."""

    def __init__(self, now: list[dict], later: list[dict]) -> None:
        super().__init__(now)
        self.later = later
        self.asked: list[list[str]] = []

    def fetch_missing(self, names):  # type: ignore[no-untyped-def]
        self.asked.append(list(names))
        self.__init__([*self, *self.later], [])  # type: ignore[misc]
        self.asked = [list(names)]
        return FetchReport(fetched=tuple(names))


def test_resolve_asks_a_fetching_source_once_for_all_unknown_names() -> None:
    source = Fetcher([{"name": "Forest"}], [{"name": "Hill Giant"}, {"name": "Fire // Ice"}])
    result = parse_deck("2 Hill Giant\n3 Forest\n1 Fire & Ice\n2 Hill Giant\n", cards=source)
    assert result.problems == ()
    assert source.asked == [["Hill Giant", "Fire & Ice"]]
    assert result.deck.counts_by_name() == {"Hill Giant": 4, "Forest": 3, "Fire // Ice": 1}


def test_rate_limited_is_not_fetched_rather_than_not_a_card(
    env: Path, fake: FakeScryfall, capsys: pytest.CaptureFixture[str]
) -> None:
    fake.inject("/cards/collection", "status", status=429, retry_after="60")
    report = check(write(env, "1 Fetched Creature 001\n10 Forest\n"), capsys)
    [unknown, hint] = report["read_problems"]
    assert "Scryfall has no card" not in unknown["text"]
    assert hint["code"] == "cards-not-fetched" and "Fetched Creature 001" in hint["text"]
    assert "(/cards" not in hint["text"]
