"""Two real processes over 127.0.0.1: ``host --headless`` and ``join --headless`` play a scripted
game to the end; then the same game with the guest SIGKILLed mid-game and restarted, and with
the host SIGKILLed and restarted from its autosave."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from frontier_desktop.net.fairness import canonical_deck
from frontier_desktop.record import new_game
from frontier_desktop.rules.views import describe
from frontier_desktop.session import LocalSession
from tests.net.conftest import DECK_A, DECK_B, ROOT, deck, pick

SEED = 0
pytestmark = pytest.mark.timeout(120)


def scripted_game(tmp_path: Path):
    """Play a bot game locally with the seed the host will use; write each seat's script."""
    # the LAN host shuffles from the canonical (sorted) deck order
    state, header = new_game("frontier", [canonical_deck(deck(DECK_A)),
                                          canonical_deck(deck(DECK_B))],
                             ["Host", "Guest"], seed=SEED,
                             options={"manual_consent": True})  # every LAN game has it on
    session = LocalSession(state, record_header=header)
    rnd = random.Random(0)
    lines: list[list[dict]] = [[], []]
    while session.acting_seat() is not None:
        seat = session.acting_seat()
        action = pick(session.legal_actions(seat), rnd)
        assert session.submit(seat, action).ok
        lines[seat].append(action.to_wire())
    assert session.state.game_over
    paths = []
    for seat in (0, 1):
        path = tmp_path / f"seat{seat}.jsonl"
        path.write_text("".join(json.dumps(a) + "\n" for a in lines[seat]), encoding="utf-8")
        paths.append(path)
    return session.state, paths


def env():
    out = dict(os.environ)
    out["PYTHONPATH"] = str(ROOT)
    out.setdefault("SDL_VIDEODRIVER", "dummy")
    return out


class Proc:
    """A child process whose stderr is read on a thread (so that it never blocks)."""

    def __init__(self, *args: str) -> None:
        self.popen = subprocess.Popen([sys.executable, "-m", "frontier_desktop", *args],
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                      text=True, env=env(), cwd=ROOT)
        self.err_lines: list[str] = []
        self.out = ""
        threading.Thread(target=self._read_err, daemon=True).start()
        threading.Thread(target=self._read_out, daemon=True).start()

    def _read_err(self) -> None:
        for line in self.popen.stderr:
            self.err_lines.append(line)

    def _read_out(self) -> None:
        self.out = self.popen.stdout.read()

    def port(self, timeout: float = 20.0) -> int:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in self.err_lines:
                found = re.search(r"your address on this network is [\d.]+:(\d+)", line)
                if found:
                    return int(found.group(1))
            assert self.popen.poll() is None, "".join(self.err_lines)
            time.sleep(0.02)
        raise AssertionError("the host never printed its address")

    def wait(self, timeout: float = 60.0) -> int:
        code = self.popen.wait(timeout)
        time.sleep(0.05)
        return code

    def kill(self) -> None:
        if self.popen.poll() is None:
            self.popen.send_signal(signal.SIGKILL)
            self.popen.wait(10)

    def result(self):
        deadline = time.monotonic() + 5
        while not self.out and time.monotonic() < deadline:
            time.sleep(0.02)
        return json.loads(self.out)


def start_host(tmp_path, script, *extra, port=0):
    return Proc("host", "--headless", "--bind", "127.0.0.1", "--port", str(port),
                "--seed", str(SEED), "--name", "Host", "--script", str(script),
                "--autosave", str(tmp_path / "autosave.jsonl"), "--timeout", "90", *extra)


def start_guest(tmp_path, port, script):
    return Proc("join", f"127.0.0.1:{port}", "--headless", "--script", str(script),
                "--timeout", "90", "--name", "Guest", "--session", str(tmp_path / "seat.json"))


def autosave_lines(tmp_path) -> int:
    try:
        return (tmp_path / "autosave.jsonl").read_text(encoding="utf-8").count("\n")
    except OSError:
        return 0


def wait_lines(tmp_path, n, proc_alive, timeout=30.0) -> None:
    deadline = time.monotonic() + timeout
    while autosave_lines(tmp_path) < n:
        assert time.monotonic() < deadline, "the game did not progress"
        assert proc_alive(), "a process ended early"
        time.sleep(0.002)


def check_final(expected, host: Proc, guest: Proc) -> None:
    assert guest.wait() == 0, "".join(guest.err_lines)
    assert host.wait() == 0, "".join(host.err_lines)
    assert guest.result() == describe(expected, viewer=1)
    assert host.result() == describe(expected, viewer=0)
    assert not any("FAIRNESS" in line for line in guest.err_lines)


def test_two_processes_play_a_scripted_game_to_the_end(tmp_path):
    expected, (host_script, guest_script) = scripted_game(tmp_path)
    host = start_host(tmp_path, host_script)
    try:
        guest = start_guest(tmp_path, host.port(), guest_script)
        check_final(expected, host, guest)
    finally:
        host.kill()


def test_a_killed_guest_restarts_rejoins_and_the_game_resumes(tmp_path):
    expected, (host_script, guest_script) = scripted_game(tmp_path)
    host = start_host(tmp_path, host_script)
    try:
        port = host.port()
        guest = start_guest(tmp_path, port, guest_script)
        wait_lines(tmp_path, 120, lambda: guest.popen.poll() is None)
        guest.kill()
        again = start_guest(tmp_path, port, guest_script)
        check_final(expected, host, again)
    finally:
        host.kill()


def test_a_killed_host_restarts_from_its_autosave_and_the_guest_rejoins(tmp_path):
    expected, (host_script, guest_script) = scripted_game(tmp_path)
    host = start_host(tmp_path, host_script)
    guest = None
    try:
        port = host.port()
        guest = start_guest(tmp_path, port, guest_script)
        wait_lines(tmp_path, 120, lambda: host.popen.poll() is None)
        host.kill()
        assert guest.popen.poll() is None
        host = start_host(tmp_path, host_script, "--game", str(tmp_path / "autosave.jsonl"),
                          port=port)
        check_final(expected, host, guest)
    finally:
        host.kill()
        if guest is not None:
            guest.kill()
