"""Nobody holds a lobby seat of an N-seat LAN game against the host's will (issue 14): the
host frees a seat (``HostSession.release``, the lobby's "Free seat"), and a seated guest
that stops answering the heartbeat, or trickles bytes of a frame it never finishes, is
freed after the connection's timeout like any silent peer."""

from __future__ import annotations

import threading

import pytest

from frontier_desktop.net import fairness
from frontier_desktop.net.protocol import ErrorCode
from tests.net.hostile import RawPeer, hello
from tests.net.test_conquering_lan import connect_all, make_guest, make_host, names, wait_until

pytestmark = pytest.mark.timeout(90)


def joined(host) -> list[bool]:
    return [s["joined"] for s in host.seats()]


def seated(host, name: str) -> RawPeer:
    peer = RawPeer(host.port)
    peer.send(hello(host, nonce=fairness.new_nonce(), deck=names(), name=name))
    welcome = peer.recv("welcome")
    assert welcome is not None and welcome.get("lobby")
    return peer


def test_the_host_frees_a_lobby_seat_and_the_guest_is_told_in_words(tmp_path):
    host = make_host(tmp_path)
    ben = make_guest(host, "Ben", seat=1)
    try:
        ben.connect(timeout=10, until_seated=True)
        assert joined(host) == [True, True, False]
        assert not host.release(0) and not host.release(2) and not host.release(7)
        assert host.release(1)                      # Ben squats: the host frees his seat
        assert joined(host) == [True, False, False]
        assert host.guests[1].token is None and host.guests[1].commit is None
        assert wait_until(lambda: ben.refusal is not None)
        assert "freed seat 2" in ben.refusal and "{" not in ben.refusal
        assert not host.release(1)                  # nothing left to free
        # the seat is open again: two other guests take the seats and the game starts
        dan, cat = make_guest(host, "Dan", seat=1), make_guest(host, "Cat", seat=2)
        connect_all(dan, cat)
        assert host.started.is_set() and host.state.players[1].name == "Dan"
        assert not host.release(1)                  # a seat of a game under way is kept
        assert host.seat_status(1).state == "connected"
        dan.close()
        cat.close()
    finally:
        ben.close()
        host.close()


def test_a_seated_guest_that_stops_answering_the_heartbeat_is_freed(tmp_path):
    host = make_host(tmp_path)                       # timeout 2 s, heartbeat 0.2 s
    squatter = seated(host, "Mallory")               # then never reads or answers a ping
    try:
        assert joined(host) == [True, True, False]
        assert wait_until(lambda: joined(host) == [True, False, False], 15)
        ben, cat = make_guest(host, "Ben", seat=1), make_guest(host, "Cat", seat=2)
        connect_all(ben, cat)
        assert host.started.is_set()
        ben.close()
        cat.close()
    finally:
        squatter.close()
        host.close()


def test_a_seated_guest_trickling_a_frame_it_never_finishes_is_freed(tmp_path):
    host = make_host(tmp_path)
    squatter = seated(host, "Mallory")
    stop = threading.Event()

    def trickle() -> None:  # a frame of 60 000 bytes, one byte every 0.1 s: never finished
        try:
            squatter.sock.sendall((60_000).to_bytes(4, "big"))
            while not stop.wait(0.1):
                squatter.sock.sendall(b" ")
        except OSError:
            pass

    thread = threading.Thread(target=trickle, daemon=True)
    thread.start()
    try:
        assert wait_until(lambda: joined(host) == [True, False, False], 15), \
            "a trickling squatter kept its lobby seat"
    finally:
        stop.set()
        thread.join(5)
        squatter.close()
        host.close()
