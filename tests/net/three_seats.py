"""Three real processes over 127.0.0.1 for the N-seat LAN tests (the Conquering, the War
Game): ``host --headless --players 3`` plays seat 1 and two ``join --headless`` guests play
seats 2 and 3, each from a script found by playing the same game locally."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from frontier_desktop.record import read_record, replay
from frontier_desktop.rules.views import describe
from tests.net.test_processes import Proc

NAMES = ["Host", "Ben", "Cat"]


def out_of_turn(action: Any, seat: int, active: int) -> dict[str, Any]:
    """*action*'s script line: a decision out of turn names its seat (wait for it to act)."""
    line: dict[str, Any] = action.to_wire()
    if seat != active:
        line["seat"] = seat
    return line


def write_scripts(tmp_path: Path, lines: list[list[dict[str, Any]]]) -> list[Path]:
    """Each seat's script lines as a JSON-lines file."""
    paths = []
    for seat, seat_lines in enumerate(lines):
        script = tmp_path / f"seat{seat}.jsonl"
        script.write_text("".join(json.dumps(a) + "\n" for a in seat_lines), encoding="utf-8")
        paths.append(script)
    return paths


def play_three(tmp_path: Path, variant: str, deck: Path, seed: int,
               scripts: list[Path]) -> tuple[Any, list[list[str]]]:
    """Run the host and both guests to the end of their scripts: ``(the record replayed,
    each guest's stderr lines)``. Each guest's final view equals the record replayed for its
    seat, the host's for seat 0, no view shows another seat's hand, and no fairness alarm
    went off."""
    host = Proc("host", "--headless", "--bind", "127.0.0.1", "--port", "0", "--name", "Host",
                "--variant", variant, "--players", "3", "--deck", str(deck),
                "--seed", str(seed), "--script", str(scripts[0]),
                "--autosave", str(tmp_path / "autosave.jsonl"), "--timeout", "200")
    guests: list[Proc] = []
    try:
        port = host.port()
        for seat, name in ((1, "Ben"), (2, "Cat")):
            guests.append(Proc("join", f"127.0.0.1:{port}", "--headless", "--name", name,
                               "--seat", str(seat + 1), "--deck", str(deck),
                               "--script", str(scripts[seat]), "--timeout", "200",
                               "--session", str(tmp_path / f"seat{seat}.json")))
        for guest in guests:
            assert guest.wait(220) == 0, "".join(guest.err_lines)
        assert host.wait(30) == 0, "".join(host.err_lines)
        header, actions = read_record(tmp_path / "autosave.jsonl")
        assert header["variant"] == variant and len(header["players"]) == 3
        assert [p["name"] for p in header["players"]] == NAMES
        assert sorted(header["lan"]["guest_seats"]) == [1, 2]
        final = replay(header, actions)
        assert host.result() == describe(final, viewer=0)
        for seat, guest in zip((1, 2), guests):
            view = guest.result()
            assert view == describe(final, viewer=seat)
            for other, player in enumerate(view["players"]):
                if other != seat:
                    assert player.get("hand") is None, (seat, other)
            assert not any("FAIRNESS" in line for line in guest.err_lines), guest.err_lines
        return final, [list(g.err_lines) for g in guests]
    finally:
        for guest in guests:
            guest.kill()
        host.kill()
