"""``selfplay --variant conquering --players N`` and the local session for N seats."""

from __future__ import annotations

import argparse
import json

import pytest

from frontier_desktop import selfplay
from frontier_desktop.ui import games


@pytest.mark.parametrize("players", [3, 4])
def test_selfplay_plays_the_conquering_for_n_players_to_a_win(players, capsys) -> None:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers()
    selfplay.register(sub)
    args = parser.parse_args(["selfplay", "--variant", "conquering", "--players",
                              str(players), "--seed", "3"])
    assert args.func(args) == 0  # the record replays to the same game
    out = json.loads(capsys.readouterr().out)
    assert out["game_over"] is True
    assert out["winner"] in selfplay.NAMES[:players]


def test_a_local_session_tells_every_seat_of_every_action() -> None:
    decks = games.sample_decks("conquering")[:1] * 3
    session = games.start_game(decks, ["Ann", "Ben", "Cy"], seed=2)
    updates = []
    session.subscribe(updates.append)
    seat = session.acting_seat()
    assert seat is not None
    action = session.legal_actions(seat)[0]
    assert session.submit(seat, action).ok
    assert sorted(u.seat for u in updates) == [0, 1, 2]
    for update in updates:  # each seat's view carries its own hand only
        hands = [i for i, p in enumerate(update.view["players"]) if "hand" in p]
        assert hands == [update.seat]
