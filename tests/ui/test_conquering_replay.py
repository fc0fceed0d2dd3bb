"""The replay viewer opens a three- and a four-player Conquering record (issue 14): it steps
through every action and its View button goes round every seat (then All once it is over)."""

from __future__ import annotations

import pytest

from frontier_desktop.rules.views import describe
from tests.rules.test_conquering_nseat_views import _play

from .helpers import key, press, step


@pytest.mark.parametrize("players", [3, 4])
def test_the_replay_opens_an_n_seat_record_and_shows_every_seat(app, players: int) -> None:
    import pygame

    from frontier_desktop.ui.scenes.replay import ReplayScene

    header, lines, final = _play(players, 11, 0.8, steps=80, check=False)
    replay = app.scenes.push(ReplayScene(app, header, lines))
    step(app)
    assert replay.index == 0 and not replay.error
    press(app, replay.buttons["last"])
    step(app)
    assert replay.index == len(lines) and not replay.error
    assert replay.states[-1].to_wire() == final.to_wire()
    seen = []
    for _ in range(players):
        seen.append(replay.viewer)
        press(app, replay.buttons["view"])
        step(app)
    assert seen == list(range(players))  # every seat in turn, not only the first two
    assert replay.viewer == (None if final.game_over else 0)
    key(app, pygame.K_LEFT)
    assert replay.index == len(lines) - 1
    view = describe(replay.states[replay.index], viewer=replay.viewer or 0)
    assert len(view["players"]) == players
