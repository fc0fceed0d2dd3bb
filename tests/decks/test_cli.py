"""``frontier-desktop deck check|convert``: output, exit codes, and no tracebacks."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from frontier_desktop.decks import cli
from frontier_desktop.decks.formats import read_deck_file
from frontier_desktop.decks.resolve import CardList
from tests.decks.conftest import load_cards

REPO = Path(__file__).resolve().parent.parent.parent


def run(argv: list[str], cards: CardList | None = None) -> int:
    source = cards or load_cards()
    return cli.main(argv, cards=lambda _args: source)


def test_check_legal_deck_exits_0(fixtures: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = run(["deck", "check", str(fixtures / "army_legal.fdeck"), "--variant", "army"])
    out = capsys.readouterr().out
    assert code == 0
    assert "Samurai of Konda" in out and "Army: legal — 98/100 points" in out


def test_check_illegal_deck_exits_1_and_lists_every_problem(
    fixtures: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = run(["deck", "check", str(fixtures / "typos.txt"), "--variant", "frontier"])
    out = capsys.readouterr().out
    assert code == 1
    assert (
        "error: line 7: 'Lightning Blot' is not a known card — did you mean Lightning Bolt?" in out
    )
    assert out.count("Lightning Blot") == 1  # reported once, not again by the rules
    assert "the main deck has 40 cards; a Frontier deck needs at least 60" in out
    assert "Frontier: illegal" in out


def test_check_points_option(fixtures: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = run(
        ["deck", "check", str(fixtures / "army_legal.fdeck"), "--variant", "army", "--points", "90"]
    )
    assert code == 1
    assert "the agreed total is 90" in capsys.readouterr().out


def test_check_allow_overrides_a_flag(
    tmp_path: Path, fixtures: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (
        (fixtures / "conquering_legal.fdeck").read_text().replace("1 Mox Pearl", "1 Wrath of God")
    )
    path = tmp_path / "deck.fdeck"
    path.write_text(text)
    assert run(["deck", "check", str(path), "--variant", "conquering"]) == 1
    assert "(may be allowed with --allow)" in capsys.readouterr().out
    assert (
        run(["deck", "check", str(path), "--variant", "conquering", "--allow", "Wrath of God"]) == 0
    )
    assert (
        "note: line 18: Wrath of God: mass creature removal (appendix A) — allowed by the player"
        in capsys.readouterr().out
    )


def test_check_json(fixtures: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = run(["deck", "check", str(fixtures / "typos.txt"), "--variant", "frontier", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 1 and data["legal"] is False and data["format"] == "mtgo"
    assert data["read_problems"][0]["line"] == 7
    assert data["read_problems"][0]["suggestions"] == ["Lightning Bolt"]
    assert {p["code"] for p in data["problems"]} == {"deck-size"}
    assert data["stats"]["board_lands"] == 20


@pytest.mark.parametrize(
    "data, message",
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00", "this is a PNG image, not a deck list"),
        (b"4 \xe6ther Vial\n", "not UTF-8"),
        (b"<Deck><Cards", "not well-formed XML"),
    ],
)
def test_check_unreadable_input_exits_2_with_one_line(
    tmp_path: Path, data: bytes, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(data)
    code = run(["deck", "check", str(path), "--variant", "frontier"])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    assert captured.err.count("\n") == 1 and message in captured.err
    assert "Traceback" not in captured.err


def test_check_unknown_variant_exits_2(fixtures: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["deck", "check", str(fixtures / "typos.txt"), "--variant", "chess"]) == 2
    assert "unknown variant 'chess'" in capsys.readouterr().err


def test_check_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["deck", "check", str(tmp_path / "none.txt"), "--variant", "army"]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_unloadable_pool_exits_2(fixtures: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def broken(_args: argparse.Namespace) -> CardList:
        raise OSError("no such pool")

    code = cli.main(["deck", "check", str(fixtures / "typos.txt"), "--variant", "army"], broken)
    assert code == 2 and "cannot load the card pool: no such pool" in capsys.readouterr().err


@pytest.mark.parametrize(
    "source, target, fmt",
    [
        ("mtgo.dek", "out.cod", "cod"),
        ("cockatrice.cod", "out.txt", "mtgo"),
        ("arena_windows.txt", "out.dek", "dek"),
        ("army_legal.fdeck", "copy.fdeck", "fdeck"),
    ],
)
def test_convert(
    tmp_path: Path,
    fixtures: Path,
    source: str,
    target: str,
    fmt: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    cards = load_cards()
    out = tmp_path / target
    args = ["deck", "convert", str(fixtures / source), str(out)]
    if source == "cockatrice.cod":  # the tokens zone has no place in MTGO text
        assert run(args, cards) == 2
        assert "no place for Tokens" in capsys.readouterr().err
        return
    assert run(args, cards) == 0
    assert "→" in capsys.readouterr().out
    before = read_deck_file(fixtures / source, cards=cards)
    after = read_deck_file(out, cards=cards)
    assert after.format == fmt and after.is_complete
    assert sorted((e.name, e.count, e.section) for e in after.deck.entries) == sorted(
        (e.name, e.count, e.section) for e in before.deck.entries
    )


def test_convert_with_to_option(tmp_path: Path, fixtures: Path) -> None:
    out = tmp_path / "deck.txt"
    assert run(["deck", "convert", str(fixtures / "mtgo.dek"), str(out), "--to", "arena"]) == 0
    assert out.read_text().startswith("Deck\n4 Lightning Bolt\n")


def test_convert_refuses_a_half_read_deck(
    tmp_path: Path, fixtures: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.dek"
    assert run(["deck", "convert", str(fixtures / "typos.txt"), str(out)]) == 1
    assert "line 7: 'Lightning Blot'" in capsys.readouterr().err
    assert not out.exists()


def test_convert_unknown_extension_exits_2(
    tmp_path: Path, fixtures: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["deck", "convert", str(fixtures / "mtgo.dek"), str(tmp_path / "x.png")]) == 2
    assert "use --to" in capsys.readouterr().err


def test_default_card_source_is_the_bundled_pool(
    fixtures: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pool = tmp_path / "pool.jsonl"
    pool.write_text(
        "\n".join(
            json.dumps(c) for c in json.loads((fixtures / "cards.json").read_text(encoding="utf-8"))
        ),
        encoding="utf-8",
    )
    code = cli.main(
        [
            "deck",
            "check",
            str(fixtures / "wargame_legal.fdeck"),
            "--variant",
            "wargame",
            "--pool",
            str(pool),
        ]
    )
    assert code == 0 and "War Game: legal" in capsys.readouterr().out


def test_subprocess_end_to_end(fixtures: Path, tmp_path: Path) -> None:
    pool = tmp_path / "pool.jsonl"
    pool.write_text(
        "\n".join(
            json.dumps(c) for c in json.loads((fixtures / "cards.json").read_text(encoding="utf-8"))
        ),
        encoding="utf-8",
    )
    env = {**os.environ, "PYTHONPATH": str(REPO), "FRONTIER_CARD_POOL": str(pool)}
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "frontier_desktop.decks.cli",
            "deck",
            "check",
            str(fixtures / "typos.txt"),
            "--variant",
            "frontier",
            "--json",
        ],
        check=False,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert proc.returncode == 1, proc.stderr
    assert json.loads(proc.stdout)["read_problems"][0]["line"] == 7
