"""``host --variant conquering --players N --open-seats LIST`` and ``join --seat``: the seats
the host opens, the decks it plays on its own seats, and refusals in words."""

from __future__ import annotations

import argparse

import pytest

from frontier_desktop.net import cli
from frontier_desktop.net.host import HostSession
from frontier_desktop.sample_decks import default_deck


def host_args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    cli.register(parser.add_subparsers())
    return parser.parse_args(["host", "--headless", *argv])


def test_three_players_open_every_seat_but_the_first_by_default():
    args = host_args("--variant", "conquering", "--players", "3")
    source = cli.build_source(args)
    assert source.variant == "conquering" and len(source.names) == 3
    assert source.decks[0] is not None and source.decks[1] is None and source.decks[2] is None
    host = HostSession(source, guest_seats=cli.open_seats(args, 3))
    assert list(host.guests) == [1, 2] and host.local_seats == [0] and host.lobby


def test_open_seats_chooses_the_guests_and_the_others_play_here():
    args = host_args("--variant", "conquering", "--players", "4", "--open-seats", "3")
    source = cli.build_source(args)
    assert [d is None for d in source.decks] == [False, False, True, False]
    host = HostSession(source, guest_seats=cli.open_seats(args, 4))
    assert list(host.guests) == [2] and host.local_seats == [0, 1, 3] and not host.lobby


@pytest.mark.parametrize("argv, words", [
    (("--variant", "frontier", "--players", "3"), "played by 2 to 2 players"),
    (("--variant", "chess", "--players", "3"), "no variant called"),
    (("--variant", "conquering", "--players", "3", "--open-seats", "2,9"),
     "numbered from 1 to 3"),
    (("--variant", "conquering", "--players", "3", "--open-seats", "1,2,3"),
     "at least one seat"),
    (("--variant", "conquering", "--players", "3", "--open-seats", "two"),
     "expected seat numbers"),
])
def test_impossible_seats_are_refused_in_words(argv, words):
    with pytest.raises(ValueError, match=words):
        cli.build_source(host_args(*argv))


def test_two_player_hosting_is_unchanged():
    args = host_args()
    source = cli.build_source(args)
    assert source.names == ["Host", "Guest"] and source.decks[1] is None
    assert cli.open_seats(args, 2) is None
    host = HostSession(source, guest_seats=cli.open_seats(args, 2))
    assert list(host.guests) == [1] and host.guest_seat == 1 and not host.lobby


def test_join_takes_a_seat_by_number_or_name():
    parser = argparse.ArgumentParser()
    cli.register(parser.add_subparsers())
    assert parser.parse_args(["join", "127.0.0.1:1", "--seat", "3"]).seat == "3"
    assert parser.parse_args(["join", "127.0.0.1:1", "--seat", "Cat"]).seat == "Cat"


def test_variant_army_for_two_keeps_the_sections():
    args = host_args("--variant", "army")
    source = cli.build_source(args)
    assert source.variant == "army" and source.sections is not None
    assert source.sections[0] is not None and source.sections[1] is None
    with pytest.raises(ValueError, match="but --variant is frontier"):
        cli.build_source(host_args("--variant", "frontier", "--deck",
                                   str(default_deck("army", 0))))
