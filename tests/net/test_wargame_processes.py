"""A 3-player War Game between three real processes over 127.0.0.1 (issue 15): ``host
--headless --variant wargame --players 3`` plays seat 1 and two ``join --headless`` processes
play seats 2 and 3 with the sample deck, each from a script found by playing the same game
locally (the seed fixed with ``--seed``). The guests ask to divide their own combat damage
(``set_assign``); the game goes on for several turns of moves until a guest answers a combat
division (``assign`` with ``at``). Each guest's final view equals the host's record replayed
for its seat and never shows another seat's hand or stronghold land."""

from __future__ import annotations

import collections
import random
from pathlib import Path
from typing import Any

import pytest

from frontier_desktop.net.fairness import canonical_deck
from frontier_desktop.record import new_game
from frontier_desktop.rules import actions as A
from frontier_desktop.rules.views import describe
from frontier_desktop.selfplay import pick
from frontier_desktop.session import LocalSession
from tests.net.conftest import deck
from tests.net.three_seats import NAMES, out_of_turn, play_three, write_scripts

pytestmark = pytest.mark.timeout(240)

DECK = Path(__file__).resolve().parents[2] / "assets" / "decks" / "wargame_forest_host.txt"
SEEDS = range(0, 20)
MAX_ACTIONS = 600


def _mover(options: list[Any], rnd: random.Random) -> Any:
    """A bot that moves when it can (so that armies meet), else the selfplay bot's pick."""
    by = collections.defaultdict(list)
    for action in options:
        by[action.type].append(action)
    if by["move"] and rnd.random() < 0.7:
        return rnd.choice(by["move"])
    return pick("wargame", options, rnd)


def scripted_game(tmp_path: Path) -> tuple[int, list[Path], dict[str, Any]]:
    """Play the game locally until a guest divides a combat's damage; return the seed, each
    seat's script and what happened."""
    cards = canonical_deck(deck(DECK))
    for seed in SEEDS:
        state, header = new_game("wargame", [cards, cards, cards], NAMES, seed=seed)
        session = LocalSession(state, record_header=header)
        rnd = random.Random(seed)
        lines: list[list[dict[str, Any]]] = [[], [], []]
        seen: dict[str, Any] = {}
        asked: set[int] = set()
        for _ in range(MAX_ACTIONS):
            seat = session.acting_seat()
            if seat is None:
                break
            active = session.state.active
            if seat in (1, 2) and seat not in asked:
                asked.add(seat)
                ask = A.SetAssign(on=True)
                assert session.submit(seat, ask).ok
                lines[seat].append(out_of_turn(ask, seat, active))
            action = _mover(session.legal_actions(seat), rnd)
            result = session.submit(seat, action)
            assert result.ok, result.reason
            line = out_of_turn(action, seat, active)
            lines[seat].append(line)
            if action.type == "assign" and seat in (1, 2):
                seen.setdefault("assign", (seat, line))
                break
        if "assign" in seen and session.state.turn >= 4:
            paths = write_scripts(tmp_path, lines)
            seen["turn"] = session.state.turn
            return seed, paths, seen
    raise AssertionError("no game of the tried seeds has a combat division by a guest")


def test_a_three_player_war_game_with_two_guest_processes(tmp_path):
    seed, scripts, seen = scripted_game(tmp_path)
    final, _ = play_three(tmp_path, "wargame", DECK, seed, scripts)
    log = final.log
    assert final.turn >= 4
    assert sum(1 for e in log if e["action"]["type"] == "move") >= 5
    divider, line = seen["assign"]
    assert any(e["seat"] == divider and e["action"]["type"] == "assign"
               and e["action"].get("at") == line["at"] for e in log)
    for seat in (1, 2):  # each guest's view (checked equal to the replay) hides the others'
        strongholds = describe(final, viewer=seat)["board"]["strongholds"]
        assert len(strongholds) == 3
        for entry in strongholds:
            if entry["player"] == seat:
                assert entry["land"] == "Forest"
            else:
                assert entry["land"] is None, (seat, entry)
