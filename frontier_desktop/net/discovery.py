"""Finding hosts on the local network: a UDP query and answers (no extra library).

mDNS (python-zeroconf) is the ecosystem's standard, but it adds a dependency and multicast on
loopback is unreliable in test sandboxes. Our needs are one question ("who is hosting?") on one
subnet, so a host answers a UDP datagram ``FRONTIER-DISCOVER/1`` on port 47471 with a small
JSON object, and the guest broadcasts the question. Tests send only to 127.0.0.1.
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
MAX_ANSWER = 2048


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
        while not self._closed:
            try:
                data, addr = self.sock.recvfrom(512)
            except OSError:
                return
            if data.strip() != QUERY:
                continue  # anything else is ignored, never answered
            name, port, waiting = self.describe()
            answer = {"service": "frontier-desktop", "name": name[:40], "port": port,
                      "program": PROGRAM, "protocol": PROTOCOL_VERSION, "waiting": waiting}
            try:
                self.sock.sendto(json.dumps(answer).encode("utf-8"), addr)
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
                sock.sendto(QUERY, target)
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
