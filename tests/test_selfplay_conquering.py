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


@pytest.mark.parametrize("players", [2, 3, 4])
def test_selfplay_plays_the_war_game_for_n_players_to_a_win(players, capsys) -> None:
    """``selfplay --variant wargame``: the sample War Game decks, to one player holding every
    stronghold, and the record replays to the same game."""
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers()
    selfplay.register(sub)
    args = parser.parse_args(["selfplay", "--variant", "wargame", "--players",
                              str(players), "--seed", "11"])
    assert args.func(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game_over"] is True
    assert out["winner"] in selfplay.NAMES[:players]


def test_the_war_game_bot_marches_only_where_the_rules_let_it() -> None:
    """Two players, all plains but an island at A's exit (1, 0): a ground creature's way to
    C avoids the island, so A's stronghold has no way out for it; a flyer
    crosses the island and cuts corners diagonally."""
    from tests.rules.wargame_helpers import all_plains, game, set_land

    state = all_plains(game(2))
    set_land(state, (1, 0), "Island")
    ground = selfplay._wargame_steps(state, 0, flying=False, islander=False)
    flyer = selfplay._wargame_steps(state, 0, flying=True, islander=False)
    assert ground["S1"] == flyer["S1"] == 0  # C, the stronghold seat 0 does not hold
    assert ground[(1, 4)] == 1 and ground[(1, 1)] == 4
    assert "S0" not in ground  # behind the island: no way out of A's stronghold
    assert ground[(0, 0)] == 6  # along the north row, round the island
    assert flyer[(0, 0)] == 5 and flyer[(1, 0)] == 5 and flyer["S0"] == 6
    islander = selfplay._wargame_steps(state, 0, flying=False, islander=True)
    assert islander["S0"] == 6  # islandhome: onto its island (carrying is the rules' part)
