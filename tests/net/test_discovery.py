"""Discovery on loopback only: a responder on 127.0.0.1 and a query sent to 127.0.0.1."""

from __future__ import annotations

import socket

from frontier_desktop.net.discovery import (
    QUERY,
    QUERY_PACKET,
    Responder,
    answer_for,
    discover,
    parse_answer,
)


def test_a_host_is_found_on_loopback():
    responder = Responder(lambda: ("Ann's table", 47470, True), bind="127.0.0.1", port=0)
    try:
        hosts = discover([("127.0.0.1", responder.port)], timeout=1.0)
    finally:
        responder.close()
    assert len(hosts) == 1
    assert hosts[0].address == "127.0.0.1" and hosts[0].port == 47470
    assert hosts[0].name == "Ann's table" and hosts[0].waiting
    assert "127.0.0.1:47470" in hosts[0].label


def test_the_responder_ignores_other_datagrams():
    responder = Responder(lambda: ("x", 1, True), bind="127.0.0.1", port=0)
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        sock.settimeout(0.3)
        sock.sendto(b"hello?", ("127.0.0.1", responder.port))
        try:
            sock.recvfrom(100)
            answered = True
        except (TimeoutError, OSError):
            answered = False
        assert not answered
        sock.sendto(QUERY_PACKET, ("127.0.0.1", responder.port))
        assert parse_answer(sock.recvfrom(2048)[0], "127.0.0.1") is not None
    finally:
        sock.close()
        responder.close()


def test_malformed_answers_are_dropped():
    for data in (b"\xff", b"[]", b'{"service": "other"}', b'{"service": "frontier-desktop"}',
                 b'{"service": "frontier-desktop", "port": 0, "name": "x"}', b"x" * 5000):
        assert parse_answer(data, "127.0.0.1") is None


def test_nothing_answers_on_an_empty_port():
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    assert discover([("127.0.0.1", port)], timeout=0.2) == []


def _answers(responder, datagrams, wait=0.5):
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    out = []
    try:
        for data in datagrams:
            sock.sendto(data, ("127.0.0.1", responder.port))
        sock.settimeout(wait)
        while True:
            try:
                out.append(sock.recvfrom(4096)[0])
            except (TimeoutError, OSError):
                break
    finally:
        sock.close()
    return out


def test_an_answer_is_never_larger_than_its_query():
    responder = Responder(lambda: ("Ann's table", 47470, True), bind="127.0.0.1", port=0)
    try:
        assert _answers(responder, [QUERY]) == []             # too short to answer: no answer
        answers = _answers(responder, [QUERY_PACKET])
        assert len(answers) == 1 and len(answers[0]) <= len(QUERY_PACKET)
    finally:
        responder.close()
    wide = answer_for(QUERY_PACKET, "表" * 40, 47470, True)   # 120 bytes of name still fit
    assert wide is not None and len(wide) <= len(QUERY_PACKET)


def test_discovery_answers_are_rate_limited():
    responder = Responder(lambda: ("Ann's table", 47470, True), bind="127.0.0.1", port=0)
    try:
        answers = _answers(responder, [QUERY_PACKET] * 60)
    finally:
        responder.close()
    assert 1 <= len(answers) <= 12  # a burst of 4, then 4 a second (never all 60)
