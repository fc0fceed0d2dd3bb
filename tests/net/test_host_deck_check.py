"""The LAN host's set-up refuses an illegal deck the player gave (``--deck``, ``--decks``)
with every reason, unless ``--play-anyway`` (issue 14: "the game set-up refuses an illegal
deck unless the player overrides a flag, as the deck builder does")."""

from __future__ import annotations

from pathlib import Path

import pytest

from frontier_desktop.net import cli
from frontier_desktop.sample_decks import default_deck
from tests.net.test_conquering_cli import host_args

DECKS = Path(__file__).resolve().parents[2] / "assets" / "decks"


def _two_colours() -> str:
    """The green and the red sample decks in one list: two colours, so not a Conquering deck."""
    lines = [line for name in ("conquering_green_tide.txt", "conquering_red_horde.txt")
             for line in (DECKS / name).read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("//")]
    return "// name: Mixed Bag\n// variant: conquering\n" + "\n".join(lines) + "\n"


TWO_COLOURS = _two_colours()


def _deck(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "mixed.txt"
    path.write_text(text, encoding="utf-8")
    return path


def test_an_illegal_conquering_deck_is_refused_with_its_reasons(tmp_path):
    path = _deck(tmp_path, TWO_COLOURS)
    args = host_args("--variant", "conquering", "--players", "3", "--deck", str(path))
    with pytest.raises(ValueError) as info:
        cli.build_source(args)
    words = str(info.value)
    assert str(path) in words and "Magic: the Conquering" in words
    assert "colour" in words and "--play-anyway" in words


def test_play_anyway_overrides_the_refusal(tmp_path):
    path = _deck(tmp_path, TWO_COLOURS)
    args = host_args("--variant", "conquering", "--players", "3", "--deck", str(path),
                     "--play-anyway")
    source = cli.build_source(args)
    assert source.variant == "conquering" and source.decks[0] is not None
    assert len({card.colors for card in source.decks[0] if card.colors}) >= 2


def test_a_legal_sample_deck_is_accepted_without_the_flag():
    path = default_deck("conquering", 0)
    source = cli.build_source(host_args("--variant", "conquering", "--players", "3",
                                        "--deck", str(path)))
    assert source.decks[0] is not None and len(source.decks[0]) >= 60


def test_both_fixed_decks_are_checked(tmp_path):
    bad = tmp_path / "thin.txt"
    bad.write_text("// name: Thin\n// variant: frontier\n10 Forest\n4 Grizzly Bears\n",
                   encoding="utf-8")
    good = default_deck("frontier", 0)
    with pytest.raises(ValueError, match="thin.txt is not a legal deck for"):
        cli.build_source(host_args("--decks", str(good), str(bad)))
    source = cli.build_source(host_args("--decks", str(good), str(bad), "--play-anyway"))
    assert source.decks[1] is not None
