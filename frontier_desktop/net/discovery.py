"""Finding hosts on the local network: a UDP query and answers (no extra library).

mDNS (python-zeroconf) is the ecosystem's standard, but it adds a dependency and multicast on
loopback is unreliable in test sandboxes. Our needs are one question ("who is hosting?") on one
subnet, so a host answers a UDP datagram ``FRONTIER-DISCOVER/1`` on port 47471 with a small
JSON object, and the guest broadcasts the question. Tests send only to 127.0.0.1.

A UDP answer can be aimed at someone else (the source address is easy to forge), so the
responder never answers with more bytes than it was asked with: the query is padded to
:data:`QUERY_SIZE` bytes and a shorter one gets no answer. It also answers each address at
most :data:`RATE` times a second (and everyone together at most :data:`TOTAL_RATE`).
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from frontier_desktop.net.protocol import PROGRAM, PROTOCOL_VERSION

DISCOVERY_PORT = 47471
QUERY = b"FRONTIER-DISCOVER/1"
QUERY_SIZE = 512
"""Bytes of a query datagram (``QUERY`` padded with spaces): an answer is never larger."""
QUERY_PACKET = QUERY.ljust(QUERY_SIZE)
MAX_ANSWER = 2048
RATE = 4.0
"""Answers per second to one address (a burst of as many, then one every 1/RATE s)."""
TOTAL_RATE = 32.0
"""Answers per second to everyone."""


class RateLimiter:
    """Token buckets per key and overall (the responder's only state about askers)."""

    def __init__(self, rate: float = RATE, total: float = TOTAL_RATE,
                 max_keys: int = 1024) -> None:
        self.rate, self.total, self.max_keys = rate, total, max_keys
        self._buckets: dict[str, tuple[float, float]] = {}
        self._all = (total, time.monotonic())

    def allow(self, key: str, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        tokens, last = self._all
        tokens = min(self.total, tokens + (now - last) * self.total)
        if tokens < 1:
            self._all = (tokens, now)
            return False
        if len(self._buckets) >= self.max_keys and key not in self._buckets:
            self._buckets.clear()  # forget old askers rather than grow
        mine, seen = self._buckets.get(key, (self.rate, now))
        mine = min(self.rate, mine + (now - seen) * self.rate)
        if mine < 1:
            self._buckets[key] = (mine, now)
            self._all = (tokens, now)
            return False
        self._buckets[key] = (mine - 1, now)
        self._all = (tokens - 1, now)
        return True


def answer_for(data: bytes, name: str, port: int, waiting: bool) -> bytes | None:
    """The answer to datagram *data*, or None: not a query, or one too short to answer
    without amplification."""
    if not data.startswith(QUERY) or data[len(QUERY):].strip(b" "):
        return None
    shown = name[:40]
    while True:
        answer = {"service": "frontier-desktop", "name": shown, "port": port,
                  "program": PROGRAM, "protocol": PROTOCOL_VERSION, "waiting": waiting}
        body = json.dumps(answer, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        if len(body) <= len(data):
            return body
        if not shown:
            return None
        shown = shown[:-1]  # a long name in a wide script: shorten it


@dataclass(frozen=True)
class HostInfo:
    """One answering host, for the join list."""

    address: str
    port: int
    name: str
    program: str
    protocol: int
    waiting: bool

    @property
    def label(self) -> str:
        state = "waiting for a guest" if self.waiting else "in a game"
        return f"{self.name} — {self.address}:{self.port} ({state})"


class Responder:
    """Answer discovery queries for a host (a daemon thread; :meth:`close` stops it).

    Args:
        describe: returns ``(name, tcp_port, waiting)`` at the time of each query.
    """

    def __init__(self, describe: Callable[[], tuple[str, int, bool]], *,
                 bind: str = "0.0.0.0", port: int = DISCOVERY_PORT) -> None:
        self.describe = describe
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind((bind, port))
        self.port = int(self.sock.getsockname()[1])
        self._closed = False
        threading.Thread(target=self._loop, name="net-discovery", daemon=True).start()

    def _loop(self) -> None:
        limiter = RateLimiter()
        while not self._closed:
            try:
                data, addr = self.sock.recvfrom(QUERY_SIZE + 1)
            except OSError:
                return
            if not data.startswith(QUERY):
                continue  # anything else is ignored, never answered
            if not limiter.allow(str(addr[0])):
                continue
            name, port, waiting = self.describe()
            body = answer_for(data, name, port, waiting)
            if body is None:
                continue
            try:
                self.sock.sendto(body, addr)
            except OSError:
                pass

    def close(self) -> None:
        self._closed = True
        try:
            self.sock.close()
        except OSError:
            pass


def parse_answer(data: bytes, address: str) -> HostInfo | None:
    """A host's answer, or None for anything malformed."""
    if len(data) > MAX_ANSWER:
        return None
    try:
        obj: Any = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    if not isinstance(obj, dict) or obj.get("service") != "frontier-desktop":
        return None
    port, name = obj.get("port"), obj.get("name")
    if not isinstance(port, int) or isinstance(port, bool) or not 0 < port < 65536 \
            or not isinstance(name, str):
        return None
    protocol = obj.get("protocol")
    return HostInfo(address, port, name[:40], str(obj.get("program", ""))[:60],
                    protocol if isinstance(protocol, int) else 0, bool(obj.get("waiting")))


def discover(targets: Iterable[tuple[str, int]] = (("255.255.255.255", DISCOVERY_PORT),),
             timeout: float = 1.0) -> list[HostInfo]:
    """Ask *targets* (the subnet broadcast by default) and collect answers for *timeout* s."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    found: dict[tuple[str, int], HostInfo] = {}
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        for target in targets:
            try:
                sock.sendto(QUERY_PACKET, target)
            except OSError:
                continue
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            sock.settimeout(left)
            try:
                data, addr = sock.recvfrom(MAX_ANSWER + 1)
            except (TimeoutError, OSError):
                break
            info = parse_answer(data, addr[0])
            if info is not None:
                found[(info.address, info.port)] = info
    finally:
        sock.close()
    return sorted(found.values(), key=lambda h: (h.name, h.address, h.port))
