"""``host --variant wargame --players 2|3|4``: the War Game's seats, its sample deck on the
host's seats, its deck rules for the guests' decks, and refusals in words."""

from __future__ import annotations

import pytest

from frontier_desktop.decks.loading import deck_checker
from frontier_desktop.net import cli
from frontier_desktop.net.host import HostSession
from frontier_desktop.sample_decks import default_deck
from tests.net.conftest import pool
from tests.net.test_conquering_cli import host_args
from tests.net.test_wargame_lan import DECK, wargame_deck


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_war_game_opens_every_seat_but_the_first(players):
    args = host_args("--variant", "wargame", "--players", str(players))
    source = cli.build_source(args)
    assert source.variant == "wargame" and len(source.names) == players
    assert source.decks[0] is not None and all(d is None for d in source.decks[1:])
    assert default_deck("wargame", 0) == DECK
    host = HostSession(source, guest_seats=cli.open_seats(args, players))
    assert list(host.guests) == list(range(1, players)) and host.local_seats == [0]


def test_the_guests_decks_are_checked_by_the_war_games_rules():
    check = deck_checker(pool(), "wargame")
    names = [c.name for c in wargame_deck()]
    assert check(names) == []
    problems = check(names[:5])
    assert problems and all("{" not in p and "None" not in p for p in problems)


def test_a_deck_of_another_variant_is_refused_in_words():
    conquering = default_deck("conquering", 0)
    with pytest.raises(ValueError, match="a deck for Magic: the Conquering, "
                       "but the game is Magic: the War Game"):
        cli.build_source(host_args("--variant", "wargame", "--players", "3",
                                   "--deck", str(conquering)))
