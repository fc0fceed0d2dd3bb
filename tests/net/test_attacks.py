"""Attacks from a cheating or broken peer, each by a hand-written host or guest over
127.0.0.1 (issue 11). Every wait is bounded; nothing asserts a wall-clock time."""

from __future__ import annotations

import json

import pytest

from frontier_desktop.net.protocol import GUEST_SENDS, ErrorCode, ProtocolError, decode
from tests.net.hostile import RawPeer, hello
from tests.net.test_session import wait_until

pytestmark = pytest.mark.timeout(120)


# ---------------------------------------------------------------- numbers the reader can't hold

@pytest.mark.parametrize("body", [b'{"type":"ping","t":1e309}', b'{"type":"ping","t":-1e999}',
                                  b'{"type":"ping","t":' + b"9" * 400 + b"}"])
def test_non_finite_and_huge_numbers_are_refused_at_decode(body):
    with pytest.raises(ProtocolError) as info:
        decode(body, GUEST_SENDS)
    assert info.value.code in (ErrorCode.BAD_JSON, ErrorCode.BAD_VALUE)


def test_a_ping_of_infinity_does_not_kill_the_reader(pair):
    host, guest = pair
    peer = RawPeer(host.port)
    try:
        peer.send_raw(b'{"type":"ping","t":1e309}')
        error = peer.recv("error")
        assert error is not None and error["code"] == "bad_json"
        peer.send({"type": "ping", "t": 1.5})            # the reader still answers
        pong = peer.recv("pong")
        assert pong == {"type": "pong", "t": 1.5}
        peer.send(hello(host))                           # and still runs the handshake
        refused = peer.recv("refused")
        assert refused is not None and refused["code"] == "seat_taken"
    finally:
        peer.close()
    assert host.status().state == "connected" and guest.status().state == "connected"
