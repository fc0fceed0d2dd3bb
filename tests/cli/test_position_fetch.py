"""``position`` with card names that are in neither the bundled pool nor the card cache:
fetched from Scryfall (the fake one on 127.0.0.1) in one batched request when online; offline,
one line naming every unknown card and how to fetch them, exit 2."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from frontier_desktop import cli as top_cli
from frontier_desktop.cards import ratelimit
from tests.cards.fakescryfall import FakeScryfall, make_card

SPEC_EXAMPLE = Path(__file__).resolve().parent.parent.parent / "assets" / "positions" / \
    "spec-example.json"


@pytest.fixture
def fake() -> Iterator[FakeScryfall]:
    cards = [make_card("Fetched Bear", number=1),
             make_card("Fetched Mountain", number=2, type_line="Land — Mountain", mana_cost="",
                       produced_mana=["R"])]
    with FakeScryfall(cards) as server:
        yield server


@pytest.fixture
def env(tmp_path: Path, fake: FakeScryfall, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("FRONTIER_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("FRONTIER_SCRYFALL_API", fake.base_url)
    monkeypatch.delenv("FRONTIER_OFFLINE", raising=False)
    monkeypatch.setattr(ratelimit, "SPACING_S", {"cards": 0.0, "api": 0.0, "files": 0.0})
    return tmp_path


def position(folder: Path, *names: str) -> Path:
    """The spec example with the first unit and a hand card renamed, plus a land cell."""
    doc = json.loads(SPEC_EXAMPLE.read_text(encoding="utf-8"))
    doc["units"][0]["card"] = names[0]
    doc["players"][0]["hand"] = [names[1]]
    doc["board"]["rows"][1][4] = names[2]
    path = folder / "p.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_unknown_names_are_fetched_in_one_request(
    env: Path, fake: FakeScryfall, capsys: pytest.CaptureFixture[str]
) -> None:
    path = position(env, "Fetched Bear", "fetched bear", "Fetched Mountain")
    assert top_cli.main(["position", str(path)]) == 0, capsys.readouterr().err
    out = json.loads(capsys.readouterr().out)
    assert "Fetched Bear" in json.dumps(out)
    [request] = fake.api_requests()
    assert request.path == "/cards/collection"
    # each name once, however it is spelt
    assert sorted(i["name"].lower() for i in request.body["identifiers"]) == \
        ["fetched bear", "fetched mountain"]
    fake.clear()
    assert top_cli.main(["position", str(path)]) == 0  # now from the card cache
    assert fake.requests == []


def test_offline_one_line_names_every_unknown_card(
    env: Path, fake: FakeScryfall, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("FRONTIER_OFFLINE", "1")
    path = position(env, "Fetched Bear", "Giant Growth", "Fetched Mountain")
    assert top_cli.main(["position", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and fake.requests == []
    [line] = captured.err.splitlines()
    # the first place one appears (the board is read before the units), then every name
    assert "board.rows[1][4]: unknown cards 'Fetched Mountain', 'Fetched Bear'" in line
    assert 'run `frontier-desktop cards get "Fetched Mountain" "Fetched Bear"` when online' \
        in line


def test_a_name_scryfall_does_not_know(env: Path, fake: FakeScryfall,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = position(env, "Grizzly Baers", "Giant Growth", "Forest")
    assert top_cli.main(["position", str(path)]) == 2
    [line] = capsys.readouterr().err.splitlines()
    assert "units[0].card: unknown card 'Grizzly Baers'" in line
    assert "Scryfall has no card by that name" in line and "did you mean Grizzly Bears?" in line
    assert len(fake.api_requests()) == 1


def test_scryfall_unreachable(env: Path, fake: FakeScryfall,
                              capsys: pytest.CaptureFixture[str]) -> None:
    fake.stop()
    path = position(env, "Fetched Bear", "Giant Growth", "Forest")
    assert top_cli.main(["position", str(path)]) == 2
    [line] = capsys.readouterr().err.splitlines()
    assert "unknown card 'Fetched Bear'" in line and "could not connect" in line
    assert "cards get" in line
