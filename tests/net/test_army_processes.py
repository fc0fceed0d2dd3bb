"""A whole Army Magic game between two real processes over 127.0.0.1: ``host --headless
--deck ARMY --bot`` and ``join --headless --deck ARMY --bot`` play the sample armies with the
selfplay bot, the seed agreed by commit-reveal, until a home base falls (or a player decks
out, or after a turn cap concedes). The final views on both ends equal the host's record
replayed, and the guest's audit is clean (exit 0, no fairness warning)."""

from __future__ import annotations

import pytest

from frontier_desktop.record import read_record, replay
from frontier_desktop.rules.views import describe
from frontier_desktop.selfplay import sample_paths
from tests.net.test_processes import Proc

pytestmark = pytest.mark.timeout(150)

TURN_CAP = 150
"""The bots concede after this many turns (bot games of the sample armies end by turn 80)."""


def test_two_processes_play_a_whole_army_game_with_the_sample_armies(tmp_path):
    first, second = sample_paths("army", 2)
    host = Proc("host", "--headless", "--bind", "127.0.0.1", "--port", "0", "--name", "Host",
                "--deck", str(first), "--bot", "1", "--bot-turns", str(TURN_CAP),
                "--autosave", str(tmp_path / "autosave.jsonl"), "--timeout", "120")
    try:
        guest = Proc("join", f"127.0.0.1:{host.port()}", "--headless", "--name", "Guest",
                     "--deck", str(second), "--bot", "2", "--bot-turns", str(TURN_CAP),
                     "--timeout", "120", "--session", str(tmp_path / "seat.json"))
        try:
            assert guest.wait(130) == 0, "".join(guest.err_lines)
            assert host.wait(30) == 0, "".join(host.err_lines)
        finally:
            guest.kill()
        header, actions = read_record(tmp_path / "autosave.jsonl")
        assert header["variant"] == "army" and header["lan"]["seed_mode"] == "commit-reveal"
        for player in header["players"]:  # both armies laid out from their sections
            assert len(player["sections"]["home_base"]) == 1
            assert len(player["sections"]["land_grid"]) + 1 == 15
        final = replay(header, actions)
        assert final.game_over and final.winner in (0, 1)
        conceded = actions[-1]["action"]["type"] == "concede"
        if not conceded:  # a home base fell (or the loser had to draw from an empty library)
            loser = 1 - final.winner
            home = next(c for c in final.cells.values()
                        if (c.extra or {}).get("stronghold_of") == loser)
            assert home.extra["life"] <= 0 or not final.players[loser].library
        else:  # a concession after the cap still leaves a game in a sound state
            assert final.turn > TURN_CAP
        explored = sum(1 for c in final.cells.values() if c.face_up)
        assert explored > 2, "the armies explored the board"
        assert host.result() == describe(final, viewer=0)
        assert guest.result() == describe(final, viewer=1)
        assert not any("FAIRNESS" in line for line in guest.err_lines), guest.err_lines
        rows = guest.result()["board"]["rows"]
        assert all(cell["land"] is None for row in rows for cell in row if not cell["face_up"])
    finally:
        host.kill()
