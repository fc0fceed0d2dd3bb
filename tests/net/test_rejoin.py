"""The guest's "Reconnect now" after the host left, and a host resumed from its autosave on the
port it served before (the LAN menu's "Resume last LAN game")."""

from __future__ import annotations

import random

from frontier_desktop.net import GameSource, HostSession
from frontier_desktop.net.bridge import PeerStatus, duration
from frontier_desktop.net.host import RESUMABLE_BYE
from frontier_desktop.record import read_record
from frontier_desktop.rules.views import describe
from tests.net.conftest import make_guest, make_host
from tests.net.test_session import play, wait_until


def test_reconnect_now_rejoins_a_host_restarted_from_its_autosave(tmp_path):
    host = make_host(tmp_path)
    guest = make_guest(host)
    guest.connect(timeout=10)
    port = host.port
    try:
        play(host, guest, random.Random(3), limit=8)
        state_id = host.state.state_id
        host.close()  # the host leaves a game that isn't over: it is saved, to be resumed
        # the guest is told so, and waits (its program doesn't end: issue 23, M10)
        assert wait_until(lambda: guest.status().state == "reconnecting")
        assert guest.status().is_paused and guest.status().detail == RESUMABLE_BYE
        assert guest.host_paused == RESUMABLE_BYE
        header, actions = read_record(tmp_path / "autosave.jsonl")
        assert header["lan"]["port"] == port           # where to serve the resumed game
        host = HostSession(GameSource(record=(header, actions)),
                           autosave=tmp_path / "autosave.jsonl", heartbeat=0.2, timeout=2.0)
        assert host.status().state == "reconnecting"   # waiting for the guest to come back
        host.listen("127.0.0.1", header["lan"]["port"])
        assert guest.reconnect_now()  # "Reconnect now" hurries it; it would come back alone
        assert wait_until(lambda: guest.status().state == "connected"
                          and host.status().state == "connected", 10)
        assert guest.host_paused is None
        assert host.state.state_id == state_id
        assert wait_until(lambda: guest.view() == describe(host.state, viewer=guest.seat))
        play(host, guest, random.Random(5), limit=6)
        assert wait_until(lambda: guest.view() == describe(host.state, viewer=guest.seat))
    finally:
        guest.close()
        host.close()


def test_a_guest_rejoins_a_resumed_host_by_itself(tmp_path):
    """The host leaves mid-game and resumes it from the LAN screen: the guest, told the game
    goes on, rejoins without any button (its reconnect loop keeps trying)."""
    host = make_host(tmp_path)
    guest = make_guest(host)
    guest.connect(timeout=10)
    try:
        play(host, guest, random.Random(4), limit=6)
        host.close()
        assert wait_until(lambda: guest.status().state == "reconnecting")
        header, actions = read_record(tmp_path / "autosave.jsonl")
        host = HostSession(GameSource(record=(header, actions)),
                           autosave=tmp_path / "autosave.jsonl", heartbeat=0.2, timeout=2.0)
        host.listen("127.0.0.1", header["lan"]["port"])
        assert wait_until(lambda: guest.status().state == "connected", 15)
        assert wait_until(lambda: guest.view() == describe(host.state, viewer=guest.seat))
    finally:
        guest.close()
        host.close()


def test_a_host_closing_a_finished_game_says_goodbye_for_good(tmp_path):
    """Nothing to resume once the game is over: the guest sees "left" and stops trying."""
    host = make_host(tmp_path)
    guest = make_guest(host)
    guest.connect(timeout=10)
    try:
        play(host, guest, random.Random(3), limit=4)
        assert host.resign(0).ok  # the host's player resigns: the game is over
        assert wait_until(lambda: guest.result is not None)
        host.close()
        assert wait_until(lambda: guest.status().state == "left")
        assert guest.host_paused is None
    finally:
        guest.close()
        host.close()


def test_reconnect_now_does_nothing_when_connected(pair):
    _host, guest = pair
    assert not guest.reconnect_now()


def test_the_banner_names_who_waits_for_whom_and_for_how_long():
    drop = PeerStatus("reconnecting", since=100.0)
    assert drop.banner(112.0, peer="Ann", we_reconnect=True) == \
        "connection to Ann lost 12 s ago — reconnecting"
    assert drop.banner(112.0, peer="Ben") == \
        "Ben disconnected 12 s ago — waiting for them to reconnect"
    assert PeerStatus("left", since=0.0).banner(125.0, peer="Ben") == "Ben left 2 min 05 s ago"
    assert duration(3725) == "1 h 02 min"
