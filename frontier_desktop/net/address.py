"""LAN addresses: this computer's address on the local network, and ``HOST:PORT`` read.

Both the ``host``/``join`` commands and the LAN screen use these.
"""

from __future__ import annotations

import socket


def lan_address() -> str:
    """This computer's address on the local network (no packet is sent: a UDP connect only
    picks the outgoing interface), or 127.0.0.1."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        sock.connect(("10.255.255.255", 1))
        return str(sock.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        sock.close()


def parse_address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` → ``(host, port)``.

    Raises:
        ValueError: no port, or a port out of range.
    """
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"expected HOST:PORT, got {text!r}")
    return host.strip("[]"), int(port)
