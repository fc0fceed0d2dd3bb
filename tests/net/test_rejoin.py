"""The guest's "Reconnect now" after the host left, and a host resumed from its autosave on the
port it served before (the LAN menu's "Resume last LAN game")."""

from __future__ import annotations

import random

from frontier_desktop.net import GameSource, HostSession
from frontier_desktop.net.bridge import PeerStatus, duration
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
        host.close()                                   # a clean quit: the guest sees "left"
        assert wait_until(lambda: guest.status().state == "left")
        assert guest.status().is_paused
        header, actions = read_record(tmp_path / "autosave.jsonl")
        assert header["lan"]["port"] == port           # where to serve the resumed game
        host = HostSession(GameSource(record=(header, actions)),
                           autosave=tmp_path / "autosave.jsonl", heartbeat=0.2, timeout=2.0)
        assert host.status().state == "reconnecting"   # waiting for the guest to come back
        host.listen("127.0.0.1", header["lan"]["port"])
        assert guest.reconnect_now()
        assert wait_until(lambda: guest.status().state == "connected"
                          and host.status().state == "connected", 10)
        assert host.state.state_id == state_id
        assert wait_until(lambda: guest.view() == describe(host.state, viewer=guest.seat))
        play(host, guest, random.Random(5), limit=6)
        assert wait_until(lambda: guest.view() == describe(host.state, viewer=guest.seat))
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
