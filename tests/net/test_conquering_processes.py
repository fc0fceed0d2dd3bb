"""A 3-player Conquering game between three real processes over 127.0.0.1: ``host --headless
--variant conquering --players 3`` plays seat 1 and two ``join --headless`` processes play
seats 2 and 3, each from a script found by playing the same game locally (the seed fixed
with ``--seed`` so that the scripts replay exactly). The game goes on for many turns with
moves, until a guest conquers an area and the other guest, not the active player, blocks an
attack. Each guest's final view equals the host's record replayed for its seat and never
shows another seat's hand."""

from __future__ import annotations

import collections
import random
from pathlib import Path
from typing import Any

import pytest

from frontier_desktop.net.fairness import canonical_deck
from frontier_desktop.record import new_game, read_record, replay
from frontier_desktop.rules.views import describe
from frontier_desktop.selfplay import pick, sample_paths
from frontier_desktop.session import LocalSession
from tests.net.conftest import deck
from tests.net.test_processes import Proc
from tests.net.three_seats import NAMES, out_of_turn, play_three, write_scripts

pytestmark = pytest.mark.timeout(240)

SEEDS = range(28, 48)
"""Seeds tried in turn for a game with a conquest and a block by a guest that is not
active (seed 28 has both within about 410 actions)."""
MAX_ACTIONS = 700


def _eager(options: list[Any], rnd: random.Random) -> Any:
    """A bot that blocks, conquers and moves when it can (else the selfplay bot's pick)."""
    by = collections.defaultdict(list)
    for action in options:
        by[action.type].append(action)
    for kind in ("block", "conquer", "move", "cast"):
        if by[kind] and rnd.random() < 0.9:
            return rnd.choice(by[kind])
    return pick("conquering", options, rnd)


def scripted_game(tmp_path: Path, path: Path) -> tuple[int, list[Path], dict[str, Any]]:
    """Play the game locally until a guest conquers and the other, not active, blocks;
    return the seed, each seat's script and what happened."""
    cards = canonical_deck(deck(path))
    for seed in SEEDS:
        state, header = new_game("conquering", [cards, cards, cards], NAMES, seed=seed)
        session = LocalSession(state, record_header=header)
        rnd = random.Random(seed)
        lines: list[list[dict[str, Any]]] = [[], [], []]
        seen: dict[str, Any] = {}
        for _ in range(MAX_ACTIONS):
            seat = session.acting_seat()
            if seat is None:
                break
            active = session.state.active
            action = _eager(session.legal_actions(seat), rnd)
            result = session.submit(seat, action)
            assert result.ok, result.reason
            lines[seat].append(out_of_turn(action, seat, active))
            if action.type == "block" and seat in (1, 2) and active in (1, 2) \
                    and seat != active:
                seen.setdefault("block", (seat, active))
            if seat in (1, 2) and any(e.get("type") == "captured" for e in result.events):
                seen.setdefault("conquest", seat)
            if "block" in seen and "conquest" in seen:
                break
        if "block" in seen and "conquest" in seen:
            paths = write_scripts(tmp_path, lines)
            seen["turn"] = session.state.turn
            return seed, paths, seen
    raise AssertionError("no game of the tried seeds has a conquest and a block by a guest")


def test_a_three_player_conquering_game_with_two_guest_processes(tmp_path):
    path = next(p for p in sample_paths("conquering", 4) if p.name == "conquering_green_tide.txt")
    seed, scripts, seen = scripted_game(tmp_path, path)
    assert seen["turn"] >= 6
    final, _ = play_three(tmp_path, "conquering", path, seed, scripts)
    log = final.log
    assert sum(1 for e in log if e["action"]["type"] == "move") >= 10
    assert any(e["seat"] == seen["conquest"] and any(
        ev.get("type") == "captured" for ev in e["events"]) for e in log)
    blocker, attacker = seen["block"]
    assert any(e["seat"] == blocker and e["action"]["type"] == "block" for e in log)
    assert attacker != blocker


def test_a_three_player_bot_game_agrees_the_seed_with_every_guest_and_audits_clean(tmp_path):
    """Every seat played by the selfplay bot (conceding after a few turns), the seed agreed
    by the host and both guest processes: the game ends, each guest gets the audit with every
    guest's nonce and finds nothing wrong (exit 0)."""
    path = next(p for p in sample_paths("conquering", 4) if p.name == "conquering_green_tide.txt")
    host = Proc("host", "--headless", "--bind", "127.0.0.1", "--port", "0", "--name", "Host",
                "--variant", "conquering", "--players", "3", "--bot", "1", "--bot-turns", "4",
                "--open-seats", "2,3",
                "--autosave", str(tmp_path / "autosave.jsonl"), "--timeout", "150")
    guests: list[Proc] = []
    try:
        port = host.port()
        for seat, name in ((1, "Ben"), (2, "Cat")):
            guests.append(Proc("join", f"127.0.0.1:{port}", "--headless", "--name", name,
                               "--seat", str(seat + 1), "--deck", str(path), "--bot", str(seat + 1),
                               "--bot-turns",
                               str(4 + seat), "--timeout", "150",
                               "--session", str(tmp_path / f"seat{seat}.json")))
        for guest in guests:
            assert guest.wait(170) == 0, "".join(guest.err_lines)
        assert host.wait(30) == 0, "".join(host.err_lines)
        header, actions = read_record(tmp_path / "autosave.jsonl")
        lan = header["lan"]
        assert lan["seed_mode"] == "commit-reveal"
        nonces = [lan["guests"][str(seat)]["nonce"] for seat in (1, 2)]
        from frontier_desktop.net.fairness import derive_seed

        assert header["seed"] == derive_seed(lan["host_nonce"], *nonces)
        final = replay(header, actions)
        assert final.game_over
        for seat, guest in zip((1, 2), guests):
            assert guest.result() == describe(final, viewer=seat)
            assert not any("FAIRNESS" in line for line in guest.err_lines), guest.err_lines
    finally:
        for guest in guests:
            guest.kill()
        host.kill()
