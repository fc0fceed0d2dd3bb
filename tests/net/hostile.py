"""Hand-written hostile peers for the attack tests: raw sockets on 127.0.0.1, no session code.

Every read has a timeout, so a test that waits for an answer that never comes fails in seconds
instead of hanging.
"""

from __future__ import annotations

import socket
import time
from typing import Any

from frontier_desktop.net import fairness
from frontier_desktop.net.framing import FrameDecoder, encode_frame, frame
from frontier_desktop.net.protocol import PROGRAM, PROTOCOL_VERSION, decode, make


class RawPeer:
    """One raw TCP connection that speaks the protocol by hand (either side's messages)."""

    def __init__(self, port: int, *, rcvbuf: int | None = None, timeout: float = 10.0) -> None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if rcvbuf is not None:  # a small window: a peer that stops reading fills it quickly
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        sock.settimeout(timeout)
        sock.connect(("127.0.0.1", port))
        self.sock = sock
        self.decoder = FrameDecoder()
        self.backlog: list[dict[str, Any]] = []

    def send(self, msg: dict[str, Any]) -> None:
        self.sock.sendall(encode_frame(make(msg["type"], **{k: v for k, v in msg.items()
                                                           if k != "type"})))

    def send_raw(self, body: bytes) -> None:
        self.sock.sendall(frame(body))

    def recv(self, kind: str | None = None, timeout: float = 10.0) -> dict[str, Any] | None:
        """The next message (of *kind*, skipping others and pings); None on close/timeout."""
        deadline = time.monotonic() + timeout
        while True:
            for i, msg in enumerate(self.backlog):
                if kind is None or msg["type"] == kind:
                    return self.backlog.pop(i)
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            self.sock.settimeout(left)
            try:
                data = self.sock.recv(65536)
            except (TimeoutError, OSError):
                return None
            if not data:
                return None
            for body in self.decoder.feed(data):
                if isinstance(body, Exception):
                    continue
                msg = decode(body)
                if msg["type"] == "ping":
                    try:
                        self.send({"type": "pong", "t": msg["t"]})
                    except OSError:
                        pass
                    continue
                self.backlog.append(msg)

    def is_closed(self, timeout: float = 10.0) -> bool:
        """Whether the other end closes the connection within *timeout* (reading meanwhile)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.sock.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                if not self.sock.recv(65536):
                    return True
            except TimeoutError:
                return False
            except OSError:
                return True
        return False

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass


def hello(host: Any, *, nonce: str | None = None, token: str | None = None,
          deck: Any = None, name: str = "Mallory") -> dict[str, Any]:
    return {"type": "hello", "program": PROGRAM, "protocol": PROTOCOL_VERSION,
            "cards": host.cards_version, "name": name, "deck": deck, "token": token,
            "commit": fairness.commit(nonce or fairness.new_nonce())}


def join_as_guest(host: Any, **kwargs: Any) -> tuple[RawPeer, dict[str, Any], dict[str, Any]]:
    """A raw connection that completes the handshake: ``(peer, welcome, start)``."""
    assert host.port is not None
    peer = RawPeer(host.port, **kwargs)
    nonce = fairness.new_nonce()
    peer.send(hello(host, nonce=nonce))
    welcome = peer.recv("welcome")
    assert welcome is not None, "no welcome"
    peer.send({"type": "reveal", "nonce": nonce})
    start = peer.recv("start")
    assert start is not None, "no start"
    return peer, welcome, start


class HostileHost:
    """A listening socket on 127.0.0.1 that plays the host by hand."""

    def __init__(self) -> None:
        self.server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(8)
        self.port = int(self.server.getsockname()[1])

    def accept(self, timeout: float = 15.0) -> RawPeer | None:
        self.server.settimeout(timeout)
        try:
            sock, _ = self.server.accept()
        except (TimeoutError, OSError):
            return None
        peer = RawPeer.__new__(RawPeer)
        peer.sock, peer.decoder, peer.backlog = sock, FrameDecoder(), []
        return peer

    def accept_hello(self, timeout: float = 15.0) -> tuple[RawPeer, dict[str, Any]]:
        """The next connection that says hello (the guest's reconnect probes say nothing)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            peer = self.accept(max(0.1, deadline - time.monotonic()))
            if peer is None:
                break
            msg = peer.recv("hello", timeout=max(0.1, min(3.0, deadline - time.monotonic())))
            if msg is not None:
                return peer, msg
            peer.close()
        raise AssertionError("no hello")

    def close(self) -> None:
        self.server.close()


def welcome(host_nonce: str, *, resume: bool = False, seed_mode: str = "commit-reveal",
            token: str = "t" * 32, setup: str = "", **extra: Any) -> dict[str, Any]:
    msg = {"type": "welcome", "seat": 1, "token": token, "names": ["Host", "Ben"],
           "commit": fairness.commit(host_nonce), "seed_mode": seed_mode,
           "setup": setup or "0" * 64, "guest_deck": False, "resume": resume,
           "your_actions": 0, "program": PROGRAM}
    msg.update(extra)
    return msg


def honest_board(seed: int = 1, *, consent: bool = True
                 ) -> tuple[Any, dict[str, Any], dict[str, str]]:
    """A real game for a hand-written host: ``(state, the guest's view, commitments)``."""
    from frontier_desktop.net.fairness import canonical_deck, commitments, make_salts
    from frontier_desktop.record import new_game
    from frontier_desktop.rules.views import describe
    from tests.net.conftest import DECK_A, DECK_B, deck

    state, _ = new_game("frontier", [canonical_deck(deck(DECK_A)), canonical_deck(deck(DECK_B))],
                        ["Host", "Ben"], seed=seed,
                        options={"manual_consent": consent})  # on, as every LAN host must
    return state, describe(state, viewer=1), commitments(state, make_salts(state))


def serve_until_start(server: HostileHost, *, commitments: dict[str, str] | None = None,
                      consent: bool = True) -> tuple[RawPeer, Any]:
    """Run the handshake by hand and send ``start``; returns ``(peer, state)``."""
    state, view, honest = honest_board(consent=consent)
    peer, _hello = server.accept_hello()
    peer.send(welcome(fairness.new_nonce()))
    assert peer.recv("reveal") is not None
    peer.send({"type": "start", "state_id": state.state_id, "view": view,
               "commitments": honest if commitments is None else commitments})
    return peer, state
